"""Kid mode: how long until each app is usable when a child opens it from the landing page (warm kernels).

Starts the real kid-mode server (`wizard-edu play`, on 127.0.0.1, isolated Jupyter folders, a copy of
``notebooks/``) and drives headless Chromium (Debian's ``/usr/bin/chromium`` through Playwright) as a child
would: open the landing page, click an app's link, use the app, press "Back to all games", open the next.

**Usable** means the page has finished drawing its widgets and the app's first control is on screen and
enabled: measured inside the page, the time from the start of the navigation (the click) to the last
change of the page (a ``MutationObserver`` installed before any page script; the page must then stay
still for ``QUIET_MS``) or to the control being ready (checked every frame), whichever is later.  In
brackets: the same seen from this script (before the click until its every-frame check saw the control
ready), which adds the click's and Playwright's own delays.  Each pass uses a fresh browser
(empty cache): the landing page is an empty-cache visit, each app's first open is a *first visit* (the
Voila scripts already cached by the landing page, as for any child), and a second round over the apps
in the same browser gives the *repeat visits*.  Before every app is opened the server is left to settle
(the previous page's kernel stopped, every warm kernel ready again), as a class arriving one by one finds
it; the way back to the landing page is taken at once.

It prints the idle server's memory (with its warm kernels), and for every page the median and worst time
to usable over the passes, and where the median time goes: server (navigation to first byte), page
scripts (to the ``load`` event), widgets (to the first widget drawn, then to the last change).  Figures
are printed, never asserted.

    python benchmarks/bench_kidmode.py [--repeats 3] [--apps junior-table,deal] [--cold] [--again]
                                       [--spare-models 300] [--classroom] [--network 30]

``--cold`` also measures one pass without warm kernels (``wizard-edu play --no-preheat``), for comparison;
``--again`` adds *again* visits: after each repeat visit, back and the same app once more at once (a child
bouncing in and out: about 2-3 s after the first open, while the kernel that replaces the used spare may
still be warming up; the page then waits for it, which shows as a late first byte; left out of the
"slowest app" line).  ``--spare-models N`` makes every app create about N more widget models that it never
shows, to see what the number of models costs (the apps make 33 to 179).  ``--classroom`` measures a
classroom server (``--classroom``: class code, compressed pages) and ``--network MBIT`` limits the
browser's bandwidth, as for a pupil on the school network.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import psutil

from wizard_edu.kidmode.kidmode import (
    available_apps,
    kid_status,
    landing_url,
    stop,
    wait_until_warm,
)
from wizard_edu.lab.servers import free_port, is_root
from wizard_edu.online.classcode import CLASS_CODE_ENV

REPO = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("WIZARD_EDU_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
WAIT_MS = 120_000
#: The page counts as drawn once nothing in it has changed for this long.
QUIET_MS = 700
LANDING_LINK = ".wizard-kids-landing a.kid-app"
#: The control a child uses first in each app (it must be on screen and enabled).
FIRST_CONTROL = {
    "junior-table": ".wizard-table .wizard-bid-button",
    "classic-table": ".wizard-table .wizard-bid-button",
    "deal": ".wizard-kid-app .wizard-widget button",
    "trick-trainer": ".wizard-trainer-trick button",
    "which-cards": ".wizard-hand-buttons button",
    "predict": ".wizard-bid-button",
    "win-chances": ".wizard-card-picker button",
    # without class tables running (plain kid mode) the app says so; with them, its name box
    "class-table": ".wizard-class-app .wizard-class-note",
}

#: Installed before any script of every page: the time (ms since navigation start) of the last change to
#: the page and of the first widget drawn.
WATCH_PAGE = """(() => {
  const w = window.__wizard = {last: 0, firstWidget: null, ready: undefined};
  const seen = () => {
    w.last = performance.now();
    if (w.firstWidget === null && document.querySelector('.jupyter-widgets')) w.firstWidget = w.last;
  };
  new MutationObserver(seen).observe(document, {subtree: true, childList: true, attributes: true,
                                                characterData: true});
})();"""


def isolated_env(base: Path) -> dict[str, str]:
    env = dict(os.environ, PYTHONUNBUFFERED="1", JUPYTER_PLATFORM_DIRS="1")
    for var in ("HOME", "JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR",
                "MPLCONFIGDIR"):
        (base / var.lower()).mkdir()
        env[var] = str(base / var.lower())
    env.pop("JUPYTER_PATH", None)
    return env


def add_spare_models(notebooks: Path, models: int) -> None:
    """Make every app (in the copy) create about ``models`` more widget models that it never shows
    (an HTML widget is three models: itself, its layout and its style): what a model costs to open."""
    import nbformat

    for path in (notebooks / "apps").glob("*.ipynb"):
        nb = nbformat.read(path, as_version=4)
        cell = [c for c in nb.cells if c.cell_type == "code"][0]
        cell.source = f"import ipywidgets\n_spare = [ipywidgets.HTML('.') for _ in range({models // 3})]\n" + cell.source
        nbformat.write(nb, path)


@dataclass
class Server:
    """A kid-mode server this benchmark started (``code``: the class code of a classroom server)."""

    process: subprocess.Popen
    port: int
    preheat: bool
    code: str | None = None


def start(base: Path, preheat: bool, spare_models: int = 0, classroom: bool = False) -> Server:
    notebooks = base / "notebooks"
    shutil.copytree(REPO / "notebooks", notebooks, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    if spare_models:
        add_spare_models(notebooks, spare_models)
    port = free_port("0.0.0.0" if classroom else "127.0.0.1")
    log = open(base / "play.log", "wb")  # noqa: SIM115 - lives as long as the server
    cmd = [sys.executable, "-m", "wizard_edu.cli", "play", "--no-browser", f"--port={port}", "--max-apps=20",
           f"--notebooks={notebooks}", *(["--allow-root"] if is_root() else []),
           *([] if preheat else ["--no-preheat"]), *(["--classroom"] if classroom else [])]
    env = isolated_env(base)
    env.pop(CLASS_CODE_ENV, None)
    process = subprocess.Popen(cmd, env=env, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    deadline = time.monotonic() + 180
    while "Kid mode is ready" not in (text := (base / "play.log").read_text(errors="replace")):
        if process.poll() is not None or time.monotonic() > deadline:
            stop(process)
            raise SystemExit(f"kid mode did not start:\n{text[-2000:]}")
        time.sleep(0.2)
    code = re.search(r"\(class code: ([A-Z0-9]+)\)", text) if classroom else None
    return Server(process, port, preheat, code.group(1) if code else None)


def tree_mb(pid: int) -> tuple[float, int]:
    """Resident memory (MB) of the server and everything it started, and how many kernels that is."""
    total, kernels = 0, 0
    root = psutil.Process(pid)
    for proc in [root, *root.children(recursive=True)]:
        try:
            total += proc.memory_info().rss
            kernels += "ipykernel_launcher" in " ".join(proc.cmdline())
        except psutil.Error:
            pass
    return total / 1e6, kernels


def settle(server: Server, pages_open: int) -> None:
    """Wait until only the open page holds a kernel and (with warm kernels) every spare is warm again."""
    deadline = time.monotonic() + 180
    while kid_status(server.port, server.code)["apps_open"] > pages_open and time.monotonic() < deadline:
        time.sleep(0.3)
    if server.preheat:
        wait_until_warm(server.port, server.code, timeout=180)
    time.sleep(0.5)


#: True (and noted in the page) once the control is laid out on screen and enabled; polled every frame.
CONTROL_READY = """sel => { const b = document.querySelector(sel);
  if (!b || b.disabled) return false;
  const r = b.getBoundingClientRect();
  if (r.width === 0 || r.height === 0 || getComputedStyle(b).visibility === 'hidden') return false;
  if (window.__wizard.ready === undefined) window.__wizard.ready = performance.now();
  return true; }"""


def usable(page, control: str, t0: float) -> dict[str, float]:
    """Wait until ``control`` is on screen and enabled and the page has been still for ``QUIET_MS``;
    the times (seconds since the navigation started) of the page's milestones, and ``wall``: seconds from
    ``t0`` (``time.perf_counter()`` before the click) until this script saw the control ready."""
    page.wait_for_function(CONTROL_READY, arg=control, polling="raf", timeout=WAIT_MS)
    wall = time.perf_counter() - t0
    page.wait_for_function(f"performance.now() - window.__wizard.last > {QUIET_MS}", timeout=WAIT_MS,
                           polling=100)
    marks = page.evaluate("""() => { const n = performance.getEntriesByType('navigation')[0];
        return {server: n.responseStart, scripts: n.loadEventEnd, first: window.__wizard.firstWidget,
                last: window.__wizard.last, ready: window.__wizard.ready}; }""")
    marks["usable"] = max(marks["last"], marks["ready"])
    return {"wall": wall, **{key: (value or 0.0) / 1000 for key, value in marks.items()}}


def open_by_link(page, link, control: str) -> dict[str, float]:
    """Click ``link`` (same tab) and wait until the new page is usable."""
    t0 = time.perf_counter()
    with page.expect_navigation(timeout=WAIT_MS, wait_until="commit"):
        link.click()
    return usable(page, control, t0)


def one_pass(browser, server: Server, apps: list[tuple[str, str]], record: dict, again: bool = False,
             network: float = 0.0) -> None:
    """A fresh browser: the landing page, every app (first visits), then every app again (repeat visits),
    going back to the landing page by the app's own link each time; ``again``: after each repeat visit,
    back and the same app once more at once (``again`` visits).  A classroom server's landing page is
    timed from the press on Go after typing the class code.  ``network``: the browser's bandwidth in
    Mbit/s (Chromium's network emulation, 5 ms latency), 0 for none."""
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    context.add_init_script(WATCH_PAGE)
    try:
        page = context.new_page()
        if network:
            cdp = context.new_cdp_session(page)
            cdp.send("Network.enable")
            cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": 5,
                     "downloadThroughput": network * 1e6 / 8, "uploadThroughput": network * 1e6 / 8})
        settle(server, 0)
        t0 = time.perf_counter()
        if server.code:
            page.goto(landing_url(server.port), timeout=WAIT_MS)   # the class-code page first
            page.fill("#code", server.code)
            t0 = time.perf_counter()
            with page.expect_navigation(timeout=WAIT_MS, wait_until="commit"):
                page.click("button[type=submit]")
        else:
            page.goto(landing_url(server.port), timeout=WAIT_MS, wait_until="commit")
        record.setdefault(("landing page", "first"), []).append(usable(page, LANDING_LINK, t0))
        for visit in ("first", "repeat"):
            for name, title in apps:
                settle(server, 1)
                link = page.locator(LANDING_LINK, has_text=title)
                record.setdefault((name, visit), []).append(open_by_link(page, link, FIRST_CONTROL[name]))
                # Back at once, as a child may: the landing page's spare was warmed while the app opened.
                back = page.locator(".wizard-kid-back a").first
                record.setdefault(("landing page", "repeat"), []).append(open_by_link(page, back, LANDING_LINK))
                if visit == "repeat" and again:
                    # The same app again at once: its new spare may still be warming up.
                    link = page.locator(LANDING_LINK, has_text=title)
                    record.setdefault((name, "again"), []).append(open_by_link(page, link, FIRST_CONTROL[name]))
                    back = page.locator(".wizard-kid-back a").first
                    record.setdefault(("landing page", "repeat"), []).append(
                        open_by_link(page, back, LANDING_LINK))
        page.close(run_before_unload=True)
    finally:
        context.close()


def report(record: dict, names: list[str]) -> None:
    print(f"   {'page':14s} {'visit':6s} {'n':>2s} {'median':>7s} {'worst':>6s}  (seen by the script)   median "
          "split: first byte | scripts loaded | first widget | drawn")
    for name in names:
        for visit in ("first", "repeat", "again"):
            runs = record.get((name, visit))
            if not runs:
                continue
            times = [run["usable"] for run in runs]

            def mid(key: str, runs: list[dict] = runs) -> float:
                return statistics.median(run[key] for run in runs)

            print(f"   {name:14s} {visit:6s} {len(times):2d} {statistics.median(times):6.2f}s {max(times):5.2f}s"
                  f"  ({mid('wall'):.2f}s, worst {max(run['wall'] for run in runs):.2f}s)"
                  f"   {mid('server'):.2f} | {mid('scripts'):.2f} | {mid('first'):.2f} | {mid('last'):.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3, help="passes, each with a fresh browser")
    parser.add_argument("--apps", default="", help="comma-separated app names (default: every app)")
    parser.add_argument("--cold", action="store_true", help="also one pass without warm kernels")
    parser.add_argument("--spare-models", type=int, default=0,
                        help="every app makes about this many more widget models (never shown): their cost")
    parser.add_argument("--classroom", action="store_true",
                        help="a classroom server (class code, compressed pages) instead of this computer's")
    parser.add_argument("--network", type=float, default=0.0,
                        help="the browser's bandwidth in Mbit/s, as a pupil's on the school network (0: none)")
    parser.add_argument("--again", action="store_true",
                        help="after each repeat visit, back and the same app again at once (its new spare may be warming)")
    args = parser.parse_args()
    if not os.path.exists(CHROMIUM):
        print(f"kid mode benchmark skipped: {CHROMIUM} is not installed (apt-get install chromium)")
        return
    from playwright.sync_api import sync_playwright

    apps = [(app.name, app.title) for app, _ in available_apps(REPO / "notebooks")]
    if args.apps:
        wanted = args.apps.split(",")
        apps = [(name, title) for name, title in apps if name in wanted]
    where = "classroom server" if args.classroom else "kid mode"
    net = f", browser network {args.network:g} Mbit/s" if args.network else ""
    print(f"{where}, {psutil.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}{net}; seconds from the click "
          f"to usable (widgets drawn, first control enabled), {args.repeats} pass(es) with a fresh browser")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            for preheat in ([False] if args.cold else []) + [True]:
                with tempfile.TemporaryDirectory(prefix="bench-kidmode-") as tmp:
                    server = start(Path(tmp), preheat, args.spare_models, args.classroom)
                    try:
                        started = time.perf_counter()
                        settle(server, 0)
                        extra = f" (warming up took {time.perf_counter() - started:.0f} s)" if preheat else ""
                        memory, kernels = tree_mb(server.process.pid)
                        print(f"-- {'warm kernels' if preheat else 'no warm kernels'}{extra}; idle server "
                              f"{memory:.0f} MB with {kernels} kernel(s)")
                        record: dict = {}
                        for _ in range(args.repeats if preheat else 1):
                            one_pass(browser, server, apps, record, again=args.again and preheat,
                                     network=args.network)
                        report(record, ["landing page", *(name for name, _ in apps)])
                        worst = max(statistics.median(run["usable"] for run in runs)
                                    for (name, visit), runs in record.items()
                                    if name != "landing page" and visit != "again")
                        print(f"   slowest app median: {worst:.2f} s; load average now {os.getloadavg()[0]:.1f}")
                    finally:
                        stop(server.process, timeout=30)
        finally:
            browser.close()


if __name__ == "__main__":
    main()
