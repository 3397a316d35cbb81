"""Reference games: seeded games recorded from the engine replay exactly the same.

``tests/data/reference_games.json`` holds a few hundred games played by the seeded computer
players (random and rule-of-thumb) across every edition and variant and 3-6 players.  Each game
stores its parameters, its actions as compact text, the final scores, a digest of what the engine
offered at every step (phase, player to move, legal actions in order) and of every scored round,
and a digest of ``to_json()``.  Replaying the actions must reproduce all of it, so any change in
behaviour (dealing, legal actions, trick winners, scoring, save files) fails here.

Regenerate only on purpose (a deliberate rules change):
``.venv/bin/python tests/engine/test_reference_games.py``
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from wizard_edu import Action, Card, Game

DATA = Path(__file__).parents[1] / "data" / "reference_games.json"

#: Compact action text: one letter for the kind, then the value ("-" for None).
_KIND_LETTER = {"bid": "b", "play": "p", "trump": "t", "werewolf": "w", "pass": "x", "cloud": "c"}
_LETTER_KIND = {v: k for k, v in _KIND_LETTER.items()}


def encode(action: Action) -> str:
    value = action.value
    return _KIND_LETTER[action.kind] + ("-" if value is None else str(value))


def decode(token: str) -> Action:
    kind, text = _LETTER_KIND[token[0]], token[1:]
    if text == "-":
        return Action(kind, None)
    if kind in ("play", "pass"):
        return Action(kind, Card.parse(text))
    if kind in ("bid", "cloud"):
        return Action(kind, int(text))
    return Action(kind, text)


def _round_text(game: Game) -> str:
    return "|".join(
        f"{r.number},{r.dealer},{r.hand_size},{r.trump_card},{r.trump},{r.bids},{r.won},{r.points},"
        f"{r.totals},{r.werewolf},{r.cloud}" for r in game.rounds)


def replay(params: dict, tokens: list[str]) -> tuple[Game, str]:
    """Replay the actions; return the game and a digest of every step the engine offered."""
    game = Game(params["players"], params["rules"], seed=params["seed"], first_dealer=params["first_dealer"],
                **params["options"])
    steps = hashlib.sha256()
    for token in tokens:
        steps.update(f"{game.phase};{game.to_move};{' '.join(map(str, game.legal_actions()))}\n".encode())
        game.apply(decode(token), game.to_move)
    steps.update(f"{game.phase};{game.to_move};{_round_text(game)}".encode())
    return game, steps.hexdigest()


# -- the recorded games ------------------------------------------------------------------------------
def _configs() -> list[tuple[str, dict, list[int]]]:
    """(rules, options, player counts) for every edition and variant the kit plays."""
    return [
        ("junior", {}, [3, 4, 5, 6]),
        ("classic", {}, [3, 4, 5, 6]),
        ("anniversary", {}, [3, 4, 5, 6]),
        ("classic", {"monochrome": True}, [3, 4]),
        ("classic", {"bidding": "hidden"}, [3, 4, 5, 6]),
        ("classic", {"bidding": "secret"}, [3, 4, 5, 6]),
        ("classic", {"bid_rule": "canadian"}, [3, 4, 5, 6]),
        ("classic", {"bid_rule": "plus-minus-one"}, [3, 4, 5, 6]),
        ("classic", {"clairvoyance": True}, [3, 4, 5, 6]),
        ("classic", {"schedule": "tournament"}, [4, 5, 6]),
        ("anniversary", {"schedule": "tournament", "bid_rule": "plus-minus-one"}, [4, 6]),
        ("anniversary", {"clairvoyance": True, "bidding": "secret"}, [3, 5]),
        ("junior", {"bidding": "hidden", "bid_rule": "canadian"}, [3, 5]),
        ("classic", {"monochrome": True, "bid_rule": "plus-minus-one", "bidding": "hidden"}, [3, 4]),
    ]


def record_all() -> list[dict]:
    """Play the reference games with the seeded computer players (used to write the data file)."""
    from wizard_edu.players import make_player

    games = []
    seed = 0
    for rules, options, counts in _configs():
        for players in counts:
            for mix in ("random", "rule-of-thumb", "mixed"):
                for _ in range(3 if rules == "anniversary" else 2):
                    seed += 1
                    kinds = ([mix] * players if mix != "mixed"
                             else ["random" if i % 2 else "rule-of-thumb" for i in range(players)])
                    seated = [make_player(k, seed=seed * 100 + i) for i, k in enumerate(kinds)]
                    game = Game(players, rules, seed=seed, first_dealer=seed % players, **options)
                    while not game.is_over:
                        s = game.to_move
                        game.apply(seated[s].act(game.view(s)), s)
                    params = {"players": players, "rules": rules, "options": options, "seed": seed,
                              "first_dealer": seed % players, "kinds": kinds}
                    tokens = [encode(a) for _, a in game.history]
                    _, steps = replay(params, tokens)
                    games.append({**params, "actions": " ".join(tokens), "scores": game.scores,
                                  "steps": steps,
                                  "json_sha256": hashlib.sha256(game.to_json().encode()).hexdigest()})
    return games


def _load() -> list[dict]:
    return json.loads(DATA.read_text())["games"]


REFERENCE = _load() if DATA.exists() else []


def test_reference_games_cover_every_edition_variant_and_player_count():
    assert len(REFERENCE) >= 150
    seen = {(g["rules"], tuple(sorted(g["options"].items())), g["players"]) for g in REFERENCE}
    wanted = {(r, tuple(sorted(o.items())), n) for r, o, counts in _configs() for n in counts}
    assert seen == wanted
    assert {k for g in REFERENCE for k in g["kinds"]} == {"random", "rule-of-thumb"}
    # The rare Anniversary steps are among the recorded actions.
    letters = {t[0] for g in REFERENCE for t in g["actions"].split()}
    assert letters == set(_LETTER_KIND)


@pytest.mark.parametrize("ref", REFERENCE, ids=lambda g: f"{g['rules']}-{g['players']}p-seed{g['seed']}")
def test_reference_game_replays_identically(ref):
    game, steps = replay(ref, ref["actions"].split())
    assert game.is_over
    assert game.scores == ref["scores"]
    assert steps == ref["steps"], "the engine offered different phases, turns or legal actions"
    assert hashlib.sha256(game.to_json().encode()).hexdigest() == ref["json_sha256"]


if __name__ == "__main__":
    DATA.parent.mkdir(exist_ok=True)
    DATA.write_text(json.dumps({"about": "Reference games; see tests/engine/test_reference_games.py",
                                "games": record_all()}, separators=(",", ":")).replace('},{"players"',
                                                                                         '},\n{"players"'))
    print(f"wrote {DATA} ({DATA.stat().st_size:,} bytes)")
