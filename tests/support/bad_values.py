"""Values the tests of several subjects refuse alike."""

from __future__ import annotations

import numpy as np

#: Seeds that are not whole numbers, for every seeded thing of the kit (the simulator's and the players').
NOT_WHOLE = ["abc", 1.5, True, [1], np.True_, np.float64(2.0)]
