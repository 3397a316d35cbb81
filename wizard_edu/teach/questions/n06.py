"""Questions of notebook 06, "From Wizard Junior to Classic Wizard"."""

from __future__ import annotations

from collections import Counter
from typing import Any

from IPython.display import HTML

from ...display import cards_html
from ...display.themes import get_theme
from ...engine.cards import cards, classic_deck, junior_deck
from ...engine.rules import explain_trick, round_sizes, score_round
from . import Bank

BANK = Bank("06-from-junior-to-classic")
REDS = "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13"
#: Paul, Thomas and Marie's first three hands (US Games rulebook example): {hand: {name: (bid, tricks)}}.
US_GAMES = {
    1: {"Paul": (0, 0), "Thomas": (1, 0), "Marie": (1, 1)},
    2: {"Paul": (2, 1), "Thomas": (0, 0), "Marie": (0, 1)},
    3: {"Paul": (0, 1), "Thomas": (2, 2), "Marie": (1, 0)},
}
#: Thomas, Ute and Kevin's two rounds (AMIGO rulebook example).
AMIGO = {
    1: {"Thomas": (0, 0), "Ute": (1, 0), "Kevin": (1, 1)},
    2: {"Thomas": (2, 1), "Ute": (0, 0), "Kevin": (0, 1)},
}
PATTERNS = ["only where the bid is exactly right", "only where the bid is wrong", "every square, right or wrong"]
QUIZ_SEED = 6


def pad(hands: Any) -> Any:
    from ...widgets.quiz import paper_pad

    return paper_pad(hands)


def us_totals() -> Any:
    return pad(US_GAMES).xs("total", axis=1, level=1).iloc[-1]


def scores_table(size: int = 5) -> Any:
    """Bids down the side, tricks won across the top: the Classic score of each."""
    import pandas as pd

    table = pd.DataFrame({won: [score_round(bid, won) for bid in range(size)] for won in range(size)})
    table.index.name, table.columns.name = "bid", "won"
    return table


def _pattern() -> str:
    positive = {(bid, won) for bid in range(5) for won in range(5) if score_round(bid, won) > 0}
    return PATTERNS[0] if positive == {(b, b) for b in range(5)} else PATTERNS[2]


def rounds_table() -> HTML:
    rows = "".join(f"<tr><td>{n} players</td><td>{len(classic_deck())} ÷ {n} = {len(round_sizes(n))} rounds</td></tr>"
                   for n in range(3, 7))
    return HTML(f"<table>{rows}</table>")


def _quiz() -> tuple[str, int, str]:
    from ...widgets.quiz import first_quiz_question

    return first_quiz_question(QUIZ_SEED)


BANK.add("06.deck-size", "How many cards does the Classic deck have?", answer=lambda: len(classic_deck()),
         hint="Each colour goes up to 13 instead of 8, and there are 4 Wizards and 4 Jesters.",
         worked=lambda: f"The Junior deck has {len(junior_deck())} cards; the Classic deck has {len(classic_deck())}.")
BANK.add("06.number-cards", "How many number cards (not Wizards, not Jesters) does the Classic deck have?",
         answer=lambda: sum(card.kind == "number" for card in classic_deck()),
         hint="Four colours, each from 1 to 13.",
         worked=lambda: "In the Classic deck: " + ", ".join(
             f"{n} {kind} cards" for kind, n in sorted(Counter(card.kind for card in classic_deck()).items())) + ".")
BANK.add("06.us-r10", "What does the US Games deck print on R10?",
         choices=lambda: [get_theme("us").rank_label(r) for r in (9, 10, 11, 12)],
         answer=lambda: get_theme("us").rank_label(10),
         hint="R1 is the 2, so R9 is the 10. What comes after 10 in playing cards?",
         worked=lambda: [HTML(cards_html(cards(REDS), theme="us")),
                         f"R10 is the red {get_theme('us').rank_label(10)} (Jack)."])
BANK.add("06.four-jesters", "Four players each play a Jester. Click the Jester that wins the trick.", cards="J J J J",
         answer=lambda: explain_trick("J J J J").winner,
         hint="A Jester always loses, except when every card in the trick is a Jester.",
         worked=lambda: [explain_trick("J J J J").reason, "The first Jester wins."])
BANK.add("06.rounds-4-players", "How many rounds do 4 players play in Classic Wizard?",
         answer=lambda: len(round_sizes(4)),
         hint="Each round deals one more card to each player, until all 60 cards are dealt.",
         worked=lambda: [f"{len(classic_deck())} cards ÷ 4 players = {len(round_sizes(4))} rounds. For every "
                         "table size:", rounds_table()])
BANK.add("06.bid-2-win-2", "You bid 2 and win 2. How many points?", answer=lambda: score_round(2, 2),
         hint="20 for making the bid, plus 10 for each trick you won.",
         worked=lambda: f"20 + 10 × 2 = {score_round(2, 2)}.")
BANK.add("06.bid-2-win-3", "You bid 2 and win 3. How many points?", answer=lambda: score_round(2, 3),
         hint="You missed your bid by 1 trick: a missed bid loses 10 for each trick off.",
         worked=lambda: f"One trick too many costs 10 points: {score_round(2, 3)}.")
BANK.add("06.bid-0-win-0", "You bid 0 and win no tricks. How many points?", answer=lambda: score_round(0, 0),
         hint="A bid of 0 that you make is still a bid made exactly.",
         worked=lambda: f"A correct zero still earns the 20-point bonus: {score_round(0, 0)}.")
BANK.add("06.positive-scores",
         "Bids 0 to 4 and tricks won 0 to 4: which of all these scores are positive?",
         choices=PATTERNS, answer=_pattern,
         hint="Work out a few: bid 1, won 1; bid 1, won 2; bid 2, won 0.",
         worked=lambda: [scores_table(), "Only the squares where the bid is exactly right are positive "
                                         "(20, 30, 40, ...); every trick too many or too few costs 10."])
BANK.add("06.us-leader", "Who leads after round 3?", choices=lambda: list(us_totals().index),
         answer=lambda: us_totals().idxmax(),
         hint="Score every round: 20 + 10 per trick when the bid is exact, -10 per trick off otherwise.",
         # not the points: the next question asks for them
         worked=lambda: f"{us_totals().idxmax()} leads after round 3, even after a -10 in round 1.")
BANK.add("06.us-leader-points", "And with how many points?", answer=lambda: int(us_totals().max()),
         hint="Add up the leader's three rounds.",
         worked=lambda: [pad(US_GAMES), f"{us_totals().idxmax()} leads with {int(us_totals().max())}, after a -10 "
                                        "in round 1. One good round can make up for a bad one."])
BANK.add("06.amigo-thomas", "What is Thomas's total after round 2?",
         answer=lambda: int(pad(AMIGO)[("Thomas", "total")].iloc[-1]),
         hint="Round 1: a bid of 0 made. Round 2: a bid of 2 missed by 1 trick.",
         worked=lambda: [pad(AMIGO), f"{score_round(0, 0)} − 10 = {int(pad(AMIGO)[('Thomas', 'total')].iloc[-1])} "
                                     "points for Thomas. On a paper pad you add each round's points to the total "
                                     "straight away, exactly like the total column."])
BANK.add("06.quiz-in-code", lambda: _quiz()[0], answer=lambda: _quiz()[1],
         hint="Exact bid: 20 + 10 per trick. Missed bid: -10 for each trick off.",
         worked=lambda: _quiz()[2])
