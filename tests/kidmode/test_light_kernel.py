"""A pupil's kernel that plays a game loads neither numpy nor pandas nor matplotlib (about 60 MB
saved per pupil on a class hub); they load when a probability tool, score pad or chart is used."""

from __future__ import annotations

import subprocess
import sys

PLAY = """
import sys
from wizard_edu.widgets import TableWidget
table = TableWidget(rules="{rules}", players=4, seed=1)
while table.game.round_number < 4 and not table.game.is_over:
    view = table.view
    if view.phase == "bid":
        table.bid(view.legal_bids[0])
    elif view.phase == "play":
        table.play(view.legal_cards[0])
    else:
        table.choose_trump("R")
print(sorted(m for m in ("numpy", "pandas", "matplotlib") if m in sys.modules))
"""


def test_playing_at_the_table_loads_no_numpy_pandas_or_matplotlib():
    for rules in ("junior", "classic"):
        done = subprocess.run([sys.executable, "-c", PLAY.format(rules=rules)], capture_output=True, text=True,
                              timeout=120, check=True)
        assert done.stdout.strip() == "[]", (rules, done.stdout, done.stderr[-2000:])

