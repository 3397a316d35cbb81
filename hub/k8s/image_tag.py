"""The tag of the kit's single-user image for Zero to JupyterHub, derived from binder/.

    python hub/k8s/image_tag.py        # prints e.g. 0.1.0-py3.11-1a2b3c4d5e

The tag names the kit's version, the Python version of binder/runtime.txt and a hash of
binder/ (runtime.txt, requirements.txt, postBuild): change a pin and the tag changes, so
config.yaml must name the new image (tests/hub/test_z2jh_config.py checks that it does).
"""

from __future__ import annotations

import hashlib
import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
BINDER_FILES = ("runtime.txt", "requirements.txt", "postBuild")


def binder_python(repo: Path = REPO) -> str:
    """The Python version binder/runtime.txt asks for, e.g. '3.11'."""
    text = (repo / "binder" / "runtime.txt").read_text().strip()
    match = re.fullmatch(r"python-(\d+\.\d+)", text)
    if not match:
        raise ValueError(f"binder/runtime.txt should read python-X.Y, not {text!r}")
    return match.group(1)


def kit_version(repo: Path = REPO) -> str:
    match = re.search(r'^version = "([^"]+)"', (repo / "pyproject.toml").read_text(), re.M)
    if not match:
        raise ValueError("pyproject.toml has no version")
    return match.group(1)


def image_tag(repo: Path = REPO) -> str:
    digest = hashlib.sha256()
    for name in BINDER_FILES:
        digest.update(name.encode() + b"\0" + (repo / "binder" / name).read_bytes() + b"\0")
    return f"{kit_version(repo)}-py{binder_python(repo)}-{digest.hexdigest()[:10]}"


if __name__ == "__main__":
    sys.stdout.write(image_tag() + "\n")
