"""The tooltip of what the encounter draws on the battle table (table_view.draw_objectives and its markers, the
exits and arrivals of objective_marks): the marker, region, scored piece, exit edge or arrival under the mouse,
with what it scores, when and for whom — the scenario's own entries in words (game/content/scoring_text.py),
switched on or off as the game's events have left them.
"""

from __future__ import annotations

import math

from game.content.scoring_text import entries_for, side_name, target_card
from game.geometry.shapes import point_in_polygon
from game.rules import scenario_events, scoring
from game.rules.state import GameState
from game.ui import objective_marks, theme
from game.ui.battle.cards import Row


def card_at(state: GameState, x: float, y: float, slack: float = 0.0) -> list[str] | None:
    """The card of the objective at table point (x, y) (``slack`` inches of tolerance round small things):
    a marker first, then a round or drawn region, then a scored piece; None where there is none."""
    enc = state.encounter
    if enc is None:
        return None
    scenario = enc.scenario

    def who(side: str) -> str:
        n = enc.named_side(side)
        named = side_name(scenario, side)
        return f"{named} ({state.sides[n].name})" if n is not None and n < len(state.sides) else named

    def card(title: str, kind: str, key: str | None = None) -> list[str]:
        return target_card(scenario, title, entries_for(scenario, kind, key),
                           lambda e: scenario_events.is_active(state, e), who)

    markers = scenario.markers
    for mk in enc.markers:
        if math.hypot(x - mk.x, y - mk.y) <= mk.radius + slack:
            return card(f"{markers.name if markers else 'marker'} {mk.id}", "markers")
    for entry in scenario.scoring:
        for t in scoring.targets(state, entry):
            if t.kind == "circle" and math.hypot(x - t.ref[0], y - t.ref[1]) <= t.ref[2] + slack:
                return card(t.name, "region", t.key)
            if t.kind == "region" and point_in_polygon((x, y), list(t.ref)):
                return card(t.name, "region", t.key)
            if t.kind == "piece":
                piece = next((p for p in state.battle_map.pieces if p.id == t.ref), None)
                if piece is not None and point_in_polygon((x, y), [(v.x, v.y) for v in piece.polygon]):
                    return card(t.name, "piece", t.ref)
    mark = next((m for m in objective_marks.marks(state) if m.contains(x, y)), None)  # an exit, an arrival
    return list(mark.card) if mark is not None else None


def card_rows(lines: list[str]) -> list[Row]:
    """The card's rows: the objective's name as a heading, then its scoring."""
    return [Row(lines[0], theme.ACCENT, 0, True), *(Row(line, theme.INK, -1) for line in lines[1:])]
