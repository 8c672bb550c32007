"""A Thornwood battle at its start: two war bands on a map, a scenario and the seed of its one source of dice."""

from __future__ import annotations

from typing import Any

from game.content.maps import BattleMap
from game.core.dice import Dice
from game.systems.thornwood.band import WarBand
from game.systems.thornwood.scenario import FURS_MARKERS, TwScenario
from game.systems.thornwood.state import SIDE_LETTERS, BandSide, FigureState, Settings, TwState

ARMOUR_WOUNDS = {"none": 0, "chest": 1, "full": 2}  # close-combat wounds the armour absorbs ([TW-CC-11])


def new_state(bands: tuple[WarBand, WarBand], battle_map: BattleMap, seed: int, settings: Any = None,
              scenario: TwScenario | None = None) -> TwState:
    """The battle before its roll-off; ``settings`` of another system (a save's) are not Thornwood's."""
    sides = [BandSide(i, bands[i]) for i in (0, 1)]
    figures = {}
    for i in (0, 1):
        for n, profile in enumerate(bands[i].figures):
            fid = f"{SIDE_LETTERS[i]}{n + 1}"
            figures[fid] = FigureState(fid, i, profile, armour_left=ARMOUR_WOUNDS[profile.armour])
    scenario = scenario or FURS_MARKERS
    return TwState(sides, figures, Dice(seed), scenario, battle_map, edges=list(scenario.edges),
                   settings=settings if isinstance(settings, Settings) else Settings())
