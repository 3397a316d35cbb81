"""The lab: what the JupyterLab and kid-mode servers share (:mod:`~wizard_edu.lab.servers`), the lab's
kernel manager (:mod:`~wizard_edu.lab.labkernels`) and the install check (:mod:`~wizard_edu.lab.doctor`).
"""
