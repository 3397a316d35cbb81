"""Cards, colours, decks and card text.

Card text: a colour letter and a rank for a
number card (``R7``, ``G13``), ``W`` for a Wizard, ``J`` for a Jester (``F``,
the Junior *Fool Frog*, reads as ``J``), and for the Anniversary edition the
words ``Dragon``, ``Fairy``, ``Bomb``, ``Werewolf``, ``Juggler``, ``Cloud``;
a played Juggler or Cloud carries the colour its player named: ``Juggler:R``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import islice

from ..errors import ArgumentError, CardTextError

#: The four colours, in display order.
COLOURS: tuple[str, ...] = ("R", "G", "B", "Y")
COLOUR_NAMES: dict[str, str] = {"R": "red", "G": "green", "B": "blue", "Y": "yellow"}

NUMBER = "number"
WIZARD = "wizard"
JESTER = "jester"
DRAGON = "dragon"
FAIRY = "fairy"
BOMB = "bomb"
WEREWOLF = "werewolf"
JUGGLER = "juggler"
CLOUD = "cloud"

#: Anniversary special cards, in the order the rulebook introduces them.
SPECIAL_KINDS: tuple[str, ...] = (DRAGON, FAIRY, BOMB, WEREWOLF, JUGGLER, CLOUD)
#: Special cards that take a colour (and a value) named by their player.
NAMED_COLOUR_KINDS: dict[str, float] = {JUGGLER: 7.5, CLOUD: 9.75}

_KIND_TEXT = {WIZARD: "W", JESTER: "J"} | {k: k.capitalize() for k in SPECIAL_KINDS}
_TEXT_KIND = {"W": WIZARD, "J": JESTER, "F": JESTER} | {k.upper(): k for k in SPECIAL_KINDS}
_NUMBER_RE = re.compile(r"^([RGBY])([1-9][0-9]?)$")


@dataclass(frozen=True, slots=True, init=False, eq=False)
class Card:
    """One card.  Cards are values: two Wizards are equal, and a hand is a list.

    ``kind`` is ``"number"``, ``"wizard"``, ``"jester"`` or an Anniversary
    special; ``colour`` is one of :data:`COLOURS` for number cards (and for a
    played Juggler or Cloud); ``rank`` is 1-13 for number cards.

    There is one object for each card, as there is one object for each member of an ``Enum``:
    ``Card("wizard") is Card("wizard")``.  So cards compare and hash as quickly as Python can
    (by identity); all 68 of them are made once, as the module loads.
    """

    kind: str
    colour: str | None
    rank: int | None

    def __new__(cls, kind: str, colour: str | None = None, rank: int | None = None) -> Card:
        # Only a real card may exist: Card("number", "R", 0) would be trusted by every rule.
        if kind == NUMBER:
            if not (colour in COLOURS and rank.__class__ is int and 1 <= rank <= 13):
                raise CardTextError(f"Card({kind!r}, {colour!r}, {rank!r}) is not a card: a number card has a "
                                    "colour (R, G, B or Y) and a number from 1 to 13.")
        elif kind.__class__ is not str or kind not in _KIND_TEXT:
            raise CardTextError(f"{kind!r} is not a kind of card: use 'number', 'wizard', 'jester' or an "
                                f"Anniversary card ({', '.join(SPECIAL_KINDS)}).")
        elif rank is not None or (colour is not None and (kind not in NAMED_COLOUR_KINDS or colour not in COLOURS)):
            raise CardTextError(f"Card({kind!r}, {colour!r}, {rank!r}) is not a card: only number cards have a "
                                "number, and only a played Juggler or Cloud has a colour.")
        return _EVERY_CARD[kind, colour, rank]

    def __reduce__(self) -> tuple:
        # Pickle and copy a card as its value: Card(...) checks it and finds the one object again.
        return (Card, (self.kind, self.colour, self.rank))

    @classmethod
    def parse(cls, text: str | Card) -> Card:
        """Read a card from its text, ignoring case and surrounding spaces.

        >>> Card.parse(" r7 ")
        Card.parse('R7')
        >>> str(Card.parse("f"))
        'J'
        """
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise CardTextError(f"A card must be given as text like 'R7' or 'W', not {text!r}.")
        cleaned = text.strip().upper()
        if cleaned in _TEXT_KIND:
            return cls(_TEXT_KIND[cleaned])
        match = _NUMBER_RE.match(cleaned)
        if match:
            colour, rank = match.group(1), int(match.group(2))
            if not 1 <= rank <= 13:
                raise CardTextError(
                    f"{text.strip()!r} is not a card: number cards go from 1 to 13."
                )
            return cls(NUMBER, colour, rank)
        word, _, colour = cleaned.partition(":")
        if word.lower() in NAMED_COLOUR_KINDS and colour in COLOURS:
            return cls(word.lower(), colour)
        raise CardTextError(
            f"{text.strip()!r} is not a card. Write a colour letter (R, G, B, Y) and a "
            "number, like R7 or G13, or W for a Wizard, J (or F) for a Jester."
        )

    # -- what kind of card ------------------------------------------------
    @property
    def is_number(self) -> bool:
        return self.kind == NUMBER

    @property
    def is_wizard(self) -> bool:
        return self.kind == WIZARD

    @property
    def is_jester(self) -> bool:
        return self.kind == JESTER

    @property
    def is_special(self) -> bool:
        """True for the six Anniversary special cards."""
        return self.kind in SPECIAL_KINDS

    @property
    def value(self) -> float:
        """Value within a colour: the rank, 7.5 for the Juggler, 9.75 for the Cloud."""
        rank = self.rank
        if rank is not None:  # only number cards have a rank (checked as the card is made)
            return float(rank)
        return NAMED_COLOUR_KINDS.get(self.kind, 0.0)

    def with_colour(self, colour: str) -> Card:
        """A Juggler or Cloud given the colour its player names when playing it."""
        if self.kind not in NAMED_COLOUR_KINDS:
            raise CardTextError(f"Only a Juggler or a Cloud takes a colour, not {self}.")
        colour = colour.strip().upper() if isinstance(colour, str) else colour
        if colour not in COLOURS:
            raise CardTextError(f"{colour!r} is not a colour: choose R, G, B or Y.")
        return Card(self.kind, colour)

    @property
    def unnamed(self) -> Card:
        """The card as it sits in a hand (a played Juggler:R is the Juggler)."""
        return Card(self.kind) if self.kind in NAMED_COLOUR_KINDS else self

    # -- text and pictures -------------------------------------------------
    def __str__(self) -> str:
        if self.kind == NUMBER:
            return f"{self.colour}{self.rank}"
        text = _KIND_TEXT[self.kind]
        return f"{text}:{self.colour}" if self.colour else text

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def _repr_html_(self) -> str:
        from ..display.html import card_html

        return card_html(self)

    @property
    def name(self) -> str:
        """A friendly name: ``'red 7'``, ``'Wizard'``, ``'Juggler (blue)'``."""
        colour = self.colour
        if colour is None:
            return self.kind.capitalize()
        if self.kind == NUMBER:
            return f"{COLOUR_NAMES[colour]} {self.rank}"
        return f"{self.kind.capitalize()} ({COLOUR_NAMES[colour]})"


def _made(kind: str, colour: str | None = None, rank: int | None = None) -> Card:
    card = object.__new__(Card)
    for name, value in (("kind", kind), ("colour", colour), ("rank", rank)):
        object.__setattr__(card, name, value)  # (the dataclass way into a frozen object)
    return card


#: Every card there is, made once as the module loads: ``Card(...)`` checks a card and hands back its
#: object (so no two threads can ever make two of one card).
_EVERY_CARD: dict[tuple[str, str | None, int | None], Card] = {
    (kind, colour, rank): _made(kind, colour, rank) for kind, colour, rank in (
        *((NUMBER, c, r) for c in COLOURS for r in range(1, 14)),
        *((kind, None, None) for kind in _KIND_TEXT),
        *((kind, c, None) for kind in NAMED_COLOUR_KINDS for c in COLOURS))}
_ONLY_CARDS = {Card}


class Cards(list):
    """A list of cards that prints as card text and shows as card pictures in Jupyter."""

    def __init__(self, items: Iterable[Card | str] | str = ()) -> None:
        if isinstance(items, str):
            items = cards(items)  # card text, as cards() reads it (not one letter a card)
        try:
            list.__init__(self, items)
        except TypeError:
            raise CardTextError(f"Give cards as text like 'R7 G13 W' or as a list of cards, not {items!r}.") from None
        # (A plain loop: the engine builds small Cards of real cards only, and they pass it quickly.)
        for c in self:
            if c.__class__ is not Card:
                self[:] = [Card.parse(c) for c in self]
                break

    @classmethod
    def _of_cards(cls, items: Iterable[Card]) -> Cards:
        """Cards from items already known to be cards (the decks): no check."""
        new = list.__new__(cls)
        list.extend(new, items)
        return new

    def __str__(self) -> str:
        return " ".join(str(c) for c in self)

    def __repr__(self) -> str:
        return f"cards({str(self)!r})"

    def _repr_html_(self) -> str:
        from ..display.html import cards_html

        return cards_html(self)


def cards(text: str | Iterable[str | Card]) -> Cards:
    """Read several cards: ``cards("R7 G13 W")`` or ``cards(["R7", "W"])``.

    >>> cards("r7, g13  w")
    cards('R7 G13 W')
    """
    if isinstance(text, str):
        parts = [p for p in re.split(r"[\s,;]+", text.strip()) if p]
    else:
        parts = list(islice(_card_items(text), MAX_CARDS + 1))  # (islice: a generator may never end)
    if len(parts) > MAX_CARDS:
        raise CardTextError(f"That is more than {MAX_CARDS} cards: no deck has so many.")
    return Cards(Card.parse(p) for p in parts)


#: More cards than any deck holds: a list this long is a mistake, refused before it is read.
MAX_CARDS = 200


def _card_items(items: object) -> Iterable:
    """``items`` if it can be a list of cards (not a number, a dict or a set, whose order is lost)."""
    if isinstance(items, Card):
        return (items,)
    if isinstance(items, (Mapping, set, frozenset, bytes, bytearray)) or not isinstance(items, Iterable):
        raise CardTextError(f"Give cards as text like 'R7 G13 W' or as a list of cards, not {items!r}.")
    return items


#: The most Wizards (or Jesters) a deck may hold.
MAX_COPIES = 8


def check_deck_counts(ranks: int, wizards: int, jesters: int, specials: Sequence[str] = ()) -> tuple[str, ...]:
    """Raise :class:`ArgumentError` unless the numbers describe a deck; the specials as a tuple."""
    if ranks.__class__ is not int or not 1 <= ranks <= 13:
        raise ArgumentError(f"The highest number card (ranks) must be a whole number from 1 to 13, "
                            f"not {ranks!r}.")
    for name, n in (("Wizards", wizards), ("Jesters", jesters)):
        if n.__class__ is not int or not 0 <= n <= MAX_COPIES:
            raise ArgumentError(f"A deck holds 0 to {MAX_COPIES} {name}, not {n!r}.")
    if isinstance(specials, str) or not isinstance(specials, (tuple, list)) \
            or any(k not in SPECIAL_KINDS for k in specials) or len(set(specials)) != len(specials):
        raise ArgumentError(f"The special cards must be a list of different Anniversary cards "
                            f"({', '.join(SPECIAL_KINDS)}), not {specials!r}.")
    return tuple(specials)


def make_deck(ranks: int, wizards: int, jesters: int, specials: Sequence[str] = ()) -> Cards:
    """A deck: ``ranks`` number cards in each colour, Wizards, Jesters and specials."""
    return Cards._of_cards(_deck(ranks, wizards, jesters, check_deck_counts(ranks, wizards, jesters, specials)))


@cache
def _deck(ranks: int, wizards: int, jesters: int, specials: tuple[str, ...]) -> tuple[Card, ...]:
    # (Checked first, so 4.0 or True never reach the cache as 4 or 1.)
    deck = [Card(NUMBER, c, r) for c in COLOURS for r in range(1, ranks + 1)]
    deck += [Card(WIZARD)] * wizards + [Card(JESTER)] * jesters
    return tuple(deck + [Card(kind) for kind in specials])


def junior_deck() -> Cards:
    """The 36 cards of Wizard Junior: 1-8 in four colours, 2 Wizards, 2 Fool Frogs."""
    return make_deck(8, 2, 2)


def classic_deck() -> Cards:
    """The 60 cards of Classic Wizard: 1-13 in four colours, 4 Wizards, 4 Jesters."""
    return make_deck(13, 4, 4)


def anniversary_deck() -> Cards:
    """The 66 cards of the Anniversary edition: the Classic deck and six special cards."""
    return make_deck(13, 4, 4, SPECIAL_KINDS)


#: Where cards without a colour go in a sorted hand (the colours come at 10-13, see :func:`sort_key`).
_UNCOLOURED_ORDER = {DRAGON: 0, WIZARD: 1, WEREWOLF: 2, JUGGLER: 3, CLOUD: 4, BOMB: 20, JESTER: 21, FAIRY: 22}


def sort_key(card: Card | str) -> tuple:
    """Sort a hand: Wizards first, then each colour high to low, Jesters last."""
    return _order(Card.parse(card))


@cache  # (one key for each card, worked out once: every card dealt is sorted)
def _order(card: Card) -> tuple:
    colour, rank = card.colour, card.rank
    if colour is None:
        return (_UNCOLOURED_ORDER[card.kind], 0.0)
    return (10 + COLOURS.index(colour), -(rank if rank is not None else card.value))


def sorted_hand(hand: Iterable[Card | str] | str) -> Cards:
    """The hand sorted the way a player would hold it (cards or card text).

    >>> sorted_hand("J R3 W R13")
    cards('W R13 R3 J')
    """
    if hand.__class__ is not list or set(map(type, hand)) - _ONLY_CARDS:  # (the engine's hands pass at once)
        hand = cards(hand)
    return Cards._of_cards(sorted(hand, key=_order))


__all__ = ["COLOURS", "COLOUR_NAMES", "SPECIAL_KINDS", "NAMED_COLOUR_KINDS", "Card", "Cards", "cards",
           "make_deck", "check_deck_counts", "junior_deck", "classic_deck", "anniversary_deck", "sort_key",
           "sorted_hand"]
