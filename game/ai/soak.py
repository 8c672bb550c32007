"""Random-legal games for soaks: any shipped parties on any shipped map, invariants after every decision."""

from __future__ import annotations

from dataclasses import dataclass

from game.ai.random_legal import RandomLegal
from game.content.maps import BattleMap
from game.content.party_building import BuiltParty
from game.rules.engine import Game
from game.rules.invariants import violations
from game.rules.setup import new_game, simple_deployment


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
    count = 0
    while not game.over:
        decision = game.step()
        count += 1
        if check:
            broken = violations(state)
            if broken:
                raise AssertionError(f"seed {seed}, decision {count} ({decision.kind if decision else '?'}): "
                                     + "; ".join(broken))
    return SoakResult(seed, count, state.result, game.answers, state.snapshot(), [e.to_dict() for e in state.log])


def replay(parties: tuple[BuiltParty, BuiltParty], battle_map: BattleMap, seed: int, answers: list) -> Game:
    """The same setup and seed, fed the recorded answers ([DIG-ACT-4])."""
    state = new_game(parties, battle_map, seed)
    simple_deployment(state)
    game = Game(state, [])
    for a in answers:
        game.answer(a)
    return game
