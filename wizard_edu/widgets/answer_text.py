"""Reading a learner's typed answer: numbers (whole, fraction, decimal, percentage, "4 in 10"), their
text in feedback, and the fixed per-learner order of choices.

Split from :mod:`wizard_edu.widgets.question` (which still exports these names); it holds no widget.

>>> parse_number("4/18")
(Fraction(2, 9), True)
>>> number_text(Fraction(1, 4))
'1/4 (about 0.250, or 25.0%)'
"""

from __future__ import annotations

import decimal
import getpass
import hashlib
import math
import random
import re
from collections.abc import Sequence
from fractions import Fraction
from numbers import Number
from typing import Any

from ..errors import AnswerTextError
from ..teach import progress

_NUMBER_RE = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)$")
_FRACTION_RE = re.compile(r"^[+-]?\d+\s*/\s*\d+$")
#: "4 in 10", "4 out of 10", "4 times in 10".
_IN_RE = re.compile(r"^([+-]?[\d.,]+)\s*(?:times\s+)?(?:in|out\s+of)\s+([\d.,]+)$")


def _value(x: Any) -> Any:
    return x() if callable(x) else x


def parse_number(text: str | Number) -> tuple[Fraction, bool]:
    """Read a typed number: ``(value, exact)``; exact is False for a decimal or a percentage.

    >>> parse_number("2/9")
    (Fraction(2, 9), True)
    >>> parse_number("22%")
    (Fraction(11, 50), False)
    >>> parse_number(" 0,25 ")
    (Fraction(1, 4), False)
    """
    if isinstance(text, bool):
        raise AnswerTextError(f"{text!r} is not a number.")
    if isinstance(text, int):
        return Fraction(text), True
    if isinstance(text, Fraction):
        return text, True
    if isinstance(text, (float, decimal.Decimal)):
        return Fraction(text), False
    value, exact, _share = read_number(text)
    return value, exact


def read_number(text: str | Number) -> tuple[Fraction, bool, bool]:
    """Read a typed number: ``(value, exact, share)``.  ``share`` is True for a percentage or "N in M"
    (a part of a whole: "40%", "4 in 10"), which a "how many times in 10" question scales to its 10.

    >>> read_number("4 in 10")
    (Fraction(2, 5), True, True)
    >>> read_number("about 4")
    (Fraction(4, 1), True, False)
    >>> read_number("40%")
    (Fraction(2, 5), False, True)
    """
    if isinstance(text, bool):
        raise AnswerTextError(f"{text!r} is not a number.")
    if not isinstance(text, str):
        value, exact = parse_number(text)
        return value, exact, False
    raw = str(text)
    cleaned = raw.strip().replace("\u2212", "-").replace("\u00a0", " ").lower()
    # "about 4", "≈ 4", "~4": a child may say it is an estimate; the number is what counts.
    cleaned = re.sub(r"^(about|around|roughly|approximately|nearly|≈|~)\s*", "", cleaned)
    within = _IN_RE.match(cleaned)
    if within:
        part, whole = (parse_number(x)[0] for x in within.groups())
        if whole == 0:
            raise AnswerTextError("\"in 0\" cannot be: say how many times in how many, like 4 in 10.")
        return part / whole, True, True
    cleaned = cleaned.replace(" ", "")
    percent = cleaned.endswith("%")
    if percent:
        cleaned = cleaned[:-1]
    if "," in cleaned and "." not in cleaned and cleaned.count(",") == 1:
        cleaned = cleaned.replace(",", ".")  # 0,25 as many European children write it
    if _FRACTION_RE.match(cleaned) and not percent:
        num, den = cleaned.split("/")
        if int(den) == 0:
            raise AnswerTextError("A fraction cannot have 0 at the bottom.")
        return Fraction(int(num), int(den)), True, False
    if _NUMBER_RE.match(cleaned):
        value = Fraction(cleaned)
        if percent:
            return value / 100, False, True
        return value, "." not in cleaned, False
    raise AnswerTextError(f"I could not read {raw.strip()!r} as a number. Type a number like 36, 2/9, "
                          "0.25 or 25%.")


def number_text(value: Any) -> str:
    """An answer number in words a child can compare: ``2/9 (about 0.222, or 22.2%)``."""
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int):
        return str(value)
    frac = Fraction(value) if not isinstance(value, float) else None
    if frac is not None and frac.denominator == 1:
        return str(frac.numerator)
    f = float(value)
    about = f"about {f:.3f}" + (f", or {100 * f:.1f}%" if 0 <= f <= 1 else "")
    if frac is not None and frac.denominator <= 10_000:
        return f"{frac.numerator}/{frac.denominator} ({about})"
    return about


def _short(x: float) -> str:
    """A number to two decimals at most: 3.84, 2, 4.34."""
    return f"{x:.2f}".rstrip("0").rstrip(".")


def estimate_text(value: Any, error: Any) -> str:
    """A simulated value with its standard error, to the digits the error allows.

    >>> estimate_text(Fraction(1937, 2000), 0.012)
    'about 0.97 ± 0.01'
    >>> estimate_text(17.575, 0.31)
    'about 17.6 ± 0.3'
    """
    f, e = float(value), abs(float(error))
    digits = max(0, -math.floor(math.log10(e))) if e > 0 else 3
    return f"about {f:.{digits}f} ± {e:.{digits}f}"


def learner_key(home: Any = None) -> str:
    """Who is learning, for shuffling choices: the learner's name if known, else the computer account.

    The same learner sees the same order each time they reopen a notebook.  (A learner who types their
    name for the first time may see one question's order change once.)
    """
    name = progress.current_learner(home)
    if name:
        return name
    try:
        return getpass.getuser()
    except Exception:  # noqa: BLE001 - no account name (some containers): everyone shares one order
        return "learner"


def shuffled(choices: Sequence[Any], learner: str, question_id: str) -> list[Any]:
    """``choices`` in an order fixed by the learner and the question (a seeded shuffle).

    >>> shuffled([1, 2, 3, 4], "Ada", "06.x") == shuffled([1, 2, 3, 4], "Ada", "06.x")
    True
    """
    seed = int.from_bytes(hashlib.sha256(f"{learner}\n{question_id}".encode()).digest()[:8], "big")
    order = list(choices)
    random.Random(seed).shuffle(order)
    return order


__all__ = ["parse_number", "read_number", "number_text", "estimate_text", "learner_key", "shuffled"]
