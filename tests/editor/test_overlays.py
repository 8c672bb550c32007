"""The editor's overlays ask the geometry layer and the scenario files: sight, routes, encounters."""

from __future__ import annotations

import pytest

from game.content.library import scenarios
from game.content.maps import load_map
from game.editor.document import MapState, Piece, rectangle
from game.editor.overlays import CLEAR, COVER, HIDDEN, INSIDE, SightJob, encounter_shapes, route
from game.paths import MAPS_DIR


def table(*pieces: Piece) -> MapState:
    return MapState("t", "", tuple(pieces))


@pytest.mark.rule("DIG-LOS-2", "DIG-LOS-3", "TERR-4", "TERR-5")
def test_sight_shades_what_a_base_sees() -> None:
    state = table(Piece("house", "impassable", rectangle((10, 10), (14, 20)), "building", True),
                  Piece("wood", "area", rectangle((2, 2), (7, 6)), "forest"),
                  Piece("wall", "obstacle", rectangle((20, 29), (20.5, 33)), "wall"))
    job = SightJob(state.battle_map(), (4.5, 18.5))
    while not job.coarse_done:
        job.run(0.01)
    assert job.status(20, 18) is not None  # the whole table is shaded once the coarse pass is done
    job.finish()
    assert job.cells[(20, 18)] == HIDDEN  # behind the house
    assert job.cells[(11, 12)] == INSIDE  # no base stands inside impassable terrain
    assert job.cells[(4, 3)] == COVER  # inside the wood: seen, in cover
    assert job.cells[(4, 30)] == CLEAR
    assert job.cells[(21, 31)] == COVER  # just behind the wall (within 1″ of it)


@pytest.mark.rule("DIG-MOVE-1", "DIG-MOVE-2", "TERR-3")
def test_route_goes_around_impassable_and_pays_for_obstacles() -> None:
    state = table(Piece("house", "impassable", rectangle((10, 0), (14, 30)), "building", True))
    r = route(state.battle_map(), (5, 15), (20, 15))
    assert r.legal and r.move is not None and r.cost > 15 + 10
    wall = table(Piece("wall", "obstacle", rectangle((10, 0), (10.5, 36)), "wall", cross_cost=2.0))
    r = route(wall.battle_map(), (5, 15), (20, 15))
    assert r.legal and r.cost == pytest.approx(15 + 2)


@pytest.mark.rule("ENC-LMK-1", "ENC-2")
def test_encounter_overlay_shows_zones_objectives_and_the_landmark() -> None:
    libs = scenarios()
    landmark = libs.items["landmark"][1]
    m = load_map(MAPS_DIR / "village_ruins.yaml")
    shapes = encounter_shapes(landmark, m)
    roles = [s.role for s in shapes]
    assert roles.count("zone") == 2 and "piece" in roles and "objective" in roles
    assert any(s.role == "removed" and s.label.startswith("well") for s in shapes)  # the landmark stands there
    for key in libs.items:
        assert encounter_shapes(libs.items[key][1], m)
