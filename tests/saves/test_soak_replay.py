"""Soak games replay identically from their saves (#17: the 1,000-game version is tools/soak_ai.py --replay)."""

from __future__ import annotations

import pytest

from game.ai import ai_soak
from game.saves.soak_replay import play_and_replay


@pytest.mark.rule("DIG-ACT-4")
def test_short_soak_games_replay_identically_from_their_saves() -> None:
    tasks = ai_soak.plan(4, seed=40, pairings=[("normal", "random")], maps=["river_ford"],
                         encounters=["rescue", "salvage", "breakthrough", "landmark"])
    records = ai_soak.run(tasks, player=play_and_replay)
    assert [r.get("replay") for r in records] == ["identical"] * 4, records
    assert ai_soak.summarise(records)["replays"] == (4, 4)
