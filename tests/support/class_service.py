"""A class table service in a test's folder, pupils joined, and a lesson played out by easy players
(shared by the tournament, duplicate-deal, class-hand and seat-review tests)."""

from __future__ import annotations

from wizard_edu.online.service import TableService
from wizard_edu.online.storage import SQLiteStore
from wizard_edu.players import make_player


def service(path, **settings) -> TableService:
    """A service on the SQLite file ``path``, class code ABCD, computers that play at once."""
    return TableService(SQLiteStore(path), code="ABCD", settings={"computer_delay": 0, "computer": "easy", **settings})


def register(svc: TableService, pupils: int) -> dict[int, str]:
    """``pupils`` pupils join ("Pupil 0", ...): their ids and tokens."""
    svc.open_registration()
    return {p.id: p.token for p in (svc.join("ABCD", f"Pupil {i}") for i in range(pupils))}


def play_out(svc: TableService, tokens: dict[int, str], rounds: int | None = None) -> None:
    """Every pupil plays an easy computer player's choice until no table waits for a pupil (or, with
    ``rounds``, until each pupil's table has played that many rounds)."""
    brains = {pid: make_player("easy", seed=pid) for pid in tokens}
    while True:
        svc.play_computers()
        acted = False
        for pid, token in tokens.items():
            table = svc.table_of(svc.pupils[pid])
            if rounds is not None and table is not None and len(table.game.rounds) >= rounds:
                continue
            view = svc.view(token)
            if view is not None and view.legal:
                svc.act(token, brains[pid].act(view))
                acted = True
        if not acted:
            return
