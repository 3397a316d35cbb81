"""A learner per kid-mode page (issue 31): in a classroom every app kernel runs in the teacher's home,
so the page, not the computer, says whose progress it is.

* The pupil types their name once: on the class-code page, or in the box at the foot of a page that has
  no name yet (``POST wizard-edu/learner``).  The kid server gives the page a *learner pass*: the name
  and the browser's login (its anonymous user id), signed with tornado's signed values under the
  server's cookie secret.  The pass rides in the page's address (``?learner=...``), and the page's
  script adds it to every link to another kid-mode page, so it is kept for that tab.
* A page opened with a pass that this server made for this browser works for that learner: its kernel
  gets the learner's name and a home of its own, ``HOME/.wizard-edu/learners/NAME-HASH``, in its
  environment (:func:`learner_env`; a warm kernel is told the same by one quiet line), so its progress
  file, its table saves and its live events are that learner's.  A pass copied to another computer,
  altered, or from before a restart is not taken (the page asks for the name again).
* A name a pupil on another browser works under right now (a page connected, or given the name in
  the last :data:`CLAIM_SECONDS`) is refused, as the class tables refuse it (names compared folded:
  :func:`wizard_edu.online.names.name_key`).

Plain kid mode (one computer, no class code) keeps one learner as before.
"""

from __future__ import annotations

import hashlib
import json
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from html import escape
from typing import Any
from urllib.parse import urlencode

import tornado.ioloop
import tornado.web
from jupyter_server.base.handlers import JupyterHandler

from ..online.errors import PupilNameError, SeatTakenError
from ..online.names import MAX_NAME, clean_name, fold_name, name_key
from ..teach import progress

#: The query argument that carries a page's learner pass.
ARG = "learner"
#: The name tornado signs a pass under (a pass can never pass for a cookie, nor a cookie for a pass).
SIGNED_AS = "wizard-edu-learner"
#: Days a pass is good for: a lesson, a school day.
PASS_DAYS = 1
#: A name just given keeps its pupil's place this long while their page opens.
CLAIM_SECONDS = 30.0
#: The folder of the learners' homes, inside the kid-mode home's ``.wizard-edu``.
LEARNERS_FOLDER = "learners"


def learner_env(name: str) -> dict[str, str]:
    """What a page's kernel gets for the learner ``name``: the name, and a home of its own under the
    kid-mode home (the same folder for the same name however it is typed: ``Ada``, `` ada``)."""
    folded = fold_name(name)
    slug = re.sub(r"[^a-z0-9]+", "-", folded).strip("-")[:20] or "pupil"
    digest = hashlib.sha256(folded.encode()).hexdigest()[:8]
    home = progress.progress_home() / progress.FOLDER / LEARNERS_FOLDER / f"{slug}-{digest}"
    return {progress.LEARNER_ENV: name, progress.HOME_ENV: str(home)}


#: The quiet line that tells a warm kernel (its notebook has run already) whose page it now is.
TELL_CODE = "import os as _o\n_o.environ.update({env!r})\ndel _o"


@dataclass
class _Claim:
    key: str
    browser: str
    since: float


class LearnerBook:
    """Which learner each page's kernel works for, and the names just given (to refuse a taken name)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.kernels: dict[str, _Claim] = {}
        self.claims: list[_Claim] = []

    def taken(self, name: str, browser: str, km: Any) -> bool:
        """True when a pupil on another browser works under ``name`` right now."""
        key, now = name_key(name), self.clock()
        self.claims = [c for c in self.claims if now - c.since < CLAIM_SECONDS]
        running = set(km.list_kernel_ids())
        gone = km.__dict__.get("_kid_pages_gone", set())
        for kernel_id in list(self.kernels):
            if kernel_id not in running:
                del self.kernels[kernel_id]
        live = [c for k, c in self.kernels.items() if k not in gone] + self.claims
        return any(c.key == key and c.browser != browser for c in live)

    def claim(self, name: object, browser: str, km: Any) -> str:
        """The name, tidied, now this browser's; :class:`~wizard_edu.online.errors.PupilNameError` (no name,
        too long) or :class:`~wizard_edu.online.errors.SeatTakenError` (another browser's pupil has it) if not."""
        try:
            shown = clean_name(name)
        except PupilNameError:   # (the class tables' words end "then press Join")
            raise PupilNameError(f"Type your name (1 to {MAX_NAME} letters).") from None
        if self.taken(shown, browser, km):
            raise SeatTakenError(f"Someone else in the class is called {shown} right now. Add the first "
                                 f"letter of your family name, like {shown} B.")
        self.claims.append(_Claim(name_key(shown), browser, self.clock()))
        return shown

    def bind(self, kernel_id: str, name: str, browser: str) -> None:
        """The kernel ``kernel_id`` works for ``name`` (of ``browser``) from now on."""
        self.kernels[kernel_id] = _Claim(name_key(name), browser, self.clock())


def browser_of(handler: tornado.web.RequestHandler) -> str:
    """The browser a request came from: its login's anonymous user id (one per browser's login cookie)."""
    user = handler.current_user
    return str(getattr(user, "username", "") or "")


def make_pass(handler: tornado.web.RequestHandler, name: str) -> str:
    """A learner pass for ``name`` and the browser of ``handler``'s request."""
    value = json.dumps({"name": name, "browser": browser_of(handler)})
    return handler.create_signed_value(SIGNED_AS, value).decode()


def read_pass(handler: tornado.web.RequestHandler, token: str | None) -> str | None:
    """The learner a pass names, if this server made it for this browser (else None)."""
    if not token:
        return None
    raw = tornado.web.decode_signed_value(handler.application.settings["cookie_secret"], SIGNED_AS, token,
                                          max_age_days=PASS_DAYS)
    if raw is None:
        return None
    try:
        data = json.loads(raw)
        name = clean_name(data["name"])
    except (ValueError, KeyError, TypeError):
        return None
    return name if data.get("browser") == browser_of(handler) and browser_of(handler) else None


def with_pass(url: str, token: str) -> str:
    """``url`` with the learner pass in its query."""
    return url + ("&" if "?" in url else "?") + urlencode({ARG: token})


def safe_next(handler: JupyterHandler, url: str | None) -> str:
    """Where to go after the name: a kid-mode page of this server (else the landing page)."""
    landing = handler.settings["wizard_edu"]["landing"]
    render = handler.base_url + "voila/render/"
    if not url or not url.startswith(render) or "//" in url or "\\" in url or ":" in url:
        return landing
    return url


def name_form(handler: JupyterHandler, next_url: str, error: str = "") -> str:
    """The name box (on the class-code page's answer, and at the foot of a page with no name yet)."""
    oops = f'<p class="oops" role="alert">{escape(error)}</p>' if error else ""
    return (f'<form class="wizard-kid-name" method="post" action="{escape(handler.base_url)}wizard-edu/learner">'
            f"{handler.xsrf_form_html()}{oops}"
            '<label for="learner-name" style="display:block;font-size:1.3em;margin:0.5em">Your name</label>'
            f'<input type="hidden" name="next" value="{escape(next_url)}">'
            '<input id="learner-name" name="name" autocomplete="off" maxlength="20" required '
            'style="font-size:1.6em;padding:0.2em;border:3px solid #333;border-radius:10px;width:10em">'
            '<button type="submit" style="font-size:1.4em;padding:0.2em 0.8em;border:3px solid #333;'
            'border-radius:10px;background:#ffd54f;margin:0.4em">This is me</button></form>')


#: Voila draws the app into a shell it adds to the page's body after this box: without this the box would
#: sit above the game and push the child's cards below a small screen. It moves the box back to the end.
KEEP_AT_FOOT = ("<script>(function(){var box=document.currentScript.previousElementSibling;"
                "function foot(){if(document.body.lastElementChild!==box&&box.parentNode===document.body)"
                "document.body.appendChild(box);}"
                "new MutationObserver(foot).observe(document.body,{childList:true});foot();})();</script>")


def page_foot(handler: JupyterHandler, learner: str | None, token: str | None) -> str:
    """What a classroom page gets at its end: who it works for, and the script that keeps the pass in
    every link to another kid-mode page; or, with no learner yet, the name box."""
    if learner is None or token is None:
        box = ('<div class="wizard-kid-learner" style="font-family:sans-serif;background:#fffbe6;border:3px solid '
               '#333;border-radius:12px;padding:0.6em 1em;margin:1em;text-align:center">'
               '<p style="font-size:1.3em;margin:0.2em">Type your name, so your teacher sees your work.</p>'
               f"{name_form(handler, handler.request.path)}</div>")
        return box + KEEP_AT_FOOT
    render = json.dumps(handler.base_url + "voila/render/")
    return (f'<p class="wizard-kid-learner" style="font-family:sans-serif;font-size:1.1em;margin:1em">'
            f"You are <b>{escape(learner)}</b>.</p>" + KEEP_AT_FOOT +
            "<script>(function(){var pass=new URLSearchParams(location.search).get('learner');if(!pass)return;"
            "document.addEventListener('click',function(e){var a=e.target.closest&&e.target.closest('a[href]');"
            "if(!a)return;var u=new URL(a.getAttribute('href'),location.href);"
            f"if(u.origin!==location.origin||u.pathname.indexOf({render})!==0||u.searchParams.has('learner'))return;"
            "u.searchParams.set('learner',pass);a.href=u.href;},true);})();</script>")


class PageKernels:
    """The kernel manager as one page's request sees it: the kernel the page gets works for its learner.

    Voila starts a kernel for the page (``start_kernel``: the learner goes into its environment) or
    hands it a warm one (``get_rendered_notebook``: the kernel is told by :data:`TELL_CODE`, before
    the page's first click can reach it); everything else is the manager's own.
    """

    def __init__(self, km: Any, book: LearnerBook, name: str, browser: str) -> None:
        self._km, self._book, self._name, self._browser = km, book, name, browser
        self.env = learner_env(name)

    def __getattr__(self, attribute: str) -> Any:
        return getattr(self._km, attribute)

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:
        kwargs["env"] = {**(kwargs.get("env") or {}), **self.env}
        kernel_id = await self._km.start_kernel(*args, **kwargs)
        self._book.bind(kernel_id, self._name, self._browser)
        return kernel_id

    async def get_rendered_notebook(self, *args: Any, **kwargs: Any) -> Any:
        render_task, rendered, kernel_id = await self._km.get_rendered_notebook(*args, **kwargs)
        self._book.bind(kernel_id, self._name, self._browser)
        tornado.ioloop.IOLoop.current().add_callback(self._km._run_quietly, kernel_id,
                                                     TELL_CODE.format(env=self.env))
        return render_task, rendered, kernel_id


__all__ = ["ARG", "LearnerBook", "PageKernels", "learner_env", "make_pass", "read_pass",
           "with_pass", "page_foot", "name_form", "safe_next", "browser_of"]
