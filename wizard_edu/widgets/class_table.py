"""Play with your class: the table widget the learners know, at a class table other pupils share.

A pupil's seat at the class table service (:class:`wizard_edu.online.Seat`, see ``docs/online.md``)
becomes the table widget's game source (``docs/table.md``): the widget reads the seat's view and
sends the pupil's actions, and the service checks and stores them. Around it:

* the players' names, and who is here (● here / ○ away, a word and a symbol, not only a colour);
* whose turn it is, pushed by the service as it happens (a thread waits on the seat's pushes and
  hands every change to the kernel's own loop: nothing polls where a child could see it);
* a friendly line while a computer player or another pupil is thinking;
* Junior ("predict") and Classic ("bid") alike: the words come from the ruleset's vocabulary.

:func:`class_table_app` is the kid-mode app ("Play with your class") and the notebook cell: it asks
for the pupil's first name (kid mode, behind the class code) or uses their hub login, joins, and
shows the table.
"""

from __future__ import annotations

import asyncio
import functools
import os
import threading
import time
import weakref
from collections.abc import Callable
from html import escape
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from ..engine.actions import ActionKind
from ..engine.game import Action, SeatView
from ..engine.phases import PhaseName
from ..errors import WizardError
from ..tables.sources import SeatGame, SeatSource
from ..teach.progress import LEARNER_ENV
from .common import replace_children, vocab_for
from .placeholder import KidText

if TYPE_CHECKING:
    from ..online import Seat

#: Where kid mode and the class hub tell a pupil's kernel the class tables are.
TABLES_URL_ENV = "WIZARD_EDU_TABLES_URL"
#: The class code, for a kernel of kid mode (the pupil typed it already, at the door of kid mode).
CLASS_CODE_ENV = "WIZARD_EDU_CLASS_CODE"
#: The pupil's own hub token, in a kernel of their single-user server on the class hub.
HUB_TOKEN_ENV = "JUPYTERHUB_API_TOKEN"
#: How long a pupil may wait for a seat (the teacher may still be registering the class).
JOIN_TIMEOUT = 3600.0
#: What a pupil's page says while the teacher has paused the games (its play buttons are off meanwhile).
PAUSED_LINE = "Your teacher paused the game. Wait a moment."


def moves_between(before: SeatView, after: SeatView) -> list[tuple[int, Action]]:
    """The other players' trump choice, predictions/bids and cards that appeared between two views of one round."""
    if before.round_number != after.round_number:
        return []
    moves: list[tuple[int, Action]] = []
    if before.phase == PhaseName.TRUMP and after.phase != PhaseName.TRUMP and after.dealer != after.seat:
        moves.append((after.dealer, Action(ActionKind.TRUMP, after.trump)))  # (a Wizard was turned up)
    for s, (old, new) in enumerate(zip(before.bids, after.bids)):
        if old is None and new is not None and s != after.seat:
            moves.append((s, Action(ActionKind.BID, new)))
    played_before = {s for s, _ in before.trick} if len(after.trick) >= len(before.trick) else set()
    for s, card in after.trick:
        if s not in played_before and s != after.seat:
            moves.append((s, Action(ActionKind.PLAY, card)))
    return moves


# -- the widget --------------------------------------------------------------------------------------
PLAYERS_STYLE = """<style>
.wizard-class-players { display: flex; flex-wrap: wrap; gap: 0.4em; margin: 0.2em 0; }
.wizard-class-player { border: 2px solid #333; border-radius: 8px; padding: 0.15em 0.6em; background: #fff; }
.wizard-class-player.wizard-turn { background: #fff2a8; border-width: 3px; }
.wizard-class-here { color: #0f5c2a; font-weight: bold; }
.wizard-class-away { color: #8a1c1c; font-weight: bold; }
.wizard-class-line { font-size: 1.15em; min-height: 1.5em; margin: 0.3em 0; }
@media (max-height: 960px) {  /* a short screen: the pupil's hand stays on it (see .compact) */
 .wizard-class-app .wizard-class-note-text { margin: 0.2em 0; }
 .wizard-class-players { margin: 0; }
 .wizard-class-player { padding: 0 0.5em; }
 .wizard-class-line { margin: 0.1em 0; }
}
</style>"""


def players_html(table: dict[str, Any], me: int) -> str:
    """Everyone at the table: name, here or away (a symbol and a word), and whose turn it is."""
    chips = []
    for p in table.get("players", []):
        turn = table.get("started") and not table.get("over") and table.get("to_move") == p["seat"]
        name = escape(str(p["name"])) + (" (you)" if p["seat"] == me else "")
        if p.get("kind") == "computer":
            state = '<span class="wizard-class-computer">computer</span>'
        elif p.get("stand_in"):
            state = '<span class="wizard-class-away">○ away, a computer plays</span>'
        elif p.get("connected"):
            state = '<span class="wizard-class-here">● here</span>'
        else:
            state = '<span class="wizard-class-away">○ away</span>'
        mark = "➜ " if turn else ""
        chips.append(f'<span class="wizard-class-player{" wizard-turn" if turn else ""}" role="listitem" '
                     f'data-seat="{p["seat"]}">{mark}{name}: {state}</span>')
    return f'{PLAYERS_STYLE}<div class="wizard-class-players" role="list" aria-label="Players">{"".join(chips)}</div>'


def thinking_line(table: dict[str, Any], me: int) -> str:
    """One friendly sentence: whose turn it is, who is thinking, or why everyone waits."""
    if table.get("paused"):
        return PAUSED_LINE
    if not table.get("started"):
        return "Wait for the other players. The game starts when the table is full or your teacher starts it."
    if table.get("over"):
        return "The game is over. Well played!"
    if table.get("to_move") == me:
        return "Your turn!"
    thinking = table.get("thinking")
    if thinking:
        name = thinking.get("name", "Someone")
        who = thinking.get("who")
        if who == "away":
            return f"{name} is away. If they do not come back soon, a computer plays for them."
        return f"{name} is thinking…" if who == "pupil" else f"{name} (computer) is thinking…"
    names = {p["seat"]: p["name"] for p in table.get("players", [])}
    who = names.get(table.get("to_move"))
    return f"Waiting for {who}." if who else ""


class ClassTable(KidText, widgets.VBox):
    """The table widget at a class table: ``ClassTable(seat)`` for a :class:`~wizard_edu.online.Seat`.

    ``table`` is the :class:`~wizard_edu.widgets.table.TableWidget` inside (its plain Python API:
    ``class_table.table.act(action)``); :meth:`update` reads the service again (the push thread calls
    it on the kernel's loop; tests may call it directly); :meth:`close` leaves the seat.
    """

    kid_name = "Your class table"

    def __init__(self, seat: Seat, theme: str | None = None, watch: bool = True) -> None:
        self._closed = threading.Event()
        self._watcher: threading.Thread | None = None
        self.seat = seat
        self.theme = theme
        self.news = ""   # said until the pupil's next move (a new table)
        self.players = widgets.HTML()
        self.players.add_class("wizard-class-players-box")
        self.line = widgets.HTML()
        self.line.add_class("wizard-class-line")
        super().__init__([])
        self.add_class("wizard-class-table")
        self._sit_down()
        # A cell run again (or the app opened twice in one kernel) seats the same pupil again: the
        # older table for this seat stops listening, so no thread is left behind.
        for older in [t for t in _LIVE if t is not self and t.seat.url == seat.url
                      and (t.source.table_id, t.source.me) == (self.source.table_id, self.source.me)]:
            older.close()
        _LIVE.add(self)
        if watch:
            self._loop = _kernel_loop()
            self._watcher = threading.Thread(target=self._watch, name="wizard-class-table", daemon=True)
            self._watcher.start()

    def _sit_down(self) -> None:
        """The table widget over this seat's game (again after the pupil is seated at another table)."""
        from .table import TableWidget

        seat_source = SeatSource(self.seat)
        self.source: SeatGame = seat_source.game
        self.source.on_apply = self._after_my_move
        self.vocab = vocab_for(self.source.ruleset, self.theme)
        # The same table widget as everywhere, over the seat: the service plays every other seat, and
        # keeps the game (no New game, no seed, no save or load here).
        self.table = TableWidget(game=seat_source, chances=bool(self.source.table.get("chances", True)),
                                 theme=self.theme).simple()
        self.last_moves = ""
        self._rounds_noted = 0
        replace_children(self, [self.players, self.line, self.table])
        self._draw()
        self._note_rounds()

    def _note_rounds(self) -> None:
        """A round ended here (anyone's move): its Look back starts fetching the service's look-back."""
        finished = len(self.source.rounds)
        if finished > self._rounds_noted:
            self._rounds_noted = finished
            self.table.lookback.round_finished(finished)

    # -- drawing ---------------------------------------------------------------------------------
    def _draw(self) -> None:
        table = self.source.table
        self._allow_chances(bool(table.get("chances", True)))
        self.players.value = players_html(table, self.source.me)
        line = thinking_line(table, self.source.me)
        if self.last_moves and table.get("to_move") == self.source.me:
            line = f"{self.last_moves} {line}"
        if self.news:
            line = f"{self.news} {line}"
        self.line.value = f'<div class="wizard-class-line-text" aria-live="polite">{escape(line)}</div>'
        self._hold(bool(table.get("paused")))

    def _hold(self, paused: bool) -> None:
        """While the teacher pauses the games: no "Your turn" and no live play buttons (a click would
        only be refused), then everything as it was."""
        for control in self._controls():
            if control.disabled != paused:
                control.disabled = paused
        prompt = self.table.prompt
        if paused:
            prompt.value = f'<b class="wizard-paused">{escape(PAUSED_LINE)}</b>'
        elif "wizard-paused" in prompt.value:
            self.table.refresh(())   # the table's own prompt again

    def _allow_chances(self, allowed: bool) -> None:
        """The teacher switches chances help on or off for the class: show or hide the table's switch."""
        panel = self.table.chances
        if panel.enabled == allowed:
            return
        panel.enabled = allowed
        panel.layout.display = None if allowed else "none"
        panel.refresh()

    def _after_my_move(self) -> None:
        self.last_moves = self.news = ""
        self._draw()
        self._note_rounds()

    @property
    def line_text(self) -> str:
        """The friendly line as plain text (what a child reads)."""
        return thinking_line(self.source.table, self.source.me)

    def _move_line(self, name: str, action: Any) -> str:
        if action.kind == ActionKind.PLAY and action.value is None:
            return f"{name} plays the card they could not see."
        return self.vocab.move_line(name, False, action)

    def update(self) -> bool:
        """Read the seat again and redraw; True when the game itself changed."""
        before, after = self.source.sync()
        if self.source.moved:   # the tournament's next round: a new table, a new game
            self._sit_down()
            self.news = f"A new round: you sit at table {self.source.table_id} now."
            self._draw()
            return True
        changed = before != after
        if changed:
            moves = moves_between(before, after)
            if moves:
                # "Max plays blue 10." (a sentence about Max), not "Max: play blue 10." (an order)
                self.last_moves = " ".join(self._move_line(self.source.names[s], a) for s, a in moves)
            self.table.refresh(())
        self._draw()
        self._note_rounds()
        return changed

    # -- the pushes --------------------------------------------------------------------------------
    def _watch(self) -> None:
        """Wait for the service's pushes; hand each change to the kernel's loop, one at a time."""
        while not self._closed.is_set():
            try:
                changed = self.seat.wait(2.0)
            except WizardError as err:
                if getattr(self.seat, "ended", None):   # joined again elsewhere, or freed by the teacher
                    self._call_on_loop(functools.partial(self._pass_ended, str(err)))
                    return
                time.sleep(1.0)   # the service is restarting: the seat reconnects by itself
                continue
            if changed and not self._closed.is_set():
                done = threading.Event()
                self._call_on_loop(self._update_then(done))
                done.wait(10.0)

    def _controls(self) -> list[Any]:
        """The table's play controls now shown: its action buttons, the number box, the cards."""
        boxes = (self.table.action_box, self.table.hand_box)
        return [c for box in boxes for c in box.children if hasattr(c, "disabled")]

    def _pass_ended(self, message: str) -> None:
        """This page's pass has ended (the pupil joined again elsewhere, or the teacher freed them)."""
        self.line.value = f'<div class="wizard-class-line-text" aria-live="polite">{escape(message)}</div>'
        for control in self._controls():
            control.disabled = True

    def _update_then(self, done: threading.Event) -> Callable[[], None]:
        def run() -> None:
            try:
                self.update()
            except WizardError as err:
                self.line.value = f'<div class="wizard-class-line-text">{escape(str(err))}</div>'
            finally:
                done.set()
        return run

    def _call_on_loop(self, fn: Callable[[], None]) -> None:
        loop = self._loop
        if loop is not None and loop.is_running():
            loop.call_soon_threadsafe(fn)
        else:
            fn()   # no kernel loop (plain Python): the widgets take the change from this thread

    def close(self) -> None:
        """Leave the table (the seat is kept for this pupil) and stop listening."""
        _LIVE.discard(self)
        self._closed.set()
        try:
            self.seat.close()
        finally:
            super().close()

    def __repr__(self) -> str:
        return f"ClassTable(table {self.source.table.get('id')}, seat {self.seat.seat}, {self.source.status()})"


#: The class tables open in this kernel (see ClassTable.__init__).
_LIVE: weakref.WeakSet[ClassTable] = weakref.WeakSet()


def page_gone(gone: bool) -> None:
    """Kid mode's server says this kernel's page has gone (``True``: closed or vanished, it did not
    come back within a few seconds) or is back: every class table here shows its pupil away, so the
    teacher's board says so and the grace runs, or here again."""
    for table in list(_LIVE):
        table.seat.away(gone)


def _kernel_loop() -> asyncio.AbstractEventLoop | None:
    """The kernel's running event loop (its thread owns the widgets); None outside a kernel."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


# -- the app -----------------------------------------------------------------------------------------
class ClassTableApp(KidText, widgets.VBox):
    """Join the class table and play: a name box in kid mode, the hub login on the class hub.

    ``ClassTableApp(url, code)``; without them it reads where kid mode or the hub put them
    (``$WIZARD_EDU_TABLES_URL`` with ``$WIZARD_EDU_CLASS_CODE`` or ``$JUPYTERHUB_API_TOKEN``).
    Plain API: :meth:`join_as` (blocks until seated), ``app.class_table`` once seated.
    """

    kid_name = "Your class table"

    def __init__(self, url: str | None = None, code: str | None = None, hub_token: str | None = None,
                 theme: str | None = None, timeout: float = JOIN_TIMEOUT) -> None:
        self.url = url or os.environ.get(TABLES_URL_ENV, "")
        self.code = code or os.environ.get(CLASS_CODE_ENV, "")
        self.hub_token = hub_token or (None if self.code else os.environ.get(HUB_TOKEN_ENV))
        self.theme = theme
        self.timeout = timeout
        self.class_table: ClassTable | None = None
        self.name_box = widgets.Text(placeholder="your first name", description="Your name",
                                     layout=widgets.Layout(width="20em"))
        self.name_box.add_class("wizard-class-name")
        # A kid-mode page whose pupil gave their name with the class code: the same name here.
        self.name_box.value = os.environ.get(LEARNER_ENV, "")
        self.go = widgets.Button(description="Join my class", button_style="warning")
        self.go.add_class("wizard-class-join")
        self.go.on_click(lambda _b: self._join_clicked())
        self.note = widgets.HTML()
        self.note.add_class("wizard-class-note")
        super().__init__([])
        self.add_class("wizard-class-app")
        self.add_class("wizard-widget")  # the kit's widget styles, and what kid mode's pages wait for
        self._loop = _kernel_loop()
        self.children: tuple[widgets.Widget, ...]
        if not self.url:
            self._say("The class tables are not switched on here. Ask your teacher to start kid mode for "
                      "the class (make play ARGS=--classroom) or the class hub.")
            self.children = (self.note,)
        elif self.hub_token:
            self.children = (self.note,)
            self._start_join(None)
        else:
            self._say("Type your first name, then press <b>Join my class</b>.", html=True)
            self.children = (self.note, widgets.HBox([self.name_box, self.go]))

    def _say(self, text: str, html: bool = False) -> None:
        self.note.value = f'<p class="wizard-class-note-text" aria-live="polite">{text if html else escape(text)}</p>'

    def _join_clicked(self) -> None:
        # (A warm kernel learns its page's pupil after this app was drawn: the name arrives by then.)
        name = self.name_box.value.strip() or os.environ.get(LEARNER_ENV, "").strip()
        if not name:
            self._say("Type your first name first.")
            return
        self.go.disabled = True
        self.name_box.disabled = True
        self._start_join(name)

    def _start_join(self, name: str | None) -> None:
        self._say("Finding you a seat… If your teacher is still letting everyone in, wait a moment.")
        threading.Thread(target=self._join_in_background, args=(name,), daemon=True).start()

    def _join_in_background(self, name: str | None) -> None:
        try:
            seat = self._join(name)
        except WizardError as err:
            message = str(err)
            self._on_loop(lambda: self._join_failed(message))
            return
        self._on_loop(lambda: self._seated(seat))

    def _join(self, name: str | None) -> Seat:
        from ..online import join

        if self.hub_token:
            return join(self.url, None, None, timeout=self.timeout, hub_token=self.hub_token)
        # A cell run again (or the app opened twice in this kernel): this pupil's older table here
        # leaves first, or the service would see them still playing and refuse the name.
        typed = "".join(str(name).split()).casefold()
        for older in [t for t in _LIVE if t.seat.url.rstrip("/") == self.url.rstrip("/")
                      and "".join(t.seat.name.split()).casefold() == typed]:
            older.close()
        return join(self.url, self.code, name, timeout=self.timeout)

    def join_as(self, name: str | None = None) -> ClassTable:
        """Join now (blocking) and show the table: the plain Python way, for tests and notebooks."""
        self._seated(self._join(name))
        assert self.class_table is not None
        return self.class_table

    def _join_failed(self, message: str) -> None:
        self._say(message)
        self.go.disabled = False
        self.name_box.disabled = False

    def _seated(self, seat: Seat) -> None:
        self.class_table = ClassTable(seat, theme=self.theme)
        self._say(f"You sit at table {seat.table_id}. Have fun!")
        replace_children(self, [self.note, self.class_table])

    def _on_loop(self, fn: Callable[[], None]) -> None:
        loop = self._loop
        if loop is not None and loop.is_running():
            loop.call_soon_threadsafe(fn)
        else:
            fn()   # no kernel loop (plain Python): the widgets take the change from this thread


def class_table_app(url: str | None = None, code: str | None = None, theme: str | None = None) -> ClassTableApp:
    """The "Play with your class" app (kid mode, the class hub, or a notebook cell)."""
    return ClassTableApp(url, code, theme=theme)
