"""movement.route_waypoints: the waypoints of movement.route_to's route, its searched path's move unchecked
([DIG-MOVE-2]): the same points, the same "none found", on a map with terrain and bases in the way."""

from __future__ import annotations

import random

import pytest

from game.ai.simulate import Setup, _content
from game.geometry.battlefield import Battlefield
from game.rules import board, movement
from game.rules.setup import new_game


@pytest.mark.rule("DIG-MOVE-2")
def test_route_waypoints_are_the_routes_own() -> None:
    setup = Setup(("order_of_the_grey_lance", "hollow_court"), ("normal", "normal"), "village_ruins", "engagement")
    parties, field, scenario = _content(setup)
    state = new_game((parties[0], parties[1]), field, 1, scenario=scenario)
    rng = random.Random(7)
    models = [m for m in state.models.values() if board.indexed(m)]
    size = state.battle_map.size
    asked = found = 0
    for _ in range(60):
        m = rng.choice(models)
        m.x, m.y = rng.uniform(2, size - 2), rng.uniform(2, size - 2)
        state.touch()
        point = (rng.uniform(1, size - 1), rng.uniform(1, size - 1))
        inches = rng.choice((6.0, 12.0, 500.0))
        bf = board.battlefield(state)
        fresh = Battlefield(state.battle_map, list(bf.bases()))  # nothing remembered yet: the path alone asked first
        path = movement.route_waypoints(fresh, m.id, point, inches)
        route = movement.route_to(bf, m.id, point, inches)
        assert path == (tuple((p.x, p.y) for p in route.waypoints) if route.found else None)
        assert movement.route_waypoints(bf, m.id, point, inches) == path  # from the remembered route
        asked += 1
        found += path is not None and len(path) > 2
    assert asked == 60 and found  # some routes bend
