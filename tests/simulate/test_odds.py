"""Exact odds (wizard_edu.simulate.odds) against independent counts: math.comb closed forms and brute force."""

from __future__ import annotations

import itertools
from fractions import Fraction
from math import comb

import pytest

from wizard_edu import Card, WizardError, get_ruleset, trick_winner
from wizard_edu.errors import ArgumentError
from wizard_edu.simulate import estimate_tricks
from wizard_edu.simulate.odds import (
    MAX_POPULATION,
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


# -- bad input: refused with a WizardError a teacher can read, nothing changed -------------------------------
# Bad input to the exact odds: refused with a WizardError, or answered (0) where the answer exists.

def brute_hypergeometric(population: int, successes: int, draws: int, k: int) -> Fraction:
    """Count every hand of ``draws`` cards from a small pile (independent of the closed form)."""
    from itertools import combinations

    pile = [1] * successes + [0] * (population - successes)
    hands = list(combinations(range(population), draws))
    good = sum(1 for h in hands if sum(pile[i] for i in h) == k)
    return Fraction(good, len(hands))


@pytest.mark.parametrize("population, successes, draws, k", [
    (60, 4, 5, 6), (60, 4, 5, 5), (10, 8, 3, 0), (10, 2, 3, 3), (7, 3, 7, 2), (0, 0, 0, 1),
])
def test_impossible_counts_have_chance_zero(population, successes, draws, k):
    assert hypergeometric(population, successes, draws, k) == 0
    if population <= 10:
        assert brute_hypergeometric(population, successes, draws, k) == 0


@pytest.mark.parametrize("population, successes, draws", [(8, 3, 4), (9, 0, 2), (6, 6, 3), (5, 2, 5)])
def test_every_count_agrees_with_brute_force_and_sums_to_one(population, successes, draws):
    chances = [hypergeometric(population, successes, draws, k) for k in range(draws + 2)]
    assert chances == [brute_hypergeometric(population, successes, draws, k) for k in range(draws + 2)]
    assert sum(chances) == 1


def test_a_huge_pile_is_refused_at_once_and_the_biggest_allowed_is_exact():
    with pytest.raises(ArgumentError, match="up to 10,000 cards, not 1,000,000"):
        hypergeometric(10**6, 5 * 10**5, 5 * 10**5, 25 * 10**4)
    n = MAX_POPULATION
    assert hypergeometric(n, 2, 2, 2) == Fraction(2 * 1, n * (n - 1))
    assert hypergeometric(n, n // 2, 3, 1) == Fraction(comb(n // 2, 1) * comb(n // 2, 2), comb(n, 3))


@pytest.mark.parametrize("args", [
    (True, 4, 5, 1), (60, 4.0, 5, 1), (60, 4, "5", 1), (60, 4, 5, None), (60, -4, 5, 1), (60, 61, 5, 1),
    (60, 4, 61, 1),
])
def test_hypergeometric_refuses_what_is_not_a_count(args):
    with pytest.raises(ArgumentError):
        hypergeometric(*args)


@pytest.mark.parametrize("call, words", [
    (lambda: trump_odds(4, round_number=True), "rounds go from 1 to 15, not True"),
    (lambda: trump_odds(4, round_number=16), "rounds go from 1 to 15, not 16"),
    (lambda: trump_odds(True), "number of players must be a whole number, not True"),
    (lambda: trump_odds(4, rules=None), "no rules called None"),
    (lambda: trump_odds_table(4, exact="yes"), "exact must be True or False, not 'yes'"),
    (lambda: hand_odds(True), "from 1 to 60 cards here, not True"),
    (lambda: hand_odds(0), "from 1 to 60 cards here, not 0"),
    (lambda: hand_odds(61), "from 1 to 60 cards here, not 61"),
    (lambda: hand_odds(2, what=None), "Count 'wizards', 'jesters', 'trumps' or a colour"),
    (lambda: hand_odds(2, what=["wizards"]), "Count 'wizards'"),
    (lambda: hand_odds(3, "dragons"), "Count 'wizards'.*not 'dragons'"),
    (lambda: hand_odds(3, "trumps"), "To count trumps, give the turned-up card"),
    (lambda: hand_odds(2, "trumps", turned_up="W"), "as a number card"),
    (lambda: hand_odds(2, turned_up=5), "not 5"),
    (lambda: hand_odds_table(max_cards=10**9), "max_cards .* from 1 to 60, not 1000000000"),
    (lambda: hand_odds_table(max_cards=0), "max_cards .* not 0"),
    (lambda: hand_odds_table(max_cards=2.5), "max_cards .* not 2.5"),
    (lambda: hand_odds_table(exact=None), "exact must be True or False, not None"),
    (lambda: one_card_win_probability("W", players=True, seat=0, turned_up="R5"), "players must be a whole number"),
    (lambda: one_card_win_probability("R7", 7, 0, "G2"), "3 to 6 players, not 7"),
    (lambda: one_card_win_probability("W", players=4, seat=4, turned_up="R5"), "seats go from 0 .* 4 is not a seat"),
    (lambda: one_card_win_probability("R5", players=4, seat=0, turned_up="R5"), "R5 is given 2 times"),
    (lambda: one_card_win_probability(None, players=4, seat=0, turned_up="R5"), "not None"),
    (lambda: one_card_win_probability("R7", 4, 0, "W"), "the dealer chooses"),
    (lambda: one_card_win_probability("R14", 4, 0, "G2"), "'R14' is not a card"),
    (lambda: one_card_win_probability("R9", 4, 0, "G2", rules="junior"), "R9 is not in the Wizard Junior deck"),
    (lambda: round_one_table(4, "R5", exact=1), "exact must be True or False, not 1"),
    (lambda: hypergeometric(10, 11, 2, 1), "Cannot draw 2 or mark 11 of only 10 cards"),
    (lambda: hypergeometric(10, 2, -1, 0), "draws must be a whole number of 0 or more, not -1"),
])
def test_odds_refuse_bad_arguments_and_say_why(call, words):
    with pytest.raises(WizardError, match=words):
        call()


def test_odds_take_numpy_whole_numbers():
    np = pytest.importorskip("numpy")
    assert hand_odds(np.int64(2)) == hand_odds(2)
    assert trump_odds(np.int64(4), round_number=np.int64(3)) == trump_odds(4, round_number=3)
    assert one_card_win_probability("R13", np.int64(4), np.int64(2), "R5") == \
        one_card_win_probability("R13", 4, 2, "R5")
    with pytest.raises(WizardError):
        hand_odds(np.True_)


def test_hypergeometric_takes_numpy_whole_numbers():
    np = pytest.importorskip("numpy")
    assert hypergeometric(np.int64(36), np.int32(2), np.int64(8), np.uint8(2)) == Fraction(2, 45)
