"""The Game state machine: turns, phases, validation, views, history, save files."""

import dataclasses
import functools
import json
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wizard_edu import (
    Action,
    BidError,
    Card,
    Game,
    IllegalPlayError,
    OutOfTurnError,
    PlayerCountError,
    SaveFileError,
    TrumpError,
    UnknownRulesetError,
    WizardError,
    WrongPhaseError,
    legal_plays,
    make_player,
    play_game,
    score_round,
)
from wizard_edu.engine.game import TrickRecord
from wizard_edu.engine.rules import anniversary as anniversary_rules
from wizard_edu.engine.rules.anniversary import werewolf_swap
from wizard_edu.engine.rules.core import trump_from_card
from wizard_edu.errors import (
    CardTextError,
    HandSizeError,
    PlayerNameError,
    SeatError,
    SeedError,
)


def position(rules="classic", players=4, dealer=0, round=1, phase="bid", turned="R5", trump="R",
             hands="R3/G5/B7/Y9", bids=None, trick="-", tricks="-", rounds="-", scores=None) -> Game:
    """The game in the position these fields describe (docs/positions.md)."""
    bids = bids or ",".join(["-"] * players)
    scores = scores or ",".join(["0"] * players)
    return Game.from_position(
        f"wizard-edu/1 rules={rules} players={players} seed=1 dealer={dealer} round={round} phase={phase} "
        f"turned={turned} trump={trump} hands={hands} bids={bids} tricks={tricks} trick={trick} "
        f"rounds={rounds} scores={scores}")


def cards_in(obj) -> list:
    """Every Card reachable from ``obj`` (dataclasses such as a view, tuples, lists, dicts)."""
    if isinstance(obj, Card):
        return [obj]
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return [c for f in dataclasses.fields(obj) for c in cards_in(getattr(obj, f.name))]
    if isinstance(obj, dict):
        return [c for k, v in obj.items() for c in cards_in(k) + cards_in(v)]
    if isinstance(obj, (list, tuple)):
        return [c for x in obj for c in cards_in(x)]
    return []


def play_round(game):
    """Play the current round with the first legal action each time."""
    number = game.round_number
    while not game.is_over and game.round_number == number:
        game.apply(game.legal_actions()[0])


def test_new_game_deals_round_one_and_waits_for_the_first_bid():
    g = Game(players=4, rules="classic", seed=1)
    # The last seat deals round 1, so seat 0 (Player 1, on the dealer's left) is first to act.
    assert g.round_number == 1 and g.hand_size == 1 and g.dealer == 3 and g.leader == 0
    assert g.to_move == (3 if g.phase == "trump" else 0)
    assert [len(h) for h in g.hands] == [1, 1, 1, 1]
    assert g.phase in ("bid", "trump")


def test_bids_go_in_turn_from_the_dealers_left():
    g = position(dealer=2)
    order = []
    while g.phase == "bid":
        order.append(g.to_move)
        g.bid(0)
    assert order == [3, 0, 1, 2]


def test_player_left_of_dealer_leads_and_trick_winner_leads_next():
    # Junior round 2: the dealer is seat 1 (round 1 is scored: 1 chip each for exact bids).
    g = position("junior", players=3, dealer=1, round=2, turned="B4", trump="B", hands="R3.G5/B7.Y2/R8.G1",
                 rounds="R6;R;1.0.0;1.0.0;-;-", scores="1,1,1")
    assert g.dealer == 1
    for _ in range(3):
        g.bid(1)
    assert g.to_move == 2  # left of dealer 1
    for _ in range(3):
        g.play(g.legal_actions()[0].value)
    winner = g.tricks[-1].winner_seat
    assert g.to_move == winner and g.leader == winner


def test_wizard_turned_up_lets_the_dealer_choose_after_seeing_the_hand():
    g = position(phase="trump", turned="W", trump="-")
    assert g.phase == "trump" and g.to_move == g.dealer and g.trump is None
    assert g.view(g.dealer).hand == g.hands[g.dealer]  # the dealer can see their hand
    with pytest.raises(WrongPhaseError):
        g.bid(0)
    with pytest.raises(TrumpError):
        g.choose_trump(None)
    with pytest.raises(TrumpError):
        g.choose_trump("purple")
    with pytest.raises(OutOfTurnError):
        g.choose_trump("G", seat=(g.dealer + 1) % 4)
    g.choose_trump("g")
    assert g.trump == "G" and g.phase == "bid"


def test_jester_or_number_card_sets_trump_directly():
    kinds = set()
    for rules in ("junior", "classic"):
        for seed in range(40):
            g = Game(players=3, rules=rules, seed=seed)
            found = trump_from_card(g.trump_card, rules)
            kinds.add(g.trump_card.kind)
            if g.trump_card.is_wizard:
                assert g.phase == "trump"
            else:
                assert g.trump == found and g.phase == "bid"
    assert kinds == {"wizard", "jester", "number"}  # every branch above was exercised


@pytest.mark.parametrize("players, rules", [(6, "junior"), (3, "classic"), (4, "classic")])
def test_last_round_has_no_card_left_so_no_trump(players, rules):
    g = Game(players=players, rules=rules, seed=5)
    while len(g.rounds) < len(g.round_sizes) - 1:
        play_round(g)
    # Every parameter deals the whole deck in the last round (6 x 6 = 36 Junior cards, 60 Classic cards).
    assert g.hand_size * players == g.ruleset.deck_size
    assert g.stock == [] and g.trump_card is None and g.trump is None and g.phase == "bid"


def test_junior_last_round_with_three_players_still_turns_up_a_card():
    g = Game(players=3, rules="junior", seed=5)
    while len(g.rounds) < 7:
        play_round(g)
    assert g.hand_size == 8 and g.trump_card is not None


def test_deal_passes_left_each_round():
    g = Game(players=5, seed=2, first_dealer=3)
    dealers = []
    while not g.is_over:
        dealers.append(g.dealer)
        play_round(g)
    assert dealers == [(3 + r) % 5 for r in range(12)]
    assert [r.dealer for r in g.rounds] == dealers


def test_bid_out_of_range_is_refused_and_changes_nothing():
    g = position()
    before = g.to_json()
    for bad in (2, -1, 1.5, "one"):
        with pytest.raises(BidError):
            g.bid(bad)
    assert g.to_json() == before


def test_out_of_turn_and_wrong_phase_are_refused():
    g = position()
    before = g.to_json()
    with pytest.raises(OutOfTurnError, match="Player 2's turn, not Player 3's"):
        g.bid(0, seat=2)
    with pytest.raises(WrongPhaseError, match="cannot play now"):
        g.play(g.hands[1][0])
    with pytest.raises(WizardError):
        g.apply("bid 1")  # type: ignore[arg-type]
    assert g.to_json() == before


def test_illegal_card_is_refused_with_the_rule_and_changes_nothing():
    # Round 2, seat 2 led the blue 7: seat 0 holds B4 and a red card.
    g = position(players=3, dealer=1, round=2, phase="play", turned="G5", trump="G", hands="B4.R3/G9.R2/Y1",
                 bids="1,0,1", trick="B7", rounds="R6;R;1.0.0;1.0.0;-;-", scores="30,20,20")
    assert [str(a) for a in g.legal_actions()] == ["play B4"]
    before = g.position()
    with pytest.raises(IllegalPlayError, match="You must follow blue: you hold B4."):
        g.play("R3")
    assert g.position() == before
    with pytest.raises(IllegalPlayError, match="do not hold"):
        g.play("W")
    assert g.position() == before
    assert legal_plays(g.hands[0], g.trick_cards) == [Card.parse("B4")]


def test_round_is_scored_by_the_formula_and_next_round_dealt():
    g = Game(players=3, rules="classic", seed=11)
    play_round(g)
    r = g.rounds[0]
    assert sum(r.won) == 1
    assert list(r.points) == [score_round(b, w) for b, w in zip(r.bids, r.won)]
    assert g.scores == list(r.totals)
    assert g.round_number == 2 and all(len(h) == 2 for h in g.hands)


def test_game_over_and_winners_share_ties():
    g = Game(players=3, rules="junior", seed=3)
    with pytest.raises(WrongPhaseError):
        g.winners()
    while not g.is_over:
        g.apply(g.legal_actions()[0])
    best = max(g.scores)
    assert g.winners() == [i for i, s in enumerate(g.scores) if s == best]
    assert g.to_move is None and g.legal_actions() == []
    with pytest.raises(WrongPhaseError, match="over"):
        g.bid(0)
    assert "Game over" in g.status()


def test_view_shows_only_what_the_seat_may_see():
    g = position()
    v = g.view(2)
    assert v.hand == g.hands[2]
    assert v.visible_hands == {}
    shown = cards_in(v)  # every card anywhere in the view
    hidden = [c for other in (0, 1, 3) for c in g.hands[other] if c not in g.hands[2] and c != g.trump_card]
    assert hidden, "the other seats hold cards that seat 2 must not see"
    for card in hidden:
        assert card not in shown
    assert set(shown) <= {*g.hands[2], g.trump_card}
    assert v.hand_counts == (1, 1, 1, 1)
    assert v.legal == () and not v.my_turn  # seat 1 is to move
    assert g.view(1).legal_bids == [0, 1]
    with pytest.raises(WizardError):
        g.view(4)


def test_history_replays_and_json_round_trips_a_game_in_progress():
    g = Game(players=5, rules="classic", seed=99, names=["Ann", "Bo", "Cy", "Di", "Ed"], first_dealer=1)
    for _ in range(37):
        g.apply(g.legal_actions()[-1])
    text = g.to_json()
    h = Game.from_json(text)
    assert h.to_json() == text
    assert h.hands == g.hands and h.scores == g.scores and h.phase == g.phase and h.trick == g.trick
    assert Game.replay(5, "classic", 99, g.history, names=g.names, first_dealer=1).to_json() == text
    c = g.copy()
    c.apply(c.legal_actions()[0])
    assert g.to_json() == text  # the copy is independent


@pytest.mark.parametrize("text, message", [
    ("not json", "not JSON"),
    ("[1, 2]", "not a saved Wizard game"),
    (json.dumps({"format": "chess"}), "not a saved Wizard game"),
    (json.dumps({"format": "wizard-edu-game", "version": 99}), "version 99"),
    (json.dumps({"format": "wizard-edu-game", "version": 1}), "broken or incomplete"),
])
def test_broken_or_foreign_save_files_are_clear_errors(text, message):
    with pytest.raises(SaveFileError, match=message):
        Game.from_json(text)


def test_save_file_with_a_tampered_action_does_not_replay():
    g = Game(players=3, rules="junior", seed=4)
    g.apply(g.legal_actions()[0])
    data = json.loads(g.to_json())
    data["actions"][0][2] = 7  # a bid of 7 in round 1
    with pytest.raises(SaveFileError, match="does not replay"):
        Game.from_json(json.dumps(data))
    data = json.loads(g.to_json())
    data["rules"]["name"] = "poker"
    with pytest.raises(SaveFileError):
        Game.from_json(json.dumps(data))


def test_bad_game_arguments():
    with pytest.raises(PlayerCountError):
        Game(players=7)
    with pytest.raises(UnknownRulesetError):
        Game(rules="snap")
    with pytest.raises(WizardError):
        Game(players=3, names=["a", "b"])
    with pytest.raises(WizardError):
        Game(players=3, first_dealer=3)
    with pytest.raises(WizardError):
        Game(seed="abc")  # type: ignore[arg-type]


def test_same_seed_same_deals_different_seed_different_deals():
    assert Game(seed=8).hands == Game(seed=8).hands
    assert Game(seed=8, players=6).hands != Game(seed=9, players=6).hands
    # No seed given: one is drawn, and it replays the game like any other seed.
    drawn = Game(seed=None, players=6)
    assert drawn.seed.__class__ is int and 0 <= drawn.seed < 2**31
    assert Game(seed=drawn.seed, players=6).hands == drawn.hands


def test_action_text_and_json():
    a = Action("play", __import__("wizard_edu").Card.parse("R7"))
    assert str(a) == "play R7" and Action.from_json(a.to_json()) == a
    assert str(Action("trump", None)) == "trump no trump"


def test_status_sentences():
    g = position("junior", players=3, hands="R3/G5/B7")
    assert g.status() == "Round 1 (1 card, trump red): Player 2 to bid."
    assert g.status().startswith("Round 1 (1 card")
    assert "Player 2 to bid" in g.status()


def test_custom_hand_sizes_for_practice_rounds():
    g = Game(players=4, seed=3, hand_sizes=[5, 2])
    assert g.round_sizes == [5, 2] and all(len(h) == 5 for h in g.hands)
    while not g.is_over:
        g.apply(g.legal_actions()[0])
    assert [r.hand_size for r in g.rounds] == [5, 2]
    h = Game(players=4, seed=3, hand_sizes=[5, 2])
    h.apply(h.legal_actions()[0])
    assert Game.from_json(h.to_json()).round_sizes == [5, 2]
    assert "hand_sizes" not in Game(players=4, seed=3).to_json()
    for bad in ([], [0], [16], [2.5]):
        with pytest.raises(WizardError, match="Hand sizes"):
            Game(players=4, hand_sizes=bad)


# -- dealing, scoring and bids: the engine does what the rules and the seed say -----------------------------
def test_round_generators_are_random_Random_of_the_seed_text():
    g = Game(players=4, seed=123)
    for index in (0, 1, 14):
        assert g.round_rng(index).getstate() == random.Random(f"wizard-edu:123:{index}").getstate()


@pytest.mark.parametrize("rules", ["classic", "junior", "anniversary"])
def test_a_round_is_the_deck_shuffled_by_its_generator_and_dealt_from_the_dealers_left(rules):
    """The deal, spelled out: random.Random(f"wizard-edu:{seed}:{round}").shuffle(the ordered deck), then
    hand_size cards to each seat from the dealer's left (each hand sorted), and the rest is the stock."""
    from wizard_edu.engine.cards import sorted_hand

    for seed in range(10):
        game = Game(players=4, rules=rules, seed=seed, first_dealer=seed % 4, hand_sizes=[3, 5])
        for index in (0, 1):
            while game.round_index < index:
                game.apply(game.legal_actions()[0])
            deck = list(game.ruleset.deck())
            random.Random(f"wizard-edu:{seed}:{index}").shuffle(deck)
            size, dealer = game.hand_size, game.dealer
            for i in range(4):
                hand = game.hands[(dealer + 1 + i) % 4]
                if werewolf_swap(game) is None:
                    assert hand == sorted_hand(deck[i * size:(i + 1) * size])
            if werewolf_swap(game) is None:
                assert game.stock == deck[4 * size:] and game.trump_card == deck[4 * size]


def test_round_scores_follow_the_rulesets_score_in_whole_games():
    for rules in ("classic", "junior"):
        game = Game(players=3, rules=rules, seed=11)
        rng = random.Random(11)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        totals = [0, 0, 0]
        for record in game.rounds:
            assert record.points == tuple(game.ruleset.score(b, w) for b, w in zip(record.bids, record.won))
            totals = [t + p for t, p in zip(totals, record.points)]
            assert list(record.totals) == totals


@pytest.mark.parametrize("options", [{}, {"bid_rule": "plus-minus-one"}, {"bid_rule": "canadian"}])
def test_every_bid_decision_offers_exactly_the_bids_the_rules_allow(options):
    from wizard_edu.engine.rules.core import allowed_bids

    for players in (3, 4, 5, 6):
        game = Game(players=players, rules="classic", seed=players, **options)
        rng = random.Random(players)
        while not game.is_over:
            legal = game.legal_actions()
            if game.phase == "bid":
                made = [b for b in game.bids if b is not None]
                leads = options.get("bid_rule") == "canadian" and game.dealer_leads_alone()
                assert [a.value for a in legal] == allowed_bids(game.hand_size, made, players=players,
                                                                rules=game.ruleset, dealer_leads_alone=leads)
            game.apply(rng.choice(legal))


@pytest.mark.parametrize("rules, options", [("classic", {}), ("junior", {}), ("classic", {"bidding": "hidden"}),
                                            ("anniversary", {}), ("classic", {"monochrome": True})])
def test_trick_winners_and_results_agree_with_the_rules(rules, options):
    from wizard_edu.engine.rules.core import explain_trick

    for seed in range(15):
        g = Game(players=4, rules=rules, seed=seed, **options)
        rng = random.Random(seed)
        while not g.is_over and g.round_number < 6:
            for event in g.apply(rng.choice(g.legal_actions())):
                if type(event).__name__ != "TrickFinished":
                    continue
                record = event.record
                result = explain_trick(list(record.cards), g.rounds[-1].trump if not g.tricks else g.trump,
                                       g.ruleset)
                assert record.result == result
                winner = None if result.winner is None else record.plays[result.winner][0]
                assert record.winner_seat == winner


def test_a_trick_record_is_a_value():
    import pickle

    g = Game(players=3, rules="junior", seed=2, hand_sizes=[2])
    while not g.tricks:
        g.apply(g.legal_actions()[0])
    record = g.tricks[0]
    same = TrickRecord(record.leader, record.plays, record.result)
    assert same == record and hash(same) == hash(record) and repr(same) == repr(record)
    assert pickle.loads(pickle.dumps(record)) == record


def test_a_card_named_by_its_text_is_played_and_recorded_as_that_card():
    g = Game(players=4, seed=11, hand_sizes=[5])
    while g.phase == "bid":
        g.apply(g.legal_actions()[0])
    offered = g.legal_actions()[-1].value
    g.play(str(offered))  # (text: a new action, checked as such)
    assert g.history[-1][1].value is offered and g.trick[-1][1] is offered


def test_a_hand_changed_from_outside_is_looked_at_again():
    g = Game(players=4, seed=11, hand_sizes=[5])
    while g.phase == "bid":
        g.apply(g.legal_actions()[0])
    seat = g.to_move
    stale = g.legal_actions()
    card = stale[0].value
    g.state.hands[seat] = list(reversed(g.state.hands[seat]))  # the same cards, moved about
    before = g.hands[seat].count(card)
    g.apply(stale[0])
    assert g.hands[seat].count(card) == before - 1  # that card left the hand, not the one now first
    assert len(g.hands[seat]) == 4 and g.trick[-1][1] == card


@pytest.mark.parametrize(("rules", "options", "players"), [
    ("classic", {}, 4), ("junior", {}, 3), ("anniversary", {}, 5), ("classic", {"monochrome": True}, 4)])
def test_a_copied_or_pickled_game_is_the_same_game_and_a_separate_one(rules, options, players):
    """copy.copy, copy.deepcopy and pickle give a game in the same state (replayed from its save) that
    goes on by itself: playing one changes nothing in the other."""
    import copy
    import pickle

    game = Game(players=players, rules=rules, seed=5, **options)
    rng = random.Random(5)
    for _ in range(9):
        game.apply(rng.choice(game.legal_actions()))
    for made in (copy.copy(game), copy.deepcopy(game), pickle.loads(pickle.dumps(game))):
        assert made is not game and made.to_json() == game.to_json()
        assert made.legal_actions() == game.legal_actions()
        assert all(made.view(s) == game.view(s) for s in range(players))
        assert all(a is not b for a, b in zip(made.hands, game.hands))
        before = game.to_json()
        other = random.Random(1)
        while not made.is_over:
            made.apply(other.choice(made.legal_actions()))
        assert game.to_json() == before  # the original did not move


def test_a_copy_of_a_game_set_up_from_a_position_keeps_the_position():
    import copy

    game = Game(players=4, rules="classic", seed=8)
    rng = random.Random(8)
    for _ in range(6):
        game.apply(rng.choice(game.legal_actions()))
    started = Game.from_position(game.position())
    started.apply(started.legal_actions()[0])
    made = copy.deepcopy(started)
    assert made.position() == started.position() and made.start_position == started.start_position
    assert made.history == started.history


# -- bad input: refused with a WizardError a teacher can read, nothing changed -------------------------------
# Bad input to Game and its public methods: a WizardError a teacher can read, and nothing changed.
#
# The last tests are a hypothesis fuzz test: random values of random types fed to the constructor,
# the public methods, Game.from_json / from_position, Action.parse, play_game and make_player, which
# may only answer or raise a WizardError.

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

METHODS = ["apply", "bid", "play", "choose_trump", "view",
           "hand_hidden", "visible_bids", "visible_hands", "legal_actions", "winners", "status",
           "dealer_leads_alone", "position", "to_json", "copy", "round_rng"]
# The Anniversary's own moves and questions are functions of its module over a game (the variant
# plugs in whole): fuzzed the same way, the game as their first argument.
ANNIVERSARY_MOVES = ["name_trump", "pass_card", "change_bid", "cloud_holder"]


@settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(["classic", "junior", "anniversary"]), st.integers(0, 40),
       st.sampled_from(METHODS + ANNIVERSARY_MOVES), st.lists(anything, max_size=2), st.integers(0, 30))
def test_fuzz_methods_change_nothing_when_refused(rules, seed, method, args, steps):
    game = Game(players=4, rules=rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):  # somewhere into the game, every phase of every edition
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    before = snapshot(game)
    call = (getattr(game, method) if method in METHODS
            else functools.partial(getattr(anniversary_rules, method), game))
    try:
        call(*args)
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
