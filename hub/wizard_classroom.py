"""Helpers for the class hub: pupils' Unix accounts, their copy of the notebooks, the proxy, secrets.

Used by ``jupyterhub_config.py`` (the spawner classes), ``start_hub.py`` (``make hub``), the test
``tests/hub/test_hub.py`` and ``benchmarks/bench_classroom.py``.  Nothing here imports the kit
(:func:`make_student_edition` runs ``wizard-edu student-copy`` in a child process, so the hub
itself never loads the kit and NumPy).
"""

from __future__ import annotations

import os
import pwd
import re
import secrets
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

from jupyterhub.spawner import LocalProcessSpawner, SimpleLocalProcessSpawner, set_user_setuid
from traitlets import Bool, HasTraits, Unicode

HERE = Path(__file__).resolve().parent
REPO = HERE.parent

#: configurable-http-proxy from npm, installed once per machine outside the repository.
PROXY_PACKAGE = "configurable-http-proxy@5.3.0"
#: Pupil names: lower-case letters, digits, - and _; they become part of a Unix user name.
USERNAME_PATTERN = r"^[a-z][a-z0-9_-]{0,19}$"
#: The folder each pupil's notebooks are copied into, inside their home folder.
NOTEBOOKS_FOLDER = "wizard-notebooks"
#: Which edition pupils get: "student" (answers cleared, teacher-only cells removed) or "teacher".
EDITIONS = ("student", "teacher")
#: Jupyter data folder for the pupils' servers only: its ``kernels/python3`` runs ipykernel without
#: the debugger (debugpy is never imported: ~8 MB less per kernel; pupils have no debugger panel).
PUPIL_JUPYTER_PATH = HERE / "pupil-jupyter"


def make_student_edition(source: Path, target: Path) -> Path:
    """Write the student edition of ``source`` into ``target`` afresh (at every hub start) and return it.

    Written into a new folder first and swapped in, so a half-written edition is never copied to a
    pupil, and a notebook removed from ``source`` does not linger.
    """
    source, target = Path(source), Path(target)
    fresh = target.with_name(target.name + ".new")
    old = target.with_name(target.name + ".old")
    for leftover in (fresh, old):
        if leftover.exists() or leftover.is_symlink():
            shutil.rmtree(leftover)
    done = subprocess.run([sys.executable, "-m", "wizard_edu.cli", "student-copy", str(fresh),
                           "--notebooks", str(source)], capture_output=True, text=True, timeout=300)
    if done.returncode != 0:
        raise RuntimeError(f"The student edition of {source} could not be made: "
                           f"{(done.stderr or done.stdout).strip()}")
    os.chmod(fresh, 0o755)
    if target.exists() or target.is_symlink():
        os.rename(target, old)
    os.rename(fresh, target)
    shutil.rmtree(old, ignore_errors=True)
    return target


def proxy_dir() -> Path:
    """Where ``npm install`` puts configurable-http-proxy (outside the repository, kept between runs)."""
    base = os.environ.get("WIZARD_HUB_PROXY_DIR")
    if base:
        return Path(base)
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return cache / "wizard-edu" / "configurable-http-proxy"


def proxy_command(install: bool = True) -> Path:
    """The proxy's executable, installed with npm on first use.

    Raises ``FileNotFoundError`` (with the fix in its message) when node or npm is missing.
    """
    target = proxy_dir()
    exe = target / "node_modules" / ".bin" / "configurable-http-proxy"
    if exe.exists():
        return exe
    if not install:
        raise FileNotFoundError(f"configurable-http-proxy is not installed in {target}")
    npm = shutil.which("npm")
    if not shutil.which("node") or not npm:
        raise FileNotFoundError(
            "JupyterHub needs Node.js and npm for its proxy: install them (Debian: "
            "`apt-get install nodejs npm`) and try again.")
    target.mkdir(parents=True, exist_ok=True)
    subprocess.run([npm, "install", "--prefix", str(target), "--no-fund", "--no-audit",
                    "--loglevel=error", PROXY_PACKAGE], check=True, timeout=300)
    return exe


def _others_can_run(path: Path) -> bool:
    """Can an ordinary account reach and run ``path`` (every folder above it searchable by others)?"""
    path = path.resolve()
    if not path.exists() or not os.stat(path).st_mode & 0o001:
        return False
    return all(os.stat(parent).st_mode & 0o001 for parent in path.parents)


def isolation_problem() -> str | None:
    """Why pupils cannot each run as their own Unix account here, or None when they can.

    That needs root (to create the accounts and switch to them) and the kit's packages in folders
    other accounts may enter (the interpreter itself is handled by :func:`pupil_python`).
    """
    if os.geteuid() != 0:
        return "the hub is not running as root"
    import importlib.util

    spec = importlib.util.find_spec("wizard_edu")
    kit = Path(spec.origin) if spec and spec.origin else None
    for path in (Path(sysconfig.get_paths()["purelib"]), kit):
        if path is None:
            return "the kit (wizard_edu) is not installed in the hub's environment"
        if not all(os.stat(p).st_mode & 0o001 for p in path.resolve().parents):
            return f"{path} is in a folder other accounts cannot enter"
    return None


def pupil_python(folder: Path) -> Path:
    """A Python that pupils' accounts may run, with the kit's environment (installed once for all).

    Normally that is the kit's own virtual environment.  When its interpreter lives in a private
    folder (e.g. pyenv under /root, as on the project's test machines), a small launcher
    environment is made in ``folder`` from the system's Python of the same version: it reads the
    kit's packages through a ``.pth`` file and shares the kit environment's ``share/`` and ``etc/``
    (JupyterLab, its extensions and server settings), so nothing is installed twice.
    """
    kit_python = Path(sys.executable)
    if _others_can_run(kit_python):
        return kit_python
    version = f"{sys.version_info.major}.{sys.version_info.minor}"
    system = Path(f"/usr/bin/python{version}")
    if not _others_can_run(system):
        raise FileNotFoundError(
            f"The pupils' accounts cannot run {kit_python.resolve()} (a private folder) and there is "
            f"no {system}: install the kit in a virtual environment made from the system's Python.")
    launcher = folder / "bin" / "python"
    site = Path(sysconfig.get_paths()["purelib"])  # this process runs in the kit's environment
    pth = folder / "lib" / f"python{version}" / "site-packages" / "wizard-kit.pth"
    if not launcher.exists() or not pth.exists():
        folder.mkdir(parents=True, exist_ok=True)
        subprocess.run([str(system), "-m", "venv", "--without-pip", "--clear", str(folder)], check=True,
                       timeout=120)
        pth.write_text(f"import site; site.addsitedir({str(site)!r})\n")
        for name in ("share", "etc"):
            link = folder / name
            if os.path.lexists(link):
                shutil.rmtree(link) if link.is_dir() and not link.is_symlink() else link.unlink()
            link.symlink_to(Path(sys.prefix) / name)
    for path in [folder, *folder.parents]:
        if path == Path("/"):
            break
        if not os.stat(path).st_mode & 0o001:
            raise PermissionError(f"{path} is not searchable by the pupils' accounts: chmod o+x it.")
    return launcher


def write_secret_file(path: Path, text: str | None = None, nbytes: int = 24) -> str:
    """Create ``path`` with mode 0600 holding ``text`` (or a new random token); keep an existing one.

    The file is created with 0600 from the start (never world-readable, not even for a moment).
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists():
        os.chmod(path, 0o600)
        return path.read_text().strip()
    value = text if text is not None else secrets.token_urlsafe(nbytes)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as f:
        f.write(value + "\n")
    return value


def read_names(path: Path) -> list[str]:
    """Pupil names from a class list: one a line, ``#`` starts a comment, blank lines ignored."""
    if not path.exists():
        return []
    names = []
    for line in path.read_text().splitlines():
        name = line.split("#", 1)[0].strip().lower()
        if name:
            if not re.fullmatch(USERNAME_PATTERN, name):
                raise ValueError(
                    f"{path}: {name!r} is not a usable pupil name: use lower-case letters, digits, "
                    "- or _ (start with a letter, at most 20 characters).")
            names.append(name)
    return names


def copy_notebooks(source: Path, home: Path, uid: int | None = None, gid: int | None = None) -> bool:
    """Give a pupil their own copy of ``source`` as ``home/wizard-notebooks`` (first login only).

    Returns True when a copy was made.  An existing folder (or anything else by that name, even a
    symlink the pupil made) is left alone, so a pupil's work is never overwritten.  Ownership is
    set without following links.
    """
    target = home / NOTEBOOKS_FOLDER
    if os.path.lexists(target):
        return False
    shutil.copytree(source, target, symlinks=True,
                    ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__", "*.pyc"))
    if uid is not None:
        for root, dirs, files in os.walk(target):
            for name in [root, *(os.path.join(root, n) for n in dirs + files)]:
                os.chown(name, uid, gid, follow_symlinks=False)
    return True


class NotebookCopyMixin(HasTraits):
    """Copy the lesson notebooks into a pupil's home folder before their server starts."""

    notebooks_source = Unicode(
        str(REPO / "notebooks"), config=True,
        help="Folder copied to every pupil on first login (a student edition can be named here).")

    def _copy_for_pupil(self, home: Path, uid: int | None, gid: int | None) -> None:
        source = Path(self.notebooks_source)
        if not source.is_dir():
            raise FileNotFoundError(f"The notebooks folder {source} does not exist: fix notebooks_source.")
        if copy_notebooks(source, home, uid, gid):
            self.log.info("Copied %s to %s for %s", source, home / NOTEBOOKS_FOLDER, self.user.name)


class ClassSpawner(NotebookCopyMixin, LocalProcessSpawner):
    """One Unix account per pupil (``pupil-NAME``, home folder mode 0700); needs the hub to run as root.

    The account is created on the pupil's first login (as The Littlest JupyterHub does), their
    notebooks are copied in, and their JupyterLab runs as that account: a pupil's kernel cannot
    read another pupil's files.
    """

    unix_name_template = Unicode("pupil-{username}", config=True,
                                 help="Unix account name for a hub user.")
    homes_root = Unicode("/home/wizard-class", config=True,
                         help="Folder holding the pupils' home folders.")
    create_system_users = Bool(True, config=True, help="Create a pupil's Unix account on first login.")

    @property
    def unix_name(self) -> str:
        return self.unix_name_template.format(username=self.user.name)

    def ensure_unix_user(self) -> pwd.struct_passwd:
        """The pupil's account, created (with a private home folder) when missing."""
        name = self.unix_name
        try:
            return pwd.getpwnam(name)
        except KeyError:
            if not self.create_system_users:
                raise
        root = Path(self.homes_root)
        root.mkdir(parents=True, exist_ok=True)
        os.chmod(root, 0o755)
        # No password: pupils never log in to the machine itself, only through the hub.
        subprocess.run(["useradd", "--create-home", "--home-dir", str(root / self.user.name),
                        "--shell", "/bin/bash", "--user-group", "--comment",
                        f"wizard-edu pupil {self.user.name}", name],
                       check=True, timeout=60, capture_output=True)
        return pwd.getpwnam(name)

    async def start(self):
        entry = self.ensure_unix_user()
        home = Path(entry.pw_dir)
        home.mkdir(parents=True, exist_ok=True)
        os.chown(home, entry.pw_uid, entry.pw_gid)
        os.chmod(home, 0o700)
        self._copy_for_pupil(home, entry.pw_uid, entry.pw_gid)
        return await super().start()

    def make_preexec_fn(self, name):
        return set_user_setuid(self.unix_name)

    def user_env(self, env):
        entry = pwd.getpwnam(self.unix_name)
        env["USER"] = self.unix_name
        env["HOME"] = entry.pw_dir
        env["SHELL"] = entry.pw_shell or "/bin/bash"
        return env


class SharedAccountSpawner(NotebookCopyMixin, SimpleLocalProcessSpawner):
    """Every pupil runs as the hub's own Unix user (a hub not run as root: a try-out only).

    Each pupil still gets their own folder and their own copy of the notebooks, and the hub
    still refuses one pupil's login or token at another's server, but code in one pupil's
    kernel could read another's files.  Not for a class.
    """

    async def start(self):
        home = Path(self.home_dir)
        home.mkdir(parents=True, exist_ok=True)
        os.chmod(home, 0o700)
        self._copy_for_pupil(home, None, None)
        return await super().start()
