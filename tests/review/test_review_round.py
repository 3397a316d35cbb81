"""Looking back at a round (issue 30, item 1): wizard_edu.review.review_round."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from wizard_edu.engine.cards import COLOUR_NAMES
from wizard_edu.engine.game import Game
from wizard_edu.engine.rules.core import explain_trick
from wizard_edu.errors import ArgumentError, SeatError, UnknownRulesetError, WizardError, WrongPhaseError
from wizard_edu.players.table import play_game
from wizard_edu.review import bid_time_game, review_round
from wizard_edu.simulate.chances import bid_values
from wizard_edu.simulate.odds import best_first_round_bid, one_card_win_probability


def one_card_games():
    """Seeded one-card rounds of every table size, Junior and Classic."""
    for rules in ("junior", "classic"):
        for players in (3, 4, 5, 6):
            for seed in range(10):
                yield play_game(["medium"] * players, rules=rules, seed=seed, hand_sizes=[1])


def test_one_card_rounds_agree_with_the_exact_odds() -> None:
    """Over many seeded deals: the chance of each bid is the kit's exact count for the card the seat
    played, from its place after the leader, with the card that was turned up."""
    counted = chosen = 0
    for game in one_card_games():
        record = game.rounds[0]
        for seat in range(game.players):
            review = review_round(game, 1, seat)
            if record.trump_card is not None and record.trump_card.is_wizard:
                assert not review.exact and review.samples > 0  # the dealer chose trump: the simulator
                assert f"the dealer chose {COLOUR_NAMES[record.trump]} as trump" in review.text
                assert review.bid_chances[0] + review.bid_chances[1] == pytest.approx(1, abs=0.011)
                chosen += 1
                continue
            # The seat's card and its place in the trick, read from the game's one trick:
            plays = _round_tricks(game)[0].plays
            place = [s for s, _ in plays].index(seat)
            card = dict(plays)[seat]
            p = one_card_win_probability(card, game.players, place, record.trump_card, game.ruleset)
            assert review.exact and review.samples == 0
            assert review.exact_chances == {0: 1 - p, 1: p}
            assert review.bid_chances == {0: round(float(1 - p), 2), 1: round(float(p), 2)}
            assert review.chance_errors == {0: 0.0, 1: 0.0}
            assert list(review.hand) == [card]
            best = best_first_round_bid(card, game.players, place, record.trump_card, game.ruleset)
            assert review.exact_scores == best.expected_scores
            if game.ruleset.scoring == "classic":
                assert review.best_bid == best.bid
            else:
                assert review.best_bid == (1 if p > Fraction(1, 2) else 0)
            assert (review.bid, review.tricks, review.points) == (
                record.bids[seat], record.won[seat], record.points[seat])
            assert review.turning_point is None
            counted += 1
    assert counted > 300 and chosen > 0


def _round_tricks(game: Game, number: int = 1):
    """The tricks of round ``number``, by replaying the game's actions (independent of the review)."""
    replay = Game(players=game.players, rules=game.ruleset, seed=game.seed, hand_sizes=game.round_sizes)
    state = None
    for seat, action in game.history:
        if replay.round_number == number:
            state = replay.state
        replay.apply(action, seat)
    assert state is not None
    return list(state.tricks)


@pytest.mark.parametrize("options", [{"bid_rule": "canadian"}, {"bid_rule": "plus-minus-one"},
                                     {"bidding": "secret"}])
def test_one_card_rounds_under_bidding_variants_are_counted_too(options) -> None:
    """A bidding limit changes the bids allowed, not who takes the trick: still the exact count."""
    for seed in range(8):
        game = play_game(["medium"] * 4, rules="classic", seed=seed, hand_sizes=[1], **options)
        plain = play_game(["medium"] * 4, rules="classic", seed=seed, hand_sizes=[1])
        if game.rounds[0].trump_card.is_wizard:
            continue
        for seat in range(4):
            review = review_round(game, 1, seat)
            counted = review_round(plain, 1, seat).exact_chances
            assert review.exact and review.exact_chances and counted
            allowed = bid_time_game(game, 1, seat).view(seat).legal_bids
            assert sorted(review.bid_chances) == allowed
            assert review.exact_chances == {b: counted[b] for b in allowed}


@pytest.mark.parametrize("rules, players, size, seed, seat", [
    ("junior", 4, 3, 2, 1),
    ("classic", 3, 5, 8, 2),
])
def test_estimates_lie_within_their_stated_error_of_a_long_simulation(rules, players, size, seed, seat) -> None:
    game = play_game(["medium"] * players, rules=rules, seed=seed, hand_sizes=[size])
    review = review_round(game, 1, seat)
    assert not review.exact and review.samples > 0
    long = bid_values(bid_time_game(game, 1, seat).view(seat), samples=60_000, seed=12345)
    assert sorted(long.index) == sorted(review.bid_chances)
    for b, row in long.iterrows():
        error = math.hypot(review.chance_errors[b], row["makes bid se"])
        assert abs(review.bid_chances[b] - row["makes bid"]) <= 3 * error + 0.005, b
        assert 0 < review.chance_errors[b] < 0.02 or review.bid_chances[b] in (0.0, 1.0)


def test_the_seat_is_seen_as_it_was_when_it_bid() -> None:
    game = play_game(["medium"] * 4, rules="classic", seed=3)
    number, seat = 5, 2
    record = game.rounds[number - 1]
    review = review_round(game, number, seat)
    tricks = _round_tricks(game, number)
    assert sorted(map(str, review.hand)) == sorted(str(c) for t in tricks for s, c in t.plays if s == seat)
    assert review.turned_up == record.trump_card and review.trump == record.trump
    order = [(record.dealer + 1 + i) % 4 for i in range(4)]
    assert review.bids_before == tuple((s, record.bids[s]) for s in order[:order.index(seat)])
    assert sorted(review.bid_chances) == list(range(number + 1))
    view = bid_time_game(game, number, seat).view(seat)
    assert view.phase == "bid" and view.to_move == seat and view.round_number == number
    assert view.scores == game.rounds[number - 2].totals


def test_steps_are_the_engine_s_tricks_with_winner_and_reason() -> None:
    game = play_game(["medium"] * 3, rules="junior", seed=5)
    review = review_round(game, 4, 0)
    tricks = _round_tricks(game, 4)
    assert len(review.steps) == 4
    for step, trick in zip(review.steps, tricks):
        cards = [c for _, c in trick.plays]
        result = explain_trick(cards, game.rounds[3].trump, "junior")
        assert step.plays == trick.plays and step.reason == result.reason and step.rule == result.rule
        assert step.winner == trick.plays[result.winner][0]
        assert game.names[step.winner] in step.text and result.reason in step.text


def test_best_bid_is_the_likeliest_in_junior_and_the_best_average_in_classic() -> None:
    junior = review_round(play_game(["medium"] * 3, rules="junior", seed=1), 5, 1)
    assert junior.best_bid == max(junior.bid_chances, key=lambda b: (junior.bid_chances[b], -b))
    classic = review_round(play_game(["medium"] * 4, rules="classic", seed=1), 4, 3)
    assert classic.best_bid == max(classic.expected_scores, key=lambda b: (classic.expected_scores[b], -b))
    assert classic.best_chance == classic.bid_chances[classic.best_bid]


def test_words_for_the_ruleset_and_age() -> None:
    junior = review_round(play_game(["medium"] * 3, rules="junior", seed=4), 3, 0)
    assert f"In 10 rounds like this one, you would win {junior.bid} trick" in junior.text
    assert "predicted" in junior.text and " bid" not in junior.text.lower()
    assert "may be a little off (by about 1 in 100)" in junior.text
    assert all(step.text in junior.text for step in junior.steps)
    classic = review_round(play_game(["medium"] * 4, rules="classic", seed=4), 3, 0)
    assert "expected score" in classic.text and "standard error" in classic.text
    assert f"You bid {classic.bid} and won" in classic.text
    older = review_round(play_game(["medium"] * 3, rules="junior", seed=4), 3, 0, kid=False)
    assert "in 100" in older.text and "expected score" in older.text and "predicted" in older.text
    one = review_round(play_game(["medium"] * 3, rules="junior", seed=4), 1, 0)
    assert "exact" in one.text


def test_the_same_round_gives_the_same_review_and_the_game_is_not_changed() -> None:
    game = play_game(["medium"] * 4, rules="classic", seed=2)
    before = (game.to_json(), game.position())
    first = review_round(game, 6, 1)
    assert (game.to_json(), game.position()) == before
    again = review_round(game, 6, 1)
    assert first == again and first.text == again.text


# -- the turning point, in a constructed position -----------------------------------------------------
# Classic, 3 players, 2 cards, trump red. Seat 0 leads G5; seat 1 bid 0 and holds G13 and G2: it must
# follow green, and G13 takes the trick unless seat 2 (which it cannot see) beats it, so its 0 is
# almost surely lost; G2 (the coach's card) ducks under G5.
POSITION = ("wizard-edu/1 rules=classic players=3 seed=1 dealer=2 round=1 phase=play turned=R5 trump=R "
            "hands=G5.B3/G13.G2/Y4.Y9 bids=1,0,0 tricks=- trick=- rounds=- scores=0,0,0 sizes=2")


def _played(cards: list[str]) -> Game:
    game = Game.from_position(POSITION)
    for card in cards:
        game.play(card)
    assert len(game.rounds) == 1
    return game


def test_the_turning_point_is_the_card_that_cost_the_bid_its_chance() -> None:
    game = _played(["G5", "G13", "Y4", "G2", "Y9", "B3"])
    review = review_round(game, 1, 1)
    assert review.bid == 0 and review.tricks == 2  # G13, then G2 led: nobody else holds green
    tp = review.turning_point
    assert tp is not None
    assert (tp.trick, str(tp.card), str(tp.coach_card)) == (1, "G13", "G2")
    assert tp.chance_before >= 0.8 and tp.chance_after <= 0.35 and tp.change >= 0.5
    assert "G2" in tp.coach_says or "green 2" in tp.coach_says
    assert "turning point" in review.text.lower() and "green 13" in review.text
    assert review.bids_before == ((0, 1),)


def test_no_turning_point_when_the_seat_played_the_coach_s_card() -> None:
    review = review_round(_played(["G5", "G2", "Y4", "B3", "G13", "Y9"]), 1, 1)
    assert review.tricks == 0 and review.turning_point is None
    assert "No card you played changed" in review.text


# -- errors ---------------------------------------------------------------------------------------------
def test_errors_a_teacher_can_read_aloud() -> None:
    game = Game(players=3, rules="junior", seed=1)
    game.bid(0)
    with pytest.raises(WrongPhaseError, match="Round 1 is not finished yet"):
        review_round(game, 1, 0)
    done = play_game(["medium"] * 3, rules="junior", seed=1)
    with pytest.raises(SeatError, match="There is no seat 3 at this table: the seats are 0 \\(Player 1\\)"):
        review_round(done, 1, 3)
    with pytest.raises(SeatError):
        review_round(done, 1, True)
    with pytest.raises(ArgumentError, match="there is no round 9"):
        review_round(done, 9, 0)
    with pytest.raises(ArgumentError, match="not 'a save'|a Game"):
        review_round("a save", 1, 0)
    with pytest.raises(ArgumentError):
        review_round(done.to_json(), 1, 0)
    anniversary = play_game(["medium"] * 3, rules="anniversary", seed=1, hand_sizes=[1])
    with pytest.raises(UnknownRulesetError, match="Junior and Classic"):
        review_round(anniversary, 1, 0)
    later = Game.from_position(_position_in_round_two())
    _finish(later)
    with pytest.raises(WizardError, match="set up from a position in round 2"):
        review_round(later, 1, 0)
    assert review_round(later, 2, 0).round_number == 2


def _position_in_round_two() -> str:
    game = Game(players=3, rules="junior", seed=2, hand_sizes=[1, 2])
    _finish(game, rounds=1)
    return game.position()


def _finish(game: Game, rounds: int | None = None) -> None:
    from wizard_edu.players.table import make_player

    bots = [make_player("medium", seed=s) for s in range(game.players)]
    target = len(game.round_sizes) if rounds is None else rounds
    while not game.is_over and len(game.rounds) < target:
        game.apply(bots[game.to_move].act(game.view(game.to_move)), game.to_move)
