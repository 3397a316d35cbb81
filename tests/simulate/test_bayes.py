"""What bids reveal (issue 12): the bidding model, exact enumeration against weighted sampling, Bayes' rule."""

from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
import pytest

from wizard_edu import Game, get_ruleset
from wizard_edu.errors import BidError, DealerChoosesError, SeatError, WizardError
from wizard_edu.players.rule_of_thumb import count_tricks
from wizard_edu.simulate.bayes import (
    bid_model_table,
    bid_probabilities,
    exact_size,
    reveal,
    what_bids_reveal,
)
from wizard_edu.simulate.tables import player_tables


def test_bid_model_rows_are_distributions_peaking_at_the_rounded_count():
    est = np.array([0.0, 0.4, 1.6, 2.9, 7.0])
    p = bid_probabilities(est, 3)
    assert np.allclose(p.sum(1), 1)
    assert p.argmax(1).tolist() == [0, 0, 2, 3, 3]


@pytest.mark.parametrize("case", [
    dict(hand="R3", bids={1: 0}, players=3, seat=0, turned_up="G5", rules="classic"),
    dict(hand="W", bids={0: 1, 1: 0}, players=3, seat=2, turned_up="B9", rules="classic"),
    dict(hand="G2 Y8", bids={0: 2}, players=3, seat=1, turned_up="R1", rules="junior"),
    dict(hand="J", bids={0: 0, 2: 1}, players=4, seat=1, turned_up="J", rules="classic"),
])
def test_exact_and_weighted_sampling_agree(case):
    exact = reveal(**case, method="exact")
    sampled = reveal(**case, method="sampling", samples=40_000, seed=3)
    assert exact.attrs["method"] == "exact" and sampled.attrs["method"] == "sampling"
    diff = (exact["posterior"] - sampled["posterior"]).abs()
    se = sampled["posterior se"].clip(lower=1e-3)
    assert (diff <= 4 * se).all(), (diff / se).max()
    assert (exact["prior"] == sampled["prior"]).all()


def test_exact_posterior_by_brute_force_with_the_engine_estimate():
    """One opponent who bid 0 in a 3-player one-card Junior round: Bayes' rule done by hand."""
    from wizard_edu import Card

    ruleset = get_ruleset("junior")
    mine, up = Card.parse("G2"), Card.parse("R5")
    pool = [c for c in ruleset.deck()]
    pool.remove(mine)
    pool.remove(up)
    num = den = 0.0
    for a, _b in itertools.permutations(range(len(pool)), 2):     # seat 0's card, seat 2's card
        est = count_tricks([pool[a]], "R", ruleset.ranks, 3)
        like = float(bid_probabilities(np.array([est]), 1)[0, 0])
        den += like
        num += like * pool[a].is_wizard
    table = reveal("G2", {0: 0}, players=3, seat=1, turned_up="R5", rules="junior", method="exact")
    assert table.loc[(0, "a Wizard"), "posterior"] == pytest.approx(num / den)


def test_prior_is_the_exact_hand_odds():
    table = reveal("R3 G4", {}, players=4, seat=0, turned_up="B7", method="sampling", samples=1000, seed=0)
    # The opponent draws 2 of the 57 unseen cards (4 of them Wizards).
    exact = 1 - Fraction(53 * 52, 57 * 56)
    assert table.loc[(1, "a Wizard"), "prior"] == pytest.approx(float(exact))


def test_a_bid_of_zero_lowers_the_wizard_chance_and_a_high_bid_raises_it():
    low = reveal("R3 G4 B2", {0: 0}, players=4, seat=1, turned_up="Y7", samples=20_000, seed=1)
    high = reveal("R3 G4 B2", {0: 3}, players=4, seat=1, turned_up="Y7", samples=20_000, seed=1)
    row_low, row_high = low.loc[(0, "a Wizard")], high.loc[(0, "a Wizard")]
    assert row_low["posterior"] + 4 * row_low["posterior se"] < row_low["prior"]
    assert row_high["posterior"] - 4 * row_high["posterior se"] > row_high["prior"]
    assert row_low["likelihood if held"] < row_low["likelihood if not"]


def test_a_player_without_a_bid_changes_little():
    table = reveal("R3", {0: 0}, players=4, seat=1, turned_up="Y7", method="exact")
    quiet = table.loc[(2, "a Wizard")]
    assert abs(quiet["posterior"] - quiet["prior"]) < 0.02


def test_auto_picks_exact_for_small_rounds_and_sampling_for_big_ones():
    assert reveal("R3", {0: 1}, players=3, seat=1, turned_up="G2").attrs["method"] == "exact"
    big = reveal("R3 G4 B2 Y9 W", {0: 1}, players=4, seat=1, turned_up="G2", samples=2000, seed=0)
    assert big.attrs["method"] == "sampling" and big.attrs["effective_deals"] < 2000
    assert exact_size(57, 1, 3) == 57 * 56 * 55


def test_bid_model_table_is_the_likelihood():
    table = bid_model_table(3, 4, "R5", seed=0, samples=5000)
    assert np.allclose(table.sum(), 1)
    assert table.loc[0, "with"] < table.loc[0, "without"]        # a Wizard makes a 0 bid rarer


def test_what_bids_reveal_from_a_game_view():
    for seed in range(20):
        game = Game(players=4, seed=seed, hand_sizes=[3], names=["Ada", "Ben", "Cleo", "Dan"])
        if game.phase != "bid":
            continue
        game.bid(0)
        view = game.view(game.to_move)
        table = what_bids_reveal(view, samples=4000)
        first = view.names[(view.dealer + 1) % 4]
        row = table.loc[(first, "a Wizard")]
        assert row["bid"] == 0 and row["posterior"] < row["prior"]
        assert view.names[view.seat] not in table.index.get_level_values(0)
        return
    pytest.fail("no seeded game starts with bidding")


def test_refusals():
    with pytest.raises(SeatError):
        reveal("R3", {0: 1}, players=3, seat=0, turned_up="G2")
    with pytest.raises(BidError):
        reveal("R3", {1: 4}, players=3, seat=0, turned_up="G2")
    with pytest.raises(DealerChoosesError):
        reveal("R3", {1: 0}, players=3, seat=0, turned_up="W")
    with pytest.raises(WizardError):
        reveal("R3 G4 B2 Y9", {1: 0}, players=4, seat=0, turned_up="G2", method="exact")
    with pytest.raises(WizardError):
        reveal("R3", {1: 0}, players=3, seat=0, turned_up="G2", method="guess")
    assert player_tables(get_ruleset("classic")).size == 60


def test_bayes_lab_widget():
    from wizard_edu.widgets.bayes import BayesLab, LikelihoodTable

    lab = BayesLab(players=3, cards=1, seed=2)
    before = lab.table.loc[(0, "a Wizard"), "posterior"]
    lab.set_bid(0, 0)
    after = lab.table.loc[(0, "a Wizard"), "posterior"]
    assert after < before and lab.pickers[0].value == 0
    assert "Player 1 holds a Wizard" in lab.text and "wizard-bayes-row" in lab.out.value
    lab.pickers[1].value = 1                                    # the dropdown does the same
    assert lab.bids[1] == 1
    with pytest.raises(WizardError):
        lab.set_bid(2, 0)                                      # that is you
    assert "bid 0" in LikelihoodTable(cards=2).children[0].value


def test_reveal_takes_numpy_whole_numbers_and_refuses_bids_that_are_not_a_dict():
    plain = reveal("G2", {0: 0}, players=3, seat=1, turned_up="R5", rules="junior", method="exact")
    numpy_ = reveal("G2", {np.int64(0): np.int64(0)}, players=np.int64(3), seat=np.int8(1), turned_up="R5",
                    rules="junior", method="exact")
    assert numpy_.equals(plain)
    with pytest.raises(BidError, match="dict of seat to bid"):
        reveal("G2", [0, 1], players=3, seat=1, turned_up="R5", rules="junior")
    with pytest.raises(BidError, match="not True"):
        reveal("G2", {0: True}, players=3, seat=1, turned_up="R5", rules="junior")


@pytest.mark.parametrize("spread", ["x", 0, -1.5, float("nan"), True])
def test_the_bidding_models_spread_is_a_positive_number(spread):
    with pytest.raises(WizardError, match="spread"):
        reveal("G2", {0: 0}, players=3, seat=1, turned_up="R5", rules="junior", spread=spread)
    with pytest.raises(WizardError, match="spread"):
        bid_probabilities(np.array([1.0]), 3, spread)


def test_bid_probabilities_wants_a_hand_size():
    with pytest.raises(WizardError, match="hand size must be a whole number of 0 or more, not -1"):
        bid_probabilities(np.array([1.0]), -1)
    assert bid_probabilities(np.array([1.0]), np.int64(3)).shape == (1, 4)


def test_what_bids_reveal_does_not_depend_on_the_order_of_the_deals(monkeypatch):
    """The sums behind the posterior are added up exactly: listing the deals in reverse changes no bit."""
    import wizard_edu.simulate.bayes as bayes

    case = dict(hand="W", bids={0: 1, 2: 0}, players=4, seat=1, turned_up="R5", method="exact")  # 185,136 deals
    forward = reveal(**case)
    exact_deals = bayes._exact_deals
    monkeypatch.setattr(bayes, "_exact_deals", lambda *args: exact_deals(*args)[::-1])
    backward = reveal(**case)
    assert backward.equals(forward)
