"""The printable classroom pack: score pads, legend cards, round tiles, chips and a crib per lesson.

Everything is drawn from the kit's own data, so the pack cannot drift from the notebooks:

* the **Classic score pad** takes its rounds per table size and its scoring examples from the
  Classic ruleset (:func:`~wizard_edu.engine.rules.rulesets.get_ruleset`);
* the **legend cards** take each face theme's colour names, suit symbols and rank labels from
  :data:`wizard_edu.display.themes.THEMES` and draw the cards with the notebooks' own pictures;
* the **round tiles and chips** follow the Junior ruleset (8 tiles, 40 prediction chips);
* the **table map** (who is Player 1, who deals, where the deal goes) takes its seats from the engine
  (:class:`~wizard_edu.engine.game.Game`), so it cannot drift from the labels the notebooks show;
* the **teacher's crib** of each lesson takes the title, the notebook, the time and the timing
  tables from the lesson plan (``lessons/NN-*.md``); only the goal and the key ideas are written
  here (:data:`CRIB_IDEAS`), short enough for one page.

``wizard-edu pack`` (or :func:`write_pack`) writes ``lessons/printable-pack.html``, the table map on its
own (``lessons/table-map.html``, the same page as in the pack) and one ready-made worksheet for each of
lessons 1-8 (``lessons/worksheets/``).  Both pages share one print stylesheet (:data:`PRINT_CSS`) and
print on A4 and on Letter:
``@page`` names no paper size, so the printer's paper is used, and every page is laid out to fit
the smaller of the two (186 x 255 mm inside 12 mm margins).  It uses no external file or font.

>>> "Classic Wizard score pad" in pack_html()
True
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from html import escape
from pathlib import Path

from ..display.html import card_html
from ..display.themes import FILL, INK, SYMBOL, THEMES, Theme
from ..engine.cards import COLOUR_NAMES, Card
from ..engine.game import Game
from ..engine.rules.rulesets import get_ruleset
from ..errors import WorksheetError
from .worksheets import make_worksheet, worksheet_html

#: Where the pack lives, inside the kit's folder.
PACK_FILE = Path("lessons") / "printable-pack.html"
TABLE_MAP_FILE = Path("lessons") / "table-map.html"
WORKSHEET_DIR = Path("lessons") / "worksheets"

#: The ready-made worksheet for each of lessons 1-8: (topic, rules, exercises).  Seed = lesson number.
LESSON_WORKSHEETS: dict[int, tuple[str, str, int]] = {
    1: ("odds", "junior", 6),
    2: ("odds", "junior", 8),
    3: ("tricks", "junior", 10),
    4: ("score", "junior", 8),
    5: ("mixed", "junior", 8),
    6: ("score", "classic", 8),
    7: ("legal", "classic", 10),
    8: ("mixed", "classic", 12),
}

#: The goal and 3-4 key ideas of each lesson, for the crib (the rest comes from the lesson plan).
CRIB_IDEAS: dict[int, tuple[str, tuple[str, ...]]] = {
    1: ("Know the Wizard Junior deck and start a round in the right order.",
        ("36 cards: 1-8 in four colours (▲ red, ♣ green, ● blue, ★ yellow), 2 Wizards, 2 Fool Frogs.",
         "The round tiles set the length: 8 rounds with 3 or 4 players, 7 with 5, 6 with 6.",
         "Deal, turn up the next card, predict from the dealer's left; the dealer's left plays first.",
         "Cards left in the pile = 36 − cards dealt − the one turned up.")),
    2: ("Say what the turned-up card does, and give a first chance as a fraction.",
        ("The turned-up card's colour is trump: a trump beats every card of another colour.",
         "A Fool Frog turned up, or no card left: no trump this round.",
         "A Wizard turned up: the dealer looks at their cards and chooses the trump colour.",
         "Every card is as likely to be turned up: a Fool Frog 2/36 = 1/18, a red card 8/36 = 2/9.")),
    3: ("Decide who wins a trick, and which cards may be played.",
        ("Three rules, in order: the first Wizard, else the highest trump, else the highest card of the colour led.",
         "A Fool Frog never wins a trick, and never sets the colour to follow.",
         "Follow the colour led if you can; a Wizard or a Fool Frog may always be played.",
         "After a Wizard is played first, any card may be played.")),
    4: ("Predict tricks with chips and score a round.",
        ("Predict in turn from the dealer's left: one chip per trick you predict.",
         "A chip goes on each trick won: every chip on a trick and every trick with a chip scores.",
         "Predicted 0 and won 0: take one chip, 1 point. Wrong: all chips go back (0 points).",
         "Count Wizards and high trumps; Fool Frogs and low cards usually lose.")),
    5: ("Play a whole game of Wizard Junior, with every round scored.",
        ("Every round: deal, turn up, predict, play, score.",
         "A thick frame marks the cards you may play; Hint suggests a move.",
         "Save before the bell; next time the notebook offers to go on with the saved game.",
         "The points table shows who predicted best.")),
    6: ("Move from Wizard Junior to Classic Wizard: the deck, the faces and the score.",
        ("60 cards: 1-13 in four colours, 4 Wizards, 4 Jesters; rounds = 60 ÷ players.",
         "US Games faces print 2-10, J, Q, K, A: R13 is the red ace (the ace of hearts).",
         "A trick of Jesters only: the first Jester wins.",
         "A bid made: 20 + 10 per trick; missed: −10 for every trick off.")),
    7: ("Decide and explain the four tricks that surprise people most.",
        ("A Jester leads: the first card with a colour sets the colour to follow.",
         "A Wizard leads: nobody has to follow, and the first Wizard wins.",
         "A Jester, then a Wizard: still nobody has to follow.",
         "Only Jesters: the first Jester wins; one number card beats them all.")),
    8: ("Play Classic Wizard at the table, bidding with a reason.",
        ("Bid by counting Wizards, high trumps and aces.",
         "Play toward your bid: win the tricks you need, lose the others.",
         "Use the coach's Hint, and say whether you agree with it and why.",
         "Read the score pad and the chart of running totals.")),
    9: ("Count chances as fractions, and check a simulation against them.",
        ("A chance = favourable cards / possible cards: a Wizard turned up is 4/60 = 1/15.",
         "The last Classic round deals every card: no trump.",
         "A simulated share settles near the exact chance as the deals add up.",
         "(Deeper) two standard errors: how far a share may fall from the chance by luck.")),
    10: ("Judge a one-card round: which cards are worth a bid of 1.",
         ("A trump wins as often from every seat; a Wizard's chance depends on the seat.",
          "A high card that is not trump is much better played first.",
          "The heat map shows the cards worth a bid of 1, and how that changes with more players.",
          "(Deeper) bid 1 when p > 3/7 in Classic, when p > 1/2 in Junior.")),
    11: ("Read a distribution of tricks and its average.",
         ("A distribution: how often a hand wins 0, 1, 2, ... tricks.",
          "The average (expected tricks) = the sum of k × P(k).",
          "Simulate when there are too many deals to count.",
          "(Deeper) 100 times the deals, one tenth of the standard error.")),
    12: ("Choose the bid with the best expected score.",
         ("Expected score of a bid = the sum over k of score(bid, k) × P(k).",
          "The best bid is not always the most likely number of tricks.",
          "Junior and Classic scoring can favour different bids.",
          "(Deeper) risk: the spread of the score, and when to accept a worse average.")),
    13: ("Say what each variant changes, and test one with an experiment.",
         ("Each variant in one sentence: bidding, what you may see, the cards, the schedule.",
          "Plus/minus one forbids the bid that makes the bids add up to the tricks.",
          "The six Anniversary special cards, and who wins a trick with them.",
          "An experiment: is a difference bigger than two standard errors?")),
    14: ("Use Bayes' rule to read what a bid reveals.",
         ("Prior, likelihood, posterior: a bid changes the posterior.",
          "A bid of 0 lowers the chance of a Wizard; a high bid raises the chance of trumps.",
          "Exact (every deal) and sampled answers agree within a few standard errors.",
          "(Part B) Winning this trick is not the same as making the bid.")),
}


# -- the lesson plans ----------------------------------------------------------------
@dataclass(frozen=True)
class Crib:
    """One lesson's crib: read from its plan, with the goal and key ideas of :data:`CRIB_IDEAS`."""

    number: int
    title: str
    notebook: str
    time: str
    goal: str
    ideas: tuple[str, ...]
    #: (heading, rows of (minutes, part)) for each period of the timing section.
    periods: tuple[tuple[str, tuple[tuple[str, str], ...]], ...]
    one_period: str = ""
    worksheet: str = ""
    plan: str = ""


def lesson_files(root: Path) -> dict[int, Path]:
    """The lesson plans ``lessons/NN-*.md`` under the kit's folder ``root``, by number."""
    found = {int(p.name[:2]): p for p in sorted((root / "lessons").glob("[0-9][0-9]-*.md"))}
    if not found:
        raise WorksheetError(f"There are no lesson plans in {root / 'lessons'}.")
    return found


def _plain(markdown: str) -> str:
    """Markdown inline text as plain text (no ``*``, backticks or link targets)."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", markdown)
    return re.sub(r"[*`]", "", text).strip()


def _section(text: str, heading: str) -> str:
    """The body of the ``## heading...`` section (up to the next ``## ``), or ``""``."""
    match = re.search(rf"^## {re.escape(heading)}[^\n]*\n(.*?)(?=^## |\Z)", text, re.S | re.M)
    return match.group(1) if match else ""


def read_crib(number: int, path: Path) -> Crib:
    """The crib of lesson ``number`` from its plan at ``path``."""
    text = path.read_text(encoding="utf-8")
    title = _plain(text.splitlines()[0].lstrip("# "))
    notebook = re.search(r"notebooks/[0-9][0-9]-[\w-]+\.ipynb", text)
    time = re.search(r"\*?Time\*?:?\*?\s*\|?\s*([^|·\n]+(?:\n[^|·\n*]+)?)", text)
    periods: list[tuple[str, list[tuple[str, str]]]] = []
    heading = "One period (45 minutes)"
    for line in _section(text, "Timing").splitlines():
        line = line.strip()
        if line.startswith("**") and line.endswith("**"):
            heading = line.strip("*")
        elif line.startswith("|") and not re.match(r"\|\s*(Minutes|-)", line):
            cells = [c.strip() for c in line.strip("|").split("|")]
            if len(cells) >= 2:
                if not periods or periods[-1][0] != heading:
                    periods.append((heading, []))
                periods[-1][1].append((cells[0], _plain(cells[1])))
    one = _section(text, "One-period version").strip().split("\n\n")[0]
    goal, ideas = CRIB_IDEAS[number]
    sheet = ""
    if number in LESSON_WORKSHEETS:
        sheet = worksheet_file(number).name
    return Crib(number, title, notebook.group(0) if notebook else "", _plain(" ".join(time.group(1).split())) if time else "",
                goal, ideas, tuple((h, tuple(rows)) for h, rows in periods), _plain(" ".join(one.split())), sheet, path.name)


def read_cribs(root: Path) -> list[Crib]:
    """Every lesson's crib, in order."""
    return [read_crib(n, p) for n, p in lesson_files(root).items()]


# -- the pages --------------------------------------------------------------------------
#: The one print stylesheet of the pack's pages (the pack and the table map on its own).
PRINT_CSS = """
@page { margin: 12mm; }
@page pad { size: landscape; margin: 10mm; }
* { box-sizing: border-box; }
body { font-family: Arial, Helvetica, sans-serif; color: #000; margin: 0; font-size: 11pt; }
.page { break-after: page; page-break-after: always; width: 186mm; }
.page:last-child { break-after: auto; page-break-after: auto; }
.pad-page { page: pad; width: 255mm; }
h1 { font-size: 18pt; margin: 0 0 3mm 0; }
h2 { font-size: 13pt; margin: 3mm 0 1.5mm 0; }
p { margin: 0 0 2mm 0; }
.small { font-size: 9pt; }
.wizard-card, .swatch, .tile, .chip { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
table.pad { border-collapse: collapse; width: 100%; table-layout: fixed; }
table.pad th, table.pad td { border: 1pt solid #000; text-align: center; font-size: 8.5pt; height: 6.6mm; padding: 0; }
table.pad th.name { text-align: left; padding-left: 1mm; height: 7mm; font-weight: normal; font-size: 9pt; }
table.pad th.round { width: 11mm; }
table.pad .total { border-right-width: 2.5pt; background: #eee; }
table.pad tr.deal-end th, table.pad tr.deal-end td { border-bottom-width: 2.5pt; }
.legends { display: grid; grid-template-columns: 1fr 1fr; gap: 4mm; }
.legend { border: 1.5pt solid #000; border-radius: 3mm; padding: 2.5mm; break-inside: avoid; height: 112mm; overflow: hidden; }
.legend h2 { margin-top: 0; }
.legend table { border-collapse: collapse; width: 100%; }
.legend td, .legend th { border-bottom: 0.5pt solid #999; padding: 1mm; text-align: left; font-size: 9.5pt; }
.swatch { display: inline-block; width: 9mm; height: 6mm; border: 0.75pt solid #000; border-radius: 1mm;
  text-align: center; font-size: 11pt; line-height: 6mm; vertical-align: middle; }
.row { display: flex; flex-wrap: wrap; gap: 1mm; align-items: flex-end; }
.tiles { display: grid; grid-template-columns: repeat(3, 55mm); gap: 5mm; }
.tile { width: 55mm; height: 55mm; border: 1pt dashed #000; display: flex; flex-direction: column;
  align-items: center; justify-content: center; }
.tile .number { font-size: 60pt; font-weight: bold; line-height: 1; }
.chips { display: grid; grid-template-columns: repeat(6, 28mm); gap: 3mm 3mm; justify-content: center; }
.chip { width: 28mm; height: 28mm; border: 1pt dashed #000; border-radius: 50%; display: flex;
  flex-direction: column; align-items: center; justify-content: center; text-align: center; font-size: 9pt; }
.chip .big { font-size: 20pt; line-height: 1; }
.stickers { display: grid; grid-template-columns: repeat(8, 1fr); gap: 1mm; }
.sticker { border: 0.5pt dashed #000; height: 9mm; text-align: center; font-size: 16pt; line-height: 9mm; }
.crib h1 { font-size: 16pt; }
.crib .meta { border-bottom: 1.5pt solid #000; padding-bottom: 1.5mm; margin-bottom: 2mm; }
.crib ol { margin: 0 0 2mm 0; padding-left: 6mm; }
.crib li { margin-bottom: 1mm; }
.crib table { border-collapse: collapse; width: 100%; margin-bottom: 2mm; }
.crib td, .crib th { border: 0.5pt solid #777; padding: 0.6mm 1.5mm; font-size: 9pt; text-align: left; vertical-align: top; }
.crib td.min { width: 16mm; white-space: nowrap; }
.box { border: 1pt solid #000; border-radius: 2mm; padding: 2mm; margin-bottom: 2mm; }
.maps { display: grid; grid-template-columns: 1fr 1fr; gap: 2mm 6mm; break-inside: avoid; }
.map h2 { text-align: center; margin: 1mm 0 0 0; }
.map svg { width: 100%; max-height: 86mm; display: block; }
svg text { font-family: Arial, Helvetica, sans-serif; }
svg .name { font-size: 12px; font-weight: bold; }
svg .job { font-size: 9.5px; }
svg .mid { font-size: 10px; }
.toc li { margin-bottom: 1mm; }
@media screen { body { background: #ddd; } .page { background: #fff; margin: 6mm auto; padding: 8mm;
  width: calc(186mm + 16mm); box-shadow: 0 1mm 3mm rgba(0,0,0,0.3); } .pad-page { width: calc(255mm + 16mm); } }
@media print { .no-print { display: none; } a { color: inherit; text-decoration: none; } }
"""


def _page(body: str, extra_class: str = "", page_id: str = "") -> str:
    ident = f' id="{page_id}"' if page_id else ""
    return f'<section class="page {extra_class}"{ident}>{body}</section>'


def score_pad_html(players: int = 6) -> str:
    """The Classic Wizard score pad: bid, won, points and total for up to six players."""
    classic = get_ruleset("classic")
    rounds = {p: len(classic.round_sizes(p)) for p in range(3, 7)}
    most = max(rounds.values())
    head = '<th class="name" colspan="4">Name:</th>' * players
    sub = "<th>bid</th><th>won</th><th>points</th><th class=\"total\">total</th>" * players
    ends = {n for n in rounds.values()}
    rows = "".join(
        ('<tr class="deal-end">' if r in ends else "<tr>") + f"<th>{r}</th>"
        + '<td></td><td></td><td></td><td class="total"></td>' * players + "</tr>"
        for r in range(1, most + 1))
    made, missed, zero = classic.score(2, 2), classic.score(2, 0), classic.score(0, 0)
    lengths = ", ".join(f"{p} players {n} rounds" for p, n in rounds.items())
    body = (f"<h1>Classic Wizard score pad</h1>"
            f"<p>Write the names in the order you sit, starting on the first dealer's left. Each round: "
            f"write every <b>bid</b>, then the <b>tricks won</b>. Bid made: 20 points + 10 per trick "
            f"(bid 2, won 2: {made}; bid 0, won 0: {zero}). Bid missed: −10 for every trick off "
            f"(bid 2, won 0: {missed}). Add the points to the <b>total</b>: a total can go below 0.</p>"
            f'<p class="small">How many rounds: {lengths} (all 60 cards dealt in the last round; '
            f"a thick line marks each end). The first dealer: everyone draws a card, the highest deals.</p>"
            f'<table class="pad"><tr><th class="round" rowspan="2">Round</th>{head}</tr>'
            f'<tr class="small">{sub}</tr>{rows}</table>')
    return _page(body, "pad-page", "classic-score-pad")


def _legend_html(theme: Theme) -> str:
    """One theme's legend card: each colour's fill and the kit's shape, its name and printed symbol."""
    top = 8 if theme.name == "junior" else 13  # the highest number card of the deck
    rows = []
    for colour in "RGBY":
        example = Card.parse(f"{colour}{top}")
        name = escape(theme.colour_names[colour])
        # The Junior rulebook does not say what the printed cards show besides the colour.
        printed = (f"the <b>{name}</b> cards" if theme.name == "junior"
                   else f"<b>{name}</b> {escape(theme.symbol(colour))}")
        rows.append(
            f'<tr data-colour="{colour}"><td><span class="swatch" style="background:{FILL[colour]};'
            f'color:{INK[colour]}">{SYMBOL[colour]}</span></td>'
            f"<td>{escape(COLOUR_NAMES[colour])} {SYMBOL[colour]}</td>"
            f"<td>{printed}</td>"
            f"<td>{card_html(example, theme, size=0.6)}</td></tr>")
    wizard, jester = Card.parse("W"), Card.parse("J")
    specials = (f'<p>{card_html(wizard, theme, size=0.6)} {escape(theme.wizard)}: '
                f'the face shows "{escape(theme.card_label(wizard))}". '
                f'{card_html(jester, theme, size=0.6)} {escape(theme.jester)}: '
                f'the face shows "{escape(theme.card_label(jester))}".</p>')
    if theme.rank_labels:
        ranks = ", ".join(f"{r} = {escape(theme.rank_label(r))}" for r in range(1, 14))
        extra = (f'<p class="small">The kit counts 1 to 13; these cards print: {ranks}. '
                 f"So the kit's 13 is the ace, the highest card of its suit.</p>")
    elif theme.name == "junior":
        extra = ('<p class="small">The printed Wizard Junior cards show the colours; the kit adds a shape to '
                 "each colour. Match them by colour: a red card is ▲, green ♣, blue ●, yellow ★. For a "
                 "colour-blind learner, cut out the labels on the round-tiles page and stick one on each "
                 "printed card.</p>")
    else:
        extra = '<p class="small">The kit prints each number with its colour\'s shape, so colour-blind learners can tell them apart.</p>'
    title = {"classic": "Classic Wizard (the kit's faces)", "junior": "Wizard Junior",
             "amigo": "Classic Wizard, AMIGO cards", "us": "Classic Wizard, US Games cards"}.get(
                 theme.name, theme.name)
    return (f'<div class="legend" data-theme="{theme.name}"><h2>{escape(title)}</h2>'
            f"<table><tr><th>colour</th><th>the kit says</th><th>the cards say</th><th>the {top}</th></tr>"
            f"{''.join(rows)}</table>{specials}{extra}</div>")


def legends_html() -> str:
    """The legend cards of every face theme, on one page (cut along the frames)."""
    cards = "".join(_legend_html(theme) for theme in THEMES.values())
    return _page("<h1>Colours and suits: one card per printing</h1>"
                 '<p class="small">Each colour has a shape too, so nobody needs to tell the colours apart '
                 f'by colour alone. Cut along the frames.</p><div class="legends">{cards}</div>',
                 page_id="legends")


def tiles_html() -> str:
    """The eight Junior round tiles, and shape labels for the printed cards."""
    junior = get_ruleset("junior")
    rounds = max(len(junior.round_sizes(p)) for p in range(3, 7))
    tiles = "".join(f'<div class="tile" data-round="{r}"><span class="number">{r}</span>'
                    f"<span>round {r}: {r} card{'s' if r > 1 else ''} each</span></div>"
                    for r in range(1, rounds + 1))
    stickers = "".join(f'<div class="sticker" style="background:{FILL[c]};color:{INK[c]}">{SYMBOL[c]}</div>'
                       for c in "RGBY" for _ in range(8))
    return _page("<h1>Wizard Junior round tiles</h1>"
                 f"<p>Cut out the {rounds} tiles. Lay them out in order, number up: 3 or 4 players use all "
                 "of them, 5 players tiles 1-7, 6 players tiles 1-6. After each round turn the lowest "
                 "tile over: the next one says how many cards to deal.</p>"
                 f'<div class="tiles">{tiles}</div>'
                 "<h2>Shape labels for the printed cards</h2>"
                 f'<p class="small">8 per colour: stick one on each number card of that colour.</p>'
                 f'<div class="stickers">{stickers}</div>', page_id="round-tiles")


def chips_html(count: int = 42) -> str:
    """Paper prediction chips: a page of fronts and a page of backs (points side)."""
    per_row = 6  # the rows are centred and every chip is alike, so the backs line up with a flip
    front = "".join('<div class="chip"><span class="big">?</span>prediction chip</div>' for _ in range(count))
    back = "".join('<div class="chip"><span class="big">1</span>point</div>' for _ in range(count))
    how = ("<p>Wizard Junior uses 40 prediction chips: one for each trick a player predicts. "
           "A right prediction turns its chips over to the points side (1 point each). Here are 42 (2 spare). Print this page, "
           "then the next one on the back of it (flip on the long edge), and cut along the circles. "
           "No double-sided printer? Write \"1 point\" on the back by hand.</p>")
    rows = count // per_row
    return (_page(f"<h1>Prediction chips (front)</h1>{how}"
                  f'<div class="chips" data-side="front">{front}</div>', page_id="chips")
            + _page(f"<h1>Prediction chips (back: points side)</h1><p class=\"small\">{rows} rows of "
                    f"{per_row}: the back of the page before.</p>"
                    f'<div class="chips" data-side="back">{back}</div>'))


def crib_html(crib: Crib) -> str:
    """One lesson on one page: the goal, the key ideas, the timing and the notebook."""
    ideas = "".join(f"<li>{escape(i)}</li>" for i in crib.ideas)
    periods = "".join(
        f"<h2>{escape(h)}</h2><table>"
        + "".join(f'<tr><td class="min">{escape(m)}</td><td>{escape(p)}</td></tr>' for m, p in rows)
        + "</table>" for h, rows in crib.periods)
    one = (f'<div class="box"><b>Only one period?</b> {escape(crib.one_period)}</div>'
           if crib.one_period else "")
    sheet = (f"<p><b>Worksheet:</b> <a href=\"worksheets/{escape(crib.worksheet)}\">worksheets/"
             f"{escape(crib.worksheet)}</a> (more: <code>wizard-edu worksheet</code>).</p>"
             if crib.worksheet else "")
    first = ('<p class="small">At the first <i>Check</i> a box asks "What is your name?": pupils type '
             "their first name and press <i>Save my name</i>, so their progress is kept under it.</p>"
             if crib.number in (1, 6) else "")
    body = (f'<div class="crib" data-lesson="{crib.number}"><div class="meta"><h1>{escape(crib.title)}</h1>'
            f"<b>Notebook:</b> <code>{escape(crib.notebook)}</code> · <b>Time:</b> {escape(crib.time)} · "
            f'<b>Plan:</b> <a href="{escape(crib.plan)}">{escape(crib.plan)}</a></div>'
            f"<p><b>Goal:</b> {escape(crib.goal)}</p><h2>Key ideas</h2><ol>{ideas}</ol>"
            f"{one}{periods}{sheet}{first}</div>")
    return _page(body, page_id=f"crib-{crib.number:02d}")


# -- the table map: seats from the engine ----------------------------------------------------
_MAP_SIZE = 300        # each map is drawn in a square of this size (SVG units)
_MAP_TABLE_R = 62      # the table
_MAP_SEAT_R = 112      # the centre of each seat's card
_MAP_ARROW_R = 80      # the arrows between seats, round the table's edge


def table_seats(players: int) -> list[dict]:
    """For each seat (0-based) as the engine deals: its label, its jobs, and whether it deals round 1."""
    game = Game(players=players, rules="classic", seed=0, hand_sizes=[1] * players)
    first, leader = game.dealer, game.leader
    dealers: list[int] = []   # the dealer of rounds 1, 2, ..., one lap round the table
    while not game.is_over:
        if game.round_number > len(dealers):
            dealers.append(game.dealer)
        game.apply(game.legal_actions()[0])
    out = []
    for seat in range(players):
        rounds = [r + 1 for r, dealer in enumerate(dealers) if dealer == seat]
        jobs = []
        if seat == first:
            jobs.append("deals round 1")
        if seat == leader:
            jobs.append("bids first, leads")
        if seat != first:
            jobs.append(f"deals round {rounds[0]}")
        out.append({"seat": seat, "label": f"Player {seat + 1}", "jobs": jobs, "dealer": seat == first})
    return out


def table_map_svg(players: int) -> str:
    """The map of one table: the seats round it, the first dealer black, arrows the way the deal passes.

    Seen from above, the player on your left sits clockwise from you; on the page (y grows downwards)
    clockwise is the growing angle, so the k-th seat to the dealer's left sits at 90° + k·360°/players."""
    c = _MAP_SIZE / 2
    everyone = table_seats(players)
    first = next(s["seat"] for s in everyone if s["dealer"])
    parts = [f'<svg viewBox="0 0 {_MAP_SIZE} {_MAP_SIZE}" role="img" aria-label="Table map for {players} players">',
             f'<defs><marker id="arrow{players}" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="7" '
             'markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#000"/></marker></defs>',
             f'<circle cx="{c}" cy="{c}" r="{_MAP_TABLE_R}" fill="#f2f2f2" stroke="#000" stroke-width="2"/>',
             f'<text x="{c}" y="{c - 6}" text-anchor="middle" class="mid">the deal and the play</text>',
             f'<text x="{c}" y="{c + 10}" text-anchor="middle" class="mid">pass to the left</text>',
             f'<text x="{c}" y="{c + 26}" text-anchor="middle" class="mid">(clockwise)</text>']
    step = 360 / players
    for k in range(players):   # an arrow from each seat to the next one on its left
        a0, a1 = math.radians(90 + k * step + step * 0.22), math.radians(90 + (k + 1) * step - step * 0.22)
        x0, y0 = c + _MAP_ARROW_R * math.cos(a0), c + _MAP_ARROW_R * math.sin(a0)
        x1, y1 = c + _MAP_ARROW_R * math.cos(a1), c + _MAP_ARROW_R * math.sin(a1)
        parts.append(f'<path d="M{x0:.1f},{y0:.1f} A{_MAP_ARROW_R},{_MAP_ARROW_R} 0 0 1 {x1:.1f},{y1:.1f}" '
                     f'fill="none" stroke="#000" stroke-width="1.6" marker-end="url(#arrow{players})"/>')
    for k in range(players):
        seat = everyone[(first + k) % players]
        a = math.radians(90 + k * step)
        x, y = c + _MAP_SEAT_R * math.cos(a), c + _MAP_SEAT_R * math.sin(a)
        w, h = 96, 16 + 12 * len(seat["jobs"])
        x = min(max(x, w / 2 + 1), _MAP_SIZE - w / 2 - 1)
        y = min(max(y, h / 2 + 1), _MAP_SIZE - h / 2 - 1)
        fill, ink = ("#000", "#fff") if seat["dealer"] else ("#fff", "#000")
        parts.append(f'<rect x="{x - w / 2:.1f}" y="{y - h / 2:.1f}" width="{w}" height="{h}" rx="6" '
                     f'fill="{fill}" stroke="#000" stroke-width="1.6"/>')
        parts.append(f'<text x="{x:.1f}" y="{y - h / 2 + 13:.1f}" text-anchor="middle" class="name" '
                     f'fill="{ink}">{escape(seat["label"])}</text>')
        for i, job in enumerate(seat["jobs"]):
            parts.append(f'<text x="{x:.1f}" y="{y - h / 2 + 25 + 12 * i:.1f}" text-anchor="middle" class="job" '
                         f'fill="{ink}">{escape(job)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def table_map_page() -> str:
    """The table map page: one map for each table size, 3 to 6 players."""
    maps = "".join(f'<div class="map"><h2>{n} players</h2>{table_map_svg(n)}</div>' for n in range(3, 7))
    return _page("<h1>Wizard table map: who is Player 1, who deals</h1>"
                 "<p>Put the map in the middle of the table with the <b>black seat</b> in front of the first dealer "
                 "(Wizard Junior: the oldest player; Classic Wizard: draw a card, the highest card deals). "
                 "<b>Player 1</b> sits on the dealer's left: in round 1 Player 1 predicts (bids) first and plays "
                 "the first card. The dealer is the last player: Player 4 of 4, Player 6 of 6. After each round "
                 "the deal passes to the left: Player 1 deals round 2, Player 2 round 3, and so on. The notebooks, "
                 "the tables on screen and the answer keys use these numbers (in the code, Python counts from 0: "
                 "<code>seat=0</code> is Player 1).</p>"
                 f'<div class="maps">{maps}</div>', page_id="table-map")


def _document(title: str, pages: str) -> str:
    """A printable page of the pack: its sections and the one print stylesheet."""
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{escape(title)}</title>"
            "<!-- Made by wizard-edu pack from the kit's rules and lesson plans; do not edit by hand. -->"
            f"<style>{PRINT_CSS}</style></head><body>{pages}</body></html>\n")


def table_map_html() -> str:
    """``lessons/table-map.html``: the table map page on its own."""
    return _document("Wizard table map: who is Player 1, who deals", table_map_page())


def pack_html(root: Path | None = None) -> str:
    """The whole pack as one printable HTML page (``root``: the kit's folder, for the lesson plans)."""
    root = Path(__file__).resolve().parents[2] if root is None else root
    cribs = read_cribs(root)
    toc = "".join(f'<li><a href="#crib-{c.number:02d}">{escape(c.title)}</a></li>' for c in cribs)
    cover = _page("<h1>Wizard classroom pack</h1>"
                  "<p>Print from the browser (Ctrl+P) on A4 or Letter; choose <i>Background graphics</i> "
                  "so the colours print. The score pad prints landscape. Print only the pages you need.</p>"
                  '<ol class="toc"><li><a href="#classic-score-pad">Classic Wizard score pad</a> '
                  '(lessons 6 and 8; the Junior pad is <a href="junior-score-pad.html">junior-score-pad.html</a>)</li>'
                  '<li><a href="#legends">Colour and suit legend cards</a> (every printing)</li>'
                  '<li><a href="#round-tiles">Wizard Junior round tiles and shape labels</a> (lessons 1-5)</li>'
                  '<li><a href="#chips">Prediction chips</a> (lessons 4 and 5)</li>'
                  '<li><a href="#table-map">Table map</a>: who is Player 1, who deals (every lesson; also '
                  'on its own: <a href="table-map.html">table-map.html</a>)</li>'
                  f"<li>A teacher's crib for every lesson:<ol>{toc}</ol></li></ol>"
                  '<p class="small">Made by <code>wizard-edu pack</code> from the kit\'s rules and lesson '
                  "plans; do not edit by hand.</p>", page_id="cover")
    pages = (cover + score_pad_html() + legends_html() + tiles_html() + chips_html() + table_map_page()
             + "".join(crib_html(c) for c in cribs))
    return _document("Wizard classroom pack", pages)


def worksheet_file(lesson: int) -> Path:
    """The ready-made worksheet of ``lesson`` (1-8), relative to the kit's folder."""
    topic, rules, _count = LESSON_WORKSHEETS[lesson]
    return WORKSHEET_DIR / f"lesson-{lesson:02d}-{topic}-{rules}.html"


def lesson_worksheet_html(lesson: int) -> str:
    """The ready-made worksheet of ``lesson``: its topic and rules, seed = the lesson number."""
    topic, rules, count = LESSON_WORKSHEETS[lesson]
    return worksheet_html(make_worksheet(topic, count=count, seed=lesson, rules=rules))


def pack_files(root: Path | None = None) -> dict[Path, str]:
    """Every file of the pack (path relative to the kit's folder → its text)."""
    files = {PACK_FILE: pack_html(root), TABLE_MAP_FILE: table_map_html()}
    for lesson in LESSON_WORKSHEETS:
        files[worksheet_file(lesson)] = lesson_worksheet_html(lesson)
    return files


def write_pack(root: Path) -> list[Path]:
    """Write the pack under the kit's folder ``root``; the paths written."""
    written = []
    for rel, text in pack_files(root).items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


__all__ = ["CRIB_IDEAS", "Crib", "LESSON_WORKSHEETS", "PACK_FILE", "PRINT_CSS", "TABLE_MAP_FILE", "chips_html",
           "crib_html", "legends_html", "lesson_worksheet_html", "pack_files", "pack_html", "read_crib", "read_cribs",
           "score_pad_html", "table_map_html", "table_map_page", "table_map_svg", "table_seats", "tiles_html",
           "worksheet_file", "write_pack"]
