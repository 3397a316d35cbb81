"""Play together: the class table service and a pupil's seat at it (issue 23; see docs/online.md).

``wizard-edu tables`` runs :class:`~wizard_edu.online.service.TableService` behind
:mod:`~wizard_edu.online.server`; a pupil's program joins with :func:`join` and plays through its
:class:`Seat`.
"""

from .client import Seat, join
from .errors import (
    ClassCodeError,
    NotYourSeatError,
    OnlineError,
    PassEndedError,
    PausedError,
    PupilNameError,
    SeatTakenError,
    SeatTimeoutError,
    ServiceUnreachableError,
    TableNotStartedError,
    TeacherOnlyError,
)

__all__ = ["join", "Seat", "OnlineError", "ClassCodeError", "ServiceUnreachableError", "SeatTimeoutError",
           "NotYourSeatError", "TeacherOnlyError", "TableNotStartedError", "PausedError", "PupilNameError",
           "SeatTakenError", "PassEndedError"]
