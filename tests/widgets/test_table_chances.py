"""The chances panel at the table: off until the learner switches it on, then the engine's chances
for the learner's own view after every move; a teacher can leave it out."""

from __future__ import annotations

from wizard_edu.simulate.odds import bid_values, card_chances
from wizard_edu.widgets import TableWidget


def test_the_switch_is_there_but_off_until_pressed():
    table = TableWidget(rules="classic", players=4, seed=8)
    assert table.chances in table.children
    assert not table.chances.on and table.chances.text == "" and table.chances.table is None


def test_switched_on_it_shows_the_bid_chances_of_the_learners_view():
    table = TableWidget(rules="classic", players=4, seed=8)
    table.chances.toggle.value = True
    want = bid_values(table.view, samples=table.chances.table.attrs["deals"], seed=0)
    assert list(table.chances.table.index) == list(want.index)
    assert table.chances.table.equals(want)
    assert table.chances.text.startswith("Bid 0:")


def test_it_follows_every_move_and_shows_card_chances_on_the_learners_turn():
    table = TableWidget(rules="classic", players=4, seed=3)
    table.chances.toggle.value = True
    seen = []
    while table.game.round_number <= 3 and not table.game.is_over:
        view = table.view
        if view.phase == "bid" and view.my_turn:
            table.bid(view.legal_bids[0])
        elif view.phase == "play" and view.my_turn:
            shown = table.chances.table
            want = card_chances(view, samples=shown.attrs["deals"], seed=0)
            assert shown.equals(want)
            seen.append(len(shown))
            table.play(view.legal_cards[0])
        else:
            table.new_game()
            break
    assert seen, "the learner never had a card to play"


def test_junior_says_predict_and_a_teacher_can_leave_the_panel_out():
    junior = TableWidget(rules="junior", players=4, seed=1)
    junior.chances.toggle.value = True
    assert junior.chances.text.startswith("Predict 0:")
    assert "bid" not in junior.chances.text.lower()
    quiet = TableWidget(rules="junior", players=4, seed=1, chances=False)
    quiet.chances.toggle.value = True
    assert quiet.chances.layout.display == "none" and quiet.chances.text == ""
