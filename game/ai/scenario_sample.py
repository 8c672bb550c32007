"""A scenario's sample games for ``validate``: its set-up on its map and a few seeded turns (issue #36).

The file checks (``content/scenario_sense.py``) and the table checks (``rules/scenario_reach.py``) refuse
what can never work for a reason the file shows. What is left to say is what a run would: each event the
sample games never fired (a warning: the sample may only have missed it) and each event that went wrong
as it fired (a piece that could not be added, a reinforcement that found no room). The games are the
soaks' random-legal controllers closing in and fighting, seeded, bounded in time.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from game.ai.random_legal import RandomLegal
from game.content.maps import BattleMap
from game.content.party_building import BuiltParty
from game.content.scenario_schema import ScenarioFile
from game.content.scenario_sense import Sense
from game.rules.deployment import AutoDeploy
from game.rules.engine import Game
from game.rules.events import EventKind
from game.rules.setup import new_game

SEEDS = (1, 2)
BUDGET = 3.0  # seconds of this process's CPU at most, all games together (not of the clock: on a busy machine the
# same file would be sampled less, and warn of events it fires on a quiet one)
WENT_WRONG = (EventKind.EventFailed, EventKind.ReinforcementWaits)


@dataclass
class Sample:
    """What the sample games saw: how many, the furthest turn, the events fired, what went wrong."""

    games: int = 0
    turns: int = 0
    fired: set[int] = field(default_factory=set)
    wrong: dict[str, int] = field(default_factory=dict)  # the log's text -> the event (index) it cites, or -1
    cut_short: bool = False  # the time ran out before every game ended


def play_sample(scenario: ScenarioFile, battle_map: BattleMap, parties: tuple[BuiltParty, BuiltParty],
                seeds: Sequence[int] = SEEDS, budget: float = BUDGET) -> Sample:
    """The scenario's games on the map, one per seed, until each ends or the CPU budget runs out."""
    sample = Sample()
    deadline = time.process_time() + budget
    for seed in seeds:
        if time.process_time() > deadline:
            sample.cut_short = True
            break
        state = new_game(parties, battle_map, seed, scenario=scenario)
        game = Game(state, [AutoDeploy(RandomLegal(seed * 2 + 1, True)), AutoDeploy(RandomLegal(seed * 2 + 2, True))])
        while not game.over:
            if time.process_time() > deadline:
                sample.cut_short = True
                break
            game.step()
        sample.games += 1
        sample.turns = max(sample.turns, state.turn)
        sample.fired |= set(state.encounter.fired)
        for e in state.log:
            if e.kind in WENT_WRONG and not (e.kind == EventKind.EventFailed and e.data.get("fault") != "events"):
                sample.wrong.setdefault(e.text, _event_cited(scenario, str(e.data.get("cite", ""))))
    return sample


def _event_cited(scenario: ScenarioFile, cite: str) -> int:
    for i in range(len(scenario.events)):
        if f"(events[{i}])" in cite:
            return i
    return -1


def sample_problems(sense: Sense, battle_map: BattleMap, parties: tuple[BuiltParty, BuiltParty],
                    seeds: Sequence[int] = SEEDS, budget: float = BUDGET) -> Sample | None:
    """Warnings for the events the sample games never fired and for what went wrong as one fired."""
    data = sense.data
    if not data.events:
        return None
    try:
        sample = play_sample(data, battle_map, parties, seeds, budget)
    except Exception as exc:  # an engine fault in a sample is reported, never a traceback
        sense.warn(("events",), f"a sample game on {_on(sense, battle_map)} stopped with an internal fault "
                                f"({type(exc).__name__}: {exc}); its events were not sampled")
        return None
    where = f"on {_on(sense, battle_map)}"
    played = (f"{sample.games} sample game(s) {where} ({parties[0].name} v {parties[1].name}, seeds "
              f"{', '.join(str(s) for s in seeds[:sample.games])}, up to turn {sample.turns}"
              + (", cut short" if sample.cut_short else "") + ")")
    for i, event in enumerate(data.events):
        if i not in sample.fired:
            sense.warn(("events", i, "when"), f"{event.name or f'events[{i}]'} never fired in {played}: check "
                                              "that its trigger can happen")
    for text, i in sample.wrong.items():
        sense.warn(("events", i) if i >= 0 else ("events",), f"in {played}: {text}")
    return sample


def _on(sense: Sense, battle_map: BattleMap) -> str:
    return f"the map '{battle_map.name}'" if sense.battle_map is not None else "an open table"
