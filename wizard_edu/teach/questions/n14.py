"""Questions of notebook 14, "What bids reveal"."""

from __future__ import annotations

import functools
from fractions import Fraction
from typing import Any

from ...display.numbers import steady
from ...simulate.odds import DEALER_CHOOSES
from . import Bank

BANK = Bank("14-what-bids-reveal")
MOVED = ["down, to less than half of what it was", "down, a little", "up, a little", "up, to more than double",
         "it does not change"]


def how_it_moved(row: Any) -> str:
    """Which of ``MOVED`` describes the change from prior to posterior (the exact method: no noise)."""
    ratio = row["posterior"] / row["prior"]
    if abs(ratio - 1) < 1e-9:
        return MOVED[4]
    return MOVED[0] if ratio < 0.5 else MOVED[1] if ratio < 1 else MOVED[3] if ratio > 2 else MOVED[2]


@functools.cache
def reveal_b6(bid_of_player_1: int | None = None) -> Any:
    """You hold B6 as the dealer (player 4 of 4), Y3 turned up; player 1 bid ``bid_of_player_1`` (or nobody)."""
    from ...simulate.bayes import reveal

    bids = {} if bid_of_player_1 is None else {0: bid_of_player_1}
    return reveal("B6", bids, players=4, seat=3, turned_up="Y3")


def prior_wizard() -> Fraction:
    """The prior that player 1 holds a Wizard, as the fraction the exact count gives (4/58)."""
    return Fraction(float(reveal_b6().loc[(0, "a Wizard"), "prior"])).limit_denominator(100)


@functools.cache
def bid_model():
    from ...simulate.bayes import bid_model_table

    return bid_model_table(3, players=4, turned_up="Y3", feature="a Wizard", samples=20_000, seed=0)


@functools.cache
def big_round():
    from ...simulate.bayes import reveal

    return reveal("R3 G4 B2 Y9 G11", {0: 0, 1: 3}, players=4, seat=2, turned_up="Y7", samples=20_000, seed=2)


@functools.cache
def bid_comparison():
    """Bid values played toward each bid and played the same way (seed 11, 5 cards, player 1)."""
    import pandas as pd

    from ...engine.game import Game
    from ...simulate import estimate_tricks
    from ...simulate.odds import bid_values

    start = Game(players=4, seed=11, hand_sizes=[5])
    view = start.view(start.to_move or 0)   # player 1 bids first: seat 0
    played_to_make = bid_values(view, samples=4000, seed=1)
    same_play = estimate_tricks(view.hand, players=4, seat=0, turned_up=view.trump_card, samples=4000, seed=1).bids()
    return pd.DataFrame({"played the same way": same_play["expected score"],
                         "played toward the bid": played_to_make["expected score"],
                         "chance to make it": played_to_make["makes bid"]})


def gain():
    table = bid_comparison()
    return table["played toward the bid"] - table["played the same way"]


@functools.cache
def trial_table():
    """What the Bayes lab of the notebook's last question shows (3 cards, seed 5, player 1 bids 3), worked
    out with the engine, not the widget: the lab's deal, then :func:`wizard_edu.simulate.bayes.reveal`."""
    import numpy as np

    from ...engine.rules import get_ruleset, trump_from_card
    from ...simulate.bayes import reveal

    ruleset, players, cards = get_ruleset("classic"), 4, 3
    rng = np.random.default_rng(5)   # the lab deals like this (wizard_edu/widgets/bayes.py)
    deck = list(ruleset.deck())
    while True:
        order = rng.permutation(len(deck))
        hand = sorted((deck[i] for i in order[:cards]), key=str)
        turned_up = deck[order[cards]]
        if trump_from_card(turned_up, ruleset) != DEALER_CHOOSES:
            break
    return reveal(hand, {0: 3}, players, players - 1, turned_up, ruleset, samples=20_000, seed=5)


def _hand_odds_one():
    from ...simulate.odds import hand_odds

    return hand_odds(1, "wizards", turned_up="Y3")[1]


def _before_after(table: Any, player: int) -> str:
    row = table.loc[(player, "a Wizard")]
    return (f"Before the bid: {steady(row['prior'], 3):.1%}. After player 1 bids 0: "
            f"{steady(row['posterior'], 3):.1%}.")


WHY_UP = ["a high bid is made mostly with strong cards, and trumps are strong",
          "player 2's prior was higher than the others' before any bid",
          "more trumps are dealt in a round of five cards than of three"]

BANK.add("14.prior-wizard",
         "You hold B6 and yellow is trump. What is the chance that player 1 holds a Wizard (before any bid)? "
         "(a fraction, or a decimal with three places)",
         answer=prior_wizard, tolerance=0.0015,
         hint="Count the cards player 1 could hold (all but yours and the turned-up card) and the Wizards among them.",
         worked=lambda: [f"Player 1 could hold any of the 58 cards you cannot see (60 minus your B6 and the Y3), and "
                         f"4 of them are Wizards: 4/58 = {prior_wizard()}, about {float(prior_wizard()):.1%}.",
                         steady(reveal_b6().loc[0, ["holds", "prior"]], 3),
                         f"hand_odds for one card answers a different question: it knows only the turned-up card, "
                         f"not your blue 6, so it counts 59 unseen cards and gets {_hand_odds_one()}. 4/58 and 4/59 "
                         "are close (both about 7%), but they are not the same fraction: every card you can see "
                         "changes the count. (4/60 would forget both cards you can see.)"])
BANK.add("14.rarer-with-wizard", "Three cards each: which bid is much rarer with a Wizard in the hand than without one?",
         shuffle=False, choices=[0, 1, 2, 3], answer=lambda: int((bid_model()["without"] / bid_model()["with"]).idxmax()),
         hint="Compare the two columns of the table above, row by row: where is 'with' far below 'without'?",
         worked=lambda: f"A bid of 0: with a Wizard the model bids 0 only about {steady(bid_model().loc[0, 'with'], 3):.0%} "
                        f"of the time; without one, about {steady(bid_model().loc[0, 'without'], 3):.0%}.")
BANK.add("14.bid-zero-player-1", "Player 1 bids 0. What happens to the chance that player 1 holds a Wizard?",
         choices=MOVED, answer=lambda: how_it_moved(reveal_b6(0).loc[(0, "a Wizard")]),
         hint="Look back at the likelihood table: how often does the model bid 0 with a Wizard, and how often without?",
         worked=lambda: [_before_after(reveal_b6(0), 0), steady(reveal_b6(0).loc[0], 3),
                         "The bid of 0 lowers the chance that player 1 holds a Wizard. The table also shows why: the "
                         "likelihood of a 0 bid is small when player 1 holds a Wizard and large when they do not, so "
                         "the deals where player 1 has a Wizard lose weight."])
BANK.add("14.bid-zero-player-2", "After player 1 bids 0, what happens to the chance that player 2 holds a Wizard?",
         choices=MOVED, answer=lambda: how_it_moved(reveal_b6(0).loc[(1, "a Wizard")]),
         hint="If player 1 probably has no Wizard, where are the Wizards?",
         worked=lambda: [steady(reveal_b6(0).loc[1, ["prior", "posterior"]], 3),
                         "A little: if player 1 probably has no Wizard, the Wizards are a bit more likely to be "
                         "somewhere else."])
BANK.add("14.why-trump-up", "Player 2 bid 3 with five cards. Why does the chance that player 2 holds a trump go up?",
         choices=WHY_UP,
         answer=lambda: WHY_UP[0] if big_round().loc[(1, "a trump"), "posterior"] > big_round().loc[(1, "a trump"), "prior"]
         else WHY_UP[2],
         hint="Look at the likelihood: how does the model bid with trumps in the hand?",
         worked="A bid of 3 in five cards is a high bid. The bidding model bids that high mostly with Wizards and "
                "trumps, so the deals where player 2 holds them gain weight. (The prior is the same for every "
                "player, whatever they bid, so it cannot be the reason.)")
BANK.add("14.gains-most", "Which bid gains the most points when the hand is played toward it?",
         shuffle=False, choices=lambda: [int(b) for b in gain().index], answer=lambda: int(gain().idxmax()),
         hint="Subtract the first column from the second, bid by bid.",
         worked=lambda: [steady(gain().rename("gain"), 3),
                         "Bid 0 gains the most: played the same way, the hand wins tricks it did not need; played to "
                         "lose, it ducks and keeps its Jester for the trick it must not win."])
BANK.add("14.lab-bid-three",
         "In the Bayes lab, player 1 bids 3 with three cards. What happens to the chance that player 1 holds a Wizard?",
         choices=MOVED, answer=lambda: how_it_moved(trial_table().loc[(0, "a Wizard")]),
         hint="How does the bidding model bid with a Wizard? Look at the bid 3 row of the likelihood table.",
         worked=lambda: [steady(trial_table().loc[0, ["prior", "posterior"]], 3),
                         "A bid of 3 with three cards is the highest bid there is: the model makes it mostly with "
                         "Wizards in the hand, so the chance goes up a lot."])
