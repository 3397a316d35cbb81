"""What the class tables' workers run on a finished round (issue 30), apart from the service's state.

A :class:`Job` is a snapshot of a table (its seed, rules, names and actions: the game goes on
meanwhile) and the seats to work on; :func:`look_back` (the look-back thread) and :func:`hard_lines`
(the hard lines' process, :func:`hard_process`) replay it and return each seat's
:class:`~wizard_edu.review.RoundReview` or :class:`~wizard_edu.review.HardRound`, or why there is none.
:class:`~wizard_edu.online.class_hand.ClassRounds` keeps what they return.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from ..engine.game import Action, Game
from ..engine.rules.rulesets import Ruleset
from ..errors import WizardError
from ..review import HardRound, RoundReview, hard_player_round, review_round


@dataclass(frozen=True)
class Job:
    """A finished round of a table to look back on, for the pupils' seats: everything the worker needs
    (a snapshot: the table's game goes on meanwhile)."""

    table_id: int
    size: int
    rules: dict[str, Any]
    seed: int
    first_dealer: int
    actions: tuple[tuple[int, tuple], ...]
    round_number: int
    seats: tuple[int, ...]
    names: tuple[str, ...]


def replayed(job: Job) -> Game:
    game = Game(players=job.size, rules=Ruleset.from_dict(job.rules), seed=job.seed, first_dealer=job.first_dealer,
                names=list(job.names) or None)
    for seat, action in job.actions:
        game.apply(Action.from_json(list(action)), seat)
    return game


def look_back(job: Job, samples: int | None) -> dict[int, RoundReview | str]:
    """In the worker thread: each seat's look-back (or why it cannot be looked back on)."""
    game = replayed(job)
    found: dict[int, RoundReview | str] = {}
    for seat in job.seats:
        try:
            found[seat] = review_round(game, job.round_number, seat, samples=samples, card_samples=samples)
        except WizardError as exc:   # a game the look-back does not know (Anniversary cards): said once
            found[seat] = str(exc)
    return found


def hard_lines(job: Job, samples: int | None) -> dict[int, HardRound | str]:
    """In the worker thread: the hard computer player's line in each seat (or why there is none)."""
    game = replayed(job)
    found: dict[int, HardRound | str] = {}
    for seat in job.seats:
        try:
            found[seat] = hard_player_round(game, job.round_number, seat, samples=samples)
        except WizardError as exc:
            found[seat] = str(exc)
    return found


def _background_process(service_pid: int) -> None:
    """In the hard lines' process, first: give way to every other program (Unix: nice 10), and end
    as soon as the service is gone (even killed: nothing else would tell this process)."""
    if hasattr(os, "nice"):
        os.nice(10)

    def watch() -> None:   # (the service may even have gone while this process was starting)
        while os.getppid() == service_pid:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="wizard-hard-watch", daemon=True).start()


def hard_process() -> ProcessPoolExecutor:
    """The hard lines' process ("spawn": a fresh interpreter, not a fork of the service's threads),
    niced: on a busy computer the service and the look-backs go first."""
    return ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                               initializer=_background_process, initargs=(os.getpid(),))


__all__ = ["Job", "replayed", "look_back", "hard_lines", "hard_process"]
