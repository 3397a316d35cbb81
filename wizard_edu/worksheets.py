"""Printable worksheets: one sheet per pupil, drawn from a seed, answers from the engine.

A worksheet is built in two steps.  :func:`make_worksheet` draws the exercises
(plain data: the cards, the trump, the bids...) and asks the engine for every
answer (:func:`~wizard_edu.rules.core.explain_trick`,
:func:`~wizard_edu.rules.core.legal_plays`,
:func:`~wizard_edu.rules.core.score_round`, exact counts over the ruleset's
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
from fractions import Fraction
from html import escape
from typing import Any

from .cards import COLOUR_NAMES, COLOURS, Card, Cards, sorted_hand
from .display.html import card_html
from .display.themes import FILL, INK, SYMBOL
from .errors import WizardError
from .rules.core import explain_trick, lead_colour, legal_plays, score_round
from .rules.rulesets import get_ruleset

#: Topics a sheet can have, with the title printed at the top.
TOPICS: dict[str, str] = {
    "tricks": "Who wins the trick?",
    "legal": "Which cards may I play?",
    "score": "Score the round",
    "odds": "How likely is it?",
    "mixed": "A bit of everything",
}
#: Rules a sheet can use (the Anniversary special cards are not on worksheets).
WORKSHEET_RULES = ("junior", "classic")
MAX_COUNT = 60
MAX_PUPILS = 200

_ORDINALS = ["1st", "2nd", "3rd", "4th", "5th", "6th"]
_NAMES = ["Ada", "Ben", "Chloe", "Dev", "Ella", "Finn", "Gita", "Hugo", "Iris", "Jonas", "Kemal",
          "Lena", "Mia", "Noah", "Omar", "Pia", "Rosa", "Sam", "Tara", "Yusuf", "Zoe"]


class WorksheetError(WizardError):
    """A worksheet that cannot be made as asked (unknown topic, too many exercises...)."""


@dataclass(frozen=True)
class Exercise:
    """One exercise: what the pupil sees (``question``) and the engine's ``answer``.

    ``question`` is plain data (card texts, trump letter, bids...) so that a test
    or a teacher's script can check the answer again; ``answer`` is a winner's
    index (tricks), the playable cards (legal), the points per player (score) or
    a :class:`~fractions.Fraction` (odds); ``explanation`` says why, in words.
    """

    number: int
    topic: str
    question: dict[str, Any]
    answer: Any
    explanation: str

    def answer_data(self) -> Any:
        """The answer as JSON-friendly data (what the HTML answer key carries)."""
        if isinstance(self.answer, Fraction):
            return f"{self.answer.numerator}/{self.answer.denominator}"
        if isinstance(self.answer, Cards):
            return [str(c) for c in self.answer]
        return self.answer


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
    wizard_edu.worksheets.WorksheetError: There is no worksheet topic 'cooking'. Choose one of tricks, legal, score, odds, mixed.
    """
    topic_key = topic.strip().lower() if isinstance(topic, str) else topic
    if topic_key not in TOPICS:
        raise WorksheetError(f"There is no worksheet topic {topic!r}. Choose one of {', '.join(TOPICS)}.")
    rules_key = rules.strip().lower() if isinstance(rules, str) else rules
    if rules_key not in WORKSHEET_RULES:
        raise WorksheetError(f"Worksheets use the rules {' or '.join(WORKSHEET_RULES)}, not {rules!r}.")
    if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= MAX_COUNT:
        raise WorksheetError(f"A worksheet has 1 to {MAX_COUNT} exercises, not {count!r}.")
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise WorksheetError(f"The sheet number (seed) must be a whole number, 0 or more, not {seed!r}.")
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
    makers = {"tricks": _trick_exercise, "legal": _legal_exercise, "score": _score_exercise,
              "odds": _odds_exercise}
    seen: Counter = Counter()
    exercises = []
    for number, kind in enumerate(topics, start=1):
        exercises.append(makers[kind](number, rng, rules_key, seen[kind]))
        seen[kind] += 1
    return Worksheet(topic_key, rules_key, seed, tuple(exercises))


def _shuffled_deck(rng: random.Random, rules: str) -> list[Card]:
    deck = list(get_ruleset(rules).deck())
    rng.shuffle(deck)
    return deck


def _junior_words(text: str, rules: str) -> str:
    """The answer key in the ruleset's words (one vocabulary for the whole kit)."""
    from .vocabulary import Vocabulary

    return Vocabulary(rules).text(text)


# Who wins the trick: cycle through the situations a learner must tell apart.
_TRICK_KINDS = ("highest-led", "highest-trump", "first-wizard", "jester-led", "highest-trump",
                "highest-led", "no-trump-played")


def _trick_exercise(number: int, rng: random.Random, rules: str, index: int) -> Exercise:
    want = _TRICK_KINDS[index % len(_TRICK_KINDS)]
    for _ in range(500):
        players = rng.choice([3, 4] if rules == "junior" else [3, 4, 5])
        trick = Cards(_shuffled_deck(rng, rules)[:players])
        trump = rng.choice(list(COLOURS) + [None])
        result = explain_trick(trick, trump, rules)
        if _trick_kind_matches(want, trick, trump, result.rule):
            break
    return Exercise(
        number, "tricks",
        {"rules": rules, "trick": str(trick), "trump": trump},
        result.winner,
        _junior_words(f"The {_ORDINALS[result.winner]} card, {trick[result.winner]}. {result.reason}", rules),
    )


def _trick_kind_matches(want: str, trick: Cards, trump: str | None, rule: str) -> bool:
    if want == "jester-led":   # a Jester first: it sets no colour to follow
        return trick[0].is_jester and rule in ("highest-led", "highest-trump")
    if want == "no-trump-played":   # there is a trump colour, but nobody played one
        return trump is not None and rule == "highest-led"
    if want == "highest-led":
        return trump is None and rule == "highest-led" and not trick[0].is_jester
    return rule == want


# Which cards may I play: lead, follow, cannot follow, a Wizard or a Jester first.
_LEGAL_KINDS = ("must-follow", "cannot-follow", "must-follow", "wizard-first", "jester-first",
                "must-follow", "lead")


def _legal_exercise(number: int, rng: random.Random, rules: str, index: int) -> Exercise:
    want = _LEGAL_KINDS[index % len(_LEGAL_KINDS)]
    for _ in range(500):
        deck = _shuffled_deck(rng, rules)
        size = rng.randint(3, 6) if rules == "junior" else rng.randint(4, 8)
        hand = sorted_hand(deck[:size])
        played = 0 if want == "lead" else rng.randint(1, 3)
        trick = Cards(deck[size:size + played])
        kind = _legal_kind(hand, trick, rules)
        jester_first = bool(trick) and trick[0].is_jester and lead_colour(trick, rules) is not None
        if kind == want or (want == "jester-first" and jester_first):
            break
    trump = rng.choice(list(COLOURS) + [None])
    allowed = legal_plays(hand, trick, rules)
    return Exercise(
        number, "legal",
        {"rules": rules, "hand": str(hand), "trick": str(trick), "trump": trump},
        allowed,
        _junior_words(_legal_reason(kind, lead_colour(trick, rules), jester_first), rules),
    )


def _legal_kind(hand: Cards, trick: Cards, rules: str) -> str:
    if not trick:
        return "lead"
    colour = lead_colour(trick, rules)
    if colour is None:
        first = next((c for c in trick if not c.is_jester), None)
        return "wizard-first" if first is not None and first.is_wizard else "jesters-only"
    return "must-follow" if legal_plays(hand, trick, rules) != hand else "cannot-follow"


def _legal_reason(kind: str, colour: str | None, jester_first: bool) -> str:
    if kind == "lead":
        return "You play first, so you may play any card."
    if kind == "wizard-first":
        return "A Wizard was played before any colour, so nobody has to follow: any card."
    if kind == "jesters-only":
        return "Only Jesters so far: there is no colour to follow yet, so any card."
    name = COLOUR_NAMES[colour]  # type: ignore[index]
    before = ("A Jester sets no colour, so the colour to follow is the first colour played: "
              if jester_first else "The colour to follow is ")
    if kind == "cannot-follow":
        return f"{before}{name}. You have no {name} card, so you may play any card."
    return f"{before}{name}. You have {name}, so play a {name} card, a Wizard or a Jester."


def _score_exercise(number: int, rng: random.Random, rules: str, index: int) -> Exercise:
    players = rng.choice([3, 4])
    tricks = rng.randint(1, 8) if rules == "junior" else rng.randint(1, 60 // players)
    names = rng.sample(_NAMES, players)
    won = [0] * players
    for _ in range(tricks):
        won[rng.randrange(players)] += 1
    bids = [min(tricks, max(0, w + rng.choice([-2, -1, 0, 0, 0, 1, 1]))) for w in won]
    points = [score_round(b, w, rules) for b, w in zip(bids, won)]
    word = "predicted" if rules == "junior" else "bid"
    made = [n for n, b, w in zip(names, bids, won) if b == w]
    explanation = (f"Right on: {', '.join(made)}." if made else "Nobody got it exactly right.")
    return Exercise(
        number, "score",
        {"rules": rules, "tricks": tricks, "names": names, "bids": bids, "won": won, "word": word},
        points, explanation,
    )


# How likely is it: the next card turned up, counted over the cards you cannot see.
_ODDS_EVENTS = ("wizard", "colour", "jester", "above", "hand-colour", "wizard-or-jester", "colour")


def _odds_exercise(number: int, rng: random.Random, rules: str, index: int) -> Exercise:
    kind = _ODDS_EVENTS[index % len(_ODDS_EVENTS)]
    deck = _shuffled_deck(rng, rules)
    held = 0 if index % 3 == 0 else rng.randint(1, 5)
    hand = sorted_hand(deck[:held])
    top = get_ruleset(rules).ranks
    if kind == "colour":
        event = f"colour:{rng.choice(COLOURS)}"
    elif kind == "above":
        event = f"above:{rng.choice(COLOURS)}:{rng.randint(2, top - 2)}"
    elif kind == "hand-colour" and any(c.is_number for c in hand):
        event = "hand-colour"
    elif kind == "hand-colour":
        event = "wizard"
    else:
        event = kind
    unseen = unseen_cards(hand, rules)
    favourable = [c for c in unseen if card_matches(c, event, hand)]
    answer = Fraction(len(favourable), len(unseen))
    k, n = len(favourable), len(unseen)
    explanation = (f"You cannot see {n} cards; {k} of them would be {describe_event(event, hand, rules)}. "
                   f"Chance: {k}/{n}" + (f" = {answer}." if answer.denominator != n else "."))
    return Exercise(number, "odds", {"rules": rules, "hand": str(hand), "event": event}, answer, explanation)


def unseen_cards(hand: Iterable[Card], rules: str) -> list[Card]:
    """The ruleset's deck without the cards in ``hand`` (one copy removed per card held)."""
    remaining = list(get_ruleset(rules).deck())
    for card in hand:
        remaining.remove(card)
    return remaining


def card_matches(card: Card, event: str, hand: Sequence[Card] = ()) -> bool:
    """Whether a turned-up ``card`` is the event an odds exercise asks about."""
    if event == "wizard":
        return card.is_wizard
    if event == "jester":
        return card.is_jester
    if event == "wizard-or-jester":
        return card.is_wizard or card.is_jester
    if event == "hand-colour":
        return card.is_number and card.colour in {c.colour for c in hand if c.is_number}
    if event.startswith("colour:"):
        return card.is_number and card.colour == event.split(":")[1]
    if event.startswith("above:"):
        _, colour, rank = event.split(":")
        return card.is_number and card.colour == colour and card.rank > int(rank)
    raise WorksheetError(f"Unknown odds question {event!r}.")


def describe_event(event: str, hand: Sequence[Card], rules: str) -> str:
    """The event in words, e.g. ``'a blue card higher than 5'``."""
    jester = "Fool Frog" if rules == "junior" else "Jester"
    if event == "wizard":
        return "a Wizard"
    if event == "jester":
        return f"a {jester}"
    if event == "wizard-or-jester":
        return f"a Wizard or a {jester}"
    if event == "hand-colour":
        colours = [COLOUR_NAMES[c] for c in COLOURS if any(h.colour == c for h in hand if h.is_number)]
        return "a number card in a colour you hold (" + ", ".join(colours) + ")"
    if event.startswith("colour:"):
        return f"a {COLOUR_NAMES[event.split(':')[1]]} number card"
    _, colour, rank = event.split(":")
    return f"a {COLOUR_NAMES[colour]} card higher than {rank}"


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


def _hand_html(cards: Iterable[Card], rules: str) -> str:
    inner = "".join(card_html(c, _theme(rules)) for c in cards)
    return f'<div class="row">{inner or "<em>no cards</em>"}</div>'


def _played_html(cards: Sequence[Card], rules: str) -> str:
    items = "".join(f'<figure class="played">{card_html(c, _theme(rules))}'
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


def sheet_html(sheet: Worksheet) -> str:
    """One pupil's sheet (without the answer key)."""
    how = _HOW[sheet.topic].format(word="prediction" if sheet.rules == "junior" else "bid")
    exercises = "".join(_exercise_html(ex) for ex in sheet.exercises)
    return (f'<div class="sheet" data-seed="{sheet.seed}">'
            f'<div class="sheet-head"><div><h1>{escape(sheet.title)}</h1>'
            f"<div>{escape(sheet.rules_title)} &middot; sheet {sheet.seed}</div></div>"
            '<div class="name-line">Name: <span class="write" style="min-width:14em"></span></div></div>'
            f'<p class="how">{escape(how)}</p>{exercises}</div>')


def answers_html(sheet: Worksheet) -> str:
    """The answer key of one sheet, starting on a new page."""
    items = "".join(_answer_html(ex) for ex in sheet.exercises)
    return (f'<div class="answers" data-seed="{sheet.seed}">'
            f"<h1>Answers: {escape(sheet.title)}, sheet {sheet.seed}</h1>"
            f"<p>{escape(sheet.rules_title)}. For the teacher (or for checking afterwards).</p>"
            f"<ol>{items}</ol></div>")


def worksheet_html(sheets: Worksheet | Sequence[Worksheet]) -> str:
    """A complete, printable HTML page: every pupil's sheet, then every answer key."""
    if isinstance(sheets, Worksheet):
        sheets = [sheets]
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
    return [make_worksheet(topic, count, seed + i, rules) for i in range(pupils)]


__all__ = ["TOPICS", "WORKSHEET_RULES", "Exercise", "Worksheet", "WorksheetError", "make_worksheet",
           "make_worksheets", "worksheet_html", "sheet_html", "answers_html", "unseen_cards",
           "card_matches", "describe_event"]
