"""The vectorised simulator against the engine: identical deals and choices give identical rounds."""

from __future__ import annotations

import random

import numpy as np
import pytest
from bad_values import NOT_WHOLE

import wizard_edu.simulate.checks as checks
from wizard_edu import COLOURS, Game, RuleOfThumbPlayer
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
    TrickEstimate,
    estimate_tricks,
    hand_frequencies,
    random_playouts,
    rule_tables,
    trump_frequencies,
)
from wizard_edu.simulate.odds import one_card_win_probability
from wizard_edu.simulate.play import deal, play_rounds, rule_of_thumb_card


class UniformPlayer:
    """Plays legal[int(u * len(legal))], u being the round's uniform number for this card (as the simulator)."""

    name = "uniform"

    def __init__(self, table: dict) -> None:
        self.table = table  # shared: {"u": this round's uniform numbers}

    def act(self, view):
        legal = view.legal
        if legal[0].kind == "bid":
            return legal[0]
        if legal[0].kind == "trump":
            return legal[int(self.table["u"][0] * len(legal))]
        k = len(view.tricks) * view.players + len(view.trick) + 1  # this card's place in the round
        return legal[int(self.table["u"][k] * len(legal))]


def play_game_both_ways(players: int, rules: str, seed: int, smart: set[int], rounds: int = 99):
    """Play a game in the engine, then replay each round's deal in the simulator; compare everything."""
    tables = rule_tables(rules)
    game = Game(players=players, rules=rules, seed=seed)
    shared = {"u": None}
    bots = [RuleOfThumbPlayer(seed=s) if s in smart else UniformPlayer(shared) for s in range(players)]
    rng = np.random.default_rng(seed)
    checked = 0
    while not game.is_over and checked < rounds:
        order = [(game.dealer + 1 + i) % players for i in range(players)]  # simulator seat i
        hands = np.array([[tables.encode(game.hands[s]) for s in order]])
        turned = np.array([-1 if game.trump_card is None else tables.id_of(game.trump_card)])
        u = rng.random((1, 1 + game.hand_size * players))
        if game.phase == "trump" and game.dealer in smart:
            # A rule-of-thumb dealer breaks a trump tie with its own next random number: the simulator's first.
            rng_state = bots[game.dealer].rng.getstate()
            u[0, 0] = bots[game.dealer].rng.random()
            bots[game.dealer].rng.setstate(rng_state)
        shared["u"] = u[0]
        start, number = len(game.history), game.round_number
        while game.round_number == number and not game.is_over:
            seat = game.to_move
            game.apply(bots[seat].act(game.view(seat)), seat)
        record = game.rounds[-1]
        policies = ["rule-of-thumb" if s in smart else "random" for s in order]
        sim = play_rounds(tables, hands, turned, policies, uniforms=u, record=True)
        assert sim.won[0].tolist() == [record.won[s] for s in order]
        played = [str(a.value) for _, a in game.history[start:] if a.kind == "play"]
        assert [str(tables.cards[c]) for c in sim.plays[0].ravel()] == played
        assert COLOURS[sim.trump[0] - 1] == record.trump if record.trump else sim.trump[0] == 0
        for i, s in enumerate(order):
            if s in smart:
                assert sim.bids[0, i] == record.bids[s]
        checked += 1
    return checked


@pytest.mark.parametrize("rules", ["classic", "junior"])
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_rule_of_thumb_tables_match_engine_games(rules, players):
    for seed in range(2):
        assert play_game_both_ways(players, rules, seed, smart=set(range(players))) > 0


@pytest.mark.parametrize("players", [3, 4, 6])
def test_random_play_matches_engine_with_same_random_numbers(players):
    assert play_game_both_ways(players, "classic", 5, smart=set(), rounds=8) == 8
    assert play_game_both_ways(players, "junior", 6, smart=set()) > 0


@pytest.mark.parametrize("players", [3, 5])
def test_mixed_players_match_engine(players):
    assert play_game_both_ways(players, "classic", 7, smart={0, 2}, rounds=10) == 10


def test_vectorised_rule_of_thumb_makes_the_engines_choices():
    """Random situations from random games: the same card as RuleOfThumbPlayer, every time."""
    tables = rule_tables("classic")
    bot = RuleOfThumbPlayer(seed=0)
    rng = random.Random(3)
    compared = 0
    for seed in range(6):
        game = Game(players=4, rules="classic", seed=seed)
        while not game.is_over and game.round_number <= 6:
            seat = game.to_move
            view = game.view(seat)
            if game.phase == "play":
                view_bids = list(view.bids)
                for need_bid in {view.tricks_won[seat], view.tricks_won[seat] + 1}:
                    view_bids[seat] = need_bid
                    fake = view.__class__(**{**view.__dict__, "bids": tuple(view_bids)})
                    want = bot.pick_card(fake)
                    got = rule_of_thumb_card(tables, view.hand, view.trick_cards, view.trump,
                                             need_bid - view.tricks_won[seat])
                    assert got == want, (view.hand, view.trick_cards, view.trump, need_bid)
                    compared += 1
            game.apply(rng.choice(view.legal), seat)
    assert compared > 100


# -- public API -----------------------------------------------------------------------
def test_estimate_tricks_result():
    est = estimate_tricks("R7 W G13 B2 J", players=4, seat=1, turned_up="Y3", samples=3000, seed=1)
    assert isinstance(est, TrickEstimate)
    assert est.counts.sum() == 3000 and len(est.probabilities) == 6
    assert abs(est.probabilities.sum() - 1) < 1e-12
    assert est.counts[0] <= 3  # the Wizard wins a trick whenever no earlier Wizard beats it
    scores = est.bids()["expected score"]
    assert est.best_bid == int(scores.idxmax())
    assert scores[est.best_bid] == pytest.approx(
        sum(p * (30 + 10 * (est.best_bid - 1) if k == est.best_bid else -10 * abs(k - est.best_bid))
            for k, p in enumerate(est.probabilities)))
    assert "tricks / bid" in est._repr_html_() and "best bid" in str(est)
    assert list(est.table().columns) == ["chance", "std error"]
    again = estimate_tricks("R7 W G13 B2 J", players=4, seat=1, turned_up="Y3", samples=3000, seed=1)
    assert (again.counts == est.counts).all()


def test_estimate_certain_outcomes():
    # Leading three Wizards with a Jester turned up: three tricks every time.
    est = estimate_tricks("W W W", players=5, seat=0, turned_up="J", samples=500, seed=2)
    assert est.probabilities[3] == 1 and est.std_errors[3] == 0
    # Four Jesters, last to play, 4 players: the cards left can never all be Jesters.
    est = estimate_tricks("J J J J", players=4, seat=3, turned_up="R1", samples=500, seed=2,
                          opponents="random")
    assert est.probabilities[0] == 1


@pytest.mark.parametrize("card,seat,turned_up,opponents", [
    ("G11", 1, "R5", "rule-of-thumb"), ("W", 3, "J", "random"), ("R2", 0, "R5", "random")])
def test_one_card_estimate_within_five_standard_errors(card, seat, turned_up, opponents):
    exact = float(one_card_win_probability(card, 4, seat, turned_up))
    est = estimate_tricks(card, players=4, seat=seat, turned_up=turned_up, samples=20_000, seed=5,
                          opponents=opponents)
    se = max(est.std_errors[1], 1e-9)
    assert abs(est.probabilities[1] - exact) < 5 * se


def test_dealer_chooses_and_fixed_bid():
    est = estimate_tricks("R13 R12 G2", players=3, seat=2, turned_up="W", samples=2000, seed=4)
    assert est.trump == "dealer chooses" and "dealer chooses" in str(est)
    low = estimate_tricks("R13 R12 G2", players=3, seat=1, turned_up="J", samples=2000, seed=4, bid=0)
    high = estimate_tricks("R13 R12 G2", players=3, seat=1, turned_up="J", samples=2000, seed=4, bid=3)
    assert low.expected_tricks < high.expected_tricks  # ducking versus trying for every trick


def test_random_playouts_shape_and_chunks():
    out = random_playouts(1001, players=5, cards=3, seed=3, chunk=100)
    assert out.shape == (1001, 5) and (out.sum(1) == 3).all()
    assert (random_playouts(50, seed=9) == random_playouts(50, seed=9)).all()
    full = random_playouts(200, players=3, cards=20, seed=1)  # the last Classic round: no trump card
    assert (full.sum(1) == 20).all()


def test_deal_is_a_partition():
    tables = rule_tables("junior")
    hands, turned = deal(tables, 300, 4, 6, np.random.default_rng(0))
    for row, up in zip(hands, turned):
        ids = row.ravel().tolist() + [int(up)]
        assert len(set(ids)) == len(ids) == 25
        assert all((np.diff(h) > 0).all() for h in row)


def test_big_runs_go_in_bounded_chunks(monkeypatch):
    import wizard_edu.simulate.api as api

    sizes = []
    real_deal = api.deal

    def recording_deal(tables, deals, *args, **kwargs):
        sizes.append(deals)
        return real_deal(tables, deals, *args, **kwargs)

    monkeypatch.setattr(api, "deal", recording_deal)
    out = random_playouts(2_500, seed=1, chunk=1_000)
    assert sizes == [1_000, 1_000, 500] and out.shape == (2_500, 4)
    sizes.clear()
    est = estimate_tricks("R7 W", players=3, seat=0, turned_up="J", samples=2_345, seed=1, chunk=1_000)
    assert sizes == [1_000, 1_000, 345] and est.counts.sum() == 2_345
    assert api.CHUNK <= 100_000  # the default keeps every chunk's arrays to a few megabytes


def test_progress_bar_counts_chunks(capsys):
    random_playouts(300, seed=1, chunk=100, progress=True)
    shown = capsys.readouterr().out  # outside Jupyter the bar prints its text form
    assert "IntProgress" in shown and "max=3" in shown


def test_the_simulator_imports_no_computer_player_but_the_rule_of_thumbs_scores():
    """simulate/ sits below players/: the players use the simulator, never the other way round
    (the one import up is the rule-of-thumb player's scoring functions, a module without the simulator)."""
    import ast
    import pathlib

    import wizard_edu.simulate

    for path in pathlib.Path(wizard_edu.simulate.__file__).parent.glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and "players" in node.module:
                assert node.module == "players.rule_of_thumb" and node.level == 2, (path.name, node.module)


# -- bad input: refused with a WizardError a teacher can read, nothing changed -------------------------------
# Bad input to the simulator: a WizardError with a readable message, and caps a teacher never hits by accident.

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
