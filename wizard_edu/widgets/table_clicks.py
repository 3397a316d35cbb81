"""What the learner chooses at the table widget, sent to its controller: the clicks on cards, numbers,
trump colours and action buttons, the number keys, and the buttons around the table.

A mixin of :class:`~wizard_edu.widgets.table.TableWidget` (its boxes and API: ``act``, ``bid``,
``play``, ``new_game``, ``load_json``...).  The second click of a double-click, and a click on a card
already played, are ignored: no error over a move that worked."""

from __future__ import annotations

import base64
import functools
import html
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from ..engine.actions import ActionKind
from ..engine.cards import NAMED_COLOUR_KINDS, Card
from ..engine.game import Action
from . import table_parts as parts
from .common import guarded, read_seed


def from_the_page(method: Callable) -> Callable:
    """Mark a button callback as a click in the page: the computers then move after it returns."""

    @functools.wraps(method)
    def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
        self._in_click = True
        try:
            return method(self, *args, **kwargs)
        finally:
            self._in_click = False

    return wrapper


class TableClicks:
    """The table widget's answers to the learner's clicks and keys (see the module)."""

    _pad_visible: bool
    _pending_named: Card | None
    if TYPE_CHECKING:  # the table widget's own parts and API, used here
        def __getattr__(self, name: str) -> Any: ...

    # -- buttons ---------------------------------------------------------------------------------
    def _stale_click(self, target: Any) -> bool:
        """True for the second click of a double-click: the same button, right after its accepted
        move (the kernel handles clicks one after the other: acting on it would show an error over
        a move that worked, or make a move the child never saw coming).  Another button is never held back."""
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
        sends = parts.words(view, self.vocab).hand_action if view.my_turn else None
        if sends is not None and sends != ActionKind.PLAY:  # a variant's step by the hand (passing a card)
            self._clicked(key, self.act(Action(sends, card)))
            return
        if sends == ActionKind.PLAY and card.kind in NAMED_COLOUR_KINDS and card.colour is None \
                and any(a.value is not None and a.value.unnamed == card for a in view.legal):
            self._pending_named = card
            self._render_actions(view)
            self.say(f"Which colour should the {self.vocab.card_name(card)} have? Choose below.", "info")
            return
        self._clicked(key, self.play(card))

    @guarded
    @from_the_page
    def _click_hand_button(self, button: widgets.Button) -> None:
        # Keyed by the button, not the card: a button may show a new card after the move.
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
        if self._stale_click((ActionKind.BID, n)) or ActionKind.BID not in parts.kinds(self.view):
            return  # the second click of a double-click on a number: the prediction is made
        self._clicked((ActionKind.BID, n), self.bid(n))

    @guarded
    @from_the_page
    def _on_number_key(self, key: str) -> None:
        """A number key pressed while the table has the focus: the same as a click on that number."""
        view = self.view
        if self.game.is_over:
            self.say(self.controller.over_text, "info")
        elif not view.my_turn:
            who = self.game.names[view.to_move] if view.to_move is not None else "the others"
            self.say(f"Wait for {who}: it is not your turn yet.", "info")
        elif ActionKind.BID not in parts.kinds(view):
            hand = parts.hand_cards(view, parts.words(view, self.vocab))
            then = "click a card to play it" if hand else "click a button"
            self.say(f"The number keys are for your {self.vocab.bid_noun}. Now {then}.", "info")
        elif int(key) > view.hand_size:
            self.say(f"Press a number key from 0 to {view.hand_size}.", "error")
        else:
            self._click_bid(int(key))

    @guarded
    @from_the_page
    def _click_trump(self, colour: str) -> None:
        if self._stale_click((ActionKind.TRUMP, colour)) or ActionKind.TRUMP not in parts.kinds(self.view):
            return
        self._clicked((ActionKind.TRUMP, colour), self.choose_trump(colour))

    def _focus_turn(self) -> None:
        """Keyboard play: the focus goes where the learner acts next (the first number, where the
        number keys work too, or the first card that may be played), after a move made in the page."""
        view = self.view
        if ActionKind.BID in parts.kinds(view):
            allowed = [b for b in self.action_box.children if "wizard-bid-button" in b._dom_classes
                       and "wizard-not-allowed" not in b._dom_classes]
            if allowed:
                allowed[0].focus()
        elif parts.hand_cards(view, parts.words(view, self.vocab)):
            legal = [b for b in self.hand_box.children if "wizard-legal" in b._dom_classes]
            if legal:
                legal[0].focus()

    @guarded
    def _click_new(self) -> None:
        typed = read_seed(self.seed_box)
        self.new_game(seed=typed if typed != self.game.seed else None)

    @guarded
    def _click_pad(self) -> None:
        if self._pad_visible:
            self._pad_visible = False
            self.pad_html.value = ""
        else:
            self.show_score_pad()

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
    def _on_upload(self, change: dict) -> None:
        files = change["new"]
        if not files:
            return
        item = files[0]
        try:
            self.load_json(bytes(item["content"] if isinstance(item, dict) else item.content))
        finally:
            self.upload.value = ()  # so the same file can be chosen again

    @guarded
    def _click_fresh(self) -> None:
        if self.controller.autosave is not None:
            self.controller.autosave.close_offer()
        self.resume_box.layout.display = "none"
        self.controller.save_by_itself()
        self.say("A new game: good luck!", "ok")
