"""The AI-vs-AI soak: planning covers every encounter and map with sides swapped, and games end with a result.

The full soak (1,000 games) is a command: ``python tools/soak_ai.py --games 1000 --jobs 2``.
"""

from __future__ import annotations

from collections import Counter

import pytest

from game.lab import ai_soak


def test_plan_covers_every_pairing_encounter_and_map_and_swaps_sides() -> None:
    rounds = len(ai_soak.PAIRINGS) * len(ai_soak.ENCOUNTERS) * len(ai_soak.MAPS)
    tasks = ai_soak.plan(2 * rounds, seed=10)
    assert {t.ai for t in tasks} == set(ai_soak.PAIRINGS)
    assert {t.scenario for t in tasks} == set(ai_soak.ENCOUNTERS)
    assert {t.map for t in tasks} == set(ai_soak.MAPS)
    assert [t.seed for t in tasks[:3]] == [10, 11, 12]
    per = Counter((t.ai, t.scenario, t.map, t.swapped) for t in tasks)
    assert set(per.values()) == {1}  # every pairing, encounter and map, once each way round


def test_a_short_soak_ends_every_game_with_a_result() -> None:
    tasks = ai_soak.plan(6, seed=3, pairings=[("normal", "random")], maps=["village_ruins"])
    records = ai_soak.run(tasks)
    assert [r["outcome"] for r in records if r["outcome"] == "error"] == [], records[0].get("traceback")
    assert all(r["result"] for r in records)
    summary = ai_soak.summarise(records)
    text = ai_soak.format_summary(summary)
    assert "normal v random" in text and "6 ended with a result" in text


@pytest.mark.slow
def test_one_full_round_of_the_soak() -> None:
    records = ai_soak.run(ai_soak.plan(96, seed=100), jobs=2)
    broken = [r for r in records if r["outcome"] == "error"]
    assert not broken, broken[0]["traceback"]
