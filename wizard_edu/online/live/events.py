"""What a live event is: one check, hint, shown answer or trainer level of one pupil.

The pupil is never in an event: the service takes them from the credential the event came with.

>>> check_event({"id": "a1", "kind": "check", "notebook": "06-x", "question": "q1", "correct": False,
...              "answer": "3", "time": 1.5})["answer"]
'3'
>>> check_event({"id": "a1", "kind": "dance", "notebook": "06-x", "question": "q1", "time": 1.5})
Traceback (most recent call last):
    ...
wizard_edu.online.errors.LiveEventError: An event's kind must be one of check, hint, shown, level, not 'dance'.
"""

from __future__ import annotations

import math
from typing import Any

from ..errors import LiveEventError

KINDS = ("check", "hint", "shown", "level")
#: The longest id, notebook, question, answer and level texts taken.
MAX_TEXT = 200
#: Events in one request.
MAX_EVENTS = 200
FIELDS = {"id", "kind", "notebook", "question", "correct", "answer", "level", "time"}


def _text(event: dict[str, Any], key: str, required: bool = True) -> str | None:
    value = event.get(key)
    if value is None and not required:
        return None
    if isinstance(value, (int, float)) and not isinstance(value, bool) and key in ("answer", "level"):
        value = str(value)
    if not isinstance(value, str) or not value.strip() or len(value) > MAX_TEXT:
        raise LiveEventError(f"An event's {key} must be a text of 1 to {MAX_TEXT} characters.")
    return value


def check_event(event: Any) -> dict[str, Any]:
    """The event, checked and tidied; :class:`LiveEventError` (a sentence) when it does not fit."""
    if not isinstance(event, dict):
        raise LiveEventError("Each event must be a JSON object.")
    extra = set(event) - FIELDS
    if extra:
        raise LiveEventError(f"An event has fields the class tables do not know: {', '.join(sorted(extra))}.")
    kind = event.get("kind")
    if kind not in KINDS:
        raise LiveEventError(f"An event's kind must be one of {', '.join(KINDS)}, not {kind!r}.")
    when = event.get("time")
    if isinstance(when, bool) or not isinstance(when, (int, float)) or not math.isfinite(when) or when < 0:
        raise LiveEventError("An event's time must be a number of seconds (Unix time).")
    out: dict[str, Any] = {"id": _text(event, "id"), "kind": kind, "notebook": _text(event, "notebook"),
                           "question": _text(event, "question"), "time": float(when)}
    if kind == "check":
        if not isinstance(event.get("correct"), bool):
            raise LiveEventError("A check must say whether it was correct (true or false).")
        out["correct"] = event["correct"]
        out["answer"] = _text(event, "answer", required=False)
    if kind == "level":
        out["level"] = _text(event, "level")
    return out


def check_batch(body: Any) -> list[Any]:
    """The list of events of a request body ``{"events": [...]}``."""
    events = body.get("events") if isinstance(body, dict) else None
    if not isinstance(events, list) or not events or len(events) > MAX_EVENTS:
        raise LiveEventError(f"Send {{\"events\": [...]}} with 1 to {MAX_EVENTS} events.")
    return events


__all__ = ["check_event", "check_batch", "LiveEventError", "KINDS"]
