"""The errors of the class table service and its client (all :class:`~wizard_edu.errors.WizardError`)."""

from __future__ import annotations

from ..errors import WizardError


class OnlineError(WizardError):
    """Something about the class tables, said so a teacher can read it aloud."""


class ClassCodeError(OnlineError):
    """A wrong (or missing) class code, or too many wrong tries."""


class TooManyTriesError(ClassCodeError):
    """Too many wrong class codes from one address: its tries wait their turn (HTTP 429)."""


class TooManyNewPupilsError(OnlineError):
    """Too many new pupils from one address in a minute (HTTP 429; joining again is not counted)."""


class BadRequestError(OnlineError):
    """A request the service cannot take: not JSON, nested too deep, a setting of the wrong kind (HTTP 400)."""


class LiveEventError(BadRequestError):
    """An event for the teacher's live view that does not fit the schema (HTTP 400, counted on the page)."""


class ServiceUnreachableError(OnlineError):
    """Nothing answers at the class tables' address (not started, stopped, a wrong address)."""


class SeatTimeoutError(OnlineError):
    """No seat within the time given (the tournament's registration is still open, say)."""


class NotYourSeatError(OnlineError):
    """A pupil's token used for somebody else's seat, or a token the service does not know."""


class TeacherOnlyError(OnlineError):
    """Something only the teacher may do or see."""


class TableNotStartedError(OnlineError):
    """An action at a table that has not started (it waits for players or for the teacher)."""


class PausedError(OnlineError):
    """The teacher has paused every table."""


class PupilNameError(OnlineError):
    """A pupil's name that is empty or too long."""


class SeatTakenError(OnlineError):
    """A join with the name of a pupil who is playing right now (the seat stays theirs)."""


class PassEndedError(NotYourSeatError):
    """A pupil token that was ended: its pupil joined again, or the teacher freed or removed them."""


class StorageError(WizardError):
    """The class tables' database cannot be opened or written."""


class TournamentError(WizardError):
    """A tournament step that cannot be taken now (nobody registered, tables still playing...)."""


__all__ = ["OnlineError", "ClassCodeError", "TooManyTriesError", "TooManyNewPupilsError", "BadRequestError",
           "ServiceUnreachableError", "SeatTimeoutError", "NotYourSeatError", "TeacherOnlyError", "TableNotStartedError",
           "PausedError", "PupilNameError", "SeatTakenError", "PassEndedError", "StorageError", "TournamentError",
           "LiveEventError"]
