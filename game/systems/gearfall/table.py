"""The kernel's geometry index (game.geometry.battlefield) for a Gearfall state, kept in step with it.

It hangs off the state as a cache, never copied or saved: a copy builds its own. Each call compares every
character with its base and moves, adds or removes only what changed (a squad game has ten bases at most).
"""

from __future__ import annotations

from game.core.vec import Vec2
from game.geometry.battlefield import BaseRecord, Battlefield
from game.systems.gearfall.state import SIDE_LETTERS, CharacterState, GearfallState


def record(c: CharacterState) -> BaseRecord:
    return BaseRecord(c.id, SIDE_LETTERS[c.side], Vec2(c.x, c.y), c.radius, c.facing, frozenset(), c.name)


def battlefield(state: GearfallState) -> Battlefield:
    bf: Battlefield | None = state.__dict__.get("_field")
    if bf is None or bf.battle_map is not state.battle_map:
        bf = Battlefield(state.battle_map)
        state.__dict__["_field"] = bf
    for c in state.characters.values():
        found = bf.find_base(c.id)
        if not c.on_table:
            if found is not None:
                bf.remove_base(c.id)
        elif found is None:
            bf.add_base(record(c))
        elif found.centre.x != c.x or found.centre.y != c.y or found.facing != c.facing % 360.0:
            bf.update_base(c.id, centre=(c.x, c.y), facing=c.facing)
    return bf
