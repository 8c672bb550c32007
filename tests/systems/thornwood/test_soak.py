"""Thornwood soaked: seeded AI games checked against its invariants after every decision, saves played back from
their answers alone, random-legal and the normal level (issue 42). A short run by default; the 200 games and 20
replays of each pairing under ``-m slow`` (the figures: tools/soak_system.py --system thornwood)."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.lab.system_soak import first_wins, seeded_games
from game.systems.thornwood.system import find

PARTIES = (find("parties", "cedar_hollow"), find("parties", "red_stone"))
SCENARIO = find("scenarios", "furs_markers")
MAP = Path(__file__).resolve().parents[3] / "assets" / "maps" / "forest_crossing.yaml"


def soak(pairing: tuple[str, str], games: int, replays: int, seed: int = 100) -> None:
    played = seeded_games("thornwood", PARTIES, MAP, SCENARIO, pairing, games, seed=seed, replays=replays)
    assert [(p.seed, p.broken) for p in played if p.broken] == []
    assert [p.replay for p in played[:replays]] == ["identical"] * replays


@pytest.mark.rule("TW-TURN-1", "TW-END-1", "TW-FURS-3")
def test_random_legal_games_break_no_invariant_and_replay_from_their_saves() -> None:
    soak(("random", "random"), games=1, replays=1)


def test_normal_against_random_breaks_nothing() -> None:
    soak(("normal", "random"), games=1, replays=0, seed=7)


@pytest.mark.slow
def test_two_hundred_random_legal_games_and_twenty_replays() -> None:
    soak(("random", "random"), games=200, replays=20)


@pytest.mark.slow
def test_two_hundred_normal_games_and_twenty_replays() -> None:
    soak(("normal", "random"), games=200, replays=20, seed=7)


@pytest.mark.slow
def test_normal_beats_random_legal_in_95_percent_of_decided_games() -> None:
    w, _, lose = first_wins(seeded_games("thornwood", PARTIES, MAP, SCENARIO, ("normal", "random"), 40, seed=7))
    assert w >= 0.95 * (w + lose)
