"""The words a child meets (issue 28): kid words in notebooks 01-05 and the kid apps, one title style,
every notebook linked to the glossary and to its neighbours, a glossary that is right, and two marked
paths (support and challenge) through each Junior notebook."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import nbformat
import pytest

from wizard_edu.engine.actions import Action
from wizard_edu.engine.cards import Card
from wizard_edu.engine.rules.core import explain_trick
from wizard_edu.teach.questions import bank
from wizard_edu.teach.vocabulary import Vocabulary

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
SOURCES = ROOT / "notebook-sources"
LESSON_NOTEBOOKS = sorted(NOTEBOOKS.glob("[0-9][0-9]-*.ipynb"))
JUNIOR = [p for p in LESSON_NOTEBOOKS if 1 <= int(p.name[:2]) <= 5]

#: Grown-up words a child of 8-10 meets nowhere in notebooks 01-05 (kid words are used instead).
GROWN_UP = [r"kit's ruling", r"frees the trick", r"apprentice", r"\bseeds?\b", r"diagonal", r"docs/",
            r"kit-rulings", r"the dealer picks", r"decimal or %"]


#: Words no learner meets in any notebook, its questions or its stored answers: each is said in words a
#: learner knows ("diagonal": "where the bid is exactly right").
UNTAUGHT = [r"diagonal"]
#: The label of a box that sets the random numbers, in every widget a learner sees: "Shuffle number", not "Seed".
SEED_LABEL = r"\bseeds?\b"


def _stored_widget_strings(nb) -> list[tuple[str, str]]:
    """(trait, text) of every text trait stored with a notebook's widgets (labels, HTML values, tooltips)."""
    state = nb.metadata.get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {}).get("state", {})
    return [(key, value) for model in state.values() for key, value in model.get("state", {}).items()
            if isinstance(value, str)]


def _markdown(nb) -> str:
    return "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")


def _kid_prose(path: Path) -> str:
    """A Junior notebook's markdown, without its sections for grown-ups."""
    text = _markdown(nbformat.read(path, as_version=4))
    return re.sub(r"(?s)## For (older learners and )?grown-ups.*?(?=\n## |\Z)", "", text)


def _bank_text(number: int) -> str:
    """Every word a Junior notebook's questions show: prompts, choices, hints and worked answers."""
    words = []
    for spec in bank(f"{number:02d}"):
        words += [str(spec.prompt() if callable(spec.prompt) else spec.prompt)]
        choices = spec.choices() if callable(spec.choices) else spec.choices
        words += [str(c) for c in choices or []]
        if spec.hint is not None:
            words.append(str(spec.hint() if callable(spec.hint) else spec.hint))
        if spec.worked is not None:
            shown = spec.worked()
            for part in shown if isinstance(shown, list) else [shown]:
                if isinstance(part, str) or isinstance(getattr(part, "data", None), str):  # not a widget
                    words.append(part if isinstance(part, str) else part.data)
    return "\n".join(words)


@pytest.mark.parametrize("path", JUNIOR, ids=lambda p: p.name)
def test_no_grown_up_words_in_the_junior_notebooks(path):
    prose = _kid_prose(path) + "\n" + _bank_text(int(path.name[:2]))
    found = [w for w in GROWN_UP if re.search(w, prose, re.IGNORECASE)]
    assert not found, f"{path.name}: {found}"


@pytest.mark.parametrize("path", LESSON_NOTEBOOKS, ids=lambda p: p.name)
def test_no_untaught_words_in_any_notebook(path):
    """The prose, the questions (prompts, choices, hints) and every stored output and worked answer."""
    nb = nbformat.read(path, as_version=4)
    words = [_markdown(nb)]
    words += [value for key, value in _stored_widget_strings(nb) if key in ("value", "description", "tooltip")]
    words += [str(o.get("data", {}).get("text/plain", "")) + str(o.get("text", ""))
              for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])]
    if int(path.name[:2]) > 0:
        for spec in bank(path.name[:2]):
            choices = spec.choices() if callable(spec.choices) else spec.choices
            words += [str(spec.prompt() if callable(spec.prompt) else spec.prompt), *map(str, choices or [])]
            if spec.hint is not None:
                words.append(str(spec.hint() if callable(spec.hint) else spec.hint))
    text = "\n".join(words)
    found = [w for w in UNTAUGHT if re.search(w, text, re.IGNORECASE)]
    assert not found, f"{path.name}: {found}"


@pytest.mark.parametrize("path", sorted(NOTEBOOKS.glob("*.ipynb")) + sorted(NOTEBOOKS.glob("apps/*.ipynb")),
                         ids=lambda p: p.name)
def test_no_widget_label_says_seed(path):
    """Stored with each notebook: the label of every widget (its description) says "Shuffle", never "Seed"."""
    labels = [v for k, v in _stored_widget_strings(nbformat.read(path, as_version=4)) if k in ("description", "tooltip")]
    assert not [label for label in labels if re.search(SEED_LABEL, label, re.IGNORECASE)], path.name


def test_the_widgets_label_their_random_numbers_shuffle_number():
    """The law-of-large-numbers widget (notebook 09) and notebook 05's table chooser, as made now."""
    import ipywidgets as widgets

    from wizard_edu.teach.questions.n05 import table_chooser
    from wizard_edu.widgets.prob_lln import LawOfLargeNumbers

    def labels(widget) -> list[str]:
        found = [str(getattr(widget, "description", ""))]
        for child in getattr(widget, "children", ()):
            if isinstance(child, widgets.Widget):
                found += labels(child)
        return found

    lln = LawOfLargeNumbers(trials=100)
    for widget in (lln, table_chooser()):
        said = labels(widget)
        assert not [label for label in said if re.search(SEED_LABEL, label, re.IGNORECASE)], said
    assert lln.seed_box.description == "Shuffle number"


def test_titles_in_one_style():
    """Every lesson notebook's title is "# N. Title" (not "06 ·" or "1." next to "9.")."""
    for path in LESSON_NOTEBOOKS:
        first = nbformat.read(path, as_version=4).cells[0].source
        title = next(line for line in first.splitlines() if line.startswith("# "))
        assert re.fullmatch(rf"# {int(path.name[:2])}\. \S.*", title), (path.name, title)


def test_every_notebook_links_the_glossary_and_its_neighbours():
    names = [p.name for p in LESSON_NOTEBOOKS]
    for i, path in enumerate(LESSON_NOTEBOOKS):
        text = _markdown(nbformat.read(path, as_version=4))
        assert "](glossary.ipynb)" in text, f"{path.name} does not link the glossary"
        if i > 1:  # 00 has no previous; 01 goes back to 00
            assert re.search(rf"\*\*Previous:\*\* \[[^\]]+\]\({re.escape(names[i - 1])}\)", text), path.name
        if 0 < i < len(names) - 1:
            assert re.search(rf"\*\*Next:\*\* \[[^\]]+\]\({re.escape(names[i + 1])}\)", text), path.name
    assert "](01-meet-the-cards.ipynb)" in _markdown(nbformat.read(LESSON_NOTEBOOKS[0], as_version=4))


def _glossary() -> dict[str, str]:
    text = (SOURCES / "glossary.md").read_text(encoding="utf-8")
    return {m.group(1).strip(): m.group(2) for m in re.finditer(r"^## ([^\n]+)\n(.*?)(?=^## |\Z)", text, re.S | re.M)}


def test_the_glossary_is_right_for_a_child():
    entries = _glossary()
    heads = " ".join(entries)
    for word in ("Hand", "Jester", "Ace", "Suit", "Score pad", "first"):
        assert word in heads, word
    chip = next(body for head, body in entries.items() if head.startswith("Chip"))
    assert not chip.strip().startswith("A round token"), "a chip is not a round of the game"
    lead = entries["Lead"]
    assert "Wizard" in lead and "no colour led" in lead  # after a Wizard lead nothing is followed
    whole = "\n".join(entries.values())
    assert not re.search(r"kit's ruling|docs/|apprentice", whole)
    for n in range(6, 9):  # the Classic notebooks are linked from it too
        assert f"]({LESSON_NOTEBOOKS[n].name})" in (SOURCES / "glossary.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("path", JUNIOR, ids=lambda p: p.name)
def test_each_junior_notebook_has_a_support_and_a_challenge_part(path):
    """Two marked paths: each part asks a question of its own, and the challenge's text gives no answer."""
    nb = nbformat.read(path, as_version=4)
    number = int(path.name[:2])
    specs = {spec.id: spec for spec in bank(f"{number:02d}")}
    for mark, kind in (("## Support:", "support"), ("## Challenge", "challenge")):
        start = next(i for i, c in enumerate(nb.cells) if c.cell_type == "markdown" and c.source.startswith(mark))
        end = next((i for i in range(start + 1, len(nb.cells))
                    if nb.cells[i].cell_type == "markdown" and nb.cells[i].source.startswith("## ")), len(nb.cells))
        asked = [m.group(1) for c in nb.cells[start:end] if c.cell_type == "code"
                 for m in re.finditer(r'ask\("([^"]+)"\)', c.source)]
        assert len(asked) == 1 and f".{kind}-" in asked[0], (path.name, asked)
        if kind == "challenge":
            prose = "\n".join(c.source for c in nb.cells[start:end] if c.cell_type == "markdown")
            answer = specs[asked[0]].answer()
            shown = answer if isinstance(answer, (int, str)) else str(answer)
            assert not re.search(rf"(?<![\w/]){re.escape(str(shown))}(?![\w/])", prose.split("✎")[-1]), \
                (path.name, shown)


def test_junior_sentences_name_cards_not_codes():
    vocab = Vocabulary("junior")
    reason = vocab.text(explain_trick([Card.parse(c) for c in "Y2 Y4 B8".split()], "Y", "junior").reason)
    assert reason.startswith("yellow 4 wins") and not re.search(r"\b[RGBY][1-8]\b", reason)
    error = vocab.card_error(ValueError("'R14' is not a card: number cards go from 1 to 13."))
    assert "1 to 8" in error and "Fool Frog" in error and "G13" not in error and "Jester" not in error


def test_the_class_table_says_what_others_did_not_what_to_do():
    vocab = Vocabulary("classic")
    line = vocab.move_line("Max", False, Action("play", Card.parse("B10")))
    assert line == "Max plays blue 10."
    from wizard_edu.widgets import class_table

    source = Path(class_table.__file__).read_text(encoding="utf-8")
    assert "vocab.action(a)}." not in source  # "Max: play blue 10." read as an order


def test_kid_apps_use_kid_words():
    from wizard_edu.widgets.explorer import WinProbabilityExplorer
    from wizard_edu.widgets.kidapp import kid_app
    from wizard_edu.widgets.table import TableWidget

    table = TableWidget(rules="junior", players=4, seed=1)
    kid_app(table)
    assert "seed" not in " ".join(table.events).lower() and "seed" not in table.message.lower()
    explorer = WinProbabilityExplorer(rules="junior", players=4, hand="R8 W", turned_up="G3", samples=300)
    kid_app(explorer)
    labels = [label for label, _value in explorer.opponents_choice.options]
    assert "Rule of thumb" not in labels and "Random" not in labels
    app = (SOURCES / "apps" / "junior-table.md").read_text(encoding="utf-8")
    assert "Guess how many" not in app and "Predict how many tricks" in app


def test_the_classic_app_teaches_the_first_dealer():
    """The US Games rulebook: "each player is dealt one card. High card deals." The app says it in kid
    words and names the player who deals its first round."""
    from wizard_edu.widgets.table import TableWidget

    app = (SOURCES / "apps" / "classic-table.md").read_text(encoding="utf-8")
    assert "everyone takes one card and the highest card deals" in app
    said = re.search(r"Here (\w+)\s+deals first", app)
    assert said, "the app does not say who deals first"
    call = ast.parse(re.search(r"TableWidget\(.*\)(?=\))", app).group(0), mode="eval").body
    table = TableWidget(**{k.arg: ast.literal_eval(k.value) for k in call.keywords})  # the app's own table
    assert said.group(1) == table.game.names[table.game.dealer]


def test_question_boxes_in_kid_words():
    from wizard_edu.widgets.question import Question

    number = Question("How many?", answer=3, kind="number", record=False, rules="junior")
    card = Question("Which card?", answer=Card.parse("R3"), kind="card", record=False, rules="junior")
    assert "decimal" not in number.entry.placeholder and "%" not in number.entry.placeholder
    assert card.entry.placeholder.endswith("W or F")
    said = card.answer_with("G13x")
    assert "1 to 8" in said and "Fool Frog" in said
