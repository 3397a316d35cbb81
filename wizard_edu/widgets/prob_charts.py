"""Small, fast charts for the probability widgets, drawn as HTML and SVG text (no images).

Bars carry their numbers as text, so nothing is told by colour alone.
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence

BAR = "#4B6EAF"
BEST = "#E08A00"
EXACT = "#B22222"


def bar_chart_html(labels: Sequence[str], values: Sequence[float], errors: Sequence[float] | None = None,
                   *, highlight: int | None = None, title: str = "", width: int = 260,
                   fmt: str = "{:.1%}") -> str:
    """Horizontal bars, one per label, with the value (and ± error) written next to each."""
    rows = []
    top = max([*values, 1e-12])
    for i, (label, v) in enumerate(zip(labels, values)):
        w = int(round(width * v / top)) if top > 0 else 0
        colour = BEST if i == highlight else BAR
        err = ""
        if errors is not None:
            e = int(round(width * errors[i] / top)) if top > 0 else 0
            err = (f'<span title="± 2 standard errors" style="display:inline-block;width:{2 * e}px;height:2px;'
                   f'margin-left:-{e}px;background:#222;vertical-align:middle"></span>')
            text = f"{fmt.format(v)} ± {fmt.format(errors[i])}"
        else:
            text = fmt.format(v)
        star = " (most likely)" if i == highlight else ""
        rows.append(
            f'<tr class="wizard-bar-row"><td style="text-align:right;padding-right:6px;white-space:nowrap">'
            f'{html.escape(label)}</td>'
            f'<td style="width:{width + 40}px;white-space:nowrap"><span style="display:inline-block;height:1em;width:{w}px;'
            f'background:{colour};vertical-align:middle"></span>{err}</td>'
            f'<td style="padding-left:6px;white-space:nowrap">{html.escape(text)}{star}</td></tr>')
    head = f'<div style="font-weight:bold">{html.escape(title)}</div>' if title else ""
    return f'<div class="wizard-bar-chart">{head}<table>{"".join(rows)}</table></div>'


def line_chart_svg(xs: Sequence[int], ys: Sequence[float], exact: float | None = None,
                   band: tuple[Sequence[float], Sequence[float]] | None = None, *, width: int = 460,
                   height: int = 220, y_label: str = "estimate", log_x: bool = True) -> str:
    """A running estimate against the number of trials (log scale), the exact value and a band."""
    if band:
        band = ([max(0.0, v) for v in band[0]], [min(1.0, v) for v in band[1]])
    pad_l, pad_r, pad_t, pad_b = 48, 28, 10, 34
    x0, x1 = (math.log10(xs[0]), math.log10(max(xs[-1], xs[0] + 1))) if log_x else (xs[0], xs[-1])
    lo = min([*ys, *(band[0] if band else []), *( [exact] if exact is not None else [])])
    hi = max([*ys, *(band[1] if band else []), *( [exact] if exact is not None else [])])
    lo, hi = max(0.0, lo - 0.02), min(1.0, hi + 0.02)
    if hi - lo < 1e-9:
        hi = lo + 0.1

    def px(x: float) -> float:
        v = math.log10(x) if log_x else x
        return pad_l + (width - pad_l - pad_r) * (v - x0) / ((x1 - x0) or 1)

    def py(y: float) -> float:
        return pad_t + (height - pad_t - pad_b) * (1 - (y - lo) / (hi - lo))

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'role="img" aria-label="running {html.escape(y_label)} against the number of trials" '
             f'style="font-family:sans-serif;font-size:11px">']
    if band:
        upper = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in zip(xs, band[1]))
        lower = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in reversed(list(zip(xs, band[0]))))
        parts.append(f'<polygon points="{upper} {lower}" fill="#f3c4c4" stroke="none">'
                     '<title>exact value ± 2 standard errors</title></polygon>')
    if exact is not None:
        parts.append(f'<line x1="{pad_l}" x2="{width - pad_r}" y1="{py(exact):.1f}" y2="{py(exact):.1f}" '
                     f'stroke="{EXACT}" stroke-dasharray="6,3"><title>exact {exact:.4f}</title></line>')
    line = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in zip(xs, ys))
    parts.append(f'<polyline points="{line}" fill="none" stroke="{BAR}" stroke-width="2"/>')
    # Axes and ticks.
    parts.append(f'<line x1="{pad_l}" x2="{pad_l}" y1="{pad_t}" y2="{height - pad_b}" stroke="#333"/>')
    parts.append(f'<line x1="{pad_l}" x2="{width - pad_r}" y1="{height - pad_b}" y2="{height - pad_b}" '
                 'stroke="#333"/>')
    for k in range(5):
        y = lo + (hi - lo) * k / 4
        parts.append(f'<text x="{pad_l - 4}" y="{py(y) + 4:.1f}" text-anchor="end">{y:.2f}</text>')
    if log_x:
        p = 0
        while 10 ** p <= xs[-1]:
            if 10 ** p >= xs[0]:
                parts.append(f'<text x="{px(10 ** p):.1f}" y="{height - pad_b + 14}" '
                             f'text-anchor="middle">{10 ** p:,}</text>')
            p += 1
    parts.append(f'<text x="{(width + pad_l) / 2:.0f}" y="{height - 4}" text-anchor="middle">'
                 'number of trials</text></svg>')
    return "".join(parts)


def heat_colour(p: float) -> tuple[str, str]:
    """Background and ink for a probability: light (unlikely) to dark blue (likely)."""
    light = 96 - int(round(62 * max(0.0, min(1.0, p))))
    return f"hsl(215,60%,{light}%)", ("#ffffff" if light < 60 else "#111111")
