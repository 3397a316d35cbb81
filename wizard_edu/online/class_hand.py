"""Learning from the class's own rounds at the class tables (issue 30): "My predictions" for the teacher,
the class CSV, and the class looking at one hand together.

:class:`ClassRounds` is a part of :class:`~wizard_edu.online.service.TableService` (its base class):

* When a round ends at a table, each pupil's round is looked back on (:func:`~wizard_edu.review.review_round`,
  made a :class:`~wizard_edu.review.RoundEntry`) in a worker thread of its own, so the move's reply is
  not slowed and computer players do not wait. Then, when no look-back waits, the hard computer
  player's line in the same seat (:func:`~wizard_edu.review.hard_player_round`, as the notebook
  table's record has it) fills the entry's ``hard_...`` fields; it runs in a process of its own
  (the hard player thinks in Python at every card: in a thread it held the interpreter long enough
  to slow the pushes to the pupils, ``benchmarks/bench_online.py``). What the workers run on a round:
  :mod:`wizard_edu.online.round_jobs`. Nothing is stored: a look-back is
  worked out from the game's seed and actions, always the same, so after a restart the finished
  rounds are worked out again.
* A pupil's OWN finished rounds, for their class table: :mod:`wizard_edu.online.pupil_rounds`.
* :meth:`ClassRounds.pupil_predictions`: per pupil, exact bids out of rounds, too high and too low (the
  teacher's board, never the projector's hand page); :meth:`ClassRounds.rounds_frame`: the class's rounds
  in the class CSV format (:mod:`wizard_edu.review.export`).
* :meth:`ClassRounds.hands` suggests the hands where the class's bids differed most;
  :meth:`ClassRounds.hand` gives one, names hidden: the cards, the turned-up card, how the class bid on
  it (with duplicate deals, everyone who held those cards) and how many made it; the kit's chance of
  each bid only when asked (``show_chances``).
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

from ..review import HardRound, RoundEntry, RoundReview, bid_time_game, round_entry, summarize
from .errors import BadRequestError, OnlineError
from .parts import ServicePart
from .round_jobs import Job, hard_lines, hard_process, look_back

if TYPE_CHECKING:
    import pandas as pd

    from .service import Table

log = logging.getLogger("wizard_edu.online")

#: Hands the board suggests at most.
MAX_SUGGESTED = 12


def _whole(value: object, what: str) -> int:
    if isinstance(value, str) and value.strip().isdigit():
        return int(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise BadRequestError(f"The {what} is a whole number, not {str(value)[:40]!r}.")


class ClassRounds(ServicePart):
    """The class's finished rounds looked back on (see the module docstring)."""

    loop: asyncio.AbstractEventLoop | None
    #: Deals the look-backs simulate (None: the kit's own, :func:`~wizard_edu.review.lookback.bid_samples`);
    #: tests and benchmarks set fewer.
    review_samples: int | None = None
    #: Deals per decision of the hard player's line (None: the hard player's own); False: no hard line.
    hard_samples: int | None | bool = None

    def _init_class_rounds(self) -> None:
        #: (table id, round, seat) -> the pupil's record line and the kit's chance of each bid.
        self.round_entries: dict[tuple[int, int, int], RoundEntry] = {}
        self.bid_chances: dict[tuple[int, int, int], dict[int, float]] = {}
        #: (table id, round, seat) the look-back cannot do, with why (said in the log once).
        self.not_reviewed: dict[tuple[int, int, int], str] = {}
        #: (table id, round, seat) -> the pupil's whole look-back (what their class table shows).
        self.reviews: dict[tuple[int, int, int], RoundReview] = {}
        #: (table id, round, seat) whose hard player's line is in the entry, or could not be worked out.
        self.hard_done: set[tuple[int, int, int]] = set()
        self._summaries: dict[int, dict[str, Any]] = {}
        self.review_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="wizard-review")
        self._hard_pool: ProcessPoolExecutor | None = None   # started at the first hard line
        self._reviewing: asyncio.Task | None = None

    # -- working out the look-backs --------------------------------------------------------------
    def _pupil_seats(self, table: Table) -> tuple[int, ...]:
        return tuple(s for s, e in enumerate(table.record.seats) if "pupil" in e)

    def _todo(self) -> list[tuple[Table, int, tuple[int, ...]]]:
        """The finished rounds (table, round, pupils' seats) whose look-backs are not worked out yet."""
        todo = []
        for table in self.tables.values():
            seats = self._pupil_seats(table)
            for number in range(1, len(table.game.rounds) + 1) if seats else ():
                left = tuple(s for s in seats if (table.id, number, s) not in self.round_entries
                             and (table.id, number, s) not in self.not_reviewed)
                if left:
                    todo.append((table, number, left))
        return todo

    def _hard_todo(self) -> list[tuple[Table, int, tuple[int, ...]]]:
        """The rounds looked back on whose hard player's lines are not worked out yet."""
        if self.hard_samples is False:
            return []
        left: dict[tuple[int, int], list[int]] = {}
        for key in sorted(self.reviews):
            if key not in self.hard_done:
                left.setdefault(key[:2], []).append(key[2])
        return [(self.tables[t], n, tuple(seats)) for (t, n), seats in left.items()]

    def _take(self, job: Job, found: dict[int, RoundReview | str]) -> None:
        """On the service's thread: keep what a worker found."""
        pupils = set()
        for seat, result in found.items():
            key = (job.table_id, job.round_number, seat)
            if isinstance(result, str):
                if key not in self.not_reviewed:
                    log.info("Round %s at table %s is not looked back on: %s", job.round_number, job.table_id, result)
                self.not_reviewed[key] = result
                continue
            self.reviews[key] = result
            self.round_entries[key], self.bid_chances[key] = round_entry(result), dict(result.bid_chances)
            pupils.add(self.tables[job.table_id].record.seats[seat].get("pupil"))
        self._forget_summaries(pupils)

    def _take_hard(self, job: Job, found: dict[int, HardRound | str]) -> None:
        """On the service's thread: the hard player's lines join the pupils' entries."""
        pupils = set()
        for seat, line in found.items():
            key = (job.table_id, job.round_number, seat)
            self.hard_done.add(key)
            if isinstance(line, str):
                log.info("No hard player's line for round %s at table %s: %s", job.round_number, job.table_id, line)
                continue
            self.round_entries[key] = round_entry(self.reviews[key], line, when=self.round_entries[key].date)
            pupils.add(self.tables[job.table_id].record.seats[seat].get("pupil"))
        self._forget_summaries(pupils)

    def _forget_summaries(self, pupils: set[int | None]) -> None:
        for pupil in pupils:
            self._summaries.pop(pupil, None)  # type: ignore[arg-type]

    def _round_ended(self) -> None:
        """A round ended somewhere: on the server its look-backs are worked out in the background."""
        if self.loop is not None and self._reviewing is None:
            self._reviewing = self.loop.create_task(self._review_all())

    async def _review_all(self) -> None:
        """The look-backs first (the pupils wait for them); a hard player's line only when none waits."""
        assert self.loop is not None
        try:
            while True:
                todo = self._todo()
                for table, number, seats in todo:
                    job = self._job_for(table, number, seats)
                    try:
                        found = await self.loop.run_in_executor(self.review_pool, look_back, job,
                                                                self.review_samples)
                    except Exception as exc:   # a look-back never stops the tables: said once, left out
                        log.exception("Looking back at round %s of table %s failed", number, table.id)
                        found = {seat: f"it failed ({type(exc).__name__})" for seat in seats}
                    self._take(job, found)
                if not todo:
                    hard = self._hard_todo()
                    if not hard:
                        break
                    # One seat at a time (up to a few seconds for the largest rounds): a round that ends
                    # meanwhile is looked back on next, not after every hard line.
                    table, number, seats = hard[0]
                    job = self._job_for(table, number, seats[:1])
                    try:
                        lines = await self.loop.run_in_executor(self._hard_process(), hard_lines, job,
                                                                self._hard_samples())
                    except Exception as exc:   # as above: the entry keeps its hard columns empty
                        self.stop_hard_process()   # (a broken process: a new one for the next line)
                        log.exception("The hard player's line of round %s of table %s failed", job.round_number,
                                      job.table_id)
                        lines = {seat: f"it failed ({type(exc).__name__})" for seat in job.seats}
                    self._take_hard(job, lines)
                self._changed(None)   # the board shows the new figures
        finally:
            self._reviewing = None

    def _hard_process(self) -> ProcessPoolExecutor:
        if self._hard_pool is None:
            self._hard_pool = hard_process()
        return self._hard_pool

    def stop_hard_process(self) -> None:
        """Stop the hard lines' process (the service closes; or it broke)."""
        pool, self._hard_pool = self._hard_pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    def _hard_samples(self) -> int | None:
        return None if isinstance(self.hard_samples, bool) else self.hard_samples

    async def reviewed(self) -> None:
        """Every finished round looked back on (on the server: waits for the worker; without a loop: now).
        A round whose look-back fails is left out (:attr:`not_reviewed`), so this always ends."""
        if self.loop is None:
            self.reviewed_now()
            return
        while self._todo() or self._hard_todo() or self._reviewing is not None:
            self._round_ended()
            task = self._reviewing
            if task is not None:
                await asyncio.shield(task)

    def reviewed_now(self) -> None:
        """:meth:`reviewed` without an event loop (tests, notebooks)."""
        for table, number, seats in self._todo():
            job = self._job_for(table, number, seats)
            self._take(job, look_back(job, self.review_samples))
        for table, number, seats in self._hard_todo():
            job = self._job_for(table, number, seats)
            self._take_hard(job, hard_lines(job, self._hard_samples()))

    # -- the teacher's figures -------------------------------------------------------------------------
    def pupil_rounds(self) -> dict[int, list[RoundEntry]]:
        """Each pupil's rounds looked back on so far, in table and round order."""
        rounds: dict[int, list[RoundEntry]] = {}
        for (table_id, _number, seat), entry in sorted(self.round_entries.items()):
            pupil = self.tables[table_id].record.seats[seat].get("pupil")
            if pupil is not None:
                rounds.setdefault(pupil, []).append(entry)
        return rounds

    def pupil_predictions(self) -> list[dict[str, Any]]:
        """Per pupil, for the teacher only: rounds, exact bids, too high, too low (and the kit's sentence),
        from the rounds looked back on so far; ``waiting``: finished rounds still being worked out."""
        waiting = Counter(table.record.seats[s]["pupil"] for table, _, seats in self._todo() for s in seats)
        show = self.name_shower(self.settings.names)
        rows = []
        for pupil, entries in self.pupil_rounds().items():
            if pupil not in self._summaries:
                summary = summarize(entries)
                self._summaries[pupil] = {"rounds": summary.rounds, "exact": summary.exact,
                                          "too_high": summary.too_high, "too_low": summary.too_low,
                                          "text": summary.text}
            rows.append({"pupil": pupil, "name": show(self.pupils[pupil].record.name), **self._summaries[pupil],
                         "waiting": waiting.get(pupil, 0)})
        for pupil, count in waiting.items():
            if pupil not in self._summaries:
                rows.append({"pupil": pupil, "name": show(self.pupils[pupil].record.name), "rounds": 0, "exact": 0,
                             "too_high": 0, "too_low": 0, "text": "", "waiting": count})
        return sorted(rows, key=lambda r: (str(r["name"]).lower(), r["pupil"]))

    def rounds_frame(self) -> pd.DataFrame:
        """The class's rounds looked back on, one row per pupil and round, in the class CSV format
        (:data:`~wizard_edu.review.export.CLASS_CSV_COLUMNS`); the hard player's columns are empty for a
        round whose hard line is still being worked out (it comes after every look-back)."""
        import pandas as pd

        from ..review.export import CLASS_CSV_COLUMNS, check_class_frame

        rows = []
        for (table_id, number, seat), entry in sorted(self.round_entries.items()):
            pupil = self.tables[table_id].record.seats[seat].get("pupil")
            if pupil is None:
                continue
            rows.append({"pupil": self.pupils[pupil].record.name, "table": table_id, "round": number,
                         "cards": entry.cards, "bid": entry.bid, "tricks": entry.tricks, "points": entry.points,
                         "chance": entry.chance, "best_bid": entry.best_bid, "best_chance": entry.best_chance,
                         "hard_bid": entry.hard_bid, "hard_tricks": entry.hard_tricks,
                         "hard_points": entry.hard_points, "hard_chance": entry.hard_chance})
        return check_class_frame(pd.DataFrame(rows, columns=list(CLASS_CSV_COLUMNS)), "The class's rounds")

    # -- one hand for the class -------------------------------------------------------------------------
    def _same_cards(self, table: Table) -> list[Table]:
        """The tables that played ``table``'s deals: with duplicate deals every table of its size in its
        tournament round (the same seed), else the table alone."""
        number = table.record.tournament_round
        if number is None or not self.tournament.get("duplicate"):
            return [table]
        ids = self.tournament.get("tables", {}).get(str(number), [])
        if table.id not in ids:   # a table of an earlier tournament: it alone
            return [table]
        return [self.tables[i] for i in ids if i in self.tables and self.tables[i].record.size == table.record.size
                and self.tables[i].record.seed == table.record.seed]

    def _holders(self, table: Table, number: int, seat: int) -> list[tuple[int, int]]:
        """(bid, tricks) of every pupil who held these cards in a finished round."""
        found = []
        for other in self._same_cards(table):
            if len(other.game.rounds) >= number and "pupil" in other.record.seats[seat]:
                record = other.game.rounds[number - 1]
                found.append((record.bids[seat], record.won[seat]))
        return found

    def hands(self) -> list[dict[str, Any]]:
        """The finished hands the board suggests, where the class's bids on the same cards differed most
        (different bids first, then the widest spread); without duplicate deals each hand had one pupil,
        so the hands whose bid missed by most come first. No names."""
        seen, found = set(), []
        for table in sorted(self.tables.values(), key=lambda t: t.id):
            group = self._same_cards(table)
            first = min(t.id for t in group)
            for number in range(1, len(table.game.rounds) + 1):
                for seat in range(table.record.size):
                    if (first, number, seat) in seen:
                        continue
                    seen.add((first, number, seat))
                    held = self._holders(table, number, seat)
                    if not held:
                        continue
                    bids = [b for b, _ in held]
                    found.append({"table": first, "round": number, "seat": seat,
                                  "cards": table.game.round_sizes[number - 1], "held_by": len(held),
                                  "different_bids": len(set(bids)), "spread": max(bids) - min(bids),
                                  "missed_by": max(abs(b - w) for b, w in held)})
        found.sort(key=lambda h: (-h["different_bids"], -h["spread"], -h["missed_by"], -h["held_by"],
                                  h["table"], h["round"], h["seat"]))
        return found[:MAX_SUGGESTED]

    def _hand_key(self, table_id: object, number: object, seat: object) -> tuple[Table, int, int]:
        tid, rnd, st = _whole(table_id, "table"), _whole(number, "round"), _whole(seat, "seat")
        table = self.tables.get(tid)
        if table is None:
            raise OnlineError(f"There is no table {tid} at the class tables.")
        if not 1 <= rnd <= len(table.game.rounds):
            raise OnlineError(f"Table {tid} has finished rounds 1 to {len(table.game.rounds)}, not round {rnd}."
                              if table.game.rounds else f"Table {tid} has not finished a round yet.")
        if not 0 <= st < table.record.size:
            raise OnlineError(f"Table {tid} has seats 0 to {table.record.size - 1}, not seat {st}.")
        return table, rnd, st

    def hand(self, table_id: object, number: object, seat: object, show_chances: bool = False) -> dict[str, Any]:
        """One finished hand for the class, names hidden (see the module docstring). The chances are
        worked out only with ``show_chances`` (without a loop, here; the server uses :meth:`hand_async`)."""
        table, rnd, st = self._hand_key(table_id, number, seat)
        data = self._hand_data(table, rnd, st)
        if show_chances:
            data["chances"] = self._chances(table, rnd, st)
        return data

    async def hand_async(self, table_id: object, number: object, seat: object,
                         show_chances: bool = False) -> dict[str, Any]:
        """:meth:`hand` on the server: the chances, when asked, are worked out in the look-back worker."""
        table, rnd, st = self._hand_key(table_id, number, seat)
        data = self._hand_data(table, rnd, st)
        if show_chances:
            key = (table.id, rnd, st)
            if key not in self.bid_chances and self.loop is not None:
                job = self._job_for(table, rnd, (st,))
                self._take(job, await self.loop.run_in_executor(self.review_pool, look_back, job, self.review_samples))
            data["chances"] = self._chances(table, rnd, st)
        return data

    def _job_for(self, table: Table, number: int, seats: tuple[int, ...]) -> Job:
        """A snapshot of the table for the worker (the game goes on meanwhile)."""
        record = table.record
        return Job(table.id, record.size, record.rules, record.seed, record.first_dealer,
                    tuple((s, tuple(a)) for s, a in table.actions), number, seats, tuple(record.names))

    def _chances(self, table: Table, number: int, seat: int) -> dict[str, float]:
        key = (table.id, number, seat)
        if key not in self.bid_chances and key not in self.not_reviewed:
            job = self._job_for(table, number, (seat,))
            self._take(job, look_back(job, self.review_samples))
        if key in self.not_reviewed:
            raise OnlineError(f"The kit cannot work out the chances of this hand: {self.not_reviewed[key]}")
        return {str(b): p for b, p in sorted(self.bid_chances[key].items())}

    def _hand_data(self, table: Table, number: int, seat: int) -> dict[str, Any]:
        view = bid_time_game(table.game, number, seat).view(seat)
        held = self._holders(table, number, seat)
        cards = table.game.round_sizes[number - 1]
        counts = Counter(b for b, _ in held)
        junior = table.game.ruleset.scoring == "junior"
        return {"table": table.id, "round": number, "seat": seat, "cards": cards,
                "rules": table.game.ruleset.title, "junior": junior,
                "hand": [{"card": str(c), "name": c.name} for c in view.hand],
                "turned_up": None if view.trump_card is None else {"card": str(view.trump_card),
                                                                    "name": view.trump_card.name},
                "trump": view.trump, "duplicate": len(self._same_cards(table)) > 1,
                "held_by": len(held), "bids": {str(b): counts.get(b, 0) for b in range(cards + 1)},
                "made": sum(1 for b, w in held if b == w)}


__all__ = ["ClassRounds", "MAX_SUGGESTED"]
