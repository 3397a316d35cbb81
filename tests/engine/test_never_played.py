"""A variant's card that is never played (the Anniversary's Werewolf) is refused by the variant's hook."""

import pytest

from wizard_edu.engine.cards import WEREWOLF
from wizard_edu.engine.rules.core import check_play, legal_plays
from wizard_edu.engine.rules.rulesets import get_ruleset
from wizard_edu.errors import IllegalPlayError


def test_the_werewolf_is_never_legal_with_or_without_a_colour_led():
    assert str(legal_plays("R3 G9 Werewolf", "R5", "anniversary")) == "R3"
    assert str(legal_plays("R3 G9 Werewolf", "", "anniversary")) == "R3 G9"


def test_playing_the_werewolf_is_refused_with_the_variants_reason():
    with pytest.raises(IllegalPlayError, match="The Werewolf is never played: it is swapped for the trump card."):
        check_play("R3 Werewolf", "", "Werewolf", "anniversary")


def test_the_reason_comes_from_the_anniversary_hook_and_classic_has_none():
    assert WEREWOLF in get_ruleset("anniversary").hooks.never_played
    assert dict(get_ruleset("classic").hooks.never_played) == {}
