"""The Deal widget: choose the number of players and a round, deal, and turn up the trump card."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from ..display.html import card_back_html, card_html, cards_html
from ..engine.game import Game
from ..engine.rules.rulesets import Ruleset, get_ruleset
from ..errors import WizardError
from .common import (
    WidgetBase,
    game_at_round,
    guarded,
    read_seed,
    seed_box,
    text_button,
    trump_badge,
    vocab_for,
)


class DealWidget(WidgetBase):
    """Deal the hands of one round face up, with the dealer, the starting player and the trump card."""

    kid_name = "The card dealer"

    def __init__(self, players: int = 4, round: int = 1, seed: int = 0, rules: str | Ruleset = "junior",
                 theme: str | None = None, names: Sequence[str] | None = None,
                 game: Game | str | None = None) -> None:
        """``game`` shows that deal (a :class:`Game`, or a position text: ``docs/positions.md``)
        instead of dealing one from the seed; its players, round, seed, rules and names are used."""
        super().__init__("wizard-deal")
        if isinstance(game, str):
            game = Game.from_position(game)
        if game is not None and not isinstance(game, Game):
            raise WizardError(f"Show a Game or a position text, not {game!r}.")
        if game is not None:
            players, round, seed, rules, names = (game.players, game.round_number, game.seed, game.ruleset,
                                                  game.names)
        self.ruleset = get_ruleset(rules)
        self.vocab = vocab_for(self.ruleset, theme)
        self.theme = self.vocab.theme
        self._names = list(names) if names is not None else None
        self.players_choice = widgets.ToggleButtons(
            options=[(str(n), n) for n in range(3, 7)], value=players, description="Players",
            tooltips=[f"{n} players" for n in range(3, 7)], style={"button_width": "3em"})
        self.players_choice.add_class("wizard-players-choice")
        self.round_choice = widgets.ToggleButtons(description="Round", style={"button_width": "2.6em"})
        self.round_choice.add_class("wizard-round-tiles")
        self.seed_box = seed_box(seed)
        self.deal_button = text_button("Shuffle and deal again", "A new shuffle (the next shuffle number)",
                                       "wizard-deal-button", self._click_deal)
        self.table_html = widgets.HTML()
        self.table_html.add_class("wizard-deal-table")
        self.children = (self.players_choice, self.round_choice,
                         widgets.HBox([self.deal_button, self.seed_box]), self.table_html, self.status)
        self.players_choice.observe(self._on_players, names="value")
        self.round_choice.observe(self._on_round, names="value")
        self.seed_box.observe(self._on_seed, names="value")
        self._busy = False
        if game is not None:
            self._show(game)
        else:
            self.deal(players=players, round=round, seed=seed)

    def deal(self, players: int | None = None, round: int | None = None, seed: int | None = None) -> None:
        """Deal round ``round`` for ``players`` players with ``seed`` (unchanged values stay as they are)."""
        players = self.players_choice.value if players is None else players
        round = self.round_choice.value if round is None else round
        seed = read_seed(self.seed_box) if seed is None else seed
        self.ruleset.check_players(players)
        names = self._names[:players] if self._names else [f"Player {i + 1}" for i in range(players)]
        self._show(game_at_round(round, players, self.ruleset, seed, names=names))

    def _show(self, game: Game) -> None:
        """Show ``game``'s deal and set the choices to match it."""
        players, round, seed = game.players, game.round_number, game.seed
        sizes = self.ruleset.round_sizes(players)
        self.game = game
        self.seed = seed
        self._busy = True
        try:
            self.players_choice.value = players
            self.round_choice.options = [(str(n), n) for n in range(1, len(sizes) + 1)]
            self.round_choice.tooltips = [f"round {n}: {sizes[n - 1]} card{'s' if sizes[n - 1] != 1 else ''} each"
                                          for n in range(1, len(sizes) + 1)]
            self.round_choice.value = round
            self.seed_box.value = str(seed)
        finally:
            self._busy = False
        self._draw()
        self.say(self.summary(), "info")

    def simple(self) -> DealWidget:
        """Hide the Seed box (a kid-mode app shuffles with the button).  Returns the widget."""
        self.seed_box.layout.display = "none"
        return self

    def new_seed(self) -> None:
        """Shuffle again: deal the same round with the next seed."""
        self.deal(seed=self.seed + 1)

    # -- what was dealt ---------------------------------------------------------------
    @property
    def hands(self):
        return self.game.hands

    @property
    def trump_card(self):
        return self.game.trump_card

    @property
    def trump(self):
        """The trump colour, ``None`` for no trump, or ``DEALER_CHOOSES`` after a Wizard."""
        from ..engine.rules.core import trump_from_card

        return trump_from_card(self.trump_card, self.ruleset)

    @property
    def dealer(self) -> int:
        return self.game.dealer

    @property
    def leader(self) -> int:
        """Who predicts first and leads the first trick (the player left of the dealer)."""
        return self.game.leader

    def summary(self) -> str:
        g = self.game
        left = len(g.stock) - (1 if g.trump_card is not None else 0)
        return (f"Round {g.round_number}: {g.hand_size} card{'s' if g.hand_size != 1 else ''} each for "
                f"{g.players} players. {self.vocab.says(g.names[g.dealer], 'deal')} and {self.vocab.says(g.names[g.leader], 'start')}. "
                f"{self.vocab.trump_sentence(g.trump_card, None, g.names[g.dealer])} "
                f"{left} card{'s' if left != 1 else ''} stay{'s' if left == 1 else ''} in the pile.")

    def _draw(self) -> None:
        g = self.game
        rows = []
        for s in range(g.players):
            tags = []
            if s == g.dealer:
                tags.append("deals")
            if s == g.leader:
                tags.append("starts")
            tag = f" <i>({' and '.join(tags)})</i>" if tags else ""
            rows.append(f"<tr><td style='padding-right:8px'><b>{html.escape(g.names[s])}</b>{tag}</td>"
                        f"<td>{cards_html(g.hands[s], self.theme)}</td></tr>")
        turned = card_html(g.trump_card, self.theme) if g.trump_card is not None else card_back_html("-")
        meaning = self.vocab.trump_sentence(g.trump_card, None, g.names[g.dealer])
        found = self.trump
        badge = trump_badge(found, self.theme) if found in (None, "R", "G", "B", "Y") else ""
        self.table_html.value = (
            f"<table>{''.join(rows)}</table>"
            f"<div style='display:flex;align-items:center;gap:8px;margin-top:6px'>"
            f"<b>Turned up:</b>{turned}<span>{html.escape(meaning)}</span>{badge}</div>")

    # -- controls ---------------------------------------------------------------------------
    @guarded
    def _on_players(self, change: dict[str, Any]) -> None:
        if not self._busy:
            sizes = self.ruleset.round_sizes(change["new"])
            self.deal(players=change["new"], round=min(self.round_choice.value or 1, len(sizes)))

    @guarded
    def _on_round(self, change: dict[str, Any]) -> None:
        if not self._busy and change["new"] is not None:
            self.deal(round=change["new"])

    @guarded
    def _on_seed(self, change: dict[str, Any]) -> None:
        if not self._busy:
            self.deal(seed=read_seed(self.seed_box))

    @guarded
    def _click_deal(self) -> None:
        self.new_seed()

    def _summary(self) -> str:
        g = self.game
        return (f"{self.ruleset.title}, {g.players} players, round {g.round_number}, seed {self.seed}: "
                f"trump card {g.trump_card or 'none'}")


__all__ = ["DealWidget"]
