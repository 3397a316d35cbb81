"""The class tournament, in the flyer's format ("Come join a Wizard Tournament!").

Tables of 4, 5 or 6 players, ten hands each (the tournament schedule,
``round_sizes(n, schedule="tournament")``), the most points wins. Computer players fill a table only
where it would have fewer than 4 pupils.

>>> tournament_tables(23)
[6, 6, 6, 5]
>>> tournament_tables(7), tournament_tables(2)
([4, 3], [2])
>>> [max(MIN_TABLE, n) for n in tournament_tables(7)]   # seats: computers bring the 3 up to 4
[4, 4]
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from html import escape
from math import ceil

from ..errors import WizardError

MIN_TABLE = 4
MAX_TABLE = 6
#: Said on the board and the printed page, next to the standings.
TIE_BREAK = ("Most points wins. With equal points, more exact bids (rounds where the bid was exactly "
             "right) places higher.")


class TournamentError(WizardError):
    """A tournament step that cannot be taken now (nobody registered, tables still playing...)."""


def tournament_tables(pupils: int) -> list[int]:
    """How many pupils sit at each table: as few tables as the flyer allows (at most 6 at a table),
    as even as possible, bigger tables first."""
    if not isinstance(pupils, int) or isinstance(pupils, bool) or pupils < 1:
        raise TournamentError(f"A tournament needs at least one pupil, not {pupils!r}.")
    count = ceil(pupils / MAX_TABLE)
    base, extra = divmod(pupils, count)
    return [base + 1] * extra + [base] * (count - extra)


def seat_by_standings(ordered_pupils: Sequence[int]) -> list[list[int]]:
    """The pupils (best first) cut into tables of :func:`tournament_tables` sizes: the leaders play
    each other at the first table."""
    tables, start = [], 0
    for size in tournament_tables(len(ordered_pupils)):
        tables.append(list(ordered_pupils[start:start + size]))
        start += size
    return tables


@dataclass
class Result:
    """One pupil's game in one tournament round."""

    pupil: int
    name: str
    round: int
    table: int
    points: int
    exact: int


@dataclass
class Standing:
    place: int
    pupil: int
    name: str
    points: int
    exact: int
    by_round: dict[int, int] = field(default_factory=dict)
    tables: list[int] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {"place": self.place, "pupil": self.pupil, "name": self.name, "points": self.points,
                "exact": self.exact, "by_round": {str(k): v for k, v in self.by_round.items()},
                "tables": self.tables}


def standings(results: Iterable[Result]) -> list[Standing]:
    """Total points over every round, then exact bids; pupils equal on both share a place."""
    found: dict[int, Standing] = {}
    for r in results:
        s = found.setdefault(r.pupil, Standing(0, r.pupil, r.name, 0, 0))
        s.points += r.points
        s.exact += r.exact
        s.by_round[r.round] = s.by_round.get(r.round, 0) + r.points
        s.tables.append(r.table)
    ordered = sorted(found.values(), key=lambda s: (-s.points, -s.exact, s.name.lower(), s.pupil))
    for i, s in enumerate(ordered):
        same = i and (s.points, s.exact) == (ordered[i - 1].points, ordered[i - 1].exact)
        s.place = ordered[i - 1].place if same else i + 1
    return ordered


#: What a spreadsheet reads as the start of a formula: a cell of text starting so gets a ``'`` first.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def inert(cell: object) -> object:
    """A CSV cell a spreadsheet shows as text, never runs: pupils type their own names.

    >>> inert("=1+2"), inert("@SUM(A1:A9)"), inert("Ann"), inert(-20)
    ("'=1+2", "'@SUM(A1:A9)", 'Ann', -20)
    """
    return "'" + cell if isinstance(cell, str) and cell.startswith(FORMULA_STARTS) else cell


def standings_csv(table: Sequence[Standing]) -> str:
    """The standings for the teacher's gradebook (opens in a spreadsheet or ``pandas.read_csv``); a name
    that starts like a formula is kept as text (:func:`inert`); points stay numbers (-20 is a score)."""
    rounds = sorted({r for s in table for r in s.by_round})
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["place", "name", "points", "exact_bids", *(f"round_{r}_points" for r in rounds)])
    for s in table:
        writer.writerow([inert(cell) for cell in (s.place, s.name, s.points, s.exact,
                                                  *(s.by_round.get(r, "") for r in rounds))])
    return out.getvalue()


def standings_html(table: Sequence[Standing], title: str = "Class Wizard tournament") -> str:
    """A page to print: the standings and how ties are broken."""
    rows = "".join(f"<tr><td>{s.place}</td><td>{escape(s.name)}</td><td>{s.points}</td><td>{s.exact}</td></tr>"
                   for s in table)
    return (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{escape(title)}</title>'
            "<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse;font-size:1.2em}"
            "td,th{border:1px solid #333;padding:0.3em 0.8em;text-align:left}@media print{button{display:none}}"
            f"</style></head><body><h1>{escape(title)}</h1><p>{escape(TIE_BREAK)}</p>"
            '<table><thead><tr><th scope="col">Place</th><th scope="col">Name</th><th scope="col">Points</th>'
            f'<th scope="col">Exact bids</th></tr></thead><tbody>{rows}</tbody></table></body></html>')


__all__ = ["MIN_TABLE", "MAX_TABLE", "TIE_BREAK", "TournamentError", "tournament_tables", "seat_by_standings",
           "Result", "Standing", "standings", "standings_csv", "standings_html"]
