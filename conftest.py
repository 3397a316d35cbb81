"""Pytest settings for the whole checkout (doctests of wizard_edu/ and README.md included)."""

from __future__ import annotations

import json
import os
from pathlib import Path

from hypothesis import settings

HERE = Path(__file__).parent

# Modules compiled with mypyc (tools/build_speedups.py) import as their .so twin, and pytest's doctest
# collector refuses a module whose imported file is not the .py it collects. They hold no doctests;
# the tests in tests/test_speedups.py run them both ways.
_record = HERE / "wizard_edu" / "_compiled.json"
collect_ignore = [str(HERE / "wizard_edu" / (name.split(".", 1)[1].replace(".", "/") + ".py"))
                  for name in (json.loads(_record.read_text()).get("modules", {}) if _record.exists() else {})]

# Property and fuzz tests draw new random examples on every local run (that is how they find bugs);
# CI (.ci/run sets HYPOTHESIS_PROFILE=ci) draws the same examples every time, so a green main stays green.
settings.register_profile("ci", derandomize=True, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
