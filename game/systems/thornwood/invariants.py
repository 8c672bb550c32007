"""What holds of every Thornwood state between decisions: the soak checks it after each answer."""

from __future__ import annotations

import math

from game.geometry.battlefield import CAT_IMPASSABLE, Battlefield
from game.systems.thornwood.state import Phase, Status, TwState
from game.systems.thornwood.table import battlefield

OVERLAP_EPS = 1e-6


def broken(state: TwState) -> list[str]:
    """Every invariant the state breaks (empty: none)."""
    out = []
    table = state.on_table()
    index = state.__dict__.get("_field") if state.__dict__.get("_synced_at") == state.version else None
    bf = battlefield(state)
    for f in state.figures.values():
        if f.cv_lost < 0:
            out.append(f"{f.id}: {f.cv_lost} CV lost")
        if f.status is Status.TABLE and f.profile.cv - f.cv_lost <= 0:
            out.append(f"{f.id}: on the table at CV {f.profile.cv - f.cv_lost} ([TW-CV-1])")
        if f.status is not Status.TABLE and (f.fallen or f.ambush):
            out.append(f"{f.id}: off the table yet fallen or in Ambush")
        if not 0 <= f.armour_left <= 2:
            out.append(f"{f.id}: its armour absorbs {f.armour_left} more wounds")
        if f.gory and f.status is Status.TABLE:
            out.append(f"{f.id}: a gory death still on the table")
    for side in (0, 1):
        for fid in state.sides[side].known:
            known = state.figures.get(fid)
            if known is None or known.side == side:
                out.append(f"side {side} knows {fid}, which is not an enemy figure ([TW-SPOT-1])")
            elif not known.on_table and state.action_phase == 0 and state.phase is Phase.BATTLE:
                out.append(f"side {side} still knows {fid}, which has left the table ([TW-SPOT-4])")
    for f in table:
        base = index.find_base(f.id) if index is not None else None
        if index is not None and (base is None or (base.centre.x, base.centre.y) != (f.x, f.y)):
            out.append(f"{f.id}: the table's index has it elsewhere (a move that did not change the state's version)")
        if not Battlefield.on_table((f.x, f.y), f.radius):
            out.append(f"{f.id} stands off the table at ({f.x:.3f}, {f.y:.3f})")
        if bf.pieces_overlapping((f.x, f.y), f.radius, CAT_IMPASSABLE):
            out.append(f"{f.id} stands in impassable terrain")
    for i, a in enumerate(table):
        for b in table[i + 1:]:
            if math.dist((a.x, a.y), (b.x, b.y)) < a.radius + b.radius - OVERLAP_EPS:
                out.append(f"{a.id} and {b.id} overlap")
    collected = [m for m in state.markers if m.collected_by is not None]
    if [s.score for s in state.sides] != [state.collected(s) for s in (0, 1)]:
        out.append("a side's score is not the Furs Markers it has picked up ([TW-FURS-3])")
    if any(m.collected_by not in (0, 1) for m in collected):
        out.append("a Furs Marker collected by nobody's side")
    if state.phase is Phase.OVER and (state.active_side is not None or state.activated):
        out.append("the battle is over with a side still acting")
    if state.phase is Phase.BATTLE and any(s.defeated for s in state.sides) and state.action_phase == 0:
        out.append("a band is defeated and the battle goes on ([TW-WIN-1])")
    return out
