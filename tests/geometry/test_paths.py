"""Move legality and cost ([DIG-MOVE-1], [DIG-MOVE-7], [MOVE-6]–[MOVE-8], [MOVE-12], [TERR-2]–[TERR-6])."""

from __future__ import annotations

import pytest

from game.geometry import check_move
from game.geometry.battlefield import FLIES, PASSES_ENEMIES
from tests.geometry.helpers import R, base, field, piece, rect


def rules(check) -> list[str]:
    return [v.rule for v in check.violations]


@pytest.mark.rule("DIG-MOVE-1", "MOVE-6", "MOVE-1", "BASE-2")
def test_cost_is_the_length_along_the_polyline() -> None:
    bf = field(bases=[base("m", "A", 5, 5)])
    mv = check_move(bf, "m", [(8, 9), (8, 10)], allowance=6)
    assert mv.length == pytest.approx(6) and mv.cost == pytest.approx(6) and mv.legal
    mv = check_move(bf, "m", [(8, 9), (8, 10.01)], allowance=6)
    assert rules(mv) == ["MOVE-6"]


@pytest.mark.rule("DIG-MOVE-1", "TERR-4")
def test_swept_base_may_not_touch_impassable_terrain() -> None:
    house = piece("house", "impassable", rect(10, 0, 12, 10), blocks_los=True)
    bf = field([house], [base("m", "A", 5, 10.5)])
    assert check_move(bf, "m", [(15, 10.5)]).legal  # the base slides along the corner, touching only
    bf.update_base("m", (5, 10.49))
    mv = check_move(bf, "m", [(15, 10.49)])
    assert rules(mv) == ["TERR-4"] and mv.violations[0].what == "house"
    assert mv.violations[0].where.x == pytest.approx(10 - (R**2 - 0.49**2) ** 0.5)  # first touch at the corner


@pytest.mark.rule("DIG-MOVE-1", "MOVE-7")
def test_enemies_block_unless_agile_and_engaged_friends_block() -> None:
    bf = field(bases=[base("m", "A", 5, 10), base("e", "B", 10, 10.5)])
    assert rules(check_move(bf, "m", [(15, 10)])) == ["MOVE-7"]
    bf.update_base("m", flags=frozenset({PASSES_ENEMIES}))
    assert check_move(bf, "m", [(15, 10)]).legal
    bf = field(bases=[base("m", "A", 5, 10), base("f", "A", 10, 10.5), base("e", "B", 10, 11.5)])
    assert rules(check_move(bf, "m", [(15, 10)])) == ["MOVE-7"]  # the friend is engaged with e
    bf.update_base("e", (10, 20))
    assert check_move(bf, "m", [(15, 10)]).legal  # a free friend can be passed through


@pytest.mark.rule("MOVE-7")
def test_no_move_ends_overlapping_another_base() -> None:
    bf = field(bases=[base("m", "A", 5, 10), base("f", "A", 10, 10)])
    mv = check_move(bf, "m", [(10.5, 10)])
    assert rules(mv) == ["MOVE-7"]
    assert check_move(bf, "m", [(11, 10)]).legal  # touching a friend is fine


@pytest.mark.rule("DIG-MOVE-1", "MOVE-12", "BASE-1")
def test_the_base_may_not_leave_the_table() -> None:
    bf = field(bases=[base("m", "A", 5, 5)])
    assert check_move(bf, "m", [(R, 5)]).legal
    assert rules(check_move(bf, "m", [(R - 0.01, 5)])) == ["MOVE-12"]
    assert rules(check_move(bf, "m", [(5, 36)])) == ["MOVE-12"]


@pytest.mark.rule("DIG-MOVE-7", "TERR-3", "DIG-MOVE-1")
def test_each_continuous_overlap_with_an_obstacle_costs_its_cross_cost() -> None:
    wall = piece("wall", "obstacle", rect(10, 0, 10.5, 20), cross_cost=1.5)
    bf = field([wall], [base("m", "A", 8, 10)])
    mv = check_move(bf, "m", [(13, 10)])
    assert mv.obstacle_crossings == (("wall", 1.5),) and mv.cost == pytest.approx(6.5)
    # over and back: two crossings
    mv = check_move(bf, "m", [(13, 10), (13, 12), (8, 12)])
    assert len(mv.obstacle_crossings) == 2 and mv.cost == pytest.approx(5 + 2 + 5 + 3)
    # a waypoint on top of the wall does not split one crossing in two
    mv = check_move(bf, "m", [(10.25, 10), (10.25, 11), (13, 11)])
    assert len(mv.obstacle_crossings) == 1
    assert rules(check_move(bf, "m", [(10.25, 10)])) == ["DIG-MOVE-7"]  # never end on an obstacle
    assert rules(check_move(bf, "m", [(9.6, 10)])) == ["DIG-MOVE-7"]  # overlapping its edge counts too


@pytest.mark.rule("TERR-6")
def test_flight_pays_nothing_for_obstacles_and_ignores_rough() -> None:
    wall = piece("wall", "obstacle", rect(10, 0, 10.5, 20))
    mud = piece("mud", "rough", rect(11, 0, 12, 20), water=True)
    bf = field([wall, mud], [base("m", "A", 8, 10, R, 0, FLIES)])
    mv = check_move(bf, "m", [(14, 10)])
    assert mv.cost == pytest.approx(6) and mv.crosses_rough
    assert not mv.rough_penalty(flight=True)
    assert mv.rough_penalty() and not mv.rough_penalty(ranger=True) and not mv.rough_penalty(amphibious=True)


@pytest.mark.rule("TERR-2", "DIG-MOVE-7", "TERR-5", "TERR-6")
def test_any_overlap_with_rough_or_area_terrain_counts_as_crossing_it() -> None:
    mud = piece("mud", "rough", rect(10, 0, 12, 9.6))
    wood = piece("wood", "area", rect(20, 0, 25, 20))
    pool = piece("pool", "rough", rect(0, 0, 4, 4), water=True)
    bf = field([mud, wood, pool], [base("m", "A", 6, 10)])
    mv = check_move(bf, "m", [(15, 10)])  # the base's edge dips 0.1″ into the mud
    assert mv.rough_crossed == ("mud",) and not mv.crosses_water
    bf.update_base("m", (6, 10.1))
    assert not check_move(bf, "m", [(15, 10.1)]).crosses_rough  # only touching it
    bf.update_base("m", (6, 10))
    bf.update_base("m", (15, 12))
    assert check_move(bf, "m", [(19.6, 12)]).rough_crossed == ("wood",)  # 0.1″ into the wood
    bf.update_base("m", (4.2, 4.2))  # starting in the pool counts
    mv = check_move(bf, "m", [(6, 6)])
    assert mv.rough_crossed == ("pool",) and mv.water_crossed == ("pool",)
    assert mv.rough_penalty() and not mv.rough_penalty(amphibious=True)
    assert not check_move(bf, "m", [(4.2, 4.2)]).crosses_rough  # no move, no crossing


@pytest.mark.rule("MOVE-8", "DIG-MOVE-1")
def test_one_inch_rule_at_the_end_unless_in_contact() -> None:
    bf = field(bases=[base("m", "A", 5, 10), base("e", "B", 12, 10)])
    assert check_move(bf, "m", [(10, 10)]).legal  # exactly 1″ away
    assert rules(check_move(bf, "m", [(10.1, 10)])) == ["MOVE-8"]
    mv = check_move(bf, "m", [(11, 10)])
    assert mv.legal and mv.engaged_with == ("e",)
    # in contact with one enemy: exempt toward all others
    bf = field(bases=[base("m", "A", 5, 10), base("e", "B", 12, 10), base("g", "B", 11, 11.5)])
    mv = check_move(bf, "m", [(11, 10)])
    assert mv.legal and mv.engaged_with == ("e",)  # g is 0.5″ away, but contact with e exempts the move
