"""Notebook 04's "How likely does your card win?" (issue 12, deliverable 5) is held to the exact odds.

The picture (a worked answer in notebook 04's question bank) carries each card's chance as a fraction;
it must be the exact one-card chance of Wizard Junior, and the words and "about N in 10" a child reads
must fit it.
"""

from __future__ import annotations

import html
import re
from fractions import Fraction
from pathlib import Path

from wizard_edu import cards
from wizard_edu.simulate.odds import one_card_win_probability
from wizard_edu.widgets.chances import chance_words, in_ten

REPO = Path(__file__).resolve().parents[2]
ROW = re.compile(r'<div class="junior-chance" data-card="([^"]+)" data-chance="([^"]+)" data-players="(\d)" '
                 r'data-seat="(\d)" data-turned-up="([^"]+)".*?<b>([^<]+)</b> \(([^)]+)\)</div></div>')


def _stored_rows() -> list[tuple]:
    from wizard_edu.teach.questions.n04 import win_chances_picture

    return ROW.findall(html.unescape(win_chances_picture().data))


def _exact(card: str, players: str, seat: str, up: str) -> Fraction:
    return one_card_win_probability(card, int(players), int(seat), up, rules="junior")


def test_the_pictures_numbers_are_the_exact_odds():
    rows = _stored_rows()
    assert [r[0] for r in rows] == [str(c) for c in cards("W R8 Y2 R1 J")]
    for card, chance, players, seat, up, words, tenths in rows:
        p = _exact(card, players, seat, up)
        assert Fraction(chance) == p, card
        said = {1: ("certain", "every time"), 0: ("no chance", "never")}.get(p, (chance_words(float(p)),
                                                                                in_ten(float(p))))
        assert (words, tenths) == said, (card, words, tenths)


def test_the_text_under_the_picture_is_true():
    """A Wizard played first always wins; a Fool Frog never wins with four players; Y2 beats R8."""
    rows = {r[0]: _exact(*r[:1], *r[2:5]) for r in _stored_rows()}
    assert rows["W"] == 1 and rows["J"] == 0
    assert rows["Y2"] > rows["R8"] > rows["R1"]


def test_lesson_4_quotes_the_exact_chance_of_the_red_8():
    text = (REPO / "lessons" / "04-predicting-tricks.md").read_text(encoding="utf-8")
    p = one_card_win_probability("R8", 4, 0, "Y3", rules="junior")
    row = next(line for line in text.splitlines() if line.startswith("| 8 | About how many times in 10"))
    assert f"| about {float(p) * 10:.2f} (10 × {p.numerator}/{p.denominator};" in row
    more = max(cards("R8 Y2"), key=lambda c: one_card_win_probability(c, 4, 0, "Y3", rules="junior"))
    assert f"| {more} (" in next(line for line in text.splitlines() if line.startswith("| 7 |"))
