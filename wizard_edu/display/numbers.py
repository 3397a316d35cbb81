"""Numbers people can read: probability tables that keep their raw numbers for code.

pandas shows a column holding both 0.75 and 0.0001 as ``7.5e-01`` and ``1.0e-04``: fine for a
programmer, unreadable for a pupil.  A :class:`ReadableTable` *is* the plain DataFrame (every
number unchanged, so ``table.loc[5, 1] * 100`` still works) and only its display is different:
chances as percentages with sensible decimals, other numbers with a few decimals, exact
fractions as fractions.

>>> import pandas as pd
>>> t = readable(pd.DataFrame({"chance": [0.75, 0.0001, 0.0]}))
>>> print(t)
   chance
0  75.00%
1   0.01%
2      0%
>>> float(t.loc[1, "chance"])
0.0001
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Any

# Decimals kept when float dust is dropped: far finer than anything shown, far coarser than the dust.
_DUST_DECIMALS = 9


def settle(x: float) -> float:
    """``x`` without the float dust that depends on the order a sum was added up in.

    An average over 4,000 deals is a whole number over 4,000, such as 12.2025; summed in another
    order (another processor, another numpy build) it comes out 12.202499999999 or 12.202500000001
    and then rounds to 12.202 on one computer and 12.203 on another.  Rounding to 9 decimals first
    gives the same float everywhere: such averages sit on a 9-decimal step or far from its middle.

    >>> settle(12.202499999999999) == settle(12.202500000000001) == 12.2025
    True
    """
    return round(float(x), _DUST_DECIMALS) + 0.0   # + 0.0: no "-0" from a dust of -1e-17


def steady(x: Any, decimals: int = 3) -> Any:
    """A number, pandas Series or DataFrame rounded to ``decimals``, the same on every computer.

    Use it to show a sum or an average of floats (see :func:`settle`); other values pass unchanged.

    >>> steady(12.202499999999999) == steady(12.202500000000001)
    True
    """
    if isinstance(x, bool) or x is None:
        return x
    if isinstance(x, (int, float)) or type(x).__module__ == "numpy":
        try:
            return round(settle(x), decimals) + 0.0
        except (TypeError, ValueError):
            return x
    if type(x).__module__.startswith("pandas"):
        import pandas as pd

        if isinstance(x, pd.Series):
            return x.map(lambda v: steady(v, decimals)) if pd.api.types.is_float_dtype(x.dtype) else x
        if isinstance(x, pd.DataFrame):
            out = x.copy()
            for i, dtype in enumerate(out.dtypes):
                if pd.api.types.is_float_dtype(dtype):
                    out.isetitem(i, out.iloc[:, i].map(lambda v: steady(v, decimals)))
            return out
    return x


def show_decimals(decimals: int) -> None:
    """pandas shows every float with ``decimals`` decimals, the same on every computer (see :func:`settle`)."""
    import pandas as pd

    pd.set_option("display.float_format", lambda v: f"{round(settle(v), decimals) + 0.0:.{decimals}f}")


def percent(p: float, decimals: int | None = None) -> str:
    """A chance as a percentage with sensible decimals: "75.0%", "1.25%", "0.01%", "< 0.01%", "0%".

    ``decimals`` fixes the number of decimals (a column uses one number for all its rows)."""
    if p != p:  # NaN
        return ""
    if p == 0:
        return "0%"
    if p == 1:
        return "100%"
    x = settle(100 * settle(p))
    if decimals is None:
        decimals = 1 if abs(x) >= 1 else 2
    if abs(x) < 0.5 * 10 ** -decimals:
        return f"< {10 ** -decimals:.{decimals}f}%" if x > 0 else f"> -{10 ** -decimals:.{decimals}f}%"
    return f"{x:.{decimals}f}%"


def decimal(x: float) -> str:
    """Any other number with a few decimals and never in scientific notation: "1.96", "-0.31", "12.50"."""
    if x != x:  # NaN
        return ""
    x = settle(x)
    if float(x).is_integer() and abs(x) < 1e15:
        return f"{x:,.0f}"
    if 0 < abs(x) < 0.005:
        return "< 0.01" if x > 0 else "> -0.01"
    return f"{x:,.2f}"


@functools.cache
def _table_class() -> type:
    """The ReadableTable class, made at first use (the kit imports pandas only when a table is asked for)."""
    import pandas as pd

    class ReadableTable(pd.DataFrame):
        """A DataFrame that shows its numbers readably.  See the module docstring.

        ``plain`` names the float columns that are not chances (shown as decimals, not percentages);
        a float column whose values are not all between 0 and 1 is shown as decimals too, so
        arithmetic on the table (``table * 100``) is never shown as a wrong percentage.
        """

        _metadata = ["plain"]

        def __init__(self, *args: Any, plain: Iterable[str] = (), **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.plain = tuple(plain)

        @property
        def _constructor(self):  # slices (``.tail(3)``) keep the readable display
            return _readable

        def formatted(self) -> pd.DataFrame:
            """The table as people read it: a DataFrame of strings (percentages, decimals, fractions)."""
            shown = pd.DataFrame(self).copy()
            plain = set(getattr(self, "plain", ()) or ())
            floats = [i for i, dtype in enumerate(shown.dtypes) if pd.api.types.is_float_dtype(dtype)]
            chances = [i for i in floats if shown.columns[i] not in plain]
            # Percentages only when every chance column holds chances (not, say, ``table * 100``).
            as_percent = all(((shown.iloc[:, i].dropna() >= 0) & (shown.iloc[:, i].dropna() <= 1)).all()
                             for i in chances)
            for i in floats:
                values = shown.iloc[:, i]
                if as_percent and i in chances:
                    small = values[(values > 0) & (values < 1)]
                    decimals = 1 if small.empty or small.min() >= 0.01 else 2
                    shown.isetitem(i, values.map(lambda p, d=decimals: percent(p, d)))
                else:
                    shown.isetitem(i, values.map(decimal))
            return shown

        def __repr__(self) -> str:
            return repr(self.formatted())

        def _repr_html_(self) -> str | None:
            # pandas-stubs does not declare DataFrame._repr_html_, so mypy reads it as a column.
            return self.formatted()._repr_html_()  # type: ignore[operator]

        def to_string(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
            return self.formatted().to_string(*args, **kwargs)

    def _readable(*args: Any, **kwargs: Any) -> Any:
        return ReadableTable(*args, **kwargs)

    return ReadableTable


def readable(table: Any, plain: Iterable[str] = ()) -> Any:
    """``table`` (same numbers, same index, same attrs) shown readably; ``plain`` columns are not chances."""
    out = _table_class()(table, plain=plain)
    out.attrs.update(table.attrs)
    return out


def __getattr__(name: str) -> Any:
    if name == "ReadableTable":
        return _table_class()
    raise AttributeError(name)


__all__ = ["readable", "percent", "decimal", "settle", "steady", "show_decimals"]  # ReadableTable: made at first use (module __getattr__)
