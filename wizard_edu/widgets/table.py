"""The TableWidget: a whole game of Wizard against computer players, played by clicking.

The widget is the view of a :class:`~wizard_edu.tables.TableController`: it draws what the controller
says (the learner's view, what lies on the felt, who is thinking) and sends it what the learner
chooses.  The game source, the computer players, the turn loop and saving are the controller's
(``docs/table.md``).  See :mod:`wizard_edu.widgets` for the API summary.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets

from ..display.themes import FILL, INK, SYMBOL
from ..engine.actions import ActionKind
from ..engine.cards import COLOURS, Card
from ..engine.events import RoundFinished
from ..engine.game import Action, Game, SeatView
from ..errors import WizardError
from ..tables.controller import TableController
from ..tables.saves import autosave_path, check_save_text
from ..tables.sources import DEFAULT_NAMES, GameSource, TableGame, table_source
from ..teach.vocabulary import Vocabulary
from .common import DOUBLE_CLICK_SECONDS, WidgetBase, guarded, narrate, seed_box, text_button, vocab_for
from .keys import NumberKeys
from .table_clicks import TableClicks
from .table_pad import TablePadAndSaves
from .table_parts import STYLE, TableDrawing, describe_action, running_totals_chart


def _safely(widget: Any, fn: Callable[[], Any]) -> Callable[[], Any]:
    """A button's callback that calls ``fn``: an error becomes a message in the widget (``guarded``)."""
    return lambda: guarded(lambda _widget: fn())(widget)


class TableWidget(TablePadAndSaves, TableClicks, TableDrawing, WidgetBase):
    """Play Wizard (Junior, Classic or a variant) against computer players.  See :mod:`wizard_edu.widgets`."""

    kid_name = "Your game table"

    def __init__(self, rules: Any = "junior", players: int = 4, seat: int = 0,
                 opponents: Sequence[Any] | None = None, seed: int | None = 0, theme: str | None = None,
                 names: Sequence[str] | None = None, first_dealer: int | None = None,
                 game: Game | str | GameSource | None = None, chances: bool = True, autosave: str | None = None,
                 record: bool = True, learner: str | None = None, **options: Any) -> None:
        """``game`` starts the table from a game in progress (a :class:`Game` or a position text,
        see ``docs/positions.md``) or another game source (a class table's seat, ``wizard_edu.tables``)
        instead of a new deal: its rules, players and names are used.

        ``autosave``: a name ("junior-table"): the table saves its game after every move in the
        learner's folder (``~/.wizard-edu/tables/<name>.json``) and, made again after a re-run or a
        kernel restart, offers to go on with it.

        ``chances``: offer the "Show chances" switch (off until the learner presses it); ``chances=False``
        for a game where the teacher wants no help.

        ``record``: add every round the learner finishes from the page to their record ("My
        predictions", ``wizard_edu.review``), kept under ``learner`` (None: the name the kit knows,
        ``teach.progress.current_learner``; no name: "(no name yet)"); ``record=False`` keeps none."""
        super().__init__("wizard-table")
        source = table_source(game, options, rules, players, seed, first_dealer, names, seat)
        self.vocab = vocab_for(source.game.ruleset, theme if theme is not None else source.theme)
        self.theme = self.vocab.theme
        self.controller = TableController(source, seat, opponents, autosave, self.theme.name, self._narrate)
        self.events: list[str] = []
        self.last_hint: Action | None = None
        self._in_click = False  # True while a click in the page is answered (see _live_loop)
        self._steps_pending = False
        self._hand_key: tuple | None = None
        self._pad_visible = False
        self._pending_named: Card | None = None
        self._button_pool: dict[str, list[widgets.Button]] = {}
        self._last_click: tuple[Any, float] = (None, float("-inf"))
        #: Clicks this soon after an accepted move are the second half of a double-click (ignored).
        self.double_click_seconds = DOUBLE_CLICK_SECONDS
        self._allow_chances = bool(chances)
        self._record, self._learner = bool(record), learner
        self._build_ui()
        # A game from before is looked for first: the offer keeps it from being written over.
        if self.controller.autosave is not None and game is None and self.controller.autosave.look():
            self.resume_html.value = "<b>You have a game from before. Do you want to go on with it?</b>"
            self.resume_box.layout.display = None
        self._begin()

    # what the controller knows, read through the table (notebooks and tests use these names)
    game: TableGame = property(lambda self: self.controller.game)  # type: ignore[assignment]
    seat: int = property(lambda self: self.controller.seat)  # type: ignore[assignment]
    view: SeatView = property(lambda self: self.controller.view, doc="What the learner may see now.")  # type: ignore[assignment]
    last_trick = property(lambda self: self.controller.last_trick, doc="The last finished trick (kept across a round's end).")
    last_round = property(lambda self: self.controller.last_round, doc="The last scored round.")
    ruleset = property(lambda self: self.controller.game.ruleset)
    autosave_path = property(lambda self: self.controller.autosave.path if self.controller.autosave else None)

    # -- building the interface (the boxes and CSS classes the page, kid mode and tests know) ----------
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
            b = widgets.Button(layout=widgets.Layout(width="auto"))
            b.style.button_color = FILL[colour]
            b.style.text_color = INK[colour]
            b.add_class("wizard-trump-button")
            b.add_class(f"wizard-trump-{colour}")
            b.on_click(lambda _b, c=colour: self._click_trump(c))
            self.trump_buttons.append(b)
        self.bid_buttons: list[widgets.Button] = []
        self.bid_label = widgets.HTML()
        self.bid_label.add_class("wizard-bid-label")
        # Number keys predict (or bid) while the table has the focus (see .keys); the words say so.
        self.number_keys = NumberKeys(self._on_number_key)
        self.bid_keys = widgets.HTML("\u2328 or press a number key")
        self.bid_keys.add_class("wizard-bid-keys")
        self._use_vocab(self.vocab)

        self.seed_box = seed_box(0)
        self.new_button = text_button("New game", "Start a new game (a new shuffle number unless you typed one)",
                                      "wizard-new-game", self._click_new)
        self.hint_button = text_button("Hint", "Ask for a suggestion for your next move", "wizard-hint-button",
                                       _safely(self, self.hint))
        self.pad_button = text_button("Score pad", "Show or hide the score pad", "wizard-scorepad-button",
                                      self._click_pad)
        self.chart_button = text_button("Chart", "Draw the running totals round by round", "wizard-chart-button",
                                        _safely(self, self.show_chart))
        self.save_button = text_button("Save", "Put the game in the text box and offer a download",
                                       "wizard-save-button", self._click_save)
        self.load_button = text_button("Load from text", "Resume the game pasted in the text box",
                                       "wizard-load-button",
                                       _safely(self, lambda: self.load_json(self.save_text.value)))
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
        from .lookback import LookBackPanel

        panel = LookBackPanel
        if hasattr(self.game, "round_review"):  # a class table: the service looks back (class_lookback.py)
            from .class_lookback import ClassLookBack as panel
        self.lookback = panel(self, self._record, self._learner)
        self.resume_html = widgets.HTML()
        go_on = text_button("Go on with my game", "Go on with the game you were playing", "wizard-resume-button",
                            _safely(self, self.resume))
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
                         self.lookback, self.log_html, controls, self.pad_html, self.chart_image, self.saving_box,
                         self.save_text)

    def _use_vocab(self, vocab: Vocabulary) -> None:
        """Speak (and draw) with ``vocab``: the trump buttons and the bid label follow it."""
        if vocab is not self.vocab:
            self._button_pool = {}  # card buttons wear the old faces: make new ones
        self.vocab, self.theme = vocab, vocab.theme
        for colour, button in zip(COLOURS, self.trump_buttons):
            button.description = f"{SYMBOL[colour]} {self.theme.colour_names[colour]}"
            button.tooltip = f"Make {self.theme.colour_names[colour]} the trump colour"
        self.bid_label.value = f"<b>{self.vocab.bid_verb.capitalize()}:</b>&nbsp;"
        self._hand_key = None  # redraw the hand in these faces

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

    # -- a game starts ---------------------------------------------------------------------------
    def _begin(self, message: str | None = None) -> None:
        c = self.controller
        self.events = [message or c.source.opening]
        self.last_hint, self._pending_named, self._hand_key = None, None, None
        self.seed_box.value = str(c.game.seed)
        self.new_button.layout.display = None if c.can_restart else "none"  # a class game is the service's
        self._chart_visible = False  # a new game: no chart of the game before
        self.chart_image.value = b""
        self.chart_image.layout.display = "none"
        self.lookback.new_game()
        c.advance(self._show_thinking)
        self._render()
        self.say(self.events[0], "info")

    def new_game(self, seed: int | None = None) -> None:
        """Start again with the same players: with ``seed``, or the next seed after this game's.
        Not at a class table: its game belongs to the class table service (a WizardError says so)."""
        self.controller.restart(seed)
        self._begin()

    def resume(self) -> bool:
        """Go on with the game saved in the learner's folder (what the "Go on" button does)."""
        saved = self.controller.autosave
        text = saved.close_offer() if saved is not None else None
        self.resume_box.layout.display = "none"
        return self.load_json(text) if text is not None else False

    # -- the learner's actions: sent to the controller, which runs the computers' turns --------------
    def act(self, action: Action) -> bool:
        """Carry out ``action`` for the learner, then let the computers move.  False (and a message) if refused."""
        start = len(self.events)
        try:
            self.controller.act(action)
        except WizardError as exc:
            self.say(self.vocab.text(str(exc)), "error")
            return False
        self.last_hint, self._pending_named = None, None
        loop = self._live_loop()
        if loop is not None and self.controller.slow_player_to_come():
            # A click in the page while a slow player is still to move: show the learner's own move
            # now (the hand waits, its marks kept) and run the computers' turns after the click's
            # handler has returned; the slow one shows it is thinking first.
            self._render(waiting=True)
            self.say(" ".join(self.events[start:]), "ok")
            self._steps_pending = True
            loop.call_soon(self._pump, loop, self.controller.turns(), start)
            return True
        self.controller.advance(self._show_thinking)
        self._render()
        self.say(" ".join(self.events[start:]), "ok")
        return True

    def _live_loop(self) -> Any:
        """The kernel's event loop when a click in the page is being answered, else None."""
        if not self._in_click:
            return None
        import asyncio

        try:
            return asyncio.get_running_loop()
        except RuntimeError:
            return None

    def _pump(self, loop: Any, turns: Any, start: int) -> None:
        """The controller's turn loop run by the kernel's loop: a slow player is shown thinking and
        the page drawn before its move."""
        try:
            seat = next(turns, None)
        except Exception as exc:  # noqa: BLE001 - a child must never see a traceback
            self._steps_pending = False
            self._render()
            self.say(f"Something went wrong inside the widget ({type(exc).__name__}: {exc}).", "error")
            return
        if seat is not None:
            self._show_thinking(seat, felt=True)
            loop.call_later(0.02, self._pump, loop, turns, start)  # after the page has the message
            return
        self._steps_pending = False
        self._render()
        self.say(" ".join(self.events[start:]), "ok")
        self._focus_turn()

    def _show_thinking(self, seat: int, felt: bool = False) -> None:
        if felt:
            self._render_felt(self.view)
        self.prompt.value = f'<b class="wizard-thinking">{html.escape(self.game.names[seat])} is thinking\u2026</b>'

    def _narrate(self, events: tuple, action: Action | None, note: str | None) -> None:
        if note is not None:
            self.events.append(self.vocab.text(note))
        self.events.extend(narrate(events, self.game, self.seat, self.vocab, action, self.controller.you))
        for event in events:
            if isinstance(event, RoundFinished):  # worked out in the background (from the page)
                self.lookback.round_finished(event.number)

    def bid(self, n: int) -> bool:
        """The learner predicts ``n`` tricks."""
        return self.act(Action(ActionKind.BID, n))

    def play(self, card: Card | str) -> bool:
        """The learner plays ``card`` ("R7", "W", "F" or a Card)."""
        try:
            card = Card.parse(card)
        except WizardError as exc:
            self.say(str(exc), "error")
            return False
        return self.act(Action(ActionKind.PLAY, card))

    def choose_trump(self, colour: str) -> bool:
        """The learner, as dealer, names the trump colour after a Wizard was turned up."""
        return self.act(Action(ActionKind.TRUMP, colour))

    def hint(self) -> str:
        """A suggestion for the learner's next move (the coach if it is installed, else a rule of thumb)."""
        try:
            self.say("The coach is thinking\u2026", "info")  # reaches the page while the coach works
            action, words = self.controller.hint()
        except WizardError as exc:  # not the learner's turn, or the game is over
            text = self.controller.over_text if self.game.is_over else str(exc)
            self.say(text, "info")
            return text
        text = self.vocab.text(words) if words is not None else f"A rule of thumb says: {self.vocab.action(action)}."
        self.last_hint = action
        self._render_hand(self.view)
        self.say(text, "hint")
        return text

    def refresh(self, events: Sequence[Any] = ()) -> None:
        """The game changed from elsewhere (another pupil moved at a class table): narrate ``events``
        (as ``apply`` returned them), let this table's computer players move, redraw."""
        start = len(self.events)
        self.controller.take(events)
        self.controller.advance(self._show_thinking)
        self._render()
        if len(self.events) > start:
            self.say(" ".join(self.events[start:]), "info")

    # -- looking back ------------------------------------------------------------------------------
    def look_back(self, round_number: int | None = None) -> Any:
        """The :class:`~wizard_edu.review.RoundReview` of a finished round (None: the last one) from
        the learner's seat, as the "Look back" button shows it (``docs/table.md``).  Waits for the
        background when it is working on that round; raises a ``WizardError`` (to read aloud) for a
        round not finished or a game that cannot be looked back on."""
        return self.lookback.look_back(round_number)

    def my_predictions(self) -> Any:
        """"How good are my predictions?" for this table's learner: drawn under the table, and
        returned (a :class:`~wizard_edu.review.PredictionSummary`)."""
        return self.lookback.show_predictions()

    def _summary(self) -> str:
        return f"{self.ruleset.title}, {self.game.players} players, seed {self.game.seed}: {self.game.status()}"


__all__ = ["TableWidget", "TableGame", "DEFAULT_NAMES", "describe_action", "running_totals_chart", "check_save_text",
           "autosave_path"]
