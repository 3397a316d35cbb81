"""Kid mode: the games and trainers as apps (Voila: no code shown), behind one landing page.

``wizard-edu play`` (``make play``) starts Voila on this computer only
(127.0.0.1) over the notebooks folder and opens ``kids.ipynb``, whose one
code cell shows :func:`landing`: big links, each with a picture, to the apps
below.  Each app is a small notebook in ``notebooks/apps/`` that shows only
words for children and one widget (:func:`wizard_edu.widgets.kidapp.kid_app`).

>>> apps = [app.title for app in KID_APPS]
>>> "Play Wizard Junior" in apps
True
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import webbrowser
from dataclasses import dataclass
from html import escape
from pathlib import Path

from .doctor import find_notebooks_dir
from .errors import WizardError

#: The landing page notebook (not numbered, so it never collides with the lessons).
LANDING = "kids.ipynb"


class KidModeError(WizardError):
    """Kid mode cannot start (no notebooks folder, Voila missing, Voila did not start)."""


#: The folder (next to the landing page) that holds the app notebooks.
APPS_FOLDER = "apps"


@dataclass(frozen=True)
class KidApp:
    """One game or trainer on the landing page: ``apps/<name>.ipynb`` next to the landing page.

    ``picture`` is card text (``"W R13 J"``): the landing page draws those cards as the app's picture.
    """

    name: str
    title: str
    blurb: str
    picture: str

    def notebook(self, folder: Path) -> Path | None:
        """This app's notebook in the notebooks ``folder``, if it is there."""
        path = Path(folder) / APPS_FOLDER / f"{self.name}.ipynb"
        return path if path.is_file() else None

    def picture_html(self) -> str:
        """The app's picture: a few cards, drawn like every card in the kit."""
        from .cards import Card
        from .display.html import card_html

        theme = "junior" if "junior" in self.name or self.name in ("deal", "predict") else "classic"
        return "".join(card_html(Card.parse(t), theme, size=0.9) for t in self.picture.split())


#: The apps, in the order the landing page shows them: first steps, trainers, then the games.
KID_APPS: tuple[KidApp, ...] = (
    KidApp("junior-table", "Play Wizard Junior", "Play a whole game against the computer.", "W R8 F"),
    KidApp("deal", "Deal the cards", "Deal the cards for a round and see which colour is trump.", "G3 B5 Y2"),
    KidApp("trick-trainer", "Who wins the trick?", "Find the card that wins. Five right in a row: next level!",
           "R3 R7 B8"),
    KidApp("which-cards", "Which cards may I play?", "Pick every card you are allowed to play.", "G6 G2 W"),
    KidApp("predict", "Predict your tricks", "How many tricks will your cards win? Guess, then watch.",
           "Y8 R1 W"),
    KidApp("classic-table", "Play Classic Wizard", "The big game: 60 cards, bids and points.", "W B13 J"),
    KidApp("win-chances", "Will my card win?", "Pick some cards and see how often they win.", "R13 Y12 G1"),
)


def available_apps(folder: str | os.PathLike | None = None) -> list[tuple[KidApp, str]]:
    """The apps whose notebook exists, with its path relative to the landing page (``apps/deal.ipynb``)."""
    base = Path(folder) if folder is not None else find_notebooks_dir()
    if base is None:
        return []
    found = []
    for app in KID_APPS:
        nb = app.notebook(Path(base))
        if nb is not None:
            found.append((app, f"{APPS_FOLDER}/{nb.name}"))
    return found


def landing_html(folder: str | os.PathLike | None = None) -> str:
    """The landing page: one big link per app, each with a picture (relative links: Voila and JupyterLab)."""
    apps = available_apps(folder)
    if not apps:
        return ('<div class="wizard-kids"><p>No games were found next to this page. '
                "Ask your teacher to run <code>wizard-edu doctor</code>.</p></div>")
    links = []
    for app, name in apps:
        links.append(
            f'<li style="list-style:none;margin:0.5em 0">'
            f'<a class="kid-app" href="{escape(name)}" title="{escape(app.blurb)}" '
            'style="display:flex;align-items:center;gap:0.8em;padding:0.7em 1em;border:3px solid #333;'
            'border-radius:12px;background:#fffbe6;color:#111;text-decoration:none;font-size:1.3em;'
            'max-width:34em">'
            f'<span class="kid-app-picture" aria-hidden="true" style="display:flex;flex:none;width:8.6em">'
            f'{app.picture_html()}</span>'
            f"<span><b>{escape(app.title)}</b><br><span style=\"font-size:0.75em\">{escape(app.blurb)}"
            "</span></span></a></li>")
    return ('<nav class="wizard-kids" aria-label="Wizard games and trainers">'
            f'<ul style="padding:0;margin:0">{"".join(links)}</ul></nav>')


def landing(folder: str | os.PathLike | None = None):
    """The landing page as a widget (the code cell of ``kids.ipynb``).

    A widget, not rich HTML output: JupyterLab and Voila open links in rich output in a new
    tab, while the links of a widget open in the same tab, so the browser's Back button
    returns to this page.  Relative links work in Voila and in JupyterLab alike.
    """
    import ipywidgets as widgets

    page = widgets.HTML(value=landing_html(folder if folder is not None else Path.cwd()))
    page.add_class("wizard-kids-landing")
    return page


# -- serving with Voila -------------------------------------------------------------
def free_port() -> int:
    """A free TCP port on 127.0.0.1 (bind to port 0 and let the system choose)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def voila_command(notebooks: Path, port: int) -> list[str]:
    """The Voila command line: this computer only, no code shown, no tracebacks for children.

    Every open page has its own kernel; a kernel whose page was closed is stopped after
    15 idle minutes, so a morning of clicking around does not fill the memory.
    """
    return [sys.executable, "-m", "voila", "--no-browser", "--Voila.ip=127.0.0.1", f"--port={port}",
            "--Voila.port_retries=0", "--VoilaConfiguration.show_tracebacks=False",
            "--VoilaConfiguration.strip_sources=True", "--theme=light",
            "--MappingKernelManager.cull_idle_timeout=900", "--MappingKernelManager.cull_interval=60",
            str(notebooks)]


def landing_url(port: int) -> str:
    return f"http://127.0.0.1:{port}/voila/render/{LANDING}"


def wait_until_ready(port: int, process: subprocess.Popen | None = None, timeout: float = 60.0) -> float:
    """Poll Voila until it answers; the seconds it took.  Raises :class:`KidModeError` after ``timeout``."""
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        if process is not None and process.poll() is not None:
            raise KidModeError(f"Voila stopped at once (exit code {process.returncode}): "
                               "run `wizard-edu doctor` to see what is missing.")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as reply:
                if reply.status == 200:
                    return time.monotonic() - start
        except (urllib.error.URLError, ConnectionError, OSError):
            pass
        time.sleep(0.2)
    raise KidModeError(f"Voila did not start within {timeout:.0f} seconds.")


def start_voila(notebooks: str | os.PathLike | None = None, port: int | None = None,
                env: dict[str, str] | None = None, timeout: float = 60.0) -> tuple[subprocess.Popen, int, float]:
    """Start Voila over the notebooks folder; returns (process, port, seconds to start).

    The caller stops it (:func:`stop`).
    """
    import importlib.util

    if importlib.util.find_spec("voila") is None:
        raise KidModeError("Kid mode needs Voila: run `pip install voila` (or `pip install -e \".[kid]\"`).")
    folder = Path(notebooks) if notebooks is not None else find_notebooks_dir()
    if folder is None or not (Path(folder) / LANDING).is_file():
        raise KidModeError(f"The notebooks folder with {LANDING} was not found: start from the kit's "
                           "folder, or give it with --notebooks.")
    port = port or free_port()
    process = subprocess.Popen(voila_command(Path(folder).resolve(), port), env=env,
                               stdin=subprocess.DEVNULL)
    try:
        seconds = wait_until_ready(port, process, timeout)
    except BaseException:
        stop(process)
        raise
    return process, port, seconds


def stop(process: subprocess.Popen, timeout: float = 10.0) -> None:
    """Stop a server we started: terminate, then kill after a bounded wait."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=timeout)


def serve(notebooks: str | os.PathLike | None = None, port: int | None = None, open_browser: bool = True) -> int:
    """Run kid mode until Ctrl+C (or SIGTERM); Voila is always stopped on the way out."""
    previous = signal.signal(signal.SIGTERM, _stop_on_sigterm)
    try:
        process, port, seconds = start_voila(notebooks, port)
        url = landing_url(port)
        print(f"Kid mode is ready (started in {seconds:.1f} s). Open {url}\nPress Ctrl+C to stop.", flush=True)
        if open_browser:
            webbrowser.open(url)
        try:
            return process.wait()
        except KeyboardInterrupt:
            print("\nStopping kid mode.")
            return 0
        finally:
            stop(process)
    finally:
        signal.signal(signal.SIGTERM, previous)


def _stop_on_sigterm(signum, frame) -> None:
    """Being told to stop (SIGTERM) stops Voila too, instead of leaving it running alone."""
    raise SystemExit(0)
