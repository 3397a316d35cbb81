"""``mypyc_attr`` for the modules ``make setup`` compiles: mypy's own when it is installed, else a
decorator that does nothing (mypyc reads it only while compiling; at run time it changes nothing)."""

from __future__ import annotations

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # pragma: no cover - mypy (and so mypy_extensions) is a test dependency only
    from typing import Any

    def mypyc_attr(*attrs: str, **kwattrs: object) -> Any:  # type: ignore[no-redef]
        return lambda cls: cls

__all__ = ["mypyc_attr"]
