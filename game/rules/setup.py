"""Building a game state: two parties on a map, with a seed ([TURN-1], [DICE-7])."""

from __future__ import annotations

from game.content.maps import BattleMap
from game.content.party_building import BuiltParty
from game.content.scenario_schema import ScenarioFile
from game.core.dice import Dice
from game.rules.state import RESERVE, SIDE_LETTERS, GameState, ModelState, Settings, SideState
from game.rules.traits.base import any_hook


def new_game(parties: tuple[BuiltParty, BuiltParty], battle_map: BattleMap, seed: int,
             settings: Settings | None = None, scenario: ScenarioFile | None = None) -> GameState:
    """A game in its setup phase; models get ids A1.., B1.. in party order and stand off-table at (0, 0).

    With a scenario, the encounter's set-up and deployment are the game's first decisions ([ENC-1]-[ENC-3]).
    """
    sides = [SideState(i, p, fate=p.fate) for i, p in enumerate(parties)]
    models: dict[str, ModelState] = {}
    for i, party in enumerate(parties):
        for n, profile in enumerate(party.models, start=1):
            mid = f"{SIDE_LETTERS[i]}{n}"
            models[mid] = ModelState(mid, i, profile, facing=90.0 if i == 0 else 270.0)
    state = GameState(sides, models, Dice(seed), battle_map=battle_map, settings=settings or Settings())
    if scenario is not None:
        from game.rules.encounter import start_encounter

        start_encounter(state, scenario)
    return state


def simple_deployment(state: GameState) -> None:
    """Plain deployment for the headless fight until encounters exist: each party near its own edge.

    Side A deploys from the top edge facing down, side B from the bottom edge facing up, each base
    on the first free spot (no terrain that blocks a base, no other base); Ambush models wait in
    reserve ([T-AMBUSH-1]).
    """
    from game.geometry.battlefield import CAT_IMPASSABLE, CAT_OBSTACLE
    from game.rules import board

    for m in state.models.values():
        if any_hook(m, "deploys_in_reserve"):
            m.status = RESERVE
        else:
            m.x, m.y = -100.0, -100.0  # off the table while the others are placed
    for side in (0, 1):
        for m in (m for m in state.side_models(side) if m.status != RESERVE):
            bf = board.battlefield(state)
            m.facing = 90.0 if side == 0 else 270.0
            r = m.radius
            spot = None
            for row in range(0, 12):
                depth = 1.5 + row * 1.2
                y = depth if side == 0 else state.battle_map.size - depth
                for col in range(0, 30):
                    x = state.battle_map.size / 2 + (col + 1) // 2 * 1.25 * (1 if col % 2 else -1)
                    if not r <= x <= state.battle_map.size - r:
                        continue
                    if bf.pieces_overlapping((x, y), r + 0.05, CAT_IMPASSABLE | CAT_OBSTACLE):
                        continue
                    if bf.overlapping_bases((x, y), r + 0.05, ignore=m.id):
                        continue
                    spot = (x, y)
                    break
                if spot:
                    break
            if spot is None:
                raise ValueError(f"no room to deploy {m.name} on {state.battle_map.name}")
            m.x, m.y = spot
            board.battlefield(state)  # index the new position before the next model looks for room
