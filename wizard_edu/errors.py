"""The error family of wizard-edu.

Every mistake a learner (or a program) can make raises a subclass of
:class:`WizardError`, which is itself a :class:`ValueError`.  Messages are
written so that a teacher can read them aloud to a child.
"""

from __future__ import annotations

import operator
from typing import Any


def short(value: Any, limit: int = 60) -> str:
    """``repr(value)`` cut to ``limit`` characters, for messages about values of any size."""
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a value whose repr fails is still reported
        text = f"a {type(value).__name__}"
    return text if len(text) <= limit else text[:limit - 3] + "..."


def whole(value: Any) -> int | None:
    """``value`` as an ``int`` if it is a whole number (an ``int``, a numpy integer, anything with
    ``__index__``), else ``None``.  ``True`` is not a number of players, and ``4.0`` is not a whole number."""
    if value.__class__ is int:
        return value
    if isinstance(value, bool) or not hasattr(type(value), "__index__"):
        return None
    try:
        return operator.index(value)
    except TypeError:  # (numpy's bool has __index__ but refuses to be one)
        return None


class WizardError(ValueError):
    """Base class of every error wizard-edu raises for bad input."""


class CardTextError(WizardError):
    """A card text such as ``"R14"`` or ``"purple 3"`` could not be read."""


class UnknownRulesetError(WizardError):
    """A ruleset name (or option) that the kit does not know."""


class PlayerCountError(WizardError):
    """A number of players the chosen rules do not allow."""


class IllegalPlayError(WizardError):
    """A card that may not be played now (not in the hand, or against follow suit)."""


class BidError(WizardError):
    """A bid out of range, or refused by a bidding variant."""


class OutOfTurnError(WizardError):
    """Somebody acted when it was not their turn."""


class WrongPhaseError(WizardError):
    """An action that does not fit the current step of the round (e.g. a bid during play)."""


class SaveFileError(WizardError):
    """A saved game that is broken, from another program, or does not replay."""


class TrumpError(WizardError):
    """A trump colour that is not R, G, B, Y or None, or a trump choice made at the wrong time."""


# -- arguments (every bad input refused) ----------------------------------------------------
class ArgumentError(WizardError):
    """An argument of the wrong kind or size (text where a number belongs, a negative count...)."""


# -- players and simulator: moved here from simulate/checks.py and simulate/play.py (the old
# names still import from there), plus the caps and seeds.
class DuplicateCardError(WizardError):
    """The same card given twice (or more often than the deck holds it)."""


class HandSizeError(WizardError):
    """A hand that is empty or too big for this many players."""


class SeatError(WizardError):
    """A seat number outside 0 .. players - 1."""


class DealerChoosesError(TrumpError):
    """A Wizard turned up: the dealer chooses trump, so the odds need that choice first."""


class SampleSizeError(WizardError):
    """A number of samples (or deals) that is not a positive whole number, or more than the cap."""


class UnknownPolicyError(WizardError):
    """An opponent (or player) model the simulator does not know."""


class SeedError(WizardError):
    """A seed that is not a whole number of 0 or more (or None)."""


class PlayerError(WizardError):
    """A computer player that does not exist, was set up wrongly, or was asked out of turn."""


# -- positions (issue 10, engine-core) -----------------------------------------------------
class PositionError(WizardError):
    """Position text (:meth:`Game.position <wizard_edu.engine.game.Game.position>`) that cannot be read."""


# -- issue 11 (questions helper): checked questions, progress files, student copies --------------
class AnswerTextError(WizardError):
    """An answer typed into a question that cannot be read (not a number, not a card, ...)."""


class ProgressFileError(WizardError):
    """A progress file that is broken, missing, or not a wizard-edu progress file."""


class EditionError(WizardError):
    """A student copy that cannot be written (folder not empty, a symlink, a broken notebook)."""


class TrickSizeError(IllegalPlayError):
    """A trick with more cards than players at the table (Wizard has at most 6)."""


class ExerciseError(WizardError):
    """An exercise that cannot be made or checked as asked (unknown kind, an answer of the wrong kind...)."""


class WorksheetError(ExerciseError):
    """A worksheet that cannot be made as asked (unknown topic, too many exercises...)."""


class KidModeError(WizardError):
    """Kid mode cannot start (no notebooks folder, Voila missing, Voila did not start)."""


# -- servers (lab, kid mode) -------------------------------------------------------------------
class ServerError(WizardError):
    """A server cannot start safely: busy port, running as root without --allow-root, no link."""


class KernelLimitReached(RuntimeError):
    """Every kernel a kid-mode server may run is in use (``--max-apps``): the page asks the pupil to
    wait.  Not a :class:`WizardError`: nobody typed anything wrong, the server is full."""


# -- games and save files (issue 10, engine-speed) ---------------------------------------------
class PlayerNameError(WizardError):
    """Players' names that are not a list of short texts, one per player."""


class ClassCsvError(WizardError):
    """A file that is not a class's rounds (wrong columns, a value that cannot be, not a CSV at all)."""
