"""The Junior-path widgets, driven through their Python API and their buttons (no browser)."""

from __future__ import annotations

import datetime
import json
import random
import re

import pytest

from wizard_edu import Card, Game, explain_trick, get_ruleset, legal_plays, score_round, trump_from_card
from wizard_edu.engine.rules.core import DEALER_CHOOSES
from wizard_edu.widgets import DealWidget, LegalPlayTrainer, PredictionWidget, TableWidget, TrickTrainer
from wizard_edu.widgets.trainer import CLASSIC_LEVELS, JUNIOR_LEVELS


def classes(widget) -> set[str]:
    return set(widget._dom_classes)


# Scenarios are set up from positions (docs/positions.md), not found by searching seeds.
#: Round 1 of Junior, seat 0 deals and turned up a Wizard: the dealer chooses the trump colour.
WIZARD_TURNED_UP = ("wizard-edu/1 rules=junior players=4 seed=0 dealer=0 round=1 phase=trump turned=W trump=- "
                    "hands=R3/G5/B7/Y2 bids=-,-,-,- tricks=- trick=- rounds=- scores=0,0,0,0")


# -- Trick Trainer -------------------------------------------------------------------------
def test_trainer_right_answer_builds_a_streak_and_names_the_rule():
    trainer = TrickTrainer(seed=4, auto_level=False)
    for n in range(1, 4):
        winner = explain_trick(trainer.trick, trainer.trump, "junior")
        assert trainer.answer(winner.winner) is True
        assert trainer.streak == n and trainer.right == n and trainer.asked == n
        assert trainer.feedback.startswith("Right!")
        assert trainer.vocab.text(winner.reason).casefold() in trainer.feedback.casefold()
        assert not re.search(r"\b[RGBY][1-8]\b", trainer.feedback)  # Junior names cards ("yellow 4"), no codes
        assert "Rule" in trainer.feedback or "first one wins" in trainer.feedback
        assert "wizard-message-ok" in trainer.feedback_html.value
        trainer.next()
    assert trainer.best_streak == 3


def test_trainer_wrong_answer_resets_the_streak_and_explains():
    trainer = TrickTrainer(seed=9, auto_level=False)
    trainer.answer(trainer.result.winner)
    trainer.next()
    wrong = next(i for i in range(len(trainer.trick)) if i != trainer.result.winner)
    assert trainer.answer(wrong) is False
    assert trainer.streak == 0 and trainer.best_streak == 1 and trainer.asked == 2
    assert trainer.feedback.startswith("Not this time")
    assert trainer.vocab.text(trainer.result.reason).casefold() in trainer.feedback.casefold()
    # A second answer to the same trick changes nothing.
    assert trainer.answer(trainer.result.winner) is True
    assert trainer.asked == 2 and trainer.streak == 0


def test_trainer_card_button_click_answers():
    trainer = TrickTrainer(seed=2, auto_level=False)
    winner = trainer.result.winner
    button = trainer.cards_box.children[winner].children[1]
    assert "wizard-trainer-card" in classes(button) and "wizard-card-button" in classes(button)
    button.click()
    assert trainer.streak == 1 and trainer.feedback.startswith("Right!")


def test_trainer_answer_by_card_text_and_bad_answers():
    trainer = TrickTrainer(seed=5, auto_level=False)
    assert trainer.answer(99) is False and "Choose a card" in trainer.message
    assert trainer.asked == 0
    assert "W" not in [str(c) for c in trainer.trick]  # seed 5's first trick has no Wizard
    assert trainer.answer("W") is False and "not in this trick" in trainer.message
    assert trainer.asked == 0
    winner = trainer.trick[trainer.result.winner]
    assert trainer.answer(str(winner).lower()) is True and trainer.asked == 1  # the winner, by its text


def test_trainer_levels_up_after_five_right():
    trainer = TrickTrainer(seed=1)
    for _ in range(5):
        assert trainer.level == "follow"
        trainer.answer(trainer.result.winner)
        trainer.next()
    assert trainer.level == "trump" and trainer.level_choice.value == "trump"


@pytest.mark.parametrize("level", JUNIOR_LEVELS)
def test_junior_levels_make_tricks_that_fit(level):
    trainer = TrickTrainer(seed=11, level=level, auto_level=False)
    for _ in range(15):
        trick = trainer.trick
        assert len(trick) == 4
        assert trainer.result == explain_trick(trick, trainer.trump, "junior")
        for i, card in enumerate(trick):  # every card could legally follow the ones before it
            assert card in legal_plays([card], trick[:i], "junior")
        if level == "follow":
            assert trainer.trump is None and all(c.is_number for c in trick)
        if level == "trump":
            assert trainer.trump is not None and all(c.is_number for c in trick)
        if level == "wizards-and-frogs":
            assert any(not c.is_number for c in trick)
        trainer.next()


@pytest.mark.parametrize("level, check", [
    ("jester-lead", lambda t: t[0].is_jester and any(c.is_number for c in t[1:])),
    ("wizard-lead", lambda t: t[0].is_wizard),
    ("jester-then-wizard", lambda t: t[0].is_jester and t[1].is_wizard),
    ("only-jesters", lambda t: all(c.is_jester for c in t)),
])
def test_classic_levels(level, check):
    assert level in CLASSIC_LEVELS
    trainer = TrickTrainer(rules="classic", level=level, seed=3, auto_level=False)
    labels = " ".join(label for label, _ in trainer.level_choice.options)
    assert "Jester" in labels and "Fool Frog" not in labels  # classic words
    for _ in range(10):
        assert check(trainer.trick), str(trainer.trick)
        assert trainer.answer(trainer.result.winner)
        if level == "only-jesters":
            assert trainer.result.rule == "first-jester" and trainer.result.winner == 0
        if level in ("wizard-lead", "jester-then-wizard"):
            assert trainer.result.rule == "first-wizard"
        trainer.next()


def test_trainer_unknown_level_is_a_clear_error():
    with pytest.raises(ValueError, match="no level"):
        TrickTrainer(level="only-jesters")  # Junior has only two Fool Frogs
    with pytest.raises(ValueError, match="no level"):
        TrickTrainer(level=9)


def test_junior_trainer_says_fool_frog():
    trainer = TrickTrainer(seed=0, level="wizards-and-frogs", auto_level=False)
    for _ in range(30):
        if trainer.result.rule == "first-jester" or any(c.is_jester for c in trainer.trick):
            break
        trainer.next()
    else:
        raise AssertionError("no trick with a Fool Frog in 30 tricks: the wording was not checked")
    trainer.answer(trainer.result.winner)
    labels = " ".join(label for label, _ in trainer.level_choice.options)
    assert "Jester" not in trainer.feedback and "Jester" not in labels and "Fool Frog" in labels


# -- Which cards may I play? ----------------------------------------------------------------
def test_legal_trainer_right_selection():
    trainer = LegalPlayTrainer(seed=0)
    expected = legal_plays(trainer.hand, trainer.trick, "junior")
    assert trainer.legal == expected
    for card in {str(c) for c in expected}:
        assert trainer.toggle(card)
    assert trainer.check() is True and trainer.feedback.startswith("Right!")
    assert trainer.right == 1


def test_legal_trainer_wrong_selection_says_why():
    trainer = LegalPlayTrainer(seed=0)
    illegal = [c for c in trainer.hand if c not in trainer.legal]
    assert illegal, "seed 0 deals a hand with cards that may not be played"
    trainer.toggle(illegal[0])
    assert trainer.check() is False
    assert "You must follow" in trainer.feedback and "You missed" in trainer.feedback
    assert trainer.right == 0 and trainer.asked == 1


def test_legal_trainer_reveal_marks_every_card():
    trainer = LegalPlayTrainer(seed=6)
    reasons = trainer.reveal()
    assert set(reasons) == {str(c) for c in trainer.hand}
    for button in trainer.hand_box.children:
        text = str(button.card)
        if button.card in trainer.legal:
            assert ": yes" in reasons[text] and "wizard-marked-legal" in classes(button)
        else:
            assert ": no. You must follow" in reasons[text] and "wizard-marked-illegal" in classes(button)


def test_legal_trainer_buttons_toggle_and_unknown_card():
    trainer = LegalPlayTrainer(seed=2)
    button = trainer.hand_box.children[0]
    button.click()
    assert str(button.card) in trainer.selected and "wizard-selected" in classes(button)
    button.click()
    assert not trainer.selected and "wizard-selected" not in classes(button)
    not_held = next(c for c in get_ruleset("junior").deck() if c not in trainer.hand)
    assert trainer.toggle(not_held) is False and "not in your hand" in trainer.message


# -- Deal ---------------------------------------------------------------------------------------
def test_deal_widget_hands_dealer_and_trump():
    deal = DealWidget(players=4, round=3, seed=5)
    assert [len(h) for h in deal.hands] == [3] * 4
    # Player 4 deals round 1 and the deal passes left: Player 1 deals round 2, Player 2 round 3.
    assert deal.dealer == 1 and deal.leader == 2
    assert deal.trump == trump_from_card(deal.trump_card, "junior")
    assert "Player 2 deals and Player 3 starts" in deal.summary()
    assert deal.round_choice.options[-1] == ("8", 8)
    deal.deal(players=6, round=6)
    assert deal.trump_card is None and deal.trump is None
    assert "No card is left" in deal.summary()
    assert "Player 5 deals and Player 6 starts" in deal.summary()
    assert len(deal.round_choice.options) == 6
    before = [list(h) for h in deal.hands]
    deal.new_seed()
    assert deal.seed == 6 and [list(h) for h in deal.hands] != before


def test_deal_widget_controls_and_errors():
    deal = DealWidget(players=3, round=8, seed=1)
    deal.players_choice.value = 5  # round 8 does not exist with 5 players: clamp to 7
    assert deal.game.players == 5 and deal.game.round_number == 7
    deal.round_choice.value = 2
    assert deal.game.hand_size == 2
    with pytest.raises(ValueError, match="rounds 1 to"):
        deal.deal(round=9)


def test_deal_widget_wizard_means_dealer_chooses():
    deal = DealWidget(game=WIZARD_TURNED_UP)
    assert deal.trump == DEALER_CHOOSES
    assert "chooses the trump colour" in deal.summary()
    assert deal.round_choice.value == 1 and deal.players_choice.value == 4


# -- Prediction ----------------------------------------------------------------------------------
def test_prediction_widget_plays_out_and_scores():
    widget = PredictionWidget(round=3, seed=2)
    assert widget.game.view(0).my_turn and widget.game.phase == "bid"
    assert widget.predict(7) is False and "Predict between 0 and 3" in widget.message
    assert widget.predict(1) is True
    r = widget.result
    assert len(widget.tricks) == 3 and sum(r.won) == 3
    for s in range(4):
        assert r.points[s] == score_round(r.bids[s], r.won[s], "junior")
    assert r.bids[0] == 1 and "You predicted 1" in widget.message
    assert widget.predict(1) is False  # the round is over
    widget.new_hand()
    assert widget.seed == 3 and widget.result is None


# -- Table ---------------------------------------------------------------------------------------
def play_to_my_turn_with_illegal_card(table: TableWidget, rng: random.Random) -> Card:
    """Act with random legal moves until the learner holds a card they may not play."""
    for _ in range(500):
        view = table.view
        if view.phase == "play":
            bad = [c for c in view.hand if c not in view.legal_cards]
            if bad:
                return bad[0]
        assert table.act(rng.choice(view.legal))
    raise AssertionError("never held an unplayable card")


def test_table_bid_and_play_and_messages():
    table = TableWidget(seed=1)
    # The learner (seat 0, Player 1) sits on the dealer's left: they predict first.
    assert table.view.phase == "bid" and table.view.my_turn and table.game.bids == [None] * 4
    assert "predicts" not in " ".join(table.events)
    assert table.bid(3) is False and "Predict between 0 and 1" in table.message
    assert table.play("R1") is False and "cannot play now" in table.message
    assert table.bid(1) is True
    assert table.game.bids[0] == 1 and "Owl predicts" in " ".join(table.events)
    card = table.view.legal_cards[0]
    assert table.play(str(card)) is True
    assert table.last_trick is not None and table.last_round is not None and table.last_round.number == 1
    assert any("Round 1 is over" in e for e in table.events)


def test_table_illegal_play_shows_why_and_changes_nothing():
    table = TableWidget(seed=7)
    bad = play_to_my_turn_with_illegal_card(table, random.Random(1))
    before = table.game.to_json()
    hand_before = [b.description for b in table.hand_box.children]
    assert table.play(bad) is False
    assert "You must follow" in table.message
    assert "You must follow" in table.status.value and "wizard-message-error" in table.status.value
    assert table.game.to_json() == before
    assert [b.description for b in table.hand_box.children] == hand_before
    # The not-legal card is marked, the legal ones framed.
    marks = {str(b.card): classes(b) for b in table.hand_box.children}
    assert "wizard-not-legal" in marks[str(bad)]
    assert all("wizard-legal" in marks[str(c)] for c in table.view.legal_cards)
    # Clicking it does the same and raises nothing.
    next(b for b in table.hand_box.children if b.card == bad).click()
    assert table.game.to_json() == before and "You must follow" in table.message
    # A card we do not hold, and nonsense text.
    assert not any(c.is_wizard for c in table.view.hand)
    assert table.play("W") is False and "do not hold W" in table.message
    assert table.game.to_json() == before
    assert table.play("purple 3") is False and "is not a card" in table.message


def test_table_choose_trump_when_dealer_turns_up_a_wizard():
    table = TableWidget.from_position(WIZARD_TURNED_UP + " names=You,Owl,Fox,Badger")  # seat 0 deals round 1
    assert table.view.phase == "trump" and table.view.my_turn
    assert [b.description.split()[-1] for b in table.action_box.children] == ["red", "green", "blue", "yellow"]
    before = table.game.to_json()
    assert table.bid(0) is False and table.game.to_json() == before
    assert table.choose_trump("purple") is False and "not a trump colour" in table.message
    assert table.choose_trump("G") is True
    assert table.game.trump == "G" and "You choose green as trump." in table.events


def test_table_buttons_drive_the_game():
    table = TableWidget(seed=1)
    bid_buttons = [b for b in table.action_box.children if "wizard-bid-button" in classes(b)]
    assert [b.description for b in bid_buttons] == ["0", "1"]
    bid_buttons[1].click()
    assert table.game.rounds[0].bids[0] == 1 if table.game.rounds else table.game.bids[0] == 1
    assert all("wizard-card-button" in classes(b) for b in table.hand_box.children)
    tooltip = table.hand_box.children[0].tooltip
    assert tooltip and tooltip != table.hand_box.children[0].description


def test_table_full_game_through_the_api():
    table = TableWidget(players=3, seed=12, opponents=["random", "rule-of-thumb"])
    rng = random.Random(5)
    while not table.game.is_over:
        view = table.view
        assert view.my_turn
        assert table.act(rng.choice(view.legal)), table.message
    assert len(table.game.rounds) == 8
    pad = table.score_pad()
    assert list(pad.index) == list(range(1, 9))
    assert pad[("You", "total")].iloc[-1] == table.game.scores[0]
    assert "game over" in table.header.value and "wizard-game-over" in table.header.value
    assert table.events[-1].startswith("Game over!")
    assert table.play("R1") is False and "game is over" in table.message
    assert "not your turn" in table.hint() or "game is over" in table.hint()
    table.show_score_pad()
    assert "<table" in table.pad_html.value
    fig = table.chart()
    assert len(fig.axes[0].lines) == 3
    table.show_chart()
    assert table.chart_image.value[:4] == b"\x89PNG"
    table.new_game()
    assert table.game.seed == 13 and table.game.round_number == 1 and not table.game.rounds


def test_table_classic_rules_with_options_and_player_objects():
    from wizard_edu.players import RandomPlayer

    table = TableWidget(rules="classic", players=5, seat=2, seed=3, bid_rule="canadian",
                        opponents=[RandomPlayer(seed=1), "random", "rule-of-thumb", "rule-of-thumb"])
    assert table.theme.name == "classic"
    assert table.game.ruleset.bid_rule == "canadian" and len(table.game.round_sizes) == 12
    assert table.game.names[2] == "You" and table.view.my_turn
    for _ in range(3):
        assert table.act(table.view.legal[0])
    with pytest.raises(ValueError, match="computer opponents"):
        TableWidget(players=4, opponents=["random"])
    with pytest.raises(ValueError, match="seat"):
        TableWidget(players=3, seat=3)
    with pytest.raises(ValueError, match="no computer player"):
        TableWidget(players=3, opponents=["random", "genius"])


def test_table_hint_is_a_legal_move():
    table = TableWidget(seed=21)
    rng = random.Random(2)
    for _ in range(12):
        text = table.hint()
        assert text and table.last_hint in table.view.legal
        assert "wizard-message-hint" in table.status.value
        assert table.act(rng.choice(table.view.legal))
        if table.game.is_over:
            break


def test_table_save_and_load_round_trip():
    table = TableWidget(seed=8, players=4)
    rng = random.Random(3)
    for _ in range(9):
        table.act(rng.choice(table.view.legal))
    text = table.save_json()
    data = json.loads(text)
    assert data["table"]["seat"] == 0 and data["format"] == "wizard-edu-game"
    other = TableWidget(seed=99, players=3, theme="classic")
    assert other.load_json(text) is True
    assert other.game.to_json() == table.game.to_json()
    assert other.seat == 0 and other.game.players == 4
    assert "Game loaded" in other.message
    while not other.game.is_over:  # the resumed game plays on to the end
        assert other.act(rng.choice(other.view.legal))
    # The Save and Load buttons go through the text box.
    table.save_button.click()
    assert json.loads(table.save_text.value) == data
    assert "data:application/json;base64," in table.download_html.value
    fresh = TableWidget(seed=1)
    fresh.save_text.value = table.save_text.value
    fresh.load_button.click()
    assert fresh.game.to_json() == table.game.to_json()


@pytest.mark.parametrize("text, words", [
    ("this is not json", "That is not a saved game"),
    ('{"format": "chess-game"}', "not a saved Wizard game"),
    ("[1, 2]", "That is not a saved game"),
])
def test_table_broken_save_file_keeps_the_game(text, words):
    table = TableWidget(seed=2)
    table.bid(0)
    before = table.game.to_json()
    assert table.load_json(text) is False
    assert words in table.message and "current game goes on" in table.message
    assert table.game.to_json() == before


def test_table_save_file_that_does_not_replay():
    table = TableWidget(seed=2)
    data = json.loads(table.save_json())
    data["actions"].append([0, "bid", 5])  # a bid no one could make
    before = table.game.to_json()
    assert table.load_json(json.dumps(data)) is False
    assert "does not replay" in table.message and table.game.to_json() == before
    data = json.loads(table.save_json())
    data["table"] = {"seat": 9}
    assert table.load_json(json.dumps(data)) is False and "seat" in table.message


def test_table_upload_widget_loads_and_refuses():
    table = TableWidget(seed=4)
    table.bid(1)
    good = table.save_json().encode()
    other = TableWidget(seed=5)
    stamp = datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)
    other.upload.value = ({"name": "g.json", "type": "application/json", "size": len(good),
                           "content": memoryview(good), "last_modified": stamp},)
    assert other.game.to_json() == table.game.to_json()
    before = other.game.to_json()
    other.upload.value = ({"name": "x.json", "type": "", "size": 3, "content": memoryview(b"\xff\x00!"),
                           "last_modified": stamp},)
    assert other.game.to_json() == before and "Could not load" in other.message


def test_plain_game_save_loads_too():
    game = Game(players=4, rules="junior", seed=30)
    game.bid(0)
    table = TableWidget(seed=1)
    assert table.load_json(game.to_json())
    # The computers then move until it is the learner's turn (seat 0 bids first in round 1, so the
    # three others bid, then the learner leads the first trick).
    assert table.game.history[:1] == game.history and len(table.game.history) == 4
    assert table.view.my_turn


def test_reprs_are_deterministic():
    assert repr(TableWidget(seed=3)) == repr(TableWidget(seed=3))
    assert repr(TrickTrainer(seed=3)) == repr(TrickTrainer(seed=3))
    assert repr(DealWidget(seed=3)) == repr(DealWidget(seed=3))
    assert repr(LegalPlayTrainer(seed=3)) == repr(LegalPlayTrainer(seed=3))
    assert repr(PredictionWidget(seed=3)) == repr(PredictionWidget(seed=3))
    assert "seed 3" in repr(TableWidget(seed=3))


# -- the trainer says its reason once ---------------------------------------------------------------------
def test_trick_trainer_feedback_does_not_repeat_its_reason():
    for level in ("follow", "trump", "jester-lead", "wizard-lead", "only-jesters", "anything"):
        trainer = TrickTrainer(rules="classic", level=level, seed=7)
        for _ in range(6):
            trainer.answer(trainer.result.winner)
            words = re.findall(r"[a-z]+", trainer.feedback.lower())
            phrases = [" ".join(words[i:i + 4]) for i in range(len(words) - 3)]
            repeated = {p for p in phrases if phrases.count(p) > 1}
            assert not repeated, trainer.feedback
            trainer.next()


# -- seed boxes and widths --------------------------------------------------------------------------------------
def test_deal_widget_seed_box_shows_plain_digits():
    deal = DealWidget(seed=123456789012)
    assert deal.seed_box.value == "123456789012"
    deal.seed_box.value = "77"
    assert deal.seed == 77
    deal.seed_box.value = "seven"
    assert deal.seed == 77 and deal.message_kind == "error"
