"""A Gearfall battle at its start: two squads on a map, a scenario and the seed of its one source of dice."""

from __future__ import annotations

from typing import Any

from game.content.maps import BattleMap
from game.core.dice import Dice
from game.systems.gearfall.characters import Squad
from game.systems.gearfall.scenario import SKIRMISH, GfScenario
from game.systems.gearfall.state import SIDE_LETTERS, CharacterState, GearfallState, Settings, SquadSide


def new_state(squads: tuple[Squad, Squad], battle_map: BattleMap, seed: int, settings: Any = None,
              scenario: GfScenario | None = None) -> GearfallState:
    """The battle before its set-up roll-off; ``settings`` of another system (a save's) are not Gearfall's."""
    sides = [SquadSide(i, squads[i]) for i in (0, 1)]
    characters = {f"{SIDE_LETTERS[i]}{n + 1}": CharacterState(f"{SIDE_LETTERS[i]}{n + 1}", i, profile)
                  for i in (0, 1) for n, profile in enumerate(squads[i].characters)}
    return GearfallState(sides, characters, Dice(seed), scenario or SKIRMISH, battle_map,
                         settings=settings if isinstance(settings, Settings) else Settings())
