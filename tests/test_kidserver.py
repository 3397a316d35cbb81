"""The kid-mode server sends pupils compressed pages in a classroom, and plain ones on this computer alone.

Real servers (`wizard-edu play`, no warm kernels: nothing here needs a kernel) on 127.0.0.1 with isolated
Jupyter folders; the helpers come from test_servers.py.
"""

from __future__ import annotations

import gzip
import urllib.request

from test_servers import ROOT_FLAG, start_cli, stop_cli, wait_for

from wizard_edu import kidmode, servers

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
