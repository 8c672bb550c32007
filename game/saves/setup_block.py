"""A save's set-up block for a battle of any rule system: the system, the seed, the content by value.

A game is this block + the answers ([DIG-ACT-4]); the soaks, ``fight`` and the screens for other systems all
start their games from it, so the game played is the game its save holds.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any


def text_of(path: Path) -> dict[str, str]:
    return {"file": path.name, "text": path.read_bytes().decode("utf-8-sig")}


def setup_block(system_id: str, seed: int, parties: tuple[Path, Path], battle_map: Path,
                scenario: Path | None) -> dict[str, Any]:
    """The set-up a save of this game keeps: the content by value, the seed, no human side."""
    return {"system": system_id, "options": [], "seed": seed, "mode": "ai", "ai_level": "normal", "human_side": 0,
            "parties": [text_of(parties[0]), text_of(parties[1])], "map": text_of(battle_map),
            "scenario": text_of(scenario) if scenario is not None else None}
