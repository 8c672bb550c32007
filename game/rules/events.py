"""Events: every change of the game state, with the numbers that explain it.

The battle log, the UI and many tests read these; ``text`` is the line a player
reads, ``data`` the structured detail (dice, modifiers with rule and source).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Event:
    kind: str  # e.g. "DiceRolled", "ModelMoved", "Wounded", "FateSpent"
    text: str
    data: dict[str, Any] = field(default_factory=dict)
    turn: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "turn": self.turn, "text": self.text, "data": self.data}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Event:
        return cls(d["kind"], d["text"], dict(d.get("data", {})), int(d.get("turn", 0)))
