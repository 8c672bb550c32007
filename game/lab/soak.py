"""Random-legal games for soaks: any shipped parties on any shipped map, invariants after every decision."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Protocol

from game.ai.random_legal import RandomLegal
from game.content.maps import BattleMap
from game.content.party_building import BuiltParty
from game.rules.decisions import Decision
from game.rules.engine import Game
from game.rules.events import EventKind
from game.rules.invariants import violations
from game.rules.setup import new_game, simple_deployment
from game.rules.state import GameState


@dataclass
class SoakResult:
    seed: int
    decisions: int
    result: str
    answers: list
    snapshot: dict
    log: list


def play_random(parties: tuple[BuiltParty, BuiltParty], battle_map: BattleMap, seed: int,
                check: bool = True, aggressive: bool = False) -> SoakResult:
    """One random-legal game; raises AssertionError naming the first broken invariant."""
    state = new_game(parties, battle_map, seed)
    simple_deployment(state)
    game = Game(state, [RandomLegal(seed * 2 + 1, aggressive), RandomLegal(seed * 2 + 2, aggressive)])
    count = run_checked(game, f"seed {seed}", check)
    return SoakResult(seed, count, state.result, game.answers, state.snapshot(), [e.to_dict() for e in state.log])


class Stepping(Protocol):
    """A game :func:`run_checked` can play: a :class:`Game`, or a wrapper around one."""

    @property
    def over(self) -> bool: ...

    @property
    def state(self) -> GameState: ...

    def step(self) -> Decision | None: ...


def run_checked(game: Stepping, label: str, check: bool = True) -> int:
    """Play a game to its end, checking the invariants after every decision; returns the decisions made."""
    count = 0
    while not game.over:
        decision = game.step()
        count += 1
        if check:
            broken = violations(game.state)
            if broken:
                raise AssertionError(f"{label}, decision {count} ({decision.kind if decision else '?'}): "
                                     + "; ".join(broken))
    return count


def replay(parties: tuple[BuiltParty, BuiltParty], battle_map: BattleMap, seed: int, answers: list) -> Game:
    """The same setup and seed, fed the recorded answers ([DIG-ACT-4])."""
    state = new_game(parties, battle_map, seed)
    simple_deployment(state)
    game = Game(state, [])
    for a in answers:
        game.answer(a)
    return game


def fired_rules(log: list[dict]) -> Counter[str]:
    """Every rule ID a game's events name: the events' own rules, their modifiers', plan limits, re-rolls."""
    seen: Counter[str] = Counter()
    for e in log:
        data = e.get("data", {})
        if data.get("rule"):
            seen[data["rule"]] += 1
        for m in data.get("modifiers", []):
            seen[m["rule"]] += 1
            seen["source:" + m["source"]] += 1
        for rule in data.get("limits", []):
            seen[rule] += 1
        if e.get("kind") == EventKind.DiceRerolled:
            seen["reroll:" + data.get("reason", "")] += 1
    return seen


def fired_traits(seen: Counter[str], parties: list[BuiltParty]) -> Counter[str]:
    """How often each trait's effect shows in the events (building traits count once per party built)."""
    from game.content.catalog import catalog

    out: Counter[str] = Counter()
    for trait in catalog().traits.values():
        hits = sum(seen[r] for r in trait.rules) + seen["reroll:" + trait.id]
        hits += sum(n for key, n in seen.items() if key.startswith("source:") and trait.name in key)
        if trait.attribute_points or trait.fate:  # acts when the party is built
            hits += sum(1 for p in parties for m in p.models if trait.id in m.traits)
        if hits:
            out[trait.id] = hits
    return out
