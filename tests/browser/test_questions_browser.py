"""Questions in a real JupyterLab, in the student edition a learner gets (`wizard-edu lab`, as `make lab`).

For three notebooks: Run All shows no worked answer anywhere on the page; then one question is
answered wrong (the hint shows, no worked answer), then right (the worked answer appears inside the
question); another is tried twice, "Show answer" is pressed, and only then its answer shows.  The
answers and worked answers come from the question bank (wizard_edu.teach.questions), never typed here.
The time from a click to its feedback is measured and printed (no timed assert).
"""

from __future__ import annotations

import json
import re
import statistics
import sys
import time
from pathlib import Path

import pytest
from browser_helpers import PANEL, open_and_run_all

from wizard_edu.teach.progress import FILENAME, FOLDER
from wizard_edu.teach.questions import bank
from wizard_edu.widgets.ask import ask, worked

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "kidmode"))   # test_servers.py

from test_servers import ROOT_FLAG, start_cli, stop_cli, wait_for  # noqa: E402

pytestmark = pytest.mark.browser

WAIT = 30_000  # ms, for every single wait below
NOTEBOOKS = ["01-meet-the-cards.ipynb", "03-who-wins-the-trick.ipynb", "06-from-junior-to-classic.ipynb"]
FEEDBACK_MS: list[float] = []


class LearnerLab:
    """The JupyterLab `wizard-edu lab` started (only what the helpers need)."""

    def __init__(self, link: str, home: Path):
        self.base, self.token = re.fullmatch(r"(.*?)/lab[^?]*\?token=(.*)", link).groups()
        self.home = home

    def url(self, path: str = "lab") -> str:
        sep = "&" if "?" in path else "?"
        return f"{self.base}/{path.lstrip('/')}{sep}token={self.token}"


@pytest.fixture(scope="module")
def student_lab(chromium_path, tmp_path_factory):
    base = tmp_path_factory.mktemp("student-lab")
    process, log = start_cli(base, "lab", "--no-browser", "--port", "0", *ROOT_FLAG)
    try:
        link = wait_for(log, r"(http://127\.0\.0\.1:\d+/lab[^?\s]*\?token=[0-9a-f]+)", process).group(1)
        yield LearnerLab(link, base / "home")
    finally:
        stop_cli(process)


def learner_value(qid: str):
    """``(right, [wrong, ...])`` as a learner gives them: text to type, a choice's label or a card's place."""
    q = ask(qid, record=False)
    a = q._answer
    if q.kind == "choice":
        return str(a), [str(c) for c in q.choices if c != a]
    if q.kind == "click":
        right = a if isinstance(a, int) else q.cards.index(a)
        return right, [i for i in range(len(q.cards)) if i != right]
    if q.kind == "cards":
        return " ".join(str(c) for c in a), ["R1 G1 B1 Y1", "W W"]
    if q.kind == "number":
        return str(a), [str(a + 1000), str(a + 2000)]
    return str(a), ["R1", "R2"]


def question_box(page, qid: str):
    prompt = ask(qid, record=False).prompt
    box = page.locator(f"{PANEL} .jp-OutputArea-output .wizard-question").filter(has_text=prompt)
    # JupyterLab draws only the cells near the view: scroll the question in before using it.
    box.first.scroll_into_view_if_needed(timeout=WAIT)
    box.first.wait_for(state="visible", timeout=WAIT)
    return box.first


#: Answer in the page itself and time it there: from the click (or Enter) to the feedback on screen,
#: measured with the page's own clock and a MutationObserver (no test-driver round trips counted).
ANSWER_AND_TIME = """([box, selector, typed]) => new Promise((resolve, reject) => {
  const status = box.querySelector('.wizard-status');
  const before = status.innerText;
  const observer = new MutationObserver(() => {
    if (status.innerText !== before && status.innerText.trim() !== '') {
      observer.disconnect();
      resolve(performance.now() - start);
    }
  });
  observer.observe(status, {subtree: true, childList: true, characterData: true, attributes: true});
  setTimeout(() => { observer.disconnect(); reject(new Error('no feedback within 30 s')); }, 30000);
  const target = box.querySelector(selector);
  const start = performance.now();
  if (typed === null) {
    target.click();
  } else {   // what Enter does in a Text widget with continuous_update=False: a change event
    target.value = typed;
    target.dispatchEvent(new Event('input', {bubbles: true}));
    target.dispatchEvent(new Event('change', {bubbles: true}));
  }
})"""


def give(page, box, qid: str, value, changes: bool = True) -> str:
    """Answer once; wait for the feedback to change; return it (and note how long it took)."""
    status = box.locator(".wizard-status")
    q = ask(qid, record=False)
    if q.kind == "choice":
        button = box.locator(".wizard-question-choice").filter(has_text=re.compile(rf"^{re.escape(value)}$")).first
        place = button.evaluate("b => Array.from(b.classList).find(c => /^wizard-choice-[0-9]+$/.test(c))")
        selector, typed = f".{place}", None
    elif q.kind == "click":
        selector, typed = f".wizard-card-button.wizard-position-{value}", None
    else:
        selector, typed = ".wizard-question-entry input", value
    if not changes:   # the same wrong answer again: the same words (the try still counts)
        box.locator(selector).first.click()
        box.locator(".wizard-question-reveal").wait_for(state="visible", timeout=WAIT)
        return re.sub(r"^[^\w]+", "", status.inner_text())
    FEEDBACK_MS.append(page.evaluate(ANSWER_AND_TIME, [box.element_handle(), selector, typed]))
    return re.sub(r"^[^\w]+", "", status.inner_text())   # without the ✔ / ✖ sign in front


def worked_texts(qid: str) -> list[str]:
    return [s for s in worked(qid).sentences if len(s) >= 12]


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_run_all_then_answer_wrong_hint_right_and_show_answer(student_lab, page, name):
    qids = bank(name[:2]).ids
    open_and_run_all(page, student_lab, name)
    panel = page.locator(PANEL)
    question_box(page, qids[0])
    # After Run All: every question is there and no worked answer is anywhere on the page.
    assert panel.locator(".wizard-question-worked, .wizard-worked-answer, .wizard-question-answer").count() == 0
    text = panel.inner_text()
    for qid in qids:
        for sentence in worked_texts(qid):
            assert sentence not in text, (qid, sentence)
    assert "worked(" not in text

    # One question: wrong (a hint, no worked answer), then right (the worked answer, inside it).
    first = qids[0]
    right, wrongs = learner_value(first)
    box = question_box(page, first)
    assert give(page, box, first, wrongs[0]).startswith(("Not quite", "Very close"))
    box.locator(".wizard-question-hint").wait_for(state="visible", timeout=WAIT)
    assert box.locator(".wizard-question-worked").count() == 0
    assert give(page, box, first, right).startswith("Yes!")
    shown = box.locator(".wizard-question-worked")
    shown.wait_for(state="visible", timeout=WAIT)
    for sentence in worked_texts(first):
        assert sentence in shown.inner_text()

    # Another: two wrong tries, then "Show answer": only then the answer and the worked answer.
    second = qids[1]
    right, wrongs = learner_value(second)
    box = question_box(page, second)
    give(page, box, second, wrongs[0])
    assert box.locator(".wizard-question-reveal").count() == 0       # not after one try
    give(page, box, second, wrongs[-1], changes=len(wrongs) > 1)     # a yes/no question: the same button
    reveal = box.locator(".wizard-question-reveal")
    reveal.wait_for(state="visible", timeout=WAIT)
    assert box.locator(".wizard-question-worked").count() == 0
    reveal.click()
    box.locator(".wizard-question-answer").wait_for(state="visible", timeout=WAIT)
    assert ask(second, record=False).answer_text in box.locator(".wizard-question-answer").inner_text()
    if worked_texts(second):
        box.locator(".wizard-question-worked").wait_for(state="visible", timeout=WAIT)

    # The checks were recorded, each question under its own id.
    progress = student_lab.home / FOLDER / FILENAME
    deadline = time.monotonic() + WAIT / 1000
    while time.monotonic() < deadline:
        if progress.exists():
            data = json.loads(progress.read_text())
            entries = {qid for nbs in data["learners"].values() for part in nbs.values() for qid in part["questions"]}
            if {first, second} <= entries:
                break
        time.sleep(0.2)
    else:
        raise AssertionError(f"{progress} never recorded {first} and {second}")


def test_feedback_times(student_lab):
    """Print the measured click-to-feedback times (the issue asks for 95th percentile < 0.3 s)."""
    if len(FEEDBACK_MS) < 5:
        pytest.skip("run with the tests above")
    p95 = statistics.quantiles(FEEDBACK_MS, n=20, method="inclusive")[-1]
    print(f"\nclick to feedback in JupyterLab: {len(FEEDBACK_MS)} checks, median {statistics.median(FEEDBACK_MS):.0f} ms, "
          f"95th percentile {p95:.0f} ms, max {max(FEEDBACK_MS):.0f} ms")
