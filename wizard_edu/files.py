"""Writing a file so that it is either all there or not there at all."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomic(target: Path, text: str, mode: int = 0o600) -> None:
    """Write ``text`` to ``target`` through a temporary file in the same folder and ``os.replace``.

    A pupil closing the laptop mid-write never leaves half a file, and a symlink at ``target`` is
    replaced by the file, never followed. ``mode``: the file's permissions (private by default).
    """
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}-", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
