"""Probability tables are readable: no scientific notation (issue 14), raw numbers kept for code."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import pandas as pd
import pytest

from wizard_edu.display.numbers import decimal, percent, readable
from wizard_edu.simulate import compare_with_exact, estimate_tricks, trump_frequencies
from wizard_edu.simulate.odds import hand_odds_table, hypergeometric, trump_odds, trump_odds_table

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
SCIENTIFIC = re.compile(r"\b\d(?:\.\d+)?[eE][-+]?\d+\b")


def _shown(table) -> str:
    return repr(table) + table._repr_html_()


def test_hand_odds_keep_raw_numbers_and_show_percentages():
    table = hand_odds_table("wizards", max_cards=10)
    assert table.loc[4, 4] == pytest.approx(float(hypergeometric(60, 4, 4, 4)))  # raw, for code
    shown = _shown(table)
    assert not SCIENTIFIC.search(shown), shown
    assert "75.3%" in shown and "< 0.01%" in shown
    assert not SCIENTIFIC.search(_shown(table.tail(3))) and "%" in repr(table.tail(3))


def test_exact_tables_show_fractions():
    table = hand_odds_table("wizards", max_cards=3, exact=True)
    assert table.loc[1, 0] == Fraction(14, 15)
    assert "14/15" in repr(table)


def test_trump_and_comparison_tables():
    assert not SCIENTIFIC.search(_shown(trump_odds_table(4)))
    table = compare_with_exact(trump_odds(4, 1), trump_frequencies(600, players=4, round_number=1, seed=1))
    shown = repr(table)
    assert "%" in shown and not SCIENTIFIC.search(shown)
    assert "%" not in repr(table["errors apart"].to_frame().pipe(readable, plain=("errors apart",)))
    assert table.attrs["deals"] == 600


def test_trick_estimates():
    est = estimate_tricks("W R13 G3", players=4, samples=20_000, seed=1)
    assert isinstance(est.table().loc[0, "chance"], float)
    assert not SCIENTIFIC.search(_shown(est.table()))
    assert "%" not in repr(est.bids())  # scores are not chances


def test_arithmetic_is_never_shown_as_a_wrong_percentage():
    table = hand_odds_table("wizards", max_cards=4) * 100
    assert "%" not in repr(table)


@pytest.mark.parametrize("p, text", [(0, "0%"), (1, "100%"), (0.753, "75.3%"), (0.0034, "0.34%"),
                                     (9.9995e-05, "0.01%"), (2e-6, "< 0.01%")])
def test_percent(p, text):
    assert percent(p) == text


def test_decimal():
    assert decimal(1.9567) == "1.96" and decimal(12.0) == "12" and decimal(0.0001) == "< 0.01"
    assert readable(pd.DataFrame({"x": [1e-7, 0.5]})).formatted()["x"].tolist() == ["< 0.01%", "50.00%"]


@pytest.mark.parametrize("notebook", sorted(NOTEBOOKS.glob("*.ipynb")), ids=lambda p: p.stem)
def test_no_stored_table_shows_scientific_notation(notebook):
    nb = json.loads(notebook.read_text())
    for i, cell in enumerate(nb["cells"]):
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            if "text/html" in data and "dataframe" in "".join(data["text/html"]):
                for kind in ("text/html", "text/plain"):
                    text = "".join(data.get(kind, ""))
                    found = SCIENTIFIC.search(text)
                    assert not found, f"cell {i} shows {found.group()}"
