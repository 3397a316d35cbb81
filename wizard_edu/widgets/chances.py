"""The chances panel: for each card in the learner's hand, how likely it wins this trick and how likely
the prediction comes true if it is played now, as bars with words a ten-year-old reads.

It reads a :class:`~wizard_edu.engine.game.SeatView` only (never other hands) and works it out with
:func:`wizard_edu.simulate.odds.card_chances` (while bidding: :func:`wizard_edu.simulate.odds.bid_values`, the chance
of making each bid).  It is a toggle: off, it computes nothing.

How a table uses it (the hook)::

    panel = ChancesPanel(enabled=True)          # enabled=False: no toggle at all (no help in this game)
    box.children += (panel,)                    # anywhere in the table's layout
    panel.update(game.view(learner_seat))       # after every event: each card played, each bid, new round

``panel.update`` returns at once while the panel is off (it keeps the view and works it out when
switched on).  Seeded (``seed``), so the same view always shows the same figures.

>>> from wizard_edu import Game
>>> panel = ChancesPanel(on=True, seed=0)
>>> game = Game(players=4, seed=3)
>>> panel.update(game.view(game.to_move))
>>> panel.text.startswith("Bid 0:")
True
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

import ipywidgets as widgets

from ..display.html import card_html
from ..display.themes import Theme
from ..engine.game import SeatView
from ..engine.phases import PhaseName
from ..engine.rules.tables import is_tabled
from .common import theme_for
from .placeholder import KidText

if TYPE_CHECKING:  # pandas is imported where a table is made: importing it is slow
    import pandas as pd

#: Rows (cards x deals x tricks left) the panel simulates per update: about 0.05 s of CPU here,
#: so the panel answers within 0.3 s of a click even on a busy classroom machine.
PANEL_BUDGET = 120_000

#: One word per band of chance, by the chance in tenths a child reads next to it (``in_ten``):
#: (at least this many tenths, words).  So "less than 1 in 10" always has the same name.
WORDS = ((10, "almost certain"), (9, "very likely"), (7, "likely"), (4, "maybe"),
         (2, "unlikely"), (1, "very unlikely"), (0, "almost no chance"))

_COLOURS = {"almost certain": "#1b5e20", "very likely": "#2e7d32", "likely": "#558b2f", "maybe": "#b8860b",
            "unlikely": "#c62828", "very unlikely": "#8a1c1c", "almost no chance": "#6d1414"}


def chance_words(p: float) -> str:
    """A chance in words: 'almost certain', 'very likely', 'likely', 'maybe', 'unlikely', ...

    >>> chance_words(0.7), chance_words(0.5), chance_words(0.01), chance_words(0.04)
    ('likely', 'maybe', 'almost no chance', 'almost no chance')
    """
    tenths = _tenths(p)
    for least, words in WORDS:
        if tenths >= least:
            return words
    return WORDS[-1][1]


def _tenths(p: float) -> int:
    """The chance in whole tenths, as :func:`in_ten` says it (0: less than 1 in 10; 10: more than 9)."""
    n = round(p * 10)
    if n == 10 and p < 1:
        return 10
    return max(0, min(10, n))


def in_ten(p: float) -> str:
    """'about 7 in 10' (kids read tenths more easily than percentages)."""
    n = round(p * 10)
    if n == 0 and p > 0:
        return "less than 1 in 10"
    if n == 10 and p < 1:
        return "more than 9 in 10"
    return f"about {n} in 10"


def panel_samples(view: SeatView, budget: int = PANEL_BUDGET, most: int = 2000, least: int = 300) -> int:
    """Deals for one update: as many as fit the time budget (fewer with many cards and tricks to go)."""
    if view.phase == PhaseName.BID:
        options, tricks = len(view.legal_bids) or view.hand_size + 1, view.hand_size
    else:
        options, tricks = max(1, len(set(view.legal_cards))), max(1, len(view.hand))
    return max(least, min(most, budget // (options * tricks)))


def _bar(p: float, se: float, label: str) -> str:
    words = chance_words(p)
    colour = _COLOURS[words]
    width = max(0.0, min(1.0, p)) * 100
    return (f'<div class="wizard-chance" title="{p:.0%} (give or take {se:.0%})" '
            f'style="margin:2px 0"><div style="font-size:0.85em">{html.escape(label)}: '
            f'<b style="color:{colour}">{words}</b> ({in_ten(p)})</div>'
            f'<div style="background:#e6e6e6;width:12em;height:0.8em;border-radius:4px" role="meter" '
            f'aria-valuenow="{p:.2f}" aria-valuemin="0" aria-valuemax="1" aria-label="{html.escape(label)}">'
            f'<div style="background:{colour};width:{width:.0f}%;height:100%;border-radius:4px"></div></div></div>')


def chances_html(view: SeatView, table: pd.DataFrame, theme: Theme) -> str:
    """The picture for a table from :func:`card_chances` (or, while bidding, :func:`bid_values`)."""
    junior = view.ruleset.scoring == "junior"
    promise = "prediction" if junior else "bid"
    if view.phase == PhaseName.BID:
        rows = []
        for b, row in table.iterrows():
            rows.append(f'<div class="wizard-chance-row wizard-chance-bid-{b}" style="display:flex;gap:1em;'
                        f'align-items:center"><div style="width:6em"><b>{"Predict" if junior else "Bid"} {b}'
                        f'</b></div>{_bar(row["makes bid"], row["makes bid se"], "comes true")}</div>')
        head = (f"<p>If you {'predict' if junior else 'bid'} this many tricks and then play to make it, "
                f"how likely does your {promise} come true?</p>")
        return head + "".join(rows)
    best = table["makes bid"].idxmax()
    rows = []
    for key, row in table.iterrows():
        best_tag = (f'<span class="wizard-best-card" style="font-size:0.8em;font-weight:bold">best for your '
                    f'{promise}</span>' if key == best else "")
        rows.append(
            f'<div class="wizard-chance-row wizard-chance-{html.escape(str(key))}" style="display:flex;gap:1em;'
            f'align-items:center;border-bottom:1px solid #eee;padding:2px 0">'
            f'<div style="width:7.5em;display:flex;align-items:center;gap:4px">'
            f'{card_html(row["card"], theme)}{best_tag}</div>'
            f'{_bar(row["wins trick"], row["wins trick se"], "wins this trick")}'
            f'{_bar(row["makes bid"], row["makes bid se"], f"your {promise} comes true")}</div>')
    bid = view.bids[view.seat]
    head = (f"<p>You {'predicted' if junior else 'bid'} {bid} and have won {view.tricks_won[view.seat]}. "
            f"For each card you may play now:</p>")
    se = float(table["makes bid se"].max())
    off = round(se * 100)
    close = (f"so each figure may be a little off (by about {off} in 100)." if off >= 1
             else "so the figures are very close to the true chances.")
    foot = (f'<p style="font-size:0.8em;color:#555">Worked out by dealing the cards you cannot see '
            f"{table.attrs['deals']:,} times, {close}</p>")
    return head + "".join(rows) + foot


class ChancesPanel(KidText, widgets.VBox):
    """A toggle-able panel of win chances for the learner's cards (see the module for the table hook).

    ``on``: start switched on; ``enabled=False``: no toggle, nothing shown (a game without help);
    ``samples``: deals per update (default: as many as fit :data:`PANEL_BUDGET`);
    ``bid_informed``: weigh the deals by the others' bids.
    """

    kid_name = "The chances"

    def __init__(self, view: SeatView | None = None, *, on: bool = False, enabled: bool = True,
                 samples: int | None = None, seed: int | None = 0, bid_informed: bool = False,
                 theme: str | Theme | None = None) -> None:
        self.toggle = widgets.ToggleButton(value=on, description="Show chances",
                                           tooltip="Show how likely each card wins and your prediction comes true")
        self.toggle.add_class("wizard-chances-toggle")
        self.body = widgets.HTML()
        self.body.add_class("wizard-chances-body")
        super().__init__([self.toggle, self.body])
        self.add_class("wizard-widget")
        self.add_class("wizard-chances")
        self.enabled = enabled
        self.samples, self.seed, self.bid_informed = samples, seed, bid_informed
        self._theme = theme
        self.view: SeatView | None = None
        self.table: pd.DataFrame | None = None
        self.text = ""
        if not enabled:
            self.layout.display = "none"
        self.toggle.observe(lambda _: self.refresh(), names="value")
        if view is not None:
            self.update(view)

    @property
    def on(self) -> bool:
        return self.enabled and self.toggle.value

    def update(self, view: SeatView) -> None:
        """Show the chances for ``view`` (the learner's view after the latest event)."""
        self.view = view
        self.refresh()

    def refresh(self) -> None:
        """Work the chances out again for the last view (nothing while the panel is off)."""
        self.toggle.description = "Hide chances" if self.toggle.value else "Show chances"
        view = self.view
        self.table = None
        if not self.on or view is None:
            self.body.value, self.text = "", ""
            return
        # Imported only once the panel is on: the simulator (numpy) costs a pupil's kernel memory.
        from ..simulate.odds import bid_values, card_chances

        theme = theme_for(view.ruleset, self._theme)
        junior = view.ruleset.scoring == "junior"
        if not is_tabled(view.ruleset) or view.hand_hidden:
            message = "Chances are shown for Wizard Junior and Classic Wizard cards."
        elif view.phase == PhaseName.BID and view.my_turn:
            n = self.samples or panel_samples(view)
            self.table = bid_values(view, samples=n, seed=self.seed, bid_informed=self.bid_informed)
            message = None
        elif view.phase == PhaseName.PLAY and view.my_turn and view.legal_cards:
            n = self.samples or panel_samples(view)
            self.table = card_chances(view, samples=n, seed=self.seed, bid_informed=self.bid_informed)
            message = None
        elif view.phase == PhaseName.OVER:
            message = "The game is over."
        else:
            message = ("The chances show when it is your turn to "
                       + ("predict or play." if junior else "bid or play."))
        if message is not None:
            self.body.value = f'<p class="wizard-chances-wait">{html.escape(message)}</p>'
            self.text = message
            return
        assert self.table is not None, "a table is made in every case that leaves no message"
        self.body.value = chances_html(view, self.table, theme)
        self.text = _plain(view, self.table)


def _plain(view: SeatView, table: pd.DataFrame) -> str:
    """The panel as plain sentences (for tests and screen readers)."""
    junior = view.ruleset.scoring == "junior"
    promise = "prediction" if junior else "bid"
    if view.phase == PhaseName.BID:
        return " ".join(f"{'Predict' if junior else 'Bid'} {b}: {chance_words(r['makes bid'])}."
                        for b, r in table.iterrows())
    return " ".join(f"{key} wins this trick: {chance_words(r['wins trick'])}; your {promise} comes true: "
                    f"{chance_words(r['makes bid'])}." for key, r in table.iterrows())


__all__ = ["ChancesPanel", "chance_words", "in_ten", "chances_html", "panel_samples", "PANEL_BUDGET"]
