"""The classroom: kid mode (Voila apps), the lab and hub helpers, the kid tables and the doctor.

The class table service (play together) is its own sub-package, :mod:`wizard_edu.online`.
"""
