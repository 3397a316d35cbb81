"""The probability widgets, driven through their Python API (no browser)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from wizard_edu import Card
from wizard_edu.simulate.odds import one_card_win_probability, round_one_table, trump_odds
from wizard_edu.widgets.explorer import WinProbabilityExplorer
from wizard_edu.widgets.prob_heatmap import RoundOneHeatMap
from wizard_edu.widgets.prob_lln import LawOfLargeNumbers


@pytest.fixture(scope="module")
def explorer():
    return WinProbabilityExplorer(rules="classic", players=4, seat=0, turned_up="J", samples=3000, seed=1)


def test_explorer_starts_empty_then_answers(explorer):
    fresh = WinProbabilityExplorer(rules="classic", players=4, seat=0, turned_up="J", samples=3000, seed=1)
    assert fresh.result is None and not fresh.hand  # nothing to estimate before a hand is chosen
    assert explorer.set_hand("R13 W G2")
    r = explorer.result
    assert [str(c) for c in explorer.hand] == ["W", "R13", "G2"]
    assert len(r.probabilities) == 4 and abs(r.probabilities.sum() - 1) < 1e-12
    assert r.probabilities[0] < 0.05  # a Wizard in the lead seat nearly always wins a trick
    assert "best bid" in explorer.message and "wizard-best-bid" in explorer.bids_html.value
    assert "3 tricks" in explorer.chart.value


def test_explorer_controls_and_buttons(explorer):
    assert explorer.set_hand("R7")
    assert explorer.set_seat(3) and explorer.result.seat == 3
    assert explorer.set_players(5) and explorer.result.players == 5
    assert explorer.set_turned_up("R2") and explorer.result.trump == "R"
    assert explorer.exact == one_card_win_probability("R7", 5, 3, "R2")
    assert f"{explorer.exact}" in explorer.message
    # Click the G13 button: it joins the hand, with a tick on the button.
    button = next(b for b in explorer.buttons if b.card == Card.parse("G13"))
    button.click()
    assert "G13" in str(explorer.hand) and button.description.startswith("\u2713")
    button.click()
    assert "G13" not in str(explorer.hand)
    turned = next(b for b in explorer.buttons if b.card == Card.parse("R2"))
    assert turned.disabled
    explorer.players_choice.value = 3  # the on-screen toggle drives the same API
    assert explorer.players == 3 and explorer.result.players == 3
    assert explorer.set_opponents("random") and explorer.result.opponents == "random"


def test_explorer_refuses_bad_input_without_losing_state(explorer):
    explorer.set_players(4)
    explorer.set_turned_up("J")
    assert explorer.set_hand("W G5")
    before = explorer.hand
    assert not explorer.set_hand("R7 R7")
    assert "R7 is given 2 times" in explorer.message and explorer.hand == before
    assert not explorer.set_turned_up("G5")
    assert explorer.turned_up == Card.parse("J")
    assert not explorer.set_seat(9) and "seats go from 0" in explorer.message
    assert not explorer.deal(40)
    assert explorer.deal(5, seed=2) and len(explorer.hand) == 5
    assert explorer.clear() and explorer.result is None


def test_explorer_one_card_estimate_near_exact():
    ex = WinProbabilityExplorer(rules="junior", players=3, seat=1, turned_up="B4", hand="B7", samples=20_000,
                                seed=3, opponents="random")
    exact = one_card_win_probability("B7", 3, 1, "B4", rules="junior")
    assert ex.exact == exact
    assert abs(ex.result.probabilities[1] - float(exact)) < 5 * ex.result.std_errors[1]
    assert ex.set_rules("classic") and str(ex.hand) == "B7"
    assert repr(ex).startswith("WinProbabilityExplorer(Classic Wizard, 3 players")


def test_law_of_large_numbers_converges():
    lln = LawOfLargeNumbers(question="wizard-turned-up", trials=100, seed=4)
    assert lln.exact == trump_odds(4, 1)["dealer chooses"] == Fraction(1, 15)
    assert lln.set_trials(100_000)
    assert abs(lln.estimate - 1 / 15) < 5 * lln.std_error
    assert "<polyline" in lln.svg and "exact" in lln.message
    assert lln.set_question("one-card-win", card="G11", players=4, seat=1, turned_up="R5")
    assert lln.exact == one_card_win_probability("G11", 4, 1, "R5")
    assert abs(lln.estimate - float(lln.exact)) < 5 * lln.std_error
    small = lln.std_error
    assert lln.set_trials(1_000) and lln.std_error > small  # fewer trials, wider band
    assert lln.set_question("wizard-in-hand", cards=3)
    assert lln.exact == 1 - Fraction(56 * 55 * 54, 60 * 59 * 58)
    assert lln.more() and lln.trials == 10_000
    assert not lln.set_question("unicorns") and "no question" in lln.message
    assert not lln.set_question("one-card-win", turned_up="W")
    assert lln.question == "wizard-in-hand"
    assert not lln.set_trials(0)


def test_heat_map_values_and_bids():
    heat = RoundOneHeatMap(players=4, turned_up="R5")
    assert heat.table.equals(round_one_table(4, "R5"))
    for (label, column), p in heat.exact_table.stack().items():
        assert heat.bid_one.loc[label, column] == (p > Fraction(3, 7))  # Classic: 40p - 10 > 20 - 30p
    assert heat.set_rules("junior")
    for (label, column), p in heat.exact_table.stack().items():
        assert heat.bid_one.loc[label, column] == (p > Fraction(1, 2))  # Junior: p > 1 - p
    assert heat.set_players(6) and list(heat.table.columns)[-1] == "player 6 (deals)"
    assert heat.set_turned_up("J") and "any colour" in heat.table.index[1]
    assert not heat.set_turned_up("W") and "dealer chooses" in heat.message
    assert not heat.set_players(7)
    assert "\u2605" in heat.html
