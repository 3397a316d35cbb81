"""The pandas score pad mirrors the paper pad."""

from wizard_edu import Game, play_game, score_pad
from wizard_edu.engine.scorepad import totals_by_round


def test_score_pad_layout_and_values():
    game = play_game(["random", "rule-of-thumb", "random"], rules="classic", seed=7)
    pad = score_pad(game)
    assert list(pad.index) == list(range(1, 21)) and pad.index.name == "round"
    assert list(pad.columns.get_level_values(0).unique()) == list(game.names)
    assert list(pad.columns.get_level_values(1)[:4]) == ["bid", "tricks", "points", "total"]
    for r in game.rounds:
        for seat, name in enumerate(game.names):
            row = pad.loc[r.number, name]
            assert (row["bid"], row["tricks"], row["points"], row["total"]) == (
                r.bids[seat], r.won[seat], r.points[seat], r.totals[seat])
    # Running totals are the cumulative sum of points.
    for name in game.names:
        assert (pad[(name, "points")].cumsum() == pad[(name, "total")]).all()


def test_empty_pad_before_any_round_is_scored():
    pad = Game(players=4, seed=1).score_pad()
    assert pad.empty and pad.shape[1] == 16


def test_totals_by_round_is_round_by_player():
    game = play_game(4, rules="junior", seed=2)
    totals = totals_by_round(game)
    assert totals.shape == (8, 4) and list(totals.iloc[-1]) == game.scores


def test_score_pad_of_something_that_is_not_a_game_is_a_clear_error():
    import pytest

    from wizard_edu.errors import ArgumentError

    for value in (None, 5, "game", [1, 2, 3]):
        with pytest.raises(ArgumentError, match="made from a Game"):
            score_pad(value)
        with pytest.raises(ArgumentError, match="made from a Game"):
            totals_by_round(value)
    assert score_pad(Game(players=3)).empty
