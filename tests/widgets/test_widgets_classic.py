"""Classic widgets through their Python API: the scoring quiz, the Classic trick levels, the Classic table."""

from __future__ import annotations

import json

import pytest

from wizard_edu import Game, score_round
from wizard_edu.players.coach import hint
from wizard_edu.widgets import TableWidget, TrickTrainer
from wizard_edu.widgets.quiz import ScoringQuiz, explain_score

# -- the scoring quiz -------------------------------------------------------------------------


def test_quiz_is_seeded():
    a, b = ScoringQuiz(seed=7), ScoringQuiz(seed=7)
    for _ in range(10):
        assert (a.question, a.choices) == (b.question, b.choices)
        a.next()
        b.next()
    assert [ScoringQuiz(seed=s).question for s in range(5)] != [ScoringQuiz(seed=0).question] * 5


def test_quiz_right_answer_comes_from_the_engine_and_is_among_the_choices():
    quiz = ScoringQuiz(seed=3)
    made = missed = 0
    for _ in range(40):
        assert quiz.correct == score_round(quiz.bid, quiz.won)
        assert quiz.correct in quiz.choices and len(set(quiz.choices)) == 4
        assert 0 <= quiz.bid <= quiz.round and 0 <= quiz.won <= quiz.round
        made += quiz.bid == quiz.won
        missed += quiz.bid != quiz.won
        quiz.next()
    assert made >= 8 and missed >= 8  # both kinds of question come up


def test_quiz_right_and_wrong_answers():
    quiz = ScoringQuiz(seed=1)
    wrong = next(c for c in quiz.choices if c != quiz.correct)
    assert quiz.answer(wrong) is False
    assert quiz.feedback.startswith(f"Not {wrong}:")
    assert f"= {quiz.correct}." in quiz.feedback
    assert quiz.message_kind == "error" and quiz.streak == 0
    assert quiz.answer(quiz.correct) is True  # a second try is allowed but not counted as right
    assert (quiz.right, quiz.asked) == (0, 1)
    quiz.next()
    assert quiz.answer(str(quiz.correct)) is True
    assert (quiz.right, quiz.asked, quiz.streak) == (1, 2, 1)
    assert quiz.feedback.startswith("Right!") and quiz.message_kind == "ok"
    assert "1 right out of 2" in quiz.score_html.value


def test_quiz_typed_and_clicked_answers():
    quiz = ScoringQuiz(seed=2)
    quiz.entry.value = f" {quiz.correct} ".replace("-", "\u2212")  # a typographic minus works too
    quiz.check_button.click()
    assert quiz.right == 1
    quiz.next()
    button = quiz.choice_box.children[quiz.choices.index(quiz.correct)]
    assert button.tooltip and button.description
    button.click()
    assert quiz.right == 2


def test_quiz_bad_text_is_a_message_not_a_crash():
    quiz = ScoringQuiz(seed=4)
    assert quiz.answer("thirty") is False
    assert "whole number" in quiz.message and quiz.asked == 0


def test_explain_score_formula():
    assert explain_score(3, 3).endswith("20 + 10 × 3 = 50.")
    assert explain_score(1, 4, name="Kevin").startswith("Kevin won 3 tricks more")
    assert explain_score(2, 0).endswith("-10 × 2 = -20.")
    assert "scores 0" in explain_score(2, 1, rules="junior")
    assert ScoringQuiz(seed=0, rules="junior").correct == score_round(
        ScoringQuiz(seed=0, rules="junior").bid, ScoringQuiz(seed=0, rules="junior").won, "junior")


def test_quiz_repr_is_deterministic():
    assert repr(ScoringQuiz(seed=5)) == repr(ScoringQuiz(seed=5))
    assert repr(ScoringQuiz(seed=5)).startswith("ScoringQuiz(question 1:")


# -- the Classic trick levels -----------------------------------------------------------------

LEVEL_CHECKS = {
    "jester-lead": lambda t: t[0].is_jester,
    "wizard-lead": lambda t: t[0].is_wizard,
    "jester-then-wizard": lambda t: t[0].is_jester and t[1].is_wizard,
    "only-jesters": lambda t: all(c.is_jester for c in t),
}


@pytest.mark.parametrize("level", sorted(LEVEL_CHECKS))
def test_classic_trick_levels(level):

    trainer = TrickTrainer(rules="classic", level=level, seed=2, auto_level=False)
    for _ in range(5):
        trick = trainer.trick
        assert LEVEL_CHECKS[level](trick), (level, trick)
        assert trainer.answer(trainer.result.winner) is True
        trainer.next()
    if level == "wizard-lead":
        assert trainer.result.winner == 0
    if level == "only-jesters":
        assert trainer.result.rule == "first-jester"


# -- the Classic table -------------------------------------------------------------------------


def classic_table(**kwargs):

    options = {"rules": "classic", "players": 4, "seat": 0, "opponents": ["simulator"] * 3, "seed": 5,
               "theme": "us"}
    options.update(kwargs)
    return TableWidget(**options)


def test_hint_button_shows_the_coachs_sentence():
    table = classic_table()
    expected = hint(table.view)
    table.hint_button.click()
    assert table.last_hint == expected.action
    assert expected.text in table.message


def test_classic_round_with_hints_and_an_illegal_click():
    table = classic_table(seed=9)
    refused = False
    while table.game.round_number < 4 and not table.game.is_over:
        view = table.view
        if view.phase == "play" and not refused:
            illegal = [c for c in view.hand if c not in view.legal_cards]
            if illegal:
                before = table.game.to_json()
                assert table.play(illegal[0]) is False
                assert "follow" in table.message
                assert table.game.to_json() == before
                refused = True
        assert table.act(hint(table.view).action) is True
    assert refused, "the learner never held a card they may not play: the illegal click was not tried"
    assert table.game.round_number == 4 and len(table.game.rounds) == 3
    pad = table.score_pad()
    assert list(pad.index) == [1, 2, 3]
    assert pad.xs("total", axis=1, level=1).iloc[-1].tolist() == table.game.scores


def test_save_and_resume_round_trip():
    table = classic_table(seed=12)
    for _ in range(12):
        table.act(hint(table.view).action)
    saved = table.save_json()
    data = json.loads(saved)
    assert data["rules"]["name"] == "classic"
    resumed = classic_table(seed=99)
    assert resumed.load_json(saved) is True
    assert resumed.game.to_json() == table.game.to_json()
    assert resumed.view == table.view
    assert resumed.load_json("{not json") is False
    assert resumed.game.to_json() == table.game.to_json()  # a broken file loses nothing
    assert Game.from_json(saved).round_number == table.game.round_number


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
