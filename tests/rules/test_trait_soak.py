"""Soak with parties that together use every trait and every spell ([T-*], [SORC-*]).

The short run is in every test run; the full 300 games with the firing count are marked slow:
``python3 tools/run.py test -m slow -k trait_soak``.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from game.content.catalog import catalog
from game.content.maps import load_map, shipped_maps
from game.content.party_building import load_party
from game.lab.soak import fired_rules, fired_traits, play_random
from game.rules.sorcery import SPELLS
from tests.conftest import PARTIES

DATA = Path(__file__).resolve().parent.parent / "data" / "parties"


@cache
def content():
    parties = tuple(load_party(f) for f in sorted([*PARTIES.glob("*.yaml"), *DATA.glob("*.yaml")]))
    return parties, tuple(load_map(f) for f in shipped_maps())


def test_the_soak_parties_use_every_trait() -> None:
    parties, _ = content()
    used = {t for p in parties for m in p.models for t in m.traits}
    assert used == set(catalog().traits)


# every fifth game pits a hunter against its quarry, so that the hunters' bonuses get their chance
NEMESES = [("Beast Wardens", "Thornwood Wildkin"), ("Order of the Grey Lance", "The Hollow Court"),
           ("Giant Hunters", "Thornwood Wildkin"), ("Sundered Elve Warband", "The Hollow Court"),
           ("Giant Hunters", "Order of the Grey Lance"), ("Sundered Elve Warband", "Northmen Raiding Party")]


def game(seed: int):
    parties, maps = content()
    n = len(parties)
    a, b = parties[seed % n], parties[(seed // n + seed + 1) % n]
    if seed % 5 == 0:
        names = NEMESES[(seed // 5) % len(NEMESES)]
        a, b = (next(p for p in parties if p.name == name) for name in names)
    if a.name == b.name:
        b = parties[(seed + 2) % n]
    return (a, b), play_random((a, b), maps[seed % len(maps)], seed, aggressive=True)


@pytest.mark.parametrize("seed", range(4))
def test_short_trait_soak(seed: int) -> None:
    _, result = game(seed)
    assert result.result


@pytest.mark.slow
def test_full_trait_soak_fires_every_trait_and_spell() -> None:
    seen: Counter[str] = Counter()
    built = []
    spells: Counter[str] = Counter()
    for seed in range(300):
        pair, result = game(seed)
        assert result.result
        built += list(pair)
        seen += fired_rules(result.log)
        spells.update(e["data"]["spell"] for e in result.log if e["kind"] == "SpellCast")
    fired = fired_traits(seen, built)
    report = ", ".join(f"{t} {fired[t]}" for t in sorted(catalog().traits))
    print("\ntrait effects fired:", report)
    print("spells cast:", dict(spells))
    assert set(fired) == set(catalog().traits), sorted(set(catalog().traits) - set(fired))
    assert set(spells) == set(SPELLS)
