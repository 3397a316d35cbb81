"""The Anniversary's trick rules are its own hooks, wrapped around the rulebook's four sentences
(rules/core.py knows no Dragon, Fairy or Bomb)."""

from __future__ import annotations

import pytest

from wizard_edu.engine.cards import cards
from wizard_edu.engine.rules import core
from wizard_edu.engine.rules.anniversary import anniversary_trick, anniversary_trump
from wizard_edu.engine.rules.core import DEALER_CHOOSES, classic_trick, classic_trump, explain_trick
from wizard_edu.engine.rules.rulesets import ANNIVERSARY, CLASSIC


@pytest.mark.parametrize("trick, trump, winner, rule", [
    ("J R3 W W", "B", 2, "first-wizard"),      # 1. the first Wizard played wins
    ("R3 B2 R12 B1", "B", 1, "highest-trump"),  # 2. else the highest trump
    ("J G4 R13 G9", "B", 3, "highest-led"),     # 3. else the highest card of the colour led
    ("J J J", None, 0, "first-jester"),          # 4. all Jesters: the first
])
def test_the_rulebook_decides_a_trick_in_four_sentences(trick, trump, winner, rule):
    result = classic_trick(cards(trick), trump)
    assert (result.winner, result.rule, result.leader_next) == (winner, rule, winner)
    assert explain_trick(trick, trump, rules=CLASSIC) == result


def test_the_core_rules_name_no_anniversary_card():
    assert not {"DRAGON", "FAIRY", "BOMB"} & set(vars(core))
    assert classic_trump(cards("W")[0]) == DEALER_CHOOSES and classic_trump(cards("J")[0]) is None


def test_the_anniversary_wraps_the_rulebook_with_its_own_cards():
    assert ANNIVERSARY.hooks.decide_trick is anniversary_trick
    assert CLASSIC.hooks.decide_trick is None  # the classic rules are the default
    assert anniversary_trick(cards("Dragon W R13"), "R").rule == "dragon"
    assert anniversary_trick(cards("Dragon Fairy W"), None).winner == 1
    bomb = anniversary_trick(cards("R3 Bomb W"), None)
    assert (bomb.winner, bomb.rule, bomb.leader_next) == (None, "bomb", 2)  # the Wizard would have won
    # Without its own cards an Anniversary trick is decided as the rulebook says.
    assert anniversary_trick(cards("J G4 R13 G9"), "B") == classic_trick(cards("J G4 R13 G9"), "B")
    # The Fairy loses like a Jester, and is named when only Jesters and she were played.
    fairy = anniversary_trick(cards("Fairy J J"), None)
    assert (fairy.winner, fairy.reason) == (1, "Only Jesters and the Fairy were played, so the first Jester wins.")
    assert anniversary_trick(cards("Fairy R2"), "B").winner == 1


def test_a_turned_up_fairy_or_bomb_means_no_trump_only_in_the_anniversary():
    fairy, bomb, dragon = cards("Fairy Bomb Dragon")
    assert anniversary_trump(fairy) is None and anniversary_trump(bomb) is None
    assert anniversary_trump(dragon) == DEALER_CHOOSES
    assert ANNIVERSARY.hooks.trump_of is anniversary_trump
