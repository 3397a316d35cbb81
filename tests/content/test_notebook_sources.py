"""Every notebook has an editable text source (notebook-sources/, jupytext MyST) that agrees with it.

A teacher edits either file; `make notebooks` syncs them. If someone edits one and forgets the other,
this test says which notebook and which cell differ.
"""

from __future__ import annotations

from pathlib import Path

import jupytext
import nbformat
import pytest

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO / "notebooks"
SOURCES = REPO / "notebook-sources"


def notebook_paths() -> list[Path]:
    return sorted(p for p in NOTEBOOKS.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


def source_for(notebook: Path) -> Path:
    return SOURCES / notebook.relative_to(NOTEBOOKS).with_suffix(".md")


def cells(nb) -> list[tuple[str, str, list[str]]]:
    return [(c.cell_type, c.source.strip(), sorted(c.metadata.get("tags", []))) for c in nb.cells]


def test_every_notebook_has_a_source_and_every_source_a_notebook():
    notebooks = {p.relative_to(NOTEBOOKS).with_suffix("") for p in notebook_paths()}
    sources = {p.relative_to(SOURCES).with_suffix("") for p in SOURCES.rglob("*.md")}
    assert notebooks, "no notebooks found"
    assert notebooks - sources == set(), "notebooks without a source: run `make notebooks`"
    assert sources - notebooks == set(), "sources without a notebook: run `make notebooks`"


@pytest.mark.parametrize("notebook", notebook_paths(), ids=lambda p: p.name)
def test_source_and_notebook_agree(notebook: Path):
    stored = nbformat.read(notebook, as_version=4)
    source = jupytext.read(source_for(notebook))
    want, got = cells(source), cells(stored)
    for i, (a, b) in enumerate(zip(want, got)):
        assert a == b, f"{notebook.name} cell {i} differs from its source: run `make notebooks`"
    assert len(want) == len(got), f"{notebook.name}: {len(got)} cells, its source has {len(want)}"


#: Emoji that Debian's Chromium (the school computers' browser) draws as an empty box.
NO_GLYPH = ("🤔",)


@pytest.mark.parametrize("notebook", notebook_paths(), ids=lambda p: str(p.relative_to(NOTEBOOKS)))
def test_notebooks_use_only_signs_the_browser_can_draw(notebook):
    text = notebook.read_text(encoding="utf-8")
    assert not [sign for sign in NO_GLYPH if sign in text], f"{notebook.name}: use ✎ for a question to think about"
