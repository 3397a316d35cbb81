"""The medium player's trump choice after a Wizard: a tie between colours is broken by chance.

A dealer with no coloured card (only Wizards and Fool Frogs or Jesters) has nothing to count, so
each colour must be just as likely (1/4).  The tie-break once always named red, so after a Wizard
red was trump 11/35 of the time in Junior's round 1 instead of 1/4.  Both the player
(:class:`~wizard_edu.players.RuleOfThumbPlayer`) and its mirror in the simulator
(:func:`wizard_edu.simulate.play.choose_trump`) are checked; ``tests/test_simulate.py`` checks that
the two make the same choice from the same random number.
"""

from __future__ import annotations

import math
from collections import Counter

import numpy as np
import pytest

from wizard_edu import COLOURS, Card, Game, RuleOfThumbPlayer, cards
from wizard_edu.simulate import rule_tables
from wizard_edu.simulate.play import choose_trump, deal

DEALS = 4000


def _within_error(counts: Counter, n: int, colours: list[str]) -> None:
    """Each of ``colours`` is chosen 1/len(colours) of the time, within 4.5 standard errors; no other."""
    p = 1 / len(colours)
    spread = 4.5 * math.sqrt(n * p * (1 - p))
    assert set(counts) <= set(colours), counts
    for colour in colours:
        assert abs(counts[colour] - n * p) < spread, (colour, counts, n * p)


def _dealer_chooses(hand: str, seed: int) -> Game:
    """Junior round 1, 4 players, a Wizard turned up; seat 0 deals and holds ``hand``."""
    return Game.from_position(
        f"wizard-edu/1 rules=junior players=4 seed={seed} dealer=0 round=1 phase=trump turned=W trump=- "
        f"hands={hand}/G5/B7/Y2 bids=-,-,-,- tricks=- trick=- rounds=- scores=0,0,0,0")


@pytest.mark.parametrize("hand", ["W", "F"])
def test_player_with_no_coloured_card_names_each_colour_a_quarter_of_the_time(hand):
    counts: Counter = Counter()
    for seed in range(DEALS):
        game = _dealer_chooses(hand, seed)
        action = RuleOfThumbPlayer(seed=seed).act(game.view(0))
        assert action.kind == "trump"
        counts[action.value] += 1
    _within_error(counts, DEALS, list(COLOURS))


def test_player_breaks_a_tie_only_between_the_tied_colours():
    player = RuleOfThumbPlayer(seed=1)
    picks = Counter(player.pick_trump(cards("R5 B5 W"), player.rng.random()) for _ in range(DEALS))
    _within_error(picks, DEALS, ["R", "B"])
    # No tie: the colour with the most (then the highest) cards, whatever the random number.
    assert {RuleOfThumbPlayer.pick_trump(cards("B2 B9 R13 W"), u) for u in (0.0, 0.5, 0.99)} == {"B"}
    assert {RuleOfThumbPlayer.pick_trump(cards("G8 Y3"), u) for u in (0.0, 0.5, 0.99)} == {"G"}


def test_same_seed_same_choice():
    game = _dealer_chooses("F", 3)
    picks = {RuleOfThumbPlayer(seed=12).act(game.view(0)).value for _ in range(5)}
    assert len(picks) == 1


def test_simulator_dealer_with_no_coloured_card_names_each_colour_a_quarter_of_the_time():
    tables = rule_tables("junior")
    rng = np.random.default_rng(5)
    wizard = tables.id_of(Card.parse("W"))
    hands, turned = deal(tables, 40 * DEALS, 4, 1, rng, fixed_turned_up=wizard, turned_up_known=True)
    trump = choose_trump(tables, hands, turned, ["rule-of-thumb"] * 4, rng)
    colourless = tables.colour[hands[:, 3, 0]] < 0      # seat 3 deals in the simulator
    picked = Counter(COLOURS[t - 1] for t in trump[colourless])
    _within_error(picked, int(colourless.sum()), list(COLOURS))
    # So after a Wizard, red is trump 1/4 of the time in round 1 (once 11/35: 8 red cards + 3 without a colour).
    red = int((trump == 1).sum())
    assert abs(red - len(trump) / 4) < 4.5 * math.sqrt(len(trump) * 3 / 16)
