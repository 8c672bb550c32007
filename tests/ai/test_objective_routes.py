"""Objectives reached by route (game.ai.objective_routes): on the chokepoint map the exit lies behind a gorge
crossed by two narrow bridges; a raider heads for a bridge, not the gorge's lip straight ahead, turns from a
bridge a scheduled event cuts before it gets there, and values an objective by the scoring turns it still pays."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.ai import candidates
from game.ai.difficulty import NORMAL
from game.ai.tactical import Tactical
from game.content.maps import load_map
from game.content.scenario_file import load_scenario
from game.rules import movement
from game.rules.encounter import EncounterState
from game.rules.state import GameState
from tests.rules.harness import figure, table

DATA = Path(__file__).resolve().parent.parent / "data" / "scenarios"
WEST_BRIDGE = (9.0, 11.5)  # the gap in the gorge (x), y 15..19
EAST_BRIDGE = (27.0, 29.5)


def gorge(*placements: tuple[int, object, float, float, float], turn: int = 1) -> GameState:
    """The chokepoint map with the scenario's encounter; side 0 the Raider (higher), side 1 the Defender."""
    state = table(*placements, pieces=load_map(DATA / "maps" / "chokepoint_gorge.yaml").pieces)  # type: ignore[arg-type]
    state.encounter = EncounterState(load_scenario(DATA / "the_chokepoint.yaml"), higher=0)
    state.settings.turns = state.encounter.scenario.duration.turns
    state.turn = turn
    return state


def walk_end(state: GameState, model_id: str) -> dict[str, float]:
    """Where normal's steering sends the model on a walk, for the intent it chooses now."""
    m = state.model(model_id)
    ai = Tactical(m.side, "normal")
    _, ai.intent = candidates.best(ai.appraiser, state, m)
    d = next(movement.walk(state, m, "walk"))
    point = ai.steering.on_move_to(state, d)
    assert point is not None and d.check is not None and d.check(point) is None
    return point


def test_the_chokepoint_scenario_and_its_map_load_and_pass_the_checks() -> None:
    from game.content.validate import check_paths

    reports = check_paths([str(DATA / "the_chokepoint.yaml"), str(DATA / "maps" / "chokepoint_gorge.yaml")])
    assert all(r.ok for r in reports), [p for r in reports for p in r.problems]


@pytest.mark.rule("ENC-BRK-2", "DIG-MOVE-2")
def test_a_raider_heads_for_the_bridge_its_route_crosses_not_the_lip_straight_ahead() -> None:
    state = gorge((0, figure("Raider"), 17.0, 8.0, 90), (1, figure("Guard"), 32.0, 32.0, 270))
    raider = state.model("A1")
    goal = candidates.Appraiser(NORMAL).escape_goal(state, raider)
    assert goal is not None and WEST_BRIDGE[0] <= goal[0] <= WEST_BRIDGE[1]  # straight on below the west bridge
    end = walk_end(state, "A1")
    assert end["x"] < 15.0  # toward the west bridge, not down to the lip below (17, 15)


@pytest.mark.rule("ENC-BRK-2", "ENC-4")
def test_a_raider_turns_from_a_bridge_that_falls_before_it_gets_there() -> None:
    """The west bridge falls at the start of turn 4: on turn 1 it is the raider's way; on turn 3, a turn's walk
    away, the raider heads for the east bridge instead (read from the scenario's events)."""
    early = gorge((0, figure("Raider"), 17.0, 4.0, 90), (1, figure("Guard"), 32.0, 32.0, 270), turn=1)
    goal = candidates.Appraiser(NORMAL).escape_goal(early, early.model("A1"))
    assert goal is not None and WEST_BRIDGE[0] <= goal[0] <= WEST_BRIDGE[1]
    late = gorge((0, figure("Raider"), 17.0, 4.0, 90), (1, figure("Guard"), 32.0, 32.0, 270), turn=3)
    goal = candidates.Appraiser(NORMAL).escape_goal(late, late.model("A1"))
    assert goal is not None and EAST_BRIDGE[0] <= goal[0] <= EAST_BRIDGE[1]
    assert walk_end(late, "A1")["x"] > 17.0  # its walk goes east


@pytest.mark.rule("ENC-4")
def test_an_objective_that_stops_scoring_next_turn_is_worth_less_than_one_that_goes_on() -> None:
    """A Defender between the bridgeheads, a little nearer the west one, whose pay stops when the west bridge
    falls at the start of turn 4: on turn 3 it goes for the east one, which pays on to the end."""
    state = gorge((1, figure("Guard"), 17.0, 24.0, 270), (0, figure("Raider"), 18.0, 4.0, 90), turn=3)
    guard = state.model("B1")
    ai = candidates.Appraiser(NORMAL)
    west, east = (10.25, 21.0), (28.25, 21.0)
    assert ai.goal_for(state, guard) == east
    assert ai.routes.worth(state, guard, west) < ai.routes.worth(state, guard, east)
    enc = state.encounter
    enc.scenario = enc.scenario.model_copy(update={"events": []})  # no bridge falls: the nearer one pays on
    state.touch()
    assert candidates.Appraiser(NORMAL).goal_for(state, guard) == west


@pytest.mark.rule("MOVE-7", "DIG-MOVE-2")
def test_a_raider_whose_bridge_an_enemy_holds_goes_at_it_or_round_and_never_shuffles() -> None:
    """A Defender stands on the west bridge (too narrow to pass it, [MOVE-7]); the east bridge is more than a
    turn's Run further round: the raider goes at the guard (a charge, or a walk up to strike it)."""
    state = gorge((0, figure("Raider"), 10.25, 9.5, 90), (1, figure("Guard"), 10.25, 17.0, 270))
    raider = state.model("A1")
    ai = candidates.Appraiser(NORMAL)
    _, intent = candidates.best(ai, state, raider)
    assert (intent.kind, intent.target) in (("charge", "B1"), ("fight", "B1"))
    assert ai.routes.blocker(state, raider, None, ["bottom"]) is state.model("B1")
    state.model("B1").x = 27.5  # now the east bridge is held and the west one open: it goes by the west one
    state.touch()
    ai = candidates.Appraiser(NORMAL)
    assert ai.routes.blocker(state, raider, None, ["bottom"]) is None
    _, intent = candidates.best(ai, state, raider)
    assert intent.kind == "escape" and intent.goal is not None and WEST_BRIDGE[0] <= intent.goal[0] <= WEST_BRIDGE[1]


@pytest.mark.rule("MOVE-7", "DIG-MOVE-2")
def test_a_raider_goes_round_by_the_other_bridge_when_that_costs_little_more() -> None:
    """Nearer the west bridge, which a guard holds: the east bridge is less than a turn's Run further round, so it
    goes round rather than fight its way through."""
    state = gorge((0, figure("Raider"), 17.0, 8.0, 90), (1, figure("Guard"), 10.25, 17.0, 270))
    raider = state.model("A1")
    ai = candidates.Appraiser(NORMAL)
    goal = ai.escape_goal(state, raider)
    assert goal is not None and EAST_BRIDGE[0] <= goal[0] <= EAST_BRIDGE[1]
    assert walk_end(state, "A1")["x"] > 17.0
    assert ai.routes.blocker(state, raider, None, ["bottom"]) is None


def test_a_point_in_terrain_no_base_stands_in_is_reached_beside_it_on_the_way_from_the_model() -> None:
    """A well (impassable, 17.4–18.6 square) covers the point: the spot is on the line from the point toward the
    model, where a base of radius 0.5 clears the well; a point in the open is itself."""
    from game.ai.objective_routes import beside_terrain
    from game.content.maps import BattleMap, TerrainPiece
    from game.core.vec import Vec2
    from game.geometry.battlefield import Battlefield

    well = TerrainPiece("well", "impassable", tuple(Vec2(x, y) for x, y in
                                                      ((17.4, 17.4), (18.6, 17.4), (18.6, 18.6), (17.4, 18.6))), "well")
    battle_map = Battlefield(BattleMap("a well", (well,)))
    x, y = beside_terrain(battle_map, 0.5, (18.0, 18.0), (18.0, 5.0))
    assert x == pytest.approx(18.0) and y == pytest.approx(17.4 - 0.52, abs=1e-6)
    assert beside_terrain(battle_map, 0.5, (10.0, 10.0), (18.0, 5.0)) == (10.0, 10.0)


@pytest.mark.rule("ENC-4", "DIG-MOVE-2")
@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_reliefs_crossing_pulls_the_attacker_though_a_well_stands_at_its_centre(level: str) -> None:
    """The Relief on Village Ruins: the crossing (a circle of 8″) has the impassable well at its centre. No route
    reaches the centre itself, so the crossing once pulled nobody (its route's cost infinite: the Attacker stood off
    all game); the route now ends beside the well, inside the crossing."""
    root = Path(__file__).resolve().parent.parent.parent
    state = table((0, figure("Raider"), 18, 5, 90), (1, figure("Guard"), 30, 33, 270),
                  pieces=load_map(root / "assets" / "maps" / "village_ruins.yaml").pieces)  # type: ignore[arg-type]
    state.encounter = EncounterState(load_scenario(root / "scenarios" / "the_relief.yaml"), higher=0)
    state.settings.turns = state.encounter.scenario.duration.turns
    raider = state.model("A1")
    ai = candidates.Appraiser(Tactical(0, level).difficulty)
    assert ai.needed(state, 0) == [(18.0, 18.0)]
    cost = ai.routes.cost(state, raider, (18.0, 18.0))
    assert 10.0 < cost < 14.0  # 13″ to the centre, less the well's half-width and the base
    assert ai.objective_pull(state, raider) > 0.2


@pytest.mark.rule("MOVE-2", "MOVE-1", "MOVE-11")
def test_a_lumbering_model_gets_somewhere_at_a_walk_its_pace_and_a_swift_one_at_its_run() -> None:
    # a Lumbering model cannot run ([MOVE-2]): its turn's pace, by which its arrivals are timed, is a Walk's 6″
    state = table((0, figure("Gunner", traits=("lumbering",)), 5, 5, 0), (0, figure("Runner"), 9, 5, 0),
                  (0, figure("Hound", traits=("swift",)), 13, 5, 0), (1, figure("Foe"), 30, 30, 180))
    routes = candidates.Appraiser(NORMAL).routes
    assert [routes.pace(state, state.model(m)) for m in ("A1", "A2", "A3")] == [6.0, 9.0, 11.0]
    assert routes.arrival(state, state.model("A1"), 8.0) == state.turn + 1  # two walks: a turn later than a run
    assert routes.arrival(state, state.model("A2"), 8.0) == state.turn
