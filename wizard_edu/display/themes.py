"""Display themes: how cards are labelled.  A theme changes words and pictures, never rules."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..errors import UnknownRulesetError

if TYPE_CHECKING:  # cards.py imports the display lazily; no import cycle at run time
    from ..engine.cards import Card

#: Colour-blind-friendly fills (Okabe-Ito palette) and a distinct symbol per colour,
#: so colours can be told apart by shape as well as hue.
FILL = {"R": "#D55E00", "G": "#009E73", "B": "#0072B2", "Y": "#F0E442"}
INK = {"R": "#111111", "G": "#111111", "B": "#ffffff", "Y": "#222222"}
SYMBOL = {"R": "\u25b2", "G": "\u2663", "B": "\u25cf", "Y": "\u2605"}  # triangle, club, disc, star

_US_RANKS = {1: "2", 2: "3", 3: "4", 4: "5", 5: "6", 6: "7", 7: "8", 8: "9", 9: "10",
             10: "J", 11: "Q", 12: "K", 13: "A"}


@dataclass(frozen=True)
class Theme:
    """Labels for one printing of the cards."""

    name: str
    colour_names: dict[str, str]
    wizard: str = "Wizard"
    jester: str = "Jester"
    rank_labels: dict[int, str] = field(default_factory=dict)
    #: Printed suit symbols (US Games: a normal playing deck), else each colour's own symbol.
    symbols: dict[str, str] = field(default_factory=lambda: dict(SYMBOL))
    #: Words for the printed ranks ("king"), when the faces are a playing deck: names read
    #: "the king of spades".
    rank_words: dict[int, str] = field(default_factory=dict)
    #: The Jester's label on the face, when "J" would be taken (the US Games jack is "J").
    jester_label: str = ""

    @property
    def suits(self) -> bool:
        """True when the faces print suits of a playing deck (the US Games cards)."""
        return bool(self.rank_words)

    def symbol(self, colour: str) -> str:
        """The symbol printed for ``colour``: a shape, or the suit's symbol (US Games)."""
        return self.symbols[colour]

    def rank_label(self, rank: int) -> str:
        return self.rank_labels.get(rank, str(rank))

    def card_label(self, card: Card) -> str:
        """Short label drawn on the card face: ``'7'``, ``'A'``, ``'W'``, ``'Dragon'``."""
        if card.rank is not None:  # a number card (the only cards with a rank)
            return self.rank_label(card.rank)
        if card.is_wizard:
            return "W"
        if card.is_jester:
            return self.jester_label or ("F" if self.jester == "Fool Frog" else "J")
        return card.kind.capitalize()

    def card_name(self, card: Card) -> str:
        """Full name in this theme: ``'Dwarves 7'``, ``'red Ace'``, ``'Fool Frog'``."""
        if card.rank is not None and card.colour is not None:  # a number card
            if self.suits:
                rank = self.rank_words.get(card.rank, self.rank_label(card.rank))
                return f"the {rank} of {self.colour_names[card.colour]}"
            return f"{self.colour_names[card.colour]} {self.rank_label(card.rank)}"
        if card.is_wizard:
            return self.wizard
        if card.is_jester:
            return self.jester
        if card.colour:
            return f"{card.kind.capitalize()} ({self.colour_names[card.colour]})"
        return card.kind.capitalize()


THEMES: dict[str, Theme] = {
    "classic": Theme("classic", {"R": "red", "G": "green", "B": "blue", "Y": "yellow"}),
    "junior": Theme("junior", {"R": "red", "G": "green", "B": "blue", "Y": "yellow"},
                    jester="Fool Frog"),
    "amigo": Theme("amigo", {"R": "Dwarves", "G": "Elves", "B": "People", "Y": "Giants"}),
    # The US Games deck is a normal playing deck: suits, drawn in four colours (hearts red,
    # clubs green, spades blue for black, diamonds yellow), so colour and suit tell a card apart.
    "us": Theme("us", {"R": "hearts", "G": "clubs", "B": "spades", "Y": "diamonds"},
                rank_labels=_US_RANKS, symbols={"R": "\u2665", "G": "\u2663", "B": "\u2660", "Y": "\u2666"},
                rank_words={10: "jack", 11: "queen", 12: "king", 13: "ace"}, jester_label="Jester"),
}

_current = ["classic"]


def get_theme(theme: str | Theme | None = None) -> Theme:
    """The theme called ``theme``, or the current default theme."""
    if isinstance(theme, Theme):
        return theme
    key = (theme or _current[0]).strip().lower()
    if key not in THEMES:
        raise UnknownRulesetError(f"There is no card theme {theme!r}. Choose one of {', '.join(THEMES)}.")
    return THEMES[key]


def set_theme(theme: str) -> Theme:
    """Choose the theme used when cards show themselves in Jupyter."""
    chosen = get_theme(theme)
    _current[0] = chosen.name
    return chosen
