"""The compiled engine (mypyc, built by ``make setup``) and the pure-Python one play the same games,
and a compiled module is never used once its source has changed (wizard_edu/_speedups.py)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import wizard_edu
from wizard_edu import _speedups

PACKAGE = Path(wizard_edu.__file__).parent
COMPILED = bool(_speedups._compiled_modules())

# Games of every edition and a few variants, played by random legal actions: their save files (every
# action, in order) and the events of the last action.
PLAY = """
import hashlib, json, random, sys
from wizard_edu import Game, _speedups, game_core
from wizard_edu.rules import dealing
digest = hashlib.sha256()
for rules, options, players in [("classic", {}, 4), ("junior", {}, 3), ("anniversary", {}, 5),
                                ("classic", {"monochrome": True}, 4), ("classic", {"bid_rule": "canadian"}, 6)]:
    for seed in range(6):
        game = Game(players=players, rules=rules, seed=seed, **options)
        rng = random.Random(seed)
        events = ()
        while not game.is_over:
            events = game.apply(rng.choice(game.legal_actions()))
        digest.update(game.to_json().encode() + repr(events).encode())
print(json.dumps({"status": _speedups.STATUS, "dealing": dealing.__file__, "core": game_core.__file__,
                  "native_shuffle": dealing.NATIVE_SHUFFLE is not None, "digest": digest.hexdigest()}))
"""


def _play(pure: bool, path: Path | None = None) -> dict:
    env = dict(os.environ)
    env.pop(_speedups.PURE_ENV, None)
    if pure:
        env[_speedups.PURE_ENV] = "1"
    if path is not None:
        env["PYTHONPATH"] = str(path)
    done = subprocess.run([sys.executable, "-c", PLAY], env=env, capture_output=True, text=True, check=True,
                          cwd=path or Path.cwd())
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_pure_and_compiled_engines_play_identical_games():
    pure, default = _play(pure=True), _play(pure=False)
    assert pure["status"] == "pure" and pure["dealing"].endswith(".py") and pure["core"].endswith(".py")
    assert not pure["native_shuffle"]  # (interpreted, random.Random shuffles: it is faster there)
    assert default["digest"] == pure["digest"]
    if COMPILED:  # built by make setup: the default is the compiled engine, Game's core included
        assert default["status"] == "compiled"
        assert not default["dealing"].endswith(".py") and not default["core"].endswith(".py")
        # the shuffle straight from the seed text, where mypyc's librt let it be compiled
        assert default["native_shuffle"] == any((PACKAGE / "rules").glob("mersenne*.so"))


@pytest.mark.skipif(not COMPILED, reason="no compiled engine built here (make setup builds it)")
def test_an_edited_source_is_never_shadowed_by_its_compiled_module(tmp_path):
    copy = tmp_path / "wizard_edu"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    source = copy / "rules" / "dealing.py"
    source.write_text(source.read_text() + "\n# edited after the build\n")
    env = dict(os.environ, PYTHONPATH=str(tmp_path))
    env.pop(_speedups.PURE_ENV, None)
    done = subprocess.run([sys.executable, "-W", "always", "-c",
                           "import wizard_edu; from wizard_edu.rules import dealing; print(dealing.__file__)"],
                          env=env, capture_output=True, text=True, check=True, cwd=tmp_path)
    assert done.stdout.strip() == str(source)
    assert "changed since it was compiled" in done.stderr
    # The edited copy still plays the same games (now in pure Python).
    assert _play(pure=False, path=tmp_path)["digest"] == _play(pure=True)["digest"]


@pytest.mark.skipif(not COMPILED, reason="no compiled engine built here (make setup builds it)")
def test_compiled_modules_without_a_record_are_not_used(tmp_path):
    copy = tmp_path / "wizard_edu"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    (copy / "_compiled.json").unlink(missing_ok=True)
    env = dict(os.environ, PYTHONPATH=str(tmp_path))
    env.pop(_speedups.PURE_ENV, None)
    done = subprocess.run([sys.executable, "-W", "ignore", "-c",
                           "import wizard_edu; from wizard_edu.rules import dealing; print(dealing.__file__)"],
                          env=env, capture_output=True, text=True, check=True, cwd=tmp_path)
    assert done.stdout.strip() == str(copy / "rules" / "dealing.py")
