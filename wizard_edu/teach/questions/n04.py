"""Questions of notebook 04, "Predicting tricks" (Wizard Junior), and the pictures it shows."""

from __future__ import annotations

from typing import Any

from IPython.display import HTML

from ...display.html import card_html
from ...engine.cards import COLOUR_NAMES, cards
from ...engine.rules import score_round
from ...simulate.odds import one_card_win_probability
from . import Bank

BANK = Bank("04-predicting-tricks", rules="junior")
#: Round 1 of the notebook's example: four players, you play first, a yellow 3 turned up.
ROUND_ONE: dict[str, Any] = dict(players=4, seat=0, turned_up="Y3")
#: The five cards you could hold in that round.
CHOICES_HAND = "W R8 Y2 R1 J"
#: The example hand: round 3, 4 players, seed 31 (R6 G3 G1, yellow trump: no trump, no Wizard, low
#: cards; the worked answer says so).  Seed 7 gave such a hand while seat 0 dealt round 1.
EXAMPLE = dict(round=3, seed=31)


def points(predicted: int, won: int) -> int:
    """Wizard Junior points for one round, from the rules."""
    return score_round(predicted, won, rules="junior")


def chips_back(predicted: int, won: int) -> int:
    """How many of your chips go back to the middle at the end of the round."""
    return 0 if points(predicted, won) else predicted


def points_table(tricks: int) -> HTML:
    """Every prediction (rows) against every number of tricks won (columns), for a round of `tricks` cards."""
    head = "".join(f"<th>won {won}</th>" for won in range(tricks + 1))
    rows = ""
    for predicted in range(tricks + 1):
        cells = "".join(f"<td style='text-align:center'>{points(predicted, won)}</td>" for won in range(tricks + 1))
        rows += f"<tr><th>predicted {predicted}</th>{cells}</tr>"
    return HTML(f"<table><tr><th></th>{head}</tr>{rows}</table>")


def squares_with_points(tricks: int) -> int:
    """How many squares of points_table(tricks) are not 0."""
    return sum(1 for predicted in range(tricks + 1) for won in range(tricks + 1) if points(predicted, won) > 0)


def example_game() -> Any:
    """The example hand's game (no widget: answers are computed from the game)."""
    from ...widgets.common import game_at_round

    return game_at_round(EXAMPLE["round"], 4, "junior", EXAMPLE["seed"])


def example_line() -> str:
    game = example_game()
    return f"Your hand: {game.view(0).hand} | trump: {COLOUR_NAMES[game.trump]}"


def trumps_in(hand: Any, trump: Any) -> int:
    """How many cards of the trump colour a hand holds."""
    return sum(1 for card in hand if card.colour == trump)


def win_chance(card: Any, players: int, seat: int, turned_up: Any) -> Any:
    """Exact chance that `card` wins a one-card round of Wizard Junior (seat 0 plays first)."""
    return one_card_win_probability(card, players, seat, turned_up, rules="junior")


def win_chances_picture(hand: Any = CHOICES_HAND, players: int = 4, seat: int = 0, turned_up: Any = "Y3") -> HTML:
    """One bar per card: its exact chance to win a one-card round, in words and as 'about N in 10'."""
    from ...widgets.chances import chance_words, in_ten

    rows = []
    for card in cards(hand):
        p = win_chance(card, players, seat, turned_up)
        # the chances are exact, so a sure win or a sure loss is said as such
        words, tenths = (("certain", "every time") if p == 1 else ("no chance", "never") if p == 0
                         else (chance_words(float(p)), in_ten(float(p))))
        rows.append(
            f'<div class="junior-chance" data-card="{card}" data-chance="{p}" data-players="{players}" '
            f'data-seat="{seat}" data-turned-up="{turned_up}" style="display:flex;gap:1em;align-items:center">'
            f'<div style="width:3em">{card_html(card, "junior")}</div>'
            f'<div style="background:#e6e6e6;width:14em;height:1em;border-radius:4px">'
            f'<div style="background:#2e7d32;width:{float(p) * 100:.0f}%;height:100%;border-radius:4px"></div></div>'
            f'<div><b>{words}</b> ({tenths})</div></div>')
    return HTML("".join(rows))


def hand_picture(hand: Any = CHOICES_HAND) -> HTML:
    return HTML(" ".join(card_html(card, "junior") for card in cards(hand)))


def _chips(predicted: int, won: int) -> Any:
    from ...widgets.chips import ChipsPicture

    return ChipsPicture(predicted=predicted, won=won)


def _example_played() -> Any:
    from ...widgets import PredictionWidget

    example = PredictionWidget(**EXAMPLE)
    example.predict(1)
    return example


def _r8_sentence() -> str:
    from ...widgets.chances import chance_words, in_ten

    p = float(win_chance("R8", **ROUND_ONE))
    return f"The red 8 wins {in_ten(p)} rounds: {chance_words(p)}."


BANK.add("04.points-2-2", "You predicted 2 and won 2. How many points do you score?", answer=lambda: points(2, 2),
         hint="Every trick has a chip on it: turn them over. How many chips are there?",
         worked=lambda: _chips(2, 2))
BANK.add("04.points-0-0", "You predicted 0 and won 0. How many points do you score?", answer=lambda: points(0, 0),
         hint="You had no chips, and you were right. What do you take from the middle?",
         worked=lambda: _chips(0, 0))
BANK.add("04.points-2-3", "You predicted 2 but won 3. How many points do you score?", answer=lambda: points(2, 3),
         hint="You had 2 chips and 3 tricks. Does every trick have a chip?",
         worked=lambda: [_chips(2, 3), "Winning more tricks than you predicted is not better. It is just as "
                                       "wrong as winning fewer."])
BANK.add("04.chips-back-3-1", "You predicted 3 but won 1. How many chips go back to the middle?",
         answer=lambda: chips_back(3, 1),
         hint="You took 3 chips. Was your prediction right? If not, which chips may you keep?",
         worked=lambda: _chips(3, 1))
BANK.add("04.squares-with-points", "How many squares of the table give points?", answer=lambda: squares_with_points(3),
         hint="Points only come when the prediction is exactly right: predicted 0 and won 0, predicted 1 and "
              "won 1, ...",
         worked=lambda: "The squares with points run in a slanted line from the top left corner to the bottom "
                        "right corner: the squares where the prediction and the tricks won are the same.")
BANK.add("04.trumps-in-hand", "How many trumps does this hand hold?",
         answer=lambda: trumps_in(example_game().view(0).hand, example_game().trump),
         hint="Look at the trump colour, then count the cards of that colour in the hand.",
         worked=lambda: ["This hand has no Wizard and no trump, so it is weak. Here the computer plays it with "
                         "a prediction of 1, to see what happens:", _example_played()])
BANK.add("04.more-likely-r8-y2",
         "You play first and yellow is trump. Which card is more likely to win, R8 or Y2?", cards="R8 Y2",
         answer=lambda: max(cards("R8 Y2"), key=lambda card: win_chance(card, **ROUND_ONE)),
         hint="What beats the red 8? What beats the yellow 2? Which list is longer?",
         worked=lambda: [win_chances_picture(),
                         "The computer tried out every possible deal of the other players' cards, and counted "
                         "the wins. The yellow 2 is a trump: only a Wizard or a higher yellow card beats it. The red 8 is the highest red "
                         "card, but any Wizard or any yellow card beats it.",
                         "The Wizard wins every time when you play first. A Fool Frog never wins a trick."])
BANK.add("04.red-8-in-10", "About how many times in 10 does the red 8 win, when you play first and yellow is trump?",
         answer=lambda: 10 * win_chance("R8", **ROUND_ONE), tolerance=0.5, out_of=10,
         hint="Answer the question above first. Its answer shows a bar for each card: how much of the red "
              "8's bar is filled?",
         worked=_r8_sentence)


# -- follow-up: two cards to click are a coin toss, so the question asks why -----------------------------
WHY_Y2 = ["the yellow 2 is a trump: only a Wizard or a higher yellow beats it",
          "the red 8 is the highest red card, and high cards win less often",
          "a low card always wins more often than a high card"]
BANK.why("04.more-likely-r8-y2", "Why?", WHY_Y2,
         answer=lambda: WHY_Y2[0] if win_chance("Y2", **ROUND_ONE) > win_chance("R8", **ROUND_ONE) else WHY_Y2[1],
         hint="Make two lists: the cards that beat the red 8, and the cards that beat the yellow 2.")


# -- two paths: a support question (one step at a time) and a challenge (for quick finishers) ---------
def most_right(predictions: tuple[int, ...], tricks: int) -> int:
    """The most players whose predictions can all come true in one round of ``tricks`` tricks."""
    from itertools import product

    best = 0
    for won in product(range(tricks + 1), repeat=len(predictions)):
        if sum(won) == tricks:
            best = max(best, sum(1 for p, w in zip(predictions, won) if p == w))
    return best


CHALLENGE_PREDICTIONS = (1, 0, 2, 1)

BANK.add("04.support-1-1", "Step by step: you predicted 1 and took 1 chip. You won 1 trick and put the chip "
                           "on it. How many points do you score?",
         answer=lambda: points(1, 1),
         hint="Is every trick covered by a chip, and every chip on a trick? Then turn the chips over.",
         worked=lambda: f"Your one chip lies on your one trick: the prediction came true, so you turn the "
                        f"chip over and score {points(1, 1)} point.")
BANK.add("04.challenge-most-right", "Round 3, 4 players. They predict 1, 0, 2 and 1. At most how many of them "
                                     "can be right?",
         answer=lambda: most_right(CHALLENGE_PREDICTIONS, 3),
         hint="Add up the predictions. Round 3 has only 3 tricks: can they all come true?",
         worked=lambda: f"The predictions add up to {sum(CHALLENGE_PREDICTIONS)}, but round 3 has only 3 tricks, "
                        f"so not everyone can be right. The tricks could go 1, 0, 2 and 0: "
                        f"{most_right(CHALLENGE_PREDICTIONS, 3)} players are right.")
