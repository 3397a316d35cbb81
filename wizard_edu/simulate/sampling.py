"""Simulated counts to set beside the exact odds of :mod:`wizard_edu.simulate.odds` (same keys, same questions)."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np

from ..display.numbers import readable
from ..engine.cards import COLOURS, Card
from ..engine.rules.core import DEALER_CHOOSES, as_cards
from ..engine.rules.rulesets import Ruleset, get_ruleset
from .api import CHUNK, chunks
from .checks import (
    MAX_DEALS,
    HandSizeError,
    SampleSizeError,
    WizardError,
    check_count,
    check_players,
    check_seed,
    whole,
)
from .play import deal
from .tables import CHOOSE, rule_tables

if TYPE_CHECKING:  # pandas is imported where a table is made: importing it is slow
    import pandas as pd


def trump_frequencies(n: int, players: int = 4, round_number: int = 1, rules: str | Ruleset = "classic",
                      seed: int | None = None) -> dict:
    """Deal round ``round_number`` ``n`` times and count each trump outcome (keys as :func:`trump_odds`).

    >>> counts = trump_frequencies(1000, seed=0)
    >>> sum(counts.values())
    1000
    """
    ruleset = get_ruleset(rules)
    tables = rule_tables(ruleset)
    n = check_count(n, "deals", MAX_DEALS)
    players = check_players(players, ruleset)
    seed = check_seed(seed)
    sizes = ruleset.round_sizes(players)
    number = whole(round_number)
    if number is None or not 1 <= number <= len(sizes):
        raise HandSizeError(f"With {players} players the rounds go from 1 to {len(sizes)}, not {round_number!r}.")
    round_number = number
    rng = np.random.default_rng(seed)
    codes = np.zeros(6, dtype=np.int64)  # 0 none, 1-4 colours, 5 dealer chooses
    for size in chunks(n, CHUNK):
        _, turned = deal(tables, size, players, sizes[round_number - 1], rng)
        code = np.where(turned >= 0, tables.turned_up[np.maximum(turned, 0)], 0)
        codes += np.bincount(code, minlength=6)
    out = {c: int(codes[1 + i]) for i, c in enumerate(COLOURS)}
    out |= {"no trump": int(codes[0]), DEALER_CHOOSES: int(codes[CHOOSE])}
    return out


def hand_frequencies(n: int, cards: int, what: str = "wizards", rules: str | Ruleset = "classic",
                     seed: int | None = None, turned_up: Card | str | None = None) -> dict[int, int]:
    """Deal ``n`` hands of ``cards`` cards and count how many hold k Wizards (Jesters, or trumps:
    cards of the turned-up card's colour), keys as :func:`wizard_edu.simulate.odds.hand_odds`."""
    from .odds import _marked

    ruleset = get_ruleset(rules)
    tables = rule_tables(ruleset)
    n = check_count(n, "deals", MAX_DEALS)
    cards = check_count(cards, "cards")
    seed = check_seed(seed)
    up = None if turned_up is None else as_cards([turned_up], ruleset)[0]
    _, marked_cards = _marked(what, ruleset, up)
    marked = np.zeros(tables.size + 1, dtype=bool)
    marked[:tables.size] = [c in marked_cards for c in tables.cards]
    up_id = None if up is None else tables.encode([up])[0]
    if cards > ruleset.deck_size - (up is not None):
        raise HandSizeError(f"A hand of {cards} cards does not fit in the deck.")
    rng = np.random.default_rng(seed)
    counts = np.zeros(cards + 1, dtype=np.int64)
    for size in chunks(n, CHUNK):
        hands, _ = deal(tables, size, 1, cards, rng, fixed_turned_up=up_id, turned_up_known=True)
        counts += np.bincount(marked[hands[:, 0, :]].sum(1), minlength=cards + 1)
    top = int(np.nonzero(counts)[0].max()) if counts.any() else 0
    return {k: int(counts[k]) for k in range(max(top, min(cards, int(marked.sum()))) + 1)}


def compare_with_exact(exact: dict, counts: dict) -> pd.DataFrame:
    """A DataFrame: exact chance, simulated share, standard error and how many standard errors apart."""
    import pandas as pd

    if not isinstance(exact, dict) or not isinstance(counts, dict):
        raise WizardError("compare_with_exact takes two dicts: the exact chances and the counts, like "
                          "compare_with_exact(trump_odds(4), trump_frequencies(1000)).")
    n = sum(counts.values())
    if not n:
        raise SampleSizeError("There are no counts to compare: deal at least once.")
    rows = {}
    for key, p in exact.items():
        share = counts.get(key, 0) / n
        p = float(p)
        se = (p * (1 - p) / n) ** 0.5
        rows[key] = {"exact": p, "simulated": share, "std error": se,
                     "errors apart": (share - p) / se if se > 0 else 0.0}
    table = pd.DataFrame.from_dict(rows, orient="index")
    table.attrs["deals"] = n
    return readable(table, plain=("errors apart",))


__all__ = ["trump_frequencies", "hand_frequencies", "compare_with_exact", "Fraction"]
