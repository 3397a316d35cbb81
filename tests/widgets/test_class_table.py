"""The table widget at a class table: three pupils' ClassTables on a real `wizard-edu tables` service.

Each ClassTable drives the kit's TableWidget through the pupil's Seat (docs/online.md, docs/table.md):
the names and who is here, whose turn, a friendly line while someone thinks, and the other pupils'
moves reaching every seat.
"""

from __future__ import annotations

import time

import pytest

from wizard_edu.errors import WizardError
from wizard_edu.online import join
from wizard_edu.online.testing import running_tables
from wizard_edu.widgets.class_table import ClassTable, ClassTableApp, SeatGame, players_html, thinking_line

CODE = "KTAB7"
NAMES = ("Ann", "Ben", "Cleo")


def wait_for(condition, timeout: float = 15.0, what: str = "it"):
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"{what} did not happen within {timeout} s"
        time.sleep(0.05)


@pytest.fixture
def service(tmp_path):
    with running_tables(tmp_path / "class.sqlite", code=CODE, table_size=3,
                        extra=("--rules", "junior", "--computer-delay", "0")) as running:
        yield running


@pytest.fixture
def tables(service):
    seats = [join(service.url, CODE, name, timeout=20) for name in NAMES]
    made = [ClassTable(seat, watch=False) for seat in seats]
    yield made
    for table in made:
        table.close()


def mover(tables: list[ClassTable]) -> ClassTable:
    for t in tables:
        t.update()
    turn = [t for t in tables if t.table.view.my_turn and t.table.view.legal]
    assert len(turn) == 1, [t.line_text for t in tables]
    return turn[0]


def first_to_predict(tables: list[ClassTable]) -> ClassTable:
    """The first pupil to predict or bid, once the dealer has named the trump if a Wizard was turned up
    (the service deals from a new seed each time)."""
    first = mover(tables)
    if first.table.view.phase == "trump":
        assert first.table.act(first.table.view.legal[0]), first.table.message
        first = mover(tables)
    return first


def test_three_pupils_sit_at_one_table_and_see_each_other(tables):
    assert len({t.seat.table_id for t in tables}) == 1
    assert sorted(t.seat.seat for t in tables) == [0, 1, 2]
    wait_for(lambda: all(t.update() is not None and t.players.value.count("● here") == 3 for t in tables),
             what="every pupil showing as here")
    for t in tables:
        for name in NAMES:
            assert name in t.players.value
        assert f"{NAMES[t.seat.seat]} (you)" in t.players.value
        assert t.source.ruleset.name == "junior"
        # Only this pupil's cards: the view is the seat's own.
        assert t.table.view.seat == t.seat.seat


def test_a_junior_round_played_through_the_widgets_reaches_every_seat(tables):
    first = first_to_predict(tables)
    waiting = [t for t in tables if t is not first]
    assert first.line_text == "Your turn!"
    name = NAMES[first.seat.seat]
    for other in waiting:
        assert other.line_text == f"{name} is thinking…"
        assert f'data-seat="{first.seat.seat}">➜ ' in other.players.value
    for _ in range(2 * len(tables)):  # a prediction and a card each (round 1: one card)
        assert all(t.source.round_number == 1 for t in tables)
        t = mover(tables)
        assert t.table.act(t.table.view.legal[0]), t.table.message
        assert "Your turn!" not in t.line.value, "the page stops saying so as soon as the move is made"
    # (The service may answer the last card before every seat's next read shows the new round.)
    wait_for(lambda: all(t.update() is not None and t.source.round_number == 2 for t in tables),
             what="every seat reaching round 2")
    scores = {t.source.scores for t in tables}
    assert len(scores) == 1, "every seat sees the same scores"
    assert all(t.source.rounds and t.source.rounds[-1].number == 1 for t in tables)
    # The score pad reads the seat's view: one row for the scored round.
    assert list(tables[0].source.score_pad().index) == [1]


def test_a_pupil_acts_only_for_their_own_seat(tables):
    first = mover(tables)
    other = next(t for t in tables if t is not first)
    action = first.table.view.legal[0]
    assert other.table.act(action) is False              # the widget says it is not their turn
    with pytest.raises(WizardError):
        other.source.apply(action, seat=first.seat.seat)  # nor can the game source be told otherwise
    with pytest.raises(WizardError):
        other.source.apply(action)                        # the service refuses it too
    with pytest.raises(WizardError):
        other.source.view(first.seat.seat)               # and shows no other seat's view
    first.update()
    assert first.table.view.legal and first.line_text == "Your turn!"   # nothing changed


def test_a_change_is_pushed_to_the_other_pupils_table(service):
    seats = [join(service.url, CODE, name, timeout=20) for name in NAMES]
    watched = [ClassTable(seat, watch=True) for seat in seats]
    try:
        def turn():
            return next(t for t in watched if t.source.view().my_turn and t.source.view().legal)

        wait_for(lambda: any(t.source.view().my_turn and t.source.view().legal for t in watched),
                 what="a first turn")
        t = turn()
        before = {id(o): o.source.view() for o in watched}
        assert t.table.act(t.table.view.legal[0])
        # Nobody calls update(): the push thread brings the move to the other two tables.
        for other in watched:
            if other is not t:
                wait_for(lambda other=other: other.source.view() != before[id(other)], what="the push")
    finally:
        for t in watched:
            t.close()


def test_the_friendly_line_and_the_players():
    table = {"started": True, "over": False, "paused": False, "to_move": 2,
             "thinking": {"seat": 2, "who": "computer", "name": "Computer 1"},
             "players": [{"seat": 0, "name": "Ann", "kind": "pupil", "connected": True, "stand_in": False},
                         {"seat": 1, "name": "<b>Ben</b>", "kind": "pupil", "connected": False, "stand_in": True},
                         {"seat": 2, "name": "Computer 1", "kind": "computer", "connected": False}]}
    assert thinking_line(table, 0) == "Computer 1 (computer) is thinking…"
    assert thinking_line({**table, "paused": True}, 0) == "Your teacher paused the game. Wait a moment."
    away = {**table, "thinking": {"seat": 1, "who": "away", "name": "Ben"}, "to_move": 1}
    assert thinking_line(away, 0).startswith("Ben is away.")
    assert thinking_line({**table, "to_move": 0}, 0) == "Your turn!"
    assert thinking_line({**table, "started": False}, 0).startswith("Wait for the other players")
    html = players_html(table, 0)
    assert "Ann (you): <span class=\"wizard-class-here\">● here" in html
    assert "&lt;b&gt;Ben&lt;/b&gt;" in html and "<b>Ben" not in html    # a typed name is text, never HTML
    assert "○ away, a computer plays" in html and 'data-seat="2">➜ Computer 1' in html
    assert html.count('role="listitem"') == 3 and 'role="list"' in html


def test_the_app_joins_with_the_code_and_refuses_a_wrong_one(service):
    app = ClassTableApp(service.url, CODE)
    assert app.class_table is None and "Join my class" in app.go.description
    table = app.join_as("Dana")
    try:
        assert isinstance(table, ClassTable) and table.source.names[table.seat.seat] == "Dana"
        assert isinstance(table.source, SeatGame)
    finally:
        table.close()
    wrong = ClassTableApp(service.url, "WRONG1")
    with pytest.raises(WizardError, match="code"):
        wrong.join_as("Eve")
    nowhere = ClassTableApp("", "")
    assert "not switched on" in nowhere.note.value


def test_a_kid_mode_page_with_its_pupils_name_joins_with_that_name(service, monkeypatch):
    """A pupil who typed their name with the class code (kid mode's learner pass) is not asked again:
    a cold kernel shows it in the box, a warm one (told the name after the app was drawn) joins with it."""
    from wizard_edu.teach.progress import LEARNER_ENV

    monkeypatch.setenv(LEARNER_ENV, "Fay")
    assert ClassTableApp(service.url, CODE).name_box.value == "Fay"
    monkeypatch.delenv(LEARNER_ENV)
    app = ClassTableApp(service.url, CODE)
    assert app.name_box.value == ""
    monkeypatch.setenv(LEARNER_ENV, "Gus")          # what kid mode tells a warm kernel
    app.go.click()
    deadline = time.monotonic() + 20
    while app.class_table is None:
        assert time.monotonic() < deadline, app.note.value
        time.sleep(0.05)
    try:
        assert app.class_table.source.names[app.class_table.seat.seat] == "Gus"
    finally:
        app.class_table.close()


def test_the_teacher_switches_chances_help_for_the_class(service, tables):
    panel = tables[0].table.chances
    assert panel.enabled and panel.layout.display != "none"
    service.teacher("api/teacher/settings", {"chances": False})
    wait_for(lambda: tables[0].update() is not None and not panel.enabled, what="chances switched off")
    assert panel.layout.display == "none" and not panel.on
    service.teacher("api/teacher/settings", {"chances": True})
    wait_for(lambda: tables[0].update() is not None and panel.enabled, what="chances switched on")
    assert panel.layout.display != "none"


def test_a_classic_table_bids_and_a_junior_table_predicts(tmp_path):
    with running_tables(tmp_path / "classic.sqlite", code=CODE, table_size=3,
                        extra=("--rules", "classic", "--computer-delay", "0")) as classic:
        seats = [join(classic.url, CODE, name, timeout=20) for name in NAMES]
        made = [ClassTable(seat, watch=False) for seat in seats]
        try:
            assert made[0].source.ruleset.name == "classic"
            first = first_to_predict(made)
            assert first.table.act(first.table.view.legal[0])
            second = mover(made)
            assert "bid" in second.line.value and "predict" not in second.line.value
        finally:
            for t in made:
                t.close()


def test_the_junior_words_are_predict(tables):
    first = first_to_predict(tables)
    assert first.table.act(first.table.view.legal[0])
    said: list[str] = []

    def told() -> bool:   # the service may take a moment to show the move to the other seats
        for t in tables:
            t.update()
            said.append(t.line.value)
        return any("predict" in line for line in said)

    wait_for(told, what="the next pupil being told of the prediction")
    assert not any("bid" in line for line in said), said


def test_the_tournaments_next_round_seats_each_class_table_anew(service):
    from concurrent.futures import ThreadPoolExecutor

    names = ("Ann", "Ben", "Cleo", "Dev")
    service.teacher("api/teacher/tournament/open", {})
    with ThreadPoolExecutor(len(names)) as pool:   # each pupil waits for a seat while registration is open
        waiting = [pool.submit(join, service.url, CODE, name, timeout=60) for name in names]
        wait_for(lambda: len(service.teacher("api/board")["tournament"]["registered"]) == len(names),
                 what="everyone registered")
        service.teacher("api/teacher/tournament/start", {})
        seats = [w.result(timeout=60) for w in waiting]
    made = [ClassTable(seat, watch=False) for seat in seats]
    try:
        first = {t.source.table_id for t in made}
        assert len(first) == 1 and made[0].source.ruleset.name == "junior"   # a Junior class's tournament
        assert len(made[0].source.round_sizes) == 8             # Junior's 8 hands at a table of 4
        # The hands, played through the seats (the widgets are not needed for every move).
        deadline = time.monotonic() + 240
        while not seats[0].table()["over"]:
            assert time.monotonic() < deadline, "the tournament table did not finish"
            for seat in seats:
                legal = seat.legal_actions()
                if legal:
                    seat.apply(legal[0])
        for t in made:
            t.update()
            assert t.source.is_over and "The game is over" in t.line.value
        service.teacher("api/teacher/tournament/next", {})
        for t in made:
            assert t.update() is True
            assert t.source.table_id not in first and t.source.round_number == 1
            assert "A new round: you sit at table" in t.line.value
            assert t.table.game is t.source and t.table.view.seat == t.seat.seat
        mover(made)   # the new table plays: exactly one pupil has a turn, shown on their page
    finally:
        for t in made:
            t.close()


def test_a_cell_run_again_leaves_no_listener_behind(service):
    first = ClassTableApp(service.url, CODE).join_as("Ann")
    assert first._watcher is not None and first._watcher.is_alive()
    again = ClassTableApp(service.url, CODE).join_as("ann ")   # the same pupil, typed differently
    try:
        assert (again.source.table_id, again.source.me) == (first.source.table_id, first.source.me)
        first._watcher.join(timeout=10)
        assert first._closed.is_set() and not first._watcher.is_alive()
        assert again._watcher is not None and again._watcher.is_alive()
    finally:
        again.close()


def test_the_other_pupils_are_told_the_trump_the_dealer_named():
    from wizard_edu import Game
    from wizard_edu.engine.actions import Action
    from wizard_edu.widgets.class_table import moves_between

    game = next(g for g in (Game(players=3, rules="junior", seed=s) for s in range(200)) if g.phase == "trump")
    other = (game.dealer + 1) % 3
    before, dealer_before = game.view(other), game.view(game.dealer)
    game.choose_trump("G")
    assert moves_between(before, game.view(other)) == [(game.dealer, Action("trump", "G"))]
    assert moves_between(dealer_before, game.view(game.dealer)) == []   # (the dealer is not told their own move)


def test_a_class_table_offers_no_new_game(tables):
    """New game (or a saved game) would put a local game in place of the class's, one that waits forever."""
    from wizard_edu.widgets.table import TableWidget

    table = tables[0].table
    assert table.game is tables[0].source and table.new_button.layout.display == "none"
    table.new_button.click()   # (a page that still showed it)
    assert table.game is tables[0].source and table.message_kind == "error", table.message
    with pytest.raises(WizardError, match="cannot start again"):
        table.new_game()
    assert not table.load_json(TableWidget(rules="junior", seed=3).save_json())
    assert table.game is tables[0].source
    first = first_to_predict(tables)   # and the class game goes on
    assert first.table.act(first.table.view.legal[0]), first.table.message


def test_a_paused_page_says_so_and_its_play_buttons_are_off(service, tables):
    first = first_to_predict(tables)
    buttons = [b for b in first.table.action_box.children if hasattr(b, "disabled")]
    assert buttons and not any(b.disabled for b in buttons) and first.line_text == "Your turn!"
    service.teacher("api/teacher/pause", {"paused": True})
    wait_for(lambda: first.update() is not None and first.source.table.get("paused"), what="the pause reaching the page")
    assert first.seat.table()["paused"] is True
    assert first.line_text == "Your teacher paused the game. Wait a moment."
    assert "Your turn" not in first.line.value and "Your turn" not in first.table.prompt.value
    assert "paused the game" in first.table.prompt.value
    assert all(b.disabled for b in first.table.action_box.children if hasattr(b, "disabled"))
    assert all(b.disabled for b in first.table.hand_box.children if hasattr(b, "disabled"))
    service.teacher("api/teacher/pause", {"paused": False})
    wait_for(lambda: first.update() is not None and not first.source.table.get("paused"), what="the games going on")
    assert first.line_text == "Your turn!" and "Your turn" in first.table.prompt.value
    assert not any(b.disabled for b in first.table.action_box.children if hasattr(b, "disabled"))
    assert first.table.act(first.table.view.legal[0]), first.table.message


def test_a_second_page_with_a_playing_pupils_name_is_told_and_a_freed_page_stops(service):
    zoe = join(service.url, CODE, "Zoe", timeout=20)                 # her page (another kernel)
    wait_for(lambda: zoe.connected, what="Zoe's push socket")
    app = ClassTableApp(service.url, CODE)
    app._join_in_background("ZOE")                                   # what the Join button does
    assert "Someone is already playing as Zoe. Ask your teacher." in app.note.value
    assert app.class_table is None and not app.go.disabled
    watched = ClassTable(zoe, watch=True)
    pupil = next(p["pupil"] for p in service.teacher("api/board")["tables"][0]["players"] if p["name"] == "Zoe")
    service.teacher("api/teacher/pupil", {"pupil": pupil, "action": "free"})
    wait_for(lambda: "freed your seat" in watched.line.value, what="the freed page saying so")
    assert watched._watcher is not None
    watched._watcher.join(timeout=5)
    assert not watched._watcher.is_alive()
    table = app.join_as("Zoe")                                       # now the name gets her seat back
    try:
        assert (table.source.table_id, table.source.me) == (watched.source.table_id, watched.source.me)
    finally:
        table.close()
        watched.close()


def test_a_gone_page_shows_its_pupil_away_and_back(service):
    from wizard_edu.widgets.class_table import page_gone

    table = ClassTable(join(service.url, CODE, "Gus", timeout=20), watch=False)
    try:
        def connected() -> bool:
            players = service.teacher("api/board")["tables"][0]["players"]
            return next(p["connected"] for p in players if p["name"] == "Gus")

        wait_for(connected, what="Gus here")
        page_gone(True)                       # what kid mode's server says when the page has gone
        wait_for(lambda: not connected(), timeout=5, what="Gus away")
        page_gone(False)                      # the page reconnected
        wait_for(connected, timeout=5, what="Gus here again")
    finally:
        table.close()
