"""The Prediction widget: look at a dealt hand, predict your tricks, then watch the round played out.

The learner only predicts.  Their cards are then played for them by the
rule-of-thumb player (which aims at the learner's prediction), against
rule-of-thumb computer players; every trick shows its winner and the rule, and
the round is scored by the engine.
"""

from __future__ import annotations

import html
import time
from collections.abc import Sequence

import ipywidgets as widgets

from ..display.html import cards_html
from ..engine.actions import ActionKind
from ..engine.events import RoundFinished
from ..engine.game import Action, RoundRecord, TrickRecord
from ..engine.phases import PhaseName
from ..engine.rules.rulesets import Ruleset, get_ruleset
from ..errors import WizardError
from ..players.rule_of_thumb import RuleOfThumbPlayer
from .common import (
    DOUBLE_CLICK_SECONDS,
    WidgetBase,
    apply_recording,
    chips_html,
    finished_round,
    finished_trick,
    game_at_round,
    guarded,
    replace_children,
    seat_to_move,
    text_button,
    trick_html,
    trump_badge,
    vocab_for,
)
from .table import DEFAULT_NAMES


class PredictionWidget(WidgetBase):
    """Predict how many tricks a dealt hand will win, then see it played and scored."""

    kid_name = "The prediction game"

    seed: int

    def __init__(self, round: int = 3, players: int = 4, seed: int = 0, rules: str | Ruleset = "junior",
                 seat: int = 0, theme: str | None = None, names: Sequence[str] | None = None) -> None:
        super().__init__("wizard-predict")
        self.ruleset = get_ruleset(rules)
        self.ruleset.check_players(players)
        if not isinstance(seat, int) or not 0 <= seat < players:
            raise WizardError(f"The learner's seat must be from 0 to {players - 1}, not {seat!r}.")
        self.round, self.players, self.seat = round, players, seat
        self.vocab = vocab_for(self.ruleset, theme)
        self.theme = self.vocab.theme
        if names is None:
            others = iter(DEFAULT_NAMES)
            names = ["You" if s == seat else next(others) for s in range(players)]
        self.names = tuple(names)
        self._predicted_at = float("-inf")
        self.hand_html = widgets.HTML()
        self.hand_html.add_class("wizard-predict-hand")
        self.bid_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.bid_box.add_class("wizard-actions")
        self.tricks_html = widgets.HTML()
        self.tricks_html.add_class("wizard-trick")
        self.result_html = widgets.HTML()
        self.result_html.add_class("wizard-round-result")
        self.next_button = text_button("Deal another hand", "A new hand (the next shuffle number)", "wizard-next-button",
                                       self._click_next)
        self.children = (self.hand_html, self.bid_box, self.status, self.tricks_html, self.result_html,
                         self.next_button)
        self.new_hand(seed=seed)

    def new_hand(self, seed: int | None = None) -> None:
        """Deal this round again with ``seed`` (the next seed if not given)."""
        self.seed = self.seed + 1 if seed is None else seed
        self.game = game_at_round(self.round, self.players, self.ruleset, self.seed, names=self.names)
        self.computers = {s: RuleOfThumbPlayer(seed=self.seed * 100 + s) for s in range(self.players)}
        self.tricks: list[TrickRecord] = []
        self.result: RoundRecord | RoundFinished | None = None
        self.notes: list[str] = []
        self._run_until_my_bid()
        self._draw_hand()
        buttons = []
        for n in range(self.game.hand_size + 1):
            b = widgets.Button(description=str(n), tooltip=f"{self.vocab.bid_verb.capitalize()} {n} trick{'s' if n != 1 else ''}",
                               layout=widgets.Layout(width="3em"), button_style="info")
            b.add_class("wizard-bid-button")
            b.add_class(f"wizard-bid-{n}")
            b.on_click(lambda _b, k=n: self._click_bid(k))
            buttons.append(b)
        label = widgets.HTML(f"<b>Your {self.vocab.bid_noun}:</b>&nbsp;")
        replace_children(self.bid_box, [label, *buttons])
        self.tricks_html.value = ""
        self.result_html.value = ""
        self.say(f"How many tricks will your {self.game.hand_size} card"
                 f"{'s' if self.game.hand_size != 1 else ''} win? Choose a number.", "info")

    def _run_until_my_bid(self) -> None:
        game = self.game
        while game.to_move != self.seat or game.phase == PhaseName.TRUMP:
            seat = seat_to_move(game)
            action = self.computers[seat].act(game.view(seat))
            if seat == self.seat:  # the learner deals and a Wizard came up: the rule of thumb picks for them
                self.notes.append(f"You deal and a Wizard was turned up: the rule of thumb chose "
                                  f"{self.vocab.colour(action.value)} for you.")
            game.apply(action, seat)

    def _draw_hand(self) -> None:
        g = self.game
        view = g.view(self.seat)
        bids = "".join(f"<li>{html.escape(g.names[s])}: {chips_html(b, verb=self.vocab.verb(self.vocab.bid_verb, False))}</li>"
                       for s, b in enumerate(view.bids) if b is not None)
        before = f"<p>Predictions so far:</p><ul>{bids}</ul>" if bids else "<p>You predict first.</p>"
        self.hand_html.value = (
            f"<b>Round {g.round_number}</b>: {g.hand_size} card{'s' if g.hand_size != 1 else ''} each, "
            f"{html.escape(self.vocab.says(g.names[g.dealer], 'deal'))}.<br>"
            f"{html.escape(self.vocab.trump_sentence(g.trump_card, g.trump, g.names[g.dealer]))} "
            f"{trump_badge(g.trump, self.theme)}<br>"
            + "".join(f"{html.escape(n)} " for n in self.notes)
            + f"<br>Your hand:{cards_html(view.hand, self.theme)}{before}")

    def predict(self, n: int) -> bool:
        """Your prediction; then the round is played out and scored.  False (and a message) if refused."""
        if self.result is not None:
            self.say("This round is over: press Deal another hand.", "info")
            return False
        try:
            self.game.apply(Action(ActionKind.BID, n), self.seat)
        except WizardError as exc:
            self.say(self.vocab.text(str(exc)), "error")
            return False
        self.prediction = n
        self._predicted_at = time.monotonic()
        game = self.game
        while self.result is None:
            seat = seat_to_move(game)
            events = apply_recording(game, seat, self.computers[seat].act(game.view(seat)))
            trick = finished_trick(events)
            if trick is not None:
                self.tricks.append(trick)
            self.result = finished_round(events)
        self._draw_result()
        return True

    def _draw_result(self) -> None:
        r = self.result
        assert r is not None  # drawn once the round is scored
        rows = []
        for i, t in enumerate(self.tricks, 1):
            who = "nobody" if t.winner_seat is None else self.names[t.winner_seat]
            rows.append(f"<div><b>Trick {i}</b> goes to {html.escape(who)}: "
                        f"{html.escape(self.vocab.trick_reason(t.result))}"
                        f"{trick_html(t.plays, self.names, self.theme, t.winner_seat)}</div>")
        self.tricks_html.value = "".join(rows)
        table = "".join(
            f"<tr><td>{html.escape(self.names[s])}</td><td>{chips_html(r.bids[s], verb=self.vocab.verb(self.vocab.bid_verb, False))}</td>"
            f"<td style='text-align:center'>{r.won[s]}</td><td style='text-align:center'>{r.points[s]}</td></tr>"
            for s in range(self.players))
        self.result_html.value = (f"<table class='wizard-pad'><tr><th>Player</th><th>{self.vocab.bid_heading}</th>"
                                  f"<th>Won</th><th>Points</th></tr>{table}</table>")
        mine = self.seat
        pts = r.points[mine]
        verdict = "spot on" if r.bids[mine] == r.won[mine] else "not quite"
        said = "predicted" if self.vocab.junior else "bid"
        self.say(f"You {said} {r.bids[mine]} and won {r.won[mine]}: {verdict}, "
                 f"{pts} point{'s' if pts != 1 else ''}.", "ok" if pts else "info")

    @guarded
    def _click_bid(self, n: int) -> None:
        if self.result is not None and self._just_predicted():
            return  # the second click of a double-click on a number: the round was already played
        self.predict(n)

    def _just_predicted(self) -> bool:
        return time.monotonic() - self._predicted_at < DOUBLE_CLICK_SECONDS

    @guarded
    def _click_next(self) -> None:
        self.new_hand()

    def _summary(self) -> str:
        g = self.game
        state = "scored" if self.result is not None else f"hand {g.view(self.seat).hand}, waiting for a prediction"
        return f"{self.ruleset.title}, round {self.round}, {self.players} players, seed {self.seed}: {state}"


__all__ = ["PredictionWidget"]
