"""The teacher's live view in a real browser (issue 31, items 1-2): kid mode with --classroom, three
pupils answer one question, one gets stuck; the teacher's page shows each pupil's place, the stuck mark
and the per-question counts within 2 s; the class tables stop and start again and no check is lost.

One pupil answers in the browser (a kid-mode app with a checked question: the kernel's own sender);
two are driven as their kernels would drive the service (the kit's :class:`Sender`, this process).
"""

from __future__ import annotations

import re
import subprocess
import time

import nbformat
import psutil
import pytest
from test_kidmode_class_browser import start_play

from wizard_edu.kidmode.kidmode import stop
from wizard_edu.lab.servers import server_env
from wizard_edu.online.classcode import CLASS_CODE_ENV
from wizard_edu.online.live.sender import Sender

pytestmark = pytest.mark.browser

WAIT = 90_000
SEEN_MS = 2_000   # the issue: a check reaches the teacher's view within 2 s
NOTEBOOK, QUESTION = "live-check", "two-plus-two"


def write_app(notebooks) -> None:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("# A quick check"),
                nbformat.v4.new_code_cell(
                    "from wizard_edu.widgets import Question\n"
                    f"Question('What is 2 + 2?', answer=4, id={QUESTION!r}, notebook={NOTEBOOK!r})")]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, str(notebooks / "apps" / f"{NOTEBOOK}.ipynb"))


def tables_process(play: subprocess.Popen) -> psutil.Process:
    for child in psutil.Process(play.pid).children(recursive=True):
        try:
            if "tables" in child.cmdline() and "wizard_edu.cli" in child.cmdline():
                return child
        except psutil.Error:
            continue
    raise AssertionError("kid mode started no class tables")


def gone(proc: psutil.Process, timeout: float = 20.0) -> None:
    """Wait until ``proc`` has ended (kid mode, its parent, reaps it only at its own stop: a zombie is gone)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if proc.status() == psutil.STATUS_ZOMBIE:
                return
        except psutil.NoSuchProcess:
            return
        time.sleep(0.1)
    raise AssertionError("the class tables did not stop")


def row(page, pupil: str):
    return page.locator(f'#pupils tr[data-pupil="{pupil}"]')


def test_the_teacher_sees_the_class_live_and_a_restart_loses_nothing(browser, tmp_path):
    process, port, log = start_play(tmp_path, "--classroom", "--no-preheat", "--max-apps=3")
    write_app(tmp_path / "notebooks")
    text = log.read_text()
    code = re.search(r"\(class code: ([A-Z0-9]+)\)", text).group(1)
    board = re.search(r"Teacher's board \(keep this link to yourself\): (\S+)", text).group(1)
    tables_url = board.split("board?key=")[0]
    key = board.split("key=")[1]
    restarted = None
    senders = {name: Sender(tables_url, code=code, name=lambda n=name: n, outbox=tmp_path / f"{name}.json")
               for name in ("Ada", "Bob")}
    pupil_ctx = browser.new_context(viewport={"width": 1200, "height": 900})
    teacher_ctx = browser.new_context(viewport={"width": 1400, "height": 900})
    try:
        teacher = teacher_ctx.new_page()
        teacher.goto(f"{tables_url}live?key={key}", timeout=WAIT)
        teacher.locator("#status").filter(has_text="pupils").wait_for(timeout=WAIT)

        def check(name: str, correct: bool, answer: str) -> None:
            senders[name].put({"kind": "check", "notebook": NOTEBOOK, "question": QUESTION, "correct": correct,
                               "answer": answer, "time": time.time()})

        for answer in ("5", "5", "3"):      # Ada: three wrong tries, stuck
            check("Ada", False, answer)
        check("Bob", True, "4")             # Bob: right first time
        row(teacher, "Ada").locator(".stuck-mark").filter(has_text="3 wrong tries").wait_for(timeout=SEEN_MS)
        row(teacher, "Bob").filter(has_text=QUESTION).wait_for(timeout=SEEN_MS)

        # Cleo answers in the browser: wrong (the hint shows), types her name, then right.
        pupil = pupil_ctx.new_page()
        pupil.goto(f"http://127.0.0.1:{port}/", timeout=WAIT)
        pupil.get_by_label("Class code").fill(code)
        pupil.get_by_role("button", name="Go").click()
        pupil.locator(".wizard-kids-landing").wait_for(timeout=WAIT)
        pupil.goto(f"http://127.0.0.1:{port}/voila/render/apps/{NOTEBOOK}.ipynb", timeout=WAIT)
        box = pupil.locator(".wizard-question").first
        entry = box.locator(".wizard-question-entry input")
        entry.wait_for(timeout=WAIT)
        entry.fill("5")
        entry.press("Enter")
        box.locator(".wizard-question-hint").wait_for(state="visible", timeout=WAIT)
        name = box.locator(".wizard-question-name input")
        name.wait_for(timeout=WAIT)
        name.fill("Cleo")
        box.locator(".wizard-question-name-save").click()
        box.get_by_text("Thank you, Cleo").wait_for(timeout=WAIT)
        # (her first check waited for her name: it goes now, with the pass for her name)
        row(teacher, "Cleo").filter(has_text=NOTEBOOK).wait_for(timeout=SEEN_MS + 3_000)
        entry.fill("4")
        entry.press("Enter")
        box.locator(".wizard-status").filter(has_text="4 is right").wait_for(timeout=WAIT)
        questions = teacher.locator(f'#questions tr[data-question="{QUESTION}"] td')
        # answered, right first time, right after a hint, answer shown, stuck now, commonest wrong answer
        deadline = time.monotonic() + SEEN_MS / 1000
        while True:
            cells = questions.all_inner_texts()
            if cells[2:8] == ["2", "1", "1", "0", "1", "5 (3)"] or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        assert cells[2:8] == ["2", "1", "1", "0", "1", "5 (3)"]
        assert row(teacher, "Cleo").locator("td").all_inner_texts()[1:4] == [NOTEBOOK, QUESTION, "2"]
        assert row(teacher, "Ada").locator(".stuck-mark").inner_text() == "Stuck: 3 wrong tries"
        assert row(teacher, "Bob").locator(".stuck-mark").inner_text() == ""

        # The class tables stop: Ada's next checks wait in her outbox; the view catches up after the restart.
        tables = tables_process(process)
        command = tables.cmdline()
        tables.terminate()
        gone(tables)
        check("Ada", False, "6")
        check("Ada", True, "4")
        teacher.locator("#status").filter(has_text="do not answer").wait_for(timeout=WAIT)
        restarted = subprocess.Popen(command, env=server_env(None, **{CLASS_CODE_ENV: code}),
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
        # (the senders try again at most 10 s apart)
        row(teacher, "Ada").filter(has_text="").locator(".stuck-mark").filter(has_text=re.compile("^$")).wait_for(
            timeout=30_000)
        assert row(teacher, "Ada").locator("td").all_inner_texts()[6] == "1"     # done: her right answer arrived
        assert questions.all_inner_texts()[2:4] == ["3", "1"]                 # nothing lost, nothing twice
        assert teacher.locator("#refused").inner_text() == "0"
    finally:
        for sender in senders.values():
            sender.stop()
        pupil_ctx.close()
        teacher_ctx.close()
        if restarted is not None:
            restarted.terminate()
            restarted.wait(timeout=20)
        stop(process, timeout=30)
        process.log_file.close()
