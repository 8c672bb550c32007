"""Build party dicts and files for tests: a small legal party to start from, then edit."""

from __future__ import annotations

import copy
from typing import Any

import yaml

from game.content.party_building import BuiltParty, parse_party
from game.core.errors import ContentError

HERO: dict[str, Any] = {
    "name": "Hero", "type": "hero", "attributes": {"MA": 5, "RA": 4, "PD": 5, "WP": 4},
    "weapons": [{"name": "Sword", "skill": "1h_edged"}], "traits": [],
}
COMPANION: dict[str, Any] = {
    "name": "Companion", "type": "companion", "attributes": {"MA": 4, "RA": 3, "PD": 3, "WP": 3},
    "weapons": [{"name": "Axe", "skill": "1h_blunt"}], "traits": [],
}
FOLLOWER: dict[str, Any] = {
    "name": "Follower", "type": "follower", "attributes": {"MA": 4, "RA": 2, "PD": 3, "WP": 3},
    "weapons": [{"name": "Spear", "skill": "1h_edged"}], "traits": [],
}
TEMPLATES = {"hero": HERO, "companion": COMPANION, "follower": FOLLOWER}


def model(kind: str, name: str | None = None, **changes: Any) -> dict[str, Any]:
    m = copy.deepcopy(TEMPLATES[kind])
    if name:
        m["name"] = name
    m.update(changes)
    return m


def party(size: str = "small", models: list[dict[str, Any]] | None = None, **changes: Any) -> dict[str, Any]:
    p: dict[str, Any] = {
        "format": "iron-honor/party@1",
        "name": "Test Party",
        "size": size,
        "models": models if models is not None else [model("hero"), model("follower")],
    }
    p.update(changes)
    return p


def dump(data: Any) -> str:
    return yaml.safe_dump(data, sort_keys=False)


def build(data: dict[str, Any]) -> BuiltParty:
    return parse_party(dump(data), "test.yaml")


def problems(data: dict[str, Any]) -> list[str]:
    """Every problem message for a party that must be rejected (fails the test if it is accepted)."""
    try:
        build(data)
    except ContentError as exc:
        return [f"{p.where}: {p.message}" for p in exc.problems]
    raise AssertionError("the party was accepted")
