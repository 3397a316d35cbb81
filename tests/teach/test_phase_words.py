"""Phase words: every step of the round, core or a variant's, says what the player to move is asked
to do and what its buttons say (wizard_edu.teach.phase_words), in the learner's words."""

from __future__ import annotations

import pytest

from wizard_edu import Game
from wizard_edu.engine.actions import Action, ActionKind
from wizard_edu.engine.cards import Card
from wizard_edu.engine.phases import PhaseName
from wizard_edu.engine.rules.anniversary import AnniversaryPhase
from wizard_edu.teach.phase_words import phase_words
from wizard_edu.teach.vocabulary import Vocabulary


def at(rules: str, fields: str, players: int = 4) -> Game:
    return Game.from_position(f"wizard-edu/1 rules={rules} players={players} seed=1 dealer=0 {fields}")


NEW_GAME = "bids=-,-,-,- tricks=- trick=- rounds=- scores=0,0,0,0"
WIZARD_TURNED_UP = "round=1 phase=trump turned=W trump=- hands=R3/G5/B7/Y2 " + NEW_GAME
WEREWOLF = ("round=1 phase=werewolf turned=Werewolf trump=- hands=G3/B5/R7/Y1 " + NEW_GAME
            + " extra=2:R7;-;-.-.-.-;-;-")  # seat 2 held the Werewolf and took the turned-up R7
PASSING = ("round=3 phase=pass turned=B9 trump=B hands=R9.R10/G8.G9/B1.B2/Y3.Y4 bids=1,1,0,1 "
           "tricks=Juggler:G.G4.G5.R2 trick=- "
           "rounds=R6;R;0.1.0.0;0.1.0.0;-;-/G6;G;1.0.1.0;1.0.1.0;-;- scores=50,50,50,40")
CLOUD = ("round=1 phase=cloud turned=B9 trump=B hands=-/-/-/- bids=0,0,2,0 tricks=G4.Cloud:G.G5.R2 trick=- "
         "rounds=- scores=0,0,0,0 extra=-;-;-.-.-.-;2;-")
JUGGLER_IN_HAND = ("round=1 phase=play turned=B9 trump=B hands=G5/Juggler/R7/Y1 bids=0,0,0,0 "
                   "tricks=- trick=- rounds=- scores=0,0,0,0")


def test_the_phases_and_action_kinds_are_enums_equal_to_their_text():
    game = Game(players=3, rules="classic", seed=7)
    assert game.phase is PhaseName.BID and game.phase == "bid" and repr(game.phase) == "'bid'"
    assert game.legal_actions()[0].kind is ActionKind.BID
    assert Action("bid", 1) == Action(ActionKind.BID, 1) and hash(Action("bid", 1)) == hash(Action(ActionKind.BID, 1))
    assert at("anniversary", PASSING).phase is AnniversaryPhase.PASS
    assert f"{PhaseName.PLAY}" == str(PhaseName.PLAY) == "play"  # positions and messages write the text


def test_bidding_asks_for_a_number_and_junior_predicts():
    game = Game(players=3, rules="classic", seed=7)  # seat 0 bids first in round 1
    words = phase_words(game.view(0))
    assert words.prompt == "Your turn: how many tricks will you win this round? Choose a number from 0 to 1."
    assert words.title == "Bid:" and words.hand_action is None
    assert [(b.action, b.label, b.tooltip) for b in words.buttons] == [
        (Action("bid", 0), "0", "Bid 0 tricks"), (Action("bid", 1), "1", "Bid 1 trick")]
    junior = phase_words(Game(players=3, rules="junior", seed=7).view(0))
    assert junior.title == "Predict:" and junior.buttons[1].tooltip == "Predict 1 trick"


def test_only_the_player_to_move_is_asked_and_a_game_over_says_nothing():
    game = Game(players=3, rules="classic", seed=7)
    waiting = phase_words(game.view(2))
    assert (waiting.prompt, waiting.title, waiting.buttons) == ("Waiting for Player 1.", "", ())
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    over = phase_words(game.view(0))
    assert (over.phase, over.prompt, over.buttons, over.hand_action) == ("over", "", (), None)


def test_the_dealer_chooses_a_trump_colour_in_the_faces_colour_names():
    game = at("classic", WIZARD_TURNED_UP)
    words = phase_words(game.view(0))
    assert words.prompt == "A Wizard was turned up and you are the dealer: choose the trump colour."
    assert [(b.label, b.tooltip, b.colour) for b in words.buttons][0] == ("▲ red", "Make red the trump colour", "R")
    amigo = phase_words(game.view(0), Vocabulary("classic", "amigo"))
    assert amigo.buttons[0].label == "▲ Dwarves" and amigo.buttons[0].tooltip == "Make Dwarves the trump colour"


def test_playing_is_done_from_the_hand_and_a_juggler_asks_for_its_colour():
    game = at("anniversary", JUGGLER_IN_HAND)
    seat = game.to_move
    words = phase_words(game.view(seat))
    assert words.prompt == "Your turn: click a card to play. Cards with a thick frame may be played."
    assert words.hand_action == "play" and words.buttons == () and words.title == ""
    naming = phase_words(game.view(seat), naming=Card.parse("Juggler"))  # seat 1 leads, holding it
    assert naming.title == "Colour:"
    assert [b.label for b in naming.buttons] == ["▲ red", "♣ green", "● blue", "★ yellow"]
    assert naming.buttons[0].action == Action("play", Card.parse("Juggler:R"))
    assert naming.buttons[0].tooltip == "Play the Juggler as red"


def test_clairvoyance_plays_the_unseen_card_with_a_button():
    game = Game(players=3, rules="classic", seed=7, clairvoyance=True)
    for _ in range(3):
        game.apply(game.legal_actions()[0])
    words = phase_words(game.view(game.to_move))
    assert words.prompt == "Clairvoyance: you cannot see your own card. Play it with the button below."
    assert [(b.action, b.label) for b in words.buttons] == [(Action("play", None), "Play the card you cannot see")]


def test_the_werewolf_names_the_trump_or_no_trump():
    game = at("anniversary", WEREWOLF)
    words = phase_words(game.view(2))
    assert words.prompt == "You hold the Werewolf: you swapped it for the trump card. Name the trump (or no trump)."
    assert words.title == "Werewolf: name the trump"
    assert [(b.label, b.tooltip) for b in words.buttons][-2:] == [
        ("★ yellow", "Werewolf: choose yellow as trump"), ("no trump", "Werewolf: choose no trump")]
    assert phase_words(game.view(0)).prompt == "Waiting for Player 3."


def test_the_juggler_pass_is_done_from_the_hand():
    game = at("anniversary", PASSING)
    words = phase_words(game.view(game.to_move))
    assert words.prompt == "After the Juggler's trick everyone passes a card to the left: click the card to pass."
    assert words.hand_action == "pass" and words.buttons == ()


@pytest.mark.parametrize("theme", [None, "amigo"])
def test_the_cloud_changes_the_bid_by_one(theme):
    game = at("anniversary", CLOUD)
    words = phase_words(game.view(2), Vocabulary("anniversary", theme))
    assert words.prompt == "You won the Cloud's trick: change your bid by +1 or -1 before scoring."
    assert words.title == "Cloud: change your bid"
    assert [(b.action, b.label, b.tooltip) for b in words.buttons] == [
        (Action("cloud", 1), "+1", "Cloud: change your bid by +1"),
        (Action("cloud", -1), "-1", "Cloud: change your bid by -1")]
