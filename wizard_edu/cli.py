"""The ``wizard-edu`` command: lab, play, worksheet, doctor, bench.

Run ``wizard-edu --help`` or ``wizard-edu COMMAND --help``.
"""

from __future__ import annotations

import argparse
import os
import secrets
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from . import __version__
from .errors import WizardError

DESCRIPTION = "wizard-edu: a classroom kit for the card game Wizard, in Jupyter."
EPILOG = """examples:
  wizard-edu doctor                      is everything a lesson needs working?
  wizard-edu lab                         open the lessons in JupyterLab (student edition)
  wizard-edu lab --teacher               the teacher edition: every answer shown
  wizard-edu play                        kid mode: the games as apps, no code shown
  wizard-edu play --classroom            kid mode for the class network, behind a class code
  wizard-edu tables --table-size 4      class tables: pupils play each other (teacher's board link printed)
  wizard-edu worksheet --topic tricks --count 20 --seed 12 --out sheet.html
"""


def _notebooks(args: argparse.Namespace) -> Path:
    from .classroom.doctor import NOTEBOOKS_ENV, find_notebooks_dir

    if args.notebooks:
        folder = Path(args.notebooks)
        if not folder.is_dir():
            raise WizardError(f"There is no folder {args.notebooks!r}.")
        return folder
    found = find_notebooks_dir()
    if found is None:
        raise WizardError("The lesson notebooks folder was not found. Start from the kit's folder (the one with "
                          f"the notebooks folder), give it with --notebooks, or set {NOTEBOOKS_ENV}.")
    return found


#: The longest folder for the kernels' Unix sockets: a socket's path (the folder, then about 50
#: characters of kernel id and channel) must stay under the system's limit of 104-108 characters.
KERNEL_DIR_MAX = 50


def lab_command(notebooks: Path, port: int, open_browser: bool = True, root: bool = False,
                start: str = "lab", kernel_dir: Path | None = None) -> list[str]:
    """The JupyterLab command line: this computer only, one port, never a token (that goes in a 0600 file).

    ``start`` is the page a browser opens first (``lab/tree/00-install-check.ipynb``: see
    :func:`servers.start_page`).  ``root=True`` adds Jupyter's ``--allow-root`` (only when the
    teacher gave ``--allow-root``).  ``kernel_dir``, a private (0700) folder with a short path: the
    kernels talk to the server through Unix sockets there instead of TCP ports.
    """
    cmd = [sys.executable, "-m", "jupyterlab", "--ip=127.0.0.1", f"--port={port}", "--ServerApp.port_retries=0",
           f"--ServerApp.root_dir={notebooks}", f"--LabApp.default_url=/{start.lstrip('/')}"]
    if kernel_dir is not None and os.name == "posix" and len(str(kernel_dir)) <= KERNEL_DIR_MAX:
        # As in kid mode: no TCP port another user of this computer could reach, and no "Kernel is
        # running over TCP without encryption" warning in the terminal at every kernel start.
        cmd += ["--KernelManager.transport=ipc",
                "--ServerApp.kernel_manager_class=wizard_edu.classroom.labkernels.PrivateSocketKernelManager",
                f"--PrivateSocketKernelManager.socket_dir={kernel_dir}"]
    if not open_browser:
        cmd.append("--no-browser")
    if root:
        cmd.append("--allow-root")
    return cmd


# -- the subcommands -----------------------------------------------------------------
def cmd_lab(args: argparse.Namespace) -> int:
    from .classroom import servers

    servers.check_root(args.allow_root, "lab")
    notebooks = _notebooks(args)
    port = servers.check_port(args.port)
    if args.teacher:
        folder = notebooks
        print(f"Opening the TEACHER edition ({notebooks.resolve()}): every answer is shown under its question. "
              "For learners use `wizard-edu lab` (make lab): the student edition.", flush=True)
    else:
        from .teach.editions import default_learner_dir, sync_learner_folder

        folder = Path(args.learner_dir).expanduser() if args.learner_dir else default_learner_dir()
        report = sync_learner_folder(notebooks, folder)
        print(f"Opening the STUDENT edition: your own notebooks in {folder.resolve()} (answers show only after "
              "you try; your changes are kept). Teachers: `wizard-edu lab --teacher` (make lab-teacher) opens "
              "the teacher edition with every answer.", flush=True)
        if report.summary():
            print(report.summary(), flush=True)
    start = servers.start_page(folder)
    log = servers.open_log(folder / servers.LAB_LOG_NAME)
    with servers.private_dir() as secret:
        # The token reaches JupyterLab through a 0600 file named in its environment: never on its
        # command line, where `ps` would show it to every user of this computer.
        token_file = servers.write_secret(secret, "lab-token", secrets.token_hex(24))
        env = servers.server_env(JUPYTER_TOKEN_FILE=str(token_file))
        if log is not None:   # JupyterLab's chatter to the log; its errors still reach the terminal
            env = servers.add_config(env, secret / "jupyter-config", servers.quiet_lab_config(log))
        kernels = secret / "kernels"
        kernels.mkdir(mode=0o700)
        cmd = lab_command(folder.resolve(), port, open_browser=not args.no_browser,
                          root=servers.is_root() and args.allow_root, start=start, kernel_dir=kernels)
        print(f"Starting JupyterLab on this computer only (port {port}) ...", flush=True)
        process = subprocess.Popen(cmd, env=env)
        edition = "teacher" if args.teacher else "student"

        def announce() -> None:
            try:
                info = servers.wait_for_server_info(process, servers.runtime_dir(env))
            except WizardError as exc:
                if log is None:
                    raise
                raise type(exc)(f"{exc} JupyterLab's messages are in {log}.") from None
            print(lab_announcement(servers.lab_link(info, start), edition, log), flush=True)
            token_file.unlink()   # JupyterLab has read it; its own record (jpserver-PID.json) is 0600 too

        return _run_until_stopped(process, announce)


#: The rule above and below the link, so it stands out from whatever else is in the terminal.
RULE = "=" * 72


def lab_announcement(link: str, edition: str = "student", log: Path | None = None) -> str:
    """What ``wizard-edu lab`` prints once JupyterLab is up: the link alone on its line, framed.

    >>> print(lab_announcement("http://127.0.0.1:8888/lab/tree/00-install-check.ipynb?token=abc"))
    <BLANKLINE>
    ========================================================================
    JupyterLab is ready (STUDENT edition). Open this link in your web browser:
    <BLANKLINE>
    http://127.0.0.1:8888/lab/tree/00-install-check.ipynb?token=abc
    <BLANKLINE>
    Keep it to yourself: it lets in whoever has it.
    It opens 00-install-check.ipynb: start there.
    To stop JupyterLab, press Ctrl+C twice in this window.
    ========================================================================
    """
    from .classroom.servers import START_NOTEBOOK

    lines = ["", RULE, f"JupyterLab is ready ({edition.upper()} edition). Open this link in your web browser:",
             "", link, "", "Keep it to yourself: it lets in whoever has it."]
    if START_NOTEBOOK in link:
        lines.append(f"It opens {START_NOTEBOOK}: start there.")
    lines.append("To stop JupyterLab, press Ctrl+C twice in this window.")
    if log is not None:
        lines.append(f"JupyterLab's messages go to {log} (errors show here too).")
    lines.append(RULE)
    return "\n".join(lines)


def _run_until_stopped(process: subprocess.Popen, announce: Callable[[], None]) -> int:
    """Wait for a server we started; Ctrl+C reaches it directly, SIGTERM here stops it too."""
    from .classroom import servers

    def on_term(signum, frame):
        raise SystemExit(0)

    previous = signal.signal(signal.SIGTERM, on_term)
    try:
        try:
            announce()
        except KeyboardInterrupt:
            return 0        # Ctrl+C before the link was printed: the server is stopped below
        while True:
            try:
                return process.wait()
            except KeyboardInterrupt:
                # JupyterLab got the same Ctrl+C and asks to confirm (or stops on the second one).
                continue
    except BaseException:
        servers.stop(process)
        raise
    finally:
        signal.signal(signal.SIGTERM, previous)
        servers.stop(process)


def cmd_play(args: argparse.Namespace) -> int:
    from .classroom import servers
    from .classroom.kidmode import serve

    servers.check_root(args.allow_root, "play")
    return serve(_notebooks(args), port=args.port, open_browser=not args.no_browser, classroom=args.classroom,
                 max_apps=args.max_apps, preheat=not args.no_preheat, allow_root=args.allow_root,
                 tables=not args.no_tables, tables_db=args.tables_db)


def cmd_tables(args: argparse.Namespace) -> int:
    from .classroom import servers
    from .online.server import serve

    servers.check_root(args.allow_root, "tables")
    settings = {key: value for key, value in (("rules", args.rules), ("computer", args.computer),
                                              ("grace", args.grace), ("computer_delay", args.computer_delay))
                if value is not None}
    return serve(args.port, args.db, code=args.code, table_size=args.table_size, classroom=args.classroom,
                 hub=True if args.hub else None, settings=settings)


def worksheet_path(out: str | None, default: str, force: bool) -> Path:
    """Where to write a worksheet: never through a symlink, never over a file unless ``force``."""
    if out is not None and not out.strip():
        raise WizardError("--out needs a file name (or '-' for the screen); leave --out out for the default name.")
    path = Path(out if out is not None else default)
    if path.is_symlink():
        raise WizardError(f"{str(path)!r} is a symbolic link: the kit never writes through one "
                          "(not even with --force). Choose another file name.")
    if path.is_dir():
        raise WizardError(f"{str(path)!r} is a folder: give a file name, e.g. {str(path / default)!r}.")
    if path.exists() and not force:
        raise WizardError(f"{str(path)!r} already exists: add --force to replace it, or choose another name.")
    return path


def _write_new_file(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` without ever following a symlink (one made after our check too)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags, 0o644)
    except OSError as exc:
        raise WizardError(f"Could not write {str(path)!r}: {exc.strerror}.") from exc
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        out.write(text)


def cmd_pack(args: argparse.Namespace) -> int:
    from .teach.pack import write_pack

    root = Path(args.kit) if args.kit else Path(__file__).resolve().parents[1]
    if not (root / "lessons").is_dir():
        raise WizardError(f"There is no lessons folder in {str(root)!r}: give the kit's folder with --kit.")
    for path in write_pack(root):
        print(f"Wrote {path}")
    print("Open lessons/printable-pack.html in a browser and print the pages you need.")
    return 0


def cmd_worksheet(args: argparse.Namespace) -> int:
    from .teach.worksheets import make_worksheets, worksheet_html

    start = time.perf_counter()
    if args.out == "-":
        out = None
    else:
        out = worksheet_path(args.out, f"worksheet-{args.topic}-{args.rules}-{args.seed}.html", args.force)
    sheets = make_worksheets(args.topic, count=args.count, seed=args.seed, rules=args.rules, pupils=args.pupils)
    html = worksheet_html(sheets)
    if out is None:
        sys.stdout.write(html)
        return 0
    _write_new_file(out, html)
    who = "1 pupil" if args.pupils == 1 else f"{args.pupils} pupils (sheets {args.seed}-{args.seed + args.pupils - 1})"
    print(f"Wrote {out}: {args.count} exercises for {who}, answers on separate pages "
          f"({time.perf_counter() - start:.2f} s). Open it in a browser and print it.")
    return 0


def cmd_doctor(args: argparse.Namespace) -> int:
    from .classroom.doctor import main as doctor_main

    return doctor_main(details=not args.no_details, servers=True)


def cmd_bench(args: argparse.Namespace) -> int:
    from .classroom.doctor import find_benchmarks_dir

    folder = find_benchmarks_dir()
    scripts = sorted(folder.glob("bench_*.py")) if folder else []
    if args.only:
        scripts = [s for s in scripts if args.only in s.name]
    if not scripts:
        print("No benchmarks found (benchmarks/bench_*.py in the kit's folder).")
        return 0
    for script in scripts:
        print(f"== {script.name}", flush=True)
        code = subprocess.call([sys.executable, str(script)], cwd=script.parent.parent)
        if code != 0:
            print(f"{script.name} failed (exit code {code}).", file=sys.stderr)
            return code
    return 0


# -- the parser ------------------------------------------------------------------------
def add_server_arguments(command: argparse.ArgumentParser, port: int | None, where: str = "") -> None:
    """The options shared by the commands that start a server (``lab`` and ``play``)."""
    from .classroom.servers import port_number

    where = where or str(port)
    command.add_argument("--port", type=port_number, default=port,
                         help=f"port number, 1 to 65535, or 0 for a free one (default: {where})")
    command.add_argument("--notebooks", help="the notebooks folder (default: found from here or the kit's folder)")
    command.add_argument("--no-browser", action="store_true", help="do not open a browser")
    command.add_argument("--allow-root", action="store_true",
                         help="allow running as root (only in a container made for it: the notebooks could "
                              "change anything on the computer)")


def port_number_type() -> Callable[[str], int]:
    from .classroom.servers import port_number

    return port_number


def build_parser() -> argparse.ArgumentParser:
    from .teach.worksheets import MAX_COUNT, TOPICS, WORKSHEET_RULES

    parser = argparse.ArgumentParser(prog="wizard-edu", description=DESCRIPTION, epilog=EPILOG,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"wizard-edu {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    lab = sub.add_parser("lab", help="open the lessons in JupyterLab (this computer only, with a token)",
                         description="Start JupyterLab on 127.0.0.1 with a login token. Learners get the student "
                                     "edition (answers hidden until tried) in their own folder, made from the "
                                     "notebooks folder and refreshed at each start without ever overwriting a "
                                     "notebook they changed; --teacher opens the teacher edition.")
    add_server_arguments(lab, port=8888)
    lab.add_argument("--teacher", action="store_true",
                     help="open the teacher edition (the notebooks folder itself, every answer shown) instead of "
                          "the learner's own student-edition copies")
    lab.add_argument("--learner-dir",
                     help="the learner's own folder of student-edition notebooks, made and refreshed at each start "
                          "(default: $WIZARD_EDU_LEARNER_DIR or ~/wizard-edu-notebooks)")
    lab.set_defaults(func=cmd_lab)

    play = sub.add_parser("play", help="kid mode: the games and trainers as apps, no code shown",
                          description="Serve the games and trainers with Voila (no code shown) on 127.0.0.1, "
                                      "starting from a landing page that lists them. With --classroom, the "
                                      "class reaches it over the network with a class code.")
    add_server_arguments(play, port=None, where="a free one; 8866 with --classroom")
    play.add_argument("--classroom", action="store_true",
                      help="serve the whole class over the network, behind a short class code shown on the "
                           "screen (default port in this mode: 8866)")
    play.add_argument("--max-apps", type=int, default=None,
                      help="at most this many apps open at once, one per open page (default: 10, or 40 with "
                           "--classroom); past it a child sees a 'wait a moment' page")
    play.add_argument("--no-preheat", action="store_true",
                      help="do not keep a ready kernel for each app (slower to open, less memory)")
    play.add_argument("--no-tables", action="store_true",
                      help="with --classroom: do not start the class tables (\"Play with your class\")")
    play.add_argument("--tables-db", default=None,
                      help="with --classroom: the class tables' database, kept between lessons (default: "
                           "$WIZARD_EDU_TABLES_DB or ~/.local/share/wizard-edu/class-tables.sqlite)")
    play.set_defaults(func=cmd_play)

    tables = sub.add_parser(
        "tables", help="class tables: pupils play each other (and a class tournament)",
        description="Serve the class's game tables on 127.0.0.1 (or the class network with --classroom). Pupils "
                    "join with the class code; the teacher's board link is printed. Every action is stored in "
                    "the database before it counts, so a restart goes on where it stopped.")
    tables.add_argument("--port", type=port_number_type(), default=8870,
                        help="port number, 1 to 65535, or 0 for a free one (default: 8870)")
    tables.add_argument("--db", default="wizard-edu-tables.sqlite",
                        help="the database file (SQLite; default: wizard-edu-tables.sqlite here)")
    tables.add_argument("--code", help="use this class code (default: the last one in the database, or a new one)")
    tables.add_argument("--table-size", type=int, default=None, help="seats at a table, 2 to 6 (default: 4)")
    tables.add_argument("--rules", help="junior, classic or anniversary (default: classic)")
    tables.add_argument("--computer", choices=["easy", "medium", "hard"],
                        help="computer players that fill empty seats (default: medium)")
    tables.add_argument("--grace", type=float, help="seconds a table waits for a pupil who left (default: 30)")
    tables.add_argument("--computer-delay", type=float,
                        help="seconds a computer player seems to think (default: 0.6)")
    tables.add_argument("--classroom", action="store_true", help="serve the class network, not only this computer")
    tables.add_argument("--hub", action="store_true", help="run as a JupyterHub service (hub logins, no code)")
    tables.add_argument("--allow-root", action="store_true", help="allow running as root (only in a container)")
    tables.set_defaults(func=cmd_tables)

    ws = sub.add_parser("worksheet", help="print-ready worksheets with answer keys",
                        description="Write a print-ready HTML worksheet. Every seed gives a different sheet "
                                    "(one per pupil); the answers are on separate pages.")
    ws.add_argument("--topic", choices=list(TOPICS), default="tricks",
                    help="tricks (who wins), legal (which cards may I play), score, odds, or mixed")
    ws.add_argument("--rules", choices=list(WORKSHEET_RULES), default="junior", help="default: junior")
    ws.add_argument("--count", type=int, default=20, help=f"exercises per sheet, 1 to {MAX_COUNT} (default: 20)")
    ws.add_argument("--seed", type=int, default=1, help="sheet number: a different sheet for every seed (default: 1)")
    ws.add_argument("--pupils", type=int, default=1,
                    help="how many sheets, with seeds SEED, SEED+1, ... (default: 1)")
    ws.add_argument("--out", help="output file (default: worksheet-TOPIC-RULES-SEED.html; '-' writes to the screen)")
    ws.add_argument("--force", action="store_true", help="replace the output file if it exists (never a symlink)")
    ws.set_defaults(func=cmd_worksheet)

    pk = sub.add_parser("pack", help="the printable classroom pack (score pads, legends, tiles, chips, table map, "
                                     "cribs)",
                        description="Write lessons/printable-pack.html, the table map (lessons/table-map.html) and "
                                    "the lessons' ready-made worksheets (lessons/worksheets/) from the kit's rules, "
                                    "its engine and its lesson plans.")
    pk.add_argument("--kit", help="the kit's folder, with lessons/ (default: the one this kit runs from)")
    pk.set_defaults(func=cmd_pack)

    doc = sub.add_parser("doctor", help="check that everything a lesson needs works",
                         description="Check Python, the kernel, widgets, pandas, matplotlib, numpy, the "
                                     "notebooks and the rules engine. Exit code 0 when all is well, 1 otherwise.")
    doc.add_argument("--no-details", action="store_true", help="leave out version numbers")
    doc.set_defaults(func=cmd_doctor)

    bench = sub.add_parser("bench", help="run the speed benchmarks (benchmarks/bench_*.py)",
                           description="Run every benchmarks/bench_*.py and print their figures.")
    bench.add_argument("--only", help="run only benchmarks whose file name contains this text")
    bench.set_defaults(func=cmd_bench)

    from .cli_teacher import add_teacher_commands  # report, student-copy (issue 11)

    add_teacher_commands(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except WizardError as exc:
        print(f"wizard-edu {args.command}: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"\nwizard-edu {args.command}: stopped.", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
