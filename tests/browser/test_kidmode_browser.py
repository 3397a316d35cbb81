"""Kid mode in a real browser: `wizard-edu play` (Voila), the landing page, a trick played by clicking.

Uses the shared fixtures of conftest.py (``chromium_path``, ``page`` with a screenshot into
test-artifacts/ on failure); the Voila server is started here through the real command line.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from wizard_edu.kidmode.kidmode import available_apps, free_port, landing_url, stop, wait_until_ready
from wizard_edu.lab.servers import is_root

REPO = Path(__file__).resolve().parents[2]
START_TIMEOUT = 90.0
WAIT_MS = 60_000


def isolated_env(base: Path) -> dict[str, str]:
    """HOME, Jupyter, IPython and matplotlib folders of the server and its kernels: all temporary."""
    env = dict(os.environ, PYTHONUNBUFFERED="1", JUPYTER_PLATFORM_DIRS="1")
    for var in ("HOME", "JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR",
                "MPLCONFIGDIR"):
        folder = base / var.lower()
        folder.mkdir()
        env[var] = str(folder)
    env.pop("JUPYTER_PATH", None)
    return env


def start_play(base: Path) -> tuple[subprocess.Popen, int, Path, float]:
    """`wizard-edu play --no-browser` on a copy of the notebooks; (process, port, notebooks, seconds)."""
    notebooks = base / "notebooks"
    shutil.copytree(REPO / "notebooks", notebooks, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    port = free_port()
    log = open(base / "play.log", "wb")  # noqa: SIM115 - closed by the caller's finaliser
    start = time.monotonic()
    process = subprocess.Popen(
        [sys.executable, "-m", "wizard_edu.cli", "play", "--no-browser", f"--port={port}",
         f"--notebooks={notebooks}", *(["--allow-root"] if is_root() else [])],
        env=isolated_env(base), stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    process.log_file = log  # type: ignore[attr-defined]
    try:
        wait_until_ready(port, process, START_TIMEOUT)
        # Voila answers a moment before the command says so: wait for what the teacher sees.
        deadline = time.monotonic() + 30
        while "Kid mode is ready" not in (base / "play.log").read_text(errors="replace"):
            assert time.monotonic() < deadline, "`wizard-edu play` never said it was ready"
            time.sleep(0.1)
    except BaseException:
        stop(process)
        log.close()
        raise
    return process, port, notebooks, time.monotonic() - start


@pytest.fixture(scope="module")
def kid_server(chromium_path, tmp_path_factory):
    process, port, notebooks, seconds = start_play(tmp_path_factory.mktemp("kidmode"))
    print(f"kid mode (Voila) ready in {seconds:.1f} s")
    try:
        yield {"port": port, "notebooks": notebooks, "process": process}
    finally:
        stop(process, timeout=20)
        process.log_file.close()


def run_in_lab(page, lab, name: str) -> None:
    """Open ``name`` in JupyterLab and run every cell (the shared, load-tolerant helper)."""
    from browser_helpers import open_and_run_all

    open_and_run_all(page, lab, name, timeout=WAIT_MS / 1000 * 2)


def port_is_closed(port: int) -> bool:
    try:
        # The status page answers at once ("/" opens the landing page, which starts a kernel).
        urllib.request.urlopen(f"http://127.0.0.1:{port}/wizard-edu/status", timeout=5)
    except (urllib.error.URLError, ConnectionError, OSError):
        return True
    return False


def no_code_shown(page) -> None:
    """Voila shows outputs and text, never the code cells (nor a traceback)."""
    assert page.locator(".jp-CodeMirrorEditor:visible, .cm-editor:visible").count() == 0
    text = page.inner_text("body")
    assert "import " not in text and "Traceback" not in text


def test_landing_page_lists_the_games(page, kid_server):
    start = time.monotonic()
    page.goto(landing_url(kid_server["port"]), timeout=WAIT_MS)
    links = page.locator(".wizard-kids-landing a.kid-app")
    links.first.wait_for(timeout=WAIT_MS)
    print(f"landing page shown in {time.monotonic() - start:.1f} s")
    expected = available_apps(kid_server["notebooks"])
    assert expected, "the kit has games to list"
    assert [a.title for a, _ in expected][0] == "Play Wizard Junior"
    assert links.count() == len(expected)
    for i, (app, name) in enumerate(expected):
        link = links.nth(i)
        assert app.title in link.inner_text()
        assert link.get_attribute("href") == name
        assert link.get_attribute("title")
    no_code_shown(page)


def test_play_a_trick_at_the_junior_table_by_clicking(page, kid_server):
    page.goto(landing_url(kid_server["port"]), timeout=WAIT_MS)
    page.get_by_role("link", name="Play Wizard Junior").click(timeout=WAIT_MS)
    page.wait_for_url("**/voila/render/apps/junior-table.ipynb", timeout=WAIT_MS)
    start = time.monotonic()
    table = page.locator(".wizard-table").first
    table.wait_for(timeout=WAIT_MS)
    print(f"Junior table shown in {time.monotonic() - start:.1f} s")
    no_code_shown(page)

    # Round 1: one card each. Choose trump if asked, predict, then play the card.
    deadline = time.monotonic() + 60
    played = None
    while played is None:
        assert time.monotonic() < deadline, "the table never offered a card to play"
        trump = table.locator(".wizard-trump-button")
        bid = table.locator(".wizard-bid-button:not(.wizard-not-allowed)")
        legal = table.locator(".wizard-card-button.wizard-legal")
        if legal.count():
            played = legal.first.inner_text().strip()
            legal.first.click()
        elif bid.count():
            bid.first.click()
            bid.first.wait_for(state="detached", timeout=WAIT_MS)
        elif trump.count():
            trump.first.click()
        else:
            page.wait_for_timeout(200)
    last = table.locator(".wizard-last-trick")
    last.wait_for(timeout=WAIT_MS)
    # Round 1's only trick ends the round: round 2 is predicted over a cleared table, and a line says
    # who won round 1's last trick and why, right there (issue 28).
    assert "the last trick of round 1." in last.inner_text() and "wins" in last.inner_text()
    # The one-card round is over: its result is on the table, with points for every player.
    result = table.locator(".wizard-round-over")
    result.wait_for(timeout=WAIT_MS)
    assert "Round 1 result" in result.inner_text()
    assert played, "a card was played"


def test_stopping_kid_mode_stops_voila(chromium_path, tmp_path):
    process, port, _, seconds = start_play(tmp_path)
    try:
        assert not port_is_closed(port)
        process.terminate()                       # what a teacher's Ctrl+C or a service stop does
        assert process.wait(timeout=30) == 0
        deadline = time.monotonic() + 20
        while not port_is_closed(port):
            assert time.monotonic() < deadline, "Voila kept running after kid mode stopped"
            time.sleep(0.2)
        assert f"Open http://127.0.0.1:{port}/voila/render/kids.ipynb" in (tmp_path / "play.log").read_text()
    finally:
        stop(process)
        process.log_file.close()


def test_landing_page_links_open_the_notebooks_in_jupyterlab(page, lab):
    """The same kids.ipynb, opened as a notebook in JupyterLab: its links open the apps there."""
    run_in_lab(page, lab, "kids.ipynb")
    link = page.locator(".jp-OutputArea-output .wizard-kids-landing a.kid-app").first
    link.wait_for(timeout=WAIT_MS)
    assert "Play Wizard Junior" in link.inner_text()
    link.click()
    page.wait_for_url("**/lab/tree/apps/junior-table.ipynb**", timeout=WAIT_MS)
    page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook").first.wait_for(timeout=WAIT_MS)
    tab = page.locator(".lm-TabBar-tab.lm-mod-current .lm-TabBar-tabLabel", has_text="junior-table")
    tab.first.wait_for(timeout=WAIT_MS)
