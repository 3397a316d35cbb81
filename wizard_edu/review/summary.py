"""How good are my predictions?  A summary of a learner's record (pure: it reads no file).

:func:`summarize` counts the exact predictions out of all, the misses too high (more tricks said than
won) and too low, and makes a calibration table: the rounds grouped by the chance the kit gave the
bid, and how often each group came true (do the bids the kit calls "6 in 10" come true 6 times in
10?). The same for the hard computer player in the same seats with the same cards (the record's
``hard_...`` columns, :func:`wizard_edu.review.record.hard_player_round`). For Wizard Junior the
words are a child's: "You got 7 of 10 right! When you missed, you mostly said one too many."

>>> from wizard_edu.review.record import RoundEntry
>>> def entry(bid, tricks, chance):
...     return RoundEntry("2026-12-02T10:00:00+00:00", "junior", 3, 2, 2, 0, bid, tricks, int(bid == tricks),
...                       chance, bid, chance, False)
>>> s = summarize([entry(1, 1, 0.7), entry(2, 1, 0.3), entry(0, 0, 0.9)])
>>> s.exact, s.rounds, s.too_high, s.too_low
(2, 3, 1, 0)
>>> s.text
'You got 2 of 3 right! When you missed, you said one too many.'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..errors import ArgumentError, short, whole
from . import words
from .record import Predictions, RoundEntry

if TYPE_CHECKING:  # pandas is imported where the table is made
    import pandas as pd

#: The calibration table's columns.
COLUMNS = ["rounds", "average chance", "came true", "share came true"]


@dataclass(frozen=True)
class Tally:
    """Exact predictions out of all, the misses by how far off they were (``said - won``)."""

    rounds: int
    exact: int
    too_high: int
    too_low: int
    misses: dict[int, int]


def _tally(pairs: list[tuple[int, int]]) -> Tally:
    """Count ``(said, won)`` pairs."""
    off = Counter(said - won for said, won in pairs if said != won)
    return Tally(len(pairs), len(pairs) - sum(off.values()), sum(n for d, n in off.items() if d > 0),
                 sum(n for d, n in off.items() if d < 0), dict(sorted(off.items())))


def calibration_table(chances: Iterable[tuple[float, bool]], groups: int = 5) -> pd.DataFrame:
    """Rounds grouped by the chance the kit gave (``groups`` equal bands from 0 to 1; a chance on a
    border goes to the band above it, 1 to the top band) and how often each group came true.

    One row per band (all bands, empty ones with 0 rounds), index ``chance given`` ("0 to 2 in 10"),
    columns ``rounds``, ``average chance`` (the kit's, hundredths), ``came true`` (rounds) and
    ``share came true`` (hundredths; empty with no rounds).
    """
    import pandas as pd

    n = whole(groups)
    if n is None or not 1 <= n <= 20:
        raise ArgumentError(f"Group the rounds into 1 to 20 bands of chance, not {short(groups)}.")
    bands: list[list[tuple[float, bool]]] = [[] for _ in range(n)]
    for chance, came in chances:
        bands[min(int(chance * n), n - 1)].append((chance, bool(came)))
    rows = []
    for band in bands:
        count = len(band)
        true = sum(came for _, came in band)
        rows.append({"rounds": count,
                     "average chance": round(sum(c for c, _ in band) / count, 2) if count else float("nan"),
                     "came true": true, "share came true": round(true / count, 2) if count else float("nan")})
    labels = [f"{i * 10 / n:g} to {(i + 1) * 10 / n:g} in 10" for i in range(n)]
    return pd.DataFrame(rows, index=pd.Index(labels, name="chance given"), columns=COLUMNS)


@dataclass(frozen=True)
class PredictionSummary:
    """How good a learner's predictions are, next to the hard player's in the same seats."""

    learner: Tally
    #: The hard player's tally over the rounds the record has its line for.
    hard: Tally
    calibration: pd.DataFrame = field(repr=False)
    hard_calibration: pd.DataFrame = field(repr=False)
    kid: bool = True
    text: str = ""

    @property
    def rounds(self) -> int:
        return self.learner.rounds

    @property
    def exact(self) -> int:
        return self.learner.exact

    @property
    def too_high(self) -> int:
        return self.learner.too_high

    @property
    def too_low(self) -> int:
        return self.learner.too_low

    def __str__(self) -> str:
        return self.text


def summarize(record: Predictions | Iterable[RoundEntry], *, rules: str | None = None, groups: int = 5,
              kid: bool | None = None) -> PredictionSummary:
    """Summarize a record (:class:`~wizard_edu.review.record.Predictions` or a list of rounds).

    ``rules``: only the rounds of ``"junior"`` or ``"classic"``; ``groups``: bands of the calibration
    table; ``kid``: words for children (by default when every round is Wizard Junior).
    """
    rounds = list(record.rounds if isinstance(record, Predictions) else record)
    if any(not isinstance(r, RoundEntry) for r in rounds):
        raise ArgumentError("summarize() takes a predictions record (load_predictions()) or a list of its rounds.")
    if rules is not None:
        if rules not in ("junior", "classic"):
            raise ArgumentError(f"Summarize the rounds of 'junior' or 'classic', not {short(rules)}.")
        rounds = [r for r in rounds if r.rules == rules]
    hard_rounds = [r for r in rounds if r.hard_bid is not None and r.hard_tricks is not None]
    learner = _tally([(r.bid, r.tricks) for r in rounds])
    hard = _tally([(r.hard_bid, r.hard_tricks) for r in rounds if r.hard_bid is not None and r.hard_tricks is not None])
    calibration = calibration_table([(r.chance, r.bid == r.tricks) for r in rounds], groups)
    hard_calibration = calibration_table(
        [(r.hard_chance, r.hard_bid == r.hard_tricks) for r in hard_rounds if r.hard_chance is not None], groups)
    for_kids = all(r.rules == "junior" for r in rounds) if kid is None else bool(kid)
    text = _kid_text(learner, hard) if for_kids else _older_text(learner, hard, calibration)
    return PredictionSummary(learner, hard, calibration, hard_calibration, for_kids, text)


def _miss_sentence(t: Tally) -> str:
    missed = t.too_high + t.too_low
    if not missed:
        return ""
    if t.too_high == t.too_low:
        return "When you missed, you said too many as often as too few."
    high = t.too_high > t.too_low
    side = {d: n for d, n in t.misses.items() if (d > 0) == high}
    top = max(side.values())
    commonest = [d for d, n in side.items() if n == top]
    if missed == 1:
        return f"When you missed, you said {words.miss_words(commonest[0])}."
    if len(side) == 1 and side[commonest[0]] == missed:
        return f"When you missed, you always said {words.miss_words(commonest[0])}."
    if len(commonest) == 1:
        return f"When you missed, you mostly said {words.miss_words(commonest[0])}."
    return f"When you missed, you mostly said too {'many' if high else 'few'}."


def _kid_text(t: Tally, hard: Tally) -> str:
    if not t.rounds:
        return "No rounds yet: play a round, then look here again."
    lines = [f"You got {t.exact} of {t.rounds} right!"]
    miss = _miss_sentence(t)
    if miss:
        lines.append(miss)
    if hard.rounds:
        lines.append(f"The hard computer player, with the same cards, got {hard.exact} of {hard.rounds} right.")
    return " ".join(lines)


def _older_text(t: Tally, hard: Tally, calibration: pd.DataFrame) -> str:
    if not t.rounds:
        return "No rounds recorded yet."
    lines = [f"Exact bids: {t.exact} of {t.rounds} ({round(100 * t.exact / t.rounds)}%). "
             f"Too high: {t.too_high}, too low: {t.too_low}."]
    if hard.rounds:
        lines.append(f"The hard computer player in the same seats: {hard.exact} of {hard.rounds} exact "
                     f"({round(100 * hard.exact / hard.rounds)}%), too high {hard.too_high}, too low {hard.too_low}.")
    shown = calibration[calibration["rounds"] > 0]
    if len(shown):
        parts = [f"{label}: {int(row['came true'])} of {int(row['rounds'])}" for label, row in shown.iterrows()]
        lines.append("Calibration (the kit's chance for your bid: how many came true): " + "; ".join(parts) + ".")
    return "\n".join(lines)


__all__ = ["summarize", "PredictionSummary", "Tally", "calibration_table", "COLUMNS"]
