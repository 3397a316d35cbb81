"""Bad input to the simulator: a WizardError with a readable message, and caps a teacher never hits by accident."""

from __future__ import annotations

import numpy as np
import pytest

import wizard_edu.simulate.checks as checks
from wizard_edu.engine.rules.tables import rule_tables as engine_tables
from wizard_edu.engine.rules.tables import trump_code
from wizard_edu.errors import (
    CardTextError,
    DealerChoosesError,
    DuplicateCardError,
    HandSizeError,
    PlayerCountError,
    SampleSizeError,
    SeatError,
    SeedError,
    TrumpError,
    UnknownPolicyError,
    UnknownRulesetError,
    WizardError,
)
from wizard_edu.simulate import (
    estimate_tricks,
    hand_frequencies,
    random_playouts,
    rule_tables,
    trump_frequencies,
)


def test_sample_caps_are_refused_at_once_and_say_the_cap():
    with pytest.raises(SampleSizeError, match="10,000,000"):
        estimate_tricks("W R13", samples=10**12)
    with pytest.raises(SampleSizeError, match="10,000,000"):
        random_playouts(10**9)
    with pytest.raises(SampleSizeError, match="10,000,000"):
        trump_frequencies(10**8)
    with pytest.raises(SampleSizeError, match="10,000,000"):
        hand_frequencies(10**8, cards=3)


def test_the_cap_itself_is_allowed():
    # The cap is a limit, not a trap: exactly MAX_DEALS passes the check (not run here: too long).
    assert checks.check_count(checks.MAX_DEALS, "samples", checks.MAX_DEALS) == checks.MAX_DEALS


#: Seeds that are not whole numbers, for every seeded thing of the kit (the players' tests use it too).
NOT_WHOLE = ["abc", 1.5, True, [1], np.True_, np.float64(2.0)]


@pytest.mark.parametrize("seed", [*NOT_WHOLE, -1])
def test_simulator_seeds_must_be_whole_numbers_of_zero_or_more(seed):
    with pytest.raises(SeedError, match="whole number of 0 or more"):
        estimate_tricks("W R13", samples=10, seed=seed)
    with pytest.raises(SeedError, match="whole number of 0 or more"):
        random_playouts(10, seed=seed)
    with pytest.raises(SeedError):
        trump_frequencies(10, seed=seed)


@pytest.mark.parametrize("seed", [None, 0, 7])
def test_simulator_accepts_none_and_whole_numbers(seed):
    assert random_playouts(5, seed=seed).shape == (5, 4)


FIFTEEN = " ".join(f"R{i}" for i in range(1, 14)) + " G1 G2"


@pytest.mark.parametrize("call, error, words", [
    (lambda: estimate_tricks("R7 R7", 4, 0, "G2"), DuplicateCardError, "R7 is given 2 times"),
    (lambda: estimate_tricks("W W W W", 4, 0, "W"), DuplicateCardError, "W is given 5 times"),
    (lambda: estimate_tricks(FIFTEEN + " G3", 4, 0, "J"), HandSizeError, "too many"),
    (lambda: estimate_tricks(FIFTEEN, 4, 0, "J"), HandSizeError, "no card is left"),
    (lambda: estimate_tricks("", 4, 0, "J"), HandSizeError, "empty"),
    (lambda: estimate_tricks("R7", 4, -1, "G2"), SeatError, "seats go from 0"),
    (lambda: estimate_tricks("W", seat=4), SeatError, "seats go from 0"),
    (lambda: estimate_tricks("R7", 4, 0, "G2", opponents="genius"), UnknownPolicyError, "'random' or 'rule-of-thumb'"),
    (lambda: estimate_tricks("R7", 4, 0, "G2", samples=0), SampleSizeError, "1 or more, not 0"),
    (lambda: estimate_tricks("R7", 4, 0, "G2", bid=2), HandSizeError, "bid must be a whole number from 0 to 1"),
    (lambda: estimate_tricks("R7", 4, 0, "G2", rules="anniversary"), UnknownRulesetError, "Junior and Classic"),
    (lambda: estimate_tricks("R7 X", 4, 0, "G2"), CardTextError, "X"),
    (lambda: estimate_tricks("W", players=4.0), PlayerCountError, "whole number"),
    (lambda: random_playouts(10, rules="classic-ish"), UnknownRulesetError, "classic-ish"),
    (lambda: random_playouts(10, players=2), PlayerCountError, "3 to 6 players"),
    (lambda: random_playouts(10, players="4"), PlayerCountError, "whole number"),
    (lambda: random_playouts(10, players=4, cards=16), HandSizeError, "16 cards each is too many"),
    (lambda: random_playouts(0), SampleSizeError, "1 or more, not 0"),
    (lambda: random_playouts(10, cards=True), SampleSizeError, "not True"),
])
def test_bad_arguments_say_what_is_wrong(call, error, words):
    with pytest.raises(error, match=words):
        call()


def test_a_turned_up_wizard_where_the_dealer_cannot_choose():
    with pytest.raises(DealerChoosesError):
        checks.trump_of(checks.as_cards(["W"], engine_tables().ruleset)[0], engine_tables().ruleset,
                        allow_choice=False)


def test_rule_tables_refuse_what_they_do_not_cover():
    with pytest.raises(UnknownRulesetError):
        engine_tables("anniversary")
    with pytest.raises(UnknownRulesetError):
        rule_tables("anniversary")
    with pytest.raises(TrumpError, match="R, G, B, Y or None"):
        trump_code("purple")
    tables = engine_tables("junior")
    with pytest.raises(WizardError):
        tables.encode(tables.cards[:1] * 9)  # more copies than the deck holds


def test_old_error_names_still_import_from_the_simulator():
    from wizard_edu import errors
    from wizard_edu.simulate import play

    for name in ("DuplicateCardError", "HandSizeError", "SeatError", "DealerChoosesError", "SampleSizeError"):
        assert getattr(checks, name) is getattr(errors, name)
    assert play.UnknownPolicyError is errors.UnknownPolicyError


@pytest.mark.parametrize("hand", [None, 5, 2.5, object()])
def test_a_hand_that_is_not_cards_is_a_clear_error(hand):
    # estimate_tricks(hand=None) used to raise a bare TypeError ("'NoneType' object is not iterable").
    with pytest.raises(HandSizeError, match=r"Give the hand as cards, like 'R7 W'"):
        estimate_tricks(hand, samples=10)


def test_numpy_whole_numbers_count_as_whole_numbers():
    np = pytest.importorskip("numpy")
    plain = estimate_tricks("W R13 G2", players=4, seat=1, samples=200, seed=5, bid=1, chunk=50)
    numpy_ = estimate_tricks("W R13 G2", players=np.int64(4), seat=np.int32(1), samples=np.int64(200),
                             seed=np.uint16(5), bid=np.int8(1), chunk=np.int64(50))
    assert numpy_.counts.tolist() == plain.counts.tolist()
    assert (numpy_.players, numpy_.seat, numpy_.samples) == (4, 1, 200)
    assert all(type(v) is int for v in (numpy_.players, numpy_.seat, numpy_.samples))
    assert (random_playouts(np.int64(20), players=np.int64(3), cards=np.int64(4), seed=np.int64(1))
            == random_playouts(20, players=3, cards=4, seed=1)).all()
    assert trump_frequencies(np.int64(50), np.int64(4), np.int64(2), seed=np.int64(0)) == \
        trump_frequencies(50, 4, 2, seed=0)
    assert hand_frequencies(np.int64(50), np.int64(3), seed=np.int64(0)) == hand_frequencies(50, 3, seed=0)


@pytest.mark.parametrize("value", [True, False])
def test_bools_are_still_not_counts(value):
    np = pytest.importorskip("numpy")
    for v in (value, np.bool_(value)):
        with pytest.raises(SampleSizeError):
            random_playouts(v)
        with pytest.raises(SeedError):
            random_playouts(5, seed=v)
        with pytest.raises(SeatError):
            estimate_tricks("W", seat=v, samples=10)


def test_progress_must_be_true_or_false():
    with pytest.raises(WizardError, match="progress must be True or False, not 'yes'"):
        estimate_tricks("W R3", samples=10, progress="yes")
    with pytest.raises(WizardError, match="progress must be True or False"):
        random_playouts(10, progress=1)


def test_compare_with_exact_wants_two_dicts_and_some_counts():
    from wizard_edu.simulate import compare_with_exact
    from wizard_edu.simulate.odds import trump_odds

    for exact, counts in ((None, None), ("a", "b"), (trump_odds(4), [1, 2])):
        with pytest.raises(WizardError, match="two dicts"):
            compare_with_exact(exact, counts)
    with pytest.raises(SampleSizeError, match="no counts"):
        compare_with_exact(trump_odds(4), {})
