"""The table on a short screen (a school laptop's 1024 x 768 or 1366 x 768): the child's own hand and
the prediction (bid) buttons stay on the screen without scrolling.

The table around them gives way, never the hand: on a screen up to :data:`SHORT_SCREEN` pixels high
the other players sit in one row above the trick, the trick's cards lie in one row, the cards on the
felt and the turned-up card are drawn smaller, and the seats are tighter. The hand's buttons keep
their size (at least 48 x 68, a finger's target). Styles only: the table is drawn as before.
"""

from __future__ import annotations

#: Screens up to this many CSS pixels high get the compact table (768 and 900 high included).
SHORT_SCREEN = 960

COMPACT_CSS = f"""<style>
@media (max-height: {SHORT_SCREEN}px) {{
 .wizard-felt{{grid-template-columns:minmax(0,1fr) minmax(0,2fr) minmax(0,1fr);
  grid-template-areas:"left top right" "centre centre centre" "bottom bottom bottom";
  gap:3px;padding:4px 8px;border-width:4px;border-radius:18px}}
 .wizard-felt .wizard-place-left{{align-self:start;justify-self:start}}
 .wizard-felt .wizard-place-right{{align-self:start;justify-self:end}}
 .wizard-felt .wizard-top-row{{align-self:start}}
 .wizard-seat{{padding:1px 6px;min-width:112px;font-size:13px;line-height:1.2;border-width:2px}}
 .wizard-seat-name{{font-size:14px}}
 .wizard-centre{{display:flex;flex-wrap:wrap;justify-content:center;align-items:center;gap:2px 10px;
  min-height:78px}}
 .wizard-centre .wizard-played-left{{order:1}}
 .wizard-centre .wizard-played-top{{order:2}}
 .wizard-centre .wizard-played-right{{order:3}}
 .wizard-centre .wizard-played-bottom{{order:4}}
 .wizard-centre .wizard-trick-note{{order:5;font-size:14px;max-width:22em}}
 .wizard-centre .wizard-played-top:empty,.wizard-centre .wizard-played-left:empty,
 .wizard-centre .wizard-played-right:empty,.wizard-centre .wizard-played-bottom:empty{{display:none}}
 .wizard-felt .wizard-played .wizard-card{{width:40px!important;height:56px!important;font-size:16px!important}}
 .wizard-felt .wizard-played{{font-size:11px}}
 .wizard-table .wizard-header .wizard-card{{width:34px!important;height:48px!important;font-size:14px!important}}
 .wizard-table .wizard-header{{line-height:1.25}}
 .wizard-round-tiles{{margin:2px 0;gap:4px}}
 .wizard-round-tile{{padding:2px 8px}}
 .wizard-round-tile .wizard-points{{font-size:20px}}
}}
</style>"""

__all__ = ["COMPACT_CSS", "SHORT_SCREEN"]
