"""The rules of Wizard, in one place: pure functions (:mod:`.core`) and rulesets (:mod:`.rulesets`)."""

from typing import Any

from .core import (
    DEALER_CHOOSES,
    PlayVerdict,
    TrickResult,
    allowed_bids,
    check_bid,
    check_play,
    cloud_changes,
    explain_play,
    explain_trick,
    lead_colour,
    legal_plays,
    monochrome_value,
    round_sizes,
    score_round,
    trick_winner,
    trump_from_card,
)
from .rulesets import ANNIVERSARY, CLASSIC, JUNIOR, RULESETS, Ruleset, get_ruleset

__all__ = [
    "DEALER_CHOOSES", "TrickResult", "allowed_bids", "check_bid", "check_play", "cloud_changes", "explain_trick",
    "explain_play", "PlayVerdict",
    "lead_colour", "legal_plays", "monochrome_value", "round_sizes", "score_round", "trick_winner", "trump_from_card",
    "ANNIVERSARY", "CLASSIC", "JUNIOR", "RULESETS", "Ruleset", "get_ruleset", "RuleTables", "rule_tables",
]


def __getattr__(name: str) -> Any:
    # The rule tables (numpy) load when first asked for: the engine itself needs none of numpy.
    if name in ("RuleTables", "rule_tables"):
        from . import tables

        return getattr(tables, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
