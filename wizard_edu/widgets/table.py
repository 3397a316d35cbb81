"""The TableWidget: a whole game of Wizard against computer players, played by clicking.

Built only on :class:`wizard_edu.Game`: the widget asks the game whose turn it
is and what is legal, sends it the learner's actions, and lets the computer
players act until it is the learner's turn again.  See :mod:`wizard_edu.widgets`
for the API summary.
"""

from __future__ import annotations

import base64
import functools
import html
import json
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import ipywidgets as widgets

from ..display.charts import Chart
from ..display.html import card_html
from ..display.pad import score_pad_html
from ..display.themes import FILL, INK, SYMBOL, THEMES, Theme
from ..engine.cards import COLOURS, NAMED_COLOUR_KINDS, Card
from ..engine.events import CardPlayed, RoundFinished
from ..engine.game import Action, Game, RoundRecord, SeatView, TrickRecord
from ..engine.rules.rulesets import Ruleset, get_ruleset
from ..engine.saves import check_save_fields
from ..errors import SaveFileError, WizardError
from ..files import write_atomic
from ..players.rule_of_thumb import RuleOfThumbPlayer
from ..players.table import PLAYER_TYPES, make_player, player_kind
from ..teach.progress import FOLDER, progress_home
from ..teach.vocabulary import Vocabulary
from .common import (
    DOUBLE_CLICK_SECONDS,
    WidgetBase,
    apply_recording,
    card_button,
    finished_round,
    finished_trick,
    guarded,
    narrate,
    read_seed,
    restyle_card_button,
    seat_to_move,
    seed_box,
    text_button,
    trump_badge,
    vocab_for,
    winners_sentence,
)
from .compact import COMPACT_CSS
from .felt import FELT_CSS, felt_html, round_tiles_html
from .keys import NumberKeys

if TYPE_CHECKING:  # the coach is imported only when a hint is asked for
    from ..players.coach import Hint

class TableGame(Protocol):
    """What the table needs from its game source (a :class:`Game`, or a class table's proxy).

    See ``docs/table.md``: the widget reads ``view(seat)`` and sends ``apply(action, seat)``; the
    rest labels the table, saves it and ends it."""

    names: tuple[str, ...]
    players: int
    ruleset: Ruleset
    seed: int
    first_dealer: int
    history: Sequence[Any]
    rounds: Sequence[RoundRecord]
    tricks: Sequence[TrickRecord]
    round_sizes: Sequence[int]

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


#: Names for computer players when none are given (the learner is "You").
DEFAULT_NAMES = ("Owl", "Fox", "Badger", "Hare", "Otter")

TABLE_KEY = "table"

STYLE = FELT_CSS + """<style>
.wizard-table .wizard-hand-waiting .wizard-card-button { opacity: 0.75; outline: none !important; }
.wizard-table .wizard-card-button.wizard-legal { outline: 3px solid #222; outline-offset: 1px; }
.wizard-table .wizard-card-button.wizard-not-legal { opacity: 0.6; }
.wizard-table .wizard-card-button.wizard-hinted { outline: 3px dashed #b8860b; outline-offset: 2px; }
.wizard-widget .wizard-card-button:focus, .wizard-widget .widget-button:focus { outline: 3px solid #1a73e8; }
.wizard-widget table.wizard-pad td, .wizard-widget table.wizard-pad th { padding: 2px 6px; }
.wizard-table .wizard-bid-keys { color: #333; font-size: 0.95em; margin-left: 6px; align-self: center; }
.wizard-table .wizard-bid-label { align-self: center; }
</style>""" + COMPACT_CSS


def describe_action(action: Action, theme: Theme | Vocabulary | str | None = None,
                    rules: str | Ruleset = "classic") -> str:
    """An action in words: "predict 2" (Junior) or "bid 2", "play red 7", "choose green as trump"."""
    return vocab_for(rules, theme).action(action)


def running_totals_chart(game: Game, figsize: tuple[float, float] = (6, 3.2)) -> Chart:
    """A chart of each player's total after every scored round (a line per player).

    Made without pyplot (no global state).  It is a :class:`~wizard_edu.display.charts.Chart`: left
    as a cell's last line it shows as a picture everywhere; ``.figure`` is the matplotlib Figure.
    """
    from matplotlib.figure import Figure

    fig = Figure(figsize=figsize)
    ax = fig.add_subplot()
    xs = [0] + [r.number for r in game.rounds]
    for s, name in enumerate(game.names):
        ax.plot(xs, [0] + [r.totals[s] for r in game.rounds], marker="o", label=name,
                linestyle=("-", "--", "-.", ":")[s % 4])
    ax.set_xlabel("round")
    ax.set_ylabel("total points")
    ax.set_title(f"{game.ruleset.title}: running totals")
    ax.legend(loc="upper left", fontsize="small")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    return Chart(fig, f"running totals after {len(game.rounds)} round{'s' if len(game.rounds) != 1 else ''}")


def check_save_text(text: str | bytes | None) -> str:
    """The text of a saved game, or a :class:`SaveFileError` that says in plain words what is wrong.

    Checked before the engine reads it, so that an empty box, half a copy, a picture or a foreign
    file each get a sentence a child (or a teacher) can act on, not ``KeyError('players')``.
    """
    if isinstance(text, (bytes, bytearray, memoryview)):
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError:
            raise SaveFileError("That file is not text: choose the .json file the Save button made.") from None
    if text is None or not str(text).strip():
        raise SaveFileError("The box is empty: paste a saved game into it (or choose a saved file), "
                            "then press Load.")
    text = str(text).strip()
    if not text.startswith("{"):
        raise SaveFileError("That is not a saved game: a saved game starts with { and ends with }. "
                            "Copy all of it from the box after pressing Save.")
    try:
        data = json.loads(text)
    except ValueError:
        if not text.endswith("}"):
            raise SaveFileError("That saved game is cut off at the end: copy all of it, "
                                "down to the last }.") from None
        raise SaveFileError("That saved game has been changed or damaged, so it cannot be read. "
                            "Copy it again from the box after pressing Save.") from None
    check_save_fields(data)  # the engine's one check of a save's parts
    return text


def autosave_path(name: str) -> Path:
    """Where a table called ``name`` saves itself: the learner's folder, ``tables/<name>.json``."""
    safe = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in str(name))[:60] or "table"
    return progress_home() / FOLDER / "tables" / f"{safe}.json"


def from_the_page(method: Callable) -> Callable:
    """Mark a button callback as a click in the page: the computers then move after it returns."""

    @functools.wraps(method)
    def wrapper(self: TableWidget, *args: Any, **kwargs: Any) -> Any:
        self._in_click = True
        try:
            return method(self, *args, **kwargs)
        finally:
            self._in_click = False

    return wrapper


class TableWidget(WidgetBase):
    """Play Wizard (Junior, Classic or a variant) against computer players.  See :mod:`wizard_edu.widgets`."""

    kid_name = "Your game table"

    def __init__(self, rules: str | Ruleset = "junior", players: int = 4, seat: int = 0,
                 opponents: Sequence[Any] | None = None, seed: int | None = 0, theme: str | None = None,
                 names: Sequence[str] | None = None, first_dealer: int | None = None, game: Game | str | None = None,
                 chances: bool = True, autosave: str | None = None, **options: Any) -> None:
        """``game`` starts the table from a game in progress (a :class:`Game` or a position text,
        see ``docs/positions.md``) instead of a new deal: its rules, players and names are used.

        ``autosave``: a name ("junior-table"): the table saves its game after every move in the
        learner's folder (``~/.wizard-edu/tables/<name>.json``) and, made again after a re-run or a
        kernel restart, offers to go on with it.

        ``chances``: offer the "Show chances" switch (off until the learner presses it), a panel with
        how likely each card wins the trick and the prediction comes true, worked out after every
        card; ``chances=False`` for a game where the teacher wants no help."""
        super().__init__("wizard-table")
        if isinstance(game, str):
            game = Game.from_position(game)
        if game is not None and not isinstance(game, Game):
            raise WizardError(f"Start the table from a Game or a position text, not {game!r}.")
        if game is not None:
            if options:
                raise WizardError("A table started from a game plays that game's rules: give no rule options.")
            rules, players, names, first_dealer = game.ruleset, game.players, game.names, game.first_dealer
        self.ruleset = get_ruleset(rules, **options)
        self.ruleset.check_players(players)
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
            raise WizardError(f"The learner's seat must be from 0 to {players - 1}, not {seat!r}.")
        self.seat = seat
        self.vocab = vocab_for(self.ruleset, theme)
        self.theme = self.vocab.theme
        if opponents is None:
            opponents = ["rule-of-thumb"] * (players - 1)
        opponents = list(opponents)
        if len(opponents) != players - 1:
            raise WizardError(f"Give {players - 1} computer opponents for {players} players, "
                              f"not {len(opponents)}.")
        for opp in opponents:
            if opp is None:
                continue  # a person plays this seat elsewhere (a class table): the widget waits
            if isinstance(opp, str):
                make_player(opp)  # a clear error now for an unknown name
            elif not hasattr(opp, "act"):
                raise WizardError(f"{opp!r} cannot play: a computer player needs an act(view) method.")
        self._opponent_specs: list[Any] = opponents
        if names is None:
            others = iter(DEFAULT_NAMES)
            names = ["You" if s == seat else next(others) for s in range(players)]
        self.first_dealer = first_dealer   # None: the game's own default (the last seat deals round 1)
        self.events: list[str] = []
        self.last_trick: TrickRecord | None = None
        self._trick_on_felt: TrickRecord | None = None
        self._thinking_seat: int | None = None
        self._offer_pending = False
        self._slow_players: set[int] = set()
        self._in_click = False  # True while a click in the page is answered (see _live_loop)
        self._steps_pending = False
        self.last_round: RoundRecord | RoundFinished | None = None
        self.last_hint: Action | None = None
        self._hand_key: tuple | None = None
        self._bid_size: int | None = None
        self._pad_visible = False
        self._pending_named: Card | None = None
        self._button_pool: dict[str, list[widgets.Button]] = {}
        self._last_click: tuple[Any, float] = (None, float("-inf"))
        self._hint_cache: tuple | None = None
        #: Clicks this soon after an accepted move are the second half of a double-click (ignored).
        self.double_click_seconds = DOUBLE_CLICK_SECONDS
        self._chart_visible = False
        self._allow_chances = bool(chances)
        self.autosave_path = autosave_path(autosave) if autosave else None
        self._build_ui()
        if game is not None:
            self._begin(game, f"A game of {self.ruleset.title} set up at round {game.round_number}: "
                              f"{self.vocab.text(game.status())}")
            return
        game = Game(players=players, rules=self.ruleset, seed=seed, first_dealer=first_dealer, names=names)
        self._begin(game, f"A new game of {self.ruleset.title}.")
        self._offer_saved_game()

    # -- saving by itself --------------------------------------------------------------------
    def _autosave(self) -> None:
        """Write the game to the learner's folder (after every move), so a restart loses nothing."""
        path = self.autosave_path
        if path is None or self._offer_pending:
            return  # the offer to go on is still open: do not write over the game from before
        try:
            if self.game.is_over:
                path.unlink(missing_ok=True)
                return
            path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(path, self.save_json())
        except OSError:
            pass  # a full or read-only disk must not stop the game

    def _offer_saved_game(self) -> None:
        path = self.autosave_path
        self._offer_pending = False
        if path is None or not path.exists():
            return
        try:
            text = path.read_text(encoding="utf-8")
            data = json.loads(check_save_text(text))
            rounds = len(data["actions"])
        except (OSError, ValueError):
            return  # nothing usable to go on with
        if not rounds:
            return
        self._offer_pending = True
        self._saved_text = text
        self.resume_html.value = ("<b>You have a game from before. Do you want to go on with it?</b>")
        self.resume_box.layout.display = None

    def resume(self) -> bool:
        """Go on with the game saved in the learner's folder (what the "Go on" button does)."""
        text = getattr(self, "_saved_text", None)
        self._close_offer()
        return self.load_json(text) if text is not None else False

    def _close_offer(self) -> None:
        self._offer_pending = False
        self.resume_box.layout.display = "none"

    @guarded
    def _click_resume(self) -> None:
        self.resume()

    @guarded
    def _click_fresh(self) -> None:
        self._close_offer()
        self._autosave()
        self.say("A new game: good luck!", "ok")

    # -- building the interface ------------------------------------------------------
    def _build_ui(self) -> None:
        self.style_html = widgets.HTML(STYLE)
        self.header = widgets.HTML()
        self.header.add_class("wizard-header")
        # One drawing of the table (seats, chips, piles and the trick); the old names stay for tests.
        self.felt = widgets.HTML()
        for css in ("wizard-felt-box", "wizard-players", "wizard-trick"):
            self.felt.add_class(css)
        self.players_html = self.trick_html = self.felt
        self.round_html = widgets.HTML()
        self.round_html.add_class("wizard-round-result")
        self.prompt = widgets.HTML()
        self.prompt.add_class("wizard-prompt")
        self.action_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.action_box.add_class("wizard-actions")
        self.hand_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.hand_box.add_class("wizard-hand-buttons")
        self.log_html = widgets.HTML()
        self.log_html.add_class("wizard-log")
        self.trump_buttons = []
        for colour in COLOURS:
            b = widgets.Button(description=f"{SYMBOL[colour]} {self.theme.colour_names[colour]}",
                               tooltip=f"Make {self.theme.colour_names[colour]} the trump colour",
                               layout=widgets.Layout(width="auto"))
            b.style.button_color = FILL[colour]
            b.style.text_color = INK[colour]
            b.add_class("wizard-trump-button")
            b.add_class(f"wizard-trump-{colour}")
            b.on_click(lambda _b, c=colour: self._click_trump(c))
            self.trump_buttons.append(b)
        self.bid_buttons: list[widgets.Button] = []
        self.bid_label = widgets.HTML(f"<b>{self.vocab.bid_verb.capitalize()}:</b>&nbsp;")
        self.bid_label.add_class("wizard-bid-label")
        # Number keys predict (or bid) while the table has the focus (see .keys); the words say so.
        self.number_keys = NumberKeys(self._on_number_key)
        self.bid_keys = widgets.HTML("\u2328 or press a number key")
        self.bid_keys.add_class("wizard-bid-keys")

        self.seed_box = seed_box(0)
        self.new_button = text_button("New game", "Start a new game (a new seed unless you typed one)",
                                      "wizard-new-game", self._click_new)
        self.hint_button = text_button("Hint", "Ask for a suggestion for your next move",
                                       "wizard-hint-button", self._click_hint)
        self.pad_button = text_button("Score pad", "Show or hide the score pad", "wizard-scorepad-button",
                                      self._click_pad)
        self.chart_button = text_button("Chart", "Draw the running totals round by round",
                                        "wizard-chart-button", self._click_chart)
        self.save_button = text_button("Save", "Put the game in the text box and offer a download",
                                       "wizard-save-button", self._click_save)
        self.load_button = text_button("Load from text", "Resume the game pasted in the text box",
                                       "wizard-load-button", self._click_load_text)
        self.upload = widgets.FileUpload(accept=".json", multiple=False, description="Load file",
                                         tooltip="Resume a saved game from a .json file")
        self.upload.add_class("wizard-upload")
        self.upload.observe(self._on_upload, names="value")
        self.save_text = widgets.Textarea(placeholder="Saved games appear here; paste one to load it.",
                                          layout=widgets.Layout(width="100%", height="5em"))
        self.save_text.add_class("wizard-save-text")
        self.download_html = widgets.HTML()
        self.download_html.add_class("wizard-download")
        self.pad_html = widgets.HTML()
        self.pad_html.add_class("wizard-scorepad")
        self.chart_image = widgets.Image(format="png", layout=widgets.Layout(display="none", width="480px"))
        self.chart_image.add_class("wizard-chart")
        # Imported here: the panel brings the simulator (numpy), which a table without it need not load.
        from .chances import ChancesPanel

        self.chances = ChancesPanel(enabled=self._allow_chances, seed=0, theme=self.theme)

        self.resume_html = widgets.HTML()
        go_on = text_button("Go on with my game", "Go on with the game you were playing", "wizard-resume-button",
                            self._click_resume)
        fresh = text_button("Start a new game", "Forget the game from before", "wizard-fresh-button",
                            self._click_fresh)
        go_on.button_style = "success"
        self.resume_box = widgets.HBox([self.resume_html, go_on, fresh],
                                       layout=widgets.Layout(display="none", flex_flow="row wrap",
                                                             align_items="center"))
        self.resume_box.add_class("wizard-resume")
        controls = widgets.HBox([self.new_button, self.seed_box, self.hint_button, self.pad_button,
                                 self.chart_button], layout=widgets.Layout(flex_flow="row wrap"))
        self.saving_box = widgets.HBox([self.save_button, self.load_button, self.upload, self.download_html],
                                       layout=widgets.Layout(flex_flow="row wrap"))
        self.children = (self.style_html, self.number_keys, self.resume_box, self.header, self.felt, self.prompt,
                         self.action_box, self.hand_box, self.status, self.chances, self.round_html,
                         self.log_html, controls, self.pad_html, self.chart_image, self.saving_box,
                         self.save_text)

    @classmethod
    def from_position(cls, text: str, seat: int = 0, **kwargs: Any) -> TableWidget:
        """A table that starts where the position ``text`` stands (``docs/positions.md``), the
        learner in ``seat``.  Tests and lessons set up a situation this way instead of searching seeds."""
        return cls(game=Game.from_position(text), seat=seat, **kwargs)

    def simple(self) -> TableWidget:
        """Hide the grown-up controls (Seed, Save and Load): what a kid-mode app shows.  Returns the table."""
        for w in (self.seed_box, self.saving_box, self.save_text):
            w.layout.display = "none"
        return self

    # -- starting / resuming -----------------------------------------------------------
    def _seat_players(self, seed: int, salt: int = 0) -> None:
        self._players: dict[int, Any] = {}
        specs = iter(self._opponent_specs)
        for s in range(self.game.players):
            if s == self.seat:
                continue
            spec = next(specs)
            if spec is None:
                continue  # played by a person elsewhere
            self._players[s] = make_player(spec, seed=seed * 100 + s + salt) if isinstance(spec, str) else spec

    def _begin(self, game: Game, message: str, salt: int = 0) -> None:
        self.game = game
        self.events = [message]
        self.last_trick = game.tricks[-1] if game.tricks else None
        self._trick_on_felt = None
        self._thinking_seat = None
        self.last_round = game.rounds[-1] if game.rounds else None
        self.last_hint = None
        self._pending_named = None
        self._hand_key = None
        self.seed_box.value = str(game.seed)
        # Only the table's own Game can start again here (a class table's game is the service's).
        self.new_button.layout.display = None if self._restartable else "none"
        self._seat_players(game.seed, salt)
        # A new game starts with a clean slate: no chart or score pad of the game before.
        self._chart_visible = False
        self.chart_image.value = b""
        self.chart_image.layout.display = "none"
        self._advance()
        self._render()
        self.say(message, "info")

    @property
    def _restartable(self) -> bool:
        """True when New game can start again here: the table plays its own :class:`Game`."""
        return isinstance(self.game, Game)

    def _over_text(self) -> str:
        return "The game is over: press New game to play again." if self._restartable else "The game is over."

    def new_game(self, seed: int | None = None) -> None:
        """Start again with the same players: with ``seed``, or the next seed after this game's.

        Not at a class table: its game belongs to the class table service (a WizardError says so)."""
        if not self._restartable:
            raise WizardError("This game is played with your class: it cannot start again here.")
        if seed is None:
            seed = self.game.seed + 1
        game = Game(players=self.game.players, rules=self.ruleset, seed=seed,
                    first_dealer=self.first_dealer, names=self.game.names)
        self._begin(game, f"A new game of {self.ruleset.title}.")

    # -- the learner's actions -----------------------------------------------------------
    @property
    def view(self) -> SeatView:
        """What the learner may see now."""
        return self.game.view(self.seat)

    def act(self, action: Action) -> bool:
        """Carry out ``action`` for the learner, then let the computers move.  False (and a message) if refused."""
        game = self.game
        if game.is_over:
            self.say(self._over_text(), "error")
            return False
        turn = seat_to_move(game)
        if turn != self.seat:
            self.say(f"It is {game.names[turn]}'s turn, not yours.", "error")
            return False
        start, moves = len(self.events), len(game.history)
        try:
            self._apply(self.seat, action)
        except WizardError as exc:
            if len(game.history) == moves:  # refused: nothing changed
                self.say(self.vocab.text(str(exc)), "error")
                return False
            self.events.append(self.vocab.text(str(exc)))  # the move counted; carry on
        self.last_hint = None
        self._pending_named = None
        loop = self._live_loop()
        if loop is not None and self._slow_player_to_come():
            # A click in the page while a slow player is still to move: show the learner's own move
            # now (the hand waits, its marks kept: fewer updates) and let the computer players move
            # after the click's handler has returned; the slow one shows it is thinking first.
            self._render_felt(self.view)
            self._render_header(self.view)
            self._render_hand(self.view, waiting=True)
            self.say(" ".join(self.events[start:]), "ok")
            self._schedule_step(loop, start)
            return True
        self._advance()
        self._render()
        self.say(" ".join(self.events[start:]), "ok")
        self._autosave()
        return True

    def _live_loop(self) -> Any:
        """The kernel's event loop when a click in the page is being answered, else None (the
        plain Python API and tests move the computers before returning)."""
        if not self._in_click:
            return None
        import asyncio

        try:
            return asyncio.get_running_loop()
        except RuntimeError:
            return None

    def _schedule_step(self, loop: Any, start: int) -> None:
        self._steps_pending = True
        loop.call_soon(self._step, loop, start)

    def _step(self, loop: Any, start: int) -> None:
        """The computer players' moves, run by the kernel's loop after the click has been answered.

        Quick players move together (one update of the page); before a player that plays the round
        out in its head the page is told it is thinking, and its move follows in a moment."""
        game = self.game
        try:
            while True:
                player = self._next_computer()
                if player is None:  # the learner's turn, the game's end, or a person's
                    break
                seat = seat_to_move(game)
                if self._slow(player) and self._thinking_seat != seat:
                    self._thinking_seat = seat
                    self._render_felt(self.view)
                    self._show_thinking(f"{game.names[seat]} is thinking\u2026")
                    loop.call_later(0.02, self._step, loop, start)  # after the page has the message
                    return
                self._thinking_seat = None
                self._apply(seat, self._decide(player, seat))
        except Exception as exc:  # noqa: BLE001 - a child must never see a traceback
            self._steps_pending = False
            self._thinking_seat = None
            self._render()
            self.say(f"Something went wrong inside the widget ({type(exc).__name__}: {exc}).", "error")
            return
        self._steps_pending = False
        self._thinking_seat = None
        self._render()
        self.say(" ".join(self.events[start:]), "ok")
        self._focus_turn()
        self._autosave()

    def _next_computer(self) -> Any:
        """The computer player whose turn it is, or None (the learner's turn, a person's, game over)."""
        game = self.game
        seat = game.to_move
        if game.is_over or seat is None or seat == self.seat:
            return None
        return self._players.get(seat)

    def _slow_player_to_come(self) -> bool:
        """True if a computer player that may think long moves before the learner's next turn
        (quick ones move at once, in the click, with a single update of the page)."""
        game = self.game
        if game.is_over or game.to_move == self.seat:
            return False
        return any(self._slow(p) for p in self._players.values())

    #: A computer player that once took longer than this to decide is shown thinking from then on.
    THINKING_SECONDS = 0.3

    def _decide(self, player: Any, seat: int) -> Action:
        """The player's move, timed: one that thinks long is marked, so the page says so next time."""
        began = time.perf_counter()
        action = player.act(self.game.view(seat))
        if time.perf_counter() - began > self.THINKING_SECONDS:
            self._slow_players.add(id(player))
        return action

    def _slow(self, player: Any) -> bool:
        """Players that may think longer than 0.3 s: those that say so (``thinks_slowly``: the
        simulating and hard players), or once did."""
        return bool(getattr(player, "thinks_slowly", False) or id(player) in self._slow_players)

    def bid(self, n: int) -> bool:
        """The learner predicts ``n`` tricks."""
        return self.act(Action("bid", n))

    def play(self, card: Card | str) -> bool:
        """The learner plays ``card`` ("R7", "W", "F" or a Card)."""
        try:
            card = Card.parse(card)
        except WizardError as exc:
            self.say(str(exc), "error")
            return False
        return self.act(Action("play", card))

    def choose_trump(self, colour: str) -> bool:
        """The learner, as dealer, names the trump colour after a Wizard was turned up."""
        return self.act(Action("trump", colour))

    def hint(self) -> str:
        """A suggestion for the learner's next move (the coach if it is installed, else a rule of thumb)."""
        view = self.view
        if not view.legal:
            text = "No hint now: it is not your turn." if not self.game.is_over else self._over_text()
            self.say(text, "info")
            return text
        key = (id(self.game), len(self.game.history))
        if self._hint_cache is not None and self._hint_cache[0] == key:  # asked again: same answer, at once
            self.last_hint, text = self._hint_cache[1], self._hint_cache[2]
            self._render_hand()
            self.say(text, "hint")
            return text
        action, text = None, ""
        coach_hint: Callable[[SeatView], Hint] | None
        try:
            from ..players.coach import hint as coach_hint  # written by another part of the kit
        except ImportError:
            coach_hint = None
        if coach_hint is not None:
            self.say("The coach is thinking\u2026", "info")  # reaches the page while the coach works
            try:
                advice = coach_hint(view)
                action, text = advice.action, str(advice.text)
            except Exception:  # noqa: BLE001 - fall back to the rule of thumb
                action = None
        if action is None:
            action = RuleOfThumbPlayer(seed=self.game.seed).act(view)
            text = f"A rule of thumb says: {self.vocab.action(action)}."
        else:
            text = self.vocab.text(text)
        self._hint_cache = (key, action, text)
        self.last_hint = action
        self._render_hand()
        self.say(text, "hint")
        return text

    def refresh(self, events: Sequence[Any] = ()) -> None:
        """The game source changed from elsewhere (another pupil moved at a class table): narrate
        ``events`` (as ``apply`` returned them), let this table's computer players move, redraw."""
        start = len(self.events)
        self._take_events(tuple(events), None)
        self._advance()
        self._render()
        if len(self.events) > start:
            self.say(" ".join(self.events[start:]), "info")

    # -- computer players and bookkeeping ---------------------------------------------------
    def _apply(self, seat: int, action: Action) -> None:
        game = self.game
        events = apply_recording(game, seat, action)  # raises (and changes nothing) if refused
        self._take_events(events, action)

    def _take_events(self, events: tuple[Any, ...], action: Action | None) -> None:
        game = self.game
        # Everything below only puts what happened into words, all of it through the vocabulary.
        self.events.extend(narrate(events, game, self.seat, self.vocab, action))
        trick, scored = finished_trick(events), finished_round(events)
        if trick is not None:
            self.last_trick = trick
            self._trick_on_felt = trick
        elif any(isinstance(e, CardPlayed) for e in events):
            self._trick_on_felt = None  # the next trick has begun
        if scored is not None:
            self.last_round = scored

    def _advance(self) -> None:
        """Let the computer players act until it is the learner's turn or the game is over."""
        game = self.game
        while not game.is_over and game.to_move != self.seat:
            seat = seat_to_move(game)
            player = self._players.get(seat)
            if player is None:
                return  # a person plays this seat elsewhere: wait for refresh()
            if self._slow(player):
                # This player plays the round out in its head: say so at once (the message reaches
                # the page while the kernel is still thinking), instead of a page that seems stuck.
                self._show_thinking(f"{game.names[seat]} is thinking\u2026")
            self._apply(seat, self._decide(player, seat))

    def _show_thinking(self, text: str) -> None:
        self.prompt.value = f'<b class="wizard-thinking">{html.escape(text)}</b>'

    def _winner_sentence(self) -> str:
        return winners_sentence(self.game.names, self.game.winners())

    # -- buttons ---------------------------------------------------------------------------
    def _stale_click(self, target: Any) -> bool:
        """True for the second click of a double-click: the same button, right after its accepted move.

        The kernel handles clicks one after the other, so the second click of a double-click
        arrives after the first one's move was made; acting on it would show an error over a
        move that worked (or make a second move the child never saw coming, such as the next
        round's prediction).  A click on another button is never held back."""
        last, when = self._last_click
        return last == target and time.monotonic() - when < self.double_click_seconds

    def _clicked(self, target: Any, ok: bool) -> None:
        if ok:
            self._last_click = (target, time.monotonic())

    @guarded
    @from_the_page
    def _click_card(self, card: Card, key: Any = None) -> None:
        key = key if key is not None else ("card", card)
        view = self.view
        if self._stale_click(key) or (not view.hand_hidden and card.unnamed not in [c.unnamed for c in view.hand]):
            return  # a click on a card that was just played: ignore it, the move already happened
        if view.my_turn and view.phase == "pass":
            self._clicked(key, self.act(Action("pass", card)))
            return
        if view.my_turn and view.phase == "play" and card.kind in NAMED_COLOUR_KINDS and card.colour is None:
            if any(a.value is not None and a.value.unnamed == card for a in view.legal):
                self._pending_named = card
                self._render_actions(view)
                self.say(f"Which colour should the {self.vocab.card_name(card)} have? Choose below.", "info")
                return
        self._clicked(key, self.play(card))

    @guarded
    @from_the_page
    def _click_hand_button(self, button: widgets.Button) -> None:
        # Keyed by the button, not the card: a button may show a new card after the move (a new
        # round's card takes it over), and the second half of a double-click must not play that.
        self._click_card(button.card, ("button", id(button)))

    @guarded
    @from_the_page
    def _click_action(self, action: Action) -> None:
        if self._stale_click(("action", action)) or action not in self.view.legal:
            return  # the button belonged to a step that is already done
        self._clicked(("action", action), self.act(action))

    @guarded
    @from_the_page
    def _click_bid(self, n: int) -> None:
        view = self.view
        if self._stale_click(("bid", n)) or not (view.my_turn and view.phase == "bid"):
            return  # the second click of a double-click on a number: the prediction is made
        self._clicked(("bid", n), self.bid(n))

    @guarded
    @from_the_page
    def _on_number_key(self, key: str) -> None:
        """A number key pressed while the table has the focus: the same as a click on that number."""
        view = self.view
        if self.game.is_over:
            self.say(self._over_text(), "info")
        elif not view.my_turn:
            who = self.game.names[view.to_move] if view.to_move is not None else "the others"
            self.say(f"Wait for {who}: it is not your turn yet.", "info")
        elif view.phase != "bid":
            then = "click a card to play it" if view.phase in ("play", "pass") else "click a button"
            self.say(f"The number keys are for your {self.vocab.bid_noun}. Now {then}.", "info")
        elif int(key) > view.hand_size:
            self.say(f"Press a number key from 0 to {view.hand_size}.", "error")
        else:
            self._click_bid(int(key))

    def _focus_turn(self) -> None:
        """Keyboard play: put the focus where the learner acts next (the first number, where the
        number keys work too, or the first card that may be played), after a move made in the page."""
        view = self.view
        if not view.my_turn:
            return
        if view.phase == "bid":
            allowed = [b for b in self.action_box.children if "wizard-bid-button" in b._dom_classes
                       and "wizard-not-allowed" not in b._dom_classes]
            if allowed:
                allowed[0].focus()
        elif view.phase in ("play", "pass"):
            legal = [b for b in self.hand_box.children if "wizard-legal" in b._dom_classes]
            if legal:
                legal[0].focus()

    @guarded
    @from_the_page
    def _click_trump(self, colour: str) -> None:
        view = self.view
        if self._stale_click(("trump", colour)) or not (view.my_turn and view.phase == "trump"):
            return
        self._clicked(("trump", colour), self.choose_trump(colour))

    @guarded
    def _click_new(self) -> None:
        typed = read_seed(self.seed_box)
        self.new_game(seed=typed if typed != self.game.seed else None)

    @guarded
    def _click_hint(self) -> None:
        self.hint()

    @guarded
    def _click_pad(self) -> None:
        if self._pad_visible:
            self._pad_visible = False
            self.pad_html.value = ""
        else:
            self.show_score_pad()

    @guarded
    def _click_chart(self) -> None:
        self.show_chart()

    @guarded
    def _click_save(self) -> None:
        text = self.save_json()
        self.save_text.value = text
        data = base64.b64encode(text.encode()).decode()
        fname = f"wizard-game-seed{self.game.seed}-round{self.game.round_number}.json"
        self.download_html.value = (f'<a download="{fname}" href="data:application/json;base64,{data}" '
                                    f'class="wizard-download-link">Download {html.escape(fname)}</a>')
        self.say("Saved: the game is in the text box below (copy it) or use the download link.", "ok")

    @guarded
    def _click_load_text(self) -> None:
        self.load_json(self.save_text.value)

    @guarded
    def _on_upload(self, change: dict) -> None:
        files = change["new"]
        if not files:
            return
        item = files[0]
        content = item["content"] if isinstance(item, dict) else item.content
        try:
            self.load_json(bytes(content))
        finally:
            self.upload.value = ()  # so the same file can be chosen again

    # -- score pad, chart ------------------------------------------------------------------
    def score_pad(self):
        """The score pad as a pandas DataFrame (round by round: bid, tricks, points, total;
        Junior says "predicted" instead of "bid")."""
        return self.vocab.score_pad(self.game.score_pad())

    def show_score_pad(self) -> None:
        """Show the score pad inside the widget."""
        self._pad_visible = True
        self._render_pad()

    def _render_pad(self) -> None:
        if not self._pad_visible:
            return
        if not self.game.rounds:
            self.pad_html.value = "<p>No round has been scored yet.</p>"
            return
        said = "predicted" if self.vocab.junior else "bid"
        self.pad_html.value = ("<b>Score pad</b>" +
                               score_pad_html(self.game.names, self.game.rounds, said))

    def chart(self, figsize: tuple[float, float] = (6, 3.2)) -> Chart:
        """A chart (shown as a picture) of everyone's running total after each round."""
        return running_totals_chart(self.game, figsize)

    def show_chart(self) -> None:
        """Draw the chart of running totals into the widget (as a PNG image)."""
        self.chart_image.value = self.chart().png()
        self.chart_image.layout.display = None
        self._chart_visible = True

    # -- saving ------------------------------------------------------------------------------
    def save_json(self) -> str:
        """The game in progress as JSON: :meth:`Game.to_json` plus the table's seat, opponents and theme."""
        data = json.loads(self.game.to_json())
        # A player object is saved as its level's name (a player of its own class as rule-of-thumb).
        specs = [spec if isinstance(spec, str) else player_kind(spec) or "rule-of-thumb"
                 for spec in self._opponent_specs]
        data[TABLE_KEY] = {"seat": self.seat, "opponents": specs, "theme": self.theme.name}
        return json.dumps(data, indent=1)

    def load_json(self, text: str | bytes) -> bool:
        """Resume a saved game.  All or nothing: a broken, tampered or foreign file shows a message
        and changes nothing (the current game goes on and every button keeps working)."""
        if not self._restartable:
            self.say("This game is played with your class: a saved game cannot take its place.", "error")
            return False
        try:
            game, seat, specs, vocab = self._read_save(text)
        except SaveFileError as exc:
            why = str(exc)
            if "broken or incomplete (" in why:  # the engine's last resort names a Python error
                why = "That saved game has been changed or damaged, so it cannot be read. Save the game again."
            self.say(f"Could not load that game, so the current game goes on. {self.vocab.text(why)}", "error")
            return False
        except WizardError as exc:
            self.say(f"Could not load that game, so the current game goes on. This saved game is "
                     f"broken ({self.vocab.text(str(exc))}).", "error")
            return False
        # Everything was checked; should drawing the loaded game still fail, put the old one back.
        kept = {k: getattr(self, k) for k in ("game", "seat", "_opponent_specs", "ruleset", "first_dealer",
                                               "vocab", "theme", "events", "last_trick", "last_round",
                                               "last_hint", "_players", "_pending_named")}
        try:
            self.seat = seat
            self._opponent_specs = specs
            self.ruleset = game.ruleset
            self.first_dealer = game.first_dealer
            self._use_vocab(vocab)
            # Computer players are seeded from the seed and the number of moves already made.
            self._begin(game, f"Game loaded: round {game.round_number} of {len(game.round_sizes)}, "
                              f"{len(game.history)} moves so far.", salt=len(game.history) * 7919)
        except Exception:  # noqa: BLE001 - all or nothing: the table must keep working
            for k, v in kept.items():
                setattr(self, k, v)
            self._use_vocab(kept["vocab"])
            self.seed_box.value = str(self.game.seed)
            self._hand_key = None
            self._render()
            self.say("Could not load that game, so the current game goes on. This saved game has been "
                     "changed or damaged. Save the game again.", "error")
            return False
        return True

    def _read_save(self, text: str | bytes) -> tuple[Game, int, list[str], Vocabulary]:
        """Check every part of a saved game the table reads, changing nothing: the game, its names,
        and the table's seat, computer players and card theme."""
        text = check_save_text(text)
        data = json.loads(text)
        names = data["names"]
        if len(names) != data["players"] or not all(isinstance(n, str) and n.strip() and len(n) <= 40
                                                     for n in names):
            raise SaveFileError("This saved game's player names are broken: each player needs a name "
                                "(a word of up to 40 letters). Save the game again.")
        game = Game.from_json(text)
        table = data.get(TABLE_KEY)
        if table is None:
            table = {}
        if not isinstance(table, dict):
            raise SaveFileError("This saved game's table settings are broken. Save the game again.")
        seat = table.get("seat", self.seat if self.seat < game.players else 0)
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < game.players:
            raise SaveFileError(f"This saved game's seat {seat!r} is not at its table.")
        specs = table.get("opponents", ["rule-of-thumb"] * (game.players - 1))
        if not isinstance(specs, list) or len(specs) != game.players - 1 \
                or not all(isinstance(spec, str) and spec.strip().lower().replace("_", "-").replace(" ", "-")
                           in PLAYER_TYPES for spec in specs):
            raise SaveFileError("This saved game's list of computer players is broken: each one must be "
                                f"one of {', '.join(PLAYER_TYPES)}.")
        theme = table.get("theme", self.theme.name)
        if not isinstance(theme, str) or theme.strip().lower() not in THEMES:
            raise SaveFileError(f"This saved game's card faces {theme!r} are not known: choose one of "
                                f"{', '.join(THEMES)}.")
        return game, seat, list(specs), vocab_for(game.ruleset, theme.strip().lower())

    def _use_vocab(self, vocab: Vocabulary) -> None:
        """Speak (and draw) with ``vocab``: the trump buttons and the bid label follow it."""
        if vocab is not self.vocab:
            self._button_pool = {}  # card buttons wear the old faces: make new ones
        self.vocab = vocab
        self.theme = vocab.theme
        for colour, button in zip(COLOURS, self.trump_buttons):
            button.description = f"{SYMBOL[colour]} {self.theme.colour_names[colour]}"
            button.tooltip = f"Make {self.theme.colour_names[colour]} the trump colour"
        self.bid_label.value = f"<b>{self.vocab.bid_verb.capitalize()}:</b>&nbsp;"
        self._hand_key = None  # redraw the hand in these faces

    # -- drawing -----------------------------------------------------------------------------
    def _render(self) -> None:
        view = self.view
        self._render_header(view)
        self._render_felt(view)
        self._render_actions(view)
        self._render_hand(view)
        self._render_round()
        self._render_pad()
        self.chances.update(view)  # works the chances out only while the learner has them switched on
        self.log_html.value = ("<div style='font-size:0.85em;color:#333'><b>What happened</b><br>" +
                               "<br>".join(html.escape(e) for e in self.events[-8:]) + "</div>")

    def _render_header(self, view: SeatView) -> None:
        game = self.game
        title = html.escape(self.ruleset.title)
        if game.is_over:
            self.header.value = (f'<div class="wizard-game-over"><h3>{title}: game over</h3>'
                                 f'<p>{html.escape(self._winner_sentence())}</p></div>')
            self.prompt.value = ""
            return
        dealer = game.names[view.dealer]
        trump = self.vocab.trump_sentence(view.trump_card, view.trump, dealer)
        turned = card_html(view.trump_card, self.theme) if view.trump_card is not None else ""
        self.header.value = (
            f'<div style="display:flex;align-items:center;gap:10px">{turned}<div>'
            f'<div><b>{title}</b> &middot; Round {view.round_number} of {view.rounds_total} '
            f'&middot; {view.hand_size} card{"s" if view.hand_size != 1 else ""} each &middot; '
            f'{html.escape(self.vocab.says(dealer, "deal"))}</div>'
            f'<div><span>{html.escape(trump)}</span> {trump_badge(view.trump, self.theme)}</div></div></div>')
        who = game.names[view.to_move] if view.to_move is not None else ""
        if not view.my_turn:
            text = f"Waiting for {who}."
        elif view.phase == "trump":
            text = "A Wizard was turned up and you are the dealer: choose the trump colour."
        elif view.phase == "bid":
            text = (f"Your turn: how many tricks will you win this round? Choose a number from 0 to "
                    f"{view.hand_size}.")
        elif view.phase == "werewolf":
            text = "You hold the Werewolf: you swapped it for the trump card. Name the trump (or no trump)."
        elif view.phase == "pass":
            text = "After the Juggler's trick everyone passes a card to the left: click the card to pass."
        elif view.phase == "cloud":
            text = f"You won the Cloud's trick: change your {self.vocab.bid_noun} by +1 or -1 before scoring."
        elif view.hand_hidden:
            text = "Clairvoyance: you cannot see your own card. Play it with the button below."
        else:
            text = "Your turn: click a card to play. Cards with a thick frame may be played."
        self.prompt.value = f"<b>{html.escape(text)}</b>"

    def _render_felt(self, view: SeatView) -> None:
        """The table: seats around, the trick in front of who played it (see :mod:`.felt`)."""
        # The finished trick lies in the middle until the next trick's first card is down.
        on_felt = self._trick_on_felt
        self.felt.value = felt_html(view, self.vocab, self.seat, on_felt or self.last_trick,
                                    on_felt is not None, self._thinking_seat)

    def _render_actions(self, view: SeatView) -> None:
        shown: list[widgets.Widget] = []
        if view.my_turn and view.phase == "trump":
            shown = list(self.trump_buttons)
        elif view.my_turn and view.phase == "bid":
            # Number buttons are kept and only added to (never closed and made again each round):
            # making and closing widgets is the slow part of a click in the browser.
            while len(self.bid_buttons) <= view.hand_size:
                n = len(self.bid_buttons)
                b = widgets.Button(description=str(n),
                                   tooltip=f"{self.vocab.bid_verb.capitalize()} {n} trick{'s' if n != 1 else ''}",
                                   layout=widgets.Layout(width="48px", height="48px"))
                b.add_class("wizard-bid-button")
                b.add_class(f"wizard-bid-{n}")
                b.on_click(lambda _b, k=n: self._click_bid(k))
                self.bid_buttons.append(b)
            self._bid_size = view.hand_size
            numbers = self.bid_buttons[:view.hand_size + 1]
            allowed = set(view.legal_bids)
            for n, b in enumerate(numbers):
                if n in allowed:
                    b.remove_class("wizard-not-allowed")
                    if b.button_style != "info":
                        b.button_style = "info"
                else:
                    b.add_class("wizard-not-allowed")
                    if b.button_style:
                        b.button_style = ""
            shown = [self.bid_label, *numbers, self.bid_keys]
        elif view.my_turn:
            shown = self._other_action_buttons(view)
        old = list(self.action_box.children)
        self.action_box.children = tuple(shown)
        cached = [*self.bid_buttons, *self.trump_buttons, self.bid_label, self.bid_keys]
        for c in old:
            if not any(c is k for k in shown) and not any(c is k for k in cached):
                c.close()

    def _action_button(self, action: Action, label: str, css: str, tooltip: str,
                       colour: str | None = None) -> widgets.Button:
        b = widgets.Button(description=label, tooltip=tooltip, layout=widgets.Layout(width="auto"))
        if colour is not None:
            b.style.button_color = FILL[colour]
            b.style.text_color = INK[colour]
        b.add_class("wizard-action-button")
        b.add_class(css)
        b.on_click(lambda _b, a=action: self._click_action(a))
        return b

    def _other_action_buttons(self, view: SeatView) -> list[widgets.Widget]:
        """Buttons for the rarer steps (Werewolf, Cloud, a Juggler's colour, Clairvoyance's unseen card)."""
        names = self.theme.colour_names
        out: list[widgets.Widget] = []
        pending = self._pending_named if view.phase == "play" else None
        for a in view.legal:
            if a.kind == "werewolf":
                label = "no trump" if a.value is None else f"{SYMBOL[a.value]} {names[a.value]}"
                out.append(self._action_button(a, label, f"wizard-werewolf-{a.value or 'none'}",
                                               f"Werewolf: {self.vocab.action(a)}", a.value))
            elif a.kind == "cloud":
                out.append(self._action_button(a, f"{a.value:+d}", "wizard-cloud-button",
                                               f"Cloud: {self.vocab.action(a)}"))
            elif a.kind == "play" and a.value is None:
                out.append(self._action_button(a, "Play the card you cannot see", "wizard-unseen-card-button",
                                               "Clairvoyance: you cannot see your own card"))
            elif a.kind == "play" and pending is not None and a.value.unnamed == pending and a.value.colour:
                out.append(self._action_button(a, f"{SYMBOL[a.value.colour]} {names[a.value.colour]}",
                                               f"wizard-named-{a.value.colour}",
                                               f"Play the {self.vocab.card_name(pending)} as "
                                               f"{names[a.value.colour]}", a.value.colour))
            elif a.kind not in ("play", "pass"):
                out.append(self._action_button(a, str(a), "wizard-other-action", str(a)))
        if out and (view.phase in ("werewolf", "cloud") or pending is not None):
            title = {"werewolf": "Werewolf: name the trump", "cloud": f"Cloud: change your {self.vocab.bid_noun}"}.get(
                view.phase, "Colour:")
            label = widgets.HTML(f"<b>{html.escape(title)}</b>&nbsp;")
            out.insert(0, label)
        return out

    def _render_hand(self, view: SeatView | None = None, waiting: bool = False) -> None:
        """The hand's buttons; ``waiting``: the computers are still moving (the cards' marks stay,
        the whole hand is shown waiting: one update instead of one per card)."""
        view = view or self.view
        if waiting:
            self.hand_box.add_class("wizard-hand-waiting")
        else:
            self.hand_box.remove_class("wizard-hand-waiting")
        key = tuple(str(c) for c in view.hand)
        if key != self._hand_key:
            # Buttons are pooled by card: making widgets is the slow part of a click in the browser
            # (a new widget is a new model and view there), so a card keeps its button from trick to
            # trick, and a new round's new cards take over the buttons of cards no longer in the hand
            # (restyled: a few small updates) before any button is made.
            used: dict[str, int] = {}
            need: dict[str, int] = {}
            for card in view.hand:
                need[str(card)] = need.get(str(card), 0) + 1
            spare = [b for text, pool in self._button_pool.items() for b in pool[need.get(text, 0):]]
            buttons = []
            for card in view.hand:
                text = str(card)
                pool = self._button_pool.setdefault(text, [])
                i = used.get(text, 0)
                if i == len(pool):
                    if spare:
                        button = spare.pop()
                        self._button_pool[str(button.card)].remove(button)
                        pool.append(restyle_card_button(button, card, self.vocab))
                    else:
                        button = card_button(card, self.vocab)
                        button.on_click(self._click_hand_button)
                        pool.append(button)
                buttons.append(pool[i])
                used[text] = i + 1
            self.hand_box.children = tuple(buttons)
            self._hand_key = key
        if waiting:
            return
        legal = None
        if view.my_turn and view.phase == "play":
            legal = {str(c.unnamed) for c in view.legal_cards}
        elif view.my_turn and view.phase == "pass":
            legal = {str(a.value) for a in view.legal if a.kind == "pass"}
        hint = self.last_hint
        hinted = str(Card.parse(hint.value).unnamed) if hint is not None and hint.kind in ("play", "pass") \
            and hint.value is not None else None
        for b in self.hand_box.children:
            text = str(b.card)
            if legal is None:
                b.remove_class("wizard-legal")
                b.remove_class("wizard-not-legal")
            elif text in legal:
                b.add_class("wizard-legal")
                b.remove_class("wizard-not-legal")
            else:
                b.add_class("wizard-not-legal")
                b.remove_class("wizard-legal")
            if text == hinted:
                b.add_class("wizard-hinted")
            else:
                b.remove_class("wizard-hinted")

    def _render_round(self) -> None:
        record = self.last_round
        if record is None:
            self.round_html.value = ""
            return
        self.round_html.value = (f'<div class="wizard-round-over"><b>Round {record.number} result</b>'
                                 f'{round_tiles_html(record, self.game.names, self.vocab)}</div>')

    def _summary(self) -> str:
        return f"{self.ruleset.title}, {self.game.players} players, seed {self.game.seed}: {self.game.status()}"


__all__ = ["TableWidget", "TableGame", "DEFAULT_NAMES", "describe_action", "running_totals_chart", "check_save_text",
           "autosave_path"]
