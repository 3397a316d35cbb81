"""What the servers the kit starts (``wizard-edu lab`` and ``wizard-edu play``) have in common.

Locked down by default:

* no secret (login token, class code) ever goes on a command line, where ``ps`` shows it to every
  user of the computer: secrets go into a 0600 file in a private 0700 folder, and the server is
  told where it is through its environment (``JUPYTER_TOKEN_FILE`` for JupyterLab);
* the printed link comes from the running server itself (its ``jpserver-PID.json``, or the port it
  is seen listening on), never from what we asked for;
* ports are checked before starting (a busy or impossible port is a plain sentence, not a traceback);
* running as root needs an explicit ``--allow-root``.

>>> port_number("8888"), port_number("0")
(8888, 0)
>>> port_number("99999")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: 99999 is not a port number: use a whole number from 1 to 65535 (or 0 for any free port).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from ..errors import ServerError

#: The folder with the kit's own Jupyter settings (news popup off, no legacy notebook shim).
KIT_JUPYTER_CONFIG = "jupyter-config"
#: The notebook ``wizard-edu lab`` opens first (in both editions).
START_NOTEBOOK = "00-install-check.ipynb"
#: Where JupyterLab's own messages go, in the folder it serves (hidden: JupyterLab does not list it).
LAB_LOG_NAME = ".wizard-edu-lab.log"


# -- ports ---------------------------------------------------------------------------
def port_number(text: str) -> int:
    """An ``argparse`` type: a TCP port from 0 (any free port) to 65535, or a clear error."""
    try:
        port = int(str(text).strip())
    except ValueError:
        port = -1
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(
            f"{text!s} is not a port number: use a whole number from 1 to 65535 (or 0 for any free port).")
    return port


def port_in_use(port: int, host: str = "127.0.0.1") -> bool:
    """True when something already listens on ``host:port`` (we try to bind it, and let go at once)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        try:
            s.bind((host, port))
        except OSError:
            return True
    return False


def free_port(host: str = "127.0.0.1") -> int:
    """A free TCP port (bind to port 0 and let the system choose)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((host, 0))
        return s.getsockname()[1]


def check_port(port: int, host: str = "127.0.0.1") -> int:
    """The port to use: ``0`` becomes a free one; a busy port raises :class:`ServerError`."""
    if port == 0:
        return free_port(host)
    if port_in_use(port, host):
        raise ServerError(f"Port {port} is already in use by another program (maybe a server started earlier). "
                          "Stop that program, or choose another port with --port (--port 0 picks a free one).")
    return port


def listening_ports(pid: int) -> set[int]:
    """The TCP ports on which process ``pid`` (or one of its children) listens."""
    import psutil

    ports: set[int] = set()
    try:
        root = psutil.Process(pid)
        for proc in [root, *root.children(recursive=True)]:
            with contextlib.suppress(psutil.Error):
                ports |= {c.laddr.port for c in proc.net_connections(kind="tcp")
                          if c.status == psutil.CONN_LISTEN}
    except psutil.Error:
        pass
    return ports


# -- root ------------------------------------------------------------------------------
def is_root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


def check_root(allow_root: bool, command: str) -> None:
    """Refuse to run a server as root unless the teacher said ``--allow-root``.

    As root, every notebook and kid-mode app could change anything on the computer.
    """
    if is_root() and not allow_root:
        raise ServerError(f"You are running as root (the all-powerful user), so the notebooks could change "
                          f"anything on this computer. Run `wizard-edu {command}` as a normal user, or, if this "
                          f"is a container made for it, add --allow-root.")


# -- secrets ---------------------------------------------------------------------------
@contextlib.contextmanager
def private_dir(prefix: str = "wizard-edu-") -> Iterator[Path]:
    """A new folder only this user can open (0700), removed afterwards.

    In ``$XDG_RUNTIME_DIR`` when there is one (a per-user folder in memory), else the temp folder.
    """
    base = os.environ.get("XDG_RUNTIME_DIR")
    folder = Path(tempfile.mkdtemp(prefix=prefix, dir=base if base and os.path.isdir(base) else None))
    os.chmod(folder, 0o700)
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def write_secret(folder: Path, name: str, text: str) -> Path:
    """Write ``text`` to a new file readable by this user only (0600); never through a symlink."""
    path = Path(folder) / name
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(path, flags, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        out.write(text)
    return path


# -- JupyterLab ------------------------------------------------------------------------
def repo_root() -> Path:
    """The folder above the package (the kit's folder when it is installed with ``pip install -e``)."""
    return Path(__file__).resolve().parents[2]


def kit_jupyter_config_dir() -> Path | None:
    """The kit's ``jupyter-config`` folder (next to ``notebooks``), if there is one."""
    folder = repo_root() / KIT_JUPYTER_CONFIG
    return folder if folder.is_dir() else None


def server_env(base: dict[str, str] | None = None, **extra: str) -> dict[str, str]:
    """The environment for a server: the kit's Jupyter settings first on the config path, plus ``extra``."""
    env = dict(os.environ if base is None else base)
    env.pop("JUPYTER_TOKEN", None)   # a token in the environment would win over our private file
    kit = kit_jupyter_config_dir()
    if kit is not None:
        paths = [str(kit)] + [p for p in env.get("JUPYTER_CONFIG_PATH", "").split(os.pathsep) if p]
        env["JUPYTER_CONFIG_PATH"] = os.pathsep.join(dict.fromkeys(paths))
    env.update(extra)
    return env


def add_config(env: dict[str, str], folder: Path, settings: dict) -> dict[str, str]:
    """Write ``settings`` as ``jupyter_server_config.json`` in ``folder`` and put it first on the config path."""
    folder.mkdir(mode=0o700, exist_ok=True)
    (folder / "jupyter_server_config.json").write_text(json.dumps(settings, indent=1), encoding="utf-8")
    paths = [str(folder)] + [p for p in env.get("JUPYTER_CONFIG_PATH", "").split(os.pathsep) if p]
    return {**env, "JUPYTER_CONFIG_PATH": os.pathsep.join(dict.fromkeys(paths))}


def runtime_dir(env: dict[str, str]) -> Path:
    """Where a Jupyter server started with ``env`` writes its ``jpserver-PID.json``."""
    from jupyter_core import paths

    saved = {k: os.environ.get(k) for k in ("JUPYTER_RUNTIME_DIR", "JUPYTER_DATA_DIR", "HOME",
                                            "JUPYTER_PLATFORM_DIRS", "XDG_DATA_HOME")}
    try:
        for key in saved:
            if key in env:
                os.environ[key] = env[key]
            else:
                os.environ.pop(key, None)
        return Path(paths.jupyter_runtime_dir())
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def wait_for_server_info(process: subprocess.Popen, folder: Path, timeout: float = 90.0) -> dict:
    """The server's own record of where it listens (``jpserver-PID.json``), once it is up.

    Raises :class:`ServerError` when the server stops first or does not start in time.
    """
    info_file = folder / f"jpserver-{process.pid}.json"
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise ServerError(f"JupyterLab stopped at once (exit code {process.returncode}): "
                              "run `wizard-edu doctor` to see what is wrong.")
        if info_file.is_file():
            try:
                info = json.loads(info_file.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                info = None   # still being written
            if info and info.get("url") and info.get("port"):
                return info
        time.sleep(0.2)
    raise ServerError(f"JupyterLab did not start within {timeout:.0f} seconds.")


def start_page(folder: Path) -> str:
    """The page a learner lands on: the start notebook when ``folder`` has it, else JupyterLab itself.

    >>> start_page(Path("/nowhere"))
    'lab'
    """
    from urllib.parse import quote

    return f"lab/tree/{quote(START_NOTEBOOK)}" if (Path(folder) / START_NOTEBOOK).is_file() else "lab"


def lab_link(info: dict, page: str = "lab") -> str:
    """The link to print: the server's own URL and token, opening ``page`` (see :func:`start_page`).

    >>> lab_link({"url": "http://127.0.0.1:8888/", "token": "abc"}, "lab/tree/00-install-check.ipynb")
    'http://127.0.0.1:8888/lab/tree/00-install-check.ipynb?token=abc'
    """
    url = info["url"] if info["url"].endswith("/") else info["url"] + "/"
    token = info.get("token") or ""
    return f"{url}{page}?token={token}" if token else f"{url}{page}"


def open_log(path: Path) -> Path | None:
    """Start ``path`` afresh as a log only this user can read (0600); None when it cannot be written.

    The log holds no token (Jupyter scrubs it from the addresses it logs), but it says which
    notebooks were opened and when: nobody else's business.
    """
    try:
        if path.is_symlink():
            return None
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0), 0o600)
        os.close(fd)
        os.chmod(path, 0o600)
    except OSError:
        return None
    return path


def quiet_lab_config(log_file: Path) -> dict:
    """Jupyter settings that send JupyterLab's messages to ``log_file`` and only its errors to the terminal.

    Errors (and worse) still reach the terminal; the rest ("extension loaded", "No web browser
    found", ...) would bury the link the learner needs.  The server (``ServerApp``, which also
    carries tornado's messages) logs through these handlers.
    """
    logging_config = {
        "formatters": {"logfile": {"format": "[%(levelname)1.1s %(asctime)s %(name)s] %(message)s"}},
        "handlers": {
            "console": {"level": "ERROR"},
            # "a", not "w": each app configures its logging more than once; open_log starts the file afresh.
            "logfile": {"class": "logging.FileHandler", "filename": str(log_file), "mode": "a",
                        "encoding": "utf-8", "formatter": "logfile", "level": "INFO"},
        },
        "loggers": {"ServerApp": {"level": "DEBUG", "handlers": ["console", "logfile"], "propagate": False}},
    }
    # JupyterLab's own few lines ("extension loaded from ...") stay out of the terminal too; setting its
    # logging_config as well would make it warn about a setting given twice.
    return {"ServerApp": {"logging_config": logging_config}, "LabApp": {"log_level": "ERROR"}}


def stop(process: subprocess.Popen, timeout: float = 10.0) -> None:
    """Stop a server we started: terminate, then kill after a bounded wait."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=timeout)
