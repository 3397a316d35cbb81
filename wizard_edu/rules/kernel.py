"""The engine's innermost loops, on the rule tables of :mod:`wizard_edu.rules.trick_table`.

Plain functions of lists and dicts the engine itself built (never of a user's input), so that
``make setup`` can compile this module with mypyc (``tools/build_speedups.py``); the pure-Python
module runs the same code.  The loops work on card codes (the tables' numbering of a deck's cards);
a card's code is found by its ``id`` (dealt cards are the deck's own objects), and a card that has
none answers ``None``: the engine then asks the rules themselves.
"""

from __future__ import annotations

from typing import Any


def hand_codes(by_id: dict[int, int], hand: list[Any]) -> list[int] | None:
    """The card code of each card of ``hand``; ``None`` if a card is not in ``by_id``."""
    codes: list[int] = []
    for card in hand:
        code = by_id.get(id(card), -1)
        if code < 0:
            return None
        codes.append(code)
    return codes


def table_plays(colour: int, holds: list[list[bool]], follows: list[list[bool]], actions: list[Any],
                codes: list[int]) -> tuple[list[Any], list[int]]:
    """The legal play actions (``actions[code]``) of a hand of card ``codes`` when the lead state is
    ``colour``, equal cards once, in hand order, and the index in the hand of each one's card.
    Codes are below 62 (a bit each in one whole number)."""
    allowed: list[bool] | None = None
    if colour > 0:  # a colour was led: must they follow it?
        held = holds[colour]
        for code in codes:
            if held[code]:
                allowed = follows[colour]
                break
    legal: list[Any] = []
    indices: list[int] = []
    seen = 0
    k = 0
    for code in codes:
        if allowed is None or allowed[code]:
            bit = 1 << code
            if not seen & bit:  # two equal Wizards: one action
                seen |= bit
                legal.append(actions[code])
                indices.append(k)
        k += 1
    return legal, indices


def codes_match(cards: list[Any], codes: list[int], hand: list[Any]) -> bool:
    """True when ``hand`` holds exactly the cards of ``codes``, in order (``cards[code]``, the deck's
    own object of each code, by identity): codes kept from before still describe the hand."""
    if len(codes) != len(hand):
        return False
    for card, code in zip(hand, codes):
        if card is not cards[code]:
            return False
    return True


def trick_codes(by_id: dict[int, int], trick: list[tuple[int, Any]]) -> list[int] | None:
    """The card code of each card of ``trick`` (``(seat, card)`` pairs); ``None`` if a card is not in ``by_id``."""
    codes: list[int] = []
    for entry in trick:
        code = by_id.get(id(entry[1]), -1)
        if code < 0:
            return None
        codes.append(code)
    return codes


def lead_of_codes(lead: list[int], lead_open: int, codes: list[int]) -> int:
    """The lead state of a trick of card ``codes``: the first card that is not a Jester (whose code is
    ``lead_open``) decides, and nothing is decided (0, free) before a first card."""
    colour = 0
    for code in codes:
        colour = lead[code]
        if colour != lead_open:
            break
    return colour


def winner_of_codes(beats: list[list[bool]], codes: list[int]) -> int:
    """The index in play order of the card that wins a trick of card ``codes``, by the
    ``beats[best so far][card]`` table of the trump."""
    best_index = 0
    best = codes[0]
    for i in range(1, len(codes)):
        code = codes[i]
        if beats[best][code]:
            best, best_index = code, i
    return best_index


def trick_winner_index(by_id: dict[int, int], by_card: dict[Any, int], beats: list[list[bool]],
                       trick: list[Any]) -> int:
    """The index in play order of the card that wins ``trick`` (``(seat, card)`` pairs), by the
    ``beats[best so far][card]`` table of the trump; cards not found by ``id`` are looked up by value."""
    best_index = 0
    card = trick[0][1]
    best = by_id.get(id(card), -1)
    if best < 0:
        best = by_card[card]
    for i in range(1, len(trick)):
        card = trick[i][1]
        code = by_id.get(id(card), -1)
        if code < 0:
            code = by_card[card]
        if beats[best][code]:
            best, best_index = code, i
    return best_index
