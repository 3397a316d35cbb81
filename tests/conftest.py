"""Settings for tests/: the tests live in one folder per subject (engine/, online/, widgets/, ...).

The helpers several folders share live in ``tests/support/`` and import by their own names
(``from variant_helpers import expected_cards``): this puts that folder on ``sys.path``.  (Test
files import by their base name too, so every test file's name is unique across tests/.)
"""

from __future__ import annotations

import sys
from pathlib import Path

SUPPORT = Path(__file__).resolve().parent / "support"
if str(SUPPORT) not in sys.path:
    sys.path.insert(0, str(SUPPORT))
