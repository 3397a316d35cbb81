"""Kid mode with the class tables: ``wizard-edu play --classroom`` starts the table service too.

The class table service (``wizard-edu tables``, :mod:`wizard_edu.online`) runs beside kid mode on
127.0.0.1: the pupils' browsers only ever talk to kid mode (behind the class code), and the apps'
kernels, on the teacher's computer, join the tables for them with the *same* class code. The
teacher's board is the service's own page, on this computer (the link printed at the start).

The code and the database path reach the service through its environment and command line (the
code never on the command line); its database stays between lessons, so a restart goes on where
every table was.
"""

from __future__ import annotations

import os
import queue
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import KidModeError
from ..online.classcode import CLASS_CODE_ENV

#: Where the class tables keep their games between lessons (overridden by ``$WIZARD_EDU_TABLES_DB``).
TABLES_DB_ENV = "WIZARD_EDU_TABLES_DB"
#: What the apps' kernels read (see :mod:`wizard_edu.widgets.class_table`).
TABLES_URL_ENV = "WIZARD_EDU_TABLES_URL"
READY = "Class tables are ready:"
BOARD = "Teacher's board"
WARNING = "Warning: "


def default_db() -> Path:
    """``$WIZARD_EDU_TABLES_DB``, else ``class-tables.sqlite`` in the kit's data folder for this user."""
    given = os.environ.get(TABLES_DB_ENV)
    if given:
        return Path(given)
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "wizard-edu" / "class-tables.sqlite"


@dataclass
class TablesService:
    """The running class table service: its process, its link and the teacher's board link."""

    process: subprocess.Popen
    url: str
    board_link: str
    lines: list[str] = field(default_factory=list)

    def stop(self, timeout: float = 10.0) -> None:
        from ..lab.servers import stop

        stop(self.process, timeout)


def tables_command(port: int, db: Path, rules: str | None = "junior", allow_root: bool = False) -> list[str]:
    """The service's command line: no secret on it (the class code goes in its environment)."""
    command = [sys.executable, "-m", "wizard_edu.cli", "tables", "--port", str(port), "--db", str(db)]
    if rules:
        command += ["--rules", rules]
    return command + (["--allow-root"] if allow_root else [])


def start_tables(code: str, db: str | os.PathLike | None = None, *, rules: str = "junior",
                 allow_root: bool = False, timeout: float = 60.0) -> TablesService:
    """Start the class table service with the class ``code``; returns once it says it is ready.

    A new database starts with ``rules`` (Junior: kid mode's first game); an existing one keeps what
    the teacher chose on the board last time.
    """
    from ..lab.servers import free_port, server_env, stop

    path = Path(db) if db is not None else default_db()
    path.parent.mkdir(parents=True, exist_ok=True)
    port = free_port()
    command = tables_command(port, path, None if path.exists() else rules, allow_root)
    process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True, env=server_env(None, **{CLASS_CODE_ENV: code}))
    lines: queue.Queue[str | None] = queue.Queue()
    seen: list[str] = []
    started = threading.Event()

    def drain() -> None:   # read everything it prints, so its pipe never fills up (kept only until ready)
        assert process.stdout is not None
        for line in process.stdout:
            if not started.is_set():
                lines.put(line.rstrip("\n"))
        lines.put(None)

    threading.Thread(target=drain, name="wizard-tables-output", daemon=True).start()
    url = board = ""
    deadline = time.monotonic() + timeout
    while not (url and board):
        try:
            line = lines.get(timeout=max(0.1, deadline - time.monotonic()))
        except queue.Empty:
            line = ""
        if line is None or time.monotonic() > deadline:
            stop(process)
            said = "\n".join(seen[-10:])
            raise KidModeError(f"The class tables did not start{' in time' if line is not None else ''}:\n{said}")
        seen.append(line)
        if line.startswith(WARNING):   # a damaged row of the database: the teacher is told at the start
            print(line, flush=True)
        if line.startswith(READY):
            url = line.split(READY, 1)[1].strip()
        elif line.startswith(BOARD) and "http" in line:
            board = line[line.index("http"):].strip()
    started.set()
    return TablesService(process, url, board, seen)


def kernel_env(service: TablesService, code: str) -> dict[str, str]:
    """What kid mode adds to its environment, for the apps' kernels: where the tables are, the code."""
    return {TABLES_URL_ENV: service.url, CLASS_CODE_ENV: code}
