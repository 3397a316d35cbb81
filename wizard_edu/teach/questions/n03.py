"""Questions of notebook 03, "Who wins the trick?" (Wizard Junior).

The same wording is asked more than once ("No trump. Which card wins?"): each question has its own
id, so each counts on its own.
"""

from __future__ import annotations

from typing import Any

from ...engine.cards import COLOUR_NAMES
from ...engine.rules import lead_colour, legal_plays, trick_winner
from . import Bank

BANK = Bank("03-who-wins-the-trick", rules="junior")
COLOUR_CHOICES = ["red", "green", "blue", "yellow", "no colour"]


def colour_led(trick: Any) -> str:
    """The colour everybody must follow, in words."""
    colour = lead_colour(trick, rules="junior")
    return "no colour" if colour is None else COLOUR_NAMES[colour]


def reason(trick: str, trump: str | None) -> str:
    from ...widgets import trick_reason

    return trick_reason(trick, trump=trump)


def winner_question(qid: str, prompt: str, trick: str, trump: str | None, hint: str, why: str) -> None:
    BANK.add(qid, prompt, cards=trick, answer=lambda: trick_winner(trick, trump=trump, rules="junior"),
             hint=hint, worked=lambda: [reason(trick, trump), why])


winner_question("03.rule-3-colour-led", "No trump. Which card wins?", "R3 G8 R6 B2", None,
                hint="Which colour was led (played first)? Only cards of that colour can win.",
                why="Red was led, so only red cards can win. The green 8 did not follow the colour. The rule: "
                    "with no Wizard and no trump, the highest card of the colour that was led wins. Cards of "
                    "other colours can never win, however high they are.")
winner_question("03.rule-2-trump", "Blue is trump. Which card wins?", "R3 G8 R6 B2", "B",
                hint="Is there a blue card? A trump beats every card of another colour, even a small one.",
                why="Even a tiny trump beats every card of another colour. The rule: with no Wizard, the "
                    "highest trump wins.")
winner_question("03.rule-1-wizard", "Blue is trump. Which card wins?", "B8 W R1 W", "B",
                hint="Rule 1 comes first. There are two Wizards: which one was played first?",
                why="The first Wizard wins. The second Wizard is too late! So the three rules, in the order "
                    "to ask them: 1. Is there a Wizard? The first Wizard played wins. 2. No Wizard: the "
                    "highest trump wins. 3. No Wizard, no trump: the highest card of the colour led wins.")
BANK.add("03.frog-leads-colour", "Fool Frog, green 3, green 7, red 8. Which colour must everybody follow?",
         answer=lambda: colour_led("F G3 G7 R8"), choices=COLOUR_CHOICES,
         hint="A Fool Frog has no colour. Which is the first card that has one?",
         worked=lambda: "A Fool Frog has no colour, so it does not choose the colour. The first number card does.")
winner_question("03.frog-leads-winner", "No trump. Which card wins?", "F G3 G7 R8", None,
                hint="The colour led is the colour of the first number card. The red 8 did not follow it.",
                why="A Fool Frog has no colour, so it does not choose the colour. The first number card does: green.")
winner_question("03.frog-never-wins", "Fool Frog, red 2, Fool Frog. No trump. Which card wins?", "F R2 F", None,
                hint="A Fool Frog never wins a trick, even when it comes first.",
                why="Even the smallest number card beats a Fool Frog. A trick always has a card that is not a "
                    "Fool Frog, because there are only 2 Fool Frogs and at least 3 players.")
BANK.add("03.may-play-follow", "Red 7 was led. You hold R3 G5 W. Which cards may you play?",
         answer=lambda: legal_plays("R3 G5 W", "R7", rules="junior"),
         hint="You have a red card, so you must follow red. Which card may always be played?",
         worked=lambda: ["Red 3 (you follow red) and the Wizard (always allowed). Not the green 5, because you "
                         "have a red card.", legal_plays("R3 G5 W", "R7", rules="junior")])
BANK.add("03.frog-then-number", "Fool Frog, then red 7. You hold R3 G5 B2. Which cards may you play?",
         answer=lambda: legal_plays("R3 G5 B2", "F R7", rules="junior"),
         hint="The Fool Frog sets no colour. The first number card does: which colour is it? Do you have it?",
         worked=lambda: ["The red 7 is the first number card, so red must be followed. You have the red 3.",
                         legal_plays("R3 G5 B2", "F R7", rules="junior")])
BANK.add("03.frog-then-wizard", "Fool Frog, then a Wizard. You hold R3 G5 B2. Which cards may you play?",
         answer=lambda: legal_plays("R3 G5 B2", "F W", rules="junior"),
         hint="The Wizard came before any number card. What does a Wizard lead do to the trick?",
         worked=lambda: ["The Wizard came before any number card, so nobody has to follow: every card may be "
                         "played. The Wizard Junior rulebook does not say what happens here, so the kit "
                         "plays it like a Wizard lead, the way Classic Wizard does after a Jester lead "
                         "(the next card counts as the lead).",
                         legal_plays("R3 G5 B2", "F W", rules="junior")])



# -- two paths: a support question (one step at a time) and a challenge (for quick finishers) ---------
winner_question("03.support-step-by-step", "No trump. Step by step: 1. which card was played first? "
                                           "2. What is its colour? 3. Which card of that colour is highest?",
                "B3 G8 B7 R2", None,
                hint="The first card is blue. Only blue cards can win.",
                why="Blue was led. The blue 7 is higher than the blue 3; the green 8 and the red 2 did not follow.")
winner_question("03.challenge-low-trump", "Red is trump. Fool Frog, green 5, red 1, green 8. Which card wins?",
                "F G5 R1 G8", "R",
                hint="Go through the three rules in order. Is there a Wizard? Is there a trump?",
                why="There is no Wizard, but there is a trump: even the smallest trump beats every green card.")
