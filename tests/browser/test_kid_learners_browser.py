"""A learner per kid-mode page, in a real browser (issue 31): two pages of one browser, two names, two
pupils on the teacher's live page, each with their unit check before and after and the class's gain
per idea; each pupil's progress in a file of their own; a name in use elsewhere is refused.

Kid mode runs as in class (``--classroom``, warm kernels) over a small notebooks folder: the landing
page and one app ("Deal the cards", here a notebook with a question of the Junior check before the
unit and one of the check after it), so only three kernels warm up.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import nbformat
import pytest
from test_kidmode_browser import isolated_env

from wizard_edu.kidmode.kidmode import stop, wait_until_warm
from wizard_edu.lab.servers import free_port, is_root
from wizard_edu.teach import progress, unit_checks

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
WAIT = 120_000
SEEN_MS = 5_000     # a check reaches the live page within 2 s; a page's first check waits for its pass
BEFORE, AFTER = "check-junior-before", "check-junior-after"


def write_notebooks(folder: Path) -> None:
    """The landing page and one app: a question of each Junior check (the idea "deck")."""
    (folder / "apps").mkdir(parents=True)
    shutil.copy(REPO / "notebooks" / "kids.ipynb", folder / "kids.ipynb")
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("# Two quick checks"),
                nbformat.v4.new_code_cell(
                    "from wizard_edu.widgets import Question\n"
                    "import ipywidgets\n"
                    f"ipywidgets.VBox([Question('What is 2 + 2?', answer=4, id='{BEFORE}.deck', notebook='{BEFORE}'),\n"
                    f"                 Question('What is 3 + 1?', answer=4, id='{AFTER}.deck', notebook='{AFTER}')])")]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, str(folder / "apps" / "deal.ipynb"))


def start_kid_mode(base: Path) -> tuple[subprocess.Popen, int, Path, Path]:
    notebooks, home = base / "notebooks", base / "kid-home"
    write_notebooks(notebooks)
    port = free_port("0.0.0.0")
    log = base / "play.log"
    out = open(log, "wb")  # noqa: SIM115 - closed with the server
    env = {**isolated_env(base), progress.HOME_ENV: str(home)}
    process = subprocess.Popen([sys.executable, "-m", "wizard_edu.cli", "play", "--no-browser", f"--port={port}",
                                f"--notebooks={notebooks}", "--classroom", "--max-apps=6",
                                f"--tables-db={base / 'tables.sqlite'}", *(["--allow-root"] if is_root() else [])],
                               env=env, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    process.log_file = out  # type: ignore[attr-defined]
    deadline = time.monotonic() + 120
    while "Kid mode is ready" not in log.read_text(errors="replace"):
        if process.poll() is not None or time.monotonic() > deadline:
            stop(process)
            out.close()
            pytest.fail(f"kid mode did not start:\n{log.read_text(errors='replace')[-3000:]}")
        time.sleep(0.2)
    return process, port, log, home


def answer(page, which: int, *tries: str) -> None:
    box = page.locator(".wizard-question").nth(which)
    entry = box.locator(".wizard-question-entry input")
    entry.wait_for(timeout=WAIT)
    for typed in tries:
        entry.fill(typed)
        entry.press("Enter")
        if typed != "4":
            box.locator(".wizard-question-hint").wait_for(state="visible", timeout=WAIT)
    box.locator(".wizard-status").filter(has_text="4 is right").wait_for(timeout=WAIT)
    # the page knows its learner: the question never asks for a name
    assert box.locator(".wizard-question-name input").is_hidden()


def cells(page, selector: str) -> list[str]:
    return page.locator(selector).locator("td").all_inner_texts()


def test_two_pages_with_two_names_are_two_pupils_with_their_before_and_after(browser, tmp_path):
    process, port, log, home = start_kid_mode(tmp_path)
    text = log.read_text()
    code = re.search(r"\(class code: ([A-Z0-9]+)\)", text).group(1)
    board = re.search(r"Teacher's board \(keep this link to yourself\): (\S+)", text).group(1)
    tables_url, key = board.split("board?key=")
    pupils = browser.new_context(viewport={"width": 1200, "height": 900})
    stranger = browser.new_context()
    teacher_ctx = browser.new_context(viewport={"width": 1400, "height": 900})
    try:
        wait_until_warm(port, code, timeout=240)
        teacher = teacher_ctx.new_page()
        teacher.goto(f"{tables_url}live?key={key}", timeout=WAIT)
        teacher.locator("#status").filter(has_text="pupils").wait_for(timeout=WAIT)
        assert teacher.locator("#no-gains").is_visible()

        # Ada types the class code and her name; the landing page's link keeps her name.
        ada = pupils.new_page()
        ada.goto(f"http://127.0.0.1:{port}/", timeout=WAIT)
        ada.get_by_label("Class code").fill(code)
        ada.get_by_label("Your name").fill("Ada")
        ada.get_by_role("button", name="Go").click()
        ada.locator(".wizard-kids-landing a.kid-app").first.wait_for(timeout=WAIT)
        assert "learner=" in ada.url
        assert ada.locator(".wizard-kid-learner").inner_text() == "You are Ada."
        ada.locator(".wizard-kids-landing a.kid-app").first.click()
        ada.locator(".wizard-question").nth(1).wait_for(timeout=WAIT)
        assert "/voila/render/apps/deal.ipynb?learner=" in ada.url

        # Bob, in another tab of the same browser (no code to type again), gives his name at the page's foot.
        bob = pupils.new_page()
        bob.goto(f"http://127.0.0.1:{port}/voila/render/kids.ipynb", timeout=WAIT)
        bob.locator(".wizard-kids-landing a.kid-app").first.wait_for(timeout=WAIT)
        bob.get_by_label("Your name").fill("Bob")
        bob.get_by_role("button", name="This is me").click()
        bob.locator(".wizard-kid-learner", has_text="You are Bob.").wait_for(timeout=WAIT)
        bob.locator(".wizard-kids-landing a.kid-app").first.click()
        bob.locator(".wizard-question").nth(1).wait_for(timeout=WAIT)

        # Someone on another computer cannot take Ada's name while her page is open.
        other = stranger.new_page()
        other.goto(f"http://127.0.0.1:{port}/", timeout=WAIT)
        other.get_by_label("Class code").fill(code)
        other.get_by_label("Your name").fill("ADA")
        other.get_by_role("button", name="Go").click()
        other.get_by_text("Someone else in the class is called ADA right now").wait_for(timeout=WAIT)
        # ... nor use her page's address (the pass is her browser's): the page asks for a name instead.
        other.goto(ada.url, timeout=WAIT)
        other.locator(".wizard-question").nth(1).wait_for(timeout=WAIT)
        assert other.locator("#learner-name").is_visible()
        other.close()

        answer(ada, 0, "5", "4")      # before: right only after a wrong try
        answer(bob, 0, "4")           # before: right first time
        answer(ada, 1, "4")
        answer(bob, 1, "4")

        teacher.locator("#status").filter(has_text="2 pupils").wait_for(timeout=SEEN_MS)
        row_ada, row_bob = '#pupils tr[data-pupil="Ada"]', '#pupils tr[data-pupil="Bob"]'
        teacher.locator(row_ada).locator(".checks").filter(has_text="junior 0 → 1 of 6").wait_for(timeout=SEEN_MS)
        teacher.locator(row_bob).locator(".checks").filter(has_text="junior 1 → 1 of 6").wait_for(timeout=SEEN_MS)
        assert cells(teacher, row_ada)[1] == AFTER and cells(teacher, row_ada)[6] == "2"   # two questions done
        gain = '#gains tr[data-idea="junior.deck"]'
        teacher.locator(gain).wait_for(timeout=SEEN_MS)
        assert cells(teacher, gain)[3:] == ["2", "50%", "100%", "+50%"]
        assert teacher.locator("#no-gains").is_hidden()

        # Each pupil's progress is in a file of their own, and the report reads the same before/after.
        files = sorted((home / ".wizard-edu" / "learners").glob("*/.wizard-edu/progress.json"))
        assert [f.parent.parent.name.split("-")[0] for f in files] == ["ada", "bob"]
        assert not (home / ".wizard-edu" / "progress.json").exists()
        scores = unit_checks.check_scores(files)
        assert scores.loc["Ada"].tolist()[:2] == [0, 1] and scores.loc["Bob"].tolist()[:2] == [1, 1]
    finally:
        pupils.close()
        stranger.close()
        teacher_ctx.close()
        stop(process, timeout=30)
        process.log_file.close()
