"""Soak: random-legal games to the end, invariants after every decision, and exact replays.

The short run is part of every test run; the full 300-game soak is marked slow:
``python3 tools/run.py test -m slow -k soak``.
"""

from __future__ import annotations

from functools import cache

import pytest

from game.content.maps import load_map, shipped_maps
from game.content.party_building import load_party
from game.lab.soak import play_random, replay
from tests.conftest import PARTIES


@cache
def content():
    parties = tuple(load_party(f) for f in sorted(PARTIES.glob("*.yaml")))
    maps = tuple(load_map(f) for f in shipped_maps())
    return parties, maps


def matchup(seed: int):
    parties, maps = content()
    return (parties[seed % len(parties)], parties[(seed * 3 + 1) % len(parties)]), maps[seed % len(maps)]


def soak(seed: int) -> None:
    pair, battle_map = matchup(seed)
    result = play_random(pair, battle_map, seed)
    assert result.result, "every game ends with a result"
    again = replay(pair, battle_map, seed, result.answers)
    assert again.over
    assert again.state.snapshot() == result.snapshot
    assert [e.to_dict() for e in again.state.log] == result.log


@pytest.mark.rule("DIG-ACT-4", "TURN-7", "TURN-8")
@pytest.mark.parametrize("seed", range(6))
def test_short_soak(seed: int) -> None:
    soak(seed)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(1000, 1300))
def test_full_soak(seed: int) -> None:
    soak(seed)
