"""The table controller: one learner's seat at a game of Wizard, whatever keeps the game.

:class:`TableController` holds the game source (:mod:`.sources`), seats the computer players, runs the
one turn loop (:meth:`TableController.turns`, the same for a click in the page and for the plain Python
API), saves the table (:mod:`.saves`, also by itself after every move) and says what lies on the felt
(:class:`FeltState`).  It holds no words and draws nothing: the table widget does both.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from enum import Enum
from typing import Any

from ..engine.events import CardPlayed, RoundFinished, TrickFinished
from ..engine.game import Action, Game, RoundRecord, SeatView, TrickRecord
from ..errors import OutOfTurnError, WizardError, WrongPhaseError
from ..players.table import make_player
from ..teach.vocabulary import YOU
from .saves import AutoSave, save_text
from .sources import GameSource, LocalGame, SavedGame, TableGame

#: What a class table says when asked to start again or to load a save (the service keeps its game).
CLASS_GAME = "This game is played with your class: a saved game cannot take its place."

#: Called after every move with (the move's events, the action asked for or None, a note or None).
MoveListener = Callable[[tuple[Any, ...], "Action | None", "str | None"], None]


class FeltState(Enum):
    """What lies in the middle of the table now (``docs/table.md``)."""

    #: A trick is being played: its cards lie in front of who played them (none yet at its start).
    TRICK = "trick"
    #: A trick was just won and the next one has not begun: it lies in the middle, its winner marked.
    TRICK_WON = "trick won"
    #: A new round is dealt and none of its cards is down: the middle is clear for its predictions
    #: (bids); the round before's last trick lies aside, on its winner's pile.
    NEW_ROUND = "new round"
    #: The game is over: its last trick lies in the middle.
    GAME_OVER = "game over"


class TableController:
    """A game source, the learner's seat and the computer players in the other seats.

    ``opponents``: one entry per other seat, a player's level (``"rule-of-thumb"``, ``"hard"``...),
    an object with ``act(view)``, or ``None`` (a person plays that seat elsewhere: the table waits).
    A source that names its own (a save's, a class seat's) is seated with those instead.
    ``on_move`` hears every move (the table narrates it)."""

    #: A computer player that once took longer than this to decide is shown thinking from then on.
    THINKING_SECONDS = 0.3

    def __init__(self, source: GameSource, seat: int = 0, opponents: Sequence[Any] | None = None,
                 autosave: str | None = None, theme: str = "classic",
                 on_move: MoveListener | None = None) -> None:
        players = source.game.players
        if opponents is None:
            opponents = ["rule-of-thumb"] * (players - 1)
        self.opponents = self._checked(list(opponents), players)
        self.seat = seat
        #: The card faces' name, saved with the game.
        self.theme = theme
        self.on_move = on_move
        self.autosave = AutoSave(autosave) if autosave else None
        self._slow_ids: set[int] = set()
        self.start(source)

    @staticmethod
    def _checked(opponents: list[Any], players: int) -> list[Any]:
        if len(opponents) != players - 1:
            raise WizardError(f"Give {players - 1} computer opponents for {players} players, "
                              f"not {len(opponents)}.")
        for opp in opponents:
            if isinstance(opp, str):
                make_player(opp)  # a clear error now for an unknown name
            elif opp is not None and not hasattr(opp, "act"):
                raise WizardError(f"{opp!r} cannot play: a computer player needs an act(view) method.")
        return opponents

    # -- the game source ---------------------------------------------------------------------
    def start(self, source: GameSource) -> None:
        """Sit down at ``source``'s game (its own seat and players if it names them)."""
        game = source.game
        seat = source.seat if source.seat is not None else self.seat
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < game.players:
            raise WizardError(f"The learner's seat must be from 0 to {game.players - 1}, not {seat!r}.")
        if source.opponents is not None:
            self.opponents = self._checked(list(source.opponents), game.players)
        elif len(self.opponents) != game.players - 1:
            self.opponents = ["rule-of-thumb"] * (game.players - 1)
        if source.theme is not None:
            self.theme = source.theme
        self.source, self.seat = source, seat
        #: The seat the table speaks to as "You" (the plain verb: "You deal"): the learner's, when
        #: their seat carries the kit's name for the learner; None when it shows their own name (a
        #: class table's pupil, a named learner), who is spoken of like everyone else.
        self.you: int | None = seat if game.names[seat] == YOU else None
        self.last_trick: TrickRecord | None = game.tricks[-1] if game.tricks else None
        #: The round ``last_trick`` was played in.
        self.last_trick_round = game.round_number if game.tricks else game.round_number - 1
        self._trick_on_felt: TrickRecord | None = None
        self.last_round: RoundRecord | RoundFinished | None = game.rounds[-1] if game.rounds else None
        self.thinking: int | None = None
        self._hint: tuple[tuple[int, int], Action, str | None] | None = None
        self.players: dict[int, Any] = {}
        others = iter(self.opponents)
        for s in range(game.players):
            if s == seat:
                continue
            spec = next(others)
            if spec is not None:  # None: played by a person elsewhere
                self.players[s] = make_player(spec, seed=game.seed * 100 + s + source.salt) \
                    if isinstance(spec, str) else spec

    @property
    def game(self) -> TableGame:
        return self.source.game

    @property
    def can_restart(self) -> bool:
        """True when a new game can start here (a local game); False at a class table."""
        return self.source.can_restart

    def restart(self, seed: int | None = None) -> None:
        """A new game with the same players: from ``seed``, or the next seed after this game's."""
        self.start(self.source.restart(self.game.seed + 1 if seed is None else seed))

    def load(self, text: str | bytes) -> None:
        """Go on with a saved game (every part checked first: a bad save raises and changes nothing)."""
        if not self.can_restart:
            raise WizardError(CLASS_GAME)
        self.start(SavedGame(text, self.seat, self.theme))

    @property
    def over_text(self) -> str:
        """What the table says when the game is over."""
        return "The game is over: press New game to play again." if self.can_restart else "The game is over."

    @property
    def view(self) -> SeatView:
        """What the learner may see now."""
        return self.game.view(self.seat)

    # -- the learner's moves -------------------------------------------------------------------
    def act(self, action: Action) -> None:
        """The learner's ``action`` (raises, changing nothing, if it is refused).  The computer
        players move next: run :meth:`turns` (or :meth:`advance`)."""
        game = self.game
        if game.is_over:
            raise WrongPhaseError(self.over_text)
        turn = game.to_move
        if turn != self.seat:
            raise OutOfTurnError(f"It is {game.names[turn] if turn is not None else 'nobody'}'s turn, not yours.")
        self._move(self.seat, action)
        self._hint = None

    def _move(self, seat: int, action: Action) -> None:
        game = self.game
        moves = len(game.history)
        note = None
        try:
            events = tuple(game.apply(action, seat))
        except WizardError as exc:
            if len(game.history) == moves:  # refused: nothing changed
                raise
            events, note = (), str(exc)  # the move counted (the service said more): carry on
        self.take(events, action, note)

    def take(self, events: Sequence[Any], action: Action | None = None, note: str | None = None) -> None:
        """What a move did (here, or at a class table elsewhere): the felt's tricks, the round, the log."""
        events = tuple(events)
        trick = next((e.record for e in events if isinstance(e, TrickFinished)), None)
        scored = next((e for e in events if isinstance(e, RoundFinished)), None)
        if trick is not None:
            self.last_trick = trick
            self._trick_on_felt = trick
            self.last_trick_round = scored.number if scored is not None else self.game.round_number
        elif any(isinstance(e, CardPlayed) for e in events):
            self._trick_on_felt = None  # the next trick has begun
        if scored is not None:
            self.last_round = scored
        if self.on_move is not None:
            self.on_move(events, action, note)

    # -- the one turn loop -------------------------------------------------------------------------
    def computer_to_move(self) -> int | None:
        """The seat of the computer player whose turn it is; None on the learner's turn, a person's
        (who plays elsewhere), or at the game's end."""
        game = self.game
        seat = game.to_move
        if game.is_over or seat is None or seat == self.seat or seat not in self.players:
            return None
        return seat

    def turns(self) -> Iterator[int]:
        """The computer players' moves, until it is the learner's turn (or a person's, or the end).

        Before a player that may think long moves, the seat is yielded (the table shows it thinking,
        at once or after the page has been drawn); the move follows when the loop is resumed.  A
        click in the page and the plain Python API run this same loop (``docs/table.md``); at its
        end the table saves itself."""
        while (seat := self.computer_to_move()) is not None:
            player = self.players[seat]
            if self.thinks_slowly(player) and self.thinking != seat:
                self.thinking = seat
                yield seat
            self.thinking = None
            began = time.perf_counter()
            action = player.act(self.game.view(seat))
            if time.perf_counter() - began > self.THINKING_SECONDS:
                self._slow_ids.add(id(player))
            self._move(seat, action)
        self.thinking = None
        self.save_by_itself()

    def advance(self, on_thinking: Callable[[int], Any] | None = None) -> None:
        """Run :meth:`turns` to its end now (``on_thinking(seat)`` before a slow player moves)."""
        for seat in self.turns():
            if on_thinking is not None:
                on_thinking(seat)

    def thinks_slowly(self, player: Any) -> bool:
        """Players that may think longer than a moment: those that say so (``thinks_slowly``: the
        simulating and hard players), or once did."""
        return bool(getattr(player, "thinks_slowly", False) or id(player) in self._slow_ids)

    def slow_player_to_come(self) -> bool:
        """True if a computer player that may think long is to move before the learner's next turn."""
        game = self.game
        if game.is_over or game.to_move == self.seat:
            return False
        return any(self.thinks_slowly(p) for p in self.players.values())

    # -- what lies on the felt -------------------------------------------------------------------
    @property
    def felt_state(self) -> FeltState:
        """What lies in the middle of the table now (see :class:`FeltState`)."""
        game = self.game
        if game.is_over:
            return FeltState.GAME_OVER
        if self.last_trick is not None and self.last_trick_round < game.round_number \
                and not game.tricks and not self.view.trick:
            return FeltState.NEW_ROUND
        if self._trick_on_felt is not None:
            return FeltState.TRICK_WON
        return FeltState.TRICK

    @property
    def trick_on_felt(self) -> TrickRecord | None:
        """The finished trick lying in the middle (just won, or the game's last), else None."""
        state = self.felt_state
        if state is FeltState.TRICK_WON:
            return self._trick_on_felt
        if state is FeltState.GAME_OVER:
            return self.last_trick
        return None

    # -- hints ----------------------------------------------------------------------------------------
    def hint(self) -> tuple[Action, str | None]:
        """A suggestion for the learner's move: (the action, the coach's words), or the rule of thumb's
        action and None when the coach cannot say.  Asked again for the same moment: the same answer."""
        view = self.view
        if not view.legal:
            raise OutOfTurnError("No hint now: it is not your turn.")
        key = (id(self.game), len(self.game.history))
        if self._hint is not None and self._hint[0] == key:
            return self._hint[1], self._hint[2]
        action: Action | None = None
        text: str | None = None
        try:
            from ..players.coach import hint as coach_hint
        except ImportError:  # the coach is another part of the kit: without it, the rule of thumb
            coach_hint = None  # type: ignore[assignment]
        if coach_hint is not None:
            try:
                advice = coach_hint(view)
                action, text = advice.action, str(advice.text)
            except Exception:  # noqa: BLE001 - fall back to the rule of thumb
                action = None
        if action is None:
            from ..players.rule_of_thumb import RuleOfThumbPlayer

            action, text = RuleOfThumbPlayer(seed=self.game.seed).act(view), None
        self._hint = (key, action, text)
        return action, text

    # -- saving --------------------------------------------------------------------------------------
    def save_json(self) -> str:
        """The game in progress as JSON: ``Game.to_json`` plus the seat, the players' levels and the faces."""
        return save_text(self.game, self.seat, self.opponents, self.theme)  # type: ignore[arg-type]

    def save_by_itself(self) -> None:
        """Write the autosave (after every move), or forget it once the game is over."""
        if self.autosave is None or not self.can_restart:
            return
        self.autosave.write(None if self.game.is_over else self.save_json())


def new_local_game(rules: Any, players: int, seed: int | None, first_dealer: int | None,
                   names: Sequence[str]) -> LocalGame:
    """A new local game, as the table starts one."""
    game = Game(players=players, rules=rules, seed=seed, first_dealer=first_dealer, names=names)
    return LocalGame(game, f"A new game of {game.ruleset.title}.")


__all__ = ["TableController", "FeltState", "MoveListener", "CLASS_GAME", "new_local_game"]
