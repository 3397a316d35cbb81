"""Every ruling of RULES-NOTES.md for Junior and Classic, and the rulebooks' worked examples."""

import pytest

from wizard_edu import (
    DEALER_CHOOSES,
    BidError,
    CardTextError,
    IllegalPlayError,
    PlayerCountError,
    TrumpError,
    UnknownRulesetError,
    cards,
    explain_trick,
    get_ruleset,
    lead_colour,
    legal_plays,
    round_sizes,
    score_round,
    trick_winner,
    trump_from_card,
)
from wizard_edu.engine.rules.core import allowed_bids, check_bid, check_play


# -- trump --------------------------------------------------------------------
@pytest.mark.parametrize("turned, trump", [("R7", "R"), ("G1", "G"), ("J", None), ("W", DEALER_CHOOSES),
                                           (None, None)])
def test_trump_from_turned_up_card(turned, trump):
    assert trump_from_card(turned, "classic") == trump
    assert trump_from_card(turned, "junior") == trump


def test_fool_frog_text_means_no_trump_in_junior():
    assert trump_from_card("F", "junior") is None


# -- follow suit ----------------------------------------------------------------
def test_colour_to_follow_is_first_number_card():
    assert lead_colour(cards("R5 G9")) == "R"
    assert lead_colour(cards("J G9 R5")) == "G"  # a Jester lead sets no colour
    assert lead_colour(cards("J J")) is None
    assert lead_colour("J R3") == "R" and lead_colour(["j", "w", "r3"]) is None  # card text works too


def test_wizard_before_any_number_card_frees_the_trick():
    assert lead_colour(cards("W R5")) is None
    assert lead_colour(cards("J W R5")) is None  # a Jester then a Wizard: the Wizard rule wins
    assert lead_colour(cards("R5 W")) == "R"  # a Wizard after the colour was set changes nothing


def test_must_follow_with_a_number_card_of_that_colour():
    hand = cards("R3 R9 G12 W J")
    assert legal_plays(hand, "R5") == cards("R3 R9 W J")


def test_wizard_and_jester_may_always_be_played():
    assert set(map(str, legal_plays("R3 W J", "R5"))) == {"R3", "W", "J"}


def test_without_the_colour_anything_goes():
    assert legal_plays("G2 B7 Y1", "R5") == cards("G2 B7 Y1")


def test_leading_anything_is_legal():
    assert legal_plays("G2 B7 W J", "") == cards("G2 B7 W J")


def test_after_a_jester_lead_the_next_number_card_sets_the_colour():
    assert legal_plays("G2 B7", "J B1") == cards("B7")
    assert legal_plays("G2 B7", "J") == cards("G2 B7")


def test_after_a_wizard_lead_anything_goes():
    assert legal_plays("G2 B7 W", "W G9") == cards("G2 B7 W")


def test_check_play_message_names_the_colour_and_the_cards():
    with pytest.raises(IllegalPlayError, match=r"^You must follow red: you hold R3\.$"):
        check_play(cards("R3 G9"), cards("R12"), cards("G9")[0])
    with pytest.raises(IllegalPlayError, match="you hold R3 and R9"):
        check_play(cards("R3 R9 G9"), cards("R12"), cards("G9")[0])
    with pytest.raises(IllegalPlayError, match="You do not hold B4"):
        check_play(cards("R3 G9"), cards(""), cards("B4")[0])


# -- who wins the trick -----------------------------------------------------------
def test_first_wizard_wins():
    assert trick_winner("R13 W W G1", trump="R") == 1


def test_highest_trump_wins_without_wizards():
    assert trick_winner("G13 R2 R5 G12", trump="R") == 2


def test_highest_card_of_the_colour_led_wins_without_trump():
    assert trick_winner("G3 B13 G11 Y13", trump="R") == 2
    assert trick_winner("G3 B13 G11 Y13", trump=None) == 2


def test_jesters_never_win_unless_only_jesters():
    assert trick_winner("J G1 J", trump=None) == 1
    assert trick_winner("J J J J", trump="R") == 0
    assert explain_trick("J J J", trump="B").rule == "first-jester"


def test_jester_lead_then_wizard():
    assert trick_winner("J W R13", trump="R") == 1


def test_trick_reasons_name_the_rule():
    assert explain_trick("R13 W", "R").rule == "first-wizard"
    assert explain_trick("G1 R2", "R").rule == "highest-trump"
    assert explain_trick("G1 G2 R13", None).rule == "highest-led"
    assert "highest green card" in explain_trick("G1 G2 R13", None).reason


def test_junior_worked_example_mice_trump():
    # Mice are trump (call them red here), flowers green: Siri leads flower 8, Johanna flower 4,
    # Leon flower 5, Helena has no flowers and trumps with a mouse 2 and wins.
    trick = cards("G8 G4 G5 R2")
    assert legal_plays("G4 B1", "G8", "junior") == cards("G4")
    assert trick_winner(trick, trump="R", rules="junior") == 3
    assert explain_trick(trick, "R", "junior").rule == "highest-trump"


def test_trick_rejects_cards_outside_the_ruleset_and_bad_trump():
    with pytest.raises(CardTextError, match="1 to 8"):
        trick_winner("R9 R1", trump=None, rules="junior")
    with pytest.raises(CardTextError):
        trick_winner("Dragon R1", trump=None, rules="classic")
    with pytest.raises(TrumpError):
        trick_winner("R1 R2", trump="purple")
    with pytest.raises(IllegalPlayError):
        trick_winner("", trump=None)
    with pytest.raises(UnknownRulesetError):
        trick_winner("R1", trump=None, rules="poker")


# -- scoring ---------------------------------------------------------------------
@pytest.mark.parametrize("bid, won, points", [(0, 0, 20), (1, 1, 30), (3, 3, 50), (3, 1, -20), (3, 4, -10),
                                             (0, 2, -20), (2, 0, -20)])
def test_classic_scoring(bid, won, points):
    assert score_round(bid, won) == points


@pytest.mark.parametrize("bid, won, points", [(0, 0, 1), (1, 1, 1), (3, 3, 3), (3, 2, 0), (0, 1, 0)])
def test_junior_scoring_never_loses_points(bid, won, points):
    assert score_round(bid, won, rules="junior") == points


def test_us_games_sample_hands():
    # (bid, won) for Paul, Thomas, Marie over hands 1-3, and the points the rulebook gives.
    hands = [
        [(0, 0, 20), (1, 0, -10), (1, 1, 30)],
        [(2, 1, -10), (0, 0, 20), (0, 1, -10)],
        [(0, 1, -10), (2, 2, 40), (1, 0, -10)],
    ]
    for hand in hands:
        for bid, won, points in hand:
            assert score_round(bid, won) == points


def test_amigo_example_rounds():
    # Round 1: Thomas 0/0, Ute 1/0, Kevin 1/1. Round 2: Thomas 2/1, Ute 0/0, Kevin 0/1.
    r1 = [score_round(0, 0), score_round(1, 0), score_round(1, 1)]
    r2 = [score_round(2, 1), score_round(0, 0), score_round(0, 1)]
    assert r1 == [20, -10, 30] and r2 == [-10, 20, -10]
    assert r1[0] + r2[0] == 10  # "Thomas has 10 points"


def test_score_rejects_negative_or_fractional_numbers():
    for bad in [(-1, 0), (1, -2), (1.5, 1), (True, 1)]:
        with pytest.raises(BidError):
            score_round(*bad)


# -- schedules -----------------------------------------------------------------------
def test_junior_schedule():
    assert round_sizes(3, "junior") == list(range(1, 9))
    assert round_sizes(4, "junior") == list(range(1, 9))
    assert round_sizes(5, "junior") == list(range(1, 8))
    assert round_sizes(6, "junior") == list(range(1, 7))


@pytest.mark.parametrize("players, rounds", [(3, 20), (4, 15), (5, 12), (6, 10)])
def test_classic_schedule_deals_every_card_in_the_last_round(players, rounds):
    sizes = round_sizes(players)
    assert sizes == list(range(1, rounds + 1))
    assert sizes[-1] * players == 60


def test_tournament_schedule():
    assert round_sizes(6, schedule="tournament") == list(range(1, 11))
    assert round_sizes(5, schedule="tournament") == [2, 4, 5, 6, 7, 8, 9, 10, 11, 12]
    assert round_sizes(4, schedule="tournament") == [2, 4, 6, 8, 10, 11, 12, 13, 14, 15]
    with pytest.raises(PlayerCountError, match="tournament"):
        round_sizes(3, schedule="tournament")


@pytest.mark.parametrize("players", [2, 7, 0, -1])
def test_player_count_outside_3_to_6_is_an_error(players):
    with pytest.raises(PlayerCountError, match="3 to 6"):
        round_sizes(players)


# -- bids ----------------------------------------------------------------------------
def test_bids_from_zero_to_hand_size_and_totals_may_equal_tricks():
    assert allowed_bids(3, [1, 1], players=3) == [0, 1, 2, 3]
    with pytest.raises(BidError, match="between 0 and 3"):
        check_bid(4, 3, players=4)
    with pytest.raises(BidError):
        check_bid(-1, 3, players=4)


def test_unknown_ruleset_and_option_are_clear_errors():
    with pytest.raises(UnknownRulesetError, match="'junior', 'classic'"):
        get_ruleset("chess")
    with pytest.raises(UnknownRulesetError, match="not a rules option"):
        get_ruleset("classic", speed="fast")
    with pytest.raises(UnknownRulesetError, match="not a choice"):
        get_ruleset("classic", bidding="loud")
