"""The engine's innermost loops, on the rule tables of :mod:`wizard_edu.rules.trick_table`.

Plain functions of lists and dicts the engine itself built (never of a user's input), so that
``make setup`` can compile this module with mypyc (``tools/build_speedups.py``); the pure-Python
module runs the same code.  Cards are found by ``id`` (dealt cards are the deck's own objects);
anything else answers ``None`` and the engine asks the rules themselves.
"""

from __future__ import annotations

from typing import Any


def table_plays(by_id: dict[int, int], lead: list[int], lead_open: int, holds: list[list[bool]],
                follows: list[list[bool]], actions: list[tuple[Any, int]], hand: list[Any],
                trick: list[Any]) -> tuple[list[Any], dict[int, int]] | None:
    """The legal play actions for ``hand`` onto ``trick`` (``(seat, card)`` pairs), equal cards once,
    in hand order, and ``id(action) -> index in the hand``; ``None`` if a card is not in ``by_id``."""
    colour = 0
    for entry in trick:  # the first card that is not a Jester decides
        code = by_id.get(id(entry[1]), -1)
        if code < 0:
            return None
        colour = lead[code]
        if colour != lead_open:
            break
    codes: list[int] = []
    for card in hand:
        code = by_id.get(id(card), -1)
        if code < 0:
            return None
        codes.append(code)
    allowed: list[bool] | None = None
    if colour > 0:  # a colour was led: must they follow it?
        held = holds[colour]
        for code in codes:
            if held[code]:
                allowed = follows[colour]
                break
    legal: list[Any] = []
    plays: dict[int, int] = {}
    k = 0
    for code in codes:
        if allowed is None or allowed[code]:
            action, key = actions[code]
            if key not in plays:  # two equal Wizards: one action
                plays[key] = k
                legal.append(action)
        k += 1
    return legal, plays


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
