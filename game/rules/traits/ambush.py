"""Ambush (Rare/4): set aside at the start, arriving after a Maintenance roll ([T-AMBUSH-1]-[T-AMBUSH-3]).

After turn 1 it arrives on a 6, after turn 2 on 4+, after turn 3 on 2+, after turn 4 surely. Its
player places it wholly within 3″ of a table edge and at least 9″ from every enemy; RULING: with no
such place it waits for the next Maintenance Phase.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from game.rules.decision_kinds import DecisionKind
from game.rules.decisions import Decision
from game.rules.events import EventKind
from game.rules.state import ON_TABLE, RESERVE, GameState, ModelState
from game.rules.traits.base import TraitRule, trait

NEED = {1: 6, 2: 4, 3: 2}
EDGE_BAND = 3.0
ENEMY_GAP = 9.0


def placement_problem(state: GameState, model: ModelState, x: float, y: float) -> str | None:
    """Why the ambusher cannot arrive at (x, y), or None."""
    from game.geometry.battlefield import CAT_IMPASSABLE, CAT_OBSTACLE
    from game.rules import board

    r, size = model.radius, state.battle_map.size
    if not (r <= x <= size - r and r <= y <= size - r):
        return "the whole base must be on the table"
    if min(x + r, y + r, size - (x - r), size - (y - r)) > EDGE_BAND + 1e-9:
        return "the whole base must be within 3″ of a table edge"
    for e in state.enemies_of(model):
        gap = ((e.x - x) ** 2 + (e.y - y) ** 2) ** 0.5 - e.radius - r
        if gap < ENEMY_GAP - 1e-9:
            return f"it must arrive at least 9″ from every enemy ({e.name} is {gap:.2f}″ away)"
    bf = board.battlefield(state)
    if bf.pieces_overlapping((x, y), r, CAT_IMPASSABLE | CAT_OBSTACLE):
        return "it cannot arrive on impassable terrain or an obstacle"
    if bf.overlapping_bases((x, y), r, ignore=model.id):
        return "it cannot arrive on another base"
    return None


def candidates(state: GameState, model: ModelState) -> list[dict[str, float]]:
    r, size = model.radius, state.battle_map.size
    out = []
    for t in range(1, int(size)):
        for x, y in ((t, r), (t, size - r), (r, t), (size - r, t)):
            if placement_problem(state, model, x, y) is None:
                out.append({"x": float(x), "y": float(y)})
    return out


@trait("ambush")
class Ambush(TraitRule):
    name = "Ambush"
    rule = "T-AMBUSH-2"
    deploys_in_reserve = True

    def at_maintenance(self, state: GameState, model: ModelState) -> Generator[Decision, Any, None]:
        if model.status != RESERVE:
            return
        need = NEED.get(state.turn, 1)
        if need > 1:
            value = state.dice.d6(f"{model.name}: Ambush")
            arrives = value >= need
            state.emit(EventKind.AmbushRoll, f"{model.name} rolls {value} to arrive from ambush (needs {need}+): "
                       f"{'it arrives' if arrives else 'not yet'}", model=model.id, dice=[value], need=need,
                       success=arrives, rule="T-AMBUSH-2")
            if not arrives:
                return
        spots = candidates(state, model)
        if not spots:
            state.emit(EventKind.AmbushWaits, f"{model.name} finds no place to arrive and waits", model=model.id,
                       rule="T-AMBUSH-3")
            return

        def check(point: dict[str, float]) -> str | None:
            return placement_problem(state, model, point["x"], point["y"])

        point = yield Decision(DecisionKind.ambush_place, model.side,
                               f"{model.name} arrives from ambush: place it within 3″ "
                               "of a table edge, 9″ from every enemy", "T-AMBUSH-3", free="point", check=check,
                               context={"model": model.id, "candidates": spots})
        facing = yield Decision(DecisionKind.facing, model.side, f"{model.name}: facing on arrival", "T-AMBUSH-3",
                                free="angle", context={"model": model.id, "current": model.facing})
        model.x, model.y, model.facing = point["x"], point["y"], facing
        model.status = ON_TABLE
        state.bag.append(model.side)
        state.bag.sort()
        state.emit(EventKind.AmbushArrives, f"{model.name} arrives from ambush; its die joins the bag", model=model.id,
                   at=[model.x, model.y], rule="T-AMBUSH-3")
