"""The AI soak with a replay check: every game saved by value and played back from its answers alone.

A module-level function, so the soak's worker processes can run it (tools/soak_ai.py --replay).
"""

from __future__ import annotations

from typing import Any

from game.ai import ai_soak
from game.content.library import resolve
from game.saves.playback import play_back


def _text(kind: str, name: str) -> dict[str, str]:
    path = resolve(kind, name)
    return {"file": path.name, "text": path.read_bytes().decode("utf-8-sig")}


def setup_of(task: ai_soak.Task) -> dict[str, Any]:
    """The soak game's setup as a save keeps it: the content by value, the seed, no human side."""
    return {"seed": task.seed, "mode": "ai", "ai_level": "normal", "human_side": 0, "declare_plan_upfront": True,
            "parties": [_text("parties", p) for p in task.parties], "map": _text("maps", task.map),
            "scenario": _text("scenarios", task.scenario)}


def play_and_replay(task: ai_soak.Task) -> dict[str, Any]:
    """Play the soak game, then play its answers back from the save's setup; ``replay`` says if they match."""
    record = ai_soak.play(task, keep_answers=True)
    answers, digest = record.pop("answers", None), record.pop("digest", None)
    if answers is None:
        return record
    played = play_back(setup_of(task), answers)
    if played.divergence is not None:
        record["replay"] = f"diverged at {played.divergence.describe()}"
    elif not played.game.over:
        record["replay"] = "ended early"
    else:
        same = ai_soak.state_digest(played.game.state) == digest
        record["replay"] = "identical" if same else "different final state"
    return record
