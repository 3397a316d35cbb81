"""The variants in one table, and helpers to run experiments with them (notebook 13).

(How a variant changes the game, and how to add one: :mod:`wizard_edu.engine.rules.variant` and
``docs/variants.md``.)

Every variant is a ruleset option (see :class:`wizard_edu.engine.rules.rulesets.Ruleset`),
so a variant game is an ordinary :class:`~wizard_edu.engine.game.Game`::

    >>> from wizard_edu.teach.variants import VARIANTS, play_games, bids_table
    >>> VARIANTS["plus-minus-one"].options
    {'bid_rule': 'plus-minus-one'}
    >>> games = play_games(2, players=4, seed=1, **VARIANTS["plus-minus-one"].options)
    >>> table = bids_table(games)
    >>> len(table) == 2 * 15 * 4, list(table.columns)[:4]
    (True, ['game', 'round', 'cards', 'seat'])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Any

import pandas as pd

from ..display.html import card_back_html, cards_html
from ..engine.game import Action, Game, SeatView
from ..errors import WizardError
from ..players.table import make_player, play_game
from .vocabulary import Vocabulary


@dataclass(frozen=True)
class Variant:
    """One variant: its name for people, the rules it starts from, its options and what it changes."""

    title: str
    rules: str
    options: dict[str, Any] = field(default_factory=dict)
    changes: str = ""
    players: str = "3-6"


#: Every variant the kit plays, by a short key.
VARIANTS: dict[str, Variant] = {
    "hidden": Variant("Hidden bid", "classic", {"bidding": "hidden"},
                      "Everyone bids at the same time, so nobody hears the others' bids first."),
    "secret": Variant("Delayed reveal (secret prediction)", "classic", {"bidding": "secret"},
                      "Bids stay hidden until the round is scored: you cannot see who still needs tricks."),
    "canadian": Variant("Canadian rule", "classic", {"bid_rule": "canadian"},
                        "If the dealer alone leads the score, the dealer may not make the bids add up "
                        "to the tricks in the round (a bid of 0 is always allowed)."),
    "plus-minus-one": Variant("Plus/minus one", "classic", {"bid_rule": "plus-minus-one"},
                              "The bids may never add up to the tricks in the round: the last bidder "
                              "must avoid that total, so somebody is sure to miss."),
    "clairvoyance": Variant("Clairvoyance", "classic", {"clairvoyance": True},
                            "In round 1 you see everybody's card except your own, and bid on that."),
    "monochrome": Variant("Monochrome", "classic", {"monochrome": True},
                          "Each player draws from a private pile of one colour (1-13, a Wizard, a Jester); "
                          "no trump, no following, the highest value wins; 12 rounds of 4 to 15 cards.",
                          players="3-4"),
    "tournament": Variant("Tournament schedule", "classic", {"schedule": "tournament"},
                          "Always 10 rounds, with bigger hands sooner (4 players: 2, 4, 6, 8, 10-15 cards).",
                          players="4-6"),
    "anniversary": Variant("Anniversary special cards", "anniversary", {},
                           "Six extra cards: Dragon, Fairy, Bomb, Werewolf, Juggler and Cloud (66 cards)."),
}


def variant_table() -> pd.DataFrame:
    """The variants as a table: title, starting rules, options, players and what changes."""
    rows = [{"variant": v.title, "rules": v.rules,
             "options": ", ".join(f"{k}={val!r}" for k, val in v.options.items()) or "-",
             "players": v.players, "what changes": v.changes} for v in VARIANTS.values()]
    return pd.DataFrame(rows).set_index("variant")


def play_games(n: int, players: int | Sequence[str] = 4, rules: str = "classic", seed: int = 0,
               **options: Any) -> list[Game]:
    """Play ``n`` computer games (seeds ``seed``, ``seed + 1``, ...) and return the finished games.

    ``players`` is a number of rule-of-thumb players or a list of player names
    (``"random"``, ``"rule-of-thumb"``, ...).  Game ``i`` uses seed ``seed + i``
    for the deal and the players, so two experiments with the same seeds see
    the same shuffles wherever their rules deal the same cards.
    """
    seats = ["rule-of-thumb"] * players if isinstance(players, int) else list(players)
    return [play_game(seats, rules=rules, seed=seed + i, **options) for i in range(n)]


def bids_table(games: Sequence[Game], label: str | None = None) -> pd.DataFrame:
    """One row per player per round: bid (as scored), tricks won, exact (bid made), points, total.

    ``bid_order`` is 1 for the first bidder (left of the dealer) up to the number of players for the
    dealer, who bids last.
    """
    rows = []
    for g, game in enumerate(games):
        for r in game.rounds:
            for seat in range(game.players):
                rows.append({"game": g, "round": r.number, "cards": r.hand_size, "seat": seat,
                             "bid_order": (seat - r.dealer - 1) % game.players + 1,
                             "bid": r.bids[seat], "won": r.won[seat],
                             "exact": r.bids[seat] == r.won[seat], "points": r.points[seat],
                             "total": r.totals[seat]})
    table = pd.DataFrame(rows)
    if label is not None:
        table.insert(0, "variant", label)
    return table


def final_scores(games: Sequence[Game], kinds: Sequence[str] | None = None,
                 label: str | None = None) -> pd.DataFrame:
    """One row per player per game: final score, whether they won (ties share), and their player kind."""
    rows = []
    for g, game in enumerate(games):
        winners = game.winners()
        for seat, score in enumerate(game.scores):
            rows.append({"game": g, "seat": seat,
                         "player": kinds[seat] if kinds is not None else game.names[seat],
                         "score": score, "won": seat in winners})
    table = pd.DataFrame(rows)
    if label is not None:
        table.insert(0, "variant", label)
    return table


def why_not(game: Game, action: Action) -> str | None:
    """The reason ``action`` would be refused now, or ``None`` if it is allowed.  The game is not changed.

    >>> g = Game(4, "classic", seed=2, bid_rule="plus-minus-one")
    >>> for n in (0, 0, 0):
    ...     _ = g.bid(n)
    >>> why_not(g, Action("bid", 1))
    'The bids would add up to 1, the tricks in this round: bid something else.'
    >>> why_not(g, Action("bid", 0)) is None
    True
    """
    trial = game.copy()
    try:
        trial.apply(action)
    except WizardError as exc:
        return str(exc)
    return None


def find_moment(done: Callable[[Game], bool], players: int = 4, rules: str = "anniversary",
                seeds: Sequence[int] = range(200), **options: Any) -> Game:
    """The first game (rule-of-thumb players, seeds in order) that reaches a moment where ``done(game)``.

    A teaching helper for lesson 13: it lets a class *find* a rare situation by playing games, e.g.
    ``find_moment(lambda g: g.phase == "werewolf")``.  It is not how a situation is set up in tests
    or worksheets: write the position instead (``Game.from_position``, see ``docs/positions.md``),
    which does not change when the shuffle does.  No test uses it to set up a scenario.
    """
    for seed in seeds:
        game = Game(players, rules, seed=seed, **options)
        seated = [make_player("rule-of-thumb", seed=seed * 100 + i) for i in range(players)]
        while not game.is_over:
            if done(game):
                return game
            seat = game.to_move
            assert seat is not None, "a game that is not over has a seat to move"
            game.apply(seated[seat].act(game.view(seat)), seat)
    raise WizardError("No game among these seeds reached that moment: try more seeds.")


def seen_by(game: Game, seat: int) -> str:
    """HTML: what the player in ``seat`` sees of the hands and bids (their view, nothing more)."""
    view = game.view(seat)
    rows = []
    for s in range(view.players):
        if s == seat:
            hand = (" ".join(card_back_html("?") for _ in range(view.hand_counts[s])) if view.hand_hidden
                    else cards_html(view.hand))
            who = f"{escape(view.names[s])} (you)"
        elif s in view.visible_hands:
            hand, who = cards_html(view.visible_hands[s]), escape(view.names[s])
        else:
            hand = " ".join(card_back_html() for _ in range(view.hand_counts[s]))
            who = escape(view.names[s])
        rows.append(f"<tr><td>{who}</td><td>{_bid_text(view, s)}</td><td>{hand}</td></tr>")
    # Who deals, so the reader sees who bid first (the player on the dealer's left).
    dealer = Vocabulary(game.ruleset).says(view.names[view.dealer], "deal")
    return f"<p>Round {view.round_number}: {escape(dealer)}.</p><table>" + "".join(rows) + "</table>"


def _bid_text(view: SeatView, seat: int) -> str:
    bid = view.bids[seat]
    if bid is not None:
        return f"bid {bid}"
    if view.phase in ("trump", "werewolf"):
        return "no bid yet"
    if view.phase == "bid":
        order = [(view.dealer + 1 + i) % view.players for i in range(view.players)]
        assert view.to_move is not None, "someone is to bid while the bidding goes on"
        if order.index(seat) >= order.index(view.to_move):
            return "no bid yet"
    return "bid hidden"


__all__ = ["Variant", "VARIANTS", "variant_table", "play_games", "bids_table", "final_scores",
           "why_not", "find_moment", "seen_by"]
