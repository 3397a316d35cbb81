"""The Binder configuration agrees with pyproject.toml and with the kit's files."""

from __future__ import annotations

import importlib.metadata
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet

REPO = Path(__file__).resolve().parents[2]
BINDER = REPO / "binder"

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    tomllib = pytest.importorskip("tomli")


def pyproject() -> dict:
    return tomllib.loads((REPO / "pyproject.toml").read_text())


def binder_pins() -> dict[str, str]:
    pins = {}
    for line in (BINDER / "requirements.txt").read_text().splitlines():
        line = line.split("#")[0].strip()
        if line:
            req = Requirement(line)
            (spec,) = list(req.specifier)
            assert spec.operator == "==", f"pin exact versions in binder/requirements.txt: {line}"
            pins[req.name.lower().replace("_", "-")] = spec.version
    return pins


def needed_requirements() -> list[Requirement]:
    project = pyproject()["project"]
    return [Requirement(r) for r in project["dependencies"] + project["optional-dependencies"]["kid"]]


def test_every_dependency_is_pinned_within_pyproject_ranges():
    pins = binder_pins()
    for req in needed_requirements():
        name = req.name.lower().replace("_", "-")
        assert name in pins, f"binder/requirements.txt lacks {req.name} (pyproject needs {req})"
        assert req.specifier.contains(pins[name]), f"{name}=={pins[name]} is outside pyproject's {req.specifier}"


def test_the_pins_are_the_versions_tested_here():
    """Binder gets what the tests ran with: update binder/requirements.txt when the venv is upgraded."""
    for name, version in binder_pins().items():
        assert importlib.metadata.version(name) == version, (
            f"binder/requirements.txt pins {name}=={version}, the tested venv has "
            f"{importlib.metadata.version(name)}")


def test_runtime_python_is_supported():
    text = (BINDER / "runtime.txt").read_text().strip()
    match = re.fullmatch(r"python-(\d+\.\d+)", text)
    assert match, text
    requires = SpecifierSet(pyproject()["project"]["requires-python"])
    assert requires.contains(match.group(1) + ".0")


def test_post_build_installs_the_kit_and_checks_it():
    post = BINDER / "postBuild"
    assert os.access(post, os.X_OK), "binder/postBuild must be executable"
    text = post.read_text()
    assert text.startswith("#!/bin/bash") and "set -euo pipefail" in text
    assert re.search(r"pip install .*-e \.$", text, re.M), "postBuild installs the kit from the repository"
    assert "wizard-edu doctor" in text
    subprocess.run(["bash", "-n", str(post)], check=True, timeout=30)
    # The console script postBuild calls is the one pyproject declares.
    assert "wizard-edu" in pyproject()["project"]["scripts"]


def test_binder_links_in_the_guides_point_at_real_notebooks():
    guide = (REPO / "lessons" / "classroom-setup.md").read_text()
    targets = re.findall(r"urlpath=(?:lab/tree|voila/render)/([\w./-]+\.ipynb)", guide)
    assert targets, "the classroom guide gives Binder links"
    for target in targets:
        assert (REPO / target).is_file(), target
