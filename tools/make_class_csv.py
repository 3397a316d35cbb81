"""Write the kit's example class (``wizard_edu/review/data/example-class.csv``) again.

The example class is a few tables of computer players of different levels playing seeded Classic
games, every round looked back on (``wizard_edu.review.export.example_class``). Notebook 15 reads it
when a learner has no rounds of their own. The same kit always writes the same file
(tests/teach/test_notebook15.py checks it). Run: ``.venv/bin/python tools/make_class_csv.py``.
"""

from __future__ import annotations

import sys
import time

from wizard_edu.review.export import EXAMPLE_CSV, example_class, write_class_csv


def main() -> int:
    start = time.perf_counter()
    frame = example_class()
    EXAMPLE_CSV.parent.mkdir(parents=True, exist_ok=True)
    write_class_csv(frame, EXAMPLE_CSV)
    print(f"{EXAMPLE_CSV}: {len(frame)} rounds of {frame['pupil'].nunique()} pupils, "
          f"made in {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
