"""Questions of notebook 01, "Meet the cards" (Wizard Junior)."""

from __future__ import annotations

from typing import Any

from IPython.display import HTML

from ...engine.cards import cards, junior_deck
from ...engine.game import Game
from ...engine.rules import round_sizes
from . import Bank

BANK = Bank("01-meet-the-cards", rules="junior")
NAMES = ["Anna", "Ben", "Cleo"]


def number_cards(some_cards: Any) -> Any:
    """The number cards among some cards."""
    return cards(card for card in some_cards if card.is_number)


def wizards(some_cards: Any) -> Any:
    return cards(card for card in some_cards if card.is_wizard)


def frogs(some_cards: Any) -> Any:
    return cards(card for card in some_cards if card.is_jester)


def rounds_in_a_game(players: int) -> int:
    """How many rounds a Wizard Junior game has: the round tiles the rules lay out for that many players."""
    return len(round_sizes(players, rules="junior"))


def rounds_table() -> HTML:
    """The round tiles for every table size, and the cards the last round needs."""
    rows = "".join(f"<tr><td>{n} players</td><td>tiles 1 to {rounds_in_a_game(n)}: {rounds_in_a_game(n)} rounds</td>"
                   f"<td>last round: {n} × {rounds_in_a_game(n)} = {n * rounds_in_a_game(n)} cards</td></tr>"
                   for n in (3, 4, 5, 6))
    return HTML(f"<table>{rows}</table>")


def start_of_round_one() -> tuple[str, str, str, Game]:
    """Anna (the oldest) deals round 1: who deals, who predicts first, who plays first, and the game."""
    game = Game(players=3, rules="junior", seed=1, names=NAMES, first_dealer=0)
    first_to_predict = NAMES[game.to_move or 0]
    for _ in range(3):
        game.bid(0)
    return NAMES[game.dealer], first_to_predict, NAMES[game.to_move or 0], game


def dealer_of_round_two() -> str:
    *_, game = start_of_round_one()
    while game.round_number == 1:
        game.apply(game.legal_actions()[0])
    return NAMES[game.dealer]


def round_one_story() -> str:
    dealer, first_to_predict, first_to_play, _ = start_of_round_one()
    return (f"Round 1: {dealer} deals, then turns up the trump card. {first_to_predict} sits on {dealer}'s left, "
            f"so {first_to_predict} predicts first and {first_to_play} plays the first card.")


def round_two_story() -> str:
    return f"The deal moves one seat to the left: {dealer_of_round_two()} deals round 2."


def _deal(players: int, round: int, seed: int) -> Any:
    """The dealing machine at a round: only for a worked answer (answers use the game, no widget)."""
    from ...widgets import DealWidget

    return DealWidget(players=players, round=round, seed=seed)


def _game(players: int, round: int, seed: int) -> Any:
    from ...widgets.common import game_at_round

    return game_at_round(round, players, "junior", seed)


def _total_line() -> str:
    deck = junior_deck()
    n, w, f = len(number_cards(deck)), len(wizards(deck)), len(frogs(deck))
    return f"{n} + {w} + {f} = {n + w + f}, and the deck has {len(deck)} cards."


BANK.add("01.deck-size", "How many cards are in a Wizard Junior deck?", answer=lambda: len(junior_deck()),
         hint="Work it out: 4 colours with 8 numbers each, plus 2 Wizards and 2 Fool Frogs.",
         worked=lambda: ["Here they all are:", junior_deck()])
BANK.add("01.number-cards", "How many number cards are there?", answer=lambda: len(number_cards(junior_deck())),
         hint="4 colours, and each colour has the numbers 1 to 8: that is 8 + 8 + 8 + 8.",
         worked=lambda: f"4 × 8 = {len(number_cards(junior_deck()))} number cards.")
BANK.add("01.whole-deck", "Do the number cards, the Wizards and the Fool Frogs make the whole deck?",
         answer=lambda: "yes" if (len(number_cards(junior_deck())) + len(wizards(junior_deck()))
                                  + len(frogs(junior_deck()))) == len(junior_deck()) else "no",
         choices=["yes", "no"], hint="Add them up: 32 + 2 + 2. Is that the number of cards in the deck?",
         worked=_total_line)
BANK.add("01.rounds-5-players", "With 5 players, how many round tiles do you lay out?",
         answer=lambda: rounds_in_a_game(5),
         hint="In round 8 every player needs 8 cards: 5 × 8 = 40. That is more than 36 cards. What about 5 × 7?",
         worked=lambda: ["The rules say which round tiles to lay out. Each tile is one round:", rounds_table(),
                         "With 3 players the cards would last longer, but the box has only 8 tiles."])
BANK.add("01.first-to-play", "Anna deals round 1. Who plays the first card?",
         answer=lambda: start_of_round_one()[2], choices=NAMES,
         hint="The dealer does not start. Look at who sits on the dealer's left.", worked=round_one_story)
BANK.add("01.dealer-round-2", "Anna dealt round 1. Who deals round 2?", answer=dealer_of_round_two, choices=NAMES,
         hint="The deal moves one seat to the left every round.", worked=round_two_story)
BANK.add("01.dealt-round-3", "Round 3, 4 players: how many cards are dealt?",
         answer=lambda: 4 * round_sizes(4, rules="junior")[2],
         hint="Everybody gets 3 cards, and there are 4 players.",
         worked=lambda: f"4 players × 3 cards = {4 * round_sizes(4, rules='junior')[2]} cards.")


def _pile_after_round_3():
    return len(_game(4, 3, 2).stock) - 1


BANK.add("01.pile-round-3",
         "Round 3, 4 players: one card is turned up. How many cards stay face down in the pile under it?",
         answer=_pile_after_round_3,
         hint="Start with 36 cards. Take away the cards dealt. Then take away the one turned-up card.",
         worked=lambda: [f"{len(junior_deck())} − 12 = {len(junior_deck()) - 12} cards are left after dealing. "
                         f"One of them is turned up, so {_pile_after_round_3()} stay face down.",
                         _deal(4, 3, 2)])
BANK.add("01.card-left-6-players", "6 players, round 6: is a card left to turn up?",
         answer=lambda: "no" if _game(6, 6, 2).trump_card is None else "yes", choices=["yes", "no"],
         hint="6 players × 6 cards: how many cards is that? How many cards has the deck?",
         worked=lambda: [f"6 × 6 = {6 * 6}: every card is dealt, so nothing is left to turn up, and there "
                         "is no trump.", _deal(6, 6, 2).summary()])


# -- follow-ups: a yes/no question is a coin toss, so each asks why ------------------------------------
WHY_WHOLE = ["32 + 2 + 2 = 36, the number of cards in the deck", "the deck also has a few blank cards that are not counted here",
             "some of the number cards are counted twice in the 32 number cards"]
BANK.why("01.whole-deck", "Why?", WHY_WHOLE, answer=lambda: WHY_WHOLE[0] if _whole() else WHY_WHOLE[2],
         hint="Add the three numbers. Then count the whole deck.")
WHY_LEFT = ["6 × 6 = 36 cards are dealt: that is every card", "in round 6 the dealer keeps the top card for the trump",
            "with 6 players the Fool Frogs are put away first"]
BANK.why("01.card-left-6-players", "Why?", WHY_LEFT,
         answer=lambda: WHY_LEFT[0] if _game(6, 6, 2).trump_card is None else WHY_LEFT[1],
         hint="How many cards do 6 players get in round 6, all together?")


def _whole() -> bool:
    deck = junior_deck()
    return len(number_cards(deck)) + len(wizards(deck)) + len(frogs(deck)) == len(deck)


# -- two paths: a support question (one step at a time) and a challenge (for quick finishers) ---------
def cards_of_one_colour(colour: str = "R") -> int:
    """How many number cards of one colour the Junior deck has."""
    return sum(1 for card in junior_deck() if card.is_number and card.colour == colour)


def pile_in_last_round(players: int) -> int:
    """Cards face down in the pile under the turned-up card, in the last round (0 when none is left)."""
    dealt = players * rounds_in_a_game(players)
    left = len(junior_deck()) - dealt
    return max(left - 1, 0)


BANK.add("01.support-red-cards", "Count only the red cards (▲). How many red cards are in the deck?",
         answer=lambda: cards_of_one_colour("R"),
         hint="Red has one card for each number. Which numbers are there?",
         worked=lambda: f"Red has the numbers 1, 2, 3, 4, 5, 6, 7 and 8: {cards_of_one_colour('R')} cards. "
                        f"The other colours have as many.")
BANK.add("01.challenge-pile-3-players", "3 players, the last round (round 8): how many cards stay face down "
                                         "in the pile, under the turned-up card?",
         answer=lambda: pile_in_last_round(3),
         hint="How many cards does round 8 deal to 3 players? Take them away from the deck, then the one "
              "that is turned up.",
         worked=lambda: f"3 × 8 = 24 cards are dealt; 36 − 24 = 12 are left; one is turned up, so "
                        f"{pile_in_last_round(3)} stay face down.")
