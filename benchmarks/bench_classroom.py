"""What a class costs on this machine: the real class hub, N pupils at once at the Junior table.

Run:  make bench-classroom  (or: .venv/bin/python benchmarks/bench_classroom.py --pupils 10; as root: one
      Unix account per pupil, removed after.  Without --pupils it only says how to run it: `make bench`
      and `wizard-edu bench` never start a hub.)
      .venv/bin/python benchmarks/bench_classroom.py --pupils 30 --all-cells
      .venv/bin/python benchmarks/bench_classroom.py --kernel-only    (one fresh kernel, no hub)

Starts hub/jupyterhub_config.py as a real JupyterHub (tests/support/hubdriver.py), creates N
pupils, logs each in through the login form, and then - all pupils at once, as when a class sits
down - starts their servers, opens the Junior table notebook from each pupil's own copy, runs its
cells in the pupil's kernel up to the game table (``--all-cells``: every cell, including the
grown-ups' score pad and chart) and plays one round through the kernel.  Prints the time to
ready per pupil (median, worst), ``memory per pupil: N MB`` (the pupil's single-user server plus
kernel: RSS summed over their processes; PSS, which counts shared pages once, beside it) and how
many pupils this machine would hold at 80% of its memory.  Prints figures only; nothing is asserted.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests" / "support"))   # the hub driver

NOTEBOOK = "05-play-wizard-junior.ipynb"


def machine_memory_mb() -> float:
    """Memory this machine (or this process's container memory limit, if lower) offers, in MB."""
    total = 0.0
    for line in Path("/proc/meminfo").read_text().splitlines():
        if line.startswith("MemTotal:"):
            total = int(line.split()[1]) / 1024
    limit_files = []
    for line in Path("/proc/self/cgroup").read_text().splitlines():
        _, controllers, path = line.split(":", 2)
        if controllers == "":  # cgroup v2
            limit_files.append(Path("/sys/fs/cgroup") / path.lstrip("/") / "memory.max")
        elif "memory" in controllers.split(","):  # cgroup v1
            limit_files.append(Path("/sys/fs/cgroup/memory") / path.lstrip("/") / "memory.limit_in_bytes")
    for limit_file in limit_files:
        try:
            text = limit_file.read_text().strip()
        except OSError:
            continue
        if text.isdigit():
            total = min(total, int(text) / 2**20)
    return total


def pss_mb(pids: list[int]) -> float:
    """Proportional set size summed (shared pages divided among their users), in MB."""
    total = 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    total += int(line.split()[1])
        except OSError:
            pass
    return total / 1024


def table_cells(cells: list[str], all_cells: bool) -> list[str]:
    """The notebook's code cells a pupil runs to play: up to the game table (or all of them)."""
    if all_cells:
        return cells
    for i, code in enumerate(cells):
        # The cell that sets the pupil's table up (`table = TableWidget(...)`), not a helper that
        # mentions TableWidget inside a function.
        if re.search(r"^table = TableWidget\(", code, re.M):
            return cells[: i + 1]
    raise SystemExit(f"{NOTEBOOK} has no `table = TableWidget(...)` cell")


def run_class(pupils: int, all_cells: bool) -> None:
    from hubdriver import PLAY_A_ROUND, Hub, process_tree, rss_mb

    names = [f"pupil{i:02d}" for i in range(1, pupils + 1)]
    hub = Hub(start_timeout=600)
    try:
        t0 = time.perf_counter()
        hub.start(timeout=180)
        accounts = "one Unix account per pupil" if hub.isolated else \
            f"pupils share one account: {hub.isolation_problem}"
        print(f"hub ready in {time.perf_counter() - t0:.1f} s ({accounts})")
        hub.create_pupils(names)
        logged = [hub.login(name, f"{name}-pw-{i:04d}") for i, name in enumerate(names)]

        def sit_down(pupil):
            start = time.perf_counter()
            hub.start_server(pupil)
            hub.wait_ready(pupil, timeout=900)
            server = time.perf_counter() - start
            kernel = hub.start_kernel(pupil)
            cells = table_cells(hub.notebook_cells(pupil, f"wizard-notebooks/{NOTEBOOK}"), all_cells)
            for code in cells:
                kernel.run(code, timeout=600)
            table = time.perf_counter() - start
            played = kernel.run(PLAY_A_ROUND, timeout=600)
            assert "round 1 scored" in played, played
            kernel.close()
            return server, table, time.perf_counter() - start

        with ThreadPoolExecutor(pupils) as pool:
            times = list(pool.map(sit_down, logged))
        time.sleep(2)  # let every process settle after the last round
        per_pupil, per_pss, servers_only = [], [], []
        for name in names:
            root = hub.server_pid(name)
            pids = process_tree(root)
            per_pupil.append(rss_mb(pids))
            per_pss.append(pss_mb(pids))
            servers_only.append(rss_mb([root]))
        hub_pids = [p for p in process_tree(hub.proc.pid)
                    if not any(p in process_tree(hub.server_pid(n)) for n in names)]
        overhead = rss_mb(hub_pids)

        def line(label, values, unit):
            return (f"  {label:<34} median {statistics.median(values):6.1f} {unit}   "
                    f"worst {max(values):6.1f} {unit}")

        cells_note = "every cell" if all_cells else "cells up to the game table"
        print(f"\n{pupils} pupils at once, {NOTEBOOK} ({cells_note}) + one round each, "
              f"on {os.cpu_count()} CPU cores")
        print(line("time to server ready", [t[0] for t in times], "s"))
        print(line("time to table ready (cells run)", [t[1] for t in times], "s"))
        print(line("time to first round played", [t[2] for t in times], "s"))
        print(line("server alone (RSS)", servers_only, "MB"))
        print(line("server + kernel (RSS)", per_pupil, "MB"))
        print(line("server + kernel (PSS)", per_pss, "MB"))
        mean = statistics.mean(per_pupil)
        print(f"memory per pupil: {mean:.0f} MB")
        total = machine_memory_mb()
        room = 0.8 * total - overhead
        print(f"hub + proxy + idle culler: {overhead:.0f} MB; this machine: {total:,.0f} MB")
        print(f"pupils this machine would hold at 80% of its memory: {int(room // mean)} "
              f"(by RSS; {int(room // statistics.mean(per_pss))} by PSS)")
    finally:
        problems = hub.stop()
        if problems:
            print("clean-up problems:", *problems, sep="\n  ")


def kernel_only(repeats: int) -> None:
    """A fresh kernel's memory: empty, after the Junior table notebook's first cells, after a round."""
    import tempfile

    from jupyter_client.manager import start_new_kernel

    sys.path.insert(0, str(REPO / "tests" / "support"))   # the hub driver
    import nbformat
    from hubdriver import PLAY_A_ROUND, rss_mb

    nb = nbformat.read(REPO / "notebooks" / NOTEBOOK, as_version=4)
    cells = table_cells([c.source for c in nb.cells if c.cell_type == "code"], all_cells=False)
    figures, loaded = [], []

    def keep_text(msg: dict) -> None:
        if msg["msg_type"] == "stream":
            loaded.append(msg["content"]["text"].strip())

    def run(kc, code: str) -> None:
        reply = kc.execute_interactive(code, timeout=120, output_hook=keep_text)
        assert reply["content"]["status"] == "ok", reply["content"]

    for _ in range(repeats):
        with tempfile.TemporaryDirectory() as tmp:
            env = dict(os.environ, HOME=tmp, MPLCONFIGDIR=tmp, IPYTHONDIR=tmp)
            km, kc = start_new_kernel(kernel_name="python3", env=env, cwd=str(REPO / "notebooks"))
            try:
                pid = km.provisioner.process.pid
                run(kc, "pass")
                empty = rss_mb([pid])
                for code in cells:
                    run(kc, code)
                table = rss_mb([pid])
                run(kc, PLAY_A_ROUND)
                figures.append((empty, table, rss_mb([pid])))
                run(kc, "import sys; print(sorted(m for m in ('pandas', 'matplotlib', 'numpy', 'scipy') "
                        "if m in sys.modules))")
            finally:
                kc.stop_channels()
                km.shutdown_kernel(now=True)
    print(f"A fresh kernel (median of {repeats}), {NOTEBOOK}: cells up to the game table, then one round")
    for i, label in enumerate(("empty kernel", "import wizard_edu + Junior table", "after one round")):
        print(f"  {label:<34} {statistics.median(r[i] for r in figures):6.1f} MB RSS")
    print(f"  heavy libraries loaded: {loaded[-1]}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pupils", type=int, default=None,
                        help="how many pupils log in at once (needed: the hub only starts when asked)")
    parser.add_argument("--all-cells", action="store_true",
                        help="run every cell of the notebook (score pad and chart too), not only up to the table")
    parser.add_argument("--kernel-only", action="store_true", help="measure one fresh kernel, no hub")
    parser.add_argument("--repeats", type=int, default=3, help="kernels for --kernel-only (median)")
    args = parser.parse_args(argv)
    if args.kernel_only:
        kernel_only(args.repeats)
        return 0
    if args.pupils is None:
        # `wizard-edu bench` and a bare run land here: starting a hub (and, as root, creating Unix
        # accounts) only happens when asked for, e.g. `make bench-classroom`.
        print("bench_classroom: skipped (it starts a real class hub and, as root, creates Unix accounts); "
              "run it with `make bench-classroom` or `--pupils N`, or `--kernel-only` for one kernel")
        return 0
    if args.pupils < 1:
        parser.error("--pupils must be at least 1")
    if not (shutil.which("node") and shutil.which("npm")):
        print("bench_classroom: skipped, the class hub needs Node.js and npm for its proxy")
        return 0
    try:
        import jupyterhub  # noqa: F401
    except ImportError:
        print("bench_classroom: skipped, JupyterHub is not installed (pip install -e '.[hub]')")
        return 0
    run_class(args.pupils, args.all_cells)
    return 0


if __name__ == "__main__":
    sys.exit(main())
