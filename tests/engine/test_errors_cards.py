"""Bad input to cards and decks: refused with a WizardError a teacher can read, nothing changed."""

from __future__ import annotations

import itertools

import pytest

from wizard_edu import Card, WizardError, cards, sorted_hand
from wizard_edu.engine.cards import check_deck_counts, classic_deck, make_deck, sort_key
from wizard_edu.errors import ArgumentError, CardTextError


@pytest.mark.parametrize("fields, words", [
    (("number", "R", 0), "from 1 to 13"),
    (("number", "R", 14), "from 1 to 13"),
    (("number", "R", True), "from 1 to 13"),
    (("number", "R", 7.0), "from 1 to 13"),
    (("number", "P", 7), "colour"),
    (("number", None, 7), "colour"),
    (("number",), "colour"),
    (("wizard", "R"), "only a played Juggler or Cloud has a colour"),
    (("jester", None, 3), "only number cards have a number"),
    (("juggler", "P"), "colour"),
    (("king",), "'king' is not a kind of card"),
    ((5,), "not a kind of card"),
    ((None,), "not a kind of card"),
])
def test_a_card_that_does_not_exist_cannot_be_built(fields, words):
    with pytest.raises(CardTextError, match=words):
        Card(*fields)


def test_real_cards_are_still_built():
    assert str(Card("number", "G", 13)) == "G13"
    assert str(Card("juggler", "B")) == "Juggler:B"
    assert str(Card("cloud")) == "Cloud"


@pytest.mark.parametrize("value", [None, 5, 2.5, True, {"R3": 1}, {"R3"}, b"R3", object()])
def test_cards_refuses_what_is_not_card_text_or_a_list(value):
    with pytest.raises(CardTextError, match="Give cards as text"):
        cards(value)


def test_cards_refuses_elements_that_are_not_cards():
    with pytest.raises(CardTextError, match="A card must be given as text"):
        cards(["R3", None])
    with pytest.raises(CardTextError, match="is not a card"):
        cards(["R3", "R14"])


def test_an_endless_list_of_cards_is_refused_without_reading_it_all():
    with pytest.raises(CardTextError, match="more than 200 cards"):
        cards(itertools.repeat("R3"))
    with pytest.raises(CardTextError, match="more than 200 cards"):
        cards("R3 " * 201)


def test_sorted_hand_reads_card_text_and_refuses_the_rest():
    assert str(sorted_hand(["R3", "W", "J", "R13"])) == "W R13 R3 J"
    assert sorted_hand("R3 W") == sorted_hand([Card.parse("W"), Card.parse("R3")])
    hand = ["R3", 5]
    with pytest.raises(CardTextError):
        sorted_hand(hand)
    assert hand == ["R3", 5]
    with pytest.raises(CardTextError):
        sorted_hand(None)


def test_sort_key_of_something_that_is_not_a_card():
    assert sort_key("W") == sort_key(Card("wizard"))
    with pytest.raises(CardTextError):
        sort_key(3)


@pytest.mark.parametrize("args, words", [
    ((-1, 4, 4), "ranks"),
    ((0, 4, 4), "ranks"),
    ((14, 4, 4), "ranks"),
    ((True, 4, 4), "ranks"),
    ((10**9, 4, 4), "ranks"),
    ((13, -1, 4), "Wizards"),
    ((13, 4, 10**9), "Jesters"),
    ((13, 4, 4.0), "Jesters"),
    ((13, 4, 4, ("dragon", "dragon")), "different Anniversary cards"),
    ((13, 4, 4, ("unicorn",)), "different Anniversary cards"),
    ((13, 4, 4, "dragon"), "different Anniversary cards"),
])
def test_make_deck_refuses_numbers_that_are_not_a_deck(args, words):
    with pytest.raises(ArgumentError, match=words):
        make_deck(*args)
    with pytest.raises(ArgumentError):
        check_deck_counts(*args)


def test_with_colour_refuses_what_is_not_a_colour():
    juggler = Card("juggler")
    for colour in (None, 3, "purple", ["R"]):
        with pytest.raises(WizardError):
            juggler.with_colour(colour)
    assert juggler.with_colour(" b ") == Card("juggler", "B")


def test_a_refused_call_leaves_a_deck_alone():
    deck = classic_deck()
    before = list(deck)
    with pytest.raises(WizardError):
        sorted_hand([*deck, 7])
    assert deck == before


def test_the_cards_list_holds_only_cards():
    from wizard_edu import Cards

    assert Cards("R3 w") == [Card.parse("R3"), Card.parse("W")]   # card text, not one letter a card
    assert Cards(["R3", Card.parse("J")]) == cards("R3 J")
    for bad in (None, 5, [None], ["R3", 7], ["purple"]):
        with pytest.raises(CardTextError):
            Cards(bad)
