"""Write lessons/table-map.html: the printable table map (who is Player 1, who deals, where the deal goes).

The seats come from the engine (:class:`wizard_edu.engine.game.Game`): the first dealer, the player who
bids first and leads, and the dealer of every later round, for 3 to 6 players.  So the map cannot
drift from the labels the notebooks show; ``tests/content/test_seat_convention.py`` checks that the
stored page is what this script writes.  Run it from the kit's folder::

    python tools/table_map.py            # writes lessons/table-map.html
"""

from __future__ import annotations

import math
import sys
from html import escape
from pathlib import Path

from wizard_edu.engine.game import Game

OUT = Path(__file__).resolve().parent.parent / "lessons" / "table-map.html"
SIZE = 300            # each map is drawn in a SIZE x SIZE box (SVG units)
TABLE_R = 62          # the table
SEAT_R = 112          # the centre of each seat's card
ARROW_R = 80          # the arrows between seats, round the table's edge


def seats(players: int) -> list[dict]:
    """For each seat (0-based): its player number, the rounds it deals in the first lap, and its jobs."""
    game = Game(players=players, rules="classic", seed=0, hand_sizes=[1] * players)
    first, leader = game.dealer, game.leader
    dealers = []   # the dealer of rounds 1, 2, ..., one lap round the table
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


def _angle(k: int, players: int) -> float:
    """The direction of the k-th seat to the dealer's left, the dealer at the bottom.

    Seen from above, the player on your left sits clockwise from you; on the page (y grows
    downwards) clockwise is the growing angle, so seat k sits at 90° + k·360°/players."""
    return math.radians(90 + k * 360 / players)


def svg(players: int) -> str:
    c = SIZE / 2
    everyone = seats(players)
    first = next(s["seat"] for s in everyone if s["dealer"])
    parts = [f'<svg viewBox="0 0 {SIZE} {SIZE}" role="img" aria-label="Table map for {players} players">',
             f'<defs><marker id="arrow{players}" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="7" '
             'markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#000"/></marker></defs>',
             f'<circle cx="{c}" cy="{c}" r="{TABLE_R}" fill="#f2f2f2" stroke="#000" stroke-width="2"/>',
             f'<text x="{c}" y="{c - 6}" text-anchor="middle" class="mid">the deal and the play</text>',
             f'<text x="{c}" y="{c + 10}" text-anchor="middle" class="mid">pass to the left</text>',
             f'<text x="{c}" y="{c + 26}" text-anchor="middle" class="mid">(clockwise)</text>']
    step = 360 / players
    for k in range(players):   # an arrow from each seat to the next one on its left
        a0, a1 = math.radians(90 + k * step + step * 0.22), math.radians(90 + (k + 1) * step - step * 0.22)
        x0, y0 = c + ARROW_R * math.cos(a0), c + ARROW_R * math.sin(a0)
        x1, y1 = c + ARROW_R * math.cos(a1), c + ARROW_R * math.sin(a1)
        parts.append(f'<path d="M{x0:.1f},{y0:.1f} A{ARROW_R},{ARROW_R} 0 0 1 {x1:.1f},{y1:.1f}" fill="none" '
                     f'stroke="#000" stroke-width="1.6" marker-end="url(#arrow{players})"/>')
    for k in range(players):
        seat = everyone[(first + k) % players]
        a = _angle(k, players)
        x, y = c + SEAT_R * math.cos(a), c + SEAT_R * math.sin(a)
        w, h = 96, 16 + 12 * len(seat["jobs"])
        x = min(max(x, w / 2 + 1), SIZE - w / 2 - 1)
        y = min(max(y, h / 2 + 1), SIZE - h / 2 - 1)
        fill = "#000" if seat["dealer"] else "#fff"
        ink = "#fff" if seat["dealer"] else "#000"
        parts.append(f'<rect x="{x - w / 2:.1f}" y="{y - h / 2:.1f}" width="{w}" height="{h}" rx="6" '
                     f'fill="{fill}" stroke="#000" stroke-width="1.6"/>')
        parts.append(f'<text x="{x:.1f}" y="{y - h / 2 + 13:.1f}" text-anchor="middle" class="name" '
                     f'fill="{ink}">{escape(seat["label"])}</text>')
        for i, job in enumerate(seat["jobs"]):
            parts.append(f'<text x="{x:.1f}" y="{y - h / 2 + 25 + 12 * i:.1f}" text-anchor="middle" class="job" '
                         f'fill="{ink}">{escape(job)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def page() -> str:
    maps = "\n".join(f'<div class="map"><h2>{n} players</h2>{svg(n)}</div>' for n in range(3, 7))
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Wizard table map: who is Player 1, who deals</title>
<!-- Made by tools/table_map.py from the engine's seats; do not edit by hand. -->
<style>
  @page {{ margin: 10mm; }}  /* fits one A4 or US Letter page */
  body {{ font-family: Arial, Helvetica, sans-serif; color: #000; margin: 0; max-width: 190mm; }}
  h1 {{ font-size: 18pt; margin: 0 0 3pt 0; }}
  h2 {{ font-size: 12pt; margin: 2pt 0 0 0; text-align: center; }}
  p, li {{ font-size: 10.5pt; margin: 2pt 0 4pt 0; }}
  .maps {{ display: grid; grid-template-columns: 1fr 1fr; gap: 2mm 6mm; }}
  .map svg {{ width: 100%; max-height: 88mm; display: block; }}
  svg text {{ font-family: Arial, Helvetica, sans-serif; }}
  svg .name {{ font-size: 12px; font-weight: bold; }}
  svg .job {{ font-size: 9.5px; }}
  svg .mid {{ font-size: 10px; }}
  @media print {{ .maps {{ break-inside: avoid; }} }}
</style>
</head>
<body>
<h1>Wizard table map: who is Player 1, who deals</h1>
<p>Put the map in the middle of the table with the <b>black seat</b> in front of the first dealer (Wizard
Junior: the oldest player; Classic Wizard: draw a card, the highest card deals). <b>Player 1</b> sits on the
dealer's left: in round 1 Player 1 predicts (bids) first and plays the first card. The dealer is the last
player: Player 4 of 4, Player 6 of 6. After each round the deal passes to the left: Player 1 deals round 2,
Player 2 round 3, and so on. The notebooks, the tables on screen and the answer keys use these numbers
(in the code, Python counts from 0: <code>seat=0</code> is Player 1).</p>
<div class="maps">
{maps}
</div>
</body>
</html>
"""


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else OUT
    out.write_text(page(), encoding="utf-8")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
