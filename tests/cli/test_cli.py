"""The `wizard-edu` command: help, worksheet, doctor, bench, and the lab/play command lines (no servers here)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

from wizard_edu import cli
from wizard_edu.lab import doctor, servers
from wizard_edu.teach.worksheets import make_worksheet, worksheet_html

REPO = Path(__file__).resolve().parents[2]
COMMANDS = ["lab", "play", "worksheet", "doctor", "bench"]


def run_cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "wizard_edu.cli", *args], cwd=cwd, capture_output=True,
                          text=True, timeout=120)


class ExerciseCounter(HTMLParser):
    def __init__(self):
        super().__init__()
        self.exercises = 0
        self.answers = 0

    def handle_starttag(self, tag, attrs):
        classes = (dict(attrs).get("class") or "").split()
        self.exercises += tag == "section" and "exercise" in classes
        self.answers += tag == "li" and "answer" in classes


def test_help_lists_every_command(capsys):
    with pytest.raises(SystemExit) as info:
        cli.main(["--help"])
    assert info.value.code == 0
    out = capsys.readouterr().out
    for command in COMMANDS:
        assert command in out


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_help(command, capsys):
    with pytest.raises(SystemExit) as info:
        cli.main([command, "--help"])
    assert info.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: wizard-edu {command}")
    assert "--help" in out


def test_a_command_is_required(capsys):
    with pytest.raises(SystemExit) as info:
        cli.main([])
    assert info.value.code == 2
    assert "COMMAND" in capsys.readouterr().err


def test_console_script_is_declared():
    text = (REPO / "pyproject.toml").read_text()
    assert 'wizard-edu = "wizard_edu.cli:main"' in text


def test_worksheet_from_the_command_line(tmp_path):
    out = tmp_path / "sheet.html"
    done = run_cli("worksheet", "--topic", "tricks", "--count", "20", "--seed", "12", "--out", str(out))
    assert done.returncode == 0, done.stderr
    assert "20 exercises" in done.stdout
    html = out.read_text(encoding="utf-8")
    counter = ExerciseCounter()
    counter.feed(html)
    assert counter.exercises == 20 and counter.answers == 20
    # The command writes exactly what the library makes for the same arguments.
    assert html == worksheet_html(make_worksheet("tricks", 20, 12, "junior"))


def test_worksheet_options_reach_the_sheet(tmp_path, capsys):
    out = tmp_path / "class.html"
    assert cli.main(["worksheet", "--topic", "score", "--rules", "classic", "--count", "4", "--seed", "5",
                     "--pupils", "3", "--out", str(out)]) == 0
    assert "3 pupils (sheets 5-7)" in capsys.readouterr().out
    html = out.read_text(encoding="utf-8")
    assert html.count('class="sheet"') == 3 and "Classic Wizard" in html
    assert cli.main(["worksheet", "--count", "3", "--seed", "9", "--out", "-"]) == 0
    assert capsys.readouterr().out == worksheet_html(make_worksheet("tricks", 3, 9, "junior"))


def test_worksheet_default_file_name(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert cli.main(["worksheet", "--topic", "odds", "--count", "2", "--seed", "4"]) == 0
    assert (tmp_path / "worksheet-odds-junior-4.html").is_file()


@pytest.mark.parametrize(("args", "words"), [
    (["--count", "0"], "1 to 60 exercises"),
    (["--count", "500"], "1 to 60 exercises"),
    (["--seed", "-3"], "whole number"),
    (["--pupils", "0"], "1 to 200 pupils"),
])
def test_worksheet_bad_values_are_clear(args, words, capsys):
    assert cli.main(["worksheet", *args, "--out", "-"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("wizard-edu worksheet: ") and words in err


@pytest.mark.parametrize("args", [["--topic", "cooking"], ["--rules", "poker"], ["--count", "ten"]])
def test_worksheet_bad_choices_are_argparse_errors(args, capsys):
    with pytest.raises(SystemExit) as info:
        cli.main(["worksheet", *args])
    assert info.value.code == 2
    assert "invalid" in capsys.readouterr().err


def test_worksheet_unwritable_output_is_clear(tmp_path, capsys):
    assert cli.main(["worksheet", "--out", str(tmp_path / "no-such-folder" / "x.html")]) == 2
    assert "Could not write" in capsys.readouterr().err


def test_doctor_passes_here():
    done = run_cli("doctor", cwd=REPO)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "All set" in done.stdout
    assert str(REPO) not in done.stdout   # no machine paths


def test_doctor_fails_with_the_fix_when_something_is_missing(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv(doctor.NOTEBOOKS_ENV, raising=False)
    monkeypatch.setattr(doctor, "repo_root", lambda: tmp_path)
    assert cli.main(["doctor", "--no-details"]) == 1
    out = capsys.readouterr().out
    assert "[PROBLEM] Lesson notebooks" in out and "fix: Start from the kit's folder" in out
    assert "Something needs fixing" in out


def test_lab_command_line():
    cmd = cli.lab_command(Path("/kit/notebooks"), 8899, open_browser=False, root=False)
    assert cmd[:3] == [sys.executable, "-m", "jupyterlab"]
    assert "--ip=127.0.0.1" in cmd and "--port=8899" in cmd and "--no-browser" in cmd
    assert "--ServerApp.root_dir=/kit/notebooks" in cmd
    assert not any("token" in part for part in cmd)     # the token goes through a 0600 file
    assert "--allow-root" not in cmd
    assert "--allow-root" in cli.lab_command(Path("n"), 1, root=True)


# -- what `wizard-edu lab` prints and opens (issue 21: the link alone, on notebook 00) ----------
START_URL = "lab/tree/00-install-check.ipynb"


def test_the_announcement_puts_the_link_alone_on_its_line_between_rules():
    link = servers.lab_link({"url": "http://127.0.0.1:8888/", "token": "ab12"}, START_URL)
    assert link == "http://127.0.0.1:8888/lab/tree/00-install-check.ipynb?token=ab12"
    log = Path("/home/ada/wizard-edu-notebooks/.wizard-edu-lab.log")
    lines = cli.lab_announcement(link, "student", log).splitlines()
    at = lines.index(link)                                   # the whole line is the link, nothing else
    assert [n for n, line in enumerate(lines) if "ab12" in line] == [at]
    assert lines[at - 1] == lines[at + 1] == ""              # a blank line either side
    rules = [n for n, line in enumerate(lines) if line == cli.RULE]
    assert len(rules) == 2 and rules[0] < at < rules[1]    # framed
    assert "STUDENT edition" in lines[rules[0] + 1] and f"go to {log}" in "\n".join(lines)


def test_without_notebook_00_the_link_opens_jupyterlab_itself(tmp_path):
    assert servers.start_page(tmp_path) == "lab"
    link = servers.lab_link({"url": "http://127.0.0.1:8888", "token": "ab12"}, servers.start_page(tmp_path))
    assert link == "http://127.0.0.1:8888/lab?token=ab12"
    assert "00-install-check" not in cli.lab_announcement(link, "teacher")


def test_the_default_url_is_the_start_notebook():
    cmd = cli.lab_command(Path("/kit/notebooks"), 8899, open_browser=True, start=START_URL)
    assert "--LabApp.default_url=/lab/tree/00-install-check.ipynb" in cmd   # what a browser opens first
    assert not any("token" in part for part in cmd)


class FakeLab:
    """Stands in for the JupyterLab process: records its command line and the settings it was given."""

    started: list[FakeLab] = []

    def __init__(self, cmd, env):
        self.cmd, self.env, self.pid, self.returncode = cmd, env, 4242, None
        first = Path(env["JUPYTER_CONFIG_PATH"].split(os.pathsep)[0])
        self.settings = json.loads((first / "jupyter_server_config.json").read_text())
        FakeLab.started.append(self)

    def poll(self):
        return self.returncode

    def wait(self, timeout=None):
        self.returncode = 0 if self.returncode is None else self.returncode
        return self.returncode

    def terminate(self):
        self.returncode = -15

    kill = terminate


@pytest.mark.parametrize("edition", ["student", "teacher"])
def test_wizard_edu_lab_opens_notebook_00_and_keeps_jupyterlabs_messages_out_of_the_way(
        edition, tmp_path, monkeypatch, capsys):
    teacher = tmp_path / "notebooks"
    teacher.mkdir()
    for name in ("00-install-check.ipynb", "01-meet-the-cards.ipynb"):
        shutil.copy(REPO / "notebooks" / name, teacher / name)
    learner = tmp_path / "learner"
    monkeypatch.setattr(cli.subprocess, "Popen", lambda cmd, env: FakeLab(cmd, env))
    monkeypatch.setattr(servers, "wait_for_server_info", lambda process, folder: {
        "url": "http://127.0.0.1:8899/", "token": "ab12", "port": 8899})
    FakeLab.started.clear()
    args = ["lab", "--no-browser", "--allow-root", "--port", "0", "--notebooks", str(teacher)]
    args += ["--teacher"] if edition == "teacher" else ["--learner-dir", str(learner)]
    assert cli.main(args) == 0
    (lab,) = FakeLab.started
    served = teacher if edition == "teacher" else learner
    assert f"--ServerApp.root_dir={served.resolve()}" in lab.cmd
    assert "--LabApp.default_url=/lab/tree/00-install-check.ipynb" in lab.cmd
    out = capsys.readouterr().out.splitlines()
    assert "http://127.0.0.1:8899/lab/tree/00-install-check.ipynb?token=ab12" in out
    assert f"{edition.upper()} edition" in "\n".join(out)
    # The server's chatter goes to a private log in the folder it serves; errors still reach the terminal.
    log = served / servers.LAB_LOG_NAME
    assert any(str(log) in line for line in out) and log.stat().st_mode & 0o077 == 0
    handlers = lab.settings["ServerApp"]["logging_config"]["handlers"]
    assert handlers["logfile"]["filename"] == str(log) and handlers["console"]["level"] == "ERROR"


def test_when_jupyterlab_stops_at_once_the_error_names_its_log(tmp_path, monkeypatch, capsys):
    from wizard_edu.errors import ServerError

    def stopped(process, folder):
        raise ServerError("JupyterLab stopped at once (exit code 1).")

    monkeypatch.setattr(cli.subprocess, "Popen", lambda cmd, env: FakeLab(cmd, env))
    monkeypatch.setattr(servers, "wait_for_server_info", stopped)
    learner = tmp_path / "learner"
    assert cli.main(["lab", "--no-browser", "--allow-root", "--port", "0", "--notebooks", str(REPO / "notebooks"),
                     "--learner-dir", str(learner)]) == 2
    err = capsys.readouterr().err
    assert "stopped at once" in err and str(learner / servers.LAB_LOG_NAME) in err


def test_the_quiet_log_settings_send_chatter_to_the_file_and_errors_to_the_terminal(tmp_path, capsys):
    from traitlets.config import Application, Config

    class ServerApp(Application):   # the name the settings address, with traitlets' own logging set-up
        pass

    log = servers.open_log(tmp_path / servers.LAB_LOG_NAME)
    app = ServerApp(config=Config(servers.quiet_lab_config(log)))
    try:
        app.log.info("jupyterlab | extension was successfully loaded.")
        app.log.warning("No web browser found: could not locate runnable browser")
        app.log.error("Uncaught exception in the kernel")
        for handler in app.log.handlers:
            handler.flush()
        err = capsys.readouterr().err
        assert "Uncaught exception" in err and "extension was" not in err and "No web browser" not in err
        text = log.read_text()
        assert "extension was successfully loaded" in text and "No web browser" in text and "Uncaught" in text
    finally:
        for handler in list(app.log.handlers):
            handler.close()
            app.log.removeHandler(handler)


def test_lab_and_play_need_the_notebooks_folder(tmp_path, capsys):
    missing = str(tmp_path / "nowhere")
    assert cli.main(["lab", "--notebooks", missing, "--allow-root"]) == 2
    assert "There is no folder" in capsys.readouterr().err
    assert cli.main(["play", "--notebooks", str(tmp_path), "--no-browser", "--allow-root"]) == 2
    assert "kids.ipynb was not found" in capsys.readouterr().err


def test_bench_runs_each_benchmark(tmp_path, monkeypatch, capsys):
    bench = tmp_path / "benchmarks"
    bench.mkdir()
    (bench / "bench_one.py").write_text("print('one: 5 per second')\n")
    (bench / "bench_two.py").write_text("print('two: 7 per second')\n")
    (bench / "helper.py").write_text("raise SystemExit(9)\n")
    monkeypatch.setattr(doctor, "find_benchmarks_dir", lambda: bench)
    assert cli.main(["bench"]) == 0
    out = capsys.readouterr().out
    assert "== bench_one.py" in out and "== bench_two.py" in out and "helper" not in out
    assert cli.main(["bench", "--only", "two"]) == 0
    assert "bench_one" not in capsys.readouterr().out
    (bench / "bench_three.py").write_text("raise SystemExit(3)\n")
    assert cli.main(["bench"]) == 3
    assert "bench_three.py failed" in capsys.readouterr().err


def test_bench_without_benchmarks(monkeypatch, capsys):
    monkeypatch.setattr(doctor, "find_benchmarks_dir", lambda: None)
    assert cli.main(["bench"]) == 0
    assert "No benchmarks found" in capsys.readouterr().out


# -- kid mode, without a server ----------------------------------------------------------
def test_kid_mode_command_line_is_local_and_hides_code():
    from wizard_edu.kidmode.kidmode import (
        LANDING,
        MAX_APPS_CLASSROOM,
        MAX_APPS_LOCAL,
        kid_settings,
        voila_command,
    )
    from wizard_edu.kidmode.kidserver import KidIdentityProvider, voila_config

    cmd = voila_command(Path("/kit/notebooks"))
    assert cmd == [sys.executable, "-m", "wizard_edu.kidmode.kidserver", "/kit/notebooks"]   # settings: a 0600 file
    local = kid_settings(REPO / "notebooks", 8123)
    assert local["ip"] == "127.0.0.1" and local["class_code"] is None and local["max_apps"] == MAX_APPS_LOCAL
    config = voila_config(local)
    assert config.Voila.ip == "127.0.0.1" and config.Voila.port == 8123 and config.Voila.port_retries == 0
    assert config.VoilaConfiguration.strip_sources is True and config.VoilaConfiguration.show_tracebacks is False
    assert "token" not in config.Voila and config.Voila.identity_provider_class is KidIdentityProvider
    # Warm kernels for the landing page and every app of the catalogue, none for the other notebooks.
    assert set(local["pool"]) == {LANDING} | {name for _, name in available_apps_here()}
    pools = config.VoilaKernelManager.kernel_pools_config
    assert pools["default"] == {"pool_size": 0} and pools[LANDING] == {"pool_size": 1}
    assert config.KidKernelManager.kernel_limit == MAX_APPS_LOCAL + sum(local["pool"].values())
    assert 0 < config.MappingKernelManager.cull_idle_timeout + config.MappingKernelManager.cull_interval <= 120
    classroom = kid_settings(REPO / "notebooks", 8866, classroom=True, code="KM7XQ4", preheat=False)
    config = voila_config(classroom)
    assert config.Voila.ip == "0.0.0.0" and config.Voila.token == "KM7XQ4"
    assert classroom["max_apps"] == MAX_APPS_CLASSROOM and "preheat_kernel" not in config.VoilaConfiguration
    assert config.KidKernelManager.kernel_limit == MAX_APPS_CLASSROOM


def available_apps_here():
    from wizard_edu.kidmode.kidmode import available_apps

    return available_apps(REPO / "notebooks")


def test_class_code_and_banner():
    from wizard_edu.kidmode.kidmode import big_letters, board_text
    from wizard_edu.online.classcode import CODE_ALPHABET, class_code, normalise_code

    codes = {class_code() for _ in range(50)}
    assert len(codes) > 45 and all(len(c) == 6 and set(c) <= set(CODE_ALPHABET) for c in codes)
    for ch in CODE_ALPHABET:
        assert len(big_letters(ch).splitlines()) == 5 and "\u2588" in big_letters(ch)
    board = board_text("KM7XR4", 8866, ["10.1.2.3"])
    assert "http://10.1.2.3:8866/" in board and "(class code: KM7XR4)" in board
    assert "Q" in big_letters("Q1")          # a teacher's own code: letters without a block letter still show
    assert normalise_code(" km7-xq4 ") == "KM7XQ4"


def test_landing_page_lists_the_apps_that_exist(tmp_path):
    from wizard_edu.kidmode.kidmode import KID_APPS, available_apps, landing, landing_html

    assert "No games were found" in landing_html(tmp_path)
    (tmp_path / "apps").mkdir()
    (tmp_path / "apps" / "junior-table.ipynb").write_text("{}")   # the apps live in notebooks/apps/
    (tmp_path / "apps" / "deal.ipynb").write_text("{}")
    (tmp_path / "apps" / "trumpet-lessons.ipynb").write_text("{}")  # not an app
    assert [(a.title, n) for a, n in available_apps(tmp_path)] == [
        ("Play Wizard Junior", "apps/junior-table.ipynb"), ("Deal the cards", "apps/deal.ipynb")]
    html = landing_html(tmp_path)
    assert html.count('class="kid-app"') == 2 and 'href="apps/junior-table.ipynb"' in html
    widget = landing(tmp_path)
    assert widget.value == html and "wizard-kids-landing" in widget._dom_classes
    # The kit's own notebooks: every app is there.
    assert len(available_apps(REPO / "notebooks")) == len(KID_APPS)
