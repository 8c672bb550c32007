"""Gearfall soaked: seeded AI games checked against its invariants after every decision, saves played back from
their answers alone, and the normal level against random-legal (issue 39). A short run by default; the full
200 games, 20 replays and 40 games of strength under ``-m slow`` (the figures: tools/soak_system.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.lab.system_soak import first_wins, seeded_games
from game.systems.gearfall.system import find

PARTIES = (find("parties", "cinderwatch"), find("parties", "rustmoor_reavers"))
SCENARIO = find("scenarios", "ash_road_toll")
MAP = Path(__file__).resolve().parents[3] / "assets" / "maps" / "village_ruins.yaml"


def soak(pairing: tuple[str, str], games: int, replays: int) -> None:
    played = seeded_games("gearfall", PARTIES, MAP, SCENARIO, pairing, games, seed=100, replays=replays)
    assert [p.broken for p in played if p.broken] == []
    assert [p.replay for p in played[:replays]] == ["identical"] * replays


@pytest.mark.rule("GF-TURN-1", "GF-WIN-1", "GF-WIN-2", "GF-FS-2")
def test_random_legal_games_break_no_invariant_and_replay_from_their_saves() -> None:
    soak(("random", "aggressive"), games=3, replays=2)


@pytest.mark.slow
def test_two_hundred_random_legal_games_and_twenty_replays() -> None:
    soak(("random", "aggressive"), games=200, replays=20)


def test_normal_beats_random_legal() -> None:
    w, _, lose = first_wins(seeded_games("gearfall", PARTIES, MAP, SCENARIO, ("normal", "random"), 2, seed=7))
    assert (w, lose) == (2, 0), "one game a side"


@pytest.mark.slow
def test_normal_beats_random_legal_in_95_percent_of_decided_games() -> None:
    w, _, lose = first_wins(seeded_games("gearfall", PARTIES, MAP, SCENARIO, ("normal", "random"), 40, seed=7))
    assert w >= 0.95 * (w + lose)
