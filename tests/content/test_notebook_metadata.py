"""Notebooks carry the kernel metadata JupyterLab writes, so one just opened is not marked modified.

JupyterLab sets ``kernelspec`` (name, display name, language) and ``language_info`` from the kernel
as soon as it connects; anything else stored makes the notebook "modified" at once (issue 21, item 8).
The browser side: tests/browser/test_open_unmodified_browser.py.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
import pytest

from wizard_edu.teach.editions import kernel_metadata, match_kernel, student_edition

REPO = Path(__file__).resolve().parents[2]
SOURCES = sorted((REPO / "notebook-sources").rglob("*.md"))


def test_this_computers_kernel_is_ipykernels_own():
    meta = kernel_metadata()
    assert meta["kernelspec"] == {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
    assert meta["python_version"] == sys.version.split()[0]   # the kit's kernel runs this very Python


def test_the_student_edition_gets_this_computers_kernel_metadata():
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1 + 1")])
    # As stored elsewhere: jupytext's default display name and another Python.
    nb.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python", "name": "python3"}
    nb.metadata["language_info"] = {"name": "python", "version": "3.9.1", "file_extension": ".py"}
    student = student_edition(nb)
    assert student.metadata["kernelspec"]["display_name"] == "Python 3 (ipykernel)"
    assert student.metadata["language_info"] == {"name": "python", "version": sys.version.split()[0],
                                                 "file_extension": ".py"}
    assert nb.metadata["kernelspec"]["display_name"] == "Python 3"   # the teacher's copy is not touched


def test_unknown_parts_are_left_as_stored():
    nb = nbformat.v4.new_notebook()
    nb.metadata["language_info"] = {"name": "python", "version": "3.9.1"}
    match_kernel(nb, {})                                   # no python3 kernel on this computer
    assert "kernelspec" not in nb.metadata and nb.metadata["language_info"]["version"] == "3.9.1"
    match_kernel(nb, {"kernelspec": {"display_name": "K", "language": "python", "name": "python3"}})
    assert nb.metadata["kernelspec"]["display_name"] == "K"
    assert nb.metadata["language_info"]["version"] == "3.9.1"   # a kernel on another Python: unknown


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.name)
def test_notebook_sources_declare_the_kernelspec_jupyterlab_writes(source):
    """`jupytext --sync` copies a source's kernelspec into its notebook (and the teacher edition is paired)."""
    head = source.read_text(encoding="utf-8").split("\n---\n", 1)[0]
    assert "  display_name: Python 3 (ipykernel)\n" in head + "\n"


def test_a_re_stored_notebook_carries_the_kernelspec_jupyterlab_writes():
    """tools/run_notebooks.py stores it (00 re-stored here; `make notebooks` does the rest)."""
    nb = nbformat.read(REPO / "notebooks" / "00-install-check.ipynb", as_version=4)
    assert nb.metadata["kernelspec"] == kernel_metadata()["kernelspec"]
