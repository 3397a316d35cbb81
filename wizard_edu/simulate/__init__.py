"""A fast Monte Carlo simulator of Wizard rounds, vectorised over many deals with numpy.

It follows the engine's rules exactly (its tables come from :mod:`wizard_edu.engine.rules`),
and its two player models make the same choices as the engine's
:class:`~wizard_edu.players.RandomPlayer` and :class:`~wizard_edu.players.RuleOfThumbPlayer`.
"""

from .api import CHUNK, TrickEstimate, estimate_tricks, random_playouts
from .checks import (
    DealerChoosesError,
    DuplicateCardError,
    HandSizeError,
    SampleSizeError,
    SeatError,
)
from .play import POLICIES, Played, UnknownPolicyError, deal, play_rounds
from .sampling import compare_with_exact, hand_frequencies, trump_frequencies
from .tables import RuleTables, rule_tables

__all__ = [
    "CHUNK", "TrickEstimate", "estimate_tricks", "random_playouts", "DealerChoosesError",
    "DuplicateCardError", "HandSizeError", "SampleSizeError", "SeatError", "POLICIES", "Played",
    "UnknownPolicyError", "deal", "play_rounds", "RuleTables", "rule_tables",
    "compare_with_exact", "hand_frequencies", "trump_frequencies",
]
