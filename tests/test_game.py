"""The Game state machine: turns, phases, validation, views, history, save files."""

import dataclasses
import json
import random

import pytest

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
    score_round,
)
from wizard_edu.engine.game import TrickRecord
from wizard_edu.engine.rules.anniversary import werewolf_swap
from wizard_edu.engine.rules.core import trump_from_card


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
