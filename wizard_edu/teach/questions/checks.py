"""The unit checks: a short check before and after each unit (Junior, Classic, Probability).

Each unit tests a few *ideas*; each idea has a pool of parallel questions (the same idea with other
cards or numbers, every answer computed by the engine or the kit's exact odds).  The check taken at
the start of the unit (``check-junior-before``) asks each idea's first question, the check at the
end (``check-junior-after``) its second: the two checks differ but test the same ideas.  A check is
scored on correctness only, never speed: a question counts when its first answer is right.

Each check is a notebook of its own (``notebooks/check-junior-before.ipynb`` ...) with a bank here;
question ids are ``"check-junior-before.trick-colour-led"``: the notebook's name, a dot, the idea.

>>> [u.name for u in UNITS]
['junior', 'classic', 'probability']
>>> sorted(CHECK_BANKS)[:2]
['check-classic-after', 'check-classic-before']
>>> found = CHECK_BANKS["check-junior-before"]["check-junior-before.trick-colour-led"]
>>> found.prompt, found.cards, found.answer()      # the red 6, third card: the highest red
('No trump. Which card wins?', 'R3 G8 R6 B2', 2)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from math import sqrt
from typing import Any

from ...engine.cards import COLOUR_NAMES, Card, classic_deck, junior_deck
from ...engine.rules import lead_colour, legal_plays, round_sizes, score_round, trick_winner
from ...simulate.odds import DEALER_CHOOSES, NO_TRUMP
from . import Bank

#: The two checks of a unit, in the order they are taken.
WHENS = ("before", "after")


@dataclass(frozen=True)
class Idea:
    """One idea of a unit and its parallel questions: ``pool[0]`` is asked before, ``pool[1]`` after.

    Each question is a dict of :meth:`Bank.add` keywords (``prompt`` and ``answer`` included).
    """

    name: str
    words: str
    pool: tuple[dict[str, Any], ...]


@dataclass(frozen=True)
class Unit:
    """A unit of the path: its notebooks and the ideas its checks test."""

    name: str
    title: str
    notebooks: tuple[str, ...]
    rules: str
    ideas: list[Idea] = field(default_factory=list)

    def notebook(self, when: str) -> str:
        """The check notebook's name, e.g. ``check-junior-before``."""
        return f"check-{self.name}-{when}"


def _winner(trick: str, trump: str | None, rules: str) -> Callable[[], Any]:
    return lambda: trick_winner(trick, trump=trump, rules=rules)


def _trump_odds(players: int, round_number: int, rules: str = "classic") -> Any:
    from ...simulate.odds import trump_odds

    return trump_odds(players=players, round_number=round_number, rules=rules)


def _hand_odds(size: int, what: str) -> Any:
    from ...simulate.odds import hand_odds

    return hand_odds(size, what)


def _colour_word(trick: str, rules: str, none: str) -> str:
    colour = lead_colour(trick, rules=rules)
    return none if colour is None else COLOUR_NAMES[colour]


def _can_be_beaten(card: str, trump: str) -> str:
    """``"yes"`` when some card of the Classic deck, played after ``card``, wins the trick."""
    led = Card.parse(card)
    return "yes" if any(trick_winner([led, other], trump=trump) == 1 for other in classic_deck() if other != led) else "no"


def _same_chances(a: int, b: int) -> str:
    return "no" if _trump_odds(a, 1) == _trump_odds(b, 1) else "yes"


def _se_ratio(times: int) -> int:
    return round(sqrt(times))


def _count(deck: Callable[[], Any], test: Callable[[Any], bool]) -> Callable[[], int]:
    return lambda: sum(1 for card in deck() if test(card))


JUNIOR_COLOURS = ["red", "green", "blue", "yellow", "no colour"]
CLASSIC_COLOURS = ["red", "green", "blue", "yellow", "none: play anything"]

JUNIOR = Unit("junior", "Wizard Junior", tuple(f"0{n}" for n in range(1, 6)), "junior", [
    Idea("deck", "what is in the Junior deck", (
        dict(prompt="How many green cards are in a Wizard Junior deck?",
             answer=_count(junior_deck, lambda c: c.kind == "number" and COLOUR_NAMES[c.colour] == "green"),
             hint="Each colour has the numbers 1 to 8."),
        dict(prompt="How many cards of a Wizard Junior deck are not number cards?",
             answer=_count(junior_deck, lambda c: c.kind != "number"),
             hint="Which cards have no number? How many of each are there?"))),
    Idea("trick-colour-led", "no trump: the highest card of the colour led wins", (
        dict(prompt="No trump. Which card wins?", cards="R3 G8 R6 B2", answer=_winner("R3 G8 R6 B2", None, "junior"),
             hint="Which colour was played first? Only cards of that colour can win."),
        dict(prompt="No trump. Which card wins?", cards="G2 B7 G5 R8", answer=_winner("G2 B7 G5 R8", None, "junior"),
             hint="Which colour was played first? Only cards of that colour can win."))),
    Idea("trump-wins", "a trump beats every card of another colour", (
        dict(prompt="Blue is trump. Which card wins?", cards="R3 G8 R6 B2", answer=_winner("R3 G8 R6 B2", "B", "junior"),
             hint="A trump beats every card of another colour, even a small one."),
        dict(prompt="Green is trump. Which card wins?", cards="Y7 R8 G1 Y2", answer=_winner("Y7 R8 G1 Y2", "G", "junior"),
             hint="A trump beats every card of another colour, even a small one."))),
    Idea("first-wizard", "the first Wizard wins", (
        dict(prompt="Blue is trump. Which card wins?", cards="B8 W R1 W", answer=_winner("B8 W R1 W", "B", "junior"),
             hint="Is there a Wizard? Which one was played first?"),
        dict(prompt="Red is trump. Which card wins?", cards="W G8 W R2", answer=_winner("W G8 W R2", "R", "junior"),
             hint="Is there a Wizard? Which one was played first?"))),
    Idea("frog-colour", "a Fool Frog sets no colour: the first number card does", (
        dict(prompt="Fool Frog, green 3, green 7, red 8. Which colour must everybody follow?",
             answer=lambda: _colour_word("F G3 G7 R8", "junior", "no colour"), choices=JUNIOR_COLOURS,
             hint="A Fool Frog has no colour. Which is the first card that has one?"),
        dict(prompt="Fool Frog, blue 5, red 2, blue 1. Which colour must everybody follow?",
             answer=lambda: _colour_word("F B5 R2 B1", "junior", "no colour"), choices=JUNIOR_COLOURS,
             hint="A Fool Frog has no colour. Which is the first card that has one?"))),
    Idea("may-play", "follow the colour led if you can; a Wizard may always be played", (
        dict(prompt="Red 7 was led. You hold R3 G5 W. Which cards may you play?",
             answer=lambda: legal_plays("R3 G5 W", "R7", rules="junior"),
             hint="Do you have a red card? Which card may always be played?"),
        dict(prompt="Green 4 was led. You hold G2 B6 W. Which cards may you play?",
             answer=lambda: legal_plays("G2 B6 W", "G4", rules="junior"),
             hint="Do you have a green card? Which card may always be played?"))),
])

CLASSIC = Unit("classic", "Classic Wizard", ("06", "07", "08"), "classic", [
    Idea("score-made", "a bid made exactly: 20 + 10 per trick", (
        dict(prompt="You bid 2 and win 2. How many points?", answer=lambda: score_round(2, 2),
             hint="20 for making the bid, plus 10 for each trick you won."),
        dict(prompt="You bid 3 and win 3. How many points?", answer=lambda: score_round(3, 3),
             hint="20 for making the bid, plus 10 for each trick you won."))),
    Idea("score-missed", "a missed bid: minus 10 per trick off", (
        dict(prompt="You bid 2 and win 3. How many points?", answer=lambda: score_round(2, 3),
             hint="A missed bid loses 10 for each trick off."),
        dict(prompt="You bid 4 and win 2. How many points?", answer=lambda: score_round(4, 2),
             hint="A missed bid loses 10 for each trick off."))),
    Idea("rounds", "the rounds: 60 cards shared out", (
        dict(prompt="How many rounds do 4 players play in Classic Wizard?", answer=lambda: len(round_sizes(4)),
             hint="Each round deals one more card to each player, until all 60 cards are dealt."),
        dict(prompt="How many rounds do 5 players play in Classic Wizard?", answer=lambda: len(round_sizes(5)),
             hint="Each round deals one more card to each player, until all 60 cards are dealt."))),
    Idea("jester-lead", "after a Jester lead, the next card sets the colour", (
        dict(prompt="The trick so far is J R3. Which colour must the next player follow?",
             answer=lambda: _colour_word("J R3", "classic", CLASSIC_COLOURS[-1]), choices=CLASSIC_COLOURS,
             hint="A Jester has no colour. Which card came next?"),
        dict(prompt="The trick so far is J G7. Which colour must the next player follow?",
             answer=lambda: _colour_word("J G7", "classic", CLASSIC_COLOURS[-1]), choices=CLASSIC_COLOURS,
             hint="A Jester has no colour. Which card came next?"))),
    Idea("only-jesters", "Jesters lose, unless every card is a Jester", (
        dict(prompt="Click the card that wins J J R1 J.", cards="J J R1 J", answer=_winner("J J R1 J", None, "classic"),
             hint="A Jester always loses, except when every card in the trick is a Jester."),
        dict(prompt="Click the card that wins J B1 J J.", cards="J B1 J J", answer=_winner("J B1 J J", None, "classic"),
             hint="A Jester always loses, except when every card in the trick is a Jester."))),
    Idea("wizard-lead", "after a Wizard lead, anything may be played", (
        dict(prompt="The trick is W R3. You hold R5, G2 and J. Type every card you may play.",
             answer=lambda: legal_plays("R5 G2 J", "W R3"),
             hint="A Wizard led the trick. Does anybody have to follow a colour?"),
        dict(prompt="The trick is W G2. You hold B4, Y9 and J. Type every card you may play.",
             answer=lambda: legal_plays("B4 Y9 J", "W G2"),
             hint="A Wizard led the trick. Does anybody have to follow a colour?"))),
    Idea("top-trump", "even the highest trump loses to a Wizard", (
        dict(prompt="Red is trump. You lead R13. Can a card played after it win the trick?", choices=["yes", "no"],
             answer=lambda: _can_be_beaten("R13", "R"), hint="Is there a card that beats every trump?"),
        dict(prompt="Green is trump. You lead G13. Can a card played after it win the trick?", choices=["yes", "no"],
             answer=lambda: _can_be_beaten("G13", "G"), hint="Is there a card that beats every trump?"))),
])

PROBABILITY = Unit("probability", "Probability", tuple(str(n) for n in ("09", 10, 11, 12, 13, 14, 15)), "classic", [
    Idea("turn-up", "the chance of the turned-up card: count, then divide by 60", (
        dict(prompt="4 players, round 1: what is the chance that the turned-up card is a Wizard? "
                    "(a fraction like 1/2, a decimal or a %)",
             answer=lambda: _trump_odds(4, 1)[DEALER_CHOOSES], hint="Wizards in the deck / cards in the deck."),
        dict(prompt="4 players, round 1: what is the chance that red is turned up as trump? "
                    "(a fraction like 1/2, a decimal or a %)",
             answer=lambda: _trump_odds(4, 1)["R"], hint="Red cards in the deck / cards in the deck."))),
    Idea("last-round", "no card is left to turn up in the last round", (
        dict(prompt="What is the chance of no trump in round 15 with 4 players?",
             answer=lambda: _trump_odds(4, 15)[NO_TRUMP], hint="How many cards are dealt in round 15? Is any left?"),
        dict(prompt="What is the chance of no trump in round 12 with 5 players?",
             answer=lambda: _trump_odds(5, 12)[NO_TRUMP], hint="How many cards are dealt in round 12? Is any left?"))),
    Idea("players-same", "before anyone looks, the table size does not change round 1's chances", (
        dict(prompt="Do the round 1 chances of the turned-up card change with 6 players instead of 4?",
             choices=["yes", "no"], answer=lambda: _same_chances(6, 4),
             hint="Nobody has looked at any card yet. Which card is on top of the pile?"),
        dict(prompt="Do the round 1 chances of the turned-up card change with 3 players instead of 5?",
             choices=["yes", "no"], answer=lambda: _same_chances(3, 5),
             hint="Nobody has looked at any card yet. Which card is on top of the pile?"))),
    Idea("no-wizard", "the chance of no Wizard in a hand (counting hands)", (
        dict(prompt="5 cards in Classic: what is the chance of no Wizard at all? (a decimal like 0.25 is fine)",
             answer=lambda: _hand_odds(5, "wizards")[0], tolerance=0.005,
             hint="Count the hands with no Wizard (all cards from the 56 others) and divide by all hands."),
        dict(prompt="3 cards in Classic: what is the chance of no Wizard at all? (a decimal like 0.25 is fine)",
             answer=lambda: _hand_odds(3, "wizards")[0], tolerance=0.005,
             hint="Count the hands with no Wizard (all cards from the 56 others) and divide by all hands."))),
    Idea("at-least-one", "at least one = 1 minus none", (
        dict(prompt="What is the chance of at least one Wizard in 4 cards? (a decimal like 0.25 is fine)",
             answer=lambda: 1 - _hand_odds(4, "wizards")[0], tolerance=0.005,
             hint="At least one Wizard is everything except no Wizard."),
        dict(prompt="What is the chance of at least one Wizard in 6 cards? (a decimal like 0.25 is fine)",
             answer=lambda: 1 - _hand_odds(6, "wizards")[0], tolerance=0.005,
             hint="At least one Wizard is everything except no Wizard."))),
    Idea("standard-error", "the standard error shrinks like 1/√n", (
        dict(prompt="With 100 times more deals, the standard error gets smaller. How many times smaller?",
             answer=lambda: _se_ratio(100), hint="The standard error is √(p(1−p)/n). What does √n do?"),
        dict(prompt="With 4 times more deals, the standard error gets smaller. How many times smaller?",
             answer=lambda: _se_ratio(4), hint="The standard error is √(p(1−p)/n). What does √n do?"))),
])

UNITS = [JUNIOR, CLASSIC, PROBABILITY]


def _make_banks() -> dict[str, Bank]:
    made: dict[str, Bank] = {}
    for unit in UNITS:
        for index, when in enumerate(WHENS):
            bank = Bank(unit.notebook(when), rules=unit.rules)
            for idea in unit.ideas:
                question = dict(idea.pool[index])
                prompt, answer = question.pop("prompt"), question.pop("answer")
                question.setdefault("worked", f"The idea: {idea.words}.")
                bank.add(f"{bank.notebook}.{idea.name}", prompt, answer, **question)
            made[bank.notebook] = bank
    return made


#: Every check's bank, by notebook name (``check-junior-before`` ...).
CHECK_BANKS = _make_banks()


def unit_of(notebook: str) -> tuple[Unit, str] | None:
    """``(unit, "before" or "after")`` for a check notebook's name, else None."""
    for unit in UNITS:
        for when in WHENS:
            if notebook == unit.notebook(when):
                return unit, when
    return None


__all__ = ["UNITS", "WHENS", "Unit", "Idea", "CHECK_BANKS", "unit_of"]
