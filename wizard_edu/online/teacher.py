"""The teacher's side of the class tables: the board, the settings, starting and pausing, freeing and removing pupils.

:class:`TeacherDesk` is a part of :class:`~wizard_edu.online.service.TableService` (its base class),
kept here by subject; ``server.py`` lets only the teacher reach it.
"""

from __future__ import annotations

from dataclasses import asdict, fields
from typing import Any

from . import tournament as tour
from .errors import BadRequestError, OnlineError, TournamentError
from .parts import ServicePart
from .settings import Settings


class TeacherDesk(ServicePart):
    """What the teacher's board shows and does (see ``docs/online.md``)."""

    def board(self) -> dict[str, Any]:
        """Everything the teacher's board shows (names as the teacher's switch says)."""
        style = self.settings.names
        show = self.name_shower(style)
        waiting = [show(self.pupils[i].record.name) for i in self.tournament.get("registered", [])
                   if self.pupils[i].record.table_id is None] if self.tournament.get("state") == "registration" else []
        attempts = [{**a, "name": show(a["name"])} for a in self.attempts]
        return {"code": self.code, "settings": asdict(self.settings), "paused": self.paused,
                "tables": [self.table_info(t, style, show, teacher=True)
                           for t in sorted(self.tables.values(), key=lambda t: -t.id)],
                "pupils": len(self.pupils), "waiting": waiting, "tournament": self.tournament_info(show),
                "attempts": attempts, "predictions": self.pupil_predictions(),
                "tournament_plan": tour.tournament_plan(self.tournament_rules()), "version": self.version(None)}

    def set_settings(self, **changes: Any) -> Settings:
        unknown = set(changes) - {f.name for f in fields(Settings)}
        if unknown:
            raise BadRequestError(f"There is no setting {', '.join(sorted(unknown))[:60]}.")
        if ("duplicate" in changes and changes["duplicate"] != self.settings.duplicate
                and self.tournament.get("state") == "playing"):
            raise TournamentError("Duplicate deals are set before the tournament starts: this tournament has started. "
                                  "Change it before the next tournament opens its registration.")
        new = Settings(**{**asdict(self.settings), **changes})
        new.check()
        self.settings = new
        for key, value in changes.items():
            self._store("save_setting", key, value)
        for table in self.tables.values():
            self._changed(table)
        if not self.tables:
            self._changed(None)
        return new

    def pupil_action(self, pupil_id: object, action: object) -> dict[str, Any]:
        """The teacher frees a pupil (``"free"``: their token ends, so whoever joins by their name next
        gets the seat back: a tablet that died while its page looked connected) or removes them
        (``"remove"``: their seat goes to a computer player, or is free again before the start)."""
        pupil = self.pupils.get(pupil_id) if isinstance(pupil_id, int) and not isinstance(pupil_id, bool) else None
        if pupil is None:
            raise OnlineError(f"There is no pupil {pupil_id!r} at the class tables.")
        if action not in ("free", "remove"):
            raise OnlineError(f"A pupil can be freed (\"free\") or removed (\"remove\"), not {action!r}.")
        name = pupil.record.name
        if action == "free":
            self._end_token(pupil, "Your teacher freed your seat. Join again with the class code.")
            self.attempts = [a for a in self.attempts if a["pupil"] != pupil.id]
            self._changed(None)
            return {"pupil": pupil.id, "freed": name}
        table = self.table_of(pupil)
        self._end_token(pupil, "Your teacher took you off the table. Join again with the class code.")
        if table is not None:
            seat = pupil.record.seat
            assert seat is not None
            if table.record.started:
                table.record.seats[seat] = {"computer": self.settings.computer}
            else:
                table.record.seats[seat] = {}
                self._deal_again(table)
            self._store("save_table", table.record)
        pupil.record.table_id = pupil.record.seat = None
        self._store("save_pupil", pupil.record)
        if pupil.id in self.tournament.get("registered", []) and self.tournament.get("state") == "registration":
            self.tournament["registered"].remove(pupil.id)
            self._store("save_tournament", self.tournament)
        self.attempts = [a for a in self.attempts if a["pupil"] != pupil.id]
        if table is not None:
            self._changed(table)
            self._kick(table)
        self._changed(None)
        return {"pupil": pupil.id, "removed": name}

    def free_places(self) -> dict[str, int]:
        """The teacher frees the places of the pupils who are not connected now (``POST api/teacher/free-places``).

        They stop counting towards :data:`MAX_PUPILS` and leave an open tournament registration; nothing
        is deleted: their seats, games and results stay, and one who joins again is back (and counts
        again). So after a flood of made-up pupils (or a lesson with many classes) the teacher makes room.
        """
        away = {i for i in self.lesson if self.pupils[i].sockets == 0}
        self.lesson -= away
        registered = self.tournament.get("registered") if self.tournament.get("state") == "registration" else None
        if registered:
            self.tournament["registered"] = [i for i in registered if i not in away]
            if len(self.tournament["registered"]) != len(registered):
                self._store("save_tournament", self.tournament)
        self._changed(None)
        return {"freed": len(away), "pupils": len(self.lesson)}

    def pause(self, paused: bool) -> None:
        self.paused = bool(paused)
        self._store("save_setting", "paused", self.paused)
        for table in self.tables.values():
            self._changed(table)
            self._kick(table)
        self._changed(None)

    def start_tables(self) -> int:
        """The teacher starts every waiting table that has a pupil; computers fill the free seats."""
        waiting = [t for t in self.tables.values() if not t.record.started and t.record.tournament_round is None
                   and any("pupil" in s for s in t.record.seats)]
        for table in waiting:
            self._start(table)
        return len(waiting)


__all__ = ["TeacherDesk"]
