"""Bad input to Game and its public methods: a WizardError a teacher can read, and nothing changed.

The last tests are a hypothesis fuzz test: random values of random types fed to the constructor,
the public methods, Game.from_json / from_position, Action.parse, play_game and make_player, which
may only answer or raise a WizardError.
"""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wizard_edu import Game, WizardError, make_player, play_game
from wizard_edu.engine.cards import Card
from wizard_edu.engine.game import Action
from wizard_edu.errors import (
    BidError,
    CardTextError,
    HandSizeError,
    IllegalPlayError,
    OutOfTurnError,
    PlayerCountError,
    PlayerNameError,
    SeatError,
    SeedError,
    UnknownRulesetError,
    WrongPhaseError,
)


def snapshot(game: Game) -> str:
    """Everything a game is: its position and its save file."""
    return game.position() + "\n" + game.to_json()


# -- the constructor -------------------------------------------------------------------------------
@pytest.mark.parametrize("names", [5, "Ada", b"Ada", {"Ada": 1}, [1, 2, 3, 4], ["Ada", "Ben", "Cy", None],
                                   ["Ada", "Ben", "Cy"], ["Ada", "Ben", "Cy", "Di", "Eve"],
                                   ["Ada", "Ben", "", "Di"], ["Ada", "Ben", "   ", "Di"], ["x" * 41] * 4])
def test_names_must_be_a_list_of_short_texts_one_per_player(names):
    with pytest.raises(PlayerNameError, match="name"):
        Game(players=4, names=names, seed=1)


def test_a_single_text_is_not_three_names():
    # Game(players=3, names="Ada") used to name the players A, d and a.
    with pytest.raises(PlayerNameError, match="list of text"):
        Game(players=3, names="Ada", seed=1)


def test_names_from_any_iterable_and_an_endless_one_is_not_read_to_its_end():
    assert Game(players=3, names=(n for n in ["Ada", "Ben", "Cy"]), seed=1).names == ("Ada", "Ben", "Cy")

    def endless():
        while True:
            yield "Ada"

    with pytest.raises(PlayerNameError, match="more than 3"):
        Game(players=3, names=endless(), seed=1)


@pytest.mark.parametrize("hand_sizes", [5, "5", b"5", {5: 1}, [], [0], [-1], [5.0], [True], [None], [16],
                                        [1] * 101, range(10**12)])
def test_hand_sizes_must_be_a_list_of_possible_hand_sizes(hand_sizes):
    with pytest.raises(HandSizeError, match="Hand sizes are a list of whole numbers from 1 to 15"):
        Game(players=4, hand_sizes=hand_sizes, seed=1)


@pytest.mark.parametrize("first_dealer", [True, False, -1, 4, 1.0, "0"])
def test_first_dealer_must_be_a_seat(first_dealer):
    with pytest.raises(SeatError, match="first dealer must be a seat from 0 to 3"):
        Game(players=4, first_dealer=first_dealer, seed=1)


@pytest.mark.parametrize("seed", ["abc", "7", 1.5, True, False, [1], b"1", 2**63, -(2**63) - 1, 10**40])
def test_seeds_must_be_whole_numbers_of_a_sensible_size(seed):
    with pytest.raises(SeedError, match="The seed must be a whole number"):
        Game(players=4, seed=seed)


def test_a_seed_too_long_to_print_is_refused_too():
    with pytest.raises(SeedError, match="The seed must be a whole number"):
        Game(players=4, seed=10**5000)


@pytest.mark.parametrize("seed", [0, 7, -3, 2**63 - 1, -(2**63)])
def test_whole_number_seeds_are_accepted_and_replay(seed):
    assert Game(players=4, seed=seed).hands == Game(players=4, seed=seed).hands


@pytest.mark.parametrize("players, error", [("4", PlayerCountError), (4.0, PlayerCountError),
                                            (True, PlayerCountError), (2, PlayerCountError),
                                            (None, PlayerCountError)])
def test_players_must_be_a_whole_number_from_3_to_6(players, error):
    with pytest.raises(error):
        Game(players=players, seed=1)


@pytest.mark.parametrize("rules", [5, None, "chess", ["classic"]])
def test_unknown_rules_are_refused(rules):
    with pytest.raises(UnknownRulesetError):
        Game(players=4, rules=rules, seed=1)


# -- acting ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("seat", [True, False, -1, 4, 1.0, "1", [1]])
def test_seats_must_be_seats_and_nothing_changes(seat):
    game = Game(players=4, seed=3)
    before = snapshot(game)
    with pytest.raises(SeatError, match="seats are whole numbers from 0 to 3"):
        game.bid(0, seat=seat)
    with pytest.raises(SeatError):
        game.apply(game.legal_actions()[0], seat)
    with pytest.raises(SeatError):
        game.view(seat)
    assert snapshot(game) == before


def test_bid_with_seat_true_is_not_seat_1():
    game = Game(players=4, seed=3, first_dealer=0)  # seat 1 is to bid: True == 1, but True is not a seat
    assert game.to_move == 1
    with pytest.raises(SeatError, match="True"):
        game.bid(0, seat=True)
    assert game.bids == [None] * 4


def play_phase_game() -> Game:
    game = Game(players=4, seed=3, hand_sizes=[5])
    while game.phase == "bid":
        game.apply(game.legal_actions()[0])
    return game


@pytest.mark.parametrize("action, error", [
    ("play R7", WizardError), (None, WizardError), (Action("bid", 1), WrongPhaseError),
    (Action("play", 5), CardTextError), (Action("play", "R14"), CardTextError),
    (Action("play", [1]), CardTextError), (Action(["play"], "R7"), WrongPhaseError),
])
def test_refused_actions_in_the_play_phase_change_nothing(action, error):
    game = play_phase_game()
    before = snapshot(game)
    with pytest.raises(error):
        game.apply(action)
    assert snapshot(game) == before


def test_a_card_not_held_or_not_following_is_refused_with_the_reason_and_nothing_changes():
    game = play_phase_game()
    seat = game.to_move
    held = set(game.hands[seat])
    missing = next(c for c in Game(players=4, seed=3).ruleset.deck() if c not in held)
    before = snapshot(game)
    with pytest.raises(IllegalPlayError, match="You do not hold"):
        game.play(missing)
    assert snapshot(game) == before
    with pytest.raises(OutOfTurnError):
        game.apply(game.legal_actions()[0], (seat + 1) % 4)
    assert snapshot(game) == before


def test_a_stale_legal_action_from_an_earlier_turn_is_checked_again():
    game = play_phase_game()
    first = game.legal_actions()
    game.apply(first[0])
    stale = [a for a in first[1:] if a not in game.legal_actions()]
    for action in stale:
        before = snapshot(game)
        with pytest.raises(IllegalPlayError):
            game.apply(action)
        assert snapshot(game) == before


@pytest.mark.parametrize("value", [True, -1, 6, 1.0, "1", None, [1]])
def test_bad_bids_are_refused_and_nothing_changes(value):
    game = Game(players=4, seed=3, hand_sizes=[5])
    before = snapshot(game)
    with pytest.raises(BidError):
        game.bid(value)
    assert snapshot(game) == before


def test_numpy_whole_numbers_are_whole_numbers():
    np = pytest.importorskip("numpy")
    plain = Game(players=4, seed=5, first_dealer=1, hand_sizes=[3, 2])
    game = Game(players=np.int64(4), seed=np.int64(5), first_dealer=np.int32(1), hand_sizes=[np.int64(3), np.int8(2)])
    assert game.position() == plain.position() and game.to_json() == plain.to_json()
    assert game.players.__class__ is int and game.round_sizes == [3, 2]
    seat = game.to_move
    assert game.bid(np.int64(1), seat=np.int64(seat)) == plain.bid(1, seat=seat)
    assert game.bids[seat].__class__ is int and game.to_json() == plain.to_json()  # (json would refuse numpy's)


@pytest.mark.parametrize("call, error", [
    (lambda: Game(players=4.0), PlayerCountError), (lambda: Game(players=True), PlayerCountError),
    (lambda: Game(seed=True), SeedError), (lambda: Game(seed=5.0), SeedError),
    (lambda: Game(hand_sizes=[True]), HandSizeError), (lambda: Game(hand_sizes=[2.0]), HandSizeError),
    (lambda: Game(seed=1).bid(1.0), BidError), (lambda: Game(seed=1).bid(False), BidError),
])
def test_bools_and_floats_are_still_not_whole_numbers(call, error):
    with pytest.raises(error):
        call()


@pytest.mark.parametrize("names", [["Ada", "Ben", "Ada"], ["Ada", "Ben", "ada "]])
def test_two_players_may_not_share_a_name(names):
    # The score pad had two columns of one name.
    with pytest.raises(PlayerNameError, match="Two players are called 'Ada'|Two players are called 'ada'"):
        Game(players=3, names=names)


@pytest.mark.parametrize("field, value", [("kind", "banana"), ("rank", 99), ("colour", "purple"), ("rank", "7"),
                                          ("rank", None)])
def test_a_card_forged_past_its_checks_is_refused_saying_why(field, value):
    # object.__setattr__ on a frozen card used to end in a bare KeyError inside play().
    # (There is one object for each card, so a forgery is a new object made around Card's checks.)
    game = play_phase_game()
    real = game.legal_actions()[0].value
    card = object.__new__(Card)
    for name in ("kind", "colour", "rank"):
        object.__setattr__(card, name, value if name == field else getattr(real, name))
    before = snapshot(game)
    with pytest.raises(CardTextError, match="is not a card|not a kind of card|not in the"):
        game.play(card)
    assert snapshot(game) == before


def test_replay_refuses_actions_that_are_not_actions():
    with pytest.raises(WizardError):
        Game.replay(4, "classic", 1, [5])


# -- the fuzz test ---------------------------------------------------------------------------------
anything = st.recursive(
    st.none() | st.booleans() | st.integers() | st.integers(min_value=-3, max_value=20)
    | st.floats(allow_nan=True) | st.text(max_size=12) | st.binary(max_size=8)
    | st.sampled_from(["classic", "junior", "anniversary", "R7", "W", "Juggler:R", "bid 2", "play R7",
                       "trump R", "Ada", "open", "hidden", "random", "rule-of-thumb"]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=5), inner, max_size=4)
    | st.tuples(inner, inner),
    max_leaves=12,
)

def often(*good):
    """Mostly a good value (so that the later arguments get looked at), sometimes anything."""
    return st.sampled_from(good) | anything


CONSTRUCTOR_KEYS = ["players", "rules", "seed", "first_dealer", "names", "hand_sizes", "bidding", "bid_rule",
                    "schedule", "clairvoyance", "monochrome", "colour"]


def result_or_wizard_error(call, *args, **kwargs):
    """What ``call`` returns, or ``None`` if it refused its arguments with a WizardError (and nothing else)."""
    try:
        return call(*args, **kwargs)
    except WizardError:
        return None


def a_whole_game(game: Game) -> None:
    """A game the constructor accepted is a real one: someone is to move, with something to do, and its
    save file loads back into the same game."""
    assert game.to_move in range(game.players) and game.legal_actions()
    assert len(game.names) == len(set(game.names)) == game.players
    assert Game.from_json(game.to_json()).position() == game.position()


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.dictionaries(st.sampled_from(CONSTRUCTOR_KEYS), anything, max_size=5))
def test_fuzz_constructor(kwargs):
    game = result_or_wizard_error(Game, **kwargs)
    if game is not None:
        a_whole_game(game)


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(often(3, 4, 5), often("classic", "junior", "anniversary"), often(None, 1), often(0, 1),
       often(None, ["Ada", "Ben", "Cy"]), often(None, [1, 2], [5]))
def test_fuzz_constructor_one_bad_argument_at_a_time(players, rules, seed, first_dealer, names, hand_sizes):
    game = result_or_wizard_error(Game, players, rules, seed, first_dealer=first_dealer, names=names,
                                  hand_sizes=hand_sizes)
    if game is not None:
        a_whole_game(game)
        # No first dealer given: the last seat deals round 1 (Player 1, seat 0, bids first).
        assert game.players == players and game.first_dealer == (players - 1 if first_dealer is None else first_dealer)


#: Python's words for a call with the wrong number of arguments.
WRONG_ARITY = re.compile(r"positional argument")

METHODS = ["apply", "bid", "play", "choose_trump", "name_trump", "pass_card", "change_bid", "view",
           "hand_hidden", "visible_bids", "visible_hands", "legal_actions", "winners", "status",
           "dealer_leads_alone", "cloud_holder", "position", "to_json", "copy", "round_rng"]


@settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(["classic", "junior", "anniversary"]), st.integers(0, 40),
       st.sampled_from(METHODS), st.lists(anything, max_size=2), st.integers(0, 30))
def test_fuzz_methods_change_nothing_when_refused(rules, seed, method, args, steps):
    game = Game(players=4, rules=rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):  # somewhere into the game, every phase of every edition
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    before = snapshot(game)
    try:
        getattr(game, method)(*args)
    except WizardError:
        assert snapshot(game) == before
    except TypeError as exc:  # only a wrong number of arguments may be a TypeError
        assert WRONG_ARITY.search(str(exc)), exc
        assert snapshot(game) == before
    # Whatever happened, the game still plays on.
    if not game.is_over:
        game.apply(game.legal_actions()[0])


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(anything)
def test_fuzz_text_readers(value):
    # Whatever is read prints back as the same thing: nothing is half-read.
    for read in (Game.from_json, Game.from_position):
        game = result_or_wizard_error(read, value)
        if game is not None:
            assert read(game.to_json() if read is Game.from_json else game.position()).position() == game.position()
    action = result_or_wizard_error(Action.parse, value)
    assert action is None or Action.parse(str(action)) == action
    card = result_or_wizard_error(Card.parse, value)
    assert card is None or Card.parse(str(card)) == card


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(often(3, 4), often("classic", "junior"), often(0, 5), anything, st.lists(anything, max_size=3))
def test_fuzz_replay(players, rules, seed, actions, more):
    for moves in (actions, [Action("bid", 0), *more, (1, Action("bid", 1))]):
        game = result_or_wizard_error(Game.replay, players, rules, seed, moves)
        if game is not None:  # every move was applied, each one recorded
            assert len(game.history) == len(list(moves))


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(often(3, ["random", "rule-of-thumb", "random"]), often("junior"), often(0, 3))
def test_fuzz_play_game_and_make_player(players, rules, seed):
    result_or_wizard_error(make_player, players, seed)
    if isinstance(players, int) and not isinstance(players, bool) and 3 <= players <= 6:
        players = 3  # a short game: the point is the arguments, not the playing
    if isinstance(rules, str) and rules.strip().lower() in ("classic", "anniversary"):
        rules = "junior"
    game = result_or_wizard_error(play_game, players, rules, seed)
    assert game is None or game.is_over


def test_a_copy_of_a_real_card_made_around_its_checks_plays_as_that_card():
    game = play_phase_game()
    real = game.legal_actions()[0].value
    copy = object.__new__(Card)
    for name in ("kind", "colour", "rank"):
        object.__setattr__(copy, name, getattr(real, name))
    assert copy is not real
    game.play(copy)
    assert game.history[-1][1].value is real
