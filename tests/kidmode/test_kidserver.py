"""The kid-mode server sends pupils compressed pages in a classroom, and plain ones on this computer alone.

Real servers (`wizard-edu play`, no warm kernels: nothing here needs a kernel) on 127.0.0.1 with isolated
Jupyter folders; the helpers come from test_servers.py.
"""

from __future__ import annotations

import gzip
import urllib.request

from test_servers import ROOT_FLAG, start_cli, stop_cli, wait_for

from wizard_edu.kidmode import kidmode
from wizard_edu.lab import servers

#: The script every Voila page loads first (it names the others).
SCRIPTS = ("voila.js",)


def fetch(url: str) -> tuple[str | None, bytes]:
    """(Content-Encoding, body as sent) of a request that accepts gzip."""
    request = urllib.request.Request(url, headers={"Accept-Encoding": "gzip"})
    with urllib.request.urlopen(request, timeout=60) as reply:
        return reply.headers.get("Content-Encoding"), reply.read()


def test_kid_settings_compress_for_a_classroom_only(tmp_path):
    assert kidmode.kid_settings(tmp_path, 8866, classroom=True, code="ACDEFH")["compress"] is True
    assert kidmode.kid_settings(tmp_path, 8866)["compress"] is False


def test_a_classroom_server_sends_compressed_scripts_and_a_local_one_plain(tmp_path):
    sent = {}
    for mode, args in (("local", []), ("classroom", ["--classroom"])):
        base = tmp_path / mode
        base.mkdir()
        port = servers.free_port("0.0.0.0" if args else "127.0.0.1")
        process, log = start_cli(base, "play", *args, "--no-browser", "--no-preheat", f"--port={port}", *ROOT_FLAG)
        try:
            wait_for(log, "Kid mode is ready", process)
            sent[mode] = {name: fetch(f"http://127.0.0.1:{port}/voila/static/{name}") for name in SCRIPTS}
        finally:
            stop_cli(process)
    for name in SCRIPTS:
        (plain_encoding, plain), (encoding, packed) = sent["local"][name], sent["classroom"][name]
        assert plain_encoding is None and encoding == "gzip", (name, plain_encoding, encoding)
        assert gzip.decompress(packed) == plain
        assert len(packed) < len(plain) / 2, (name, len(packed), len(plain))


def test_a_warm_kernel_is_never_culled_and_gets_time_once_handed_to_a_page(monkeypatch):
    """The preheat/cull race (issue 22): a warm kernel was culled as it was handed to a page."""
    import asyncio
    import datetime

    from wizard_edu.kidmode import kidserver

    km = kidserver.KidKernelManager()
    long_ago = datetime.datetime(2020, 1, 1, tzinfo=datetime.timezone.utc)

    class Kernel:
        execution_state = "idle"
        last_activity = long_ago

    kernel = Kernel()
    km._kernels["k1"] = kernel
    culled: list[str] = []

    async def plain_culler(self, kernel_id):  # what the plain culler would do: cull it (idle for years)
        culled.append(kernel_id)

    monkeypatch.setattr(kidserver.AsyncMappingKernelManager, "cull_kernel_if_idle", plain_culler)
    warm = {"k1"}
    monkeypatch.setattr(kidserver, "warm_kernel_ids", lambda _km: set(warm))
    asyncio.run(km.cull_kernel_if_idle("k1"))
    assert culled == []  # warm: waits for a page, never culled
    warm.clear()  # Voila hands it to a page, which has not connected yet
    asyncio.run(km.cull_kernel_if_idle("k1"))
    assert culled == [] and kernel.last_activity > long_ago  # a whole idle period from now
    asyncio.run(km.cull_kernel_if_idle("k1"))
    assert culled == ["k1"]  # after that, the usual rules (here: the stub culls it)


def test_a_page_stuck_on_loading_says_so_in_kid_words():
    from wizard_edu.kidmode.kidserver import stuck_page_script

    script = stuck_page_script("/voila/render/kids.ipynb", seconds=25)
    assert script.startswith("<script>") and script.endswith("</script>")
    assert "Loading widget" in script and "setInterval(check,25000)" in script
    assert "could not start" in script and "Back to all games" in script
    assert 'href=\\"/voila/render/kids.ipynb\\"' in script


def test_voila_waits_for_an_apps_widget_on_a_busy_server(tmp_path):
    """nbclient's own wait (4 s after a cell ran) dropped the app's widget on a loaded machine: the page
    stayed on "Loading widget..." (seen in CI: "Timeout waiting for IOPub output")."""
    import nbformat
    from nbclient import NotebookClient
    from voila.execute import VoilaExecutor

    from wizard_edu.kidmode.kidserver import IOPUB_SECONDS, voila_config

    conf = kidmode.kid_settings(tmp_path, 8866) | {"root_dir": str(tmp_path)}
    executor = VoilaExecutor(nbformat.v4.new_notebook(), config=voila_config(conf))
    assert executor.iopub_timeout == IOPUB_SECONDS > NotebookClient(nbformat.v4.new_notebook()).iopub_timeout
