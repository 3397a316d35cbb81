"""Chances from a seat's view (issue 12): card_chances and bid_values, held to exact answers on small cases."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

from wizard_edu import Card, Game, get_ruleset, trick_winner
from wizard_edu.errors import OutOfTurnError, UnknownRulesetError, WizardError, WrongPhaseError
from wizard_edu.players import make_player
from wizard_edu.simulate.midround import deal_consistent, play_on
from wizard_edu.simulate.odds import bid_values, card_chances, one_card_win_probability
from wizard_edu.simulate.play import RULE_OF_THUMB, deal, play_rounds
from wizard_edu.simulate.tables import player_tables, rule_tables


def bid_all(game: Game, bid: int = 0) -> None:
    while game.phase == "bid":
        game.bid(min(bid, game.hand_size))


def one_card_views(rules: str, players: int, seeds: range):
    for seed in seeds:
        game = Game(players=players, rules=rules, seed=seed, hand_sizes=[1])
        if game.phase != "bid":   # a Wizard turned up: the dealer chooses
            continue
        bid_all(game)
        yield game


@pytest.mark.parametrize("rules,players", [("classic", 3), ("classic", 4), ("classic", 6), ("junior", 3),
                                           ("junior", 5)])
def test_one_card_round_leader_agrees_with_exact(rules, players):
    """The leader's 'wins trick' is the exact one-card chance, within 4 standard errors."""
    checked = 0
    for game in one_card_views(rules, players, range(12)):
        view = game.view(game.to_move)
        table = card_chances(view, samples=3000, seed=checked)
        exact = float(one_card_win_probability(view.hand[0], players, 0, view.trump_card, rules))
        row = table.iloc[0]
        assert abs(row["wins trick"] - exact) <= 4 * max(row["wins trick se"], 1e-9), (view.hand, exact)
        # One card: winning the trick is the round, so 'makes bid' (bid 0) is losing it.
        assert row["makes bid"] == pytest.approx(1 - row["wins trick"])
        checked += 1
    assert checked >= 6


def exact_after(view) -> Fraction:
    """Exact chance the seat's only card wins, given the cards already played (brute force with the engine)."""
    ruleset = view.ruleset
    unseen = Counter(ruleset.deck())
    for c in [*view.hand, *view.trick_cards, *( [view.trump_card] if view.trump_card else [])]:
        unseen[c] -= 1
    pool = list(unseen.elements())
    later = view.players - len(view.trick) - 1
    wins = total = 0
    for rest in itertools.permutations(range(len(pool)), later):
        trick = [*view.trick_cards, view.hand[0], *(pool[i] for i in rest)]
        total += 1
        wins += trick_winner(trick, view.trump, ruleset) == len(view.trick)
    return Fraction(wins, total)


def test_one_card_round_later_seats_agree_with_brute_force():
    checked = 0
    for game in one_card_views("junior", 3, range(10)):
        game.play(game.view(game.to_move).hand[0])      # the leader plays; the next seat decides
        view = game.view(game.to_move)
        table = card_chances(view, samples=3000, seed=1)
        exact = float(exact_after(view))
        assert abs(table["wins trick"].iloc[0] - exact) <= 4 * max(table["wins trick se"].iloc[0], 1e-9)
        checked += 1
    assert checked >= 5


def play_until_my_turn(seed: int, players: int = 4, size: int = 10, rules: str = "classic", tricks: int = 0):
    game = Game(players=players, rules=rules, seed=seed, hand_sizes=[size])
    bots = [make_player("rule-of-thumb", seed=i) for i in range(players)]
    while game.phase != "play" or len(game.tricks) < tricks:
        game.apply(bots[game.to_move].act(game.view(game.to_move)), game.to_move)
    return game


def test_seeded_is_deterministic_and_rows_are_the_playable_cards():
    game = play_until_my_turn(4, tricks=2)
    view = game.view(game.to_move)
    a = card_chances(view, samples=400, seed=9)
    b = card_chances(view, samples=400, seed=9)
    assert a.equals(b)
    assert list(a.index) == [str(c) for c in dict.fromkeys(view.legal_cards)]
    for col in ("wins trick", "makes bid"):
        assert ((a[col] >= 0) & (a[col] <= 1)).all()
        assert (a[col + " se"] >= 0).all()
    assert a.attrs["deals"] == 400


#: Classic, 4 players, 6 cards: Player 1 leads the first trick holding a Wizard and a Jester.
LEADER_WITH_WIZARD_AND_JESTER = (
    "wizard-edu/1 rules=classic players=4 seed=3 dealer=3 round=1 phase=play turned=Y2 trump=Y "
    "hands=W.J.R3.G5.B7.Y9/R1.R8.G2.G12.B1.Y4/R5.R10.G7.B3.B11.Y6/R13.G4.G9.B5.B13.Y11 bids=2,1,1,2 "
    "tricks=- trick=- rounds=- scores=0,0,0,0 sizes=6")


def test_a_wizard_led_wins_for_sure_and_a_jester_led_only_if_all_are_jesters():
    game = Game.from_position(LEADER_WITH_WIZARD_AND_JESTER)
    view = game.view(game.to_move)
    assert {Card.parse("W"), Card.parse("J")} <= set(view.legal_cards) and not view.trick
    table = card_chances(view, samples=300, seed=0)
    assert table.loc["W", "wins trick"] == pytest.approx(1.0)
    assert table.loc["J", "wins trick"] < 0.01


def test_voids_are_kept_and_weights_make_the_deal_uniform():
    """Weighted deals keeping a void give each possible deal the same total weight (exact check)."""
    tables = player_tables(get_ruleset("junior"))
    code = tables.code
    pool = [code[Card.parse(t)] for t in "R1 R2 G1 G2 B1 J".split()]
    sizes, voids = {1: 2, 2: 2}, {1: {0}}                    # seat 1 holds no red
    dealt = deal_consistent(tables, pool, sizes, voids, 60_000, np.random.default_rng(3))
    w = np.exp(dealt.log_weight)
    ok = np.isfinite(dealt.log_weight)
    assert not np.isin(tables.colour[dealt.hands[1][ok]], [0]).any()
    totals: Counter = Counter()
    for i in np.nonzero(ok)[0]:
        totals[(tuple(dealt.hands[1][i]), tuple(dealt.hands[2][i]))] += w[i]
    # Every deal that keeps the void: seat 1 takes 2 of the 4 non-red cards, seat 2 any 2 of the rest.
    possible = set()
    for a in itertools.combinations(range(6), 2):
        if any(tables.colour[pool[i]] == 0 for i in a):
            continue
        rest = [i for i in range(6) if i not in a]
        for b in itertools.combinations(rest, 2):
            possible.add((tuple(sorted(pool[i] for i in a)), tuple(sorted(pool[i] for i in b))))
    assert set(totals) == possible
    share = np.array(list(totals.values())) / sum(totals.values())
    assert np.allclose(share, 1 / len(possible), rtol=0.12)


def test_card_chances_respects_voids_in_a_real_game():
    """After a player shows a void, no weighted deal gives them that colour (checked through situation)."""
    from wizard_edu.simulate.chances import situation

    # Classic, 4 players, 8 cards, after three tricks: Player 3 (seat 2) did not follow the red lead.
    game = Game.from_position(
        "wizard-edu/1 rules=classic players=4 seed=3 dealer=3 round=1 phase=play turned=Y2 trump=Y "
        "hands=W.J.Y9.B7.G5/R8.G12.Y4.B2.G3/B11.Y6.G8.G10.B4/R10.Y11.R6.B6.G6 bids=2,1,1,2 "
        "tricks=R13.R1.G7.R5,B13.B1.B3.B5,G13.G2.G4.G9 trick=- rounds=- scores=0,0,0,0 sizes=8")
    sit = situation(game.view(game.to_move))
    red = sit.tables.colour[sit.tables.code[Card.parse("R5")]]
    assert sit.voids == {2: {red}}
    dealt = deal_consistent(sit.tables, sit.pool, sit.sizes, sit.voids, 200, np.random.default_rng(0))
    ok = np.isfinite(dealt.log_weight)
    assert ok.any()
    for seat, colours in sit.voids.items():
        assert not np.isin(sit.tables.colour[dealt.hands[seat][ok]], sorted(colours)).any()


@pytest.mark.parametrize("rules,players,cards", [("classic", 4, 7), ("junior", 3, 5), ("classic", 5, 12)])
def test_play_on_from_the_start_equals_play_rounds(rules, players, cards):
    tables = rule_tables(rules)
    rng = np.random.default_rng(5)
    hands, turned = deal(tables, 500, players, cards, rng)
    ok = tables.turned_up[np.maximum(turned, 0)] != 5
    hands, turned = hands[ok], turned[ok]
    played = play_rounds(tables, hands, turned, [RULE_OF_THUMB] * players)
    held = tables.canon[hands]
    for t in np.unique(played.trump):
        rows = played.trump == t
        out = play_on(tables, held[rows], int(t), 0, np.empty((rows.sum(), 0), dtype=np.intp),
                      np.zeros(players, dtype=np.int64), played.bids[rows], policy="rule-of-thumb")
        assert (out.won == played.won[rows]).all()


def test_bid_values_rows_and_a_hopeless_hand():
    game = next(g for g in (Game(players=4, seed=s, hand_sizes=[5]) for s in range(10)) if g.phase == "bid")
    view = game.view(game.to_move)
    table = bid_values(view, samples=600, seed=2)
    assert list(table.index) == view.legal_bids
    assert ((table["makes bid"] >= 0) & (table["makes bid"] <= 1)).all()
    assert table.equals(bid_values(view, samples=600, seed=2))
    assert (table["expected score se"] > 0).any()


def test_bid_zero_is_played_to_lose():
    """Played toward 0, a weak hand loses every trick far more often than when played toward 3."""
    # Classic, 4 players, 3 cards: Player 1 bids first, with no Wizard: the red 13, yellow 10 (trump) and green 6.
    game = Game.from_position(
        "wizard-edu/1 rules=classic players=4 seed=3 dealer=3 round=1 phase=bid turned=Y12 trump=Y "
        "hands=R13.Y10.G6/W.R11.Y3/G12.B11.Y6/R10.G9.B13 bids=-,-,-,- tricks=- trick=- rounds=- "
        "scores=0,0,0,0 sizes=3")
    view = game.view(game.to_move)
    assert view.phase == "bid" and not any(c.is_wizard for c in view.hand)
    table = bid_values(view, samples=800, seed=1)
    assert table.loc[0, "expected tricks"] < table.loc[3, "expected tricks"]


def test_junior_card_chances_and_bid_values():
    game = play_until_my_turn(2, players=3, size=6, rules="junior", tricks=1)
    view = game.view(game.to_move)
    table = card_chances(view, samples=300, seed=0)
    assert len(table) == len(set(view.legal_cards)) and view.ruleset.deck_size == 36
    assert (table["expected score"] >= 0).all()        # Junior never loses points
    start = Game(players=3, rules="junior", seed=2, hand_sizes=[6])
    values = bid_values(start.view(start.to_move), samples=300, seed=0)
    assert list(values.index) == list(range(7))


def test_bid_informed_weights_deals():
    game = play_until_my_turn(7, size=9, tricks=0)
    view = game.view(game.to_move)
    plain = card_chances(view, samples=500, seed=3)
    informed = card_chances(view, samples=500, seed=3, bid_informed=True)
    assert plain.attrs["effective_deals"] == pytest.approx(500)
    assert informed.attrs["effective_deals"] < 500
    assert not plain[["wins trick", "makes bid"]].equals(informed[["wins trick", "makes bid"]])


def test_refusals():
    game = Game(players=4, seed=3)
    with pytest.raises(WrongPhaseError):
        card_chances(game.view(game.to_move))
    with pytest.raises(WizardError):
        card_chances("not a view")
    bid_all(game)
    with pytest.raises(OutOfTurnError):
        card_chances(game.view((game.to_move + 1) % 4))
    with pytest.raises(WrongPhaseError):
        bid_values(game.view(game.to_move))
    with pytest.raises(WizardError):
        card_chances(game.view(game.to_move), samples=0)
    anniversary = Game(players=4, rules="anniversary", seed=1)
    with pytest.raises(UnknownRulesetError):
        bid_values(anniversary.view(anniversary.to_move))


# -- the chances panel ------------------------------------------------------------------------------
def test_panel_is_off_by_default_and_computes_nothing():
    from wizard_edu.widgets.chances import ChancesPanel

    game = play_until_my_turn(3, size=5)
    panel = ChancesPanel(seed=0)
    panel.update(game.view(game.to_move))
    assert panel.table is None and panel.body.value == ""
    panel.toggle.value = True                      # the learner switches it on
    assert panel.table is not None and "wins this trick" in panel.text
    assert panel.toggle.description == "Hide chances"
    hidden = ChancesPanel(enabled=False, on=True)
    hidden.update(game.view(game.to_move))
    assert hidden.table is None and hidden.layout.display == "none"


def test_panel_shows_each_playable_card_with_words_and_meters():
    from wizard_edu.widgets.chances import WORDS, ChancesPanel, chance_words

    game = play_until_my_turn(5, size=6, tricks=1)
    view = game.view(game.to_move)
    panel = ChancesPanel(view, on=True, seed=1)
    for card in dict.fromkeys(view.legal_cards):
        assert f"wizard-chance-{card}" in panel.body.value
    assert panel.body.value.count('role="meter"') == 2 * len(set(view.legal_cards))
    assert any(words in panel.text for _, words in WORDS)
    expected = chance_words(float(panel.table["makes bid"].iloc[0]))
    assert expected in panel.text
    assert [chance_words(p) for p in (1.0, 0.9, 0.7, 0.5, 0.2, 0.12, 0.0)] == [w for _, w in WORDS]


def test_panel_in_junior_says_predict_and_updates_after_each_card():
    from wizard_edu.widgets.chances import ChancesPanel

    game = Game(players=4, rules="junior", seed=4, hand_sizes=[5])
    bots = [make_player("rule-of-thumb", seed=i) for i in range(4)]
    panel = ChancesPanel(on=True, seed=0)
    seen = set()
    while not game.is_over:
        seat = game.to_move
        panel.update(game.view(0))
        if seat == 0 and game.phase == "play":
            assert "prediction comes true" in panel.text and "bid" not in panel.text
            seen.add(len(game.view(0).hand))
        elif seat == 0 and game.phase == "bid":
            assert panel.text.startswith("Predict 0")
        else:
            assert "your turn" in panel.text or "over" in panel.text
        game.apply(bots[seat].act(game.view(seat)), seat)
    assert len(seen) == 5                               # a fresh picture for every card played


def test_panel_samples_fit_the_budget():
    from wizard_edu.widgets.chances import PANEL_BUDGET, panel_samples

    game = play_until_my_turn(6, size=15)
    v = game.view(game.to_move)
    n = panel_samples(v)
    assert 300 <= n <= 2000
    assert n == max(300, min(2000, PANEL_BUDGET // (len(set(v.legal_cards)) * len(v.hand))))


@pytest.mark.parametrize("rules", ["classic", "junior"])
def test_careful_pick_follows_the_simulating_players_rules(rules):
    """The roll-out policy makes the simulating player's choose_card choices (without its safety check);
    where two different cards are equally good by every key the two may pick either."""
    from wizard_edu.players.simulating import choose_card, kit
    from wizard_edu.simulate.midround import careful_pick

    tables = rule_tables(rules)
    k = kit(get_ruleset(rules))
    rng = np.random.default_rng(1)
    ids = sorted(set(tables.canon.tolist()))
    for trial in range(400):
        players = 3 + trial % 3
        cards = rng.choice(ids, size=min(len(ids), 1 + trial % 6 + players), replace=False).tolist()
        pos = trial % players
        trick, hand = cards[:pos], sorted(cards[pos:pos + 1 + trial % 6])
        trump, need, after = int(rng.integers(0, 5)), int(rng.integers(-1, 3)), players - pos - 1
        want, _ = choose_card(k, hand, trick, trump, need, after, None)
        state = k.lead_state(trick)
        legal = k.legal(hand, state)
        best = trick[k.winner_index(trick, trump)] if trick else 0
        column = np.array(hand, dtype=np.intp)[:, None]
        mask = np.array([h in legal for h in hand])[:, None]
        got = hand[int(careful_pick(tables, column, mask, np.array([trump]), np.array([state]), np.array([best]),
                                    pos, np.array([need]), after)[0])]
        led = state - 1 if state >= 2 else 0
        keys = [(k.power[trump][led][x], k.discard[trump][x], k.lead_low[trump][x]) for x in (got, want)]
        assert got == want or keys[0] == keys[1], (hand, trick, trump, need, got, want)


def test_play_on_with_a_policy_for_each_seat():
    """The hard player imagines itself careful and the others by the rule of thumb (issue 12)."""
    tables = rule_tables("classic")
    rng = np.random.default_rng(8)
    hands, turned = deal(tables, 400, 4, 9, rng)
    ok = tables.turned_up[np.maximum(turned, 0)] != 5
    hands, turned = hands[ok], turned[ok]
    played = play_rounds(tables, hands, turned, [RULE_OF_THUMB] * 4)
    t = int(np.bincount(played.trump).argmax())
    rows = played.trump == t
    held = tables.canon[hands][rows]
    start = (held, t, 0, np.empty((rows.sum(), 0), dtype=np.intp), np.zeros(4, dtype=np.int64), played.bids[rows])
    thumb = play_on(tables, *start, policy=RULE_OF_THUMB)
    careful = play_on(tables, *start, policy="careful")
    assert (play_on(tables, *start, policy=[RULE_OF_THUMB] * 4).won == thumb.won).all()
    assert (play_on(tables, *start, policy=["careful"] * 4).won == careful.won).all()
    mixed = play_on(tables, *start, policy=["careful"] + [RULE_OF_THUMB] * 3)
    assert (mixed.won.sum(1) == 9).all()
    assert (mixed.won != thumb.won).any(1).any() and (mixed.won != careful.won).any(1).any()
    with pytest.raises(WizardError, match="bold"):
        play_on(tables, *start, policy=["careful", "bold", "careful", "careful"])


def test_card_chances_with_others_by_the_rule_of_thumb():
    game = next(g for g in (Game(players=4, seed=s, hand_sizes=[6]) for s in range(10)) if g.phase == "bid")
    while game.phase == "bid":
        game.bid(1)
    view = game.view(game.to_move)
    table = card_chances(view, samples=400, seed=3, others="rule-of-thumb")
    assert list(table["card"]) == list(dict.fromkeys(view.legal_cards))
    assert table.equals(card_chances(view, samples=400, seed=3, others="rule-of-thumb"))
    with pytest.raises(WizardError, match="rule-of-thumb"):
        card_chances(view, samples=400, seed=3, others="bold")


def test_stray_bids_soften_the_bid_informed_weights():
    game = next(g for g in (Game(players=4, seed=s, hand_sizes=[6]) for s in range(10)) if g.phase == "bid")
    for b in (0, 3, 1, 2):
        if game.phase == "bid":
            game.bid(b if b in game.view(game.to_move).legal_bids else game.view(game.to_move).legal_bids[0])
    view = game.view(game.to_move)
    plain = card_chances(view, samples=500, seed=4)
    informed = card_chances(view, samples=500, seed=4, bid_informed=True)
    anyhow = card_chances(view, samples=500, seed=4, bid_informed=True, stray=1.0)   # every bid taken as random
    some = card_chances(view, samples=500, seed=4, bid_informed=True, stray=0.3)
    cols = ["wins trick", "makes bid", "expected score"]
    assert np.allclose(anyhow[cols], plain[cols])
    assert informed.attrs["effective_deals"] < some.attrs["effective_deals"] < plain.attrs["effective_deals"]
    with pytest.raises(WizardError, match="stray"):
        card_chances(view, samples=500, seed=4, bid_informed=True, stray=2)


def test_bid_values_takes_numpy_bids_and_names_the_choices_when_wrong():
    game = Game(players=4, seed=3)
    view = game.view(game.to_move)
    plain = bid_values(view, samples=200, seed=1, bids=[0, 1])
    numpy_ = bid_values(view, samples=np.int64(200), seed=np.int64(1), bids=[np.int64(0), np.int8(1)])
    assert numpy_.equals(plain) and list(numpy_.index) == [0, 1]
    for wrong in ([99], "01", [True], []):
        with pytest.raises(WizardError, match=r"Choose the bids to try from \[0, 1\]"):
            bid_values(view, samples=50, bids=wrong)


def test_averages_are_exact_fractions_the_same_on_every_computer():
    """Issue 21: a stored 12.203 came out 12.202 on another CPU (float sums added up in another order).
    With equal weights every average is a whole number over the deals, rounded once."""
    from wizard_edu.simulate import estimate_tricks

    start = Game(players=4, seed=11, hand_sizes=[5])
    view = start.view(start.to_move)
    table = bid_values(view, samples=4000, seed=1)
    deals = table.attrs["deals"]
    assert table.attrs["effective_deals"] == deals        # equal weights: exactly as many deals
    for column in ("expected score", "makes bid", "expected tricks"):
        for value in table[column]:
            exact = Fraction(value).limit_denominator(deals)
            assert (exact * deals).denominator == 1 and float(exact) == value, (column, value)
    same = estimate_tricks(view.hand, players=4, seat=0, turned_up=view.trump_card, samples=4000, seed=1)
    for value in [*same.bids()["expected score"], *same.expected_scores, same.expected_tricks]:
        exact = Fraction(value).limit_denominator(4000)
        assert (exact * 4000).denominator == 1 and float(exact) == value


def test_weighted_averages_do_not_depend_on_the_order_of_the_deals():
    """The same deals in another order (another CPU adds up in another order) give the same bits."""
    from wizard_edu.simulate.chances import _mean_se

    rng = np.random.default_rng(3)
    for trial in range(50):
        n = int(rng.integers(2, 3000))
        x = rng.integers(-60, 200, n)
        w = rng.integers(0, 2 ** 20, n) if trial % 2 else np.full(n, 2 ** 20)
        w[0] = 2 ** 20
        order = rng.permutation(n)
        mean, se = _mean_se(x, w)
        assert (mean, se) == _mean_se(x[order], w[order])
        assert mean == float(Fraction(int((w * x).sum()), int(w.sum())))
