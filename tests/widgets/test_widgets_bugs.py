"""The widget bugs of issue 14, each pinned by a test that fails if it comes back (Python API)."""

from __future__ import annotations

import json
import re

import pytest
from IPython.core.formatters import DisplayFormatter

from wizard_edu.engine.game import Action
from wizard_edu.players import play_game
from wizard_edu.widgets import DealWidget, PredictionWidget, TableWidget, TrickTrainer, running_totals_chart
from wizard_edu.widgets.quiz import ScoringQuiz


def card_button_for(table: TableWidget, card):
    return next(b for b in table.hand_box.children if b.card == card.unnamed)


# -- a double-click never shows an error over a move that worked --------------------------------------
def test_double_click_on_an_allowed_card_plays_it_once_without_an_error():
    for seed in range(6):
        table = TableWidget(rules="junior", seed=seed)
        table.bid(0)
        while table.view.phase != "play":
            table.act(table.view.legal[0])
        if not table.view.my_turn:
            continue
        card = table.view.legal_cards[0]
        button = card_button_for(table, card)
        mine = sum(1 for s, _ in table.game.history if s == table.seat)
        button.click()
        button.click()  # the second half of a double-click
        assert sum(1 for s, _ in table.game.history if s == table.seat) == mine + 1
        assert table.message_kind == "ok", table.message


def test_a_click_on_a_card_already_played_is_ignored_even_later():
    table = TableWidget(rules="classic", players=3, seed=5)
    table.double_click_seconds = 0  # not a double-click: a late click on a button that is gone
    table.bid(1)
    while not (table.view.my_turn and table.view.phase == "play"):
        table.act(table.view.legal[0])
    card = table.view.legal_cards[0]
    button = card_button_for(table, card)
    button.click()
    if table.view.my_turn and card.unnamed not in table.view.hand:
        before = table.game.to_json()
        if button in table.hand_box.children:
            # A new card of the hand took the button over: it shows (and is) that card now.
            assert button.card in table.view.hand and button.card != card
            return
        button.click()
        assert table.game.to_json() == before and table.message_kind != "error", table.message


def test_double_click_on_a_prediction_number_predicts_once_without_an_error():
    table = TableWidget(rules="junior", seed=3)
    button = next(b for b in table.action_box.children if "wizard-bid-1" in b._dom_classes)
    button.click()
    button.click()
    assert table.message_kind == "ok", table.message
    assert [a.value for s, a in table.game.history if s == table.seat] == [1]
    predict = PredictionWidget(round=2, seed=1)
    number = next(b for b in predict.bid_box.children if "wizard-bid-1" in getattr(b, "_dom_classes", ()))
    number.click()
    said = predict.message
    number.click()
    assert predict.message == said and predict.message_kind != "error"


def test_python_api_still_refuses_a_second_move_with_a_reason():
    # The double-click guard is for buttons only: code gets the engine's answer.
    table = TableWidget(rules="junior", seed=3)
    assert table.bid(1) is True
    assert table.bid(1) is False and table.message_kind == "error"


# -- charts are pictures everywhere ---------------------------------------------------------------------
def test_charts_display_as_png_images_never_as_figure_text():
    game = play_game(4, rules="junior", seed=2)
    for chart in (running_totals_chart(game), TableWidget(rules="classic").chart()):
        data, _meta = DisplayFormatter().format(chart)
        assert data["image/png"][:4] == b"\x89PNG"
        assert "Figure size" not in data["text/plain"] and "<Chart" in data["text/plain"]
        assert len(chart.axes[0].lines) == 4  # still the matplotlib figure underneath


def test_new_game_clears_the_old_chart():
    table = TableWidget(rules="junior", seed=1)
    while table.game.round_number < 3:
        table.act(table.view.legal[0])
    table.show_chart()
    assert table.chart_image.layout.display is None and table.chart_image.value
    table.new_game()
    assert table.chart_image.layout.display == "none" and not table.chart_image.value


# -- Enter in the quiz's Points box -------------------------------------------------------------------------
def test_enter_in_the_points_box_checks_the_answer():
    quiz = ScoringQuiz(seed=4)
    assert quiz.entry.continuous_update is False  # so the value arrives when Enter is pressed
    quiz.entry.value = str(quiz.correct)  # what the browser sends on Enter
    assert quiz.asked == 1 and quiz.right == 1 and quiz.feedback.startswith("Right!")
    quiz.check_button.click()  # the same answer is not counted twice
    assert quiz.asked == 1
    quiz.next()
    assert quiz.asked == 1 and quiz.entry.value == ""


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


# -- save files: a friendly message for every kind of broken file, the game unchanged ------------------------
def broken_files() -> dict[str, str | bytes]:
    good = TableWidget(rules="classic", seed=2)
    good.bid(0)
    text = good.save_json()
    data = json.loads(text)
    return {
        "empty box": "", "spaces": "   \n", "words": "this is not a saved game", "half a copy": text[: len(text) // 2],
        "a list": "[1, 2, 3]", "someone else's JSON": '{"name": "my homework"}',
        "a missing part": json.dumps({k: v for k, v in data.items() if k != "players"}),
        "damaged JSON": text.replace(",", "", 3), "a picture": b"\x89PNG\r\n\x1a\n\x00\xff\xfe",
        "a move that does not fit": json.dumps(dict(data, actions=[[2, "bid", 9]])),
        "rules changed by hand": json.dumps(dict(data, rules="chess")),
        "moves changed by hand": json.dumps(dict(data, actions=5)),
        "too many players": json.dumps(dict(data, players=99)),
        "a seat not at the table": json.dumps(dict(data, table={"seat": 7})),
        "another version": json.dumps(dict(data, version=99)),
        "JSON null": "null",
    }


@pytest.mark.parametrize("kind", list(broken_files()))
def test_every_broken_save_file_gets_a_friendly_message_and_changes_nothing(kind):
    table = TableWidget(rules="classic", seed=9)
    table.bid(1)
    before = table.game.to_json()
    assert table.load_json(broken_files()[kind]) is False
    assert table.game.to_json() == before
    msg = table.message
    assert msg.startswith("Could not load that game, so the current game goes on.") and table.message_kind == "error"
    for techy in ("KeyError", "TypeError", "Expecting value", "line 1 column", "Error(", "JSON text ("):
        assert techy not in msg, msg


def test_the_load_button_with_an_empty_box_says_what_to_do():
    table = TableWidget(seed=1)
    table.save_text.value = ""
    table.load_button.click()
    assert "The box is empty" in table.message


# -- seed boxes and widths --------------------------------------------------------------------------------------
def test_deal_widget_seed_box_shows_plain_digits():
    deal = DealWidget(seed=123456789012)
    assert deal.seed_box.value == "123456789012"
    deal.seed_box.value = "77"
    assert deal.seed == 77
    deal.seed_box.value = "seven"
    assert deal.seed == 77 and deal.message_kind == "error"


def test_level_menu_is_wide_enough_and_the_score_pad_scrolls_instead_of_cutting():
    trainer = TrickTrainer(rules="classic")
    longest = max(len(label) for label, _ in trainer.level_choice.options)
    width = float(trainer.level_choice.layout.width.removesuffix("em"))
    assert width >= longest * 0.6 + 3.5  # 3.5em of description, about 0.6em a character
    table = TableWidget(rules="classic", players=6, seed=1)
    while not table.game.rounds:
        table.act(table.view.legal[0])
    table.show_score_pad()
    # Six players fit: the columns share the width (fixed layout at 100%), every name is there.
    assert "table-layout:fixed" in table.pad_html.value and "width:100%" in table.pad_html.value
    assert all(f">{name}</th>" in table.pad_html.value for name in table.game.names)


def test_a_fresh_table_waits_for_the_learner():
    for rules, kwargs in (("junior", {}), ("classic", {"theme": "us"})):
        table = TableWidget(rules=rules, seed=8, **kwargs)
        assert table.view.my_turn and not [a for s, a in table.game.history if s == table.seat]
        assert table.last_hint is None and "hint" not in table.message_kind


def test_an_anniversary_action_button_for_a_finished_step_is_ignored():
    table = TableWidget(rules="anniversary", seed=1)
    table.double_click_seconds = 0
    before = table.game.to_json()
    table._click_action(Action("cloud", 1))  # not a step of this moment
    assert table.game.to_json() == before and table.message_kind != "error"


# -- the computer's thinking is shown, and a second Hint is instant ------------------------------------------
def test_a_thinking_simulator_is_announced_before_it_moves():
    table = TableWidget(rules="classic", players=3, seed=4, opponents=["simulator", "rule-of-thumb"])
    seen: list[str] = []
    table.prompt.observe(lambda change: seen.append(change["new"]), names="value")
    table.act(table.view.legal[0])
    assert any("Owl is thinking" in v and "wizard-thinking" in v for v in seen), seen
    assert "thinking" not in table.prompt.value  # the final state is the learner's prompt


def test_a_second_hint_for_the_same_moment_does_not_ask_the_coach_again(monkeypatch):
    import wizard_edu.players.coach as coach

    calls = []
    real = coach.hint

    def counting(view, *args, **kwargs):
        calls.append(view)
        return real(view, *args, **kwargs)

    monkeypatch.setattr(coach, "hint", counting)
    table = TableWidget(rules="classic", players=4, seed=2)
    first = table.hint()
    assert table.hint() == first and len(calls) == 1
    table.act(table.view.legal[0])
    table.hint()
    assert len(calls) == 2


def test_a_quick_click_on_another_button_is_not_held_back():
    # Only the same button clicked again at once is a double-click: a bid then a card is two moves.
    table = TableWidget(rules="classic", players=3, seed=5)
    table.action_box.children[1 + 1].click()  # the "1" after the "Bid:" label
    assert table.view.phase == "play" and table.view.my_turn
    card = table.view.legal_cards[0]
    card_button_for(table, card).click()
    assert [a.kind for s, a in table.game.history if s == table.seat] == ["bid", "play"]



# -- fast clicks: buttons are kept and restyled, not closed and made again --------------------------------------
def test_trainer_and_table_keep_their_buttons_between_tricks_and_rounds():
    trainer = TrickTrainer(rules="classic", seed=3)
    before = [box.children[1] for box in trainer.cards_box.children]
    trainer.answer(0)
    trainer.next()
    after = [box.children[1] for box in trainer.cards_box.children]
    assert all(a is b for a, b in zip(before, after))
    assert [b.card for b in after] == list(trainer.trick)  # restyled to the new trick's cards
    assert all(f"wizard-card-{c}".replace(":", "-") in b._dom_classes for b, c in zip(after, trainer.trick))
    assert all("wizard-winner" not in b._dom_classes for b in after)
    table = TableWidget(rules="junior", seed=2)
    first = list(table.bid_buttons)
    while table.game.round_number < 3:
        table.act(table.view.legal[0])
    while not (table.view.my_turn and table.view.phase == "bid"):
        table.act(table.view.legal[0])
    assert all(a is b for a, b in zip(first, table.bid_buttons)) and len(table.bid_buttons) >= 4
