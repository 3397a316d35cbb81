"""TableWidget beyond Junior: the rarer steps of variants through its buttons, and its safety net."""

from __future__ import annotations

import html
import random

import pytest
from IPython.core.formatters import DisplayFormatter

from wizard_edu import Card
from wizard_edu.engine.game import Action
from wizard_edu.errors import WizardError
from wizard_edu.players import play_game
from wizard_edu.widgets import PredictionWidget, TableWidget, TrickTrainer, running_totals_chart
from wizard_edu.widgets.common import card_class


def classes(widget) -> set[str]:
    return set(widget._dom_classes)


def action_buttons(table: TableWidget) -> list:
    return [b for b in table.action_box.children if "wizard-action-button" in classes(b)]


def test_anniversary_game_by_clicking_every_kind_of_step():
    """Werewolf, a Juggler/Cloud's colour and passing after the Juggler's trick, all by buttons."""
    seen: set[str] = set()
    for seed in range(4):
        table = TableWidget(rules="anniversary", players=4, seed=seed)
        table.double_click_seconds = 0  # this test clicks much faster than a child double-clicks
        rng = random.Random(seed)
        while not table.game.is_over:
            view = table.view
            moves = len(table.game.history)
            named = [a for a in view.legal if a.kind == "play" and a.value is not None and a.value.colour
                     and a.value.kind in ("juggler", "cloud")]
            if named:
                card = named[0].value
                next(b for b in table.hand_box.children if b.card == card.unnamed).click()
                assert len(table.game.history) == moves and "Which colour" in table.message
                choice = [b for b in table.action_box.children if f"wizard-named-{card.colour}" in classes(b)]
                choice[0].click()
                assert table.game.history[moves][1].value == card
                seen.add("named")
            elif view.phase in ("werewolf", "cloud"):
                rng.choice(action_buttons(table)).click()
                seen.add(view.phase)
            elif view.phase == "pass":
                button = rng.choice(table.hand_box.children)
                card = button.card  # (after the pass the button may show a card passed to us)
                button.click()
                assert table.game.history[moves][1].value == card
                seen.add("pass")
            else:
                assert table.act(rng.choice(view.legal)), table.message
            assert len(table.game.history) > moves, table.message
        assert table.events[-1].startswith("Game over!")
    assert {"named", "werewolf", "pass"} <= seen


def test_clairvoyance_unseen_card_button():
    table = TableWidget(rules="classic", players=4, seed=0, clairvoyance=True)
    table.bid(0)
    view = table.view
    assert view.hand_hidden and view.phase == "play" and len(table.hand_box.children) == 0
    [button] = action_buttons(table)
    assert button.description == "Play the card you cannot see"
    button.click()
    assert table.game.round_number == 2
    real = table.last_trick.plays[[s for s, _ in table.last_trick.plays].index(0)][1]
    assert any(f"You play the card you could not see: {table.theme.card_name(real)}" in e for e in table.events)


def test_hidden_bids_stay_hidden_on_the_table():
    table = TableWidget(rules="classic", players=4, seed=3, bidding="secret", seat=3)
    # Seats 1 and 2 bid before seat 3 in round 1: their secret bids must not show (nor the unmade ones).
    assert table.view.phase == "bid"
    assert table.players_html.value.count('title="no bid yet"') == 4  # Classic Wizard bids


def test_buttons_never_show_a_traceback(monkeypatch):
    table = TableWidget(seed=1)

    def broken(*_args, **_kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(table, "chart", broken)
    before = table.game.to_json()
    table.chart_button.click()  # would raise without the safety net
    assert "Something went wrong" in table.message and "boom" in table.message
    assert table.game.to_json() == before


def test_score_pad_and_chart_buttons():
    table = TableWidget(seed=2, players=3)
    table.pad_button.click()
    assert "No round has been scored yet" in table.pad_html.value
    table.act(table.view.legal[0])
    table.act(table.view.legal[0])
    assert table.game.rounds
    assert "Score pad" in table.pad_html.value and "<table" in table.pad_html.value
    table.pad_button.click()
    assert table.pad_html.value == ""
    table.chart_button.click()
    assert table.chart_image.value[:4] == b"\x89PNG" and table.chart_image.layout.display is None


def test_new_game_button_uses_a_typed_seed():
    table = TableWidget(seed=4)
    assert table.new_button.layout.display is None   # shown (a class table hides it: test_class_table.py)
    table.new_button.click()
    assert table.game.seed == 5
    table.seed_box.value = "1234567890123"
    table.new_button.click()
    # plain digits, never 1.23e+12 (a number box showed big seeds that way)
    assert table.game.seed == 1234567890123 and table.seed_box.value == "1234567890123"
    before = table.game.to_json()
    table.seed_box.value = "twelve"
    table.new_button.click()
    assert table.game.to_json() == before and "whole number" in table.message
    assert table.message_kind == "error"


def test_card_buttons_are_reused_not_leaked():
    table = TableWidget(rules="classic", players=3, seed=6)
    rng = random.Random(0)
    most = 0
    while table.game.round_number < 6:
        most = max(most, len(table.view.hand))
        table.act(rng.choice(table.view.legal))
    most = max(most, len(table.view.hand))
    # New cards take over the buttons of cards gone from the hand: no more buttons than the
    # biggest hand, and every button shows (and plays) its own card.
    pooled = sum(len(v) for v in table._button_pool.values())
    assert pooled <= most and all(b.card == Card.parse(k) for k, v in table._button_pool.items() for b in v)
    for b in table.hand_box.children:
        assert b.description == table.vocab.button_label(b.card) and card_class(b.card) in b._dom_classes
    while table.view.phase != "play":
        table.act(table.view.legal[0])
    table.double_click_seconds = 0
    button = next(b for b in table.hand_box.children if "wizard-legal" in b._dom_classes)
    moves = len(table.game.history)
    button.click()  # a taken-over button plays its new card
    assert table.game.history[moves] == (0, Action("play", button.card))


@pytest.mark.parametrize("theme, label, text", [("us", "the 8 of hearts", "8\n\u2665"),
                                               ("amigo", "Dwarves 7", "7\n\u25b2"),
                                               ("classic", "red 7", "7\n\u25b2")])
def test_themes_name_cards_on_buttons_and_tooltips(theme, label, text):
    # A button shows what its printing shows (the US Games "8" of hearts is the kit's R7), the
    # label over the colour's (or suit's) symbol, as the drawn card does.
    from wizard_edu.widgets.common import card_button

    button = card_button("R7", theme)
    assert button.description == text and button.tooltip.startswith(label)
    assert {"wizard-card-button", "wizard-card-R7"} <= classes(button)


def test_hint_falls_back_to_the_rule_of_thumb_without_the_coach(monkeypatch):
    import sys

    from wizard_edu.players import RuleOfThumbPlayer

    table = TableWidget(seed=11)
    monkeypatch.setitem(sys.modules, "wizard_edu.players.coach", None)  # "import" now fails
    text = table.hint()
    expected = RuleOfThumbPlayer(seed=table.game.seed).act(table.view)
    assert table.last_hint == expected
    assert text.startswith("A rule of thumb says:") and "wizard-message-hint" in table.status.value


def test_hint_uses_the_coach_when_it_is_there():
    coach = pytest.importorskip("wizard_edu.players.coach")
    table = TableWidget(seed=11)
    advice = coach.hint(table.view)
    assert table.hint() == advice.text and table.last_hint == advice.action


# -- the table narrates the engine's events (issue 10) ----------------------------------------
def test_hidden_bids_are_not_named_in_the_log_until_all_are_in():
    table = TableWidget(rules="classic", players=4, seed=3, bidding="hidden", seat=3)
    game = table.game
    # Seats 1 and 2 bid before the learner (seat 3): the log says they bid, not what.
    assert game.bids[1] is not None and game.bids[2] is not None
    early = " ".join(table.events)
    for seat in (1, 2):
        assert f"{game.names[seat]} bids" not in early
        assert f"{game.names[seat]} has made a bid: it stays hidden for now." in early
    table.bid(0)
    # Seat 0 bid last: now every bid shows, once, in one line.
    bids = game.rounds[0].bids if game.rounds else game.bids
    line = "All the bids are in: " + ", ".join(f"{game.names[s]} {b}" for s, b in enumerate(bids)) + "."
    assert line in table.events


def test_open_bids_are_named_as_before():
    table = TableWidget(rules="classic", players=4, seed=3, seat=3)
    game = table.game
    assert f"{game.names[1]} bids {game.bids[1]}." in table.events


def test_every_trick_line_is_the_engines_own_trick(monkeypatch):
    """Each finished trick the table tells (also a round's last one, after the next deal) is the
    trick the engine finished, with the engine's winner and reason."""
    from wizard_edu import Game
    from wizard_edu.engine.events import TrickFinished

    table = TableWidget(rules="junior", players=3, seed=11)
    seen = []
    real_apply = Game.apply

    def recording(game, action, seat=None):
        events = real_apply(game, action, seat)
        if game is table.game:
            seen.extend(e for e in events if isinstance(e, TrickFinished))
        return events

    monkeypatch.setattr(Game, "apply", recording)  # (a Game has no attributes of its own to patch)
    for _ in range(3):  # rounds 1 and 2 (one and two cards each), into round 3
        table.act(table.view.legal[0])
    assert table.game.round_number >= 2
    assert seen, "no trick was finished"
    assert table.last_trick == seen[-1].record
    for event in seen:
        winner = table.game.names[event.winner]
        reason = table.vocab.text(event.reason)
        reason = reason[:1].upper() + reason[1:]  # a new sentence ("Yellow 4 wins: ...")
        assert any(line.startswith(winner) and line.endswith(reason) for line in table.events)


def test_the_round_table_shows_the_engines_scored_round():
    table = TableWidget(rules="junior", players=3, seed=4)
    table.act(table.view.legal[0])  # round 1: one card each, so the round is scored
    while table.game.round_number == 1:
        table.act(table.view.legal[0])
    record = table.game.rounds[0]
    assert (table.last_round.bids, table.last_round.won, table.last_round.points) == \
        (record.bids, record.won, record.points)
    assert "Round 1 result" in table.round_html.value


def test_a_table_starts_from_a_position_and_keeps_working():
    from wizard_edu import Game

    text = ("wizard-edu/1 rules=classic players=3 seed=7 dealer=1 round=2 phase=play turned=G5 trump=G "
            "hands=B4.B2/R3.G9/Y1 bids=1,0,1 tricks=- trick=B7 rounds=R6;R;1.0.0;1.0.0;-;- "
            "scores=30,20,20 names=You,Ben,Cleo")
    table = TableWidget.from_position(text)
    assert table.game.position() == Game.from_position(text).position()
    assert {str(a.value) for a in table.view.legal} == {"B4", "B2"}  # you must follow blue
    assert "follow" not in table.message and table.message_kind == "info"
    assert table.play("B4"), table.message
    assert any(line.startswith("You play blue 4") for line in table.events)
    table._click_new()
    assert table.message_kind != "error" and table.game.round_number == 1
    with pytest.raises(WizardError):
        TableWidget(game=5)
    with pytest.raises(WizardError):
        TableWidget(game=Game.from_position(text), bidding="hidden")


def test_a_dealer_naming_trump_under_a_turned_up_werewolf_is_not_the_werewolfs_move():
    table = TableWidget.from_position(
        "wizard-edu/1 rules=anniversary players=3 seed=0 dealer=0 round=1 phase=trump turned=Werewolf trump=- "
        "hands=Fairy/R9/G11 bids=-,-,- tricks=- trick=- rounds=- scores=0,0,0 extra=-;-;-.-.-;-;- "
        "names=You,Owl,Fox")
    assert table.choose_trump("R")
    assert "You choose red as trump." in table.events


def test_a_seat_played_elsewhere_waits_for_refresh():
    """The class-table seam (docs/table.md): a None opponent is a person elsewhere; the widget
    never moves for them, and refresh(events) takes in what they did."""
    from wizard_edu import Game

    game = Game(players=3, rules="junior", seed=4, first_dealer=0)   # seat 1, the person elsewhere, bids first
    table = TableWidget(game=game, seat=0, opponents=[None, "rule-of-thumb"])
    assert game.to_move == 1 and table.view.to_move == 1  # seat 1 bids first, nobody bids for them
    assert "Waiting for" in table.prompt.value
    events = game.apply(game.legal_actions()[0], 1)  # the other pupil predicts, elsewhere
    table.refresh(events)
    assert game.to_move == 0  # seat 2 (a computer) moved; now it is the learner's turn
    assert any("predict" in line for line in table.events)
    with pytest.raises(WizardError):
        game.apply(game.legal_actions()[0], 1)  # the game source refuses a move out of turn


def test_a_number_key_predicts():
    table = TableWidget(rules="junior", players=4, seed=1)
    assert table.view.phase == "bid" and table.bid_keys in table.action_box.children
    assert "number key" in table.bid_keys.value  # the words next to the numbers say so
    table.number_keys._handle_custom_msg({"key": "x"}, [])  # what the browser sends for a key
    assert table.view.phase == "bid" and table.game.bids[0] is None
    table.number_keys._handle_custom_msg({"key": "1"}, [])
    assert table.game.bids[0] == 1


def test_a_click_in_the_page_answers_before_the_computers_move():
    """Never frozen: in a running event loop (the kernel's) a click shows the learner's move and
    returns; the computers move after it, a simulating player first shown as thinking."""
    import asyncio

    async def play() -> tuple[list, list, bool]:
        table = TableWidget(rules="classic", players=4, seed=8, theme="us",
                            opponents=["simulator", "rule-of-thumb", "rule-of-thumb"])
        pending, thinking = [], []
        shown = table.felt.value
        for _ in range(12):
            view = table.view
            if view.phase == "bid":
                button = next(b for b in table.bid_buttons if b.description == str(view.legal_bids[0]))
            else:
                button = next(b for b in table.hand_box.children if "wizard-legal" in b._dom_classes)
            moves = len(table.game.history)
            button.click()
            assert len(table.game.history) == moves + 1 or table.game.to_move == table.seat
            pending.append(table._steps_pending)
            for _ in range(200):  # the loop runs the computers' moves
                if "is thinking" in table.felt.value:
                    thinking.append(True)
                await asyncio.sleep(0.005)
                if not table._steps_pending:
                    break
            assert table.view.my_turn and not table._steps_pending, table.message
        return pending, thinking, shown != table.felt.value

    pending, thinking, changed = asyncio.run(play())
    assert any(pending), "the computers never moved after a click"
    assert thinking, "the simulating player never showed it was thinking"
    assert changed


def test_the_finished_trick_lies_marked_in_the_middle_with_its_reason():
    from wizard_edu.widgets.felt import felt_html

    table = TableWidget(rules="junior", players=4, seed=1)
    table.bid(1)
    table.play(table.view.legal_cards[0])  # round 1: one trick, then the next round's deal
    trick = table.last_trick
    while table.view.phase != "play":  # round 2's predictions, up to its first card
        table.act(table.view.legal[0])
    # During play, a trick just finished lies in the middle, its winner marked, with the reason.
    felt = felt_html(table.view, table.vocab, table.seat, trick, True)
    assert felt.count("wizard-played wizard-winner") == 1 and "wizard-trick-done" in felt
    assert html.escape(table.vocab.trick_reason(trick.result)[1:]) in felt
    assert f'wizard-played wizard-winner" data-seat="{trick.winner_seat}"' in felt


def test_a_computer_player_that_thought_long_is_shown_thinking_next_time():
    import time

    class Slowcoach:
        def __init__(self) -> None:
            from wizard_edu.players import RuleOfThumbPlayer

            self.inner = RuleOfThumbPlayer(seed=1)

        def act(self, view):
            time.sleep(0.35)
            return self.inner.act(view)

    slow = Slowcoach()
    # first_dealer=0: both computers predict before the learner (seat 0 deals round 1)
    table = TableWidget(rules="junior", players=3, seed=2, opponents=[slow, "rule-of-thumb"], first_dealer=0)
    assert [s for s, _ in table.game.history] == [1, 2]
    assert table.controller.thinks_slowly(slow) and not table.controller.thinks_slowly(table.controller.players[2])


def test_the_chances_panel_gives_one_word_per_band_and_no_zero_either_way():
    from wizard_edu.widgets.chances import chance_words, in_ten

    names: dict[str, set[str]] = {}
    for k in range(1001):
        p = k / 1000
        names.setdefault(in_ten(p), set()).add(chance_words(p))
    assert all(len(words) == 1 for words in names.values()), names  # "less than 1 in 10": one name
    assert len({w for words in names.values() for w in words}) == 7
    table = TableWidget(rules="junior", players=4, seed=3)
    table.chances.toggle.value = True
    while not (table.view.phase == "play" and table.view.my_turn and len(table.view.legal_cards) > 1):
        table.act(table.view.legal[0])
    body = table.chances.body.value
    assert "Worked out by dealing" in body and "best for your prediction" in body
    assert "either way" not in body  # no "0% either way"
    assert 'prediction">\u2605' not in body  # the best card is told in words, no stray star under it


def test_slow_players_say_so_and_a_hard_one_moves_after_the_click():
    """The simulating and hard players are marked by themselves (``thinks_slowly``), not by a class
    name: a hard player's first move runs after the click has been answered, like the simulator's."""
    import asyncio

    from wizard_edu.players import HardPlayer, make_player


    async def click_once() -> tuple[int, bool, int]:
        hard = HardPlayer(seed=1, samples=4, bid_samples=4)   # (quick: a real one thinks for seconds)
        table = TableWidget(rules="junior", players=3, seed=2, seat=1, opponents=[hard, "rule-of-thumb"])
        assert table.view.my_turn   # seat 1 predicts first, nobody has moved
        moves = len(table.game.history)
        next(b for b in table.bid_buttons if b.description == str(table.view.legal_bids[0])).click()
        in_click, pending = len(table.game.history) - moves, table._steps_pending
        for _ in range(400):
            await asyncio.sleep(0.005)
            if not table._steps_pending:
                break
        return in_click, pending, len(table.game.history) - moves

    in_click, pending, after = asyncio.run(click_once())
    assert (in_click, pending) == (1, True), "the hard player moved inside the learner's click"
    assert after > 1   # and then it moved, after the click
    assert [make_player(k).thinks_slowly for k in ("easy", "medium", "simulator", "hard")] == [False, False, True, True]


def card_button_for(table: TableWidget, card):
    return next(b for b in table.hand_box.children if b.card == card.unnamed)


# -- a double-click never shows an error over a move that worked --------------------------------------
def test_double_click_on_an_allowed_card_plays_it_once_without_an_error():
    for seed in range(6):
        table = TableWidget(rules="junior", seed=seed)
        table.bid(0)
        while table.view.phase != "play":
            table.act(table.view.legal[0])
        if not table.view.my_turn:
            continue
        card = table.view.legal_cards[0]
        button = card_button_for(table, card)
        mine = sum(1 for s, _ in table.game.history if s == table.seat)
        button.click()
        button.click()  # the second half of a double-click
        assert sum(1 for s, _ in table.game.history if s == table.seat) == mine + 1
        assert table.message_kind == "ok", table.message


def test_a_click_on_a_card_already_played_is_ignored_even_later():
    table = TableWidget(rules="classic", players=3, seed=5)
    table.double_click_seconds = 0  # not a double-click: a late click on a button that is gone
    table.bid(1)
    while not (table.view.my_turn and table.view.phase == "play"):
        table.act(table.view.legal[0])
    card = table.view.legal_cards[0]
    button = card_button_for(table, card)
    button.click()
    if table.view.my_turn and card.unnamed not in table.view.hand:
        before = table.game.to_json()
        if button in table.hand_box.children:
            # A new card of the hand took the button over: it shows (and is) that card now.
            assert button.card in table.view.hand and button.card != card
            return
        button.click()
        assert table.game.to_json() == before and table.message_kind != "error", table.message


def test_double_click_on_a_prediction_number_predicts_once_without_an_error():
    table = TableWidget(rules="junior", seed=3)
    button = next(b for b in table.action_box.children if "wizard-bid-1" in b._dom_classes)
    button.click()
    button.click()
    assert table.message_kind == "ok", table.message
    assert [a.value for s, a in table.game.history if s == table.seat] == [1]
    predict = PredictionWidget(round=2, seed=1)
    number = next(b for b in predict.bid_box.children if "wizard-bid-1" in getattr(b, "_dom_classes", ()))
    number.click()
    said = predict.message
    number.click()
    assert predict.message == said and predict.message_kind != "error"


def test_python_api_still_refuses_a_second_move_with_a_reason():
    # The double-click guard is for buttons only: code gets the engine's answer.
    table = TableWidget(rules="junior", seed=3)
    assert table.bid(1) is True
    assert table.bid(1) is False and table.message_kind == "error"


# -- charts are pictures everywhere ---------------------------------------------------------------------
def test_charts_display_as_png_images_never_as_figure_text():
    game = play_game(4, rules="junior", seed=2)
    for chart in (running_totals_chart(game), TableWidget(rules="classic").chart()):
        data, _meta = DisplayFormatter().format(chart)
        assert data["image/png"][:4] == b"\x89PNG"
        assert "Figure size" not in data["text/plain"] and "<Chart" in data["text/plain"]
        assert len(chart.axes[0].lines) == 4  # still the matplotlib figure underneath


def test_new_game_clears_the_old_chart():
    table = TableWidget(rules="junior", seed=1)
    while table.game.round_number < 3:
        table.act(table.view.legal[0])
    table.show_chart()
    assert table.chart_image.layout.display is None and table.chart_image.value
    table.new_game()
    assert table.chart_image.layout.display == "none" and not table.chart_image.value


def test_level_menu_is_wide_enough_and_the_score_pad_scrolls_instead_of_cutting():
    trainer = TrickTrainer(rules="classic")
    longest = max(len(label) for label, _ in trainer.level_choice.options)
    width = float(trainer.level_choice.layout.width.removesuffix("em"))
    assert width >= longest * 0.6 + 3.5  # 3.5em of description, about 0.6em a character
    table = TableWidget(rules="classic", players=6, seed=1)
    while not table.game.rounds:
        table.act(table.view.legal[0])
    table.show_score_pad()
    # Six players fit: the columns share the width (fixed layout at 100%), every name is there.
    assert "table-layout:fixed" in table.pad_html.value and "width:100%" in table.pad_html.value
    assert all(f">{name}</th>" in table.pad_html.value for name in table.game.names)


def test_a_fresh_table_waits_for_the_learner():
    for rules, kwargs in (("junior", {}), ("classic", {"theme": "us"})):
        table = TableWidget(rules=rules, seed=8, **kwargs)
        assert table.view.my_turn and not [a for s, a in table.game.history if s == table.seat]
        assert table.last_hint is None and "hint" not in table.message_kind


def test_an_anniversary_action_button_for_a_finished_step_is_ignored():
    table = TableWidget(rules="anniversary", seed=1)
    table.double_click_seconds = 0
    before = table.game.to_json()
    table._click_action(Action("cloud", 1))  # not a step of this moment
    assert table.game.to_json() == before and table.message_kind != "error"


# -- the computer's thinking is shown, and a second Hint is instant ------------------------------------------
def test_a_thinking_simulator_is_announced_before_it_moves():
    table = TableWidget(rules="classic", players=3, seed=4, opponents=["simulator", "rule-of-thumb"])
    seen: list[str] = []
    table.prompt.observe(lambda change: seen.append(change["new"]), names="value")
    table.act(table.view.legal[0])
    assert any("Owl is thinking" in v and "wizard-thinking" in v for v in seen), seen
    assert "thinking" not in table.prompt.value  # the final state is the learner's prompt


def test_a_second_hint_for_the_same_moment_does_not_ask_the_coach_again(monkeypatch):
    import wizard_edu.players.coach as coach

    calls = []
    real = coach.hint

    def counting(view, *args, **kwargs):
        calls.append(view)
        return real(view, *args, **kwargs)

    monkeypatch.setattr(coach, "hint", counting)
    table = TableWidget(rules="classic", players=4, seed=2)
    first = table.hint()
    assert table.hint() == first and len(calls) == 1
    table.act(table.view.legal[0])
    table.hint()
    assert len(calls) == 2


def test_a_quick_click_on_another_button_is_not_held_back():
    # Only the same button clicked again at once is a double-click: a bid then a card is two moves.
    table = TableWidget(rules="classic", players=3, seed=5)
    table.action_box.children[1 + 1].click()  # the "1" after the "Bid:" label
    assert table.view.phase == "play" and table.view.my_turn
    card = table.view.legal_cards[0]
    card_button_for(table, card).click()
    assert [a.kind for s, a in table.game.history if s == table.seat] == ["bid", "play"]


# -- fast clicks: buttons are kept and restyled, not closed and made again --------------------------------------
def test_trainer_and_table_keep_their_buttons_between_tricks_and_rounds():
    trainer = TrickTrainer(rules="classic", seed=3)
    before = [box.children[1] for box in trainer.cards_box.children]
    trainer.answer(0)
    trainer.next()
    after = [box.children[1] for box in trainer.cards_box.children]
    assert all(a is b for a, b in zip(before, after))
    assert [b.card for b in after] == list(trainer.trick)  # restyled to the new trick's cards
    assert all(f"wizard-card-{c}".replace(":", "-") in b._dom_classes for b, c in zip(after, trainer.trick))
    assert all("wizard-winner" not in b._dom_classes for b in after)
    table = TableWidget(rules="junior", seed=2)
    first = list(table.bid_buttons)
    while table.game.round_number < 3:
        table.act(table.view.legal[0])
    while not (table.view.my_turn and table.view.phase == "bid"):
        table.act(table.view.legal[0])
    assert all(a is b for a, b in zip(first, table.bid_buttons)) and len(table.bid_buttons) >= 4
