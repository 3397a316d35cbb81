"""The variant seam: what a variant may change, as hooks with the standard game as default.

A :class:`VariantRules` object says how one ruleset differs from plain Wizard: the deal, the trick
rules, extra steps of the round (each a :class:`Phase`, with the variant's own per-round state in
``game.state.extra``), and what players see and a position stores.  Every hook has the standard
behaviour as its default, so a variant overrides only what it changes.

A ruleset finds its hooks by its :attr:`~wizard_edu.engine.rules.rulesets.Ruleset.variant` key in
:data:`VARIANT_RULES`; :func:`register_variant` adds a variant and its ruleset entry.  The
built-in Anniversary and Monochrome hooks live in :mod:`wizard_edu.engine.rules.anniversary` and
:mod:`wizard_edu.engine.rules.monochrome`; ``docs/variants.md`` walks through a toy variant.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ...errors import UnknownRulesetError
from ..actions import register_action_kind
from ..cards import Card, Cards, sorted_hand
from ..phases import PhaseName, PhaseText
from .registry import RULESETS, VARIANT_RULES

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game
    from .core import TrickResult
    from .rulesets import Ruleset

#: The phase a hook sets when the round is to be scored now (the game then scores it).
SCORE = PhaseName.SCORE


@dataclass(slots=True)
class Deal:
    """The cards of a new round: ``hands[seat]``, the undealt ``stock`` (``stock[0]`` is turned up)
    and, for variants that deal from private piles, what is left of each seat's pile."""

    hands: list[Cards]
    stock: Cards
    piles: list[Cards] = field(default_factory=list)


@dataclass(frozen=True)
class Phase:
    """A step of the round that a variant adds (e.g. the Anniversary pass after a Juggler trick).

    ``action`` is the action kind it takes; ``to_move(game)`` the seat to act; ``legal(game)`` the
    values that action may take; ``apply(game, seat, value)`` checks and carries out a value
    (raising a :class:`~wizard_edu.errors.WizardError` and changing nothing if refused), sets
    ``game.state.phase`` to what comes next (:data:`SCORE` to score the round), and returns
    ``(value recorded in the history, events)``.  ``doing(game)`` and ``status(game)`` are the
    words for a wrong-phase hint ("You cannot bid now: ...") and for :meth:`Game.status`;
    ``text`` what the player to move is told, and the words of the step's buttons (see
    :class:`~wizard_edu.engine.phases.PhaseText`; by default a plain "Your turn" and the values as text).
    """

    name: str
    action: str
    to_move: Callable[[Game], int]
    legal: Callable[[Game], list[Any]]
    apply: Callable[[Game, int, Any], tuple[Any, tuple]]
    doing: Callable[[Game], str]
    status: Callable[[Game], str]
    #: How a position writes and reads this action's value (see :mod:`wizard_edu.engine.position`).
    parse_value: Callable[[str], Any] = str
    text: PhaseText = PhaseText(lambda view: "Your turn.")
    #: Where in the round the step stands: ``"deal"`` (after the deal, before any bid: the
    #: Anniversary's Werewolf), ``"tricks"`` (after the bids, cards still in hand: the pass) or
    #: ``"scoring"`` (every card played: the Cloud); positions check a game's bids and cards by it.
    stage: str = "tricks"


class VariantRules:
    """Plain Wizard.  Subclass and override the hooks a variant changes."""

    #: The ruleset's :attr:`~wizard_edu.engine.rules.rulesets.Ruleset.variant` key.
    key: str = "standard"
    #: Extra phases by name (their action kinds must differ from the standard ones).
    phases: Mapping[str, Phase] = {}
    #: Trick-rule overrides; ``None`` keeps the standard rule of :mod:`wizard_edu.engine.rules.core`.
    #: ``trump_of(card)`` -> colour, ``None`` or ``DEALER_CHOOSES``; ``lead_of(cards)`` -> colour
    #: or ``None``; ``decide_trick(cards, trump)`` -> :class:`~wizard_edu.engine.rules.core.TrickResult`.
    trump_of: Callable[[Card], str | None] | None = None
    lead_of: Callable[[Sequence[Card]], str | None] | None = None
    decide_trick: Callable[[Sequence[Card], str | None], TrickResult] | None = None
    #: The names :meth:`view_extras` and :meth:`record_extras` give, each with its value when there is
    #: nothing to say: a view or record of any rules reads as that (``view.werewolf_swap`` is ``None``
    #: in a Classic game), so code that asks every game need not ask which rules it has.
    view_fields: Mapping[str, Any] = {}
    record_fields: Mapping[str, Any] = {}
    #: Card kinds never played to a trick, each with the reason told to a player who tries (the
    #: Anniversary's Werewolf is swapped for the trump card instead).  The play checks of
    #: :mod:`~wizard_edu.engine.rules.core` leave them out of the legal cards and refuse them.
    never_played: Mapping[str, str] = {}

    # -- players, rounds and the deal ---------------------------------------------------------
    def check_players(self, ruleset: Ruleset, players: int) -> None:
        """Raise :class:`~wizard_edu.errors.PlayerCountError` if the variant refuses this many."""

    def round_sizes(self, ruleset: Ruleset, players: int) -> list[int] | None:
        """The variant's own schedule, or ``None`` for the ruleset's schedule."""
        return None

    def max_hand_size(self, ruleset: Ruleset, players: int) -> int:
        """The most cards a hand can hold (limits custom ``hand_sizes``)."""
        return ruleset.deck_size // players

    def deal(self, ruleset: Ruleset, players: int, dealer: int, hand_size: int, rng: random.Random) -> Deal:
        """Shuffle and deal ``hand_size`` cards to each seat from the dealer's left; the rest is the stock."""
        deck = list(ruleset.deck_cards)  # (a plain list: it shuffles a fifth faster than a Cards)
        rng.shuffle(deck)
        hands = [Cards()] * players
        for i in range(players):
            hands[(dealer + 1 + i) % players] = sorted_hand(deck[i * hand_size:(i + 1) * hand_size])
        return Deal(hands, Cards(deck[players * hand_size:]))  # the rest is the stock

    # -- the round's flow -----------------------------------------------------------------------
    def new_state(self, players: int) -> Any:
        """The variant's own per-round state (``game.state.extra``); ``None`` if it needs none."""
        return None

    def after_deal(self, game: Game) -> tuple:
        """After the deal and the trump: may change the deal or the phase; returns the events it caused."""
        return ()

    def after_bids(self, game: Game) -> tuple:
        """Once every bid is in (the phase is ``"play"``): may set a phase of its own first."""
        return ()

    def after_trick(self, game: Game, record: Any) -> tuple:
        """Called after a trick that was not the round's last; may set ``game.state.phase``."""
        return ()

    def before_scoring(self, game: Game) -> tuple:
        """After the round's last trick: may set a phase of its own (which sets :data:`SCORE` when done)."""
        return ()

    # -- what players see, the score pad and positions -----------------------------------------
    def view_extras(self, game: Game, seat: int) -> dict[str, Any]:
        """Extra :class:`~wizard_edu.engine.game.SeatView` fields for ``seat``."""
        return {}

    def record_extras(self, game: Game) -> dict[str, Any]:
        """Extra :class:`~wizard_edu.engine.game.RoundRecord` fields for the round being scored."""
        return {}

    def record_text(self, record: Any) -> str:
        """What :meth:`record_extras` kept of a scored round, as the last fields of its position
        text (no ``/`` or spaces): two fields, ``"-;-"`` for none."""
        return "-;-"

    def parse_record(self, text: str) -> dict[str, Any]:
        """Read :meth:`record_text` back into :meth:`record_extras` (raise ``ValueError`` if malformed)."""
        if text != "-;-":
            raise ValueError(f"these rules keep nothing more of a round, but the position gives {text!r}")
        return {}

    def state_text(self, game: Game) -> str:
        """The variant's per-round state as position text (no ``/`` or spaces); ``"-"`` for none."""
        return "-"

    def parse_state(self, text: str, game: Game) -> Any:
        """Read :meth:`state_text` back into a per-round state (raise ``ValueError`` if malformed)."""
        if text != "-":
            raise ValueError(f"this variant keeps no round state, but the position gives {text!r}")
        return self.new_state(game.players)


STANDARD = VariantRules()

# Hooks by variant key (VARIANT_RULES, in .registry); the built-in variants are imported when first asked for.
_BUILT_IN = {"anniversary": "wizard_edu.engine.rules.anniversary", "monochrome": "wizard_edu.engine.rules.monochrome"}


def variant_rules(key: str) -> VariantRules:
    """The hooks registered for ``key`` (the standard game if none are)."""
    if key not in VARIANT_RULES and key in _BUILT_IN:
        importlib.import_module(_BUILT_IN[key])  # registers itself
    return VARIANT_RULES.get(key, STANDARD)


def empty_extra(which: str, name: str) -> Any:
    """The value meaning "nothing" of a variant's view field (``which="view"``) or round record
    field (``"record"``) ``name``, as the variant that gives it declares; ``KeyError`` if none does."""
    for key in _BUILT_IN:
        variant_rules(key)  # (the built-in variants' fields are known even before their first game)
    for rules in list(VARIANT_RULES.values()):
        fields = rules.view_fields if which == "view" else rules.record_fields
        if name in fields:
            return fields[name]
    raise KeyError(name)


def register_variant(rules: VariantRules, ruleset: Ruleset | None = None) -> VariantRules:
    """Register a variant's hooks under ``rules.key``, and (for a new edition) its ruleset entry,
    so that ``Game(rules=ruleset.name)`` and saved games find it."""
    VARIANT_RULES[rules.key] = rules
    for phase in rules.phases.values():
        register_action_kind(phase.action, phase.parse_value)  # (save files name its actions)
    if ruleset is not None:
        if ruleset.variant != rules.key:
            raise UnknownRulesetError(f"The ruleset {ruleset.name!r} does not use the variant {rules.key!r}.")
        RULESETS[ruleset.name] = ruleset
    return rules


def pair_text(pair: tuple[int, Any] | None, spec: str = "") -> str:
    """A ``(seat, value)`` pair as position text: ``"2:R7"`` for a Werewolf swap, ``"0:+1"`` for a
    Cloud's change (``spec="+d"``); ``"-"`` for ``None``."""
    return "-" if pair is None else f"{pair[0]}:{pair[1]:{spec}}"


def read_pair(text: str, read: Callable[[str], Any]) -> tuple[int, Any] | None:
    """The pair :func:`pair_text` wrote, its value read by ``read`` (``Card.parse``, ``int``)."""
    if text == "-":
        return None
    seat, value = text.split(":", 1)
    return int(seat), read(value)


__all__ = ["Deal", "Phase", "VariantRules", "STANDARD", "SCORE", "VARIANT_RULES", "variant_rules", "empty_extra",
           "register_variant", "pair_text", "read_pair"]
