"""Encounter soak: random-legal games of every encounter on the shipped maps and parties, set up by AutoDeploy,
invariants after every decision, every game ends with a result, and replays are exact.

One game per encounter runs in every test run; the full soak (50 per encounter) is marked slow:
``python3 tools/run.py test -m slow -k encounter_soak``.
"""

from __future__ import annotations

from functools import cache

import pytest

from game.content.maps import load_map, shipped_maps
from game.content.party_building import load_party
from game.content.scenario_file import load_scenario
from game.lab.encounter_soak import play_encounter, replay_encounter
from tests.conftest import PARTIES, ROOT

NAMES = ("engagement", "landmark", "rescue", "scouting_run", "salvage", "breakthrough", "the_relief", "signal_fires")


@cache
def content():
    parties = tuple(load_party(f) for f in sorted(PARTIES.glob("*.yaml")))
    maps = tuple(load_map(f) for f in shipped_maps())
    return parties, maps


def soak(name: str, seed: int, check_replay: bool = False) -> None:
    parties, maps = content()
    scenario = load_scenario(ROOT / "scenarios" / f"{name}.yaml")
    pair = (parties[seed % len(parties)], parties[(seed * 3 + 1) % len(parties)])
    battle_map = maps[seed % len(maps)]
    result = play_encounter(pair, battle_map, scenario, seed)
    assert result.result, "every game ends with a result"
    if check_replay:
        again = replay_encounter(pair, battle_map, scenario, seed, result.answers)
        assert again.over and again.state.snapshot() == result.snapshot


@pytest.mark.rule("ENC-3", "ENC-4", "DIG-ACT-4")
@pytest.mark.parametrize("name", NAMES)
def test_short_encounter_soak(name: str) -> None:
    soak(name, 1, check_replay=True)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(100, 150))
@pytest.mark.parametrize("name", NAMES)
def test_full_encounter_soak(name: str, seed: int) -> None:
    soak(name, seed, check_replay=seed % 10 == 0)
