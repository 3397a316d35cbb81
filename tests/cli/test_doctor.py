"""The install check: each check can fail, says why in plain words, and gives the fix."""

from __future__ import annotations

import importlib.metadata
from pathlib import Path

import pytest

import wizard_edu
from wizard_edu.lab import doctor

REPO = Path(__file__).resolve().parents[2]


def by_name(results):
    return {c.name: c for c in results}


def test_everything_required_works_in_the_kit():
    results = doctor.run_checks(REPO)
    failing = [c for c in results if c.required and not c.ok]
    assert not failing, doctor.report_text(results)
    assert doctor.all_ok(results)
    names = set(by_name(results))
    for needed in ("Python", "Kernel", "ipywidgets", "Widgets in JupyterLab", "pandas", "matplotlib", "numpy",
                   "wizard-edu", "Lesson notebooks", "Rules engine"):
        assert needed in names


def test_the_html_checklist_is_the_same_on_every_computer():
    results = doctor.run_checks(REPO)
    html = doctor.report_html(results)
    assert html == doctor.report_html(doctor.run_checks(REPO))
    assert str(REPO) not in html and str(Path.home()) not in html
    for dist in ("ipywidgets", "pandas", "numpy", "matplotlib", "jupyterlab"):
        assert importlib.metadata.version(dist) not in html   # versions only in the details
    assert "Everything a lesson needs works" in html
    assert wizard_edu.__version__ in doctor.versions_text(results)


def test_a_missing_module_says_how_to_fix_it():
    check = doctor._module_check("Frobnicator", "no_such_module_for_wizard_edu", "no-such-dist",
                                 "the frobs", "Run `pip install frobnicator`.")
    assert not check.ok and check.required
    assert "missing" in check.message and check.fix == "Run `pip install frobnicator`."
    text = doctor.report_text([check])
    assert "[PROBLEM] Frobnicator" in text and "fix: Run `pip install frobnicator`." in text
    html = doctor.report_html([check])
    assert "needs fixing" in html and "pip install frobnicator" in html
    found_only = doctor._module_check("Server part", "no_such_module_for_wizard_edu", "no-such-dist",
                                      "the server", "Run `pip install it`.", load=False)
    assert not found_only.ok
    assert doctor._module_check("JupyterLab", "jupyterlab", "jupyterlab", "lessons", "fix", load=False).ok


def test_too_old_a_version_fails():
    check = doctor._module_check("ipywidgets", "ipywidgets", "ipywidgets", "buttons", "upgrade", min_major=99)
    assert not check.ok and "too old" in check.message


def test_optional_parts_do_not_fail_the_doctor():
    ok = doctor.Check("A", True, "fine")
    optional = doctor.Check("Voila (kid mode)", False, "missing", "pip install voila", required=False)
    required = doctor.Check("B", False, "broken", "fix it")
    assert doctor.all_ok([ok, optional])
    assert not doctor.all_ok([ok, optional, required])
    assert "Optional, missing: Voila (kid mode)" in doctor.report_text([ok, optional])


def test_engine_self_test_catches_a_broken_engine(monkeypatch):
    assert doctor.check_engine().ok

    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(wizard_edu, "play_game", broken)
    check = doctor.check_engine()
    assert not check.ok and "make setup" in check.fix


def test_missing_kernel_is_reported(monkeypatch):
    from jupyter_client.kernelspec import KernelSpecManager

    monkeypatch.setattr(KernelSpecManager, "find_kernel_specs", lambda self: {"julia": "x"})
    check = doctor.check_kernel()
    assert not check.ok and "ipykernel install" in check.fix


def test_missing_widgets_extension_is_reported(monkeypatch, tmp_path):
    import jupyter_core.paths

    assert doctor.check_widgets_extension().ok
    monkeypatch.setattr(jupyter_core.paths, "jupyter_path", lambda *parts: [str(tmp_path)])
    check = doctor.check_widgets_extension()
    assert not check.ok and "jupyterlab_widgets" in check.fix


def test_finding_the_notebooks_folder(tmp_path, monkeypatch):
    monkeypatch.delenv(doctor.NOTEBOOKS_ENV, raising=False)
    monkeypatch.setattr(doctor, "repo_root", lambda: tmp_path / "elsewhere")
    assert doctor.find_notebooks_dir(tmp_path) is None
    check = doctor.check_notebooks(tmp_path)
    assert not check.ok and doctor.NOTEBOOKS_ENV in check.fix
    nb = tmp_path / "notebooks"
    nb.mkdir()
    (nb / doctor.MARKER_NOTEBOOK).write_text("{}")
    assert doctor.find_notebooks_dir(tmp_path) == nb.resolve()     # from the kit's folder
    assert doctor.find_notebooks_dir(nb) == nb.resolve()           # from inside it (a kernel's folder)
    check = doctor.check_notebooks(tmp_path)
    assert not check.ok and "no lessons" in check.message
    (nb / "01-first-lesson.ipynb").write_text("{}")
    assert doctor.check_notebooks(tmp_path).ok
    other = tmp_path / "other"
    other.mkdir()
    (other / doctor.MARKER_NOTEBOOK).write_text("{}")
    monkeypatch.setenv(doctor.NOTEBOOKS_ENV, str(other))
    assert doctor.find_notebooks_dir(tmp_path) == other.resolve()


def test_a_crashing_check_is_a_failure_not_a_crash(monkeypatch):
    def crash():
        raise OSError("disk on fire")

    monkeypatch.setattr(doctor, "all_checks", lambda start=None: [crash])
    results = doctor.run_checks()
    assert len(results) == 1 and not results[0].ok
    assert doctor.main() == 1


@pytest.mark.parametrize("clicks", [1, 2, 3])
def test_the_click_test_answers(clicks):
    box = doctor.widget_check()
    button, label = box.children
    assert button.description == "Click me" and button.tooltip
    assert label.value == "Not clicked yet."
    for _ in range(clicks):
        button.click()
    assert label.value == f"It works! You clicked {clicks} time{'s' if clicks > 1 else ''}."


def test_doctor_and_servers_import_one_way():
    """The doctor asks the servers' helpers (is_root, port_in_use, repo_root); the servers never import the doctor."""
    import ast
    import inspect

    from wizard_edu.lab import servers

    tree = ast.parse(inspect.getsource(servers))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    imported |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    assert not {m for m in imported if m and m.endswith("doctor")}
    assert doctor.repo_root is servers.repo_root
