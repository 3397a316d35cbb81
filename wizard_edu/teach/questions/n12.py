"""Questions of notebook 12, "The best bid"."""

from __future__ import annotations

import functools
from fractions import Fraction
from typing import Any

from ...display.numbers import steady
from ...engine.rules import score_round
from . import Bank
from .n10 import break_even
from .n11 import POSITION, estimate, standard_error

BANK = Bank("12-the-best-bid")
RISKY = "W G13 G8 B11 Y2"


def expected_score(est: Any, bid: int, rules: str = "classic") -> Fraction:
    """The expected score of ``bid`` from the counts of tricks, exactly (whole numbers: no float sum)."""
    return Fraction(sum(int(c) * score_round(bid, k, rules) for k, c in enumerate(est.counts)), est.samples)


def best_bid(est: Any, rules: str = "classic") -> int:
    n = len(est.counts)
    return max(range(n), key=lambda b: (expected_score(est, b, rules), -b))


@functools.cache
def risky():
    from ...simulate import estimate_tricks

    return estimate_tricks(RISKY, players=4, seat=0, turned_up="R5", samples=10_000, seed=3)


@functools.cache
def toward():
    from ...engine.game import Game
    from ...simulate.odds import bid_values

    return bid_values(Game.from_position(POSITION).view(1), samples=10_000, seed=1)


def compare():
    import pandas as pd

    est = estimate()
    return pd.DataFrame({"played the same way": est.bids()["expected score"],
                         "played toward the bid": toward()["expected score"],
                         "std error": toward()["expected score se"],
                         "chance to make it": toward()["makes bid"]})


def gain():
    table = compare()
    return table["played toward the bid"] - table["played the same way"]


def _spread_bid() -> int:
    return int(risky().bids()["spread"].idxmax())


def _classic_vs_junior():
    import pandas as pd

    est = estimate()
    return steady(pd.DataFrame({"Classic expected score": est.bids()["expected score"],
                                "Junior expected score": est.bids("junior")["expected score"]}), 3)


def _r9():
    from ...simulate.odds import one_card_win_probability

    return one_card_win_probability("R9", players=6, seat=0, turned_up="R5")


def _r9_junior_bid() -> int:
    p = _r9()
    return max((0, 1), key=lambda b: p * score_round(b, 1, "junior") + (1 - p) * score_round(b, 0, "junior"))


WHY_NONE = ["Junior says 1 from p > 1/2; Classic already says 1 from p > 3/7",
            "Classic says 1 only from p > 1/2, and Junior already from p > 3/7",
            "Junior and Classic both say 1 from exactly the same chance p of winning"]

BANK.add("12.bid-2-expected", "What is the expected score of bid 2 for this hand? (one decimal is enough)",
         answer=lambda: expected_score(estimate(), 2), tolerance=0.05,
         error=lambda: standard_error(estimate(), lambda k: score_round(2, k)),
         hint="Only 2 tricks scores 40; 1 or 3 tricks score −10; 0 or 4 score −20; 5 scores −30. "
              "Multiply each by its chance from the table and add up.",
         worked=lambda: [f"chance(0) × (−20) + chance(1) × (−10) + chance(2) × 40 + ... = "
                         f"{float(expected_score(estimate(), 2)):.3f}. For every bid:",
                         estimate().bids()])
BANK.add("12.best-bid", "Which bid has the best expected score?", answer=lambda: best_bid(estimate()),
         hint="Look for the biggest number in the 'expected score' column of est.bids().",
         worked=lambda: [f"Bid {best_bid(estimate())}: "
                         f"{float(expected_score(estimate(), best_bid(estimate()))):.2f} points on average.",
                         estimate().bids()])
BANK.add("12.best-is-most-likely", "Is the best bid the most likely number of tricks for this hand?", choices=["yes", "no"],
         answer=lambda: "yes" if best_bid(estimate()) == int(estimate().probabilities.argmax()) else "no",
         hint="Compare the best bid with the number of tricks that has the biggest chance.",
         worked=lambda: f"Best bid {best_bid(estimate())}, most likely number of tricks "
                        f"{int(estimate().probabilities.argmax())}: here they agree. But not always: remember R3 in "
                        "notebook 10. It loses more often than it wins, so \"0 tricks\" is the most likely outcome, "
                        "and still a bid of 1 scores more on average.")
BANK.add("12.gains-most", "Which bid gains the most points when the hand is played toward it?",
         shuffle=False, choices=lambda: [int(b) for b in gain().index], answer=lambda: int(gain().idxmax()),
         hint="Subtract the 'played the same way' column from the 'played toward the bid' column, bid by bid.",
         worked=lambda: [steady(compare(), 3), steady(gain().rename("gain"), 1),
                         f"Bid 0 gains the most: {steady(compare().loc[0, 'played the same way'], 1)} played the same way, "
                         f"{steady(compare().loc[0, 'played toward the bid'], 1)} played to lose tricks. Played the same "
                         "way, the hand wins its usual 3 tricks, so a bid of 0 almost never comes true. Played to lose, "
                         "it throws its high cards away and wins fewer tricks. It still scores badly: the Wizard wins a "
                         "trick whenever nobody plays a Wizard before it. The other bids change much less (near the "
                         "hand's strength it was already played about the right way). Small differences also come "
                         "from the other players: in bid_values they bid and play toward bids of their own."])
BANK.add("12.best-toward", "Played toward each bid, which bid has the best expected score?",
         shuffle=False, choices=lambda: [int(b) for b in toward().index], answer=lambda: int(toward()["expected score"].idxmax()),
         hint="The biggest number in the 'played toward the bid' column.",
         worked=lambda: f"Bid {int(toward()['expected score'].idxmax())}: the best bid played the same way was "
                        f"{best_bid(estimate())}, so the best bid stays the same.")
BANK.add("12.junior-same-bid", "Would Junior scoring pick the same bid for this hand?", choices=["yes", "no"],
         answer=lambda: "yes" if best_bid(estimate()) == best_bid(estimate(), "junior") else "no",
         hint="Junior pays one point per predicted trick and takes nothing away. Work out the expected points.",
         worked=lambda: [f"Classic: bid {best_bid(estimate())}; Junior: predict {best_bid(estimate(), 'junior')}.",
                         _classic_vs_junior()])
BANK.add("12.r9-classic", "R9, player 1 of 6: which bid does Classic scoring prefer?", shuffle=False, choices=[0, 1],
         answer=lambda: _best_r9("classic"),
         hint="In Classic, bid 1 is better as soon as p > 3/7 (notebook 10).",
         worked=lambda: f"Bid {_best_r9('classic')}: p = {_r9()} ≈ {float(_r9()):.3f} is more than "
                        f"{break_even('classic')}.")
BANK.add("12.r9-junior", "And scored the Junior way (a correct 0 or a correct 1 is worth 1 point)?", shuffle=False, choices=[0, 1],
         answer=_r9_junior_bid, hint="Both right predictions are worth the same, so predict what is more likely.",
         worked=lambda: f"Predict {_r9_junior_bid()}: p ≈ {float(_r9()):.3f} is less than 1/2. In Classic bid 1 "
                        "(p > 3/7); scored the Junior way, a correct 1 and a correct 0 are both worth 1 point, so "
                        "just pick the more likely one.")
BANK.add("12.biggest-spread",
         "A player far behind may gamble on the bid with the biggest spread. Which bid is that for the risky hand?",
         answer=_spread_bid, hint="Look at the 'spread' column of risky.bids(), or the longest bar in the chart.",
         worked=lambda: f"Bid {_spread_bid()}: its score jumps around the most, though its average is "
                        f"{float(expected_score(risky(), _spread_bid())):.1f} against "
                        f"{float(expected_score(risky(), best_bid(risky()))):.1f} for the best bid, {best_bid(risky())}.")
BANK.add("12.weak-hand", "One hand to try: J G2 B3 Y4 G5 (player 2, red trump). What is its best Classic bid?",
         answer=lambda: best_bid(estimate("J G2 B3 Y4 G5")), hint="Which of these cards could ever win a trick?",
         worked=lambda: ["Low cards and a Jester, no trump: bid 0.", estimate("J G2 B3 Y4 G5").bids()])
BANK.add("12.why-none", "Why is there no situation where Classic says bid 0 and Junior says predict 1?", choices=WHY_NONE,
         answer=lambda: WHY_NONE[0] if break_even("classic") < break_even("junior") else WHY_NONE[1],
         hint="From which chance p does each scoring say 1? Compare the two numbers.",
         worked=lambda: f"Classic says 1 from p > {break_even('classic')}, Junior from p > {break_even('junior')}: "
                        "whenever Junior says 1, Classic says 1 too.")
BANK.add("12.gamble-cost",
         "How many points per round would the gamble cost on average, compared with the best bid? (one decimal)",
         answer=lambda: expected_score(risky(), best_bid(risky())) - expected_score(risky(), _spread_bid()),
         tolerance=0.05, error=lambda: standard_error(
             risky(), lambda k: score_round(best_bid(risky()), k) - score_round(_spread_bid(), k)),
         hint="Best expected score minus the expected score of the bid with the biggest spread, from risky.bids().",
         worked=lambda: f"Best bid {best_bid(risky())}: {float(expected_score(risky(), best_bid(risky()))):.2f}; "
                        f"the gamble, bid {_spread_bid()}: {float(expected_score(risky(), _spread_bid())):.2f}.")


def _best_r9(rules: str) -> int:
    from ...simulate.odds import best_first_round_bid

    return best_first_round_bid("R9", 6, 0, "R5", rules=rules).bid


# -- follow-ups: a question of two options is a coin toss, so each asks why --------------------------------
WHY_MOST = ["only an exact bid earns the bonus, so the likeliest pays best",
            "the best bid is always the biggest number of tricks the hand can win",
            "every bid has the same expected score for this hand"]
BANK.why("12.best-is-most-likely", "Why, here?", WHY_MOST,
         answer=lambda: WHY_MOST[0] if best_bid(estimate()) == int(estimate().probabilities.argmax()) else WHY_MOST[1],
         hint="Which bids earn the 20-point bonus?")
WHY_SAME = ["the same bid has the best expected points in both scorings",
            "Junior never takes points away, so it always bids higher",
            "Junior scoring always predicts 0, to be on the safe side"]
BANK.why("12.junior-same-bid", "Why?", WHY_SAME,
         answer=lambda: WHY_SAME[0] if best_bid(estimate()) == best_bid(estimate(), "junior") else WHY_SAME[1],
         hint="Work out the expected points of each bid both ways.")
WHY_R9C = ["it wins more than 3/7 of the time, where bid 1 starts to pay",
           "R9 is the highest trump card left, so it always wins the trick",
           "in Classic a bid of 1 always beats a bid of 0, whatever the card"]
BANK.why("12.r9-classic", "Why?", WHY_R9C, answer=lambda: WHY_R9C[0] if _r9() > break_even("classic") else WHY_R9C[2],
         hint="Compare its chance to win with 3/7.")
WHY_R9J = ["it wins less than half the time, so a 0 comes true more often",
           "scored the Junior way, a prediction of 1 is not allowed in round 1",
           "a correct 0 scores more points than a correct 1 in Junior scoring"]
BANK.why("12.r9-junior", "Why?", WHY_R9J, answer=lambda: WHY_R9J[0] if _r9() < Fraction(1, 2) else WHY_R9J[2],
         hint="Both right predictions are worth 1 point. Which one comes true more often?")
