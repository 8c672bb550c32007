"""What an action is: its AP cost and the slot it uses ([ACT-1], [ACT-2])."""

from __future__ import annotations

from dataclasses import dataclass

# What an action may do to its own model, so that a later action of the same plan becomes possible
# ([SEQ-2]): the plan offers that later action and checks it when it resolves (game.rules.readiness).
MOVES = "moves"  # the model changes place (it may reach its goal edge)
FREES = "frees"  # it may end the model's engagement: a blow or a Shove that kills or pushes
FIRES = "fires"  # it fires a ranged weapon, which may jam ([SKILL-7])
CLEARS = "clears"  # it un-jams a weapon ([SPEC-4])


@dataclass(frozen=True)
class ActionKind:
    id: str
    name: str
    ap: int
    slot: str  # "move" | "combat" | "special" | "free" (no slot, [ACT-4])
    rule: str
    effects: frozenset[str] = frozenset()  # MOVES, FREES, FIRES, CLEARS
