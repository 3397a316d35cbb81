"""The teacher's subcommands of ``wizard-edu``: ``report`` (the class table) and ``student-copy``.

``cli.py`` registers them with :func:`add_teacher_commands`.
"""

from __future__ import annotations

import argparse
import html
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from .errors import WizardError

if TYPE_CHECKING:  # pandas is imported only by the commands that need it
    import pandas as pd

REPORT_EPILOG = """examples:
  wizard-edu report /home/ada /home/ben /home/cleo      three pupils' homes
  wizard-edu report ada/progress.json --html class.html  a file a pupil handed in, as a printable page
  sudo wizard-edu report                                 on a JupyterHub: every pupil's home, the usual
                                                         /home/NAME and the kit's class hub's /home/wizard-class/NAME
                                                         (or the folder WIZARD_HUB_HOMES names)
"""


def cmd_report(args: argparse.Namespace) -> int:
    from .teach import progress

    paths = [Path(p) for p in args.paths] if args.paths else progress.hub_paths()
    if not paths:
        print(f"No progress files found (looked in {', '.join(progress.hub_patterns())}). Give pupils' "
              "homes or files: wizard-edu report HOME_OR_FILE ...")
        return 1
    report = progress.class_report(paths)
    sys.stdout.flush()
    for _path, reason in report.attrs["skipped"]:  # the reason starts with the file's name
        print(f"skipped {reason}", file=sys.stderr)
    sys.stderr.flush()
    if report.empty:
        print("No progress recorded in the files given.")
        return 1
    table = progress.class_table(report)
    with _wide_pandas():
        print("Questions done / questions in the notebook (right first time) per learner and notebook; "
              "trainer levels after them; when each pupil last worked.")
        print(table.to_string())
    if args.html:
        out = Path(args.html)
        try:
            out.write_text(report_html(report, table), encoding="utf-8")
        except OSError as exc:
            raise WizardError(f"Could not write {str(out)!r}: {exc.strerror}.") from exc
        print(f"Wrote {out}: open it in a browser and print it.")
    return 0


class _wide_pandas:
    def __enter__(self):
        import pandas as pd

        self._ctx = pd.option_context("display.width", 250, "display.max_columns", 50)
        self._ctx.__enter__()

    def __exit__(self, *exc):
        return self._ctx.__exit__(*exc)


def report_html(report: pd.DataFrame, table: pd.DataFrame) -> str:
    """A printable page: the class table, then the details, then the files that were skipped."""
    skipped = report.attrs.get("skipped", [])
    skipped_html = "".join(f"<li><code>{html.escape(p)}</code>: {html.escape(r)}</li>" for p, r in skipped)
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>wizard-edu: class progress</title>
<style>
 body {{ font-family: sans-serif; margin: 1.5em; }}
 table {{ border-collapse: collapse; margin-bottom: 1.5em; }}
 th, td {{ border: 1px solid #888; padding: 3px 8px; text-align: left; }}
 th {{ background: #eee; }}
 @media print {{ h2 {{ page-break-before: always; }} }}
</style></head><body>
<h1>Class progress</h1>
<p>Each cell: questions done / questions in the notebook (right first time), then any trainer level.
The last column says when the pupil last checked an answer or reached a trainer level.</p>
{table.to_html(escape=True)}
<h2>Details</h2>
{report.to_html(escape=True)}
{"<h2>Files skipped</h2><ul>" + skipped_html + "</ul>" if skipped else ""}
</body></html>
"""


def cmd_student_copy(args: argparse.Namespace) -> int:
    from .teach.editions import write_student_copy

    source = Path(args.notebooks) if args.notebooks else _default_notebooks()
    written = write_student_copy(source, Path(args.out_dir), force=args.force)
    print(f"Wrote the student edition of {len(written)} notebooks to {args.out_dir} "
          "(answer and teacher-only cells removed: the answers show only inside each question, after a try).")
    return 0


def _default_notebooks() -> Path:
    from .lab.doctor import find_notebooks_dir

    found = find_notebooks_dir()
    if found is None:
        raise WizardError("The lesson notebooks folder was not found: give it with --notebooks.")
    return found


def add_teacher_commands(sub: argparse._SubParsersAction) -> None:
    """Register ``report`` and ``student-copy`` on the ``wizard-edu`` subcommand parser."""
    rep = sub.add_parser("report", help="the class's progress: who is where (a table, or a printable page)",
                         description="Print a table of every pupil's progress: learner x notebook, questions "
                                     "done out of the notebook's questions, right first time, trainer level, "
                                     "and when each pupil last worked. With no paths, read every pupil's "
                                     ".wizard-edu/progress.json on this JupyterHub (/home/*, the kit's class hub "
                                     "/home/wizard-class/*, $WIZARD_HUB_HOMES/*). Broken or foreign files are "
                                     "named and skipped.",
                         epilog=REPORT_EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    rep.add_argument("paths", nargs="*", metavar="HOME_OR_FILE",
                     help="a pupil's home folder, their .wizard-edu folder, or a progress.json file")
    rep.add_argument("--html", metavar="OUT", help="also write a printable HTML page")
    rep.set_defaults(func=cmd_report)

    stu = sub.add_parser("student-copy", help="write the student edition of the notebooks (answers hidden)",
                         description="Write every notebook without its answer cells (tag 'answer') and "
                                     "teacher-only cells (tag 'teacher'): no answer in code, output or text. "
                                     "A learner sees a worked answer only inside its question, after a right "
                                     "answer or 'Show answer'. See docs/questions.md.")
    stu.add_argument("out_dir", metavar="OUT_DIR", help="a new or empty folder")
    stu.add_argument("--notebooks", help="the teacher's notebooks folder (default: the kit's)")
    stu.add_argument("--force", action="store_true", help="write into a folder that is not empty")
    stu.set_defaults(func=cmd_student_copy)


__all__ = ["add_teacher_commands", "cmd_report", "cmd_student_copy", "report_html"]
