"""Ambush: a group lying in wait springs as an enemy comes into its sight, in the middle of the move
([TW-AMB-1], [TW-AMB-2]).

The kernel walks the move (game.core.interrupts): each enemy group in Ambush that has not reacted this turn has a
stop where the mover first stands in a watcher's sight within 24″; there the group may spring — no test, aimed
shots — or let it pass. A spring that fells the mover or makes it duck back stops it where it stands.
"""

from __future__ import annotations

import math
from collections.abc import Generator
from typing import Any

from game.core.interrupts import Stop, cut, walk
from game.core.vec import Vec2
from game.rules.decisions import Decision, Option
from game.systems.thornwood import shooting
from game.systems.thornwood.groups import groups_of, name_of
from game.systems.thornwood.kinds import TwDecision, TwEvent
from game.systems.thornwood.nerve_tests import after_shooting
from game.systems.thornwood.spotting import sees, spot
from game.systems.thornwood.state import FigureState, TwState
from game.systems.thornwood.table import battlefield, sync

SIGHT_RANGE = 24.0  # [TW-AMB-2]


def ambushers(state: TwState, f: FigureState) -> list[list[FigureState]]:
    """The enemy groups lying in Ambush that have not yet reacted this turn ([TW-AMB-2])."""
    return [g for g in groups_of(state, 1 - f.side)
            if any(m.ambush and m.standing and not m.reacted for m in g)]


def walk_past_ambushes(state: TwState, f: FigureState, path: tuple[Vec2, ...]) -> Generator[Any, Any, Vec2]:
    """[TW-AMB-2]: each enemy group in Ambush may spring where the mover first comes into its sight within
    24″ (the kernel's interrupt walk); a spring that fells the mover, or makes it duck back, stops it there."""
    stops: list[Stop[tuple[str, ...]]] = []
    for g in ambushers(state, f):
        along = first_sighting(state, f, path, [m for m in g if m.ambush and m.standing])
        if along is not None:
            stops.append(Stop(along, tuple(m.id for m in g)))

    def place(p: Vec2) -> None:
        f.x, f.y = p.x, p.y
        state.touch()

    def react(stop: Stop[tuple[str, ...]]) -> Generator[Any, Any, bool]:
        group = [state.figure(i) for i in stop.what if state.figure(i).standing and state.figure(i).ambush]
        if not group or any(m.reacted for m in group) or not f.on_table:
            return False
        return (yield from spring(state, group, f))

    return (yield from walk(path, stops, place, react))


def first_sighting(state: TwState, f: FigureState, path: tuple[Vec2, ...], watchers: list[FigureState]
                   ) -> float | None:
    """How far along ``path`` the mover first stands in a watcher's sight within 24″, base edge to base edge
    (checked every half inch, where it could stop: not over another base)."""
    total = sum(path[i].distance_to(path[i + 1]) for i in range(len(path) - 1))
    steps = max(1, int(total / 0.5))
    home = (f.x, f.y)
    try:
        for k in range(1, steps + 1):
            along = total * k / steps
            p = cut(path, along)[0][-1]
            if battlefield(state).overlapping_bases((p.x, p.y), f.radius, ignore=f.id):
                continue  # passing over a friend's base: it cannot be stopped there
            f.x, f.y = p.x, p.y
            sync(state)
            if any(math.dist((w.x, w.y), (p.x, p.y)) - w.radius - f.radius <= SIGHT_RANGE + 1e-9
                   and sees(state, w, f) for w in watchers):
                return along
    finally:
        f.x, f.y = home
        sync(state)
    return None


def spring(state: TwState, group: list[FigureState], f: FigureState) -> Generator[Any, Any, bool]:
    """[TW-AMB-2]: the Ambush springs (no test, aimed shots) or lets the mover pass; True if it stops it."""
    side = group[0].side
    if f.id not in state.sides[side].known:
        spot(state, group, "from its Ambush")
        if f.id not in state.sides[side].known:
            return False
    shooters = [m for m in group if shooting.shot_for(state, m, f) is not None and sees(state, m, f)]
    if not shooters:
        return False
    key = yield Decision(TwDecision.tw_ambush, side, f"{f.name} comes into sight of {name_of(group)} in Ambush",
                         "TW-AMB-2", [Option("spring", f"Spring the Ambush: {len(shooters)} shoot at {f.name}"),
                                      Option("pass", "Let it pass")],
                         context={"target": f.id, "system": {"group": [m.id for m in group]}})
    if key == "pass":
        return False
    for m in group:
        m.reacted = True
    state.emit(TwEvent.TwAmbush, f"{name_of(group)} springs its Ambush on {f.label()} [TW-AMB-2]",
               model=f.id, group=[m.id for m in group])
    struck = yield from shooting.shoot(state, [(m, f) for m in shooters], {})
    yield from after_shooting(state, struck, side)
    return not f.standing or f.duck_back or not f.on_table
