"""Bad input to the simulator: a WizardError with a readable message, and caps a teacher never hits by accident."""

from __future__ import annotations

import pytest

import wizard_edu.simulate.checks as checks
from wizard_edu.errors import (
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
from wizard_edu.rules.tables import rule_tables as engine_tables
from wizard_edu.rules.tables import trump_code
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


@pytest.mark.parametrize("seed", ["abc", 1.5, -1, True])
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


def test_bad_counts_players_seats_and_models():
    with pytest.raises(SampleSizeError):
        random_playouts(0)
    with pytest.raises(SampleSizeError):
        random_playouts(10, cards=True)
    with pytest.raises(PlayerCountError, match="whole number"):
        random_playouts(10, players="4")
    with pytest.raises(PlayerCountError, match="whole number"):
        estimate_tricks("W", players=4.0)
    with pytest.raises(SeatError):
        estimate_tricks("W", seat=4)
    with pytest.raises(UnknownPolicyError, match="'random' or 'rule-of-thumb'"):
        estimate_tricks("W", samples=10, opponents="genius")
    with pytest.raises(HandSizeError):
        estimate_tricks("", samples=10)
    with pytest.raises(DuplicateCardError):
        estimate_tricks("R3 R3", samples=10)
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
