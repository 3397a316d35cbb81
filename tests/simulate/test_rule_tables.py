"""Every fast path equals the engine: the rule tables, the simulating player's playouts, the simulator.

The rule tables (wizard_edu.engine.rules.tables) are filled from rules.core; here random seeded
situations (from hypothesis, so a failure shrinks to a small case) check that looking a rule
up gives what the engine's function says, for Junior and Classic and every trump.  The
vectorised simulator is held to engine games in tests/simulate/test_simulate.py
(``play_game_both_ways``); here the same check runs on deals hypothesis picks.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_simulate import play_game_both_ways

from wizard_edu import COLOURS, Card, Cards, Game, get_ruleset, lead_colour, legal_plays, trick_winner
from wizard_edu.engine.rules.tables import FREE, OPEN, code_trump, rule_tables, trump_code
from wizard_edu.players.rule_of_thumb import CROWD, count_tricks, crowd_factor
from wizard_edu.players.simulating import choose_card, kit, playout
from wizard_edu.simulate.tables import rule_tables as sim_tables

RULES = ["junior", "classic"]
TRUMPS = [None, *COLOURS]
FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def situations(draw):
    """A ruleset, a trump, a trick of 1-6 cards and a hand of 1-8 more cards, all from one deck."""
    rules = draw(st.sampled_from(RULES))
    deck = list(get_ruleset(rules).deck())
    order = draw(st.permutations(range(len(deck))))
    size = draw(st.integers(1, 6))
    held = draw(st.integers(1, 8))
    trick = Cards(deck[i] for i in order[:size])
    hand = Cards(deck[i] for i in order[size:size + held])
    return rules, draw(st.sampled_from(TRUMPS)), trick, hand


@FAST
@given(situations())
def test_tables_give_the_engines_winner_legal_cards_and_lead(situation):
    rules, trump, trick, hand = situation
    tables = sim_tables(rules)
    lists = kit(get_ruleset(rules))
    t = trump_code(trump)
    ids = [tables.code[c] for c in trick]
    winner = trick_winner(trick, trump, rules)
    # Winner: the simulator's step folded card by card, and the simulating player's lists.
    best, best_pos, state = (np.zeros(1, dtype=np.intp) for _ in range(3))
    for pos, c in enumerate(ids):
        best, state = tables.add_to_trick(np.array([c]), pos, best, best_pos, state, t)
    assert int(best_pos[0]) == winner
    assert lists.winner_index(ids, t) == winner
    # Lead colour, for the trick before the last card.
    before = Cards(trick[:-1])
    state = lists.lead_state(ids[:-1])
    colour = lead_colour(before, rules)
    assert (COLOURS[state - 2] if state >= 2 else None) == colour
    if colour is None:
        # OPEN: the next number card sets the colour; FREE: a Wizard came first.
        assert state == (FREE if any(c.is_wizard for c in before) else OPEN)
    # Legal cards: the simulator's step (a hand with a played card in it too), and the lists.
    hand_ids = [tables.code[c] for c in hand]
    engine = sorted(str(c) for c in legal_plays(hand, before, rules))
    assert sorted(str(tables.cards[c]) for c in lists.legal(hand_ids, state)) == engine
    rows = np.array(hand_ids + [tables.gone])[:, None]
    mask = tables.legal_rows(rows, np.array([state]), len(before))[:, 0]
    assert not mask[-1]  # a card already played is never legal
    assert sorted(str(c) for c, ok in zip(hand, mask) if ok) == engine


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("trump", TRUMPS)
def test_every_two_card_trick_and_every_turned_up_card(rules, trump):
    """Exhaustive on the small cases the tables are filled from, for every trump."""
    tables = rule_tables(rules)
    t = trump_code(trump)
    assert code_trump(t) == trump
    cards = tables.cards
    for a in range(tables.size):
        for b in range(tables.size):
            if a == b and cards[a].is_number:
                continue  # one number card cannot be played twice (the engine refuses that trick)
            assert tables.beats[t, a, b] == (trick_winner(Cards([cards[a], cards[b]]), trump, rules) == 1)
        assert not tables.beats[t, a, tables.gone] and not tables.beats[t, tables.gone, a]
    from wizard_edu.engine.rules.core import DEALER_CHOOSES, trump_from_card

    for i, card in enumerate(cards):
        up = trump_from_card(card, rules)
        assert tables.turned_up[i] == (5 if up == DEALER_CHOOSES else trump_code(up))


def engine_playout(k, hands, bids, trump, leader, rules, trump_card):
    """Play a round in the engine (Cards, trick_winner, legal_plays) with the simulating player's
    card choice for every seat, seeing what that seat has seen; tricks won by seat."""
    deck = list(get_ruleset(rules).deck())
    unseen = list(k.deck)
    if trump_card is not None:
        unseen[trump_card] -= 1
    players = len(hands)
    won = [0] * players
    colour = code_trump(trump)
    while hands[leader]:
        trick: list[Card] = []
        for j in range(players):
            seat = (leader + j) % players
            need = bids[seat] - won[seat]
            after = players - j - 1
            mine = None
            if trick and need > 0 and after:
                mine = list(unseen)
                for c in hands[seat]:
                    mine[c] -= 1
            code, _ = choose_card(k, hands[seat], [k.code[c] for c in trick], trump, need, after, mine)
            card = k.decode(code)
            assert card in legal_plays(Cards(k.decode(c) for c in hands[seat]), Cards(trick), rules)
            hands[seat].remove(code)
            unseen[code] -= 1
            trick.append(card)
        leader = (leader + trick_winner(Cards(trick), colour, rules)) % players
        won[leader] += 1
    assert len(deck) >= sum(won)
    return won


@FAST
@given(st.sampled_from(RULES), st.integers(3, 6), st.integers(0, 2**32 - 1), st.sampled_from(TRUMPS),
       st.booleans())
def test_simulating_players_playouts_equal_engine_rounds(rules, players, seed, trump, turn_up):
    k = kit(get_ruleset(rules))
    rng = random.Random(seed)
    deck = [k.code[c] for c in get_ruleset(rules).deck()]
    rng.shuffle(deck)
    n = rng.randint(1, min(8, (len(deck) - 1) // players))
    hands = [deck[i * n:(i + 1) * n] for i in range(players)]
    trump_card = deck[players * n] if turn_up else None
    bids = [rng.randint(0, n) for _ in range(players)]
    leader = rng.randrange(players)
    t = trump_code(trump)
    fast = playout(k, [list(h) for h in hands], bids, t, leader, k.deck, trump_card)
    assert fast == engine_playout(k, [list(h) for h in hands], bids, t, leader, rules, trump_card)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(RULES), st.integers(3, 6), st.integers(0, 10**6),
       st.sets(st.integers(0, 5), max_size=6))
def test_vectorised_simulator_plays_engine_games(rules, players, seed, smart):
    """The check of tests/simulate/test_simulate.py, on deals and seats hypothesis picks (two rounds each)."""
    assert play_game_both_ways(players, rules, seed, {s for s in smart if s < players}, rounds=2) == 2


def test_the_simulator_and_the_players_share_one_set_of_tables():
    for rules in RULES:
        ruleset = get_ruleset(rules)
        base = rule_tables(ruleset)
        sim = sim_tables(ruleset)
        assert kit(ruleset).tables is sim
        for name in ("beats", "lead_next", "follow_ok", "led_number", "canon", "turned_up"):
            assert getattr(sim, name) is getattr(base, name)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_one_crowd_factor_for_the_estimates(players):
    """The bid estimate of the rule-of-thumb player, the simulating player and the simulator agree."""
    game = Game(players=min(players, 6), seed=players)
    hand = game.hands[0]
    tables = sim_tables("classic")
    assert crowd_factor(players) == CROWD.get(players, 1.0)
    for trump in TRUMPS:
        t = trump_code(trump)
        table = tables.bid_power(players)[t]
        fast = sum(float(table[tables.code[c]]) for c in hand)
        assert fast == pytest.approx(count_tricks(hand, trump, 13, players), abs=1e-12)
