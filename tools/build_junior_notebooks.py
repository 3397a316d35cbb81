"""Write the Wizard Junior notebooks 01-05 (no outputs); then run tools/run_notebooks.py to store outputs.

    .venv/bin/python tools/build_junior_notebooks.py
    .venv/bin/python tools/run_notebooks.py notebooks/0[1-5]-*.ipynb

The text lives here so a teacher can change a sentence in one place and rebuild.
"""

from __future__ import annotations

import sys

from notebook_cells import code, md, write_notebook

SETUP = """from wizard_edu import *
from wizard_edu.display import set_theme
from wizard_edu.widgets import *
_ = set_theme("junior")   # Fool Frogs instead of Jesters"""


NB01 = [
    md("""
# 1. Meet the cards

Hello! In this notebook you meet the cards of **Wizard Junior**, and you deal your first hands.

**How to use a notebook:** click a grey box with code in it and press **Shift + Enter**. The computer
runs it and shows the answer underneath. Run the boxes from top to bottom.

When you see **🤔 Think first**, stop and make a guess *before* you run the next box.
"""),
    code(SETUP),
    md("""
## The whole deck

🤔 **Think first:** how many cards do you think are in a Wizard Junior deck? Write your guess down.
"""),
    code("""
deck = junior_deck()
len(deck)
"""),
    md("""
36 cards. Here they all are:
"""),
    code("deck"),
    md("""
## Four colours

There are four colours: **red, green, blue and yellow**. Each colour also has its own shape
(▲ red, ♣ green, ● blue, ★ yellow), so you can tell them apart even if two colours look alike to you.
Every card also shows its letter: `R7` means *red 7*.

Each colour has the numbers 1 to 8.

🤔 **Think first:** 4 colours, 8 numbers in each. How many number cards is that?
"""),
    code("""
number_cards = [card for card in deck if card.is_number]
len(number_cards)
"""),
    md("""
4 × 8 = 32 number cards. Here is just the red colour, from 1 to 8:
"""),
    code("""
cards("R1 R2 R3 R4 R5 R6 R7 R8")
"""),
    md("""
## Wizards: the strongest cards

Two cards are **Wizards**. A Wizard is the strongest card in the game: it beats everything.
It has no colour and no number.
"""),
    code("""
wizards = [card for card in deck if card.is_wizard]
cards(wizards)
"""),
    md("""
## Fool Frogs: the weakest cards

Two cards are **Fool Frogs**. A Fool Frog is the weakest card: it (almost) never wins.
We write a Fool Frog as `F`.
"""),
    code("""
frogs = [card for card in deck if card.is_jester]
cards(frogs)
"""),
    md("""
🤔 **Think first:** 32 number cards, 2 Wizards and 2 Fool Frogs. Does that make 36?
"""),
    code("len(number_cards) + len(wizards) + len(frogs)"),
    md("""
## Dealing

A game has several **rounds**. In round 1 everybody gets **1** card, in round 2 everybody gets **2**
cards, and so on. One player is the **dealer**. The player sitting on the dealer's left **starts**.
The next round, the player on the left becomes the dealer.

After dealing, the dealer turns up the next card from the pile. That card is the **trump card**
(notebook 2 is all about it).

Here is a dealing machine. Click a number of **players**, a **round**, or *Shuffle and deal again*.
The seed is the shuffle's number: the same seed always deals the same cards.
"""),
    code("""
DealWidget(players=4, round=1, seed=1)
"""),
    md("""
🤔 **Think first:** in round 3 with 4 players, how many cards are dealt? How many stay in the pile?
(Remember: one card is turned up.)
"""),
    code("""
deal = DealWidget(players=4, round=3, seed=2)
deal
"""),
    code("print(deal.summary())"),
    md("""
4 players × 3 cards = 12 cards dealt. 36 − 12 = 24 cards are left, one of them is turned up,
so 23 stay in the pile.

🤔 **Think first:** with 6 players, how many cards does everyone get in round 6? Is any card left to
turn up?
"""),
    code("""
big_deal = DealWidget(players=6, round=6, seed=2)
print(big_deal.summary())
"""),
    md("""
6 × 6 = 36: every card is dealt, so nothing is left to turn up.

## What you learned

* The deck has 36 cards: numbers 1 to 8 in four colours, 2 Wizards and 2 Fool Frogs.
* Round 1 deals 1 card each, round 2 deals 2, and so on.
* The player left of the dealer starts. Then the next card is turned up.

Next: **2. Trump**.
"""),
]

NB02 = [
    md("""
# 2. Trump

After the cards are dealt, the dealer turns up the next card of the pile. That card decides the
**trump colour** for the round. A trump card beats every card of the other colours.

There are four things that can happen. Let's look at each one.
"""),
    code(SETUP),
    md("""
## 1. A number card is turned up

🤔 **Think first:** the dealer turns up a red 5. Which colour is trump?
"""),
    code('trump_meaning("R5")'),
    md("""
The colour of the turned-up card is trump. The number on it does not matter.

## 2. A Fool Frog is turned up

🤔 **Think first:** a Fool Frog has no colour. What do you think happens?
"""),
    code('trump_meaning("F")'),
    md("""
No trump at all this round! Then only the colour that is played first in a trick matters.

## 3. A Wizard is turned up

🤔 **Think first:** a Wizard has no colour either. But it is the strongest card... What could happen?
"""),
    code('trump_meaning("W")'),
    md("""
The dealer looks at their own cards and then picks the trump colour. Clever dealers pick the colour
they have most of. Here is a deal where a Wizard is turned up:
"""),
    code("DealWidget(players=4, round=3, seed=25)"),
    md("""
## 4. No card is left

🤔 **Think first:** with 6 players in round 6, all 36 cards are dealt. What now?
"""),
    code("trump_meaning(None)"),
    code("DealWidget(players=6, round=6, seed=0)"),
    md("""
## A first taste of chance: how often is there no trump?

When cards are left, the turned-up card could be **any** of the 36 cards: each one is just as likely.
Two of them are Fool Frogs.

🤔 **Think first:** out of 36 equally likely cards, 2 are Fool Frogs. What fraction of the time is a
Fool Frog turned up?
"""),
    code("""
from fractions import Fraction

deck = junior_deck()
frogs = sum(1 for card in deck if card.is_jester)
Fraction(frogs, len(deck))
"""),
    md("""
2 out of 36 is the same as **1 out of 18**. So about once every 18 rounds there is no trump because of
a Fool Frog.

Let's check by dealing for real! The computer deals round 1 a thousand times (the seeds 0 to 999)
and counts the Fool Frogs turned up.

🤔 **Think first:** about how many Fool Frogs do you expect in 1000 deals? (1000 ÷ 18 is about 56.)
"""),
    code("""
turned_up = [Game(players=4, rules="junior", seed=seed).trump_card for seed in range(1000)]
sum(1 for card in turned_up if card.is_jester)
"""),
    md("""
Close to 56! It is not exactly 56, because chance wobbles a little. Wizards are turned up just as
often, since there are also 2 of them:
"""),
    code("sum(1 for card in turned_up if card.is_wizard)"),
    md("""
And every colour gets its turn as trump, about 8 times in 36 each:
"""),
    code("""
{COLOUR_NAMES[colour]: sum(1 for card in turned_up if card.colour == colour) for colour in COLOURS}
"""),
    md("""
## What you learned

* A number card turned up: its colour is trump.
* A Fool Frog turned up: no trump this round.
* A Wizard turned up: the dealer chooses the trump colour.
* No card left: no trump.
* A Fool Frog is turned up about 1 time in 18.

Next: **3. Who wins the trick?**
"""),
]

NB03 = [
    md("""
# 3. Who wins the trick?

A **trick** is one card from every player, played one after another. The first card is the **lead**.
When everybody has played, one card wins the trick, and its player takes all the cards.

Three rules decide who wins. Ask them **in this order**:

1. **Is there a Wizard?** Then the *first* Wizard played wins.
2. **No Wizard. Is there a trump?** Then the *highest* trump wins.
3. **No Wizard, no trump.** Then the highest card *of the colour that was led* wins.
   Cards of other colours can never win, however high they are.

(And if only Fool Frogs were played, the first Fool Frog wins.)
"""),
    code(SETUP),
    md("""
## Rule 3: the colour led

🤔 **Think first:** no trump this round. The cards come in this order: red 3, green 8, red 6, blue 2.
Who wins? (Careful: the green 8 is the highest number!)
"""),
    code('cards("R3 G8 R6 B2")'),
    code('trick_reason("R3 G8 R6 B2", trump=None)'),
    md("""
Red was led, so only red cards can win. The green 8 did not follow the colour.

## Rule 2: trump

🤔 **Think first:** same cards, but now **blue is trump**. Who wins?
"""),
    code('trick_reason("R3 G8 R6 B2", trump="B")'),
    md("""
Even a tiny trump beats every card of another colour.

## Rule 1: the Wizard

🤔 **Think first:** blue is trump. The cards: blue 8, Wizard, red 1, Wizard. Who wins?
"""),
    code('trick_reason("B8 W R1 W", trump="B")'),
    md("""
The *first* Wizard wins. The second Wizard is too late!

## A Fool Frog leads

🤔 **Think first:** no trump. Fool Frog first, then green 3, green 7, red 8. Which colour was led?
"""),
    code('trick_reason("F G3 G7 R8", trump=None)'),
    md("""
A Fool Frog has no colour, so it does not choose the colour. The first **number** card does: green.

## Following the colour

There is one more rule, about *which card you may play*:

* If you have a card of the colour that was led, you must play that colour (**follow**),
  or a Wizard, or a Fool Frog.
* If you have no card of that colour, you may play anything.
* Wizards and Fool Frogs may always be played.
* If a Wizard was led, nobody has to follow: play anything.

🤔 **Think first:** red 7 was led. You hold red 3, green 5 and a Wizard. Which may you play?
"""),
    code('legal_plays("R3 G5 W", "R7", rules="junior")'),
    md("""
Red 3 (you follow red) and the Wizard (always allowed). Not the green 5, because you have a red card.

## Practise: the Trick Trainer

Click the card you think **wins**. The trainer tells you if you are right, and which rule decided it.
Press *Next trick* for another one. Five right in a row and the tricks get harder!
"""),
    code("TrickTrainer(seed=3)"),
    md("""
## Practise: Which cards may I play?

Click every card of your hand that you are **allowed** to play onto the trick, then press *Check*.
*Show me why* explains every card.
"""),
    code("LegalPlayTrainer(seed=1)"),
    md("""
## What you learned

1. First Wizard wins. 2. Otherwise highest trump. 3. Otherwise highest card of the colour led.
* A Fool Frog never chooses the colour; the first number card does.
* Follow the colour if you can; Wizards and Fool Frogs may always be played.

Next: **4. Predicting tricks**.
"""),
]

NB04 = [
    md("""
# 4. Predicting tricks

Before anyone plays a card, every player looks at their hand and says how many tricks they will win.
That is their **prediction**. They take that many chips as a reminder. Nobody is allowed to change
it later!
"""),
    code(SETUP),
    md("""
## Points

At the end of the round:

* You won **exactly** as many tricks as you predicted: you score one point for each of them.
  Predicting 0 and winning 0 scores 1 point.
* You won more or fewer: 0 points this round. (You never lose points in Wizard Junior.)

🤔 **Think first:** you predicted 2 and won 2. How many points?
"""),
    code('score_round(2, 2, rules="junior")'),
    md("""
🤔 **Think first:** you predicted 0 and won 0?
"""),
    code('score_round(0, 0, rules="junior")'),
    md("""
🤔 **Think first:** you predicted 2 but won 3 (one too many)?
"""),
    code('score_round(2, 3, rules="junior")'),
    md("""
Winning *more* tricks than you predicted is not better: it is just as wrong as winning fewer.

Here are all the points for a round of 3 cards. Each row is a prediction, each column the tricks won:
"""),
    code("""
import pandas as pd

pd.DataFrame([[score_round(predicted, won, rules="junior") for won in range(4)] for predicted in range(4)],
             index=pd.Index(range(4), name="predicted"), columns=pd.Index(range(4), name="won"))
"""),
    md("""
🤔 **Think first:** where are the points in this table? Why is that line called the *diagonal*?

## How do you make a good prediction?

Look at your hand and count the cards that will probably win a trick:

* every **Wizard** (it always wins, if it is the first Wizard),
* high **trump** cards (7s and 8s of the trump colour),
* maybe a high card of another colour, if there is no trump or few players.

Fool Frogs and low cards usually lose.

## Your turn

Here is a hand for round 3. Look at your cards and the trump, then click your prediction.
The computer then plays the round (it plays your cards for you, trying to hit your prediction)
and shows every trick and the points.
"""),
    code("PredictionWidget(round=3, seed=4)"),
    md("""
Here is the same kind of hand, played out from Python: we predict 1 trick.
"""),
    code("""
example = PredictionWidget(round=3, seed=7)
print("Your hand:", example.game.view(0).hand, "| trump:", COLOUR_NAMES[example.game.trump])
example.predict(1)
print(example.message)
"""),
    md("""
🤔 **Think first:** press *Deal another hand* a few times. With a Wizard in your hand, would you
ever predict 0?

## What you learned

* Before playing, everyone predicts their tricks (with chips).
* Exactly right: one point per predicted trick (1 point for a correct 0). Otherwise 0 points.
* Count your Wizards and high trumps to predict.

Next: **5. Play Wizard Junior**!
"""),
]

NB05 = [
    md("""
# 5. Play Wizard Junior

Now you know everything you need. Time to play a whole game against the computer!

A game goes like this, round after round:

1. **Deal**: round 1 one card each, round 2 two cards, ...
2. **Trump**: the next card is turned up (if you deal and a Wizard turns up, *you* choose the colour).
3. **Predict**: everyone says how many tricks they will win.
4. **Play**: one trick after another. The winner of a trick starts the next one.
5. **Score**: exactly right scores points. Then the next round.

After the last round, the player with the most points wins.
"""),
    code(SETUP),
    md("""
## The game table

* Your cards are the coloured buttons. Cards with a **thick frame** may be played now. If you click
  another one, the table tells you why you can't.
* **Hint** suggests a move. **Score pad** shows all the points so far. **Chart** draws them.
* **Save** keeps the game (copy the text or download the file) and **Load** brings it back.
* **New game** deals a new game. Type a number in *Seed* first to choose the shuffle.
* No mouse? Press **Tab** to move from button to button and **Enter** to press one.

Good luck!
"""),
    code("""
table = TableWidget(players=4, seed=1)
table
"""),
    md("""
## Want a different table?

Change the numbers and run the box again: `players` can be 3 to 6 (you and 2 to 5 computer players).
`opponents` chooses how the computers play: `"rule-of-thumb"` players think a little,
`"random"` players play any allowed card.
"""),
    code("""
small_table = TableWidget(players=3, seed=5, opponents=["random", "rule-of-thumb"])
small_table
"""),
    md("""
## For grown-ups: watching a whole game

`play_game` lets four computer players play a complete game. Its score pad has one line per round:
each player's prediction (bid), tricks won, points and running total.
"""),
    code("""
finished = play_game(4, rules="junior", seed=2)
finished.score_pad()
"""),
    code("[finished.names[seat] for seat in finished.winners()]"),
    md("""
The same totals as a chart, one line per player (the table's *Chart* button draws this for your game):
"""),
    code("""
%matplotlib inline
running_totals_chart(finished)
"""),
    md("""
🤔 **Think first:** look at the score pad. Who predicted best? In which round did nobody score?

## What you learned

You can play a whole game of Wizard Junior: deal, trump, predict, play and score. Well done!
Now try it with real cards at the table, too.
"""),
]

BOOKS = {
    "01-meet-the-cards.ipynb": NB01,
    "02-trump.ipynb": NB02,
    "03-who-wins-the-trick.ipynb": NB03,
    "04-predicting-tricks.ipynb": NB04,
    "05-play-wizard-junior.ipynb": NB05,
}


def build(names: list[str]) -> None:
    for name, cells in BOOKS.items():
        if names and name not in names:
            continue
        write_notebook(cells, name)


if __name__ == "__main__":
    build(sys.argv[1:])
