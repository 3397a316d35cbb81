"""The error family of wizard-edu.

Every mistake a learner (or a program) can make raises a subclass of
:class:`WizardError`, which is itself a :class:`ValueError`.  Messages are
written so that a teacher can read them aloud to a child.
"""

from __future__ import annotations


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


# -- issue 10, every bad input refused (bad-input) -------------------------------------
class ArgumentError(WizardError):
    """An argument of the wrong kind or size (text where a number belongs, a negative count...)."""


class DuplicateCardError(WizardError):
    """The same card given twice (or more often than the deck holds it)."""


class TrickSizeError(IllegalPlayError):
    """A trick with more cards than players at the table (Wizard has at most 6)."""


class ExerciseError(WizardError):
    """An exercise that cannot be made or checked as asked (unknown kind, an answer of the wrong kind...)."""


class WorksheetError(ExerciseError):
    """A worksheet that cannot be made as asked (unknown topic, too many exercises...)."""


class KidModeError(WizardError):
    """Kid mode cannot start (no notebooks folder, Voila missing, Voila did not start)."""
