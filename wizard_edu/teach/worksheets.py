"""Printable worksheets: one sheet per pupil, drawn from a seed, answers from the engine.

A worksheet is built in two steps.  :func:`make_worksheet` draws the exercises
(plain data: the cards, the trump, the bids...) and asks the engine for every
answer (:func:`~wizard_edu.engine.rules.core.explain_trick`,
:func:`~wizard_edu.engine.rules.core.legal_plays`,
:func:`~wizard_edu.engine.rules.core.score_round`, exact counts over the ruleset's
deck).  :func:`worksheet_html` then draws the sheet with the same card
pictures the notebooks use, and puts the answer key on pages of its own.

>>> sheet = make_worksheet("tricks", count=3, seed=12, rules="junior")
>>> len(sheet.exercises), sheet.exercises[0].topic
(3, 'tricks')
>>> sheet == make_worksheet("tricks", count=3, seed=12, rules="junior")
True

Every seed gives a different sheet, so each pupil can get their own
(``wizard-edu worksheet --pupils 25`` prints 25 sheets, seeds one after another).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from html import escape

from ..display.html import card_html
from ..display.themes import FILL, INK, SYMBOL
from ..engine.cards import COLOUR_NAMES, Card, Cards
from ..engine.rules.rulesets import get_ruleset
from ..errors import WorksheetError
from . import exercises
from .exercises import card_matches, describe_event, unseen_cards
from .vocabulary import vocabulary

#: Topics a sheet can have, with the title printed at the top.
TOPICS: dict[str, str] = {
    "tricks": "Who wins the trick?",
    "legal": "Which cards may I play?",
    "score": "Score the round",
    "odds": "How likely is it?",
    "mixed": "A bit of everything",
}
#: The exercise kind (:data:`wizard_edu.teach.exercises.KINDS`) behind each topic.
TOPIC_KINDS: dict[str, str] = {"tricks": "trick-winner", "legal": "legal-plays", "score": "round-score",
                               "odds": "turn-up-odds"}
#: Rules a sheet can use (the Anniversary special cards are not on worksheets).
WORKSHEET_RULES = exercises.EXERCISE_RULES
MAX_COUNT = 60
MAX_PUPILS = 200

_ORDINALS = exercises.ORDINALS


@dataclass(frozen=True)
class Exercise(exercises.Exercise):
    """One numbered exercise of a sheet: an exercise of the one model (:mod:`wizard_edu.teach.exercises`),
    its ``number`` on the sheet and its ``topic`` (``"tricks"``, ``"legal"``, ``"score"``, ``"odds"``)."""

    number: int = field(default=1, kw_only=True)
    topic: str = field(default="tricks", kw_only=True)


@dataclass(frozen=True)
class Worksheet:
    """A sheet for one pupil: ``topic``, ``rules``, ``seed`` and the exercises."""

    topic: str
    rules: str
    seed: int
    exercises: tuple[Exercise, ...] = field(default_factory=tuple)

    @property
    def title(self) -> str:
        return TOPICS[self.topic]

    @property
    def rules_title(self) -> str:
        return get_ruleset(self.rules).title


# -- drawing the exercises -------------------------------------------------------
def make_worksheet(topic: str = "tricks", count: int = 20, seed: int = 0, rules: str = "junior") -> Worksheet:
    """Draw a worksheet of ``count`` exercises; the same arguments always give the same sheet.

    >>> make_worksheet("cooking")
    Traceback (most recent call last):
    ...
    wizard_edu.errors.WorksheetError: There is no worksheet topic 'cooking'. Choose one of tricks, legal, score, odds, mixed.
    """
    topic_key = topic.strip().lower() if isinstance(topic, str) else topic
    if not isinstance(topic_key, str) or topic_key not in TOPICS:
        raise WorksheetError(f"There is no worksheet topic {topic!r}. Choose one of {', '.join(TOPICS)}.")
    rules_key = rules.strip().lower() if isinstance(rules, str) else rules
    if not isinstance(rules_key, str) or rules_key not in WORKSHEET_RULES:
        raise WorksheetError(f"Worksheets use the rules {' or '.join(WORKSHEET_RULES)}, not {rules!r}.")
    if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= MAX_COUNT:
        raise WorksheetError(f"A worksheet has 1 to {MAX_COUNT} exercises, not {count!r}.")
    _check_seed(seed)
    # A text seed is hashed the same way on every computer (not Python's salted hash()).
    rng = random.Random(f"wizard-edu worksheet {topic_key} {rules_key} {seed}")
    if topic_key == "mixed":
        order: list[str] = []
        while len(order) < count:
            block = ["tricks", "legal", "score", "odds"]
            rng.shuffle(block)
            order += block
        topics = order[:count]
    else:
        topics = [topic_key] * count
    seen: Counter = Counter()
    drawn = []
    for number, kind in enumerate(topics, start=1):
        ex = exercises.draw(TOPIC_KINDS[kind], rng, rules_key, seen[kind])
        drawn.append(Exercise(ex.kind, ex.question, ex.answer, ex.explanation, number=number, topic=kind))
        seen[kind] += 1
    return Worksheet(topic_key, rules_key, seed, tuple(drawn))


def _check_seed(seed: object) -> None:
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise WorksheetError(f"The sheet number (seed) must be a whole number, 0 or more, not {seed!r}.")


# -- drawing the sheet -------------------------------------------------------------
_CSS = """
body { font-family: Arial, Helvetica, sans-serif; margin: 1.5em; color: #111; }
h1 { font-size: 1.5em; margin: 0 0 0.2em 0; }
.sheet-head { display: flex; justify-content: space-between; flex-wrap: wrap; gap: 1em;
  border-bottom: 2px solid #333; padding-bottom: 0.5em; margin-bottom: 0.8em; }
.name-line { font-size: 1.1em; }
.how { background: #f3f3f3; border-radius: 6px; padding: 0.5em 0.8em; margin-bottom: 0.8em; }
.exercise { border: 1px solid #999; border-radius: 6px; padding: 0.5em 0.8em; margin: 0.6em 0;
  break-inside: avoid; page-break-inside: avoid; }
.exercise h2 { font-size: 1.05em; margin: 0 0 0.3em 0; }
.row { display: flex; flex-wrap: wrap; align-items: flex-end; gap: 0.3em; margin: 0.2em 0; }
.played { display: inline-flex; flex-direction: column; align-items: center; margin: 0; }
.played figcaption { font-size: 0.8em; }
.card-label { font-size: 0.85em; font-weight: bold; font-family: monospace; }
.write { display: inline-block; min-width: 10em; border-bottom: 1px solid #333; height: 1.3em; }
table.scores { border-collapse: collapse; margin: 0.3em 0; }
table.scores th, table.scores td { border: 1px solid #555; padding: 0.2em 0.7em; text-align: center; }
table.scores td.blank { min-width: 4em; }
.answers { break-before: page; page-break-before: always; }
.answers li { margin: 0.4em 0; break-inside: avoid; page-break-inside: avoid; }
.sheet { break-after: page; page-break-after: always; }
.wizard-card, .trump-chip { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
.trump-chip { display: inline-block; padding: 0 0.4em; border-radius: 4px; font-weight: bold;
  border: 1px solid #333; }
@media print {
  body { margin: 0; font-size: 11pt; }
  .no-print { display: none; }
  a { color: inherit; text-decoration: none; }
}
"""

_HOW = {
    "tricks": "Look at the trump colour and the cards in the order they were played. "
              "Write which card wins the trick, and why.",
    "legal": "These are your cards, and the cards already played in this trick. "
             "Circle every card you are allowed to play.",
    "score": "Each row shows a player's {word} and the tricks they won. Write the points for the round.",
    "odds": "The dealer turns up the next card of the deck. Count the cards you cannot see, "
            "then count the ones you want. Write the chance as a fraction.",
    "mixed": "Read each question carefully: they are all different kinds.",
}


def _trump_html(trump: str | None) -> str:
    if trump is None:
        return '<span class="trump-chip" style="background:#ffffff;color:#111">no trump</span>'
    return (f'<span class="trump-chip" style="background:{FILL[trump]};color:{INK[trump]}">'
            f'{SYMBOL[trump]} {COLOUR_NAMES[trump]}</span>')


def _theme(rules: str) -> str:
    return "junior" if rules == "junior" else "classic"


def _label(card: Card, rules: str) -> str:
    """The card's letter label ("R8", "W", "F"): printed under every picture, on the pupil's sheet and
    in the answer key alike, so that the key's "R8 wins" names a card the pupil can see."""
    return f'<span class="card-label">{escape(vocabulary(rules, _theme(rules)).card_text(card))}</span>'


def _hand_html(cards: Iterable[Card], rules: str) -> str:
    inner = "".join(f'<figure class="played">{card_html(c, _theme(rules))}{_label(c, rules)}</figure>'
                    for c in cards)
    return f'<div class="row">{inner or "<em>no cards</em>"}</div>'


def _played_html(cards: Sequence[Card], rules: str) -> str:
    items = "".join(f'<figure class="played">{card_html(c, _theme(rules))}{_label(c, rules)}'
                    f"<figcaption>{_ORDINALS[i]}</figcaption></figure>" for i, c in enumerate(cards))
    return f'<div class="row">{items}</div>'


def _question_html(ex: Exercise) -> str:
    q = ex.question
    rules = q["rules"]
    hand = Cards(Card.parse(t) for t in q.get("hand", "").split()) if "hand" in q else Cards()
    if ex.topic == "tricks":
        trick = Cards(Card.parse(t) for t in q["trick"].split())
        return (f"<p>Trump: {_trump_html(q['trump'])}. Cards played, in order:</p>"
                f"{_played_html(trick, rules)}"
                '<p>Which card wins the trick? <span class="write"></span> '
                'Why? <span class="write" style="min-width:16em"></span></p>')
    if ex.topic == "legal":
        trick = Cards(Card.parse(t) for t in q["trick"].split())
        played = (f"<p>Already played in this trick, in order:</p>{_played_html(trick, rules)}" if trick
                  else "<p>Nobody has played yet: you start this trick.</p>")
        return (f"<p>Trump: {_trump_html(q['trump'])}.</p>{played}"
                f"<p>Your cards:</p>{_hand_html(hand, rules)}"
                "<p>Circle every card you may play.</p>")
    if ex.topic == "score":
        word = q["word"]
        rows = "".join(f"<tr><td>{escape(n)}</td><td>{b}</td><td>{w}</td><td class=\"blank\"></td></tr>"
                       for n, b, w in zip(q["names"], q["bids"], q["won"]))
        return (f"<p>A round with {q['tricks']} trick{'s' if q['tricks'] != 1 else ''} "
                f"({get_ruleset(rules).title} scoring).</p>"
                f'<table class="scores"><tr><th>Player</th><th>{word.capitalize()}</th>'
                f"<th>Tricks won</th><th>Points</th></tr>{rows}</table>")
    # odds
    deck = get_ruleset(rules)
    if hand:
        intro = f"<p>You hold these cards:</p>{_hand_html(hand, rules)}<p>The dealer turns up the next card."
    else:
        intro = f"<p>The dealer shuffles all {deck.deck_size} cards of the {deck.title} deck and turns up the top card."
    return (f"{intro} What is the chance that it is <strong>{escape(describe_event(q['event'], hand, rules))}"
            '</strong>?</p><p>Chance: <span class="write"></span></p>')


def _answer_html(ex: Exercise) -> str:
    rules = ex.question["rules"]
    if ex.topic == "tricks":
        trick = Cards(Card.parse(t) for t in ex.question["trick"].split())
        shown = _hand_html([trick[ex.answer]], rules)
    elif ex.topic == "legal":
        shown = _hand_html(ex.answer, rules)
    elif ex.topic == "score":
        shown = "<p>" + ", ".join(f"{escape(n)}: {p}" for n, p in zip(ex.question["names"], ex.answer)) + "</p>"
    else:
        shown = f"<p><strong>{ex.answer}</strong></p>"
    data = escape(json.dumps(ex.answer_data()), quote=True)
    return (f'<li class="answer" data-exercise="{ex.number}" data-answer="{data}">'
            f"{shown}<p>{escape(ex.explanation)}</p></li>")


def _exercise_html(ex: Exercise) -> str:
    data = escape(json.dumps(ex.question, sort_keys=True), quote=True)
    title = TOPICS[ex.topic]
    return (f'<section class="exercise" id="ex-{ex.number}" data-topic="{ex.topic}" data-question="{data}">'
            f"<h2>{ex.number}. {title}</h2>{_question_html(ex)}</section>")


def _check_sheet(sheet: object) -> Worksheet:
    if not isinstance(sheet, Worksheet):
        raise WorksheetError(f"Give a worksheet from make_worksheet(), not {sheet!r}.")
    return sheet


def sheet_html(sheet: Worksheet) -> str:
    """One pupil's sheet (without the answer key)."""
    _check_sheet(sheet)
    how = _HOW[sheet.topic].format(word="prediction" if sheet.rules == "junior" else "bid")
    exercises = "".join(_exercise_html(ex) for ex in sheet.exercises)
    return (f'<div class="sheet" data-seed="{sheet.seed}">'
            f'<div class="sheet-head"><div><h1>{escape(sheet.title)}</h1>'
            f"<div>{escape(sheet.rules_title)} &middot; sheet {sheet.seed}</div></div>"
            '<div class="name-line">Name: <span class="write" style="min-width:14em"></span></div></div>'
            f'<p class="how">{escape(how)}</p>{exercises}</div>')


def answers_html(sheet: Worksheet) -> str:
    """The answer key of one sheet, starting on a new page."""
    _check_sheet(sheet)
    items = "".join(_answer_html(ex) for ex in sheet.exercises)
    return (f'<div class="answers" data-seed="{sheet.seed}">'
            f"<h1>Answers: {escape(sheet.title)}, sheet {sheet.seed}</h1>"
            f"<p>{escape(sheet.rules_title)}. For the teacher (or for checking afterwards).</p>"
            f"<ol>{items}</ol></div>")


def worksheet_html(sheets: Worksheet | Sequence[Worksheet]) -> str:
    """A complete, printable HTML page: every pupil's sheet, then every answer key."""
    if isinstance(sheets, Worksheet):
        sheets = [sheets]
    if not isinstance(sheets, Sequence) or isinstance(sheets, str):
        raise WorksheetError(f"Give a worksheet or a list of worksheets, not {sheets!r}.")
    sheets = [_check_sheet(s) for s in sheets]
    if not sheets:
        raise WorksheetError("There are no sheets to print.")
    first = sheets[0]
    seeds = f"sheet {first.seed}" if len(sheets) == 1 else f"sheets {first.seed}-{sheets[-1].seed}"
    body = "".join(sheet_html(s) for s in sheets) + "".join(answers_html(s) for s in sheets)
    return ("<!DOCTYPE html>\n"
            '<html lang="en"><head><meta charset="utf-8">'
            f"<title>Wizard worksheet: {escape(first.title)} ({seeds})</title>"
            f"<style>{_CSS}</style></head><body>"
            '<p class="no-print"><em>Print this page (Ctrl+P). Each sheet starts on a new page; '
            "the answers come after all the sheets.</em></p>"
            f"{body}</body></html>\n")


def make_worksheets(topic: str = "tricks", count: int = 20, seed: int = 0, rules: str = "junior",
                    pupils: int = 1) -> list[Worksheet]:
    """``pupils`` sheets, with seeds ``seed``, ``seed + 1``, ... (one per pupil)."""
    if not isinstance(pupils, int) or isinstance(pupils, bool) or not 1 <= pupils <= MAX_PUPILS:
        raise WorksheetError(f"Make sheets for 1 to {MAX_PUPILS} pupils, not {pupils!r}.")
    _check_seed(seed)
    return [make_worksheet(topic, count, seed + i, rules) for i in range(pupils)]


__all__ = ["TOPICS", "WORKSHEET_RULES", "Exercise", "Worksheet", "WorksheetError", "make_worksheet",
           "make_worksheets", "worksheet_html", "sheet_html", "answers_html", "unseen_cards",
           "card_matches", "describe_event"]
