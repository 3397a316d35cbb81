"""Kid mode: the games and trainers as apps (Voila: no code shown), behind one landing page.

``wizard-edu play`` (``make play``) starts the kid-mode server (:mod:`wizard_edu.kidmode.kidserver`, Voila)
over the notebooks folder and opens ``kids.ipynb``, whose one code cell shows :func:`landing`: big
links to the apps below, each of them a notebook rendered by Voila. Plain kid mode serves this
computer only (127.0.0.1); ``--classroom`` serves the network behind a class code printed in big
letters for the board. Either way: at most ``--max-apps`` apps open at once, a warm kernel waiting
for each app, and a kernel stops when its page closes (or within two minutes of its page vanishing).
Each app is a small notebook in ``notebooks/apps/`` that shows only words for children and one
widget (:func:`wizard_edu.widgets.kidapp.kid_app`); the landing page shows a picture for each.

>>> apps = [app.title for app in KID_APPS]
>>> "Play Wizard Junior" in apps
True
"""

from __future__ import annotations

import json
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
from types import FrameType
from typing import TYPE_CHECKING

from ..errors import KidModeError
from ..lab.doctor import find_notebooks_dir
from ..online.classcode import CLASS_CODE_ENV, class_code, normalise_code

if TYPE_CHECKING:  # the widgets are imported only when the landing page is made
    import ipywidgets

#: The environment variable that tells the kid-mode server where its settings file is.
SETTINGS_ENV = "WIZARD_EDU_KID_SETTINGS"

#: The landing page notebook (not numbered, so it never collides with the lessons).
LANDING = "kids.ipynb"


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
        from ..display.html import card_html
        from ..engine.cards import Card

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
    KidApp("class-table", "Play with your class", "Play Wizard together with your classmates.", "W Y8 J"),
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


def landing(folder: str | os.PathLike | None = None) -> ipywidgets.HTML:
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
#: Kid mode for a class listens on this port unless told otherwise (Voila's usual port).
CLASSROOM_PORT = 8866
#: Most apps open at once (one kernel each, about 100-140 MB): one computer, a class.
MAX_APPS_LOCAL = 10
MAX_APPS_CLASSROOM = 40
#: A kernel whose page went away without closing (crashed tab, closed laptop) goes after this idle time.
CULL_IDLE_SECONDS = 60
CULL_INTERVAL_SECONDS = 20

_GLYPHS = {
    "A": (" ### ", "#   #", "#####", "#   #", "#   #"), "C": (" ####", "#    ", "#    ", "#    ", " ####"),
    "D": ("#### ", "#   #", "#   #", "#   #", "#### "), "E": ("#####", "#    ", "#### ", "#    ", "#####"),
    "F": ("#####", "#    ", "#### ", "#    ", "#    "), "H": ("#   #", "#   #", "#####", "#   #", "#   #"),
    "J": ("  ###", "   # ", "   # ", "#  # ", " ##  "), "K": ("#   #", "#  # ", "###  ", "#  # ", "#   #"),
    "M": ("#   #", "## ##", "# # #", "#   #", "#   #"), "N": ("#   #", "##  #", "# # #", "#  ##", "#   #"),
    "P": ("#### ", "#   #", "#### ", "#    ", "#    "), "R": ("#### ", "#   #", "#### ", "#  # ", "#   #"),
    "T": ("#####", "  #  ", "  #  ", "  #  ", "  #  "), "U": ("#   #", "#   #", "#   #", "#   #", " ### "),
    "V": ("#   #", "#   #", "#   #", " # # ", "  #  "), "W": ("#   #", "#   #", "# # #", "## ##", "#   #"),
    "X": ("#   #", " # # ", "  #  ", " # # ", "#   #"), "Y": ("#   #", " # # ", "  #  ", "  #  ", "  #  "),
    "3": ("#### ", "    #", " ### ", "    #", "#### "), "4": ("#   #", "#   #", "#####", "    #", "    #"),
    "7": ("#####", "    #", "   # ", "  #  ", "  #  "), "9": (" ### ", "#   #", " ####", "    #", " ### "),
}


def big_letters(text: str) -> str:
    """``text`` in block letters five lines high, for the board (letters of :data:`CODE_ALPHABET`).

    >>> print(big_letters("AC"))
      ██████      ████████
    ██      ██  ██
    ██████████  ██
    ██      ██  ██
    ██      ██    ████████
    """
    rows = []
    for line in range(5):
        row = "  ".join(_glyph(ch)[line].replace("#", "\u2588\u2588").replace(" ", "  ") for ch in text)
        rows.append(row.rstrip())
    return "\n".join(rows)


def _glyph(ch: str) -> tuple[str, ...]:
    """The block letter for ``ch``; a character without one (a teacher's own code) stands small in the middle."""
    return _GLYPHS.get(ch) or ("     ", "     ", f"  {ch}  ", "     ", "     ")


def network_addresses() -> list[str]:
    """This computer's IPv4 addresses on its networks (not 127.x), for the link pupils type."""
    import psutil

    found = []
    for addresses in psutil.net_if_addrs().values():
        for address in addresses:
            if address.family == socket.AF_INET and not address.address.startswith("127."):
                found.append(address.address)
    return sorted(set(found))


def free_port() -> int:
    """A free TCP port on 127.0.0.1 (bind to port 0 and let the system choose)."""
    from ..lab.servers import free_port as free

    return free()


def voila_command(notebooks: Path) -> list[str]:
    """The kid-mode server's command line: only the notebooks folder (settings come from a private file)."""
    return [sys.executable, "-m", "wizard_edu.kidmode.kidserver", str(notebooks)]


def kid_settings(notebooks: Path, port: int, classroom: bool = False, code: str | None = None,
                 max_apps: int | None = None, preheat: bool = True) -> dict:
    """What the kid-mode server needs to know (written to its 0600 settings file).

    Warm kernels: two for the landing page in a classroom (everyone opens it first), one otherwise,
    and one for each app of the catalogue (:func:`available_apps`). A classroom server compresses what
    it sends (pupils load the pages over the network); on this computer alone that would only cost time.
    """
    pool = {LANDING: 2 if classroom else 1}
    for _app, name in available_apps(notebooks):
        pool[name] = 1
    return {"root_dir": str(notebooks), "port": port, "ip": "0.0.0.0" if classroom else "127.0.0.1",
            "class_code": code, "landing": LANDING, "preheat": preheat, "pool": pool, "compress": classroom,
            "max_apps": max_apps if max_apps is not None else (MAX_APPS_CLASSROOM if classroom else MAX_APPS_LOCAL),
            "cull_idle_seconds": CULL_IDLE_SECONDS, "cull_interval_seconds": CULL_INTERVAL_SECONDS}


def landing_url(port: int, host: str = "127.0.0.1") -> str:
    return f"http://{host}:{port}/voila/render/{LANDING}"


def wait_until_ready(port: int, process: subprocess.Popen | None = None, timeout: float = 60.0) -> float:
    """Poll Voila until it answers, and (for a server we started) listens on ``port`` itself.

    Returns the seconds it took; raises :class:`KidModeError` after ``timeout``.
    """
    from ..lab.servers import listening_ports

    start = time.monotonic()
    while time.monotonic() - start < timeout:
        if process is not None and process.poll() is not None:
            raise KidModeError(f"Voila stopped at once (exit code {process.returncode}): "
                               "run `wizard-edu doctor` to see what is wrong.")
        try:
            # The status page starts no kernel (the landing page would, at every poll).
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/wizard-edu/status", timeout=2) as reply:
                if reply.status == 200 and (process is None or port in listening_ports(process.pid)):
                    return time.monotonic() - start
        except (urllib.error.URLError, ConnectionError, OSError):
            pass
        time.sleep(0.2)
    raise KidModeError(f"Voila did not start within {timeout:.0f} seconds.")


def start_voila(notebooks: str | os.PathLike | None = None, port: int | None = None,
                env: dict[str, str] | None = None, timeout: float = 60.0, *, classroom: bool = False,
                code: str | None = None, max_apps: int | None = None,
                preheat: bool = False) -> tuple[subprocess.Popen, int, float]:
    """Start the kid-mode server over the notebooks folder; returns (process, port, seconds to start).

    The settings (and the class code) go to a 0600 file in a private folder that is deleted as soon
    as the server has read it. The caller stops the server (:func:`stop`).
    """
    import importlib.util

    from ..lab import servers

    if importlib.util.find_spec("voila") is None:
        raise KidModeError("Kid mode needs Voila: run `pip install voila` (or `pip install -e \".[kid]\"`).")
    folder = Path(notebooks) if notebooks is not None else find_notebooks_dir()
    if folder is None or not (Path(folder) / LANDING).is_file():
        raise KidModeError(f"The notebooks folder with {LANDING} was not found: start from the kit's "
                           "folder, or give it with --notebooks.")
    if classroom and not code:
        raise KidModeError("A classroom server needs a class code.")
    host = "0.0.0.0" if classroom else "127.0.0.1"
    port = servers.check_port(port or 0, host)
    folder = Path(folder).resolve()
    settings = kid_settings(folder, port, classroom=classroom, code=code, max_apps=max_apps, preheat=preheat)
    with servers.private_dir("wizard-edu-kids-") as secret:
        path = servers.write_secret(secret, "kid-settings.json", json.dumps(settings))
        process = subprocess.Popen(voila_command(folder), stdin=subprocess.DEVNULL,
                                   env=servers.server_env(env, **{SETTINGS_ENV: str(path)}))
        try:
            seconds = wait_until_ready(port, process, timeout)
        except BaseException:
            stop(process)
            raise
    return process, port, seconds


def kid_status(port: int, code: str | None = None, timeout: float = 5.0) -> dict:
    """The server's own count of open apps and warm kernels (``/wizard-edu/status``)."""
    query = f"?token={code}" if code else ""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/wizard-edu/status{query}", timeout=timeout) as reply:
        return json.loads(reply.read())


def wait_until_warm(port: int, code: str | None = None, timeout: float = 180.0) -> float:
    """Wait until every warm kernel is ready (the apps open at once from then on); the seconds it took."""
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        status = kid_status(port, code)
        if status["warm"] >= status["warm_target"]:
            return time.monotonic() - start
        time.sleep(0.5)
    raise KidModeError(f"The warm kernels were not ready within {timeout:.0f} seconds.")


def stop(process: subprocess.Popen, timeout: float = 10.0) -> None:
    """Stop a server we started: terminate, then kill after a bounded wait."""
    from ..lab.servers import stop as stop_server

    stop_server(process, timeout)


def board_text(code: str, port: int, addresses: list[str]) -> str:
    """What the teacher shows the class: the address to type and the class code in big letters."""
    links = [f"http://{address}:{port}/" for address in addresses] or [f"http://THIS-COMPUTER:{port}/"]
    return ("\n".join(["", "Kid mode for the class. Pupils open:", *(f"    {link}" for link in links), "",
                       "and type the class code:", "", big_letters(code), "", f"    (class code: {code})", ""]))


def serve(notebooks: str | os.PathLike | None = None, port: int | None = None, open_browser: bool = True,
          classroom: bool = False, max_apps: int | None = None, preheat: bool = True,
          allow_root: bool = False, tables: bool = True, tables_db: str | os.PathLike | None = None) -> int:
    """Run kid mode until Ctrl+C (or SIGTERM); Voila is always stopped on the way out.

    Plain kid mode serves this computer only (127.0.0.1). ``classroom=True`` serves the network
    (0.0.0.0, port 8866 unless given) behind a class code that is printed in big letters, and (unless
    ``tables=False``) starts the class tables behind the same code (:mod:`wizard_edu.kidmode.kidtables`).
    """
    from ..lab.servers import check_root

    check_root(allow_root, "play")
    code = None
    if classroom:
        code = normalise_code(os.environ.get(CLASS_CODE_ENV, "")) or class_code()
        if len(code) < 4:
            raise KidModeError(f"{CLASS_CODE_ENV} is too short: a class code needs at least 4 letters or digits.")
        if port is None:
            port = CLASSROOM_PORT
    previous = signal.signal(signal.SIGTERM, _stop_on_sigterm)
    service, env = None, None
    try:
        if code is not None and tables:   # play together: the class tables, behind the same code
            from .kidtables import kernel_env, start_tables

            service = start_tables(code, tables_db, allow_root=allow_root)
            env = {**os.environ, **kernel_env(service, code)}
        process, port, seconds = start_voila(notebooks, port, classroom=classroom, code=code, max_apps=max_apps,
                                             preheat=preheat, env=env)
        url = landing_url(port)
        apps = max_apps if max_apps is not None else (MAX_APPS_CLASSROOM if classroom else MAX_APPS_LOCAL)
        if code is not None:  # set exactly when classroom is
            print(board_text(code, port, network_addresses()), flush=True)
            print(f"On this computer: http://127.0.0.1:{port}/ (same code). Up to {apps} apps open at once.")
        if service is not None:
            print(f"Class tables: pupils open \"Play with your class\". Teacher's board (keep this link to "
                  f"yourself): {service.board_link}", flush=True)
        print(f"Kid mode is ready (started in {seconds:.1f} s). Open {url}\nPress Ctrl+C to stop.", flush=True)
        if open_browser:
            webbrowser.open(url)
        try:
            if preheat:
                warm = wait_until_warm(port, code)
                print(f"Every app is warmed up ({warm:.0f} s more): they open at once now.", flush=True)
            return process.wait()
        except KeyboardInterrupt:
            print("\nStopping kid mode.")
            return 0
        except (KidModeError, OSError):
            return process.wait()   # warming up is a nicety: the apps still work, only slower
        finally:
            stop(process)
    finally:
        if service is not None:
            service.stop()
        signal.signal(signal.SIGTERM, previous)


def _stop_on_sigterm(signum: int, frame: FrameType | None) -> None:
    """Being told to stop (SIGTERM) stops Voila too, instead of leaving it running alone."""
    raise SystemExit(0)
