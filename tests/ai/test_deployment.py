"""Hard's deployment (game.ai.deployment): with depth and cover, facing the enemy, never illegal ([ENC-3])."""

from __future__ import annotations

import math

import pytest

from game.ai import registry
from game.content.library import resolve
from game.content.maps import load_map
from game.content.scenario_file import load_scenario
from game.core.vec import Vec2
from game.geometry.battlefield import BaseRecord, Battlefield
from game.geometry.los import line_of_sight_turned
from game.rules import board
from game.rules.deployment import open_spots
from game.rules.encounter import zone_of
from game.rules.engine import Game
from game.rules.setup import new_game
from tests.rules.encounter_harness import SCENARIOS, parties


def deployed(level: str, seed: int):
    """An engagement on Village Ruins set up by two controllers of ``level``: the state once both have deployed."""
    scenario = load_scenario(SCENARIOS / "engagement.yaml")
    state = new_game(parties(), load_map(resolve("maps", "village_ruins")), seed, scenario=scenario)
    game = Game(state, [registry.make(level, seed), registry.make(level, seed + 1)])  # as every game makes them
    while state.phase == "setup":
        game.step()
    return state


def seen_by(state, side: int, x: float, y: float, r: float) -> int:
    """How many of the enemy zone's front-line points (every 3″ along it, off terrain) see a base at (x, y): the
    rules' LOS. The AI imagines its enemies elsewhere in that zone: its "hidden" may be seen from one of these."""
    zone = zone_of(state, 1 - side)
    x0, y0, x1, y1 = zone.bounds()
    edge = zone.edge
    line = {"left": [(x1 - 0.5, 1.5 + 3 * k) for k in range(12)], "right": [(x0 + 0.5, 1.5 + 3 * k) for k in range(12)],
            "top": [(1.5 + 3 * k, y1 - 0.5) for k in range(12)],
            "bottom": [(1.5 + 3 * k, y0 + 0.5) for k in range(12)]}[edge]
    bf = Battlefield(state.battle_map, [BaseRecord("eye", "a", Vec2(*line[0]), 0.5),
                                        BaseRecord("it", "b", Vec2(x, y), r)])
    count = 0
    for p in line:
        if bf.pieces_overlapping(p, 0.5):
            continue
        bf.update_base("eye", centre=p)
        count += line_of_sight_turned(bf, "eye", "it").has_los
    return count


@pytest.mark.rule("ENC-3", "DIG-LOS-1")
@pytest.mark.parametrize("seed", [3, 11])
def test_hard_deploys_in_depth_out_of_the_enemy_zones_sight_facing_it(seed: int) -> None:
    state = deployed("hard", seed)
    for side in (0, 1):
        ours = [m for m in state.side_models(side) if m.on_table]
        zone = zone_of(state, side)
        assert len(ours) == 3 and all(zone.contains(m.x, m.y, m.radius) for m in ours)  # [ENC-3]: legal
        enemy = zone_of(state, 1 - side)
        ex0, ey0, ex1, ey1 = enemy.bounds()
        ex, ey = (ex0 + ex1) / 2, (ey0 + ey1) / 2
        zx0, zy0, zx1, zy1 = zone.bounds()
        line = {"left": (zx1, 0), "right": (zx0, 0), "top": (zy1, 1), "bottom": (zy0, 1)}[zone.edge]
        gaps = [abs((m.x, m.y)[line[1]] - line[0]) - m.radius for m in ours]  # from the zone's front line
        assert not all(g <= 1.0 for g in gaps), "all in a line at the zone's front"
        spots = [seen_by(state, side, x, y, 0.49) for x, y in open_spots(board.battlefield(state), zone, 0.49)]
        seen = [seen_by(state, side, m.x, m.y, m.radius) for m in ours]
        assert min(seen) <= min(spots) + 1, f"side {side}: none out of the enemy zone's sight where the map allows"
        assert sum(seen) / len(seen) < sum(spots) / len(spots), f"side {side}: seen more than a spot at random"
        for m in ours:  # facing the enemy: its zone's middle within 90° of the facing
            bearing = math.degrees(math.atan2(ey - m.y, ex - m.x))
            assert abs((bearing - m.facing + 180) % 360 - 180) < 90, (m.id, m.facing, bearing)


def deployed_for(level: str, seed: int, scenario: str, map_name: str):
    """The 9-model Grey Lance (side 0, played by ``level``) and Hollow Court (normal) once both have deployed."""
    from game.ai.matches import content

    parties_, battle_map, scen = content(("order_of_the_grey_lance", "hollow_court"), map_name, scenario)
    state = new_game(parties_, battle_map, seed, scenario=scen)
    game = Game(state, [registry.make(level, seed), registry.make("normal", seed + 1)])
    while state.phase == "setup":
        game.step()
    return state


@pytest.mark.rule("ENC-3", "ENC-LMK-2")
@pytest.mark.parametrize("map_name", ["Open Field", "Village Ruins", "Forest Crossing", "River Ford"])
def test_hard_deploys_its_nine_within_a_turns_reach_of_the_landmark_not_at_the_corners(map_name: str) -> None:
    # the count is made at every Maintenance from turn 1: a model placed at the corner of its zone arrives a turn
    # late and the enemy scores that turn (hard so placed lost most Landmarks with the Grey Lance)
    hard = deployed_for("hard", 81, "landmark", map_name)
    normal = deployed_for("normal", 81, "landmark", map_name)

    def away(state) -> list[float]:
        return [math.hypot(m.x - 18, m.y - 18) for m in state.side_models(0) if m.on_table]

    assert len(away(hard)) == 9 and all(zone_of(hard, 0).contains(m.x, m.y, m.radius)
                                        for m in hard.side_models(0))  # [ENC-3]: legal
    assert max(away(hard)) <= 13.0, sorted(round(d, 1) for d in away(hard))
    assert sum(away(hard)) <= sum(away(normal)), "further from the landmark than normal's row"
    zone = zone_of(hard, 0)
    zx0, zy0, zx1, zy1 = zone.bounds()
    line = {"left": (zx1, 0), "right": (zx0, 0), "top": (zy1, 1), "bottom": (zy0, 1)}[zone.edge]
    gaps = [abs((m.x, m.y)[line[1]] - line[0]) - m.radius for m in hard.side_models(0)]
    assert not all(g <= 1.0 for g in gaps), "all in a line at the zone's front"
