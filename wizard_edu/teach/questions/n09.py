"""Questions of notebook 09, "The chance of trump, and of Wizards"."""

from __future__ import annotations

from fractions import Fraction
from math import comb, sqrt
from typing import Any

from ...engine.cards import classic_deck
from ...simulate.odds import DEALER_CHOOSES, NO_TRUMP
from . import Bank

BANK = Bank("09-chance-of-trump-and-wizards")


def _trump_odds(players: int = 4, round_number: int = 1, rules: str = "classic") -> Any:
    from ...simulate.odds import trump_odds

    return trump_odds(players=players, round_number=round_number, rules=rules)


def _hand_odds(*args, **kwargs):
    from ...simulate.odds import hand_odds

    return hand_odds(*args, **kwargs)


def junior_odds():
    """The chances of each turned-up card in a Junior round 1 (4 players)."""
    return _trump_odds(4, 1, "junior")


def standard_error(p: float, n: int) -> float:
    """The standard error of a share measured on ``n`` deals when the chance is ``p``."""
    return sqrt(p * (1 - p) / n)


def wizards_table(max_cards: int = 15) -> Any:
    """The chance of 0, 1, 2, ... Wizards in hands of 1 to ``max_cards`` cards."""
    from ...simulate.odds import hand_odds_table

    return hand_odds_table("wizards", max_cards=max_cards)


def _more_likely_than_not() -> int:
    table = wizards_table()
    return int((1 - table[0] > 0.5).idxmax())


def small_comparison():
    """600 deals (seed 1) compared with the exact chances."""
    from ...simulate import compare_with_exact, trump_frequencies

    return compare_with_exact(_trump_odds(4, 1), trump_frequencies(600, players=4, round_number=1, seed=1))


def _deck_line() -> str:
    deck = classic_deck()
    wizards = sum(card.is_wizard for card in deck)
    return (f"{wizards} Wizards out of {len(deck)} cards: {wizards}/{len(deck)}, which is the same as "
            f"{Fraction(wizards, len(deck))}. Why the whole deck, when some cards are already in the players' "
            "hands? Nobody has looked yet: every card is equally likely to be the one on top of the pile. "
            "trump_odds counts every outcome at once:")


def _odds_table(players: int = 4, round_number: int = 1) -> Any:
    import pandas as pd

    odds = _trump_odds(players, round_number)
    return pd.DataFrame({"chance": [str(p) for p in odds.values()]}, index=[str(k) for k in odds])


def _trumps_check():
    from ...simulate import compare_with_exact, hand_frequencies

    return compare_with_exact(_hand_odds(5, "trumps", turned_up="R5"),
                              hand_frequencies(50_000, 5, "trumps", turned_up="R5", seed=2))


def _red_trump():
    odds = junior_odds()
    return odds["R"] + odds[DEALER_CHOOSES] / 4


BANK.add("09.wizard-turned-up",
         "What is the chance that the turned-up card is a Wizard? (a fraction like 1/2, a decimal or a %)",
         answer=lambda: _trump_odds()[DEALER_CHOOSES], hint="Chance = Wizards in the deck / cards in the deck.",
         worked=lambda: [_deck_line(), _odds_table()])
BANK.add("09.six-add-up", "What do all six chances add up to?", answer=lambda: sum(_trump_odds().values()),
         hint="Exactly one of the six things happens every time a card is turned up.",
         worked="They add up to 1: something always happens.")
BANK.add("09.six-players", "Do the round 1 chances change with 6 players instead of 4?", choices=["yes", "no"],
         answer=lambda: "no" if _trump_odds(6, 1) == _trump_odds(4, 1) else "yes",
         hint="Nobody has looked at any card yet. Which card is on top of the pile?",
         worked=lambda: ["No: the card turned up is any of the 60 cards, however many players there are. "
                         "With 6 players:", _odds_table(6, 1)])
BANK.add("09.last-round-no-trump", "What is the chance of no trump in round 15 with 4 players?",
         answer=lambda: _trump_odds(4, 15)[NO_TRUMP],
         hint="How many cards are dealt in round 15 with 4 players? Is any card left to turn up?",
         worked=lambda: [f"4 × 15 = {4 * 15}: every card is dealt, none is left to turn up, so there is no trump "
                         f"for sure: a chance of {_trump_odds(4, 15)[NO_TRUMP]}.", _odds_table(4, 15)])
BANK.add("09.junior-red-turned-up", "Wizard Junior: what is the chance that the turned-up card is red?",
         answer=lambda: junior_odds()["R"],
         hint="Count the red cards in the Junior deck, then divide by all 36 cards.",
         worked=lambda: f"8 red cards of 36: 8/36 = {junior_odds()['R']}.")
BANK.add("09.junior-red-trump",
         "The dealer chooses each colour equally often after a Wizard. What is the chance that red is trump?",
         answer=_red_trump,
         hint="Add two chances: a red card is turned up, or a Wizard is turned up and the dealer then chooses red "
              "(one colour in four).",
         worked=lambda: f"{junior_odds()['R']} for a red card turned up, plus {junior_odds()[DEALER_CHOOSES]} × 1/4 "
                        f"for a Wizard and the dealer's pick: {_red_trump()}. A real dealer does not pick at random "
                        "(they pick the colour they hold most of), so in a real game this is only a guide.")
BANK.add("09.standard-error-shrinks", "With 100 times more deals, the standard error gets smaller. How many times smaller?",
         answer=lambda: round(standard_error(1 / 15, 60_000) / standard_error(1 / 15, 6_000_000)),
         hint="The standard error is √(p(1−p)/n). What happens to √n when n is 100 times bigger?",
         worked="10 times: the standard error shrinks like 1/√n, and √100 = 10. In the picture below, "
                "100 times more trials make the band 10 times narrower.")
BANK.add("09.no-wizard-in-five", "5 cards in Classic: what is the chance of no Wizard at all? (a decimal like 0.25 is fine)",
         answer=lambda: _hand_odds(5, "wizards")[0], tolerance=0.005,
         hint="Count the hands with no Wizard (all 5 cards from the 56 others) and divide by all hands.",
         worked=lambda: ["Counting hands: there are comb(60, 5) different hands of 5 cards, and comb(56, 5) of "
                         "them have no Wizard (all 5 from the 56 other cards). (Mathematicians call this the "
                         "hypergeometric distribution.)",
                         f"comb(56, 5) / comb(60, 5) = {Fraction(comb(56, 5), comb(60, 5))}, about "
                         f"{float(Fraction(comb(56, 5), comb(60, 5))):.2f}. hand_odds counts this way for every "
                         "number of Wizards:", _hand_odds(5, "wizards")])
BANK.add("09.at-least-one-wizard", "What is the chance of at least one Wizard in 5 cards?",
         answer=lambda: 1 - _hand_odds(5, "wizards")[0],
         hint="At least one Wizard is everything except no Wizard.",
         worked=lambda: [f"1 − {_hand_odds(5, 'wizards')[0]} = {1 - _hand_odds(5, 'wizards')[0]}, about "
                         f"{float(1 - _hand_odds(5, 'wizards')[0]):.2f}. Here is the table for hands of 1 to 10 "
                         "cards (each row adds up to 1):", wizards_table(10)])
BANK.add("09.more-likely-than-not", "From how many cards on is it more likely than not that you hold a Wizard?",
         answer=_more_likely_than_not, hint="Find the first point of the chart above the middle line, 0.5.",
         worked=lambda: f"From {_more_likely_than_not()} cards on the chance of at least one Wizard is above 1/2.")
BANK.add("09.trumps-zero-or-one", "With 5 cards (R5 turned up), what is more likely?", choices=["0 trumps", "1 trump"],
         answer=lambda: "0 trumps" if _hand_odds(5, "trumps", turned_up="R5")[0] > _hand_odds(5, "trumps", turned_up="R5")[1]
         else "1 trump",
         hint="12 of the 59 hidden cards are red. On average, how many red cards does a hand of 5 get?",
         worked=lambda: ["The chance of each number of trumps in 5 cards, with 12 red cards among the 59 hidden:",
                         _hand_odds(5, "trumps", turned_up="R5"), "And the check by dealing 50,000 hands:",
                         _trumps_check()])
BANK.add("09.junior-both-wizards", "Junior, 8 cards: what is the chance of holding both Wizards?",
         answer=lambda: _hand_odds(8, "wizards", rules="junior")[2],
         hint='Run hand_odds(8, "wizards", rules="junior") in a new cell and read the line for 2 Wizards.',
         worked=lambda: f"{_hand_odds(8, 'wizards', rules='junior')[2]}, about "
                        f"{float(_hand_odds(8, 'wizards', rules='junior')[2]):.3f}.")
BANK.add("09.junior-frog-turned-up", "Junior: what is the chance that a Fool Frog is turned up?",
         answer=lambda: junior_odds()[NO_TRUMP], hint="How many Fool Frogs are in the 36 cards?",
         worked=lambda: f"2 Fool Frogs of 36 cards: {junior_odds()[NO_TRUMP]}. The same as a Wizard "
                        f"({junior_odds()[DEALER_CHOOSES]}), because there are 2 of each.")
BANK.add("09.farthest-600", "With 600 deals (seed=1), which outcome is farthest from its exact chance, in standard errors?",
         choices=lambda: list(small_comparison().index),
         answer=lambda: small_comparison()["errors apart"].abs().idxmax(),
         hint="Run compare_with_exact(trump_odds(4, 1), trump_frequencies(600, seed=1)) and read the last column.",
         worked=lambda: ["Every share is within about 2 standard errors (ordinary luck); the standard errors "
                         "themselves are 10 times bigger than with 60,000 deals.", small_comparison()])


# -- follow-ups: a question of two options is a coin toss, so each asks why --------------------------------
WHY_SIX = ["the turned-up card is any of the 60 cards either way",
           "with more players, more of the Wizards are dealt out before the turn-up",
           "6 players play with a smaller deck than 4 players"]
BANK.why("09.six-players", "Why?", WHY_SIX,
         answer=lambda: WHY_SIX[0] if _trump_odds(6, 1) == _trump_odds(4, 1) else WHY_SIX[1],
         hint="In round 1, which cards has anybody seen when the card is turned up?")
WHY_ONE = ["5 cards get about one red card on average (12 of 59)",
           "trumps are dealt out first, one card to each player in turn",
           "red cards are more common than the other colours in this round"]
BANK.why("09.trumps-zero-or-one", "Why?", WHY_ONE,
         answer=lambda: WHY_ONE[0] if 0.5 < 5 * 12 / 59 < 1.5 else WHY_ONE[2],
         hint="12 of the 59 hidden cards are red. How many of 5 cards is that, on average?")
