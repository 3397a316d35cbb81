"""One vocabulary: every word a learner reads goes through wizard_edu.teach.vocabulary, once.

The whole-game tests play through the table widget's Python API and read everything the
widget shows (text, tooltips, titles, the log, the score pad, hints and refusals).
"""

from __future__ import annotations

import html
import random
import re

import pytest

from wizard_edu import Card
from wizard_edu.engine.game import Action
from wizard_edu.teach.vocabulary import Vocabulary
from wizard_edu.widgets import TableWidget

KIT_CARD_TEXT = re.compile(r"(?<![\w-])[RGBY](?:1[0-3]|[1-9])(?![\w])")
BID = re.compile(r"\bbid", re.IGNORECASE)
TAG = re.compile(r"<[^>]+>")
ATTR = re.compile(r'(?:title|aria-label)="([^"]*)"')


def visible(markup: str) -> str:
    """What a learner can read in an HTML value: its text plus its tooltips (class names are not read)."""
    return html.unescape(" ".join([TAG.sub(" ", markup), *ATTR.findall(markup)]))


def shown_text(table: TableWidget) -> str:
    parts = [visible(w.value) for w in (table.header, table.prompt, table.players_html, table.trick_html,
                                        table.round_html, table.log_html, table.status, table.pad_html)]
    for box in (table.hand_box, table.action_box):
        for b in box.children:
            parts += [getattr(b, "description", ""), getattr(b, "tooltip", "") or ""]
            if hasattr(b, "value") and isinstance(b.value, str):
                parts.append(visible(b.value))
    return "\n".join(parts)


def play_whole_game(rules: str, theme: str, seed: int, players: int = 4) -> list[str]:
    """Play a game by the Python API, making mistakes on purpose; every text shown, in order."""
    table = TableWidget(rules=rules, players=players, seed=seed, theme=theme)
    rng = random.Random(seed)
    seen = [shown_text(table)]
    decisions = 0
    while not table.game.is_over:
        view = table.view
        if decisions % 7 == 0:
            table.hint()
            seen.append(shown_text(table))
        if view.phase == "bid":
            table.play(view.hand[0])  # refused: "You cannot play now: players are bidding."
            seen.append(shown_text(table))
            table.bid(view.hand_size + 1)  # refused: too many
            seen.append(shown_text(table))
        if view.phase == "play":
            illegal = [c for c in view.hand if c not in view.legal_cards]
            if illegal:
                table.play(illegal[0])  # refused: must follow
                seen.append(shown_text(table))
        assert table.act(rng.choice(view.legal)), table.message
        decisions += 1
        if decisions % 3 == 0:
            table.show_score_pad()
        seen.append(shown_text(table))
    table.show_score_pad()
    seen.append(shown_text(table))
    seen.append(" ".join(table.events))
    seen.append(" ".join(map(str, table.score_pad().columns.get_level_values(1))))
    return seen


@pytest.mark.parametrize("seed", [3, 11])
def test_no_kit_card_text_reaches_a_learner_with_us_games_faces(seed):
    for text in play_whole_game("classic", "us", seed):
        found = KIT_CARD_TEXT.findall(text)
        assert not found, f"kit card text {found} shown under the US Games faces:\n{text}"
        assert not re.search(r"\bpredict", text, re.IGNORECASE), f"Classic Wizard says bid:\n{text}"


def test_junior_learners_never_read_bid():
    for seed in (1, 4):
        for text in play_whole_game("junior", "junior", seed):
            assert not BID.search(text), f"'bid' shown to a Junior learner:\n{text}"
    table = TableWidget(rules="junior", seed=2)
    table.play(table.view.hand[0])
    assert table.message == "You cannot play now: players are predicting."
    assert "predicted" in table.score_pad().columns.get_level_values(1)


def test_amigo_faces_name_the_peoples_not_the_colours():
    colour_words = re.compile(r"\b(red|green|blue|yellow)\b")
    for text in play_whole_game("classic", "amigo", 5):
        assert not colour_words.search(text), text
        assert not KIT_CARD_TEXT.search(text), text


def test_classic_says_bid_and_junior_says_predict():
    classic = TableWidget(rules="classic", seed=1)
    assert "Bid:" in " ".join(w.value for w in classic.action_box.children if hasattr(w, "value")
                              and isinstance(w.value, str))
    assert not re.search(r"\bpredict", " ".join(classic.events), re.IGNORECASE)
    junior = TableWidget(rules="junior", seed=1)
    assert "Predict:" in " ".join(w.value for w in junior.action_box.children if hasattr(w, "value")
                                  and isinstance(w.value, str))


def test_a_card_is_translated_once_not_twice():
    us = Vocabulary("classic", "us")
    # R7 is the printed 8; translating "red 8" again would make it a 9.
    assert us.text("You hold R7.") == "You hold the 8 of hearts."
    table = TableWidget(rules="classic", players=3, seed=6, theme="us")
    while table.view.phase != "play":
        table.act(table.view.legal[0])
    card = table.view.legal_cards[0]
    table.play(card)
    line = next(e for e in table.events if e.startswith("You play"))
    assert line == f"You play {us.card_name(card)}."
    if card.is_number:
        # (the US faces name a number card by its printed rank and suit: "the 3 of spades", "the king of ...")
        printed = {10: "jack", 11: "queen", 12: "king", 13: "ace"}.get(card.rank, str(card.rank + 1))
        assert f" the {printed} of " in line


def test_us_games_buttons_tooltips_and_trick_line_agree():
    table = TableWidget(rules="classic", players=4, seed=8, theme="us")
    for b in table.hand_box.children:
        card = b.card
        if card.is_number:
            printed = Vocabulary("classic", "us").face(card)
            assert b.description.startswith(printed + "\n")
            assert b.tooltip.startswith(Vocabulary("classic", "us").card_name(card))   # "the king of spades (♠)"
            assert str(card) not in b.description


@pytest.mark.parametrize("rules, theme, expected", [
    ("junior", None, "Fool Frog"), ("classic", None, "Jester"), ("classic", "amigo", "Jester")])
def test_the_jester_is_named_by_the_ruleset(rules, theme, expected):
    vocab = Vocabulary(rules, theme)
    assert vocab.text("Only Jesters were played, so the first Jester wins.") == \
        f"Only {expected}s were played, so the first {expected} wins."


def test_anniversary_specials_have_their_own_look_not_the_jesters():
    from wizard_edu.widgets.common import card_button

    jester = card_button("J", "classic")
    seen = {(jester.style.button_color, jester.description)}
    for kind in ("Dragon", "Fairy", "Bomb", "Werewolf", "Juggler", "Cloud"):
        b = card_button(kind, "classic")
        assert "\u263a" not in b.tooltip and (b.style.button_color, b.description) not in seen
        seen.add((b.style.button_color, b.description))
        assert "wizard-special-card" in b._dom_classes


def test_junior_bid_words_become_prediction_words_with_grammar():
    junior = Vocabulary("junior")
    assert junior.text("Bid between 0 and 2: this round has 2 tricks.") == \
        "Predict between 0 and 2: this round has 2 tricks."
    assert junior.text("Ann won the Cloud and is changing their bid.") == \
        "Ann won the Cloud and is changing their prediction."
    assert junior.text("The bids may not add up to 3.") == "The predictions may not add up to 3."
    assert Vocabulary("classic").text("You cannot bid now: players are bidding.") == \
        "You cannot bid now: players are bidding."


def test_describing_actions_uses_the_rulesets_words():
    assert Vocabulary("junior").action(Action("bid", 2)) == "predict 2"
    assert Vocabulary("classic").action(Action("bid", 2)) == "bid 2"
    assert Vocabulary("classic", "us").action(Action("play", Card.parse("B13"))) == "play the ace of spades"
