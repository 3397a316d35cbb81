"""Property tests: thousands of random complete games, checked at every step.

Each example is one whole game for a random ruleset, player count, game seed and
sequence of choices (the choices come from hypothesis, so a failure shrinks).
"""

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wizard_edu import Game, IllegalPlayError, WizardError, legal_plays, score_round

GAMES = settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def all_cards(game: Game) -> Counter:
    """Every card in the round, wherever it is now: hands, the trick, finished tricks, the stock."""
    where = Counter()
    for hand in game.hands:
        where.update(hand)
    where.update(c for _, c in game.trick)
    for t in game.tricks:
        where.update(t.cards)
    where.update(game.stock)
    return where


def snapshot(game: Game) -> tuple:
    return (game.phase, game.to_move, [list(h) for h in game.hands], list(game.trick), len(game.history))


def play_random_game(game: Game, rnd) -> None:
    deck = Counter(game.ruleset.deck())
    rounds_seen = 0
    while not game.is_over:
        if len(game.rounds) != rounds_seen or not game.history:
            # A new round was dealt: sizes follow the schedule, every card is in exactly one place.
            rounds_seen = len(game.rounds)
            assert all(len(h) == game.hand_size for h in game.hands)
            assert game.hand_size == game.round_sizes[game.round_index]
            assert all_cards(game) == deck
        seat = game.to_move
        actions = game.legal_actions()
        assert actions, "the player to move always has something legal to do"
        action = rnd.choice(actions)
        if game.phase == "play":
            hand, trick = list(game.hands[seat]), game.trick_cards
            legal = legal_plays(hand, trick, game.ruleset)
            assert action.value in legal
            # Anything else the player holds that is not legal is refused without a change.
            illegal = [c for c in hand if c not in legal]
            if illegal:
                before = snapshot(game)
                try:
                    game.play(rnd.choice(illegal))
                except IllegalPlayError:
                    pass
                else:
                    raise AssertionError("an illegal card was accepted")
                assert snapshot(game) == before
        elif game.phase == "bid":
            assert [a.value for a in actions] == list(range(game.hand_size + 1))
        rounds_before = len(game.rounds)
        game.apply(action, seat)
        if game.phase == "play" and not game.trick and game.tricks:
            assert all_cards(game) == deck
        if len(game.rounds) > rounds_before:
            check_scored_round(game)


def check_scored_round(game: Game) -> None:
    r = game.rounds[-1]
    assert sum(r.won) == r.hand_size, "every trick of the round is won by someone"
    assert list(r.points) == [score_round(b, w, game.ruleset) for b, w in zip(r.bids, r.won)]
    previous = game.rounds[-2].totals if len(game.rounds) > 1 else (0,) * game.players
    assert list(r.totals) == [p + q for p, q in zip(previous, r.points)]
    assert all(0 <= b <= r.hand_size for b in r.bids)


@GAMES
@given(rules=st.sampled_from(["junior", "classic"]), players=st.integers(3, 6),
       seed=st.integers(0, 2**31 - 1), rnd=st.randoms(use_true_random=False))
def test_random_complete_games_keep_every_rule(rules, players, seed, rnd):
    game = Game(players=players, rules=rules, seed=seed, first_dealer=rnd.randrange(players))
    play_random_game(game, rnd)
    assert len(game.rounds) == len(game.round_sizes)
    assert game.score_pad().shape == (len(game.round_sizes), 4 * players)
    if rules == "junior":
        assert all(s >= 0 for s in game.scores)


@settings(max_examples=150, deadline=None)
@given(rules=st.sampled_from(["junior", "classic"]), players=st.integers(3, 6),
       seed=st.integers(0, 2**31 - 1), stop=st.integers(0, 400), rnd=st.randoms(use_true_random=False))
def test_same_seed_and_actions_replay_the_same_game_and_json_round_trips(rules, players, seed, stop, rnd):
    game = Game(players=players, rules=rules, seed=seed)
    for _ in range(stop):
        if game.is_over:
            break
        game.apply(rnd.choice(game.legal_actions()))
    again = Game.replay(players, rules, seed, game.history)
    assert again.to_json() == game.to_json()
    assert again.hands == game.hands and again.trick == game.trick and again.rounds == game.rounds
    loaded = Game.from_json(game.to_json())
    assert loaded.to_json() == game.to_json() and loaded.legal_actions() == game.legal_actions()


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 10**6), bid=st.integers(-3, 20))
def test_any_bid_outside_zero_to_hand_size_is_refused(seed, bid):
    game = Game(players=4, rules="classic", seed=seed)
    while game.phase != "bid":
        game.apply(game.legal_actions()[0])
    before = game.to_json()
    seat = game.to_move
    if 0 <= bid <= game.hand_size:
        game.bid(bid)
        assert game.bids[seat] == bid and game.to_json() != before  # an allowed bid is taken
    else:
        try:
            game.bid(bid)
        except WizardError:
            assert game.to_json() == before
        else:
            raise AssertionError("out-of-range bid accepted")
