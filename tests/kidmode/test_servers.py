"""The servers the kit starts are locked down: no secret in `ps`, honest links and ports, root only when asked,
kid mode for a class behind its class code with a cap on open apps.

These start real servers (JupyterLab, Voila) on 127.0.0.1 with an isolated HOME and Jupyter folders; the
classroom server binds 0.0.0.0 as a teacher's would, but every request here goes to 127.0.0.1.
"""

from __future__ import annotations

import http.cookiejar
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from wizard_edu import cli
from wizard_edu.kidmode import kidmode
from wizard_edu.lab import doctor, servers
from wizard_edu.online import auth, classcode

REPO = Path(__file__).resolve().parents[2]
ROOT_FLAG = ["--allow-root"] if servers.is_root() else []
#: What a page rendered by Voila holds for the landing page's widget (its model comes over the websocket).
WIDGET = "application/vnd.jupyter.widget-view+json"


def isolated_env(base: Path) -> dict[str, str]:
    env = dict(os.environ, PYTHONUNBUFFERED="1", JUPYTER_PLATFORM_DIRS="1")
    for var in ("HOME", "JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR",
                "MPLCONFIGDIR"):
        folder = base / var.lower()
        folder.mkdir()
        env[var] = str(folder)
    for var in ("JUPYTER_PATH", "JUPYTER_TOKEN", "JUPYTER_CONFIG_PATH", classcode.CLASS_CODE_ENV):
        env.pop(var, None)
    return env


def start_cli(base: Path, *args: str) -> tuple[subprocess.Popen, Path]:
    log = base / "server.log"
    out = open(log, "wb")  # noqa: SIM115 - closed by stop_cli
    process = subprocess.Popen([sys.executable, "-m", "wizard_edu.cli", *args], env=isolated_env(base),
                               stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                               start_new_session=True)
    process.log_file = out  # type: ignore[attr-defined]
    return process, log


def stop_cli(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)   # our own session only
            process.wait(timeout=10)
    process.log_file.close()


def wait_for(log: Path, pattern: str, process: subprocess.Popen, timeout: float = 120.0) -> re.Match:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = re.search(pattern, log.read_text(errors="replace"))
        if found:
            return found
        assert process.poll() is None, f"the server stopped:\n{log.read_text(errors='replace')[-3000:]}"
        time.sleep(0.2)
    raise AssertionError(f"{pattern!r} never appeared:\n{log.read_text(errors='replace')[-3000:]}")


def get(url: str, opener=None, data: dict | None = None) -> tuple[int, str, str]:
    """(status, final URL, body) of a request to 127.0.0.1 (errors are answers too)."""
    assert url.startswith("http://127.0.0.1:")
    body = urllib.parse.urlencode(data).encode() if data is not None else None
    try:
        with (opener or urllib.request.build_opener()).open(url, data=body, timeout=60) as reply:
            return reply.status, reply.geturl(), reply.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as err:
        return err.code, err.geturl(), err.read().decode("utf-8", "replace")


def listening_addresses(pid: int, port: int) -> set[str]:
    """The addresses on which process ``pid`` or its children listen on ``port``."""
    import psutil

    root = psutil.Process(pid)
    return {c.laddr.ip for p in [root, *root.children(recursive=True)] for c in p.net_connections("tcp")
            if c.status == psutil.CONN_LISTEN and c.laddr.port == port}


def all_command_lines() -> str:
    return subprocess.run(["ps", "-eo", "args"], capture_output=True, text=True, check=True).stdout


# -- JupyterLab ----------------------------------------------------------------------------
def test_lab_token_is_in_no_command_line_and_the_printed_link_works(tmp_path):
    process, log = start_cli(tmp_path, "lab", "--no-browser", "--port", "0", *ROOT_FLAG)
    try:
        link = wait_for(log, r"(?m)^http://127\.0\.0\.1:(\d+)/lab/tree/00-install-check\.ipynb\?token=([0-9a-f]+)$",
                        process)
        port, token = int(link.group(1)), link.group(2)
        assert len(token) >= 32
        assert token not in all_command_lines()          # what every user of this computer can read
        # The link is the server's own: it listens on that port, and the token lets in.
        assert port in servers.listening_ports(process.pid)
        assert get(f"http://127.0.0.1:{port}/api/status?token={token}")[0] == 200
        assert get(f"http://127.0.0.1:{port}/api/status")[0] == 403
        assert get(f"http://127.0.0.1:{port}/api/status?token={'0' * len(token)}")[0] == 403
        # The kit's lab settings: the news question never covers the notebook.
        status, _, body = get(f"http://127.0.0.1:{port}/lab/api/settings/"
                              f"@jupyterlab/apputils-extension:notification?token={token}")
        assert status == 200
        defaults = json.loads(body)["schema"]["properties"]
        assert defaults["fetchNews"]["default"] == "false" and defaults["checkForUpdates"]["default"] is False
        text = log.read_text(errors="replace")
        assert "ServerApp.token config is deprecated" not in text and "Traceback" not in text
        # JupyterLab's chatter went to the log in the learner's folder (0600), whose path was printed.
        lab_log = tmp_path / "home" / "wizard-edu-notebooks" / servers.LAB_LOG_NAME
        assert f"messages go to {lab_log}" in text and lab_log.stat().st_mode & 0o077 == 0
        assert "extension was successfully loaded" in lab_log.read_text()
        assert "extension was successfully" not in text and "[I " not in text and token not in lab_log.read_text()
        # The token file is gone once JupyterLab has read it; its own record is private (0600).
        (record,) = (tmp_path / "jupyter_runtime_dir").glob("jpserver-*.json")
        assert json.loads(record.read_text())["port"] == port and record.stat().st_mode & 0o077 == 0
        assert not list(Path(os.environ.get("XDG_RUNTIME_DIR") or "/tmp").glob("wizard-edu-*/lab-token"))
    finally:
        stop_cli(process)
    assert process.returncode == 0


def test_lab_on_a_busy_port_says_so(tmp_path):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        done = subprocess.run([sys.executable, "-m", "wizard_edu.cli", "lab", "--no-browser", "--port", str(port),
                               *ROOT_FLAG], env=isolated_env(tmp_path), capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert f"Port {port} is already in use" in done.stderr and "--port 0" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("command", ["lab", "play"])
@pytest.mark.parametrize("port", ["99999", "-1", "x", "65536"])
def test_impossible_ports_are_refused_plainly(command, port, capsys):
    with pytest.raises(SystemExit) as info:
        cli.main([command, f"--port={port}", "--no-browser"])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert f"{port} is not a port number" in err and "1 to 65535" in err


@pytest.mark.parametrize("command", ["lab", "play"])
def test_root_needs_allow_root(command, monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(servers, "is_root", lambda: True)
    assert cli.main([command, "--no-browser", "--notebooks", str(tmp_path / "nowhere")]) == 2
    err = capsys.readouterr().err
    assert "running as root" in err and "--allow-root" in err
    # With --allow-root the root check passes (and the next check, the folder, speaks).
    assert cli.main([command, "--no-browser", "--allow-root", "--notebooks", str(tmp_path / "nowhere")]) == 2
    assert "There is no folder" in capsys.readouterr().err


def test_lab_command_line_has_no_token_and_one_port():
    cmd = cli.lab_command(Path("/kit/notebooks"), 8899, open_browser=False, root=False)
    assert not any("token" in part.lower() or "password" in part.lower() for part in cmd)
    assert "--ServerApp.port_retries=0" in cmd and "--port=8899" in cmd and "--ip=127.0.0.1" in cmd
    assert "--allow-root" not in cmd and "--allow-root" in cli.lab_command(Path("n"), 1, root=True)


def test_secrets_are_private_files(tmp_path):
    with servers.private_dir() as folder:
        assert folder.stat().st_mode & 0o777 == 0o700
        path = servers.write_secret(folder, "s", "abc")
        assert path.stat().st_mode & 0o777 == 0o600 and path.read_text() == "abc"
        (folder / "link").symlink_to(tmp_path / "target")
        with pytest.raises(OSError):
            servers.write_secret(folder, "link", "x")     # never through a symlink
        assert not (tmp_path / "target").exists()
    assert not folder.exists()


# -- doctor ---------------------------------------------------------------------------------
def test_doctor_warns_about_root_and_a_busy_port(monkeypatch, capsys):
    monkeypatch.setattr(servers, "is_root", lambda: True)
    check = doctor.check_root()
    assert not check.ok and check.warning and not check.required and "--allow-root" in check.fix
    monkeypatch.setattr(servers, "is_root", lambda: False)
    assert doctor.check_root().ok
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        check = doctor.check_port(port, "JupyterLab", "wizard-edu lab")
        assert not check.ok and check.warning and "already in use" in check.message and "--port 0" in check.fix
        monkeypatch.setattr(doctor, "LAB_PORT", port)
        monkeypatch.setattr(servers, "is_root", lambda: True)
        assert doctor.main(REPO, details=False, servers=True) == 0      # warnings, not failures
    out = capsys.readouterr().out
    assert "[WARNING] User: You are running as root" in out
    assert f"[WARNING] Port {port}: Port {port} is already in use" in out
    assert "All set" in out
    assert doctor.check_port(port, "JupyterLab", "wizard-edu lab").ok   # free again


# -- worksheet ------------------------------------------------------------------------------
def test_worksheet_never_overwrites_without_force(tmp_path, capsys):
    out = tmp_path / "sheet.html"
    out.write_text("my notes")
    assert cli.main(["worksheet", "--count", "2", "--out", str(out)]) == 2
    assert "already exists" in capsys.readouterr().err and out.read_text() == "my notes"
    assert cli.main(["worksheet", "--count", "2", "--out", str(out), "--force"]) == 0
    assert out.read_text().startswith("<!DOCTYPE html>")


@pytest.mark.parametrize("force", [[], ["--force"]])
def test_worksheet_never_follows_a_symlink(tmp_path, force, capsys):
    target = tmp_path / "precious.txt"
    target.write_text("keep me")
    link = tmp_path / "sheet.html"
    link.symlink_to(target)
    dangling = tmp_path / "new.html"
    dangling.symlink_to(tmp_path / "does-not-exist-yet.html")
    assert cli.main(["worksheet", "--count", "2", "--out", str(link), *force]) == 2
    assert "symbolic link" in capsys.readouterr().err
    assert cli.main(["worksheet", "--count", "2", "--out", str(dangling), *force]) == 2
    assert target.read_text() == "keep me" and not (tmp_path / "does-not-exist-yet.html").exists()


@pytest.mark.parametrize("out", ["", "   "])
def test_worksheet_empty_out_is_an_error(out, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert cli.main(["worksheet", "--count", "2", "--out", out]) == 2
    assert "--out needs a file name" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_worksheet_into_a_folder_is_an_error(tmp_path, capsys):
    assert cli.main(["worksheet", "--count", "2", "--out", str(tmp_path)]) == 2
    assert "is a folder" in capsys.readouterr().err


# -- kid mode ---------------------------------------------------------------------------------
def test_plain_kid_mode_listens_on_this_computer_only(tmp_path):
    port = servers.free_port()
    process, log = start_cli(tmp_path, "play", "--no-browser", "--no-preheat", f"--port={port}", *ROOT_FLAG)
    try:
        wait_for(log, "Kid mode is ready", process)
        assert listening_addresses(process.pid, port) == {"127.0.0.1"}
        status, url, body = get(f"http://127.0.0.1:{port}/")        # no code needed on one computer
        assert status == 200 and url.endswith("/voila/render/kids.ipynb") and WIDGET in body
    finally:
        stop_cli(process)


def test_classroom_kid_mode_needs_the_class_code_and_caps_the_apps(tmp_path):
    port = servers.free_port("0.0.0.0")
    process, log = start_cli(tmp_path, "play", "--classroom", "--no-browser", "--no-preheat", "--max-apps=2",
                             f"--port={port}", *ROOT_FLAG)
    try:
        code = wait_for(log, r"\(class code: ([A-Z0-9]+)\)", process).group(1)
        wait_for(log, "Kid mode is ready", process)
        board = log.read_text()
        assert "\u2588\u2588" in board                       # printed large for the board
        assert len(code) == classcode.CODE_LENGTH
        assert not re.search(rf"\b{code}\b", all_command_lines(), re.IGNORECASE)
        assert listening_addresses(process.pid, port) == {"0.0.0.0"}
        base = f"http://127.0.0.1:{port}"
        # No code: the class-code page, and no kernel started.
        status, url, body = get(f"{base}/voila/render/05-play-wizard-junior.ipynb")
        assert status == 200 and "/login" in url and "Type the class code" in body and WIDGET not in body
        _, url, body = get(f"{base}/wizard-edu/status")
        assert "/login" in url and "apps_open" not in body
        assert get(f"{base}/wizard-edu/status?token={code}")[0] == 200
        assert kidmode.kid_status(port, code)["kernels"] == 0
        # A wrong code: said plainly; too many wrong codes: wait a minute.
        jar = http.cookiejar.CookieJar()
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        _, _, form = get(f"{base}/login", opener)
        xsrf = re.search(r'name="_xsrf" value="([^"]+)"', form).group(1)
        status, _, body = get(f"{base}/login", opener, {"_xsrf": xsrf, "password": "NOPE42"})
        assert status == 401 and "not the class code" in body
        # The code as a child types it: small letters, a space in the middle.
        typed = f"{code[:3].lower()} {code[3:].lower()}"
        status, url, body = get(f"{base}/login?next=%2Fvoila%2Frender%2Fkids.ipynb", opener,
                                {"_xsrf": xsrf, "password": typed})
        assert status == 200 and url.endswith("/voila/render/kids.ipynb") and WIDGET in body
        assert kidmode.kid_status(port, code)["apps_open"] == 1
        assert get(f"{base}/voila/render/kids.ipynb", opener)[0] == 200
        # Two apps open (the cap): the third child is asked kindly to wait, and no kernel starts.
        status, _, body = get(f"{base}/voila/render/kids.ipynb", opener)
        assert status == 503 and "All the game tables are busy" in body and "Try again" in body
        assert kidmode.kid_status(port, code)["kernels"] == 2
        # Many wrong codes from one address: the further ones wait (429), the right code still gets in.
        for _ in range(auth.MAX_FAILED - 1):
            assert get(f"{base}/login", opener, {"_xsrf": xsrf, "password": "NOPE42"})[0] == 401
        status, _, body = get(f"{base}/login", opener, {"_xsrf": xsrf, "password": "NOPE42"})
        assert status == 429 and "wait 2 seconds" in body
        assert get(f"{base}/wizard-edu/status?token=GUESS7")[0] == 429   # a ?token= guess: the same throttle
        status, url, _ = get(f"{base}/login?next=%2Fwizard-edu%2Fstatus", opener, {"_xsrf": xsrf, "password": code})
        assert status == 200 and url.endswith("/wizard-edu/status")     # the right code: in
    finally:
        stop_cli(process)


# -- the Makefile ------------------------------------------------------------------------------
def test_make_lab_goes_through_wizard_edu_lab_with_no_token():
    done = subprocess.run(["make", "--no-print-directory", "-n", "lab", "PORT=8899"], cwd=REPO, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    recipe = done.stdout.strip().splitlines()[-1]
    assert "wizard-edu lab --port=8899" in recipe and "token" not in recipe.lower()
    assert ("--allow-root" in recipe) == servers.is_root()     # only when root, as the Makefile says


def test_make_worksheet_writes_a_sheet_and_keeps_an_existing_one(tmp_path):
    out = tmp_path / "sheet.html"
    args = f"ARGS=--count 3 --seed 5 --out {out}"
    done = subprocess.run(["make", "--no-print-directory", "-s", "worksheet", args], cwd=REPO, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Wrote" in done.stdout and out.read_text().count('class="exercise') >= 3
    again = subprocess.run(["make", "--no-print-directory", "-s", "worksheet", args], cwd=REPO, capture_output=True, text=True, timeout=300)
    assert again.returncode != 0 and "already exists" in again.stderr


def test_make_bench_never_starts_the_class_hub():
    """The class benchmark creates Unix accounts as root: only `make bench-classroom` runs it."""
    done = subprocess.run(["make", "--no-print-directory", "-n", "bench"], cwd=REPO, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "bench_classroom.py ] && continue" in done.stdout, done.stdout
    done = subprocess.run(["make", "--no-print-directory", "-n", "bench-classroom", "PUPILS=3"], cwd=REPO, capture_output=True, text=True,
                          timeout=60)
    assert done.stdout.strip().splitlines()[-1].endswith("benchmarks/bench_classroom.py --pupils 3")
    # Run bare (as `wizard-edu bench` runs every bench_*.py), it starts nothing and says how to run it.
    bare = subprocess.run([sys.executable, str(REPO / "benchmarks" / "bench_classroom.py")], capture_output=True,
                          text=True, timeout=60)
    assert bare.returncode == 0 and "skipped" in bare.stdout and "make bench-classroom" in bare.stdout
