"""Questions of notebook 02, "Trump" (Wizard Junior)."""

from __future__ import annotations

import functools
from fractions import Fraction
from typing import Any

from IPython.display import HTML

from ...engine.cards import COLOUR_NAMES
from ...engine.game import Game
from ...engine.rules import DEALER_CHOOSES, trump_from_card
from ...players import make_player
from ...simulate.odds import NO_TRUMP, trump_odds
from . import Bank

BANK = Bank("02-trump", rules="junior")
CHOICES = ["red", "green", "blue", "yellow", "no trump", "the dealer chooses"]
#: How many deals the notebook counts.
DEALS = 1000


def trump_word(turned_up: Any) -> str:
    """What a turned-up card means, in one of the CHOICES words (from the rules)."""
    trump = trump_from_card(turned_up, rules="junior")
    if trump is None:
        return "no trump"
    if trump == DEALER_CHOOSES:
        return "the dealer chooses"
    return COLOUR_NAMES[trump]


def odds() -> dict:
    """The exact chances of each turned-up card in round 1 with 4 players (cards are left)."""
    return trump_odds(4, round_number=1, rules="junior")


def deal_round_one(seed: int) -> Game:
    """Deal round 1 for 4 players; a computer dealer picks a colour when a Wizard shows."""
    game = Game(players=4, rules="junior", seed=seed)
    if game.phase == "trump":
        game.apply(make_player("rule-of-thumb", seed=seed).act(game.view(game.dealer)))
    return game


@functools.cache
def count_deals(how_many: int = DEALS) -> dict[str, int]:
    """Deal round 1 many times (seeds 0, 1, 2, ...) and count what was turned up."""
    counts = {"Fool Frog turned up": 0, "Wizard turned up": 0, "red card turned up": 0, "red is trump": 0}
    for seed in range(how_many):
        game = deal_round_one(seed)
        card = game.trump_card
        assert card is not None   # round 1: cards are left, one is turned up
        counts["Fool Frog turned up"] += card.is_jester
        counts["Wizard turned up"] += card.is_wizard
        counts["red card turned up"] += card.colour == "R"
        counts["red is trump"] += game.trump == "R"
    return dict(counts)


def counts_table() -> HTML:
    rows = "".join(f"<tr><td>{what}</td><td>{n}</td></tr>" for what, n in count_deals().items())
    return HTML(f"<table><tr><th>In {DEALS} deals</th><th>times</th></tr>{rows}</table>")


def closest(choices: Any, value: Any) -> Any:
    """The choice nearest to value (for 'about how many' questions)."""
    return min(choices, key=lambda choice: abs(choice - value))


def _meaning(card: Any) -> str:
    from ...widgets import trump_meaning

    return trump_meaning(card)


def _deal(players: int, round: int, seed: int) -> Any:
    from ...widgets import DealWidget

    return DealWidget(players=players, round=round, seed=seed)


def _in_36(what: str) -> Fraction:
    """How many times in 36 deals, on average ("about": the questions accept 1 either side)."""
    return 36 * odds()[what]


def _red_answer() -> str:
    counts = count_deals()
    more, same = counts["red is trump"] > counts["red card turned up"], counts["red is trump"] == counts["red card turned up"]
    return "more often" if more else "just as often" if same else "less often"


FROG_CHOICES = [6, 56, 111, 500]

BANK.add("02.red-5", "A red 5 is turned up. What is trump?", answer=lambda: trump_word("R5"), choices=CHOICES,
         hint="Look at the colour of the card, not at its number.",
         worked=lambda: [_meaning("R5"), "The colour of the turned-up card is trump. The number on it does not matter."])
BANK.add("02.fool-frog", "A Fool Frog is turned up. What is trump?", answer=lambda: trump_word("F"),
         choices=CHOICES, hint="A Fool Frog has no colour, and the weakest card cannot help anyone.",
         worked=lambda: [_meaning("F"), "No trump at all this round! Then only the colour that is played first "
                                        "in a trick matters."])
BANK.add("02.wizard", "A Wizard is turned up. What is trump?", answer=lambda: trump_word("W"), choices=CHOICES,
         hint="The strongest card is a lucky card for the player who turned it up.",
         worked=lambda: [_meaning("W"), "The dealer looks at their own cards. Then they pick the trump colour. "
                                        "Clever dealers pick the colour they have most of. Here is a deal where a "
                                        "Wizard is turned up:", _deal(4, 3, 25)])
BANK.add("02.no-card-left", "6 players, round 6: no card is left to turn up. What is trump?",
         answer=lambda: trump_word(None), choices=CHOICES,
         hint="Nothing is turned up, so nothing can show a colour.",
         worked=lambda: [_meaning(None), _deal(6, 6, 0)])
BANK.add("02.frogs-in-36", "You deal 36 times. About how many times is a Fool Frog turned up?",
         answer=lambda: _in_36(NO_TRUMP), tolerance=1, out_of=36,
         hint="Each of the 36 cards is just as likely to be turned up. How many of them are Fool Frogs?",
         worked=lambda: f"2 of the 36 cards are Fool Frogs, so about {_in_36(NO_TRUMP)} times in 36 deals.")
BANK.add("02.reds-in-36", "You deal 36 times. About how many times is a red card turned up?",
         answer=lambda: _in_36("R"), tolerance=1, out_of=36,
         hint="Count the red cards: red 1 to red 8.",
         worked=lambda: f"8 of the 36 cards are red, so about {_in_36('R')} times in 36 deals.")
BANK.add("02.red-trump-more", "Is red trump more often, less often or just as often as a red card is turned up?",
         answer=_red_answer, choices=["more often", "less often", "just as often"],
         hint="Red is trump every time a red card shows. When else can red be trump?",
         worked=lambda: "Red is trump every time a red card shows. It is also trump when a Wizard shows and the "
                        "dealer chooses red.")
BANK.add("02.frogs-in-1000", "About how many Fool Frogs are turned up in 1000 deals?",
         answer=lambda: closest(FROG_CHOICES, DEALS * odds()[NO_TRUMP]), choices=FROG_CHOICES, shuffle=False,
         hint="About 2 Fool Frogs in every 36 deals. 1000 deals are about 28 lots of 36 deals.",
         worked=lambda: ["Here is what the computer counted:", counts_table(),
                         "The count is near what we expect. Chance wobbles a little, so it is not exactly that. "
                         "Compare the Wizards with the Fool Frogs, and \"red card turned up\" with \"red is trump\"."])
BANK.add("02.chance-fool-frog", "What is the chance that a Fool Frog is turned up? (a fraction)",
         answer=lambda: odds()[NO_TRUMP],
         hint="2 of the 36 cards are Fool Frogs: that is 2 out of 36. Type it as 2/36, or make it smaller.",
         worked=lambda: f"2/36 is the same as {odds()[NO_TRUMP]}: about once every "
                        f"{Fraction(1) / odds()[NO_TRUMP]} rounds.")
BANK.add("02.chance-red", "What is the chance that a red card is turned up? (a fraction)",
         answer=lambda: odds()["R"],
         hint="Count the red cards (red 1 to red 8) and put that number over 36.",
         worked=lambda: [f"8/36 is the same as {odds()['R']}.",
                         f"A Fool Frog is turned up: {odds()[NO_TRUMP]}. A Wizard is turned up: "
                         f"{odds()[DEALER_CHOOSES]}. A red card is turned up: {odds()['R']}. Red turned up, or a "
                         f"Wizard turned up and the dealer chooses red every time: "
                         f"{odds()['R'] + odds()[DEALER_CHOOSES]}."])


# -- two paths: a support question (one step at a time) and a challenge (for quick finishers) ---------
def times_more_likely(first: int, second: int) -> Fraction:
    """How many times more likely one kind of turned-up card is than another: count the cards."""
    return Fraction(first, second)


def _count(kind: str) -> int:
    from ...engine.cards import junior_deck

    deck = junior_deck()
    if kind == "frog":
        return sum(1 for c in deck if c.is_jester)
    return sum(1 for c in deck if c.is_number and c.colour == kind)


BANK.add("02.support-green-3", "Step by step: the turned-up card is a green 3. Is it a number card? "
                                "Then what is trump?",
         answer=lambda: trump_word("G3"), choices=CHOICES,
         hint="A number card's colour is trump. Which colour is the 3?",
         worked=lambda: "The green 3 is a number card, so its colour is trump: green.")
BANK.add("02.challenge-yellow-or-frog", "How many times more likely is it that a yellow card is turned up "
                                         "than a Fool Frog?",
         answer=lambda: times_more_likely(_count("Y"), _count("frog")),
         hint="Every card is just as likely to be turned up. Count the yellow cards, and the Fool Frogs.",
         worked=lambda: f"{_count('Y')} yellow cards against {_count('frog')} Fool Frogs: "
                        f"{times_more_likely(_count('Y'), _count('frog'))} times as likely.")
