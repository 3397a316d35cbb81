"""Worksheets: every answer re-checked against the engine, from the structured data and from the HTML."""

from __future__ import annotations

import json
import re
from collections import Counter
from fractions import Fraction
from html.parser import HTMLParser

import pytest

from wizard_edu import Card, cards, explain_trick, get_ruleset, legal_plays, score_round
from wizard_edu.display.themes import get_theme
from wizard_edu.errors import WizardError
from wizard_edu.teach.worksheets import (
    TOPICS,
    WORKSHEET_RULES,
    WorksheetError,
    make_worksheet,
    make_worksheets,
    worksheet_html,
)


def expected_odds(question: dict) -> Fraction:
    """Count over the deck by hand, independently of the worksheet module."""
    held = Counter(str(c) for c in cards(question["hand"]))
    unseen = Counter(str(c) for c in get_ruleset(question["rules"]).deck()) - held
    event = question["event"]
    hand_colours = {c.colour for c in cards(question["hand"]) if c.is_number}

    def wanted(text: str) -> bool:
        card = Card.parse(text)
        if event == "wizard":
            return card.is_wizard
        if event == "jester":
            return card.is_jester
        if event == "wizard-or-jester":
            return card.is_wizard or card.is_jester
        if event == "hand-colour":
            return card.is_number and card.colour in hand_colours
        kind, colour, *rank = event.split(":")
        if kind == "colour":
            return card.is_number and card.colour == colour
        assert kind == "above", event
        return card.is_number and card.colour == colour and card.rank > int(rank[0])

    total = sum(unseen.values())
    good = sum(n for text, n in unseen.items() if wanted(text))
    return Fraction(good, total)


def engine_answer(topic: str, q: dict):
    """The answer recomputed from the question data alone, as JSON-friendly data."""
    if topic == "tricks":
        return explain_trick(q["trick"], q["trump"], q["rules"]).winner
    if topic == "legal":
        return [str(c) for c in legal_plays(q["hand"], q["trick"], q["rules"])]
    if topic == "score":
        assert sum(q["won"]) == q["tricks"]
        assert all(0 <= b <= q["tricks"] for b in q["bids"])
        return [score_round(b, w, q["rules"]) for b, w in zip(q["bids"], q["won"])]
    assert topic == "odds"
    f = expected_odds(q)
    return f"{f.numerator}/{f.denominator}"


class SheetParser(HTMLParser):
    """Collects exercises (with the card names drawn inside them) and answer-key items."""

    def __init__(self):
        super().__init__()
        self.exercises: list[dict] = []
        self.answers: list[dict] = []
        self.sheets: list[str] = []
        self.answer_blocks: list[str] = []
        self.stack: list[str] = []
        self.current: dict | None = None
        self.styles = ""
        self.in_style = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        classes = (a.get("class") or "").split()
        if tag not in ("meta", "br", "img"):
            self.stack.append(tag)
        if tag == "style":
            self.in_style = True
        if "sheet" in classes:
            self.sheets.append(a["data-seed"])
        if "answers" in classes:
            self.answer_blocks.append(a["data-seed"])
        if tag == "section" and "exercise" in classes:
            self.current = {"topic": a["data-topic"], "question": json.loads(a["data-question"]),
                            "cards": [], "depth": len(self.stack)}
            self.exercises.append(self.current)
        if "wizard-card" in classes and self.current is not None:
            self.current["cards"].append(a["aria-label"])
        if tag == "li" and "answer" in classes:
            self.answers.append({"number": int(a["data-exercise"]), "answer": json.loads(a["data-answer"])})

    def handle_endtag(self, tag):
        if tag == "style":
            self.in_style = False
        if self.current is not None and tag == "section" and len(self.stack) == self.current["depth"]:
            self.current = None
        if self.stack and self.stack[-1] == tag:
            self.stack.pop()

    def handle_data(self, data):
        if self.in_style:
            self.styles += data


def parse(html: str) -> SheetParser:
    parser = SheetParser()
    parser.feed(html)
    parser.close()
    return parser


@pytest.mark.parametrize("rules", WORKSHEET_RULES)
@pytest.mark.parametrize("topic", list(TOPICS))
def test_every_structured_answer_matches_the_engine(topic, rules):
    for seed in range(6):
        sheet = make_worksheet(topic, count=14, seed=seed, rules=rules)
        assert len(sheet.exercises) == 14
        for number, ex in enumerate(sheet.exercises, start=1):
            assert ex.number == number
            assert ex.question["rules"] == rules
            assert ex.answer_data() == engine_answer(ex.topic, ex.question), (topic, seed, ex)


@pytest.mark.parametrize("rules", WORKSHEET_RULES)
@pytest.mark.parametrize("topic", list(TOPICS))
def test_every_printed_answer_matches_the_engine(topic, rules):
    """Parse the HTML page a teacher prints: the exercises and the answer key agree with the engine."""
    html = worksheet_html(make_worksheet(topic, count=20, seed=12, rules=rules))
    page = parse(html)
    assert len(page.exercises) == 20
    assert [a["number"] for a in page.answers] == list(range(1, 21))
    theme = get_theme("junior" if rules == "junior" else "classic")
    for ex, key in zip(page.exercises, page.answers):
        q = ex["question"]
        assert key["answer"] == engine_answer(ex["topic"], q)
        # The pictures drawn are exactly the cards of the question, in order.
        drawn = list(cards(q.get("trick", ""))) + list(cards(q.get("hand", "")))
        assert ex["cards"] == [theme.card_name(c) for c in drawn]


def test_the_sheet_prints_well():
    html = worksheet_html(make_worksheet("mixed", count=12, seed=7, rules="classic"))
    page = parse(html)
    assert html.startswith("<!DOCTYPE html>")
    assert "@media print" in page.styles
    assert "page-break-before: always" in page.styles.split(".answers")[1].split("}")[0]
    assert "print-color-adjust: exact" in page.styles
    assert "Name:" in html and "sheet 7" in html
    assert page.sheets == ["7"] and page.answer_blocks == ["7"]
    # The answer key comes after every exercise.
    assert html.index('class="answers"') > html.rindex('class="exercise"')
    assert sorted({e["topic"] for e in page.exercises}) == ["legal", "odds", "score", "tricks"]


def test_sheets_for_a_class_come_first_then_the_answer_keys():
    sheets = make_worksheets("tricks", count=5, seed=30, rules="junior", pupils=3)
    assert [s.seed for s in sheets] == [30, 31, 32]
    page = parse(worksheet_html(sheets))
    assert page.sheets == ["30", "31", "32"]
    assert page.answer_blocks == ["30", "31", "32"]
    assert len(page.exercises) == 15 and len(page.answers) == 15


def test_same_seed_same_sheet_and_different_seeds_differ():
    first = worksheet_html(make_worksheet("tricks", 20, 12, "junior"))
    assert first == worksheet_html(make_worksheet("tricks", 20, 12, "junior"))
    others = {worksheet_html(make_worksheet("tricks", 20, s, "junior")) for s in range(13, 33)}
    assert first not in others and len(others) == 20
    for topic in TOPICS:
        a = make_worksheet(topic, 10, 1, "classic")
        b = make_worksheet(topic, 10, 2, "classic")
        assert [e.question for e in a.exercises] != [e.question for e in b.exercises]


def test_a_trick_sheet_covers_the_different_rules():
    for rules in WORKSHEET_RULES:
        sheet = make_worksheet("tricks", 20, 3, rules)
        codes = Counter(explain_trick(e.question["trick"], e.question["trump"], rules).rule
                        for e in sheet.exercises)
        assert {"first-wizard", "highest-trump", "highest-led"} <= set(codes)
        assert any(cards(e.question["trick"])[0].is_jester for e in sheet.exercises)
        legal = make_worksheet("legal", 20, 3, rules)
        narrowed = [len(e.answer) < len(cards(e.question["hand"])) for e in legal.exercises]
        assert any(narrowed) and not all(narrowed)


def test_junior_sheets_speak_junior():
    sheet = make_worksheet("legal", 20, 4, "junior")
    text = " ".join(e.explanation for e in sheet.exercises)
    assert "Jester" not in text and "Fool Frog" in text
    html = worksheet_html(make_worksheet("score", 3, 4, "junior"))
    assert "<th>Predicted</th>" in html and "prediction" in html and "Wizard Junior" in html


@pytest.mark.parametrize(("kwargs", "words"), [
    ({"topic": "cooking"}, "no worksheet topic"),
    ({"count": 0}, "1 to 60"),
    ({"count": 1000}, "1 to 60"),
    ({"count": "20"}, "1 to 60"),
    ({"rules": "anniversary"}, "junior or classic"),
    ({"seed": -1}, "whole number"),
])
def test_bad_arguments_are_clear_errors(kwargs, words):
    with pytest.raises(WorksheetError, match=words) as info:
        make_worksheet(**kwargs)
    assert isinstance(info.value, WizardError) and isinstance(info.value, ValueError)


def test_bad_pupil_count_and_empty_page():
    with pytest.raises(WorksheetError, match="pupils"):
        make_worksheets(pupils=0)
    with pytest.raises(WorksheetError):
        worksheet_html([])


@pytest.mark.parametrize(("kwargs", "words"), [
    ({"topic": ["tricks"]}, "no worksheet topic"),
    ({"topic": None}, "no worksheet topic"),
    ({"rules": {"junior": 1}}, "junior or classic"),
    ({"count": True}, "1 to 60"),
    ({"seed": 1.5}, "whole number"),
    ({"seed": True}, "whole number"),
])
def test_arguments_of_the_wrong_type_are_clear_errors(kwargs, words):
    with pytest.raises(WorksheetError, match=words):
        make_worksheet(**kwargs)


def test_the_page_makers_refuse_what_is_not_a_worksheet():
    from wizard_edu.teach.worksheets import answers_html, sheet_html

    for value in (None, "sheet", 5, [None], [make_worksheet(count=1), "x"]):
        with pytest.raises(WorksheetError, match="worksheet"):
            worksheet_html(value)
    for make in (sheet_html, answers_html):
        with pytest.raises(WorksheetError, match="from make_worksheet"):
            make({"topic": "tricks"})


@pytest.mark.parametrize("event", ["", "wizards", "colour:P", "colour", "above:R:x", "above:R:-1",
                                   "above:R:99", "above:R", None, 5, ["wizard"]])
def test_unknown_odds_questions_are_clear_errors(event):
    from wizard_edu.errors import ExerciseError
    from wizard_edu.teach.worksheets import card_matches, describe_event

    with pytest.raises(ExerciseError, match="Unknown odds question"):
        card_matches("R5", event)
    with pytest.raises(ExerciseError, match="Unknown odds question"):
        describe_event(event, "R5", "junior")


def test_odds_helpers_check_their_cards():
    from wizard_edu.errors import DuplicateCardError
    from wizard_edu.teach.worksheets import card_matches, describe_event, unseen_cards

    assert len(unseen_cards("W R3", "junior")) == 34
    assert card_matches("R7", "above:R:5", "W") and not card_matches("R5", "above:R:5")
    assert describe_event("hand-colour", "R3 G2", get_ruleset("classic")).endswith("(red, green)")
    with pytest.raises(DuplicateCardError, match="only 2 times"):
        unseen_cards("W W W", "junior")
    with pytest.raises(WizardError):
        unseen_cards("R9", "junior")
    with pytest.raises(WizardError):
        unseen_cards(None, "junior")
    with pytest.raises(WizardError):
        card_matches(None, "wizard")


# -- the pupil's sheet and the answer key name cards the same way (issue 14) --------------------
_CARD_TEXT = re.compile(r"(?<![\w:])([RGBY](?:1[0-3]|[1-9])|W|J|F)(?![\w:])")
_LABEL = re.compile(r'class="card-label">([^<]+)<')


@pytest.mark.parametrize("rules", ["junior", "classic"])
def test_every_card_the_key_names_is_labelled_on_the_pupils_sheet(rules):
    from wizard_edu.teach.worksheets import answers_html, make_worksheet, sheet_html

    named = 0
    for seed in range(8):
        sheet = make_worksheet("mixed", count=14, seed=seed, rules=rules)
        page, key = sheet_html(sheet), answers_html(sheet)
        for ex in sheet.exercises:
            section = page[page.index(f'id="ex-{ex.number}"'):]
            section = section[:section.index("</section>")]
            labels = set(_LABEL.findall(section))
            said = set(_CARD_TEXT.findall(ex.explanation))
            assert said <= labels, (ex.explanation, labels)
            named += len(said)
            # Every picture carries its label, on the sheet and in the key alike.
            assert section.count('class="wizard-card"') == len(_LABEL.findall(section))
            item = key[key.index(f'data-exercise="{ex.number}"'):]
            item = item[:item.index("</li>")]
            assert item.count('class="wizard-card"') == len(_LABEL.findall(item))
    assert named > 0
