"""The Anniversary special cards (RULES-NOTES.md, "Anniversary special cards"), one ruling at a time."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from variant_helpers import all_cards_in_play, expected_cards, random_step

from wizard_edu import (
    DEALER_CHOOSES,
    Action,
    BidError,
    Card,
    CardTextError,
    Game,
    IllegalPlayError,
    TrumpError,
    WrongPhaseError,
    anniversary_deck,
    cards,
    classic_deck,
    explain_trick,
    lead_colour,
    legal_plays,
    play_game,
    trick_winner,
    trump_from_card,
)
from wizard_edu.engine.game import TrickRecord
from wizard_edu.engine.rules import cloud_changes
from wizard_edu.engine.rules.anniversary import change_bid, cloud_holder, name_trump, pass_card, werewolf_swap
from wizard_edu.players import RuleOfThumbPlayer

A = "anniversary"


def win(text, trump=None):
    return trick_winner(text, trump, rules=A)


def at(fields: str) -> Game:
    """A 4-player Anniversary game set up from position fields (docs/positions.md); dealer seat 0,
    so seat 1 bids and leads first."""
    return Game.from_position(f"wizard-edu/1 rules=anniversary players=4 seed=1 dealer=0 {fields}")


NEW_GAME = "bids=-,-,-,- tricks=- trick=- rounds=- scores=0,0,0,0"
#: Round 1 scored: seat 1 bid 1 and won the trick, everyone else bid 0.
AFTER_ROUND_1 = "rounds=R6;R;0.1.0.0;0.1.0.0;-;- scores=20,30,20,20"
#: Round 2 of 2 cards: seat 1 led a Juggler (as green) and won the trick; everyone passes a card.
PASSING = ("round=3 phase=pass turned=B9 trump=B hands=R9.R10/G8.G9/B1.B2/Y3.Y4 bids=1,1,0,1 "
           "tricks=Juggler:G.G4.G5.R2 trick=- "
           "rounds=R6;R;0.1.0.0;0.1.0.0;-;-/G6;G;1.0.1.0;1.0.1.0;-;- scores=50,50,50,40")
#: Round 2: seat 2 bid 2, won the Cloud's trick and lost the other; it changes its bid.
CLOUD_BID_2 = ("round=2 phase=cloud turned=B9 trump=B hands=-/-/-/- bids=0,0,2,0 "
               "tricks=G4.Cloud:G.G5.R2,Y3.Y9.Y1.Y2 trick=- " + AFTER_ROUND_1 + " extra=-;-;-.-.-.-;2;-")


# -- The deck and the rounds ------------------------------------------------------------------------
def test_deck_is_classic_plus_six_special_cards():
    deck = anniversary_deck()
    assert len(deck) == 66
    extra = Counter(deck) - Counter(classic_deck())
    assert sorted(str(c) for c in extra.elements()) == ["Bomb", "Cloud", "Dragon", "Fairy", "Juggler", "Werewolf"]


@pytest.mark.parametrize("players,rounds", [(3, 20), (4, 15), (5, 12), (6, 10)])
def test_same_rounds_as_classic_so_a_trump_card_is_always_turned_up(players, rounds):
    g = Game(players, A, seed=1)
    assert len(g.round_sizes) == rounds
    assert 66 - players * max(g.round_sizes) == 6
    game = play_game(["random"] * players, rules=A, seed=2)
    assert len(game.rounds) == rounds and all(r.trump_card is not None for r in game.rounds)


# -- Dragon ------------------------------------------------------------------------------------------
def test_dragon_may_always_be_played_and_wins_every_trick():
    assert Card.parse("Dragon") in legal_plays("R3 G9 Dragon", "R12", rules=A)
    assert win("W Dragon R13", trump="R") == 1
    assert win("R13 J Dragon") == 2
    assert explain_trick("W Dragon", rules=A).rule == "dragon"


def test_dragon_loses_to_the_fairy():
    assert win("Dragon W Fairy") == 2
    assert win("Fairy Dragon") == 0
    assert explain_trick("Dragon Fairy", rules=A).rule == "fairy"


# -- Fairy -------------------------------------------------------------------------------------------
def test_fairy_may_always_be_played_and_loses_otherwise():
    assert Card.parse("Fairy") in legal_plays("R3 Fairy", "R12", rules=A)
    assert win("Fairy R1") == 1
    assert win("Fairy J") == 1  # like a Jester, but never winning: the Jester takes it
    assert win("J Fairy J") == 0
    assert win("Fairy W R5") == 1


# -- Bomb ------------------------------------------------------------------------------------------------
def test_bomb_means_nobody_wins_and_the_would_be_winner_leads():
    assert Card.parse("Bomb") in legal_plays("R3 Bomb", "R12", rules=A)
    result = explain_trick("R3 Bomb R9 W", trump="G", rules=A)
    assert result.winner is None and result.rule == "bomb" and result.leader_next == 3
    assert trick_winner("R3 Bomb R9", rules=A) is None
    assert explain_trick("Bomb Dragon Fairy", rules=A).leader_next == 2


def test_bomb_trick_in_a_game_counts_for_nobody():
    # Round 2: seat 2 bombed the first trick, which the trump G2 of seat 0 would have won.
    g = at("round=2 phase=play turned=G5 trump=G hands=R4/B2/Y5/Y7 bids=0,1,0,1 tricks=R3.Bomb.R9.G2 trick=- "
           + AFTER_ROUND_1)
    record = next(t for t in g.tricks if any(c.kind == "bomb" for c in t.cards))
    assert record.winner_seat is None
    assert sum(g.won) == len(g.tricks) - sum(t.winner_seat is None for t in g.tricks)
    would_be = explain_trick([c for c in record.cards if c.kind != "bomb"], g.trump, A).winner
    bomb_free = [s for s, c in record.plays if c.kind != "bomb"]
    index = g.tricks.index(record)
    next_leader = g.tricks[index + 1].leader if index + 1 < len(g.tricks) else g.leader
    assert next_leader == bomb_free[would_be]


# -- Werewolf ---------------------------------------------------------------------------------------------
def test_werewolf_holder_swaps_and_names_trump_before_bidding():
    g = at("round=1 phase=werewolf turned=Werewolf trump=- hands=G3/B5/R7/Y1 " + NEW_GAME
           + " extra=2:R7;-;-.-.-.-;-;-")  # seat 2 held the Werewolf and took the turned-up R7
    seat, took = werewolf_swap(g)
    assert g.to_move == seat
    assert Card.parse("Werewolf") not in g.hands[seat] and took in g.hands[seat]
    assert g.trump_card == Card.parse("Werewolf") and g.stock[0] == Card.parse("Werewolf")
    assert g.trump is None and all(b is None for b in g.bids)
    assert g.legal_actions() == [Action("werewolf", c) for c in "RGBY"] + [Action("werewolf", None)]
    assert g.view(seat).werewolf_swap == (seat, took)
    with pytest.raises(WrongPhaseError, match="Werewolf"):
        g.bid(0)
    assert all_cards_in_play(g) == expected_cards(g)
    copy = g.copy()
    name_trump(g, None, seat)
    assert g.trump is None and g.phase == "bid"
    copy.apply(Action("werewolf", "g"), seat)
    assert copy.trump == "G" and copy.phase == "bid"
    assert str(g.history[-1][1]) == "werewolf no trump"


def test_werewolf_takes_a_turned_up_wizard_instead_of_the_dealer_choosing():
    g = at("round=1 phase=werewolf turned=Werewolf trump=- hands=G3/B5/W/Y1 " + NEW_GAME
           + " extra=2:W;-;-.-.-.-;-;-")
    assert g.to_move == werewolf_swap(g)[0]
    name_trump(g, "B")
    assert g.trump == "B" and g.phase == "bid"
    while g.phase != "play":
        g.bid(0)
    rng = random.Random(0)
    number = g.round_number
    while g.round_number == number:
        random_step(g, rng)
    assert g.rounds[-1].werewolf[1].is_wizard and g.rounds[-1].trump == "B"


def test_turned_up_werewolf_lets_the_dealer_choose():
    g = at("round=1 phase=trump turned=Werewolf trump=- hands=G3/B5/R7/Y1 " + NEW_GAME)
    assert g.to_move == g.dealer and werewolf_swap(g) is None
    assert g.status().endswith("a Werewolf was turned up, " + g.names[g.dealer] + " (dealer) chooses trump.")


# -- Turned up as the trump card ---------------------------------------------------------------------------------
@pytest.mark.parametrize("text,trump", [("Dragon", DEALER_CHOOSES), ("Werewolf", DEALER_CHOOSES),
                                        ("Juggler", DEALER_CHOOSES), ("Cloud", DEALER_CHOOSES),
                                        ("Fairy", None), ("Bomb", None), ("W", DEALER_CHOOSES),
                                        ("J", None), ("G4", "G")])
def test_turned_up_special_cards(text, trump):
    assert trump_from_card(text, rules=A) == trump


def test_dealer_chooses_a_colour_not_no_trump_after_a_turned_up_dragon():
    g = at("round=1 phase=trump turned=Dragon trump=- hands=G3/B5/R7/Y1 " + NEW_GAME)
    with pytest.raises(TrumpError, match="must choose a colour"):
        g.choose_trump(None)
    g.choose_trump("Y")
    assert g.trump == "Y"


# -- Juggler ------------------------------------------------------------------------------------------------
def test_juggler_is_seven_and_a_half_in_its_named_colour():
    assert win("R7 Juggler:R") == 1
    assert win("R8 Juggler:R") == 0
    assert win("G13 Juggler:R", trump="R") == 1  # a Juggler in the trump colour is a trump
    assert win("Juggler:B R13") == 0  # it led blue: red is not followed and not trump


def test_juggler_and_cloud_may_always_be_played_and_set_the_colour_when_led():
    assert legal_plays("G2 Juggler R3", "G9", rules=A) == cards("G2 Juggler")
    assert legal_plays("B2 R5", "Juggler:B", rules=A) == cards("B2")
    assert legal_plays("B2 R5", "Cloud:R", rules=A) == cards("R5")
    assert lead_colour(cards("J Cloud:Y G3"), A) == "Y"


def test_game_lists_each_colour_for_a_juggler_and_needs_one():
    g = at("round=1 phase=play turned=R2 trump=R hands=G3/Juggler/R7/Y1 bids=0,1,0,0 tricks=- trick=- "
           "rounds=- scores=0,0,0,0")
    named = [a.value for a in g.legal_actions() if a.value.kind == "juggler"]
    assert [str(c) for c in named] == ["Juggler:R", "Juggler:G", "Juggler:B", "Juggler:Y"]
    before = g.to_json()
    with pytest.raises(IllegalPlayError, match="Say which colour the Juggler takes"):
        g.play("Juggler")
    assert g.to_json() == before
    seat = g.to_move
    g.play("juggler:b")
    assert g.history[-1] == (seat, Action("play", Card.parse("Juggler:B")))
    assert Card.parse("Juggler") not in g.hands[seat]


def test_passing_after_a_juggler_trick():
    g = at(PASSING)
    juggler_trick = g.tricks[-1]
    assert any(c.kind == "juggler" for c in juggler_trick.cards)
    assert all(len(h) == len(g.hands[0]) > 0 for h in g.hands)
    leader = g.leader
    # The winner leads on (after a Bomb: whoever would otherwise have won).
    assert leader == juggler_trick.plays[juggler_trick.result.leader_next][0]
    assert leader == juggler_trick.winner_seat or juggler_trick.winner_seat is None
    order = [(g.dealer + 1 + i) % 4 for i in range(4)]
    hands_before = [list(h) for h in g.hands]
    chosen = {}
    for seat in order:
        assert g.to_move == seat
        legal = g.legal_actions()
        assert {a.value for a in legal} == set(g.hands[seat]) and all(a.kind == "pass" for a in legal)
        chosen[seat] = legal[-1].value
        pass_card(g, chosen[seat], seat)
        if len(chosen) < 4:
            assert g.phase == "pass"
            assert g.view(seat).pending_pass == chosen[seat]
            for other in range(4):  # each player sees only their own choice, and nothing has moved yet
                assert g.view(other).pending_pass == chosen.get(other)
            assert [list(h) for h in g.hands] == hands_before
    assert g.phase == "play" and g.to_move == leader
    for seat in range(4):
        right = (seat - 1) % 4
        expected = Counter(hands_before[seat]) - Counter([chosen[seat]]) + Counter([chosen[right]])
        assert Counter(g.hands[seat]) == expected
        assert g.view(seat).passes == ((chosen[seat], chosen[right]),)
    assert all_cards_in_play(g) == expected_cards(g)
    assert Game.from_json(g.to_json()).hands == g.hands


def test_pass_refuses_a_card_not_held():
    g = at(PASSING)
    missing = next(c for c in anniversary_deck() if c not in g.hands[g.to_move] and c.kind == "number")
    with pytest.raises(IllegalPlayError, match="Pass one card from your hand"):
        pass_card(g, missing)
    with pytest.raises(WrongPhaseError):
        g.play(g.hands[g.to_move][0])


def test_no_passing_after_the_last_trick_of_a_round():
    # Round 2, last trick: seat 0 led the Juggler as red, seat 3 plays the round's last card.
    g = at("round=2 phase=play turned=Y9 trump=Y hands=-/-/-/B4 bids=1,0,0,0 tricks=R3.R4.R5.R6 "
           "trick=Juggler:R.G2.G3 " + AFTER_ROUND_1)
    g.play("B4")
    assert g.tricks == [] and g.rounds[-1].won == (2, 0, 0, 0)  # the Juggler won, the round is scored
    assert g.round_number == 3 and g.phase != "pass"


# -- Cloud ------------------------------------------------------------------------------------------------------
def test_cloud_is_nine_and_three_quarters():
    assert win("R9 Cloud:R") == 1
    assert win("R10 Cloud:R") == 0
    assert win("Cloud:G Juggler:G") == 0


def test_cloud_changes():
    assert cloud_changes(3) == [1, -1]
    assert cloud_changes(0) == [1]
    with pytest.raises(BidError):
        cloud_changes(-1)


def test_cloud_holder_changes_their_bid_before_scoring():
    g = at(CLOUD_BID_2)
    seat = g.to_move
    cloud_trick = next(t for t in g.tricks if any(c.kind == "cloud" for c in t.cards))
    assert seat == cloud_trick.winner_seat == cloud_holder(g)
    assert g.legal_actions() == [Action("cloud", 1), Action("cloud", -1)]
    bids, won, totals = list(g.bids), list(g.won), g.scores
    change_bid(g, -1)
    record = g.rounds[-1]
    assert record.cloud == (seat, -1)
    assert record.bids[seat] == bids[seat] - 1
    assert record.points[seat] == g.ruleset.score(bids[seat] - 1, won[seat])
    assert record.totals == tuple(t + p for t, p in zip(totals, record.points))
    pad = g.score_pad()
    assert pad.loc[record.number, (g.names[seat], "bid")] == bids[seat] - 1


def test_cloud_from_a_bid_of_zero_can_only_go_up():
    g = at("round=1 phase=cloud turned=B9 trump=B hands=-/-/-/- bids=0,0,0,0 tricks=G4.Cloud:G.G5.R2 trick=- "
           "rounds=- scores=0,0,0,0 extra=-;-;-.-.-.-;2;-")
    assert g.legal_actions() == [Action("cloud", 1)]
    before = g.to_json()
    with pytest.raises(BidError, match="cannot go below 0"):
        change_bid(g, -1)
    with pytest.raises(BidError, match=r"\+1 or -1"):
        change_bid(g, 2)
    assert g.to_json() == before
    change_bid(g, 1)
    assert g.rounds[-1].cloud[1] == 1


def test_a_bombed_cloud_belongs_to_nobody():
    g = Game(3, A, seed=0)
    g.state.tricks = [TrickRecord(0, ((0, Card.parse("Cloud:R")), (1, Card.parse("Bomb")), (2, Card.parse("R3"))),
                            explain_trick("Cloud:R Bomb R3", None, A))]
    assert cloud_holder(g) is None
    g.state.tricks = [TrickRecord(0, ((0, Card.parse("Cloud:R")), (1, Card.parse("G4")), (2, Card.parse("R3"))),
                            explain_trick("Cloud:R G4 R3", None, A))]
    assert cloud_holder(g) == 0


# -- Colour to follow, card text, order of winning ---------------------------------------------------------
def test_dragon_fairy_bomb_set_no_colour_and_a_wizard_still_frees_the_trick():
    for special in ("Dragon", "Fairy", "Bomb"):
        assert lead_colour(cards(f"{special} G5"), A) == "G"
    assert lead_colour(cards("W Juggler:R"), A) is None
    assert legal_plays("R3 G9", "Bomb W R12", rules=A) == cards("R3 G9")


def test_card_text():
    assert str(Card.parse(" dRaGoN ")) == "Dragon"
    assert str(Card.parse("juggler:r")) == "Juggler:R"
    assert Card.parse("Cloud:B").value == 9.75
    for text in ("Dragon:R", "Juggler:P", "Bomb2"):
        with pytest.raises(CardTextError):
            Card.parse(text)
    with pytest.raises(CardTextError, match="Anniversary card"):
        legal_plays("Dragon R3", "", rules="classic")


def test_who_wins_in_order():
    assert win("Dragon Fairy Bomb") is None  # Bomb first
    assert win("Dragon W Fairy") == 2  # then the Fairy with the Dragon
    assert win("W Dragon") == 1  # then the Dragon
    assert win("R3 W W") == 1  # then the first Wizard
    assert win("Cloud:R G13 R10", trump="G") == 1  # highest trump
    assert win("Cloud:R R9 R10") == 2  # highest of the colour led
    assert win("J Fairy J") == 0  # first Jester, never the Fairy


def test_the_werewolf_is_never_played():
    assert legal_plays("Werewolf R3", "", rules=A) == cards("R3")
    with pytest.raises(IllegalPlayError, match="Werewolf"):
        trick_winner("R3 Werewolf", rules=A)


# -- Whole games: JSON, replay, score pad, computer players ----------------------------------------------------
def test_anniversary_games_save_and_replay_every_new_action():
    kinds = set()
    for seed in range(3):
        game = play_game(["random", "rule-of-thumb", "random", "rule-of-thumb"], rules=A, seed=seed)
        kinds |= {a.kind for _, a in game.history}
        again = Game.from_json(game.to_json())
        assert again.history == game.history and again.scores == game.scores
        assert again.to_json() == game.to_json()
        replayed = Game.replay(4, A, seed, game.history)
        assert replayed.rounds == game.rounds
        pad = game.score_pad()
        assert pad.xs("total", axis=1, level=1).iloc[-1].tolist() == game.scores
    assert {"werewolf", "pass", "cloud", "play", "bid"} <= kinds


def test_rule_of_thumb_picks_the_better_cloud_change():
    g = at(CLOUD_BID_2)  # bid 2, won 1: going down to 1 makes the bid
    view = g.view(g.to_move)
    choice = RuleOfThumbPlayer(seed=0).act(view)
    bid, won = view.bids[view.seat], view.tricks_won[view.seat]
    other = -choice.value
    assert g.ruleset.score(bid + choice.value, won) >= g.ruleset.score(bid + other, won)


def test_rule_of_thumb_passes_its_least_useful_card():
    g = at(PASSING)
    view = g.view(g.to_move)
    player = RuleOfThumbPlayer(seed=0)
    card = player.act(view).value
    powers = {c: player._power(c, view) for c in view.hand}
    need = view.bids[view.seat] - view.tricks_won[view.seat]
    if need > 0:
        assert powers[card] == min(powers.values())
    else:
        assert powers[card] == max(powers.values())


def test_rule_of_thumb_names_the_werewolf_trump_it_holds_most_of():
    # Round 4: seat 1 took the turned-up R7 and holds three reds.
    g = at("round=4 phase=werewolf turned=Werewolf trump=- hands=B5.B6.B7.B8/R7.R2.R11.G3/Y1.Y2.Y3.Y4/G1.G2.G4.G5 "
           "bids=-,-,-,- tricks=- trick=- rounds=R6;R;0.0.0.0;1.0.0.0;-;-/G6;G;0.0.0.0;1.1.0.0;-;-/"
           "B6;B;0.0.0.0;1.1.1.0;-;- scores=-30,0,30,60 extra=1:R7;-;-.-.-.-;-;-")
    view = g.view(g.to_move)
    colour = RuleOfThumbPlayer(seed=0).act(view).value
    counts = Counter(c.colour for c in view.hand if c.colour)
    if counts:
        assert counts[colour] == max(counts.values())
    else:
        assert colour is None


def test_fairy_with_only_jesters_the_first_jester_wins_and_the_reason_names_the_fairy():
    from wizard_edu import explain_trick

    result = explain_trick("Fairy J J", rules="anniversary")
    assert result.winner == 1 and result.rule == "first-jester"
    assert result.reason == "Only Jesters and the Fairy were played, so the first Jester wins."
