"""Kid mode holds a class: 20 pages opened and closed leave no kernels and no memory behind, and a
classroom server lets a browser in only with the class code.

Real `wizard-edu play` servers (Voila) with an isolated HOME and Jupyter folders; every request goes to
127.0.0.1 (the classroom server binds 0.0.0.0 as a teacher's would).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest
from test_kidmode_browser import isolated_env

from wizard_edu.kidmode.kidmode import kid_status, landing_url, stop, wait_until_warm
from wizard_edu.lab.servers import free_port, is_root

REPO = Path(__file__).resolve().parents[2]
WAIT_MS = 90_000
#: A kernel whose page went away without a word is culled within this many seconds (the issue: 2 minutes).
CULL_DEADLINE = 120.0
ROOT_FLAG = ["--allow-root"] if is_root() else []


def start_play(base: Path, *args: str) -> tuple[subprocess.Popen, int, Path]:
    notebooks = base / "notebooks"
    shutil.copytree(REPO / "notebooks", notebooks, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    port = free_port("0.0.0.0")
    log = base / "play.log"
    out = open(log, "wb")  # noqa: SIM115 - closed with the server
    process = subprocess.Popen([sys.executable, "-m", "wizard_edu.cli", "play", "--no-browser", f"--port={port}",
                                f"--notebooks={notebooks}", *ROOT_FLAG, *args],
                               env=isolated_env(base), stdout=out, stderr=subprocess.STDOUT,
                               stdin=subprocess.DEVNULL)
    process.log_file = out  # type: ignore[attr-defined]
    deadline = time.monotonic() + 120
    while "Kid mode is ready" not in log.read_text(errors="replace"):
        if process.poll() is not None or time.monotonic() > deadline:
            stop(process)
            out.close()
            pytest.fail(f"kid mode did not start:\n{log.read_text(errors='replace')[-3000:]}")
        time.sleep(0.2)
    return process, port, log


def tree(pid: int) -> list[psutil.Process]:
    root = psutil.Process(pid)
    return [root, *root.children(recursive=True)]


def kernel_count(pid: int) -> int:
    """Kernels as the operating system sees them (processes under the server)."""
    count = 0
    for proc in tree(pid):
        try:
            count += "ipykernel_launcher" in " ".join(proc.cmdline())
        except psutil.Error:
            pass
    return count


def memory_mb(pid: int) -> float:
    """Resident memory of the server and all its kernels, in MB."""
    total = 0
    for proc in tree(pid):
        try:
            total += proc.memory_info().rss
        except psutil.Error:
            pass
    return total / 1e6


def wait_until(condition, timeout: float, what: str) -> float:
    start = time.monotonic()
    while not condition():
        assert time.monotonic() - start < timeout, f"{what} did not happen within {timeout:.0f} s"
        time.sleep(1)
    return time.monotonic() - start


def test_twenty_pages_open_and_close_and_the_kernels_and_memory_come_back_down(browser, tmp_path):
    process, port, _log = start_play(tmp_path, "--max-apps=20")
    try:
        wait_until_warm(port, timeout=240)
        warm = kid_status(port)["warm_target"]
        time.sleep(3)   # let the warm kernels settle before the baseline
        base_kernels, base_mb = kernel_count(process.pid), memory_mb(process.pid)
        assert base_kernels == warm
        print(f"\nbaseline: {base_kernels} warm kernels, {base_mb:.0f} MB (server and kernels)")
        context = browser.new_context(viewport={"width": 1200, "height": 900})
        peak_open, peak_mb, vanished = 0, base_mb, 0
        try:
            for batch in range(4):            # 4 x 5 = 20 pages, five open at once
                pages = []
                for _ in range(5):
                    page = context.new_page()
                    page.goto(landing_url(port), timeout=WAIT_MS)
                    page.locator(".wizard-kids-landing a.kid-app").first.wait_for(timeout=WAIT_MS)
                    pages.append(page)
                status = kid_status(port)
                peak_open = max(peak_open, status["apps_open"])
                peak_mb = max(peak_mb, memory_mb(process.pid))
                assert status["apps_open"] >= 5
                for i, page in enumerate(pages):
                    # Half close as a tab does (the page says goodbye and its kernel stops at once),
                    # half vanish without a word (a crashed tab, a closed laptop): culled later.
                    says_goodbye = (i + batch) % 2 == 0
                    vanished += not says_goodbye
                    page.close(run_before_unload=says_goodbye)
                # The pages that said goodbye stopped their kernels at once (not after the cull).
                left = vanished
                wait_until(lambda: kid_status(port)["apps_open"] <= left, 20, "closed pages stopping their kernels")  # noqa: B023
        finally:
            context.close()
        print(f"peak: {peak_open} apps open, {peak_mb:.0f} MB")
        took = wait_until(lambda: kid_status(port)["apps_open"] == 0, CULL_DEADLINE + 30, "every kernel going away")
        wait_until(lambda: kernel_count(process.pid) <= base_kernels, 60, "the kernel processes ending")
        wait_until_warm(port, timeout=120)
        time.sleep(3)
        after_mb = memory_mb(process.pid)
        print(f"after: {kernel_count(process.pid)} kernels ({took:.0f} s), {after_mb:.0f} MB")
        assert kernel_count(process.pid) == base_kernels
        assert peak_mb > base_mb + 200            # the pages really cost memory ...
        assert after_mb < base_mb + 150           # ... and it came back (the server itself may grow a little)
    finally:
        stop(process, timeout=30)
        process.log_file.close()


def test_a_classroom_browser_needs_the_class_code(browser, tmp_path):
    process, port, log = start_play(tmp_path, "--classroom", "--no-preheat", "--max-apps=3")
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    try:
        code = re.search(r"\(class code: ([A-Z0-9]+)\)", log.read_text()).group(1)
        page = context.new_page()
        page.goto(f"http://127.0.0.1:{port}/", timeout=WAIT_MS)
        box = page.get_by_label("Class code")
        box.wait_for(timeout=WAIT_MS)
        assert page.locator(".wizard-kids-landing").count() == 0
        box.fill("AAAAAA")
        page.get_by_role("button", name="Go").click()
        page.get_by_text("That is not the class code").wait_for(timeout=WAIT_MS)
        assert kid_status(port, code)["kernels"] == 0          # nothing ran for a wrong code
        page.get_by_label("Class code").fill(code.lower())      # as a child types it
        page.get_by_role("button", name="Go").click()
        page.locator(".wizard-kids-landing a.kid-app").first.wait_for(timeout=WAIT_MS)
        assert page.url.endswith("/voila/render/kids.ipynb")
        # Typed once: another page of the same browser goes straight in.
        other = context.new_page()
        other.goto(landing_url(port), timeout=WAIT_MS)
        other.locator(".wizard-kids-landing a.kid-app").first.wait_for(timeout=WAIT_MS)
        # A browser without the code gets the code page, not the games.
        stranger = browser.new_context()
        try:
            lost = stranger.new_page()
            lost.goto(landing_url(port), timeout=WAIT_MS)
            lost.get_by_label("Class code").wait_for(timeout=WAIT_MS)
            assert "/login" in lost.url
        finally:
            stranger.close()
    finally:
        context.close()
        stop(process, timeout=30)
        process.log_file.close()
