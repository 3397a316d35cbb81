"""The ``wizard-edu`` command: lab, play, worksheet, doctor, bench.

Run ``wizard-edu --help`` or ``wizard-edu COMMAND --help``.
"""

from __future__ import annotations

import argparse
import os
import secrets
import subprocess
import sys
import time
from pathlib import Path

from . import __version__
from .errors import WizardError

DESCRIPTION = "wizard-edu: a classroom kit for the card game Wizard, in Jupyter."
EPILOG = """examples:
  wizard-edu doctor                      is everything a lesson needs working?
  wizard-edu lab                         open the lessons in JupyterLab
  wizard-edu play                        kid mode: the games as apps, no code shown
  wizard-edu worksheet --topic tricks --count 20 --seed 12 --out sheet.html
"""


def _is_root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


def _notebooks(args: argparse.Namespace) -> Path:
    from .doctor import NOTEBOOKS_ENV, find_notebooks_dir

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


def lab_command(notebooks: Path, port: int, token: str, open_browser: bool = True,
                root: bool | None = None) -> list[str]:
    """The JupyterLab command line: this computer only, with a login token; --allow-root only as root."""
    cmd = [sys.executable, "-m", "jupyterlab", "--ip=127.0.0.1", f"--port={port}",
           f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={notebooks}"]
    if not open_browser:
        cmd.append("--no-browser")
    if _is_root() if root is None else root:
        cmd.append("--allow-root")
    return cmd


# -- the subcommands -----------------------------------------------------------------
def cmd_lab(args: argparse.Namespace) -> int:
    notebooks = _notebooks(args)
    token = secrets.token_hex(16)
    cmd = lab_command(notebooks.resolve(), args.port, token, open_browser=not args.no_browser)
    print(f"Starting JupyterLab on this computer only. Your link: http://127.0.0.1:{args.port}/lab?token={token}\n"
          "Press Ctrl+C twice to stop.", flush=True)
    sys.stdout.flush()
    if os.name == "posix":
        # Become JupyterLab (same process id), so Ctrl+C and a service stop reach it directly.
        os.execv(cmd[0], cmd)
    try:
        return subprocess.call(cmd)
    except KeyboardInterrupt:
        return 0


def cmd_play(args: argparse.Namespace) -> int:
    from .kidmode import serve

    return serve(_notebooks(args), port=args.port or None, open_browser=not args.no_browser)


def cmd_worksheet(args: argparse.Namespace) -> int:
    from .worksheets import make_worksheets, worksheet_html

    start = time.perf_counter()
    sheets = make_worksheets(args.topic, count=args.count, seed=args.seed, rules=args.rules, pupils=args.pupils)
    html = worksheet_html(sheets)
    if args.out == "-":
        sys.stdout.write(html)
        return 0
    out = Path(args.out or f"worksheet-{args.topic}-{args.rules}-{args.seed}.html")
    try:
        out.write_text(html, encoding="utf-8")
    except OSError as exc:
        raise WizardError(f"Could not write {str(out)!r}: {exc.strerror}.") from exc
    who = "1 pupil" if args.pupils == 1 else f"{args.pupils} pupils (sheets {args.seed}-{args.seed + args.pupils - 1})"
    print(f"Wrote {out}: {args.count} exercises for {who}, answers on separate pages "
          f"({time.perf_counter() - start:.2f} s). Open it in a browser and print it.")
    return 0


def cmd_doctor(args: argparse.Namespace) -> int:
    from .doctor import main as doctor_main

    return doctor_main(details=not args.no_details)


def cmd_bench(args: argparse.Namespace) -> int:
    from .doctor import find_benchmarks_dir

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
def add_server_arguments(command: argparse.ArgumentParser, port: int) -> None:
    """The options shared by the commands that start a server (``lab`` and ``play``)."""
    where = "a free one" if port == 0 else str(port)
    command.add_argument("--port", type=int, default=port, help=f"port number (default: {where})")
    command.add_argument("--notebooks", help="the notebooks folder (default: found from here or the kit's folder)")
    command.add_argument("--no-browser", action="store_true", help="do not open a browser")


def build_parser() -> argparse.ArgumentParser:
    from .worksheets import MAX_COUNT, TOPICS, WORKSHEET_RULES

    parser = argparse.ArgumentParser(prog="wizard-edu", description=DESCRIPTION, epilog=EPILOG,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"wizard-edu {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    lab = sub.add_parser("lab", help="open the lessons in JupyterLab (this computer only, with a token)",
                         description="Start JupyterLab on the notebooks folder, on 127.0.0.1 with a login token.")
    add_server_arguments(lab, port=8888)
    lab.set_defaults(func=cmd_lab)

    play = sub.add_parser("play", help="kid mode: the games and trainers as apps, no code shown",
                          description="Serve the games and trainers with Voila (no code shown) on 127.0.0.1, "
                                      "starting from a landing page that lists them.")
    add_server_arguments(play, port=0)
    play.set_defaults(func=cmd_play)

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
    ws.set_defaults(func=cmd_worksheet)

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


if __name__ == "__main__":
    sys.exit(main())
