"""Write the probability notebooks 09-12 (no outputs); then run tools/run_notebooks.py to store outputs.

    .venv/bin/python tools/build_probability_notebooks.py
    .venv/bin/python tools/run_notebooks.py notebooks/09-*.ipynb notebooks/1[0-2]-*.ipynb

The text lives here so a teacher can change a sentence in one place and rebuild.
"""

from __future__ import annotations

import sys

from notebook_cells import code, md, write_notebook

SETUP = """from fractions import Fraction

import matplotlib.pyplot as plt
import pandas as pd

from wizard_edu import *
from wizard_edu.odds import *
from wizard_edu.simulate import *

pd.options.display.precision = 4"""


NB09 = [
    md("""
# 9. The chance of trump, and of Wizards

In this notebook you work out chances **exactly**, by counting cards, and then check them by
letting the computer shuffle and deal thousands of times.

Two words we use a lot:

* a **chance** (or probability) is a number from 0 (never) to 1 (always);
* we write chances as **fractions** like 4/60, because counting cards gives fractions.

Run the boxes from top to bottom with **Shift + Enter**. When you see **🤔 Think first**, make a
guess (write it down!) before you run the next box.
"""),
    code(SETUP),
    md("""
## The turned-up card

After the deal, the dealer turns up the next card. Its colour is trump. A Jester means no trump, and a
Wizard means the dealer picks the trump colour.

🤔 **Think first:** in Classic Wizard, what is the chance that the turned-up card is a Wizard?
Count: how many Wizards are there, and how many cards?
"""),
    code("""
deck = classic_deck()
wizards = sum(card.is_wizard for card in deck)
wizards, len(deck), Fraction(wizards, len(deck))
"""),
    md("""
4 Wizards out of 60 cards: 4/60, which is the same as 1/15.

Why can we just count the whole deck, when some cards are already in the players' hands? Because
nobody has looked yet: every card is equally likely to be the one on top of the pile.

`trump_odds` does this counting for every outcome at once:
"""),
    code("trump_odds(players=4, round_number=1)"),
    md("""
🤔 **Think first:** the four colour chances are all 13/60. Why are they equal? And what do all six
numbers add up to?
"""),
    code("sum(trump_odds(players=4, round_number=1).values())"),
    md("""
They add up to 1: *something* always happens.

🤔 **Think first:** does the number of players change these chances in round 1? Try 6 players.
"""),
    code("trump_odds(players=6, round_number=1) == trump_odds(players=4, round_number=1)"),
    md("""
## The last round

In the last Classic round every card is dealt (60 cards, 4 players, 15 cards each).

🤔 **Think first:** what is the chance of no trump in round 15 with 4 players?
"""),
    code("trump_odds_table(players=4).tail(3)"),
    md("""
In round 15 there is no card left to turn up, so there is no trump for sure: a chance of 1.

## Wizard Junior

🤔 **Think first:** Wizard Junior has 36 cards: 1 to 8 in four colours, 2 Wizards and 2 Fool Frogs.
What is the chance that red is trump?
"""),
    code('trump_odds(players=4, round_number=1, rules="junior")["R"]'),
    md("""
## Let the computer deal

Counting gave exact answers. Now let the computer deal round 1 sixty thousand times and count what
is turned up. `compare_with_exact` puts both side by side.
"""),
    code("""
counts = trump_frequencies(60_000, players=4, round_number=1, seed=1)
counts
"""),
    code("compare_with_exact(trump_odds(4, 1), counts)"),
    md("""
The simulated shares are close to the exact chances, but not equal. The **standard error** says how
far off a simulation of this size usually is. The last column says how many standard errors apart
the two numbers are: about 2 or less is normal luck.

🤔 **Think first:** if we dealt 100 times more often, would the standard error get bigger or smaller?
By how much?

## Watch an estimate settle down

Move the slider and press the buttons. The blue line is the share of Wizards turned up so far; the
dashed line is the exact 1/15; the pink band is the exact value ± 2 standard errors.
"""),
    code("""
from wizard_edu.widgets.prob_lln import LawOfLargeNumbers

LawOfLargeNumbers(question="wizard-turned-up", trials=1_000, seed=0)
"""),
    md("""
The band gets narrower like 1 / √trials: 100 times more trials make it 10 times narrower. This is the
**law of large numbers**.

## Wizards in your hand

🤔 **Think first:** you get 5 cards in Classic. What is the chance you have **no** Wizard at all?

Counting hands: there are `comb(60, 5)` different hands of 5 cards, and `comb(56, 5)` of them have no
Wizard (all 5 from the 56 other cards).
"""),
    code("""
from math import comb

Fraction(comb(56, 5), comb(60, 5))
"""),
    md("""
`hand_odds` counts like this for every number of Wizards. (Mathematicians call this the
*hypergeometric* distribution.)
"""),
    code('hand_odds(5, "wizards")'),
    md("""
🤔 **Think first:** so what is the chance of **at least one** Wizard in 5 cards?
"""),
    code('1 - hand_odds(5, "wizards")[0]'),
    md("""
Here is a table for hands of 1 to 10 cards. Each row adds up to 1.
"""),
    code('hand_odds_table("wizards", max_cards=10)'),
    code("""
table = hand_odds_table("wizards", max_cards=15)
fig, ax = plt.subplots(figsize=(6, 3))
ax.plot(table.index, 1 - table[0], marker="o")
ax.set_xlabel("cards in your hand")
ax.set_ylabel("chance of at least one Wizard")
ax.set_ylim(0, 1)
ax.grid(alpha=0.3)
plt.show()
"""),
    md("""
🤔 **Think first:** from how many cards on is it more likely than not that you hold a Wizard?
"""),
    code("int((1 - table[0] > 0.5).idxmax())"),
    md("""
## Trumps in your hand

The turned-up card is R5, so red is trump. You can see the R5, so only 12 red cards are hidden among
the other 59.

🤔 **Think first:** with 5 cards, is it more likely to hold 0 trumps or 1 trump?
"""),
    code('hand_odds(5, "trumps", turned_up="R5")'),
    md("""
And the check by dealing 50,000 hands:
"""),
    code("""
exact = hand_odds(5, "trumps", turned_up="R5")
compare_with_exact(exact, hand_frequencies(50_000, 5, "trumps", turned_up="R5", seed=2))
"""),
    md("""
## Try it yourself

1. In Wizard Junior with 8 cards, what is the chance of holding both Wizards? (`hand_odds(8, "wizards", rules="junior")`)
2. What is the chance that a Jester is turned up in Junior? Why is it the same as a Wizard?
3. Deal only 600 times instead of 60,000 (`trump_frequencies(600, seed=1)`). How far are the shares
   from the exact chances now, in standard errors?
"""),
]


NB10 = [
    md("""
# 10. The one-card round

In round 1 of Classic Wizard everyone gets **one** card. You bid 0 or 1. Which cards are worth a bid
of 1? It depends on the card, of course, but also on **how many players** there are and **where you
sit**. Let's find out exactly.

Seats: seat 0 plays first (it sits left of the dealer), the dealer plays last.
"""),
    code(SETUP),
    md("""
## A Wizard

🤔 **Think first:** you hold a Wizard and you play first (seat 0). What is your chance of winning the trick?
"""),
    code('one_card_win_probability("W", players=4, seat=0, turned_up="R5")'),
    md("""
The first Wizard played always wins, and you play first. So: 1, a sure thing.

🤔 **Think first:** now you are the dealer (seat 3) and play last. Can you lose with a Wizard?
"""),
    code('p = one_card_win_probability("W", players=4, seat=3, turned_up="R5")\np, float(p)'),
    md("""
You lose if one of the three players before you also holds a Wizard (there are 3 more among the 58
cards you cannot see).

## The highest trump

Red is trump (R5 turned up). 🤔 **Think first:** does it matter where you sit if you hold R13?
"""),
    code('[one_card_win_probability("R13", 4, seat, "R5") for seat in range(4)]'),
    md("""
No! R13 loses only to a Wizard, and a Wizard wins wherever it is played.

## A high card that is not trump

🤔 **Think first:** G13 (green, not trump). Is it better to play first or last?
"""),
    code("""
g13 = [float(one_card_win_probability("G13", 4, seat, "R5")) for seat in range(4)]
g13
"""),
    md("""
Playing first is much better. If you lead G13, green is the colour to follow: it wins unless someone
has a Wizard or a trump. If you play last, someone before you has probably already led another
colour, and then your green card cannot win at all.

## The whole picture

The heat map shows every kind of card from every seat. Darker means more likely to win. Change the
number of players and the turned-up card.
"""),
    code("""
from wizard_edu.widgets.prob_heatmap import RoundOneHeatMap

RoundOneHeatMap(players=4, turned_up="R5")
"""),
    md("""
🤔 **Think first:** with 3 players or with 6, which cards get worse? Compare the tables.
"""),
    code("""
three = round_one_table(3, "R5")
six = round_one_table(6, "R5")
pd.DataFrame({"3 players, seat 0": three["seat 0 (leads)"], "6 players, seat 0": six["seat 0 (leads)"],
              "3 players, dealer": three["seat 2 (deals)"], "6 players, dealer": six["seat 5 (deals)"]}).head(8)
"""),
    md("""
More players means more cards that might beat yours: every card gets worse, except a Wizard in seat 0.

## Bid 0 or bid 1?

In Classic scoring a correct bid scores 20 points plus 10 per trick; a wrong bid loses 10 points per
trick you are off. With one card:

| you bid | you win the trick | you lose it |
|---|---|---|
| 1 | 30 | −10 |
| 0 | −10 | 20 |

If your chance of winning is *p*, the **expected score** (the average over many rounds) is
30·p − 10·(1 − p) for bid 1, and −10·p + 20·(1 − p) for bid 0.

🤔 **Think first:** G13 from seat 0 with 4 players wins with chance about 0.37. Bid 0 or bid 1?
"""),
    code('first_round_bids("G13", players=4, seat=0, turned_up="R5")'),
    md("""
Bid 0: on average it scores about 8.8 points, bid 1 only about 4.9.

Now a small trump, R3 (red is trump). 🤔 **Think first:** its chance is about 0.46, less than a
half. Bid 0 or bid 1?
"""),
    code('best_first_round_bid("R3", players=4, seat=0, turned_up="R5")'),
    md("""
Bid 1 is better, even though you win less than half the time! Why? Solve
30·p − 10·(1 − p) > −10·p + 20·(1 − p): that is 70·p > 30, so bid 1 is better as soon as
**p > 3/7 ≈ 0.43**.
"""),
    code('Fraction(3, 7), float(Fraction(3, 7))'),
    md("""
## Wizard Junior scores differently

In Junior a correct prediction of 1 scores 1 point, a correct 0 also scores 1 point, and a wrong one
scores 0. 🤔 **Think first:** from what chance on is predicting 1 better in Junior?
"""),
    code('first_round_bids("Y6", players=4, seat=0, turned_up="Y3", rules="junior")'),
    md("""
In Junior it is simply: predict 1 when you win more often than you lose, p > 1/2. In Classic you
should dare a bid of 1 a little earlier, from p > 3/7.

## Check by playing

Exact answers again, tested by the simulator: deal the other cards 20,000 times, play the trick, count.
"""),
    code("""
est = estimate_tricks("G13", players=4, seat=0, turned_up="R5", samples=20_000, seed=1)
exact = one_card_win_probability("G13", players=4, seat=0, turned_up="R5")
round(float(exact), 4), round(float(est.probabilities[1]), 4), round(float(est.std_errors[1]), 4)
"""),
    md("""
## Which cards are worth a bid of 1?

A ★ in the heat map marks them. Here as a table for 4 players: True means *bid 1*.
"""),
    code("""
table = round_one_table(4, "R5", exact=True)
(table > Fraction(3, 7)).head(16)
"""),
    md("""
## Try it yourself

1. Find the lowest trump worth a bid of 1 from seat 0 with 3 players, and with 6 players.
2. Turn up a Jester (no trump). Which cards are worth a bid of 1 now, from seat 0? From the dealer's seat?
3. Why does a Jester have a small chance of winning with 4 players, but none with 5?
"""),
]


NB11 = [
    md("""
# 11. How many tricks will I win?

With more cards there are too many possible deals to count them all. Instead we let the computer
**play** thousands of rounds with the same hand and count how many tricks it wins. The other players
are computer players that bid and play by a simple *rule of thumb*.
"""),
    code(SETUP),
    md("""
## A hand

Four players, round 5, red is trump (R5 turned up), you sit in seat 1 (you play second in the first trick).
"""),
    code('hand = cards("W R13 R9 G12 B3")\nhand'),
    md("""
🤔 **Think first:** how many tricks will this hand win? Count the cards you think are sure winners,
and the ones that might win.

The rule-of-thumb player counts like this: a Wizard counts 1, a trump counts a bit, high cards of
other colours count a little.
"""),
    code("""
from wizard_edu.players.rule_of_thumb import count_tricks

round(count_tricks(hand, trump="R", ranks=13, players=4), 2)
"""),
    md("""
## Play it 10,000 times
"""),
    code("""
est = estimate_tricks(hand, players=4, seat=1, turned_up="R5", samples=10_000, seed=1)
est
"""),
    md("""
That is a whole **distribution**: a chance for each number of tricks. The most likely number is
not the only thing that can happen.
"""),
    code("est.table()"),
    code("""
table = est.table()
fig, ax = plt.subplots(figsize=(6, 3))
ax.bar(table.index, table["chance"], yerr=2 * table["std error"], color="#4B6EAF", capsize=4)
ax.set_xlabel("tricks won")
ax.set_ylabel("chance")
ax.set_title("W R13 R9 G12 B3, seat 1 of 4, red trump")
plt.show()
"""),
    md("""
🤔 **Think first:** what is the *average* number of tricks? Multiply each number of tricks by its
chance and add up.
"""),
    code("round(float(sum(k * p for k, p in enumerate(est.probabilities))), 3), round(est.expected_tricks, 3)"),
    md("""
## How sure are these numbers?

Each chance comes with a standard error. 🤔 **Think first:** with only 100 deals instead of 10,000,
how much bigger is the standard error?
"""),
    code("""
small = estimate_tricks(hand, players=4, seat=1, turned_up="R5", samples=100, seed=1)
pd.DataFrame({"100 deals": small.probabilities, "its std error": small.std_errors,
              "10,000 deals": est.probabilities, "its std error ": est.std_errors})
"""),
    md("""
About 10 times bigger: 100 times fewer deals, √100 = 10 times less sure.

## Does it matter who the others are?

🤔 **Think first:** against players who throw any legal card (random players), will you win more
tricks or fewer?
"""),
    code("""
random_others = estimate_tricks(hand, players=4, seat=1, turned_up="R5", samples=10_000,
                                opponents="random", seed=1)
pd.DataFrame({"rule-of-thumb opponents": est.probabilities, "random opponents": random_others.probabilities})
"""),
    md("""
## Does it matter where you sit?
"""),
    code("""
by_seat = {seat: estimate_tricks(hand, players=4, seat=seat, turned_up="R5", samples=10_000, seed=1)
           for seat in range(4)}
pd.DataFrame({f"seat {s}": e.probabilities for s, e in by_seat.items()}).rename_axis("tricks won")
"""),
    md("""
## Explore

Click cards to make your own hand (or deal one), pick your seat, the number of players and the
turned-up card. The chart and the expected score of each bid change at once.
"""),
    code("""
from wizard_edu.widgets.explorer import WinProbabilityExplorer

WinProbabilityExplorer(hand="W R13 R9 G12 B3", players=4, seat=1, turned_up="R5", seed=0)
"""),
    md("""
## A very big simulation

The simulator deals in chunks, so even a million rounds fit in memory. With `progress=True` a bar
shows how far it is.
"""),
    code("""
big = estimate_tricks(hand, players=4, seat=1, turned_up="R5", samples=200_000, seed=2, progress=True)
big.table()
"""),
    md("""
## Try it yourself

1. Swap the W for a Jester: `cards("J R13 R9 G12 B3")`. How does the distribution change?
2. Find a 3-card hand that wins exactly 1 trick more than 80% of the time.
3. Why is 0 tricks almost impossible for this hand? (Look at the cards.)
"""),
]


NB12 = [
    md("""
# 12. The best bid

You know the chance of each number of tricks. Which bid should you make? The one with the best
**expected score**: the average score if you played this hand very many times.
"""),
    code(SETUP),
    md("""
## The same hand again
"""),
    code("""
hand = cards("W R13 R9 G12 B3")
est = estimate_tricks(hand, players=4, seat=1, turned_up="R5", samples=10_000, seed=1)
est.table()
"""),
    md("""
## Expected score of a bid

For a bid *b*: the expected score is the sum over every number of tricks *k* of
*chance(k) × score(b, k)*.

🤔 **Think first:** work it out by hand for bid 2 (Classic: 20 + 10 per trick if exact, −10 per
trick off otherwise).
"""),
    code("round(float(sum(p * score_round(2, k) for k, p in enumerate(est.probabilities))), 3)"),
    md("""
`est.bids()` does it for every bid. The *spread* is the standard deviation of the score: how much
it jumps around from round to round.
"""),
    code("est.bids()"),
    md("""
🤔 **Think first:** which bid is best? Is it the most likely number of tricks?
"""),
    code("est.best_bid, int(est.probabilities.argmax())"),
    md("""
Here they agree. But not always: remember R3 in notebook 10. It loses more often than it wins, so
"0 tricks" is the most likely outcome, and still a bid of 1 scores more on average.

## Junior scoring

In Junior a correct prediction scores one point per trick (1 for a correct zero) and a wrong one
scores nothing. The tricks do not change, only the points.

🤔 **Think first:** would Junior scoring pick the same bid for this hand?
"""),
    code("""
pd.DataFrame({"Classic expected score": est.bids()["expected score"],
              "Junior expected score": est.bids("junior")["expected score"]})
"""),
    code('est.best_bid, est.best_bid_under("junior")'),
    md("""
## When Classic and Junior disagree

Junior pays more for a *bigger* correct prediction (3 points for 3 tricks, 1 for 1), and nothing is
ever lost. Classic pays a 20-point bonus for any exact bid, and being off costs 10 per trick.

A one-card example: with 6 players, you lead with R9, red trump.
"""),
    code("""
p = one_card_win_probability("R9", players=6, seat=0, turned_up="R5")
p, float(p)
"""),
    code("""
pd.DataFrame({"Classic": first_round_bids("R9", 6, 0, "R5", rules="classic"),
              "scored like Junior": {b: p * max(b, 1) if b else 1 - p for b in (0, 1)}}).astype(float)
"""),
    md("""
🤔 **Think first:** p is between 3/7 and 1/2. Which bid does each scoring prefer, and why?

In Classic, bid 1 (p > 3/7). Scored the Junior way, predict 0 (p < 1/2): a correct 1 and a correct 0
are both worth 1 point, so just pick the more likely one.

## Risk

Bids differ not only in their average score but also in how much the score jumps around from round
to round (the spread). Let's look at a hand where the tricks are really uncertain.
"""),
    code("""
risky = estimate_tricks("W G13 G8 B11 Y2", players=4, seat=0, turned_up="J", samples=10_000, seed=3)
risky.table()
"""),
    code("risky.bids()"),
    code("""
bids = risky.bids()
fig, ax = plt.subplots(figsize=(6, 3))
ax.errorbar(bids.index, bids["expected score"], yerr=bids["spread"], fmt="o", capsize=5)
ax.axhline(0, color="grey", lw=0.8)
ax.set_xlabel("bid")
ax.set_ylabel("score: average ± spread")
plt.show()
"""),
    md("""
🤔 **Think first:** if you are far behind near the end of the game, would you pick the bid with the
best average, or one with a bigger spread? What if you are far ahead?

The expected score is the best choice *on average*. A player who is far behind may need a lucky
round and take more risk; a player in the lead may prefer a bid that rarely goes badly wrong.

## Try it yourself

1. In the explorer of notebook 11, find a hand whose best Classic bid is 0.
2. Find a one-card situation where Classic says "bid 0" and Junior says "predict 1" (hint: there is none;
   why not?).
3. For `risky`, how much would you lose on average if you always bid 1 instead of the best bid?
"""),
]

NOTEBOOKS_TO_WRITE = {
    "09-chance-of-trump-and-wizards.ipynb": NB09,
    "10-the-one-card-round.ipynb": NB10,
    "11-how-many-tricks.ipynb": NB11,
    "12-the-best-bid.ipynb": NB12,
}


def main(argv: list[str]) -> int:
    for name, cells in NOTEBOOKS_TO_WRITE.items():
        write_notebook(cells, name)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
