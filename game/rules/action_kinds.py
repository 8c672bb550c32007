"""What an action is: its AP cost and the slot it uses ([ACT-1], [ACT-2])."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ActionKind:
    id: str
    name: str
    ap: int
    slot: str  # "move" | "combat" | "special" | "free" (no slot, [ACT-4])
    rule: str
