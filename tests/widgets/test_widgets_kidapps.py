"""Kid-mode apps and the notebooks' widgets: they wait for the learner, and nothing plays for them.

* Every app notebook in notebooks/apps/ is run here (its code cells, in this process) and must
  show a widget at the learner's first decision, framed with links back to the start page.
* In every notebook, a widget shown to the learner is never changed by a later cell (no later
  ``table.act(...)``, ``quiz.answer(...)``, ``trainer.set_level(...)``, ``hint(table.view)``...):
  each demonstration in code uses a widget of its own.
"""

from __future__ import annotations

import ast
import os
import re
from pathlib import Path

import nbformat
import pytest

from wizard_edu.kidmode.kidmode import KID_APPS, available_apps, landing_html
from wizard_edu.widgets import (
    DealWidget,
    LegalPlayTrainer,
    PredictionWidget,
    TableWidget,
    TrickTrainer,
    WinProbabilityExplorer,
)
from wizard_edu.widgets.class_table import ClassTableApp
from wizard_edu.widgets.kidapp import START_PAGE, KidApp

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO / "notebooks"
APPS = sorted((NOTEBOOKS / "apps").glob("*.ipynb"))
LESSONS = sorted(NOTEBOOKS.glob("[0-9][0-9]-*.ipynb"))

#: Methods that change what a widget shows (a learner's move, a hint, a new question...).
CHANGING = {"act", "bid", "play", "choose_trump", "hint", "answer", "next", "set_level", "toggle", "check",
            "reveal", "predict", "new_hand", "new_game", "load_json", "deal", "new_seed", "set_hand", "clear"}
WIDGETS = ("TableWidget", "TrickTrainer", "LegalPlayTrainer", "ScoringQuiz", "PredictionWidget", "DealWidget",
           "WinProbabilityExplorer", "LawOfLargeNumbers", "RoundOneHeatMap")


def run_app(path: Path):
    """Run an app notebook's code cells like Voila does; the value of its last line."""
    nb = nbformat.read(path, as_version=4)
    code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    tree = ast.parse(code)
    last = tree.body.pop()
    namespace: dict = {}
    here = os.getcwd()
    os.chdir(path.parent)
    try:
        exec(compile(tree, str(path), "exec"), namespace)  # noqa: S102 - the kit's own notebooks
        return eval(compile(ast.Expression(last.value), str(path), "eval"), namespace)  # noqa: S307
    finally:
        os.chdir(here)


def test_every_app_of_the_catalogue_has_its_notebook():
    assert {p.stem for p in APPS} == {app.name for app in KID_APPS}
    listed = available_apps(NOTEBOOKS)
    assert [app for app, _ in listed] == list(KID_APPS)
    html = landing_html(NOTEBOOKS)
    for _app, href in listed:
        assert f'href="{href}"' in html and (NOTEBOOKS / href).is_file()
    # A picture per app: real cards, drawn like everywhere else in the kit.
    assert html.count('class="kid-app-picture"') == len(KID_APPS)
    assert html.count('class="wizard-card') >= 2 * len(KID_APPS)


@pytest.mark.parametrize("path", APPS, ids=lambda p: p.stem)
def test_an_app_waits_for_the_learner_and_links_back(path):
    app = run_app(path)
    assert isinstance(app, KidApp), "an app ends with kid_app(widget)"
    links = [c.value for c in app.children if "wizard-kid-back" in c._dom_classes]
    assert len(links) == 2 and all(f'href="{START_PAGE}"' in v for v in links)
    assert (path.parent / START_PAGE).resolve() == (NOTEBOOKS / "kids.ipynb").resolve()
    w = app.widget
    if isinstance(w, TableWidget):
        assert w.view.my_turn and not [a for s, a in w.game.history if s == w.seat]
        assert w.last_hint is None and w.message_kind == "info"
        assert w.seed_box.layout.display == "none" and w.saving_box.layout.display == "none"
    elif isinstance(w, PredictionWidget):
        assert w.result is None and w.game.to_move == w.seat
    elif isinstance(w, TrickTrainer):
        assert w.answered is None and w.asked == 0
    elif isinstance(w, LegalPlayTrainer):
        assert not w.selected and w.asked == 0
    elif isinstance(w, DealWidget):
        assert w.seed_box.layout.display == "none"
    elif isinstance(w, ClassTableApp):
        assert w.class_table is None, "nobody is seated before the learner joins"
    else:
        assert isinstance(w, WinProbabilityExplorer) and w.result is not None


@pytest.mark.parametrize("path", APPS, ids=lambda p: p.stem)
def test_an_app_shows_kid_text_only(path):
    nb = nbformat.read(path, as_version=4)
    text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    assert text.startswith("# ")
    for grown_up in ("run the box", "Shift", "Enter", "code", "`", "import", "grown-up", "Python", "seed",
                     "notebook", "cell", "[", "JSON"):
        assert grown_up.lower() not in text.lower(), f"{path.name}: {grown_up!r} in the app's words"
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert len(code) == 1, "one code cell (Voila hides it)"
    imports = re.findall(r"^from (\S+) import", code[0].source, re.MULTILINE)
    # Light imports: the widget's own module, never the whole kit or pandas / matplotlib.
    assert all(m.startswith("wizard_edu.widgets.") for m in imports), imports


def displayed_names(source: str) -> set[str]:
    """Names a cell shows as its last line (``table`` alone, or ``kid_app(table)``)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return set()
    if not tree.body or not isinstance(tree.body[-1], ast.Expr):
        return set()
    last = tree.body[-1].value
    items = last.elts if isinstance(last, ast.Tuple) else [last]
    names = set()
    for item in items:
        if isinstance(item, ast.Call):  # kid_app(table), display(table)
            names |= {a.id for a in item.args if isinstance(a, ast.Name)}
        elif isinstance(item, ast.Name):
            names.add(item.id)
    return names


@pytest.mark.parametrize("path", LESSONS + APPS, ids=lambda p: p.stem)
def test_a_shown_widget_is_never_changed_by_a_later_cell(path):
    nb = nbformat.read(path, as_version=4)
    widgets: set[str] = set()
    shown: set[str] = set()
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        src = "\n".join(line for line in cell.source.splitlines() if not line.startswith(("%", "!")))
        try:
            tree = ast.parse(src)
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and isinstance(node.func.value, ast.Name) and node.func.value.id in shown \
                    and node.func.attr in CHANGING:
                pytest.fail(f"{path.name}: `{ast.unparse(node)}` changes `{node.func.value.id}`, which an "
                            "earlier cell shows to the learner: give the demonstration its own widget")
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "hint":
                names = {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}
                assert not names & shown, f"{path.name}: the coach answers for the learner's own table"
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
                func = node.value.func
                name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
                if name in WIDGETS:
                    widgets |= {t.id for t in node.targets if isinstance(t, ast.Name)}
        shown |= displayed_names(src) & widgets


def test_the_static_check_finds_a_widget_played_by_a_later_cell(tmp_path):
    """The check above can fail: a notebook like the old 08 (cell 10) is caught."""
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("table = TableWidget(rules='classic')\ntable"),
                nbformat.v4.new_code_cell("table.act(hint(table.view).action)")]
    path = tmp_path / "08-old.ipynb"
    nbformat.write(nb, path)
    with pytest.raises(pytest.fail.Exception, match="changes `table`"):
        test_a_shown_widget_is_never_changed_by_a_later_cell(path)
