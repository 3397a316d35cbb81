"""Argument checks shared by the odds and the simulator, with errors a teacher can read aloud."""

from __future__ import annotations

import math
import numbers
from collections import Counter
from collections.abc import Iterable

from ..engine.cards import Card, Cards
from ..engine.rules.core import DEALER_CHOOSES, as_cards, trump_from_card
from ..engine.rules.rulesets import Ruleset
from ..errors import (  # defined in errors.py; importable from here as before
    DealerChoosesError,
    DuplicateCardError,
    HandSizeError,
    PlayerCountError,
    SampleSizeError,
    SeatError,
    SeedError,
    WizardError,
    whole,
)


def check_share(value: object, name: str) -> float:
    """A share from 0 to 1 (any real number, numpy's too; not True/False, not NaN)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or not 0 <= float(value) <= 1:
        raise WizardError(f"{name} is a share from 0 to 1, not {value!r}.")
    return float(value)


def check_number(value: object, name: str) -> float:
    """A finite real number (numpy's too; not True/False)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or not math.isfinite(value):
        raise WizardError(f"{name} must be a number, not {value!r}.")
    return float(value)


def check_seat(seat: int, players: int) -> int:
    """``seat`` as an ``int`` from 0 to ``players - 1``, or a :class:`SeatError`."""
    n = whole(seat)
    if n is None or not 0 <= n < players:
        raise SeatError(f"With {players} players the seats go from 0 (leads the first trick) to "
                        f"{players - 1} (the dealer), so {seat!r} is not a seat.")
    return n


#: The most deals one call simulates.  Ten million is far beyond what a lesson needs (a
#: million deals already take about half a minute) and still fits in memory; a typo such as
#: samples=10**12 is refused at once instead of running for days.
MAX_DEALS = 10_000_000


def check_count(n: int, what: str = "samples", most: int | None = None) -> int:
    """``n`` as a count of 1 or more (and at most ``most``), or a :class:`SampleSizeError`."""
    count = whole(n)
    if count is None or count < 1:
        raise SampleSizeError(f"The number of {what} must be a whole number of 1 or more, not {n!r}.")
    if most is not None and count > most:
        raise SampleSizeError(f"{count:,} {what} is too many: the simulator plays at most {most:,} in one call. "
                              "Ask for fewer (10,000 already gives answers to about 1%).")
    return count


def check_seed(seed: object) -> int | None:
    """A simulator seed: None (a fresh random run) or a whole number of 0 or more."""
    if seed is None:
        return None
    n = whole(seed)
    if n is None or n < 0:
        raise SeedError(f"The seed must be a whole number of 0 or more (or None for a new random run), "
                        f"not {seed!r}.")
    return n


def check_players(players: int, ruleset: Ruleset) -> int:
    """A number of players the ruleset allows."""
    n = whole(players)
    if n is None:
        raise PlayerCountError(f"The number of players must be a whole number, not {players!r}.")
    ruleset.check_players(n)
    return n


def check_cards(hand: Iterable[Card | str] | str, turned_up: Card | str | None, players: int,
                ruleset: Ruleset, *, need_card_left: bool = True) -> tuple[Cards, Card | None]:
    """Parse a hand and a turned-up card and check they fit one deck and one deal."""
    check_players(players, ruleset)
    if hand is None or not isinstance(hand, (str, Card, Iterable)):
        raise HandSizeError(f"Give the hand as cards, like 'R7 W' or ['R7', 'W'], not {hand!r}.")
    cards = as_cards(hand, ruleset)
    up = None if turned_up is None else as_cards([turned_up], ruleset)[0]
    if not cards:
        raise HandSizeError("The hand is empty: give at least one card, like 'R7 W'.")
    deck = Counter(ruleset.deck())
    used = Counter(cards) + (Counter([up]) if up is not None else Counter())
    for card, times in used.items():
        if times > deck[card]:
            held = "once" if deck[card] == 1 else f"{deck[card]} times"
            raise DuplicateCardError(
                f"{card} is given {times} times, but the {ruleset.title} deck has it only {held}.")
    biggest = ruleset.deck_size // players
    if len(cards) > biggest:
        raise HandSizeError(f"{len(cards)} cards is too many: with {players} players each gets "
                            f"at most {biggest} cards of the {ruleset.deck_size}.")
    if up is not None and need_card_left and len(cards) * players >= ruleset.deck_size:
        raise HandSizeError(f"With {players} players and {len(cards)} cards each the whole deck is "
                            "dealt: no card is left to turn up, so there is no trump (turned_up=None).")
    return cards, up


def trump_of(up: Card | None, ruleset: Ruleset, *, allow_choice: bool) -> str | None:
    trump = trump_from_card(up, ruleset)
    if trump == DEALER_CHOOSES and not allow_choice:
        raise DealerChoosesError(
            "A Wizard was turned up, so the dealer chooses the trump colour after looking at their "
            "hand. Pick a number card or a Jester as the turned-up card.")
    return trump
