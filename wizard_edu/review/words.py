"""How the look-back says its figures: kid words for Wizard Junior, plain figures for Classic.

Wizard Junior "predicts", Classic "bids" (the kit's vocabulary). Children read chances in tenths
("about 6 times in 10", as the chances panel does); older learners read them in hundredths.
Nothing here imports the kit: the words take plain numbers.
"""

from __future__ import annotations

_NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}


def tricks(n: int) -> str:
    """'1 trick', '0 tricks'."""
    return f"{n} trick" if n == 1 else f"{n} tricks"


def times_in_ten(p: float) -> str:
    """How often in 10 rounds: 'about 6 times', 'never', 'hardly ever', 'every time'.

    >>> times_in_ten(0.61), times_in_ten(0.02), times_in_ten(0.0), times_in_ten(1.0)
    ('about 6 times', 'hardly ever', 'never', 'every time')
    """
    n = round(p * 10)
    if p <= 0:
        return "never"
    if p >= 1:
        return "every time"
    if n == 0:
        return "hardly ever"
    if n == 10:
        return "nearly every time"
    return "about once" if n == 1 else f"about {n} times"


def often(p: float) -> str:
    """How often a thing comes true: 'about 6 times in 10', 'hardly ever', 'every time'.

    >>> often(0.61), often(0.03)
    ('about 6 times in 10', 'hardly ever')
    """
    said = times_in_ten(p)
    return said + " in 10" if said.startswith("about") else said


def in_ten(p: float) -> str:
    """'about 6 in 10' ('less than 1 in 10', 'more than 9 in 10' at the ends; exact 0 and 1 as they are)."""
    n = round(p * 10)
    if p <= 0:
        return "0 in 10"
    if p >= 1:
        return "10 in 10"
    if n == 0:
        return "less than 1 in 10"
    if n == 10:
        return "more than 9 in 10"
    return f"about {n} in 10"


def in_hundred(p: float) -> str:
    """'45 in 100' (a chance for older learners, to the nearest hundredth)."""
    return f"{round(p * 100)} in 100"


def off_by(error: float, samples: int, kid: bool) -> str:
    """The standard error of simulated chances, in words."""
    off = max(1, round(error * 100)) if error > 0 else 0
    if kid:
        if off == 0:
            return (f"The computer played this round {samples:,} times with the cards you could not see "
                    "dealt at random, so these numbers are very close to the true chances.")
        return (f"The computer played this round {samples:,} times with the cards you could not see "
                f"dealt at random, so these numbers may be a little off (by about {off} in 100).")
    return (f"Estimated from {samples:,} simulated deals of the unseen cards: each chance has a standard "
            f"error of about {off} in 100 (the true chance is within twice that nearly always).")


def exact_words(kid: bool) -> str:
    if kid:
        return "These numbers are exact: the kit counted every way the other cards could lie."
    return "These chances are exact: the kit counted every deal of the unseen cards."


def signed(points: float) -> str:
    """'+12.5', '-10', '+0'."""
    text = f"{points:+.1f}"
    return text[:-2] if text.endswith(".0") else text


def miss_words(difference: int) -> str:
    """'one too many' (predicted more than won), 'two too few'."""
    size = abs(difference)
    amount = _NUMBER_WORDS.get(size, str(size))
    return f"{amount} too many" if difference > 0 else f"{amount} too few"


def and_list(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


__all__ = ["tricks", "times_in_ten", "often", "in_ten", "in_hundred", "off_by", "exact_words", "signed", "miss_words",
           "and_list"]
