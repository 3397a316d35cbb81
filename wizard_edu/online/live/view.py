"""What the teacher's live page shows, worked out from the stored events (plain functions, no service).

Each pupil: where they are (the notebook and question of their last event), their tries, hints and
shown answers there, and a *stuck* mark: :data:`STUCK_WRONG` wrong tries on one question not yet
answered right, or :data:`STUCK_SECONDS` on it without getting it. Each question: how many pupils
answered it, right first time, right after a hint, answer shown, and the commonest wrong answer.
The unit checks: each pupil's score before and after, and the class's gain per idea, worked out by the
report's own code (:mod:`wizard_edu.teach.unit_checks`) from the entries the events make
(:func:`progress_entry`: the same entry the pupil's progress file keeps).

>>> e = [dict(id=str(i), kind="check", notebook="n", question="q", correct=False, answer="3", time=i)
...      for i in range(3)]
>>> view = class_view({"Ada": e}, now=10)
>>> view["pupils"][0]["stuck"], view["questions"][0]["commonest_wrong"]
('3 wrong tries', '3')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from ...teach.questions.checks import UNITS
from ...teach.unit_checks import check_results, gain_rows, scores_of

STUCK_WRONG = 3
STUCK_SECONDS = 600.0


def _questions_of(events: list[dict[str, Any]]) -> dict[tuple[str, str], list[dict[str, Any]]]:
    by: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for e in events:
        if e["kind"] != "level":
            by.setdefault((e["notebook"], e["question"]), []).append(e)
    return by


def question_outcome(events: list[dict[str, Any]]) -> dict[str, Any]:
    """One pupil's events on one question (in time order) summed up."""
    tries = wrong = hints = 0
    right = shown = False
    first: bool | None = None
    hint_before_right = False
    wrong_answers: list[str] = []
    started = events[0]["time"] if events else 0.0
    for e in events:
        if e["kind"] == "hint":
            hints += 1
        elif e["kind"] == "shown":
            shown = True
        elif e["kind"] == "check" and not right and not shown:
            tries += 1
            if first is None:
                first = e["correct"]
            if e["correct"]:
                right = True
                hint_before_right = hints > 0 or wrong > 0
            else:
                wrong += 1
                if e.get("answer"):
                    wrong_answers.append(e["answer"])
    return {"tries": tries, "wrong": wrong, "hints": hints, "shown": shown, "right": right,
            "right_first_time": bool(first) and right and tries == 1, "right_after_hint": right and hint_before_right,
            "wrong_answers": wrong_answers, "started": started}


def progress_entry(events: list[dict[str, Any]]) -> dict[str, Any]:
    """One pupil's events on one question (in time order) as their progress file keeps the question:
    tries, right at last (``correct``), right at the first try (``first_try``), answer ``shown``."""
    entry: dict[str, Any] = {"tries": 0, "correct": False, "first_try": None}
    for e in events:
        if e["kind"] == "check":
            entry["tries"] += 1
            if entry["first_try"] is None:
                entry["first_try"] = e["correct"]
            entry["correct"] = entry["correct"] or e["correct"]
        elif e["kind"] == "shown":
            entry["shown"] = True
    return entry


def unit_checks(rows: list[tuple[str, str, str, dict[str, Any]]],
                show: Callable[[str], str]) -> tuple[dict[str, list[dict[str, Any]]], list[dict[str, Any]]]:
    """Each pupil's unit checks (``{shown name: [{"unit", "before", "after", "of"}]}``, ``None`` for a
    check not taken) and the gain per idea of the units some pupil took before and after."""
    results = check_results(rows)
    scores = scores_of(results)
    checks: dict[str, list[dict[str, Any]]] = {}
    for unit in UNITS:
        for who in sorted({who for who, u, _w in scores if u == unit.name}):
            checks.setdefault(show(who), []).append({
                "unit": unit.name, "before": scores.get((who, unit.name, "before")),
                "after": scores.get((who, unit.name, "after")), "of": len(unit.ideas)})
    return checks, [row for row in gain_rows(results) if row["pupils"]]


def stuck_mark(outcome: dict[str, Any], now: float) -> str:
    """Why a pupil is stuck on a question ("" when they are not)."""
    if outcome["right"] or outcome["shown"]:
        return ""
    if outcome["wrong"] >= STUCK_WRONG:
        return f"{outcome['wrong']} wrong tries"
    if now - outcome["started"] >= STUCK_SECONDS:
        return f"{int((now - outcome['started']) // 60)} minutes on it"
    return ""


def class_view(by_pupil: Mapping[str, Iterable[dict[str, Any]]], now: float,
               show: Callable[[str], str] = lambda name: name) -> dict[str, Any]:
    """The page's data: ``pupils`` (one row each, by shown name, with their unit ``checks``),
    ``questions`` (one row each) and ``gains`` (per idea of a unit check, :func:`unit_checks`)."""
    pupils: list[dict[str, Any]] = []
    per_question: dict[tuple[str, str], dict[str, Any]] = {}
    entries: list[tuple[str, str, str, dict[str, Any]]] = []
    for name, raw in by_pupil.items():
        events = sorted(raw, key=lambda e: (e["time"], e["id"]))
        if not events:
            continue
        last = events[-1]
        questions_of = _questions_of(events)
        outcomes = {key: question_outcome(es) for key, es in questions_of.items()}
        entries.extend((name, nb, q, progress_entry(es)) for (nb, q), es in questions_of.items())
        here = (last["notebook"], last["question"]) if last["kind"] != "level" else None
        now_on = outcomes.get(here) if here else None
        levels = {e["question"]: e["level"] for e in events if e["kind"] == "level"}
        pupils.append({
            "name": show(name), "notebook": last["notebook"],
            "question": last["question"] if here else None,
            "tries": now_on["tries"] if now_on else 0, "hints": now_on["hints"] if now_on else 0,
            "answers_shown": sum(1 for o in outcomes.values() if o["shown"]),
            "done": sum(1 for o in outcomes.values() if o["right"]),
            "stuck": stuck_mark(now_on, now) if now_on else "",
            "levels": levels, "last": last["time"]})
        for key, o in outcomes.items():
            row = per_question.setdefault(key, {"answered": 0, "right_first_time": 0, "right_after_hint": 0,
                                                "answer_shown": 0, "wrong": Counter(), "stuck": 0})
            row["answered"] += 1 if o["right"] or o["shown"] else 0
            row["right_first_time"] += o["right_first_time"]
            row["right_after_hint"] += o["right_after_hint"] and not o["right_first_time"]
            row["answer_shown"] += o["shown"]
            row["wrong"].update(o["wrong_answers"])
            row["stuck"] += bool(stuck_mark(o, now))
    questions = []
    for (notebook, question), row in sorted(per_question.items()):
        wrong: Counter = row.pop("wrong")
        # The commonest wrong answer; a tie goes to the answer first in text order (a steady page).
        best = sorted(wrong.items(), key=lambda kv: (-kv[1], kv[0]))[:1]
        questions.append({"notebook": notebook, "question": question, **row,
                          "commonest_wrong": best[0][0] if best else None,
                          "commonest_wrong_count": best[0][1] if best else 0})
    checks, gains = unit_checks(entries, show)
    for pupil in pupils:
        pupil["checks"] = checks.get(pupil["name"], [])
    pupils.sort(key=lambda p: (not p["stuck"], p["name"].casefold()))
    return {"pupils": pupils, "questions": questions, "gains": gains}


__all__ = ["class_view", "question_outcome", "progress_entry", "unit_checks", "stuck_mark", "STUCK_WRONG", "STUCK_SECONDS"]
