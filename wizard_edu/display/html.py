"""Cards as small HTML pictures for Jupyter (used by ``Card._repr_html_`` and the widgets)."""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import TYPE_CHECKING

from .themes import FILL, INK, SYMBOL, Theme, get_theme

if TYPE_CHECKING:  # cards.py imports the display lazily; no import cycle at run time
    from ..cards import Card

_BASE = ("display:inline-flex;flex-direction:column;align-items:center;justify-content:center;"
         "width:2.6em;height:3.6em;margin:2px;border-radius:6px;border:2px solid #333;"
         "font-family:sans-serif;font-weight:bold;vertical-align:middle;box-sizing:border-box;")

#: How the cards without a colour look: fill, ink and a symbol (so no two kinds look alike).
SPECIAL_STYLE = {
    "wizard": ("#4B0082", "#ffffff", "\u2726"),   # four-pointed star
    "jester": ("#f4f4f4", "#222222", "\u263a"),   # smiling face
    "dragon": ("#7a1f1f", "#ffffff", "\u2620"),
    "fairy": ("#f7d6f0", "#222222", "\u2740"),
    "bomb": ("#222222", "#ffffff", "\u2737"),
    "werewolf": ("#5b4a3a", "#ffffff", "\u263e"),
    "juggler": ("#c0c0c0", "#222222", "\u2740"),
    "cloud": ("#dfe9f3", "#222222", "\u2601"),
}


def card_html(card: Card, theme: str | Theme | None = None, *, size: float = 1.0) -> str:
    """One card as an inline HTML box: colour, a symbol for the colour, and the label."""
    th = get_theme(theme)
    label = escape(th.card_label(card))
    title = escape(th.card_name(card))
    if card.colour is not None:
        fill, ink, symbol = FILL[card.colour], INK[card.colour], SYMBOL[card.colour]
    else:
        fill, ink, symbol = SPECIAL_STYLE[card.kind]
    if card.kind in ("juggler", "cloud") and card.colour:
        symbol = SYMBOL[card.colour]
    font = f"font-size:{size:.2f}em;" if size != 1.0 else ""
    small = "font-size:0.6em" if len(label) > 2 else ""
    return (f'<span class="wizard-card" title="{title}" aria-label="{title}" role="img" '
            f'style="{_BASE}{font}background:{fill};color:{ink}">'
            f'<span style="{small}">{label}</span><span>{symbol}</span></span>')


def cards_html(cards: Iterable, theme: str | Theme | None = None, *, size: float = 1.0) -> str:
    """A row of cards (a hand or a trick)."""
    inner = "".join(card_html(c, theme, size=size) for c in cards)
    return f'<div class="wizard-hand" style="display:flex;flex-wrap:wrap">{inner}</div>'


def card_back_html(text: str = "", *, size: float = 1.0) -> str:
    """A face-down card (e.g. another player's hand in a view)."""
    font = f"font-size:{size:.2f}em;" if size != 1.0 else ""
    return (f'<span class="wizard-card back" title="face-down card" role="img" aria-label="face-down card" '
            f'style="{_BASE}{font}background:repeating-linear-gradient(45deg,#335,#335 4px,#446 4px,#446 8px);'
            f'color:#fff">{escape(text)}</span>')
