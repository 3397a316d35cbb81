"""Exact odds (wizard_edu.simulate.odds) against independent counts: math.comb closed forms and brute force."""

from __future__ import annotations

import itertools
from fractions import Fraction
from math import comb

import pytest

from wizard_edu import Card, get_ruleset, trick_winner
from wizard_edu.simulate import estimate_tricks
from wizard_edu.simulate.odds import (
    best_first_round_bid,
    first_round_bids,
    hand_odds,
    hand_odds_table,
    hypergeometric,
    one_card_win_probability,
    round_one_rows,
    round_one_table,
    trump_odds,
    trump_odds_table,
)


def brute_one_card(card: str, players: int, seat: int, turned_up: str | None, rules: str) -> Fraction:
    """Every ordered way to give the other players one card each, decided by trick_winner itself."""
    ruleset = get_ruleset(rules)
    pool = list(ruleset.deck())
    mine = Card.parse(card)
    pool.remove(mine)
    up = None if turned_up is None else Card.parse(turned_up)
    if up is not None:
        pool.remove(up)
    trump = None if up is None or not up.is_number else up.colour
    wins = total = 0
    for others in itertools.permutations(range(len(pool)), players - 1):
        trick = [pool[i] for i in others]
        trick.insert(seat, mine)
        total += 1
        wins += trick_winner(trick, trump, ruleset) == seat
    return Fraction(wins, total)


# -- trump --------------------------------------------------------------------------
def test_trump_odds_classic_round_one():
    odds = trump_odds(4, 1)
    assert odds["R"] == Fraction(13, 60)
    assert odds["no trump"] == Fraction(4, 60)
    assert odds["dealer chooses"] == Fraction(4, 60)
    assert sum(odds.values()) == 1


def test_trump_odds_junior_and_last_classic_round():
    junior = trump_odds(3, 8, rules="junior")
    assert junior["G"] == Fraction(8, 36) and junior["no trump"] == Fraction(2, 36)
    for players in (3, 4, 5, 6):
        last = len(get_ruleset("classic").round_sizes(players))
        assert trump_odds(players, last)["no trump"] == 1
        assert trump_odds(players, last - 1)["no trump"] == Fraction(1, 15)


def test_trump_odds_table():
    table = trump_odds_table(5, exact=True)
    assert len(table) == 12 and table.loc[12, "no trump"] == 1
    assert table.loc[1, "red"] == Fraction(13, 60)


# -- hand make-up ---------------------------------------------------------------------
@pytest.mark.parametrize("n", [1, 2, 5, 10, 15])
def test_hand_odds_match_closed_form(n):
    odds = hand_odds(n, "wizards")
    for k, p in odds.items():
        assert p == Fraction(comb(4, k) * comb(56, n - k), comb(60, n))
    assert sum(odds.values()) == 1


def test_hand_odds_trumps_given_turned_up_card():
    # R5 is seen, so 12 red cards hide among the 59 others.
    odds = hand_odds(3, "trumps", turned_up="R5")
    assert odds[0] == Fraction(comb(47, 3), comb(59, 3))
    assert odds[3] == Fraction(comb(12, 3), comb(59, 3))


def test_hand_odds_by_brute_force_junior():
    deck = get_ruleset("junior").deck()
    hands = list(itertools.combinations(range(len(deck)), 3))
    for k, p in hand_odds(3, "jesters", rules="junior").items():
        count = sum(1 for h in hands if sum(deck[i].is_jester for i in h) == k)
        assert p == Fraction(count, len(hands))


def test_hand_odds_table():
    table = hand_odds_table("wizards", rules="junior", max_cards=8, exact=True)
    assert table.loc[8, 2] == hypergeometric(36, 2, 8, 2)
    assert table.columns.name == "Wizards held"


# -- one-card round -------------------------------------------------------------------
@pytest.mark.parametrize("card", ["W", "J", "R13", "R2", "G13", "G1", "B7"])
@pytest.mark.parametrize("seat", [0, 1, 2])
def test_one_card_classic_three_players_brute_force(card, seat):
    assert one_card_win_probability(card, 3, seat, "R5") == brute_one_card(card, 3, seat, "R5", "classic")


@pytest.mark.parametrize("card", ["W", "F", "Y8", "Y1", "B8", "B3"])
@pytest.mark.parametrize("turned_up", ["J", "Y4", None])
def test_one_card_junior_brute_force(card, turned_up):
    for seat in range(3):
        exact = one_card_win_probability(card, 3, seat, turned_up, rules="junior")
        assert exact == brute_one_card(card, 3, seat, turned_up, "junior")


def test_one_card_four_players_jester_brute_force():
    # Four Jesters in the pool: the lone way a Jester wins.
    assert one_card_win_probability("J", 4, 0, "R5") == brute_one_card("J", 4, 0, "R5", "classic")


@pytest.mark.parametrize("players", [4, 5, 6])
def test_one_card_closed_forms(players):
    m = 58  # cards left after my card and the turned-up card
    for seat in range(players):
        # A Wizard loses only to one of the 3 other Wizards played before it.
        assert one_card_win_probability("W", players, seat, "R5") == Fraction(comb(58 - 3, seat), comb(58, seat))
        # The top trump loses only to a Wizard anywhere.
        assert one_card_win_probability("R13", players, seat, "R5") == Fraction(
            comb(m - 4, players - 1), comb(m, players - 1))
        # R9 (trump) loses to 4 Wizards and R10-R13.
        assert one_card_win_probability("R9", players, seat, "R5") == Fraction(
            comb(m - 8, players - 1), comb(m, players - 1))
    # Leading a non-trump card: it must beat 4 Wizards, 12 trumps and the higher cards of its colour.
    assert one_card_win_probability("G10", players, 0, "R5") == Fraction(
        comb(m - 4 - 12 - 3, players - 1), comb(m, players - 1))
    # No trump (a Jester turned up), leading the 13: only Wizards beat it.
    assert one_card_win_probability("B13", players, 0, "J") == Fraction(comb(m - 4, players - 1),
                                                                         comb(m, players - 1))


def test_one_card_agrees_with_simulator_within_five_standard_errors():
    exact = float(one_card_win_probability("G11", 5, 3, "R5"))
    est = estimate_tricks("G11", players=5, seat=3, turned_up="R5", samples=20_000, seed=11,
                          opponents="random")
    assert abs(est.probabilities[1] - exact) < 5 * est.std_errors[1]


# -- bids --------------------------------------------------------------------------
def test_first_round_bids_use_the_rules_scoring():
    p = one_card_win_probability("G12", 4, 1, "R5")
    classic = first_round_bids("G12", 4, 1, "R5")
    assert classic[1] == p * 30 + (1 - p) * -10
    assert classic[0] == p * -10 + (1 - p) * 20
    junior = first_round_bids("G7", 4, 1, "R5", rules="junior")
    pj = one_card_win_probability("G7", 4, 1, "R5", rules="junior")
    assert junior == {0: 1 - pj, 1: pj}


def test_best_bid_thresholds_differ_between_scorings():
    # Classic: bid 1 pays when 40p - 10 > 20 - 30p, i.e. p > 3/7; Junior: when p > 1/2.
    for label, card in round_one_rows("R5"):
        for seat in (0, 3):
            p = one_card_win_probability(card, 4, seat, "R5")
            assert best_first_round_bid(card, 4, seat, "R5").bid == (1 if p > Fraction(3, 7) else 0), label
    some = [c for _, c in round_one_rows("R5", "junior")]
    for card in some:
        p = one_card_win_probability(card, 4, 0, "R5", "junior")
        advice = best_first_round_bid(card, 4, 0, "R5", "junior")
        assert advice.bid == (1 if p > Fraction(1, 2) else 0)
        assert advice.expected_score == max(p, 1 - p)


def test_round_one_table_shape_and_values():
    table = round_one_table(4, "R5", exact=True)
    assert list(table.columns) == ["player 1 (leads)", "player 2", "player 3", "player 4 (deals)"]
    assert len(table) == 1 + 12 + 13 + 1
    assert table.loc["Wizard", "player 1 (leads)"] == 1
    assert table.loc["R13 (trump)", "player 3"] == one_card_win_probability("R13", 4, 2, "R5")
    no_trump = round_one_table(3, "J", rules="junior")
    assert "8 of any colour" in no_trump.index


def test_lesson_answer_keys_still_hold():
    """The numbers printed in lessons/09-12 answer keys (keep them in step with the engine)."""
    from wizard_edu import score_round

    assert trump_odds(4, 1)["dealer chooses"] == Fraction(1, 15)
    assert trump_odds(4, 1, rules="junior")["no trump"] == Fraction(1, 18)
    assert trump_odds(3, 20)["no trump"] == 1
    assert hand_odds(5)[0] == Fraction(22737, 32509)
    assert hand_odds(8, "wizards", rules="junior")[2] == Fraction(2, 45)
    assert one_card_win_probability("R13", 4, 2, "R5") == Fraction(6201, 7714)
    assert round(float(one_card_win_probability("G13", 4, 0, "R5")), 3) == 0.372
    assert round(float(one_card_win_probability("G13", 4, 3, "R5")), 3) == 0.118
    r3 = first_round_bids("R3", 4, 0, "R5")
    assert (round(float(r3[1]), 1), round(float(r3[0]), 1)) == (8.4, 6.2)
    assert one_card_win_probability("J", 5, 0, "R5") == 0
    for dist, classic, junior in (({1: .3, 2: .5, 3: .2}, [-19, 0, 15, -1], [0, .3, 1, .6]),
                                  ({1: .5, 2: .32, 3: .18}, [-16.8, 8.2, 6, -4.2], [0, .5, .64, .54])):
        for rules, key in (("classic", classic), ("junior", junior)):
            got = [sum(p * score_round(b, k, rules) for k, p in dist.items()) for b in range(4)]
            assert got == pytest.approx(key)
