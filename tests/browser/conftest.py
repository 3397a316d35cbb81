"""Shared fixtures for real-browser tests: JupyterLab in headless Debian Chromium, driven by Playwright.

* ``lab`` (session): a JupyterLab server on 127.0.0.1, a free port and a random token, serving a
  temporary *copy* of ``notebooks/`` (so autosave never touches the stored notebooks), with an
  isolated HOME, Jupyter, IPython and matplotlib configuration.  ``lab.url(path)`` builds a URL
  with the token; ``lab.root`` is the copied notebook folder.
* ``browser`` (session): Chromium from ``/usr/bin/chromium`` (never downloaded).
* ``page`` (function): a fresh browser context and page; a screenshot of it is saved to
  ``test-artifacts/`` when the test fails.
* ``open_and_run_all(page, lab, "05-play-wizard-junior.ipynb")`` (in ``browser_helpers``, also
  the ``run_notebook`` fixture): open a notebook, wait for its kernel, run all cells, wait until done.

Without ``/usr/bin/chromium`` (or the Playwright package) these tests are skipped with the reason,
unless ``WIZARD_EDU_REQUIRE_BROWSER=1`` (set by ``.ci/run``): then they fail.
Every wait is bounded.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from browser_helpers import CHROMIUM, CHROMIUM_ARGS, open_and_run_all, shutdown_kernels  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts"
SERVER_START_TIMEOUT = 90.0


def _browser_required() -> bool:
    return os.environ.get("WIZARD_EDU_REQUIRE_BROWSER", "") == "1"


def _missing_browser(reason: str) -> None:
    if _browser_required():
        pytest.fail(f"{reason} (WIZARD_EDU_REQUIRE_BROWSER=1, so this is a failure, not a skip)",
                    pytrace=False)
    pytest.skip(f"{reason}; install it with `apt-get install chromium` to run the browser tests")


def pytest_collection_modifyitems(config, items):
    here = Path(__file__).resolve().parent
    for item in items:
        if Path(str(item.fspath)).resolve().parent == here:
            item.add_marker(pytest.mark.browser)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Lab:
    """A running JupyterLab server."""

    base: str
    token: str
    root: Path
    log: Path
    process: subprocess.Popen

    def url(self, path: str = "lab") -> str:
        sep = "&" if "?" in path else "?"
        return f"{self.base}/{path.lstrip('/')}{sep}token={self.token}"


@pytest.fixture(scope="session")
def chromium_path() -> str:
    if not os.path.exists(CHROMIUM):
        _missing_browser(f"{CHROMIUM} is not installed")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        _missing_browser("the playwright Python package is not installed")
    return CHROMIUM


@pytest.fixture(scope="session")
def lab(chromium_path, tmp_path_factory) -> Lab:
    base = tmp_path_factory.mktemp("jupyter")
    dirs = {name: base / name for name in ("home", "config", "data", "runtime", "ipython", "mpl", "root")}
    for d in dirs.values():
        d.mkdir()
    settings = dirs["data"] / "lab" / "settings"
    settings.mkdir(parents=True)
    (settings / "overrides.json").write_text(json.dumps({
        "@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False},
    }))
    # The same setting as user settings, which JupyterLab reads from the (isolated) config dir.
    user = dirs["config"] / "lab" / "user-settings" / "@jupyterlab" / "apputils-extension"
    user.mkdir(parents=True)
    (user / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False}))
    root = dirs["root"] / "notebooks"
    shutil.copytree(REPO / "notebooks", root, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    env = dict(os.environ, HOME=str(dirs["home"]), JUPYTER_CONFIG_DIR=str(dirs["config"]),
               JUPYTER_DATA_DIR=str(dirs["data"]), JUPYTER_RUNTIME_DIR=str(dirs["runtime"]),
               IPYTHONDIR=str(dirs["ipython"]), MPLCONFIGDIR=str(dirs["mpl"]), JUPYTER_PLATFORM_DIRS="1",
               PYTHONUNBUFFERED="1")
    env.pop("JUPYTER_PATH", None)
    port, token = _free_port(), secrets.token_hex(16)
    log = base / "jupyter-lab.log"
    cmd = [sys.executable, "-m", "jupyter", "lab", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
           f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root}",
           "--ServerApp.port_retries=0"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")
    with open(log, "wb") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, env=env, cwd=str(dirs["root"]))
    server = Lab(f"http://127.0.0.1:{port}", token, root, log, proc)
    try:
        deadline = time.monotonic() + SERVER_START_TIMEOUT
        while True:
            if proc.poll() is not None:
                pytest.fail(f"JupyterLab exited with code {proc.returncode}:\n{log.read_text()[-3000:]}")
            try:
                with urllib.request.urlopen(server.url("api/status"), timeout=2) as resp:
                    if resp.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"JupyterLab did not start within {SERVER_START_TIMEOUT:.0f} s:\n"
                            f"{log.read_text()[-3000:]}")
            time.sleep(0.25)
        yield server
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)


@pytest.fixture(scope="session")
def browser(chromium_path):
    from playwright.sync_api import sync_playwright

    pw = sync_playwright().start()
    try:
        chromium = pw.chromium.launch(executable_path=chromium_path, headless=True, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()
    finally:
        pw.stop()


@pytest.fixture
def page(browser, request):
    """A fresh page; on failure a screenshot goes to test-artifacts/.  Kernels are stopped afterwards."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    context.set_default_timeout(30_000)
    pg = context.new_page()
    try:
        yield pg
    finally:
        report = getattr(request.node, "rep_call", None)
        if report is not None and report.failed:
            ARTIFACTS.mkdir(exist_ok=True)
            name = re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.nodeid)[-150:]
            try:
                pg.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True, timeout=15_000)
            except Exception as exc:  # noqa: BLE001 - the test failure matters more
                print(f"could not save a screenshot: {exc}")
        context.close()
        lab = request.node.funcargs.get("lab")  # present when the test (or run_notebook) used it
        if lab is not None:
            shutdown_kernels(lab)


@pytest.fixture
def run_notebook(page, lab):
    """``run_notebook("03-who-wins-the-trick.ipynb")`` opens it in ``page`` and runs every cell."""

    def run(name: str, timeout: float = 120.0):
        return open_and_run_all(page, lab, name, timeout=timeout)

    return run
