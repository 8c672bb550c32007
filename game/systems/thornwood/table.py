"""The kernel's geometry index (game.geometry.battlefield) for a Thornwood state, kept in step with it.

It hangs off the state as a cache, never copied or saved: a copy builds its own. A sync compares every figure
with where it was last synced and moves, adds or removes only what changed. Furs Markers are not bases: a
figure may stand over one (it is picked up from beside it, [TW-FURS-2]).
"""

from __future__ import annotations

from game.core.vec import Vec2
from game.geometry.battlefield import BaseRecord, Battlefield
from game.systems.thornwood.state import SIDE_LETTERS, FigureState, TwState


def record(f: FigureState) -> BaseRecord:
    return BaseRecord(f.id, SIDE_LETTERS[f.side], Vec2(f.x, f.y), f.radius, f.facing, frozenset(), f.name)


def battlefield(state: TwState) -> Battlefield:
    """The index as the figures stand: synced once a version of the state (every change of the state moves its
    version, game.core.versions), so the many questions of one decision share one sync."""
    bf: Battlefield | None = state.__dict__.get("_field")
    if bf is not None and state.__dict__.get("_synced_at") == state.version and bf.battle_map is state.battle_map:
        return bf
    return sync(state)


def sync(state: TwState) -> Battlefield:
    """Bring the index in step with the figures now (a what-if that moves a figure without a new version of the
    state calls this when it moves it and when it puts it back)."""
    bf: Battlefield | None = state.__dict__.get("_field")
    synced: dict[str, tuple[float, float, float] | None] = state.__dict__.get("_synced", {})
    if bf is None or bf.battle_map is not state.battle_map:
        bf = Battlefield(state.battle_map)
        state.__dict__["_field"] = bf
        synced = state.__dict__["_synced"] = {}
    for f in state.figures.values():
        now = (f.x, f.y, f.facing % 360.0) if f.on_table else None
        if synced.get(f.id) == now and f.id in synced:
            continue
        found = bf.find_base(f.id)
        if now is None:
            if found is not None:
                bf.remove_base(f.id)
        elif found is None:
            bf.add_base(record(f))
        else:
            bf.update_base(f.id, centre=(f.x, f.y), facing=f.facing)
        synced[f.id] = now
    state.__dict__["_synced_at"] = state.version
    return bf
