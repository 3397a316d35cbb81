"""Questions of notebook 11, "How many tricks will I win?"."""

from __future__ import annotations

import functools
from fractions import Fraction
from math import sqrt
from typing import Any

from ...display.numbers import steady
from . import Bank

BANK = Bank("11-how-many-tricks")
HAND = "W R13 R9 G12 B3"
WITH_JESTER = "J R13 R9 G12 B3"
POSITION = ("wizard-edu/1 rules=classic players=4 seed=1 dealer=3 round=1 phase=bid turned=R5 trump=R "
            "hands=G9.G6.G2.Y12.Y9/W.R13.R9.G12.B3/R3.G11.G1.B9.Y11/R10.B4.Y10.Y4.J "
            "bids=-,-,-,- tricks=- trick=- rounds=- scores=0,0,0,0 sizes=5")


@functools.cache
def estimate(hand: str = HAND, samples: int = 10_000, opponents: str = "rule-of-thumb", seed: int = 1) -> Any:
    """The notebook's estimate for ``hand``: player 2 of 4, R5 turned up (made once)."""
    from ...simulate import estimate_tricks

    return estimate_tricks(hand, players=4, seat=1, turned_up="R5", samples=samples, opponents=opponents, seed=seed)


def mean_tricks(est: Any = None) -> Fraction:
    """The average number of tricks, exactly: the counts are whole numbers (so no float sum is involved)."""
    est = est or estimate()
    return Fraction(sum(k * int(c) for k, c in enumerate(est.counts)), est.samples)


def standard_error(est: Any, value: Any = lambda k: k) -> float:
    """The standard error of the average of ``value(tricks)`` over the simulated deals of ``est``:
    a simulated average is an estimate, given as "about x ± e", never as an exact fraction."""
    n = est.samples
    mean = sum(int(c) * value(k) for k, c in enumerate(est.counts)) / n
    var = sum(int(c) * (value(k) - mean) ** 2 for k, c in enumerate(est.counts)) / (n - 1)
    return sqrt(var / n)


def distribution_chart(est=None):
    """A bar chart of the chance of each number of tricks, ± 2 standard errors."""
    import matplotlib.pyplot as plt

    est = est or estimate()
    table = est.table()
    fig, ax = plt.subplots(figsize=(6, 3))
    ax.bar(table.index, table["chance"], yerr=2 * table["std error"], color="#4B6EAF", capsize=4)
    ax.set_xlabel("tricks won")
    ax.set_ylabel("chance")
    ax.set_title(f"{est.hand}, player 2 of 4, red trump")
    plt.close(fig)
    return fig


def game_after_g9():
    """The position of the notebook: bids 1, 3, 1, 1, and player 1 leads G9; player 2's view."""
    from ...engine.game import Game

    game = Game.from_position(POSITION)
    for bid in (1, 3, 1, 1):
        game.bid(bid)
    game.play("G9")
    return game


@functools.cache
def chances():
    from ...simulate.odds import card_chances

    return card_chances(game_after_g9().view(1), samples=4000, seed=1)


def _rule_of_thumb_count() -> float:
    from ...engine.cards import cards
    from ...players.rule_of_thumb import count_tricks

    return round(count_tricks(cards(HAND), trump="R", ranks=13, players=4), 2)


def _pair(a, b, names):
    import pandas as pd

    return steady(pd.DataFrame({names[0]: a.probabilities, names[1]: b.probabilities}).rename_axis("tricks won"), 4)


BANK.add("11.most-likely", "W R13 R9 G12 B3, player 2 of 4, red is trump: what is the most likely number of tricks?",
         answer=lambda: int(estimate().probabilities.argmax()),
         hint="The Wizard is a sure trick. The two high trumps are very likely tricks. What about G12 and B3?",
         worked=lambda: [f"The rule-of-thumb player counts {_rule_of_thumb_count()} tricks (a Wizard counts 1, a trump "
                         "a bit, high cards of other colours a little). Played 10,000 times:", estimate(),
                         estimate().table(),
                         distribution_chart()])
BANK.add("11.average-tricks", "What is the average number of tricks? (two decimals are enough)",
         answer=lambda: mean_tricks(), tolerance=0.01, error=lambda: standard_error(estimate()),
         hint="0 × chance of 0 + 1 × chance of 1 + 2 × chance of 2 + ... from the table in the answer above.",
         worked=lambda: f"0 × chance of 0 + 1 × chance of 1 + ... = {float(mean_tricks()):.3f} tricks "
                        "(est.expected_tricks does the same sum).")
BANK.add("11.se-100-deals", "With 100 deals instead of 10,000, how many times bigger is the standard error?",
         answer=lambda: round(sqrt(10_000 / 100)), hint="The standard error shrinks like 1/√(number of deals).",
         worked=lambda: ["About 10 times bigger: 100 times fewer deals, √100 = 10 times less sure.",
                         _both_tables()])
BANK.add("11.random-opponents", "Against random players, will this hand win more tricks or fewer (on average)?",
         choices=["more", "fewer"],
         answer=lambda: "more" if mean_tricks(estimate(opponents="random")) > mean_tricks() else "fewer",
         hint="Random players throw away their Wizards and high trumps at bad moments.",
         worked=lambda: [f"On average {float(mean_tricks(estimate(opponents='random'))):.2f} tricks against random "
                         f"players, {float(mean_tricks()):.2f} against rule-of-thumb players.",
                         _pair(estimate(), estimate(opponents="random"),
                               ["rule-of-thumb opponents", "random opponents"])])
def _mean_by_player() -> dict[str, Fraction]:
    return {f"player {seat + 1}": mean_tricks(_seat_estimate(seat)) for seat in range(4)}


def _seat_estimate(seat: int) -> Any:
    from ...simulate import estimate_tricks

    return estimate(HAND) if seat == 1 else estimate_tricks(HAND, players=4, seat=seat, turned_up="R5",
                                                             samples=10_000, seed=1)


def _by_seat_table():
    import pandas as pd

    return steady(pd.DataFrame({f"player {s + 1}": _seat_estimate(s).probabilities for s in range(4)})
                  .rename_axis("tricks won"), 4)


BANK.add("11.best-seat", "The same hand from each seat: which player wins the most tricks with it, on average?",
         choices=["player 1", "player 2", "player 3", "player 4"],
         answer=lambda: max(_mean_by_player().items(), key=lambda kv: kv[1])[0],
         hint="Who sees the most cards before playing in the first trick? Who must lead without seeing any?",
         worked=lambda: ["Average tricks: " + ", ".join(f"{name} {float(m):.2f}" for name, m in _mean_by_player().items())
                         + ". The chance of each number of tricks, by seat:", _by_seat_table()])
BANK.add("11.w-or-g12",
         "Player 1 leads G9 and you bid 3. Which card makes your bid more often if you play it now, W or G12?",
         cards="W G12", answer=lambda: chances().loc[chances()["makes bid"].idxmax(), "card"],
         hint="The Wizard wins any trick. Which trick would you rather save it for?",
         worked=lambda: [steady(chances()[["card", "wins trick", "wins trick se", "makes bid", "makes bid se"]], 4),
                         "The Wizard wins this trick every time, but G12 makes the bid more often: when G12 wins, the "
                         "Wizard is still in your hand for a later trick, and when it loses, the Wizard can still win "
                         "another one. Winning this trick is not the same as making your bid."])
BANK.add("11.jester-fewer", "With J instead of W: how many fewer tricks on average? (two decimals are enough)",
         answer=lambda: mean_tricks() - mean_tricks(estimate(WITH_JESTER)), tolerance=0.02,
         error=lambda: sqrt(standard_error(estimate()) ** 2 + standard_error(estimate(WITH_JESTER)) ** 2),
         hint="Work out the new average (estimate_tricks(...).expected_tricks) and subtract it from the old one.",
         worked=lambda: ["The whole distribution moves down by about one trick (the Wizard was a sure trick).",
                         _pair(estimate(), estimate(WITH_JESTER), ["with W", "with J"])])
BANK.add("11.w-g2-b3", "One hand to try: W G2 B3 (player 2, red trump). Does it win exactly 1 trick more than 80% of the time?",
         choices=["yes", "no"], answer=lambda: "yes" if estimate("W G2 B3").probabilities[1] > 0.8 else "no",
         hint='Run estimate_tricks(cards("W G2 B3"), players=4, seat=1, turned_up="R5", samples=10_000, seed=1).',
         worked=lambda: ["One sure trick (a Wizard) and two cards that almost never win:", estimate("W G2 B3").table()])
WHY_NOT_ZERO = ["its Wizard loses only to a Wizard played earlier in that trick",
                "five cards always win at least one trick between them",
                "red is trump, and its two high red cards always win a trick each"]
BANK.add("11.why-not-zero", "Why is 0 tricks almost impossible for W R13 R9 G12 B3?", choices=WHY_NOT_ZERO,
         answer=lambda: WHY_NOT_ZERO[0] if estimate().probabilities[0] < estimate(WITH_JESTER).probabilities[0]
         else WHY_NOT_ZERO[1],
         hint="Compare the chance of 0 tricks with the W and with a J in its place.",
         worked=lambda: f"Only another Wizard played before ours in the same trick can take the Wizard's trick: 0 tricks "
                        f"has a chance of {steady(estimate().probabilities[0], 4)} with the W and "
                        f"{steady(estimate(WITH_JESTER).probabilities[0], 4)} with a J in its place.")


def _both_tables():
    import pandas as pd

    return pd.concat({"100 deals": estimate(samples=100).table(), "10,000 deals": estimate().table()}, axis=1)


# -- follow-ups: a question of two options is a coin toss, so each asks why --------------------------------
WHY_RANDOM = ["random players waste their Wizards and high trumps",
              "random players are dealt weaker cards than the other players",
              "random players may break the follow-colour rule when they like"]
BANK.why("11.random-opponents", "Why?", WHY_RANDOM,
         answer=lambda: WHY_RANDOM[0] if mean_tricks(estimate(opponents="random")) > mean_tricks() else WHY_RANDOM[1],
         hint="The cards are dealt the same way. What do random players do with a Wizard?")
WHY_G12 = ["if G12 wins, the Wizard is still there for a later trick",
           "G12 wins this trick more often than the Wizard does",
           "a Wizard played now, in the second seat, does not count as a trick"]
BANK.why("11.w-or-g12", "Why?", WHY_G12, answer=lambda: WHY_G12[0] if str(_g12_or_w()) == "G12" else WHY_G12[1],
         hint="You need 3 tricks. Which card can still win a later trick if you keep it?")
WHY_W_G2_B3 = ["the Wizard is a sure trick, and G2 and B3 almost never win",
               "three cards always win exactly one trick between them",
               "G2 and B3 win often, so the Wizard is not even needed"]
BANK.why("11.w-g2-b3", "Why?", WHY_W_G2_B3,
         answer=lambda: WHY_W_G2_B3[0] if estimate("W G2 B3").probabilities[1] > 0.8 else WHY_W_G2_B3[2],
         hint="Which of the three cards wins for sure? What about the two low cards?")


def _g12_or_w() -> object:
    return chances().loc[chances()["makes bid"].idxmax(), "card"]
