"""Property tests: many random games in every variant, checked against the rulings written out again here.

Each example plays one whole game with random legal actions taken from the players' views and checks,
after every action: every card is in exactly one place; views show only what the variant allows; the
legal bids and plays are exactly those the rulings allow (and other bids and cards are refused without
changing anything); at the end, every round scores by the formula, and the seed plus the actions replay
the game and survive a JSON round trip.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from variant_helpers import all_cards_in_play, expected_cards

from wizard_edu import (
    Action,
    BidError,
    Card,
    Game,
    IllegalPlayError,
    PlayerCountError,
    TrumpError,
    WrongPhaseError,
)
from wizard_edu.engine.rules.anniversary import werewolf_swap

BIDDING_VARIANTS = [
    ("classic", {"bidding": "hidden"}),
    ("classic", {"bidding": "secret"}),
    ("classic", {"bid_rule": "canadian"}),
    ("classic", {"bid_rule": "plus-minus-one"}),
    ("junior", {"bid_rule": "plus-minus-one", "bidding": "hidden"}),
    ("junior", {"bid_rule": "canadian", "bidding": "secret"}),
    ("classic", {"schedule": "tournament", "bid_rule": "canadian"}),
]
CARD_VARIANTS = [
    ("classic", {"clairvoyance": True}),
    ("classic", {"monochrome": True}),
    ("classic", {"monochrome": True, "bidding": "secret", "bid_rule": "plus-minus-one"}),
    ("junior", {"clairvoyance": True}),
]
ANNIVERSARY_VARIANTS = [
    ("anniversary", {}),
    ("anniversary", {"clairvoyance": True, "bid_rule": "canadian"}),
    ("anniversary", {"schedule": "tournament", "bidding": "secret"}),
    ("anniversary", {"bid_rule": "plus-minus-one", "bidding": "hidden"}),
]

PROPERTY_SETTINGS = settings(max_examples=25, deadline=None,
                             suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def games(variants):
    @st.composite
    def build(draw):
        rules, options = draw(st.sampled_from(variants))
        low = 4 if options.get("schedule") == "tournament" else 3
        high = 4 if options.get("monochrome") else 6
        if options.get("schedule") == "tournament" and options.get("clairvoyance"):
            low = 6
        players = draw(st.integers(low, high))
        seed = draw(st.integers(0, 2**31 - 1))
        return Game(players, rules, seed=seed, first_dealer=draw(st.integers(0, players - 1)), **options)
    return build()


# -- the rulings, written out independently of the engine -------------------------------------------------
def ruling_bids(game: Game) -> list[int]:
    n, made = game.hand_size, [b for b in game.bids if b is not None]
    bids = list(range(n + 1))
    if len(made) != game.players - 1:
        return bids
    rule = game.ruleset.bid_rule
    previous = game.rounds[-1].totals if game.rounds else (0,) * game.players
    leads_alone = previous.count(max(previous)) == 1 and previous[game.dealer] == max(previous)
    if rule == "plus-minus-one":
        return [b for b in bids if sum(made) + b != n]
    if rule == "canadian" and leads_alone:
        return [b for b in bids if sum(made) + b != n or b == 0]
    return bids


def ruling_plays(game: Game, hand) -> set[Card]:
    if game.ruleset.monochrome:
        return set(hand)
    led = None
    for card in game.trick_cards:
        if card.is_wizard:
            break
        if card.colour is not None:
            led = card.colour
            break
    must = led is not None and any(c.is_number and c.colour == led for c in hand)
    return {c for c in hand if c.kind != "werewolf" and (not must or not c.is_number or c.colour == led)}


def ruling_score(ruleset, bid: int, won: int) -> int:
    if ruleset.scoring == "junior":
        return (max(bid, 1) if bid == won else 0)
    return 20 + 10 * won if bid == won else -10 * abs(bid - won)


# -- the checks ----------------------------------------------------------------------------------------
def check_cards(game: Game) -> None:
    assert all_cards_in_play(game) == expected_cards(game)


def check_views(game: Game) -> None:
    hidden_round = game.ruleset.clairvoyance and game.round_index == 0
    for seat in range(game.players):
        view = game.view(seat)
        assert view.hand_hidden == hidden_round
        if hidden_round:
            assert len(view.hand) == 0 and sorted(view.visible_hands) == [s for s in range(game.players) if s != seat]
        else:
            assert view.hand == game.hands[seat] and view.visible_hands == {}
        style = game.ruleset.bidding
        for other, bid in enumerate(view.bids):
            shown = other == seat or style == "open" or (style == "hidden" and game.phase != "bid")
            assert bid == (game.bids[other] if shown else None)
        pending = getattr(game.state.extra, "pending", [None] * game.players)  # Anniversary only
        chosen = [p for p in pending if p is not None]
        assert view.pending_pass == pending[seat]
        assert game.phase == "pass" or not chosen  # cards chosen to pass exist only while passing
        if seat == game.to_move:
            legal = game.legal_actions()
            if hidden_round and game.phase == "play" and all(a.value.kind not in ("juggler", "cloud")
                                                             for a in legal):
                assert view.legal == (Action("play", None),)
            else:
                assert list(view.legal) == legal
        else:
            assert view.legal == ()


def check_legal_and_refusals(game: Game, rng: random.Random) -> None:
    seat = game.to_move
    if game.phase == "bid":
        legal = [a.value for a in game.legal_actions()]
        assert legal == ruling_bids(game)
        refused = [b for b in range(game.hand_size + 2) if b not in legal]
        if refused:
            before = (len(game.history), list(game.bids))
            try:
                game.bid(rng.choice(refused), seat)
            except BidError:
                pass
            else:
                raise AssertionError("an illegal bid was accepted")
            assert (len(game.history), list(game.bids)) == before
    elif game.phase == "play":
        hand = game.hands[seat]
        plays = {a.value.unnamed for a in game.legal_actions()}
        assert plays == ruling_plays(game, hand)
        for action in game.legal_actions():
            assert (action.value.colour is not None) or action.value.kind not in ("juggler", "cloud")
        illegal = [c for c in hand if c not in plays]
        if illegal:
            before = (len(game.history), list(hand))
            try:
                game.play(rng.choice(illegal), seat)
            except IllegalPlayError:
                pass
            else:
                raise AssertionError("an illegal card was accepted")
            assert (len(game.history), list(game.hands[seat])) == before
    elif game.phase == "cloud":
        changes = [a.value for a in game.legal_actions()]
        assert changes == ([1, -1] if game.bids[seat] > 0 else [1])


def check_rounds(game: Game) -> None:
    totals = [0] * game.players
    for record in game.rounds:
        original = list(record.bids)
        if record.cloud is not None:
            seat, change = record.cloud
            assert change in (1, -1) and game.ruleset.specials
            original[seat] -= change
            assert original[seat] >= 0
        assert all(0 <= b <= record.hand_size for b in original)
        if game.ruleset.bid_rule == "plus-minus-one":
            assert sum(original) != record.hand_size
        assert sum(record.won) <= record.hand_size
        if not game.ruleset.specials:
            assert sum(record.won) == record.hand_size  # only the Bomb can make a trick nobody's
        for seat in range(game.players):
            assert record.points[seat] == ruling_score(game.ruleset, record.bids[seat], record.won[seat])
            totals[seat] += record.points[seat]
        assert list(record.totals) == totals
    assert [r.hand_size for r in game.rounds] == game.round_sizes


def check_special_phases(game: Game, tricks_before: int, round_before: int) -> None:
    """A Juggler trick that was not the round's last starts the pass; the Cloud's winner changes a bid."""
    finished = game.round_number == round_before and len(game.tricks) == tricks_before + 1
    if finished:
        juggler = any(c.kind == "juggler" for c in game.tricks[-1].cards)
        cards_left = any(game.hands)
        assert (game.phase == "pass") == (juggler and cards_left)
        if not cards_left:
            holder = next((t.winner_seat for t in game.tricks if any(c.kind == "cloud" for c in t.cards)), None)
            assert (game.phase == "cloud") == (holder is not None)
            assert game.to_move == holder or holder is None
    if game.phase == "werewolf":
        seat, took = werewolf_swap(game)
        assert game.to_move == seat and took in game.hands[seat] and game.trump_card.kind == "werewolf"
    elif game.phase in ("bid", "trump") and game.ruleset.specials and not game.tricks:
        assert all(c.kind != "werewolf" for h in game.hands for c in h)


def play_and_check(game: Game, choice_seed: int) -> None:
    rng = random.Random(choice_seed)
    steps = 0
    middle = None
    while not game.is_over:
        check_cards(game)
        check_views(game)
        check_legal_and_refusals(game, rng)
        seat = game.to_move
        tricks_before, round_before = len(game.tricks), game.round_number
        game.apply(rng.choice(game.view(seat).legal), seat)
        check_special_phases(game, tricks_before, round_before)
        steps += 1
        if steps == 60:  # every variant's game is longer than this
            middle = game.to_json()
    check_rounds(game)
    saved = game.to_json()
    again = Game.from_json(saved)
    assert again.to_json() == saved and again.rounds == game.rounds
    replayed = Game.replay(game.players, game.ruleset, game.seed, game.history, first_dealer=game.first_dealer)
    assert replayed.rounds == game.rounds and replayed.scores == game.scores
    assert middle is not None
    resumed = Game.from_json(middle)
    assert resumed.to_json() == middle and len(resumed.history) == 60
    assert game.score_pad().shape == (len(game.round_sizes), 4 * game.players)
    assert all(isinstance(s, int) for s in game.scores)


@PROPERTY_SETTINGS
@given(games(BIDDING_VARIANTS), st.integers(0, 10**6))
def test_bidding_variants_play_by_the_rules(game, choice_seed):
    play_and_check(game, choice_seed)


@PROPERTY_SETTINGS
@given(games(CARD_VARIANTS), st.integers(0, 10**6))
def test_clairvoyance_and_monochrome_play_by_the_rules(game, choice_seed):
    play_and_check(game, choice_seed)


@PROPERTY_SETTINGS
@given(games(ANNIVERSARY_VARIANTS), st.integers(0, 10**6))
def test_anniversary_games_play_by_the_rules(game, choice_seed):
    play_and_check(game, choice_seed)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(BIDDING_VARIANTS + CARD_VARIANTS + ANNIVERSARY_VARIANTS), st.integers(3, 6),
       st.integers(0, 2**31 - 1))
def test_every_refused_option_or_action_is_a_clear_wizard_error(variant, players, seed):
    rules, options = variant
    try:
        game = Game(players, rules, seed=seed, **options)
    except PlayerCountError as exc:
        assert str(players) in str(exc)  # only the number of players is refused, and the message says so
        return
    before = game.to_json()
    for action in (Action("bid", -1), Action("play", Card.parse("R1")), Action("dance", 1),
                   Action("cloud", 1), Action("pass", Card.parse("W")), Action("werewolf", "purple")):
        if action in game.legal_actions():
            continue
        try:
            game.apply(action)
        except WrongPhaseError as exc:
            assert f"You cannot {action.kind} now" in str(exc)
        except (BidError, IllegalPlayError, TrumpError) as exc:
            assert action.kind == game.action_kind, exc  # the phase's own check refused it, saying why
        else:
            raise AssertionError(f"{action} was accepted in phase {game.phase}")
        assert game.to_json() == before
