"""The kid-mode server: Voila with a class code, a cap on open apps, warm kernels and quick clean-up.

Started by :func:`wizard_edu.kidmode.kidmode.start_voila` as ``python -m wizard_edu.kidmode.kidserver NOTEBOOKS``; every
setting (and the class code) comes from a 0600 JSON file named in ``$WIZARD_EDU_KID_SETTINGS``,
so nothing secret is on the command line.  What it adds to plain Voila:

* **Class code** (``--classroom``): Voila's token, typed once on a kid-sized page (upper or lower
  case, spaces and dashes ignored). Wrong codes slow down their own address, on the page and in a
  ``?token=`` of any address alike (:class:`wizard_edu.online.auth.Throttle`, shared with the class
  tables); the right code always gets in.
* **A cap on open apps**: past ``max_apps`` kernels for open pages a child gets a friendly
  "wait a moment" page (HTTP 503) instead of a new kernel; the kernel manager refuses any kernel
  past the cap plus the warm spares, even when many pages open at the same instant.
* **Warm kernels** (Voila's ``preheat_kernel``): the landing page and each app keep a kernel that
  has already run the notebook, so a page opens at once; the other notebooks get none.  Pages load
  only the widget extensions (:data:`KID_EXTENSIONS`), not every JupyterLab extension installed.
* **Clean-up**: a page that closes shuts its kernel (Voila's ``beforeunload`` beacon); a kernel
  whose page went away without saying so (a crashed tab, a laptop closed) is culled once it has been
  idle with no page connected for ``cull_idle_seconds``.  Before that, after
  :data:`PAGE_GONE_SECONDS` without its page, the kernel is told the page is gone, so a class table
  there shows its pupil away at once (and here again when the page reconnects).
* **Compressed pages** for a class (``--classroom``): pupils load Voila's scripts over the school network.
* **A learner per page** (``--classroom``): the pupil's name, typed with the class code or at the foot
  of a page, makes that page's kernel work for that pupil (:mod:`wizard_edu.kidmode.learners`).
* ``/`` leads to the landing page; ``/wizard-edu/status`` tells (logged-in) tests and benchmarks how
  many apps are open and how many kernels are warm.
"""

from __future__ import annotations

import hmac
import inspect
import json
import logging
import os
import sys
from html import escape
from typing import Any

import tornado.ioloop
import tornado.web
from jupyter_client.multikernelmanager import MultiKernelManager
from jupyter_server._tz import utcnow
from jupyter_server.auth.decorator import allow_unauthenticated
from jupyter_server.auth.identity import PasswordIdentityProvider
from jupyter_server.base.handlers import JupyterHandler
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Integer
from traitlets.config import Config
from voila.app import Voila
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.treehandler import TornadoVoilaTreeHandler
from voila.voila_identity_provider import VoilaLoginHandler

from ..errors import KernelLimitReached
from ..online.auth import Throttle
from ..online.classcode import normalise_code
from ..online.errors import PupilNameError, SeatTakenError, TooManyTriesError
from . import learners
from .kidmode import SETTINGS_ENV

#: Wrong class codes from each address, typed on the login page or given as ``?token=`` (one for the server).
THROTTLE = Throttle()

PAGE_STYLE = ("body{font-family:sans-serif;background:#fffbe6;color:#111;display:flex;justify-content:center;"
              "margin:0;padding:2em}main{max-width:34em;text-align:center}h1{font-size:2.2em}"
              "p{font-size:1.4em}input{font-size:2em;letter-spacing:0.2em;text-transform:uppercase;width:8em;"
              "text-align:center;padding:0.2em;border:3px solid #333;border-radius:10px}"
              "button,a.big{font-size:1.6em;padding:0.3em 1em;border:3px solid #333;border-radius:10px;"
              "background:#ffd54f;color:#111;text-decoration:none;cursor:pointer;display:inline-block;"
              "margin:0.4em}.oops{color:#b00020;font-weight:bold}")


#: The only JupyterLab extensions a kid-mode page loads: the widget manager (Voila's own for ipywidgets 8,
#: and the one it builds on), and anywidget (the table's number keys, ``wizard_edu.widgets.keys``).
KID_EXTENSIONS = ("@jupyter-widgets/jupyterlab-manager", "@voila-dashboards/widgets-manager8", "anywidget")


def kid_page(title: str, body: str) -> str:
    """A whole kid-sized HTML page (no scripts)."""
    return (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{escape(title)}</title>'
            f'<meta name="viewport" content="width=device-width, initial-scale=1"><style>{PAGE_STYLE}</style>'
            f"</head><body><main>{body}</main></body></html>")


#: A page whose connection to its kernel closed and did not come back within this many seconds is
#: gone (a closed tab, a crashed one, a tablet put away): its class table shows the pupil away then,
#: not when the culler stops the kernel a minute or more later (issue 27).
PAGE_GONE_SECONDS = 2.0
#: What the kernel is told then (or when the page is back): only a kernel that opened a class table
#: has the module loaded; any other kernel does nothing.
PAGE_GONE_CODE = ("import sys as _s\n_m = _s.modules.get('wizard_edu.widgets.class_table')\n"
                  "_m is not None and _m.page_gone({gone})\ndel _s, _m")


class KidKernelManager(AsyncMappingKernelManager):
    """A kernel manager that never runs more than ``kernel_limit`` kernels (0: no limit).

    The check and the registration of the new kernel happen without a pause in between, so a burst
    of pages cannot slip past it.
    """

    kernel_limit = Integer(0, config=True, help="Most kernels at once, warm ones included (0: no limit).")

    # jupyter_client types MultiKernelManager.start_kernel as synchronous (-> str) although its async
    # managers, AsyncMappingKernelManager included, replace it with a coroutine: the override is right.
    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
        if self.kernel_limit > 0:
            running = set(self._kernels) | set(getattr(self, "_pending_kernels", {}))
            if len(running) >= self.kernel_limit:
                raise KernelLimitReached(f"{len(running)} kernels are running (the limit is {self.kernel_limit}).")
        return await super().start_kernel(*args, **kwargs)

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        """The culler, without the race with the warm pools (issue 22).

        A warm kernel waits idle, with no page connected, for as long as it takes a child to open
        the app: it is never culled.  The moment Voila hands it to a page it still looks idle for
        minutes with no connection (the page has not opened its websocket yet), and the plain
        culler stopped it right there: the page hung on "Loading widget..." for good.  So a kernel
        seen warm at an earlier pass and gone from the pool since gets a whole idle period from now
        to be connected to."""
        was_warm = self.__dict__.setdefault("_kid_was_warm", set())
        if kernel_id in warm_kernel_ids(self):
            was_warm.add(kernel_id)
            return
        if kernel_id in was_warm:
            was_warm.discard(kernel_id)
            kernel = self._kernels.get(kernel_id)
            if kernel is not None and hasattr(kernel, "last_activity"):
                kernel.last_activity = utcnow()
            return
        await super().cull_kernel_if_idle(kernel_id)

    def notify_disconnect(self, kernel_id: str) -> None:
        super().notify_disconnect(kernel_id)
        if self._kernel_connections.get(kernel_id) == 0:
            tornado.ioloop.IOLoop.current().call_later(PAGE_GONE_SECONDS, self._tell_page, kernel_id, True)

    def notify_connect(self, kernel_id: str) -> None:
        super().notify_connect(kernel_id)
        if kernel_id in self.__dict__.setdefault("_kid_pages_gone", set()):
            self._tell_page(kernel_id, False)

    def _tell_page(self, kernel_id: str, gone: bool) -> None:
        """Tell the kernel its page is gone (still no connection) or back (a page reconnected)."""
        told: set[str] = self.__dict__.setdefault("_kid_pages_gone", set())
        if kernel_id not in self._kernels or (gone and self._kernel_connections.get(kernel_id, 0) > 0):
            return
        (told.add if gone else told.discard)(kernel_id)
        tornado.ioloop.IOLoop.current().add_callback(self._run_quietly, kernel_id, PAGE_GONE_CODE.format(gone=gone))

    async def _run_quietly(self, kernel_id: str, code: str) -> None:
        """Run a line in a kernel without a trace on its page (silent: no output, no history)."""
        kernel = self._kernels.get(kernel_id)
        if kernel is None:
            return
        client = kernel.client()
        client.start_channels()
        try:
            client.execute(code, silent=True, store_history=False)
            await client.get_shell_msg(timeout=10)   # its reply: the line has run
        except Exception:  # a kernel shutting down meanwhile: nothing to tell
            self.log.debug("Could not tell kernel %s about its page", kernel_id)
        finally:
            client.stop_channels()


def warm_kernel_ids(km: MultiKernelManager) -> set[str]:
    """The kernels waiting in Voila's warm pools (ready, not yet given to a page)."""
    warm = set()
    for pool in getattr(km, "_pools", {}).values():
        for task in pool:
            if task.done() and not task.cancelled() and task.exception() is None:
                warm.add(task.result()["kernel_id"])
    return warm


def apps_open(km: MultiKernelManager) -> int:
    """Kernels that belong to pages (every running kernel but the warm spares)."""
    return len(set(km.list_kernel_ids()) - warm_kernel_ids(km))


class KidLoginHandler(VoilaLoginHandler):
    """The class-code page: one big box, kid words, and a wait after too many wrong codes."""

    def _render(self, message=None):
        oops = ""
        if message and message.get("error"):
            oops = f'<p class="oops" role="alert">{escape(message["error"])}</p>'
        nxt = escape(self.get_argument("next", default=self.base_url))
        self.write(kid_page("Class code", (
            "<h1>Wizard games</h1><p>Type the class code from the board, then press <b>Go</b>.</p>"
            f'{oops}<form method="post" action="{escape(self.base_url)}login?next={nxt}">'
            f"{self.xsrf_form_html()}"
            '<label for="code" style="display:block;font-size:1.3em;margin:0.5em">Class code</label>'
            '<input id="code" name="password" autocomplete="off" autocapitalize="characters" autofocus '
            'maxlength="20" required>'
            '<label for="learner-name" style="display:block;font-size:1.3em;margin:0.5em">Your name '
            '<span style="font-size:0.8em">(so your teacher sees your work)</span></label>'
            '<input id="learner-name" name="name" autocomplete="off" maxlength="20" '
            'style="text-transform:none;letter-spacing:0;width:10em">'
            '<br><button type="submit">Go</button></form>')))

    @allow_unauthenticated
    async def post(self):
        try:
            right = await THROTTLE.check(self.request.remote_ip or "?", self.get_argument("password", default=""),
                                         self.identity_provider.token or "")
        except TooManyTriesError as exc:
            self.set_status(429)
            self._render(message={"error": str(exc)})
            return
        user = self.identity_provider.process_login_form(self) if right else None
        if user is None:
            self.set_status(401)
            self._render(message={"error": "That is not the class code. Look at the board and try again."})
            return
        self.current_user = user
        self.identity_provider.set_login_cookie(self, user)
        typed = self.get_argument("name", default="").strip()
        if not typed:   # (no name: the page asks for it at its foot)
            self._redirect_safe(self.get_argument("next", default=self.base_url))
            return
        where = learners.safe_next(self, self.get_argument("next", default=None))
        try:
            name = self.settings["wizard_edu"]["learners"].claim(typed, learners.browser_of(self), self.kernel_manager)
        except (PupilNameError, SeatTakenError) as exc:   # the code was right: only the name to type again
            self.set_status(409 if isinstance(exc, SeatTakenError) else 400)
            self.finish(name_page(self, where, str(exc)))
            return
        self.redirect(learners.with_pass(where, learners.make_pass(self, name)))


def name_page(handler: JupyterHandler, next_url: str, error: str = "") -> str:
    """The kid-sized page that asks a pupil's name (once the class code was right)."""
    return kid_page("Your name", "<h1>Wizard games</h1><p>Type your name, then press <b>This is me</b>.</p>"
                    + learners.name_form(handler, next_url, error))


class LearnerHandler(JupyterHandler):
    """``POST wizard-edu/learner`` (``name``, ``next``): the page ``next`` again, with a learner pass for
    the name (:mod:`wizard_edu.kidmode.learners`); a name another pupil has right now is refused."""

    @tornado.web.authenticated
    def post(self) -> None:
        where = learners.safe_next(self, self.get_argument("next", None))
        try:
            name = self.settings["wizard_edu"]["learners"].claim(self.get_argument("name", ""),
                                                                 learners.browser_of(self), self.kernel_manager)
        except (PupilNameError, SeatTakenError) as exc:
            self.set_status(409 if isinstance(exc, SeatTakenError) else 400)
            self.finish(name_page(self, where, str(exc)))
            return
        self.redirect(learners.with_pass(where, learners.make_pass(self, name)))


class KidIdentityProvider(PasswordIdentityProvider):
    """Voila's token login, with the class code typed the way children type it."""

    def get_handlers(self):
        # Voila passes its own login page class; children get ours.
        return [(r"/login", KidLoginHandler)] if self.login_available else []

    async def get_user_token(self, handler):
        """A ``?token=`` (or token header) on any address: checked through the same throttle as the page."""
        typed = self.get_token(handler)
        if not self.token or not typed:
            return None
        try:
            right = await THROTTLE.check(handler.request.remote_ip or "?", typed, self.token)
        except TooManyTriesError as exc:
            raise tornado.web.HTTPError(429, str(exc)) from None
        if not right:
            return None
        user = self.get_user_cookie(handler)
        if inspect.isawaitable(user):
            user = await user
        return user or self.generate_anonymous_user(handler)

    def process_login_form(self, handler):
        typed = normalise_code(handler.get_argument("password", default=""))
        if self.token and typed and hmac.compare_digest(typed.encode(), normalise_code(self.token).encode()):
            return self.generate_anonymous_user(handler)
        return None


#: Seconds a page may show "Loading widget..." before it tells the child, in kid words, that the game
#: could not start, with the way back (a kernel that never came, or was stopped under the page).
STUCK_SECONDS = 25


def stuck_page_script(back: str, seconds: int = STUCK_SECONDS) -> str:
    """A small script for the end of an app page: if the game's widget has not appeared after
    ``seconds`` (the page still says "Loading widget..."), say so in kid words, with a link back
    to the start page and one to try again."""
    message = ("<h1>This game could not start</h1><p>The computer could not get the game ready. "
               "Go back to all the games and open it again, or try once more.</p>"
               f'<p><a class="big" href="{escape(back)}">\u2b05 Back to all games</a> '
               '<a class="big" href="">Try again</a></p>')
    return ("<script>(function(){function check(){var t=document.body?document.body.innerText:'';"
            "if(t.indexOf('Loading widget')<0||document.querySelector('.wizard-kid-stuck'))return;"
            "var box=document.createElement('div');box.className='wizard-kid-stuck';"
            "box.setAttribute('role','alert');box.style.cssText='font-family:sans-serif;font-size:1.3em;"
            "background:#fffbe6;border:3px solid #333;border-radius:12px;padding:1em;margin:1em';"
            f"box.innerHTML={json.dumps(message)};document.body.insertBefore(box,document.body.firstChild);}}"
            f"setInterval(check,{seconds * 1000});}})();</script>")


class KidRenderHandler(TornadoVoilaHandler):
    """Voila's page handler with the cap: past it, a "wait a moment" page instead of a kernel.

    In a classroom, a page opened with a learner pass of this browser works for that learner (its
    kernel through :class:`wizard_edu.kidmode.learners.PageKernels`); a page without one asks the name.
    """

    _page_kernels: learners.PageKernels | None = None

    @property
    def kernel_manager(self) -> Any:   # the page's view of the manager when it has a learner
        return self._page_kernels or self.settings["kernel_manager"]

    def _learner(self) -> tuple[str | None, str | None]:
        """(the page's learner, its pass), or (None, None) outside a classroom or without a good pass."""
        if not self.settings["wizard_edu"]["classroom"]:
            return None, None
        token = self.get_argument(learners.ARG, None)
        name = learners.read_pass(self, token)
        book: learners.LearnerBook = self.settings["wizard_edu"]["learners"]
        if name is None or book.taken(name, learners.browser_of(self), self.settings["kernel_manager"]):
            return None, None
        self._page_kernels = learners.PageKernels(self.settings["kernel_manager"], book, name,
                                                  learners.browser_of(self))
        return name, token

    def _full(self, back: str | None = None) -> None:
        limit = self.settings["wizard_edu"]["max_apps"]
        self.set_status(503)
        self.set_header("Retry-After", "30")
        self.write(kid_page("Wait a moment", (
            "<h1>All the game tables are busy</h1>"
            "<p>Many games are open right now. Wait a moment, then press <b>Try again</b>.</p>"
            '<p><a class="big" href="">Try again</a></p>'
            f'<p><a class="big" href="{escape(back or self.base_url)}">Back to the start</a></p>'
            f'<p style="font-size:0.9em;color:#555">For the teacher: kid mode lets {limit} apps be open at '
            "once; closing unused tabs frees them, or start it again with a bigger --max-apps.</p>")))

    @tornado.web.authenticated
    async def get(self, path=None):
        limit = self.settings["wizard_edu"]["max_apps"]
        learner, token = self._learner()
        landing = self.settings["wizard_edu"]["landing"]
        back = learners.with_pass(landing, token) if token else None
        if limit and apps_open(self.kernel_manager) >= limit:
            self._full(back)
            return
        # Voila's page stops its kernel when it closes (a POST from `beforeunload`) with the `_xsrf`
        # cookie; Voila never sets that cookie, so without this line every kernel waits for the culler.
        self.xsrf_token  # noqa: B018 - reading it sets the cookie
        try:
            async for html in self.get_generator(path=path):
                self.write(html)
                self.flush()
            self.write(stuck_page_script(back or landing))
            if self.settings["wizard_edu"]["classroom"]:
                self.write(learners.page_foot(self, learner, token))
        except KernelLimitReached:
            if path and hasattr(self.kernel_manager, "fill_if_needed"):
                self.kernel_manager.fill_if_needed(notebook_name=path)   # a failed warm start: try again later
            if not self._headers_written:
                self._full(back)


class LandingRedirect(tornado.web.RequestHandler):  # plain tornado: a redirect needs no login
    """``/`` (what a pupil types after the address) opens the landing page."""

    def get(self):
        self.redirect(self.settings["wizard_edu"]["landing"])


class StatusHandler(JupyterHandler):
    """How many apps are open and how many warm kernels wait (for tests and benchmarks)."""

    @tornado.web.authenticated
    def get(self):
        km = self.kernel_manager
        conf = self.settings["wizard_edu"]
        self.set_header("Content-Type", "application/json")
        self.write(json.dumps({"apps_open": apps_open(km), "kernels": len(km.list_kernel_ids()),
                               "warm": len(warm_kernel_ids(km)), "warm_target": conf["warm_target"],
                               "max_apps": conf["max_apps"]}))


#: What a kid-mode page may load: only this server's own scripts, styles, pictures and sockets
#: (inline scripts and styles are Voila's own), and it may not be framed by another site.
CONTENT_SECURITY_POLICY = ("default-src 'self'; script-src 'self' 'unsafe-inline' 'unsafe-eval' blob:; "
                           "style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; "
                           "connect-src 'self'; worker-src 'self' blob:; object-src 'none'; base-uri 'self'; "
                           "form-action 'self'; frame-ancestors 'self'")


class QuietTrustFilter(logging.Filter):
    """Drops "Notebook ... is not trusted": Voila runs each app afresh, so a notebook's stored outputs
    (what trust is about) are never shown, and the warning came once per app at every start."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not (isinstance(record.msg, str) and record.msg.endswith(" is not trusted"))


class KidVoila(Voila):
    """Voila with the kit's kid-mode settings (see the module docstring)."""

    kid_settings: dict = {}

    def initialize(self, argv=None):
        super().initialize(argv)
        # The terminal is the teacher's: only the kit's own lines (the address, the class code, the
        # board link) and real warnings. Voila's information lines go (its "Voila is running at" shows
        # an address pupils do not use), and so does the trust warning of the shipped notebooks.
        self.log.addFilter(QuietTrustFilter())

    def init_settings(self):
        settings = super().init_settings()
        conf = self.kid_settings
        settings["wizard_edu"] = {"max_apps": int(conf.get("max_apps") or 0),
                                  "classroom": bool(conf.get("class_code")), "learners": learners.LearnerBook(),
                                  "warm_target": sum(conf.get("pool", {}).values()) if conf.get("preheat") else 0,
                                  "landing": f"{self.base_url}voila/render/{conf.get('landing', 'kids.ipynb')}"}
        # Pupils' pages come over the school network: gzip makes a first visit's ~5 MB of scripts about
        # a third of that. On one computer it only costs time (the server compresses what it sends).
        settings["compress_response"] = bool(conf.get("compress"))
        # Every page may load only what this server sends: Voila's template links Font Awesome from a
        # public CDN, which would tell an outside server each time a pupil opens an app (and fails on a
        # school network without internet). The kit's widgets use no icon font.
        settings.setdefault("headers", {})["Content-Security-Policy"] = CONTENT_SECURITY_POLICY
        return settings

    def init_handlers(self):
        handlers: list[tuple[Any, ...]] = []  # tornado's (pattern, handler[, kwargs]) rules
        for pattern, handler, *rest in super().init_handlers():
            if handler is TornadoVoilaHandler:
                handler = KidRenderHandler
            if pattern == self.server_url and handler is TornadoVoilaTreeHandler:
                handlers.append((pattern, LandingRedirect))
                continue
            handlers.append((pattern, handler, *rest))
        handlers.append((f"{self.server_url}wizard-edu/status", StatusHandler))
        handlers.append((f"{self.server_url}wizard-edu/learner", LearnerHandler))
        return handlers


#: How long Voila waits for a cell's output (its widget) once the cell has run.
IOPUB_SECONDS = 30


def voila_config(conf: dict) -> Config:
    """The traitlets configuration of the kid-mode Voila, from the settings file."""
    c = Config()
    c.Voila.ip = conf.get("ip", "127.0.0.1")
    c.Voila.port = int(conf["port"])
    c.Voila.port_retries = 0            # the port we were given, or an honest failure
    c.Voila.open_browser = False
    c.Voila.root_dir = conf["root_dir"]
    c.Voila.identity_provider_class = KidIdentityProvider
    c.Voila.log_level = logging.WARNING   # warnings and errors only (see KidVoila.initialize)
    if conf.get("class_code"):
        c.Voila.token = normalise_code(conf["class_code"])
    # Voila runs each app's cells with nbclient, which waits only 4 s after a cell for its output: on
    # a busy school server (or CI) the app's widget came later, was dropped ("Timeout waiting for
    # IOPub output") and the page said "Loading widget..." for good. A slow page beats an empty one.
    c.VoilaExecutor.iopub_timeout = IOPUB_SECONDS
    vc = c.VoilaConfiguration
    vc.show_tracebacks = False
    vc.strip_sources = True
    vc.theme = "light"
    vc.multi_kernel_manager_class = KidKernelManager
    # The apps need the widgets and nothing else: every other JupyterLab extension in the environment
    # (jupytext, pygments, ...) would only be fetched and started by every page, or fail there.
    vc.extension_allowlist = list(KID_EXTENSIONS)
    pool = conf.get("pool", {}) if conf.get("preheat") else {}
    max_apps = int(conf.get("max_apps") or 0)
    c.KidKernelManager.kernel_limit = max_apps + sum(pool.values()) if max_apps else 0
    if pool:
        vc.preheat_kernel = True
        vc.default_pool_size = 0        # only the landing page and the apps get warm kernels
        c.VoilaKernelManager.kernel_pools_config = {"default": {"pool_size": 0},
                                                   **{name: {"pool_size": size} for name, size in pool.items()}}
    c.MappingKernelManager.cull_idle_timeout = int(conf.get("cull_idle_seconds", 60))
    c.MappingKernelManager.cull_interval = int(conf.get("cull_interval_seconds", 20))
    c.MappingKernelManager.cull_connected = False   # a page that is still open keeps its kernel
    # Kernels talk to the server through sockets in Voila's private (0700) folder, not TCP ports.
    c.KernelManager.transport = "ipc"
    return c


def main(argv: list[str] | None = None) -> None:
    """Read the settings file (then forget where it is), and run Voila until stopped."""
    path = os.environ.pop(SETTINGS_ENV, None)   # kernels started later do not inherit it
    if not path:
        sys.exit(f"{SETTINGS_ENV} is not set: start kid mode with `wizard-edu play`.")
    with open(path, encoding="utf-8") as f:
        conf = json.load(f)
    KidVoila.kid_settings = conf
    KidVoila.launch_instance(argv=[conf["root_dir"]], config=voila_config(conf))


if __name__ == "__main__":
    main()
