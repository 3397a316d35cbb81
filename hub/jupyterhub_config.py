# JupyterHub for one class on one school machine: `make hub` (hub/start_hub.py) starts it.
#
# Every setting a teacher may want to change comes from an environment variable (start_hub.py sets
# them; see hub/README.md).  No secret is ever passed on a command line: the cookie secret,
# the passwords and the proxy's token live in 0600 files in the state folder or in the environment.
#
# Who logs in: the names the teacher creates (the admin page, or the class list file), each with a
# password the pupil chooses the first time they log in (jupyterhub-firstuseauthenticator, the
# default of The Littlest JupyterHub).  Nobody else: new names are refused.
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from wizard_classroom import (  # noqa: E402
    EDITIONS,
    PUPIL_JUPYTER_PATH,
    REPO,
    USERNAME_PATTERN,
    ClassSpawner,
    SharedAccountSpawner,
    isolation_problem,
    make_student_edition,
    proxy_command,
    pupil_python,
    read_names,
)

c = get_config()  # noqa: F821 (defined by JupyterHub when it loads this file)


def setting(name: str, default: str) -> str:
    return os.environ.get("WIZARD_HUB_" + name, default)


state = Path(setting("STATE", str(REPO / "hub" / "state"))).resolve()
state.mkdir(parents=True, exist_ok=True)
os.chmod(state, 0o700)  # passwords, database and secrets: the hub's own user only
# One Unix account per pupil needs root and the kit in folders pupils' accounts can enter.
problem = isolation_problem()
isolated = problem is None
bin_dir = Path(sys.executable).parent  # the virtual environment the kit is installed in, once for all

# --- Network: the try-out listens on this computer only; WIZARD_HUB_IP=0.0.0.0 opens it to the class.
c.JupyterHub.ip = setting("IP", "127.0.0.1")
c.JupyterHub.port = int(setting("PORT", "8000"))
c.JupyterHub.hub_ip = "127.0.0.1"  # the hub's own API stays on this machine
c.JupyterHub.hub_port = int(setting("HUB_PORT", "8081"))
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{setting('PROXY_API_PORT', '8001')}"
c.ConfigurableHTTPProxy.command = [str(proxy_command(install=False))]
c.ConfigurableHTTPProxy.pid_file = str(state / "proxy.pid")
if setting("SSL_CERT", ""):
    c.JupyterHub.ssl_cert = setting("SSL_CERT", "")
    c.JupyterHub.ssl_key = setting("SSL_KEY", "")

# --- State: database and cookie secret in the private state folder.
c.JupyterHub.db_url = f"sqlite:///{state / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(state / "jupyterhub_cookie_secret")
c.JupyterHub.pid_file = str(state / "jupyterhub.pid")

# --- Logins: names the teacher creates, first-use passwords.
admin = setting("ADMIN", "teacher")
c.JupyterHub.authenticator_class = "firstuseauthenticator.FirstUseAuthenticator"
c.FirstUseAuthenticator.dbm_path = str(state / "passwords.dbm")
c.FirstUseAuthenticator.create_users = False  # an unknown name is refused, never created
c.FirstUseAuthenticator.min_password_length = int(setting("MIN_PASSWORD_LENGTH", "6"))
c.Authenticator.username_pattern = USERNAME_PATTERN
c.Authenticator.admin_users = {admin}
c.Authenticator.allowed_users = set(read_names(Path(setting("PUPILS", str(state / "pupils.txt")))))
c.Authenticator.allow_all = False
c.Authenticator.allow_existing_users = True  # pupils the teacher adds on the admin page may log in

# --- Pupils' servers: JupyterLab from the kit's environment, notebooks copied on first login.
# Pupils get the STUDENT edition by default (answer outputs cleared, teacher-only cells removed),
# written afresh from the teacher's notebooks (WIZARD_HUB_NOTEBOOKS) at every hub start into the
# private state folder; WIZARD_HUB_EDITION=teacher copies the teacher's notebooks as they are.
edition = setting("EDITION", "student")
if edition not in EDITIONS:
    raise SystemExit(f"WIZARD_HUB_EDITION={edition!r}: choose one of {', '.join(EDITIONS)}.")
teacher_notebooks = Path(setting("NOTEBOOKS", str(REPO / "notebooks")))
pupils_notebooks = make_student_edition(teacher_notebooks, state / "student-edition") \
    if edition == "student" else teacher_notebooks
if isolated:
    # One Unix account per pupil (pupil-NAME, private home folder): real isolation between pupils.
    c.JupyterHub.spawner_class = ClassSpawner
    c.ClassSpawner.homes_root = setting("HOMES", "/home/wizard-class")
    c.ClassSpawner.unix_name_template = setting("UNIX_PREFIX", "pupil-") + "{username}"
    c.ClassSpawner.notebooks_source = str(pupils_notebooks)
else:
    # Every pupil runs as this user (a try-out alone, not a class; start_hub.py says so).
    print(f"WARNING: pupils share one Unix account because {problem}: not for a class.", file=sys.stderr)
    c.JupyterHub.spawner_class = SharedAccountSpawner
    c.SharedAccountSpawner.home_dir_template = setting("HOMES", str(state / "homes")) + "/{username}"
    c.SharedAccountSpawner.notebooks_source = str(pupils_notebooks)
# The pupils' accounts run the kit's Python (see pupil_python: a launcher when it is in a private folder).
python = pupil_python(Path(setting("PUPIL_PYTHON", str(REPO / "hub" / ".pupil-python")))) \
    if isolated else Path(sys.executable)
c.Spawner.cmd = [str(python), "-m", "jupyterhub.singleuser"]
c.Spawner.default_url = "/lab/tree/wizard-notebooks"
c.Spawner.environment = {"PATH": f"{python.parent}:{bin_dir}:/usr/local/bin:/usr/bin:/bin"}
if setting("KERNEL_DEBUGGER", "0") != "1":
    # The pupils' kernels run without the debugger: ipykernel 7.4 has no switch that keeps it from
    # importing debugpy (8 MB per kernel), so this kernelspec (found first through JUPYTER_PATH, in
    # the pupils' servers only) starts ipykernel with debugpy blocked, which ipykernel treats as
    # "debugpy not installed". WIZARD_HUB_KERNEL_DEBUGGER=1 keeps the debugger.
    c.Spawner.environment["JUPYTER_PATH"] = str(PUPIL_JUPYTER_PATH)
c.Spawner.args = [
    # Pupils need notebooks, not a shell on the school machine.
    "--ServerApp.terminals_enabled=False",
    # A kernel idle for 20 minutes is shut (its memory freed); one with an open tab is kept.
    "--MappingKernelManager.cull_idle_timeout=1200",
    "--MappingKernelManager.cull_interval=120",
    "--MappingKernelManager.cull_connected=False",
    # The language-server extension is for programmers' editors; it costs every pupil memory.
    "--ServerApp.jpserver_extensions=jupyter_lsp=False",
    # Pairing notebooks with text sources is for teachers editing the kit (jupytext), not pupils.
    "--ServerApp.jpserver_extensions=jupyterlab_jupytext=False",
]
if setting("KID_MODE", "1") == "0":
    # No kid mode (Voila) in the pupils' servers: ~9 MB less per pupil; /voila/ links then fail.
    c.Spawner.args += ["--ServerApp.jpserver_extensions=voila=False",
                       "--ServerApp.jpserver_extensions=voila.server_extension=False"]
if not isolated and os.geteuid() == 0:
    c.Spawner.args.append("--allow-root")  # shared-account fallback while root: say so, above
c.Spawner.start_timeout = 120  # 30 pupils logging in at once on 2 cores
c.Spawner.http_timeout = 120
# Per-pupil memory: the class benchmark measures ~150-200 MB per pupil playing at a table.
# SystemdSpawner (jupyterhub-systemdspawner, on a machine run by systemd) enforces this limit;
# the LocalProcessSpawner used here only tells the pupil's server (MEM_LIMIT) - see README.md.
c.Spawner.mem_limit = setting("MEM_LIMIT", "600M")

# --- Idle culling: a pupil's server idle for 30 minutes is stopped, freeing its memory.
cull_timeout = setting("CULL_TIMEOUT", "1800")
c.JupyterHub.services = [{
    "name": "idle-culler",
    "command": [sys.executable, "-m", "jupyterhub_idle_culler", f"--timeout={cull_timeout}",
                "--cull-every=60"],
}]
c.JupyterHub.load_roles = [{
    "name": "idle-culler",
    "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
    "services": ["idle-culler"],
}]
# Stopping the hub stops every pupil's server (a school machine, not a service that must survive).
c.JupyterHub.cleanup_servers = True

# --- The class tables (issue 23: play together, the class tournament, the teacher's board), run by
# the hub as one of its services (`wizard-edu tables --hub`). Pupils join with their hub login (no
# class code): a pupil's kernel sends the pupil's own hub token, so nobody acts for another's seat.
# The teacher (the hub's admin) opens the board at /services/wizard-tables/ with the hub login.
# Its database is in the private state folder: a hub restarted goes on at every table's position.
TABLES_SERVICE = "wizard-tables"
tables_port = int(setting("TABLES_PORT", "8765"))
tables_command = [sys.executable, "-m", "wizard_edu.cli", "tables", "--hub", "--port", str(tables_port),
                  "--db", str(state / "tables.sqlite")]
if os.geteuid() == 0:
    tables_command.append("--allow-root")  # the hub itself runs as root (sudo make hub), its services too
c.JupyterHub.services.append({
    "name": TABLES_SERVICE,
    "url": f"http://127.0.0.1:{tables_port}",   # this machine only: browsers reach it through the proxy
    "command": tables_command,
    "display": True,                           # "Services > wizard-tables" on the hub's home page
    "oauth_no_confirm": True,                  # the teacher's board opens without an extra "Authorize" page
})
# JupyterHub gives no user a service unless a role says so: every login may use the class tables.
c.JupyterHub.load_roles.append({"name": "user", "scopes": ["self", f"access:services!service={TABLES_SERVICE}"]})
# A pupil's kernel joins with the token of the pupil's own server ($JUPYTERHUB_API_TOKEN): the
# server's usual scope plus this one service.
c.Spawner.server_token_scopes = ["users:activity!user", f"access:services!service={TABLES_SERVICE}"]
# Where a pupil's kernel finds the tables: straight at the service on this machine (with or without
# the hub's HTTPS certificate); the service checks the pupil's hub token on every call.
c.Spawner.environment["WIZARD_EDU_TABLES_URL"] = f"http://127.0.0.1:{tables_port}/services/{TABLES_SERVICE}/"
