"""The kernel's geometry index (game.geometry.battlefield) for a Thornwood state, kept in step with it.

It hangs off the state as a cache, never copied or saved: a copy builds its own. Each call compares every
figure with its base and moves, adds or removes only what changed. Furs Markers are not bases: a figure may
stand over one (it is picked up from beside it, [TW-FURS-2]).
"""

from __future__ import annotations

from game.core.vec import Vec2
from game.geometry.battlefield import BaseRecord, Battlefield
from game.systems.thornwood.state import SIDE_LETTERS, FigureState, TwState


def record(f: FigureState) -> BaseRecord:
    return BaseRecord(f.id, SIDE_LETTERS[f.side], Vec2(f.x, f.y), f.radius, f.facing, frozenset(), f.name)


def battlefield(state: TwState) -> Battlefield:
    bf: Battlefield | None = state.__dict__.get("_field")
    if bf is None or bf.battle_map is not state.battle_map:
        bf = Battlefield(state.battle_map)
        state.__dict__["_field"] = bf
    for f in state.figures.values():
        found = bf.find_base(f.id)
        if not f.on_table:
            if found is not None:
                bf.remove_base(f.id)
        elif found is None:
            bf.add_base(record(f))
        elif found.centre.x != f.x or found.centre.y != f.y or found.facing != f.facing % 360.0:
            bf.update_base(f.id, centre=(f.x, f.y), facing=f.facing)
    return bf
