"""What holds of every Gearfall state between decisions: the soak checks it after each answer."""

from __future__ import annotations

import math

from game.geometry.battlefield import CAT_IMPASSABLE, Battlefield
from game.systems.gearfall.state import GearfallState, Phase, Status
from game.systems.gearfall.table import battlefield

OVERLAP_EPS = 1e-6


def broken(state: GearfallState) -> list[str]:
    """Every invariant the state breaks (empty: none)."""
    out = []
    table = state.on_table()
    bf = battlefield(state)
    for c in state.characters.values():
        if not 0 <= c.damage <= c.profile.damage_boxes:
            out.append(f"{c.id}: {c.damage} damage of {c.profile.damage_boxes} boxes")
        if (c.status is Status.DISABLED) != (c.damage >= c.profile.damage_boxes):
            out.append(f"{c.id}: disabled is every box marked ([GF-DIS-1]), not {c.status} with {c.damage}")
        if c.knocked_down and c.prone:
            out.append(f"{c.id}: knocked down and prone at once")
        if c.status is not Status.TABLE and (c.knocked_down or c.prone):
            out.append(f"{c.id}: off the table yet down")
    for c in table:
        if not Battlefield.on_table((c.x, c.y), c.radius):
            out.append(f"{c.id} stands off the table at ({c.x:.3f}, {c.y:.3f})")
        if bf.pieces_overlapping((c.x, c.y), c.radius, CAT_IMPASSABLE):
            out.append(f"{c.id} stands in impassable terrain")
    for i, a in enumerate(table):
        for b in table[i + 1:]:
            if math.dist((a.x, a.y), (b.x, b.y)) < a.radius + b.radius - OVERLAP_EPS:
                out.append(f"{a.id} and {b.id} overlap")
    if state.phase is Phase.BATTLE and not all(state.on_table(s) for s in (0, 1)):
        out.append("a squad is wholly disabled and the battle goes on ([GF-WIN-1])")
    if state.phase is Phase.OVER and state.active is not None:
        out.append("the battle is over with a character still active")
    scores = [sum(1 for c in state.side_characters(1 - s) if c.status is Status.DISABLED) for s in (0, 1)]
    if scores != [side.score for side in state.sides]:
        out.append(f"scores {[side.score for side in state.sides]} are not the enemies disabled {scores}")
    return out
