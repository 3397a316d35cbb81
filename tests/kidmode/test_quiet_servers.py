"""The servers print only what the teacher needs (issue 27, item 8): `wizard-edu play --classroom` shows
the kit's own lines (the address, the class code, the board link) and none of Voila's ("Voila is running
at" an address pupils do not use, one "Notebook ... is not trusted" per app); `wizard-edu lab`'s kernels
run over Unix sockets, so no "Kernel is running over TCP" warning comes at every kernel start.

Real servers, started as tests/kidmode/test_servers.py starts them (isolated HOME and Jupyter folders).
"""

from __future__ import annotations

import json
import re
import time
import urllib.request
import uuid
from pathlib import Path

import websocket
from test_servers import ROOT_FLAG, get, start_cli, stop_cli, wait_for

from wizard_edu import cli
from wizard_edu.lab import servers


def test_classroom_kid_mode_prints_only_the_kits_own_lines(tmp_path):
    port = servers.free_port("0.0.0.0")
    process, log = start_cli(tmp_path, "play", "--classroom", "--no-browser", "--no-preheat", f"--port={port}",
                             *ROOT_FLAG)
    try:
        code = wait_for(log, r"\(class code: ([A-Z0-9]+)\)", process).group(1)
        key = wait_for(log, r"board\?key=(\S+)", process).group(1)
        wait_for(log, "Kid mode is ready", process)
        # A pupil opens the landing page (Voila reads the notebook: where the trust warning came).
        status, _, body = get(f"http://127.0.0.1:{port}/voila/render/kids.ipynb?token={code}")
        assert status == 200 and "application/vnd.jupyter.widget-view+json" in body
        time.sleep(1)
    finally:
        stop_cli(process)
    text = log.read_text(errors="replace")
    lines = text.splitlines()
    assert "Kid mode is ready" in text and "Press Ctrl+C to stop." in text
    assert "is running at" not in text and "not trusted" not in text and "token=" not in text, text
    assert not [line for line in lines if line.startswith("[")], text        # no Voila or Jupyter log line
    # The secrets only where the kit prints them for the teacher.
    assert [line for line in lines if code in line] == [f"    (class code: {code})"]
    (board,) = [line for line in lines if key in line]
    assert board.startswith("Class tables: pupils open") and board.endswith(f"/board?key={key}")


def test_lab_kernels_use_unix_sockets_and_print_no_tcp_warning(tmp_path):
    notebooks = servers.repo_root() / "notebooks"
    assert "--KernelManager.transport=ipc" in cli.lab_command(notebooks, 8899, kernel_dir=Path("/tmp/w-x/k"))
    too_long = Path("/tmp/" + "k" * cli.KERNEL_DIR_MAX)   # a socket path the system would refuse: TCP then
    assert "--KernelManager.transport=ipc" not in cli.lab_command(notebooks, 8899, kernel_dir=too_long)
    process, log = start_cli(tmp_path, "lab", "--no-browser", "--port", "0", *ROOT_FLAG)
    try:
        link = wait_for(log, r"(?m)^http://127\.0\.0\.1:(\d+)/lab/tree/00-install-check\.ipynb\?token=([0-9a-f]+)$",
                        process)
        base, token = f"127.0.0.1:{link.group(1)}", link.group(2)
        for _ in range(2):   # two kernels: the warning came at every kernel start
            request = urllib.request.Request(f"http://{base}/api/kernels?token={token}", data=b"{}", method="POST")
            with urllib.request.urlopen(request, timeout=60) as reply:
                kernel = json.loads(reply.read())["id"]
            ws = websocket.create_connection(f"ws://{base}/api/kernels/{kernel}/channels?token={token}", timeout=60)
            try:
                ws.send(json.dumps({"header": {"msg_id": uuid.uuid4().hex, "username": "test", "session": "s",
                                               "msg_type": "execute_request", "version": "5.3"},
                                    "parent_header": {}, "metadata": {}, "channel": "shell",
                                    "content": {"code": "import wizard_edu; 6 * 7", "silent": False}}))
                while json.loads(ws.recv())["msg_type"] != "execute_reply":
                    pass
            finally:
                ws.close()
        time.sleep(1)
        text = log.read_text(errors="replace")
    finally:
        stop_cli(process)
    assert not re.search(r"running over TCP|WARNING", text), text
