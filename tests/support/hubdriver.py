"""Drive a real class hub from Python: start it, log pupils in, start their servers, run code in their kernels.

Used by ``tests/hub/test_hub.py`` and ``benchmarks/bench_classroom.py``.  The hub runs the real
``hub/jupyterhub_config.py`` (real first-use logins, the real spawner and notebook copy, the
idle culler) with scratch state, free ports and one extra service token for this driver, which
lives in a 0600 file (never on a command line).  As root, each pupil gets a throw-away Unix account
(``<prefix>NAME``), deleted again by :meth:`Hub.stop`.
"""

from __future__ import annotations

import json
import os
import pwd
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import requests
import websocket

#: The class hub's set-up (its configuration and helpers), beside which this driver starts it.
HUB = Path(__file__).resolve().parents[2] / "hub"
sys.path.insert(0, str(HUB))

from wizard_classroom import REPO, isolation_problem, proxy_command, write_secret_file  # noqa: E402

DRIVER_CONFIG = """\
# Written by tests/support/hubdriver.py: the class configuration plus a service token for the driver.
from pathlib import Path
c = get_config()  # noqa: F821
load_subconfig({real!r})  # noqa: F821
c.JupyterHub.services.append(
    {{"name": "class-driver", "api_token": Path({token_file!r}).read_text().strip()}})
c.JupyterHub.load_roles.append({{
    "name": "class-driver",
    "scopes": ["admin:users", "admin:servers", "access:servers", "read:users", "tokens"],
    "services": ["class-driver"],
}})
c.Spawner.start_timeout = {start_timeout}
"""


def free_ports(count: int) -> list[int]:
    """``count`` different free ports on 127.0.0.1 (each socket is held until all are chosen: three
    separate picks can get the same port, and the proxy then serves its API on its public port)."""
    sockets = [socket.socket() for _ in range(count)]
    try:
        for s in sockets:
            s.bind(("127.0.0.1", 0))
        return [s.getsockname()[1] for s in sockets]
    finally:
        for s in sockets:
            s.close()


def rss_mb(pids: list[int]) -> float:
    """Resident memory of these processes, summed, in MB (from /proc)."""
    total = 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except (FileNotFoundError, ProcessLookupError):
            pass
    return total / 1024


def process_tree(root: int) -> list[int]:
    """``root`` and all its descendants (from /proc)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (FileNotFoundError, ProcessLookupError, IndexError, ValueError):
                continue
            children.setdefault(ppid, []).append(int(entry.name))
    out, todo = [], [root]
    while todo:
        pid = todo.pop()
        out.append(pid)
        todo.extend(children.get(pid, []))
    return out


@dataclass
class Pupil:
    """A logged-in pupil: their name, their own API token and their browser session."""

    name: str
    password: str
    token: str = ""
    session: requests.Session = field(default_factory=requests.Session)

    @property
    def headers(self) -> dict[str, str]:
        return {"Authorization": f"token {self.token}"}


class Kernel:
    """A kernel in a pupil's server, driven over its websocket (the Jupyter messaging protocol)."""

    def __init__(self, hub: Hub, pupil: Pupil, kernel_id: str):
        self.id = kernel_id
        url = f"ws://127.0.0.1:{hub.port}/user/{pupil.name}/api/kernels/{kernel_id}/channels"
        self.ws = websocket.create_connection(url, header=[f"Authorization: token {pupil.token}"], timeout=120)
        self.session = uuid.uuid4().hex

    def run(self, code: str, timeout: float = 120) -> str:
        """Execute ``code``; return its printed output.  Raises RuntimeError with the traceback on an error."""
        msg_id = uuid.uuid4().hex
        self.ws.send(json.dumps({
            "header": {"msg_id": msg_id, "msg_type": "execute_request", "session": self.session,
                       "username": "driver", "version": "5.3", "date": ""},
            "parent_header": {}, "metadata": {}, "channel": "shell", "buffers": [],
            "content": {"code": code, "silent": False, "store_history": True, "user_expressions": {},
                        "allow_stdin": False, "stop_on_error": True},
        }))
        out, error, replied, idle = [], None, False, False
        deadline = time.monotonic() + timeout
        while not (replied and idle):
            if time.monotonic() > deadline:
                raise TimeoutError(f"no answer from the kernel within {timeout} s for: {code[:80]!r}")
            msg = _decode(self.ws.recv())
            if msg.get("parent_header", {}).get("msg_id") != msg_id:
                continue
            kind, content = msg["msg_type"], msg["content"]
            if kind == "stream":
                out.append(content["text"])
            elif kind == "error":
                error = "\n".join(content.get("traceback", [])) or content.get("evalue", "")
            elif kind == "execute_reply":
                replied = True
            elif kind == "status" and content.get("execution_state") == "idle":
                idle = True
        if error is not None:
            raise RuntimeError(f"the kernel raised an error:\n{error}")
        return "".join(out)

    def close(self) -> None:
        self.ws.close()


class Hub:
    """A running class hub with scratch state; use as a context manager (stops everything it started)."""

    def __init__(self, notebooks: Path | None = None, start_timeout: int = 120, log: Path | None = None,
                 edition: str = "student", env: dict[str, str] | None = None):
        self.root = Path(tempfile.mkdtemp(prefix="wizard-hub-"))
        os.chmod(self.root, 0o755)  # pupils' accounts must reach their homes below it
        self.state = self.root / "state"
        self.homes = self.root / "homes"
        #: Why pupils share one Unix account here (None: each pupil is their own account).
        self.isolation_problem = isolation_problem()
        self.isolated = self.isolation_problem is None
        # A unique prefix: the Unix accounts this hub creates are recognisably its own and removed after.
        self.unix_prefix = "wzt" + secrets.token_hex(2) + "-"
        self.port, self.hub_port, self.api_port, self.tables_port = free_ports(4)
        self.base = f"http://127.0.0.1:{self.port}"
        self.notebooks = Path(notebooks or REPO / "notebooks")
        #: Which edition pupils get (the hub's default is the student edition, made at its start).
        self.edition = edition
        #: Extra WIZARD_HUB_* settings for the hub (e.g. {"WIZARD_HUB_KERNEL_DEBUGGER": "1"}).
        self.extra_env = dict(env or {})
        self.start_timeout = start_timeout
        self.log_path = log or self.root / "hub.log"
        self.proc: subprocess.Popen | None = None
        self.token = ""
        self.pupils: list[Pupil] = []

    # -- life cycle -------------------------------------------------------------------------
    def start(self, timeout: float = 90) -> Hub:
        proxy_command(install=True)
        self.state.mkdir(parents=True)
        token_file = self.root / "driver-token"
        self.token = write_secret_file(token_file, nbytes=32)
        config = self.root / "driver_config.py"
        config.write_text(DRIVER_CONFIG.format(real=str(HUB / "jupyterhub_config.py"),
                                               token_file=str(token_file),
                                               start_timeout=self.start_timeout))
        env = dict(os.environ)
        env.update({
            "WIZARD_HUB_STATE": str(self.state), "WIZARD_HUB_IP": "127.0.0.1",
            "WIZARD_HUB_PORT": str(self.port), "WIZARD_HUB_HUB_PORT": str(self.hub_port),
            "WIZARD_HUB_PROXY_API_PORT": str(self.api_port), "WIZARD_HUB_HOMES": str(self.homes),
            "WIZARD_HUB_TABLES_PORT": str(self.tables_port),
            "WIZARD_HUB_PUPIL_PYTHON": str(self.root / "pupil-python"),
            "WIZARD_HUB_UNIX_PREFIX": self.unix_prefix, "WIZARD_HUB_NOTEBOOKS": str(self.notebooks),
            "WIZARD_HUB_PUPILS": str(self.state / "no-class-list.txt"), "WIZARD_HUB_EDITION": self.edition,
            "PATH": f"{Path(sys.executable).parent}:{os.environ.get('PATH', '/usr/bin:/bin')}",
        })
        env.update(self.extra_env)
        hub = Path(sys.executable).parent / "jupyterhub"
        self._log = open(self.log_path, "ab")
        # Its own process group: stop() ends the hub, proxy and every pupil's server, and nothing else.
        self.proc = subprocess.Popen([str(hub), "-f", str(config)], cwd=self.state, env=env,
                                     stdout=self._log, stderr=subprocess.STDOUT, start_new_session=True,
                                     preexec_fn=_default_signals)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the hub stopped (exit {self.proc.returncode}):\n{self.log_tail()}")
            try:
                if requests.get(f"{self.base}/hub/api/", timeout=2).status_code == 200:
                    return self
            except requests.RequestException:
                pass
            time.sleep(0.3)
        raise TimeoutError(f"the hub did not answer within {timeout} s:\n{self.log_tail()}")

    def log_tail(self, lines: int = 40) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except FileNotFoundError:
            return ""

    def stop(self) -> list[str]:
        """Stop the hub (it stops every pupil's server), then delete the Unix accounts it made.

        Returns a list of problems (empty when all is clean).
        """
        problems = []
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=90)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=10)
                problems.append("the hub needed SIGKILL")
        if self.proc is not None:
            self._log.close()
        accounts = {pwd.getpwnam(name).pw_uid: name for name in self.unix_accounts()}
        # The pupils' servers ran in their own sessions and shut their kernels down as they stop:
        # give them a moment, then make sure none outlived the hub.
        deadline = time.monotonic() + 20
        while (left := _processes_of(set(accounts))) and time.monotonic() < deadline:
            time.sleep(0.5)
        for pid, uid in left:
            problems.append(f"process {pid} of {accounts[uid]} outlived the hub")
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        for name in accounts.values():
            result = subprocess.run(["userdel", "--remove", name], capture_output=True, text=True, timeout=60)
            if result.returncode not in (0, 12):  # 12: home already gone
                problems.append(f"userdel {name}: {result.stderr.strip()}")
        shutil.rmtree(self.root, ignore_errors=True)
        return problems

    def unix_accounts(self) -> list[str]:
        return [e.pw_name for e in pwd.getpwall() if e.pw_name.startswith(self.unix_prefix)]

    def __enter__(self) -> Hub:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    # -- the REST API -------------------------------------------------------------------------
    def api(self, method: str, path: str, token: str | None = None, **kw) -> requests.Response:
        headers = {"Authorization": f"token {token or self.token}"}
        return requests.request(method, f"{self.base}/hub/api{path}", headers=headers, timeout=60, **kw)

    def create_pupils(self, names: list[str]) -> None:
        """What the teacher does on the admin page: create the pupils' names."""
        r = self.api("POST", "/users", json={"usernames": names})
        if r.status_code not in (201, 409):
            raise RuntimeError(f"creating pupils: {r.status_code} {r.text}")

    def login(self, name: str, password: str) -> Pupil:
        """Log in through the hub's login form (first time: this sets the pupil's password) and get a token.

        Raises PermissionError when the hub refuses the login.
        """
        pupil = Pupil(name, password)
        s = pupil.session
        s.get(f"{self.base}/hub/login", timeout=30)
        xsrf = s.cookies.get("_xsrf", "")
        r = s.post(f"{self.base}/hub/login", data={"username": name, "password": password, "_xsrf": xsrf},
                   allow_redirects=False, timeout=60)
        if r.status_code != 302 or "/hub/login" in r.headers.get("Location", ""):
            raise PermissionError(f"login refused for {name!r} ({r.status_code})")
        # The pupil asks for their own API token with their login cookie (as JupyterLab does).
        r = s.post(f"{self.base}/hub/api/users/{name}/tokens", json={"note": "class driver"},
                   headers={"X-XSRFToken": s.cookies.get("_xsrf", xsrf), "Referer": f"{self.base}/hub/token"},
                   timeout=30)
        if r.status_code != 201:
            raise RuntimeError(f"token for {name}: {r.status_code} {r.text}")
        pupil.token = r.json()["token"]
        self.pupils.append(pupil)
        return pupil

    def start_server(self, pupil: Pupil) -> None:
        r = self.api("POST", f"/users/{pupil.name}/server", token=pupil.token)
        if r.status_code not in (201, 202, 400):  # 400: already running
            raise RuntimeError(f"starting {pupil.name}'s server: {r.status_code} {r.text}")

    def wait_ready(self, pupil: Pupil, timeout: float = 120) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            server = self.api("GET", f"/users/{pupil.name}", token=pupil.token).json().get("servers", {}).get("")
            if server and server.get("ready"):
                return
            if server is None and time.monotonic() > deadline - timeout + 5:
                raise RuntimeError(f"{pupil.name}'s server failed to start:\n{self.log_tail()}")
            time.sleep(0.3)
        raise TimeoutError(f"{pupil.name}'s server was not ready within {timeout} s:\n{self.log_tail()}")

    def server_pid(self, name: str) -> int:
        """The pid of a pupil's single-user server (from the admin API's server state)."""
        model = self.api("GET", f"/users/{name}", params={"include_stopped_servers": "0"}).json()
        state = model["servers"][""].get("state") or {}
        if "pid" not in state:
            raise RuntimeError(f"no pid for {name}'s server in {model['servers']['']}")
        return int(state["pid"])

    # -- a pupil's server ------------------------------------------------------------------------
    def user_get(self, pupil: Pupil, owner: str, path: str) -> requests.Response:
        """GET ``/user/<owner>/<path>`` with ``pupil``'s token (another owner: should be refused)."""
        return requests.get(f"{self.base}/user/{owner}/{path}", headers=pupil.headers, timeout=30,
                            allow_redirects=False)

    def start_kernel(self, pupil: Pupil) -> Kernel:
        r = requests.post(f"{self.base}/user/{pupil.name}/api/kernels", headers=pupil.headers,
                          json={"name": "python3"}, timeout=60)
        r.raise_for_status()
        return Kernel(self, pupil, r.json()["id"])

    def notebook_cells(self, pupil: Pupil, path: str) -> list[str]:
        """The code cells of a notebook in the pupil's own folder, read through their server."""
        r = requests.get(f"{self.base}/user/{pupil.name}/api/contents/{path}", headers=pupil.headers,
                         timeout=30)
        r.raise_for_status()
        cells = r.json()["content"]["cells"]
        return ["".join(c["source"]) if isinstance(c["source"], list) else c["source"]
                for c in cells if c["cell_type"] == "code"]


def _default_signals() -> None:
    """Undo an inherited 'ignore SIGINT' (a shell's background job): the hub stops its services with it."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGQUIT, signal.SIG_DFL)


def _decode(frame: str | bytes) -> dict:
    """A kernel message from a websocket frame: JSON text, or the binary form used when it has buffers."""
    if isinstance(frame, str):
        return json.loads(frame)
    count = int.from_bytes(frame[:4], "big")
    offsets = [int.from_bytes(frame[4 + 4 * i:8 + 4 * i], "big") for i in range(count)]
    end = offsets[1] if count > 1 else len(frame)
    return json.loads(frame[offsets[0]:end])


def _processes_of(uids: set[int]) -> list[tuple[int, int]]:
    """(pid, uid) of every process owned by one of ``uids``."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                uid = entry.stat().st_uid
            except FileNotFoundError:
                continue
            if uid in uids:
                found.append((int(entry.name), uid))
    return found


#: Play the learner's moves (always the first allowed one) until the current round is scored.
PLAY_A_ROUND = """
_t = table
_start = len(_t.game.rounds)
while len(_t.game.rounds) == _start and not _t.game.is_over:
    assert _t.act(_t.view.legal[0]), "the table refused the first allowed move"
print("round", len(_t.game.rounds), "scored; totals", list(_t.game.rounds[-1].totals))
"""
