"""Claims that hold as written (issue 28): the kit's own Anniversary choices are marked as the kit's,
Jester-then-Wizard is the game's rule for Classic (only Junior's case is the kit's ruling), a special
card turned up is described card by card, and lesson 9 agrees with its worksheet and notebook 14."""

from __future__ import annotations

from pathlib import Path

from wizard_edu.engine.rules.core import explain_trick, legal_plays

REPO = Path(__file__).resolve().parents[2]


def text(path: str) -> str:
    return (REPO / path).read_text(encoding="utf-8")


def test_a_bomb_beats_a_dragon_and_the_would_be_winner_leads_as_the_pages_say():
    assert explain_trick("Dragon Bomb R3", rules="anniversary").winner is None
    assert explain_trick("R3 Bomb R9 W", trump="G", rules="anniversary").leader_next == 3    # the Wizard's player
    for path in ("docs/rulings.md", "docs/kit-rulings.md"):
        body = text(path)
        assert "a Bomb and a Dragon in one trick" in body and "who leads after a Bomb" in body, path
    bomb = text("notebook-sources/13-variants.md").split("**The Bomb**", 1)[1].split("\n\n", 1)[0]
    assert "the kit's choice" in bomb and "docs/rulings.md" in bomb


def test_notebook_13_does_not_say_a_turned_up_special_card_acts_like_the_card_it_is_most_like():
    assert "most\nlike" not in text("notebook-sources/13-variants.md")
    assert "most like" not in text("notebook-sources/13-variants.md")


def test_jester_then_wizard_is_the_games_rule_for_classic_and_the_kits_ruling_only_for_junior():
    assert legal_plays("R3 G5", "J W", rules="classic") == legal_plays("R3 G5", "", rules="classic")
    quote = "the Wizard rule prevails"
    assert all(quote in " ".join(text(p).split()) for p in ("docs/rulings.md", "docs/kit-rulings.md"))
    assert "(Junior): nobody has to follow" in text("docs/kit-rulings.md")


def test_lesson_9s_misconceptions_agree_with_its_worksheet_and_notebook_14():
    lesson = text("lessons/09-chance-of-trump-and-wizards.md")
    row = next(line for line in lesson.splitlines() if line.startswith('| "The cards in our hands'))
    assert "4/57" in row and "4/58" in row and "4/57" in lesson.split(row, 1)[1]
