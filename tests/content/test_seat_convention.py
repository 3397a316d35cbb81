"""One seat convention everywhere (issue 28): Player 1 sits on the first dealer's left.

In round 1 Player 1 bids (predicts) first and leads, and the last player (Player 4 of 4, Player 6
of 6) deals; the deal passes to the left, so Player 1 deals round 2, Player 2 round 3, ...  The
engine's labels, every stored notebook output (outputs and widget states), the notebooks' prose,
the lesson keys and the printable table map are held to it here, and so are the tables' words for
the learner ("You deal", "You win": never "You deals").
"""

from __future__ import annotations

import ast
import json
import re
from functools import cache
from pathlib import Path

import pytest

from wizard_edu import Game
from wizard_edu.widgets import DealWidget, TableWidget

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((REPO / "notebooks").glob("*.ipynb")) + sorted((REPO / "notebooks" / "apps").glob("*.ipynb"))
SOURCES = sorted((REPO / "notebook-sources").glob("*.md"))
LESSONS = sorted((REPO / "lessons").glob("*.md"))
WORDS = {"three": 3, "four": 4, "five": 5, "six": 6}


def dealer_of(round_number: int, players: int) -> int:
    """The convention's dealer of a round, as a player number (from 1): Player N deals round 1."""
    return (players - 1 + round_number - 1) % players + 1


# -- the engine ----------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("rules", ["junior", "classic"])
def test_engine_round_one_player_1_bids_first_and_the_last_player_deals(players, rules):
    for seed in range(6):
        game = Game(players=players, rules=rules, seed=seed)
        assert game.dealer == players - 1 and game.leader == 0
        if game.phase == "trump":    # a Wizard was turned up: the dealer (the last player) names trump
            assert f"Player {players} (dealer) chooses" in game.status()
        else:
            assert game.to_move == 0 and game.status().endswith("Player 1 to bid.")
        dealers = []
        while not game.is_over:
            if game.round_number > len(dealers):
                dealers.append(game.dealer + 1)
            game.apply(game.legal_actions()[0])
        assert dealers == [dealer_of(r, players) for r in range(1, len(dealers) + 1)]
        assert dealers[:3] == [players, 1, 2]    # the deal passes to the left


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_dealing_machine_says_who_deals_and_who_starts(players):
    for round_number in (1, 2, 3):
        deal = DealWidget(players=players, round=round_number, seed=1)
        d = dealer_of(round_number, players)
        assert f"Player {d} deals and Player {d % players + 1} starts" in deal.summary()


def test_saves_and_positions_keep_their_first_dealer():
    """Saves name their first dealer, so a game saved with seat 0 dealing replays exactly."""
    old = Game(players=4, seed=8, first_dealer=0)
    old.bid(1)
    again = Game.from_json(old.to_json())
    assert again.first_dealer == 0 and again.to_json() == old.to_json()
    assert Game.from_position(old.position()).dealer == 0


def test_class_tables_stored_before_the_change_keep_seat_0(tmp_path):
    from dataclasses import asdict

    from wizard_edu.online.service import _game
    from wizard_edu.online.storage import TableRecord

    record = TableRecord(id=1, size=4, rules={"name": "classic"}, seed=5, seats=[{}] * 4,
                         names=["Ada", "Ben", "Cy", "Di"])
    stored_before = {k: v for k, v in asdict(record).items() if k != "first_dealer"}
    assert _game(TableRecord(**stored_before)).dealer == 0
    assert _game(TableRecord(**{**stored_before, "first_dealer": 3})).status().endswith("Ada to bid.")


def test_a_new_class_table_seats_player_1_on_the_dealers_left(tmp_path):
    from wizard_edu.online.service import TableService
    from wizard_edu.online.storage import SQLiteStore

    service = TableService(SQLiteStore(tmp_path / "class.db"))
    table = service._new_table(4, service.settings.ruleset())
    assert table.record.first_dealer == 3 and table.game.dealer == 3 and table.game.leader == 0


# -- the tables' words for the learner -------------------------------------------------------------
WRONG_YOU = re.compile(r"\bYou (?:deals|wins|bids|predicts|plays|passes|chooses|starts|leads|has)\b"
                       r"|\bYou \u2714 wins\b")


def plain(html: str) -> str:
    """Text of an HTML fragment, each tag a space (so "You<span>deals</span>" reads "You deals")."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_the_tables_say_you_deal_and_you_win():
    table = TableWidget(rules="classic", players=4, seed=3, first_dealer=0)   # the learner deals
    assert "You deal" in plain(table.header.value) and "You deal" in plain(table.felt.value)
    while not (table.last_trick is not None and table.last_trick.winner_seat == 0):
        table.act(table.view.legal[0])
        if table.game.is_over:
            break
        assert not WRONG_YOU.search(plain(table.header.value + table.felt.value + table.prompt.value))
    assert not WRONG_YOU.search(" ".join(table.events))


# -- stored notebook outputs -------------------------------------------------------------------------
def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        if all(isinstance(v, str) for v in value):
            yield "".join(value)
        else:
            for v in value:
                yield from _strings(v)
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)


@cache
def notebook(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def stored(path: Path) -> list[str]:
    """Every stored text of a notebook: each output's data and stream text, and every widget state."""
    nb = notebook(path)
    texts = [s for cell in nb["cells"] if cell["cell_type"] == "code" for s in _strings(cell.get("outputs", []))]
    return texts + list(_strings(nb.get("metadata", {}).get("widgets", {})))


def _name(path: Path) -> str:
    return str(path.relative_to(REPO))


DEAL_SUMMARY = re.compile(r"Round (\d+): \d+ cards? each for (\d) players\. Player (\d) deals and Player (\d) starts")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_name)
def test_stored_deals_name_the_conventions_dealer_and_starter(path):
    for text in stored(path):
        for m in DEAL_SUMMARY.finditer(text):
            r, n, dealer, starter = map(int, m.groups())
            assert (dealer, starter) == (dealer_of(r, n), dealer_of(r, n) % n + 1), m.group(0)


SEAT_TAG = re.compile(r"\b[Pp]layer (\d) \((leads|deals|plays first)\)")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_name)
def test_stored_seat_tables_mark_player_1_leading_and_the_last_player_dealing(path):
    for text in stored(path):
        tags = SEAT_TAG.findall(text)
        if not tags:
            continue
        last = max(int(k) for k in re.findall(r"\b[Pp]layer (\d)\b", text))
        for number, tag in tags:
            assert int(number) == (last if tag == "deals" else 1), (number, tag, last)


SEEN_BY = re.compile(r"<p>Round (\d+): ([^<]+?) deals?\.</p><table>(.*?)</table>", re.S)
BID_ROW = re.compile(r"<tr><td>([^<]+?)(?: \(you\))?</td><td>(bid \d+|bid hidden|no bid yet)</td>")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_name)
def test_stored_bid_tables_say_who_deals_and_bids_start_on_the_dealers_left(path):
    for text in stored(path):
        if not BID_ROW.search(text):
            continue
        tables = SEEN_BY.findall(text)
        assert tables, "a table of bids says which round it is and who deals (to see who bid first)"
        for round_number, dealer, rows in tables:
            names = [name for name, _ in BID_ROW.findall(rows)]
            made = [said != "no bid yet" for _, said in BID_ROW.findall(rows)]
            d = names.index(dealer)
            if re.fullmatch(r"Player \d", dealer):
                assert d + 1 == dealer_of(int(round_number), len(names)), (round_number, dealer)
            in_turn = [made[(d + 1 + i) % len(names)] for i in range(len(names))]
            assert in_turn == sorted(in_turn, reverse=True), f"bids start on the dealer's left: {in_turn}"


ROUND_ONE_HEADER = re.compile(r"Round 1 of \d+ &middot;[^<]*&middot; You deal\b")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_name)
def test_the_learner_at_seat_0_never_deals_round_1(path):
    """The tables seat the learner as Player 1 (``seat=0``), on the dealer's left."""
    seated = any("TableWidget(" in "".join(c["source"]) and "seat=" in "".join(c["source"])
                 for c in notebook(path)["cells"] if c["cell_type"] == "code")
    if not seated:
        for text in stored(path):
            assert not ROUND_ONE_HEADER.search(text), "the learner (Player 1) deals round 1"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_name)
def test_no_stored_sentence_says_you_deals(path):
    for text in stored(path):
        m = WRONG_YOU.search(plain(text))
        assert m is None, plain(text)[max(m.start() - 80, 0):m.end() + 40] if m else ""


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_name)
def test_no_stored_text_says_the_the(path):
    """US Games card names start with "the" ("the 2 of diamonds"): a sentence never doubles it."""
    for text in stored(path):
        m = re.search(r"\b[Tt]he the\b", plain(text))
        assert m is None, plain(text)[max(m.start() - 60, 0):m.end() + 40] if m else ""


def test_the_us_faces_name_a_card_with_one_the():
    from wizard_edu.teach.vocabulary import Vocabulary

    us = Vocabulary("classic", "us")
    assert us.text("You hold the blue 12: bid 0.") == "You hold the king of spades: bid 0."
    assert us.text("The B12 wins.") == "The king of spades wins."


def _fresh_status_cells(path: Path):
    """(source, output) of cells that make a game and show its status at once: ``g = Game(...)``, ``g.status()``."""
    for cell in notebook(path)["cells"]:
        if cell["cell_type"] != "code":
            continue
        try:
            body = ast.parse("".join(cell["source"])).body
        except SyntaxError:
            continue
        if (len(body) == 2 and isinstance(body[0], ast.Assign) and isinstance(body[0].value, ast.Call)
                and getattr(body[0].value.func, "id", "") == "Game" and isinstance(body[1], ast.Expr)
                and ast.unparse(body[1].value) == f"{ast.unparse(body[0].targets[0])}.status()"):
            texts = [s for out in cell.get("outputs", []) for s in _strings(out.get("data", {}))]
            yield body[0].value, "".join(texts)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_name)
def test_a_new_games_status_names_player_1_to_bid(path):
    for call, shown in _fresh_status_cells(path):
        kwargs = {k.arg: ast.literal_eval(k.value) for k in call.keywords}
        if "first_dealer" in kwargs:
            continue
        players = kwargs.get("players", ast.literal_eval(call.args[0]) if call.args else 4)
        names = kwargs.get("names") or [f"Player {k}" for k in range(1, players + 1)]
        assert f"{names[0]} to bid" in shown or f"{names[-1]} is choosing" in shown, (names, shown)


# -- the prose: notebooks and lessons ------------------------------------------------------------------
def paragraphs(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    return [re.sub(r"\s+", " ", p) for p in re.split(r"\n\s*\n", text)]


DEALER_NUMBER = re.compile(r"dealer(?: is|,)? \(?player (\d)|player (\d) is the dealer|player (\d) \(deals\)", re.I)
PLAYER_COUNT = re.compile(r"\b(\d|three|four|five|six) players\b|player \d of (\d)", re.I)


@pytest.mark.parametrize("path", SOURCES + LESSONS, ids=_name)
def test_the_prose_names_the_last_player_as_the_dealer(path):
    for para in paragraphs(path):
        if "round 1" not in para.lower() and "first round" not in para.lower() and "one card" not in para.lower() \
                and "dealer is player" not in para.lower():
            continue
        counts = {int(WORDS.get(a.lower(), a or b)) for a, b in PLAYER_COUNT.findall(para)}
        for m in DEALER_NUMBER.finditer(para):
            number = int(next(g for g in m.groups() if g))
            if counts:   # round 1: the dealer is the last player, Player N of N
                assert number in counts, (m.group(0), para[:200])


KEY_DEAL = re.compile(r"Player (\d) deals, Player (\d) starts")
ROUND_AND_PLAYERS = re.compile(r"Round (\d+), (\d) players")


@pytest.mark.parametrize("path", LESSONS, ids=_name)
def test_lesson_keys_name_the_conventions_dealer(path):
    text = path.read_text(encoding="utf-8")
    for m in KEY_DEAL.finditer(text):
        question = re.search(r"question (\d+)", text[max(0, m.start() - 80):m.start()])
        if question:   # the deal of a question in the key: that question's round and players
            row = re.search(rf"^\| {question.group(1)} \| (.*)$", text, re.M)
            setting = ROUND_AND_PLAYERS.search(row.group(1)) if row else None
        else:
            setting = None
        if setting is None:
            setting = list(ROUND_AND_PLAYERS.finditer(text[:m.start()]))[-1]
        r, n = map(int, setting.groups())
        assert (int(m.group(1)), int(m.group(2))) == (dealer_of(r, n), dealer_of(r, n) % n + 1), m.group(0)


def test_lesson_1_key_is_checked():
    """The case issue 28 found ("Player 3 deals, Player 4 starts" for round 3 with 4 players) is seen."""
    assert KEY_DEAL.search((REPO / "lessons" / "01-meet-the-cards.md").read_text(encoding="utf-8"))


def test_the_rules_pages_state_the_convention():
    for page in ("docs/rulings.md", "lessons/README.md"):
        text = re.sub(r"\s+", " ", (REPO / page).read_text(encoding="utf-8")).lower()
        assert "player 1** sits on the dealer's left" in text and "the dealer is player 4" in text, page


# -- the printable table map ----------------------------------------------------------------------------
def test_the_table_map_is_what_the_engine_says_and_is_linked():
    from wizard_edu.teach import pack

    stored_map = (REPO / "lessons" / "table-map.html").read_text(encoding="utf-8")
    assert stored_map == pack.table_map_html(), "run: wizard-edu pack"
    assert pack.table_map_page() in pack.pack_html(REPO)  # the same page in the printable pack
    for n in range(3, 7):
        seats = pack.table_seats(n)
        assert seats[n - 1]["dealer"] and "deals round 1" in seats[n - 1]["jobs"]
        assert "bids first, leads" in seats[0]["jobs"] and "deals round 2" in seats[0]["jobs"]
        assert [s["label"] for s in seats] == [f"Player {k}" for k in range(1, n + 1)]
    assert "(table-map.html)" in (REPO / "lessons" / "README.md").read_text(encoding="utf-8")
