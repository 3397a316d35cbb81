"""Rulesets: which deck, how many rounds, how rounds score, and which variants are on.

A :class:`Ruleset` is a small frozen value.  The three editions are registered
by name (``"junior"``, ``"classic"``, ``"anniversary"``); variants are options
layered on top (``get_ruleset("classic", bid_rule="canadian")``), so adding a
variant never touches the trick rules in :mod:`wizard_edu.engine.rules.core`.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from functools import cached_property
from typing import Any

from ...errors import PlayerCountError, UnknownRulesetError, WizardError, whole
from ..cards import COLOURS, JESTER, NUMBER, SPECIAL_KINDS, WIZARD, Card, Cards, check_deck_counts, make_deck
from .registry import RULESETS
from .variant import VariantRules, variant_rules

#: Tournament quick reference: cards dealt in each of the 10 hands.
TOURNAMENT_SCHEDULE: dict[int, list[int]] = {
    6: list(range(1, 11)),
    5: [2, 4, 5, 6, 7, 8, 9, 10, 11, 12],
    4: [2, 4, 6, 8, 10, 11, 12, 13, 14, 15],
}


@dataclass(frozen=True)
class Ruleset:
    """Everything that differs between editions and variants.

    Attributes:
        name: ``"junior"``, ``"classic"`` or ``"anniversary"``.
        ranks: highest number card (8 in Junior, 13 otherwise).
        wizards, jesters: how many of each the deck holds.
        specials: the Anniversary special cards in the deck.
        scoring: ``"junior"`` (chips, never lost) or ``"classic"`` (20 + 10 a trick, -10 a trick off).
        schedule: ``"standard"`` or ``"tournament"`` (10 hands, 4-6 players).
        bidding: ``"open"`` (in turn), ``"hidden"`` (all at once, then shown)
            or ``"secret"`` (hidden until the round is scored).
        bid_rule: ``None``, ``"canadian"`` or ``"plus-minus-one"``.
        clairvoyance: in round 1 everyone sees every card but their own.
        monochrome: the Monochrome variant (3-4 players, own coloured piles, no trump).

    Options combine freely, except where the cards make a combination
    impossible (a clear :class:`UnknownRulesetError` or
    :class:`PlayerCountError` says why): Monochrome uses the Classic cards and
    its own 12 rounds; the tournament schedule needs a 60-card deck; and
    Clairvoyance needs a first round of one card.  With hidden or secret bids
    a bid rule still restricts the last bidder, as a scorekeeper who knows
    every bid would: the one refused bid tells that player the others' total.
    """

    name: str
    ranks: int
    wizards: int
    jesters: int
    specials: tuple[str, ...] = ()
    scoring: str = "classic"
    schedule: str = "standard"
    bidding: str = "open"
    bid_rule: str | None = None
    clairvoyance: bool = False
    monochrome: bool = False

    def __post_init__(self) -> None:
        # Every field is checked once here, so the rules can trust a Ruleset wherever it goes.
        _check_fields(self)

    # -- the deck ----------------------------------------------------------
    def deck(self) -> Cards:
        """A fresh, ordered deck for this ruleset."""
        return Cards(self.deck_cards)

    @cached_property
    def deck_cards(self) -> tuple[Card, ...]:
        """The deck's cards in order, made once (every round deals a fresh list of them)."""
        return tuple(make_deck(self.ranks, self.wizards, self.jesters, self.specials))

    @property
    def deck_size(self) -> int:
        return 4 * self.ranks + self.wizards + self.jesters + len(self.specials)

    @property
    def title(self) -> str:
        """A human title, e.g. ``'Classic Wizard (Canadian rule)'``."""
        base = {"junior": "Wizard Junior", "classic": "Classic Wizard",
                "anniversary": "Wizard Anniversary"}.get(self.name, self.name)
        extras = [(k if v is True else f"{v} bidding" if k == "bidding" else str(v))
                  for k, v in self.options().items() if v != OPTION_DEFAULTS[k]]
        return f"{base} ({', '.join(extras)})" if extras else base

    # -- the variant seam ---------------------------------------------------
    @property
    def variant(self) -> str:
        """The key of this ruleset's variant hooks: ``"monochrome"``, else the edition's name."""
        return "monochrome" if self.monochrome else self.name

    @cached_property
    def hooks(self) -> VariantRules:
        """What this ruleset's variant changes (the standard game if nothing; see :mod:`.variant`)."""
        # (Cached on the frozen value: the engine asks on every play.)
        return variant_rules(self.variant)

    # -- players and rounds ------------------------------------------------
    def piles(self, players: int) -> list[Cards]:
        """Monochrome: each seat's private pile, ordered (seat ``s`` owns colour ``COLOURS[s]``).

        A pile is the 13 cards of one colour, one Wizard and one Jester.  With
        3 players yellow is the colour set aside.

        >>> piles = get_ruleset("classic", monochrome=True).piles(3)
        >>> len(piles), len(piles[2]), str(piles[2][0]), str(piles[2][-2]), str(piles[2][-1])
        (3, 15, 'B1', 'W', 'J')
        """
        if not self.monochrome:
            raise UnknownRulesetError("Only the Monochrome variant deals private piles.")
        self.check_players(players)
        return [Cards([*(Card(NUMBER, colour, r) for r in range(1, self.ranks + 1)),
                       Card(WIZARD), Card(JESTER)]) for colour in COLOURS[:players]]

    def check_players(self, players: int) -> int:
        """``players`` as an ``int``; :class:`PlayerCountError` unless this many can play."""
        number = whole(players)
        if number is None:
            raise PlayerCountError(f"The number of players must be a whole number, not {players!r}.")
        if not 3 <= number <= 6:
            raise PlayerCountError(f"Wizard is played by 3 to 6 players, not {number}.")
        self.hooks.check_players(self, number)
        if self.schedule == "tournament" and number not in TOURNAMENT_SCHEDULE:
            raise PlayerCountError("The tournament schedule is set for 4, 5 or 6 players; "
                                   f"with {number} players use the standard schedule.")
        if self.clairvoyance and (first := self._sizes(number)[0]) != 1:
            raise PlayerCountError("Clairvoyance is played in a first round of one card each; the tournament "
                                   f"schedule with {number} players starts with {first} cards. "
                                   "Use the standard schedule, or 6 players.")
        return number

    def round_sizes(self, players: int) -> list[int]:
        """Cards dealt to each player in each round."""
        return self._sizes(self.check_players(players))

    def _sizes(self, players: int) -> list[int]:
        own = self.hooks.round_sizes(self, players)
        if own is not None:
            return own
        if self.schedule == "tournament":
            return list(TOURNAMENT_SCHEDULE[players])
        if self.name == "junior":
            return list(range(1, {3: 8, 4: 8, 5: 7, 6: 6}[players] + 1))
        # Classic and Anniversary: as many rounds as a 60-card deck allows.
        return list(range(1, 60 // players + 1))

    # -- scoring -----------------------------------------------------------
    def score(self, bid: int, won: int) -> int:
        """Points for one round (see :func:`wizard_edu.engine.rules.core.score_round`)."""
        if self.scoring == "junior":
            return max(bid, 1) if bid == won else 0
        if bid == won:
            return 20 + 10 * won
        return -10 * abs(bid - won)

    # -- options -----------------------------------------------------------
    def options(self) -> dict[str, Any]:
        """The variant options (everything that is not the edition itself)."""
        return {k: getattr(self, k) for k in OPTION_NAMES}

    def with_options(self, **options: Any) -> Ruleset:
        """A copy with variant options changed; unknown or bad options are a clear error."""
        for key, value in options.items():
            _check_option(key, value)
        result = replace(self, **options)
        _check_combination(result)
        return result

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly description (used in save files)."""
        return {**asdict(self), "specials": list(self.specials)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Ruleset:
        """The ruleset :meth:`to_dict` describes."""
        return get_ruleset(data["name"]).with_options(**{k: data[k] for k in OPTION_NAMES if k in data})


OPTION_NAMES = ("schedule", "bidding", "bid_rule", "clairvoyance", "monochrome")
#: Each option's value in the editions as printed (the plain game).
OPTION_DEFAULTS: dict[str, Any] = {f.name: f.default for f in fields(Ruleset) if f.name in OPTION_NAMES}

#: The choices for each option.
_ALLOWED = {"schedule": ("standard", "tournament"), "bidding": ("open", "hidden", "secret"),
            "bid_rule": (None, "canadian", "plus-minus-one"), "clairvoyance": (True, False),
            "monochrome": (True, False)}


def _check_option(key: str, value: Any) -> None:
    if key not in _ALLOWED:
        raise UnknownRulesetError(f"{key!r} is not a rules option. Options are: {', '.join(OPTION_NAMES)}.")
    allowed = _ALLOWED[key]
    # A True/False option takes only a bool, and the others never take one (True == 1).
    if isinstance(value, bool) != isinstance(allowed[0], bool) or value not in allowed:
        choices = ", ".join(repr(v) for v in allowed)
        raise UnknownRulesetError(f"{value!r} is not a choice for {key}: choose {choices}.")


def _check_combination(ruleset: Ruleset) -> None:
    """Refuse option combinations the cards cannot support, saying why."""
    if ruleset.monochrome and ruleset.name != "classic":
        raise UnknownRulesetError("Monochrome is played with the Classic cards (1-13, Wizards and Jesters): "
                                  "use get_ruleset('classic', monochrome=True).")
    if ruleset.monochrome and ruleset.schedule != "standard":
        raise UnknownRulesetError("Monochrome has its own 12 rounds (4 to 15 cards): "
                                  "it cannot use the tournament schedule.")
    if ruleset.monochrome and ruleset.clairvoyance:
        raise UnknownRulesetError("Clairvoyance needs a first round of one card; Monochrome starts "
                                  "with 4 cards, so the two do not go together.")
    if ruleset.schedule == "tournament" and ruleset.deck_size < 60:
        raise UnknownRulesetError("The tournament schedule deals up to 60 cards; the "
                                  f"{ruleset.title.split(' (')[0]} deck has only {ruleset.deck_size}. "
                                  "Use the standard schedule.")


def _check_fields(ruleset: Ruleset) -> None:
    """Refuse a Ruleset whose fields do not describe a game (``Ruleset("classic", ranks=-1, ...)``)."""
    if not isinstance(ruleset.name, str) or not ruleset.name.strip():
        raise UnknownRulesetError(f"A ruleset needs a name, like 'classic', not {ruleset.name!r}.")
    try:
        specials = check_deck_counts(ruleset.ranks, ruleset.wizards, ruleset.jesters, ruleset.specials)
    except WizardError as exc:
        raise UnknownRulesetError(f"The {ruleset.name!r} rules do not describe a deck: {exc}") from None
    object.__setattr__(ruleset, "specials", specials)  # a list given is kept as a tuple (hashable)
    if ruleset.scoring not in ("junior", "classic"):
        raise UnknownRulesetError(f"{ruleset.scoring!r} is not a way of scoring: "
                                  "choose 'junior' or 'classic'.")
    for key in OPTION_NAMES:
        _check_option(key, getattr(ruleset, key))
    _check_combination(ruleset)
    if ruleset.monochrome and (ruleset.ranks, ruleset.wizards, ruleset.jesters) != (13, 4, 4):
        raise UnknownRulesetError("Monochrome deals each player the 13 cards of one colour, a Wizard and a "
                                  "Jester: it needs the Classic deck.")
    if ruleset.monochrome or ruleset.name not in ("junior", "classic"):
        # Other editions deal and schedule their rounds through hooks that may be registered only
        # after this ruleset is made (docs/variants.md): asking for them here would cache the wrong ones.
        return
    for players in range(3, 7):
        try:
            sizes = ruleset.round_sizes(players)
        except PlayerCountError:
            continue
        if players * max(sizes) > ruleset.deck_size:
            raise UnknownRulesetError(
                f"The {ruleset.name!r} deck has {ruleset.deck_size} cards, too few for its last round: "
                f"{players} players x {max(sizes)} cards.")


JUNIOR = Ruleset("junior", ranks=8, wizards=2, jesters=2, scoring="junior")
CLASSIC = Ruleset("classic", ranks=13, wizards=4, jesters=4, scoring="classic")
ANNIVERSARY = Ruleset("anniversary", ranks=13, wizards=4, jesters=4,
                      specials=SPECIAL_KINDS, scoring="classic")

#: The editions, by name (and any edition a variant registers: see :func:`.variant.register_variant`).
RULESETS.update({r.name: r for r in (JUNIOR, CLASSIC, ANNIVERSARY)})


def get_ruleset(rules: str | Ruleset = "classic", **options: Any) -> Ruleset:
    """Look a ruleset up by name (any case), optionally with variant options.

    >>> get_ruleset("Junior").deck_size
    36
    >>> get_ruleset("classic", bid_rule="plus-minus-one").title
    'Classic Wizard (plus-minus-one)'
    """
    if isinstance(rules, Ruleset):
        ruleset = rules
    elif isinstance(rules, str) and rules.strip().lower() in RULESETS:
        ruleset = RULESETS[rules.strip().lower()]
    else:
        names = ", ".join(repr(n) for n in RULESETS)
        raise UnknownRulesetError(f"There are no rules called {rules!r}. Choose one of {names}.")
    return ruleset.with_options(**options) if options else ruleset


__all__ = ["Ruleset", "RULESETS", "OPTION_NAMES", "OPTION_DEFAULTS", "get_ruleset", "JUNIOR", "CLASSIC", "ANNIVERSARY",
           "TOURNAMENT_SCHEDULE"]
