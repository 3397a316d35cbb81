"""The widgets name no phase or action kind by its text and tell no player by its class name.

A phase or an action kind is a :class:`~wizard_edu.engine.phases.PhaseName`,
:class:`~wizard_edu.engine.actions.ActionKind` or a variant's own phase (the Anniversary's
:class:`~wizard_edu.engine.rules.anniversary.AnniversaryPhase`); a screen asks the phase for its words
(:mod:`wizard_edu.teach.phase_words`).  This test reads the source of every module in
``wizard_edu/widgets/`` (with :mod:`ast`) and fails on

* a text literal that is a phase or kind name compared with something named ``phase`` or ``kind``
  (``view.phase == "bid"``, ``action.kind in ("trump", "werewolf")``);
* an ``Action("bid", ...)`` made with a literal kind;
* a class-name test: ``type(x).__name__`` or ``x.__class__.__name__`` compared with anything, or
  ``type(x) is Cls`` / ``type(x) == Cls``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import wizard_edu.widgets
from wizard_edu.engine.actions import ACTION_KINDS
from wizard_edu.engine.phases import PhaseName
from wizard_edu.engine.rules.anniversary import AnniversaryPhase

WIDGETS = Path(wizard_edu.widgets.__file__).parent
#: Every phase and action-kind name the kit knows.
NAMES = frozenset({*(str(p) for p in PhaseName), *(str(k) for k in ACTION_KINDS),
                   *(str(p) for p in AnniversaryPhase)})


def _literals(node: ast.expr) -> list[str]:
    """The phase/kind names written as text in ``node`` (a literal, or a tuple/list/set of them)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value] if node.value in NAMES else []
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [name for elt in node.elts for name in _literals(elt)]
    return []


def _names_phase_or_kind(node: ast.expr) -> bool:
    text = ast.unparse(node).lower()
    return "phase" in text or "kind" in text


def _is_class_name(node: ast.expr) -> bool:
    """``type(x).__name__`` or ``x.__class__.__name__``."""
    if not (isinstance(node, ast.Attribute) and node.attr == "__name__"):
        return False
    inner = node.value
    return ((isinstance(inner, ast.Call) and isinstance(inner.func, ast.Name) and inner.func.id == "type")
            or (isinstance(inner, ast.Attribute) and inner.attr == "__class__"))


def _is_type_call(node: ast.expr) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "type"


def offences(source: str, filename: str = "<source>") -> list[str]:
    """Every raw phase/kind and class-name test in ``source``, as "file:line: what"."""
    found = []
    for node in ast.walk(ast.parse(source, filename)):
        where = f"{filename}:{getattr(node, 'lineno', '?')}"
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            for i, side in enumerate(sides):
                raw = _literals(side)
                others = sides[:i] + sides[i + 1:]
                if raw and any(_names_phase_or_kind(o) for o in others):
                    found.append(f"{where}: raw phase or kind {raw} in {ast.unparse(node)}")
                if _is_class_name(side):
                    found.append(f"{where}: class-name test {ast.unparse(node)}")
            if (any(isinstance(op, (ast.Is, ast.IsNot, ast.Eq, ast.NotEq)) for op in node.ops)
                    and any(_is_type_call(s) for s in sides)):
                found.append(f"{where}: class test {ast.unparse(node)}")
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Action"
              and node.args and _literals(node.args[0])):
            found.append(f"{where}: Action made with a raw kind: {ast.unparse(node)}")
    return found


@pytest.mark.parametrize("path", sorted(WIDGETS.glob("*.py")), ids=lambda p: p.name)
def test_widget_module_names_no_raw_phase(path: Path) -> None:
    assert offences(path.read_text(encoding="utf-8"), path.name) == []


@pytest.mark.parametrize("source", [
    'if view.phase == "bid": pass',
    'ok = game.phase != "trump"',
    'k = action.kind in ("trump", "werewolf")',
    'x = "over" == self.view.phase',
    'a = Action("play", card)',
    'slow = type(player).__name__ == "SimulatingPlayer"',
    'same = spec.__class__.__name__ in names',
    'same = type(spec) is cls',
])
def test_the_scan_sees_each_kind_of_offence(source: str) -> None:
    assert len(offences(source)) == 1, source


@pytest.mark.parametrize("source", [
    'if view.phase == PhaseName.BID: pass',
    'k = action.kind in NAMING_KINDS',
    'if self.kind == "number": pass',  # a question's kind, not an action's
    'if p.get("kind") == "computer": pass',  # a player's kind at the class table
    'many = type(worked) in (list, tuple)',
    'words = {"bid": 1}["bid"]',
    'a = Action(ActionKind.PLAY, card)',
])
def test_the_scan_lets_words_and_enums_be(source: str) -> None:
    assert offences(source) == []
