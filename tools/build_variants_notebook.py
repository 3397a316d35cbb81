"""Build notebooks/13-variants.ipynb from this script; then run `.venv/bin/python tools/run_notebooks.py notebooks/13-variants.ipynb` to store its outputs."""
import notebook_cells

cells = []


def md(text):
    cells.append(notebook_cells.md(text))


def code(text):
    cells.append(notebook_cells.code(text))

md("""
# 13 · Variants: same cards, new rules

Wizard players love house rules. Each variant changes one small thing: how bids are made, what you may
see, which cards are in the deck, or how many cards are dealt. In this notebook you will:

1. see every variant the kit plays in one table,
2. try the bidding variants (hidden, secret, Canadian, plus/minus one),
3. bid without seeing your own card (Clairvoyance),
4. play with your own private pile (Monochrome),
5. compare the standard and the tournament schedules,
6. meet the six special cards of the Anniversary edition,
7. run experiments with computer players to see what the variants *do* to the game.
""")
code("""
import matplotlib.pyplot as plt
import pandas as pd
from IPython.display import HTML

from wizard_edu import Action, Game, allowed_bids, cards, explain_trick, get_ruleset, round_sizes
from wizard_edu.display import cards_html
from wizard_edu.players import RuleOfThumbPlayer
from wizard_edu.variants import (bids_table, final_scores, find_moment, play_games, seen_by,
                                 variant_table, why_not)

pd.set_option("display.precision", 3)
""")

md("""
## Every variant in one table

Each variant is an *option* of the rules, so a variant game is an ordinary game:
`Game(players=4, rules="classic", bid_rule="plus-minus-one")`.
""")
code("variant_table()")
md("""
Options can be combined. The title of the rules lists every option that is switched on:
""")
code('get_ruleset("classic", bid_rule="canadian", bidding="hidden").title')
md("""
A few combinations cannot work with real cards, and the kit says why. **Try first:** Monochrome gives
every player one colour of the Classic deck. Why could it not be played with the Anniversary deck?
""")
code("""
try:
    get_ruleset("anniversary", monochrome=True)
except ValueError as error:
    print(error)
""")

md("""
## 1. Bidding variants

### Plus/minus one

The bids of all players together must **never** add up to the number of tricks in the round. Only the
last bidder (the dealer) can be stopped, because only they know all the other bids.

**Try first:** 4 players, 5 cards each. The first three players bid 1, 1 and 1. Which bid may the
dealer *not* make?
""")
code("""
plus_minus_one = get_ruleset("classic", bid_rule="plus-minus-one")
allowed_bids(5, [1, 1, 1], players=4, rules=plus_minus_one)
""")
md("""
Every bid except 2, because 1 + 1 + 1 + 2 = 5. In a game, a refused bid says why. Here the first three
players of round 1 (one card each) bid 0:
""")
code("""
game = Game(4, "classic", seed=2, bid_rule="plus-minus-one")
for bid in (0, 0, 0):
    game.bid(bid)
why_not(game, Action("bid", 1))
""")
md("""
**Think:** with plus/minus one, can *every* player make their bid in the same round?
(Hint: if everybody wins exactly what they bid, what do the bids add up to?) The experiments at the
end check your answer.

### The Canadian rule

If the dealer, who bids last, **alone** leads the score before the round, they may not make the bids
add up to the tricks in the round, unless they bid zero. A tie for the lead frees the dealer.

**Try first:** 3 cards each; the others bid 1, 1 and 0. What may a dealer who leads alone bid? And one
who does not lead?
""")
code("""
canadian = get_ruleset("classic", bid_rule="canadian")
{"dealer leads alone": allowed_bids(3, [1, 1, 0], players=4, rules=canadian, dealer_leads_alone=True),
 "dealer does not lead": allowed_bids(3, [1, 1, 0], players=4, rules=canadian, dealer_leads_alone=False)}
""")
md("""
Now the others bid 1, 1 and 1. A bid of 0 makes the total 3, the tricks in the round, yet it is allowed:
zero is always allowed under the Canadian rule.
""")
code("allowed_bids(3, [1, 1, 1], players=4, rules=canadian, dealer_leads_alone=True)")
md("""
### Hidden bid and secret bid

With a **hidden bid** everybody decides at the same time and the bids are shown together. With a
**secret bid** (also called *delayed reveal*) the bids stay hidden until the round is scored, so
nobody knows who still needs a trick.

The game shows each player only what they may see. Two players have made secret bids; this is what
Player 2 sees:
""")
code("""
game = Game(4, "classic", seed=5, bidding="secret")
game.bid(1)
game.bid(0)
HTML(seen_by(game, 1))
""")

md("""
## 2. Clairvoyance

In the first round each player holds their only card to their forehead: **everybody sees every card
but their own**. You bid on what you see.

**Try first:** you are Player 2. Trump is yellow (the turned-up card is Y1). What would you bid?
""")
code("""
game = Game(4, "classic", seed=8, clairvoyance=True)
print("Turned-up card:", game.trump_card)
HTML(seen_by(game, 1))
""")
md("""
The rule-of-thumb computer player counts: of all the cards it might hold, what share would win this
trick against the cards it can see?
""")
code("RuleOfThumbPlayer().unseen_win_chance(game.view(1))")
md("""
More than half, so it bids 1. When it is your turn to play you have no choice: you play the card you
cannot see. The game offers exactly one action, "play the unseen card":
""")
code("""
for bid in (1, 0, 0, 0):
    game.bid(bid)
[str(action) for action in game.view(game.to_move).legal]
""")

md("""
## 3. Monochrome (3 or 4 players)

Each player owns **one colour**: its 13 cards, one Wizard and one Jester, shuffled into a private
pile. You draw 4 cards in round 1 and one more each round, for 12 rounds. There is no trump and
nobody must follow a colour: **the highest value wins**, a Wizard counts above 13, a Jester below 1,
and of two equal values the first played wins. With 3 players yellow is set aside.
""")
code("""
mono = Game(3, "classic", seed=4, monochrome=True)
HTML("".join(f"<p>{name}</p>" + cards_html(hand) for name, hand in zip(mono.names, mono.hands)))
""")
code("mono.round_sizes")
md("""
**Try first:** the trick is R9, G13, B13 (in that order). Which card wins?
""")
code('explain_trick("R9 G13 B13", rules=mono.ruleset).reason')

md("""
## 4. The tournament schedule

Tournaments play 10 hands, whatever the number of players, and reach big hands sooner. (With 3 players
it is not defined, and the kit says so.)
""")
code("""
pd.DataFrame([{"players": n, "schedule": name, "rounds": len(round_sizes(n, schedule=name)),
               "cards in each round": " ".join(str(size) for size in round_sizes(n, schedule=name))}
              for n in (4, 5, 6) for name in ("standard", "tournament")])
""")
code("""
fig, ax = plt.subplots(figsize=(7, 3.5))
for name, style in (("standard", "o-"), ("tournament", "s--")):
    sizes = round_sizes(4, schedule=name)
    ax.plot(range(1, len(sizes) + 1), sizes, style, label=name)
ax.set(xlabel="round", ylabel="cards in each hand", title="4 players: cards dealt in each round")
ax.legend()
plt.show()
""")
md("""
**Think:** how many tricks can be won in a whole 4-player game with each schedule? (Add up the hand
sizes: `sum(round_sizes(4))` and `sum(round_sizes(4, schedule="tournament"))`.)
""")
code('sum(round_sizes(4)), sum(round_sizes(4, schedule="tournament"))')

md("""
## 5. The Anniversary edition: six special cards

The Anniversary deck adds six cards to the Classic 60. Because there are 66 cards and the game still
has as many rounds as Classic Wizard, a trump card can always be turned up, even in the last round.
""")
code('HTML(cards_html(cards("Dragon Fairy Bomb Werewolf Juggler Cloud")))')
md("""
**The Dragon** beats everything, even a Wizard. **The Fairy** loses every trick, except one with the
Dragon in it: then she wins. **Try first:** who wins W, Dragon, Fairy?
""")
code("""
for trick in ("W Dragon R13", "Dragon W Fairy", "Fairy J R2"):
    print(trick, "->", explain_trick(trick, trump="R", rules="anniversary").reason)
""")
md("""
**The Bomb** blows up its trick: nobody wins it, so it counts for nobody's bid. The player whose card
would have won leads the next trick.
""")
code("""
result = explain_trick("R3 Bomb R9 W", trump="G", rules="anniversary")
result.reason, f"the player of card number {result.leader_next + 1} leads next"
""")
md("""
**The Juggler** (7½) and **the Cloud** (9¾) take a colour that their player names as they play them.
**Try first:** red is led with R7; then come a Juggler named red and R8. Who wins?
""")
code('explain_trick("R7 Juggler:R R8", rules="anniversary").reason')
md("""
**The Werewolf** is never played. Whoever is dealt it swaps it for the turned-up trump card and names
the trump (or no trump), before anybody bids. Here is such a moment, found in a computer game:
""")
code("""
moment = find_moment(lambda g: g.phase == "werewolf")
print(moment.status())
[str(action) for action in moment.legal_actions()]
""")
md("""
After a trick with the Juggler (unless it was the round's last), everybody passes one card face down
to the left. Each player chooses in turn, and the cards move together once all have chosen:
""")
code("""
moment = find_moment(lambda g: g.phase == "pass" and len(g.hands[g.to_move]) >= 3)
print(moment.status())
[str(action) for action in moment.legal_actions()]
""")
md("""
Whoever wins the trick with the Cloud must change their bid by +1 or −1 at the end of the round,
before scoring (a bid of 0 can only go up):
""")
code("""
moment = find_moment(lambda g: g.phase == "cloud" and abs(g.bids[g.to_move] - g.won[g.to_move]) == 1)
holder = moment.to_move
print(moment.status())
print("bid", moment.bids[holder], "- tricks won", moment.won[holder])
[str(action) for action in moment.legal_actions()]
""")
md("""
**Try first:** which change scores better for this player? Work it out with the Classic scoring
(20 + 10 per trick for an exact bid, −10 per trick off otherwise), then check:
""")
code("{change: moment.ruleset.score(moment.bids[holder] + change, moment.won[holder]) for change in (1, -1)}")
md("""
Here the Cloud rescues a missed bid. **Think:** a player who won exactly what they bid and also holds
the Cloud must still change the bid. What do they score then, whichever way they change it?
""")

md("""
## 6. Experiments: what do the variants change?

Computer players can play hundreds of games while we watch. We use the rule-of-thumb player, seat
four of them at a table, and compare the same seeds with and without a variant. The numbers are
small so the notebook runs quickly: treat them as a first look, not the final word.

### Does plus/minus one make exact bids rarer?

**Try first:** guess. What share of bids are exact in Classic Wizard, and with plus/minus one?
""")
code("""
GAMES = 25
classic = play_games(GAMES, players=4, seed=100)
plus_minus = play_games(GAMES, players=4, seed=100, bid_rule="plus-minus-one")
bids = pd.concat([bids_table(classic, "classic"), bids_table(plus_minus, "plus/minus one")])
bids.head()
""")
code('bids.groupby("variant")["exact"].mean()')
md("""
The rule only ever stops the dealer, who bids last. So compare the players by their place in the
bidding order (1 bids first, 4 is the dealer):
""")
code("""
by_order = bids.groupby(["bid_order", "variant"])["exact"].mean().unstack()
ax = by_order.plot.bar(figsize=(7, 3.5), rot=0)
ax.set(xlabel="place in the bidding order (4 = dealer)", ylabel="share of exact bids",
       title="Exact bids by place in the bidding order")
ax.legend(loc="upper left", bbox_to_anchor=(1, 1))
plt.show()
""")
code("by_order")
md("""
Now the question from the start: in how many rounds did **every** player make their bid?
""")
code('bids.groupby(["variant", "game", "round"])["exact"].all().groupby("variant").mean()')
md("""
With plus/minus one it never happens: if everybody won exactly what they bid, the bids would add up to
the tricks in the round, which the rule forbids.

**How sure can we be?** Each share comes from a few thousand bids. A share *p* measured on *n*
independent bids wobbles by about √(p(1−p)/n) from sample to sample (its *standard error*):
""")
code("""
summary = bids.groupby("variant")["exact"].agg(["mean", "count"])
summary["standard error"] = (summary["mean"] * (1 - summary["mean"]) / summary["count"]) ** 0.5
summary
""")
md("""
Compare the gap between the two overall shares with the standard error. A gap of one or two standard
errors could be chance; play more games (change `GAMES`) to find out. The dealer's bar shows where the
rule bites.

### Do the special cards add luck?

If a game has more luck, equal players end further apart, and scores spread more widely. Our four
players are identical, so any spread comes from the cards.
""")
code("""
anniversary = play_games(GAMES, players=4, rules="anniversary", seed=100)
scores = pd.concat([final_scores(classic, label="classic"), final_scores(anniversary, label="anniversary")])
scores.groupby("variant")["score"].agg(["mean", "std", "min", "max"])
""")
code("""
fig, ax = plt.subplots(figsize=(7, 3.5))
ax.boxplot([scores.loc[scores["variant"] == v, "score"] for v in ("classic", "anniversary")])
ax.set_xticks([1, 2], ["Classic (60 cards)", "Anniversary (66 cards)"])
ax.set(ylabel="final score", title="Final scores of four rule-of-thumb players")
plt.show()
""")
md("""
A second measure: inside each game, how far apart are the four players? (the standard deviation of the
four final scores, averaged over the games)
""")
code('scores.groupby(["variant", "game"])["score"].std().groupby("variant").mean()')
md("""
**Think:** the special cards also change the average score. Which cards make a bid harder to hit?
(The Bomb takes a trick away from everybody; the Cloud forces its winner to change a bid; the Juggler
swaps cards in the middle of a round.) Our rule-of-thumb player does not plan for them: would a
cleverer player gain more from the extra choices, as the designer of the special cards hoped?

### Does the tournament schedule change who wins?

Now seat two rule-of-thumb players and two random players (who bid and play anything legal) and play
the same seeds with both schedules.
""")
code("""
KINDS = ["rule-of-thumb", "random", "rule-of-thumb", "random"]
standard = play_games(GAMES, players=KINDS, seed=300)
tournament = play_games(GAMES, players=KINDS, seed=300, schedule="tournament")
results = pd.concat([final_scores(standard, KINDS, "standard (15 rounds)"),
                     final_scores(tournament, KINDS, "tournament (10 hands)")])
# Did a player of this kind win the game? (a tie counts for everybody in it)
results.groupby(["variant", "game", "player"])["won"].any().groupby(["variant", "player"]).mean().unstack()
""")
md("""
Skill wins under both schedules. Does the schedule change how *much* it wins by? Compare the average
points per round of each kind of player.
""")
code("""
rounds = pd.Series({"standard (15 rounds)": 15, "tournament (10 hands)": 10})
per_round = results.groupby(["variant", "player"])["score"].mean().unstack().div(rounds, axis=0)
per_round
""")
code("""
ax = per_round.plot.bar(figsize=(7, 3.5), rot=0)
ax.axhline(0, color="black", linewidth=0.8)
ax.set(xlabel="", ylabel="average points per round", title="Points per round by kind of player")
ax.legend(loc="upper left", bbox_to_anchor=(1, 1))
plt.show()
""")
md("""
**Think:** the tournament schedule skips the small hands. Are small hands more a matter of luck or of
skill? How could you test your answer with `round_sizes` and `bids_table`?

## Your turn

- Change `GAMES` to 100 and run the experiments again: which differences stay, and which vanish?
- Try the Canadian rule, or hidden bids, in the first experiment (`bid_rule="canadian"`,
  `bidding="hidden"`).
- Play a Monochrome game: `play_games(5, players=3, monochrome=True)`. Are exact bids easier when
  you know exactly which cards the others might hold?
""")

notebook_cells.write_notebook(cells, "13-variants.ipynb")
