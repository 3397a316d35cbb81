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
