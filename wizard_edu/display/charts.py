"""Charts as pictures: a matplotlib figure that shows itself as a PNG wherever it is displayed.

A bare :class:`matplotlib.figure.Figure` made without pyplot shows as the text
``<Figure size 600x320 with 1 Axes>`` unless the notebook ran ``%matplotlib inline``; a
:class:`Chart` always shows the picture (JupyterLab, Voila, stored notebooks), and its
text form is one short, repeatable line.
"""

from __future__ import annotations

import io
from typing import Any


class Chart:
    """A matplotlib Figure that displays as a PNG image.  Anything else is the figure's
    (``chart.axes``, ``chart.savefig(...)``); ``chart.figure`` is the figure itself."""

    def __init__(self, figure: Any, title: str = "chart") -> None:
        self.figure = figure
        self.title = title

    def png(self, dpi: int = 80) -> bytes:
        """The chart as PNG bytes."""
        buf = io.BytesIO()
        self.figure.savefig(buf, format="png", dpi=dpi)
        return buf.getvalue()

    def _repr_png_(self) -> bytes:
        return self.png()

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):  # IPython asks for _repr_*_ methods it should not find on the figure
            raise AttributeError(name)
        return getattr(self.figure, name)

    def __repr__(self) -> str:
        return f"<Chart: {self.title}>"


__all__ = ["Chart"]
