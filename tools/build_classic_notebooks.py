"""Write the Classic Wizard notebooks 06-08 (no outputs); then run tools/run_notebooks.py to store outputs.

    .venv/bin/python tools/build_classic_notebooks.py
    .venv/bin/python tools/run_notebooks.py notebooks/0[6-8]-*.ipynb

The text lives here so a teacher can change a sentence in one place and rebuild.
"""

from __future__ import annotations

from notebook_cells import code, md, write_notebook


def nb(cells) -> list:
    """Cells from this file's ``("md" | "code", text)`` pairs."""
    return [md(text) if kind == "md" else code(text) for kind, text in cells]


def M(text: str) -> tuple[str, str]:
    return ("md", text)


def C(text: str) -> tuple[str, str]:
    return ("code", text)


nb06 = [
M("""# 06 · From Wizard Junior to Classic Wizard

You already know Wizard Junior. Classic Wizard is the same game with a bigger deck and a
sharper way of scoring. In this notebook you will:

1. meet the 60-card deck (and its two printings),
2. learn what the Jester does,
3. count how many rounds a game has,
4. score rounds the Classic way, on a score pad, with two real example games,
5. test yourself with the scoring quiz."""),
C("""from IPython.display import HTML

from wizard_edu import cards, classic_deck, explain_trick, junior_deck, round_sizes, score_round
from wizard_edu.display import cards_html
from wizard_edu.widgets.quiz import ScoringQuiz, explain_score, paper_pad"""),
M("""## A bigger deck

**Try first:** the Junior deck has 36 cards. How many does the Classic deck have? Guess before you run the cell."""),
C("""len(junior_deck()), len(classic_deck())"""),
M("""Sixty. Where do the extra 24 cards come from? Count each kind of card."""),
C("""from collections import Counter

Counter(card.kind for card in classic_deck())"""),
M("""Each colour now goes up to 13 instead of 8, and there are 4 Wizards and 4 Jesters
(the Jester is the card Wizard Junior calls the Fool Frog). Here is the red colour:"""),
C("""reds = cards("R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13")
HTML(cards_html(reds))"""),
M("""### Two printings, one game

The US Games printing labels the numbers like ordinary playing cards: 2 up to 10, then J, Q, K
and A. The order is the same, so **R1 is the red 2 and R13 is the red Ace**.

**Try first:** what does the US Games deck print on R10?"""),
C("""HTML(cards_html(reds, theme="us"))"""),
M("""R10 is the red Jack (J). The AMIGO printing gives each colour a people: Dwarves (red),
Elves (green), People (blue) and Giants (yellow). Only the pictures change, never the rules."""),
C("""HTML(cards_html(cards("R13 G13 B13 Y13 W J"), theme="amigo"))"""),
M("""## The Jester

A Jester always loses, just like the Fool Frog, with one exception.

**Try first:** four players each play a Jester. Who wins the trick?"""),
C("""explain_trick("J J J J").reason"""),
M("""The first Jester wins. With 4 Jesters in the deck this can really happen at a table of 4.

## How long is a game?

In Classic Wizard round 1 deals 1 card each, round 2 deals 2, and so on, until the whole
deck is dealt. **Try first:** how many rounds do 4 players play?"""),
C("""len(round_sizes(4))"""),
M("""60 cards ÷ 4 players = 15 rounds. For every table size:"""),
C("""{players: len(round_sizes(players)) for players in range(3, 7)}"""),
M("""In the last round every card is dealt, so no card is left to turn up: that round has no trump."""),
C("""round_sizes(5)[-1] * 5"""),
M("""## Scoring the Classic way

Junior gives a chip per trick you predicted. Classic is stricter:

* **bid made exactly:** 20 points, plus 10 for each trick you won;
* **bid missed:** lose 10 points for each trick you are off, over or under.

**Try first:** you bid 2 and win 2. How many points?"""),
C("""score_round(2, 2)"""),
M("""20 + 10 × 2 = 40. **Try first:** you bid 2 and win 3. And a bid of 0 with no tricks won?"""),
C("""score_round(2, 3), score_round(0, 0)"""),
M("""One trick too many costs 10 points. A correct zero still earns the 20-point bonus.
The engine can say it in words too:"""),
C("""explain_score(1, 4, name="Kevin")"""),
M("""**Try first:** look at the table below (bids down the side, tricks won across the top).
What pattern do you see along the diagonal, where bid = tricks?"""),
C("""import pandas as pd

table = pd.DataFrame({won: [score_round(bid, won) for bid in range(5)] for won in range(5)})
table.index.name, table.columns.name = "bid", "won"
table"""),
M("""Only the diagonal is positive (20, 30, 40, ...); every step away from it costs 10.

## The score pad: a US Games example

Paul, Thomas and Marie play their first three hands. Here is what each one bid and won,
as (bid, tricks):

| hand | Paul | Thomas | Marie |
|---|---|---|---|
| 1 | (0, 0) | (1, 0) | (1, 1) |
| 2 | (2, 1) | (0, 0) | (0, 1) |
| 3 | (0, 1) | (2, 2) | (1, 0) |

**Try first:** write the points on paper. Who leads after hand 3, and with how many points?"""),
C("""us_games = {
    1: {"Paul": (0, 0), "Thomas": (1, 0), "Marie": (1, 1)},
    2: {"Paul": (2, 1), "Thomas": (0, 0), "Marie": (0, 1)},
    3: {"Paul": (0, 1), "Thomas": (2, 2), "Marie": (1, 0)},
}
paper_pad(us_games)"""),
M("""Thomas leads with 50, after a -10 in hand 1. One good round can make up for a bad one.

**Check:** in each hand the tricks won add up to the cards dealt (1, then 2, then 3)."""),
C("""paper_pad(us_games).xs("tricks", axis=1, level=1).sum(axis=1)"""),
M("""## An AMIGO example

Thomas, Ute and Kevin play two rounds:

* round 1: Thomas bids 0 and wins nothing; Ute wants the trick but does not get it; Kevin bids 1 and wins it;
* round 2: Thomas bids 2 and wins 1; Ute bids 0 and wins nothing; Kevin bids 0 but wins 1.

**Try first:** what is Thomas's total after round 2?"""),
C("""amigo = {
    1: {"Thomas": (0, 0), "Ute": (1, 0), "Kevin": (1, 1)},
    2: {"Thomas": (2, 1), "Ute": (0, 0), "Kevin": (0, 1)},
}
paper_pad(amigo)"""),
M("""20 − 10 = 10 points for Thomas. On a paper pad you add each round's points to the total
straight away, exactly like the `total` column.

## Your turn: the scoring quiz

Type the points (or click an answer) and press **Check**. The quiz explains the formula
every time. Press **Next question** for another one."""),
C("""quiz = ScoringQuiz(seed=6)
quiz"""),
M("""You can also answer in code. **Try first:** read the question, work out the points, then
compare with the quiz's feedback."""),
C("""quiz.question"""),
C("""quiz.answer(30), quiz.feedback"""),
M("""## What you learned

* 60 cards: 1–13 in four colours (2–A in the US Games printing), 4 Wizards, 4 Jesters.
* A trick of only Jesters goes to the first Jester.
* Rounds: 60 ÷ players; the last round has no trump.
* Exact bid: 20 + 10 per trick. Missed bid: −10 per trick off.

Next, notebook 07 looks at the tricky tricks that Jesters and Wizards make."""),
]

nb07 = [
M("""# 07 · Tricky tricks

Wizards and Jesters can be played at any time, even when you could follow the colour. That
makes some tricks puzzling. Here are the four that surprise people most:

1. a Jester leads,
2. a Wizard leads,
3. a Jester, then a Wizard,
4. only Jesters.

Remember the order that decides a trick: the **first Wizard**; otherwise the **highest trump**;
otherwise the **highest card of the colour led**; and if only Jesters were played, the **first Jester**."""),
C("""from wizard_edu import cards, explain_trick, lead_colour, legal_plays
from wizard_edu.widgets import LegalPlayTrainer, TrickTrainer"""),
M("""## 1. A Jester leads

A Jester has no colour. So which colour must the others follow?

**Try first:** the trick so far is `J R3`. Which colour must the next player follow?"""),
C("""lead_colour(cards("J R3"))"""),
M("""Red: the first card *with a colour* sets it, so the second card decides.

**Try first:** you hold R5, G2 and a Wizard. Which of them may you play on `J R3`?"""),
C("""legal_plays("R5 G2 W", "J R3")"""),
M("""R5 or the Wizard. The G2 is not allowed because you can follow red.

**Try first:** no trump this round. Who wins `J R3 R9 B13`?"""),
C("""explain_trick("J R3 R9 B13").reason"""),
M("""The B13 is the biggest number, but blue was not led, so it cannot win.

## 2. A Wizard leads

**Try first:** the trick starts with a Wizard, then R3. You hold R5, G2 and a Jester. What may you play?"""),
C("""legal_plays("R5 G2 J", "W R3")"""),
M("""Anything! After a Wizard leads, nobody has to follow a colour: the trick is already taken.

**Try first:** red is trump. Who wins `W R13 W G2`?"""),
C("""explain_trick("W R13 W G2", trump="R").reason"""),
M("""The *first* Wizard. A second Wizard never beats the first, and neither does the highest trump.

## 3. A Jester, then a Wizard

**Try first:** the trick so far is `J W`. Which colour must be followed now?"""),
C("""lead_colour(cards("J W")) is None"""),
M("""None. The Wizard came before any colour, so everyone may play anything. And the Wizard wins:"""),
C("""explain_trick("J W R13 R2", trump="R").reason"""),
M("""## 4. Only Jesters

Jesters always lose... unless there is nothing else in the trick.

**Try first:** who wins `J J J J`? And who wins `J J R1 J`?"""),
C("""explain_trick("J J J J").winner, explain_trick("J J R1 J").winner"""),
M("""`J J J J` goes to the first Jester (position 0). In `J J R1 J` the little R1 (position 2) wins:
any number card beats the Jesters.

## Practise with the Trick Trainer

The trainer shows a trick and asks which card wins. It has a level for each tricky trick.
Click the card you think wins; with 5 right in a row you move up a level."""),
C("""trainer = TrickTrainer(rules="classic", level="jester-lead", seed=7)
trainer"""),
M("""The levels, from easy to hard:"""),
C("""trainer.levels"""),
M("""**Try first:** look at the trick below and say which position (0 = first card) wins. Then run the next cell."""),
C("""print(trainer.trick, "| trump:", trainer.trump)"""),
C("""print(trainer.result.winner, "-", trainer.result.reason)"""),
M("""Here is one trick from each tricky level, with the reason. Cover the reason with your hand
and decide first!"""),
C("""for level in ["jester-lead", "wizard-lead", "jester-then-wizard", "only-jesters"]:
    trainer.set_level(level)
    print(f"{level:>18}: {str(trainer.trick):<18} trump {trainer.trump or '-'} -> {trainer.result.reason}")"""),
M("""## Which cards may I play?

Follow suit is where most mistakes happen. In this trainer, select every card you may play,
then press **Check**."""),
C("""legal = LegalPlayTrainer(rules="classic", seed=3)
legal"""),
M("""**Try first:** which of your cards may be played on this trick?"""),
C("""print("hand:", legal.hand, "| trick:", legal.trick)"""),
C("""print("may play:", legal.legal)"""),
M("""## What you learned

* A Jester leads: the next card with a colour sets the colour to follow.
* A Wizard leads (or comes before any colour): nobody must follow, and the first Wizard wins.
* Only Jesters: the first Jester wins; a single number card beats them all.

Next, notebook 08: a whole game of Classic Wizard."""),
]

nb08 = [
M("""# 08 · Play Classic Wizard

Time for a whole game at the table against computer players. You will:

1. play Classic Wizard in the table widget (with US Games or AMIGO card faces),
2. ask the coach for a hint when you are stuck,
3. read the score pad and a chart of the running totals,
4. save a game and resume it later."""),
C("""import json

from wizard_edu.players import play_game
from wizard_edu.players.coach import hint
from wizard_edu.widgets import TableWidget"""),
M("""## Sit down at the table

You play against three computer players: one **Simulator** (it bids by playing the round out
in its head many times) and two **Rule of thumb** players (they count their strong cards).
Click a number to bid, then click cards to play. Cards you may play are outlined."""),
C("""table = TableWidget(rules="classic", players=4, opponents=["simulator", "rule-of-thumb", "rule-of-thumb"],
                    seed=8, theme="us")
table"""),
M("""**Try first:** you play from seat 0. Before you bid, look at your card and the trump.
How many tricks do you expect?

Stuck? Press **Hint**, or ask the coach in code. The coach is the Simulator player sitting
in your seat, and it says why in one sentence."""),
C("""advice = hint(table.view)
print(advice.action, "|", advice.text)"""),
M("""For a bid, the coach can also show its working: the average result of each bid over many
imagined deals."""),
C("""for line in advice.details:
    print(line)"""),
M("""A card that breaks the follow-suit rule is refused with a message, and nothing changes.
You can try that with the buttons, or in code: `table.play("R7")` returns `False` and
`table.message` says why.

## Watching a whole game

The next cell lets four computer players play a whole game, all 15 rounds, and loads it into
a second table (with AMIGO card faces), so we can read a full score pad. **Try first:** who do you think ends up ahead, the two Simulators or the two
Rule of thumb players?"""),
C("""finished = play_game(["simulator", "simulator", "rule-of-thumb", "rule-of-thumb"], seed=21,
                     names=["Coach", "Sim", "Rule A", "Rule B"])
demo = TableWidget(rules="classic", players=4, theme="amigo")
demo.load_json(finished.to_json())
demo.game.status()"""),
M("""## The score pad

One row per round: each player's bid, the tricks won, the points and the running total.
**Try first:** in which round did the Coach first miss a bid?"""),
C("""pad = demo.score_pad()
pad"""),
C("""coach = pad["Coach"]
coach[coach["bid"] != coach["tricks"]].index[:1].tolist()"""),
M("""How often did each player make the bid exactly?"""),
C("""{name: f"{(pad[name]['bid'] == pad[name]['tricks']).mean():.0%}" for name in demo.game.names}"""),
M("""## A chart of the running totals

**Try first:** from the pad, guess where the lines cross. Then look at the chart."""),
C("""demo.chart()"""),
M("""## Save and resume

The **Save** button writes the game as JSON text: the rules, the seed and every move, so the
game can be replayed exactly. **Load** reads it back. In code:"""),
C("""table.act(hint(table.view).action)
saved = table.save_json()
json.loads(saved)["actions"]"""),
M("""**Try first:** we load the saved text into a brand-new table. Will it be at the same point of the game?"""),
C("""again = TableWidget(rules="classic", players=4)
again.load_json(saved), again.game.to_json() == table.game.to_json()"""),
M("""Yes: same round, same cards, same moves. A broken file is refused with a message and the
current game goes on:"""),
C("""again.load_json("this is not a saved game"), again.message"""),
M("""## How strong is the Simulator?

Look again at the share of exact bids in the demo game: the two Simulators made far more of their
bids than the two Rule of thumb players. But a single game is mostly luck of the deal, so a fair test needs many games: `make bench` plays
hundreds of rounds and compares bid accuracy and points per round
(`benchmarks/bench_players.py`).

## What you learned

* The table widget plays Classic Wizard against 2–5 computer players, with US Games or AMIGO faces.
* The coach's hint is exactly what the Simulator would do in your seat, with a reason.
* The score pad and the chart show how the totals grow round by round.
* A saved game is JSON text that replays exactly."""),
]

if __name__ == "__main__":
    for name, cells in [("06-from-junior-to-classic", nb06), ("07-tricky-tricks", nb07),
                        ("08-play-classic-wizard", nb08)]:
        write_notebook(nb(cells), f"{name}.ipynb")
