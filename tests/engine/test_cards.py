"""Cards, card text, decks and how cards look."""

import copy
import itertools
import pickle

import pytest

from wizard_edu import (
    Card,
    CardTextError,
    WizardError,
    anniversary_deck,
    cards,
    classic_deck,
    junior_deck,
    sorted_hand,
)
from wizard_edu.display import card_html, cards_html, get_theme, set_theme
from wizard_edu.engine.cards import check_deck_counts, make_deck, sort_key
from wizard_edu.errors import ArgumentError, UnknownRulesetError


@pytest.mark.parametrize("text, canonical", [
    ("R7", "R7"), ("g13", "G13"), ("  b1 ", "B1"), ("Y8", "Y8"), ("w", "W"), ("J", "J"),
    ("F", "J"), ("f", "J"), ("dragon", "Dragon"), ("JUGGLER:r", "Juggler:R"), ("Cloud:B", "Cloud:B"),
])
def test_parse_and_canonical_text(text, canonical):
    card = Card.parse(text)
    assert str(card) == canonical
    assert Card.parse(str(card)) == card


def test_every_deck_card_round_trips_through_text():
    for card in anniversary_deck():
        assert Card.parse(str(card)) == card


@pytest.mark.parametrize("text", ["R14", "R0", "P3", "", "7", "RR", "Wizard", "G 1 3", "Juggler:P"])
def test_bad_card_text_is_a_clear_error_naming_the_text(text):
    with pytest.raises(CardTextError) as info:
        Card.parse(text)
    assert isinstance(info.value, ValueError)
    assert repr(text.strip()) in str(info.value)


def test_non_text_is_rejected():
    with pytest.raises(WizardError):
        Card.parse(7)  # type: ignore[arg-type]


def test_junior_deck_has_36_cards():
    deck = junior_deck()
    assert len(deck) == 36
    assert sum(c.is_wizard for c in deck) == 2 and sum(c.is_jester for c in deck) == 2
    assert {c.rank for c in deck if c.is_number} == set(range(1, 9))
    assert {c.colour for c in deck if c.is_number} == {"R", "G", "B", "Y"}


def test_classic_deck_has_60_cards():
    deck = classic_deck()
    assert len(deck) == 60
    assert sum(c.is_wizard for c in deck) == 4 and sum(c.is_jester for c in deck) == 4
    assert len({str(c) for c in deck if c.is_number}) == 52


def test_anniversary_deck_adds_six_special_cards():
    deck = anniversary_deck()
    assert len(deck) == 66
    assert sorted(str(c) for c in deck if c.is_special) == sorted(
        ["Dragon", "Fairy", "Bomb", "Werewolf", "Juggler", "Cloud"])


def test_cards_helper_reads_lists_and_prints_back():
    hand = cards("r7, g13  w f")
    assert str(hand) == "R7 G13 W J"
    assert cards(["R7", Card.parse("W")]) == cards("R7 W")


def test_card_html_shows_colour_and_a_letter_or_symbol():
    html = Card.parse("R7")._repr_html_()
    assert "7" in html and "\u25b2" in html and "#D55E00" in html
    assert 'title="red 7"' in html
    # Every colour has its own symbol, so colours differ by shape too.
    symbols = {card_html(Card.parse(f"{c}5")).split("</span><span>")[1][:1] for c in "RGBY"}
    assert len(symbols) == 4


def test_hand_html_contains_every_card():
    html = cards("R7 W J")._repr_html_()
    assert html.count('class="wizard-card"') == 3


def test_themes_change_labels_only():
    ace = Card.parse("R13")
    assert get_theme("us").card_label(ace) == "A"
    assert get_theme("us").card_label(Card.parse("R1")) == "2"
    assert get_theme("amigo").card_name(ace) == "Dwarves 13"
    assert get_theme("amigo").card_name(Card.parse("B2")) == "People 2"
    assert get_theme("junior").card_name(Card.parse("J")) == "Fool Frog"
    assert 'title="the ace of hearts"' in card_html(ace, "us")  # US Games faces: a playing deck
    # The card itself is unchanged by a theme.
    assert str(ace) == "R13"


def test_set_theme_changes_default_and_rejects_unknown():
    try:
        set_theme("us")
        assert ">A<" in Card.parse("G13")._repr_html_()
    finally:
        set_theme("classic")
    with pytest.raises(UnknownRulesetError):
        set_theme("pirates")


def test_cards_html_row():
    assert cards_html(cards("R1 G2")).startswith('<div class="wizard-hand"')


def test_there_is_one_object_for_each_card():
    # Cards compare by identity, so every way of making a card must give the one object.
    wizard = Card("wizard")
    assert Card.parse("w") is wizard and cards("W W")[1] is wizard
    assert Card.parse("R7") is Card("number", "R", 7) and Card.parse("Juggler:R") is Card("juggler", "R")
    assert pickle.loads(pickle.dumps(wizard)) is wizard
    assert copy.copy(wizard) is wizard and copy.deepcopy([wizard])[0] is wizard
    assert Card.parse("R7") != Card.parse("R8") and len({Card.parse("R7"), Card("number", "R", 7)}) == 1


@pytest.mark.parametrize("rank", [True, 7.0, "7"])
def test_a_card_that_only_looks_like_one_is_refused(rank):
    # (True == 1 and 7.0 == 7: the one-object lookup must not hand back R1 or R7 for them.)
    with pytest.raises(CardTextError):
        Card("number", "R", rank)


# -- bad input: refused with a WizardError a teacher can read, nothing changed -------------------------------
# Bad input to cards and decks: refused with a WizardError a teacher can read, nothing changed.

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
