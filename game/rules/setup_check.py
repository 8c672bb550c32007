"""Whether a scenario can be set up as written on a map: its set-up played by the set-up helper.

What a scenario places (markers, the Prisoner) depends on the map and on where the parties
deploy, so a file check alone cannot tell; playing the set-up with the rules' own placement
checks can. ``validate`` uses this per map, so a modder hears of a Prisoner that can never be
placed before a game plays on without it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.content.maps import BattleMap
from game.content.party_building import BuiltParty
from game.content.scenario_schema import ScenarioFile
from game.core.errors import Problem
from game.rules.decisions import Answer, Decision
from game.rules.deployment import AutoDeploy
from game.rules.engine import Game
from game.rules.events import Event
from game.rules.setup import new_game
from game.rules.state import Phase


class _FirstChoice:
    """Any set-up decision the helper does not answer (a trait's choice at deployment): its first option."""

    def decide(self, state: Any, decision: Decision) -> Answer:
        return decision.choices()[0] if decision.options else None


def setup_faults(scenario: ScenarioFile, battle_map: BattleMap, parties: tuple[BuiltParty, BuiltParty],
                 seeds: Sequence[int] = (1, 2)) -> list[Event]:
    """The fault events ("could not be placed") of the set-up, played once per seed (each side winning
    the set-up roll in turn is likely over two seeds); an empty list when every seed sets up whole."""
    faults: list[Event] = []
    for seed in seeds:
        state = new_game(parties, battle_map, seed, scenario=scenario)
        game = Game(state, [AutoDeploy(_FirstChoice()), AutoDeploy(_FirstChoice())])
        while state.phase == Phase.SETUP and not game.over:
            game.step()
        faults += [e for e in state.log if e.data.get("fault")]
    return faults


def placement_problems(file: str, maps: Sequence[tuple[str, BattleMap]],
                       parties: tuple[BuiltParty, BuiltParty]) -> list[Problem]:
    """A scenario file's set-up faults on each map, located at the scenario key at fault (``prisoner``,
    ``markers``) and naming the map: what ``validate`` adds to the file checks."""
    from game.content.scenario_file import build_scenario
    from game.content.yaml_loader import load_yaml

    doc = load_yaml(file)
    scenario = build_scenario(doc)
    if scenario.markers is None and scenario.prisoner is None:
        return []
    problems: list[Problem] = []
    for map_name, battle_map in maps:
        seen: set[str] = set()
        for event in setup_faults(scenario, battle_map, parties):
            if event.text in seen:
                continue
            seen.add(event.text)
            key = str(event.data["fault"])
            problems.append(doc.problem((key,), f"on the map '{map_name}' ({parties[0].name} v {parties[1].name}): "
                                        f"{event.text} [{event.data.get('rule', '')}]"))
    return problems
