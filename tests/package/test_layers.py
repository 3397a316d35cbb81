"""The package's layers: every import runs down a layer, and no modules import each other in a circle.

The layers, lowest first (a module may import its own layer and the layers below it):

0. ``errors``, ``files``: what every layer uses.
1. ``engine``: cards, rules, the ``Game``.
2. ``players``, ``simulate``: computer players, the simulator and the probability on it;
   the public API (``wizard_edu/__init__.py``, which re-exports the engine and the players).
2.5 ``review``: looking back at a finished round and the record of predictions (it asks the players
   and the simulator; the screens ask it).
3. ``display``, ``widgets``, ``tables``, ``teach``: how cards look, the ipywidgets UIs, the table
   controller they draw (which imports no widget), the teaching.
4. ``kidmode``, ``lab``, ``online``, ``cli``, ``cli_teacher``: the servers and the command.

The imports are read from the source (``ast``), not by importing, so a lazy import inside a function
counts as much as one at the top: it runs back up a layer just the same. Imports under
``if TYPE_CHECKING:`` count for the layers (a type is a dependency too) but not for circles (they
never run).
"""

from __future__ import annotations

import ast
import builtins
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "wizard_edu"

LAYERS: dict[str, float] = {
    "errors": 0,
    "files": 0,
    "engine": 1,
    "players": 2,
    "simulate": 2,
    "": 2,  # wizard_edu/__init__.py, the public API: the engine and the players
    "review": 2.5,  # above the players and the simulator, below the widgets
    "display": 3,
    "widgets": 3,
    "tables": 3,
    "teach": 3,
    "kidmode": 4,
    "lab": 4,
    "online": 4,
    "cli": 4,
    "cli_teacher": 4,
}

# Imports that run up a layer on purpose, each with why. (importer, imported) as dotted module names.
ALLOWED_UP: dict[tuple[str, str], str] = {
    # Jupyter's rich display: a Card and a Cards list draw themselves in a notebook through
    # _repr_html_, which must be a method of the engine's class; the import is lazy, inside the
    # method, and the display layer imports only cards (no circle at run time).
    ("wizard_edu.engine.cards", "wizard_edu.display.html"): "Card._repr_html_ (Jupyter's display hook)",
    ("wizard_edu.simulate.api", "wizard_edu.display.html"): "a simulated deal's _repr_html_ (lazy)",
    # The simulator's and the exact odds' results print their numbers the way the kit teaches them
    # (readable(): whole numbers and fractions). display/numbers.py imports nothing of the kit; it
    # belongs below the engine (a helper of the base layer), which is a move for the display's owner.
    ("wizard_edu.simulate.api", "wizard_edu.display.numbers"): "readable() numbers in results",
    ("wizard_edu.simulate.sampling", "wizard_edu.display.numbers"): "readable() numbers in results",
    ("wizard_edu.simulate.odds", "wizard_edu.display.numbers"): "readable() numbers in results",
    # The class table widget is the pupil's screen of the class table service: ClassTable.join()
    # connects through wizard_edu.online.join (lazy) and types a Seat (TYPE_CHECKING). The service
    # never imports the widget. A cleaner cut: the notebook calls online.join() and hands the Seat in.
    ("wizard_edu.widgets.class_table", "wizard_edu.online"): "ClassTable.join() connects a pupil's seat",
    # The class's live view (issue 31): in a kernel of the class hub or of kid mode with --classroom
    # ($WIZARD_EDU_TABLES_URL set), the progress module starts the sender the first time it records an
    # event (lazy, inside _tell). The sender imports no teach module (it is handed add_listener), so no circle.
    ("wizard_edu.teach.progress", "wizard_edu.online.live.sender"): "progress starts the live sender in class",
}


# Imports that close a circle on purpose, each with why: the circle test leaves these edges out (and
# fails if one is no longer made, so the list stays true). Each is an import inside a function.
ALLOWED_CIRCLE: dict[tuple[str, str], str] = {
}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


MODULES = {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _resolve(name: str) -> str:
    """The longest prefix of ``name`` that is a module of the package (``x.y.Card`` -> ``x.y``)."""
    while name not in MODULES and "." in name:
        name = name.rsplit(".", 1)[0]
    return name


def imports(module: str, source: str | None = None) -> list[tuple[str, int, bool]]:
    """(imported module, line, runs) for each import of the package that ``module`` makes
    (read from ``source`` if given, else from its file)."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: list[tuple[str, int, bool]] = []

    def visit(node: ast.AST, runs: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child):
                for stmt in child.body:
                    visit_one(stmt, False)
                for stmt in child.orelse:
                    visit_one(stmt, runs)
            else:
                visit_one(child, runs)

    def visit_one(node: ast.AST, runs: bool) -> None:
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            # `from pkg import name`: name may be a submodule
            names = [f"{target}.{alias.name}" for alias in node.names] or [target]
        for name in names:
            if name == "wizard_edu" or name.startswith("wizard_edu."):
                target_module = _resolve(name)
                if target_module != module:
                    found.append((target_module, node.lineno, runs))
        visit(node, runs)

    visit(ast.parse(path.read_text(encoding="utf-8") if source is None else source), True)
    return found


def layer(module: str) -> float:
    parts = module.split(".")
    top = parts[1] if len(parts) > 1 else ""
    assert top in LAYERS, f"{module}: in no layer; add {top!r} to LAYERS in tests/package/test_layers.py"
    return LAYERS[top]


def test_every_module_is_in_a_layer() -> None:
    for module in MODULES:
        layer(module)


def _allowed_up(module: str, target: str) -> tuple[str, str] | None:
    return next((key for key in ALLOWED_UP if module == key[0] and
                 (target == key[1] or target.startswith(key[1] + "."))), None)


def up_imports(module: str, source: str | None = None) -> list[tuple[str, int]]:
    """(imported module, line) for each import of ``module`` that runs up a layer, allowed or not."""
    return [(target, line) for target, line, _runs in imports(module, source) if layer(target) > layer(module)]


def test_no_import_runs_back_up_a_layer() -> None:
    up = []
    used = set()
    for module in MODULES:
        for target, line in up_imports(module):
            key = _allowed_up(module, target)
            if key is None:
                up.append(f"{MODULES[module].relative_to(PACKAGE.parent)}:{line} imports {target} "
                          f"(layer {layer(module)} -> {layer(target)})")
            else:
                used.add(key)
    assert not up, "imports that run back up a layer:\n" + "\n".join(up)
    assert used == set(ALLOWED_UP), f"allowed but no longer made (drop them): {set(ALLOWED_UP) - used}"


def _graph() -> dict[str, list[str]]:
    """Who imports whom, by the imports that run."""
    return {m: sorted({t for t, _line, runs in imports(m) if runs}) for m in MODULES}


def _circle(graph: dict[str, list[str]]) -> list[str] | None:
    """A circle in ``graph`` (as a path that ends where it starts), or None."""
    state: dict[str, int] = {}  # 1: on the path, 2: done
    path: list[str] = []

    def walk(module: str) -> list[str] | None:
        state[module] = 1
        path.append(module)
        for target in graph[module]:
            if state.get(target) == 1:
                return path[path.index(target):] + [target]
            if target not in state and (found := walk(target)):
                return found
        path.pop()
        state[module] = 2
        return None

    for module in graph:
        if module not in state and (found := walk(module)):
            return found
    return None


def test_no_import_circle_between_modules() -> None:
    graph = _graph()
    gone = [edge for edge in ALLOWED_CIRCLE if edge[1] not in graph[edge[0]]]
    assert not gone, f"allowed but no longer made (drop them): {gone}"
    for importer, imported in ALLOWED_CIRCLE:
        graph[importer] = [t for t in graph[importer] if t != imported]
    circle = _circle(graph)
    assert circle is None, "an import circle: " + " -> ".join(circle or [])


def test_the_circle_finder_finds_a_circle() -> None:
    assert _circle({"a": ["b"], "b": ["c"], "c": ["a"]}) == ["a", "b", "c", "a"]
    assert _circle({"a": ["b", "c"], "b": ["c"], "c": []}) is None


@pytest.mark.parametrize("source, expected", [
    ("from ..teach.vocabulary import x\n", [("wizard_edu.teach.vocabulary", True)]),
    ("from .. import errors\n", [("wizard_edu.errors", True)]),
    ("from wizard_edu.engine import game\n", [("wizard_edu.engine.game", True)]),
    ("import wizard_edu.display.html\n", [("wizard_edu.display.html", True)]),
    ("def f():\n    from ..online import join\n", [("wizard_edu.online", True)]),
    ("if TYPE_CHECKING:\n    from ..widgets import Felt\n", [("wizard_edu.widgets", False)]),
])
def test_the_import_reader_finds_each_form(source: str, expected: list[tuple[str, bool]]) -> None:
    """The checker itself: an up-import written in any of these forms in engine/cards.py is seen."""
    assert [(t, runs) for t, _line, runs in imports("wizard_edu.engine.cards", source)] == expected


def test_an_engine_import_of_the_teaching_is_caught() -> None:
    assert up_imports("wizard_edu.engine.cards", "def f():\n    from ..teach import vocabulary\n") == [
        ("wizard_edu.teach.vocabulary", 2)]
    assert up_imports("wizard_edu.teach.worksheets", "from ..engine.cards import Card\n") == []


# -- every error class in an errors module ------------------------------------------------------------
ERROR_MODULES = ("wizard_edu.errors", "wizard_edu.online.errors")
# Error classes still defined elsewhere, each with why (drop an entry once its class has moved).
ERRORS_ELSEWHERE: dict[tuple[str, str], str] = {
    # The class tables' refusal of a request is a tornado HTTPError (tornado writes its status); an
    # online error class, left to the class tables' owner.
    ("wizard_edu.online.handler", "Refused"): "tornado's HTTPError with the service's sentence",
}
# (A warning category, such as review's PredictionsWarning, is not an error: it may live with its module.)
_BUILT_IN_ERRORS = {name for name, value in vars(builtins).items()
                    if isinstance(value, type) and issubclass(value, BaseException) and not issubclass(value, Warning)}


def error_classes(module: str, source: str | None = None) -> list[tuple[str, int]]:
    """(name, line) of each class ``module`` defines that is an error: a subclass of a built-in
    exception (not a warning), of a class named ``...Error`` or ``...Exception``, or of one of these."""
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8") if source is None else source)
    found: list[tuple[str, int]] = []
    known: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            bases = [b.attr if isinstance(b, ast.Attribute) else getattr(b, "id", "") for b in node.bases]
            if any(b in _BUILT_IN_ERRORS or b in known or b.endswith(("Error", "Exception"))
                   for b in bases):
                known.add(node.name)
                found.append((node.name, node.lineno))
    return found


def test_every_error_class_is_in_an_errors_module() -> None:
    elsewhere = [f"{MODULES[m].relative_to(PACKAGE.parent)}:{line} defines {name}"
                 for m in MODULES if m not in ERROR_MODULES
                 for name, line in error_classes(m) if (m, name) not in ERRORS_ELSEWHERE]
    assert not elsewhere, "error classes outside wizard_edu/errors.py and online/errors.py:\n" + "\n".join(elsewhere)
    stale = [key for key in ERRORS_ELSEWHERE if key[1] not in dict(error_classes(key[0]))]
    assert not stale, f"listed as elsewhere but no longer defined there (drop them): {stale}"


def test_the_error_class_finder_finds_each_form() -> None:
    source = ("import tornado.web\nclass A(RuntimeError): ...\nclass B(tornado.web.HTTPError): ...\n"
              "class C(A): ...\nclass D(WizardError): ...\nclass E: ...\nclass F(Card): ...\n"
              "class G(UserWarning): ...\n")
    assert [name for name, _line in error_classes("wizard_edu.engine.cards", source)] == ["A", "B", "C", "D"]
    assert "WizardError" in dict(error_classes("wizard_edu.errors"))
