"""What travels between the class tables and a pupil's Seat comes back exactly: every seat's view and
every event, in every edition and variant, at every step of a game."""

from __future__ import annotations

import json

import pytest

from wizard_edu import Action, Card, Game, SaveFileError
from wizard_edu.online.wire import decode, encode
from wizard_edu.players import make_player

GAMES = [(3, "junior", {}), (4, "classic", {}), (3, "anniversary", {}), (4, "classic", {"monochrome": True}),
         (3, "classic", {"clairvoyance": True}), (4, "classic", {"bidding": "secret"}),
         (5, "classic", {"schedule": "tournament"})]


def there_and_back(value):
    return decode(json.loads(json.dumps(encode(value))))


@pytest.mark.parametrize(("players", "rules", "options"), GAMES)
def test_views_and_events_travel_exactly(players, rules, options):
    game = Game(players=players, rules=rules, seed=11, **options)
    brain = make_player("easy", seed=3)
    steps = 0
    while not game.is_over and steps < 400:
        for seat in range(players):
            view = game.view(seat)
            assert there_and_back(view) == view
        seat = game.to_move
        action = brain.act(game.view(seat))
        assert there_and_back(action) == action
        events = game.apply(action, seat)
        assert there_and_back(events) == events
        steps += 1
    assert steps > 20


def test_only_known_kinds_are_read():
    assert there_and_back(Card.parse("Juggler:R")) == Card.parse("Juggler:R")
    for bad in ({"dc": "Popen", "f": {}}, {"dc": "SeatView", "f": {"seat": 1}}, {"card": "Z9"}, {"x": 1}, 1.5):
        with pytest.raises(SaveFileError):
            decode(bad)
    with pytest.raises(TypeError):
        encode(object())
    assert there_and_back(Action("trump", None)) == Action("trump", None)
