"""Bad input to the computer players and the coach: a WizardError a teacher can read, nothing changed."""

from __future__ import annotations

import pytest
from test_errors_simulate import NOT_WHOLE

from wizard_edu import Game, WizardError, make_player, play_game
from wizard_edu.errors import OutOfTurnError, PlayerCountError, PlayerError, SampleSizeError, SeedError
from wizard_edu.players import RandomPlayer, RuleOfThumbPlayer, SimulatingPlayer
from wizard_edu.players.coach import hint


@pytest.mark.parametrize("seed", [*NOT_WHOLE, -1])
def test_simulator_refuses_bad_seeds(seed):
    with pytest.raises(SeedError, match="whole number of 0 or more") as err:
        SimulatingPlayer(seed=seed)
    assert repr(seed) in str(err.value)


@pytest.mark.parametrize("seed", [None, 0, 1, 10**12])
def test_simulator_accepts_none_and_whole_numbers(seed):
    game = Game(players=3, rules="junior", seed=1)
    view = game.view(game.to_move)
    assert SimulatingPlayer(seed=seed, samples=4, play_samples=1).act(view) in view.legal


@pytest.mark.parametrize("kind", [RandomPlayer, RuleOfThumbPlayer])
@pytest.mark.parametrize("seed", NOT_WHOLE)
def test_other_players_refuse_seeds_that_are_not_whole_numbers(kind, seed):
    with pytest.raises(SeedError, match="whole number"):
        kind(seed=seed)


@pytest.mark.parametrize("option, value", [("samples", 0), ("samples", 10**9), ("samples", 2.5),
                                           ("play_samples", -1), ("play_samples", True), ("spread", "wide")])
def test_simulator_refuses_bad_settings(option, value):
    with pytest.raises(SampleSizeError, match=option):
        SimulatingPlayer(**{option: value})


def test_simulator_refuses_bad_samples_for_one_analysis():
    game = Game(players=3, rules="junior", seed=1)
    with pytest.raises(SampleSizeError, match="samples"):
        SimulatingPlayer().analyse_bid(game.view(game.to_move), samples=-3)


def test_acting_out_of_turn_or_on_something_else():
    game = Game(players=3, rules="junior", seed=1)
    waiting = next(s for s in range(3) if s != game.to_move)
    for player in (RandomPlayer(seed=1), RuleOfThumbPlayer(seed=1), SimulatingPlayer(seed=1)):
        with pytest.raises(OutOfTurnError, match="not seat"):
            player.act(game.view(waiting))
        with pytest.raises(PlayerError, match="game.view"):
            player.act(None)
    with pytest.raises(PlayerError, match="game.view"):
        hint("R3")
    with pytest.raises(PlayerError, match="act"):
        hint(game.view(game.to_move), player=42)


def test_make_player_names_the_choices():
    with pytest.raises(PlayerError, match="no computer player 'nonsense'.*random, rule-of-thumb, simulator"):
        make_player("nonsense")
    with pytest.raises(PlayerError, match="act\\(view\\)"):
        make_player(3.5)


def test_play_game_refuses_bad_players_and_seeds():
    with pytest.raises(PlayerError, match="not 1"):
        play_game([1, 2, 3])
    with pytest.raises(SeedError, match="not 'x'"):
        play_game(3, seed="x")
    with pytest.raises(SeedError):
        play_game(3, seed=-2)
    with pytest.raises(PlayerError, match="as a list"):
        play_game("simulator")
    with pytest.raises(PlayerError, match="as a list"):
        play_game(True)
    with pytest.raises(PlayerCountError):
        play_game(9)
    with pytest.raises(PlayerError, match="nobody"):
        play_game(["random", "nobody", "random"])


def test_every_refusal_is_a_wizard_error():
    for call in (lambda: play_game([1, 2, 3]), lambda: play_game(3, seed="x"), lambda: make_player("nonsense"),
                 lambda: SimulatingPlayer(seed=True)):
        with pytest.raises(WizardError):
            call()


@pytest.mark.parametrize("options", [{"stray": 5}, {"stray": "x"}, {"stray": float("nan")}, {"stray": True},
                                     {"bid_weight": "x"}, {"bid_weight": float("inf")}])
def test_hard_player_settings_are_checked(options):
    from wizard_edu.players.hard import HardPlayer

    with pytest.raises(WizardError, match="stray|bid_weight"):
        HardPlayer(**options)


def test_play_game_checks_the_number_of_players_before_making_any():
    # 10**9 seats used to be made (a list of a billion players) before the count was checked.
    with pytest.raises(PlayerCountError, match="3 to 6 players, not 1000000000"):
        play_game(players=10**9)
    with pytest.raises(PlayerCountError, match="3 to 6 players, not 7"):
        play_game(["random"] * 7)


def test_players_take_numpy_whole_numbers_and_refuse_numpy_bools():
    np = pytest.importorskip("numpy")
    from wizard_edu.players.hard import HardPlayer

    # The same game as with plain ints, to the last action.
    game = play_game(np.int64(3), rules="junior", seed=np.int64(2))
    assert game.is_over and game.to_json() == play_game(3, rules="junior", seed=2).to_json()
    assert make_player("easy", seed=np.int64(3)).rng.random() == make_player("easy", seed=3).rng.random()
    sim = SimulatingPlayer(seed=np.int64(1), samples=np.int64(5), spread=np.int32(1))
    assert (sim.seed, sim.samples, sim.spread) == (1, 5, 1) and type(sim.samples) is int
    assert HardPlayer(seed=np.uint8(4), samples=np.int64(10)).samples == 10
    with pytest.raises(SeedError):
        SimulatingPlayer(seed=np.True_)
    with pytest.raises(SampleSizeError):
        SimulatingPlayer(samples=np.float64(5))


def test_hard_player_wants_true_or_false_for_bid_informed():
    from wizard_edu.players.hard import HardPlayer

    with pytest.raises(WizardError, match="bid_informed must be True or False, not 'no'"):
        HardPlayer(bid_informed="no")
