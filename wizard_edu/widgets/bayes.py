"""The Bayes lab: change an opponent's bid and watch the chance that they hold a Wizard, a trump or a
high card move, from the prior (before the bids) to the posterior (after them).

All the arithmetic is :func:`wizard_edu.simulate.bayes.reveal`; this module only draws it.

>>> lab = BayesLab(players=3, cards=1, seed=2)
>>> lab.set_bid(1, 0)
>>> lab.table.attrs["method"]
'exact'
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, cast

import ipywidgets as widgets
import numpy as np

from ..display.html import card_html, cards_html
from ..engine.rules.core import DEALER_CHOOSES, trump_from_card
from ..engine.rules.rulesets import get_ruleset
from ..errors import WizardError
from ..simulate.bayes import reveal
from .common import theme_for
from .placeholder import KidText

if TYPE_CHECKING:
    import pandas as pd

_PRIOR, _POSTERIOR = "#9e9e9e", "#4B6EAF"


def bayes_bars_html(table: pd.DataFrame, names: dict[int, str] | None = None) -> str:
    """Prior and posterior side by side as bars, one block per opponent (a table from ``reveal``)."""
    blocks = []
    for seat in dict.fromkeys(table.index.get_level_values(0)):
        rows = table.loc[seat]
        name = (names or {}).get(seat, f"Player {seat + 1}" if isinstance(seat, (int, np.integer)) else str(seat))
        bid = rows["bid"].iloc[0]
        said = "has not bid yet" if bid is None or (isinstance(bid, float) and np.isnan(bid)) else f"bid {int(bid)}"
        lines = [f'<div class="wizard-bayes-player"><b>{html.escape(str(name))}</b> {said}']
        for _feature, row in rows.iterrows():
            prior, post = float(row["prior"]), float(row["posterior"])
            arrow = "\u2191" if post > prior + 0.005 else "\u2193" if post < prior - 0.005 else "="
            lines.append(
                f'<div class="wizard-bayes-row" style="display:flex;gap:0.6em;align-items:center">'
                f'<div style="width:9em">holds {html.escape(row["holds"])}</div>'
                f'<div style="width:12em">'
                f'<div title="before the bids: {prior:.0%}" style="background:{_PRIOR};height:0.55em;'
                f'width:{prior * 100:.0f}%"></div>'
                f'<div title="after the bids: {post:.0%}" style="background:{_POSTERIOR};height:0.55em;'
                f'width:{post * 100:.0f}%;margin-top:1px"></div></div>'
                f'<div>{prior:.0%} \u2192 <b>{post:.0%}</b> {arrow}</div></div>')
        lines.append("</div>")
        blocks.append("".join(lines))
    legend = (f'<p style="font-size:0.85em"><span style="color:{_PRIOR}">\u25a0</span> before the bids (prior) '
              f'&nbsp; <span style="color:{_POSTERIOR}">\u25a0</span> after the bids (posterior)</p>')
    return legend + "".join(blocks)


class BayesLab(KidText, widgets.VBox):
    """Your hand and the turned-up card are dealt (seeded); pick the bids of the players before you.

    ``players``, ``cards`` (cards each), ``rules``, ``seed``; the lab uses exact enumeration when the
    round is small and weighted sampling (``samples`` deals) when it is not.
    ``lab.set_bid(seat, bid)`` (``None``: no bid yet) is what the dropdowns call; ``lab.table`` is
    the :func:`reveal` table; ``lab.text`` a plain summary.
    """

    kid_name = "The bidding lab"

    def __init__(self, players: int = 4, cards: int = 1, rules: str = "classic", seed: int | None = 0,
                 samples: int = 20_000, seat: int | None = None) -> None:
        ruleset = get_ruleset(rules)
        rng = np.random.default_rng(seed)
        self.ruleset, self.players, self.samples, self.seed = ruleset, players, samples, seed
        self.seat = players - 1 if seat is None else seat          # by default you deal (bid last)
        deck = list(ruleset.deck())
        while True:
            order = rng.permutation(len(deck))
            self.hand = sorted((deck[i] for i in order[:cards]), key=str)
            self.turned_up = deck[order[cards]] if players * cards < len(deck) else None
            if self.turned_up is None or trump_from_card(self.turned_up, ruleset) != DEALER_CHOOSES:
                break
        self.theme = theme_for(ruleset)
        self.bids: dict[int, int | None] = {s: None for s in range(self.seat)}
        self.pickers = {}
        for s in range(self.seat):
            picker = widgets.Dropdown(options=[("no bid yet", None)] + [(str(b), b) for b in range(cards + 1)],
                                      value=None, description=f"Player {s + 1} bids", style={"description_width": "7em"})
            picker.observe(lambda change, s=s: self.set_bid(s, change["new"]), names="value")
            picker.add_class(f"wizard-bayes-bid-{s}")
            self.pickers[s] = picker
        self.head = widgets.HTML(self._head())
        self.out = widgets.HTML()
        self.out.add_class("wizard-bayes-out")
        super().__init__([self.head, widgets.HBox(list(self.pickers.values())), self.out])
        self.add_class("wizard-widget")
        self.add_class("wizard-bayes-lab")
        self.table: pd.DataFrame | None = None
        self.text = ""
        self.refresh()

    def _head(self) -> str:
        up = card_html(self.turned_up, self.theme) if self.turned_up is not None else "none (no trump)"
        return (f"<p>{self.players} players, {len(self.hand)} card{'s' if len(self.hand) > 1 else ''} each. "
                f"You are player {self.seat + 1} (player 1 bids first). Your hand:</p>{cards_html(self.hand, self.theme)}"
                f"<p>Turned-up card: {up}</p>")

    def set_bid(self, seat: int, bid: int | None) -> None:
        """Set (or clear, with ``None``) the bid of ``seat``, which bids before you."""
        if seat not in self.bids:
            raise WizardError(f"Seats 0 to {self.seat - 1} bid before you; seat {seat!r} does not.")
        self.bids[seat] = bid
        if self.pickers[seat].value != bid:
            self.pickers[seat].value = bid
        self.refresh()

    def refresh(self) -> None:
        made = {s: b for s, b in self.bids.items() if b is not None}
        table = self.table = reveal(self.hand, made, self.players, self.seat, self.turned_up, self.ruleset,
                                    samples=self.samples, seed=self.seed)
        how = ("every possible deal listed" if table.attrs["method"] == "exact"
               else f"{table.attrs['deals']:,} random deals, weighted")
        self.out.value = bayes_bars_html(table) + f'<p style="font-size:0.8em;color:#555">({how})</p>'
        lines = []
        for key, row in table.iterrows():
            seat, _feature = cast("tuple[int, str]", key)  # the index is (seat, feature)
            lines.append(f"Player {seat + 1} holds {row['holds']}: {row['prior']:.0%} before, {row['posterior']:.0%} after.")
        self.text = " ".join(lines)


class LikelihoodTable(KidText, widgets.VBox):
    """How the bidding model bids with and without a Wizard (the likelihood), as bars per bid."""

    kid_name = "The table of bids"

    def __init__(self, cards: int = 3, players: int = 4, turned_up: str | None = "R5", rules: str = "classic",
                 feature: str = "a Wizard", seed: int | None = 0) -> None:
        from ..simulate.bayes import bid_model_table

        self.table = bid_model_table(cards, players, turned_up, rules, feature, seed=seed)
        rows = []
        for bid, row in self.table.iterrows():
            cells = "".join(
                f'<div title="{row[col]:.0%}" style="background:{c};height:0.6em;width:{row[col] * 12:.2f}em;'
                f'margin:1px 0"></div>' for col, c in (("with", _POSTERIOR), ("without", _PRIOR)))
            rows.append(f'<div style="display:flex;gap:0.6em;align-items:center"><div style="width:4em">bid {bid}'
                        f'</div><div style="width:13em">{cells}</div><div>{row["with"]:.0%} / {row["without"]:.0%}'
                        f"</div></div>")
        legend = (f'<p style="font-size:0.85em">How often the bidding model bids each number with {cards} cards: '
                  f'<span style="color:{_POSTERIOR}">\u25a0</span> holding {html.escape(str(self.table.columns.name)[6:])}, '
                  f'<span style="color:{_PRIOR}">\u25a0</span> not holding it.</p>')
        body = widgets.HTML(legend + "".join(rows))
        super().__init__([body])
        self.add_class("wizard-widget")
        self.add_class("wizard-likelihood")


__all__ = ["BayesLab", "LikelihoodTable", "bayes_bars_html"]
