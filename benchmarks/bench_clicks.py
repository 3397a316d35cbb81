"""How fast does a click answer?  Real JupyterLab in headless Chromium, measured inside the page.

For each activity the benchmark opens a small notebook with one widget in JupyterLab, then clicks
through it as a child would (a whole Junior game; three rounds of Classic Wizard with US Games faces,
a Simulator opponent and a Hint before every move; the trick trainer; the which-cards trainer; the
scoring quiz; the prediction widget).  A click's time runs from the browser's click event to the
last change it caused in the widget (a MutationObserver records every change; the click is over when
the widget has been quiet for a while and the kernel is idle), so it includes the kernel, the
messages and the drawing.  It prints the median, the 95th percentile and the worst click for each
activity and for all clicks together, and the load of the machine while it ran.

Then it starts Voila (kid mode) over the same notebooks and prints how long each kid-mode app takes
to open: from asking for the page to the widget on screen and its kernel idle.

Run: ``.venv/bin/python benchmarks/bench_clicks.py [--quick] [--no-voila]``.  Needs Debian's
``/usr/bin/chromium`` and the ``playwright`` package (as the browser tests do); without them it says
so and stops.  Nothing is asserted: these are figures.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

import nbformat

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests" / "browser"))

from browser_helpers import CHROMIUM, CHROMIUM_ARGS, open_and_run_all  # noqa: E402

QUIET_MS = 350          # a widget unchanged this long (and an idle kernel) has reached its final state
CLICK_TIMEOUT_MS = 15_000

#: One notebook per activity: the widget the child uses (its last line shows it).
ACTIVITIES = {
    "junior-table": "from wizard_edu.widgets.table import TableWidget\nTableWidget(rules='junior', players=4, seed=1)",
    "classic-table": ("from wizard_edu.widgets.table import TableWidget\n"
                      "TableWidget(rules='classic', players=4, seed=8, theme='us',\n"
                      "            opponents=['simulator', 'rule-of-thumb', 'rule-of-thumb'])"),
    "trick-trainer": "from wizard_edu.widgets.trainer import TrickTrainer\nTrickTrainer(rules='classic', seed=3)",
    "which-cards": "from wizard_edu.widgets.trainer import LegalPlayTrainer\nLegalPlayTrainer(rules='junior', seed=3)",
    "scoring-quiz": "from wizard_edu.widgets.quiz import ScoringQuiz\nScoringQuiz(seed=6)",
    "predict": "from wizard_edu.widgets.predict import PredictionWidget\nPredictionWidget(round=3, seed=2)",
}

# Installed in the page: every DOM change under the widget stamps window.__wizLast; every click
# (capture phase, before any handler) stamps window.__wizClick.
OBSERVE = """(root) => {
  window.__wizLast = performance.now();
  if (window.__wizObserver) window.__wizObserver.disconnect();
  window.__wizObserver = new MutationObserver(() => { window.__wizLast = performance.now(); });
  window.__wizObserver.observe(root, {subtree: true, childList: true, attributes: true, characterData: true});
  if (!window.__wizClickHook) {
    document.addEventListener('click', () => { window.__wizClick = performance.now(); }, true);
    window.__wizClickHook = true;
  }
}"""
SETTLED = """([quiet, idleSel]) => {
  const now = performance.now();
  const idle = document.querySelector(idleSel) !== null;
  return idle && window.__wizLast > window.__wizClick && now - window.__wizLast > quiet;
}"""
IDLE = (".jp-NotebookPanel:not(.lm-mod-hidden) .jp-NotebookPanel-toolbar "
        ".jp-Notebook-ExecutionIndicator[data-status='idle']")


class Clicker:
    """Clicks inside one widget and records each click's time to the widget's final state."""

    def __init__(self, page, root) -> None:
        self.page, self.root = page, root
        self.times: list[float] = []
        self.by_kind: dict[str, list[float]] = {}
        self.slow: list[tuple[float, str]] = []
        root.evaluate(OBSERVE)

    def click(self, locator, what: str) -> bool:
        """Click ``locator`` and wait (bounded) until the widget settles; False if it never did."""
        self.page.evaluate("() => { window.__wizClick = Infinity; }")
        locator.click(timeout=CLICK_TIMEOUT_MS)
        try:
            self.page.wait_for_function(SETTLED, arg=[QUIET_MS, IDLE], timeout=CLICK_TIMEOUT_MS, polling=50)
        except Exception:  # noqa: BLE001 - a click that changed nothing (or never settled) is reported
            print(f"    (no change after clicking {what})")
            return False
        seconds = self.page.evaluate("() => (window.__wizLast - window.__wizClick) / 1000")
        self.times.append(seconds)
        self.by_kind.setdefault(what, []).append(seconds)
        if seconds > 1.0:
            self.slow.append((seconds, what))
        return True


def first(locator):
    return locator.first if locator.count() else None


def play_table(c: Clicker, until_round: int | None, hint: bool) -> None:
    """Click through a table: trump, bid (a middle number), a legal card; Hint first if asked."""
    root = c.root
    for _ in range(2000):
        if root.locator(".wizard-game-over").count():
            return
        if until_round is not None and root.locator(".wizard-round-over", has_text=f"Round {until_round} result").count():
            return
        if hint and root.locator(".wizard-bid-button, .wizard-card-button.wizard-legal").count():
            c.click(root.locator(".wizard-hint-button"), "Hint")
        legal = first(root.locator(".wizard-hand-buttons .wizard-card-button.wizard-legal"))
        bids = root.locator(".wizard-bid-button:not(.wizard-not-allowed)")
        trump = first(root.locator(".wizard-trump-button"))
        if legal is not None:
            c.click(legal, "a card")
        elif bids.count():
            c.click(bids.nth(min(1, bids.count() - 1)), "a bid")
        elif trump is not None:
            c.click(trump, "a trump colour")
        else:
            c.page.wait_for_timeout(100)


def trick_trainer(c: Clicker, n: int) -> None:
    for i in range(n):
        c.click(c.root.locator(".wizard-trainer-card").nth(i % 3), "a trainer card")
        c.click(c.root.locator(".wizard-next-button"), "Next trick")


def which_cards(c: Clicker, n: int) -> None:
    for _ in range(n):
        cards = c.root.locator(".wizard-legal-choice")
        for k in range(min(2, cards.count())):
            c.click(cards.nth(k), "a card to select")
        c.click(c.root.locator(".wizard-check-button"), "Check")
        c.click(c.root.locator(".wizard-next-button"), "New hand")


def scoring_quiz(c: Clicker, n: int) -> None:
    for i in range(n):
        c.click(c.root.locator(".wizard-quiz-choice").nth(i % 4), "an answer")
        c.click(c.root.locator(".wizard-next-button"), "Next question")


def predict(c: Clicker, n: int) -> None:
    for i in range(n):
        c.click(c.root.locator(".wizard-bid-button").nth(i % 3), "a prediction")
        c.click(c.root.locator(".wizard-next-button"), "Deal another hand")


def figures(times: list[float]) -> str:
    if not times:
        return "no clicks"
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
    return (f"{len(times):4d} clicks  median {statistics.median(times):.3f} s  95th percentile {p95:.3f} s  "
            f"worst {ordered[-1]:.3f} s")


def isolated_env(base: Path) -> dict[str, str]:
    env = dict(os.environ, PYTHONUNBUFFERED="1", JUPYTER_PLATFORM_DIRS="1")
    for var in ("HOME", "JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR", "MPLCONFIGDIR"):
        (base / var.lower()).mkdir(parents=True)
        env[var] = str(base / var.lower())
    env.pop("JUPYTER_PATH", None)
    settings = base / "jupyter_data_dir" / "lab" / "settings"
    settings.mkdir(parents=True)
    (settings / "overrides.json").write_text(json.dumps(
        {"@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False}}))
    return env


def free_port() -> int:
    from wizard_edu.kidmode.kidmode import free_port as port

    return port()


def wait_http(url: str, process: subprocess.Popen, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"the server stopped (exit code {process.returncode})")
        try:
            with urllib.request.urlopen(url, timeout=2) as reply:
                if reply.status == 200:
                    return
        except OSError:
            pass
        time.sleep(0.25)
    raise SystemExit(f"the server did not answer within {timeout:.0f} s")


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


class LabInfo:
    def __init__(self, base: str, token: str) -> None:
        self.base, self.token = base, token

    def url(self, path: str = "lab") -> str:
        sep = "&" if "?" in path else "?"
        return f"{self.base}/{path.lstrip('/')}{sep}token={self.token}"


def bench_lab(browser, base: Path, quick: bool, tables: bool = False) -> list[float]:
    root = base / "root"
    root.mkdir()
    for name, code in ACTIVITIES.items():
        nb = nbformat.v4.new_notebook()
        nb.cells = [nbformat.v4.new_code_cell(code)]
        nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
        nbformat.write(nb, root / f"bench-{name}.ipynb")
    port, token = free_port(), secrets.token_hex(16)
    cmd = [sys.executable, "-m", "jupyter", "lab", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
           f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root}", "--ServerApp.port_retries=0"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")
    log = open(base / "lab.log", "wb")  # noqa: SIM115 - closed below
    process = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=isolated_env(base / "lab-env"),
                               cwd=str(root), start_new_session=True)
    lab = LabInfo(f"http://127.0.0.1:{port}", token)
    drivers: dict[str, Callable[[Clicker], None]] = {
        "junior-table": lambda c: play_table(c, None, hint=False),
        "classic-table": lambda c: play_table(c, 2 if quick else 3, hint=True),
        "trick-trainer": lambda c: trick_trainer(c, 6 if quick else 20),
        "which-cards": lambda c: which_cards(c, 3 if quick else 8),
        "scoring-quiz": lambda c: scoring_quiz(c, 5 if quick else 15),
        "predict": lambda c: predict(c, 3 if quick else 8),
    }
    if tables:  # issue 22: a whole game at each table, to the final state of every click
        drivers = {"junior-table": lambda c: play_table(c, None, hint=False),
                   "classic-table": lambda c: play_table(c, None, hint=True)}
    everything: list[float] = []
    slow: list[tuple[float, str, str]] = []
    try:
        wait_http(lab.url("api/status"), process)
        for name, drive in drivers.items():
            context = browser.new_context(viewport={"width": 1400, "height": 1000})
            context.set_default_timeout(60_000)
            page = context.new_page()
            try:
                open_and_run_all(page, lab, f"bench-{name}.ipynb", timeout=180)
                widget = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-OutputArea-output "
                                      ".wizard-widget").first
                widget.wait_for(timeout=60_000)
                clicker = Clicker(page, widget)
                drive(clicker)
                print(f"  {name:14s} {figures(clicker.times)}", flush=True)
                if len(clicker.by_kind) > 1:
                    for what, times in clicker.by_kind.items():
                        print(f"    {what:12s} {figures(times)}", flush=True)
                everything += clicker.times
                slow += [(s, name, what) for s, what in clicker.slow]
            finally:
                context.close()
                try:  # stop this notebook's kernel before the next one starts
                    with urllib.request.urlopen(lab.url("api/sessions"), timeout=5) as reply:
                        for session in json.load(reply):
                            req = urllib.request.Request(lab.url(f"api/sessions/{session['id']}"), method="DELETE")
                            urllib.request.urlopen(req, timeout=10).close()
                except OSError:
                    pass
        print(f"  {'all':14s} {figures(everything)}")
        for seconds, name, what in sorted(slow, reverse=True)[:5]:
            print(f"  slow click: {seconds:.2f} s on {what} ({name})")
    finally:
        stop(process)
        log.close()
    return everything


def bench_voila(browser, base: Path) -> None:
    from wizard_edu.kidmode.kidmode import KID_APPS, start_voila
    from wizard_edu.kidmode.kidmode import stop as stop_voila

    notebooks = base / "notebooks"
    shutil.copytree(REPO / "notebooks", notebooks, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    # (Kid mode as `wizard-edu kids` starts it: settings in a private file, no warm kernels.)
    process, port, _ = start_voila(notebooks, env=isolated_env(base / "voila-env"), timeout=120)
    try:
        for app in KID_APPS:
            context = browser.new_context(viewport={"width": 1400, "height": 1000})
            page = context.new_page()
            try:
                start = time.monotonic()
                page.goto(f"http://127.0.0.1:{port}/voila/render/apps/{app.name}.ipynb", timeout=120_000)
                page.locator(".wizard-kid-app .wizard-widget").first.wait_for(timeout=120_000)
                shown = time.monotonic() - start
                print(f"  {app.name:14s} usable after {shown:.1f} s", flush=True)
            finally:
                context.close()
    finally:
        stop_voila(process)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer clicks per activity")
    parser.add_argument("--no-voila", action="store_true", help="skip the kid-mode opening times")
    parser.add_argument("--no-lab", action="store_true", help="skip the click times")
    parser.add_argument("--tables", action="store_true",
                        help="only the Junior and Classic tables, each a whole game (and no Voila)")
    args = parser.parse_args(argv)
    if not os.path.exists(CHROMIUM):
        print(f"bench_clicks: {CHROMIUM} is not installed (apt-get install chromium): nothing measured.")
        return 0
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("bench_clicks: the playwright package is not installed: nothing measured.")
        return 0
    load = os.getloadavg()
    print(f"Machine: {os.cpu_count()} CPU cores, load average {load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f} "
          "(1 / 5 / 15 min) at the start")
    with tempfile.TemporaryDirectory(prefix="wizard-bench-clicks-") as tmp, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            if not args.no_lab:
                print("Click to the widget's final state, JupyterLab in headless Chromium:")
                bench_lab(browser, Path(tmp), args.quick, args.tables)
            if not args.no_voila and not args.tables:
                print("Kid mode (Voila): opening each app until its widget is on screen:")
                bench_voila(browser, Path(tmp))
        finally:
            browser.close()
    load = os.getloadavg()
    print(f"Load average at the end: {load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f} (1 / 5 / 15 min)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
