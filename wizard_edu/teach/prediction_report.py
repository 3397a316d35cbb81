"""The class report's "My predictions" part: how good each pupil's predictions (bids) were, for the
teacher only (``wizard-edu report``; never a ranking for the projector).

Each pupil's record (:mod:`wizard_edu.review.record`) lies next to their progress file
(``HOME/.wizard-edu/predictions.json``). The report only reads it: a damaged file is named among the
skipped files and left as it is.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..review.record import FILENAME, UNNAMED, read_learners
from ..review.summary import summarize
from . import progress

#: The columns of :func:`predictions_table`, one row per pupil.
COLUMNS = ["rounds", "exact", "exact share", "too high", "too low", "hard player's exact share"]


def record_paths(paths: Iterable[str | os.PathLike]) -> list[Path]:
    """The predictions files beside the progress files that ``paths`` (homes, folders or files) name."""
    return [p.with_name(FILENAME) for p in progress.resolve_paths(paths)]


def predictions_table(paths: Iterable[str | os.PathLike]) -> Any:
    """A pandas DataFrame, one row per pupil with rounds played: rounds, exact predictions (bids), their
    share, too high and too low, and the hard computer player's exact share in the same seats with the
    same cards (empty where the record has no hard player's line).

    ``df.attrs["skipped"]`` lists ``(path, reason)`` for damaged records (their good rounds still count).
    A pupil without a name is shown by their home folder's name, as in the progress report.
    """
    import pandas as pd

    rows: dict[str, list] = {}
    skipped: list[tuple[str, str]] = []
    for path in record_paths(paths):
        learners, problem = read_learners(path)
        if problem:
            skipped.append((str(path), problem))
        home = path.parent.parent if path.parent.name == progress.FOLDER else path.parent
        for name, rounds in learners.items():
            rows.setdefault(home.name if name == UNNAMED else name, []).extend(rounds)
    table = []
    for name in sorted(rows):
        s = summarize(rows[name])
        hard = round(s.hard.exact / s.hard.rounds, 2) if s.hard.rounds else float("nan")
        table.append({"learner": name, "rounds": s.rounds, "exact": s.exact,
                      "exact share": round(s.exact / s.rounds, 2), "too high": s.too_high, "too low": s.too_low,
                      "hard player's exact share": hard})
    frame = pd.DataFrame(table, columns=["learner", *COLUMNS]).set_index("learner")
    frame.attrs["skipped"] = skipped
    return frame
