"""Random-legal encounter games for soaks and the headless driver: set-up by AutoDeploy, invariants checked."""

from __future__ import annotations

from dataclasses import dataclass

from game.ai.random_legal import RandomLegal
from game.content.maps import BattleMap
from game.content.party_building import BuiltParty
from game.content.scenario_schema import ScenarioFile
from game.lab.soak import run_checked
from game.rules.deployment import AutoDeploy
from game.rules.engine import Game
from game.rules.setup import new_game


@dataclass
class EncounterResult:
    seed: int
    decisions: int
    scores: list[int]
    winner: int | None
    result: str
    answers: list
    snapshot: dict


def encounter_game(parties: tuple[BuiltParty, BuiltParty], battle_map: BattleMap, scenario: ScenarioFile,
                   seed: int, aggressive: bool = True) -> Game:
    """A new encounter between two random-legal controllers whose set-up is answered automatically."""
    state = new_game(parties, battle_map, seed, scenario=scenario)
    return Game(state, [AutoDeploy(RandomLegal(seed * 2 + 1, aggressive)),
                        AutoDeploy(RandomLegal(seed * 2 + 2, aggressive))])


def play_encounter(parties: tuple[BuiltParty, BuiltParty], battle_map: BattleMap, scenario: ScenarioFile,
                   seed: int, check: bool = True, aggressive: bool = True) -> EncounterResult:
    """One whole encounter; raises AssertionError naming the first broken invariant."""
    game = encounter_game(parties, battle_map, scenario, seed, aggressive)
    state = game.state
    count = run_checked(game, f"{scenario.name}, seed {seed}", check)
    return EncounterResult(seed, count, [s.score for s in state.sides], state.winner, state.result, game.answers,
                           state.snapshot())


def replay_encounter(parties: tuple[BuiltParty, BuiltParty], battle_map: BattleMap, scenario: ScenarioFile,
                     seed: int, answers: list) -> Game:
    """The same set-up and seed fed the recorded answers ([DIG-ACT-4])."""
    game = Game(new_game(parties, battle_map, seed, scenario=scenario), [])
    for a in answers:
        game.answer(a)
    return game
