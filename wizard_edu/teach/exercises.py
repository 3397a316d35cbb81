"""One model of exercises: who wins the trick, which cards may I play, what does this round score,
how likely is the next card.  Wizard Junior and Classic.

An :class:`Exercise` is plain question data (card texts, the trump letter, bids...), the answer the
engine gives (:func:`~wizard_edu.engine.rules.core.explain_trick`, :func:`~wizard_edu.engine.rules.core.legal_plays`,
:func:`~wizard_edu.engine.rules.core.score_round`, counts over the deck) and the explanation in words.
:meth:`Exercise.check` marks a learner's answer and says why.

>>> ex = generate("trick-winner", rules="junior", seed=3, step=2)
>>> ex.question
{'rules': 'junior', 'trick': 'W G5 J Y7', 'trump': 'Y'}
>>> ex.check(3).correct, ex.check("W").correct
(False, True)
>>> ex.check("W").feedback
'Right! The 1st card, W. The first Wizard played wins the trick.'
>>> generate("legal-plays", rules="classic", seed=2).check("W B5").feedback
'Not quite. You missed B1: B1: yes, B1 follows blue, the colour led.'

Worksheets (:mod:`wizard_edu.teach.worksheets`), the trick and legal-play trainers and the scoring quiz
(:mod:`wizard_edu.widgets`) all draw their exercises here, each from its own random generator, so
that a seed gives the same exercises it always gave.
"""

from __future__ import annotations

import operator
import random
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..engine.cards import COLOUR_NAMES, COLOURS, Card, Cards, cards, sorted_hand
from ..engine.rules import checks
from ..engine.rules.core import (
    DEALER_CHOOSES,
    TrickResult,
    explain_play,
    explain_trick,
    lead_colour,
    legal_plays,
    score_round,
    trump_from_card,
)
from ..engine.rules.rulesets import Ruleset, get_ruleset
from ..errors import ExerciseError, WizardError

#: The kinds of exercise, with the question a sheet or a widget asks.
KINDS: dict[str, str] = {
    "trick-winner": "Who wins the trick?",
    "legal-plays": "Which cards may I play?",
    "round-score": "What does this round score?",
    "turn-up-odds": "How likely is it?",
}
#: Rules exercises are made for (the Anniversary special cards are not in exercises).
EXERCISE_RULES = ("junior", "classic")

ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th")
NAMES = ("Ada", "Ben", "Chloe", "Dev", "Ella", "Finn", "Gita", "Hugo", "Iris", "Jonas", "Kemal",
         "Lena", "Mia", "Noah", "Omar", "Pia", "Rosa", "Sam", "Tara", "Yusuf", "Zoe")

#: What each kind's question holds (a check for exercises built by hand).
_QUESTION_KEYS = {
    "trick-winner": ("rules", "trick", "trump"),
    "legal-plays": ("rules", "hand", "trick", "trump"),
    "round-score": ("rules", "tricks", "names", "bids", "won"),
    "turn-up-odds": ("rules", "hand", "event"),
}


@dataclass(frozen=True)
class Feedback:
    """The mark for one answer: ``correct``, and ``feedback`` in words (the engine's reason)."""

    correct: bool
    feedback: str

    def __bool__(self) -> bool:
        return self.correct


@dataclass(frozen=True)
class Exercise:
    """One exercise: what the learner sees (``question``), the engine's ``answer`` and why.

    ``question`` is plain data (card texts, trump letter, bids...) so that a test or a teacher's
    script can check the answer again; ``answer`` is the winner's index (trick-winner), the cards
    that may be played (legal-plays), the points per player (round-score) or a
    :class:`~fractions.Fraction` (turn-up-odds); ``explanation`` says why, in words.
    """

    kind: str
    question: dict[str, Any]
    answer: Any
    explanation: str

    def __post_init__(self) -> None:
        if not isinstance(self.kind, str) or self.kind not in KINDS:
            raise ExerciseError(f"There is no exercise kind {self.kind!r}. Choose one of {', '.join(KINDS)}.")
        if not isinstance(self.question, dict) or any(k not in self.question for k in _QUESTION_KEYS[self.kind]):
            raise ExerciseError(f"A {self.kind} question holds {', '.join(_QUESTION_KEYS[self.kind])}, "
                                f"not {self.question!r}.")
        if not isinstance(self.explanation, str):
            raise ExerciseError(f"The explanation is a sentence, not {self.explanation!r}.")

    @property
    def rules(self) -> str:
        """The rules the exercise is set in (``"junior"`` or ``"classic"``)."""
        return self.question["rules"]

    @property
    def title(self) -> str:
        return KINDS[self.kind]

    def answer_data(self) -> Any:
        """The answer as JSON-friendly data (what an HTML answer key carries)."""
        if isinstance(self.answer, Fraction):
            return f"{self.answer.numerator}/{self.answer.denominator}"
        if isinstance(self.answer, Cards):
            return [str(c) for c in self.answer]
        return self.answer

    # -- marking ----------------------------------------------------------------------------
    def check(self, answer: Any) -> Feedback:
        """Mark ``answer``; :class:`~wizard_edu.errors.ExerciseError` if it is not an answer of this kind.

        trick-winner: the winning card's place in play order (0 = first) or its text; legal-plays:
        the cards you may play (text or a list); round-score: the points (a number or text like
        ``"-10"``; a list, one per player, when several players score); turn-up-odds: a fraction
        (``"1/15"``, a :class:`~fractions.Fraction`).
        """
        return _CHECKERS[self.kind](self, answer)


def _check_trick(ex: Exercise, answer: Any) -> Feedback:
    trick = cards(ex.question["trick"])
    if isinstance(answer, (str, Card)):
        try:
            card = Card.parse(answer)
        except WizardError:
            raise ExerciseError(f"Answer with a card of the trick ({trick}) or its place (0 = first), "
                                f"not {answer!r}.") from None
        if card not in trick:
            raise ExerciseError(f"{card} is not in this trick ({trick}).")
        answer = list(trick).index(card)
    if not checks.is_whole(answer) or not 0 <= answer < len(trick):
        raise ExerciseError(f"Answer with a card of the trick ({trick}) or its place, 0 to {len(trick) - 1}, "
                            f"not {answer!r}.")
    if answer == ex.answer:
        return Feedback(True, f"Right! {ex.explanation}")
    return Feedback(False, f"Not this time: {trick[answer]} does not win. {ex.explanation}")


def play_reason(card: Card | str, hand: Sequence[Card | str] | str, trick: Sequence[Card | str] | str,
                rules: str | Ruleset = "classic", colour_names: dict[str, str] = COLOUR_NAMES) -> tuple[bool, str]:
    """Whether ``card`` may be played onto ``trick`` from ``hand``, and why: the rules' own words
    (:func:`~wizard_edu.engine.rules.core.explain_play`), with ``colour_names`` for the colours (a theme's
    names).  An allowed play's reason goes after "yes, " (:func:`why_legal`), so it starts in lower
    case unless it starts with the card.

    >>> play_reason("G9", "R3 G9 W", "R12")
    (False, 'You must follow red: you hold R3.')
    >>> play_reason("W", "R3 G9 W", "R12")
    (True, 'a Wizard may always be played, even when you hold red.')
    >>> play_reason("R3", "R3 G9 W", "R12")
    (True, 'R3 follows red, the colour led.')
    """
    verdict = explain_play(hand, trick, card, rules=rules)
    reason = verdict.reason
    for colour, name in colour_names.items():
        if name != COLOUR_NAMES[colour]:
            reason = re.sub(rf"\b{COLOUR_NAMES[colour]}\b", name, reason)
    if verdict.allowed and verdict.rule != "follows":   # "follows": the sentence starts with the card
        reason = reason[0].lower() + reason[1:]
    return verdict.allowed, reason


def why_legal(card: Card | str, hand: Sequence[Card | str] | str, trick: Sequence[Card | str] | str,
              rules: str | Ruleset = "classic") -> str:
    """Why ``card`` may or may not be played, as one sentence.

    >>> why_legal("G9", "R3 G9 W", "R12")
    'G9: no. You must follow red: you hold R3.'
    >>> why_legal("W", "R3 G9 W", "R12")
    'W: yes, a Wizard may always be played, even when you hold red.'
    """
    ok, because = play_reason(card, hand, trick, rules)
    return f"{Card.parse(card)}: yes, {because}" if ok else f"{Card.parse(card)}: no. {because}"


def _check_legal(ex: Exercise, answer: Any) -> Feedback:
    hand, trick = cards(ex.question["hand"]), cards(ex.question["trick"])
    try:
        chosen = {str(c) for c in cards(answer)}
    except WizardError:
        raise ExerciseError(f"Answer with the cards you may play, like 'R3 W', not {answer!r}.") from None
    held = {str(c) for c in hand}
    if not chosen <= held:
        raise ExerciseError(f"{', '.join(sorted(chosen - held))} is not in the hand ({hand}).")
    legal = {str(c) for c in ex.answer}
    missed, wrong = sorted(legal - chosen), sorted(chosen - legal)
    if not missed and not wrong:
        return Feedback(True, f"Right! You may play {', '.join(sorted(legal))}.")
    parts = [why_legal(t, hand, trick, ex.rules) for t in wrong]
    if missed:
        parts.append(f"You missed {', '.join(missed)}: "
                     + " ".join(why_legal(t, hand, trick, ex.rules) for t in missed))
    return Feedback(False, "Not quite. " + " ".join(parts))


def read_points(answer: Any) -> int:
    """Points from a number or text like ``"-10"`` or ``"\u221210"``; :class:`ExerciseError` otherwise."""
    if checks.is_whole(answer):
        return answer
    if isinstance(answer, str):
        text = answer.strip().replace("\u2212", "-").replace(" ", "")
        if re.fullmatch(r"[+-]?[0-9]{1,9}", text):
            return int(text)
    raise ExerciseError(f"Type a whole number of points, like 30 or -10, not {str(answer)!r}.")


def _check_score(ex: Exercise, answer: Any) -> Feedback:
    q = ex.question
    whys = [explain_score(b, w, q["rules"], n) for n, b, w in zip(q["names"], q["bids"], q["won"])]
    if len(ex.answer) == 1 and not isinstance(answer, (list, tuple)):
        value = read_points(answer)
        if value == ex.answer[0]:
            return Feedback(True, f"Right! {whys[0]}")
        return Feedback(False, f"Not {value}: {whys[0]}")
    if not isinstance(answer, (list, tuple)) or len(answer) != len(ex.answer):
        raise ExerciseError(f"Give {len(ex.answer)} scores, one for each player, not {answer!r}.")
    values = [read_points(a) for a in answer]
    wrong = [why for v, right, why in zip(values, ex.answer, whys) if v != right]
    if not wrong:
        return Feedback(True, "Right! " + " ".join(whys))
    return Feedback(False, "Not quite. " + " ".join(wrong))


def _check_odds(ex: Exercise, answer: Any) -> Feedback:
    try:
        if isinstance(answer, bool) or not isinstance(answer, (int, Fraction, str)):
            raise ValueError
        value = Fraction(answer.strip() if isinstance(answer, str) else answer)
    except (ValueError, ZeroDivisionError):
        raise ExerciseError(f"Write the chance as a fraction, like 1/15, not {answer!r}.") from None
    if value == ex.answer:
        return Feedback(True, f"Right! {ex.explanation}")
    return Feedback(False, f"Not {value}. {ex.explanation}")


_CHECKERS: dict[str, Callable[[Exercise, Any], Feedback]] = {
    "trick-winner": _check_trick, "legal-plays": _check_legal, "round-score": _check_score,
    "turn-up-odds": _check_odds,
}


# -- the engine's words for a score ------------------------------------------------------------
def _index(value: Any) -> Any:
    """A numpy whole number (``np.int64(3)``) as a plain ``int``; anything else as given, for the checks
    to judge (``True`` stays a bool, and is refused as a number)."""
    if isinstance(value, (bool, int)):
        return value
    try:
        return operator.index(value)
    except TypeError:
        return value


def _tricks(n: int) -> str:
    return f"{n} trick" if n == 1 else f"{n} tricks"


def explain_score(bid: int, won: int, rules: str | Ruleset = "classic", name: str = "The player") -> str:
    """The points for ``bid`` and ``won`` in words, with the formula worked out.

    The numbers in the formula are the engine's (:func:`~wizard_edu.engine.rules.core.score_round`):
    the bonus for a bid made, the points for each trick, the points lost for each trick off.

    >>> explain_score(2, 2)
    'The player made the bid of 2 exactly: 20 for the bid plus 10 for each trick, 20 + 10 × 2 = 40.'
    >>> explain_score(0, 2)
    'The player won 2 tricks more than the bid of 0, so no bonus: -10 points for each trick off, -10 × 2 = -20.'
    """
    ruleset = get_ruleset(rules)
    bid, won = _index(bid), _index(won)
    points = score_round(bid, won, ruleset)
    if not isinstance(name, str):
        raise ExerciseError(f"A player's name is text, not {name!r}.")
    if ruleset.scoring == "junior":
        if bid != won:
            return f"{name} predicted {bid} but won {won}: a missed prediction scores {points} (no chips are lost)."
        if bid == 0:
            return f"{name} predicted 0 and won none: a correct zero scores {points}."
        return f"{name} predicted {bid} and won exactly {won}: one point per trick, {points}."
    bonus = score_round(0, 0, ruleset)
    per_trick = score_round(1, 1, ruleset) - bonus
    per_off = score_round(0, 1, ruleset)
    if bid == won:
        return (f"{name} made the bid of {bid} exactly: {bonus} for the bid plus {per_trick} for each trick, "
                f"{bonus} + {per_trick} × {won} = {points}.")
    off = abs(bid - won)
    side = "more than" if won > bid else "fewer than"
    return (f"{name} won {_tricks(off)} {side} the bid of {bid}, so no bonus: {per_off} points for each "
            f"trick off, {per_off} × {off} = {points}.")


def tempting_scores(bid: int, won: int, rules: str | Ruleset = "classic") -> list[int]:
    """Wrong scores a learner is likely to give (forgetting the bonus, the sign...), most likely first."""
    ruleset = get_ruleset(rules)
    bid, won = _index(bid), _index(won)
    checks.round_score_args(bid, won, ruleset)
    off = abs(bid - won)
    if ruleset.scoring == "junior":
        return [won, bid, 0, 1, -won, bid + 1]
    bonus = score_round(0, 0, ruleset)
    per_trick = score_round(1, 1, ruleset) - bonus
    per_off = -score_round(0, 1, ruleset)
    return [per_trick * won, bonus + per_trick * bid, per_off * off, -per_trick * won,
            bonus + per_trick * (won + 1), bonus, -bonus - per_off * off, 0, per_trick * bid,
            -per_off * (off + 1)]


# -- drawing exercises -----------------------------------------------------------------------------
def _rules_key(rules: Any) -> str:
    key = rules.name if isinstance(rules, Ruleset) else rules.strip().lower() if isinstance(rules, str) else rules
    if not isinstance(key, str) or key not in EXERCISE_RULES:
        raise ExerciseError(f"Exercises use the rules {' or '.join(EXERCISE_RULES)}, not {rules!r}.")
    return key


def generate(kind: str, rules: str | Ruleset = "junior", seed: int = 0, step: int = 0) -> Exercise:
    """An exercise of ``kind``; the same arguments always give the same exercise.

    ``step`` picks the situation: the trick-winner exercises cycle through the highest card of
    the colour led, the highest trump, the first Wizard, a Jester leading...; legal-plays through
    following, not being able to follow, a Wizard or a Jester first, leading; and so on.  A
    worksheet's exercises are ``step`` 0, 1, 2... of one generator.

    >>> ex = generate("round-score", "classic", seed=1)
    >>> ex.question["bids"], ex.question["won"], ex.answer
    ([5, 0, 3, 0], [5, 1, 2, 1], [70, -10, -10, -10])
    """
    if not isinstance(kind, str) or kind not in KINDS:
        raise ExerciseError(f"There is no exercise kind {kind!r}. Choose one of {', '.join(KINDS)}.")
    key = _rules_key(rules)
    seed = checks.whole_number(_index(seed), "The seed", 0, None, ExerciseError)
    step = checks.whole_number(_index(step), "The step", 0, None, ExerciseError)
    # A text seed is hashed the same way on every computer (not Python's salted hash()).
    rng = random.Random(f"wizard-edu exercise {kind} {key} {seed}")
    return draw(kind, rng, key, step)


def draw(kind: str, rng: random.Random, rules: str, step: int = 0) -> Exercise:
    """The next exercise of ``kind`` from ``rng`` (a worksheet draws all its exercises from one)."""
    _check_rng(rng)
    if not isinstance(kind, str) or kind not in KINDS:
        raise ExerciseError(f"There is no exercise kind {kind!r}. Choose one of {', '.join(KINDS)}.")
    return _MAKERS[kind](rng, _rules_key(rules), checks.whole_number(_index(step), "The step", 0, None, ExerciseError))


def _check_rng(rng: object) -> None:
    if not isinstance(rng, random.Random):
        raise ExerciseError(f"Exercises are drawn with a random.Random, not {rng!r}.")


def _shuffled_deck(rng: random.Random, rules: str) -> list[Card]:
    deck = list(get_ruleset(rules).deck())
    rng.shuffle(deck)
    return deck


def _sentences(text: str) -> str:
    """Every sentence starts with a capital ("... 8. Green 5 wins"), also when it starts with a card's name."""
    return re.sub(r"(\. )([a-z])", lambda m: m.group(1) + m.group(2).upper(), text)


def junior_words(text: str, rules: str) -> str:
    """``text`` in the ruleset's words (Fool Frogs, predictions in Wizard Junior): the kit's one
    vocabulary (:mod:`wizard_edu.teach.vocabulary`) does the translating."""
    from .vocabulary import Vocabulary

    return Vocabulary(rules).text(text)


# Who wins the trick: cycle through the situations a learner must tell apart.
TRICK_SITUATIONS = ("highest-led", "highest-trump", "first-wizard", "jester-led", "highest-trump",
                    "highest-led", "no-trump-played")


def _trick_exercise(rng: random.Random, rules: str, step: int) -> Exercise:
    want = TRICK_SITUATIONS[step % len(TRICK_SITUATIONS)]
    for _ in range(500):
        players = rng.choice([3, 4] if rules == "junior" else [3, 4, 5])
        trick = Cards(_shuffled_deck(rng, rules)[:players])
        trump = rng.choice(list(COLOURS) + [None])
        result = explain_trick(trick, trump, rules)
        if _trick_situation_matches(want, trick, trump, result.rule):
            break
    return trick_exercise(trick, trump, rules)


def trick_exercise(trick: Iterable[Card | str] | str, trump: str | None, rules: str | Ruleset) -> Exercise:
    """The trick-winner exercise for ``trick`` (answer and words from :func:`explain_trick`)."""
    key = _rules_key(rules)
    trick = Cards(trick)
    result = explain_trick(trick, trump, rules)
    if result.winner is None:
        raise ExerciseError("Nobody wins a trick with the Bomb in it: there is nothing to ask.")
    return Exercise(
        "trick-winner",
        {"rules": key, "trick": str(trick), "trump": trump},
        result.winner,
        _sentences(junior_words(f"The {ORDINALS[result.winner]} card, {trick[result.winner]}. {result.reason}", key)),
    )


def _trick_situation_matches(want: str, trick: Cards, trump: str | None, rule: str) -> bool:
    if want == "jester-led":   # a Jester first: it sets no colour to follow
        return trick[0].is_jester and rule in ("highest-led", "highest-trump")
    if want == "no-trump-played":   # there is a trump colour, but nobody played one
        return trump is not None and rule == "highest-led"
    if want == "highest-led":
        return trump is None and rule == "highest-led" and not trick[0].is_jester
    return rule == want


# Which cards may I play: lead, follow, cannot follow, a Wizard or a Jester first.
LEGAL_SITUATIONS = ("must-follow", "cannot-follow", "must-follow", "wizard-first", "jester-first",
                    "must-follow", "lead")


def _legal_exercise(rng: random.Random, rules: str, step: int) -> Exercise:
    want = LEGAL_SITUATIONS[step % len(LEGAL_SITUATIONS)]
    for _ in range(500):
        deck = _shuffled_deck(rng, rules)
        size = rng.randint(3, 6) if rules == "junior" else rng.randint(4, 8)
        hand = sorted_hand(deck[:size])
        played = 0 if want == "lead" else rng.randint(1, 3)
        trick = Cards(deck[size:size + played])
        kind = _legal_situation(hand, trick, rules)
        jester_first = bool(trick) and trick[0].is_jester and lead_colour(trick, rules) is not None
        if kind == want or (want == "jester-first" and jester_first):
            break
    trump = rng.choice(list(COLOURS) + [None])
    return legal_exercise(hand, trick, trump, rules)


def legal_exercise(hand: Iterable[Card | str] | str, trick: Iterable[Card | str] | str, trump: str | None,
                   rules: str | Ruleset) -> Exercise:
    """The legal-plays exercise for ``hand`` and ``trick`` (answer from :func:`legal_plays`)."""
    key = _rules_key(rules)
    hand, trick = checks.hand_and_trick(hand, trick, get_ruleset(rules))
    kind = _legal_situation(hand, trick, rules)
    jester_first = bool(trick) and trick[0].is_jester and lead_colour(trick, rules) is not None
    return Exercise(
        "legal-plays",
        {"rules": key, "hand": str(hand), "trick": str(trick), "trump": trump},
        legal_plays(hand, trick, rules),
        junior_words(_legal_reason(kind, lead_colour(trick, rules), jester_first), key),
    )


def _legal_situation(hand: Cards, trick: Cards, rules: str | Ruleset) -> str:
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
    assert colour is not None  # every other kind of reason has a colour to follow
    name = COLOUR_NAMES[colour]
    before = ("A Jester sets no colour, so the colour to follow is the first colour played: "
              if jester_first else "The colour to follow is ")
    if kind == "cannot-follow":
        return f"{before}{name}. You have no {name} card, so you may play any card."
    return f"{before}{name}. You have {name}, so play a {name} card, a Wizard or a Jester."


def _score_exercise(rng: random.Random, rules: str, step: int) -> Exercise:
    players = rng.choice([3, 4])
    tricks = rng.randint(1, 8) if rules == "junior" else rng.randint(1, 60 // players)
    names = rng.sample(NAMES, players)
    won = [0] * players
    for _ in range(tricks):
        won[rng.randrange(players)] += 1
    bids = [min(tricks, max(0, w + rng.choice([-2, -1, 0, 0, 0, 1, 1]))) for w in won]
    return score_exercise(names, bids, won, tricks, rules)


def score_exercise(names: Sequence[str], bids: Sequence[int], won: Sequence[int], tricks: int,
                   rules: str | Ruleset) -> Exercise:
    """The round-score exercise: each player's bid and tricks won in a round of ``tricks`` tricks."""
    key = _rules_key(rules)
    ruleset = get_ruleset(rules)
    tricks = checks.whole_number(_index(tricks), "The number of tricks in the round", 1, checks.most_tricks(ruleset),
                                 ExerciseError)
    if not all(isinstance(x, (list, tuple)) for x in (names, bids, won)) or not len(names) == len(bids) == len(won) \
            or not 1 <= len(names) <= checks.MAX_PLAYERS or not all(isinstance(n, str) for n in names):
        raise ExerciseError("Give one name, one bid and one number of tricks won for each player (1 to 6).")
    bids, won = [_index(b) for b in bids], [_index(w) for w in won]
    for b, w in zip(bids, won):
        checks.round_score_args(b, w, ruleset)
        if b > tricks or w > tricks:
            raise ExerciseError(f"A round of {tricks} tricks has bids and tricks won from 0 to {tricks}.")
    points = [score_round(b, w, ruleset) for b, w in zip(bids, won)]
    word = "predicted" if key == "junior" else "bid"
    made = [n for n, b, w in zip(names, bids, won) if b == w]
    explanation = (f"Right on: {', '.join(made)}." if made else "Nobody got it exactly right.")
    return Exercise(
        "round-score",
        {"rules": key, "tricks": tricks, "names": list(names), "bids": list(bids), "won": list(won),
         "word": word},
        points, explanation,
    )


def quiz_score_exercise(rng: random.Random, rules: str | Ruleset, rounds: Sequence[int],
                        names: Sequence[str]) -> Exercise:
    """One player's bid and tricks in a round drawn from ``rounds``, the way the scoring quiz asks."""
    _check_rng(rng)
    most = checks.most_tricks(get_ruleset(rules))
    for what, items, ok in (("round sizes", rounds, lambda n: checks.is_whole(n) and 1 <= n <= most),
                            ("names", names, lambda n: isinstance(n, str))):
        if not isinstance(items, (list, tuple)) or not items or not all(ok(x) for x in items):
            raise ExerciseError(f"Give a list of {what} to choose from, not {items!r}.")
    name = rng.choice(names)
    size = rng.choice(rounds)
    bid = rng.randint(0, min(size, 5))
    if rng.random() < 0.45:
        won = bid
    else:
        won = rng.choice([w for w in range(0, min(size, bid + 3) + 1) if w != bid])
    ex = score_exercise([name], [bid], [won], size, rules)
    return Exercise(ex.kind, ex.question, ex.answer, explain_score(bid, won, rules, name))


# How likely is it: the next card turned up, counted over the cards you cannot see.
ODDS_EVENTS = ("wizard", "colour", "jester", "above", "hand-colour", "wizard-or-jester", "colour")


def _odds_exercise(rng: random.Random, rules: str, step: int) -> Exercise:
    kind = ODDS_EVENTS[step % len(ODDS_EVENTS)]
    deck = _shuffled_deck(rng, rules)
    held = 0 if step % 3 == 0 else rng.randint(1, 5)
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
    return Exercise("turn-up-odds", {"rules": rules, "hand": str(hand), "event": event}, answer, explanation)


def unseen_cards(hand: Iterable[Card | str] | str, rules: str | Ruleset) -> list[Card]:
    """The ruleset's deck without the cards in ``hand`` (one copy removed per card held)."""
    ruleset = get_ruleset(rules)
    hand = checks.card_list(hand, ruleset, "hand")
    checks.check_copies(hand, ruleset, "the hand")
    remaining = list(ruleset.deck())
    for card in hand:
        remaining.remove(card)
    return remaining


def _check_event(event: object) -> str:
    """``event`` if it is an odds question this module knows (``'wizard'``, ``'above:R:5'``...)."""
    if isinstance(event, str):
        parts = event.split(":")
        if event in ("wizard", "jester", "wizard-or-jester", "hand-colour"):
            return event
        if len(parts) == 2 and parts[0] == "colour" and parts[1] in COLOURS:
            return event
        if (len(parts) == 3 and parts[0] == "above" and parts[1] in COLOURS
                and parts[2].isascii() and parts[2].isdigit() and 0 <= int(parts[2]) <= 13):
            return event
    raise ExerciseError(f"Unknown odds question {event!r}: ask about 'wizard', 'jester', 'wizard-or-jester', "
                        "'hand-colour', 'colour:R' or 'above:R:5'.")


def card_matches(card: Card | str, event: str, hand: Iterable[Card | str] | str = ()) -> bool:
    """Whether a turned-up ``card`` is the event an odds exercise asks about."""
    card, event, hand = Card.parse(card), _check_event(event), cards(hand)
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
    _, colour, rank = event.split(":")
    # Only number cards have a rank.
    return card.rank is not None and card.colour == colour and card.rank > int(rank)


def describe_event(event: str, hand: Iterable[Card | str] | str, rules: str | Ruleset) -> str:
    """The event in words, e.g. ``'a blue card higher than 5'``."""
    event, hand, rules = _check_event(event), cards(hand), get_ruleset(rules).name
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


_MAKERS: dict[str, Callable[[random.Random, str, int], Exercise]] = {
    "trick-winner": _trick_exercise, "legal-plays": _legal_exercise, "round-score": _score_exercise,
    "turn-up-odds": _odds_exercise,
}


# -- tricks dealt the way a game deals them (the trainers) -------------------------------------------
@dataclass(frozen=True)
class Level:
    """One trainer level: which cards come first, where trump comes from, which tricks qualify."""

    name: str
    title: str
    prefix: tuple[str, ...] = ()
    trump: str = "deal"          # "none", "colour" (a random colour) or "deal" (turn up the next card)
    check: Callable[[Cards, str | None, TrickResult], bool] = lambda trick, trump, result: True


def _all_numbers(trick: Cards, trump: str | None, result: TrickResult) -> bool:
    return all(c.is_number for c in trick)


def _has_special(trick: Cards, trump: str | None, result: TrickResult) -> bool:
    return any(c.is_wizard or c.is_jester for c in trick)


def _number_after(trick: Cards, trump: str | None, result: TrickResult) -> bool:
    return any(c.is_number for c in trick[1:])


LEVELS: dict[str, Level] = {lv.name: lv for lv in (
    Level("follow", "Follow the colour: no trump, no Wizards, no Jesters", trump="none", check=_all_numbers),
    Level("trump", "Trump: one colour beats the others", trump="colour", check=_all_numbers),
    Level("wizards-and-frogs", "Wizards and Jesters join in", check=_has_special),
    Level("jester-lead", "A Jester leads: who sets the colour?", prefix=("J",), check=_number_after),
    Level("wizard-lead", "A Wizard leads", prefix=("W",)),
    Level("jester-then-wizard", "A Jester, then a Wizard", prefix=("J", "W")),
    Level("only-jesters", "Only Jesters", prefix=("J",) * 6, trump="deal"),
    Level("anything", "Anything can happen: every kind of trick"),
)}

JUNIOR_LEVELS = ("follow", "trump", "wizards-and-frogs", "anything")
CLASSIC_LEVELS = ("follow", "trump", "wizards-and-frogs", "jester-lead", "wizard-lead", "jester-then-wizard",
                  "only-jesters", "anything")


def _pick_trump(mode: str, rest: list[Card], ruleset: Ruleset, rng: random.Random) -> tuple[str | None, str]:
    """The trump colour and a sentence saying where it came from."""
    if mode == "none":
        return None, "There is no trump this time."
    if mode == "colour":
        colour = rng.choice(COLOURS)
        return colour, ""
    card = rest[0] if rest else None
    found = trump_from_card(card, ruleset)
    if found == DEALER_CHOOSES:
        colour = rng.choice(COLOURS)
        return colour, f"A Wizard was turned up; the dealer chose {colour}."
    if card is None:
        return None, "No card was left to turn up: no trump."
    if found is None:
        return None, "A Jester was turned up: no trump."
    return found, ""


@dataclass(frozen=True)
class DealtTrick:
    """A trick dealt for a trainer: the exercise, the engine's full result and where trump came from."""

    exercise: Exercise
    trick: Cards
    trump: str | None
    note: str
    result: TrickResult


def dealt_trick(rng: random.Random, ruleset: Ruleset, level: str, players: int) -> DealtTrick:
    """A trick made the way a real game makes it: hands dealt from the deck, each player plays a card
    :func:`legal_plays` allows; ``level`` (a name in :data:`LEVELS`) says which tricks qualify."""
    _check_rng(rng)
    ruleset = get_ruleset(ruleset)
    players = _index(players)
    ruleset.check_players(players)
    if not isinstance(level, str) or level not in LEVELS:
        raise ExerciseError(f"There is no level {level!r}: choose one of {', '.join(LEVELS)}.")
    spec = LEVELS[level]
    if spec.prefix and set(spec.prefix) == {"J"}:
        players = min(players, ruleset.jesters)
    for _ in range(500):
        deck = list(ruleset.deck())
        rng.shuffle(deck)
        trick = [Card.parse(t) for t in spec.prefix[:players]]
        for card in trick:
            deck.remove(card)
        hand_size = rng.randint(2, 5)
        while len(trick) < players:
            hand, deck = deck[:hand_size], deck[hand_size:]
            trick.append(rng.choice(legal_plays(hand, trick, ruleset)))
        trump, note = _pick_trump(spec.trump, deck, ruleset, rng)
        result = explain_trick(trick, trump, ruleset)
        if spec.check(Cards(trick), trump, result):
            break
    exercise = Exercise("trick-winner", {"rules": ruleset.name, "trick": str(Cards(trick)), "trump": trump},
                        result.winner, result.reason)
    return DealtTrick(exercise, Cards(trick), trump, note, result)


@dataclass(frozen=True)
class DealtHand:
    """A hand and a trick in progress dealt for a trainer, with the exercise and the trump note."""

    exercise: Exercise
    hand: Cards
    trick: Cards
    trump: str | None
    note: str


def dealt_hand(rng: random.Random, ruleset: Ruleset, players: int, hand_size: int) -> DealtHand:
    """A hand and a trick in progress, dealt as in a game (usually one where some cards may not be played)."""
    _check_rng(rng)
    ruleset = get_ruleset(ruleset)
    players = _index(players)
    ruleset.check_players(players)
    hand_size = checks.whole_number(_index(hand_size), f"The hand size with {players} players", 1,
                                    ruleset.deck_size // players, ExerciseError)
    want_illegal = rng.random() < 0.75
    for _ in range(500):
        deck = list(ruleset.deck())
        rng.shuffle(deck)
        before = rng.randint(0 if not want_illegal else 1, players - 1)
        trick: list[Card] = []
        for _seat in range(before):
            hand, deck = deck[:hand_size], deck[hand_size:]
            trick.append(rng.choice(legal_plays(hand, trick, ruleset)))
        mine, deck = sorted_hand(deck[:hand_size]), deck[hand_size:]
        legal = legal_plays(mine, trick, ruleset)
        if not want_illegal or len(legal) < len(mine):
            break
    trump, note = _pick_trump("deal", deck, ruleset, rng)
    kind = _legal_situation(mine, Cards(trick), ruleset)
    jester_first = bool(trick) and trick[0].is_jester and lead_colour(trick, ruleset) is not None
    exercise = Exercise("legal-plays",
                        {"rules": ruleset.name, "hand": str(mine), "trick": str(Cards(trick)), "trump": trump},
                        legal, _legal_reason(kind, lead_colour(trick, ruleset), jester_first))
    return DealtHand(exercise, mine, Cards(trick), trump, note)


__all__ = ["KINDS", "EXERCISE_RULES", "Exercise", "Feedback", "generate", "draw", "trick_exercise",
           "legal_exercise", "score_exercise", "explain_score", "tempting_scores", "why_legal", "play_reason", "read_points",
           "unseen_cards", "card_matches", "describe_event", "junior_words", "TRICK_SITUATIONS",
           "LEGAL_SITUATIONS", "ODDS_EVENTS", "LEVELS", "JUNIOR_LEVELS", "CLASSIC_LEVELS", "Level",
           "dealt_trick", "dealt_hand", "DealtTrick", "DealtHand", "quiz_score_exercise"]
