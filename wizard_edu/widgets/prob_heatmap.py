"""The round-one heat map: how often each card wins the one-card round, from each seat.

Exact values from :func:`wizard_edu.simulate.odds.round_one_table`.  Python API::

    heat = RoundOneHeatMap(players=4, turned_up="R5", rules="classic")
    heat.set_players(6); heat.set_turned_up("J"); heat.set_rules("junior")
    heat.table        # DataFrame of floats: rows kinds of card, columns seats
    heat.exact_table  # the same as Fractions
    heat.bid_one      # DataFrame of booleans: is a bid of 1 worth more than a bid of 0?
    heat.html, heat.message, heat.last_seconds
"""

from __future__ import annotations

import html
import time

import ipywidgets as widgets

from ..engine.cards import Card
from ..engine.rules.core import as_cards
from ..engine.rules.rulesets import get_ruleset
from ..errors import WizardError
from ..simulate.checks import trump_of
from ..simulate.odds import round_one_table
from .common import WidgetBase
from .prob_charts import heat_colour


class RoundOneHeatMap(WidgetBase):
    """A table of win chances in the one-card round (card x seat) for 3-6 players; ★ marks where a
    bid of 1 has the better expected score."""

    kid_name = "The chances picture"

    def __init__(self, players: int = 4, turned_up: str | Card | None = "R5", rules: str = "classic") -> None:
        super().__init__("wizard-heatmap")
        self.ruleset = get_ruleset(rules)
        self.players = players
        self.turned_up = turned_up
        self.last_seconds = 0.0
        self.rules_choice = widgets.ToggleButtons(options=[("Junior", "junior"), ("Classic", "classic")],
                                                  value=self.ruleset.name, description="Rules",
                                                  tooltips=["Wizard Junior scoring", "Classic scoring"])
        self.players_choice = widgets.ToggleButtons(options=[(str(n), n) for n in range(3, 7)], value=players,
                                                    description="Players", style={"button_width": "3em"},
                                                    tooltips=[f"{n} players" for n in range(3, 7)])
        self.turned_choice = widgets.Dropdown(description="Turned up")
        for w, css in ((self.rules_choice, "wizard-rules-choice"), (self.players_choice, "wizard-players-choice"),
                       (self.turned_choice, "wizard-turned-choice")):
            w.add_class(css)
        self.map = widgets.HTML()
        self.map.add_class("wizard-heatmap-table")
        self.children = (widgets.HBox([self.rules_choice, self.players_choice]), self.turned_choice,
                         self.map, self.status)
        self._busy = False
        self._fill_turned()
        self.update()
        self.rules_choice.observe(lambda ch: self._busy or self.set_rules(ch["new"]), names="value")
        self.players_choice.observe(lambda ch: self._busy or self.set_players(ch["new"]), names="value")
        self.turned_choice.observe(lambda ch: self._busy or self.set_turned_up(ch["new"]), names="value")

    def _fill_turned(self) -> None:
        seen, options = set(), []
        for c in self.ruleset.deck():
            if c.is_wizard or str(c) in seen:
                continue  # a Wizard turned up means the dealer chooses: no single answer
            seen.add(str(c))
            options.append((str(c), str(c)))
        self._busy = True
        self.turned_choice.options = options
        up = str(self.turned_up) if self.turned_up is not None else options[0][1]
        self.turned_choice.value = up if up in dict(options).values() else "J"
        self.turned_up = self.turned_choice.value
        self._busy = False

    # -- Python API ----------------------------------------------------------------------------
    def set_players(self, players: int) -> bool:
        try:
            self.ruleset.check_players(players)
        except WizardError as exc:
            self.say(str(exc), "error")
            return False
        self.players = players
        self._busy = True
        self.players_choice.value = players
        self._busy = False
        return self.update()

    def set_turned_up(self, card: Card | str | None) -> bool:
        try:
            up = None if card is None else as_cards([card], self.ruleset)[0]
            trump_of(up, self.ruleset, allow_choice=False)
        except WizardError as exc:
            self.say(str(exc), "error")
            return False
        self.turned_up = None if up is None else str(up)
        if up is not None:
            self._busy = True
            self.turned_choice.value = str(up)
            self._busy = False
        return self.update()

    def set_rules(self, rules: str) -> bool:
        try:
            ruleset = get_ruleset(rules)
        except WizardError as exc:
            self.say(str(exc), "error")
            return False
        self.ruleset = ruleset
        self._busy = True
        self.rules_choice.value = ruleset.name
        self._busy = False
        self._fill_turned()
        return self.update()

    def update(self) -> bool:
        start = time.perf_counter()
        self.exact_table = round_one_table(self.players, self.turned_up, self.ruleset, exact=True)
        self.table = self.exact_table.astype(float)
        score = self.ruleset.score
        # Expected score of a bid b: p * score(b, 1 trick) + (1 - p) * score(b, 0 tricks).
        self.bid_one = self.exact_table.map(
            lambda p: p * score(1, 1) + (1 - p) * score(1, 0) > p * score(0, 1) + (1 - p) * score(0, 0))
        self.html = self._html()
        self.map.value = self.html
        worth = int(self.bid_one.to_numpy().sum())
        self.say(f"{self.ruleset.title}, {self.players} players, turned up {self.turned_up}: a bid of 1 is "
                 f"worth more in {worth} of {self.bid_one.size} squares (\u2605).", "info")
        self.last_seconds = time.perf_counter() - start
        return True

    def _html(self) -> str:
        head = "".join(f'<th style="padding:2px 6px">{html.escape(c)}</th>' for c in self.table.columns)
        body = []
        for label, row in self.table.iterrows():
            cells = []
            for column, p in row.items():
                bg, ink = heat_colour(p)
                star = "\u2605" if self.bid_one.loc[label, column] else ""
                cells.append(f'<td title="{html.escape(str(label))}, {html.escape(column)}: {p:.1%}" '
                             f'style="background:{bg};color:{ink};text-align:center;padding:1px 6px">'
                             f'{p:.0%}{star}</td>')
            body.append(f'<tr><th style="text-align:left;padding-right:6px">{html.escape(str(label))}</th>'
                        f'{"".join(cells)}</tr>')
        return (f'<table class="wizard-heat" style="border-collapse:collapse;font-size:0.85em">'
                f'<thead><tr><th>your card</th>{head}</tr></thead><tbody>{"".join(body)}</tbody></table>'
                '<div style="font-size:0.8em">Darker = more likely to win. \u2605 = bid 1 '
                '(it has the better expected score).</div>')

    def _summary(self) -> str:
        return f"{self.ruleset.title}, {self.players} players, turned up {self.turned_up}"
