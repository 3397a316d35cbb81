"""Bad input to the exact odds: refused with a WizardError, or answered (0) where the answer exists."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest

from wizard_edu import WizardError
from wizard_edu.errors import ArgumentError
from wizard_edu.simulate.odds import (
    MAX_POPULATION,
    hand_odds,
    hand_odds_table,
    hypergeometric,
    one_card_win_probability,
    round_one_table,
    trump_odds,
    trump_odds_table,
)


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
