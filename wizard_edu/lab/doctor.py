"""Is everything a lesson needs working?  ``wizard-edu doctor`` and notebook 00 ask this module.

Each check says in plain words what it looked at, whether it works, and, when
it does not, what to do about it.  No check prints a path of this computer.

>>> report = run_checks()
>>> all(isinstance(c, Check) for c in report)
True
"""

from __future__ import annotations

import importlib
import importlib.metadata
import importlib.util
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from html import escape
from pathlib import Path

from . import servers
from .servers import repo_root

#: The oldest Python the kit supports (pyproject: requires-python).
MIN_PYTHON = (3, 10)
#: The notebook that marks a folder as the kit's notebooks folder.
MARKER_NOTEBOOK = "00-install-check.ipynb"
NOTEBOOKS_ENV = "WIZARD_EDU_NOTEBOOKS"

REINSTALL = "In the kit's folder run `make setup` (or `pip install -e .`), then restart the kernel."


@dataclass(frozen=True)
class Check:
    """One line of the checklist."""

    name: str
    ok: bool
    message: str
    fix: str = ""
    details: str = ""      # versions and the like: shown by the command, not in compared outputs
    required: bool = True  # an optional part (kid mode) never makes the doctor fail
    warning: bool = False  # a risk worth knowing (running as root, a busy port), not a missing part


# -- where the notebooks are -------------------------------------------------------
def find_notebooks_dir(start: str | os.PathLike | None = None) -> Path | None:
    """The kit's notebooks folder, or ``None``.

    Looks at ``$WIZARD_EDU_NOTEBOOKS``, then ``start`` (default: the current
    folder) and its ``notebooks`` subfolder, then the folder next to the package.
    A folder counts when it holds ``00-install-check.ipynb``.
    """
    here = Path(start) if start is not None else Path.cwd()
    candidates = []
    if os.environ.get(NOTEBOOKS_ENV):
        candidates.append(Path(os.environ[NOTEBOOKS_ENV]))
    candidates += [here, here / "notebooks", repo_root() / "notebooks"]
    for folder in candidates:
        if (folder / MARKER_NOTEBOOK).is_file():
            return folder.resolve()
    return None


def find_benchmarks_dir(start: str | os.PathLike | None = None) -> Path | None:
    """The kit's ``benchmarks`` folder (next to ``notebooks``), or ``None``."""
    here = Path(start) if start is not None else Path.cwd()
    for folder in (here / "benchmarks", repo_root() / "benchmarks"):
        if folder.is_dir():
            return folder.resolve()
    return None


# -- the checks --------------------------------------------------------------------
def _version(dist: str) -> str:
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return "not installed"


def check_python() -> Check:
    v = sys.version_info
    ok = (v.major, v.minor) >= MIN_PYTHON
    need = ".".join(map(str, MIN_PYTHON))
    return Check("Python", ok, "Python is new enough." if ok else f"Python is too old: the kit needs {need} or newer.",
                 "" if ok else f"Install Python {need} or newer, then run `make lab` again.",
                 details=f"Python {v.major}.{v.minor}.{v.micro}")


def _module_check(name: str, module: str, dist: str, what: str, fix: str, required: bool = True,
                  min_major: int | None = None, load: bool = True) -> Check:
    """``load=False`` for server-side packages (JupyterLab, Voila): found is enough, and much faster."""
    try:
        if load:
            importlib.import_module(module)
        elif importlib.util.find_spec(module) is None:
            raise ImportError(module)
    except Exception:
        return Check(name, False, f"{name} is missing, so {what} will not work.", fix, required=required,
                     details=f"{dist}: not installed")
    version = _version(dist)
    if min_major is not None and version.split(".")[0].isdigit() and int(version.split(".")[0]) < min_major:
        return Check(name, False, f"{name} is too old for {what}.", fix, details=f"{dist} {version}",
                     required=required)
    return Check(name, True, f"{name} works ({what}).", details=f"{dist} {version}", required=required)


def check_kit() -> Check:
    try:
        import wizard_edu
    except Exception:
        return Check("wizard-edu", False, "The wizard-edu package cannot be loaded.", REINSTALL)
    return Check("wizard-edu", True, "The wizard-edu package is installed.",
                 details=f"wizard-edu {wizard_edu.__version__}")


def check_kernel() -> Check:
    """A Jupyter kernel called ``python3`` that notebooks can start."""
    fix = "Run `python -m ipykernel install --user` (or `make lab` again), then reload the page."
    try:
        from jupyter_client.kernelspec import KernelSpecManager
        specs = KernelSpecManager().find_kernel_specs()
    except Exception:
        return Check("Kernel", False, "Jupyter cannot list its kernels, so notebooks cannot run.", fix)
    if "python3" not in specs:
        return Check("Kernel", False, "There is no Python 3 kernel for the notebooks.", fix)
    return Check("Kernel", True, "The Python 3 kernel is there for the notebooks.",
                 details=f"ipykernel {_version('ipykernel')}")


def check_widgets_extension() -> Check:
    """The JupyterLab side of the widgets (without it buttons show as text)."""
    fix = "Run `pip install jupyterlab_widgets` (or `make lab` again), then restart JupyterLab and reload the page."
    if importlib.util.find_spec("jupyterlab_widgets") is None:
        return Check("Widgets in JupyterLab", False,
                     "The JupyterLab widgets extension is missing: buttons would show as plain text.", fix)
    try:
        from jupyter_core.paths import jupyter_path
        found = any(Path(p, "@jupyter-widgets", "jupyterlab-manager").is_dir()
                    for p in jupyter_path("labextensions"))
    except Exception:
        found = False
    if not found:
        return Check("Widgets in JupyterLab", False,
                     "The widgets extension is installed but JupyterLab cannot find it.", fix)
    return Check("Widgets in JupyterLab", True, "JupyterLab can show widgets (buttons, sliders).",
                 details=f"jupyterlab_widgets {_version('jupyterlab_widgets')}")


def check_engine() -> Check:
    """A tiny self-test of the rules and of a whole seeded game."""
    try:
        from wizard_edu import explain_trick, legal_plays, play_game, score_round
        assert explain_trick("G8 G4 G5 R2", trump="R", rules="junior").winner == 3
        assert explain_trick("J R3 W R13", trump="R").winner == 2
        assert [str(c) for c in legal_plays("R3 G9 W", "R12")] == ["R3", "W"]
        assert score_round(2, 2) == 40 and score_round(3, 1) == -20 and score_round(0, 0, "junior") == 1
        game = play_game(3, rules="junior", seed=1)
        assert game.is_over and len(game.rounds) == 8
    except Exception as exc:
        return Check("Rules engine", False, f"The rules self-test failed ({type(exc).__name__}).", REINSTALL)
    return Check("Rules engine", True, "The rules self-test passed (tricks, follow suit, scores, a whole game).")


def check_notebooks(start: str | os.PathLike | None = None) -> Check:
    folder = find_notebooks_dir(start)
    if folder is None:
        return Check("Lesson notebooks", False, "The lesson notebooks folder was not found.",
                     "Start from the kit's folder (the one with the Makefile and the notebooks folder), "
                     f"or set {NOTEBOOKS_ENV} to the notebooks folder.")
    lessons = [p for p in folder.glob("[0-9][0-9]-*.ipynb") if p.name != MARKER_NOTEBOOK]
    if not lessons:
        return Check("Lesson notebooks", False, "The notebooks folder has no lessons in it.",
                     "Download the kit again (or `git pull`) to get the lesson notebooks back.")
    return Check("Lesson notebooks", True, "The lesson notebooks are there.",
                 details=f"{len(lessons)} lesson notebooks")


def all_checks(start: str | os.PathLike | None = None) -> list[Callable[[], Check]]:
    return [
        check_python,
        check_kit,
        check_engine,
        check_kernel,
        lambda: _module_check("JupyterLab", "jupyterlab", "jupyterlab", "the lessons in a browser",
                              "Run `make lab` again (or `pip install jupyterlab`).", min_major=4, load=False),
        lambda: _module_check("ipywidgets", "ipywidgets", "ipywidgets", "the buttons and trainers",
                              "Run `pip install ipywidgets` (or `make lab` again), then restart the kernel.",
                              min_major=8),
        check_widgets_extension,
        lambda: _module_check("pandas", "pandas", "pandas", "the score pads",
                              "Run `pip install pandas` (or `make lab` again), then restart the kernel."),
        lambda: _module_check("numpy", "numpy", "numpy", "the simulations",
                              "Run `pip install numpy` (or `make lab` again), then restart the kernel."),
        lambda: _module_check("matplotlib", "matplotlib", "matplotlib", "the charts",
                              "Run `pip install matplotlib` (or `make lab` again), then restart the kernel."),
        lambda: check_notebooks(start),
        lambda: _module_check("Voila (kid mode)", "voila", "voila", "`make play`",
                              "Run `pip install voila` (or `pip install -e \".[kid]\"`). "
                              "Only kid mode needs it.", required=False, load=False),
    ]


# -- the servers (only for `wizard-edu doctor`: they depend on the moment, not the install) ---------
#: The ports the kit's servers use by default: JupyterLab (``make lab``), kid mode for a class.
LAB_PORT = 8888
CLASSROOM_PORT = 8866


def check_root() -> Check:
    """Running as root: the servers refuse unless told ``--allow-root``, and a notebook could change anything."""
    if not servers.is_root():
        return Check("User", True, "You are not root (good: notebooks cannot change the whole computer).",
                     required=False)
    return Check("User", False, "You are running as root (the all-powerful user): anything a notebook does "
                 "could change the whole computer.",
                 "Run the kit as a normal user. In a container made for it, `wizard-edu lab --allow-root` "
                 "and `wizard-edu play --allow-root` still work.", required=False, warning=True)


def check_port(port: int, what: str, option: str) -> Check:
    """Is the default port of a server free?  A busy one makes that server refuse to start."""
    name = f"Port {port}"
    host = "0.0.0.0" if port == CLASSROOM_PORT else "127.0.0.1"
    if not servers.port_in_use(port, host):
        return Check(name, True, f"Port {port} is free for {what}.", required=False)
    return Check(name, False, f"Port {port} is already in use, so {what} cannot start there.",
                 f"Stop the program that uses it (maybe a server started earlier), or start with "
                 f"`{option} --port 0` for a free port.", required=False, warning=True)


def server_checks() -> list[Callable[[], Check]]:
    return [check_root,
            lambda: check_port(LAB_PORT, "JupyterLab (`make lab`)", "wizard-edu lab"),
            lambda: check_port(CLASSROOM_PORT, "kid mode for a class", "wizard-edu play --classroom")]


def run_checks(start: str | os.PathLike | None = None, servers: bool = False) -> list[Check]:
    """Run every check (and the server checks with ``servers=True``); a crashing check is a failure."""
    results = []
    for check in all_checks(start) + (server_checks() if servers else []):
        try:
            results.append(check())
        except Exception as exc:
            results.append(Check(getattr(check, "__name__", "check"), False,
                                 f"The check itself failed ({type(exc).__name__}).", REINSTALL))
    return results


def all_ok(results: list[Check]) -> bool:
    """True when every required check passed (optional parts may be missing)."""
    return all(c.ok for c in results if c.required)


# -- reports -----------------------------------------------------------------------
def _mark(check: Check) -> str:
    if check.ok:
        return "ok"
    if check.warning:
        return "WARNING"
    return "MISSING" if not check.required else "PROBLEM"


def report_text(results: list[Check], details: bool = True) -> str:
    """The checklist as text for a terminal."""
    lines = []
    for c in results:
        extra = f"  [{c.details}]" if details and c.details else ""
        lines.append(f"[{_mark(c):>7}] {c.name}: {c.message}{extra}")
        if not c.ok and c.fix:
            lines.append(f"          fix: {c.fix}")
    if all_ok(results):
        optional = [c.name for c in results if not c.ok and not c.warning]
        lines.append("All set: everything a lesson needs works." +
                     (f" (Optional, missing: {', '.join(optional)}.)" if optional else ""))
    else:
        lines.append("Something needs fixing: follow the 'fix' lines above, then run `wizard-edu doctor` again.")
    return "\n".join(lines)


def report_html(results: list[Check]) -> str:
    """A friendly checklist for notebook 00 (no versions or paths, so the output is the same everywhere)."""
    rows = []
    for c in results:
        if c.ok:
            icon, colour, word = "\u2714", "#1b7a3a", "works"
        elif c.required:
            icon, colour, word = "\u2718", "#b00020", "needs fixing"
        else:
            icon, colour, word = "\u25cb", "#8a5a00", "optional, missing"
        fix = f'<div style="margin-left:1.8em"><b>Fix:</b> {escape(c.fix)}</div>' if not c.ok and c.fix else ""
        rows.append(f'<li style="list-style:none;margin:0.3em 0"><span aria-hidden="true" '
                    f'style="color:{colour};font-weight:bold;display:inline-block;width:1.5em">{icon}</span>'
                    f"<b>{escape(c.name)}</b> ({word}): {escape(c.message)}{fix}</li>")
    verdict = ("Everything a lesson needs works. Have fun!" if all_ok(results)
               else "Something needs fixing: see the red lines above.")
    return (f'<div class="wizard-doctor"><ul style="padding-left:0.5em">{"".join(rows)}</ul>'
            f"<p><b>{escape(verdict)}</b></p></div>")


def versions_text(results: list[Check]) -> str:
    """Version details, one per line (these differ between computers)."""
    return "\n".join(f"{c.name}: {c.details}" for c in results if c.details)


def main(start: str | os.PathLike | None = None, details: bool = True, servers: bool = False) -> int:
    """Print the checklist; 0 when everything required works, 1 otherwise (warnings do not fail it)."""
    results = run_checks(start, servers=servers)
    print(report_text(results, details=details))
    return 0 if all_ok(results) else 1


def widget_check():
    """A button that answers when clicked: if it shows and answers, widgets work end to end.

    >>> box = widget_check()
    >>> box.children[0].click(); box.children[1].value
    'It works! You clicked 1 time.'
    """
    import ipywidgets as widgets

    button = widgets.Button(description="Click me", tooltip="Click to test that widgets work",
                            icon="check", button_style="primary")
    answer = widgets.Label(value="Not clicked yet.")
    clicks = [0]

    def on_click(_button: widgets.Button) -> None:
        clicks[0] += 1
        answer.value = f"It works! You clicked {clicks[0]} time{'s' if clicks[0] != 1 else ''}."

    button.on_click(on_click)
    return widgets.HBox([button, answer])
