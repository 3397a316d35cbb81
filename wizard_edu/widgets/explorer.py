"""The win-probability explorer: pick a hand, a seat and the turned-up card; see how many tricks it wins.

Everything it shows comes from :func:`wizard_edu.simulate.estimate_tricks` (and, for a one-card
hand, the exact :func:`wizard_edu.simulate.odds.one_card_win_probability`).  Python API::

    ex = WinProbabilityExplorer(rules="classic", players=4, seat=0, turned_up="J", hand="R7 W")
    ex.set_hand("R13 W G2")     # or ex.toggle("R13"), ex.deal(5, seed=3), ex.clear()
    ex.set_seat(2); ex.set_players(5); ex.set_turned_up("G4"); ex.set_rules("junior")
    ex.set_opponents("random")
    ex.result                   # the TrickEstimate (None while the hand is empty or refused)
    ex.result.probabilities, ex.result.expected_scores, ex.result.best_bid
    ex.exact                    # one-card hands: the exact chance of winning the trick (a Fraction)
    ex.message, ex.last_seconds
"""

from __future__ import annotations

import html
import random
import time
from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import Any

import ipywidgets as widgets

from ..engine.cards import Card, Cards, sorted_hand
from ..engine.rules.core import DEALER_CHOOSES, as_cards, trump_from_card
from ..engine.rules.rulesets import Ruleset, get_ruleset
from ..errors import WizardError
from ..simulate import TrickEstimate, estimate_tricks, rule_tables
from ..simulate.checks import check_cards, check_seat
from .common import WidgetBase, card_button, text_button, vocab_for
from .prob_charts import bar_chart_html

NONE_LABEL = "no card (no trump)"
STAR = "\u2605 best"


#: The computer players' choice in kid words (the kid-mode app).
KID_OPPONENTS = [("They think", "rule-of-thumb"), ("They play any card", "random")]


class WinProbabilityExplorer(WidgetBase):
    """Choose a hand, your seat, the players and the turned-up card: the chance of each number of
    tricks and the expected score of each bid update at once."""

    kid_name = "The chances explorer"

    def __init__(self, rules: str | Ruleset = "classic", players: int = 4, seat: int = 0,
                 turned_up: Card | str | None = "J", hand: str = "", *, samples: int = 5000,
                 opponents: str = "rule-of-thumb", seed: int = 0, theme: str | None = None) -> None:
        super().__init__("wizard-explorer")
        self.samples = samples
        self.seed = seed
        self.result: TrickEstimate | None = None
        self.exact: Fraction | None = None
        self.last_seconds = 0.0
        self._busy = False
        self._theme_arg = theme
        self.rules_choice = widgets.ToggleButtons(
            options=[("Junior", "junior"), ("Classic", "classic")], value=get_ruleset(rules).name,
            description="Rules", tooltips=["Wizard Junior (36 cards)", "Classic Wizard (60 cards)"])
        self.players_choice = widgets.ToggleButtons(
            options=[(str(n), n) for n in range(3, 7)], value=players, description="Players",
            tooltips=[f"{n} players" for n in range(3, 7)], style={"button_width": "3em"})
        self.seat_choice = widgets.Dropdown(description="You are")
        self.turned_choice = widgets.Dropdown(description="Turned up")
        self.opponents_choice = widgets.ToggleButtons(
            options=[("Rule of thumb", "rule-of-thumb"), ("Random", "random")], value=opponents,
            description="Others play", tooltips=["They bid and play by the rule of thumb",
                                                 "They play any legal card"])
        for w, css in ((self.rules_choice, "wizard-rules-choice"), (self.players_choice, "wizard-players-choice"),
                       (self.seat_choice, "wizard-seat-choice"), (self.turned_choice, "wizard-turned-choice"),
                       (self.opponents_choice, "wizard-opponents-choice")):
            w.add_class(css)
        self.size_choice = widgets.BoundedIntText(value=5, min=1, max=20, description="Cards",
                                                  layout=widgets.Layout(width="12em"))
        self.deal_button = text_button("Deal me a hand", "Deal a random hand of this many cards",
                                       "wizard-explorer-deal", lambda: self.deal())
        self.clear_button = text_button("Clear", "Empty the hand", "wizard-explorer-clear", self.clear)
        self.hand_html = widgets.HTML()
        self.hand_html.add_class("wizard-explorer-hand")
        self.picker = widgets.VBox()
        self.picker.add_class("wizard-card-picker")
        self.chart = widgets.HTML()
        self.chart.add_class("wizard-explorer-chart")
        self.bids_html = widgets.HTML()
        self.bids_html.add_class("wizard-explorer-bids")
        self.children = (
            widgets.HBox([self.rules_choice, self.opponents_choice]),
            widgets.HBox([self.players_choice, self.seat_choice, self.turned_choice]),
            self.picker,
            widgets.HBox([self.deal_button, self.size_choice, self.clear_button]),
            self.hand_html, widgets.HBox([self.chart, self.bids_html]), self.status)
        self._hand: list[Card] = []
        self._setup(get_ruleset(rules), players, seat, turned_up)
        if hand:
            self.set_hand(hand)
        else:
            self.update()
        self.rules_choice.observe(lambda ch: self._on(self.set_rules, ch), names="value")
        self.players_choice.observe(lambda ch: self._on(self.set_players, ch), names="value")
        self.seat_choice.observe(lambda ch: self._on(self.set_seat, ch), names="value")
        self.turned_choice.observe(lambda ch: self._on(self.set_turned_up, ch), names="value")
        self.opponents_choice.observe(lambda ch: self._on(self.set_opponents, ch), names="value")

    # -- state -----------------------------------------------------------------------
    def _on(self, method: Callable[[Any], Any], change: dict[str, Any]) -> None:
        if not self._busy:
            method(change["new"])

    def _setup(self, ruleset: Ruleset, players: int, seat: int, turned_up: Card | str | None) -> None:
        ruleset.check_players(players)
        rule_tables(ruleset)  # build the simulator's tables now, not on the first click
        self.ruleset = ruleset
        self.vocab = vocab_for(ruleset, self._theme_arg)
        self.theme = self.vocab.theme
        self.players = players
        self.seat = check_seat(seat, players)
        self.turned_up = None if turned_up is None else as_cards([turned_up], ruleset)[0]
        self._busy = True
        try:
            self.rules_choice.value = ruleset.name
            self.players_choice.value = players
            self.seat_choice.options = [(self._seat_label(s), s) for s in range(players)]
            self.seat_choice.value = seat
            distinct = list(dict.fromkeys(sorted_hand(ruleset.deck())))
            self.turned_choice.options = [(NONE_LABEL, None)] + [(self.vocab.card_name(c), str(c)) for c in distinct]
            self.turned_choice.value = None if self.turned_up is None else str(self.turned_up)
            self.size_choice.max = ruleset.deck_size // players
        finally:
            self._busy = False
        self._build_picker()

    def _seat_label(self, s: int) -> str:
        if getattr(self, "kid", False):  # kid words: seats counted from 1
            return f"{s + 1}" + (" (plays first)" if s == 0 else " (deals)" if s == self.players - 1 else "")
        return f"player {s + 1}" + (" (leads)" if s == 0 else " (deals)" if s == self.players - 1 else "")

    def for_kids(self) -> WinProbabilityExplorer:
        """Kid words (what a kid-mode app shows): seats from 1, no standard errors, no expected
        scores; the chart and the best number stay.  Returns the explorer."""
        self.kid = True
        self._busy = True
        try:
            seat = self.seat_choice.value
            self.seat_choice.options = [(self._seat_label(s), s) for s in range(self.players)]
            self.seat_choice.value = seat
            # Kid words for the computer players: how they play, not the names of their rules.
            others = self.opponents_choice.value
            self.opponents_choice.options = KID_OPPONENTS
            self.opponents_choice.value = others
            self.opponents_choice.description = "The others"
            self.opponents_choice.tooltips = ["They count their good cards and think", "They play any card they may"]
        finally:
            self._busy = False
        if self.result is not None:
            self._draw()
        return self

    def _build_picker(self) -> None:
        deck = sorted_hand(self.ruleset.deck())
        self.buttons: list[widgets.Button] = []
        rows: list[widgets.HBox] = []
        row: list[widgets.Button] = []
        last = None
        for card in deck:
            group = card.colour or card.kind
            if group != last and row:
                rows.append(widgets.HBox(row))
                row = []
            last = group
            index = len(self.buttons)
            def clicked(_card: Card, i: int = index) -> None:
                self._click(i)

            b = card_button(card, self.vocab, clicked, width="4.2em")
            b.layout.padding = "0px"
            self.buttons.append(b)
            row.append(b)
        rows.append(widgets.HBox(row))
        for old in self.picker.children:
            old.close()
        self.picker.children = tuple(rows)
        self._mark_buttons()

    def _mark_buttons(self) -> None:
        """Selected cards get a tick and a class; the turned-up card cannot be picked."""
        counts: dict[Card, int] = {}
        for c in self._hand:
            counts[c] = counts.get(c, 0) + 1
        seen: dict[Card, int] = {}
        up_left = 1 if self.turned_up is not None else 0
        for b in self.buttons:
            card = b.card
            seen[card] = seen.get(card, 0) + 1
            chosen = seen[card] <= counts.get(card, 0)
            is_up = False
            if card == self.turned_up and up_left and not chosen:
                is_up, up_left = True, 0
            label = ("\u2713" if chosen else "") + self.vocab.button_label(card)
            if b.description != label:
                b.description = label
            if chosen:
                b.add_class("wizard-selected")
            else:
                b.remove_class("wizard-selected")
            border = "3px solid #111111" if chosen else ""
            if b.layout.border != border:
                b.layout.border = border
            b.disabled = is_up
            b.tooltip = (f"{self.vocab.card_name(card)}: " +
                         ("the turned-up card" if is_up else "in your hand (click to remove)" if chosen
                          else "click to add to your hand"))

    @property
    def hand(self) -> Cards:
        return sorted_hand(self._hand)

    # -- the Python API ----------------------------------------------------------------
    def set_hand(self, hand: Iterable[Card | str] | str) -> bool:
        """Use these cards as the hand (text like ``"R7 W"`` or cards)."""
        try:
            cards = as_cards(hand, self.ruleset) if hand else Cards()
            if cards:
                check_cards(cards, self.turned_up, self.players, self.ruleset)
        except WizardError as exc:
            self.say(str(exc), "error")
            return False
        self._hand = list(cards)
        self._mark_buttons()
        return self.update()

    def toggle(self, card: Card | str) -> bool:
        """Add ``card`` to the hand, or take it out if it is there."""
        try:
            picked = as_cards([card], self.ruleset)[0]
        except WizardError as exc:
            self.say(str(exc), "error")
            return False
        hand = list(self._hand)
        if picked in hand:
            hand.remove(picked)
        else:
            hand.append(picked)
        return self.set_hand(Cards(hand))

    def _click(self, index: int) -> None:
        card = self.buttons[index].card
        seen = sum(1 for b in self.buttons[:index + 1] if b.card == card)
        if seen <= self._hand.count(card):
            self._hand.remove(card)
            self._mark_buttons()
            self.update()
        else:
            self.toggle(card)

    def clear(self) -> bool:
        return self.set_hand("")

    def deal(self, cards: int | None = None, seed: int | None = None) -> bool:
        """Deal a random hand of ``cards`` cards (from the cards that are not turned up)."""
        n = self.size_choice.value if cards is None else cards
        rng = random.Random(seed)
        pool = list(self.ruleset.deck())
        if self.turned_up is not None:
            pool.remove(self.turned_up)
        if not isinstance(n, int) or not 1 <= n <= min(len(pool), self.ruleset.deck_size // self.players):
            self.say(f"Deal from 1 to {self.ruleset.deck_size // self.players} cards with {self.players} players.",
                     "error")
            return False
        return self.set_hand(Cards(rng.sample(pool, n)))

    def set_seat(self, seat: int) -> bool:
        try:
            self.seat = check_seat(seat, self.players)
        except WizardError as exc:
            self.say(str(exc), "error")
            return False
        self._busy = True
        self.seat_choice.value = seat
        self._busy = False
        return self.update()

    def set_players(self, players: int) -> bool:
        try:
            self._setup(self.ruleset, players, min(self.seat, players - 1), self.turned_up)
        except WizardError as exc:
            self.say(str(exc), "error")
            return False
        return self.update()

    def set_turned_up(self, card: Card | str | None) -> bool:
        try:
            up = None if card is None else as_cards([card], self.ruleset)[0]
            if self._hand:
                check_cards(self._hand, up, self.players, self.ruleset)
        except WizardError as exc:
            self.say(str(exc), "error")
            self._busy = True
            self.turned_choice.value = None if self.turned_up is None else str(self.turned_up)
            self._busy = False
            return False
        self.turned_up = up
        self._busy = True
        self.turned_choice.value = None if up is None else str(up)
        self._busy = False
        self._mark_buttons()
        return self.update()

    def set_rules(self, rules: str | Ruleset) -> bool:
        """Switch between Junior and Classic (the hand and turned-up card are kept if they exist there)."""
        try:
            ruleset = get_ruleset(rules)
            up = self.turned_up
            try:
                if up is not None:
                    as_cards([up], ruleset)
            except WizardError:
                up = Card("jester")
            keep = []
            for c in self._hand:
                try:
                    as_cards([c], ruleset)
                    keep.append(c)
                except WizardError:
                    pass
            self._setup(ruleset, self.players, self.seat, up)
            self._hand = keep
            if keep:
                check_cards(keep, up, self.players, ruleset)
        except WizardError as exc:
            self._hand = []
            self._mark_buttons()
            self.say(str(exc), "error")
            return False
        self._mark_buttons()
        return self.update()

    def set_opponents(self, opponents: str) -> bool:
        self._busy = True
        self.opponents_choice.value = opponents
        self._busy = False
        return self.update()

    # -- computing and drawing -----------------------------------------------------------
    def deals(self) -> int:
        """Deals simulated per answer: ``samples``, fewer for big hands so every answer stays quick
        (the work grows like cards x cards x players; the chart says how many deals were used)."""
        work = max(1, len(self._hand) ** 2 * self.players)
        return max(500, min(self.samples, self.samples * 100 // work))

    def update(self) -> bool:
        """Recompute and redraw (called after every change)."""
        start = time.perf_counter()
        self.hand_html.value = self._hand_text()
        self.result, self.exact = None, None
        if not self._hand:
            self.chart.value = ""
            self.bids_html.value = ""
            self.say("Pick cards for your hand (click them) or deal one.", "info")
            self.last_seconds = time.perf_counter() - start
            return True
        try:
            self.result = estimate_tricks(self.hand, self.players, self.seat, self.turned_up, self.deals(),
                                          opponents=self.opponents_choice.value, rules=self.ruleset,
                                          seed=self.seed)
            if len(self._hand) == 1 and trump_from_card(self.turned_up, self.ruleset) != DEALER_CHOOSES:
                from ..simulate.odds import one_card_win_probability

                self.exact = one_card_win_probability(self._hand[0], self.players, self.seat, self.turned_up,
                                                      self.ruleset)
        except WizardError as exc:
            self.chart.value = ""
            self.bids_html.value = ""
            self.say(str(exc), "error")
            self.last_seconds = time.perf_counter() - start
            return False
        self._draw()
        self.last_seconds = time.perf_counter() - start
        return True

    def _hand_text(self) -> str:
        from ..display.html import cards_html

        if not self._hand:
            return "<i>Your hand is empty.</i>"
        return f"<b>Your hand ({len(self._hand)} cards):</b>{cards_html(self.hand, self.theme)}"

    def _draw(self) -> None:
        r = self.result
        assert r is not None  # drawn only once a simulation has run
        n = len(r.counts)
        if getattr(self, "kid", False):
            self.chart.value = bar_chart_html(
                [f"{k} trick{'s' if k != 1 else ''}" for k in range(n)], list(r.probabilities),
                highlight=int(r.probabilities.argmax()), fmt="{:.0%}",
                title=f"How many tricks will you win? (The computer tried this round {r.samples:,} "
                      "times with your cards.)")
            said = self.vocab.bid_verb
            self.bids_html.value = (f'<div style="margin-left:1em" class="wizard-best-bid">'
                                    f'<b>The best number to {said}: {r.best_bid}</b></div>')
            likely = int(r.probabilities.argmax())
            self.say(f"Most often you win {likely} trick{'s' if likely != 1 else ''}.", "ok")
            return
        self.chart.value = bar_chart_html(
            [f"{k} trick{'s' if k != 1 else ''}" for k in range(n)], list(r.probabilities),
            [2 * e for e in r.std_errors], highlight=int(r.probabilities.argmax()),
            title=f"How many tricks? ({r.samples:,} deals; \u00b1 2 standard errors)")
        rows = "".join(
            f'<tr class="wizard-bid-row{" wizard-best-bid" if b == r.best_bid else ""}" style="white-space:nowrap"><td>bid {b}</td>'
            f'<td style="text-align:right">{r.expected_scores[b]:+.1f}</td>'
            f'<td>{STAR if b == r.best_bid else ""}</td></tr>' for b in range(n))
        self.bids_html.value = (f'<div style="margin-left:1em"><b>Expected score of each bid</b> '
                                f'({html.escape(self.ruleset.title)} scoring)<table>{rows}</table></div>')
        exact = ""
        if self.exact is not None:
            exact = f" Exactly: {self.exact} \u2248 {float(self.exact):.3f} to win the trick."
        likely = int(r.probabilities.argmax())
        self.say(f"{r.describe_trump().capitalize()}. Most likely {likely} trick{'s' if likely != 1 else ''}; "
                 f"best bid {r.best_bid}.{exact}", "ok")

    def _summary(self) -> str:
        return (f"{self.ruleset.title}, {self.players} players, player {self.seat + 1}, "
                f"turned up {self.turned_up or 'nothing'}, hand {self.hand or 'empty'}")
