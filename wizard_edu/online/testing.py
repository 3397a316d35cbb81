"""Start and stop ``wizard-edu tables`` from tests, benchmarks and browser tests.

>>> # with running_tables(tmp_path / "t.sqlite", code="ABCD", table_size=3) as svc:
>>> #     seat = join(svc.url, "ABCD", "Ann"); svc.teacher("api/teacher/start")
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import OnlineError


@dataclass
class RunningTables:
    """A ``wizard-edu tables`` process we started: its address, class code and teacher's key."""

    process: subprocess.Popen
    url: str
    code: str
    key: str
    port: int
    lines: list[str] = field(default_factory=list)

    def teacher(self, path: str, body: dict | None = None, method: str | None = None) -> Any:
        """Call a teacher's endpoint (``api/board``, ``api/teacher/start``...) with the teacher's key."""
        data = None if body is None and method != "POST" else json.dumps(body or {}).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method or ("POST" if data else "GET"))
        request.add_header("Authorization", f"Bearer {self.key}")
        request.add_header("Content-Type", "application/json")
        with urllib.request.urlopen(request, timeout=10) as reply:
            text = reply.read().decode()
        return json.loads(text) if reply.headers.get("Content-Type", "").startswith("application/json") else text

    def kill(self) -> None:
        """SIGKILL: no chance to tidy up (the crash test)."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)


def tables_command(db: str | os.PathLike, port: int = 0, code: str | None = None, table_size: int | None = None,
                   extra: tuple[str, ...] = ()) -> list[str]:
    cmd = [sys.executable, "-m", "wizard_edu.cli", "tables", "--port", str(port), "--db", str(db), "--allow-root"]
    if code:
        cmd += ["--code", code]
    if table_size:
        cmd += ["--table-size", str(table_size)]
    return cmd + list(extra)


def start_tables(db: str | os.PathLike, port: int = 0, code: str | None = None, table_size: int | None = None,
                 extra: tuple[str, ...] = (), env: dict[str, str] | None = None, timeout: float = 30.0,
                 log: str | os.PathLike | None = None) -> RunningTables:
    """Start ``wizard-edu tables`` and wait for its link, code and teacher's key on its output."""
    repo = str(Path(__file__).resolve().parents[2])
    full_env = dict(os.environ if env is None else env)
    full_env["PYTHONPATH"] = os.pathsep.join([repo, *[p for p in full_env.get("PYTHONPATH", "").split(os.pathsep) if p]])
    err = open(log, "ab") if log else subprocess.DEVNULL   # noqa: SIM115 - handed to the process
    process = subprocess.Popen(tables_command(db, port, code, table_size, extra), stdout=subprocess.PIPE,
                               stderr=err, stdin=subprocess.DEVNULL, env=full_env, text=True)
    lines: queue.Queue[str | None] = queue.Queue()
    seen: list[str] = []

    def read() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            lines.put(line)
        lines.put(None)

    threading.Thread(target=read, daemon=True).start()
    found: dict[str, str] = {}
    deadline = time.monotonic() + timeout
    while "key" not in found:
        try:
            line = lines.get(timeout=max(0.01, deadline - time.monotonic()))
        except queue.Empty:
            line = None
        if line is None:
            with contextlib.suppress(Exception):
                process.kill()
            raise OnlineError(f"wizard-edu tables did not start: {''.join(seen)!r}")
        seen.append(line)
        if line.startswith("Class tables are ready: "):
            found["url"] = line.split(": ", 1)[1].strip()
        elif line.startswith("Class code: "):
            found["code"] = line.split(": ", 1)[1].strip()
        elif line.startswith("Teacher's board"):
            found["key"] = line.rsplit("key=", 1)[1].strip()
    port_found = int(found["url"].split(":")[2].split("/")[0])
    return RunningTables(process, found["url"], found["code"], found["key"], port_found, seen)


@contextlib.contextmanager
def running_tables(db: str | os.PathLike, **kwargs: Any) -> Iterator[RunningTables]:
    """:func:`start_tables`, stopped afterwards."""
    running = start_tables(db, **kwargs)
    try:
        yield running
    finally:
        running.stop()


__all__ = ["RunningTables", "start_tables", "running_tables", "tables_command"]
