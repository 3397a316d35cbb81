"""The table drawn as a table: the learner at the bottom, the others around, the trick in the middle.

Drawing only (HTML and CSS, no rules): it reads a :class:`~wizard_edu.engine.game.SeatView` and the
last finished trick, and takes every word from the :class:`~wizard_edu.teach.vocabulary.Vocabulary`.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from ..display.html import card_html
from ..engine.game import SeatView, TrickRecord
from ..engine.phases import PhaseName
from ..teach.vocabulary import Vocabulary
from .chips import chip_html
from .common import chips_html

#: Where the other players sit, in play order (clockwise) from the learner's left.
PLACES = {0: (), 1: ("top",), 2: ("left", "right"), 3: ("left", "top", "right"),
          4: ("left", "top-left", "top-right", "right"), 5: ("left", "top-left", "top", "top-right", "right")}

#: The table's page styles.  The trick's cards slide to the winner's pile after a moment (only a
#: picture: the game has already moved on); with prefers-reduced-motion nothing moves.
FELT_CSS = """<style>
.wizard-felt{display:grid;grid-template-columns:minmax(120px,170px) minmax(0,1fr) minmax(120px,170px);
 grid-template-areas:"top top top" "left centre right" "bottom bottom bottom";gap:6px;
 background:radial-gradient(ellipse at center,#2f7d4f 0%,#1f5c3a 70%,#17482d 100%);
 border:6px solid #6b4423;border-radius:28px;padding:8px;box-sizing:border-box;max-width:100%;
 font-family:sans-serif;color:#111}
.wizard-felt .wizard-top-row{grid-area:top;display:flex;justify-content:space-around;gap:6px;flex-wrap:wrap}
.wizard-felt .wizard-place-left{grid-area:left;align-self:center}
.wizard-felt .wizard-place-right{grid-area:right;align-self:center}
.wizard-felt .wizard-place-bottom{grid-area:bottom;justify-self:center}
.wizard-seat{background:#fdf8ec;border:3px solid #c9b68a;border-radius:12px;padding:3px 8px;
 min-width:130px;max-width:230px;box-sizing:border-box;font-size:14px;line-height:1.3}
.wizard-seat-name{font-weight:bold;font-size:15px;display:flex;gap:6px;align-items:center;flex-wrap:wrap}
.wizard-seat-name .wizard-seat-score{font-weight:normal;margin-left:auto}
.wizard-seat-line{display:flex;gap:8px;align-items:center;flex-wrap:wrap}
.wizard-seat .wizard-chip{width:1.3em!important;height:1.3em!important;line-height:1.3em!important}
.wizard-seat.wizard-seat-turn{border-color:#1a73e8;box-shadow:0 0 0 3px #8ab4f8}
.wizard-seat .wizard-seat-turn-note{color:#0b3d91;font-weight:bold}
.wizard-seat .wizard-dealer{display:inline-block;background:#444;color:#fff;border-radius:8px;
 padding:0 6px;font-size:12px;margin-left:4px}
.wizard-seat .wizard-pile{display:inline-flex;align-items:center;gap:4px}
.wizard-seat .wizard-pile-new{animation:wizard-pulse 1.2s ease-out 1}
.wizard-centre{grid-area:centre;display:grid;grid-template-rows:90px minmax(80px,auto) 90px;
 grid-template-columns:1fr minmax(150px,1.6fr) 1fr;grid-template-areas:"ptop ptop ptop" "pleft pmid pright" ". pbottom .";
 align-items:center;justify-items:center;gap:4px}
.wizard-centre .wizard-played-top{grid-area:ptop;display:flex;gap:10px}
.wizard-centre .wizard-played-left{grid-area:pleft}
.wizard-centre .wizard-played-right{grid-area:pright}
.wizard-centre .wizard-played-bottom{grid-area:pbottom}
.wizard-centre .wizard-trick-note{grid-area:pmid;color:#fff;text-align:center;font-size:15px;
 text-shadow:0 1px 1px #000;padding:2px 6px}
.wizard-played{display:flex;flex-direction:column;align-items:center;color:#fff;font-size:12px;
 text-shadow:0 1px 1px #000;border-radius:10px;padding:2px}
.wizard-played.wizard-winner{background:#ffd54f;color:#3a2a00;text-shadow:none;
 outline:4px solid #ffb300;box-shadow:0 0 12px 4px #ffe082}
.wizard-played .wizard-wins-tag{font-weight:bold;font-size:13px}
.wizard-seat-last{display:flex;flex-wrap:wrap;gap:1px;margin-top:2px}
.wizard-seat-last .wizard-card{margin:0;box-shadow:none;border-width:1px}
.wizard-seat-last .wizard-card[data-mark]{outline:3px solid #ffb300;outline-offset:1px}
.wizard-trick-done .wizard-played:not(.wizard-winner){opacity:0.85}
.wizard-trick-done .wizard-played{animation:wizard-to-pile-var 0.7s ease-in 2.2s 1 forwards}
.wizard-to-left .wizard-played{--wx:-140px;--wy:0px}
.wizard-to-right .wizard-played{--wx:140px;--wy:0px}
.wizard-to-top .wizard-played{--wx:0px;--wy:-120px}
.wizard-to-bottom .wizard-played{--wx:0px;--wy:120px}
@keyframes wizard-to-pile-var{to{transform:translate(var(--wx),var(--wy)) scale(0.45);opacity:0.25}}
@keyframes wizard-pulse{0%{transform:scale(1.35);background:#ffe082}100%{transform:scale(1)}}
.wizard-round-tiles{display:flex;flex-wrap:wrap;gap:8px;margin:6px 0}
.wizard-round-tile{border-radius:12px;padding:6px 10px;min-width:120px;border:3px solid;font-size:15px}
.wizard-round-tile.wizard-right{background:#e7f6ec;border-color:#1b5e20;color:#0f3d14}
.wizard-round-tile.wizard-wrong{background:#fdecea;border-color:#8a1c1c;color:#5c1010}
.wizard-round-tile .wizard-points{font-size:26px;font-weight:bold}
.wizard-thinking{display:inline-block}
.wizard-thinking::after{content:"";display:inline-block;width:0.9em;animation:wizard-dots 1.2s steps(4) infinite}
@keyframes wizard-dots{0%{content:""}25%{content:"."}50%{content:".."}75%{content:"..."}}
@media (prefers-reduced-motion: reduce){
 .wizard-felt *,.wizard-felt *::after,.wizard-round-tiles *{animation:none !important;transition:none !important}}
@media (max-width:700px){.wizard-felt{grid-template-columns:minmax(90px,120px) minmax(0,1fr) minmax(90px,120px)}}
</style>"""


def _sentence(text: str) -> str:
    """A sentence starts with a capital ("the jack of spades wins" -> "The jack ...")."""
    return text[:1].upper() + text[1:]


def places(players: int, learner: int) -> dict[int, str]:
    """Each seat's place at the table: the learner ``"bottom"``, the others clockwise around."""
    around = PLACES[players - 1]
    out = {learner: "bottom"}
    for k, place in enumerate(around, start=1):
        out[(learner + k) % players] = place
    return out


def _seat_html(view: SeatView, seat: int, place: str, vocab: Vocabulary, learner: int,
               thinking: int | None, new_pile: int | None, last: TrickRecord | None = None,
               you: int | None = None, last_title: str = "the last trick") -> str:
    name = view.names[seat]
    you_seat = you
    you = seat == learner
    turn = view.to_move == seat
    classes = ["wizard-seat", f"wizard-seat-{seat}"]
    if turn:
        classes.append("wizard-seat-turn")
    if you:
        classes.append("wizard-seat-you")
    # "Owl deals", "You deal": the tag follows the name, so the verb agrees with it.
    dealer = (f'<span class="wizard-dealer">{vocab.verb("deal", seat == you_seat)}</span>'
              if seat == view.dealer else "")
    note = ""
    if turn and thinking == seat:
        note = f'<div class="wizard-seat-turn-note wizard-thinking">{html.escape(name)} is thinking</div>'
    elif turn:
        note = '<div class="wizard-seat-turn-note">\u25b6 Your turn</div>' if you else \
            '<div class="wizard-seat-turn-note">\u25b6 to play</div>'
    verb = vocab.verb(vocab.bid_verb, False)
    won = view.tricks_won[seat]
    bid = view.bids[seat]
    said = chips_html(bid, verb=verb)
    if vocab.junior:
        # The Junior chips: one per predicted trick, apprentice side up, in front of the player;
        # a chip goes onto each trick won (the pile), so the chips left show the tricks still wanted.
        covered = min(won, bid or 0)
        pile = "".join(chip_html("apprentice") for _ in range(covered))
        pile += "".join('<span class="wizard-pile-card" title="a trick won without a chip">\u25a0</span>'
                        for _ in range(max(won - covered, 0)))
        if bid is not None:
            left = "".join(chip_html("apprentice") for _ in range(bid - covered))
            said = (f'<span class="wizard-chips" title="{verb} {bid} trick{"s" if bid != 1 else ""}" '
                    f'aria-label="{verb} {bid}">{left} {verb} {bid}</span>')
    else:
        pile = ""
    pile_cls = "wizard-pile wizard-pile-new" if new_pile == seat else "wizard-pile"
    tricks = f'{won} trick{"s" if won != 1 else ""}'
    points = view.scores[seat]
    visible = ""
    if seat in view.visible_hands and not you:
        visible = "".join(card_html(c, vocab.theme, size=0.6) for c in view.visible_hands[seat])
    won_last = ""
    if last is not None and last.winner_seat == seat:
        # The trick this player won last lies on their pile, face up, the winning card marked.
        small = "".join(card_html(c, vocab.theme, size=0.5, extra_class="wizard-winning-card" if s == seat else "")
                        for s, c in last.plays)
        won_last = (f'<div class="wizard-seat-last" title="{html.escape(last_title)}, won by {html.escape(name)}">'
                    f'{small}</div>')
    return (f'<div class="{" ".join(classes)} wizard-place-{place}" role="group" '
            f'aria-label="{html.escape(name)}: {html.escape(tricks)} won, {points} points">'
            f'<div class="wizard-seat-name">{html.escape(name)}{dealer}'
            f'<span class="wizard-seat-score">{points} point{"s" if points not in (1, -1) else ""}</span></div>'
            f'<div class="wizard-seat-line">{said}'
            f'<span class="{pile_cls}" title="tricks won: {won}">won <b>{won}</b> {pile}</span></div>'
            f'{won_last}{visible}{note}</div>')


def _played_html(seat: int, card: Any, view: SeatView, vocab: Vocabulary, winner: int | None,
                 you: int | None = None) -> str:
    name = html.escape(view.names[seat])
    if seat == winner:
        wins = vocab.verb("win", seat == you)  # "Owl ✔ wins", "You ✔ win"
        return (f'<div class="wizard-played wizard-winner" data-seat="{seat}">'
                f'{card_html(card, vocab.theme, extra_class="wizard-winning-card")}'
                f'<span class="wizard-wins-tag">{name} \u2714 {wins}</span></div>')
    return (f'<div class="wizard-played" data-seat="{seat}">{card_html(card, vocab.theme)}'
            f'<span>{name}</span></div>')


def felt_html(view: SeatView, vocab: Vocabulary, learner: int, last_trick: TrickRecord | None,
              fresh: bool, thinking: int | None = None, you: int | None = None,
              round_before: tuple[int, TrickRecord] | None = None) -> str:
    """The whole table as HTML (what lies in the middle: ``TableController.felt_state``).

    ``fresh``: ``last_trick`` has just been finished and no card of the next trick is down yet:
    it lies in the middle, its winning card marked, the reason said, and slides to the winner.
    ``round_before``: a new round is dealt, (the round before's number, its last trick): the middle
    is clear for the new round's predictions (bids), and that trick lies aside, face up on its
    winner's pile, a line saying who won it and why.  ``you``: the seat spoken to as "You"."""
    where = places(view.players, learner)
    winner = None
    done = fresh and last_trick is not None
    if done and last_trick is not None:
        plays = last_trick.plays
        winner = last_trick.winner_seat
        reason = html.escape(_sentence(vocab.trick_reason(last_trick.result)))
        who = "nobody" if winner is None else view.names[winner]
        note = (f'<div class="wizard-last-trick"><b>{html.escape(vocab.says(who, "win", winner == you))} '
                f'the trick.</b><br>{reason}</div>')
    elif round_before is not None:
        number, before = round_before
        plays = ()
        who = "nobody" if before.winner_seat is None else view.names[before.winner_seat]
        note = (f'<div class="wizard-last-trick wizard-last-round-trick"><b>{html.escape(who)} won the '
                f'last trick of round {number}.</b> '
                f'{html.escape(_sentence(vocab.trick_reason(before.result)))}</div>'
                f'Round {view.round_number}: everyone {vocab.bid_verb}s how many tricks they will win')
    else:
        plays = view.trick
        if view.phase == PhaseName.PLAY:
            number = len(view.tricks) + 1
            lead = view.names[view.leader] if view.leader is not None and not plays else ""
            says = html.escape(vocab.says(lead, "lead", view.leader == you)) if lead else ""
            note = f"Trick {number} of {view.hand_size}" + (f"<br>{says}" if lead else "")
        elif view.phase == PhaseName.BID:
            note = f"Everyone {vocab.bid_verb}s how many tricks they will win"
        else:
            note = ""
        if last_trick is not None and view.phase == PhaseName.PLAY and plays and view.tricks:
            who = "nobody" if last_trick.winner_seat is None else view.names[last_trick.winner_seat]
            note += (f'<div class="wizard-last-trick" style="font-size:13px;margin-top:4px">The last trick '
                     f'went to {html.escape(who)}. '
                     f'{html.escape(_sentence(vocab.trick_reason(last_trick.result)))}</div>')
    cells: dict[str, list[str]] = {"top": [], "left": [], "right": [], "bottom": []}
    order = {"left": 0, "top-left": 1, "top": 2, "top-right": 3, "right": 4, "bottom": 5}
    for seat, card in sorted(plays, key=lambda p: order[where[p[0]]]):
        area = where[seat] if where[seat] in cells else "top"
        cells[area].append(_played_html(seat, card, view, vocab, winner, you))
    to = ""
    if done and winner is not None:
        place = where[winner]
        to = " wizard-to-" + ("top" if place.startswith("top") else place)
    centre = (f'<div class="wizard-centre{" wizard-trick-done" if done else ""}{to}" aria-live="polite">'
              f'<div class="wizard-played-top">{"".join(cells["top"])}</div>'
              f'<div class="wizard-played-left">{"".join(cells["left"])}</div>'
              f'<div class="wizard-trick-note">{note}</div>'
              f'<div class="wizard-played-right">{"".join(cells["right"])}</div>'
              f'<div class="wizard-played-bottom">{"".join(cells["bottom"])}</div></div>')
    # The pile that just took a trick pulses (a new round's: the one that took the round before's last).
    new_pile = winner if done else round_before[1].winner_seat if round_before is not None else None
    # The last trick of this round (not of the round before) lies on its winner's pile.
    on_pile = last_trick if not done and view.phase == PhaseName.PLAY and view.tricks else None
    title = "the last trick"
    if round_before is not None:  # the round before's last trick, aside on its winner's pile
        on_pile, title = round_before[1], f"the last trick of round {round_before[0]}"
    seats = {s: _seat_html(view, s, where[s], vocab, learner, thinking, new_pile, on_pile, you, title)
             for s in range(view.players)}
    top = [seats[s] for s in sorted(seats, key=lambda s: order[where[s]]) if where[s].startswith("top")]
    side = {p: next((seats[s] for s in seats if where[s] == p), "") for p in ("left", "right", "bottom")}
    return (f'<div class="wizard-felt" role="region" aria-label="the card table">'
            f'<div class="wizard-top-row">{"".join(top)}</div>'
            f'<div class="wizard-place-left">{side["left"]}</div>{centre}'
            f'<div class="wizard-place-right">{side["right"]}</div>'
            f'<div class="wizard-place-bottom">{side["bottom"]}</div></div>')


def round_tiles_html(record: Any, names: Sequence[str], vocab: Vocabulary) -> str:
    """The end of a round at a glance: a tile per player, green and ✔ when the prediction or bid
    came true, red and ✖ when not, the points big (Junior: the chips turned to the points side)."""
    tiles = []
    for s, name in enumerate(names):
        bid, won, pts = record.bids[s], record.won[s], record.points[s]
        right = bid == won
        sign = "+" if pts > 0 else ""
        said = "predicted" if vocab.junior else "bid"
        chips = ""
        if vocab.junior and pts > 0:
            chips = "<div>" + "".join(chip_html("points") for _ in range(pts)) + "</div>"
        mark = "\u2714 right" if right else "\u2716 not right"
        tiles.append(
            f'<div class="wizard-round-tile {"wizard-right" if right else "wizard-wrong"}">'
            f'<div><b>{html.escape(name)}</b> {mark}</div>'
            f'<div>{said} {bid}, won {won}</div>'
            f'<div class="wizard-points">{sign}{pts}</div>{chips}'
            f'<div>total {record.totals[s]}</div></div>')
    return f'<div class="wizard-round-tiles">{"".join(tiles)}</div>'
