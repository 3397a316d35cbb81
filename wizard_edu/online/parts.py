"""What the parts of the table service use of it: :class:`ServicePart`, the base of each part.

:class:`~wizard_edu.online.service.TableService` is made of parts kept by subject (the teacher's desk
in :mod:`~wizard_edu.online.teacher`, the tournament in :mod:`~wizard_edu.online.tournament_tables`).
The service makes everything named here; it is declared here so that each part reads (and is type
checked) on its own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..engine.rules.rulesets import Ruleset
    from .service import Pupil, Table
    from .settings import Settings


class ServicePart:
    """The state and the steps of the class tables that a part of the service uses."""

    code: str
    paused: bool
    settings: Settings
    pupils: dict[int, Pupil]
    tables: dict[int, Table]
    tournament: dict[str, Any]
    attempts: list[dict[str, Any]]
    lesson: set[int]

    if TYPE_CHECKING:   # (made by TableService; declared for the type checker only)
        def _store(self, method: str, *args: Any) -> None: ...
        def _changed(self, table: Table | None) -> None: ...
        def _kick(self, table: Table) -> None: ...
        def _start(self, table: Table) -> None: ...
        def _deal_again(self, table: Table) -> None: ...
        def _new_table(self, size: int, ruleset: Ruleset, tournament_round: int | None = None,
                       seed: int | None = None) -> Table: ...
        def _end_token(self, pupil: Pupil, why: str) -> None: ...
        def pupil(self, token: object) -> Pupil: ...
        def table_of(self, pupil: Pupil) -> Table | None: ...
        def version(self, table: Table | None) -> str: ...
        def name_shower(self, style: str) -> Callable[[str], str]: ...
        def table_info(self, table: Table, names: str = "full", show: Callable[[str], str] | None = None,
                       teacher: bool = False) -> dict[str, Any]: ...
        def tournament_info(self, show: Callable[[str], str] | None = None) -> dict[str, Any] | None: ...
        def tournament_rules(self) -> str: ...
        def pupil_predictions(self) -> list[dict[str, Any]]: ...


__all__ = ["ServicePart"]
