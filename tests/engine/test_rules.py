"""Every ruling of RULES-NOTES.md for Junior and Classic, and the rulebooks' worked examples."""

import pytest

from wizard_edu import (
    DEALER_CHOOSES,
    BidError,
    Card,
    CardTextError,
    IllegalPlayError,
    PlayerCountError,
    Ruleset,
    TrumpError,
    UnknownRulesetError,
    WizardError,
    allowed_bids,
    cards,
    check_bid,
    explain_trick,
    get_ruleset,
    lead_colour,
    legal_plays,
    round_sizes,
    score_round,
    trick_winner,
    trump_from_card,
)
from wizard_edu.engine.rules import check_play, cloud_changes, monochrome_value
from wizard_edu.engine.rules.checks import most_cards_in_hand, most_tricks
from wizard_edu.errors import ArgumentError, DuplicateCardError, TrickSizeError


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


# -- bad input: refused with a WizardError a teacher can read, nothing changed -------------------------------
# Bad input to the rules: tricks, follow suit, bids, scores, rulesets.
#
# Every refusal is a WizardError subclass with words a teacher can read, and the caller's lists are
# left as they were.

# -- wrong types ---------------------------------------------------------------------------------
@pytest.mark.parametrize("call", [
    lambda: trick_winner(None),
    lambda: explain_trick(None),
    lambda: legal_plays(None),
    lambda: legal_plays("R3", None),
    lambda: lead_colour(5),
    lambda: lead_colour(None),
    lambda: trick_winner(5.5),
    lambda: trick_winner({"R3": 1}),
    lambda: legal_plays(["R3", 7]),
    lambda: check_play(None, [], Card.parse("R3")),
    lambda: check_play(cards("R3"), [], None),
    lambda: trump_from_card(5),
    lambda: monochrome_value(None),
], ids=lambda f: f.__code__.co_consts[0] if f.__code__.co_consts else "call")
def test_wrong_types_are_refused_with_a_wizard_error(call):
    with pytest.raises(WizardError) as info:
        call()
    assert "card" in str(info.value).lower()


# -- impossible tricks ---------------------------------------------------------------------------
def test_a_card_twice_in_a_trick_is_refused():
    with pytest.raises(DuplicateCardError, match="R3 appears 2 times in the trick.*only once"):
        trick_winner("R3 R3")
    with pytest.raises(DuplicateCardError):
        lead_colour("R3 R3")
    with pytest.raises(DuplicateCardError):
        explain_trick([Card.parse("G7"), Card.parse("G7")], trump="R")


def test_more_copies_than_the_deck_has_are_refused():
    assert trick_winner("W W W W") == 0   # four Wizards: Classic has four
    with pytest.raises(DuplicateCardError, match="W appears 5 times.*only 4 times"):
        trick_winner("W W W W W")
    with pytest.raises(DuplicateCardError, match="only 2 times"):
        trick_winner("J J J", rules="junior")
    with pytest.raises(DuplicateCardError):   # a named Juggler is still the one Juggler
        trick_winner("Juggler:R Juggler:B", rules="anniversary")


def test_a_seven_card_trick_is_refused():
    assert trick_winner("R1 R2 R3 R4 R5 R6") == 5
    with pytest.raises(TrickSizeError, match="at most 6; this one has 7"):
        trick_winner("R1 R2 R3 R4 R5 R6 R7")
    assert issubclass(TrickSizeError, IllegalPlayError)


def test_a_card_both_held_and_played_is_refused():
    hand, trick = cards("R3 G9 W"), cards("R3")
    with pytest.raises(DuplicateCardError, match="the hand and the trick together"):
        legal_plays(hand, trick)
    with pytest.raises(DuplicateCardError):
        check_play(hand, trick, Card.parse("G9"))
    assert (str(hand), str(trick)) == ("R3 G9 W", "R3")


def test_a_hand_bigger_than_any_deal_is_refused():
    deck = get_ruleset("classic").deck()
    numbers = [c for c in deck if c.is_number]
    assert len(legal_plays(numbers[:20])) == 20
    with pytest.raises(ArgumentError, match="at most 20 cards; this one has 21"):
        legal_plays(numbers[:21])
    with pytest.raises(ArgumentError, match="at most 12"):
        legal_plays([c for c in get_ruleset("junior").deck() if c.is_number][:13], rules="junior")


def test_cards_outside_the_rulesets_deck_are_still_refused():
    with pytest.raises(CardTextError, match="not in the Wizard Junior deck"):
        trick_winner("R9 R3", rules="junior")


# -- bids ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("call, error, words", [
    (lambda: allowed_bids(-1, players=4), BidError, "cards in the round"),
    (lambda: allowed_bids(0, players=4), BidError, "cards in the round"),
    (lambda: allowed_bids(21, players=3), BidError, "from 1 to 20"),
    (lambda: allowed_bids(True, players=4), BidError, "cards in the round"),
    (lambda: allowed_bids(3, players=True), PlayerCountError, "number of players"),
    (lambda: allowed_bids(3, players=2), PlayerCountError, "from 3 to 6"),
    (lambda: allowed_bids(3, players=5, rules=get_ruleset("classic", monochrome=True)), PlayerCountError,
     "from 3 to 4"),
    (lambda: allowed_bids(3, [1, 1, 1, 1], players=4), BidError, "at most 3 bids come before"),
    (lambda: allowed_bids(3, [1, -1], players=4), BidError, "Each bid already made"),
    (lambda: allowed_bids(3, [1, 4], players=4), BidError, "from 0 to 3"),
    (lambda: allowed_bids(3, "12", players=4), BidError, "a list of numbers"),
    (lambda: allowed_bids(3, None, players=4), BidError, "a list of numbers"),
    (lambda: allowed_bids(3, players=4, dealer_leads_alone=1), ArgumentError, "True or False"),
    (lambda: check_bid(1, 3, players=100), PlayerCountError, "from 3 to 6"),
    (lambda: check_bid(1, 3, players="4"), PlayerCountError, "number of players"),
    (lambda: check_bid(True, 3, players=4), BidError, "whole number of tricks"),
    (lambda: check_bid(1, 3, [0.5], players=4), BidError, "Each bid already made"),
    (lambda: cloud_changes(10**9), BidError, "A bid"),
    (lambda: cloud_changes(-1), BidError, "A bid"),
])
def test_impossible_bids_and_rounds_are_refused(call, error, words):
    with pytest.raises(error, match=words):
        call()


def test_a_refused_bid_leaves_the_bids_alone():
    bids = [1, 1]
    with pytest.raises(PlayerCountError):
        allowed_bids(3, bids, players=100)
    with pytest.raises(BidError):
        check_bid(9, 3, bids, players=3)
    assert bids == [1, 1]
    assert allowed_bids(3, bids, players=3, rules=get_ruleset("classic", bid_rule="plus-minus-one")) == [0, 2, 3]


def test_the_biggest_hands_a_game_can_deal_are_still_accepted():
    # Game(hand_sizes=...) deals up to deck_size // 3 cards (15 in Monochrome): bids there stay legal.
    for ruleset in (get_ruleset("junior"), get_ruleset("classic"), get_ruleset("anniversary"),
                    get_ruleset("classic", monochrome=True)):
        most = most_cards_in_hand(ruleset)
        assert allowed_bids(most, players=3, rules=ruleset)[-1] == most
        with pytest.raises(BidError):
            allowed_bids(most + 1, players=3, rules=ruleset)


# -- scores ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("bid, won, rules, words", [
    (61, 61, "classic", "at most 20 tricks, so 61 bid"),
    (21, 0, "classic", "at most 20 tricks"),
    (0, 21, "classic", "21 tricks won is not possible"),
    (9, 9, "junior", "Wizard Junior has at most 8 tricks"),
    (True, 1, "classic", "whole number"),
    (1, 1.0, "classic", "whole number"),
    (-1, 0, "classic", "whole number"),
    (None, 0, "junior", "whole number"),
    ("2", 2, "classic", "whole number"),
])
def test_impossible_scores_are_refused(bid, won, rules, words):
    with pytest.raises(BidError, match=words):
        score_round(bid, won, rules)


def test_the_biggest_rounds_still_score():
    assert most_tricks(get_ruleset("classic")) == 20 and score_round(20, 20) == 220
    assert most_tricks(get_ruleset("junior")) == 8 and score_round(8, 8, "junior") == 8
    assert most_tricks(get_ruleset("classic", schedule="tournament")) == 15
    assert most_tricks(get_ruleset("classic", monochrome=True)) == 15


# -- rulesets --------------------------------------------------------------------------------------
@pytest.mark.parametrize("fields, words", [
    (dict(name="classic", ranks=-1, wizards=4, jesters=4), "ranks"),
    (dict(name="classic", ranks=13.0, wizards=4, jesters=4), "ranks"),
    (dict(name="classic", ranks=13, wizards=-4, jesters=4), "Wizards"),
    (dict(name="classic", ranks=13, wizards=True, jesters=4), "Wizards"),
    (dict(name="classic", ranks=8, wizards=2, jesters=2), "too few for its last round"),
    (dict(name="", ranks=13, wizards=4, jesters=4), "needs a name"),
    (dict(name=None, ranks=13, wizards=4, jesters=4), "needs a name"),
    (dict(name="classic", ranks=13, wizards=4, jesters=4, scoring="golf"), "way of scoring"),
    (dict(name="classic", ranks=13, wizards=4, jesters=4, bidding="loud"), "choice for bidding"),
    (dict(name="classic", ranks=13, wizards=4, jesters=4, clairvoyance=1), "choice for clairvoyance"),
    (dict(name="classic", ranks=13, wizards=4, jesters=4, specials=("dragon", "dragon")), "Anniversary"),
    (dict(name="junior", ranks=8, wizards=2, jesters=2, monochrome=True), "Classic cards"),
    (dict(name="classic", ranks=12, wizards=6, jesters=6, monochrome=True), "Classic deck"),
])
def test_a_ruleset_that_is_not_a_game_cannot_be_built(fields, words):
    with pytest.raises(UnknownRulesetError, match=words):
        Ruleset(**fields)


def test_rulesets_that_are_games_are_still_built():
    toy = Ruleset("toy", ranks=13, wizards=6, jesters=2, specials=["dragon"])
    assert toy.specials == ("dragon",) and toy.deck_size == 61 and hash(toy)
    assert get_ruleset("anniversary", bid_rule="canadian").title == "Wizard Anniversary (canadian)"
    assert round_sizes(4, schedule="tournament")[-1] == 15
    with pytest.raises(UnknownRulesetError):
        round_sizes(4, schedule=5)
    with pytest.raises(PlayerCountError):
        round_sizes(True)


def test_one_card_object_stands_for_a_hand_of_one():
    # Found by the fuzz test: a Card (not a list) as the hand passed the checks, then crashed.
    from wizard_edu import Card, legal_plays

    assert str(legal_plays(Card.parse("R1"))) == "R1"
    assert str(legal_plays("R3 G4", Card.parse("G1"))) == "G4"


def test_numpy_whole_numbers_are_whole_numbers_for_the_rules():
    np = pytest.importorskip("numpy")
    from wizard_edu import allowed_bids, check_bid, round_sizes, score_round

    assert score_round(np.int64(2), np.int64(2)) == score_round(2, 2) == 40
    assert score_round(np.int32(1), np.int64(0), rules="junior") == 0
    assert round_sizes(np.int64(4)) == round_sizes(4) and all(n.__class__ is int for n in round_sizes(np.int64(4)))
    check_bid(np.int64(1), 3, [np.int64(1)], players=np.int64(3))
    assert allowed_bids(np.int64(3), [1, 1], players=np.int64(3), rules="classic") == [0, 1, 2, 3]
    for bad in (True, 2.0):
        with pytest.raises(BidError):
            score_round(bad, 2)
        with pytest.raises(WizardError):
            round_sizes(bad)
