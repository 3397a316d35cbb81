"""The rules of play, as pure functions: follow suit, who wins a trick, scoring, bids.

This module is the one place where these rules live.  The game state machine,
the computer players, the widgets and the simulator all ask it.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ...errors import BidError, IllegalPlayError, TrumpError, whole
from ..cards import (
    COLOUR_NAMES,
    COLOURS,
    JESTER,
    NAMED_COLOUR_KINDS,
    NUMBER,
    WEREWOLF,
    WIZARD,
    Card,
    Cards,
)
from . import checks
from .checks import as_cards as as_cards  # (the card checks; others read as_cards from here too)
from .checks import check_in_deck
from .rulesets import Ruleset, get_ruleset

#: Turned-up cards that let the dealer choose the trump colour.
DEALER_CHOOSES = "dealer chooses"


def check_trump(trump: str | None) -> str | None:
    """Normalise a trump colour: ``'r'`` -> ``'R'``; ``None`` means no trump."""
    if trump is None:
        return None
    if isinstance(trump, str) and trump.strip().upper() in COLOURS:
        return trump.strip().upper()
    raise TrumpError(f"{trump!r} is not a trump colour: use 'R', 'G', 'B', 'Y' or None for no trump.")


def _check_trick(trick: Sequence[Card], ruleset: Ruleset) -> None:
    for card in trick:
        if card.kind in NAMED_COLOUR_KINDS and card.colour is None:
            raise IllegalPlayError(
                f"A played {card.kind.capitalize()} needs the colour its player named, "
                f"like {card.kind.capitalize()}:R."
            )
        if card.kind in ruleset.hooks.never_played:
            raise IllegalPlayError(ruleset.hooks.never_played[card.kind])


# -- trump -------------------------------------------------------------------
def trump_from_card(card: Card | str | None, rules: str | Ruleset = "classic") -> str | None:
    """The trump colour a turned-up card gives.

    Returns a colour letter, ``None`` (no trump: a Jester, Fairy, Bomb or no
    card at all) or :data:`DEALER_CHOOSES` (a Wizard, and in the Anniversary
    edition the Dragon, Werewolf, Juggler or Cloud).
    """
    ruleset = get_ruleset(rules)
    if card is None:
        return None
    card = Card.parse(card)
    check_in_deck(card, ruleset)
    return _trump_of(card, ruleset)


def _trump_of(card: Card, ruleset: Ruleset) -> str | None:
    """:func:`trump_from_card` for a card already checked (the engine's fast path; no parsing)."""
    hook = ruleset.hooks.trump_of  # a variant's own (Monochrome: none; the Anniversary's cards)
    if hook is not None:
        return hook(card)
    return classic_trump(card)


def classic_trump(card: Card) -> str | None:
    """The rulebook's trump: a number card's colour; no trump for a Jester; the dealer chooses for a Wizard."""
    if card.kind == NUMBER:
        return card.colour
    if card.kind == JESTER:
        return None
    return DEALER_CHOOSES


# -- follow suit -------------------------------------------------------------
def lead_colour(trick: Sequence[Card | str] | str, rules: str | Ruleset = "classic") -> str | None:
    """The colour players must follow, or ``None`` when anything may be played.

    It is the colour of the first card in the trick that has one, unless a
    Wizard comes before it (then nobody must follow).  Jesters (and the
    Dragon, Fairy and Bomb) set no colour.  In Monochrome colours never matter.
    """
    ruleset = get_ruleset(rules)
    return _lead_of(checks.trick(trick, ruleset), ruleset)


def _lead_of(trick: Sequence[Card], ruleset: Ruleset) -> str | None:
    """:func:`lead_colour` for cards already checked (the engine's fast path; no parsing)."""
    hook = ruleset.hooks.lead_of
    if hook is not None:
        return hook(trick)
    for card in trick:
        if card.kind == WIZARD:
            return None
        if card.colour is not None:
            return card.colour
    return None


def legal_plays(hand: Iterable[Card | str] | str, trick: Iterable[Card | str] | str = (),
                rules: str | Ruleset = "classic") -> Cards:
    """The cards of ``hand`` that may be played onto ``trick`` (cards already played).

    >>> legal_plays("R3 G9 W", "R12")
    cards('R3 W')
    >>> legal_plays("R3 G9 W", "J W R12")
    cards('R3 G9 W')
    """
    ruleset = get_ruleset(rules)
    hand_cards, trick_cards = checks.hand_and_trick(hand, trick, ruleset)
    _check_trick(trick_cards, ruleset)
    return Cards(playable(hand_cards, trick_cards, ruleset))


def playable(hand: Sequence[Card], trick: Sequence[Card], ruleset: Ruleset) -> list[Card]:
    """The rule behind :func:`legal_plays`, for cards the game already checked (no parsing): the
    cards of ``hand``, in hand order, that follow suit onto ``trick``."""
    colour = _lead_of(trick, ruleset) if trick else None
    # A variant's card that is never played (the Anniversary's Werewolf) is never legal.
    never = ruleset.hooks.never_played
    if colour is not None:
        for card in hand:
            if card.kind == NUMBER and card.colour == colour:
                # They hold the colour led: that colour, or a card without one (Wizard, Jester, ...).
                return [c for c in hand if c.colour == colour or (c.kind != NUMBER and c.kind not in never)]
    return [c for c in hand if c.kind not in never] if never else list(hand)


def check_play(hand: Sequence[Card], trick: Sequence[Card], card: Card,
               rules: str | Ruleset = "classic") -> None:
    """Raise :class:`IllegalPlayError`, with the reason in plain words, unless ``card`` may be played."""
    ruleset = get_ruleset(rules)
    (hand, trick), card = checks.hand_and_trick(hand, trick, ruleset), checks.one_card(card, ruleset)
    if card.unnamed not in hand:
        raise IllegalPlayError(f"You do not hold {card.unnamed}. Your hand: {Cards(hand) or 'no cards'}.")
    if card.kind in NAMED_COLOUR_KINDS and card.colour is None:
        name = card.kind.capitalize()
        raise IllegalPlayError(f"Say which colour the {name} takes as you play it: "
                               f"{name}:R, {name}:G, {name}:B or {name}:Y.")
    if card.kind in ruleset.hooks.never_played:
        raise IllegalPlayError(ruleset.hooks.never_played[card.kind])
    if card.unnamed not in legal_plays(hand, trick, ruleset):
        colour = lead_colour(trick, ruleset)
        assert colour is not None  # with no colour led every card held is legal, so one was led
        held = Cards(c for c in hand if c.kind == NUMBER and c.colour == colour)
        raise IllegalPlayError(f"You must follow {COLOUR_NAMES[colour]}: you hold {_and_list(held)}.")


def _and_list(items: Sequence) -> str:
    words = [str(i) for i in items]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


# -- who wins the trick ------------------------------------------------------
@dataclass(frozen=True, slots=True)
class TrickResult:
    """Who won a trick and which rule decided it.

    ``winner`` is the index of the winning card in play order, or ``None`` when
    the Bomb means nobody wins.  ``rule`` is a short code (``"first-wizard"``,
    ``"highest-trump"``, ``"highest-led"``, ``"first-jester"``, ``"dragon"``,
    ``"fairy"``, ``"bomb"``, ``"highest-value"``); ``reason`` says it in words.
    ``leader_next`` is the index whose player leads the next trick.
    """

    winner: int | None
    rule: str
    reason: str
    leader_next: int


def explain_trick(trick: Iterable[Card | str] | str, trump: str | None = None,
                  rules: str | Ruleset = "classic") -> TrickResult:
    """Decide a trick and say why.

    >>> explain_trick("G8 G4 G5 R2", trump="R", rules="junior").reason
    'R2 wins: it is the highest trump (red).'
    """
    ruleset = get_ruleset(rules)
    cards = checks.trick(trick, ruleset)
    if not cards:
        raise IllegalPlayError("A trick needs at least one card to have a winner.")
    _check_trick(cards, ruleset)
    return decide_trick(cards, check_trump(trump), ruleset)


@dataclass(frozen=True, slots=True)
class PlayVerdict:
    """Whether a card may be played, and why.

    ``rule`` is a short code: allowed plays are ``"lead"``, ``"follows"``, ``"no-colour-card"``,
    ``"cannot-follow"``, ``"wizard-led"``, ``"no-colour-led"`` or ``"no-following"`` (rules where
    nobody follows, such as Monochrome); refused ones ``"must-follow"``, ``"not-in-hand"``,
    ``"name-colour"`` (a Juggler or Cloud needs its colour) or ``"werewolf"``.  ``reason`` says it
    in words to read aloud.
    """

    allowed: bool
    rule: str
    reason: str


def explain_play(hand: Iterable[Card | str] | str, trick: Iterable[Card | str] | str, card: Card | str,
                 trump: str | None = None, rules: str | Ruleset = "classic") -> PlayVerdict:
    """Say whether ``card`` may be played from ``hand`` onto ``trick`` (the cards already played), and why.

    >>> explain_play("R3 G9 W", "R12", "G9").reason
    'You must follow red: you hold R3.'
    >>> explain_play("R3 G9 W", "R12", "W").reason
    'A Wizard may always be played, even when you hold red.'
    >>> explain_play("G9 B2", "R12", "B2", trump="B").reason
    'You hold no red card, so you may play any card: B2 is a trump.'
    """
    ruleset = get_ruleset(rules)
    hand_cards, trick_cards = checks.hand_and_trick(hand, trick, ruleset)
    played = checks.one_card(card, ruleset)
    _check_trick(trick_cards, ruleset)
    trump = check_trump(trump)
    try:
        check_play(hand_cards, trick_cards, played, ruleset)
    except IllegalPlayError as exc:
        if played.unnamed not in hand_cards:
            rule = "not-in-hand"
        elif played.kind == WEREWOLF:
            rule = "werewolf"
        elif played.kind in NAMED_COLOUR_KINDS and played.colour is None:
            rule = "name-colour"
        else:
            rule = "must-follow"
        return PlayVerdict(False, rule, str(exc))
    if not trick_cards:
        return PlayVerdict(True, "lead", "You lead this trick: you may play any card.")
    colour = _lead_of(trick_cards, ruleset)
    if colour is None:
        if ruleset.hooks.lead_of is not None:
            return PlayVerdict(True, "no-following",
                               "Nobody has to follow a colour in these rules: you may play any card.")
        first = next((c for c in trick_cards if c.kind == WIZARD or c.colour is not None), None)
        if first is not None and first.kind == WIZARD:
            return PlayVerdict(True, "wizard-led",
                               "A Wizard came first in this trick, so nobody has to follow a colour: "
                               "you may play any card.")
        return PlayVerdict(True, "no-colour-led", "No colour has been led yet: you may play any card.")
    name = COLOUR_NAMES[colour]
    if played.kind != NUMBER:
        article = "The" if played.is_special else "A"
        return PlayVerdict(True, "no-colour-card",
                           f"{article} {played.kind.capitalize()} may always be played, even when you hold {name}.")
    if played.colour == colour:
        return PlayVerdict(True, "follows", f"{played} follows {name}, the colour led.")
    trumps = f": {played} is a trump" if trump is not None and played.colour == trump else ""
    return PlayVerdict(True, "cannot-follow", f"You hold no {name} card, so you may play any card{trumps}.")


def decide_trick(cards: Sequence[Card], trump: str | None, ruleset: Ruleset) -> TrickResult:
    """:func:`explain_trick` for cards and trump already checked (the engine's fast path)."""
    hook = ruleset.hooks.decide_trick  # a variant's own trick rule (Monochrome: highest value;
    if hook is not None:               # the Anniversary: its special cards around this one)
        return hook(cards, trump)
    return classic_trick(cards, trump)


def classic_trick(cards: Sequence[Card], trump: str | None) -> TrickResult:
    """Who wins a trick, in the rulebook's four sentences (cards already checked, in play order)."""
    # 1. The first Wizard played wins the trick.
    for i, card in enumerate(cards):
        if card.kind == WIZARD:
            return TrickResult(i, "first-wizard", "The first Wizard played wins the trick.", i)
    # 2. Otherwise the highest trump wins.
    best = None if trump is None else _highest(cards, trump)
    if trump is not None and best is not None:
        return TrickResult(best, "highest-trump",
                           f"{cards[best]} wins: it is the highest trump ({COLOUR_NAMES[trump]}).", best)
    # 3. Otherwise the highest card of the colour led wins.
    led = next((c.colour for c in cards if c.colour is not None), None)
    if led is not None:
        best = _highest(cards, led)
        assert best is not None  # (the card that set the colour led is one)
        no_trump = "" if trump is None else ", and no trump was played"
        return TrickResult(best, "highest-led",
                           f"{cards[best]} wins: it is the highest {COLOUR_NAMES[led]} card, "
                           f"the colour led{no_trump}.", best)
    # 4. Only Jesters were played (no Wizard, no card of a colour): the first Jester wins.
    return TrickResult(0, "first-jester", "Only Jesters were played, so the first Jester wins.", 0)


def monochrome_value(card: Card | str) -> float:
    """A card's value in Monochrome, where colours do not matter: Jester 0, numbers 1-13, Wizard 14.

    >>> monochrome_value("W"), monochrome_value("G7"), monochrome_value("J")
    (14.0, 7.0, 0.0)
    """
    card = Card.parse(card)
    return 14.0 if card.kind == WIZARD else 0.0 if card.kind == JESTER else card.value


def _highest(cards: Sequence[Card], colour: str) -> int | None:
    """The index of the highest card of ``colour`` in ``cards`` (the first of equal ones), or ``None``."""
    best = None
    for i, card in enumerate(cards):
        if card.colour == colour and (best is None or card.value > cards[best].value):
            best = i
    return best


def trick_winner(trick: Iterable[Card | str] | str, trump: str | None = None,
                 rules: str | Ruleset = "classic") -> int | None:
    """Index (in play order) of the card that wins ``trick``; ``None`` if the Bomb is in it.

    >>> trick_winner(["J", "R3", "W", "R13"], trump="R")
    2
    """
    return explain_trick(trick, trump, rules).winner


# -- scoring and schedules ---------------------------------------------------
def score_round(bid: int, won: int, rules: str | Ruleset = "classic") -> int:
    """Points for one round.

    Classic: exact bid scores 20 + 10 per trick, otherwise -10 per trick off.
    Junior: exact prediction scores one point per trick (1 for a correct zero), otherwise 0.

    >>> score_round(3, 1), score_round(0, 0, rules="junior")
    (-20, 1)
    """
    ruleset = get_ruleset(rules)
    checks.round_score_args(bid, won, ruleset)  # whole numbers (numpy's too), in range
    return ruleset.score(operator.index(bid), operator.index(won))


def round_sizes(players: int, rules: str | Ruleset = "classic", schedule: str | None = None) -> list[int]:
    """Cards dealt to each player in each round.

    >>> round_sizes(6, rules="junior")
    [1, 2, 3, 4, 5, 6]
    >>> round_sizes(4, schedule="tournament")
    [2, 4, 6, 8, 10, 11, 12, 13, 14, 15]
    """
    ruleset = get_ruleset(rules)
    if schedule is not None:
        ruleset = ruleset.with_options(schedule=schedule)
    return ruleset.round_sizes(players)


# -- bids ----------------------------------------------------------------------
def check_bid(bid: int, hand_size: int, previous_bids: Sequence[int] = (), *, players: int,
              rules: str | Ruleset = "classic", dealer_leads_alone: bool = False) -> None:
    """Raise :class:`BidError` unless ``bid`` is allowed.

    ``previous_bids`` are the bids already made this round; the bidder is last
    when ``len(previous_bids) == players - 1``.  ``dealer_leads_alone`` matters
    only for the Canadian rule (the last bidder is the dealer).
    """
    ruleset = get_ruleset(rules)
    checks.bid_args(hand_size, previous_bids, players, dealer_leads_alone, ruleset)
    number = whole(bid)
    if number is None:
        raise BidError(f"A bid is a whole number of tricks, not {bid!r}.")
    refusal = _bid_refusal(number, hand_size, previous_bids, players, ruleset, dealer_leads_alone)
    if refusal is not None:
        raise BidError(refusal)


def _bid_refusal(bid: int, hand_size: int, previous_bids: Sequence[int], players: int, ruleset: Ruleset,
                 dealer_leads_alone: bool) -> str | None:
    """Why ``bid`` may not be made (``None``: it may), in a round already checked."""
    if not 0 <= bid <= hand_size:
        return (f"Bid between 0 and {hand_size}: this round has {hand_size} "
                f"trick{'s' if hand_size != 1 else ''}, so {bid} is not possible.")
    last = len(previous_bids) == players - 1
    if not last or sum(previous_bids) + bid != hand_size:
        return None
    if ruleset.bid_rule == "plus-minus-one":
        return f"The bids would add up to {hand_size}, the tricks in this round: bid something else."
    if ruleset.bid_rule == "canadian" and dealer_leads_alone and bid != 0:
        return (f"The bids would add up to {hand_size}, the tricks in this round, and the "
                "dealer leads the score (Canadian rule): bid something else, or 0.")
    return None


def cloud_changes(bid: int) -> list[int]:
    """The changes the Cloud's holder may make to their bid at the end of a round.

    They must change it by +1 or -1, and a bid cannot go below zero.

    >>> cloud_changes(2), cloud_changes(0)
    ([1, -1], [1])
    """
    bid = checks.bid_value(bid)
    return [1, -1] if bid > 0 else [1]


def allowed_bids(hand_size: int, previous_bids: Sequence[int] = (), *, players: int,
                 rules: str | Ruleset = "classic", dealer_leads_alone: bool = False) -> list[int]:
    """Every bid :func:`check_bid` accepts, smallest first."""
    ruleset = get_ruleset(rules)
    checks.bid_args(hand_size, previous_bids, players, dealer_leads_alone, ruleset)
    return biddable(hand_size, previous_bids, players, ruleset, dealer_leads_alone)


def biddable(hand_size: int, previous_bids: Sequence[int], players: int, ruleset: Ruleset,
             dealer_leads_alone: bool) -> list[int]:
    """The rule behind :func:`allowed_bids`, for a round the game already checked."""
    if ruleset.bid_rule is None:
        return list(range(hand_size + 1))  # only a bid rule restricts the last bidder
    return [bid for bid in range(hand_size + 1)
            if _bid_refusal(bid, hand_size, previous_bids, players, ruleset, dealer_leads_alone) is None]
