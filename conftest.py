"""Pytest settings for the whole checkout (doctests of wizard_edu/, README.md and docs/engine.md included)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from hypothesis import settings

HERE = Path(__file__).parent

# The tests live in one folder per subject (tests/engine/, tests/online/, ...). The helpers several folders
# share live in tests/support/ and import by their own names (``from variant_helpers import expected_cards``).
# (Test files import by their base name too, so every test file's name is unique across tests/.)
SUPPORT = HERE / "tests" / "support"
if str(SUPPORT) not in sys.path:
    sys.path.insert(0, str(SUPPORT))

# Property and fuzz tests draw new random examples on every local run (that is how they find bugs);
# CI (.ci/run sets HYPOTHESIS_PROFILE=ci) draws the same examples every time, so a green main stays green.
settings.register_profile("ci", derandomize=True, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
