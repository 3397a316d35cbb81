"""Machine instructions per random 4x5 round, the engine's and OpenSpiel's, counted by valgrind.

Timings on a shared machine wander; instruction counts do not.  This runs the workload of
``bench_engine.py`` (``Game(...)``, then ``game.apply(rng.choice(game.legal_actions()))`` until
``game.is_over``; OpenSpiel's ``oh_hell`` with every chance node) under ``valgrind --tool=callgrind``
twice, for a few and for many rounds, and divides the difference by the extra rounds, so that start-up
and imports cancel out.  The benchmark loop's own Python (``rng.choice``) is counted on both sides.

Run:  .venv/bin/python benchmarks/instructions.py [rounds]   (about a minute per 1,000 rounds; needs
valgrind; OpenSpiel from ``pip install -e ".[bench]"``).  Not part of ``make bench``: it is slow.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ENGINE = """
import random, sys
from wizard_edu import Game
rng = random.Random(0)
for seed in range(int(sys.argv[1])):
    game = Game(players=4, rules="classic", seed=seed, hand_sizes=[5])
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
"""

OPENSPIEL = """
import random, sys
import pyspiel
game = pyspiel.load_game("oh_hell", {"players": 4, "num_tricks_fixed": 5})
rng = random.Random(0)
for _ in range(int(sys.argv[1])):
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
"""

#: Rounds in the short run (start-up, imports, first-use tables) that the long run also pays.
WARM_UP = 200


def instructions(script: Path, rounds: int) -> int:
    """Instructions valgrind counts for ``script`` playing ``rounds`` rounds."""
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
                           str(script), str(rounds)], capture_output=True, text=True, check=True)
    found = re.search(r"refs:\s+([\d,]+)", done.stderr)
    if found is None:
        raise RuntimeError(f"valgrind printed no instruction count:\n{done.stderr[-2000:]}")
    return int(found.group(1).replace(",", ""))


def per_round(source: str, rounds: int) -> float:
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "rounds.py"
        script.write_text(source)
        return (instructions(script, WARM_UP + rounds) - instructions(script, WARM_UP)) / rounds


def main(rounds: int = 1000) -> None:
    if shutil.which("valgrind") is None:
        print("valgrind is not installed here (Debian: apt install valgrind); nothing measured.")
        return
    print(f"Instructions per random 4-player 5-card round ({rounds} rounds, valgrind callgrind)")
    engine = per_round(ENGINE, rounds)
    print(f"  wizard_edu Game     : {engine:10,.0f}")
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        print("  OpenSpiel oh_hell   : not installed (pip install -e '.[bench]')")
        return
    peer = per_round(OPENSPIEL, rounds)
    print(f"  OpenSpiel oh_hell   : {peer:10,.0f}   (engine / OpenSpiel: {engine / peer:.2f})")
    print("Reproduce: .venv/bin/python benchmarks/instructions.py [rounds]")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
