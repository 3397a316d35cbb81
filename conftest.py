"""Pytest settings for the whole checkout (doctests of wizard_edu/, README.md and docs/engine.md included)."""

from __future__ import annotations

import os
from pathlib import Path

from hypothesis import settings

HERE = Path(__file__).parent

# Property and fuzz tests draw new random examples on every local run (that is how they find bugs);
# CI (.ci/run sets HYPOTHESIS_PROFILE=ci) draws the same examples every time, so a green main stays green.
settings.register_profile("ci", derandomize=True, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
