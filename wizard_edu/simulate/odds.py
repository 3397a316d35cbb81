"""Exact odds, as fractions: the trump, what a hand holds, and the one-card round.

Every answer is a :class:`fractions.Fraction` (tables also come as floats for display).
The rules come from :mod:`wizard_edu.engine.rules`: which card gives which trump is
:func:`~wizard_edu.engine.rules.core.trump_from_card`, who takes a trick is the engine's
``trick_winner`` (through the simulator's tables, which are built from it).

>>> trump_odds(4, round_number=1)["R"]
Fraction(13, 60)
>>> hypergeometric(60, 4, 5, 0)
Fraction(22737, 32509)
>>> one_card_win_probability("W", players=4, seat=0, turned_up="R5")
Fraction(1, 1)
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb, perm
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:  # pandas is imported when a table is asked for
    import pandas as pd

from ..display.numbers import readable
from ..engine.cards import COLOUR_NAMES, COLOURS, Card
from ..engine.rules import checks
from ..engine.rules.core import DEALER_CHOOSES, as_cards, trump_from_card
from ..engine.rules.rulesets import Ruleset, get_ruleset
from ..errors import ArgumentError, TrumpError
from .checks import (
    DealerChoosesError,
    HandSizeError,
    check_cards,
    check_players,
    check_seat,
    trump_of,
    whole,
)
from .tables import rule_tables, trump_code

NO_TRUMP = "no trump"
#: The biggest pile :func:`hypergeometric` counts exactly (a Wizard deck has 60 or 66 cards).
MAX_POPULATION = 10_000

__all__ = [
    "trump_odds", "trump_odds_table", "hypergeometric", "hand_odds", "hand_odds_table",
    "one_card_win_probability", "first_round_bids", "best_first_round_bid", "FirstRoundBid",
    "round_one_table", "DealerChoosesError", "NO_TRUMP",
]


# -- the trump -------------------------------------------------------------------
def trump_odds(players: int, round_number: int = 1, rules: str | Ruleset = "classic") -> dict:
    """The chance of each trump outcome in a round, before anyone looks at the cards.

    Keys: ``"R"``, ``"G"``, ``"B"``, ``"Y"``, :data:`NO_TRUMP` and ``DEALER_CHOOSES``
    (a Wizard turned up).  The turned-up card is equally likely to be any card of the deck;
    when every card is dealt (the last Classic round) there is no trump for sure.

    >>> odds = trump_odds(3, round_number=20)
    >>> odds["no trump"], odds["R"]
    (Fraction(1, 1), Fraction(0, 1))
    """
    ruleset = get_ruleset(rules)
    players = check_players(players, ruleset)
    sizes = ruleset.round_sizes(players)
    number = whole(round_number)
    if number is None or not 1 <= number <= len(sizes):
        raise ArgumentError(f"With {players} players the {ruleset.title} rounds go from 1 to {len(sizes)}, "
                            f"not {round_number!r}.")
    round_number = number
    outcomes = {c: 0 for c in COLOURS} | {NO_TRUMP: 0, DEALER_CHOOSES: 0}
    deck = ruleset.deck()
    if players * sizes[round_number - 1] >= len(deck):
        outcomes[NO_TRUMP] = 1
        total = 1
    else:
        for card in deck:
            trump = trump_from_card(card, ruleset)
            outcomes[NO_TRUMP if trump is None else trump] += 1
        total = len(deck)
    return {k: Fraction(v, total) for k, v in outcomes.items()}


def trump_odds_table(players: int, rules: str | Ruleset = "classic", exact: bool = False) -> pd.DataFrame:
    """A DataFrame, one row per round: the chance of each colour, of no trump, of the dealer choosing."""
    import pandas as pd

    ruleset = get_ruleset(rules)
    players = check_players(players, ruleset)
    checks.flag(exact, "exact")
    rows = {}
    for r, size in enumerate(ruleset.round_sizes(players), start=1):
        odds = trump_odds(players, r, ruleset)
        row = {"cards each": size}
        row |= {COLOUR_NAMES[c]: odds[c] for c in COLOURS}
        row |= {NO_TRUMP: odds[NO_TRUMP], "dealer chooses": odds[DEALER_CHOOSES]}
        rows[r] = {k: (v if exact or k == "cards each" else float(v)) for k, v in row.items()}
    return readable(pd.DataFrame.from_dict(rows, orient="index").rename_axis("round"))


# -- what a hand holds -------------------------------------------------------------
def hypergeometric(population: int, successes: int, draws: int, k: int) -> Fraction:
    """Chance of exactly ``k`` marked cards when drawing ``draws`` of ``population`` cards,
    ``successes`` of them marked (no card drawn twice).

    >>> hypergeometric(36, 2, 8, 2)
    Fraction(2, 45)
    >>> hypergeometric(60, 4, 5, 6)   # six Wizards in five cards: impossible
    Fraction(0, 1)
    """
    counts = []
    for name, v in (("population", population), ("successes", successes), ("draws", draws), ("k", k)):
        n = whole(v)
        if n is None or n < 0:
            raise ArgumentError(f"{name} must be a whole number of 0 or more, not {v!r}.")
        counts.append(n)
    population, successes, draws, k = counts
    if population > MAX_POPULATION:
        # Exact counts of a huge pile are numbers with millions of digits: refuse at once rather than
        # compute for minutes (10,000 cards take a few milliseconds).
        raise ArgumentError(f"Exact odds are counted for piles of up to {MAX_POPULATION:,} cards, "
                            f"not {population:,}.")
    if successes > population or draws > population:
        raise ArgumentError(f"Cannot draw {draws} or mark {successes} of only {population} cards.")
    if k > min(successes, draws) or draws - k > population - successes:
        return Fraction(0)  # more marked (or unmarked) cards than there are: it never happens
    return Fraction(comb(successes, k) * comb(population - successes, draws - k), comb(population, draws))


def _marked(what: str, ruleset: Ruleset, up: Card | None) -> tuple[str, list[Card]]:
    key = what.strip().lower() if isinstance(what, str) else what
    deck = ruleset.deck()
    if key in ("wizard", "wizards", "w"):
        return "Wizards", [c for c in deck if c.is_wizard]
    if key in ("jester", "jesters", "j", "fool frog", "fool frogs"):
        return "Jesters", [c for c in deck if c.is_jester]
    if key in ("trump", "trumps"):
        trump = trump_from_card(up, ruleset) if up is not None else None
        if trump is None or trump == DEALER_CHOOSES:
            raise TrumpError("To count trumps, give the turned-up card as a number card (turned_up='R5'): "
                             "its colour is trump.")
        return f"trumps ({COLOUR_NAMES[trump]})", [c for c in deck if c.colour == trump]
    if isinstance(key, str) and key.upper() in COLOURS:
        return COLOUR_NAMES[key.upper()] + " cards", [c for c in deck if c.colour == key.upper()]
    raise ArgumentError(f"Count 'wizards', 'jesters', 'trumps' or a colour ('R', 'G', 'B', 'Y'), not {what!r}.")


def hand_odds(cards: int, what: str = "wizards", rules: str | Ruleset = "classic",
              turned_up: Card | str | None = None) -> dict[int, Fraction]:
    """Chance of holding exactly ``k`` Wizards (or Jesters, trumps, cards of a colour) in ``cards`` cards.

    With ``turned_up`` the hand is dealt from the rest of the deck (the turned-up card is seen).
    ``what="trumps"`` counts cards of the turned-up card's colour.

    >>> hand_odds(1, "wizards")[1]
    Fraction(1, 15)
    >>> hand_odds(2, "trumps", turned_up="R5")[2]
    Fraction(66, 1711)
    """
    ruleset = get_ruleset(rules)
    up = None if turned_up is None else as_cards([turned_up], ruleset)[0]
    _, marked = _marked(what, ruleset, up)
    population = ruleset.deck_size - (1 if up is not None else 0)
    successes = len(marked) - (1 if up is not None and up in marked else 0)
    size = whole(cards)
    if size is None or not 1 <= size <= population:
        raise HandSizeError(f"A hand has from 1 to {population} cards here, not {cards!r}.")
    cards = size
    return {k: hypergeometric(population, successes, cards, k) for k in range(min(cards, successes) + 1)}


def hand_odds_table(what: str = "wizards", rules: str | Ruleset = "classic", max_cards: int | None = None,
                    turned_up: Card | str | None = None, exact: bool = False) -> pd.DataFrame:
    """A DataFrame: one row per hand size, one column per count ``k``, the chance of holding ``k``."""
    import pandas as pd

    ruleset = get_ruleset(rules)
    checks.flag(exact, "exact")
    up = None if turned_up is None else as_cards([turned_up], ruleset)[0]
    label, _ = _marked(what, ruleset, up)
    if max_cards is not None:
        checks.whole_number(max_cards, "max_cards (the biggest hand in the table)", 1,
                            ruleset.deck_size - (up is not None), HandSizeError)
    top = max_cards if max_cards is not None else ruleset.deck_size // 3
    rows = {}
    for n in range(1, top + 1):
        odds = hand_odds(n, what, ruleset, turned_up)
        rows[n] = {k: (v if exact else float(v)) for k, v in odds.items()}
    table = pd.DataFrame.from_dict(rows, orient="index").fillna(0 if not exact else Fraction(0))
    table.index.name = "cards in hand"
    table.columns.name = f"{label} held"
    return readable(table)


# -- the one-card round ------------------------------------------------------------
def _classes(card: Card, trump: str | None, pool: list[Card]) -> list[list[Card]]:
    """Split the unseen cards into groups that are alike for whether ``card`` wins.

    For a number card: Wizards, Jesters, trumps (of another colour), higher and lower cards
    of its own colour, and cards of the other colours.  For a Wizard or Jester: Wizards,
    Jesters, number cards.  Within a group any card may stand for any other: the tests hold
    this to brute force (every deal, decided by ``trick_winner``) on small cases.
    """
    if not card.is_number:
        groups = [[c for c in pool if c.is_wizard], [c for c in pool if c.is_jester],
                  [c for c in pool if c.is_number]]
        return groups
    groups = [
        [c for c in pool if c.is_wizard],
        [c for c in pool if c.is_jester],
        [c for c in pool if c.is_number and c.colour == trump and trump != card.colour],
        [c for c in pool if c.colour == card.colour and c.value > card.value],
        [c for c in pool if c.colour == card.colour and c.value < card.value],
        [c for c in pool if c.is_number and c.colour not in (trump, card.colour)],
    ]
    assert sum(map(len, groups)) == len(pool)
    return groups


def _falling(n: int, k: int) -> int:
    return perm(n, k) if k <= n else 0


@lru_cache(maxsize=64)
def _sequences(groups: int, others: int) -> np.ndarray:
    """Every way to give each of ``others`` seats one of ``groups`` groups (rows)."""
    seqs = np.array(list(itertools.product(range(groups), repeat=others)), dtype=np.intp)
    return seqs.reshape(-1, others)


@lru_cache(maxsize=4096)
def _one_card(ruleset: Ruleset, card: Card, players: int, seat: int, up: Card | None) -> Fraction:
    tables = rule_tables(ruleset)
    trump = trump_from_card(up, ruleset) if up is not None else None
    pool = list(ruleset.deck())
    pool.remove(card)
    if up is not None:
        pool.remove(up)
    groups = _classes(card, trump, pool)
    live = [g for g in groups if g]
    others = players - 1
    # Every way to fill the other seats with groups; the engine's trick rules decide each one.
    seqs = _sequences(len(live), others)
    reps = np.array([tables.encode([g[0]])[0] for g in live], dtype=np.intp)
    me = tables.encode([card])[0]
    trick = np.empty((len(seqs), players), dtype=np.intp)
    trick[:, :seat] = reps[seqs[:, :seat]]
    trick[:, seat] = me
    trick[:, seat + 1:] = reps[seqs[:, seat:]]
    t = trump_code(trump)
    best, best_pos, state = (np.zeros(len(seqs), dtype=np.intp) for _ in range(3))
    for pos in range(players):
        best, state = tables.add_to_trick(trick[:, pos], pos, best, best_pos, state, t)
    # Count the winning fillings by how many cards of each group they use.
    base = others + 1
    codes = (seqs[best_pos == seat, :, None] == np.arange(len(live))).sum(1) @ (base ** np.arange(len(live)))
    values, times = np.unique(codes, return_counts=True)
    ways = 0
    for code, n in zip(values.tolist(), times.tolist()):
        w = n
        for g in range(len(live)):
            w *= _falling(len(live[g]), (code // base ** g) % base)
        ways += w
    return Fraction(ways, _falling(len(pool), others))


def one_card_win_probability(card: Card | str, players: int, seat: int, turned_up: Card | str | None,
                             rules: str | Ruleset = "classic") -> Fraction:
    """Exact chance that ``card`` wins the one-card round from ``seat`` (0 leads, ``players - 1`` deals).

    The other players' cards are equally likely to be any of the cards left after ``card``
    and the turned-up card ``turned_up`` (a number card sets trump; a Jester, or ``None``
    for no card, means no trump; a Wizard raises :class:`DealerChoosesError`).

    >>> one_card_win_probability("J", players=3, seat=0, turned_up="R5")
    Fraction(1, 551)
    >>> one_card_win_probability("R13", players=3, seat=2, turned_up="R5")
    Fraction(477, 551)
    """
    ruleset = get_ruleset(rules)
    rule_tables(ruleset)
    players = check_players(players, ruleset)
    (mine,), up = check_cards([card], turned_up, players, ruleset)
    seat = check_seat(seat, players)
    trump_of(up, ruleset, allow_choice=False)
    return _one_card(ruleset, mine, players, seat, up)


def first_round_bids(card: Card | str, players: int, seat: int, turned_up: Card | str | None,
                     rules: str | Ruleset = "classic") -> dict[int, Fraction]:
    """Expected score of bidding 0 and of bidding 1 with ``card`` in the one-card round.

    >>> first_round_bids("W", players=4, seat=0, turned_up="R5")
    {0: Fraction(-10, 1), 1: Fraction(30, 1)}
    """
    ruleset = get_ruleset(rules)
    p = one_card_win_probability(card, players, seat, turned_up, ruleset)
    return {b: p * ruleset.score(b, 1) + (1 - p) * ruleset.score(b, 0) for b in (0, 1)}


@dataclass(frozen=True)
class FirstRoundBid:
    """The best bid in the one-card round: the bid, its expected score, the chance of winning."""

    bid: int
    expected_score: Fraction
    win_probability: Fraction
    expected_scores: dict


def best_first_round_bid(card: Card | str, players: int, seat: int, turned_up: Card | str | None,
                         rules: str | Ruleset = "classic") -> FirstRoundBid:
    """The bid (0 or 1) with the higher expected score; on a tie, 0.

    >>> best_first_round_bid("R13", players=3, seat=2, turned_up="R5").bid
    1
    """
    ruleset = get_ruleset(rules)
    scores = first_round_bids(card, players, seat, turned_up, ruleset)
    bid = max(scores, key=lambda b: (scores[b], -b))
    return FirstRoundBid(bid, scores[bid], one_card_win_probability(card, players, seat, turned_up, ruleset),
                         scores)


def round_one_rows(turned_up: Card | str | None, rules: str | Ruleset = "classic") -> list[tuple[str, Card]]:
    """The cards that differ in the one-card round, with labels: the Wizard, each trump, each rank of
    another colour (all other colours are alike), the Jester."""
    ruleset = get_ruleset(rules)
    up = None if turned_up is None else as_cards([turned_up], ruleset)[0]
    trump = trump_of(up, ruleset, allow_choice=False)
    rows: list[tuple[str, Card]] = [("Wizard", Card("wizard"))]
    if trump is not None:
        rows += [(f"{trump}{r} (trump)", Card("number", trump, r)) for r in range(ruleset.ranks, 0, -1)
                 if Card("number", trump, r) != up]
        other = next(c for c in COLOURS if c != trump)
        rows += [(f"{r} of another colour", Card("number", other, r)) for r in range(ruleset.ranks, 0, -1)]
    else:
        rows += [(f"{r} of any colour", Card("number", "R", r)) for r in range(ruleset.ranks, 0, -1)]
    rows.append(("Jester", Card("jester")))
    return rows


def round_one_table(players: int, turned_up: Card | str | None, rules: str | Ruleset = "classic",
                    exact: bool = False) -> pd.DataFrame:
    """A DataFrame of one-card win chances: one row per kind of card, one column per seat."""
    import pandas as pd

    ruleset = get_ruleset(rules)
    players = check_players(players, ruleset)
    checks.flag(exact, "exact")
    rows = round_one_rows(turned_up, ruleset)
    data = {}
    for seat in range(players):
        name = f"player {seat + 1}" + (" (leads)" if seat == 0 else " (deals)" if seat == players - 1 else "")
        column = []
        for _, card in rows:
            p = one_card_win_probability(card, players, seat, turned_up, ruleset)
            column.append(p if exact else float(p))
        data[name] = column
    table = pd.DataFrame(data, index=pd.Index([label for label, _ in rows], name="your card"))
    return table
from .chances import bid_values, card_chances  # noqa: E402,F401  (issue 12: chances from a seat's view)
