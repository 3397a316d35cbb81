"""The table widget as the table controller's view (issue 29 item 1): clicks and the Python API run
the controller's one loop, the class table is the same widget over a seat, the felt's states (issue 28),
and no rule or class-name test in the widgets."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from test_table_controller import FakeSeat

from wizard_edu import Game
from wizard_edu.tables import FeltState, SeatSource, TableController

PACKAGE = Path(__file__).resolve().parents[2] / "wizard_edu"


def test_clicks_and_the_python_api_run_the_controllers_one_loop(monkeypatch):
    import asyncio

    from wizard_edu.widgets.table import TableWidget

    runs: list[str] = []
    original = TableController.turns

    def counted(self):
        runs.append("turns")
        return original(self)

    monkeypatch.setattr(TableController, "turns", counted)
    table = TableWidget(rules="junior", players=3, seed=2, opponents=["hard", "rule-of-thumb"])
    runs.clear()
    assert table.bid(table.view.legal_bids[0])            # the Python API
    api = len(runs)

    async def click():
        table.bid_buttons[table.view.legal_bids[0]].click() if table.view.phase == "bid" else \
            next(b for b in table.hand_box.children if "wizard-legal" in b._dom_classes).click()
        while table._steps_pending:
            await asyncio.sleep(0.01)

    asyncio.run(click())                                   # a click in the page, a slow player after it
    assert api == 1 and len(runs) == 2, runs


def test_the_class_table_is_the_same_widget_over_a_seat_without_a_game_of_its_own(monkeypatch):
    """No throwaway game: the widget is made over the seat's source (no local Game is dealt), calls
    nothing private, and offers no New game."""
    from wizard_edu.engine import game as engine_game
    from wizard_edu.widgets import class_table, table

    kept = Game(players=3, rules="junior", seed=6, names=["Ann", "Ben", "Cleo"])

    class NoNewGame(engine_game.Game):
        def __init__(self, *args, **kwargs):
            raise AssertionError("the class table dealt a game of its own")

    monkeypatch.setattr(table, "Game", NoNewGame)
    ct = class_table.ClassTable(FakeSeat(kept, 0), watch=False)
    try:
        assert ct.table.game is ct.source and isinstance(ct.table.controller.source, SeatSource)
        assert ct.table.new_button.layout.display == "none" and ct.table.seat == 0
        assert ct.table.act(ct.table.view.legal[0]), ct.table.message
        assert kept.history[0][0] == 0
    finally:
        ct.close()
    tree = ast.parse((PACKAGE / "widgets" / "class_table.py").read_text())
    private = [n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute) and n.attr.startswith("_")
               and not n.attr.startswith("__") and not (isinstance(n.value, ast.Name) and n.value.id in ("self", "t"))]
    assert private == [], private


def test_a_new_rounds_prediction_is_shown_over_a_cleared_table_and_the_last_trick_aside():
    from wizard_edu.widgets.table import TableWidget

    table = TableWidget(rules="junior", players=4, seed=1)
    table.bid(1)
    assert table.controller.felt_state is FeltState.TRICK
    table.play(table.view.legal_cards[0])      # round 1's only trick: round 2 is dealt, predictions next
    trick = table.last_trick
    assert table.view.round_number == 2 and table.view.phase == "bid"
    assert table.controller.felt_state is FeltState.NEW_ROUND
    felt = table.felt.value
    centre = felt[felt.index('class="wizard-centre'):]
    assert not re.search(r'class="wizard-played[ "]', centre) and "wizard-trick-done" not in felt
    assert "the last trick of round 1" in felt
    pile = felt[felt.index('class="wizard-seat-last"'):]
    assert all(f'data-card="{card}"' in pile for _s, card in trick.plays)   # aside, on the winner's pile
    while table.view.phase != "play":
        table.act(table.view.legal[0])
    assert table.controller.felt_state in (FeltState.TRICK, FeltState.TRICK_WON)
    while not table.game.is_over:
        table.act(table.view.legal[0])
    assert table.controller.felt_state is FeltState.GAME_OVER
    assert "wizard-trick-done" in table.felt.value    # the game's last trick lies in the middle


def test_no_class_name_test_in_the_widgets():
    found = []
    for path in (PACKAGE / "widgets").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Compare) and any(
                    isinstance(n, ast.Attribute) and n.attr == "__name__"
                    for side in [node.left, *node.comparators] for n in ast.walk(side)):
                found.append(f"{path.name}:{node.lineno}")
    assert not found, found


def test_a_learner_with_a_name_is_spoken_of_by_it():
    from wizard_edu.widgets.table import TableWidget

    named = TableWidget(rules="classic", players=4, seed=3, first_dealer=0, names=["Sam", "Owl", "Fox", "Hare"])
    you = TableWidget(rules="classic", players=4, seed=3, first_dealer=0)
    assert "Sam deals" in named.header.value and "You deal" in you.header.value
    assert named.controller.you is None and you.controller.you == 0


