"""The claims the Junior notebooks (01-05) and lessons 1-5 teach, held to the engine and the exact odds.

Each test names the notebook that states the claim. If the engine or the odds ever disagree with
what a child is taught, the test says which sentence to fix.
"""

from __future__ import annotations

import itertools
import json
import re
from fractions import Fraction
from pathlib import Path

import nbformat
import pytest

from wizard_edu import (
    DEALER_CHOOSES,
    Action,
    Game,
    cards,
    junior_deck,
    legal_plays,
    play_game,
    round_sizes,
    score_round,
    trick_winner,
)
from wizard_edu.engine.cards import COLOUR_NAMES
from wizard_edu.simulate.odds import NO_TRUMP, trump_odds

TRUMPS = ("R", "G", "B", "Y", None)


def _first_legal(game: Game) -> Action:
    return game.legal_actions()[0]


# -- 01: the deck, the rounds, the order at the start of a round -----------------------------
def test_01_deck_counts():
    deck = junior_deck()
    assert len(deck) == 36
    assert sum(c.is_number for c in deck) == 32
    assert sum(c.is_wizard for c in deck) == 2 and sum(c.is_jester for c in deck) == 2


@pytest.mark.parametrize(("players", "rounds"), [(3, 8), (4, 8), (5, 7), (6, 6)])
def test_01_rounds_per_player_count(players, rounds):
    """01 and 05 teach 8 / 8 / 7 / 6 rounds for 3 / 4 / 5 / 6 players; a whole game plays exactly that many."""
    assert round_sizes(players, rules="junior") == list(range(1, rounds + 1))
    assert len(play_game(players, rules="junior", seed=players).rounds) == rounds


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_01_start_of_a_round_in_order(players):
    """Deal, turn up the trump card, predict from the dealer's left, the dealer's left leads; deal passes left."""
    oldest = players - 1            # any seat can be the oldest player, who deals first
    game = Game(players=players, rules="junior", seed=11, first_dealer=oldest)
    for round_number in (1, 2, 3):
        assert game.round_number == round_number
        dealer = (oldest + round_number - 1) % players
        assert game.dealer == dealer
        assert all(len(h) == round_number for h in game.hands)          # 1. dealt
        assert game.trump_card is not None                                # 2. turned up before predicting
        while game.phase == "trump":                                      # a Wizard: the dealer chooses
            assert game.to_move == dealer
            game.apply(_first_legal(game))
        assert game.phase == "bid" and game.to_move == (dealer + 1) % players   # 3. predictions start left
        for _ in range(players):
            game.apply(Action("bid", 0))
        assert game.phase == "play" and game.to_move == (dealer + 1) % players  # 4. left of dealer leads
        while game.round_number == round_number:
            game.apply(_first_legal(game))


# -- 02: the turned-up card ----------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_02_chance_a_red_card_is_turned_up(players):
    """02 teaches: a red card is turned up 8 times in 36 (2/9); a Fool Frog 1 in 18; a Wizard 1 in 18."""
    odds = trump_odds(players, round_number=1, rules="junior")
    deck = junior_deck()
    assert odds["R"] == Fraction(sum(c.colour == "R" for c in deck), len(deck)) == Fraction(2, 9)
    assert odds[NO_TRUMP] == Fraction(1, 18) and odds[DEALER_CHOOSES] == Fraction(1, 18)


def test_02_red_trump_is_not_just_red_turned_up():
    """Red is trump when a red card shows, and also when the dealer picks red after a Wizard:
    so between 2/9 and 2/9 + 1/18 = 5/18, never simply 'about 8 in 36' when the dealer may choose."""
    odds = trump_odds(4, round_number=1, rules="junior")
    lowest, highest = odds["R"], odds["R"] + odds[DEALER_CHOOSES]
    assert (lowest, highest) == (Fraction(2, 9), Fraction(5, 18))
    # A dealer who picks red after every Wizard makes red trump more often than a red card shows.
    wizard_rounds = red_rounds = 0
    for seed in range(400):
        game = Game(players=4, rules="junior", seed=seed)
        if game.phase == "trump":
            wizard_rounds += 1
            game.apply(Action("trump", "R"))
        red_rounds += game.trump == "R"
    assert wizard_rounds > 0 and red_rounds > sum(
        Game(players=4, rules="junior", seed=s).trump_card.colour == "R" for s in range(400))


def test_02_six_players_last_round_has_no_trump_card():
    game = Game(players=6, rules="junior", seed=0)
    while game.round_number < 6:
        game.apply(_first_legal(game))
    assert game.trump_card is None and game.trump is None
    assert trump_odds(6, round_number=6, rules="junior")[NO_TRUMP] == 1


# -- 03: who wins, which cards may be played ----------------------------------------------
def test_03_a_fool_frog_never_wins_a_three_card_trick():
    """Every ordered 3-card trick of the Junior deck that holds a Fool Frog, under every trump: never a Frog."""
    deck = list(dict.fromkeys(junior_deck()))   # the distinct cards: F is one card text (2 copies)
    frog = next(c for c in deck if c.is_jester)
    others = [c for c in deck if not c.is_jester]
    checked = 0
    for trump in TRUMPS:
        for rest in itertools.permutations(others + [frog], 2):
            for place in range(3):
                trick = list(rest)
                trick.insert(place, frog)
                winner = trick_winner(trick, trump=trump, rules="junior")
                assert not trick[winner].is_jester, (trick, trump)
                checked += 1
    assert checked > 5000


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_03_a_fool_frog_never_wins_in_a_whole_game(players):
    """In every trick of real games (both Frogs dealt often) the winner is never a Fool Frog."""
    frog_tricks = 0
    for seed in range(6):
        game = Game(players=players, rules="junior", seed=seed)
        while not game.is_over:
            before = len(game.tricks)
            game.apply(_first_legal(game))
            if len(game.tricks) > before:
                record = game.tricks[-1]
                frog_tricks += any(c.is_jester for c in record.cards)
                assert not record.plays[record.result.winner][1].is_jester
    assert frog_tricks > 0


def test_03_an_all_frog_trick_cannot_happen():
    """Two Fool Frogs, three or more players: at least one card in every trick is not a Frog."""
    assert sum(c.is_jester for c in junior_deck()) == 2 < 3


def test_03_frog_then_wizard_frees_the_trick():
    """A Fool Frog leads, a Wizard comes next: nobody has to follow any colour."""
    hand = "R3 G5 B2"
    assert legal_plays(hand, "F W", rules="junior") == cards(hand)
    assert legal_plays(hand, "F R7", rules="junior") == cards("R3")           # a Frog, then red: follow red
    assert legal_plays(hand, "F", rules="junior") == cards(hand)              # only a Frog: no colour yet
    assert legal_plays(hand, "F W G8", rules="junior") == cards(hand)         # still free after a colour


def test_03_the_worked_tricks():
    assert trick_winner("R3 G8 R6 B2", trump=None, rules="junior") == 2
    assert trick_winner("R3 G8 R6 B2", trump="B", rules="junior") == 3
    assert trick_winner("B8 W R1 W", trump="B", rules="junior") == 1
    assert trick_winner("F G3 G7 R8", trump=None, rules="junior") == 2


# -- 04: predictions and chips ------------------------------------------------------------
@pytest.mark.parametrize("predicted", range(9))
def test_04_chips_points(predicted):
    """A chip for each trick you predict; all on won tricks -> turned over, one point each; zero right -> 1."""
    for won in range(9):
        points = score_round(predicted, won, rules="junior")
        if won != predicted:
            assert points == 0
        else:
            assert points == (predicted if predicted else 1)


def test_04_chips_picture_follows_the_rules():
    """The chips picture (notebook 04) shows the points the rules give and which chips go back."""
    from wizard_edu.errors import WizardError
    from wizard_edu.widgets.chips import ChipsExplorer, ChipsPicture, chips_picture_html

    for predicted in range(5):
        for won in range(5):
            picture = ChipsPicture(predicted, won)
            assert picture.points == score_round(predicted, won, rules="junior")
            html = chips_picture_html(predicted, won)
            assert html.count("wizard-chip-points") == picture.points
            # one apprentice chip per predicted trick is taken; none are drawn for a prediction of 0
            assert html.count("wizard-chip-apprentice") >= predicted
            assert ("0 points" in html) == (picture.points == 0)
    with pytest.raises(WizardError):
        ChipsPicture(-1, 0)
    with pytest.raises(WizardError):
        ChipsPicture(2, 9)
    explorer = ChipsExplorer()
    explorer.show(0, 0)
    assert explorer.points == 1 and "1 point" in explorer.picture.value


# -- 05: the stored computer game ---------------------------------------------------------
def test_05_the_stored_game_question_is_true():
    """05 asks in which round every player scored (seed 2): exactly one such round, and no round
    where nobody scored (the old question's premise was false)."""
    game = play_game(4, rules="junior", seed=2)
    everyone = [r.number for r in game.rounds if all(p > 0 for p in r.points)]
    nobody = [r.number for r in game.rounds if not any(p > 0 for p in r.points)]
    assert len(everyone) == 1 and nobody == []
    assert len(game.winners()) == 1          # "Who won?" has one answer


# -- the notebooks and the lesson answer keys ---------------------------------------------
REPO = Path(__file__).resolve().parents[2]
JUNIOR = ["01-meet-the-cards", "02-trump", "03-who-wins-the-trick", "04-predicting-tricks", "05-play-wizard-junior"]
#: A prompt, as the notebooks write it ("✎ **Think first:** ..."); "When you see **✎ Think first**" is not one.
PROMPT = re.compile(r"(Think first|Try first|Try it|Your turn)(:\*\*|\*\*:|:)", re.IGNORECASE)

RECORD_QUESTIONS = """
from wizard_edu.widgets import question as _question
_asked = []
_make = _question.Question.__init__
def _recording(self, *args, **kwargs):
    kwargs["record"] = False
    _make(self, *args, **kwargs)
    _asked.append(self)
_question.Question.__init__ = _recording
import wizard_edu.widgets.ask as _ask
_ask.worked = lambda qid: None   # a worked answer shown openly is not a question of its own
"""
REPORT_QUESTIONS = "import json; print(json.dumps([[q.prompt, q.answer_text] for q in _asked]))"


def _notebook(name: str):
    return nbformat.read(REPO / "notebooks" / f"{name}.ipynb", as_version=4)


@pytest.mark.parametrize("name", JUNIOR)
def test_every_prompt_is_followed_by_a_checked_question(name):
    """Each 'Think first' prompt: the very next cell stores the question widget, and shows nothing else."""
    nb = _notebook(name)
    prompts = 0
    for i, cell in enumerate(nb.cells):
        if cell.cell_type != "markdown" or not PROMPT.search(cell.source):
            continue
        prompts += 1
        following = nb.cells[i + 1]
        assert following.cell_type == "code" and "ask(" in following.source, (name, cell.source[:80])
        assert "answer" not in following.metadata.get("tags", [])
        shown = [o.get("data", {}).get("text/plain", "") for o in following.outputs]
        assert len(shown) == 1 and shown[0].startswith("✎ "), (name, shown)   # kid words, no answer
    assert prompts >= 3


def test_at_least_15_checked_prompts_in_the_junior_path():
    total = sum(1 for name in JUNIOR for c in _notebook(name).cells
                if c.cell_type == "markdown" and PROMPT.search(c.source))
    assert total >= 15


@pytest.mark.parametrize("name", JUNIOR)
def test_junior_notebooks_are_kid_level(name):
    """Every code cell folded away (so no code, comprehension or pandas is in front of a child), no
    `import *`; "You will learn" first, Previous / Next links last, the glossary linked, "predict" not "bid"."""
    nb = _notebook(name)
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert cell.metadata.get("jupyter", {}).get("source_hidden") is True, (name, cell.source[:60])
            assert "import *" not in cell.source
    text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    assert "**You will learn**" in nb.cells[0].source
    assert "**Previous:**" in nb.cells[-1].source and "**Next:**" in nb.cells[-1].source
    assert "glossary.ipynb" in text
    kid_text = re.sub(r"(?s)## For grown-ups.*?(?=\n## |\Z)", "", text)
    assert not re.search(r"\bbids?\b", kid_text, re.IGNORECASE), "Junior words: predict, not bid"


def test_the_glossary_has_the_words():
    text = (REPO / "notebook-sources" / "glossary.md").read_text(encoding="utf-8")
    for word in ("Trick", "Trump", "Lead", "Follow", "Predict", "Bid", "Seed", "Chance", "Fool Frog", "Wizard",
                 "Chip", "Round", "Dealer"):
        assert re.search(rf"^## .*\b{word}", text, re.MULTILINE | re.IGNORECASE), word


def _questions_of(name: str) -> list[tuple[str, str]]:
    """Run the notebook in a kernel and list its questions with their answers, as the widget holds them."""
    from nbclient import NotebookClient

    from wizard_edu.teach.editions import ANSWER_TAG, SHOWS_ANSWER, tags

    nb = _notebook(name)
    # a worked answer re-makes its question: count each question where it is asked (issue 21's bank)
    nb.cells = [c for c in nb.cells if not (ANSWER_TAG in tags(c) and SHOWS_ANSWER.search(c.source))]
    nb.cells.insert(0, nbformat.v4.new_code_cell(RECORD_QUESTIONS))
    nb.cells.append(nbformat.v4.new_code_cell(REPORT_QUESTIONS))
    NotebookClient(nb, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(REPO / "notebooks")}}).execute()
    return [tuple(q) for q in json.loads(nb.cells[-1].outputs[0]["text"])]


@pytest.mark.parametrize(("name", "lesson"), [(n, f"{n}.md") for n in JUNIOR])
def test_lesson_answer_key_matches_the_notebook(name, lesson, tmp_path, monkeypatch):
    """Lesson N's answer key lists the notebook's questions in order, each with the engine's answer."""
    monkeypatch.setenv("WIZARD_EDU_HOME", str(tmp_path))
    asked = _questions_of(name)
    text = (REPO / "lessons" / lesson).read_text(encoding="utf-8")
    key = text.split("## Answer key", 1)[1].split("\n## ", 1)[0]
    rows = [line.split("|")[2:4] for line in key.splitlines() if re.match(r"^\| \d+ \|", line)]
    assert len(rows) == len(asked), f"lesson {lesson}: {len(rows)} keyed, notebook asks {len(asked)}"
    for (prompt, answer), (question_cell, answer_cell) in zip(asked, rows):
        assert question_cell.strip().startswith(prompt), (prompt, question_cell)
        # the widget's answer text may add words ("R6, the third card"; "1/18 (about 0.056 ...)")
        assert answer_cell.strip().startswith(re.split(r" \(|, ", answer)[0]), (prompt, answer, answer_cell)


def test_lesson_2_quotes_the_stored_1000_deals():
    """Lesson 2 quotes notebook 02's 1000 deals (seeds 0-999, a rule-of-thumb dealer after a Wizard)."""
    from wizard_edu import make_player

    frogs = wizards = red_up = red_trump = 0
    for seed in range(1000):
        game = Game(players=4, rules="junior", seed=seed)
        if game.phase == "trump":
            game.apply(make_player("rule-of-thumb", seed=seed).act(game.view(game.dealer)))
        card = game.trump_card
        frogs += card.is_jester
        wizards += card.is_wizard
        red_up += card.colour == "R"
        red_trump += game.trump == "R"
    text = (REPO / "lessons" / "02-trump.md").read_text(encoding="utf-8")
    for figure in (f"**{frogs}** Fool Frogs", f"**{wizards}** Wizards", f"**{red_up}** red cards turned up",
                   f"**{red_trump}** rounds with red as trump", f"the extra {red_trump - red_up} are"):
        assert figure in text, figure
    assert f"Fool Frog {frogs}, Wizard {wizards}, red card turned up\n{red_up}, red is trump {red_trump}" in text
    # What the run is expected to show: the computer dealer favours no colour after a Wizard
    # (tests/engine/test_trump_tie_break.py), so red is trump 2/9 + 1/18 x 1/4 of the time.
    chances = trump_odds(4, round_number=1, rules="junior")
    expected = chances["R"] + chances[DEALER_CHOOSES] / 4
    assert f"red is trump {expected} of the time, about {round(1000 * expected)} rounds in 1000" in text
    assert f"2/9 + 1/18 × 1/4 = {expected}" in text


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_lesson_1_last_round_pile(players):
    """Lesson 1's deeper question: what stays in the pile in the last round, for each table size."""
    last = round_sizes(players, rules="junior")[-1]
    left = 36 - players * last
    text = (REPO / "lessons" / "01-meet-the-cards.md").read_text(encoding="utf-8")
    assert f"{players} players:\n  36 − {players * last} = {left}" in text or \
        f"{players} players: 36 − {players * last} = {left}" in text.replace("\n  ", " ")
    game = Game(players=players, rules="junior", seed=1)
    while game.round_number < len(round_sizes(players, rules="junior")):
        game.apply(_first_legal(game))
    assert len(game.stock) == left and (game.trump_card is None) == (left == 0)


def test_lesson_5_demo_script_is_what_the_table_shows():
    """Lesson 5's scripted rounds 1-2: the notebook's table (seed 1), the class following the Hint."""
    from wizard_edu.widgets import TableWidget

    table = TableWidget(players=4, seed=1)
    seen = []
    while table.game.round_number <= 2:
        if table.game.phase == "bid" and table.view.my_turn:
            seen.append((table.game.round_number, table.game.trump_card.name, str(table.view.hand)))
        table.hint()
        table.act(table.last_hint)
    played = [m.group(1) for line in table.events if (m := re.match(r"^\w+ plays? (.+)\.$", line))]
    text = (REPO / "lessons" / "05-play-wizard-junior.md").read_text(encoding="utf-8")
    demo = text.split("### Demo script", 1)[1].split("\n## ", 1)[0]
    assert [(r, name) for r, name, _ in seen] == [(1, "yellow 6"), (2, "yellow 8")]
    for _, name, hand in seen:
        assert f"**{name}**" in demo
        assert all(table.theme.card_name(c) in demo for c in cards(hand))
    assert len(played) == 4 + 8
    for card_name in played:                  # every card played in the two rounds is named in the script
        assert card_name in demo, card_name
    first, second = table.game.rounds[:2]
    assert first.points == (1, 1, 1, 1) and "Everybody has 1 point" in demo
    assert second.bids == (0, 1, 0, 0) and second.won == (0, 2, 0, 0) and second.points == (1, 0, 1, 1)
    assert first.dealer == 3 and second.dealer == 0 and "you are Player 1" in demo


# -- issue 21: lesson 1's claims ---------------------------------------------------------------------
def _lesson(number: str) -> str:
    return next((REPO / "lessons").glob(f"{number}-*.md")).read_text(encoding="utf-8")


def test_lesson_1_game_length_comes_from_the_round_tiles_not_the_cards():
    """3 or 4 players: 8 rounds; 5: 7; 6: 6. The cards would last longer with 3 or 4 players."""
    text = _lesson("01")
    deck = len(junior_deck())
    rounds = {n: len(round_sizes(n, rules="junior")) for n in (3, 4, 5, 6)}
    assert rounds == {3: 8, 4: 8, 5: 7, 6: 6}
    assert "tiles 1 to 8, with 5\n   players 1 to 7, with 6 players 1 to 6" in text
    # "4 players could be dealt 9 cards each (4 × 9 = 36) and 3 players even 12": more than the tiles allow
    assert deck // 4 == 9 and deck // 3 == 12 and deck // 4 > rounds[4] and deck // 3 > rounds[3]
    assert "4 players could be dealt\n   9 cards each (4 × 9 = 36) and 3 players even 12" in text
    # with 5 or 6 players one more round would need more cards than the deck has
    assert all(n * (rounds[n] + 1) > deck for n in (5, 6))
    assert "(the cards run out)" not in text and "It is not \"until the cards run out\"" in text


def test_lessons_1_and_9_read_an_ordinary_deck_as_the_us_games_faces():
    """Issue 28: the ace is the highest card (the kit's 13, "R13 is the red ace" in 06), the 2 is 1, and
    the suits are the US theme's colours, in its order; an ordinary deck has 2 jokers, not 4."""
    from wizard_edu.display.themes import get_theme

    us = get_theme("us")
    assert us.rank_label(1) == "2" and us.rank_label(8) == "9" and us.rank_label(13) == "A"
    suits = ", ".join(f"{us.colour_names[c]} ({COLOUR_NAMES[c]})" for c in "RGBY")
    one, nine = " ".join(_lesson("01").split()), " ".join(_lesson("09").split())
    assert suits in one  # hearts (red), clubs (green), spades (blue), diamonds (yellow)
    assert "the cards 2 to 9 as the numbers 1 to 8" in one and "the ace 13, the highest" in one
    assert "the king 12 and the ace 13, as on the US Games cards and in lesson 1" in nine
    for text in (one, nine):
        assert "ace counts as 1" not in text
    assert "4 jokers" not in nine and "2 jokers" in nine


def test_lesson_5_has_the_newcomers_answers_and_a_paper_score_pad():
    text = _lesson("05")
    for heading in ("## Setting up at the start of a lesson", '## If a box says "Error displaying widget"',
                    "## Where a saved game goes"):
        assert heading in text
    assert "Run the notebook again" in text and "junior-score-pad.html" in text
    pad = (REPO / "lessons" / "junior-score-pad.html").read_text(encoding="utf-8")
    # a row per round of the longest game and four columns per player, for the biggest table
    most_rounds = max(len(round_sizes(n, rules="junior")) for n in (3, 4, 5, 6))
    assert pad.count("<tr><th>") == most_rounds
    assert pad.count("Player ") == 6 and pad.count(">predict<") == 6
    # the file name a save gets is the one the lesson quotes
    from wizard_edu.widgets import TableWidget

    table = TableWidget(players=4, seed=1)
    table.save_button.click()
    assert "wizard-game-seed1-round1.json" in table.download_html.value
    assert "wizard-game-seed1-round3.json" in text


@pytest.mark.parametrize("number", [f"{n:02d}" for n in range(1, 16)])
def test_every_lesson_plan_says_what_to_do_with_error_displaying_widget(number):
    text = _lesson(number)
    assert "Error displaying widget" in text and "Run All Cells" in text
