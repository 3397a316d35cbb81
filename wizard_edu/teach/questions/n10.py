"""Questions of notebook 10, "The one-card round"."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...engine.cards import Card
from ...engine.rules import score_round
from ...engine.rules.rulesets import get_ruleset
from . import Bank

BANK = Bank("10-the-one-card-round")
UP = "R5"


def _p(card: str, players: int, seat: int, turned_up: str = UP) -> Fraction:
    from ...simulate.odds import one_card_win_probability

    return one_card_win_probability(card, players, seat, turned_up)


def _best(card: Any, players: int, seat: int, turned_up: str = UP, rules: str = "classic") -> Any:
    from ...simulate.odds import best_first_round_bid

    return best_first_round_bid(card, players=players, seat=seat, turned_up=turned_up, rules=rules)


def _rows(turned_up: str) -> Any:
    from ...simulate.odds import round_one_rows

    return round_one_rows(turned_up)


def break_even(rules: str) -> Fraction:
    """The chance p at which bid 1 and bid 0 have the same expected score (from the scoring rules)."""
    win1, lose1 = score_round(1, 1, rules), score_round(1, 0, rules)
    win0, lose0 = score_round(0, 1, rules), score_round(0, 0, rules)
    return Fraction(lose0 - lose1, (win1 - lose1) + (lose0 - win0))


def lowest_trump_worth_1(players: int) -> Card:
    """The lowest red card (R5 turned up, red trump) worth a bid of 1 for player 1."""
    worth = [card for _, card in _rows(UP) if card.colour == "R" and _best(card, players, 0).bid == 1]
    return min(worth, key=lambda card: card.rank)


def lowest_number_worth_1(players: int, seat: int, turned_up: str) -> int:
    ranks = [card.rank for _, card in _rows(turned_up) if card.rank and _best(card, players, seat, turned_up).bid == 1]
    return min(ranks)


def dealer_worth() -> list[Card]:
    """The cards worth a bid of 1 for the dealer (player 4 of 4) when a Jester is turned up."""
    return [card for _, card in _rows("J") if _best(card, 4, 3, "J").bid == 1]


def _by_player(card: str, players: int = 4) -> str:
    return ", ".join(f"player {seat + 1}: {_p(card, players, seat)} ≈ {float(_p(card, players, seat)):.3f}"
                     for seat in range(players))


def _three_and_six():
    import pandas as pd

    from ...simulate.odds import round_one_table

    three, six = round_one_table(3, UP), round_one_table(6, UP)
    return pd.DataFrame({"3 players, player 1": three["player 1 (leads)"], "6 players, player 1": six["player 1 (leads)"],
                         "3 players, dealer": three["player 3 (deals)"],
                         "6 players, dealer": six["player 6 (deals)"]}).head(8).round(3)


WORSE = ["every card except a Wizard played first", "only the low cards: high cards stay as good",
         "no card: each card wins as often as before"]


def _worse_answer() -> str:
    from ...simulate.odds import round_one_table

    lead3, lead6 = round_one_table(3, UP)["player 1 (leads)"], round_one_table(6, UP)["player 1 (leads)"]
    worse = set(lead3.index[lead6 < lead3])
    if worse == set(lead3.index) - {"Wizard"}:
        return WORSE[0]
    return WORSE[2] if not worse else WORSE[1]


def _bids_line(card: str, turned_up: str = UP, rules: str = "classic") -> str:
    best = _best(card, 4, 0, turned_up, rules)
    scores = best.expected_scores
    if get_ruleset(rules).scoring == "junior":  # Junior predicts, and scores points
        return (f"Chance to win: {best.win_probability} ≈ {float(best.win_probability):.2f}. Expected points "
                f"for predicting 0: {float(scores[0]):.2f}; for predicting 1: {float(scores[1]):.2f}. "
                f"Best: predict {best.bid}.")
    return (f"Chance to win: {best.win_probability} ≈ {float(best.win_probability):.2f}. Expected score of bid 0: "
            f"{float(scores[0]):.1f}; of bid 1: {float(scores[1]):.1f}. Best: bid {best.bid}.")


WHY_JESTER = ["a Jester wins only a trick of all Jesters, and there are 4 Jesters",
              "with 5 players, one of the four Jesters is taken out of the deck first",
              "with 5 players or more, a Jester must follow the colour that was led"]

BANK.add("10.wizard-first", "4 players, R5 turned up. You hold a Wizard and play first. What is your chance of winning?",
         answer=lambda: _p("W", 4, 0), hint="Which card wins a trick when a Wizard is played first?",
         worked="The first Wizard played always wins, and you play first. So: 1, a sure thing.")
BANK.add("10.wizard-last", "You are the dealer and play last. Can you lose with a Wizard?", choices=["yes", "no"],
         answer=lambda: "yes" if _p("W", 4, 3) < 1 else "no",
         hint="There are 4 Wizards in the deck. Who wins when two Wizards are played?",
         worked=lambda: f"Yes: you lose if one of the three players before you also holds a Wizard (there are 3 "
                        f"more among the 58 cards you cannot see). Your chance is {_p('W', 4, 3)} ≈ "
                        f"{float(_p('W', 4, 3)):.3f}. By player: {_by_player('W')}.")
BANK.add("10.r13-seat", "Red is trump. Does it matter where you sit if you hold R13?", choices=["yes", "no"],
         answer=lambda: "no" if len({_p("R13", 4, seat) for seat in range(4)}) == 1 else "yes",
         hint="Which cards can beat the highest trump? Does their place in the trick matter?",
         worked=lambda: f"No! R13 loses only to a Wizard, and a Wizard wins wherever it is played. "
                        f"{_by_player('R13')}. The same is true of every trump: it loses only to a Wizard or a "
                        f"higher trump, wherever they are played (R3: {_by_player('R3')}).")
BANK.add("10.g13-first-or-last", "G13, red is trump. Is it better to play first or last?", choices=["first", "last"],
         answer=lambda: "first" if _p("G13", 4, 0) > _p("G13", 4, 3) else "last",
         hint="If you play last, which colour has probably been led already?",
         worked=lambda: f"Playing first is much better ({_by_player('G13')}). If you lead G13, green is the colour "
                        "to follow: it wins unless someone has a Wizard or a trump. If you play last, someone before "
                        "you has probably already led another colour, and then your green card cannot win at all.")
BANK.add("10.worse-with-six", "Player 1 (who leads): which cards are worse with 6 players than with 3?", choices=WORSE,
         answer=_worse_answer,
         hint="More players hold more cards that might beat yours. Can anything beat a Wizard played first?",
         worked=lambda: ["More players means more cards that might beat yours: every card gets worse, except a "
                         "Wizard played first (by player 1).", _three_and_six()])
BANK.add("10.g13-bid", "G13, player 1 of 4, red is trump: bid 0 or bid 1?", shuffle=False, choices=[0, 1],
         answer=lambda: _best("G13", 4, 0).bid,
         hint="Work out 30·p − 10·(1 − p) for bid 1 and −10·p + 20·(1 − p) for bid 0 with p = 0.37.",
         worked=lambda: _bids_line("G13"))
BANK.add("10.r3-bid", "R3, player 1 of 4, red is trump: bid 0 or bid 1?", shuffle=False, choices=[0, 1],
         answer=lambda: _best("R3", 4, 0).bid,
         hint="Work out both expected scores with p = 0.46. Winning a bid of 1 gives 30, not 20.",
         worked=lambda: _bids_line("R3") + " Bid 1 is better, even though you win less than half the time! Why? "
                        "Solve 30·p − 10·(1 − p) > −10·p + 20·(1 − p): that is 70·p > 30, so bid 1 is better as soon "
                        f"as p > {break_even('classic')} ≈ {float(break_even('classic')):.2f}.")
BANK.add("10.junior-break-even", "Junior: from what chance p on is predicting 1 better than predicting 0?",
         answer=lambda: break_even("junior"),
         hint="A right prediction scores 1 point, 0 or 1 alike. Predict 1 when winning is more likely than losing.",
         worked=lambda: f"In Junior it is simply: predict 1 when you win more often than you lose, p > "
                        f"{break_even('junior')}. In Classic you should dare a bid of 1 a little earlier, from p > "
                        f"{break_even('classic')}. For example Y6, player 1 of 4, yellow trump: "
                        + _bids_line("Y6", "Y3", "junior"))
BANK.add("10.lowest-trump-3", "R5 turned up, player 1 of 3: the lowest trump worth a bid of 1?",
         answer=lambda: lowest_trump_worth_1(3),
         hint='Try best_first_round_bid("R2", players=3, seat=0, turned_up="R5") and other red cards.',
         worked=lambda: f"{lowest_trump_worth_1(3)} with 3 players; with 6 players it takes {lowest_trump_worth_1(6)}.")
BANK.add("10.lowest-trump-6", "And with 6 players?", answer=lambda: lowest_trump_worth_1(6),
         hint="With more players, a trump needs to be higher: more players may hold a higher trump or a Wizard.",
         worked=lambda: f"{lowest_trump_worth_1(6)}: more players may hold a higher trump or a Wizard.")
BANK.add("10.jester-lowest-number",
         "A Jester is turned up (no trump), player 1 of 4: from which number on is a card worth a bid of 1?",
         answer=lambda: lowest_number_worth_1(4, 0, "J"), hint='Look at round_one_table(4, "J") and the 3/7 line.',
         worked=lambda: f"From {lowest_number_worth_1(4, 0, 'J')} on: leading with no trump, your colour is the "
                        "one to follow, so only a Wizard or a higher card of your colour beats you.")
BANK.add("10.dealer-worth", "And for the dealer, who plays last: which one card is worth a bid of 1? Type it.",
         answer=lambda: dealer_worth()[0] if len(dealer_worth()) == 1 else dealer_worth(),
         hint="Playing last with no trump, a number card wins only if it has the colour led. Which card wins anyway?",
         worked=lambda: f"Only the Wizard ({' '.join(map(str, dealer_worth()))}): playing last, a number card "
                        "almost never has the colour led.")
BANK.add("10.why-jester", "Why can a Jester win with 4 players but never with 5?", choices=WHY_JESTER,
         answer=lambda: WHY_JESTER[0] if _p("J", 4, 0) > 0 == _p("J", 5, 0) else WHY_JESTER[1],
         hint="When does a Jester win at all?",
         worked=lambda: f"A Jester wins only a trick of Jesters (the first one); 4 Jesters are enough for 4 "
                        f"players, not 5. Chances: {_p('J', 4, 0)} with 4 players, {_p('J', 5, 0)} with 5.")


# -- follow-ups: a question of two options is a coin toss, so each asks why --------------------------------
WHY_LAST = ["a player before you may play a Wizard, and the first Wizard wins",
            "the dealer's Wizard counts only as a Jester when it is played last",
            "a high trump played earlier in the trick beats a Wizard played last"]
BANK.why("10.wizard-last", "Why?", WHY_LAST, answer=lambda: WHY_LAST[0] if _p("W", 4, 3) < 1 else WHY_LAST[1],
         hint="There are 4 Wizards. Who wins when two Wizards are played?")
WHY_SEAT = ["only a Wizard beats R13, and a Wizard wins from any seat",
            "R13 is always led first, whoever holds it",
            "every seat sees the same cards before it has to play"]
BANK.why("10.r13-seat", "Why?", WHY_SEAT,
         answer=lambda: WHY_SEAT[0] if len({_p("R13", 4, seat) for seat in range(4)}) == 1 else WHY_SEAT[2],
         hint="Which cards can beat the highest trump?")
WHY_FIRST = ["led first, green is the colour to follow, so G13 can win",
             "the first card played always wins the trick",
             "playing last shows the other players your green card too early"]
BANK.why("10.g13-first-or-last", "Why?", WHY_FIRST,
         answer=lambda: WHY_FIRST[0] if _p("G13", 4, 0) > _p("G13", 4, 3) else WHY_FIRST[2],
         hint="If you play last, which colour has probably been led already?")



def _bid_reason(card: str) -> str:
    """The right "why" of a bid-0-or-1 question: the chance to win, and which bid it favours."""
    best = _best(card, 4, 0)
    p = float(best.win_probability)
    return (f"it wins {p:.2f} of the time, and a bid of 1 made scores 30" if best.bid == 1 else
            f"it wins only {p:.2f} of the time: bid 0 scores more on average")


BANK.why("10.g13-bid", "Why?", lambda: [_bid_reason("G13"), "G13 is not a trump, so it can never win a trick in this round",
                                        "a bid of 0 always scores more than a bid of 1"],
         answer=lambda: _bid_reason("G13"), hint="Work out both expected scores with its chance to win.")
BANK.why("10.r3-bid", "Why?", lambda: [_bid_reason("R3"), "R3 is a trump, so it wins every single time it is played",
                                       "a bid of 1 always scores more than a bid of 0"],
         answer=lambda: _bid_reason("R3"), hint="Work out both expected scores with its chance to win.")
