"""The kernel manager of ``wizard-edu lab``: kernels talk to JupyterLab through Unix sockets.

Over TCP every kernel start printed "Kernel is running over TCP without encryption" in the learner's
terminal (124 times in one session), and a TCP port on 127.0.0.1 is one every user of the computer
can reach. Unix sockets (ZeroMQ's ``ipc`` transport, as kid mode uses) live in a private folder. The
socket paths must stay short (about 104 characters at most), and Jupyter's runtime folder can be
deep, so the sockets go in the short private folder ``wizard-edu lab`` makes (``socket_dir``).
Started by JupyterLab from :func:`wizard_edu.cli.lab_command` (``--ServerApp.kernel_manager_class``).
"""

from __future__ import annotations

from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Unicode


class PrivateSocketKernelManager(AsyncMappingKernelManager):
    """JupyterLab's kernel manager, with each kernel's connection file and sockets in ``socket_dir``."""

    socket_dir = Unicode("", config=True, help="A private folder with a short path for the kernels' sockets.")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        if self.socket_dir:   # (the server hands every kernel manager its runtime folder: this one wins)
            self.connection_dir = self.socket_dir
