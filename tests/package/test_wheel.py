"""The kit as a built wheel (issue 27, item 9): every file the installed kit opens is in the wheel, and
`wizard-edu tables` run FROM the installed wheel (not this folder) serves the teacher's board page.

The wheel is built offline with the environment's setuptools (``--no-build-isolation``) from a copy of
the sources, installed (``--no-deps --no-index``) into a fresh venv, and the venv then reaches the
libraries it needs (tornado, ...) through a ``.pth`` line naming this environment's site-packages,
so nothing is downloaded. About 10 seconds.
"""

from __future__ import annotations

import os
import queue
import shutil
import subprocess
import sys
import sysconfig
import threading
import time
import urllib.request
import zipfile
from importlib.metadata import version
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
PACKAGE = REPO / "wizard_edu"


def runtime_files() -> set[str]:
    """Every file in the package that is not Python source: what the kit opens by its path at run time."""
    return {p.relative_to(REPO).as_posix() for p in PACKAGE.rglob("*")
            if p.is_file() and p.suffix not in (".py", ".pyc") and "__pycache__" not in p.parts}


def setuptools_new_enough() -> bool:
    try:
        return int(version("setuptools").split(".")[0]) >= 77   # pyproject's [build-system] needs 77
    except Exception:
        return False


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    if not setuptools_new_enough():
        pytest.skip("building the wheel offline needs setuptools>=77 in this environment (the test extra "
                    "installs it: pip install -e '.[test]')")
    src = tmp_path_factory.mktemp("src")
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(REPO / name, src / name)
    shutil.copytree(PACKAGE, src / "wizard_edu", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", str(src), "--no-deps", "--no-build-isolation",
                    "--no-index", "--quiet", "-w", str(out)], check=True, timeout=120, cwd=src)
    (found,) = out.glob("wizard_edu-*.whl")
    return found


def test_the_wheel_holds_every_file_the_kit_opens(wheel):
    assert "wizard_edu/online/static/board.html" in runtime_files()   # (what the check below must find)
    names = set(zipfile.ZipFile(wheel).namelist())
    assert runtime_files() <= names, f"missing from the wheel: {sorted(runtime_files() - names)}"


def test_tables_from_the_installed_wheel_serve_the_board(wheel, tmp_path):
    env_dir = tmp_path / "venv"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}   # nothing of ours
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(env_dir)], check=True, timeout=60)
    python = env_dir / "bin" / "python"
    # The wheel first, with nothing else to be seen (pip then has nothing of this environment's to replace);
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "--no-index",
                    "--quiet", str(wheel)], check=True, timeout=120, cwd=tmp_path, env=env)
    # then the libraries it needs, from this environment, after the venv's own site-packages.
    purelib = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                                  capture_output=True, text=True, check=True).stdout.strip())
    (purelib / "wizard-edu-test-deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    where = subprocess.run([str(python), "-c", "import wizard_edu; print(wizard_edu.__file__)"], cwd=tmp_path,
                           env=env, capture_output=True, text=True, check=True).stdout.strip()
    assert Path(where).is_relative_to(env_dir) and not Path(where).is_relative_to(REPO), where

    process = subprocess.Popen([str(env_dir / "bin" / "wizard-edu"), "tables", "--port", "0", "--db",
                                str(tmp_path / "t.sqlite"), "--allow-root", "--code", "ABCD"],
                               cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               stdin=subprocess.DEVNULL, text=True)
    lines: queue.Queue[str | None] = queue.Queue()

    def read() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            lines.put(line)
        lines.put(None)

    threading.Thread(target=read, daemon=True).start()
    try:
        url = key = None
        seen = []
        deadline = time.monotonic() + 30
        while key is None:
            line = lines.get(timeout=max(0.1, deadline - time.monotonic()))
            assert line is not None, f"wizard-edu tables stopped: {''.join(seen)}"
            seen.append(line)
            if line.startswith("Class tables are ready: "):
                url = line.split(": ", 1)[1].strip()
            elif line.startswith("Teacher's board"):
                key = line.rsplit("key=", 1)[1].strip()
        assert url is not None
        request = urllib.request.Request(url + "board", headers={"Authorization": f"Bearer {key}"})
        with urllib.request.urlopen(request, timeout=10) as reply:
            page = reply.read().decode()
            assert reply.headers["Content-Type"].startswith("text/html")
        assert 'id="start-tournament"' in page and 'id="tables"' in page   # the board's own page,
        assert "<pre>" not in page                                         # not the data in a <pre>
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_an_installation_without_the_board_page_says_so(monkeypatch, tmp_path):
    from wizard_edu.errors import ServerError
    from wizard_edu.online import handler, server

    for module in (handler, server):    # an installation that lost its static files
        monkeypatch.setattr(module, "STATIC", tmp_path)
    with pytest.raises(ServerError, match="board page is missing"):
        server.board_page()
    with pytest.raises(ServerError, match="Reinstall wizard-edu"):   # before a port or database is opened
        server.serve(0, str(tmp_path / "t.sqlite"), code="ABCD")
    assert not (tmp_path / "t.sqlite").exists()
