"""A class's rounds as a table: the CSV format of "My predictions" for a whole class (notebook 15).

One row per pupil and round, the columns :data:`CLASS_CSV_COLUMNS` (defined here and nowhere else,
so the teacher's board can export the same file):

=============== =================================================================================
``pupil``       the pupil's name (or a code the teacher chose)
``table``       the table they sat at (a number)
``round``       the round of their game (1, 2, ...)
``cards``       cards in each hand that round
``bid``         what they bid
``tricks``      the tricks they won
``points``      what the round scored (Classic: 20 + 10 per trick, or -10 per trick off)
``chance``      the chance the kit gave their bid when they made it (hundredths, 0 to 1)
``best_bid``    the bid with the best average score, from what they saw
``best_chance`` the chance of making that best bid
``hard_bid``    the hard computer player's bid in the same seat with the same cards (may be empty)
``hard_tricks`` its tricks (may be empty)
``hard_points`` its points (may be empty)
``hard_chance`` the chance the kit gave the hard player's bid (may be empty)
=============== =================================================================================

* :func:`rounds_to_frame`: a learner's record (:class:`~wizard_edu.review.record.RoundEntry` rows)
  as such a table; :func:`write_class_csv` writes one, :func:`read_class_csv` reads one back with a
  clear :class:`ClassCsvError` for a file that is not one.
* :func:`example_class`: the kit's own example class, a few tables of computer players of different
  levels playing seeded Classic games, looked back on with :func:`~wizard_edu.review.review_round`
  and :func:`~wizard_edu.review.record.hard_player_round`. The kit ships it as
  :data:`EXAMPLE_CSV` (``tools/make_class_csv.py`` writes it again; a test checks it is the same).

>>> frame = read_class_csv(EXAMPLE_CSV)
>>> list(frame.columns) == list(CLASS_CSV_COLUMNS)
True
"""

from __future__ import annotations

import io
import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import ClassCsvError, short
from .lookback import review_round
from .record import RoundEntry, hard_player_round, round_entry

if TYPE_CHECKING:  # pandas is imported where a table is made
    import pandas as pd

#: The columns of a class's rounds, in order (the first ten are always filled).
CLASS_CSV_COLUMNS: tuple[str, ...] = ("pupil", "table", "round", "cards", "bid", "tricks", "points", "chance",
                                      "best_bid", "best_chance", "hard_bid", "hard_tricks", "hard_points",
                                      "hard_chance")
#: The columns every row must fill; the ``hard_...`` ones may be empty (the hard line not worked out).
REQUIRED_COLUMNS: tuple[str, ...] = CLASS_CSV_COLUMNS[:10]
_CHANCES = ("chance", "best_chance", "hard_chance")
_COUNTS = ("table", "round", "cards", "bid", "tricks", "best_bid", "hard_bid", "hard_tricks")  # whole, 0 or more
_SIGNED = ("points", "hard_points")   # whole numbers that may be below 0 (Classic loses points)

#: The kit's example class (:func:`example_class`), stored with the package.
EXAMPLE_CSV = Path(__file__).with_name("data") / "example-class.csv"
#: The example class: its tables, the pupils at each (the computer player each one is) and their rounds.
EXAMPLE_TABLES = 3
EXAMPLE_PUPILS = ("Ada", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lou")
EXAMPLE_LEVELS = ("easy", "medium", "hard", "medium")
EXAMPLE_HAND_SIZES = (1, 2, 3) * 4


def rounds_to_frame(rounds: Iterable[RoundEntry], pupil: str, table: int = 1) -> pd.DataFrame:
    """A learner's rounds (their record's :class:`RoundEntry` rows) as a class table, one row per round.

    ``round`` is the round of the learner's game as the record has it.
    """
    import pandas as pd

    rows = []
    for entry in rounds:
        if not isinstance(entry, RoundEntry):
            raise ClassCsvError(f"rounds_to_frame() takes the rounds of a record (RoundEntry), not {short(entry)}.")
        rows.append({"pupil": str(pupil), "table": table, "round": entry.round, "cards": entry.cards,
                     "bid": entry.bid, "tricks": entry.tricks, "points": entry.points, "chance": entry.chance,
                     "best_bid": entry.best_bid, "best_chance": entry.best_chance, "hard_bid": entry.hard_bid,
                     "hard_tricks": entry.hard_tricks, "hard_points": entry.hard_points,
                     "hard_chance": entry.hard_chance})
    return _typed(pd.DataFrame(rows, columns=list(CLASS_CSV_COLUMNS)))


def _typed(frame: pd.DataFrame) -> pd.DataFrame:
    """The columns in their kinds: names as text, counts as whole numbers, chances as decimals; the
    ``hard_...`` columns, which may be empty, as pandas' nullable kinds (``Int64``, ``Float64``)."""
    import pandas as pd

    out = frame.copy()
    out["pupil"] = out["pupil"].astype(str)
    for column in CLASS_CSV_COLUMNS[1:]:
        optional = column not in REQUIRED_COLUMNS
        kind = ("Float64" if optional else "float64") if column in _CHANCES else ("Int64" if optional else "int64")
        out[column] = pd.to_numeric(out[column].astype(object).where(out[column].notna(), None)).astype(kind)
    return out.reset_index(drop=True)


def write_class_csv(frame: pd.DataFrame, path: str | os.PathLike | None = None) -> str:
    """The class table as CSV text (chances with two decimals, empty cells for missing values, ``\\n``
    line ends), written to ``path`` when given. The same table always gives the same text."""
    frame = check_class_frame(frame)
    text = frame.to_csv(index=False, float_format="%.2f", lineterminator="\n")
    if path is not None:
        Path(path).write_text(text, encoding="utf-8", newline="")
    return text


def check_class_frame(frame: Any, where: str = "The table") -> pd.DataFrame:
    """``frame`` with its columns in their kinds, or a :class:`ClassCsvError` saying what is wrong."""
    import pandas as pd

    if not isinstance(frame, pd.DataFrame):
        raise ClassCsvError(f"{where} must be a pandas DataFrame, not {short(frame)}.")
    columns = [str(c).strip() for c in frame.columns]
    missing = [c for c in REQUIRED_COLUMNS if c not in columns]
    unknown = [c for c in columns if c not in CLASS_CSV_COLUMNS]
    if missing or unknown:
        said = []
        if missing:
            said.append("it has no column " + ", ".join(repr(c) for c in missing))
        if unknown:
            said.append("it has a column the kit does not know: " + ", ".join(repr(c) for c in unknown))
        raise ClassCsvError(f"{where} is not a class's rounds: {' and '.join(said)}. The columns are: "
                            f"{', '.join(CLASS_CSV_COLUMNS)} (the hard_... ones may be left out).")
    frame = frame.set_axis(columns, axis=1)
    for column in CLASS_CSV_COLUMNS:
        if column not in frame.columns:
            frame[column] = pd.NA
    frame = frame[list(CLASS_CSV_COLUMNS)]
    for i, row in enumerate(frame.itertuples(index=False), start=2):   # line 1 of a CSV is the header
        values = row._asdict()
        for column in CLASS_CSV_COLUMNS:
            _check_value(values[column], column, i, where)
    return _typed(frame)


def _missing(value: Any) -> bool:
    import pandas as pd

    return value is None or (not isinstance(value, str) and bool(pd.isna(value)))


def _check_value(value: Any, column: str, line: int, where: str) -> None:
    place = f"{where}, line {line}, column {column!r}"
    if _missing(value) or (isinstance(value, str) and not value.strip()):
        if column in REQUIRED_COLUMNS:
            raise ClassCsvError(f"{place} is empty: every round needs its {column}.")
        return
    if column == "pupil":
        if not str(value).strip():
            raise ClassCsvError(f"{place}: every round needs the pupil's name.")
        return
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise ClassCsvError(f"{place} is {short(value)}: it should be a number.") from None
    if column in _CHANCES:
        if not 0 <= number <= 1:
            raise ClassCsvError(f"{place} is {short(value)}: a chance goes from 0 to 1 (0.6 is 6 in 10).")
        return
    if number != int(number):
        raise ClassCsvError(f"{place} is {short(value)}: it should be a whole number.")
    if column in _COUNTS and number < 0:
        raise ClassCsvError(f"{place} is {short(value)}: it cannot be below 0.")


def read_class_csv(source: str | os.PathLike | io.IOBase) -> pd.DataFrame:
    """A class's rounds from a CSV file (a path, or an open text file), checked: a file that is not
    one says what is wrong, and where, in a :class:`ClassCsvError`."""
    import pandas as pd

    where = f"The file {Path(source).name}" if isinstance(source, (str, os.PathLike)) else "The file"
    try:
        frame = pd.read_csv(source, dtype=str, keep_default_na=False, skipinitialspace=True)
    except FileNotFoundError:
        raise ClassCsvError(f"{where} is not there: check its name and folder.") from None
    except pd.errors.EmptyDataError:
        raise ClassCsvError(f"{where} is empty: it has no header line and no rounds.") from None
    except (UnicodeDecodeError, pd.errors.ParserError, OSError) as exc:
        raise ClassCsvError(f"{where} cannot be read as a CSV table ({type(exc).__name__}).") from None
    frame = frame.replace("", pd.NA)
    return check_class_frame(frame, where)


# -- the kit's example class -------------------------------------------------------------------------
def example_table(table: int, tables: int = EXAMPLE_TABLES) -> pd.DataFrame:
    """The rounds of one table of the example class (its own seeded game: the same every time).

    Table ``t`` seats pupils ``4(t-1) ... 4t-1`` of :data:`EXAMPLE_PUPILS`, the computer players of
    :data:`EXAMPLE_LEVELS` turned by ``t - 1`` seats, playing Classic Wizard with the hand sizes
    :data:`EXAMPLE_HAND_SIZES` from seed ``100 + t``.
    """
    import pandas as pd

    from ..players.table import play_game

    if not 1 <= table <= min(tables, len(EXAMPLE_PUPILS) // 4):
        raise ClassCsvError(f"The example class has tables 1 to {tables}, not {short(table)}.")
    shift = (table - 1) % len(EXAMPLE_LEVELS)
    levels = list(EXAMPLE_LEVELS[shift:] + EXAMPLE_LEVELS[:shift])
    names = list(EXAMPLE_PUPILS[4 * (table - 1):4 * table])
    game = play_game(levels, rules="classic", seed=100 + table, hand_sizes=list(EXAMPLE_HAND_SIZES), names=names)
    frames = []
    for seat, name in enumerate(names):
        entries = [round_entry(review_round(game, number, seat), hard_player_round(game, number, seat), when="")
                   for number in range(1, len(game.rounds) + 1)]
        frames.append(rounds_to_frame(entries, name, table))
    return pd.concat(frames, ignore_index=True)


def example_class(tables: Sequence[int] | None = None) -> pd.DataFrame:
    """The kit's example class (all :data:`EXAMPLE_TABLES` tables, or the ones named), pupil by pupil."""
    import pandas as pd

    chosen = list(range(1, EXAMPLE_TABLES + 1)) if tables is None else list(tables)
    return _typed(pd.concat([example_table(t) for t in chosen], ignore_index=True))


def example_levels() -> dict[str, str]:
    """Which computer player each pupil of the example class is (for the teacher: the notebook hides it)."""
    out: dict[str, str] = {}
    for table in range(1, EXAMPLE_TABLES + 1):
        shift = (table - 1) % len(EXAMPLE_LEVELS)
        levels = EXAMPLE_LEVELS[shift:] + EXAMPLE_LEVELS[:shift]
        out.update(zip(EXAMPLE_PUPILS[4 * (table - 1):4 * table], levels))
    return out


__all__ = ["CLASS_CSV_COLUMNS", "REQUIRED_COLUMNS", "ClassCsvError", "rounds_to_frame", "read_class_csv",
           "write_class_csv", "check_class_frame", "example_class", "example_table", "example_levels",
           "EXAMPLE_CSV"]
