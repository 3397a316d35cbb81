"""Before a run a notebook shows each widget's plain text: kid words, never ``TableWidget(...)`` or
``VBox(children=(...``; after a kernel restart the stopped widget says what to do (issue 29 item 7).
Also the number keys: a key press from the page goes the way a click on that number goes."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from wizard_edu.widgets.placeholder import STOPPED_CSS, run_to_open

REPO = Path(__file__).resolve().parents[2]
SENTENCE = re.compile(r"^\u25b6 [A-Z][a-z]+( [a-z]+)* appears here\. To open it, run the notebook: "
                      r"Run \u25b8 Run All Cells\.$")


def plain(widget) -> str:
    return widget._repr_mimebundle_()["text/plain"]


def made_widgets():
    from wizard_edu.teach.questions.n05 import table_chooser
    from wizard_edu.widgets import (
        DealWidget,
        LawOfLargeNumbers,
        LegalPlayTrainer,
        PredictionWidget,
        ProgressPanel,
        RoundOneHeatMap,
        TableWidget,
        TrickTrainer,
        WinProbabilityExplorer,
    )
    from wizard_edu.widgets.chips import ChipsExplorer
    from wizard_edu.widgets.class_table import ClassTableApp
    from wizard_edu.widgets.kidapp import kid_app
    from wizard_edu.widgets.quiz import ScoringQuiz

    return {
        "table": TableWidget(seed=1), "classic table": TableWidget(rules="classic", seed=8),
        "kid app": kid_app(TableWidget(seed=1)), "deal": DealWidget(seed=1), "trick trainer": TrickTrainer(seed=1),
        "card trainer": LegalPlayTrainer(seed=1), "predict": PredictionWidget(seed=1), "progress": ProgressPanel(),
        "chooser": table_chooser(), "chips": ChipsExplorer(), "quiz": ScoringQuiz(seed=5),
        "explorer": WinProbabilityExplorer(), "heat map": RoundOneHeatMap(), "experiment": LawOfLargeNumbers(),
        "class app": kid_app(ClassTableApp(url="")),
    }


def test_every_widget_a_notebook_shows_says_in_kid_words_how_to_open_it():
    shown = {name: plain(w) for name, w in made_widgets().items()}
    for name, text in shown.items():
        assert SENTENCE.match(text), f"{name}: {text!r}"
        assert "(" not in text and "children" not in text, f"{name}: {text!r}"
    assert shown["table"] == run_to_open("Your game table") == shown["kid app"]
    assert shown["class app"] == run_to_open("Your class table")
    assert shown["chooser"] == run_to_open("The table chooser")


def test_repr_stays_the_grown_ups_summary():
    from wizard_edu.widgets import TableWidget

    table = TableWidget(seed=3)
    assert repr(table).startswith("TableWidget(Wizard Junior, 4 players, seed 3:")
    bundle = table._repr_mimebundle_()
    assert bundle["application/vnd.jupyter.widget-view+json"]["model_id"] == table.model_id


def test_the_stored_notebooks_show_kid_words_where_a_widget_stands():
    """What nbval compares (text/plain), stored as the widgets say it now: no class name, no VBox."""
    raw = re.compile(r"^(TableWidget|KidApp|VBox|HBox|ProgressPanel|DealWidget|TrickTrainer|ClassTableApp)\(")
    found = []
    for path in sorted((REPO / "notebooks").rglob("*.ipynb")):
        if path.name == "00-install-check.ipynb":
            continue  # the install check shows a plain ipywidgets button on purpose (do widgets work?)
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            for out in cell.get("outputs", []):
                data = out.get("data", {})
                if "application/vnd.jupyter.widget-view+json" in data:
                    text = "".join(data.get("text/plain", ""))
                    if raw.match(text):
                        found.append(f"{path.name}: {text[:60]}")
    assert not found, found


def test_a_stopped_widget_is_hidden_and_says_what_to_do():
    assert ".wizard-widget.jupyter-widgets-disconnected>*" in STOPPED_CSS
    assert "display:none" in STOPPED_CSS
    assert "run the notebook: Run \\25B8  Run All Cells." in STOPPED_CSS  # in JupyterLab
    assert "Open the page again to play." in STOPPED_CSS  # in a kid-mode page
    from wizard_edu.widgets import TableWidget

    assert STOPPED_CSS in TableWidget(seed=1).status.value


@pytest.mark.parametrize("rules", ["junior", "classic"])
def test_a_number_key_from_the_page_predicts_like_a_click(rules):
    from wizard_edu.widgets import TableWidget

    keyed, clicked = TableWidget(rules=rules, seed=2), TableWidget(rules=rules, seed=2)
    assert keyed.view.phase == "bid" and keyed.view.my_turn
    keyed.number_keys._handle_custom_msg({"key": "1"}, [])  # what the browser sends
    clicked.bid_buttons[1].click()
    assert keyed.game.bids[0] == clicked.game.bids[0] == 1
    assert keyed.events == clicked.events and keyed.message == clicked.message


def test_a_number_key_out_of_turn_says_what_to_do_and_changes_nothing():
    from wizard_edu.widgets import TableWidget

    table = TableWidget(seed=1)
    table.number_keys.press("9")  # a hand of one card: 0 or 1
    assert table.message == "Press a number key from 0 to 1." and table.game.bids[0] is None
    table.number_keys.press("1")
    moves = len(table.game.history)
    table.number_keys.press("0")  # now a card is to be played
    assert "number keys are for your prediction" in table.message and "click a card" in table.message
    assert len(table.game.history) == moves
    table.number_keys._handle_custom_msg({"key": "x"}, [])  # not a number: nothing at all
    assert len(table.game.history) == moves
