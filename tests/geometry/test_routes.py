"""Shortest legal routes ([DIG-MOVE-2]) and the 1″-rule end points ([DIG-MOVE-3])."""

from __future__ import annotations

import math

import pytest

from game.geometry import end_options, shortest_route
from tests.geometry.helpers import R, base, field, piece, rect

L_SHAPE = [(10, 10), (20, 10), (20, 14), (14, 14), (14, 20), (10, 20)]


@pytest.mark.rule("DIG-MOVE-2", "BASE-2", "TERR-4")
def test_route_around_an_l_shaped_building_has_the_known_length() -> None:
    bf = field([piece("L", "impassable", L_SHAPE, blocks_los=True)], [base("m", "A", 5, 12)])
    route = shortest_route(bf, "m", (25, 12))
    # over the top: tangent to the rounded corner (10, 10), 10″ along y = 9.5, tangent down to the goal
    d = math.sqrt(29)
    exact = 2 * (math.sqrt(d * d - R * R) + R * (math.atan2(2, 5) + math.asin(R / d))) + 10
    assert route.legal
    assert exact - 1e-9 <= route.cost <= exact + 0.02
    assert all(p.y < 10 for p in route.waypoints[1:-1])
    assert not route.move.crosses_rough and route.move.engaged_with == ()


@pytest.mark.rule("DIG-MOVE-2", "TERR-3", "DIG-MOVE-7")
def test_route_crosses_an_obstacle_only_when_that_is_cheaper() -> None:
    long_wall = piece("wall", "obstacle", rect(10, 0, 10.5, 30))
    route = shortest_route(field([long_wall], [base("m", "A", 5, 15)]), "m", (15, 15))
    assert route.waypoints == ((5, 15), (15, 15))
    assert route.cost == pytest.approx(11) and route.move.obstacle_crossings == (("wall", 1.0),)
    short_wall = piece("wall", "obstacle", rect(10, 14, 10.5, 16), cross_cost=3)
    route = shortest_route(field([short_wall], [base("m", "A", 5, 15)]), "m", (15, 15))
    assert route.move.obstacle_crossings == ()
    exact_around = 2 * math.hypot(5, 1.5)  # roughly: over one end of the wall, 1″ base
    assert 10 < route.cost < exact_around + 0.6 < 13


@pytest.mark.rule("DIG-MOVE-2", "MOVE-7")
def test_route_goes_around_an_enemy_and_through_a_free_friend() -> None:
    bf = field(bases=[base("m", "A", 5, 10), base("e", "B", 10, 10)])
    route = shortest_route(bf, "m", (15, 10))
    exact = 2 * math.sqrt(24) + 2 * math.asin(1 / 5)  # around a 1″ circle of centres
    assert route.legal and exact - 1e-9 <= route.cost <= exact + 0.1
    bf = field(bases=[base("m", "A", 5, 10), base("f", "A", 10, 10)])
    assert shortest_route(bf, "m", (15, 10)).cost == pytest.approx(10)


@pytest.mark.rule("DIG-MOVE-2")
def test_unreachable_and_illegal_destinations_are_explained() -> None:
    ring = [base(f"e{k}", "B", 10 + 2 * math.cos(k * math.pi / 6), 10 + 2 * math.sin(k * math.pi / 6))
            for k in range(12)]
    bf = field([piece("house", "impassable", rect(20, 20, 25, 25), blocks_los=True)],
               [base("m", "A", 10, 10), *ring])
    route = shortest_route(bf, "m", (30, 30))
    assert not route.found and "no route" in route.reason
    assert "impassable" in shortest_route(bf, "m", (22, 22)).reason
    assert "off the table" in shortest_route(bf, "m", (35.8, 3)).reason


@pytest.mark.rule("DIG-MOVE-2", "TERR-2")
def test_route_reports_rough_and_water_and_cost_over_the_allowance() -> None:
    ford = piece("ford", "rough", rect(10, 0, 12, 36), water=True)
    bf = field([ford], [base("m", "A", 5, 10)])
    route = shortest_route(bf, "m", (17, 10), allowance=6)
    assert route.found and route.move.crosses_water and route.move.rough_crossed == ("ford",)
    assert not route.legal and route.move.violations[0].rule == "MOVE-6"


@pytest.mark.rule("DIG-MOVE-3", "MOVE-8")
def test_one_inch_rule_offers_contact_or_stop_short() -> None:
    bf = field(bases=[base("m", "A", 5, 10), base("e", "B", 12, 10)])
    route = shortest_route(bf, "m", (10.5, 10))
    assert not route.legal and route.move.violations[0].rule == "MOVE-8"
    opts = end_options(bf, "m", route)
    assert opts.enemy == "e"
    assert opts.contact == pytest.approx((11, 10))
    assert opts.contact_route.legal and opts.contact_route.move.engaged_with == ("e",)
    assert opts.stop_short == pytest.approx((10, 10))
    assert end_options(bf, "m", shortest_route(bf, "m", (9, 10))) is None


@pytest.mark.rule("DIG-MOVE-3")
def test_stop_short_is_the_last_point_of_the_route_one_inch_from_every_enemy() -> None:
    # the route passes an enemy, then ends near a second one: stop short near the second, not before the first
    bf = field(bases=[base("m", "A", 5, 10), base("e1", "B", 8, 11.6), base("e2", "B", 14, 10)])
    route = shortest_route(bf, "m", (12.5, 10))
    opts = end_options(bf, "m", route)
    assert opts.enemy == "e2"
    assert opts.stop_short.x == pytest.approx(12) and opts.stop_short.y == pytest.approx(10)
