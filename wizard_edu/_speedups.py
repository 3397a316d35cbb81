"""Use the compiled engine only when it was compiled from the sources as they are now.

``make setup`` compiles a few hot modules with mypyc (``tools/build_speedups.py``); Python would
then import a compiled module instead of its ``.py`` file, even after someone edits the ``.py``.
This module, imported first by the package, prevents that: it compares each source with the
SHA-256 recorded when it was compiled (``_compiled.json``), and if any differs (or a compiled module
has no record, or ``WIZARD_EDU_PURE=1`` is set) it makes every compiled module of the package
import from its source instead, with a warning for the stale case.  Both give the same games.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import sys
import sysconfig
import warnings
from importlib.machinery import ModuleSpec
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
MANIFEST = HERE / "_compiled.json"
#: Set this environment variable to 1 to import the pure-Python engine even where a compiled one is built.
PURE_ENV = "WIZARD_EDU_PURE"


def _module_source(name: str) -> Path:
    return HERE.joinpath(*name.split(".")[1:]).with_suffix(".py")


class _FromSource:
    """A finder that imports the named modules from their ``.py`` files (never a compiled twin)."""

    def __init__(self, names: set[str]) -> None:
        self.names = names

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> ModuleSpec | None:
        if name not in self.names:
            return None
        return importlib.util.spec_from_file_location(name, _module_source(name))


def _compiled_modules() -> set[str]:
    """The package's modules that have a compiled twin for this Python."""
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    found = set()
    for path in HERE.rglob(f"*{suffix}"):
        stem = path.name[: -len(suffix)]
        source = path.with_name(stem + ".py")
        if source.exists():
            found.add(".".join(["wizard_edu", *path.relative_to(HERE).with_name(stem).parts]))
    return found


def _choose() -> str:
    """``"compiled"``, ``"pure"`` (no compiled modules, or pure asked for) or ``"stale"``."""
    compiled = _compiled_modules()
    if not compiled:
        return "pure"
    try:
        recorded = json.loads(MANIFEST.read_text())["modules"]
    except (OSError, ValueError, KeyError, TypeError):
        recorded = {}
    stale = sorted(name for name in compiled
                   if recorded.get(name) != hashlib.sha256(_module_source(name).read_bytes()).hexdigest())
    pure = os.environ.get(PURE_ENV, "") not in ("", "0")
    if not (stale or pure):
        return "compiled"
    sys.meta_path.insert(0, _FromSource(compiled))
    if stale and not pure:
        warnings.warn(f"wizard_edu: {', '.join(stale)} changed since it was compiled, so the pure-Python "
                      "engine is used (same games, slower); run `make setup` to compile it again.",
                      RuntimeWarning, stacklevel=2)
        return "stale"
    return "pure"


#: How the engine runs in this process: ``"compiled"``, ``"pure"`` or ``"stale"`` (compiled, but
#: from older sources, so the pure-Python one runs).
STATUS = _choose()


def engine_is_compiled() -> bool:
    """True when the game engine running here is the mypyc-compiled one."""
    game = sys.modules.get("wizard_edu.game")
    return game is not None and not str(getattr(game, "__file__", "")).endswith(".py")
