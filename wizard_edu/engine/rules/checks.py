"""Argument checks for the public rule functions, with errors a teacher can read aloud.

Each public function of :mod:`wizard_edu.engine.rules.core` starts with one call into this
module, so that a wrong type, an impossible trick (a card twice, seven cards) or an
impossible score is refused with a :class:`~wizard_edu.errors.WizardError` before
anything is computed.  The rules the engine asks (``playable``, ``biddable``, ``decide_trick``)
are given cards and rounds the game already checked, and skip all of this.  The checks ask
nothing of the rules (the card checks :func:`as_cards` and :func:`check_in_deck` are here), so the
rules import this module and never the other way round.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any

from ...errors import (
    ArgumentError,
    BidError,
    CardTextError,
    DuplicateCardError,
    PlayerCountError,
    TrickSizeError,
    whole,
)
from ..cards import Card, Cards, cards
from .rulesets import RULESETS, Ruleset

#: Wizard is played by 3 to 6 players, so a trick has at most 6 cards.
MIN_PLAYERS, MAX_PLAYERS = 3, 6


def is_whole(value: Any) -> bool:
    """True for a whole number (see :func:`whole`)."""
    return whole(value) is not None


def whole_number(value: Any, what: str, low: int, high: int | None = None,
                 error: type[Exception] = ArgumentError) -> int:
    """``value`` as an ``int`` if it is a whole number from ``low`` to ``high``; otherwise ``error`` saying so."""
    number = whole(value)
    if number is None or number < low or (high is not None and number > high):
        span = f"from {low} to {high}" if high is not None else f"of {low} or more"
        raise error(f"{what} must be a whole number {span}, not {value!r}.")
    return number


def flag(value: Any, what: str) -> bool:
    """``value`` if it is ``True`` or ``False`` (not 0, 1 or "yes")."""
    if not isinstance(value, bool):
        raise ArgumentError(f"{what} must be True or False, not {value!r}.")
    return value


# -- how big things can be ------------------------------------------------------------------
def most_cards_in_hand(ruleset: Ruleset) -> int:
    """The most cards one player can be dealt (with 3 players), also with ``Game(hand_sizes=...)``."""
    return ruleset.hooks.max_hand_size(ruleset, MIN_PLAYERS)


@lru_cache(maxsize=64)
def most_tricks(ruleset: Ruleset) -> int:
    """The most tricks a round of ``ruleset``'s schedule has (8 in Junior, 20 in Classic)."""
    sizes = []
    for players in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        try:
            sizes += ruleset.round_sizes(players)
        except PlayerCountError:
            continue
    return max(sizes)


@lru_cache(maxsize=64)
def _copies(ruleset: Ruleset) -> dict[Card, int]:
    return dict(Counter(ruleset.deck()))


def check_copies(found: Iterable[Card], ruleset: Ruleset, where: str) -> None:
    """Raise :class:`DuplicateCardError` if a card appears more often than ``ruleset``'s deck holds it."""
    copies = _copies(ruleset)
    for card, n in Counter(c.unnamed for c in found).items():
        have = copies.get(card, 0)
        if n > have:
            times = "once" if have == 1 else f"{have} times"
            raise DuplicateCardError(
                f"{card} appears {n} times in {where}, but the {ruleset.title} deck has it only {times}."
            )


# -- cards --------------------------------------------------------------------------------------
def as_cards(cards: Iterable[Card | str] | str, ruleset: Ruleset, what: str = "card") -> Cards:
    """Parse card texts and check that every card exists in ``ruleset``'s deck."""
    if isinstance(cards, Card):  # one card stands for a hand (or trick) of one, as in cards()
        result = Cards((cards,))
    else:  # (card text is read as cards() reads it)
        result = Cards(cards if isinstance(cards, str) else (c if type(c) is Card else Card.parse(c) for c in cards))
    for card in result:
        check_in_deck(card, ruleset)
    return result


def check_in_deck(card: Card, ruleset: Ruleset) -> None:
    """Raise :class:`CardTextError` if ``card`` is not part of ``ruleset``'s deck."""
    rank = card.rank  # None for every card but a number card
    if rank is not None and rank > ruleset.ranks:
        raise CardTextError(
            f"{card} is not in the {ruleset.title} deck: its numbers go from 1 to {ruleset.ranks}."
        )
    if card.is_special and card.kind not in ruleset.specials:
        raise CardTextError(
            f"The {card.kind.capitalize()} is an Anniversary card; it is not in the {ruleset.title} deck."
        )


def card_list(value: Any, ruleset: Ruleset, what: str) -> Cards:
    """Card text or a list of cards, read and checked against ``ruleset``'s deck (no copy check)."""
    if value is None:
        raise ArgumentError(f"Give the {what} as card text like 'R7 W' or a list of cards, not None.")
    found = cards(value)  # a new list of cards, every item read (and checked) as a card
    for card in found:  # (not as_cards: that would read and copy the list a second time)
        check_in_deck(card, ruleset)
    return found


def one_card(value: Any, ruleset: Ruleset) -> Card:
    """One card (a :class:`Card` or its text), checked against ``ruleset``'s deck."""
    card = Card.parse(value)
    check_in_deck(card, ruleset)
    return card


def trick(value: Any, ruleset: Ruleset) -> Cards:
    """A trick: at most 6 cards, none more often than the deck holds it."""
    found = card_list(value, ruleset, "trick")
    if len(found) > MAX_PLAYERS:
        raise TrickSizeError(f"A trick has one card from each player, at most {MAX_PLAYERS}; "
                             f"this one has {len(found)}.")
    check_copies(found, ruleset, "the trick")
    return found


def hand_and_trick(hand: Any, trick_value: Any, ruleset: Ruleset) -> tuple[Cards, Cards]:
    """A hand and the trick it plays to: sizes a deal allows, and no card held and played twice."""
    played = trick(trick_value, ruleset)
    held = card_list(hand, ruleset, "hand")
    most = most_cards_in_hand(ruleset)
    if len(held) > most:
        raise ArgumentError(f"A hand in {ruleset.title} has at most {most} cards; this one has {len(held)}.")
    check_copies([*held, *played], ruleset, "the hand and the trick together")
    return held, played


# -- bids and scores ----------------------------------------------------------------------------
def players(value: Any, ruleset: Ruleset) -> int:
    """A number of players from 3 to 6 (3 or 4 in Monochrome), cheaply (this runs on every bid)."""
    high = 4 if ruleset.monochrome else MAX_PLAYERS
    return whole_number(value, "The number of players", MIN_PLAYERS, high, PlayerCountError)


def bid_args(hand_size: Any, previous_bids: Any, players_value: Any, dealer_leads_alone: Any,
             ruleset: Ruleset) -> None:
    """The round a bid is made in: its size, the bids before, the players, the Canadian flag."""
    n = players(players_value, ruleset)
    size = whole_number(hand_size, "The number of cards in the round", 1, most_cards_in_hand(ruleset), BidError)
    if not isinstance(previous_bids, Sequence) or isinstance(previous_bids, str):
        raise BidError(f"The bids already made must be a list of numbers, like [1, 0], not {previous_bids!r}.")
    if len(previous_bids) > n - 1:
        raise BidError(f"With {n} players at most {n - 1} bids come before the last one, "
                       f"not {len(previous_bids)}.")
    for b in previous_bids:
        whole_number(b, "Each bid already made", 0, size, BidError)
    flag(dealer_leads_alone, "dealer_leads_alone")


def bid_value(value: Any, ruleset: Ruleset | None = None) -> int:
    """A bid: a whole number of tricks, no more than any round has."""
    high = most_tricks(ruleset) if ruleset is not None else max(map(most_cards_in_hand, RULESETS.values()))
    return whole_number(value, "A bid", 0, high, BidError)


def round_score_args(bid: Any, won: Any, ruleset: Ruleset) -> None:
    """A bid and the tricks won: whole numbers no bigger than the biggest round of ``ruleset``."""
    high = most_tricks(ruleset)
    for label, n in (("bid", bid), ("tricks won", won)):
        whole_number(n, f"The {label}", 0, None, BidError)
        if n > high:
            raise BidError(f"A round of {ruleset.title} has at most {high} tricks, so {n} {label} "
                           "is not possible.")


__all__ = ["as_cards", "check_in_deck", "is_whole", "whole_number", "flag", "most_cards_in_hand", "most_tricks", "check_copies",
           "card_list", "one_card", "trick", "hand_and_trick", "players", "bid_args", "bid_value",
           "round_score_args", "MIN_PLAYERS", "MAX_PLAYERS"]
