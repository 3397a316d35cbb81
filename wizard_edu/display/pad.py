"""The score pad drawn like the paper pad: a column per player, a row per round (drawing only)."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

PAD_CSS = """<style>
.wizard-pad-paper{border-collapse:collapse;font-family:sans-serif;font-size:14px;table-layout:fixed;
 width:100%;max-width:100%}
.wizard-pad-paper th,.wizard-pad-paper td{border:1px solid #b9ad8f;padding:3px 4px;text-align:center;
 overflow-wrap:anywhere}
.wizard-pad-paper thead th{background:#f3ead2}
.wizard-pad-paper .wizard-pad-round{width:3.2em;background:#f3ead2}
.wizard-pad-paper .wizard-pad-said{display:block;font-size:12px;color:#444}
.wizard-pad-paper .wizard-pad-total{font-weight:bold;font-size:16px}
.wizard-pad-paper .wizard-pad-right{background:#e7f6ec}
.wizard-pad-paper .wizard-pad-wrong{background:#fdecea}
</style>"""


def score_pad_html(names: Sequence[str], rounds: Sequence[Any], said: str = "bid") -> str:
    """The pad: for each round and player "bid 2, won 2" small, the running total big, green with
    ✔ when the bid (prediction) came true, red with ✖ when not.  ``rounds`` are the game's round
    records (``bids``, ``won``, ``points``, ``totals``); ``said`` is "bid" or "predicted".

    Fits any width: the columns share the width (no sideways scroll, no player cut off)."""
    head = "".join(f'<th scope="col">{escape(n)}</th>' for n in names)
    rows = []
    for r in rounds:
        cells = []
        for s in range(len(names)):
            right = r.bids[s] == r.won[s]
            sign = "+" if r.points[s] > 0 else ""
            mark = "\u2714" if right else "\u2716"
            cells.append(
                f'<td class="{"wizard-pad-right" if right else "wizard-pad-wrong"}">'
                f'<span class="wizard-pad-said">{said} {r.bids[s]}, won {r.won[s]} {mark} {sign}{r.points[s]}</span>'
                f'<span class="wizard-pad-total">{r.totals[s]}</span></td>')
        rows.append(f'<tr><th scope="row" class="wizard-pad-round">{r.number}</th>{"".join(cells)}</tr>')
    return (f'{PAD_CSS}<table class="wizard-pad wizard-pad-paper"><thead><tr>'
            f'<th class="wizard-pad-round" scope="col">Round</th>{head}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table>')
