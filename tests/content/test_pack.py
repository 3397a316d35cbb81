"""The printable pack (issue 28): it builds from the kit's data, holds every part a lesson needs, is
stored as built, prints on A4 and on Letter, and the lessons link it and their worksheets."""

from __future__ import annotations

import re
import shutil
import subprocess
from html import escape
from pathlib import Path

import pytest

from wizard_edu.display.themes import FILL, SYMBOL, THEMES
from wizard_edu.engine.rules.rulesets import get_ruleset
from wizard_edu.teach import pack

ROOT = Path(__file__).resolve().parents[2]
LESSONS = sorted((ROOT / "lessons").glob("[0-9][0-9]-*.md"))


@pytest.fixture(scope="module")
def html() -> str:
    return pack.pack_html(ROOT)


def _part(html: str, page_id: str) -> str:
    match = re.search(rf'<section class="page[^"]*" id="{page_id}">(.*?)</section>', html, re.S)
    assert match, f"the pack has no page {page_id}"
    return match.group(1)


def test_classic_score_pad_has_a_row_for_every_round_and_the_classic_scoring(html):
    pad = _part(html, "classic-score-pad")
    classic = get_ruleset("classic")
    most = max(len(classic.round_sizes(p)) for p in range(3, 7))  # 20 rounds with 3 players
    assert len(re.findall(r"<tr[^>]*><th>\d+</th>", pad)) == most
    assert pad.count("<th>bid</th>") == 6 and "predict" not in pad
    assert f"bid 2, won 2: {classic.score(2, 2)}" in pad and f"bid 2, won 0: {classic.score(2, 0)}" in pad
    assert "the highest deals" in pad  # how the first Classic dealer is chosen


def test_a_legend_card_for_every_face_theme_with_colour_and_shape(html):
    legends = _part(html, "legends")
    cards = re.findall(r'<div class="legend" data-theme="(\w+)">(.*?)</div>(?=<div class="legend"|</div>)',
                       legends, re.S)
    assert [name for name, _ in cards] == list(THEMES)
    for name, card in cards:
        theme = THEMES[name]
        for colour in "RGBY":
            assert FILL[colour] in card and SYMBOL[colour] in card, (name, colour)
            assert theme.colour_names[colour] in card, (name, colour)
        assert theme.wizard in card and theme.jester in card
    junior = dict(cards)["junior"]
    assert "▲" in junior and "printed" in junior  # the kit's shapes matched to the printed Junior cards


def test_round_tiles_and_chips(html):
    tiles = _part(html, "round-tiles")
    junior = get_ruleset("junior")
    assert re.findall(r'data-round="(\d+)"', tiles) == [str(r) for r in range(1, len(junior.round_sizes(4)) + 1)]
    assert html.count('<div class="chip">') >= 2 * 40  # 40 prediction chips, front and back
    assert 'data-side="front"' in html and 'data-side="back"' in html


def test_a_one_page_crib_for_every_lesson(html):
    assert len(LESSONS) == 14
    cribs = pack.read_cribs(ROOT)
    assert [c.number for c in cribs] == list(range(1, 15))
    for crib, plan in zip(cribs, LESSONS):
        page = _part(html, f"crib-{crib.number:02d}")
        assert (ROOT / crib.notebook).is_file(), crib.notebook
        assert crib.notebook in page and escape(crib.goal) in page
        assert 3 <= len(crib.ideas) <= 4
        text = plan.read_text(encoding="utf-8")
        # The timing is the plan's own: every minutes row of the plan is on the crib.
        timing = text.split("## Timing", 1)[1].split("\n## ", 1)[0]
        rows = [r for r in re.findall(r"^\|\s*([0-9]+–[0-9]+)\s*\|", timing, re.M)]
        assert rows and [m for _h, ps in crib.periods for m, _p in ps] == rows, crib.number


def test_two_period_lessons_say_so_at_the_top_and_give_a_one_period_version(html):
    for crib, plan in zip(pack.read_cribs(ROOT), LESSONS):
        if len(crib.periods) < 2:
            continue
        top = "\n".join(plan.read_text(encoding="utf-8").splitlines()[:12])
        assert "**Two periods.**" in top, plan.name
        assert crib.one_period, f"{plan.name} has no '## One-period version'"
        assert "Only one period?" in _part(html, f"crib-{crib.number:02d}")
    two = [c.number for c in pack.read_cribs(ROOT) if len(c.periods) >= 2]
    assert two == [5, 8, 9, 10, 11, 12, 13, 14]


def test_the_stored_pack_is_the_built_one():
    for rel, text in pack.pack_files(ROOT).items():
        stored = ROOT / rel
        assert stored.is_file(), f"{rel} is missing: run `wizard-edu pack`"
        assert stored.read_text(encoding="utf-8") == text, f"{rel} is out of date: run `wizard-edu pack`"


def test_the_table_map_is_a_page_of_the_pack_and_a_file_of_its_own(html):
    page = _part(html, "table-map")
    assert [int(n) for n in re.findall(r"<h2>(\d) players</h2>", page)] == [3, 4, 5, 6]
    assert pack.pack_files(ROOT)[pack.TABLE_MAP_FILE] == pack.table_map_html()
    assert '<a href="table-map.html">' in _part(html, "cover")


def test_one_print_stylesheet_for_every_page_of_the_pack(html):
    """The pack and the table map on its own print with the same rules (page size, margins, colours)."""
    for text in (html, pack.table_map_html()):
        assert re.findall(r"<style>(.*?)</style>", text, re.S) == [pack.PRINT_CSS]
        assert "style=\"@page" not in text and text.count("@page") == pack.PRINT_CSS.count("@page")
    assert not (ROOT / "tools" / "table_map.py").exists()  # one builder: wizard-edu pack


def test_no_external_resources(html):
    assert not re.search(r'(src|href)="(https?:)?//', html)
    assert "@import" not in html and not re.search(r"url\((?!#)", html)  # url(#arrow4): the page's own marker


def test_lessons_1_to_8_link_their_worksheet_and_the_pack():
    for lesson in range(1, 9):
        plan = LESSONS[lesson - 1].read_text(encoding="utf-8")
        sheet = pack.worksheet_file(lesson).relative_to("lessons").as_posix()
        assert f"]({sheet})" in plan, f"lesson {lesson} does not link {sheet}"
        assert "](printable-pack.html" in plan, f"lesson {lesson} does not link the pack"


def test_us_jester_and_jack_have_different_labels():
    from wizard_edu.engine.cards import Card

    us = THEMES["us"]
    jester = us.card_label(Card.parse("J"))
    assert jester not in {us.rank_label(r) for r in range(1, 14)}



@pytest.mark.browser
@pytest.mark.parametrize("paper", ["A4", "letter"])
def test_the_pack_prints_one_page_per_part(tmp_path, paper):
    """Printed by headless Chromium on ``paper``: nothing spills over onto an extra page."""
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    if not Path(chromium).exists():
        pytest.skip("no Chromium to print with")
    page = tmp_path / "pack.html"
    page.write_text(pack.pack_html(ROOT).replace(
        "<style>", f"<style>@page {{ size: {paper}; }} @page pad {{ size: {paper} landscape; }}", 1),
        encoding="utf-8")
    pdf = tmp_path / "pack.pdf"
    subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
                    f"--print-to-pdf={pdf}", str(page)], check=True, timeout=180, capture_output=True)
    data = pdf.read_bytes()
    count = int(max(re.findall(rb"/Count\s+(\d+)", data), key=int))
    parts = 1 + 1 + 1 + 1 + 2 + 1 + len(LESSONS)  # cover, pad, legends, tiles, chips front and back, map, cribs
    assert count == parts
