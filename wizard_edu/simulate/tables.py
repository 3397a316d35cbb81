"""The simulator's tables and its one set of loops over them.

The card encoding and the rule tables (who takes a trick, follow suit, the turned-up card's trump,
scores) are :mod:`wizard_edu.engine.rules.tables`, filled by asking the rules.  :class:`SimTables` adds
what the player models need, filled from the rule-of-thumb player's own scoring functions
(``card_power``, ``strength`` and its crowd factor) and the careful player's preferences, and the
vectorised steps every simulation is made of: which cards of a hand may be played
(:meth:`SimTables.legal_rows`), whether a card takes the trick (:meth:`SimTables.takes`) and
adding a card to a trick (:meth:`SimTables.add_to_trick`).  Whole rounds
(:mod:`.play`), rounds played on from the middle (:mod:`.midround`) and the exact one-card odds
all use these.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from functools import cache

import numpy as np

from ..engine.rules import tables as base
from ..engine.rules.rulesets import Ruleset, get_ruleset
from ..engine.rules.tables import (
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
from ..errors import UnknownRulesetError

#: The numbers of players the bid-power table is made for.
PLAYER_COUNTS = range(3, 7)


@dataclass(frozen=True, eq=False)
class SimTables(RuleTables):
    """:class:`~wizard_edu.engine.rules.tables.RuleTables` plus the player models' scores and the
    simulator's vectorised steps (see :func:`rule_tables`).

    The steps work on arrays of card ids, one entry per deal (``gone`` for a card already
    played), trump codes and lead states, and look the tables up by flat index
    (``np.take``), which is the fastest numpy offers.
    """

    strength: np.ndarray     # [trump, led 0..4 (0: the card's own colour), card] -> rule-of-thumb strength
    powers: np.ndarray       # [players, trump, card] -> the card's share of the rule-of-thumb trick count
    discard: np.ndarray      # [trump, card] -> the careful player throws the lowest away first
    lead_low: np.ndarray     # [trump, card] -> the careful player leads the lowest (numbers, Jester, Wizard)
    # Flat views of the tables above (no copies), for np.take: [a, b] is a * width + b.
    _beats: np.ndarray = field(init=False, repr=False)
    _lead_next: np.ndarray = field(init=False, repr=False)
    _follow_ok: np.ndarray = field(init=False, repr=False)
    _led_number: np.ndarray = field(init=False, repr=False)
    _strength: np.ndarray = field(init=False, repr=False)
    _discard: np.ndarray = field(init=False, repr=False)
    _lead_low: np.ndarray = field(init=False, repr=False)

    def __post_init__(self) -> None:
        for name in ("beats", "lead_next", "follow_ok", "led_number", "strength", "discard", "lead_low"):
            object.__setattr__(self, f"_{name}", getattr(self, name).ravel())

    def bid_power(self, players: int) -> np.ndarray:
        """[trump, card] -> the card's share of the rule-of-thumb trick estimate (``count_tricks``; 0 for ``gone``)."""
        return self.powers[players]

    # -- the steps of a simulation ----------------------------------------------------
    def legal_rows(self, hand: np.ndarray, state: np.ndarray, pos: int) -> np.ndarray:
        """Which rows of ``hand`` (card ids, one column per deal) may be played onto a trick in
        ``state`` with ``pos`` cards in it: any card held to lead, else follow the led colour if held."""
        if pos == 0:
            return hand != self.gone
        key = hand + state * self.width
        holds = np.take(self._led_number, key).any(0)
        return np.where(holds, np.take(self._follow_ok, key), hand != self.gone)

    def takes(self, trump: np.ndarray | int, best: np.ndarray, card: np.ndarray) -> np.ndarray:
        """Whether ``card`` takes the trick from ``best``, the card winning it so far."""
        return np.take(self._beats, (trump * self.width + best) * self.width + card)

    def add_to_trick(self, card: np.ndarray, pos: int, best: np.ndarray, best_pos: np.ndarray,
                     state: np.ndarray, trump: np.ndarray | int) -> tuple[np.ndarray, np.ndarray]:
        """Play ``card`` (one id per deal) as the trick's card number ``pos``: the card winning so
        far and the lead state after it; ``best_pos`` (the winning card's place) is updated in place."""
        if pos == 0:
            best = card
        else:
            take = self.takes(trump, best, card)
            best = np.where(take, card, best)
            np.copyto(best_pos, pos, where=take)
        return best, np.take(self._lead_next, state * self.width + card)

    def strength_of(self, hand: np.ndarray, trump: np.ndarray | int, state: np.ndarray) -> np.ndarray:
        """The rule-of-thumb strength of each card of ``hand`` in a trick in ``state``."""
        led = np.where(state >= 2, state - 1, 0)
        return np.take(self._strength, hand + (trump * TRUMP_CODES + led) * self.width)

    def discard_rank(self, hand: np.ndarray, trump: np.ndarray | int) -> np.ndarray:
        return np.take(self._discard, hand + trump * self.width)

    def lead_low_rank(self, hand: np.ndarray, trump: np.ndarray | int) -> np.ndarray:
        return np.take(self._lead_low, hand + trump * self.width)


def check_simulated(ruleset: Ruleset) -> None:
    """The simulator plays Junior and Classic (standard bidding); say so clearly otherwise."""
    if (not is_tabled(ruleset) or ruleset.bid_rule is not None
            or ruleset.name not in ("junior", "classic")):
        raise UnknownRulesetError(
            f"The simulator plays Wizard Junior and Classic Wizard (without bidding limits), "
            f"not {ruleset.title}.")


@cache  # keyed on the frozen Ruleset: Junior and Classic with their few options, so it stays small
def _tables(ruleset: Ruleset) -> SimTables:
    # The rule-of-thumb player's scoring is a plain module of its own (no simulator in it).
    from ..players.rule_of_thumb import card_power, crowd_factor, strength

    rules = base.rule_tables(ruleset)
    cards, size, width = rules.cards, rules.size, rules.width
    power = np.zeros((TRUMP_CODES, TRUMP_CODES, width))
    for t in range(TRUMP_CODES):
        for led in range(TRUMP_CODES):
            power[t, led, :size] = [strength(c, code_trump(t), code_trump(led) or c.colour) for c in cards]
    powers = np.zeros((max(PLAYER_COUNTS) + 1, TRUMP_CODES, width))
    for players in PLAYER_COUNTS:
        crowd = crowd_factor(players)
        for t in range(TRUMP_CODES):
            for i, card in enumerate(cards):
                p = card_power(card, code_trump(t), ruleset.ranks)
                powers[players, t, i] = p if p >= 1.0 else p * crowd
    # The careful player's preferences: throw away low plain cards first, keep Jesters (the safest
    # way to lose a trick later), trumps and Wizards last; lead the lowest number card, non-trumps first.
    discard = np.full((TRUMP_CODES, width), 1e9)
    lead_low = np.full((TRUMP_CODES, width), 1e9)
    for t in range(TRUMP_CODES):
        trumps = (rules.colour == t - 1) & ~(rules.is_wizard | rules.is_jester)
        discard[t, :size] = np.where(rules.is_wizard, 200, np.where(rules.is_jester, 30,
                                     np.where(trumps, 100 + rules.value, rules.value)))
        lead_low[t, :size] = np.where(rules.is_wizard, 2e8, np.where(rules.is_jester, 1e8,
                                      (rules.value + np.where(trumps, 20, 0)) * 10 + rules.colour))
    return SimTables(**{f.name: getattr(rules, f.name) for f in fields(RuleTables)},
                     strength=power, powers=powers, discard=discard, lead_low=lead_low)


def player_tables(ruleset: Ruleset) -> SimTables:
    """The tables for a computer player: any Junior or Classic ruleset, bidding variants included."""
    return _tables(base.rule_tables(ruleset).ruleset)


def rule_tables(rules: str | Ruleset = "classic") -> SimTables:
    """The (cached) tables for ``rules``: ``"junior"`` or ``"classic"``."""
    ruleset = get_ruleset(rules)
    check_simulated(ruleset)
    return _tables(ruleset)


__all__ = ["RuleTables", "SimTables", "rule_tables", "player_tables", "check_simulated",
           "trump_code", "code_trump", "NO_TRUMP", "CHOOSE", "OPEN", "FREE", "N_STATES"]
