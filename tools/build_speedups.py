"""Compile the engine's hot modules with mypyc, next to their sources (``make setup`` runs this).

The kit is pure Python and stays so: this only adds compiled twins of a few modules
(:data:`MODULES`), which Python then imports instead of the ``.py`` files, and writes
``wizard_edu/_compiled.json`` with a SHA-256 of each source.  ``wizard_edu/_speedups.py`` checks
those hashes at import: a compiled module whose source was edited since is never used (the
package warns and imports the sources).  ``WIZARD_EDU_PURE=1`` asks for the sources too.

If mypyc or a C compiler is missing, or the build fails, this says so and leaves the pure-Python
package (which plays exactly the same games, only slower).

Run:  .venv/bin/python tools/build_speedups.py          (build, about a minute on 2 cores)
      .venv/bin/python tools/build_speedups.py --clean  (remove the compiled modules)
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "wizard_edu"
MANIFEST = PACKAGE / "_compiled.json"
BUILD = ROOT / "build" / "speedups"
#: The modules compiled (the engine's common path: a game's construction, deal, legal actions, apply).
MODULES = ["wizard_edu/rules/dealing.py", "wizard_edu/rules/kernel.py", "wizard_edu/game_core.py"]
#: Compiled too where mypyc's ``librt`` is installed (it comes with mypy 1.19 and later): the round's
#: shuffle straight from its seed text, in machine integers.
NATIVE = ["wizard_edu/rules/mersenne.py"]
#: The name of the shared library the compiled modules live in (inside the package).
GROUP = "wizard_edu._compiled"
EXT_SUFFIX = sysconfig.get_config_var("EXT_SUFFIX")


def source_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def compiled_files() -> list[Path]:
    """Every compiled module of the package (any Python version's)."""
    return [p for p in PACKAGE.rglob("*.so") if "__pycache__" not in p.parts] + list(PACKAGE.rglob("*.pyd"))


def clean() -> None:
    MANIFEST.unlink(missing_ok=True)
    for path in compiled_files():
        path.unlink()


#: mypy's settings for the build: the compiled modules are type-checked (mypyc needs their types to
#: be right); the modules they import are read for their types only (``make test`` checks them).
MYPY_CONFIG = """[mypy]
check_untyped_defs = True
[mypy-wizard_edu.*]
ignore_errors = True
[mypy-ipywidgets.*,voila.*]
ignore_missing_imports = True
"""

SETUP = """
from setuptools import setup
from mypyc.build import mypycify
setup(name="wizard-edu-speedups", script_args=["build_ext", "--inplace"],
      ext_modules=mypycify({modules!r}, group_name={group!r}, opt_level="3"))
"""


def has_vecs() -> bool:
    """Whether mypyc's ``librt.vecs`` (arrays of machine integers) is installed."""
    try:
        import librt.vecs  # noqa: F401
    except ImportError:
        return False
    return True


def give_up(reason: str) -> int:
    """Leave the pure-Python engine, and a record saying why (so that make does not try again until
    a source changes)."""
    MANIFEST.write_text(json.dumps({"ext_suffix": EXT_SUFFIX, "modules": {}, "not_built": reason}, indent=1) + "\n")
    print(f"build_speedups: {reason}; the engine stays pure Python (the same games, slower).")
    return 0


def build() -> int:
    clean()  # a failed build leaves the pure-Python package, never an old compiled module
    try:
        import mypyc  # noqa: F401
    except ImportError:
        return give_up("mypyc is not installed (it comes with mypy)")
    shutil.rmtree(BUILD, ignore_errors=True)
    # Build in a copy: setuptools reads no project configuration there, and a half-made build never
    # touches the package.
    shutil.copytree(PACKAGE, BUILD / "wizard_edu", ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
    chosen = MODULES + (NATIVE if has_vecs() else [])
    hashes = {m: source_hash(BUILD / m) for m in chosen}
    (BUILD / "mypy.ini").write_text(MYPY_CONFIG + "".join(
        f"[mypy-{m.removesuffix('.py').replace('/', '.')}]\nignore_errors = False\n" for m in chosen))
    done = subprocess.run([sys.executable, "-c", SETUP.format(modules=chosen, group=GROUP)], cwd=BUILD,
                          capture_output=True, text=True)
    if done.returncode != 0:
        print(done.stdout[-3000:], done.stderr[-3000:], sep="\n")
        return give_up("the mypyc build failed (above)")
    for built in (BUILD / "wizard_edu").rglob(f"*{EXT_SUFFIX}"):
        target = PACKAGE / built.relative_to(BUILD / "wizard_edu")
        shutil.copy2(built, target)
    modules = {m.removesuffix(".py").replace("/", "."): h for m, h in hashes.items()}
    MANIFEST.write_text(json.dumps({"ext_suffix": EXT_SUFFIX, "modules": modules}, indent=1) + "\n")
    print(f"build_speedups: compiled {', '.join(modules)} with mypyc.")
    return 0


if __name__ == "__main__":
    if "--clean" in sys.argv[1:]:
        clean()
        sys.exit(0)
    sys.exit(build())
