"""Start the class hub (``make hub``): JupyterHub with hub/jupyterhub_config.py.

    python hub/start_hub.py                 # a try-out on this computer: http://127.0.0.1:8000
    python hub/start_hub.py --ip 0.0.0.0    # open it to the class network

On the first start it installs the proxy (npm), creates the private state folder (database,
cookie secret, passwords: 0600 files in a 0700 folder) and a password for the teacher's admin
login, written to a 0600 file and never shown on a command line.  Ctrl-C stops the hub and every
pupil's server.
"""

from __future__ import annotations

import argparse
import dbm
import os
import signal
import socket
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from wizard_classroom import (  # noqa: E402
    EDITIONS,
    REPO,
    isolation_problem,
    proxy_command,
    read_names,
    write_secret_file,
)

PUPILS_TEMPLATE = """\
# The class list: one pupil name a line (lower-case letters, digits, - or _).
# Each pupil chooses their password the first time they log in.
# You can also add pupils on the hub's admin page (Admin > Add Users) while it runs.
# Restart `make hub` after editing this file.
"""


def lan_addresses() -> list[str]:
    """This machine's addresses on the local network (best effort, no packets sent)."""
    found = set()
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.add(info[4][0])
    except OSError:
        pass
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("10.255.255.255", 1))  # UDP connect sends nothing; it picks the outgoing address
            found.add(s.getsockname()[0])
    except OSError:
        pass
    return sorted(a for a in found if not a.startswith("127."))


def seed_admin_password(state: Path, admin: str) -> Path:
    """Give the admin login a random password (first start only), so nobody else can claim it first."""
    secret_file = state / "teacher-password.txt"
    password = write_secret_file(secret_file, nbytes=9)
    import bcrypt  # installed with jupyterhub-firstuseauthenticator

    with dbm.open(str(state / "passwords.dbm"), "c", 0o600) as db:
        if db.get(admin.encode()) is None:
            db[admin] = bcrypt.hashpw(password.encode(), bcrypt.gensalt())
    return secret_file


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ip", default=os.environ.get("HUB_IP", "127.0.0.1"),
                        help="address to listen on (0.0.0.0: every network of this machine)")
    parser.add_argument("--port", type=int, default=int(os.environ.get("HUB_PORT", "8000")))
    parser.add_argument("--state", default=str(HERE / "state"), help="private folder for the hub's data")
    parser.add_argument("--notebooks", default=str(REPO / "notebooks"),
                        help="the teacher's notebooks; each pupil gets a copy (of their student edition, "
                             "unless --edition teacher) on first login")
    parser.add_argument("--edition", choices=EDITIONS, default=os.environ.get("HUB_EDITION", "student"),
                        help="student (default): answers hidden until tried, teacher-only cells removed, "
                             "made afresh at each start; teacher: the notebooks as they are, every answer shown")
    parser.add_argument("--admin", default="teacher", help="the teacher's admin login name")
    args = parser.parse_args(argv)
    if not 1 <= args.port <= 65535:
        parser.error(f"--port {args.port}: choose a port between 1 and 65535")

    if not Path(args.notebooks).is_dir():
        parser.error(f"--notebooks {args.notebooks}: no such folder (the notebooks each pupil gets a copy of)")
    try:
        proxy_command(install=True)
    except (FileNotFoundError, OSError) as exc:
        print(f"Cannot start the hub: {exc}", file=sys.stderr)
        return 1
    state = Path(args.state).resolve()
    state.mkdir(parents=True, exist_ok=True)
    os.chmod(state, 0o700)
    pupils_file = state / "pupils.txt"
    if not pupils_file.exists():
        pupils_file.write_text(PUPILS_TEMPLATE)
    pupils = read_names(pupils_file)
    secret_file = seed_admin_password(state, args.admin)

    env = dict(os.environ)
    env.update({
        "WIZARD_HUB_STATE": str(state), "WIZARD_HUB_IP": args.ip, "WIZARD_HUB_PORT": str(args.port),
        "WIZARD_HUB_NOTEBOOKS": str(Path(args.notebooks).resolve()), "WIZARD_HUB_ADMIN": args.admin,
        "WIZARD_HUB_PUPILS": str(pupils_file), "WIZARD_HUB_EDITION": args.edition,
        "PATH": f"{Path(sys.executable).parent}:{os.environ.get('PATH', '/usr/bin:/bin')}",
    })

    edition_note = ("answers hidden until tried, made at each start from" if args.edition == "student" else
                    "every answer shown (make hub HUB_EDITION=student for pupils working alone):")
    host = "127.0.0.1" if args.ip in ("127.0.0.1", "localhost") else args.ip
    print(f"""
The class hub is starting: http://{'127.0.0.1' if host == '0.0.0.0' else host}:{args.port}/

  Admin login:  {args.admin}
  Password:     in {secret_file} (only this account can read it: `cat {secret_file}`)
  Pupils:       {len(pupils)} in {pupils_file}; add more on the admin page (Admin > Add Users).
                Each pupil chooses a password at their first login.
  Notebooks:    each pupil gets a copy of the {args.edition.upper()} edition at first login,
                {edition_note} {Path(args.notebooks).resolve()}.
  Class tables: pupils play each other with their hub login (the "Play with your class" app);
                the teacher's board (tables, tournament): http://{'127.0.0.1' if host == '0.0.0.0' else host}:{args.port}/services/wizard-tables/
""")
    if args.ip == "127.0.0.1":
        addresses = lan_addresses()
        print("Open it to the class network (pupils' browsers):")
        port = "" if args.port == 8000 else f" HUB_PORT={args.port}"
        print(f"  make hub HUB_IP=0.0.0.0{port}   then pupils open "
              f"http://{addresses[0] if addresses else 'THIS-MACHINE'}:{args.port}/")
        print("  Log in as the teacher first and check the class list before you tell the class.")
        print("  Passwords cross the network unencrypted without HTTPS: on a shared network give the hub")
        print("  a certificate (WIZARD_HUB_SSL_CERT / WIZARD_HUB_SSL_KEY, see hub/README.md).")
    problem = isolation_problem()
    if problem:
        print(f"\nNOTE: {problem}, so every pupil's server runs as one account: each pupil has their own")
        print("folder and login, but code in one pupil's notebook could read another's files.")
        print("Fine to try the hub alone; for a class run `sudo make hub` (one Unix account per pupil).")
    print("Stop the hub (and every pupil's server) with Ctrl-C.\n", flush=True)

    # A shell's background job ignores SIGINT, and that would be inherited by the hub's services,
    # which the hub stops with SIGINT: restore the defaults.
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGQUIT, signal.SIG_DFL)
    os.chdir(state)  # JupyterHub writes its small runtime files in the current folder
    hub = Path(sys.executable).parent / "jupyterhub"
    os.execve(str(hub), [str(hub), "-f", str(HERE / "jupyterhub_config.py")], env)
    return 0  # not reached


if __name__ == "__main__":
    sys.exit(main())
