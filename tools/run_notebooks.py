"""Execute notebooks top to bottom in a fresh kernel and store their outputs (``make notebooks``)."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

from wizard_edu.teach.editions import KERNEL_NAME, match_kernel


def run(path: Path) -> float:
    nb = nbformat.read(path, as_version=4)
    start = time.perf_counter()
    NotebookClient(nb, timeout=300, kernel_name=KERNEL_NAME,
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    elapsed = time.perf_counter() - start
    for cell in nb.cells:  # run timestamps change on every run and say nothing: keep diffs small
        cell.metadata.pop("execution", None)
    # The kernelspec JupyterLab writes on opening it (nbclient keeps the stored one, jupytext's "Python 3"):
    # else every notebook shows as modified the moment it opens.
    match_kernel(nb)
    nbformat.write(nb, path)
    return elapsed


def main(argv: list[str]) -> int:
    paths = [Path(p) for p in argv] or sorted(Path("notebooks").glob("*.ipynb"))
    for path in paths:
        print(f"{path}: ran in {run(path):.1f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
