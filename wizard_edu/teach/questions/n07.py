"""Questions of notebook 07, "Tricky tricks" (Classic Wizard)."""

from __future__ import annotations

import random
from typing import Any

from ...engine.cards import COLOUR_NAMES, cards
from ...engine.rules import explain_trick, get_ruleset, lead_colour, legal_plays
from ..exercises import dealt_hand, dealt_trick
from . import Bank

BANK = Bank("07-tricky-tricks")
COLOUR_CHOICES = ["red", "green", "blue", "yellow", "none: play anything"]
#: The trainers the notebook shows: TrickTrainer(rules="classic", level="jester-lead", seed=7) and
#: LegalPlayTrainer(rules="classic", seed=3).  Their first trick and hand are dealt the same way here,
#: without a widget.
TRICK_SEED, TRICK_LEVEL = 7, "jester-lead"
LEGAL_SEED = 3


def colour_word(colour: Any) -> str:
    return COLOUR_NAMES[colour] if colour else COLOUR_CHOICES[-1]


def trainer_trick() -> Any:
    """The first trick of ``TrickTrainer(rules="classic", level="jester-lead", seed=7)``."""
    return dealt_trick(random.Random(TRICK_SEED), get_ruleset("classic"), TRICK_LEVEL, 4)


def legal_hand() -> Any:
    """The first hand and trick of ``LegalPlayTrainer(rules="classic", seed=3)``."""
    return dealt_hand(random.Random(LEGAL_SEED), get_ruleset("classic"), 4, 5)


def _trainer_prompt() -> str:
    dealt = trainer_trick()
    trump = COLOUR_NAMES.get(dealt.trump, "none") if dealt.trump else "none"
    return f"Trump: {trump}. Click the card that wins this trick."


def _legal_prompt() -> str:
    dealt = legal_hand()
    return f"Your hand: {dealt.hand}. The trick: {dealt.trick}. Type every card you may play."


def _place(position: int | None) -> str:
    return "no card" if position is None else f"card {position + 1}"


BANK.add("07.jester-lead-colour", "The trick so far is J R3. Which colour must the next player follow?",
         choices=COLOUR_CHOICES, answer=lambda: colour_word(lead_colour(cards("J R3"))),
         hint="A Jester has no colour. Look at the first card that has one.",
         worked=lambda: "Red: the first card with a colour sets it, so the second card decides.")
BANK.add("07.jester-lead-may-play", "You hold R5, G2 and W. Type every card you may play on J R3.",
         answer=lambda: legal_plays("R5 G2 W", "J R3"),
         hint="Red is the colour to follow. A Wizard or a Jester may always be played.",
         worked=lambda: "R5 or the Wizard. The G2 is not allowed, because you can follow red.")
BANK.add("07.jester-lead-winner", "No trump. Click the card that wins J R3 R9 B13.", cards="J R3 R9 B13",
         answer=lambda: explain_trick("J R3 R9 B13").winner,
         hint="Which colour was led? Only a card of that colour (or a trump, or a Wizard) can win.",
         worked=lambda: [explain_trick("J R3 R9 B13").reason,
                         "The B13 is the biggest number, but blue was not led, so it cannot win."])
BANK.add("07.wizard-lead-may-play", "The trick is W R3. You hold R5, G2 and J. Type every card you may play.",
         answer=lambda: legal_plays("R5 G2 J", "W R3"),
         hint="Who has already taken this trick? Does anyone still have to follow a colour?",
         worked=lambda: "Anything! After a Wizard leads, nobody has to follow a colour: the trick is already taken.")
BANK.add("07.two-wizards", "Red is trump. Click the card that wins W R13 W G2.", cards="W R13 W G2",
         answer=lambda: explain_trick("W R13 W G2", trump="R").winner,
         hint="There are two Wizards. Which one counts?",
         worked=lambda: [explain_trick("W R13 W G2", trump="R").reason,
                         "The first Wizard. A second Wizard never beats the first, and neither does the highest "
                         "trump."])
BANK.add("07.jester-then-wizard-colour", "The trick so far is J W. Which colour must be followed now?",
         choices=COLOUR_CHOICES, answer=lambda: colour_word(lead_colour(cards("J W"))),
         hint="Did any card with a colour come before the Wizard?",
         worked=lambda: ["None. The Wizard came before any colour, so everyone may play anything. And the Wizard "
                         "wins:", explain_trick("J W R13 R2", trump="R").reason,
                         "(This is the kit's ruling: the rulebook says a Jester lead lets the next card set the "
                         "colour; the next card here is a Wizard. See docs/kit-rulings.md.)"])
BANK.add("07.only-jesters", "Click the card that wins J J J J.", cards="J J J J",
         answer=lambda: explain_trick("J J J J").winner,
         hint="When every card is a Jester, one of them has to win. Which one?",
         worked=lambda: f"J J J J goes to the first Jester ({_place(explain_trick('J J J J').winner)}).")
BANK.add("07.jesters-and-r1", "Click the card that wins J J R1 J.", cards="J J R1 J",
         answer=lambda: explain_trick("J J R1 J").winner,
         hint="Does a small number card beat a Jester?",
         worked=lambda: f"In J J R1 J the little R1 ({_place(explain_trick('J J R1 J').winner)}) wins: any number "
                        "card beats the Jesters.")
BANK.add("07.trainer-trick", _trainer_prompt, cards=lambda: trainer_trick().trick,
         answer=lambda: trainer_trick().result.winner,
         hint="Which rule decides? The first Wizard, else the highest trump, else the highest card of the colour led.",
         worked=lambda: trainer_trick().result.reason)
BANK.add("07.legal-trainer", _legal_prompt, answer=lambda: legal_hand().exercise.answer,
         hint="Can you follow the colour led? If you can, you must (a Wizard or a Jester is always allowed).",
         worked=lambda: f"You may play: {' '.join(str(c) for c in legal_hand().exercise.answer)}.")
