"""Game sources: what keeps the game a table shows (``docs/table.md``).

A table reads ``source.game`` (a :class:`TableGame`: ``view(seat)``, ``apply(action, seat)``, labels)
and asks the source what it allows: starting again, saving.  Three sources:

* :class:`LocalGame`: a :class:`~wizard_edu.Game` played here, against computer players;
* :class:`SavedGame`: a save (``TableWidget.save_json``) read back, with the seat, computer players
  and faces it names;
* :class:`SeatSource`: a pupil's seat at a class table (``wizard_edu.online.Seat``): the class
  table service keeps the game, checks every move and plays its own computer players.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from ..engine.game import Action, Game, RoundRecord, SeatView, TrickRecord
from ..engine.rules.rulesets import Ruleset, get_ruleset
from ..errors import WizardError
from ..teach.vocabulary import YOU, vocabulary
from .saves import read_table_save

#: Names for computer players when none are given (the learner is "You").
DEFAULT_NAMES = ("Owl", "Fox", "Badger", "Hare", "Otter")


class TableGame(Protocol):
    """What the table needs from its game (a :class:`Game`, or a class table's :class:`SeatGame`).

    The table reads ``view(seat)`` and sends ``apply(action, seat)``; the rest labels the table,
    saves it and ends it."""

    @property
    def names(self) -> tuple[str, ...]: ...
    @property
    def players(self) -> int: ...
    @property
    def ruleset(self) -> Ruleset: ...
    @property
    def seed(self) -> int: ...
    @property
    def first_dealer(self) -> int: ...
    @property
    def history(self) -> Sequence[Any]: ...
    @property
    def rounds(self) -> Sequence[RoundRecord]: ...
    @property
    def tricks(self) -> Sequence[TrickRecord]: ...
    @property
    def round_sizes(self) -> Sequence[int]: ...
    @property
    def to_move(self) -> int | None: ...
    @property
    def phase(self) -> str: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def round_number(self) -> int: ...
    def view(self, seat: int) -> SeatView: ...
    def legal_actions(self) -> list[Action]: ...
    def apply(self, action: Any, seat: int | None = None) -> tuple[Any, ...]: ...
    def visible_bids(self, seat: int) -> tuple[int | None, ...]: ...
    def status(self) -> str: ...
    def winners(self) -> list[int]: ...
    def score_pad(self) -> Any: ...
    def to_json(self) -> str: ...


class GameSource(Protocol):
    """A game and what may be done with it here.

    ``seat``, ``opponents`` and ``theme`` are what the source itself says (a save's settings, a class
    seat's number); ``None`` leaves the choice to the table.  ``opening`` is a first line for the
    table's log; ``salt`` is mixed into the computer players' seeds (a loaded game's players do not
    replay its first moves); ``can_restart`` is True when the table can start a new game here (New
    game, Load), False at a class table."""

    @property
    def game(self) -> TableGame: ...
    @property
    def seat(self) -> int | None: ...
    @property
    def opponents(self) -> list[Any] | None: ...
    @property
    def theme(self) -> str | None: ...
    @property
    def opening(self) -> str: ...
    @property
    def salt(self) -> int: ...
    @property
    def can_restart(self) -> bool: ...
    def restart(self, seed: int) -> GameSource: ...


class LocalGame:
    """A :class:`Game` played at this table (new, or from a position)."""

    seat: int | None = None
    opponents: list[Any] | None = None
    theme: str | None = None
    salt = 0
    can_restart = True

    def __init__(self, game: Game, opening: str | None = None) -> None:
        if not isinstance(game, Game):
            raise WizardError(f"Start the table from a Game or a position text, not {game!r}.")
        self.game: Game = game
        self.opening = opening or f"A new game of {game.ruleset.title}."

    def restart(self, seed: int) -> LocalGame:
        """The same players, rules, first dealer and names, dealt from ``seed``."""
        game = self.game
        return LocalGame(Game(players=game.players, rules=game.ruleset, seed=seed,
                              first_dealer=game.first_dealer, names=game.names))


class SavedGame(LocalGame):
    """A save read back (every part checked first: a broken file raises and nothing is made)."""

    def __init__(self, text: str | bytes, seat: int = 0, theme: str = "classic") -> None:
        save = read_table_save(text, seat, theme)
        game = save.game
        super().__init__(game, f"Game loaded: round {game.round_number} of {len(game.round_sizes)}, "
                               f"{len(game.history)} moves so far.")
        self.seat, self.opponents, self.theme = save.seat, list(save.opponents), save.theme
        # Computer players are seeded from the seed and the number of moves already made.
        self.salt = len(game.history) * 7919


class Seat(Protocol):
    """What a class table's seat offers (:class:`wizard_edu.online.Seat`, which this layer does not import)."""

    seat: int | None
    table_id: int | None

    def look(self) -> tuple[SeatView | None, dict[str, Any]]: ...
    def apply(self, action: Action) -> tuple: ...
    def review(self, round_number: int) -> Any: ...
    def my_rounds(self) -> tuple[list[Any], int]: ...


class SeatGame:
    """A class table seen from one seat, as the table's game (``docs/table.md``).

    It knows only what the seat's :class:`SeatView` says: never another pupil's cards, and not the
    shuffle's seed either (it would tell every hand). :meth:`sync` reads the seat again.
    """

    def __init__(self, seat: Seat) -> None:
        if seat.seat is None or seat.table_id is None:
            raise WizardError("You have no seat at a table yet: wait until your teacher seats everyone.")
        self._seat = seat
        self.me: int = seat.seat
        #: The table this game belongs to (a tournament's next round seats the pupil elsewhere).
        self.table_id: int = seat.table_id
        view, self.table = self._look()
        self._view: SeatView = view
        #: One entry per change this seat has seen (the table counts them: hints, saves).
        self.history: list[str] = []
        #: Called after the pupil's own action was accepted (the class table redraws its lines).
        self.on_apply: Callable[[], None] | None = None

    # -- reading the service again ----------------------------------------------------------
    def _look(self) -> tuple[SeatView, dict[str, Any]]:
        """The seat's view and its table, in one request."""
        view, table = self._seat.look()
        if view is None:
            raise WizardError("You do not have a table yet: wait until your teacher starts the games.")
        return view, table

    @property
    def moved(self) -> bool:
        """True once the service has seated this pupil at another table (a tournament's next round)."""
        return (self._seat.table_id, self._seat.seat) != (self.table_id, self.me)

    def sync(self) -> tuple[SeatView, SeatView]:
        """Read the seat's view and table from the service; returns (the view before, the view now)."""
        before = self._view
        view, table = self._look()
        if self.moved:
            return before, before   # another table: the class table starts a new game source for it
        self._view, self.table = view, table
        if self._view != before:
            self.history.append(f"{self._view.round_number}:{len(self._view.trick)}:{self._view.phase}")
        return before, self._view

    # -- what the table reads -----------------------------------------------------------------
    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self._view.names)

    @property
    def players(self) -> int:
        return len(self._view.names)

    @property
    def ruleset(self) -> Ruleset:
        return self._view.ruleset

    @property
    def seed(self) -> int:
        return int(self.table.get("id", 0))  # the table's number: the real seed stays with the service

    @property
    def first_dealer(self) -> int:
        return (self._view.dealer - (self._view.round_number - 1)) % self.players

    @property
    def round_sizes(self) -> tuple[int, ...]:
        sizes = tuple(self.ruleset.round_sizes(self.players))
        if len(sizes) == self._view.rounds_total:
            return sizes
        known = [r.hand_size for r in self._view.rounds] if self._view.rounds and hasattr(
            self._view.rounds[0], "hand_size") else []
        return tuple(known) + (self._view.hand_size,) * (self._view.rounds_total - len(known))

    @property
    def rounds(self) -> tuple[RoundRecord, ...]:
        return tuple(self._view.rounds)

    @property
    def tricks(self) -> tuple[TrickRecord, ...]:
        return tuple(self._view.tricks)

    @property
    def to_move(self) -> int | None:
        return self._view.to_move

    @property
    def phase(self) -> str:
        return self._view.phase

    @property
    def is_over(self) -> bool:
        return self._view.phase == "over"

    @property
    def round_number(self) -> int:
        return self._view.round_number

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self._view.scores)

    def view(self, seat: int | None = None) -> SeatView:
        if seat is not None and seat != self.me:
            raise WizardError("At a class table you see only your own seat.")
        return self._view

    def legal_actions(self) -> list[Action]:
        return list(self._view.legal)

    def apply(self, action: Any, seat: int | None = None) -> tuple[Any, ...]:
        """Send the pupil's action; the service checks it (a refusal raises and changes nothing)."""
        if seat is not None and seat != self.me:
            raise WizardError("You can only play for your own seat.")
        events = self._seat.apply(action if isinstance(action, Action) else Action(*action))
        self.sync()
        if self.on_apply is not None:
            self.on_apply()
        return tuple(events)

    def visible_bids(self, seat: int) -> tuple[int | None, ...]:
        return tuple(self._view.bids)

    def winners(self) -> list[int]:
        best = max(self._view.scores)
        return [s for s, points in enumerate(self._view.scores) if points == best]

    def status(self) -> str:
        if self.is_over:
            return "Game over. Winner: " + " and ".join(self.names[s] for s in self.winners()) + "."
        return f"Round {self.round_number} of {self._view.rounds_total}."

    def score_pad(self) -> Any:
        from ..engine.scorepad import score_pad

        return score_pad(self)  # type: ignore[arg-type]  # it reads names, players and the rounds

    def to_json(self) -> str:
        raise WizardError("A class table is kept by the class table service: it needs no saving.")

    # -- looking back (the service works it out: widgets/class_lookback.py) ----------------------
    def round_review(self, number: int) -> Any:
        """The service's look-back of this seat's finished round ``number`` (a ``RoundReview``), or
        ``None`` while the service is still working it out."""
        return self._seat.review(number)

    def my_rounds(self) -> tuple[list[Any], int]:
        """This pupil's rounds the service looked back on (``RoundEntry`` lines), and how many wait."""
        return self._seat.my_rounds()


class SeatSource:
    """A pupil's seat at a class table as the table's game source: the service keeps the game, so
    the table neither starts it again nor saves it, and moves for no other seat."""

    theme: str | None = None
    salt = 0
    can_restart = False

    def __init__(self, seat: Seat) -> None:
        self.game: SeatGame = SeatGame(seat)
        self.seat: int | None = self.game.me
        #: Every other seat is a pupil or the service's computer player: the table waits for them.
        self.opponents: list[Any] | None = [None] * (self.game.players - 1)
        self.opening = f"Class table {self.game.table.get('id')}: {self.game.status()}"

    def restart(self, seed: int) -> GameSource:
        raise WizardError("This game is played with your class: it cannot start again here.")


def table_source(game: Game | str | GameSource | None, options: dict[str, Any], rules: Any = "junior",
                 players: int = 4, seed: int | None = 0, first_dealer: int | None = None,
                 names: Sequence[str] | None = None, seat: int = 0) -> GameSource:
    """The game source a table is made with: ``game`` (a source, a Game or a position text), or a new
    local game of ``rules`` (with ``options``) whose learner in ``seat`` is "You"."""
    if isinstance(game, str):
        game = Game.from_position(game)
    if game is not None and options:
        raise WizardError("A table started from a game plays that game's rules: give no rule options.")
    if isinstance(game, Game):
        return LocalGame(game, f"A game of {game.ruleset.title} set up at round {game.round_number}: "
                               f"{vocabulary(game.ruleset).text(game.status())}")
    if game is not None:
        if not hasattr(game, "can_restart") or not hasattr(game, "game"):
            raise WizardError(f"Start the table from a Game or a position text, not {game!r}.")
        return game
    ruleset = get_ruleset(rules, **options)
    ruleset.check_players(players)
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
        raise WizardError(f"The learner's seat must be from 0 to {players - 1}, not {seat!r}.")
    if names is None:
        others = iter(DEFAULT_NAMES)
        names = [YOU if s == seat else next(others) for s in range(players)]
    return LocalGame(Game(players=players, rules=ruleset, seed=seed, first_dealer=first_dealer, names=names))


__all__ = ["DEFAULT_NAMES", "table_source", "TableGame", "GameSource", "LocalGame", "SavedGame", "Seat", "SeatGame", "SeatSource"]
