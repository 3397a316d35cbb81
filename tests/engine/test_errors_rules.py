"""Bad input to the rules: tricks, follow suit, bids, scores, rulesets.

Every refusal is a WizardError subclass with words a teacher can read, and the caller's lists are
left as they were.
"""

from __future__ import annotations

import pytest

from wizard_edu import (
    BidError,
    Card,
    CardTextError,
    PlayerCountError,
    Ruleset,
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
from wizard_edu.errors import ArgumentError, DuplicateCardError, IllegalPlayError, TrickSizeError


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
