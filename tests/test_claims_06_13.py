"""Claims fixed in notebooks and lessons 06-13 (issue 11), each checked against the engine or the exact odds."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from wizard_edu import (
    DEALER_CHOOSES,
    anniversary_deck,
    classic_deck,
    explain_trick,
    legal_plays,
    trick_winner,
    trump_from_card,
)
from wizard_edu.odds import trump_odds

REPO = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("rules,red_up,red_trump", [("junior", Fraction(2, 9), Fraction(17, 72)),
                                                     ("classic", Fraction(13, 60), Fraction(7, 30))])
def test_red_turned_up_and_red_trump_with_the_dealers_choice(rules, red_up, red_trump):
    """09 and lesson 9: a red card turned up is not the same as red trump (a Wizard lets the dealer pick)."""
    odds = trump_odds(4, 1, rules)
    assert odds["R"] == red_up
    assert odds[DEALER_CHOOSES] > 0
    # the dealer picking each colour equally often after a Wizard
    assert odds["R"] + odds[DEALER_CHOOSES] / 4 == red_trump


def test_lesson_9_asks_for_the_red_card_turned_up_and_has_no_missing_printable_deck():
    lesson = (REPO / "lessons" / "09-chance-of-trump-and-wizards.md").read_text()
    assert "printable deck from lesson 1" not in lesson
    assert "chance that red is trump in round 1" not in lesson
    assert "turned up" in lesson and "7/30" in lesson


def test_an_all_jester_trick_works_with_3_or_4_players_only():
    """06: a trick of only Jesters needs a table of 3 or 4 (4 Jesters in the deck), not only 4."""
    jesters = sum(card.is_jester for card in classic_deck())
    assert jesters == 4
    assert trick_winner("J J J") == 0 and trick_winner("J J J J") == 0
    assert [n for n in range(3, 7) if n <= jesters] == [3, 4]


def test_special_cards_may_always_be_played():
    """13: every Anniversary card that is played may be played even when you could follow the colour."""
    specials = [c for c in anniversary_deck() if c.kind not in ("number", "wizard", "jester")]
    played = [c for c in specials if c.kind != "werewolf"]
    hand = [*played, *legal_plays("R3 G2", "")]
    allowed = legal_plays(hand, "R9", rules="anniversary")
    assert all(c in allowed for c in played)
    assert "G2" not in [str(c) for c in allowed]


def test_a_juggler_named_in_the_trump_colour_is_a_trump():
    """13: a Juggler or Cloud takes the colour its player names, so it can be trump."""
    assert trick_winner("R7 Juggler:G R8", trump="G", rules="anniversary") == 1
    assert trick_winner("R7 Cloud:G R13", trump="G", rules="anniversary") == 1
    assert trick_winner("R7 Juggler:R R8", rules="anniversary") == 2


@pytest.mark.parametrize("card,meaning", [("Dragon", DEALER_CHOOSES), ("Werewolf", DEALER_CHOOSES),
                                          ("Juggler", DEALER_CHOOSES), ("Cloud", DEALER_CHOOSES),
                                          ("Fairy", None), ("Bomb", None)])
def test_a_special_card_turned_up(card, meaning):
    """13: Dragon, Werewolf, Juggler or Cloud turned up: the dealer picks; Fairy or Bomb: no trump."""
    assert trump_from_card(card, "anniversary") == meaning


def test_the_fairy_wins_with_the_dragon_in_the_trick():
    assert explain_trick("W Dragon Fairy", trump="R", rules="anniversary").winner == 2


def test_lesson_8_exit_ticket_g13_is_about_a_coin_flip():
    """Lesson 8: G13 is not "probably" a winner: swapping it for G1 costs about half a trick."""
    from wizard_edu.simulate import estimate_tricks

    for seat in (0, 3):
        with_g13 = estimate_tricks("W R12 R3 G13 B2", players=4, seat=seat, turned_up="R5", samples=10_000, seed=1)
        with_g1 = estimate_tricks("W R12 R3 G1 B2", players=4, seat=seat, turned_up="R5", samples=10_000, seed=1)
        worth = with_g13.expected_tricks - with_g1.expected_tricks
        assert 0.3 < worth < 0.7, worth
        assert with_g13.best_bid == 3
    lesson = (REPO / "lessons" / "08-play-classic-wizard.md").read_text()
    assert "probably the green 13" not in lesson
