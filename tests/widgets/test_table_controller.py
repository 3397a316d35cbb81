"""The table controller alone (``wizard_edu.tables``): its game sources, its one turn loop, saving by
level and what lies on the felt (issue 29 item 1, issue 28)."""

from __future__ import annotations

import json

import pytest

from wizard_edu import Game
from wizard_edu.engine.game import Action
from wizard_edu.errors import SaveFileError, WizardError
from wizard_edu.players import RandomPlayer, RuleOfThumbPlayer
from wizard_edu.tables import FeltState, LocalGame, SavedGame, SeatSource, TableController
from wizard_edu.tables.saves import level_of


class Ponderer:
    """A computer player of the test's own that says it thinks slowly (no class of the kit's)."""

    thinks_slowly = True

    def __init__(self) -> None:
        self.inner = RuleOfThumbPlayer(seed=5)

    def act(self, view):
        return self.inner.act(view)


def junior(seed: int = 1, **kw) -> LocalGame:
    return LocalGame(Game(players=4, rules="junior", seed=seed, names=["You", "Owl", "Fox", "Badger"], **kw))


# -- one turn loop ----------------------------------------------------------------------------------
def test_the_turn_loop_yields_before_a_slow_player_and_runs_the_same_moves_either_way():
    """Pumped a step at a time (a click) or run through (the Python API): the same moves, and the
    slow player is announced before each of its moves, the quick ones never."""
    def table() -> TableController:
        return TableController(junior(first_dealer=0), 0, [Ponderer(), "rule-of-thumb", "rule-of-thumb"])

    stepped, run = table(), table()
    announced = []
    for seat in stepped.turns():       # what the page's loop does, one resumption at a time
        assert stepped.game.to_move == seat and stepped.thinking == seat
        announced.append(seat)
    told: list[int] = []
    run.advance(told.append)           # what table.bid(n) does, all at once
    assert announced == told == [1]    # seat 1 thinks slowly and bids before the learner; 2, 3 quickly
    assert stepped.game.history == run.game.history and run.view.my_turn and run.thinking is None


def test_thinking_slowly_is_what_a_player_says_or_did():
    c = TableController(junior(), 0, [Ponderer(), "rule-of-thumb", RandomPlayer(seed=1)])
    assert [c.thinks_slowly(c.players[s]) for s in (1, 2, 3)] == [True, False, False]
    assert c.slow_player_to_come() is (c.game.to_move != 0)


# -- the sources --------------------------------------------------------------------------------------
def test_a_local_game_starts_again_with_its_players_names_and_first_dealer():
    c = TableController(junior(seed=4, first_dealer=2), 0, ["easy", "medium", "hard"])
    c.advance()
    c.restart()
    game = c.game
    assert isinstance(game, Game) and game.seed == 5 and game.first_dealer == 2
    assert game.names == ("You", "Owl", "Fox", "Badger") and c.can_restart
    assert [level_of(p) for p in c.players.values()] == ["random", "rule-of-thumb", "hard"]


def test_a_saved_game_brings_its_seat_players_and_faces():
    first = TableController(junior(seed=3), 0, ["easy", "hard", "simulator"], theme="amigo")
    first.advance()
    first.act(first.view.legal[0])
    first.advance()
    text = first.save_json()
    source = SavedGame(text)
    assert (source.seat, source.opponents, source.theme) == (0, ["easy", "hard", "simulator"], "amigo")
    again = TableController(junior(seed=99), 2, ["medium"] * 3)
    again.load(text)
    assert again.seat == 0 and again.theme == "amigo" and again.game.history == first.game.history
    assert [level_of(p) for p in again.players.values()] == ["random", "hard", "simulator"]
    with pytest.raises(SaveFileError):
        again.load(text[: len(text) // 2])
    assert again.game.history == first.game.history    # a bad save changes nothing


class FakeSeat:
    """A pupil's seat the way the class table service offers it, over a real Game kept 'elsewhere'."""

    url = "http://127.0.0.1:1/"
    name = "Ann"

    def __init__(self, game: Game, me: int) -> None:
        self.kept, self.seat, self.table_id = game, me, 7

    def look(self):
        return self.kept.view(self.seat), {"id": 7, "started": True, "to_move": self.kept.to_move,
                                           "players": [{"seat": s, "name": n, "kind": "pupil", "connected": True}
                                                       for s, n in enumerate(self.kept.names)]}

    def apply(self, action):
        return self.kept.apply(action, self.seat)

    def close(self):
        pass


def test_a_seat_source_plays_no_other_seat_and_cannot_start_again():
    kept = Game(players=3, rules="junior", seed=6, names=["Ann", "Ben", "Cleo"])
    c = TableController(SeatSource(FakeSeat(kept, 1)), 0)
    assert c.seat == 1 and c.players == {} and not c.can_restart and c.you is None
    with pytest.raises(WizardError, match="cannot start again"):
        c.restart()
    with pytest.raises(WizardError, match="with your class"):
        c.load(TableController(junior()).save_json())
    assert list(c.turns()) == [] and kept.history == []   # Ann (seat 0) moves elsewhere: nobody moves for her
    kept.apply(kept.legal_actions()[0], 0)
    c.game.sync()
    c.act(c.view.legal[0])
    assert [s for s, _ in kept.history] == [0, 1]


# -- saved by level -----------------------------------------------------------------------------------
def test_players_are_saved_by_the_level_they_say():
    class Mine:
        level = "simulator"    # a player of its own class that plays at the simulator's level

        def act(self, view):
            return view.legal[0]

    class NoLevel:
        def act(self, view):
            return view.legal[0]

    c = TableController(junior(), 0, [Mine(), NoLevel(), "hard"])
    assert json.loads(c.save_json())["table"]["opponents"] == ["simulator", "rule-of-thumb", "hard"]


# -- what lies on the felt (issue 28) -------------------------------------------------------------------
def test_a_trick_won_in_the_round_lies_in_the_middle_until_the_next_card():
    c = TableController(junior(seed=2), 0, ["medium"] * 3)
    c.advance()
    while c.game.round_number < 3:
        c.act(c.view.legal[0])
        c.advance()
    while not c.game.tricks:
        c.act(c.view.legal[0])
        c.advance()
    assert c.felt_state in (FeltState.TRICK_WON, FeltState.TRICK)
    if c.felt_state is FeltState.TRICK_WON:
        assert c.trick_on_felt is c.game.tricks[-1]
    else:
        assert c.trick_on_felt is None and c.view.trick   # the next trick has begun


# -- the view holds no rule ----------------------------------------------------------------------------
def test_a_move_refused_changes_nothing_and_says_why():
    c = TableController(junior(), 0)
    c.advance()
    with pytest.raises(WizardError):
        c.act(Action("bid", 99))
    before = list(c.game.history)
    c.advance()
    assert c.game.history == before and c.view.my_turn
