"""What must hold after every decision of any game (checked by the soaks)."""

from __future__ import annotations

import math

from game.rules.state import ON_TABLE, PRISONER, GameState

EPS = 1e-6


def violations(state: GameState) -> list[str]:
    """Every broken invariant of the state, as readable sentences (empty when all is well)."""
    out: list[str] = []
    table = [m for m in state.models.values() if m.status == ON_TABLE] + state.prisoners
    for i, a in enumerate(table):
        if a.x - a.radius < -EPS or a.x + a.radius > state.battle_map.size + EPS or a.y - a.radius < -EPS \
                or a.y + a.radius > state.battle_map.size + EPS:
            out.append(f"{a.label()} is off the table at ({a.x:.3f}, {a.y:.3f})")
        for b in table[i + 1:]:
            if math.hypot(a.x - b.x, a.y - b.y) < a.radius + b.radius - 1e-4:
                out.append(f"{a.label()} overlaps {b.label()}")
        if not 0 <= a.wounds_taken < a.max_wounds or (a.status == PRISONER and a.wounds_taken):
            out.append(f"{a.label()} has {a.wounds_taken} wounds of {a.max_wounds} and is still on the table")
        if a.status == PRISONER and a.conditions:  # [ENC-RES-3]: nothing affects it
            out.append(f"the Prisoner {a.label()} is marked {', '.join(sorted(a.conditions))}")
    for s in state.sides:
        if s.fate < 0:
            out.append(f"{s.name} has {s.fate} Fate")
    if state.ap_left < 0:
        out.append(f"the active model has {state.ap_left} AP")
    activated = [e.data["model"] for e in state.log if e.kind == "Activation" and e.turn == state.turn]
    if len(activated) != len(set(activated)):
        out.append(f"a model activated twice in turn {state.turn}")
    maint = sum(1 for e in state.log if e.kind == "Maintenance")
    emptied = sum(1 for e in state.log if e.kind == "BagEmpty")
    if maint > emptied:
        out.append("a Maintenance Phase began before the bag was empty")
    return out
