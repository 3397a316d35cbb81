"""Cards as small HTML pictures for Jupyter (used by ``Card._repr_html_`` and the widgets)."""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import TYPE_CHECKING

from .themes import FILL, INK, Theme, get_theme

if TYPE_CHECKING:  # cards.py imports the display lazily; no import cycle at run time
    from ..engine.cards import Card

#: One card's size in CSS pixels at ``size=1``: at least 44 x 44, the smallest target for a finger.
CARD_WIDTH, CARD_HEIGHT = 48, 68

_BASE = ("display:inline-flex;flex-direction:column;align-items:center;justify-content:center;"
         "margin:2px;border-radius:7px;border:2px solid #333;box-shadow:1px 2px 0 rgba(0,0,0,0.35);"
         "font-family:sans-serif;font-weight:bold;vertical-align:middle;box-sizing:border-box;"
         "line-height:1.05;")

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

#: The page's styles for cards drawn as buttons (a hand, a question's clickable cards): the same
#: size, frame and two lines (label over symbol) as :func:`card_html`.  Shown once by every widget.
CARD_CSS = (
    "<style>"
    ".wizard-widget .wizard-card-button{white-space:pre-line;line-height:1.05;padding:2px;"
    f"min-width:{CARD_WIDTH}px;min-height:{CARD_HEIGHT}px;border-radius:7px;border:2px solid #333;"
    "box-shadow:1px 2px 0 rgba(0,0,0,0.35);font-family:sans-serif;overflow:visible;text-overflow:clip}"
    ".wizard-widget .wizard-card-button:focus-visible,.wizard-widget .widget-button:focus-visible,"
    ".wizard-widget button:focus-visible{outline:3px solid #1a73e8;outline-offset:2px}"
    ".wizard-widget .widget-button,.wizard-widget .widget-toggle-button{min-height:44px;min-width:44px}"
    "</style>")


def card_face(card: Card, theme: str | Theme | None = None) -> tuple[str, str, str, str]:
    """(label, symbol, fill, ink) of ``card``'s face in ``theme``: what every drawing of it shows."""
    th = get_theme(theme)
    label = th.card_label(card)
    if card.colour is not None and card.is_number:
        return label, th.symbol(card.colour), FILL[card.colour], INK[card.colour]
    fill, ink, symbol = SPECIAL_STYLE[card.kind]
    if card.kind in ("juggler", "cloud") and card.colour:
        symbol = th.symbol(card.colour)
    return label, symbol, fill, ink


def card_html(card: Card, theme: str | Theme | None = None, *, size: float = 1.0,
              extra_class: str = "") -> str:
    """One card as an inline HTML picture: its colour, the label over the colour's (or suit's)
    symbol, named for a screen reader.  Hand buttons (``card_button``) draw the same face."""
    th = get_theme(theme)
    label, symbol, fill, ink = card_face(card, th)
    title = escape(th.card_name(card))
    width, height = round(CARD_WIDTH * size), round(CARD_HEIGHT * size)
    font = round(19 * size * (0.62 if len(label) > 2 else 1.0))
    colour = f' data-colour="{card.colour}"' if card.colour else ""
    extra = f' data-mark="{escape(extra_class)}"' if extra_class else ""
    return (f'<span class="wizard-card" title="{title}" aria-label="{title}" role="img" '
            f'data-card="{escape(str(card))}"{colour}{extra} '
            f'style="{_BASE}width:{width}px;height:{height}px;font-size:{font}px;background:{fill};color:{ink}">'
            f'<span>{escape(label)}</span><span>{symbol}</span></span>')


def cards_html(cards: Iterable, theme: str | Theme | None = None, *, size: float = 1.0) -> str:
    """A row of cards (a hand or a trick)."""
    inner = "".join(card_html(c, theme, size=size) for c in cards)
    return f'<div class="wizard-hand" style="display:flex;flex-wrap:wrap">{inner}</div>'


def card_back_html(text: str = "", *, size: float = 1.0) -> str:
    """A face-down card (e.g. another player's hand in a view)."""
    box = f"width:{round(CARD_WIDTH * size)}px;height:{round(CARD_HEIGHT * size)}px;"
    return (f'<span class="wizard-card back" title="face-down card" role="img" aria-label="face-down card" '
            f'style="{_BASE}{box}background:repeating-linear-gradient(45deg,#335,#335 4px,#446 4px,#446 8px);'
            f'color:#fff">{escape(text)}</span>')
