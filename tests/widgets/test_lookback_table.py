"""Look back and "My predictions" at the table widget (issue 30 items 1-2, docs/table.md)."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

from wizard_edu.engine.actions import ActionKind
from wizard_edu.engine.game import Game
from wizard_edu.errors import UnknownRulesetError, WizardError, WrongPhaseError
from wizard_edu.review import load_predictions, review_round
from wizard_edu.widgets import lookback
from wizard_edu.widgets.lookback import CLASS_TABLE, my_predictions
from wizard_edu.widgets.table import TableWidget


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    """Every record goes to a folder of this test's own."""
    monkeypatch.setenv("WIZARD_EDU_HOME", str(tmp_path))
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)


def _move_by_click(table: TableWidget) -> None:
    """One move of the learner as a click in the page (the double-click guard forgotten)."""
    table._last_click = (None, float("-inf"))
    view = table.view
    if any(a.kind == ActionKind.BID for a in view.legal):
        table._click_bid(min(a.value for a in view.legal if a.kind == ActionKind.BID))
    elif any(a.kind == ActionKind.TRUMP for a in view.legal):
        table._click_trump(next(a.value for a in view.legal if a.kind == ActionKind.TRUMP))
    else:
        table._click_card(next(a.value for a in view.legal if a.kind == ActionKind.PLAY))


async def _finish_round_by_clicks(table: TableWidget, timing: list[float] | None = None) -> int:
    """Click until the round in progress is scored; returns its number."""
    number = table.game.round_number
    while len(table.game.rounds) < number:
        while table._steps_pending or not table.view.my_turn:
            await asyncio.sleep(0.005)
            if len(table.game.rounds) >= number:
                return number
        start = time.perf_counter()
        _move_by_click(table)
        if timing is not None:
            timing.append(time.perf_counter() - start)
    return number


async def _wait_jobs(table: TableWidget) -> None:
    for future in list(table.lookback.futures.values()):
        await asyncio.wrap_future(future)
    await asyncio.sleep(0.01)  # the loop's callbacks (the page) after the worker


def test_look_back_api_agrees_with_review_round():
    table = TableWidget(rules="junior", players=3, seed=7)
    table.bid(0) if table.view.my_turn else None
    while not table.game.rounds:
        legal = table.view.legal
        table.act(legal[0])
    review = table.look_back()
    expected = review_round(table.game, 1, table.seat)
    assert review.bid_chances == expected.bid_chances
    assert review.text == expected.text and review.round_number == 1
    with pytest.raises(WizardError):
        table.look_back(2)  # round 2 is not finished


def test_look_back_before_any_round_is_refused():
    table = TableWidget(rules="junior", players=3, seed=7)
    with pytest.raises(WrongPhaseError):
        table.look_back()
    assert table.lookback.button.layout.display == "none"


def test_round_ending_click_returns_before_the_review(monkeypatch):
    release = threading.Event()
    real = lookback.review_round

    def slow_review(*args, **kwargs):
        release.wait(10)
        return real(*args, **kwargs)

    monkeypatch.setattr(lookback, "review_round", slow_review)
    table = TableWidget(rules="junior", players=3, seed=7)

    async def main():
        await _finish_round_by_clicks(table)
        job = table.lookback.jobs[1]
        assert not job.done.is_set()  # the click has returned, the review waits
        assert "Looking back at round 1\u2026" in table.lookback.status.value
        table.lookback._click_look_back()  # asked before it is ready: the friendly line
        assert "Looking back at round 1" in table.lookback.body.value
        release.set()
        await _wait_jobs(table)
        assert job.review is not None
        assert "ready to look back on" in table.lookback.status.value
        assert "wizard-bid-chances" in table.lookback.body.value  # shown once it came

    asyncio.run(main())
    assert table.look_back() is table.lookback.jobs[1].review


def test_look_back_shows_chances_best_and_tricks_in_table_words():
    table = TableWidget(rules="junior", players=3, seed=7, theme="junior")

    async def main():
        await _finish_round_by_clicks(table)
        await _wait_jobs(table)
        table.lookback._click_look_back()

    asyncio.run(main())
    body = table.lookback.body.value
    review = table.look_back()
    assert f"You predicted {review.bid}" in body
    assert "\u2605 best" in body and "in 10" in body  # kid words for the chance
    assert body.count("<li>") == review.hand_size  # one line per trick
    assert "Jester" not in body  # Junior's faces: Fool Frogs, through the vocabulary
    assert "Trick 1" in body and "takes it" in body


def test_record_grows_by_one_per_finished_round_only(tmp_path):
    table = TableWidget(rules="junior", players=3, seed=7)

    async def main():
        await _finish_round_by_clicks(table)
        await _wait_jobs(table)
        assert len(load_predictions(None).rounds) == 1
        # Round 2 started but not finished: nothing more.
        _move_by_click(table)
        while table._steps_pending:
            await asyncio.sleep(0.005)
        await _wait_jobs(table)
        assert len(load_predictions(None).rounds) == 1
        await _finish_round_by_clicks(table)
        await _wait_jobs(table)

    asyncio.run(main())
    rounds = load_predictions(None).rounds
    assert [r.round for r in rounds] == [1, 2]
    assert [(r.bid, r.tricks, r.points) for r in rounds] == [
        (rec.bids[0], rec.won[0], rec.points[0]) for rec in table.game.rounds]


def test_no_name_is_kept_as_no_name_yet_and_a_given_name_elsewhere():
    unnamed = TableWidget(rules="junior", players=3, seed=7)
    named = TableWidget(rules="junior", players=3, seed=8, learner="Ada")

    async def main():
        for table in (unnamed, named):
            await _finish_round_by_clicks(table)
            await _wait_jobs(table)

    asyncio.run(main())
    assert len(load_predictions(None).rounds) == 1  # "(no name yet)"
    assert len(load_predictions("Ada").rounds) == 1


def test_record_off_keeps_nothing():
    table = TableWidget(rules="junior", players=3, seed=7, record=False)

    async def main():
        await _finish_round_by_clicks(table)
        await _wait_jobs(table)

    asyncio.run(main())
    assert table.lookback.jobs[1].review is not None
    assert load_predictions(None).rounds == []


def test_a_record_that_cannot_be_written_is_a_warning_line(monkeypatch):
    def broken(*args, **kwargs):
        raise OSError("the disk is full")

    monkeypatch.setattr(lookback, "note_round", broken)
    table = TableWidget(rules="junior", players=3, seed=7)

    async def main():
        await _finish_round_by_clicks(table)
        await _wait_jobs(table)

    asyncio.run(main())
    assert "could not be added to your predictions" in table.lookback.status.value
    assert table.look_back().round_number == 1


@pytest.mark.parametrize("rules", [{"rules": "anniversary"}, {"rules": "classic", "monochrome": True}])
def test_rules_that_cannot_be_looked_back_on_say_so(rules):
    try:
        table = TableWidget(players=4, seed=3, **rules)
    except WizardError:
        pytest.skip(f"no such ruleset here: {rules}")

    async def main():
        await _finish_round_by_clicks(table)
        await _wait_jobs(table)
        table.lookback._click_look_back()

    asyncio.run(main())
    body = table.lookback.body.value
    with pytest.raises(UnknownRulesetError) as refused:
        review_round(table.game, 1, table.seat)
    assert str(refused.value).split(":")[0][:30] in body.replace("&#x27;", "'")
    assert "Traceback" not in body and "Error" not in body
    with pytest.raises(UnknownRulesetError):
        table.look_back()
    assert load_predictions(None).rounds == []


def test_class_game_says_what_is_left():
    class FakeSeatGame:  # what a class table's game is: not a Game
        rounds = (object(),)

    table = TableWidget(rules="junior", players=3, seed=7)
    table.controller.source.game = FakeSeatGame()  # type: ignore[assignment]
    table.lookback.new_game()
    table.lookback.round_finished(1)
    assert table.lookback.button.layout.display == "none"  # no button that cannot work
    assert table.lookback.predictions_button.layout.display == "none"
    assert not table.lookback.jobs
    table.lookback.show(1)
    assert "class table" in table.lookback.body.value
    with pytest.raises(WizardError, match="class table"):
        table.look_back(1)
    assert CLASS_TABLE.startswith("Looking back works")


def test_predictions_panel_words_kid_and_classic():
    junior = TableWidget(rules="junior", players=3, seed=7, learner="Ada")
    classic = TableWidget(rules="classic", players=3, seed=7, learner="Bo")

    async def main():
        for table in (junior, classic):
            await _finish_round_by_clicks(table)
            await _finish_round_by_clicks(table)
            await _wait_jobs(table)

    asyncio.run(main())
    summary = junior.my_predictions()
    words = junior.lookback.predictions_html.value
    assert summary.rounds == 2 and summary.kid
    assert f"You got {summary.exact} of 2 right!" in words  # kid words for Junior
    assert "hard computer player" in words and "wizard-calibration" in words
    assert words.count("<tr>") >= 2  # the header and at least one band of chance
    older = classic.my_predictions()
    said = classic.lookback.predictions_html.value
    assert not older.kid and f"Exact bids: {older.exact} of 2" in said and "You got" not in said
    panel = my_predictions("Ada")
    assert panel.summary is not None and panel.summary.rounds == 2
    assert my_predictions("Bo", rules="junior").summary.rounds == 0  # Bo played only Classic
    empty = my_predictions("Nobody")
    assert "No rounds yet" in empty.html.value


def test_a_new_game_forgets_the_look_back():
    table = TableWidget(rules="junior", players=3, seed=7)

    async def main():
        await _finish_round_by_clicks(table)
        await _wait_jobs(table)

    asyncio.run(main())
    assert table.lookback.button.layout.display is None
    table.new_game()
    assert table.lookback.button.layout.display == "none" and not table.lookback.jobs
    assert isinstance(table.game, Game)


def test_kid_app_keeps_rounds_under_the_name_typed_on_the_start_page():
    from wizard_edu.teach.progress import set_learner
    from wizard_edu.widgets.kidapp import kid_app

    set_learner("Mia")
    app = kid_app(TableWidget(rules="junior", players=4, seed=5, theme="junior"))
    table = app.widget

    async def main():
        await _finish_round_by_clicks(table)
        await _wait_jobs(table)

    asyncio.run(main())
    assert [r.round for r in load_predictions("Mia").rounds] == [1]
    assert my_predictions().summary.rounds == 1  # the name the kit knows
    assert load_predictions(None).rounds == []  # nothing kept as "(no name yet)"
    assert "You predicted" in table.look_back().text
