"""The simulator's tables: the engine's rule tables plus the rule-of-thumb player's scores.

The card encoding and every rule table (who takes a trick, follow suit, the turned-up
card's trump) live in :mod:`wizard_edu.rules.tables`, filled from the engine's rule
functions; this module adds what the simulator's player models need on top, filled from
the rule-of-thumb player's own scoring functions (``card_power``, ``strength`` and its
crowd factor), and flat copies for fast lookups.  The old names (``trump_code``,
``NO_TRUMP``, ``CHOOSE``...) still import from here.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from functools import lru_cache

import numpy as np

from ..errors import UnknownRulesetError
from ..rules.rulesets import Ruleset, get_ruleset
from ..rules.tables import (
    CHOOSE,
    FREE,
    N_STATES,
    NO_TRUMP,
    OPEN,
    TRUMP_CODES,
    RuleTables,
    code_trump,
    is_tabled,
    trump_code,
)
from ..rules.tables import (
    rule_tables as engine_tables,
)


@dataclass(frozen=True, eq=False)
class SimTables(RuleTables):
    """:class:`~wizard_edu.rules.tables.RuleTables` plus the player models' scores (see :func:`rule_tables`)."""

    # [trump, led (0: the card's own colour, 1..4), card] -> the rule-of-thumb strength
    strength: np.ndarray = field(default_factory=lambda: np.zeros((TRUMP_CODES, TRUMP_CODES, 0)))

    @property
    def flat(self) -> FlatTables:
        """The tables as flat arrays with one extra id, ``size``, standing for a card already played."""
        cached = self.__dict__.get("_flat")
        if cached is None:
            cached = FlatTables.build(self)
            object.__setattr__(self, "_flat", cached)
        return cached

    @lru_cache(maxsize=8)  # noqa: B019 - a handful of player counts per ruleset
    def bid_power(self, players: int) -> np.ndarray:
        """[trump, card] -> the card's share of the rule-of-thumb trick estimate (``count_tricks``)."""
        from ..players.rule_of_thumb import card_power, crowd_factor

        crowd = crowd_factor(players)
        table = np.zeros((TRUMP_CODES, self.size))
        for t in range(TRUMP_CODES):
            for i, card in enumerate(self.cards):
                power = card_power(card, code_trump(t), self.ruleset.ranks)
                table[t, i] = power if power >= 1.0 else power * crowd
        return table


@dataclass(frozen=True, eq=False)
class FlatTables:
    """Flat copies of :class:`RuleTables` for fast lookups; id ``gone`` marks a played card.

    ``width = size + 1``.  Index ``[a, b]`` of a table becomes ``a * width + b``.
    """

    gone: int
    width: int
    led_number: np.ndarray   # [state * width + card]
    follow_ok: np.ndarray    # [state * width + card], False for a played card
    lead_next: np.ndarray    # [state * width + card]
    beats: np.ndarray        # [(trump * width + best) * width + card]
    strength: np.ndarray     # [(trump * 5 + led) * width + card]

    def legal_rows(self, hand: np.ndarray, state: np.ndarray, pos: int) -> np.ndarray:
        """Which rows of ``hand`` (card ids, one column per deal) may be played onto a trick in
        ``state`` with ``pos`` cards in it: any card held to lead, else follow the led colour if held."""
        if pos == 0:
            return hand != self.gone
        key = hand + state * self.width
        holds = np.take(self.led_number, key).any(0)
        return np.where(holds, np.take(self.follow_ok, key), hand != self.gone)

    def add_to_trick(self, card: np.ndarray, pos: int, best: np.ndarray, best_pos: np.ndarray,
                     state: np.ndarray, trump_w: np.ndarray | int) -> tuple[np.ndarray, np.ndarray]:
        """Play ``card`` (one id per deal) as the trick's card number ``pos``: the new card winning
        so far and trick state; ``best_pos`` (its place in the trick) is updated in place."""
        if pos == 0:
            best = card
        else:
            take = self.beats[(trump_w + best) * self.width + card]
            best = np.where(take, card, best)
            best_pos[take] = pos
        return best, self.lead_next[state * self.width + card]

    @classmethod
    def build(cls, t: SimTables) -> FlatTables:
        size, width = t.size, t.size + 1

        def pad(table: np.ndarray, fill: float) -> np.ndarray:
            out = np.full(table.shape[:-1] + (width,), fill, dtype=table.dtype)
            out[..., :size] = table
            return out

        beats = np.zeros((5, width, width), dtype=bool)
        beats[:, :size, :size] = t.beats
        return cls(size, width, pad(t.led_number, False).ravel(), pad(t.follow_ok, False).ravel(),
                   pad(t.lead_next, 0).ravel(), beats.ravel(), pad(t.strength, 0.0).ravel())


def check_simulated(ruleset: Ruleset) -> None:
    """The simulator plays Junior and Classic (standard bidding); say so clearly otherwise."""
    if (not is_tabled(ruleset) or ruleset.bid_rule is not None
            or ruleset.name not in ("junior", "classic")):
        raise UnknownRulesetError(
            f"The simulator plays Wizard Junior and Classic Wizard (without bidding limits), "
            f"not {ruleset.title}.")


@lru_cache(maxsize=32)
def _tables(ruleset: Ruleset) -> SimTables:
    # Imported here, not at the top: the players import this module (one shared set of tables).
    from ..players.rule_of_thumb import strength

    base = engine_tables(ruleset)
    power = np.zeros((TRUMP_CODES, TRUMP_CODES, base.size))
    for t in range(TRUMP_CODES):
        for led in range(TRUMP_CODES):
            for i, card in enumerate(base.cards):
                power[t, led, i] = strength(card, code_trump(t), code_trump(led) or card.colour)
    return SimTables(**{f.name: getattr(base, f.name) for f in fields(RuleTables)}, strength=power)


def player_tables(ruleset: Ruleset) -> SimTables:
    """The tables for a computer player: any Junior or Classic ruleset, bidding variants included."""
    return _tables(engine_tables(ruleset).ruleset)


def rule_tables(rules: str | Ruleset = "classic") -> SimTables:
    """The (cached) tables for ``rules``: ``"junior"`` or ``"classic"``."""
    ruleset = get_ruleset(rules)
    check_simulated(ruleset)
    return _tables(ruleset)


__all__ = ["RuleTables", "SimTables", "FlatTables", "rule_tables", "player_tables", "check_simulated",
           "trump_code", "code_trump", "NO_TRUMP", "CHOOSE", "OPEN", "FREE", "N_STATES"]
