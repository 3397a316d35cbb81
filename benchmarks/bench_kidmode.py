"""Kid mode: how long until a page is usable, with and without warm (preheated) kernels, and what a kernel costs.

Starts the real kid-mode server (`wizard-edu play`, on 127.0.0.1, isolated Jupyter folders) twice, with
``--no-preheat`` and with warm kernels, and opens the landing page and the Wizard Junior table in headless
Chromium (Debian's ``/usr/bin/chromium`` through Playwright): time from navigation to the page's widgets on
screen (links on the landing page; the table with its cards), for a first visit (empty browser cache) and the
median and worst of ``--repeats`` later visits from the same browser. With warm kernels every open waits until the spare kernel is warm again, as a class
arriving one by one would find it. Memory: resident memory of the kernel that served the page, and of the
whole server when idle. Figures are printed, never asserted.

    python benchmarks/bench_kidmode.py [--repeats 3]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import psutil

from wizard_edu.kidmode import kid_status, landing_url, stop, wait_until_warm
from wizard_edu.servers import free_port, is_root

REPO = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("WIZARD_EDU_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PAGES = {"landing page": ("kids.ipynb", ".wizard-kids-landing a.kid-app"),
         "Junior table": ("05-play-wizard-junior.ipynb", ".wizard-table .wizard-card-button")}


def isolated_env(base: Path) -> dict[str, str]:
    env = dict(os.environ, PYTHONUNBUFFERED="1", JUPYTER_PLATFORM_DIRS="1")
    for var in ("HOME", "JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR",
                "MPLCONFIGDIR"):
        (base / var.lower()).mkdir()
        env[var] = str(base / var.lower())
    env.pop("JUPYTER_PATH", None)
    return env


def kernels(pid: int) -> dict[int, psutil.Process]:
    found = {}
    for proc in psutil.Process(pid).children(recursive=True):
        try:
            if "ipykernel_launcher" in " ".join(proc.cmdline()):
                found[proc.pid] = proc
        except psutil.Error:
            pass
    return found


def tree_mb(pid: int) -> float:
    root = psutil.Process(pid)
    total = 0
    for proc in [root, *root.children(recursive=True)]:
        try:
            total += proc.memory_info().rss
        except psutil.Error:
            pass
    return total / 1e6


def start(base: Path, preheat: bool) -> tuple[subprocess.Popen, int]:
    notebooks = base / "notebooks"
    shutil.copytree(REPO / "notebooks", notebooks, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    port = free_port()
    log = open(base / "play.log", "wb")  # noqa: SIM115 - lives as long as the server
    cmd = [sys.executable, "-m", "wizard_edu.cli", "play", "--no-browser", f"--port={port}", "--max-apps=20",
           f"--notebooks={notebooks}", *(["--allow-root"] if is_root() else []),
           *([] if preheat else ["--no-preheat"])]
    process = subprocess.Popen(cmd, env=isolated_env(base), stdout=log, stderr=subprocess.STDOUT,
                               stdin=subprocess.DEVNULL)
    deadline = time.monotonic() + 180
    while "Kid mode is ready" not in (base / "play.log").read_text(errors="replace"):
        if process.poll() is not None or time.monotonic() > deadline:
            stop(process)
            raise SystemExit(f"kid mode did not start:\n{(base / 'play.log').read_text()[-2000:]}")
        time.sleep(0.2)
    return process, port


def settle(port: int, preheat: bool) -> None:
    """Wait until no page holds a kernel (and, with warm kernels, every spare is warm again)."""
    deadline = time.monotonic() + 180
    while kid_status(port)["apps_open"] > 0 and time.monotonic() < deadline:
        time.sleep(0.5)
    if preheat:
        wait_until_warm(port, timeout=180)
    time.sleep(1.0)


def measure(browser, process: subprocess.Popen, port: int, preheat: bool, repeats: int) -> dict:
    """For each page: seconds to usable on a first visit (empty browser cache) and on ``repeats`` later
    visits from the same browser (Voila's scripts cached, as for a child's second app), and the
    memory of the page's kernel."""
    results = {}
    for name, (notebook, selector) in PAGES.items():
        times, kernel_mb = [], []
        context = browser.new_context(viewport={"width": 1200, "height": 900})
        try:
            for _ in range(repeats + 1):
                settle(port, preheat)
                before = set(kernels(process.pid))
                page = context.new_page()
                t0 = time.perf_counter()
                page.goto(landing_url(port).replace("kids.ipynb", notebook), timeout=120_000)
                page.locator(selector).first.wait_for(timeout=120_000)
                times.append(time.perf_counter() - t0)
                # The page's own kernel is the new one when there are no warm kernels (with them, the
                # new kernel is the spare that replaces the one the page took: not this page's).
                if not preheat:
                    for proc in [p for pid, p in kernels(process.pid).items() if pid not in before][:1]:
                        try:
                            kernel_mb.append(proc.memory_info().rss / 1e6)
                        except psutil.Error:
                            pass
                page.close(run_before_unload=True)
        finally:
            context.close()
        results[name] = (times, kernel_mb)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3, help="later visits per page (after the first)")
    args = parser.parse_args()
    if not os.path.exists(CHROMIUM):
        print(f"kid mode benchmark skipped: {CHROMIUM} is not installed (apt-get install chromium)")
        return
    from playwright.sync_api import sync_playwright

    print(f"kid mode, {psutil.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}; time to usable "
          f"(navigation to widgets on screen), 1 first visit + {args.repeats} later visits per page")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            for preheat in (False, True):
                with tempfile.TemporaryDirectory(prefix="bench-kidmode-") as tmp:
                    process, port = start(Path(tmp), preheat)
                    try:
                        started = time.perf_counter()
                        settle(port, preheat)
                        label = "warm kernels" if preheat else "no warm kernels"
                        idle = tree_mb(process.pid)
                        warm = len(kernels(process.pid))
                        extra = f" (warming up took {time.perf_counter() - started:.0f} s)" if preheat else ""
                        print(f"-- {label}: idle server {idle:.0f} MB with {warm} kernel(s){extra}")
                        for name, (times, kernel_mb) in measure(browser, process, port, preheat,
                                                                 args.repeats).items():
                            memory = f"; its kernel {statistics.median(kernel_mb):.0f} MB" if kernel_mb else ""
                            later = times[1:]
                            print(f"   {name:13s} usable: first visit {times[0]:.2f} s; next visits median "
                                  f"{statistics.median(later):.2f} s, worst {max(later):.2f} s{memory}")
                    finally:
                        stop(process, timeout=30)
        finally:
            browser.close()


if __name__ == "__main__":
    main()
