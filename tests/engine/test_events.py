"""Events returned by Game.apply(), and explain_play (may this card be played, and why)."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_position import games

from wizard_edu import Card, Game, IllegalPlayError, explain_play, explain_trick, get_ruleset, legal_plays
from wizard_edu.engine.events import (
    BidChanged,
    BidMade,
    CardPlayed,
    CardsPassed,
    Event,
    GameOver,
    PassChosen,
    RoundFinished,
    RoundStarted,
    TrickFinished,
    TrumpChosen,
    WerewolfSwapped,
)
from wizard_edu.engine.rules.anniversary import change_bid, pass_card, passes, werewolf_swap
from wizard_edu.engine.rules.core import check_play

# A 3-player Classic game in round 2 (dealer Ben): Cleo led B7, Ada to play.
ROUND_2 = ("wizard-edu/1 rules=classic players=3 seed=7 dealer=1 round=2 phase=play turned=G5 trump=G "
           "hands=B4.B2/R3.G9/Y1 bids=1,0,1 tricks=- trick=B7 rounds=R6;R;1.0.0;1.0.0;-;- scores=30,20,20")


def test_a_bid_and_a_card_report_themselves():
    g = Game(players=3, rules="junior", seed=7)
    assert g.bid(0) == (BidMade(seat=0, bid=0),)   # seat 0 (Player 1) bids first
    g = Game.from_position(ROUND_2)
    assert g.play("B2") == (CardPlayed(0, Card.parse("B2")),)


def test_the_last_card_of_a_trick_reports_the_trick_with_its_rule():
    g = Game.from_position(ROUND_2)
    g.play("B4")
    played, finished = g.play("G9")
    assert played == CardPlayed(1, Card.parse("G9"))
    assert isinstance(finished, TrickFinished)
    expected = explain_trick("B7 B4 G9", trump="G")
    assert (finished.winner, finished.rule, finished.reason) == (1, expected.rule, expected.reason)
    assert finished.plays == ((2, Card.parse("B7")), (0, Card.parse("B4")), (1, Card.parse("G9")))
    assert finished.cards == tuple(Card.parse(c) for c in ("B7", "B4", "G9"))
    assert finished.number == 1 and finished.next_leader == 1 and finished.record == g.tricks[-1]


def test_the_last_card_of_a_round_reports_the_score_and_the_next_deal():
    g = Game.from_position(ROUND_2)
    g.play("B4")
    g.play("G9")  # Ben wins with the trump and leads
    g.play("R3")
    g.play("Y1")
    events = g.play("B2")
    kinds = [type(e) for e in events]
    assert kinds[:3] == [CardPlayed, TrickFinished, RoundFinished]
    finished = events[2]
    record = g.rounds[-1]
    assert (finished.number, finished.bids, finished.won, finished.points, finished.totals) == (
        2, record.bids, record.won, record.points, record.totals)
    started = events[3]
    assert started == RoundStarted(3, g.dealer, 3, g.trump_card, g.trump)
    assert kinds[4:] == []  # nothing else happened at this deal


def test_the_last_round_reports_the_end_of_the_game():
    g = Game(players=3, rules="junior", seed=3, hand_sizes=[1])
    events: list[Event] = []
    rng = random.Random(1)
    while not g.is_over:
        events += g.apply(rng.choice(g.legal_actions()))
    assert events[-1] == GameOver(tuple(g.scores), tuple(g.winners()))
    assert isinstance(events[-2], RoundFinished)


def test_the_dealer_naming_trump_is_an_event():
    # Round 1 of 4-player Classic with a Wizard turned up: the dealer (seat 0) chooses.
    text = ("wizard-edu/1 rules=classic players=4 seed=1 dealer=0 round=1 phase=trump turned=W trump=- "
            "hands=R3/G5/B7/Y9 bids=-,-,-,- tricks=- trick=- rounds=- scores=0,0,0,0")
    g = Game.from_position(text)
    assert g.choose_trump("b") == (TrumpChosen(0, "B", Card.parse("W")),)


def test_anniversary_events_werewolf_pass_and_cloud():
    # The Werewolf: it is swapped at the deal, reported with the previous round's last card.
    text = ("wizard-edu/1 rules=anniversary players=3 seed=5 dealer=0 round=1 phase=play turned=R2 trump=R "
            "hands=R3/-/- bids=0,0,1 tricks=- trick=G4.G5 rounds=- scores=0,0,0 extra=-;-;-.-.-;-;-")
    g = Game.from_position(text)
    events = g.play("R3")
    assert [type(e) for e in events][:4] == [CardPlayed, TrickFinished, RoundFinished, RoundStarted]
    swaps = [e for e in events if isinstance(e, WerewolfSwapped)]
    assert swaps == ([WerewolfSwapped(*werewolf_swap(g))] if werewolf_swap(g) else [])
    # Passing after a Juggler trick: one event per choice, then the cards move together.
    text = ("wizard-edu/1 rules=anniversary players=3 seed=5 dealer=0 round=2 phase=pass turned=R2 trump=R "
            "hands=R9/G8/B1 bids=0,1,1 tricks=Juggler:G.G4.G5 trick=- rounds=R6;R;1.0.0;1.0.0;-;- "
            "scores=30,20,20 extra=-;-;-.-.-;-;-")
    g = Game.from_position(text)
    first = g.to_move
    assert pass_card(g, g.hands[first][0]) == (PassChosen(first, g.hands[first][0]),)
    pass_card(g, g.hands[g.to_move][0])
    *_, last = pass_card(g, g.hands[g.to_move][0])
    assert last == CardsPassed(tuple(passes(g)[-1]))
    # The Cloud: its holder changes the bid, then the round is scored.
    text = ("wizard-edu/1 rules=anniversary players=3 seed=5 dealer=0 round=1 phase=cloud turned=R2 trump=R "
            "hands=-/-/- bids=0,0,1 tricks=G4.Cloud:G.G5 trick=- rounds=- scores=0,0,0 extra=-;-;-.-.-;2;-")
    g = Game.from_position(text)
    changed, finished, *_ = change_bid(g, -1)
    assert changed == BidChanged(2, -1, 0)
    assert isinstance(finished, RoundFinished) and finished.bids == (0, 0, 0)


def test_a_refused_action_reports_nothing_and_changes_nothing():
    g = Game.from_position(ROUND_2)
    with pytest.raises(IllegalPlayError):
        g.play("R3")
    assert g.position() == ROUND_2


def test_events_are_frozen_values():
    event = BidMade(1, 2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        event.bid = 3  # type: ignore[misc]
    assert event == BidMade(1, 2) and hash(event) == hash(BidMade(1, 2))


ALLOWED = (int, str, Card, type(None), tuple)


def words_free(value) -> bool:
    """Events carry seats, numbers, colour letters and cards, not sentences (except a trick's reason)."""
    if isinstance(value, tuple):
        return all(words_free(v) for v in value)
    if isinstance(value, str):
        return len(value) <= 12 and " " not in value
    return isinstance(value, ALLOWED)


@settings(max_examples=25, deadline=None)
@given(game=games(), choice_seed=st.integers(0, 10**6))
def test_events_tell_the_whole_story(game, choice_seed):
    """Replaying the events alone gives each trick, each scored round and the end of the game."""
    rng = random.Random(choice_seed)
    for _ in range(150):
        if game.is_over:
            break
        action, seat = rng.choice(game.legal_actions()), game.to_move
        before_round, before_tricks = len(game.rounds), len(game.tricks)
        events = game.apply(action)
        assert events and all(isinstance(e, Event) for e in events)
        first = events[0]
        if action.kind == "play":
            assert first == CardPlayed(seat, game.history[-1][1].value)
        elif action.kind == "bid":
            assert first == BidMade(seat, action.value)
        for e in events:
            fields = {f.name: getattr(e, f.name) for f in dataclasses.fields(e)}
            fields.pop("record", None)
            assert words_free(tuple(fields.values())), e
        tricks = [e for e in events if isinstance(e, TrickFinished)]
        rounds = [e for e in events if isinstance(e, RoundFinished)]
        assert len(rounds) == len(game.rounds) - before_round
        if rounds:
            r = game.rounds[-1]
            assert (rounds[0].bids, rounds[0].won, rounds[0].points, rounds[0].totals) == (
                r.bids, r.won, r.points, r.totals)
        elif tricks:
            assert len(game.tricks) == before_tricks + 1 and tricks[0].record == game.tricks[-1]
        assert any(isinstance(e, GameOver) for e in events) == game.is_over
        started = any(isinstance(e, RoundStarted) for e in events)
        swaps = [e for e in events if isinstance(e, WerewolfSwapped)]
        assert swaps == ([WerewolfSwapped(*werewolf_swap(game))] if started and werewolf_swap(game) else [])


# -- explain_play ------------------------------------------------------------------------------------
@pytest.mark.parametrize("hand, trick, card, trump, rules, allowed, rule, reason", [
    ("R3 G9 W", "", "G9", None, "classic", True, "lead", "You lead this trick: you may play any card."),
    ("R3 G9 W", "R12", "R3", None, "classic", True, "follows", "R3 follows red, the colour led."),
    ("R3 G9 W", "R12", "G9", None, "classic", False, "must-follow", "You must follow red: you hold R3."),
    ("R3 R5 G9", "J R12", "G9", None, "classic", False, "must-follow", "You must follow red: you hold R3 and R5."),
    ("R3 G9 W", "R12", "W", None, "classic", True, "no-colour-card",
     "A Wizard may always be played, even when you hold red."),
    ("R3 G9 J", "R12", "J", None, "classic", True, "no-colour-card",
     "A Jester may always be played, even when you hold red."),
    ("G9 B2", "R12", "G9", None, "classic", True, "cannot-follow",
     "You hold no red card, so you may play any card."),
    ("G9 B2", "R12", "B2", "B", "classic", True, "cannot-follow",
     "You hold no red card, so you may play any card: B2 is a trump."),
    ("R3 G9", "W R12", "G9", None, "classic", True, "wizard-led",
     "A Wizard came first in this trick, so nobody has to follow a colour: you may play any card."),
    ("R3 G9", "J", "G9", None, "classic", True, "no-colour-led",
     "No colour has been led yet: you may play any card."),
    ("R3 G9", "R12", "B5", None, "classic", False, "not-in-hand", "You do not hold B5. Your hand: R3 G9."),
    ("R3 Juggler", "R12", "Juggler", None, "anniversary", False, "name-colour",
     "Say which colour the Juggler takes as you play it: Juggler:R, Juggler:G, Juggler:B or Juggler:Y."),
    ("R3 Juggler", "R12", "Juggler:B", None, "anniversary", True, "no-colour-card",
     "The Juggler may always be played, even when you hold red."),
])
def test_explain_play_says_why(hand, trick, card, trump, rules, allowed, rule, reason):
    verdict = explain_play(hand, trick, card, trump=trump, rules=rules)
    assert (verdict.allowed, verdict.rule, verdict.reason) == (allowed, rule, reason)


def test_explain_play_in_monochrome_nobody_follows():
    verdict = explain_play("R3 G9", "R12", "G9", rules=get_ruleset("classic", monochrome=True))
    assert (verdict.allowed, verdict.rule) == (True, "no-following")
    assert verdict.reason == "Nobody has to follow a colour in these rules: you may play any card."


def test_explain_play_refuses_cards_that_do_not_exist():
    from wizard_edu import CardTextError

    with pytest.raises(CardTextError):
        explain_play("R3", "", "R14")
    with pytest.raises(CardTextError):
        explain_play("R3", "", "Dragon")


CARDS = st.sampled_from(["R1", "R7", "R13", "G2", "G9", "B5", "Y3", "Y12", "W", "J"])


@st.composite
def hand_and_trick(draw):
    """A hand and a trick that could happen: no number card in both (the deck has one of each)."""
    cards = draw(st.lists(CARDS, min_size=1, max_size=10, unique=True))
    split = draw(st.integers(1, min(6, len(cards))))
    return cards[:split], cards[split:split + 4]


@settings(max_examples=300, deadline=None)
@given(deal=hand_and_trick(), pick=st.integers(0, 5), trump=st.sampled_from(["R", "G", "B", "Y", None]))
def test_explain_play_agrees_with_legal_plays_and_check_play(deal, pick, trump):
    hand, trick = deal
    card = hand[pick % len(hand)]
    verdict = explain_play(hand, trick, card, trump=trump)
    assert verdict.allowed == (Card.parse(card) in legal_plays(hand, trick))
    if not verdict.allowed:
        with pytest.raises(IllegalPlayError) as refused:
            check_play([Card.parse(c) for c in hand], [Card.parse(c) for c in trick], Card.parse(card))
        assert str(refused.value) == verdict.reason
