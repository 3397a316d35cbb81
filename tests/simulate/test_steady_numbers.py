"""Stored outputs do not depend on the order a float sum is added up in (issue 21, item 9).

An average over n deals is a whole number over n; added up in another order (another processor, another
numpy build) it comes out a hair above or below, and rounding to the shown decimals then differs between
computers (notebook 14 showed 12.203 on one machine and 12.202 on another).  ``settle`` drops that dust
first, so ``steady``, ``percent``, ``decimal`` and the pandas display set by ``show_decimals`` show the same
digits everywhere.
"""

from __future__ import annotations

import json
import math
import random
import re
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st

from wizard_edu.display.numbers import decimal, percent, settle, show_decimals, steady

REPO = Path(__file__).resolve().parents[2]


def _dusty(x: float) -> list[float]:
    """``x`` and the floats one and two steps either side: what another summation order may give."""
    out = [x]
    for direction in (math.inf, -math.inf):
        y = x
        for _ in range(2):
            y = math.nextafter(y, direction)
            out.append(y)
    return out


@given(st.integers(min_value=-60_000, max_value=60_000), st.sampled_from([100, 1000, 2000, 4000, 10_000, 20_000]))
def test_an_average_of_whole_numbers_shows_the_same_digits_whatever_the_dust(total, n):
    exact = total / n
    for shown in (lambda v: steady(v, 3), lambda v: steady(v, 2), lambda v: steady(v, 1), decimal,
                  lambda v: percent(v / 100_000 + 0.5), settle):
        assert len({shown(v) for v in _dusty(exact)}) == 1


def test_the_case_of_notebook_14():
    below, above = 12.202499999999999, 12.202500000000001
    assert round(below, 3) != round(above, 3)          # what went wrong
    assert steady(below, 3) == steady(above, 3)        # what the notebooks show now


def test_a_sum_in_two_orders_shows_the_same():
    rng = random.Random(1)
    values = [rng.choice([-30, -20, -10, 20, 30, 40, 50]) for _ in range(4000)]
    forward = sum(v / 4000 for v in values)
    backward = sum(v / 4000 for v in reversed(values))
    pairwise = float(np.sum(np.array(values) / 4000))
    assert steady(forward, 3) == steady(backward, 3) == steady(pairwise, 3)


def test_steady_keeps_pandas_shapes_and_leaves_other_values():
    frame = pd.DataFrame({"x": [12.202499999999999, 1.0], "name": ["a", "b"]}, index=[0, 1])
    out = steady(frame, 2)
    assert list(out.columns) == ["x", "name"] and out["name"].tolist() == ["a", "b"]
    assert out["x"].tolist() == [steady(12.2025, 2), 1.0]
    assert steady(pd.Series([0.123456]), 3).tolist() == [0.123]
    assert steady("text") == "text" and steady(None) is None and steady(True) is True
    assert steady(np.float64(2.0000000001), 3) == 2.0


def test_show_decimals_formats_pandas_floats_steadily():
    try:
        show_decimals(3)
        shown = {repr(pd.Series([v])) for v in _dusty(12.2025)}
        assert len(shown) == 1 and "12.20" in shown.pop()
    finally:
        pd.reset_option("display.float_format")


FLOAT_REPR = re.compile(r"(?<![\w.])-?\d+\.\d{7,}(?!\d)")


def _outputs(path: Path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    for i, cell in enumerate(nb["cells"]):
        for out in cell.get("outputs", []):
            texts = [out.get("text", "")] + [v for k, v in out.get("data", {}).items() if k.startswith("text/")]
            for t in texts:
                yield i, "".join(t) if isinstance(t, list) else t


@pytest.mark.parametrize("path", sorted((REPO / "notebooks").glob("**/*.ipynb")), ids=lambda p: p.stem)
def test_no_stored_output_shows_a_raw_float(path):
    """A float shown with all its digits (0.6071428571428571) is neither what is taught nor steady."""
    for i, text in _outputs(path):
        text = re.sub(r"<style.*?</style>|style=\"[^\"]*\"", "", text, flags=re.S)
        found = FLOAT_REPR.findall(text)
        assert not found, (path.name, i, found[:3])
