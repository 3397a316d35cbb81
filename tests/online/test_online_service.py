"""The class table service in-process (no network): seating, joining again, a pupil acts only for their
own seat, storage and replay, grace and stand-ins, pause, the tournament's tables and standings."""

from __future__ import annotations

import io

import pandas as pd
import pytest

from wizard_edu import Action, Game, OutOfTurnError, WizardError
from wizard_edu.engine.rules import round_sizes
from wizard_edu.online import (
    ClassCodeError,
    NotYourSeatError,
    OnlineError,
    PassEndedError,
    PausedError,
    PupilNameError,
    SeatTakenError,
    TableNotStartedError,
)
from wizard_edu.online.errors import TournamentError
from wizard_edu.online.names import shown_name, shown_names
from wizard_edu.online.service import TableService
from wizard_edu.online.storage import SQLiteStore
from wizard_edu.online.tournament import (
    MAX_TABLE,
    MIN_TABLE,
    standings_csv,
    tournament_tables,
)
from wizard_edu.online.wire import decode
from wizard_edu.players import make_player


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def service(tmp_path, clock=None, **settings) -> TableService:
    return TableService(SQLiteStore(tmp_path / "t.sqlite"), code="ABCD", clock=clock or Clock(),
                        settings={"computer_delay": 0, **settings})


def play_pupils(svc: TableService, tokens: dict[int, str], moves: int = 10**6) -> int:
    """Every pupil plays a medium computer player's choice, computers move in between; the moves made."""
    made = 0
    brains = {pid: make_player("medium", seed=pid) for pid in tokens}
    while made < moves:
        svc.play_computers()
        acted = False
        for pid, token in tokens.items():
            view = svc.view(token)
            if view is not None and view.legal:
                svc.act(token, brains[pid].act(view))
                made += 1
                acted = True
                if made >= moves:
                    break
        if not acted and not any(svc._computer_seat(t) is not None for t in svc.tables.values()):
            break
    return made


def test_pupils_are_seated_in_arrival_order_and_a_full_table_starts(tmp_path):
    svc = service(tmp_path, table_size=3, rules="junior")
    pupils = [svc.join("ABCD", name) for name in ("Ann", "Ben", "Cy", "Dee")]
    assert [(p.table_id, p.seat) for p in pupils] == [(1, 0), (1, 1), (1, 2), (2, 0)]
    assert svc.tables[1].record.started and not svc.tables[2].record.started
    assert svc.tables[1].game.names == ("Ann", "Ben", "Cy")
    # Before its start a table shows its deal but offers nothing to do.
    assert svc.view(pupils[3].token).legal == ()
    with pytest.raises(TableNotStartedError):
        svc.act(pupils[3].token, Action("bid", 0))


def test_joining_again_returns_the_same_seat_and_hand(tmp_path):
    svc = service(tmp_path, table_size=3, rules="junior")
    ann = svc.join("ABCD", "Ann Lee")
    first = (ann.id, ann.table_id, ann.seat, ann.token)
    svc.join("ABCD", "Ben")
    svc.join("ABCD", "Cy")
    hand = svc.view(ann.token).hand
    again = svc.join(" abcd ", "  ann   LEE ")
    assert (again.id, again.table_id, again.seat) == first[:3]
    assert again.token != first[3]                                  # a fresh token; the old one has ended
    assert svc.view(again.token).hand == hand
    with pytest.raises(PassEndedError, match="joined again"):
        svc.view(first[3])


#: The name "Mia" as a second child might type it: spaces, case, a new line, a no-break space,
#: a Cyrillic М, a Cyrillic а, full-width letters.
MIA_AGAIN = (" mia ", "MIA", "Mia\n", "Mia\u00a0", "\u041cia", "Mi\u0430", "\uff2d\uff49\uff41")


def test_a_connected_pupils_name_is_refused_and_the_board_shows_the_try(tmp_path):
    svc = service(tmp_path, table_size=3, rules="junior")
    mia = svc.join("ABCD", "Mia")
    token, seat = mia.token, (mia.table_id, mia.seat)
    svc.connect(svc.pupil(token), +1, token)                 # her page is open
    hand = svc.view(token).hand
    for typed in MIA_AGAIN:
        with pytest.raises(SeatTakenError) as refused:
            svc.join("ABCD", typed)
        assert str(refused.value) == "Someone is already playing as Mia. Ask your teacher."
    assert len(svc.pupils) == 1                              # no look-alike pupil either
    assert svc.pupil(token).record.token == token and svc.view(token).hand == hand   # still hers
    assert (svc.pupil(token).record.table_id, svc.pupil(token).record.seat) == seat
    attempts = svc.board()["attempts"]
    assert len(attempts) == len(MIA_AGAIN) and {a["name"] for a in attempts} == {"Mia"}
    assert all(a["pupil"] == mia.id and len(a["at"]) == 5 for a in attempts)   # "10:42"
    svc.connect(svc.pupil(token), -1, token)                 # her page closed: now the name gets the seat back
    back = svc.join("ABCD", "\u041cia")
    assert back.id == mia.id and (back.table_id, back.seat) == seat and back.token != token


def test_a_rejoin_after_the_page_closed_gets_the_seat_and_hand_and_ends_the_old_token(tmp_path):
    svc = service(tmp_path, table_size=3, rules="junior")
    pupils = [svc.join("ABCD", n) for n in ("Mia", "Ben", "Cy")]
    old = pupils[0].token
    svc.connect(svc.pupil(old), +1, old)
    view = svc.view(old)
    svc.connect(svc.pupil(old), -1, old)                     # the tablet restarted
    again = svc.join("ABCD", "mia")
    assert (again.id, again.table_id, again.seat) == (pupils[0].id, 1, view.seat)
    assert again.token != old and svc.view(again.token).hand == view.hand
    for call in (lambda: svc.view(old), lambda: svc.act(old, Action("bid", 0)), lambda: svc.seat_state(old)):
        with pytest.raises(PassEndedError, match="joined again on another page"):
            call()
    assert isinstance(PassEndedError("x"), NotYourSeatError)          # a 403 over HTTP
    # A socket of the old token closing late does not count against the new one.
    svc.connect(svc.pupil(again.token), +1, again.token)
    svc.connect(svc.pupil(again.token), -1, old)
    assert svc.pupil(again.token).sockets == 1
    # The new token is stored: a restart knows it, and the old one is refused.
    svc.close()
    restarted = service(tmp_path)
    assert restarted.view(again.token).hand == view.hand
    with pytest.raises(NotYourSeatError):
        restarted.view(old)


def test_hub_logins_join_again_with_the_same_token(tmp_path):
    svc = service(tmp_path, table_size=3, rules="junior")
    ann = svc.join_user("ann")
    token = ann.token
    svc.connect(svc.pupil(token), +1, token)
    assert svc.join_user("ann").token == token               # the hub vouches for who they are


def test_the_teacher_frees_and_removes_pupils(tmp_path):
    svc = service(tmp_path, table_size=3, rules="junior")
    ended: list[tuple[str, str]] = []
    svc.on_token_ended.append(lambda pupil, why: ended.append((pupil.record.name, why)))
    mia, ben, cy = (svc.join("ABCD", n) for n in ("Mia", "Ben", "Cy"))
    mia_token, ben_token, seat = mia.token, ben.token, ben.seat
    svc.connect(svc.pupil(mia_token), +1, mia_token)         # her page looks connected, her tablet died
    with pytest.raises(SeatTakenError):
        svc.join("ABCD", "Mia")
    assert svc.pupil_action(mia.id, "free") == {"pupil": mia.id, "freed": "Mia"}
    assert ended == [("Mia", "Your teacher freed your seat. Join again with the class code.")]
    with pytest.raises(PassEndedError, match="freed your seat"):
        svc.view(mia_token)
    assert svc.board()["attempts"] == []                     # dealt with
    back = svc.join("ABCD", "Mia")
    assert (back.table_id, back.seat) == (1, mia.seat)
    # Remove: at a started table a computer plays the seat from now on.
    table = svc.tables[1]
    assert svc.pupil_action(ben.id, "remove")["removed"] == "Ben"
    assert table.record.seats[seat] == {"computer": svc.settings.computer}
    assert svc.table_info(table)["players"][seat]["kind"] == "computer"
    with pytest.raises(PassEndedError, match="took you off"):
        svc.view(ben_token)
    assert svc.pupils[ben.id].record.table_id is None
    moved = len(table.game.history)
    while table.game.to_move != seat and not table.over:
        play_pupils(svc, {p.id: p.token for p in (back, cy)}, moves=1)
    svc.play_computers()
    assert len(table.game.history) > moved and table.game.to_move != seat
    # Before the start, removing frees the seat for the next pupil.
    dee = svc.join("ABCD", "Dee")
    waiting, dee_seat = svc.tables[dee.table_id], dee.seat
    svc.pupil_action(dee.id, "remove")
    assert waiting.record.seats[dee_seat] == {} and waiting.game.names[dee_seat] == "Free seat"
    for bad in ((99, "free"), (mia.id, "ban"), ("1", "free"), (True, "free")):
        with pytest.raises(OnlineError):
            svc.pupil_action(*bad)


def test_a_closed_page_is_away_at_once_and_the_grace_then_runs(tmp_path):
    clock = Clock()
    svc = service(tmp_path, clock=clock, table_size=3, rules="junior", grace=30)
    pupils = {p.seat: p for p in (svc.join("ABCD", n) for n in ("Ann", "Ben", "Cy"))}
    table = svc.tables[1]
    for p in pupils.values():
        svc.connect(svc.pupils[p.id], +1, p.token)
    mover = table.game.to_move
    assert svc.table_info(table)["thinking"]["who"] == "pupil"
    svc.connect(svc.pupils[pupils[mover].id], -1, pupils[mover].token)
    info = svc.table_info(table)
    assert info["thinking"]["who"] == "away" and not info["players"][mover]["connected"]
    assert not info["players"][mover]["stand_in"]            # the grace runs...
    clock.now += 31
    svc.tick()
    assert svc.table_info(table)["players"][mover]["stand_in"]   # ... then a computer plays


def test_the_pause_is_in_every_seats_state(tmp_path):
    svc = service(tmp_path, table_size=3, rules="junior")
    tokens = [svc.join("ABCD", n).token for n in ("Ann", "Ben", "Cy")]
    svc.pause(True)
    for token in tokens:
        state = svc.seat_state(token)
        assert state["paused"] is True and state["table"]["paused"] is True
        assert decode(state["view"]).legal == ()
    svc.pause(False)
    assert not any(svc.seat_state(t)["paused"] for t in tokens)


def test_after_a_finished_game_joining_again_is_a_new_game(tmp_path):
    svc = service(tmp_path, table_size=3, rules="junior")
    tokens = {p.id: p.token for p in (svc.join("ABCD", n) for n in ("Ann", "Ben", "Cy"))}
    play_pupils(svc, tokens)
    assert svc.tables[1].over
    again = svc.join("ABCD", "Ann")
    assert again.table_id == 2 and again.seat == 0 and not svc.tables[2].record.started
    assert svc.tables[1].record.seats[0] == {"pupil": again.id}      # the finished game keeps its players


def test_wrong_code_and_bad_names_are_refused(tmp_path):
    svc = service(tmp_path)
    with pytest.raises(ClassCodeError, match="not the class code"):
        svc.join("ABCE", "Ann")
    with pytest.raises(ClassCodeError):
        svc.join(None, "Ann")
    for name in ("", "   ", "x" * 21, 7):
        with pytest.raises(PupilNameError):
            svc.join("ABCD", name)
    assert not svc.pupils


def test_a_pupil_acts_only_for_their_own_seat(tmp_path):
    svc = service(tmp_path, table_size=3, rules="junior")
    pupils = [svc.join("ABCD", n) for n in ("Ann", "Ben", "Cy")]
    game = svc.tables[1].game
    mover = game.to_move
    other = next(p for p in pupils if p.seat != mover)
    before = game.to_json()
    with pytest.raises(OutOfTurnError):
        svc.act(other.token, game.legal_actions()[0])         # the mover's action, with another pupil's token
    with pytest.raises(NotYourSeatError):
        svc.act(other.token, Action("bid", 0), seat=mover)   # naming the other seat
    with pytest.raises(NotYourSeatError):
        svc.act("made-up-token", Action("bid", 0))
    assert game.to_json() == before


def test_a_refused_action_raises_the_engines_error_and_changes_nothing(tmp_path):
    svc = service(tmp_path, table_size=3, rules="junior")
    pupils = {p.seat: p for p in (svc.join("ABCD", n) for n in ("Ann", "Ben", "Cy"))}
    game = svc.tables[1].game
    token = pupils[game.to_move].token
    before = game.to_json()
    with pytest.raises(WizardError):
        svc.act(token, Action("bid", 99))
    with pytest.raises(WizardError):
        svc.act(token, ["dance", 1])
    assert game.to_json() == before
    assert svc.store.load().actions == {}


def test_every_action_is_stored_and_a_new_service_replays_it_exactly(tmp_path):
    svc = service(tmp_path, table_size=4, rules="classic", computer="easy")
    tokens = {p.id: p.token for p in (svc.join("ABCD", n) for n in ("Ann", "Ben"))}
    assert svc.start_tables() == 1
    play_pupils(svc, tokens, moves=25)
    views = {pid: svc.view(t) for pid, t in tokens.items()}
    save = svc.tables[1].game.to_json()
    stored = svc.store.load().actions[1]
    assert len(stored) == len(svc.tables[1].game.history)
    svc.close()
    again = service(tmp_path)
    assert again.tables[1].game.to_json() == save
    assert {pid: again.view(t) for pid, t in tokens.items()} == views
    assert again.code == "ABCD" and again.teacher_key == svc.teacher_key
    again.close()


def test_the_teacher_starts_a_table_and_computers_fill_the_empty_seats(tmp_path):
    svc = service(tmp_path, table_size=4, rules="junior", computer="hard")
    ann = svc.join("ABCD", "Ann")
    svc.start_tables()
    table = svc.tables[ann.table_id]
    assert table.record.seats == [{"pupil": ann.id}, {"computer": "hard"}, {"computer": "hard"}, {"computer": "hard"}]
    assert table.game.names == ("Ann", "Computer 1", "Computer 2", "Computer 3")
    info = svc.table_info(table)
    assert [p["kind"] for p in info["players"]] == ["pupil", "computer", "computer", "computer"]
    play_pupils(svc, {ann.id: ann.token}, moves=4)
    svc.play_computers()
    assert table.game.to_move == ann.seat                            # the hard players played their turns
    assert sum(seat != ann.seat for seat, _ in table.game.history) >= 9


def test_a_pupil_away_past_the_grace_gets_a_computer_until_they_come_back(tmp_path):
    clock = Clock()
    svc = service(tmp_path, clock=clock, table_size=3, rules="junior", grace=30)
    pupils = {p.seat: p for p in (svc.join("ABCD", n) for n in ("Ann", "Ben", "Cy"))}
    table = svc.tables[1]
    for p in pupils.values():
        svc.connect(svc.pupils[p.id], +1)
    mover = table.game.to_move
    svc.connect(svc.pupils[pupils[mover].id], -1)      # their page closed
    clock.now += 29
    assert svc.play_computers() == 0                     # the table waits for them
    clock.now += 2
    svc.tick()
    assert mover in table.stand_ins
    assert svc.table_info(table)["players"][mover]["stand_in"]
    assert svc.play_computers() >= 1                     # a computer played for them
    svc.connect(svc.pupils[pupils[mover].id], +1)      # back: their seat is theirs again
    svc.tick()
    assert mover not in table.stand_ins


def test_pause_stops_everyone_and_chances_are_a_class_setting(tmp_path):
    svc = service(tmp_path, table_size=3, rules="junior")
    pupils = {p.seat: p for p in (svc.join("ABCD", n) for n in ("Ann", "Ben", "Cy"))}
    table = svc.tables[1]
    svc.pause(True)
    with pytest.raises(PausedError):
        svc.act(pupils[table.game.to_move].token, table.game.legal_actions()[0])
    assert svc.view(pupils[table.game.to_move].token).legal == ()
    svc.pause(False)
    svc.act(pupils[table.game.to_move].token, table.game.legal_actions()[0])
    svc.set_settings(chances=False, names="initials")
    assert svc.table_info(table)["chances"] is False
    with pytest.raises(WizardError):
        svc.set_settings(computer="genius")


def test_names_on_the_projector():
    assert shown_name("Ann Lee", "full") == "Ann Lee"
    assert shown_name("Ann Lee", "first") == "Ann"
    assert shown_name("ann lee", "initials") == "A. L."


def test_initials_are_made_distinct(tmp_path):
    assert shown_names(["Mia", "Max", "Ben", "Computer 1"], "initials") == {
        "Mia": "M.i.", "Max": "M.a.", "Ben": "B.", "Computer 1": "Computer 1"}
    assert shown_names(["Mia", "Mira", "Max"], "initials") == {"Mia": "M.i.a.", "Mira": "M.i.r.", "Max": "M.a.x."}
    assert shown_names(["Ann Lee", "Ann Lam", "Al"], "initials") == {"Ann Lee": "A.n. L.e.", "Ann Lam": "A.n. L.a.",
                                                                     "Al": "A."}
    svc = service(tmp_path, table_size=3, rules="junior", names="initials")
    for name in ("Mia", "Max", "Ben"):
        svc.join("ABCD", name)
    board = svc.board()
    assert [p["name"] for p in board["tables"][0]["players"]] == ["M.i.", "M.a.", "B."]


@pytest.mark.parametrize("pupils", range(4, 31))
def test_the_tournament_seats_every_class_size_as_the_flyer_allows(tmp_path, pupils):
    sizes = tournament_tables(pupils)
    assert sum(sizes) == pupils
    assert max(sizes) - min(sizes) <= 1 and max(sizes) <= MAX_TABLE
    assert len(sizes) == -(-pupils // MAX_TABLE)          # as few tables as tables of 6 allow
    svc = service(tmp_path)
    svc.open_registration()
    for i in range(pupils):
        assert svc.join("ABCD", f"Pupil {i}").table_id is None   # registered, waiting
    made = svc.start_tournament()
    tables = [svc.tables[i] for i in made]
    assert [sum("pupil" in s for s in t.record.seats) for t in tables] == sizes
    for t in tables:
        computers = sum("computer" in s for s in t.record.seats)
        assert t.record.size == max(MIN_TABLE, t.record.size - computers)   # computers only up to 4
        assert MIN_TABLE <= t.record.size <= MAX_TABLE
        assert list(t.game.round_sizes) == round_sizes(t.record.size, schedule="tournament")
        assert len(t.game.round_sizes) == 10 and t.record.started
    assert sorted(p.record.seat is not None for p in svc.pupils.values()) == [True] * pupils
    if pupils == 23:
        assert [t.record.size for t in tables] == [6, 6, 6, 5]


def test_tournament_standings_match_the_engines_scores_and_export(tmp_path):
    svc = service(tmp_path, computer="easy")
    svc.open_registration()
    tokens = {p.id: p.token for p in (svc.join("ABCD", f"Pupil {i}") for i in range(7))}   # 4 + (3 + a computer)
    with pytest.raises(TournamentError):
        svc.next_round()
    made = svc.start_tournament()
    assert [svc.tables[i].record.size for i in made] == [4, 4]
    play_pupils(svc, tokens)
    assert all(svc.tables[i].over for i in made) and svc.round_over()
    rows = svc.standings()
    assert len(rows) == 7                                    # computers are not ranked
    for row in rows:
        pupil = svc.pupils[row.pupil]
        game = svc.tables[pupil.record.table_id].game
        assert row.points == game.scores[pupil.record.seat]
        assert row.exact == sum(r.bids[pupil.record.seat] == r.won[pupil.record.seat] for r in game.rounds)
    keys = [(-r.points, -r.exact) for r in rows]
    assert keys == sorted(keys)
    frame = pd.read_csv(io.StringIO(standings_csv(rows)))
    assert list(frame.columns[:4]) == ["place", "name", "points", "exact_bids"]
    assert frame["points"].tolist() == [r.points for r in rows]
    # A further round, re-seated by the standings: the leaders sit together at the first table.
    second = svc.next_round()
    first_table = svc.tables[second[0]]
    assert [s["pupil"] for s in first_table.record.seats if "pupil" in s] == [r.pupil for r in rows[:4]]
    info = svc.tournament_info()
    assert info["round"] == 2 and "exact bids" in info["tie_break"]
    with pytest.raises(TournamentError, match="already open"):
        svc.open_registration()                              # round 2 still plays


def test_standings_tie_break_by_exact_bids():
    from wizard_edu.online.tournament import Result, standings

    rows = standings([Result(1, "Ann", 1, 1, 50, 2), Result(2, "Ben", 1, 1, 50, 4), Result(3, "Cy", 1, 2, 50, 4),
                      Result(4, "Dee", 1, 2, 70, 0)])
    assert [(r.name, r.place) for r in rows] == [("Dee", 1), ("Ben", 2), ("Cy", 2), ("Ann", 4)]


def test_every_ruleset_works_at_a_class_table(tmp_path):
    for rules, options in (("junior", {}), ("classic", {"bidding": "hidden"}), ("anniversary", {}),
                           ("classic", {"monochrome": True}), ("classic", {"bid_rule": "canadian"})):
        folder = tmp_path / f"{rules}-{len(options)}-{list(options.values())}"
        folder.mkdir()
        svc = service(folder, table_size=3, rules=rules, options=options, computer="easy")
        tokens = {p.id: p.token for p in (svc.join("ABCD", n) for n in ("Ann", "Ben"))}
        svc.start_tables()
        play_pupils(svc, tokens)
        game = svc.tables[1].game
        assert game.is_over, rules
        assert Game.from_json(game.to_json()).scores == game.scores
        svc.close()
