"""Questions of notebook 13, "Variants: same cards, new rules"."""

from __future__ import annotations

import functools
from itertools import product
from typing import Any

from ...display.numbers import steady
from ...engine.cards import COLOUR_NAMES
from ...engine.rules import (
    allowed_bids,
    explain_trick,
    get_ruleset,
    legal_plays,
    round_sizes,
    score_round,
    trump_from_card,
)
from ...errors import WizardError
from ...simulate.odds import DEALER_CHOOSES
from . import Bank

BANK = Bank("13-variants")
GAMES = 25
KINDS = ["rule-of-thumb", "random", "rule-of-thumb", "random"]


def refused(**options: Any) -> bool:
    try:
        get_ruleset(**options)
    except WizardError:
        return True
    return False


def _refusal() -> str:
    try:
        get_ruleset("anniversary", monochrome=True)
    except WizardError as error:
        return str(error)
    return "(accepted)"


def plus_minus_one():
    return get_ruleset("classic", bid_rule="plus-minus-one")


def canadian():
    return get_ruleset("classic", bid_rule="canadian")


def everyone_can_make_it(cards_each: int = 3, players: int = 4) -> bool:
    """Is there any allowed set of plus/minus one bids that adds up to the tricks (so every bid can be made)?"""
    for first in product(range(cards_each + 1), repeat=players - 1):
        last = allowed_bids(cards_each, list(first), players=players, rules=plus_minus_one())
        if any(sum(first) + bid == cards_each for bid in last):
            return True
    return False


def _canadian_bids() -> dict[str, list[int]]:
    return {"dealer leads alone": allowed_bids(3, [1, 1, 0], players=4, rules=canadian(), dealer_leads_alone=True),
            "dealer does not lead": allowed_bids(3, [1, 1, 0], players=4, rules=canadian(), dealer_leads_alone=False)}


def _seer():
    from ...engine.game import Game

    return Game(4, "classic", seed=8, clairvoyance=True)


def _unseen_chance() -> float:
    from ...players import RuleOfThumbPlayer

    return RuleOfThumbPlayer().unseen_win_chance(_seer().view(1))


def _mono_rules():
    from ...engine.game import Game

    return Game(3, "classic", seed=4, monochrome=True).ruleset


TRUMP_WORDS = ["red", "green", "blue", "yellow", "no trump", "the dealer chooses"]


def trump_word(card: str) -> str:
    trump = trump_from_card(card, "anniversary")
    return "no trump" if trump is None else "the dealer chooses" if trump == DEALER_CHOOSES else COLOUR_NAMES[trump]


def _cloud_missed_by_one(g: Any) -> bool:
    bid, won = g.bids[g.to_move], g.won[g.to_move]
    return bool(g.phase == "cloud" and bid is not None and abs(bid - won) == 1)


@functools.cache
def cloud_moment() -> Any:
    """A computer game at the moment the Cloud's winner must change a bid that missed by one."""
    from ..variants import find_moment

    return find_moment(_cloud_missed_by_one)


def cloud_changes() -> dict[str, int]:
    moment = cloud_moment()
    holder = moment.to_move
    return {f"{change:+d}": moment.ruleset.score(moment.bids[holder] + change, moment.won[holder])
            for change in (1, -1)}


def _cloud_prompt() -> str:
    moment = cloud_moment()
    return f"Bid {moment.bids[moment.to_move]}, won {moment.won[moment.to_move]}: which change of bid scores better?"


# -- the experiments ---------------------------------------------------------------------------------
@functools.cache
def games(kind: str, n: int = GAMES) -> Any:
    """The experiments' seeded games: "classic", "plus/minus one", "anniversary", "canadian", "standard",
    "tournament" (two rule-of-thumb and two random players), "monochrome 3" and "classic 3"."""
    from ..variants import play_games

    made = {"classic": lambda: play_games(n, players=4, seed=100),
            "plus/minus one": lambda: play_games(n, players=4, seed=100, bid_rule="plus-minus-one"),
            "anniversary": lambda: play_games(n, players=4, rules="anniversary", seed=100),
            "canadian": lambda: play_games(n, players=4, seed=100, bid_rule="canadian"),
            "standard": lambda: play_games(n, players=KINDS, seed=300),
            "tournament": lambda: play_games(n, players=KINDS, seed=300, schedule="tournament"),
            "monochrome 3": lambda: play_games(n, players=3, monochrome=True),
            "classic 3": lambda: play_games(n, players=3)}
    return made[kind]()


def bids(kind: str, n: int = GAMES) -> Any:
    from ..variants import bids_table

    return bids_table(games(kind, n), kind)


def shares():
    import pandas as pd

    return pd.concat([bids("classic"), bids("plus/minus one")]).groupby("variant")["exact"].mean()


def shares_summary():
    import pandas as pd

    summary = pd.concat([bids("classic"), bids("plus/minus one")]).groupby("variant")["exact"].agg(["mean", "count"])
    summary["standard error"] = (summary["mean"] * (1 - summary["mean"]) / summary["count"]) ** 0.5
    return steady(summary, 3)


def exact_shares():
    import pandas as pd

    return pd.Series({"classic": bids("classic")["exact"].mean(), "anniversary": bids("anniversary")["exact"].mean()})


def exact_by_hand():
    """Share of exact bids by kind of player, in small (1-5 cards) and big (11-15 cards) hands."""
    by_hand = bids("standard")
    by_hand["player"] = [KINDS[seat] for seat in by_hand["seat"]]
    by_hand["hands"] = ["small (1-5 cards)" if n <= 5 else "big (11-15 cards)" if n >= 11 else "middle"
                        for n in by_hand["cards"]]
    return by_hand.groupby(["hands", "player"])["exact"].mean().unstack().drop("middle")


def exact_lead():
    table = exact_by_hand()
    return table["rule-of-thumb"] - table["random"]


def dealer_share(kind: str, n: int = GAMES) -> float:
    table = bids(kind, n)
    return float(table.loc[table["bid_order"] == table["bid_order"].max(), "exact"].mean())


def _dealer_by_order():
    import pandas as pd

    return steady(pd.DataFrame({"classic": bids("classic", 100).groupby("bid_order")["exact"].mean(),
                                "plus/minus one": bids("plus/minus one", 100).groupby("bid_order")["exact"].mean()}), 3)


def _share(kind: str) -> float:
    return float(bids(kind, 5)["exact"].mean())


#: The third answer of a comparison: the gap is less than 2 standard errors (it could be chance).
TOO_CLOSE = "too close to tell"


def gap(a: Any, b: Any) -> tuple[float, float]:
    """The gap between two shares of exact bids (``a`` minus ``b``, boolean columns) and its standard error."""
    pa, pb = float(a.mean()), float(b.mean())
    return pa - pb, (pa * (1 - pa) / len(a) + pb * (1 - pb) / len(b)) ** 0.5


def bigger(a: Any, b: Any, names: tuple[str, str]) -> str:
    """Which of two shares is bigger, or :data:`TOO_CLOSE` when the gap is under 2 standard errors."""
    diff, se = gap(a, b)
    if abs(diff) < 2 * se:
        return TOO_CLOSE
    return names[0] if diff > 0 else names[1]


def gap_words(a: Any, b: Any, names: tuple[str, str]) -> str:
    diff, se = gap(a, b)
    verdict = ("less than 2 standard errors: too close to tell, it could be chance" if abs(diff) < 2 * se
               else "more than 2 standard errors: a real difference")
    return (f"{names[0]} {a.mean():.3f}, {names[1]} {b.mean():.3f}: a gap of {abs(diff):.3f}, standard error "
            f"{se:.3f}, so {verdict}.")


def _dealer_rows(kind: str, n: int = GAMES) -> Any:
    table = bids(kind, n)
    return table.loc[table["bid_order"] == table["bid_order"].max(), "exact"]


def _hands(which: str, player: str) -> Any:
    """The exact-bid column of one kind of player in small (1-5 cards) or big (11-15 cards) hands."""
    by_hand = bids("standard")
    kinds = by_hand["seat"].map(lambda seat: KINDS[seat])
    size = by_hand["cards"] <= 5 if which == "small" else by_hand["cards"] >= 11
    return by_hand.loc[size & (kinds == player), "exact"]


def lead_gap() -> tuple[float, float]:
    """How much bigger the rule-of-thumb players' lead is in big hands than in small ones, and its error."""
    (big, se_big), (small, se_small) = (gap(_hands(h, "rule-of-thumb"), _hands(h, "random")) for h in ("big", "small"))
    return big - small, (se_big ** 2 + se_small ** 2) ** 0.5


def lead_verdict() -> str:
    diff, se = lead_gap()
    if abs(diff) < 2 * se:
        return TOO_CLOSE
    return "big (11-15 cards)" if diff > 0 else "small (1-5 cards)"


WHY_MONO = ["its six special cards have no colour to share out",
            "its Dragon and Fairy would win every trick",
            "it can: Monochrome works with every deck too"]

BANK.add("13.mono-anniversary", "Why can Monochrome not be played with the Anniversary deck?", choices=WHY_MONO,
         answer=lambda: WHY_MONO[0] if refused(rules="anniversary", monochrome=True) else WHY_MONO[2],
         hint="In Monochrome every player owns one colour. Which Anniversary cards have no colour of their own?",
         worked=lambda: ["The kit refuses it, and says why:", _refusal()])
BANK.add("13.pm1-forbidden", "Plus/minus one, 5 cards each, the others bid 1, 1 and 1. Which bid may the dealer not make?",
         answer=lambda: min(set(range(6)) - set(allowed_bids(5, [1, 1, 1], players=4, rules=plus_minus_one()))),
         hint="The bids must not add up to the number of tricks in the round, 5.",
         worked=lambda: f"Allowed: {allowed_bids(5, [1, 1, 1], players=4, rules=plus_minus_one())}. Every bid except "
                        "2, because 1 + 1 + 1 + 2 = 5.")
BANK.add("13.pm1-everyone", "With plus/minus one, can every player make their bid in the same round?",
         choices=["yes", "no"], answer=lambda: "yes" if everyone_can_make_it() else "no",
         hint="If everybody wins exactly what they bid, the bids add up to the tricks in the round. Is that allowed?",
         worked="No: if all bids were made, the bids would equal the tricks won, and all the tricks won together "
                "are all the tricks of the round: a total the bids may never reach. The experiments below show "
                "zero such rounds.")
BANK.add("13.canadian-leads-alone",
         "Canadian rule, 3 cards, the others bid 1, 1 and 0. Which bid may a dealer who leads alone not make?",
         answer=lambda: min(set(range(4)) - set(_canadian_bids()["dealer leads alone"])),
         hint="A dealer who leads alone may not make the bids add up to the tricks, 3 (unless they bid 0).",
         worked=lambda: _canadian_bids())
BANK.add("13.canadian-not-leading", "And how many different bids may a dealer who does not lead make?",
         answer=lambda: len(_canadian_bids()["dealer does not lead"]),
         hint="A tie for the lead, or not leading at all, frees the dealer: every bid from 0 to 3.",
         worked=lambda: _canadian_bids())
BANK.add("13.clairvoyance-bid", "Clairvoyance: what does the kit's rule-of-thumb player bid as Player 2, 0 or 1? Decide "
         "what you would bid first (look at the cards below).", shuffle=False, choices=[0, 1],
         answer=lambda: int(_unseen_chance() > 0.5),
         hint="Of all the cards you might hold, how many would beat the cards you can see?",
         worked=lambda: f"Its count is {steady(_unseen_chance(), 3)}. "
                        + ("More than half, so it bids 1." if _unseen_chance() > 0.5 else "Not more than half, so it bids 0."))
BANK.add("13.mono-trick", "Monochrome: click the card that wins R9 G13 B13.", cards="R9 G13 B13",
         answer=lambda: explain_trick("R9 G13 B13", rules=_mono_rules()).winner,
         hint="No trump and no colour to follow: the highest value wins. What if two cards have the same value?",
         worked=lambda: explain_trick("R9 G13 B13", rules=_mono_rules()).reason)
BANK.add("13.tricks-standard", "How many tricks can be won in a whole 4-player game with the standard schedule?",
         answer=lambda: sum(round_sizes(4)), hint="1 + 2 + 3 + ... + 15.",
         worked=lambda: f"1 + 2 + ... + 15 = {sum(round_sizes(4))}.")
BANK.add("13.tricks-tournament", "And with the tournament schedule?",
         answer=lambda: sum(round_sizes(4, schedule="tournament")),
         hint="Add up the cards in each round from the table above.",
         worked=lambda: " + ".join(map(str, round_sizes(4, schedule="tournament")))
                        + f" = {sum(round_sizes(4, schedule='tournament'))}.")
BANK.add("13.dragon-legal", "Red is led with R9. You hold R3, Dragon and G2. Type every card you may play.",
         answer=lambda: legal_plays("R3 Dragon G2", "R9", rules="anniversary"),
         hint="You can follow red, so the green card is out. What about the Dragon?",
         worked=lambda: ["R3 (you follow red) or the Dragon (a special card may always be played), not G2. With "
                         "every special card in the hand:",
                         " ".join(map(str, legal_plays("R3 Dragon G2 Fairy Bomb Juggler Cloud", "R9",
                                                       rules="anniversary")))])
BANK.add("13.fairy-turned-up", "The Fairy is turned up as the trump card. What is trump?", choices=TRUMP_WORDS,
         answer=lambda: trump_word("Fairy"), hint="Which card that always loses does the Fairy look like?",
         worked=lambda: "; ".join(f"{name}: {trump_word(name)}"
                                  for name in ("Dragon", "Fairy", "Bomb", "Werewolf", "Juggler", "Cloud")) + ".")
BANK.add("13.w-dragon-fairy", "Red is trump. Click the card that wins W Dragon Fairy.", cards="W Dragon Fairy",
         answer=lambda: explain_trick("W Dragon Fairy", trump="R", rules="anniversary").winner,
         hint="The Dragon beats everything, even a Wizard. But who beats the Dragon?",
         worked=lambda: [f"{trick}: {explain_trick(trick, trump='R', rules='anniversary').reason}"
                         for trick in ("W Dragon Fairy", "W Dragon R13", "Dragon W Fairy", "Fairy J R2")])
BANK.add("13.juggler-red", "Red is led with R7, then a Juggler named red, then R8. Click the card that wins.",
         cards="R7 Juggler:R R8", answer=lambda: explain_trick("R7 Juggler:R R8", rules="anniversary").winner,
         hint="The Juggler is worth 7½ in the colour its player names.",
         worked=lambda: explain_trick("R7 Juggler:R R8", rules="anniversary").reason)
BANK.add("13.juggler-green", "Green is trump. R7, then a Juggler named green, then R8. Click the card that wins.",
         cards="R7 Juggler:G R8", answer=lambda: explain_trick("R7 Juggler:G R8", trump="G", rules="anniversary").winner,
         hint="Which colour did the Juggler's player name? Is that colour trump?",
         worked=lambda: explain_trick("R7 Juggler:G R8", trump="G", rules="anniversary").reason)
BANK.add("13.cloud-change", _cloud_prompt, choices=lambda: list(cloud_changes()),
         answer=lambda: max(cloud_changes().items(), key=lambda kv: kv[1])[0],
         hint="Work out the score for the bid + 1 and for the bid − 1. Which one is now exact?",
         worked=lambda: "Scores: " + ", ".join(f"{change}: {points}" for change, points in cloud_changes().items())
                        + ". Here the Cloud rescues a missed bid.")
BANK.add("13.cloud-exact", "Bid 2, won 2, holding the Cloud: the bid must change to 1 or 3. What do they score?",
         answer=lambda: score_round(3, 2) if score_round(3, 2) == score_round(1, 2) else None,
         hint="Either way the new bid is off by one trick.",
         worked=lambda: f"Bid 3 won 2: {score_round(3, 2)}; bid 1 won 2: {score_round(1, 2)}. Either change misses by one.")
BANK.add("13.pm1-shares", "In these games, which has the bigger share of exact bids: classic or plus/minus one? "
         "(Or is the gap under 2 standard errors, so that you cannot say?)",
         choices=["classic", "plus/minus one", TOO_CLOSE],
         answer=lambda: bigger(bids("classic")["exact"], bids("plus/minus one")["exact"], ("classic", "plus/minus one")),
         hint="Compare the gap between the two shares with 2 standard errors.",
         worked=lambda: ["The share of exact bids, with its standard error:", shares_summary(),
                         gap_words(bids("classic")["exact"], bids("plus/minus one")["exact"],
                                   ("classic", "plus/minus one")),
                         "The rule can only stop the dealer, once a round, so it changes few bids: 25 games "
                         "cannot show so small an effect."])
BANK.add("13.deck-luck", "In these games, with which deck do the players hit their bid less often? "
         "(Or can you not say, because the gap is under 2 standard errors?)",
         choices=["classic", "anniversary", TOO_CLOSE],
         answer=lambda: bigger(bids("anniversary")["exact"], bids("classic")["exact"], ("classic", "anniversary")),
         hint="Compare the gap between the two shares with 2 standard errors.",
         worked=lambda: ["Share of exact bids:", steady(exact_shares(), 3),
                         gap_words(bids("classic")["exact"], bids("anniversary")["exact"], ("classic", "anniversary")),
                         "A special card that takes a trick away, or forces a new bid, could make exact bids "
                         "harder; more games would tell."])
BANK.add("13.small-hands", "Standard schedule: in which hands is the rule-of-thumb players' lead in exact bids over the "
         "random players bigger? (Or can you not say, with so few games?)",
         choices=["big (11-15 cards)", "small (1-5 cards)", TOO_CLOSE], answer=lead_verdict,
         hint="Work out the lead in each kind of hand, then compare the difference with 2 standard errors.",
         worked=lambda: ["Share of exact bids by kind of player, and the rule-of-thumb players' lead:",
                         steady(exact_by_hand().assign(lead=exact_lead()), 3),
                         f"The lead is {lead_gap()[0]:.3f} bigger in big hands, with a standard error of "
                         f"{lead_gap()[1]:.3f}: "
                         + ("less than 2 standard errors, too close to tell in 25 games. The better players lead "
                            "in both kinds of hand." if lead_verdict() == TOO_CLOSE else
                            "more than 2 standard errors: a real difference.")])
BANK.add("13.dealer-100", "With 100 games each: is the dealer's share of exact bids still lower with plus/minus one?",
         choices=["yes", "no", TOO_CLOSE],
         answer=lambda: {"classic": "yes", "plus/minus one": "no", TOO_CLOSE: TOO_CLOSE}[
             bigger(_dealer_rows("classic", 100), _dealer_rows("plus/minus one", 100), ("classic", "plus/minus one"))],
         hint="Run the first experiment with GAMES = 100, look at the dealer's bars (place 4), and compare the gap "
              "with 2 standard errors.",
         worked=lambda: [gap_words(_dealer_rows("classic", 100), _dealer_rows("plus/minus one", 100),
                                   ("classic", "plus/minus one")),
                         "The rule stops only the dealer, so the dealer's gap is where it shows:", _dealer_by_order()])
BANK.add("13.canadian-dealer", "Canadian rule, the same 25 games: what share of the dealer's bids are exact? (two decimals)",
         answer=lambda: dealer_share("canadian"), tolerance=0.01,
         hint='play_games(GAMES, players=4, seed=100, bid_rule="canadian"), then bids_table and the rows with bid_order 4.',
         worked=lambda: "The dealer's exact bids: classic "
                        f"{steady(dealer_share('classic'), 3)}, plus/minus one {steady(dealer_share('plus/minus one'), 3)}, "
                        f"Canadian {steady(dealer_share('canadian'), 3)} (standard error about "
                        f"{gap(_dealer_rows('canadian'), _dealer_rows('classic'))[1] / 2 ** 0.5:.2f} each). The "
                        "Canadian rule stops the dealer only when they lead alone, so it can stop them less often "
                        "than plus/minus one; 25 games are too few to see a difference between the rules.")
BANK.add("13.mono-exact", "5 games of 3 players: is the share of exact bids higher in Monochrome than in Classic?",
         choices=["yes", "no", TOO_CLOSE],
         answer=lambda: {"monochrome": "yes", "classic": "no", TOO_CLOSE: TOO_CLOSE}[
             bigger(bids("monochrome 3", 5)["exact"], bids("classic 3", 5)["exact"], ("monochrome", "classic"))],
         hint="Compare bids_table(...)['exact'].mean() for both, and the gap with 2 standard errors.",
         worked=lambda: gap_words(bids("monochrome 3", 5)["exact"], bids("classic 3", 5)["exact"],
                                  ("Monochrome", "Classic")) + " 5 games is a small sample: always compare the gap "
                                                               "with the standard error before concluding.")


# -- follow-ups: a question of two options is a coin toss, so each asks why --------------------------------
WHY_PM1 = ["if every bid were made, the bids would add up to the tricks",
           "the dealer must always miss their bid by exactly one trick in the round",
           "two players may never bid the same number of tricks in one round"]
BANK.why("13.pm1-everyone", "Why?", WHY_PM1, answer=lambda: WHY_PM1[2] if everyone_can_make_it() else WHY_PM1[0],
         hint="Add up the tricks everybody wins. What may the bids never add up to?")
WHY_SEER = ["more than half of the cards it might hold would win",
            "at most half of the cards it might hold would win",
            "it always bids 1 when it sees the others' cards"]
BANK.why("13.clairvoyance-bid", "Why?", WHY_SEER, answer=lambda: WHY_SEER[0] if _unseen_chance() > 0.5 else WHY_SEER[1],
         hint="Count the cards it might hold that would beat the cards it can see.")
WHY_CLOUD = ["the changed bid is then exactly the number of tricks won",
             "a lower bid always scores better than a higher bid with the Cloud",
             "the Cloud adds 10 points to a bid that goes up by one trick"]
BANK.why("13.cloud-change", "Why?", WHY_CLOUD,
         answer=lambda: WHY_CLOUD[0] if max(cloud_changes().values()) > 0 else WHY_CLOUD[1],
         hint="After the change, is the bid exact?")
