"""The class tournament, in the flyer's format ("Come join a Wizard Tournament!").

Tables of 4, 5 or 6 players, the most points wins. Computer players fill a table only where it would
have fewer than 4 pupils. The game is the class's own edition (:func:`tournament_ruleset`): Classic
and Anniversary deal the flyer's ten hands (``round_sizes(n, schedule="tournament")``); Junior's
36 cards cannot deal its 15-card hands, so a Junior tournament plays Junior's own rounds and scoring.

>>> tournament_plan("junior")["text"]
'Wizard Junior at tables of 4 to 6: 8 hands at a table of 4, 7 at a table of 5, 6 at a table of 6. Junior scoring: a right prediction gets a chip for each trick (1 for a right 0), a wrong one gets nothing and loses nothing.'
>>> tournament_plan("classic")["text"]
'Classic Wizard at tables of 4 to 6: 10 hands at every table (the tournament deal). Classic scoring: a right bid gets 20 points and 10 for each trick, a wrong one loses 10 for each trick too many or too few.'

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
from fractions import Fraction
from html import escape
from math import ceil

from ..engine.rules.rulesets import Ruleset, get_ruleset
from ..errors import UnknownRulesetError
from .errors import TournamentError

MIN_TABLE = 4
MAX_TABLE = 6
#: Said on the board and the printed page, next to the standings.
TIE_BREAK = ("Most points wins. With equal points, more exact bids (rounds where the bid was exactly "
             "right) places higher.")


#: The scoring, in a sentence for the board (the ruleset's ``scoring``).
SCORING = {"junior": "Junior scoring: a right prediction gets a chip for each trick (1 for a right 0), a wrong "
                     "one gets nothing and loses nothing.",
           "classic": "Classic scoring: a right bid gets 20 points and 10 for each trick, a wrong one loses 10 "
                      "for each trick too many or too few."}


def tournament_ruleset(rules: str | Ruleset) -> Ruleset:
    """What a class tournament plays for the class's rules setting: the same edition, printed rules
    (the class's variant options are not used), with the flyer's ten-hand deal wherever the edition's
    deck can deal it (Classic, Anniversary) and the edition's own rounds otherwise (Junior).

    >>> [tournament_ruleset(r).title for r in ("junior", "classic", "anniversary")]
    ['Wizard Junior', 'Classic Wizard (tournament)', 'Wizard Anniversary (tournament)']
    """
    edition = get_ruleset(get_ruleset(rules).name)
    try:
        return edition.with_options(schedule="tournament")
    except UnknownRulesetError:   # the engine's one rule: the flyer's deal needs a 60-card deck
        return edition


def tournament_plan(rules: str | Ruleset) -> dict:
    """What a tournament for the class's ``rules`` will play, for the board to say before it starts:
    the ruleset, the hands at each table size and a sentence for the teacher."""
    ruleset = tournament_ruleset(rules)
    hands = {size: len(ruleset.round_sizes(size)) for size in range(MIN_TABLE, MAX_TABLE + 1)}
    if len(set(hands.values())) == 1:
        deal = f"{hands[MIN_TABLE]} hands at every table" + (" (the tournament deal)"
                                                            if ruleset.schedule == "tournament" else "")
    else:
        deal = ", ".join(f"{n} {'hands ' if size == MIN_TABLE else ''}at a table of {size}"
                         for size, n in hands.items())
    edition = ruleset.title.split(" (")[0]
    return {"rules": ruleset.name, "title": ruleset.title, "hands": {str(k): v for k, v in hands.items()},
            "scoring": ruleset.scoring, "ruleset": ruleset.to_dict(),
            "text": f"{edition} at tables of {MIN_TABLE} to {MAX_TABLE}: {deal}. {SCORING[ruleset.scoring]}"}


def tie_break(rules: str | Ruleset) -> str:
    """How ties are broken, in the edition's words (Junior predicts, Classic bids)."""
    if tournament_ruleset(rules).name == "junior":
        return ("Most points wins. With equal points, more exact predictions (rounds where the prediction "
                "was exactly right) places higher.")
    return TIE_BREAK


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
    #: Duplicate deals: the points minus the average of everyone who held the same cards (tenths; 0
    #: without duplicate deals, where nobody else held them). See :func:`compare_same_cards`.
    compared: float = 0.0


@dataclass(frozen=True)
class HeldHand:
    """One seat's points in one finished round of a tournament table, for :func:`compare_same_cards`.

    ``deal`` names the cards: everything that decides them (the tournament round, the table size, the
    table's seed, the game's round, the seat), so two seats with the same ``deal`` held the same cards.
    """

    deal: tuple
    pupil: int | None   # None: a computer player held them
    points: int


def compare_same_cards(hands: Iterable[HeldHand]) -> dict[int, float]:
    """Each pupil's points minus the average points of everyone (pupils and computer players, the
    pupil included) who held the same cards, summed over the pupil's hands, in tenths. A hand nobody
    else held counts 0: there is nothing to compare it with.

    >>> a, b = ("r1", 4, 99, 1, 0), ("r1", 4, 99, 1, 1)
    >>> compare_same_cards([HeldHand(a, 1, 30), HeldHand(a, 2, -10), HeldHand(a, None, 10), HeldHand(b, 3, 20)])
    {1: 20.0, 2: -20.0, 3: 0.0}
    """
    by_deal: dict[tuple, list[HeldHand]] = {}
    for hand in hands:
        by_deal.setdefault(hand.deal, []).append(hand)
    totals: dict[int, Fraction] = {}
    for held in by_deal.values():
        average = Fraction(sum(h.points for h in held), len(held))
        for h in held:
            if h.pupil is not None:
                totals[h.pupil] = totals.get(h.pupil, Fraction(0)) + h.points - average
    return {pupil: round(float(total), 1) for pupil, total in totals.items()}


@dataclass
class Standing:
    place: int
    pupil: int
    name: str
    points: int
    exact: int
    by_round: dict[int, int] = field(default_factory=dict)
    tables: list[int] = field(default_factory=list)
    compared: float = 0.0

    def to_dict(self) -> dict:
        return {"place": self.place, "pupil": self.pupil, "name": self.name, "points": self.points,
                "exact": self.exact, "compared": self.compared,
                "by_round": {str(k): v for k, v in self.by_round.items()}, "tables": self.tables}


def standings(results: Iterable[Result], by: str = "points") -> list[Standing]:
    """Total points over every round, then exact bids; pupils equal on both share a place.

    ``by="duplicate"``: ranked first by the comparison with the others who held the same cards
    (:attr:`Result.compared`), then as the flyer says.
    """
    found: dict[int, Standing] = {}
    for r in results:
        s = found.setdefault(r.pupil, Standing(0, r.pupil, r.name, 0, 0))
        s.points += r.points
        s.exact += r.exact
        s.compared = round(s.compared + r.compared, 1)
        s.by_round[r.round] = s.by_round.get(r.round, 0) + r.points
        s.tables.append(r.table)

    def rank(s: Standing) -> tuple:
        return (-s.compared, -s.points, -s.exact) if by == "duplicate" else (-s.points, -s.exact)

    ordered = sorted(found.values(), key=lambda s: (*rank(s), s.name.lower(), s.pupil))
    for i, s in enumerate(ordered):
        same = i and rank(s) == rank(ordered[i - 1])
        s.place = ordered[i - 1].place if same else i + 1
    return ordered


#: Said on the board next to the standings: which ranking is used.
RANKED_BY = {"points": "Ranked by points (the flyer's way).",
             "duplicate": "Ranked by the same cards: each pupil's points minus the average of everyone who held "
                          "the same cards in the same seat (duplicate deals), then by points."}


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


def standings_html(table: Sequence[Standing], title: str = "Class Wizard tournament", rules: str = "classic") -> str:
    """A page to print: the standings and how ties are broken (in the words of the tournament's ``rules``)."""
    exact = "Exact predictions" if tournament_ruleset(rules).name == "junior" else "Exact bids"
    rows = "".join(f"<tr><td>{s.place}</td><td>{escape(s.name)}</td><td>{s.points}</td><td>{s.exact}</td></tr>"
                   for s in table)
    return (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{escape(title)}</title>'
            "<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse;font-size:1.2em}"
            "td,th{border:1px solid #333;padding:0.3em 0.8em;text-align:left}@media print{button{display:none}}"
            f"</style></head><body><h1>{escape(title)}</h1><p>{escape(tie_break(rules))}</p>"
            '<table><thead><tr><th scope="col">Place</th><th scope="col">Name</th><th scope="col">Points</th>'
            f'<th scope="col">{exact}</th></tr></thead><tbody>{rows}</tbody></table></body></html>')


__all__ = ["MIN_TABLE", "MAX_TABLE", "TIE_BREAK", "SCORING", "tournament_ruleset",
           "tournament_plan", "tie_break", "tournament_tables", "seat_by_standings",
           "Result", "Standing", "standings", "HeldHand", "compare_same_cards", "RANKED_BY", "standings_csv", "standings_html"]
