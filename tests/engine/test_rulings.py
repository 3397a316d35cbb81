"""docs/rulings.md: the kit's rulings where the rulebooks are silent (issue 21).

The engine must do what the page says, and every lesson and notebook that teaches a ruling must call
it the kit's ruling (or choice) and point to the page.
"""

from __future__ import annotations

from pathlib import Path

from wizard_edu import COLOURS, Game, cards, legal_plays

REPO = Path(__file__).resolve().parents[2]
RULINGS = (REPO / "docs" / "rulings.md").read_text(encoding="utf-8")


def text(path: str) -> str:
    return (REPO / path).read_text(encoding="utf-8")


def test_the_page_has_a_section_for_each_ruling():
    for heading in ("## Wizard Junior: a Fool Frog, then a Wizard",
                    "## Anniversary edition: every special card may always be played",
                    "## Monochrome with 3 players: which colour is set aside",
                    "## Words: a hand and a round", "## Players are numbered from 1"):
        assert heading in RULINGS, heading


def test_junior_a_wizard_after_a_fool_frog_frees_the_trick():
    hand = "R3 G5 B7"
    # a Fool Frog, then a Wizard, then a red card: the Wizard came before any number card, so the red 8
    # sets nothing and the red 3 need not be played
    assert legal_plays(hand, "J W R8", rules="junior") == cards(hand)
    # a number card before the Wizard sets the colour, as the page says
    assert legal_plays(hand, "J R8 W", rules="junior") == cards("R3")


def test_lesson_3_and_the_rules_summary_call_it_the_kits_ruling():
    for path in ("lessons/03-who-wins-the-trick.md", "lessons/junior-rules-summary.md",
                 "lessons/junior-rules-summary.html"):
        assert "the kit's ruling" in text(path), path
    assert "docs/rulings.md" in text("lessons/03-who-wins-the-trick.md")


def test_every_special_card_that_is_played_may_always_be_played():
    hand = "R3 G2 Dragon Fairy Bomb Juggler Cloud"
    assert [str(c) for c in legal_plays(hand, "R9", rules="anniversary")] == \
        ["R3", "Dragon", "Fairy", "Bomb", "Juggler", "Cloud"]


def test_notebook_and_lesson_13_mark_the_juggler_and_the_cloud_as_the_kits_ruling():
    for path in ("notebook-sources/13-variants.md", "lessons/13-variants.md"):
        body = " ".join(text(path).split())
        assert "Juggler and the Cloud" in body and "the kit's ruling" in body and "docs/rulings.md" in body, path


def test_monochrome_with_three_players_sets_yellow_aside():
    game = Game(3, "classic", seed=4, monochrome=True)
    colours = {card.colour for pile in game.ruleset.piles(3) for card in pile if card.colour}
    assert sorted(colours) == sorted(set(COLOURS) - {"Y"})
    assert "The kit's choice.** Yellow" in RULINGS
    for path in ("notebook-sources/13-variants.md", "lessons/13-variants.md"):
        body = " ".join(text(path).split())
        assert "kit's choice" in body and "yellow" in body.lower(), path


def test_the_flyers_ten_hands_are_explained_once_as_rounds():
    source = " ".join(text("notebook-sources/13-variants.md").split())
    assert 'The tournament flyer calls them "10 hands"' in source
    assert source.count("10 hands") == 1
    assert "10 hands" not in text("notebook-sources/14-what-bids-reveal.md")


def test_the_variant_table_says_rounds():
    from wizard_edu.teach.variants import variant_table

    shown = variant_table().to_string()
    assert "10 rounds" in shown and "10 hands" not in shown
