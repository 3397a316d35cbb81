"""A toy variant with a step of its own plugs in whole: one module (this one) and its ruleset entry.

*Show-off*: after the bids, every player in turn from the dealer's left shows one card of their hand
to everyone; the shown cards stay face up in every player's view and on the score pad's record, and
are then played as usual.  Nothing else of the kit is changed: the engine, save files, positions,
the computer players, the phase words and the table widget all work from the variant's hooks.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from wizard_edu import Game
from wizard_edu.engine.actions import VARIANT_KINDS, Action
from wizard_edu.engine.cards import Card
from wizard_edu.engine.phases import PhaseName, PhaseText, StrEnum
from wizard_edu.engine.rules.registry import RULESETS, VARIANT_RULES
from wizard_edu.engine.rules.rulesets import Ruleset
from wizard_edu.engine.rules.variant import Phase, VariantRules, register_variant
from wizard_edu.errors import IllegalPlayError, PositionError, WrongPhaseError
from wizard_edu.players import make_player

# -- the toy variant: one module and its ruleset entry ---------------------------------------------


class ShowOffPhase(StrEnum):
    SHOW = "show"  # every player shows one card of their hand to everyone


SHOW = ShowOffPhase.SHOW


@dataclass
class ShowState:
    shown: list[Card | None]  # by seat: the card shown this round (None: not yet)


def _show_seat(game: Game) -> int:
    order = [(game.dealer + 1 + i) % game.players for i in range(game.players)]
    return next(s for s in order if game.state.extra.shown[s] is None)


def _apply_show(game: Game, seat: int, value: Any) -> tuple[Any, tuple]:
    card = None if value is None else Card.parse(value)
    if card is None or card not in game.state.hands[seat]:
        raise IllegalPlayError(f"Show one card of your hand: you do not hold {card}.")
    shown = game.state.extra.shown
    shown[seat] = card
    if None not in shown:
        game.state.phase = PhaseName.PLAY
    return card, ()


def _cards_text(cards: Any) -> str:
    return ".".join("-" if c is None else str(c) for c in cards)


def _read_cards(text: str) -> list[Card | None]:
    return [None if c == "-" else Card.parse(c) for c in text.split(".")]


class ShowOff(VariantRules):
    key = "show-off"
    phases = {SHOW: Phase(
        SHOW, SHOW, _show_seat,
        lambda game: list(dict.fromkeys(game.state.hands[_show_seat(game)])), _apply_show,
        lambda game: "players are showing a card each",
        lambda game: f"Round {game.round_number}: everyone shows a card; {game.names[_show_seat(game)]} chooses.",
        Card.parse,
        PhaseText(lambda view: "Your turn: click a card to show it to everyone.", by_hand=True))}
    view_fields = {"shown": ()}
    record_fields = {"shown": ()}

    def new_state(self, players: int) -> ShowState:
        return ShowState([None] * players)

    def after_bids(self, game: Game) -> tuple:
        game.state.phase = SHOW
        return ()

    def view_extras(self, game: Game, seat: int) -> dict[str, Any]:
        return {"shown": tuple(game.state.extra.shown)}

    def record_extras(self, game: Game) -> dict[str, Any]:
        return {"shown": tuple(game.state.extra.shown)}

    def record_text(self, record: Any) -> str:
        return _cards_text(record.extra["shown"])

    def parse_record(self, text: str) -> dict[str, Any]:
        return {"shown": tuple(_read_cards(text))}

    def state_text(self, game: Game) -> str:
        return _cards_text(game.state.extra.shown)

    def parse_state(self, text: str, game: Game) -> ShowState:
        if text == "-":
            return self.new_state(game.players)
        shown = _read_cards(text)
        if len(shown) != game.players:
            raise ValueError("give one shown card (or -) for each player")
        return ShowState(shown)


SHOW_OFF = Ruleset("show-off", ranks=13, wizards=4, jesters=4)


@pytest.fixture
def show_off() -> Iterator[Ruleset]:
    """Show-off registered (its one ruleset entry) for one test, and taken away after it."""
    register_variant(ShowOff(), SHOW_OFF)
    yield SHOW_OFF
    del RULESETS[SHOW_OFF.name], VARIANT_RULES[ShowOff.key]
    VARIANT_KINDS.pop(SHOW, None)


# -- the engine plays it --------------------------------------------------------------------------


def _play_out(game: Game, rng: random.Random, check: Any = None) -> Game:
    players = [make_player("rule-of-thumb" if s % 2 else "random", seed=s) for s in range(game.players)]
    while not game.is_over:
        if check is not None:
            check(game)
        seat = game.to_move
        action = players[seat].act(game.view(seat)) if rng.random() < 0.8 else rng.choice(game.legal_actions())
        game.apply(action, seat)
    return game


@pytest.mark.parametrize("players, seed", [(3, 1), (4, 2), (5, 3), (6, 4)])
def test_whole_games_of_the_toy_variant_show_a_card_each_after_the_bids(show_off, players, seed):
    game = Game(players=players, rules="show-off", seed=seed)
    seen_show = []

    def check(g: Game) -> None:
        view = g.view(g.to_move)
        if g.phase == SHOW:
            seen_show.append(g.round_number)
            assert None not in g.bids and not g.tricks and not g.trick  # after the bids, before the play
            assert g.to_move == _show_seat(g)
            assert {a.kind for a in view.legal} == {"show"}
            assert all(a.value in g.hands[g.to_move] for a in view.legal)
            for other in range(g.players):  # every player sees the cards shown so far
                assert g.view(other).shown == tuple(g.state.extra.shown)
            with pytest.raises(WrongPhaseError, match="showing a card each"):
                g.apply(Action("play", view.legal[0].value))
            with pytest.raises(IllegalPlayError, match="Show one card"):
                g.apply(Action("show", None))
        elif g.phase == PhaseName.PLAY:
            assert None not in g.state.extra.shown

    _play_out(game, random.Random(seed), check)
    assert sorted(set(seen_show)) == list(range(1, len(game.round_sizes) + 1))  # every round has the step
    for record in game.rounds:
        assert len(record.shown) == players and None not in record.shown
    # Save files and copies replay it, and positions set it up, mid-step too.
    assert Game.from_json(game.to_json()).rounds == game.rounds


def test_positions_saves_and_views_of_the_toy_step(show_off):
    game = Game(players=4, rules="show-off", seed=5)
    for _ in range(4):
        game.apply(game.legal_actions()[0])  # the bids
    assert game.phase == SHOW and game.view(0).leader == game.leader  # tricks are to come: a seat leads
    game.apply(game.legal_actions()[-1])  # the first card shown
    again = Game.from_position(game.position())
    assert again.phase is SHOW and again.legal_actions() == game.legal_actions()
    no_bids = re.sub(r"bids=\S+", "bids=-,-,-,-", game.position())
    with pytest.raises(PositionError, match="In phase show every player has bid"):  # (the step's stage)
        Game.from_position(no_bids)
    assert [again.view(s) for s in range(4)] == [game.view(s) for s in range(4)]
    copy = game.copy()
    assert copy.history == game.history and copy.view(1).shown == game.view(1).shown
    assert Action.parse(str(game.history[-1][1])) == game.history[-1][1]
    assert "everyone shows a card" in game.status()
    _play_out(game, random.Random(0))
    assert Game.from_position(game.position()).rounds == game.rounds
    # Another game's views read the toy's field as its empty value, and the toy's the Anniversary's.
    assert Game(players=3, rules="classic", seed=1).view(0).shown == ()
    assert game.rounds[0].werewolf is None


def test_the_toy_step_says_its_own_words(show_off):
    from wizard_edu.teach.phase_words import phase_words

    game = Game(players=3, rules="show-off", seed=2)
    for _ in range(3):
        game.apply(game.legal_actions()[0])
    words = phase_words(game.view(game.to_move))
    assert words.prompt == "Your turn: click a card to show it to everyone."
    assert words.hand_action == "show" and words.buttons == ()
    assert phase_words(game.view((game.to_move + 1) % 3)).prompt.startswith("Waiting for ")


# -- the table widget plays it --------------------------------------------------------------------


def _table(ruleset: Ruleset) -> Any:
    from wizard_edu.widgets.table import TableWidget

    return TableWidget(rules=ruleset, players=3, seed=4, opponents=["rule-of-thumb", "random"])


def test_the_table_widget_plays_whole_games_of_the_toy_variant(show_off):
    table = _table(show_off)
    steps = 0
    while not table.game.is_over:
        view = table.view
        assert view.my_turn  # the computers have moved: it is the learner's turn again
        if view.phase == SHOW:
            steps += 1
            assert view.shown[view.seat] is None
        assert table.act(view.legal[-1])
    assert steps == len(table.game.round_sizes)
    assert all(None not in r.shown for r in table.game.rounds)
    assert Game.from_json(table.save_json()).rounds == table.game.rounds


def test_the_table_widget_shows_the_toy_step_in_its_words(show_off):
    from wizard_edu.teach.phase_words import phase_words

    table = _table(show_off)
    while table.view.phase != SHOW:
        table.act(table.view.legal[0])
    view = table.view
    assert phase_words(view).prompt in table.prompt.value  # "Your turn: click a card to show it ..."
    legal = {str(a.value) for a in view.legal}
    marked = {str(b.card) for b in table.hand_box.children if "wizard-legal" in b._dom_classes}
    assert marked == legal  # the cards that may be shown wear the thick frame
    assert not [b for b in table.action_box.children if "show" in getattr(b, "description", "")]
