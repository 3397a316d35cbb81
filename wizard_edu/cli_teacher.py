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
  wizard-edu report /home/* --csv class.csv             one row per pupil, for a gradebook (spreadsheet)
  sudo wizard-edu report                                 on a JupyterHub: every pupil's home, the usual
                                                         /home/NAME and the kit's class hub's /home/wizard-class/NAME
                                                         (or the folder WIZARD_HUB_HOMES names)
"""


def cmd_report(args: argparse.Namespace) -> int:
    from .teach import prediction_report, progress, unit_checks

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
    predictions = prediction_report.predictions_table(paths)
    for _path, reason in predictions.attrs["skipped"]:
        print(f"skipped (predictions) {reason}", file=sys.stderr)
    table = progress.class_table(report)
    with _wide_pandas():
        print("Questions done / questions in the notebook (right first time) per learner and notebook; "
              "trainer levels after them; when each pupil last worked.")
        print(table.to_string())
    kinds, checks, gain = unit_checks.answer_kinds(paths), unit_checks.check_scores(paths), unit_checks.idea_gain(paths)
    with _wide_pandas():
        print("\nHow the answers went, per pupil (a right first answer to a two-option question is a "
              "possible guess):")
        print(kinds.to_string())
        if not checks.empty:
            print("\nUnit checks: questions right first time, before and after each unit:")
            print(checks.to_string(na_rep="-"))
            print("\nThe class's gain per idea (share right first time, pupils who took both checks):")
            print(gain.drop(columns="what it tests").to_string())
        if not predictions.empty:
            print("\nPredictions at the tables (for the teacher only, never to show the class): rounds "
                  "played, exact predictions, too high, too low; the hard computer player in the same seats:")
            print(predictions.to_string(na_rep="-"))
    if args.html:
        _write(args.html, report_html(report, table, kinds, checks, gain, predictions))
        print(f"Wrote {args.html}: open it in a browser and print it.")
    if args.csv:
        played = predictions[["rounds", "exact"]].rename(
            columns={"rounds": "rounds played", "exact": "exact predictions"})
        _write(args.csv, unit_checks.pupil_table(paths).join(played, how="outer").to_csv())
        print(f"Wrote {args.csv}: one row per pupil, for a gradebook.")
    return 0


def _write(where: str, text: str) -> None:
    out = Path(where)
    try:
        out.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise WizardError(f"Could not write {str(out)!r}: {exc.strerror}.") from exc


class _wide_pandas:
    def __enter__(self):
        import pandas as pd

        self._ctx = pd.option_context("display.width", 250, "display.max_columns", 50)
        self._ctx.__enter__()

    def __exit__(self, *exc):
        return self._ctx.__exit__(*exc)


def report_html(report: pd.DataFrame, table: pd.DataFrame, kinds: pd.DataFrame | None = None,
                checks: pd.DataFrame | None = None, gain: pd.DataFrame | None = None,
                predictions: pd.DataFrame | None = None) -> str:
    """A printable page: the class table, how the answers went, the unit checks before and after and
    the gain per idea, the predictions at the tables, then the details, then the files that were skipped."""
    extra = ""
    if kinds is not None:
        extra += ("<h2>How the answers went</h2><p>Questions per pupil: right first time, right after a hint "
                  "(a wrong try shows the hint), answer shown, possible guess (right first time on a question "
                  "of two options, which a coin toss gets right half the time), not yet right.</p>"
                  + kinds.to_html(escape=True))
    if checks is not None and not checks.empty:
        extra += ("<h2>Unit checks, before and after</h2><p>Questions right first time (correctness only, "
                  "never speed); - when the check was not taken.</p>" + checks.to_html(escape=True, na_rep="-"))
    if gain is not None and checks is not None and not checks.empty:
        extra += ("<h2>The class's gain per idea</h2><p>The share of the pupils who took both checks who got "
                  "the idea right first time, before and after.</p>" + gain.to_html(escape=True))
    if predictions is not None and not predictions.empty:
        extra += ("<h2>Predictions at the tables</h2><p>For the teacher only: rounds played, exact predictions "
                  "(bids) and their share, too high, too low, and the hard computer player's exact share with "
                  "the same cards in the same seats (- when not worked out).</p>"
                  + predictions.to_html(escape=True, na_rep="-"))
    skipped = report.attrs.get("skipped", []) + (predictions.attrs.get("skipped", []) if predictions is not None else [])
    skipped_html = "".join(f"<li><code>{html.escape(p)}</code>: {html.escape(r)}</li>" for p, r in skipped)
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>wizard-edu: class progress</title>
<style>
 body {{ font-family: sans-serif; margin: 1.5em; }}
 table {{ border-collapse: collapse; margin-bottom: 1.5em; }}
 th, td {{ border: 1px solid #888; padding: 3px 8px; text-align: left; }}
 th {{ background: #eee; }}
 @media print {{ body {{ margin: 0; font-size: 10pt; }} h2 {{ page-break-before: always; }}
   table {{ page-break-inside: auto; }} tr {{ page-break-inside: avoid; }} }}
</style></head><body>
<h1>Class progress</h1>
<p>Each cell: questions done / questions in the notebook (right first time), then any trainer level.
The last column says when the pupil last checked an answer or reached a trainer level.</p>
{table.to_html(escape=True)}
{extra}
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
    rep.add_argument("--csv", metavar="OUT", help="also write one row per pupil as CSV, for a gradebook")
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
