"""The checked-question widget (wizard_edu.widgets.Question), through its Python API."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from ipywidgets import Widget

from wizard_edu import Card, cards, junior_deck, legal_plays, score_round, trick_winner
from wizard_edu.errors import WizardError
from wizard_edu.teach.progress import class_report, progress_path
from wizard_edu.widgets import Question
from wizard_edu.widgets.question import number_text, parse_number


@pytest.fixture(autouse=True)
def _no_real_home(tmp_path, monkeypatch):
    """Any recording a test forgets to direct goes to a temporary home, never the real one."""
    monkeypatch.setenv("WIZARD_EDU_HOME", str(tmp_path / "default-home"))
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    # state_text() reads every live widget: earlier tests' widgets (a worker runs many files) would
    # only make it slow, never change what it finds, so they are closed first.
    Widget.close_all()


def state_text() -> str:
    """Everything the notebook would store for widgets (the manager's state), as text."""
    return json.dumps(Widget.get_manager_state(drop_defaults=False))


def test_whole_number_wrong_then_right_with_hint_and_tries(tmp_path):
    q = Question("How many cards are in a Junior deck?", answer=lambda: len(junior_deck()), home=tmp_path,
                 hint="Count the colours and the numbers.")
    assert q.tries == 0 and not q.hint_visible
    assert q.answer_with("35").startswith("Not quite")
    assert q.hint_visible and "Count the colours" in q.hint_html.value
    assert not q.can_show_answer
    assert q.answer_with("36").startswith("Yes!")
    assert q.correct and q.tries == 2 and q.right_first_time is False
    # once right, more checks are not counted
    q.answer_with("1")
    assert q.tries == 2 and q.correct


def test_integer_answers_need_the_exact_number():
    q = Question("Points?", answer=score_round(3, 3), record=False)
    assert q.answer_with("49.9").startswith("Not quite")
    assert q.answer_with("50").startswith("Yes!")


@pytest.mark.parametrize("typed,ok", [("2/9", True), ("4/18", True), ("0.22", True), ("0,222", True),
                                      ("22%", True), ("22.2 %", True), ("0.2", False), ("2/8", False),
                                      ("30%", False)])
def test_fractions_decimals_and_percentages(typed, ok):
    q = Question("Chance?", answer=Fraction(2, 9), record=False)
    assert q.answer_with(typed).startswith("Yes!") is ok
    assert q.correct is ok


def test_close_decimals_get_told_they_are_close():
    q = Question("Chance?", answer=Fraction(2, 9), record=False)
    assert q.answer_with("0.21").startswith("Very close")


def test_a_float_answer_accepts_within_tolerance_only():
    q = Question("About?", answer=0.6234, tolerance=0.01, record=False)
    assert not q.answer_with("0.61").startswith("Yes") and not q.correct
    assert q.answer_with("62%").startswith("Yes!")


def test_unreadable_text_is_not_a_try():
    q = Question("How many?", answer=36, record=False)
    feedback = q.answer_with("lots")
    assert "could not read" in feedback and q.tries == 0 and not q.hint_visible


def test_card_answers_are_parsed_with_card_parse():
    trick = "G8 G4 G5 R2"
    q = Question("Which card wins?", answer=lambda: cards(trick)[trick_winner(trick, trump="R", rules="junior")],
                 record=False)
    assert q.kind == "card"
    assert q.answer_with("G8").startswith("Not quite")
    assert q.answer_with(" r2 ").startswith("Yes!")
    bad = q.answer_with("R14")
    assert q.tries == 2 and "R14" in bad


def test_a_list_of_cards_in_any_order():
    hand, trick = "R3 G9 W J", "R12"
    q = Question("Which cards may you play?", answer=lambda: legal_plays(hand, trick), record=False)
    assert q.kind == "cards"
    assert q.answer_with("R3 W").startswith("Not quite")
    assert q.answer_with("j, w r3").startswith("Yes!")


def test_choices_and_their_buttons():
    q = Question("Does a Jester ever win?", answer="only if all are Jesters",
                 choices=["never", "only if all are Jesters", "always"], record=False)
    assert [b.description for b in q.buttons] == q.choice_order
    assert sorted(q.choice_order) == sorted(q.choices)
    by_label = {b.description: b for b in q.buttons}
    by_label["never"].click()
    assert q.tries == 1 and not q.correct
    by_label["only if all are Jesters"].click()
    assert q.correct and q.feedback == "Yes! You got it: that is right."
    with pytest.raises(WizardError):
        Question("?", answer="maybe", choices=["yes", "no"], record=False)


def test_click_on_a_card_by_position_from_trick_winner():
    trick = "J W R13 W"
    q = Question("Click the card that wins", cards=trick, answer=lambda: trick_winner(trick, trump="R"),
                 record=False)
    assert q.kind == "click"
    q.buttons[3].click()              # the second Wizard is a Wizard too, but does not win
    assert q.tries == 1 and not q.correct
    q.buttons[1].click()
    assert q.correct and q.feedback.startswith("Yes!")


def test_show_answer_only_after_two_tries():
    q = Question("How many?", answer=36, record=False)
    assert "Have a go first" in q.show_answer() and not q.revealed
    assert q.reveal_button is None
    q.answer_with("1")
    q.answer_with("2")
    assert q.can_show_answer and q.reveal_button in q.children
    assert "36" in q.show_answer() and "36" in q.answer_html.value and q.revealed
    assert q.reveal_button.layout.display == "none"
    # after seeing the answer a check is no longer counted
    q.answer_with("36")
    assert q.tries == 2 and not q.correct


def test_enter_and_check_button_count_one_try():
    q = Question("How many?", answer=36, record=False)
    q.entry.value = "35"            # what Enter sends (continuous_update=False)
    q.check_button.click()          # then the button, with the same text
    assert q.tries == 1
    q.entry.value = "36"
    assert q.correct and q.tries == 2


def test_the_answer_is_not_in_the_repr_nor_the_stored_widget_state():
    q = Question("Bid 7, won 7: points?", answer=lambda: score_round(7, 7), record=False,
                 explain="Twenty for the bid and ten per trick.")
    answer = str(score_round(7, 7))
    assert answer not in repr(q) and answer not in q._repr_mimebundle_()["text/plain"]
    assert f'"{answer}"' not in state_text() and "Twenty for the bid" not in state_text()
    q2 = Question("Chance?", answer=Fraction(13, 47), record=False)
    assert "13/47" not in state_text() and "0.277" not in state_text()
    q2.answer_with("1")
    q2.answer_with("2")
    q2.show_answer()
    assert "13/47" in state_text()


def test_each_counted_check_is_recorded(tmp_path):
    q = Question("How many?", answer=36, notebook="01-meet-the-cards", id="deck-size", home=tmp_path)
    q.answer_with("seven")          # unreadable: not recorded
    q.answer_with("35")
    q.answer_with("36")
    q.answer_with("36")             # already right: not recorded again
    data = json.loads(progress_path(tmp_path).read_text())
    entry = next(iter(data["learners"].values()))["01-meet-the-cards"]["questions"]["deck-size"]
    assert entry["tries"] == 2 and entry["correct"] is True and entry["first_try"] is False
    report = class_report([tmp_path])
    assert report["questions done"].sum() == 1 and report["right first time"].sum() == 0


def test_the_name_is_asked_once_and_earlier_answers_move_to_it(tmp_path):
    q = Question("How many?", answer=36, notebook="01", home=tmp_path)
    assert q.name_row is None
    q.answer_with("36")
    assert q.name_row in q.children
    q.name_entry.value = "Ada"
    q.name_button.click()
    assert q.name_row.layout.display == "none"
    report = class_report([tmp_path])
    assert list(report.index) == [("Ada", "01")]
    q2 = Question("Again?", answer=1, notebook="01", home=tmp_path)
    q2.answer_with("1")
    assert q2.name_row is None


def test_jupyterhub_user_is_the_name(tmp_path, monkeypatch):
    monkeypatch.setenv("JUPYTERHUB_USER", "ben")
    q = Question("How many?", answer=36, notebook="02", home=tmp_path)
    q.answer_with("36")
    assert q.name_row is None
    assert list(class_report([tmp_path]).index) == [("ben", "02")]


def test_a_broken_progress_file_does_not_break_the_question(tmp_path):
    path = progress_path(tmp_path)
    path.parent.mkdir(parents=True)
    path.write_text("{ broken")
    q = Question("How many?", answer=36, home=tmp_path)
    assert q.answer_with("36").startswith("Yes!")
    assert "not saved" in q.hint_html.value
    assert path.read_text() == "{ broken"   # never overwritten silently


def test_parse_number_and_number_text():
    assert parse_number("-10") == (Fraction(-10), True)
    assert parse_number("\u22125") == (Fraction(-5), True)
    with pytest.raises(WizardError):
        parse_number("1/0")
    assert number_text(Fraction(2, 9)) == "2/9 (about 0.222, or 22.2%)"
    assert number_text(36) == "36"


def test_bad_questions_are_refused_with_a_readable_error():
    with pytest.raises(WizardError):
        Question("?", answer=object(), record=False)
    with pytest.raises(WizardError):
        Question("?", answer=Card.parse("R7"), cards="G1 G2", record=False)
    with pytest.raises(WizardError):
        Question("?", answer=5, cards="G1 G2", record=False)


def test_maker_sets_the_notebook(tmp_path):
    ask = Question.maker("09-chance", home=tmp_path)
    q = ask("How many?", answer=3)
    assert q.notebook == "09-chance"
    q.answer_with("3")
    assert list(class_report([tmp_path]).index.get_level_values("notebook")) == ["09-chance"]


def test_show_answer_names_the_place_of_a_clicked_card():
    q = Question("Click the winner", cards="W R13 W", answer=0, record=False)
    q.click(2)
    q.click(1)
    assert q.show_answer().startswith("The answer is W, the first card.")


def test_progress_panel_shows_nothing_until_asked(tmp_path):
    from wizard_edu.widgets import ProgressPanel

    Question("How many?", answer=36, notebook="06", home=tmp_path).answer_with("36")
    panel = ProgressPanel(home=tmp_path)
    assert repr(panel) == "ProgressPanel()" and panel.text.value == ""
    from wizard_edu.teach.questions import bank

    assert f"06: 1 of {len(bank('06'))} questions done, 1 right first time" in panel.refresh()
    panel.name_entry.value = "Ada"
    panel.name_button.click()
    assert "Progress for Ada" in panel.text.value


# -- issue 21: words, exact fractions, shuffling, the worked answer -------------------------------------
def test_a_right_choice_is_praised_without_repeating_it():
    q = Question("Is it?", answer="yes", choices=["yes", "no"], record=False)
    assert q.choose("yes") == "Yes! That is right."
    q = Question("Is it?", answer="yes", choices=["yes", "no"], record=False)
    assert q.choose("no") == "Not quite: that is not it. Have another go!"


def test_junior_feedback_names_the_fool_frog_never_j():
    q = Question("Which card wins?", cards="F R2 F", answer=1, rules="junior", record=False)
    said = q.click(0)
    assert "Fool Frog" in said and " J " not in f" {said} " and "Jester" not in said
    q.click(2)
    assert q.show_answer().startswith("The answer is R2, the second card.")
    typed = Question("Which card?", answer="R2", kind="card", rules="junior", record=False)
    assert "Fool Frog" in typed.answer_with("J") and "J is" not in typed.feedback


def test_an_exact_fraction_is_compared_exactly_never_very_close():
    q = Question("Chance?", answer=Fraction(2, 36), record=False)
    assert q.answer_with("1/36") == "Not quite: 1/36 is not it. Have another go!"
    assert q.answer_with("0.05").startswith("Very close")      # a decimal may be close
    assert q.answer_with("1/18").startswith("Yes!")


def test_the_text_form_is_kid_words_without_the_answer():
    q = Question("How many cards are in a Junior deck?", answer=36, record=False)
    text = q._repr_mimebundle_()["text/plain"]
    assert text.startswith("✎ How many cards are in a Junior deck?") and "Run All Cells" in text
    assert "Question(" not in text and "36" not in text


def test_choices_are_shuffled_the_same_way_for_one_learner(monkeypatch, tmp_path):
    choices = ["red", "green", "blue", "yellow", "no trump"]
    orders = {}
    for name in ("Ada", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hal"):
        monkeypatch.setenv("JUPYTERHUB_USER", name)
        first = Question("Trump?", answer="red", choices=choices, id="02.x", record=False).choice_order
        again = Question("Trump?", answer="red", choices=choices, id="02.x", record=False).choice_order
        assert first == again and sorted(first) == sorted(choices)
        orders[name] = first
    assert len({tuple(o) for o in orders.values()}) > 1                # learners differ
    assert len({o.index("red") for o in orders.values()}) > 1          # the answer moves
    fixed = Question("Trump?", answer="red", choices=choices, id="02.x", record=False, shuffle=False)
    assert fixed.choice_order == choices


def test_clicked_cards_keep_the_order_they_were_played_in():
    q = Question("Which wins?", cards="G8 G4 G5 R2", answer=0, record=False)
    assert [b.card for b in q.buttons] == list(cards("G8 G4 G5 R2"))


def test_the_worked_answer_appears_only_after_a_right_answer():
    made = []

    def worked():
        made.append(1)
        return ["Four colours of eight, two Wizards, two Fool Frogs.", junior_deck()]

    q = Question("How many cards?", answer=36, worked=worked, record=False)
    assert not q.worked_shown and made == [] and "Four colours of eight" not in state_text()
    q.answer_with("35")
    assert not q.worked_shown and made == []
    q.answer_with("36")
    assert q.worked_shown and made == [1] and q.worked_box in q.children
    assert "Four colours of eight" in state_text()
    assert "wizard-question-worked" in q.worked_box._dom_classes


def test_the_worked_answer_appears_after_show_answer():
    q = Question("How many cards?", answer=36, worked=lambda: "Count them.", record=False)
    q.answer_with("1")
    assert not q.worked_shown
    q.answer_with("2")
    assert not q.worked_shown
    q.show_answer()
    assert q.worked_shown and "Count them." in q.worked_box.children[0].value


def test_where_am_i_does_not_ask_for_a_name_it_has(tmp_path, monkeypatch):
    from wizard_edu.teach.progress import set_learner
    from wizard_edu.widgets import ProgressPanel

    assert ProgressPanel(home=tmp_path).asks_name
    set_learner("Ada", home=tmp_path)
    assert not ProgressPanel(home=tmp_path).asks_name
    monkeypatch.setenv("JUPYTERHUB_USER", "ben")
    assert not ProgressPanel(home=tmp_path / "other").asks_name
