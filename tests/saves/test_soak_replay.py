"""Soak games replay identically from their saves, and a save taken at a random decision of each, read
back from disk and continued with the same controllers, is the game never saved (#17: the 1,000-game
version is tools/soak_ai.py --resume 1)."""

from __future__ import annotations

import pytest

from game.lab import ai_soak
from game.lab.soak_replay import play_and_replay, with_cuts


@pytest.mark.rule("DIG-ACT-4")
def test_short_soak_games_replay_identically_from_their_saves() -> None:
    tasks = ai_soak.plan(4, seed=40, pairings=[("normal", "random")], maps=["river_ford"],
                         encounters=["rescue", "salvage", "breakthrough", "landmark"])
    records = ai_soak.run(tasks, player=play_and_replay)
    assert [r.get("replay") for r in records] == ["identical"] * 4, records
    assert ai_soak.summarise(records)["replays"] == (4, 4)


@pytest.mark.rule("DIG-ACT-4")
def test_soak_games_saved_at_random_decisions_and_continued_end_as_never_saved() -> None:
    tasks = ai_soak.plan(2, seed=70, pairings=[("normal", "random"), ("easy", "aggressive")],
                         maps=["village_ruins"], encounters=["scouting_run"])
    records = ai_soak.run(tasks, player=with_cuts(2))
    cuts = [c for r in records for c in r["resumes"]]
    assert len(cuts) == 4 and len({(c["at"]) for c in cuts}) > 1
    assert all(c["result"] == "identical" and c["memory_used"] for c in cuts), cuts
