"""Rulings of shared/RULES-NOTES.md that had no test, or only a weak one (see docs/rulings-coverage.md).

Only the public API is used.  Each test asserts on what the engine really returns, so each can fail.
"""

from __future__ import annotations

import random
import re

import pytest

from wizard_edu import (
    COLOURS,
    Card,
    CardTextError,
    Game,
    PlayerCountError,
    anniversary_deck,
    classic_deck,
)
from wizard_edu.display import get_theme
from wizard_edu.engine.rules.anniversary import werewolf_swap


# -- Cards and notation ----------------------------------------------------------------------------
def test_parsing_ignores_case_and_any_surrounding_white_space_for_every_card():
    named = [Card.parse(f"{kind}:{c}") for kind in ("Juggler", "Cloud") for c in COLOURS]
    for card in [*anniversary_deck(), *named]:
        for text in (str(card).lower(), str(card).upper(), f"  {str(card).lower()}\t", f"\n{card} "):
            assert Card.parse(text) == card, text


@pytest.mark.parametrize("text", ["R14", "Q7", "purple 3", "Juggler:P", "Cloud:", "WW", "J7", " R0 "])
def test_every_bad_card_text_is_a_value_error_that_names_the_text(text):
    with pytest.raises(ValueError) as info:
        Card.parse(text)
    assert repr(text.strip()) in str(info.value)


@pytest.mark.parametrize("text", ["R 7", "g\t13", "R07"])
def test_text_with_an_inner_space_or_a_leading_zero_is_not_a_card(text):
    # Only case and *surrounding* spaces are forgiven; the error names the text.
    with pytest.raises(CardTextError, match=re.escape(repr(text))):
        Card.parse(text)


def test_classic_number_cards_are_one_to_thirteen_in_each_colour():
    deck = classic_deck()
    for colour in COLOURS:
        assert sorted(c.rank for c in deck if c.is_number and c.colour == colour) == list(range(1, 14))


def test_us_games_labels_are_a_display_theme_over_the_same_order():
    us = get_theme("us")
    labels = [us.card_label(Card.parse(f"R{r}")) for r in range(1, 14)]
    assert labels == ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    # Only the label changes: the card (and so its place in the 1-13 order) is the same.
    assert str(Card.parse("R13")) == "R13" and Card.parse("R13").rank == 13


def test_amigo_names_every_colour():
    amigo = get_theme("amigo")
    names = {c: amigo.card_name(Card.parse(f"{c}5")) for c in COLOURS}
    assert names == {"B": "People 5", "G": "Elves 5", "R": "Dwarves 5", "Y": "Giants 5"}


# -- A round -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("rules, players, seed", [("junior", 3, 1), ("junior", 6, 2), ("classic", 4, 3),
                                                  ("classic", 5, 4), ("anniversary", 4, 5)])
def test_left_of_dealer_leads_the_first_trick_and_each_winner_leads_the_next(rules, players, seed):
    game = Game(players, rules, seed=seed, first_dealer=seed % players)
    rng = random.Random(seed)
    firsts = laters = 0
    while not game.is_over:
        if game.phase == "play" and not game.trick:
            if not game.tricks:
                assert game.to_move == (game.dealer + 1) % players
                firsts += 1
            else:
                last = game.tricks[-1]
                # The Bomb (Anniversary) gives the lead to whoever would otherwise have won.
                assert game.to_move == last.plays[last.result.leader_next][0]
                if last.winner_seat is not None:
                    assert game.to_move == last.winner_seat
                laters += 1
        game.apply(rng.choice(game.legal_actions()))
    assert firsts == len(game.round_sizes) and laters == sum(game.round_sizes) - len(game.round_sizes)


def test_without_a_variant_the_dealer_may_make_the_bids_total_the_tricks():
    game = next(g for g in (Game(4, "classic", seed=s) for s in range(100)) if g.phase == "bid")
    for _ in range(3):
        game.bid(0)
    assert game.to_move == game.dealer
    assert [a.value for a in game.legal_actions()] == [0, 1]
    game.bid(1)
    assert sum(game.bids) == game.hand_size == 1 and game.phase == "play"


@pytest.mark.parametrize("rules", ["junior", "classic", "anniversary"])
@pytest.mark.parametrize("players", [0, 1, 2, 7, 8])
def test_a_game_outside_three_to_six_players_is_a_clear_error(rules, players):
    with pytest.raises(PlayerCountError, match="3 to 6"):
        Game(players, rules, seed=1)


# -- Anniversary: turned up as the trump card --------------------------------------------------------------
def game_turning_up(kind: str) -> Game:
    """The first seeded 4-player Anniversary game whose turned-up card is ``kind`` (no Werewolf swap)."""
    for seed in range(2000):
        game = Game(4, "anniversary", seed=seed)
        if game.trump_card is not None and game.trump_card.kind == kind and werewolf_swap(game) is None:
            return game
    raise AssertionError(f"no seed turns up the {kind}")


@pytest.mark.parametrize("kind", ["fairy", "bomb"])
def test_a_turned_up_fairy_or_bomb_means_no_trump_in_a_game(kind):
    game = game_turning_up(kind)
    assert game.trump is None and game.phase == "bid"  # no colour to choose: bidding starts
    assert game.to_move == (game.dealer + 1) % 4


@pytest.mark.parametrize("kind", ["dragon", "juggler", "cloud"])
def test_a_turned_up_dragon_juggler_or_cloud_lets_the_dealer_pick_a_colour_in_a_game(kind):
    game = game_turning_up(kind)
    assert game.phase == "trump" and game.to_move == game.dealer and game.trump is None
    assert sorted(a.value for a in game.legal_actions()) == sorted(COLOURS)
    game.choose_trump("B")
    assert game.trump == "B" and game.phase == "bid"
