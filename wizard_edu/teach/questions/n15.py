"""Questions of notebook 15, "Learn from your own games": the kit's example class (its CSV)."""

from __future__ import annotations

import functools
import math
from typing import Any

from . import Bank

BANK = Bank("15-learn-from-your-games")


@functools.cache
def rounds() -> Any:
    """The example class's rounds, as the notebook reads them, with the columns it adds."""
    from ...review.export import EXAMPLE_CSV, read_class_csv

    frame = read_class_csv(EXAMPLE_CSV)
    frame["exact"] = frame["bid"] == frame["tricks"]
    frame["hard exact"] = frame["hard_bid"] == frame["hard_tricks"]
    frame["off by"] = frame["bid"] - frame["tricks"]
    return frame


def exact_rate() -> float:
    return round(float(rounds()["exact"].mean()), 2)


def standard_error(p: float, n: int) -> float:
    """The standard error of a share ``p`` of ``n`` rounds: sqrt(p(1-p)/n)."""
    return math.sqrt(p * (1 - p) / n)


def per_pupil() -> Any:
    frame = rounds()
    return frame.groupby("pupil", sort=False).agg(rounds=("exact", "size"), exact=("exact", "sum"),
                                                  too_high=("off by", lambda s: int((s > 0).sum())),
                                                  too_low=("off by", lambda s: int((s < 0).sum())))


WIDER = ["about as wide as the class's", "about twice as wide", "3 or 4 times as wide", "about 12 times as wide"]


def how_much_wider() -> str:
    """One pupil's interval against the class's: the standard error grows as 1/sqrt(rounds)."""
    frame, table = rounds(), per_pupil()
    ratio = math.sqrt(len(frame) / float(table["rounds"].median()))
    return WIDER[min(range(len(WIDER)), key=lambda i: abs(math.log(ratio / (1, 2, 3.5, 12)[i])))]


@functools.cache
def calibration() -> Any:
    from ...review.summary import calibration_table

    frame = rounds()
    return calibration_table(zip(frame["chance"], frame["exact"]), groups=5)


MIDDLE = "4 to 6 in 10"


def expected_in_middle() -> float:
    """How many bids of the middle band would come true if the kit's chances were right (their sum)."""
    frame = rounds()
    band = frame[(frame["chance"] >= 0.4) & (frame["chance"] < 0.6)]
    return round(float(band["chance"].sum()), 1)


CALIBRATED = ["yes: every group came true about as often as the kit said",
              "mostly: one group is off by more than two standard errors",
              "no: most groups are off by more than two standard errors"]


def off_groups() -> list[str]:
    """The groups (of 10 rounds or more) whose share came true is more than 2 standard errors from the
    kit's average chance."""
    table = calibration()
    off = []
    for label, row in table[table["rounds"] >= 10].iterrows():
        p, n = float(row["average chance"]), int(row["rounds"])
        if abs(float(row["share came true"]) - p) > 2 * standard_error(p, n):
            off.append(str(label))
    return off


def calibrated() -> str:
    groups = int((calibration()["rounds"] >= 10).sum())
    off = len(off_groups())
    return CALIBRATED[0] if not off else CALIBRATED[1] if off == 1 and groups > 2 else CALIBRATED[2]


SIDES = ["too high (more tricks bid than won)", "too low (fewer tricks bid than won)"]
SIDE_WHY = ["more of the misses have bid minus tricks above 0",
            "more of the misses have bid minus tricks below 0",
            "the exact bids are more than half of all the bids"]


def miss_side() -> str:
    off = rounds()["off by"]
    return SIDES[0] if (off > 0).sum() > (off < 0).sum() else SIDES[1]


def high_order() -> list[str]:
    """The pupils, those who bid too high most often first (ties: in the table's order)."""
    table = per_pupil()
    return list(table.sort_values("too_high", ascending=False, kind="stable").index)


def trio(names: list[str]) -> str:
    return ", ".join(sorted(names))


def most_too_high() -> str:
    return trio(high_order()[:3])


def high_choices() -> list[str]:
    """The three who bid too high most often, and three other groups of three."""
    order = high_order()
    rest = [name for name in per_pupil().index if name not in order[:3]]
    return [most_too_high(), *(trio(rest[i:i + 3]) for i in range(0, 9, 3))]


def _high_words() -> list[Any]:
    table = per_pupil().loc[high_order()[:3]]
    return [per_pupil().sort_values("too_high", ascending=False, kind="stable").head(5),
            f"{trio(list(table.index))} bid too high in {_span(table['too_high'])} of their "
            f"{_span(table['rounds'])} rounds, and too low {int(table['too_low'].sum())} times in all."]


def _span(column: Any) -> str:
    low, high = int(column.min()), int(column.max())
    return str(low) if low == high else f"{low} to {high}"


def hard_gain() -> float:
    """How many more points per round the hard player scored than the class, with the same cards."""
    frame = rounds()
    return round(float(frame["hard_points"].mean() - frame["points"].mean()), 1)


def hard_at_table_1() -> str:
    from ...review.export import example_levels

    levels = example_levels()
    return next(name for name in per_pupil().index[:4] if levels[name] == "hard")


def _hard_words() -> list[Any]:
    from ...review.export import example_levels

    levels, table = example_levels(), per_pupil().head(4)
    others = ", ".join(f"{name} {levels[name]}" for name in table.index if levels[name] != "hard")
    high = int(table.loc[hard_at_table_1(), "too_high"])
    return [table, f"{hard_at_table_1()}: {int(table.loc[hard_at_table_1(), 'exact'])} exact bids of "
                   f"{int(table.loc[hard_at_table_1(), 'rounds'])}, and {high or 'no'} bid{'' if high == 1 else 's'} "
                   f"too high. The others are computer players too: {others} (the easy one bids at random)."]


def _calibrated_words() -> list[Any]:
    table = calibration()
    lines: list[Any] = [table]
    for label in off_groups():
        row = table.loc[label]
        p, n = float(row["average chance"]), int(row["rounds"])
        lines.append(f"{label}: {int(row['came true'])} of {n} came true, where the kit expected about "
                     f"{p * n:.1f} (a share of {p:.2f}). The standard error of a share of {n} rounds is about "
                     f"{standard_error(p, n):.2f}, and the gap is {abs(float(row['share came true']) - p):.2f}: "
                     "more than two standard errors.")
    if not off_groups():
        lines.append("Every group of 10 rounds or more is within two standard errors of the kit's chance.")
    return lines


def _side_words() -> list[Any]:
    off = rounds()["off by"]
    high, low = int((off > 0).sum()), int((off < 0).sum())
    return [off.value_counts().sort_index().rename("bids"),
            f"{high} misses bid more than they won, {low} bid fewer: mostly {miss_side().split(' (')[0]}."]


def _sentences_exact() -> list[str]:
    frame = rounds()
    return [f"{int(frame['exact'].sum())} of the {len(frame)} bids were exact: "
            f"{int(frame['exact'].sum())} ÷ {len(frame)} ≈ {exact_rate():.2f}."]


BANK.add("15.exact-rate",
         "What share of the class's bids were exact? (a decimal with two places)",
         answer=exact_rate, tolerance=0.005,
         hint="Count the rows where bid equals tricks, and divide by the number of rows: `.mean()` does both.",
         worked=_sentences_exact)
BANK.add("15.one-pupil-interval",
         "Compare one pupil's interval (12 rounds) with the whole class's (all rounds). The pupil's is ...",
         choices=WIDER, shuffle=False, answer=how_much_wider,
         hint="The standard error is sqrt(p(1 − p) / n): what happens to it when n is 12 times smaller?",
         worked=lambda: [f"The class has {len(rounds())} rounds, one pupil 12: the standard error grows by "
                         f"sqrt({len(rounds())} / 12) ≈ {math.sqrt(len(rounds()) / 12):.1f}, so the pupil's "
                         "interval is 3 or 4 times as wide. Twelve rounds tell us little about one pupil.",
                         per_pupil()])
BANK.add("15.expected-middle",
         "The kit gave some bids a chance between 4 and 6 in 10. If the kit is right, how many of those bids "
         "should have come true? (one decimal)",
         answer=expected_in_middle, tolerance=0.5,
         hint="Add up the chances of the bids in that group: each bid of chance 0.5 counts half a bid come true.",
         worked=lambda: [f"The sum of their chances: about {expected_in_middle():.1f}. The table says how many "
                         "really came true:", calibration().loc[[MIDDLE]]])
BANK.add("15.calibrated", "Are the kit's chances calibrated on the class's rounds?",
         choices=CALIBRATED, answer=calibrated,
         hint="In each group with many rounds, compare the share that came true with the average chance. "
              "Is the gap bigger than two standard errors?",
         worked=_calibrated_words)
BANK.add("15.miss-side", "When the class missed their bid, did they mostly bid too high or too low?",
         choices=SIDES, answer=miss_side,
         hint="Look at the column 'off by' = bid − tricks: count the misses above 0 and below 0.",
         worked=_side_words)
BANK.why("15.miss-side", "Why?", choices=SIDE_WHY,
         answer=lambda: SIDE_WHY[0] if miss_side() == SIDES[0] else SIDE_WHY[1],
         hint="Too high means the bid was bigger than the tricks won.")
BANK.add("15.most-too-high", "Which three pupils bid too high most often?",
         choices=high_choices, answer=most_too_high,
         hint="Sort the pupils' table by the column too_high.",
         worked=_high_words)
BANK.add("15.hard-gain",
         "With the same cards in the same seats, how many more points per round did the hard computer player "
         "score than the class, on average? (one decimal)",
         answer=hard_gain, tolerance=0.5,
         hint="The average of hard_points minus the average of points.",
         worked=lambda: [f"{rounds()['hard_points'].mean():.1f} − {rounds()['points'].mean():.1f} ≈ "
                         f"{hard_gain():.1f} points per round more for the hard player."])
BANK.add("15.which-is-hard",
         "One pupil at table 1 is really the hard computer player. Which one?",
         choices=lambda: list(per_pupil().index[:4]), answer=hard_at_table_1,
         hint="The hard player bids well: many exact bids, few too high, and few points lost.",
         worked=_hard_words)
