"""Play whole games between computer players in one call."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..engine.game import Game
from ..engine.rules.rulesets import get_ruleset
from ..errors import PlayerError, whole
from .base import Player, check_seed
from .random_player import RandomPlayer
from .rule_of_thumb import RuleOfThumbPlayer


# The simulating players are imported when first made: they bring the simulator (numpy), which a
# table of rule-of-thumb players (a pupil's Junior game) never needs.
def SimulatingPlayer(seed: int | None = None, **kwargs: Any) -> Player:  # noqa: N802 (stands in for the class)
    from .simulating import SimulatingPlayer as cls

    return cls(seed=seed, **kwargs)


def HardPlayer(seed: int | None = None, **kwargs: Any) -> Player:  # noqa: N802 (stands in for the class)
    from .hard import HardPlayer as cls

    return cls(seed=seed, **kwargs)


#: Computer players by the names notebooks and widgets use: the ladder ``easy`` < ``medium`` < ``hard``,
#: whose lower rungs keep their older names as aliases (``random`` is easy, ``rule-of-thumb`` is
#: medium), and the ``simulator``, which sits between medium and hard.
PLAYER_TYPES: dict[str, Callable[..., Player]] = {
    "random": RandomPlayer,
    "rule-of-thumb": RuleOfThumbPlayer,
    "simulator": SimulatingPlayer,
    "easy": RandomPlayer,
    "medium": RuleOfThumbPlayer,
    "hard": HardPlayer,
}

#: The ladder of computer players, weakest first.
LEVELS = ("easy", "medium", "hard")


def make_player(kind: str | Player, seed: int | None = None) -> Player:
    """A computer player from its name or as given.

    Names: the ladder ``"easy"`` (random legal moves), ``"medium"`` (the rule of thumb) and
    ``"hard"`` (:class:`~wizard_edu.players.hard.HardPlayer`); ``"random"`` and ``"rule-of-thumb"``
    are the old names of easy and medium, and ``"simulator"`` (the
    :class:`~wizard_edu.players.simulating.SimulatingPlayer`) is stronger than medium, weaker than hard.

    >>> type(make_player("easy")).__name__, type(make_player("medium")).__name__
    ('RandomPlayer', 'RuleOfThumbPlayer')
    >>> type(make_player("simulator")).__name__, type(make_player("hard")).__name__
    ('SimulatingPlayer', 'HardPlayer')
    """
    if not isinstance(kind, str):
        if callable(getattr(kind, "act", None)):
            return kind
        raise PlayerError(f"A player is a name ({', '.join(repr(k) for k in PLAYER_TYPES)}) or an object "
                          f"with an act(view) method, not {kind!r}.")
    key = kind.strip().lower().replace("_", "-").replace(" ", "-")
    if key not in PLAYER_TYPES:
        raise PlayerError(f"There is no computer player {kind!r}. Choose one of {', '.join(PLAYER_TYPES)}.")
    return PLAYER_TYPES[key](seed=seed)


def player_kind(player: object) -> str | None:
    """The name in :data:`PLAYER_TYPES` of the level ``player`` says it plays at (its ``level``:
    ``"hard"`` for a :class:`~wizard_edu.players.hard.HardPlayer`), so a saved table seats the same
    level again; ``None`` for a player that names no level of the kit's.

    >>> player_kind(make_player("hard")), player_kind(make_player("medium")), player_kind("hard")
    ('hard', 'rule-of-thumb', None)
    """
    level = getattr(player, "level", None)
    return level if isinstance(level, str) and level in PLAYER_TYPES else None


def play_game(players: Sequence[str | Player] | int = 4, rules: str = "classic", seed: int | None = 0,
              **game_options: Any) -> Game:
    """Play a complete game between computer players and return the finished :class:`Game`.

    ``players`` is a list of players or player names, or a number of rule-of-thumb players.
    Each computer player's own randomness is seeded from ``seed`` and its seat.

    >>> game = play_game(["random", "rule-of-thumb", "rule-of-thumb"], rules="junior", seed=3)
    >>> game.is_over, len(game.score_pad())
    (True, 8)
    """
    if seed is not None:
        seed = check_seed(seed, negative=False)
    ruleset = get_ruleset(rules)
    if isinstance(players, (list, tuple)):
        kinds = list(players)
        ruleset.check_players(len(kinds))
    else:
        count = whole(players)
        if count is None:
            raise PlayerError("Give the players as a list, like ['simulator', 'rule-of-thumb', 'random'], "
                              f"or as a number of rule-of-thumb players, not {players!r}.")
        # The count is checked before anything is made for the seats (players=10**9 is refused at once).
        ruleset.check_players(count)
        kinds = ["rule-of-thumb"] * count
    base = 0 if seed is None else seed
    seated = [make_player(p, seed=base * 100 + i) for i, p in enumerate(kinds)]
    game = Game(players=len(seated), rules=ruleset, seed=seed, **game_options)
    while not game.is_over:
        seat = game.to_move
        assert seat is not None  # somebody is to move until the game is over
        game.apply(seated[seat].act(game.view(seat)), seat)
    return game
