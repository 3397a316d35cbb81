"""My predictions (issue 30, item 2): the learner's record of rounds, wizard_edu.review.record."""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import pytest

from wizard_edu.errors import WizardError
from wizard_edu.players.table import play_game
from wizard_edu.review import record as rec
from wizard_edu.review import review_round
from wizard_edu.review.record import (
    MAX_ROUNDS,
    PredictionsWarning,
    RoundEntry,
    add_round,
    hard_player_round,
    load_predictions,
    note_round,
    predictions_path,
    round_entry,
)
from wizard_edu.teach import progress


def entry(bid: int = 1, tricks: int = 1, n: int = 1, rules: str = "junior") -> RoundEntry:
    return RoundEntry(f"2026-12-02T10:00:{n % 60:02d}+00:00", rules, 3, n, 2, 0, bid, tricks,
                      int(bid == tricks), 0.5, bid, 0.5, False, None, None, None, None)


def quiet(fn, *args, **kwargs):
    """Call ``fn`` and return its result and the PredictionsWarnings it gave."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = fn(*args, **kwargs)
    return result, [str(w.message) for w in caught if issubclass(w.category, PredictionsWarning)]


def test_the_record_lives_next_to_the_progress_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert predictions_path(tmp_path).parent == progress.progress_path(tmp_path).parent
    assert predictions_path(tmp_path).name == "predictions.json"
    monkeypatch.setenv(progress.HOME_ENV, str(tmp_path / "class"))
    assert predictions_path() == tmp_path / "class" / ".wizard-edu" / "predictions.json"
    assert rec.UNNAMED == progress.UNNAMED


def test_each_round_agrees_with_the_engine_s_scores(tmp_path: Path) -> None:
    game = play_game(["medium"] * 3, rules="junior", seed=6)
    seat = 2
    for number in range(1, len(game.rounds) + 1):
        record = note_round(game, number, seat, "Ada", home=tmp_path, hard=number <= 3)
        assert record.warning is None
    saved = load_predictions("Ada", home=tmp_path)
    assert len(saved.rounds) == len(game.rounds) == 8
    for number, line in enumerate(saved.rounds, start=1):
        scored = game.rounds[number - 1]
        assert (line.round, line.cards, line.seat, line.rules, line.players) == (number, number, seat, "junior", 3)
        assert (line.bid, line.tricks, line.points) == (scored.bids[seat], scored.won[seat], scored.points[seat])
        assert 0 <= line.chance <= 1 and line.best_chance >= line.chance - 1e-9
        assert line.exact == (number == 1 and not scored.trump_card.is_wizard)
        if number <= 3:
            assert line.hard_bid is not None and line.hard_tricks is not None
            assert line.hard_points == game.ruleset.score(line.hard_bid, line.hard_tricks)
        else:
            assert line.hard_bid is None
    review = review_round(game, 5, seat)
    assert (saved.rounds[4].chance, saved.rounds[4].best_bid) == (review.chance, review.best_bid)
    assert load_predictions("Ben", home=tmp_path).rounds == []


def test_the_hard_player_s_line_replays_the_same_deal(tmp_path: Path) -> None:
    game = play_game(["medium"] * 4, rules="classic", seed=9)
    line = hard_player_round(game, 4, 1)
    assert line == hard_player_round(game, 4, 1)  # the same line every time
    assert 0 <= line.bid <= 4 and 0 <= line.tricks <= 4 and line.points == game.ruleset.score(line.bid, line.tricks)
    review = review_round(game, 4, 1)
    saved = round_entry(review, line, when="2026-12-02T10:00:00+00:00")
    assert saved.hard_chance == review.bid_chances[line.bid]
    assert saved.date == "2026-12-02T10:00:00+00:00"


def test_classic_rounds_lose_points_and_are_read_back(tmp_path: Path) -> None:
    lost = RoundEntry("2026-12-02T10:00:00+00:00", "classic", 4, 5, 5, 2, 3, 1, -20, 0.25, 1, 0.4, False,
                      4, 2, -20, 0.05)
    add_round(lost, "Ada", home=tmp_path)
    again, said = quiet(load_predictions, "Ada", home=tmp_path)
    assert again.rounds == [lost] and again.warning is None and not said
    for bad in ({"bid": -1}, {"chance": 1.5}, {"exact": 1}, {"hard_bid": True}, {"date": None}):
        with pytest.raises(ValueError):
            RoundEntry.from_json(dict(lost.to_json(), **bad))


def test_the_record_is_bounded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = predictions_path(tmp_path)
    path.parent.mkdir(parents=True)
    full = [entry(n=n).to_json() for n in range(MAX_ROUNDS)]
    path.write_text(json.dumps({"format": rec.FORMAT, "version": rec.VERSION, "learners": {"Ada": full}}))
    after = add_round(entry(bid=0, tricks=3, n=MAX_ROUNDS), "Ada", home=tmp_path)
    assert len(after.rounds) == MAX_ROUNDS == 2000
    assert after.rounds[0] == entry(n=1) and after.rounds[-1] == entry(bid=0, tricks=3, n=MAX_ROUNDS)
    assert len(json.loads(path.read_text())["learners"]["Ada"]) == MAX_ROUNDS
    monkeypatch.setattr(rec, "MAX_ROUNDS", 3)
    for n in range(5):
        kept = add_round(entry(n=n), "Cy", home=tmp_path)
    assert [r.round for r in kept.rounds] == [2, 3, 4]


def test_the_record_is_written_atomically(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    add_round(entry(n=1), "Ada", home=tmp_path)
    path = predictions_path(tmp_path)
    before = path.read_bytes()

    def power_cut(fd: int) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr("wizard_edu.files.os.fsync", power_cut)
    after, said = quiet(add_round, entry(n=2), "Ada", home=tmp_path)
    assert path.read_bytes() == before  # the old record, whole
    assert sorted(p.name for p in path.parent.iterdir()) == ["predictions.json"]  # no half-written file left
    assert after.warning and "could not be saved" in after.warning and said == [after.warning]


@pytest.mark.parametrize("damage", [b"{broken", b"\xff\xfe not text", b'{"format": "something else"}',
                                    b'{"format": "wizard-edu-predictions", "version": 99, "learners": {}}',
                                    b'[1, 2, 3]'])
def test_a_damaged_record_is_kept_aside_and_reported(tmp_path: Path, damage: bytes) -> None:
    path = predictions_path(tmp_path)
    path.parent.mkdir(parents=True)
    path.write_bytes(damage)
    after, said = quiet(add_round, entry(n=7), "Ada", home=tmp_path)
    aside = [p for p in path.parent.iterdir() if p.name.startswith("predictions.damaged-")]
    assert len(aside) == 1 and aside[0].read_bytes() == damage  # kept, never lost
    assert after.rounds == [entry(n=7)] and load_predictions("Ada", home=tmp_path).rounds == [entry(n=7)]
    assert after.warning and aside[0].name in after.warning and "damaged" in after.warning
    assert said == [after.warning]


def test_damaged_rounds_are_left_out_and_the_file_kept_aside(tmp_path: Path) -> None:
    path = predictions_path(tmp_path)
    path.parent.mkdir(parents=True)
    good = [entry(n=1).to_json(), entry(n=2).to_json()]
    bad = dict(good[0], bid="two")
    text = json.dumps({"format": rec.FORMAT, "version": rec.VERSION,
                       "learners": {"Ada": [good[0], bad, good[1], {"nonsense": True}]}})
    path.write_text(text)
    loaded, said = quiet(load_predictions, "Ada", home=tmp_path)
    assert loaded.rounds == [entry(n=1), entry(n=2)]
    assert loaded.warning and "2 of its rounds were damaged" in loaded.warning and said
    aside = [p for p in path.parent.iterdir() if p.name.startswith("predictions.damaged-")]
    assert len(aside) == 1 and aside[0].read_text() == text
    assert load_predictions("Ada", home=tmp_path).warning is None  # the rounds that could be read, saved again


def test_a_record_that_cannot_be_moved_aside_is_left_alone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = predictions_path(tmp_path)
    path.parent.mkdir(parents=True)
    path.write_text("{broken")

    def refuse(target: Path) -> Path:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(rec, "_aside", refuse)
    after, said = quiet(add_round, entry(), "Ada", home=tmp_path)
    assert path.read_text() == "{broken"
    assert after.warning and "left as it is" in after.warning and said


def test_a_home_that_is_not_a_folder_never_stops_the_table(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.write_text("a file where the home folder should be")
    after, said = quiet(add_round, entry(), "Ada", home=home)
    assert after.warning and "could not be saved" in after.warning and said == [after.warning]
    assert home.read_text() == "a file where the home folder should be"
    assert load_predictions("Ada", home=home).rounds == []


def test_two_learners_share_a_home(tmp_path: Path) -> None:
    add_round(entry(n=1), "Ada", home=tmp_path)
    add_round(entry(n=2), "Ben", home=tmp_path)
    add_round(entry(n=3), None, home=tmp_path)
    assert [r.round for r in load_predictions("Ada", home=tmp_path).rounds] == [1]
    assert [r.round for r in load_predictions("  Ben ", home=tmp_path).rounds] == [2]
    assert [r.round for r in load_predictions(home=tmp_path).rounds] == [3]
    with pytest.raises(WizardError, match="name"):
        add_round(entry(), "", home=tmp_path)
    with pytest.raises(WizardError, match="RoundEntry"):
        add_round({"bid": 1}, "Ada", home=tmp_path)  # type: ignore[arg-type]


def test_note_round_refuses_a_look_back_of_another_round(tmp_path: Path) -> None:
    game = play_game(["medium"] * 3, rules="junior", seed=1)
    with pytest.raises(WizardError, match="round 2, seat 0, not of round 3"):
        note_round(game, 3, 0, "Ada", home=tmp_path, review=review_round(game, 2, 0), hard=False)
