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


# -- issue 11 (questions helper): checked questions, progress files, student copies --------------
class AnswerTextError(WizardError):
    """An answer typed into a question that cannot be read (not a number, not a card, ...)."""


class ProgressFileError(WizardError):
    """A progress file that is broken, missing, or not a wizard-edu progress file."""


class EditionError(WizardError):
    """A student copy that cannot be written (folder not empty, a symlink, a broken notebook)."""
