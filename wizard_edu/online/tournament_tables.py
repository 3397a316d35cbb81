"""The tournament at the class tables: registration, rounds seated by the standings, the standings.

:class:`TournamentTables` is a part of :class:`~wizard_edu.online.service.TableService` (its base
class), kept here by subject; the tournament's own rules (table sizes, seating, standings, the
exports) are pure functions in :mod:`wizard_edu.online.tournament`.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

from . import tournament as tour
from .errors import TournamentError
from .parts import ServicePart


class TournamentTables(ServicePart):
    """The tournament's steps of the class tables (the teacher's board opens, starts and moves it on)."""

    def open_registration(self) -> None:
        state = self.tournament.get("state")
        if state == "registration" or (state == "playing" and not self.round_over()):
            raise TournamentError("A tournament is already open: let its tables finish first.")
        self.tournament = {"state": "registration", "round": 0, "registered": [], "tables": {}}
        self._store("save_tournament", self.tournament)
        self._changed(None)

    def start_tournament(self) -> list[int]:
        """Seat everyone registered at tables of 4 to 6 (the flyer's format); the new tables' ids."""
        if self.tournament.get("state") != "registration":
            raise TournamentError("Open the registration first, then start the tournament.")
        if not self.tournament["registered"]:
            raise TournamentError("Nobody has registered yet: pupils join with the class code.")
        # The class's edition now, kept for every round (a change of the rules box later is for new tables).
        self.tournament["rules"] = tour.tournament_ruleset(self.settings.rules).name
        self.tournament["duplicate"] = self.settings.duplicate   # kept for every round, like the rules
        return self._tournament_round(list(self.tournament["registered"]))

    def next_round(self) -> list[int]:
        """A further round, re-seated by the standings (when every table of this round is over)."""
        if self.tournament.get("state") != "playing" or not self.round_over():
            raise TournamentError("Every table must finish its hands before the next round.")
        return self._tournament_round([s.pupil for s in self.standings()])

    def round_over(self) -> bool:
        ids = self.tournament.get("tables", {}).get(str(self.tournament.get("round")), [])
        return bool(ids) and all(self.tables[i].over for i in ids)

    def _tournament_round(self, pupil_ids: list[int]) -> list[int]:
        number = self.tournament["round"] + 1
        ruleset = tour.tournament_ruleset(self.tournament.get("rules", "classic"))
        made = []
        # Duplicate deals: one seed per table size in this round, so every table of a size gets the same
        # cards at the same seat numbers and the same turned-up cards (a round is shuffled from the seed).
        seeds: dict[int, int] = {}
        for group in tour.seat_by_standings(pupil_ids):
            size = max(tour.MIN_TABLE, len(group))
            seed = seeds.setdefault(size, secrets.randbelow(2**31)) if self.tournament.get("duplicate") else None
            table = self._new_table(size, ruleset, tournament_round=number, seed=seed)
            for seat, pupil_id in enumerate(group):
                table.record.seats[seat] = {"pupil": pupil_id}
            self._store("save_table", table.record)
            for seat, pupil_id in enumerate(group):
                pupil = self.pupils[pupil_id]
                pupil.record.table_id, pupil.record.seat = table.id, seat
                self._store("save_pupil", pupil.record)
            made.append(table.id)
        self.tournament.update(state="playing", round=number)
        self.tournament["tables"][str(number)] = made
        self._store("save_tournament", self.tournament)
        for table_id in made:
            self._start(self.tables[table_id])
        for table in self.tables.values():   # pupils who left a casual table: a computer plays on there
            if table.record.tournament_round is None:
                self._changed(table)
                self._kick(table)
        return made

    def tournament_rules(self) -> str:
        """The edition a tournament plays: the one it started with, or (before the start) the class's."""
        if self.tournament.get("state") == "playing":
            return self.tournament.get("rules", "classic")   # (tournaments stored before Junior ones: Classic)
        return self.settings.rules

    def held_hands(self, number: int) -> list[tour.HeldHand]:
        """Every seat's points in every finished round of tournament round ``number``'s tables, named by
        the cards held (see :func:`~wizard_edu.online.tournament.compare_same_cards`)."""
        hands = []
        for table_id in self.tournament.get("tables", {}).get(str(number), []):
            table = self.tables[table_id]
            for record in table.game.rounds:
                for seat, entry in enumerate(table.record.seats):
                    hands.append(tour.HeldHand((number, table.record.size, table.record.seed, record.number, seat),
                                               entry.get("pupil"), record.points[seat]))
        return hands

    def results(self) -> list[tour.Result]:
        """Every pupil's points and exact bids at every tournament table (games in progress too), and
        (duplicate deals) their comparison with the others who held the same cards."""
        found = []
        for number, ids in self.tournament.get("tables", {}).items():
            compared = tour.compare_same_cards(self.held_hands(int(number))) if self.tournament.get("duplicate") else {}
            for table_id in ids:
                table = self.tables[table_id]
                game = table.game
                for seat, entry in enumerate(table.record.seats):
                    if "pupil" in entry:
                        exact = sum(1 for r in game.rounds if r.bids[seat] == r.won[seat])
                        found.append(tour.Result(entry["pupil"], self.pupils[entry["pupil"]].record.name,
                                                int(number), table_id, game.scores[seat], exact,
                                                compared.get(entry["pupil"], 0.0)))
        return found

    def standings(self) -> list[tour.Standing]:
        return tour.standings(self.results(), by=self.standings_by())

    def standings_by(self) -> str:
        """How the standings are ranked: the teacher's setting, where the tournament deals duplicate."""
        return self.settings.standings if self.tournament.get("duplicate") else "points"

    def tournament_info(self, show: Callable[[str], str] | None = None) -> dict[str, Any] | None:
        if not self.tournament:
            return None
        show = show or self.name_shower(self.settings.names)
        rows = []
        for s in self.standings():
            row = s.to_dict()
            row["name"] = show(s.name)
            rows.append(row)
        return {"state": "finished" if self.tournament["state"] == "playing" and self.round_over()
                else self.tournament["state"], "round": self.tournament["round"],
                "registered": [show(self.pupils[i].record.name) for i in self.tournament["registered"]],
                "standings": rows, "tie_break": tour.tie_break(self.tournament_rules()),
                "duplicate": bool(self.tournament.get("duplicate")), "standings_by": self.standings_by(),
                "ranked_by": tour.RANKED_BY[self.standings_by()]}

__all__ = ["TournamentTables"]
