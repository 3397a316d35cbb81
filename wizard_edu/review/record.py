"""My predictions: every finished round of a learner, kept to see how good their predictions are.

Where: ``~/.wizard-edu/predictions.json``, next to the learner's progress file
(:mod:`wizard_edu.teach.progress`; ``$WIZARD_EDU_HOME/.wizard-edu/`` when ``WIZARD_EDU_HOME`` is set).
One file holds every learner of that home by name, as the progress file does, each with their last
:data:`MAX_ROUNDS` rounds (older rounds drop off). The file is written atomically (a temporary file
in the same folder, then ``os.replace``: :func:`wizard_edu.files.write_atomic`).

A damaged file never stops a table: it is renamed aside (``predictions.damaged-DATE.json`` in the same
folder, so nothing is lost), a warning a teacher can read is given (:class:`PredictionsWarning`, and
``Predictions.warning``), and a new record is started with whatever could still be read.

Each round (:class:`RoundEntry`): the bid and tricks, the points, the chance the kit gave the bid and
the best bid's chance (from :func:`~wizard_edu.review.review_round`), the ruleset and the date, and
the hard computer player's line in the same seat (:func:`hard_player_round`).

File format (``format`` and ``version`` identify it)::

    {"format": "wizard-edu-predictions", "version": 1,
     "learners": {"Ada": [{"date": "2026-12-02T14:30:00+00:00", "rules": "junior", "players": 3,
                           "round": 2, "cards": 2, "seat": 0, "bid": 1, "tricks": 1, "points": 1,
                           "chance": 0.62, "best_bid": 1, "best_chance": 0.62, "exact": false,
                           "hard_bid": 1, "hard_tricks": 0, "hard_points": 0, "hard_chance": 0.62}]}}
"""

from __future__ import annotations

import datetime as _dt
import json
import os
import warnings
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from ..engine.actions import Action
from ..engine.game import BID, Game
from ..errors import WizardError
from ..files import write_atomic
from ..players.hard import HardPlayer
from ..players.rule_of_thumb import RuleOfThumbPlayer
from .lookback import RoundReview, bid_time_game, review_round

FORMAT = "wizard-edu-predictions"
VERSION = 1
#: The same home folder as the progress file (wizard_edu/teach/progress.py, a layer above this one).
HOME_ENV = "WIZARD_EDU_HOME"
FOLDER = ".wizard-edu"
FILENAME = "predictions.json"
#: The rounds kept for each learner (the oldest drop off).
MAX_ROUNDS = 2000
#: The key of rounds played before the learner typed a name (as in the progress file).
UNNAMED = "(no name yet)"


class PredictionsWarning(UserWarning):
    """A predictions record that was damaged (and kept aside) or could not be written."""


def predictions_home(home: str | os.PathLike | None = None) -> Path:
    """The home folder: ``home`` if given, else ``$WIZARD_EDU_HOME``, else the user's home."""
    if home is not None:
        return Path(home)
    env = os.environ.get(HOME_ENV)
    return Path(env) if env else Path.home()


def predictions_path(home: str | os.PathLike | None = None) -> Path:
    """``HOME/.wizard-edu/predictions.json``."""
    return predictions_home(home) / FOLDER / FILENAME


# -- one round -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class RoundEntry:
    """One finished round of a learner, as the record keeps it."""

    date: str
    rules: str
    players: int
    round: int
    cards: int
    seat: int
    bid: int
    tricks: int
    points: int
    #: The chance the kit gave the bid made, and the best bid with its chance (hundredths).
    chance: float
    best_bid: int
    best_chance: float
    exact: bool
    #: The hard computer player in the same seat with the same cards (``None``: not worked out).
    hard_bid: int | None = None
    hard_tricks: int | None = None
    hard_points: int | None = None
    hard_chance: float | None = None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Any) -> RoundEntry:
        """A round read back from the file; :class:`ValueError` when it is not one."""
        if not isinstance(data, dict) or set(data) != {f.name for f in fields(cls)}:
            raise ValueError("not a round of the record")
        for f in fields(cls):
            value = data[f.name]
            kind = _KINDS[f.name]
            optional = f.name.startswith("hard_")
            if value is None and optional:
                continue
            if kind is float:
                ok = isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value <= 1
            elif kind is int:
                ok = isinstance(value, int) and not isinstance(value, bool) and (
                    f.name in ("points", "hard_points") or value >= 0)  # (Classic loses points)
            else:
                ok = isinstance(value, kind)
            if not ok:
                raise ValueError(f"{f.name} is {value!r}")
        return cls(**data)


_KINDS: dict[str, type] = {"date": str, "rules": str, "players": int, "round": int, "cards": int, "seat": int,
                           "bid": int, "tricks": int, "points": int, "chance": float, "best_bid": int,
                           "best_chance": float, "exact": bool, "hard_bid": int, "hard_tricks": int,
                           "hard_points": int, "hard_chance": float}


@dataclass(frozen=True)
class HardRound:
    """The hard computer player's bid, tricks and points in a learner's seat."""

    bid: int
    tricks: int
    points: int


def hard_player_round(game: Game, round_number: int, seat: int, seed: int = 0, *,
                      samples: int | None = None) -> HardRound:
    """Replay a finished round's deal with the hard computer player in ``seat``.

    How: the round is set up again at the moment ``seat`` bid (:func:`~wizard_edu.review.bid_time_game`:
    the same hands, turned-up card and earlier bids); the hard player (``seed``) bids and plays in
    ``seat``; the players after it bid what they really bid when the rules still allow it (else the
    rule-of-thumb bid), and every other seat plays by the rule of thumb (the medium player), aiming at
    its bid. The same round always gives the same line; ``game`` is not changed. ``samples``: the
    hard player's deals per decision (None: its own; tests and benchmarks of the class tables set fewer).
    """
    replay = bid_time_game(game, round_number, seat)
    real = game.rounds[round_number - 1].bids
    hard = HardPlayer(seed=seed) if samples is None else HardPlayer(seed=seed, samples=samples, bid_samples=samples)
    others = {s: RuleOfThumbPlayer(seed=s) for s in range(game.players) if s != seat}
    while len(replay.rounds) < round_number:
        mover = replay.to_move
        assert mover is not None  # the round is not over until it is scored
        view = replay.view(mover)
        if mover == seat:
            action = hard.act(view)
        elif replay.phase == BID and real[mover] in view.legal_bids:
            action = Action(BID, real[mover])
        else:
            action = others[mover].act(view)
        replay.apply(action, mover)
    done = replay.rounds[round_number - 1]
    return HardRound(done.bids[seat], done.won[seat], done.points[seat])


def round_entry(review: RoundReview, hard: HardRound | None = None, when: str | None = None) -> RoundEntry:
    """The record's line for a look-back (and the hard player's line, if worked out)."""
    rules = "junior" if review.scoring == "junior" else "classic"
    hard_chance = None if hard is None else review.bid_chances.get(hard.bid)
    return RoundEntry(
        date=when or _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"), rules=rules,
        players=review.players, round=review.round_number, cards=review.hand_size, seat=review.seat,
        bid=review.bid, tricks=review.tricks, points=review.points, chance=review.chance,
        best_bid=review.best_bid, best_chance=review.best_chance, exact=review.exact,
        hard_bid=None if hard is None else hard.bid, hard_tricks=None if hard is None else hard.tricks,
        hard_points=None if hard is None else hard.points, hard_chance=hard_chance)


# -- the record ------------------------------------------------------------------------------------
@dataclass
class Predictions:
    """One learner's record: their rounds, oldest first (at most :data:`MAX_ROUNDS`)."""

    learner: str
    rounds: list[RoundEntry]
    path: Path
    #: What went wrong with the file, in words for a teacher (``None``: nothing).
    warning: str | None = None


def _learner(learner: str | None) -> str:
    if learner is None:
        return UNNAMED
    name = " ".join(str(learner).split())
    if not name or len(name) > 60:
        raise WizardError("A learner's name has 1 to 60 letters, so their teacher can see their predictions.")
    return name


def _empty() -> dict[str, Any]:
    return {"format": FORMAT, "version": VERSION, "learners": {}}


def _aside(path: Path) -> Path:
    """Rename a damaged file to ``predictions.damaged-DATE.json`` (a free name) in its folder."""
    stamp = _dt.datetime.now(_dt.timezone.utc).strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}.damaged-{stamp}.json")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.stem}.damaged-{stamp}-{n}.json")
    os.replace(path, target)
    return target


def _problem(path: Path) -> tuple[dict[str, Any], str | None]:
    """The file's data, and what is wrong with it (``None``: nothing; damaged rounds are left out)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        return _empty(), f"it could not be read ({type(exc).__name__})"
    except json.JSONDecodeError as exc:
        return _empty(), f"it is broken (not JSON: {exc.msg}, line {exc.lineno})"
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return _empty(), "it is not a wizard-edu predictions record"
    if data.get("version") != VERSION:
        return _empty(), f"it is of version {data.get('version')!r}, and this kit reads version {VERSION}"
    learners = data.get("learners")
    if not isinstance(learners, dict):
        return _empty(), "its list of learners is broken"
    clean: dict[str, list[dict[str, Any]]] = {}
    bad = 0
    for name, rounds in learners.items():
        if not isinstance(rounds, list):
            bad += 1
            continue
        kept = []
        for item in rounds:
            try:
                kept.append(RoundEntry.from_json(item).to_json())
            except (ValueError, TypeError):
                bad += 1
        clean[str(name)] = kept[-MAX_ROUNDS:]
    data = {"format": FORMAT, "version": VERSION, "learners": clean}
    return data, (f"{bad} of its rounds {'was' if bad == 1 else 'were'} damaged" if bad else None)


def _load(path: Path) -> tuple[dict[str, Any], str | None, bool]:
    """The record's data, a warning (or ``None``) and whether the file may be written over."""
    try:
        if not path.exists():
            return _empty(), None, True
    except OSError as exc:  # (a home folder that may not be looked into)
        return _empty(), f"The predictions record {path} cannot be reached ({type(exc).__name__}).", False
    data, problem = _problem(path)
    if problem is None:
        return data, None, True
    try:
        aside = _aside(path)
    except OSError as exc:
        message = (f"The predictions record {path} is damaged: {problem}. It could not be moved aside "
                   f"({type(exc).__name__}), so it was left as it is and nothing new was saved.")
        return data, message, False
    message = (f"The predictions record {path} is damaged: {problem}. It was kept as {aside.name} in the "
               "same folder, and a new record was started" + (" with the rounds that could be read."
                                                              if any(data["learners"].values()) else "."))
    return data, message, True


def _warn(message: str | None) -> None:
    if message:
        warnings.warn(message, PredictionsWarning, stacklevel=3)


def _write(path: Path, data: dict[str, Any]) -> str | None:
    """Write the record atomically; a warning in words when it cannot be."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, json.dumps(data, separators=(",", ":")))
    except OSError as exc:
        return f"The predictions record {path} could not be saved ({type(exc).__name__}: {exc.strerror or exc})."
    return None


def load_predictions(learner: str | None = None, home: str | os.PathLike | None = None) -> Predictions:
    """A learner's record (empty when there is none yet). Never raises for a damaged file: it is kept
    aside, the rounds that could be read are saved again, and ``.warning`` says what happened."""
    name = _learner(learner)
    path = predictions_path(home)
    data, warning, writable = _load(path)
    if warning and writable and any(data["learners"].values()):
        warning = _join(warning, _write(path, data))
    _warn(warning)
    rounds = [RoundEntry.from_json(r) for r in data["learners"].get(name, [])]
    return Predictions(name, rounds, path, warning)


def read_learners(path: str | os.PathLike) -> tuple[dict[str, list[RoundEntry]], str | None]:
    """Every learner's rounds in a predictions file, only read (a teacher's report never changes a
    pupil's file): (rounds by learner, what was wrong with the file or ``None``). No file: no learners."""
    path = Path(path)
    try:
        if not path.exists():
            return {}, None
    except OSError as exc:
        return {}, f"{path} cannot be reached ({type(exc).__name__})"
    data, problem = _problem(path)
    rounds = {name: [RoundEntry.from_json(r) for r in items] for name, items in data["learners"].items() if items}
    return rounds, (f"{path}: {problem}" if problem else None)


def add_round(entry: RoundEntry, learner: str | None = None,
              home: str | os.PathLike | None = None) -> Predictions:
    """Add one round to a learner's record and save it (keeping the last :data:`MAX_ROUNDS`).

    Never raises for a damaged or unwritable file: ``.warning`` (and a :class:`PredictionsWarning`)
    says what happened; a damaged file is kept aside first.
    """
    if not isinstance(entry, RoundEntry):
        raise WizardError(f"add_round() records a RoundEntry (round_entry(review)), not {type(entry).__name__}.")
    name = _learner(learner)
    path = predictions_path(home)
    data, warning, writable = _load(path)
    rounds = data["learners"].setdefault(name, [])
    rounds.append(entry.to_json())
    del rounds[:-MAX_ROUNDS]
    if writable:
        warning = _join(warning, _write(path, data))
    _warn(warning)
    return Predictions(name, [RoundEntry.from_json(r) for r in rounds], path, warning)


def _join(first: str | None, second: str | None) -> str | None:
    return " ".join(x for x in (first, second) if x) or None


def note_round(game: Game, round_number: int, seat: int, learner: str | None = None, *,
               home: str | os.PathLike | None = None, review: RoundReview | None = None,
               hard: bool = True) -> Predictions:
    """Look back at a finished round (or use ``review``), work out the hard player's line in the same
    seat (``hard=False``: leave it out), and add the round to the learner's record.

    Bad arguments (a round not finished, a seat not at the table) raise the look-back's
    :class:`~wizard_edu.errors.WizardError`; a file problem never raises (see :func:`add_round`).
    """
    if review is None:
        review = review_round(game, round_number, seat)
    elif (review.round_number, review.seat) != (round_number, seat):
        raise WizardError(f"This look-back is of round {review.round_number}, seat {review.seat}, not of round "
                          f"{round_number}, seat {seat}.")
    line = hard_player_round(game, round_number, seat) if hard else None
    return add_round(round_entry(review, line), learner, home)


__all__ = ["RoundEntry", "HardRound", "Predictions", "PredictionsWarning", "hard_player_round", "round_entry",
           "load_predictions", "add_round", "note_round", "predictions_path", "predictions_home", "MAX_ROUNDS",
           "FORMAT", "UNNAMED", "read_learners"]
