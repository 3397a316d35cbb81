"""Count the tests under tests/: test functions, parametrised cases and assertions.

For a reorganisation of the tests (files moved, merged, renamed) nothing may be lost.  This script
counts, for every test function (``Class.test_name`` when it is a method):

* **cases**: how many items ``pytest --collect-only -q`` collects for it (parametrised cases included);
* **asserts**: the ``assert`` statements, ``pytest.raises``/``pytest.warns`` and ``pytest.fail`` calls
  in its body (what it checks), read from the source with :mod:`ast`.

Test files are matched by the function's name, not by its path, so a test that moved to another file
is still found.  It also reports a test function defined twice in one file or class (the second hides
the first from pytest: a test lost without a word).

Usage (from the kit's folder)::

    python tools/count_tests.py                       # totals
    python tools/count_tests.py --save before.json    # totals, and the per-test figures in a file
    python tools/count_tests.py --compare before.json # totals, and every test with fewer cases or
                                                      # assertions than in before.json (exit 1 if any)
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
TESTS = REPO / "tests"
CHECK_CALLS = {"raises", "warns", "fail", "approx"}


def _checks(node: ast.AST) -> int:
    """Assertions in a function body: assert statements and pytest.raises/warns/fail calls."""
    count = 0
    for sub in ast.walk(node):
        if isinstance(sub, ast.Assert):
            count += 1
        elif isinstance(sub, ast.Call) and isinstance(sub.func, ast.Attribute) \
                and sub.func.attr in CHECK_CALLS - {"approx"} \
                and isinstance(sub.func.value, ast.Name) and sub.func.value.id == "pytest":
            count += 1
    return count


def scan_sources(root: Path = TESTS) -> tuple[dict[str, list[int]], list[str]]:
    """Per test name (``Class.func`` or ``func``): the assertion counts of each definition, and duplicates."""
    asserts: dict[str, list[int]] = defaultdict(list)
    duplicates: list[str] = []
    for path in sorted(root.rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        scopes: list[tuple[str, list[ast.stmt]]] = [("", tree.body)]
        for node in tree.body:
            if isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
                scopes.append((node.name + ".", node.body))
        for prefix, body in scopes:
            seen: Counter[str] = Counter()
            for node in body:
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
                    seen[node.name] += 1
                    asserts[prefix + node.name].append(_checks(node))
            for name, n in seen.items():
                if n > 1:
                    duplicates.append(f"{path.relative_to(REPO)}: {prefix}{name} defined {n} times")
    return asserts, duplicates


def collect(root: Path = TESTS) -> tuple[Counter[str], str]:
    """Collected items per test name (``Class.func``), from ``pytest --collect-only -q``."""
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", str(root)],
        cwd=REPO, capture_output=True, text=True, check=False)
    cases: Counter[str] = Counter()
    for line in proc.stdout.splitlines():
        if "::" not in line:
            continue
        parts = line.split("::")[1:]
        parts[-1] = re.sub(r"\[.*\]$", "", parts[-1])
        cases[".".join(parts)] += 1
    tail = "\n".join(line for line in proc.stdout.splitlines()[-3:] if line.strip())
    if proc.returncode != 0:
        tail += "\n" + proc.stderr[-2000:]
    return cases, tail


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--save", type=Path, help="write the per-test figures to this JSON file")
    parser.add_argument("--compare", type=Path, help="compare with figures saved earlier")
    parser.add_argument("--no-collect", action="store_true", help="read the sources only (no pytest)")
    args = parser.parse_args(argv)

    asserts, duplicates = scan_sources()
    cases, tail = (Counter(), "") if args.no_collect else collect()
    figures = {name: {"definitions": len(counts), "asserts": sum(counts), "cases": cases.get(name, 0)}
               for name, counts in sorted(asserts.items())}
    files = len(list(TESTS.rglob("test_*.py")))
    print(f"test files:      {files}")
    print(f"test functions:  {sum(f['definitions'] for f in figures.values())}")
    print(f"assertions:      {sum(f['asserts'] for f in figures.values())}")
    if not args.no_collect:
        print(f"collected items: {sum(cases.values())}   ({tail.splitlines()[-1] if tail else 'nothing'})")
    for line in duplicates:
        print("DUPLICATE (the later one hides the earlier):", line)
    if args.save:
        args.save.write_text(json.dumps(figures, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    lost = bool(duplicates)
    if args.compare:
        before = json.loads(args.compare.read_text(encoding="utf-8"))
        for name, old in sorted(before.items()):
            new = figures.get(name, {"definitions": 0, "asserts": 0, "cases": 0})
            fewer = [key for key in ("definitions", "asserts", "cases")
                     if new[key] < old[key] and not (key == "cases" and args.no_collect)]
            if fewer:
                lost = True
                print(f"FEWER {'/'.join(fewer)}: {name}: before {old}, now {new}")
        gained = sorted(set(figures) - set(before))
        if gained:
            print(f"new test names: {len(gained)}: " + ", ".join(gained[:20]) + (" ..." if len(gained) > 20 else ""))
    return 1 if lost else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
