"""The coach: its hint is the computer player's move, legal, and explained in one sentence."""

from __future__ import annotations

import pytest

from wizard_edu import Game, cards, get_ruleset, legal_plays
from wizard_edu.engine.game import Action, SeatView
from wizard_edu.errors import OutOfTurnError, WizardError, WrongPhaseError
from wizard_edu.players import RandomPlayer, RuleOfThumbPlayer, SimulatingPlayer
from wizard_edu.players.coach import Hint, hint


def one_sentence(text: str) -> bool:
    return text.endswith(".") and ". " not in text and text[0].isupper() and len(text) < 220


def table_view(hand: str, trick: str = "", trump: str | None = "R", bid: int = 1, won: int = 0,
               players: int = 4) -> SeatView:
    """A view for the seat to move, with ``trick`` already played by the seats before it."""
    ruleset = get_ruleset("classic")
    played = cards(trick)
    seat = len(played)
    hand_cards = cards(hand)
    n = len(hand_cards)
    bids = tuple([bid if s == seat else 0 for s in range(players)])
    legal = tuple(Action("play", c) for c in dict.fromkeys(legal_plays(hand_cards, played)))
    return SeatView(
        seat=seat, names=tuple(f"P{i}" for i in range(players)), ruleset=ruleset, round_number=n,
        rounds_total=15, hand_size=n, dealer=players - 1, phase="play", to_move=seat, hand=hand_cards,
        trump_card=None if trump is None else cards(f"{trump}1")[0], trump=trump, bids=bids,
        tricks_won=tuple(won if s == seat else 0 for s in range(players)), leader=0,
        trick=tuple(enumerate(played)), tricks=(), scores=(0,) * players, legal=legal,
        hand_counts=tuple(n - (s < seat) for s in range(players)),
    )


def decisions(seed: int, rounds: int, players: int = 4):
    """Every view where someone must act, in a seeded game played by the coach's own player."""
    game = Game(players=players, seed=seed)
    player = SimulatingPlayer(seed=0)
    while not game.is_over and game.round_number <= rounds:
        seat = game.to_move
        view = game.view(seat)
        yield view
        game.apply(player.act(view), seat)


def test_hint_is_the_simulating_players_move_and_one_sentence():
    twin = SimulatingPlayer(seed=0)
    kinds = set()
    for view in decisions(seed=21, rounds=6):
        h = hint(view)
        assert isinstance(h, Hint)
        assert h.action in view.legal
        assert h.action == twin.act(view)
        assert one_sentence(h.text), h.text
        kinds.add(h.action.kind)
    assert {"bid", "play"} <= kinds


def test_hint_follows_the_player_it_is_given():
    for view in decisions(seed=5, rounds=4, players=3):
        assert hint(view, RuleOfThumbPlayer(seed=2)).action == RuleOfThumbPlayer(seed=2).act(view)
        assert hint(view, RandomPlayer(seed=9)).action == RandomPlayer(seed=9).act(view)


def test_hint_is_deterministic():
    view = next(decisions(seed=3, rounds=1))
    assert hint(view) == hint(view)


def test_bid_hint_names_the_bid_and_the_strong_cards():
    with_wizards = 0
    for view in decisions(seed=8, rounds=10):
        if view.phase != "bid":
            continue
        h = hint(view)
        assert f"bid {h.action.value}" in h.text
        wizards = sum(c.is_wizard for c in view.hand)
        if wizards:
            assert "Wizard" in h.text
            with_wizards += 1
        assert h.details and "bid" in h.details[-1]
    assert with_wizards > 0  # the Wizard sentence was really checked


# The crafted views below check the sentences for the card-play rule itself (play_samples=0:
# no simulated deals), so the expected card is the rule's; the default coach is checked too.
RULE = SimulatingPlayer(seed=0, play_samples=0)


def test_cheapest_winner_sentence():
    view = table_view("G9 G12 B3", trick="G5 B2", trump="R", bid=1)
    h = hint(view, RULE)
    assert h.action == Action("play", cards("G9")[0])
    assert h.text == "You still need 1 trick: the G9 is the cheapest card that wins this trick now."


def test_last_player_wins_for_sure():
    view = table_view("G9 G12 B3", trick="G5 B2 G7", trump="R", bid=2)
    h = hint(view, RULE)
    assert h.action == Action("play", cards("G9")[0])
    assert "for sure" in h.text and "You still need 2 tricks" in h.text


def test_duck_with_the_highest_loser():
    view = table_view("G9 G7 G12 J", trick="G10", trump="R", bid=0)
    h = hint(view, RULE)
    assert h.action == Action("play", cards("G9")[0])
    assert h.text == "You bid 0: duck with the G9, the highest card that still loses this trick."


def test_lead_a_wizard_when_tricks_are_needed():
    h = hint(table_view("W G3 B8", trump="B", bid=2), RULE)
    assert h.action.value.is_wizard
    assert h.text == "You still need 2 tricks: lead a Wizard, it wins this trick for sure."


def test_cannot_win_throws_a_low_card_and_keeps_the_jester():
    view = table_view("G2 J Y13", trick="W", trump="R", bid=1)
    h = hint(view, RULE)
    assert str(h.action.value) == "G2"
    assert "no card you may play wins this trick" in h.text


@pytest.mark.parametrize("hand, trick, trump, bid", [
    ("G9 G12 B3", "G5 B2", "R", 1), ("G9 G12 B3", "G5 B2 G7", "R", 2), ("G9 G7 G12 J", "G10", "R", 0),
    ("W G3 B8", "", "B", 2), ("G2 J Y13", "W", "R", 1), ("R13 R2 G4 J", "G8 G1", "R", 0),
])
def test_default_coach_in_crafted_views(hand, trick, trump, bid):
    view = table_view(hand, trick=trick, trump=trump, bid=bid)
    h = hint(view)
    assert h.action in view.legal and one_sentence(h.text), h.text
    assert str(h.action.value) in h.text or "Wizard" in h.text or "Jester" in h.text


def test_trump_choice_hint():
    for seed in range(200):
        game = Game(players=4, seed=seed)
        if game.phase == "trump":
            break
    else:  # pragma: no cover - the seed range always holds one
        pytest.fail("no seed turns up a Wizard")
    view = game.view(game.to_move)
    h = hint(view)
    assert h.action.kind == "trump" and h.action in view.legal
    assert h.text.startswith("Choose ") and one_sentence(h.text)


def test_not_your_turn_is_a_clear_error():
    game = Game(players=4, seed=1)
    other = (game.to_move + 1) % 4
    with pytest.raises(OutOfTurnError, match="turn"):
        hint(game.view(other))
    assert issubclass(OutOfTurnError, WizardError)


def test_game_over_is_a_clear_error():
    from wizard_edu.players import play_game

    game = play_game(["rule-of-thumb"] * 6, seed=2)
    with pytest.raises(WrongPhaseError, match="over"):
        hint(game.view(0))


def test_hints_work_with_anniversary_cards():
    game = Game(players=4, rules="anniversary", seed=4)
    for _ in range(30):
        if game.is_over:
            break
        view = game.view(game.to_move)
        h = hint(view)
        assert h.action in view.legal and one_sentence(h.text)
        game.apply(h.action, view.seat)


def test_junior_hints_say_predict():
    game = Game(players=4, rules="junior", seed=2)
    seen_bid = seen_play = False
    while game.round_number <= 3:
        view = game.view(game.to_move)
        h = hint(view)
        assert h.action in view.legal and one_sentence(h.text)
        if h.action.kind == "bid":
            assert f"predict {h.action.value}" in h.text and "bid" not in h.text
            seen_bid = True
        elif "You predicted" in h.text or "you predicted" in h.text:
            seen_play = True
        game.apply(h.action, view.seat)
    assert seen_bid and seen_play


@pytest.mark.parametrize("seed", range(12))
def test_hints_in_a_clairvoyance_round_with_hidden_hands(seed):
    """The hand is hidden in round 1: the hint is the rule of thumb's bid, without simulated details
    (the simulation once ran on the empty hand and could crash)."""
    game = Game(players=4, seed=seed, clairvoyance=True)
    while game.round_number == 1 and game.phase == "bid":
        view = game.view(game.to_move)
        assert view.hand_hidden
        h = hint(view)
        assert h.action in view.legal and h.details == ()
        game.apply(h.action, view.seat)
