"""``mypyc_attr`` for the modules ``make setup`` compiles: mypy's own when it is installed, else a
decorator that does nothing (mypyc reads it only while compiling; at run time it changes nothing)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr
else:
    try:
        from mypy_extensions import mypyc_attr
    except ImportError:  # pragma: no cover - mypy (and so mypy_extensions) is a test dependency only
        def mypyc_attr(*attrs, **kwattrs):
            return lambda cls: cls

__all__ = ["mypyc_attr"]
