"""Helpers for the browser tests (imported by conftest.py and the test modules)."""

from __future__ import annotations

import os
import time

#: Debian's Chromium (never a downloaded browser); WIZARD_EDU_CHROMIUM may point elsewhere.
CHROMIUM = os.environ.get("WIZARD_EDU_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage"]

PANEL = ".jp-NotebookPanel:not(.lm-mod-hidden)"  # the notebook tab in front
IDLE = f"{PANEL} .jp-NotebookPanel-toolbar .jp-Notebook-ExecutionIndicator[data-status='idle']"

# True once every code cell of the notebook shows an execution count like [3] (none pending "[*]").
ALL_CELLS_RAN = """() => {
  const prompts = Array.from(document.querySelectorAll(
      '.jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell .jp-InputArea-prompt'));
  return prompts.length > 0 && prompts.every(p => /\\[\\d+\\]/.test(p.textContent));
}"""


def open_notebook(page, lab, name: str, timeout: float = 90.0):
    """Open ``name`` (a path under the served notebooks folder) and wait until its kernel is idle."""
    # "reset" starts from an empty workspace, so tabs of earlier tests are not restored.
    page.goto(lab.url(f"lab/tree/{name}?reset"), wait_until="domcontentloaded", timeout=timeout * 1000)
    page.wait_for_selector(IDLE, timeout=timeout * 1000)
    return page


NO_CELL_RAN = """() => {
  const prompts = Array.from(document.querySelectorAll(
      '.jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell .jp-InputArea-prompt'));
  return prompts.length > 0 && prompts.every(p => !/\\[\\d+\\]/.test(p.textContent));
}"""


def menu(page, top: str, item: str) -> None:
    """Click a main-menu entry, e.g. ``menu(page, "Run", "Run All Cells")``."""
    page.locator("#jp-MainMenu").get_by_text(top, exact=True).click()
    page.get_by_role("menuitem", name=item, exact=True).click()


def run_all(page, timeout: float = 120.0):
    """Clear the stored outputs, run every cell and wait (bounded) until all of them have run.

    Clearing first removes the stored execution counts, so "every cell shows a count" really
    means "every cell ran now".
    """
    # Folded code (jupyter.source_hidden, as in the Junior path) shows no execution count: unfold it first.
    menu(page, "View", "Expand All Code")
    menu(page, "Edit", "Clear Outputs of All Cells")
    page.wait_for_function(NO_CELL_RAN, timeout=timeout * 1000)
    page.locator("#jp-MainMenu").get_by_text("Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    page.wait_for_function(ALL_CELLS_RAN, timeout=timeout * 1000)
    page.wait_for_selector(IDLE, timeout=timeout * 1000)
    return page


def open_and_run_all(page, lab, name: str, timeout: float = 120.0):
    """Open a notebook in JupyterLab, run all cells and wait until they are done; returns the page.

    JupyterLab's execution indicator can say "idle" before the kernel is connected, and Run All
    then silently runs nothing; so also wait for the status bar's "Idle", and run all once more
    if nothing ran (every wait bounded).
    """
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    start = time.monotonic()
    open_notebook(page, lab, name, timeout=timeout)
    page.locator(".jp-StatusBar-TextItem", has_text="| Idle").first.wait_for(timeout=timeout * 1000)
    left = max(10.0, timeout - (time.monotonic() - start))
    try:
        run_all(page, timeout=left / 2)
    except PlaywrightTimeout:
        run_all(page, timeout=left / 2)
    return page


def widget(page, css_class: str, index: int = 0):
    """The ``index``-th rendered widget carrying ``css_class`` in the notebook's outputs."""
    return page.locator(f"{PANEL} .jp-OutputArea-output .{css_class}").nth(index)


def shutdown_kernels(lab) -> None:
    """Stop every kernel session on the server (bounded), so tests do not pile kernels up."""
    import json
    import urllib.request

    try:
        with urllib.request.urlopen(lab.url("api/sessions"), timeout=5) as resp:
            sessions = json.load(resp)
        for session in sessions:
            req = urllib.request.Request(lab.url(f"api/sessions/{session['id']}"), method="DELETE")
            urllib.request.urlopen(req, timeout=10).close()
    except OSError:
        pass


def click_if_there(locator, timeout: float = 2000) -> bool:
    """Click ``locator`` if it can be clicked within ``timeout`` ms; False when it went away meanwhile
    (at a class table the others' moves redraw the page between seeing a button and clicking it)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        locator.click(timeout=timeout)
    except PlaywrightTimeout:
        return False
    return True
