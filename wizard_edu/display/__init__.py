"""How cards, hands and tricks look in Jupyter.  Drawing only: no rules here."""

from .html import card_back_html, card_html, cards_html
from .themes import THEMES, Theme, get_theme, set_theme

__all__ = ["card_html", "cards_html", "card_back_html", "THEMES", "Theme", "get_theme", "set_theme"]
