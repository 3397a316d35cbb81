"""Questions of notebook 08, "Play Classic Wizard"."""

from __future__ import annotations

import functools
from typing import Any

from ...display.themes import get_theme
from ...engine.cards import COLOUR_NAMES
from ...engine.rules import DEALER_CHOOSES
from . import Bank

BANK = Bank("08-play-classic-wizard")

TRUMP_CHOICES = [*COLOUR_NAMES.values(), "no trump", "the dealer chooses"]
#: The notebook's first table has the US Games faces, which print suits: its question asks in suits.
US_SUITS = get_theme("us").colour_names     # {"R": "hearts", ..., "Y": "diamonds"}
SUIT_CHOICES = [*US_SUITS.values(), "no trump", "the dealer chooses"]
SIDES = ["the Simulators", "the Rule of thumb players"]   # not the words of the prompt
DEMO_PLAYERS = ["simulator", "simulator", "rule-of-thumb", "rule-of-thumb"]
DEMO_NAMES = ["Coach", "Sim", "Rule A", "Rule B"]


def trump_words(trump: str | None) -> str:
    """A trump code as the words of the choices ("red", "no trump", "the dealer chooses")."""
    if trump == DEALER_CHOOSES:
        return "the dealer chooses"
    return COLOUR_NAMES.get(trump, "no trump") if trump else "no trump"


def _first_view():
    """Your view of round 1 at the notebook's first table (seed 8): the same deal as the table shows."""
    from ...engine.game import Game

    return Game(players=4, rules="classic", seed=8).view(0)


def _first_card_name() -> str:
    return get_theme("us").card_name(_first_view().trump_card)


def suit_words(trump: str | None) -> str:
    """A trump code in the US Games faces' words ("diamonds", "no trump", "the dealer chooses")."""
    if trump in US_SUITS:
        return US_SUITS[trump]
    return trump_words(trump)


def _first_trump_worked() -> str:
    trump = _first_view().trump
    said = f"The turned-up card is {_first_card_name()}, so {suit_words(trump)}"
    if trump in US_SUITS:
        return f"{said} are trump (on these faces {US_SUITS[trump]} are {COLOUR_NAMES[trump]})."
    return f"{said}."


@functools.cache
def demo_game():
    """The notebook's demo game: four computer players, seed 21, all 15 rounds (made once)."""
    from ...players import play_game

    return play_game(DEMO_PLAYERS, seed=21, names=DEMO_NAMES)


def demo_table(theme: str = "amigo") -> Any:
    """The demo game loaded into a table (AMIGO faces), to read its score pad and chart."""
    from ...widgets import TableWidget

    table = TableWidget(rules="classic", players=4, theme=theme)
    table.load_json(demo_game().to_json())
    return table


def _pad():
    return demo_game().score_pad()


def _side_totals() -> tuple[int, int]:
    scores = demo_game().scores
    return sum(scores[:2]), sum(scores[2:])


def _coach_first_miss() -> int:
    coach = _pad()["Coach"]
    return int(coach[coach["bid"] != coach["tricks"]].index[0])


def _exact_shares() -> dict[str, float]:
    pad = _pad()
    return {name: float((pad[name]["bid"] == pad[name]["tricks"]).mean()) for name in DEMO_NAMES}


def _after_five():
    return _pad().xs("total", axis=1, level=1).loc[5]


def _saved_and_twin() -> bool:
    """Save a game after a bid, load the text into a new game: is it at the same point? (the engine's replay)"""
    from ...engine.game import Game

    saving = Game(players=4, rules="classic", seed=8)
    saving.bid(1)
    saved = saving.to_json()
    return Game.from_json(saved).to_json() == saved


BANK.add("08.trump-round-one", "Before you bid: which suit is trump in round 1 at your table?", choices=SUIT_CHOICES,
         answer=lambda: suit_words(_first_view().trump),
         hint="Look at the turned-up card in the table: its suit is trump.",
         worked=_first_trump_worked)
BANK.add("08.who-ends-ahead",
         "Who ends up ahead: the two Simulators or the two Rule of thumb players (their points added)?",
         choices=SIDES, answer=lambda: SIDES[0] if _side_totals()[0] > _side_totals()[1] else SIDES[1],
         hint="Guess first; then read the score pad below: add up the last totals of each side.",
         worked=lambda: [f"The two Simulators: {_side_totals()[0]} points together; the two Rule of thumb "
                         f"players: {_side_totals()[1]}.", demo_game().status()])
BANK.add("08.coach-first-miss", "In which round did the Coach first miss a bid? (Read the score pad below.)",
         answer=_coach_first_miss,
         hint="Go down the Coach's columns and find the first round where bid and tricks are different.",
         worked=lambda: f"Round {_coach_first_miss()}: the first round where the Coach's bid and tricks differ.")
BANK.add("08.most-exact", "Which player made the bid exactly most often?", choices=DEMO_NAMES,
         answer=lambda: max(_exact_shares().items(), key=lambda kv: kv[1])[0],
         hint="Count the rounds where bid and tricks are the same, for each player.",
         worked=lambda: "Exact bids: " + ", ".join(f"{name} {share:.0%}" for name, share in _exact_shares().items())
                        + ".")
BANK.add("08.ahead-after-five", "Who is ahead after round 5?", choices=DEMO_NAMES,
         answer=lambda: _after_five().idxmax(),
         hint="Find round 5 in the score pad and compare the four totals, or find round 5 on the chart.",
         worked=lambda: "Totals after round 5: " + ", ".join(f"{name} {int(total)}"
                                                            for name, total in _after_five().items()) + ".")
BANK.add("08.load-same-point", "Will the new table be at the same point of the game?", choices=["yes", "no"],
         answer=lambda: "yes" if _saved_and_twin() else "no",
         hint="The saved text holds the rules, the seed and every move.",
         worked="Yes: same round, same cards, same moves. The saved text holds the rules, the seed and "
                "every move, so the game is replayed exactly.")


# -- follow-ups: a question of two options is a coin toss, so each asks why --------------------------------
WHY_AHEAD = ["the Simulators try each card many times before they choose",
             "the Simulators are always dealt the better cards, with more Wizards",
             "the Rule of thumb players bid too high on purpose, to take risks"]
BANK.why("08.who-ends-ahead", "Why, most likely?", WHY_AHEAD,
         answer=lambda: WHY_AHEAD[0] if _side_totals()[0] > _side_totals()[1] else WHY_AHEAD[2],
         hint="The cards are dealt at random for everybody. What does a Simulator do before it plays?")
WHY_LOAD = ["the saved text holds the rules, the seed and every move",
            "the saved text holds a picture of the whole table",
            "the new table deals new cards, then copies the scores from the old one"]
BANK.why("08.load-same-point", "Why?", WHY_LOAD, answer=lambda: WHY_LOAD[0] if _saved_and_twin() else WHY_LOAD[2],
         hint="Look at what the saved text holds.")
