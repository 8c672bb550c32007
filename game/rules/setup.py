"""Building a game state: two parties on a map, with a seed ([TURN-1], [DICE-7])."""

from __future__ import annotations

from game.content.maps import BattleMap
from game.content.party_building import BuiltParty
from game.core.dice import Dice
from game.rules.state import RESERVE, SIDE_LETTERS, GameState, ModelState, Settings, SideState


def new_game(parties: tuple[BuiltParty, BuiltParty], battle_map: BattleMap, seed: int,
             settings: Settings | None = None) -> GameState:
    """A game in its setup phase; models get ids A1.., B1.. in party order and stand off-table at (0, 0)."""
    sides = [SideState(i, p, fate=p.fate) for i, p in enumerate(parties)]
    models: dict[str, ModelState] = {}
    for i, party in enumerate(parties):
        for n, profile in enumerate(party.models, start=1):
            mid = f"{SIDE_LETTERS[i]}{n}"
            models[mid] = ModelState(mid, i, profile, facing=90.0 if i == 0 else 270.0)
    return GameState(sides, models, Dice(seed), battle_map=battle_map, settings=settings or Settings())


def simple_deployment(state: GameState) -> None:
    """Plain deployment for the headless fight until encounters exist: each party in a line along its edge.

    Side A along the top edge facing down, side B along the bottom edge facing up; Ambush models wait
    in reserve ([T-AMBUSH-1]).
    """
    for side in (0, 1):
        models = [m for m in state.side_models(side)]
        deployed = [m for m in models if not m.has("ambush")]
        for m in models:
            if m.has("ambush"):
                m.status = RESERVE
        gap = 36.0 / (len(deployed) + 1)
        for k, m in enumerate(deployed, start=1):
            m.x = gap * k
            m.y = 3.0 if side == 0 else 33.0
            m.facing = 90.0 if side == 0 else 270.0
