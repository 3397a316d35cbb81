"""What every notebook builder in tools/ needs: cells from text, and writing a notebook without outputs.

Builders keep the learner's text in one place; `tools/run_notebooks.py` then stores the outputs.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def md(text: str):
    """A markdown cell (surrounding blank lines dropped)."""
    return new_markdown_cell(text.strip("\n"))


def code(text: str):
    """A code cell (surrounding blank lines dropped)."""
    return new_code_cell(text.strip("\n"))


def write_notebook(cells: list, name: str) -> Path:
    """Write ``notebooks/NAME`` with the python3 kernel and no outputs; returns its path."""
    nb = new_notebook(cells=cells)
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.metadata["language_info"] = {"name": "python"}
    path = NOTEBOOKS / name
    nbformat.write(nb, path)
    print(f"wrote notebooks/{name}")
    return path
