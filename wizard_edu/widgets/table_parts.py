"""The table widget's drawing helpers: its styles, the words of each phase, the header, the action
buttons and the hand's pooled card buttons.  Drawing only: what to draw comes from the table
controller (:mod:`wizard_edu.tables`) and the learner's view."""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from ..display.charts import Chart
from ..display.html import card_html
from ..display.pad import score_pad_html
from ..display.themes import FILL, INK, Theme
from ..engine.actions import ActionKind
from ..engine.cards import Card
from ..engine.game import Action, Game, SeatView
from ..engine.rules.rulesets import Ruleset
from ..tables.controller import FeltState
from ..teach.phase_words import PhaseWords, phase_words
from ..teach.vocabulary import Vocabulary
from .common import card_button, restyle_card_button, trump_badge, vocab_for
from .compact import COMPACT_CSS
from .felt import FELT_CSS, felt_html, round_tiles_html

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


# -- the words of each step: asked of the phase (wizard_edu.teach.phase_words), never named here --------
def words(view: SeatView, vocab: Vocabulary, naming: Card | None = None) -> PhaseWords:
    """What the table says at the step the round is at: the prompt, the buttons' title and words, and
    what a click on a card of the hand does (``naming``: a Juggler or Cloud to name a colour for)."""
    return phase_words(view, vocab, naming=naming)


def kinds(view: SeatView) -> set[str]:
    """The kinds of action the learner may take now (none when it is not their turn)."""
    return {a.kind for a in view.legal} if view.my_turn else set()


def hand_cards(view: SeatView, said: PhaseWords) -> set[str] | None:
    """The cards of the hand a click may send now (their texts), or None when the hand is not clicked."""
    if not view.my_turn or said.hand_action is None:
        return None
    return {str(a.value.unnamed) for a in view.legal if a.kind == said.hand_action and isinstance(a.value, Card)}


def header_html(view: SeatView, vocab: Vocabulary, title: str, you: int | None) -> str:
    """The line over the table: the round, the hand size, who deals, the turned-up card and trump."""
    dealer = view.names[view.dealer]
    trump = vocab.trump_sentence(view.trump_card, view.trump, dealer, view.dealer == you)
    turned = card_html(view.trump_card, vocab.theme) if view.trump_card is not None else ""
    return (f'<div style="display:flex;align-items:center;gap:10px">{turned}<div>'
            f'<div><b>{html.escape(title)}</b> &middot; Round {view.round_number} of {view.rounds_total} '
            f'&middot; {view.hand_size} card{"s" if view.hand_size != 1 else ""} each &middot; '
            f'{html.escape(vocab.says(dealer, "deal", view.dealer == you))}</div>'
            f'<div><span>{html.escape(trump)}</span> {trump_badge(view.trump, vocab.theme)}</div></div></div>')


# -- buttons -------------------------------------------------------------------------------------------
def step_buttons(said: PhaseWords, on_click: Callable[[Action], Any]) -> list[widgets.Widget]:
    """Buttons for the rarer steps (a variant's own, a Juggler's colour, Clairvoyance's unseen card):
    each in the phase's words, its title before them."""
    out: list[widgets.Widget] = []
    for w in said.buttons:
        b = widgets.Button(description=w.label, tooltip=w.tooltip, layout=widgets.Layout(width="auto"))
        if w.colour is not None:
            b.style.button_color = FILL[w.colour]
            b.style.text_color = INK[w.colour]
        value = w.action.value
        if w.action.kind == ActionKind.PLAY:  # a card played by a button: named, or not seen
            css = "wizard-unseen-card-button" if value is None else f"wizard-named-{value.colour}"
        else:
            css = f"wizard-{w.action.kind}-{'none' if value is None else value}"
        for name in ("wizard-action-button", f"wizard-{w.action.kind}-button", css):
            b.add_class(name)
        b.on_click(lambda _b, a=w.action: on_click(a))
        out.append(b)
    if out and said.title:
        out.insert(0, widgets.HTML(f"<b>{html.escape(said.title)}</b>&nbsp;"))
    return out



def bid_button(n: int, vocab: Vocabulary, on_click: Callable[[int], Any]) -> widgets.Button:
    b = widgets.Button(description=str(n), tooltip=f"{vocab.bid_verb.capitalize()} {n} trick{'s' if n != 1 else ''}",
                       layout=widgets.Layout(width="48px", height="48px"))
    b.add_class("wizard-bid-button")
    b.add_class(f"wizard-bid-{n}")
    b.on_click(lambda _b, k=n: on_click(k))
    return b


def mark_bids(numbers: list[widgets.Button], allowed: set[int]) -> None:
    """Allowed numbers in colour, the others marked (still clickable: the reason is said)."""
    for n, b in enumerate(numbers):
        if n in allowed:
            b.remove_class("wizard-not-allowed")
            if b.button_style != "info":
                b.button_style = "info"
        else:
            b.add_class("wizard-not-allowed")
            if b.button_style:
                b.button_style = ""


def pooled_hand(hand: Any, pool: dict[str, list[widgets.Button]], vocab: Vocabulary,
                on_click: Callable[[widgets.Button], Any]) -> tuple[widgets.Button, ...]:
    """The hand's buttons, pooled by card.

    Making widgets is the slow part of a click in the browser (a new widget is a new model and view
    there), so a card keeps its button from trick to trick, and a new round's new cards take over the
    buttons of cards no longer in the hand (restyled: a few small updates) before any button is made."""
    used: dict[str, int] = {}
    need: dict[str, int] = {}
    for card in hand:
        need[str(card)] = need.get(str(card), 0) + 1
    spare = [b for text, kept in pool.items() for b in kept[need.get(text, 0):]]
    buttons = []
    for card in hand:
        text = str(card)
        kept = pool.setdefault(text, [])
        i = used.get(text, 0)
        if i == len(kept):
            if spare:
                button = spare.pop()
                pool[str(button.card)].remove(button)
                kept.append(restyle_card_button(button, card, vocab))
            else:
                button = card_button(card, vocab)
                button.on_click(on_click)
                kept.append(button)
        buttons.append(kept[i])
        used[text] = i + 1
    return tuple(buttons)


def mark_hand(buttons: Any, legal: set[str] | None, hinted: str | None) -> None:
    """Frame the cards that may be played (``legal``: their texts; None: no marks) and the hinted one."""
    for b in buttons:
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


class TableDrawing:
    """The table widget's drawing: what its controller says, in its boxes (a mixin of
    :class:`~wizard_edu.widgets.table.TableWidget`)."""

    _hand_key: tuple | None
    _pending_named: Card | None
    if TYPE_CHECKING:  # the table widget's own parts and API, used here
        def __getattr__(self, name: str) -> Any: ...

    # -- drawing: what the controller says -----------------------------------------------------------
    def _render(self, waiting: bool = False) -> None:
        view = self.view
        self._render_header(view)
        self._render_felt(view)
        self._render_hand(view, waiting)
        if waiting:
            return
        self._render_actions(view)
        record = self.last_round
        self.round_html.value = "" if record is None else (
            f'<div class="wizard-round-over"><b>Round {record.number} result</b>'
            f'{round_tiles_html(record, self.game.names, self.vocab)}</div>')
        self._render_pad()
        self.chances.update(view)  # works the chances out only while the learner has them switched on
        self.log_html.value = ("<div style='font-size:0.85em;color:#333'><b>What happened</b><br>" +
                               "<br>".join(html.escape(e) for e in self.events[-8:]) + "</div>")

    def _render_header(self, view: SeatView) -> None:
        title = html.escape(self.ruleset.title)
        if self.game.is_over:
            winners = [self.game.names[s] for s in self.game.winners()]
            said = f"Game over! The winner{'s are' if len(winners) > 1 else ' is'} {' and '.join(winners)}."
            self.header.value = (f'<div class="wizard-game-over"><h3>{title}: game over</h3>'
                                 f'<p>{html.escape(said)}</p></div>')
            self.prompt.value = ""
            return
        self.header.value = header_html(view, self.vocab, self.ruleset.title, self.controller.you)
        self.prompt.value = f"<b>{html.escape(words(view, self.vocab).prompt)}</b>"

    def _render_felt(self, view: SeatView) -> None:
        """The table (see :mod:`.felt`), drawn in the controller's felt state."""
        c = self.controller
        before = (c.last_trick_round, c.last_trick) if c.felt_state is FeltState.NEW_ROUND and c.last_trick else None
        on_felt = c.trick_on_felt
        self.felt.value = felt_html(view, self.vocab, self.seat, None if before else on_felt or c.last_trick,
                                    on_felt is not None, c.thinking, c.you, before)

    def _render_actions(self, view: SeatView) -> None:
        can = kinds(view)
        shown: list[widgets.Widget] = []
        if ActionKind.TRUMP in can:
            shown = list(self.trump_buttons)
        elif ActionKind.BID in can:
            # Number buttons are kept and only added to (making widgets is the slow part of a click).
            while len(self.bid_buttons) <= view.hand_size:
                self.bid_buttons.append(bid_button(len(self.bid_buttons), self.vocab, self._click_bid))
            numbers = self.bid_buttons[:view.hand_size + 1]
            mark_bids(numbers, set(view.legal_bids))
            shown = [self.bid_label, *numbers, self.bid_keys]
        elif can:
            shown = step_buttons(words(view, self.vocab, self._pending_named), self._click_action)
        old = list(self.action_box.children)
        self.action_box.children = tuple(shown)
        cached = [*self.bid_buttons, *self.trump_buttons, self.bid_label, self.bid_keys]
        for c in old:
            if not any(c is k for k in shown) and not any(c is k for k in cached):
                c.close()

    def _render_hand(self, view: SeatView, waiting: bool = False) -> None:
        """The hand's buttons; ``waiting``: the computers are still moving (the marks stay)."""
        (self.hand_box.add_class if waiting else self.hand_box.remove_class)("wizard-hand-waiting")
        key = tuple(str(c) for c in view.hand)
        if key != self._hand_key:
            self.hand_box.children = pooled_hand(view.hand, self._button_pool, self.vocab,
                                                       self._click_hand_button)
            self._hand_key = key
        if waiting:
            return
        legal = hand_cards(view, words(view, self.vocab))
        hint = self.last_hint
        hinted = str(hint.value.unnamed) if hint is not None and isinstance(hint.value, Card) else None
        mark_hand(self.hand_box.children, legal, hinted)

    def _render_pad(self) -> None:
        if not self._pad_visible:
            return
        if not self.game.rounds:
            self.pad_html.value = "<p>No round has been scored yet.</p>"
            return
        said = "predicted" if self.vocab.junior else "bid"
        self.pad_html.value = "<b>Score pad</b>" + score_pad_html(self.game.names, self.game.rounds, said)


__all__ = ["TableDrawing", "STYLE", "describe_action", "running_totals_chart", "words", "header_html", "step_buttons",
           "bid_button", "mark_bids", "pooled_hand", "mark_hand", "kinds", "hand_cards"]
