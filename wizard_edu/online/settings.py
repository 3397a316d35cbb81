"""What the teacher sets at the class tables (stored, so a restart keeps it), each setting checked."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

from ..engine.rules.rulesets import Ruleset, get_ruleset
from ..players import LEVELS
from .errors import BadRequestError
from .names import NAME_STYLES

log = logging.getLogger("wizard_edu.online")

#: How a tournament's standings are ranked: the flyer's (points, then exact bids), or (with duplicate
#: deals) each pupil's points compared with the others who held the same cards.
STANDINGS = ("points", "duplicate")

#: Each setting's kind, as the teacher is told it when a value of another kind comes.
_SETTING_KINDS: tuple[tuple[str, tuple[type, ...], str], ...] = (
    ("table_size", (int,), "a whole number of seats"),
    ("rules", (str,), "the name of the rules (junior, classic or anniversary)"),
    ("options", (dict,), 'a set of rules options (like {"schedule": "tournament"})'),
    ("computer", (str,), "a level (" + ", ".join(LEVELS) + ")"),
    ("grace", (int, float), "a number of seconds"),
    ("computer_delay", (int, float), "a number of seconds"),
    ("chances", (bool,), "true or false"),
    ("names", (str,), "a way to show names (" + ", ".join(NAME_STYLES) + ")"),
    ("duplicate", (bool,), "true or false"),
    ("standings", (str,), "the way the standings are ranked (" + ", ".join(STANDINGS) + ")"),
)


def _is_kind(value: object, kinds: tuple[type, ...]) -> bool:
    """``value`` is one of ``kinds`` (true and false are not numbers here)."""
    return isinstance(value, kinds) and (bool in kinds or not isinstance(value, bool))


def _of_kind(name: str, value: object, kinds: tuple[type, ...]) -> bool:
    """A stored setting of its kind; one of another kind (stored before settings were checked) is
    dropped with a warning, so the lesson starts with the default."""
    if _is_kind(value, kinds):
        return True
    log.warning("The stored setting %s was %s; the default is used.", name, _short(value))
    return False


def _short(value: object) -> str:
    """A value as a sentence quotes it: at most 40 characters (a pasted essay is not read aloud)."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


@dataclass
class Settings:
    """What the teacher sets (stored, so a restart keeps it)."""

    table_size: int = 4
    rules: str = "classic"
    options: dict[str, Any] = field(default_factory=dict)
    computer: str = "medium"
    grace: float = 30.0
    computer_delay: float = 0.6
    chances: bool = True
    names: str = "full"
    #: Duplicate deals: in one tournament round every table of the same size plays the same cards
    #: (set before the tournament starts; see :mod:`wizard_edu.online.tournament_tables`).
    duplicate: bool = False
    standings: str = "points"

    def check(self) -> None:
        """Raise a teacher-readable error (:class:`BadRequestError`) for a setting that cannot work.

        Each setting's kind is checked first (they come as JSON from the board): ``"false"`` is not false.
        """
        for name, kinds, said in _SETTING_KINDS:
            value = getattr(self, name)
            if not _is_kind(value, kinds):
                raise BadRequestError(f"The setting {name} is {said}, not {_short(value)}.")
        if not all(isinstance(key, str) for key in self.options):
            raise BadRequestError("The setting options names each rules option by a word.")
        if self.computer not in LEVELS:
            raise BadRequestError(f"Computer players are {', '.join(LEVELS)}, not {_short(self.computer)}.")
        if self.names not in NAME_STYLES:
            raise BadRequestError(f"Names can be shown as {', '.join(NAME_STYLES)}, not {_short(self.names)}.")
        if self.standings not in STANDINGS:
            raise BadRequestError(f"The standings are ranked by {' or '.join(STANDINGS)}, not {_short(self.standings)}.")
        if not 2 <= self.table_size <= 6:
            raise BadRequestError(f"A table has 2 to 6 seats, not {self.table_size!r}.")
        for name in ("grace", "computer_delay"):
            value = getattr(self, name)
            if not 0 <= value <= 3600:
                raise BadRequestError(f"{name.replace('_', ' ').capitalize()} is a number of seconds from 0 to 3600, "
                                      f"not {value!r}.")
        self.ruleset().check_players(self.table_size)

    def ruleset(self) -> Ruleset:
        return get_ruleset(self.rules, **self.options)

    @classmethod
    def from_stored(cls, stored: dict[str, Any]) -> Settings:
        """The settings a database holds (the defaults for those it does not, or holds of another kind)."""
        return cls(**{name: stored[name] for name, kinds, _ in _SETTING_KINDS
                      if name in stored and _of_kind(name, stored[name], kinds)})



__all__ = ["Settings", "STANDINGS"]
