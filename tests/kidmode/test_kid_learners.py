"""A learner per kid-mode page (issue 31): the learner pass, the names in use, each learner's own home."""

from __future__ import annotations

import asyncio
import base64
import http.cookiejar
import json
import re
import urllib.error
import urllib.parse
import urllib.request
from types import SimpleNamespace
from unittest import mock

import pytest
import tornado.httputil
import tornado.web

from wizard_edu.kidmode import kidmode, learners
from wizard_edu.lab import servers
from wizard_edu.online.errors import PupilNameError, SeatTakenError
from wizard_edu.teach import progress


def handler(browser: str, secret: str = "the server's secret") -> tornado.web.RequestHandler:
    """A request of the browser whose login is ``browser`` (its anonymous user id)."""
    app = tornado.web.Application(cookie_secret=secret)
    request = tornado.httputil.HTTPServerRequest(
        connection=mock.Mock(), headers=tornado.httputil.HTTPHeaders({"Host": "127.0.0.1"}),
        start_line=tornado.httputil.RequestStartLine("GET", "/", "HTTP/1.1"))
    h = tornado.web.RequestHandler(app, request)
    h.current_user = SimpleNamespace(username=browser)
    return h


class Kernels:
    """What the learner book asks a kernel manager: the kernels running and the pages gone."""

    def __init__(self, *running: str) -> None:
        self.running = list(running)
        self._kid_pages_gone: set[str] = set()
        self.told: list[tuple[str, str]] = []
        self.started_with: dict = {}

    def list_kernel_ids(self):
        return list(self.running)

    async def start_kernel(self, **kwargs):
        self.started_with = kwargs
        self.running.append("cold")
        return "cold"

    async def get_rendered_notebook(self, notebook_name, **kwargs):
        self.running.append("warm")
        return "task", ["<p>rendered</p>"], "warm"

    async def _run_quietly(self, kernel_id, code):
        self.told.append((kernel_id, code))


# -- the pass ----------------------------------------------------------------------------------------
def test_a_learner_pass_names_its_pupil_for_its_own_browser_only():
    token = learners.make_pass(handler("browser-a"), "Ada")
    assert learners.read_pass(handler("browser-a"), token) == "Ada"
    assert learners.read_pass(handler("browser-b"), token) is None            # copied to another computer
    assert learners.read_pass(handler("browser-a", secret="after a restart"), token) is None
    ada = base64.b64encode(json.dumps({"name": "Ada", "browser": "browser-a"}).encode()).decode()
    bob = base64.b64encode(json.dumps({"name": "Bob", "browser": "browser-a"}).encode()).decode()
    assert ada in token
    assert learners.read_pass(handler("browser-a"), token.replace(ada, bob)) is None   # another name in it
    forged = token[:-4] + ("0000" if not token.endswith("0000") else "1111")
    assert learners.read_pass(handler("browser-a"), forged) is None
    assert learners.read_pass(handler("browser-a"), None) is None
    assert learners.read_pass(handler("browser-a"), "Bob") is None
    assert learners.with_pass("/voila/render/kids.ipynb", token).startswith("/voila/render/kids.ipynb?learner=")


# -- names in use ------------------------------------------------------------------------------------
def test_a_name_another_browser_uses_now_is_refused_and_free_again_when_its_page_is_gone():
    clock = [0.0]
    book = learners.LearnerBook(clock=lambda: clock[0])
    km = Kernels("k1")
    assert book.claim("  Ada ", "browser-a", km) == "Ada"
    with pytest.raises(SeatTakenError, match="Someone else in the class is called ADA"):
        book.claim("ADA", "browser-b", km)                   # just given: her page is opening
    assert book.claim("ada", "browser-a", km) == "ada"       # the same browser: her own second tab
    book.bind("k1", "Ada", "browser-a")
    clock[0] = learners.CLAIM_SECONDS + 1
    with pytest.raises(SeatTakenError):
        book.claim("\N{CYRILLIC CAPITAL LETTER A}da", "browser-b", km)   # a look-alike is the same name
    km._kid_pages_gone.add("k1")                              # her page went away
    assert book.claim("Ada", "browser-b", km) == "Ada"
    clock[0] *= 3
    km._kid_pages_gone.clear()
    km.running.remove("k1")                                   # her kernel stopped
    assert not book.taken("Ada", "browser-c", km) and "k1" not in book.kernels
    with pytest.raises(PupilNameError, match="Type your name"):
        book.claim("   ", "browser-a", km)


# -- each learner's own home -------------------------------------------------------------------------
def test_each_learner_gets_a_home_of_their_own_under_the_kid_mode_home(tmp_path, monkeypatch):
    monkeypatch.setenv(progress.HOME_ENV, str(tmp_path))
    ada, bob = learners.learner_env("Ada Lee"), learners.learner_env("Bob")
    assert ada[progress.LEARNER_ENV] == "Ada Lee"
    assert ada[progress.HOME_ENV] != bob[progress.HOME_ENV]
    assert learners.learner_env(" ada  LEE")[progress.HOME_ENV] == ada[progress.HOME_ENV]
    assert ada[progress.HOME_ENV].startswith(str(tmp_path / ".wizard-edu" / "learners" / "adalee-"))
    for env, right in ((ada, True), (bob, False)):   # what a page's kernel records goes to its learner
        with monkeypatch.context() as m:
            for key, value in env.items():
                m.setenv(key, value)
            assert progress.current_learner() == env[progress.LEARNER_ENV]
            progress.record(None, "06-x", "q1", right)
    report = progress.class_report([ada[progress.HOME_ENV], bob[progress.HOME_ENV]])
    assert report["right first time"].to_dict() == {("Ada Lee", "06-x"): 1, ("Bob", "06-x"): 0}
    assert not (tmp_path / ".wizard-edu" / "progress.json").exists()    # nothing in the shared file


def test_the_kernel_a_page_gets_works_for_its_learner(tmp_path, monkeypatch):
    monkeypatch.setenv(progress.HOME_ENV, str(tmp_path))
    km, book = Kernels(), learners.LearnerBook()
    page = learners.PageKernels(km, book, "Ada", "browser-a")
    assert page.list_kernel_ids() == []                      # everything else is the manager's own

    async def both():
        cold = await page.start_kernel(kernel_name="python3", env={"PATH": "/bin"})
        warm = await page.get_rendered_notebook(notebook_name="apps/deal.ipynb")
        await asyncio.sleep(0.05)                            # (the warm kernel is told in a moment)
        return cold, warm

    cold, (_task, rendered, warm) = asyncio.run(both())
    env = km.started_with["env"]
    assert env["PATH"] == "/bin" and env[progress.LEARNER_ENV] == "Ada"
    assert env[progress.HOME_ENV] == learners.learner_env("Ada")[progress.HOME_ENV]
    assert rendered == ["<p>rendered</p>"]
    (told_kernel, code), = km.told
    assert told_kernel == warm
    scope: dict = {}
    with mock.patch.dict("os.environ", {}, clear=False):
        import os

        exec(code, scope)   # noqa: S102 - the line the kernel runs
        assert os.environ[progress.LEARNER_ENV] == "Ada" and os.environ[progress.HOME_ENV] == env[progress.HOME_ENV]
    assert {k: c.key for k, c in book.kernels.items()} == {"cold": "name:ada", "warm": "name:ada"}
    assert book.taken("ada", "browser-b", km) and not book.taken("ada", "browser-a", km)


# -- the kid server's pages (a real server; no page is opened, so no kernel starts) --------------------
class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None   # the redirect comes back as an answer (its Location is what is checked)


def browser_opener():
    jar = http.cookiejar.CookieJar()
    return urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar), _NoRedirect)


def test_the_class_code_page_takes_a_name_and_a_taken_or_bad_name_is_refused(tmp_path):
    from test_servers import ROOT_FLAG, get, start_cli, stop_cli, wait_for

    port = servers.free_port("0.0.0.0")
    process, log = start_cli(tmp_path, "play", "--classroom", "--no-browser", "--no-preheat", f"--port={port}",
                             f"--tables-db={tmp_path / 'tables.sqlite'}", *ROOT_FLAG)
    try:
        code = wait_for(log, r"\(class code: ([A-Z0-9]+)\)", process).group(1)
        wait_for(log, "Kid mode is ready", process)
        base = f"http://127.0.0.1:{port}"
        landing = "/voila/render/kids.ipynb"

        def form(opener) -> str:
            _, _, page = get(f"{base}/login", opener)
            assert 'id="learner-name"' in page and "Your name" in page
            return re.search(r'name="_xsrf" value="([^"]+)"', page).group(1)

        ada = browser_opener()
        xsrf = form(ada)
        status, _, body = get(f"{base}/login?next=%2Fvoila%2Frender%2Fkids.ipynb", ada,
                              {"_xsrf": xsrf, "password": code, "name": "A" * 21})
        assert status == 400 and "Type your name (1 to 20 letters)." in body and 'id="learner-name"' in body
        location = dict(name_reply_headers(base, ada, xsrf, "Ada", landing))["Location"]
        assert location.startswith(landing + "?learner=")
        # Somewhere else only this server's pages: any other address goes to the landing page.
        evil = dict(name_reply_headers(base, ada, xsrf, "Ada", "http://evil.example/"))["Location"]
        assert evil.startswith(landing + "?learner=")

        bob = browser_opener()           # another browser: Ada's name was given a moment ago
        xsrf_bob = form(bob)
        status, _, body = get(f"{base}/login", bob, {"_xsrf": xsrf_bob, "password": code, "name": "ADA"})
        assert status == 409 and "Someone else in the class is called ADA right now" in body
        status, _, _ = get(f"{base}/wizard-edu/learner", bob, {"_xsrf": xsrf_bob, "name": "Bob", "next": landing})
        assert status == 302
        assert get(f"{base}/wizard-edu/learner", bob, {"name": "Cy", "next": landing})[0] == 403   # no XSRF field
        assert kidmode.kid_status(port, code)["kernels"] == 0
    finally:
        stop_cli(process)


def name_reply_headers(base: str, opener, xsrf: str, name: str, next_url: str):
    """The headers of the answer to a name given at ``wizard-edu/learner``."""
    body = urllib.parse.urlencode({"_xsrf": xsrf, "name": name, "next": next_url}).encode()
    try:
        opener.open(f"{base}/wizard-edu/learner", data=body, timeout=60)
    except urllib.error.HTTPError as err:
        return list(err.headers.items())
    raise AssertionError("no redirect")
