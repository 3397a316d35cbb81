"""The simulating player: it plays on the engine's rule tables, and it really plays better.

(Its rule lookups are held to the engine in tests/simulate/test_rule_tables.py.)  The strength tests are
statistical but seeded (the same games every run), with margins far below what the benchmark
measures (benchmarks/bench_players.py), so they fail only when a player really gets weaker.
"""

from __future__ import annotations

import random

import pytest

from wizard_edu import Card, Game, classic_deck, get_ruleset
from wizard_edu.errors import SampleSizeError, WizardError
from wizard_edu.players import RandomPlayer, RuleOfThumbPlayer, SimulatingPlayer, make_player
from wizard_edu.players.simulating import deal_unseen, finish_round, kit, playout
from wizard_edu.players.table import PLAYER_TYPES
from wizard_edu.simulate.midround import voids_seen

CLASSIC = kit(get_ruleset("classic"))


def codes(text: str) -> list[int]:
    return [CLASSIC.code[Card.parse(t)] for t in text.split()]


def test_encode_decode_round_trip():
    for card in classic_deck():
        assert CLASSIC.decode(CLASSIC.code[card]) == card


def test_playout_deals_every_trick_once():
    rng = random.Random(5)
    deck = [CLASSIC.code[c] for c in classic_deck()]
    for n in (1, 5, 15):
        rng.shuffle(deck)
        hands = [deck[i * n:(i + 1) * n] for i in range(4)]
        won = playout(CLASSIC, [list(h) for h in hands], [1, 0, 2, 1], 1, 1, CLASSIC.deck, None)
        assert sum(won) == n and all(w >= 0 for w in won)


def test_finish_round_from_the_middle_of_a_trick():
    # Seat 1 led G5, seat 2 played G9; seats 3 and 0 still play, then one more trick.
    hands = [codes(h) for h in ("R2 W", "B3", "Y4", "G13 G1")]
    unseen = [0] * len(CLASSIC.deck)
    for h in hands:
        for c in h:
            unseen[c] += 1
    won = finish_round(CLASSIC, hands, [0, 1, 0, 2], [0, 0, 0, 0], 0, 1, codes("G5 G9"), unseen)
    # Seat 3 (bid 2) takes this trick with G13 while seat 0 (bid 0, no green) ducks with R2;
    # then seat 3 leads G1 and seat 0 is left with only the Wizard, which wins.
    assert won == [1, 0, 0, 1]
    assert all(not h for h in hands)


def test_voids_are_read_and_kept_when_dealing():
    plays = [[(0, Card.parse("R5")), (1, Card.parse("G2")), (2, Card.parse("W")), (3, Card.parse("J"))],
             [(2, Card.parse("J")), (3, Card.parse("B4")), (0, Card.parse("Y9")), (1, Card.parse("B1"))]]
    assert voids_seen(CLASSIC.tables, plays) == {1: {0}, 0: {2}}  # seat 1 lacks red, seat 0 lacks blue
    pool = [CLASSIC.code[c] for c in classic_deck()][:40]
    colour = CLASSIC.colour
    rng = random.Random(1)
    for _ in range(50):
        hands = deal_unseen(CLASSIC, list(pool), {0: 5, 1: 5, 3: 5}, {1: {0}, 0: {2}}, rng)
        assert not any(colour[c] == 0 for c in hands[1])
        assert not any(colour[c] == 2 for c in hands[0])
        assert sorted(len(h) for h in hands.values()) == [5, 5, 5]


def test_registered_and_deterministic():
    assert type(make_player("simulator")) is SimulatingPlayer and "simulator" in PLAYER_TYPES
    game = Game(players=4, seed=17)
    for _ in range(40):
        view = game.view(game.to_move)
        action = make_player("simulator", seed=3).act(view)
        assert action == SimulatingPlayer(seed=3).act(view)
        assert action in view.legal
        game.apply(action, view.seat)


def test_samples_must_be_positive():
    with pytest.raises(SampleSizeError, match="samples"):
        SimulatingPlayer(samples=0)
    with pytest.raises(SampleSizeError, match="play_samples"):
        SimulatingPlayer(play_samples=-1)
    with pytest.raises(WizardError, match="spread"):
        SimulatingPlayer(spread="wide")


def test_play_simulation_changes_some_choices_but_stays_legal():
    quick, careful = SimulatingPlayer(seed=1, play_samples=0), SimulatingPlayer(seed=1)
    game = Game(players=4, seed=31)
    differ = 0
    while game.round_number <= 8:
        view = game.view(game.to_move)
        a, b = quick.act(view), careful.act(view)
        assert a in view.legal and b in view.legal
        differ += a != b
        game.apply(b, view.seat)
    assert differ > 0


def points_and_accuracy(kinds: list, games: int, seed0: int) -> dict:
    """Average points per round and share of exact bids for each player type at the table."""
    out: dict = {}
    for g in range(games):
        seated = [make_player(k, seed=(seed0 + g) * 10 + i) for i, k in enumerate(kinds)]
        game = Game(players=len(kinds), seed=seed0 + g, first_dealer=g % len(kinds))
        while not game.is_over:
            seat = game.to_move
            game.apply(seated[seat].act(game.view(seat)), seat)
        for r in game.rounds:
            for seat, kind in enumerate(kinds):
                row = out.setdefault(kind, [0, 0, 0])
                row[0] += r.points[seat]
                row[1] += r.bids[seat] == r.won[seat]
                row[2] += 1
    return {k: (p / n, e / n) for k, (p, e, n) in out.items()}


def test_simulator_beats_rule_of_thumb():
    # The benchmark measures about +16 points a round and about +35 points of bid accuracy.
    stats = points_and_accuracy(["simulator", "rule-of-thumb", "rule-of-thumb", "rule-of-thumb"], 10, 300)
    sim_points, sim_exact = stats["simulator"]
    rot_points, rot_exact = stats["rule-of-thumb"]
    assert sim_points > rot_points + 4, stats
    assert sim_exact > rot_exact + 0.10, stats


def test_both_beat_random():
    stats = points_and_accuracy(["random", "rule-of-thumb", "rule-of-thumb", "rule-of-thumb"], 10, 400)
    assert stats["rule-of-thumb"][0] > stats["random"][0] + 15, stats
    stats = points_and_accuracy(["simulator", "random", "random", "random"], 3, 500)
    assert stats["simulator"][0] > stats["random"][0] + 20, stats


def test_other_players_are_unchanged_by_registration():
    assert isinstance(make_player("random", seed=1), RandomPlayer)
    assert isinstance(make_player("rule-of-thumb", seed=1), RuleOfThumbPlayer)
