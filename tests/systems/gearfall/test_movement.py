"""Gearfall's charge lanes and melee range on hand-made tables with known answers ([GF-CHG-1], [GF-CHG-2],
[GF-MEL-1]), and the lane's properties on random tables."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.content.maps import BattleMap
from game.core.vec import Vec2
from game.geometry.battlefield import BaseRecord, Battlefield
from game.systems.gearfall.movement import Movement, allowance, charge_lane, in_melee_range
from tests.rules.harness import square
from tests.sampling import examples

R = 0.5  # a base's radius in inches, for round numbers


def table(*bases: tuple[str, str, float, float, float], pieces=()) -> Battlefield:
    return Battlefield(BattleMap("test", tuple(pieces)),
                       [BaseRecord(i, side, Vec2(x, y), R, facing) for i, side, x, y, facing in bases])


@pytest.mark.rule("GF-MOVE-1", "GF-MOVE-2", "GF-CHG-1")
def test_each_movement_s_allowance() -> None:
    assert [allowance(m, 6) for m in Movement] == [0.0, 6.0, 12.0, 9.0]


@pytest.mark.rule("GF-CHG-1", "GF-CHG-2", "GF-CHG-3")
def test_a_clear_charge_stops_in_base_contact_with_its_target_facing_it() -> None:
    bf = table(("a", "a", 5, 10, 0), ("b", "b", 13, 10, 180))
    lane = charge_lane(bf, "a", "b", speed=6, reach=False)
    assert lane.travelled == pytest.approx(7.0) and lane.stopped_by == "b"
    assert lane.end.x == pytest.approx(12.0) and lane.facing == pytest.approx(0.0)
    assert lane.success and lane.momentum


@pytest.mark.rule("GF-CHG-2")
def test_a_charge_too_short_fails_and_a_reach_weapon_s_succeeds() -> None:
    bf = table(("a", "a", 5, 10, 0), ("b", "b", 15.5, 10, 180))  # a 9.5″ gap: a 9″ charge leaves 0.5″
    lane = charge_lane(bf, "a", "b", speed=6, reach=False)
    assert lane.stopped_by is None and lane.travelled == pytest.approx(9.0)
    assert math.dist(lane.end, (15.5, 10)) - 2 * R == pytest.approx(0.5) and lane.success, "0.5″: just in range"
    far = table(("a", "a", 5, 10, 0), ("b", "b", 17, 10, 180))  # 2″ short
    assert not charge_lane(far, "a", "b", speed=6, reach=False).success
    assert charge_lane(far, "a", "b", speed=6, reach=True).success, "a reach weapon's 2″"


@pytest.mark.rule("GF-CHG-1", "GF-CHG-3")
def test_a_charge_stops_at_the_first_base_in_its_lane_and_a_short_one_has_no_momentum() -> None:
    bf = table(("a", "a", 5, 10, 0), ("c", "a", 7.5, 10.3, 0), ("b", "b", 13, 10, 180))
    lane = charge_lane(bf, "a", "b", speed=6, reach=False)
    assert lane.stopped_by == "c" and lane.travelled < 3.0 and not lane.momentum and not lane.success


@pytest.mark.rule("GF-CHG-1")
def test_a_charge_stops_at_impassable_terrain() -> None:
    wall = square("wall", "impassable", 8, 5, 9, 15)
    bf = table(("a", "a", 5, 10, 0), ("b", "b", 13, 10, 180), pieces=[wall])
    lane = charge_lane(bf, "a", "b", speed=6, reach=False)
    assert lane.stopped_by == "terrain" and lane.end.x == pytest.approx(7.5, abs=1e-6) and not lane.success


@pytest.mark.rule("GF-CHG-1")
def test_terrain_met_in_the_lane_s_last_fraction_of_a_step_still_stops_it() -> None:
    """The lane is walked in steps; its end is walked too, so a post met between the last step and the base it
    charges stops it short (a soak found a charge ending inside a house)."""
    post = square("post", "impassable", 14.01, 9.8, 14.02, 10.2)  # right in front of the target's base
    bf = table(("a", "a", 5, 10, 0), ("b", "b", 14.53, 10, 180), pieces=[post])  # base contact after 8.53″
    lane = charge_lane(bf, "a", "b", speed=6, reach=False)
    assert lane.stopped_by == "terrain" and lane.end.x + R == pytest.approx(14.01, abs=1e-6)
    assert not bf.pieces_overlapping(lane.end, R)


@pytest.mark.rule("GF-MEL-1")
def test_melee_range_is_half_an_inch_in_the_front_arc() -> None:
    bf = table(("a", "a", 5, 10, 0), ("b", "b", 6.4, 10, 180), ("c", "b", 3.6, 10, 0))
    assert in_melee_range(bf, "a", "b", reach=False)
    assert not in_melee_range(bf, "a", "c", reach=False), "behind it: out of its front arc"
    assert not in_melee_range(bf, "b", "c", reach=False) and in_melee_range(bf, "b", "c", reach=True)


@given(x=st.floats(2, 34), y=st.floats(2, 34), tx=st.floats(2, 34), ty=st.floats(2, 34),
       ox=st.floats(2, 34), oy=st.floats(2, 34), speed=st.integers(3, 8))
@settings(max_examples=examples(60), deadline=None)
def test_a_lane_is_straight_no_longer_than_allowed_and_never_ends_overlapping(x, y, tx, ty, ox, oy, speed) -> None:
    bases = [("a", "a", x, y, 0.0), ("b", "b", tx, ty, 0.0), ("o", "b", ox, oy, 0.0)]
    if any(math.dist(p[2:4], q[2:4]) < 2 * R + 0.01 for i, p in enumerate(bases) for q in bases[i + 1:]):
        return
    bf = table(*bases)
    lane = charge_lane(bf, "a", "b", speed, reach=False)
    assert lane.travelled <= speed + 3 + 1e-9
    assert math.dist(lane.start, lane.end) == pytest.approx(lane.travelled, abs=1e-9)
    for other in ("b", "o"):
        assert math.dist(lane.end, bf.base(other).centre) >= 2 * R - 1e-6
    to_target = (tx - x, ty - y)
    cross = (lane.end.x - x) * to_target[1] - (lane.end.y - y) * to_target[0]
    assert abs(cross) <= 1e-6 * max(1.0, math.hypot(*to_target)), "straight at the target"


@pytest.mark.rule("GF-FS-1")
def test_a_mover_is_struck_where_it_leaves_each_enemy_s_range_in_the_order_it_meets_them() -> None:
    from game.systems.gearfall.movement import leaving_points

    # the mover at (10, 10); e1 to its east facing it (0.2″ gap), e2 to its north facing it, reach
    bf = table(("m", "a", 10, 10, 0), ("e1", "b", 11.2, 10, 180), ("e2", "b", 10, 11.5, 270))
    path = (Vec2(10, 10), Vec2(10, 4))  # straight south
    found = leaving_points(bf, "m", path, {"e1": False, "e2": True})
    assert [lv.enemy for lv in found] == ["e1", "e2"]
    # e1: centres 1.2 apart east-west; range ring 0.5 + 0.5 + 0.5 = 1.5: leaves when sqrt(1.2² + d²) = 1.5, d = 0.9
    assert found[0].along == pytest.approx(0.9) and found[0].at.y == pytest.approx(9.1)
    # e2 (reach): ring 0.5 + 0.5 + 2 = 3 from (10, 11.5): leaves at y = 8.5, 1.5″ along
    assert found[1].along == pytest.approx(1.5)


@pytest.mark.rule("GF-FS-1", "GF-MEL-1")
def test_no_free_strike_from_an_enemy_the_mover_was_not_in_range_of_or_that_faces_away() -> None:
    from game.systems.gearfall.movement import leaving_points

    bf = table(("m", "a", 10, 10, 0), ("far", "b", 13, 10, 180), ("away", "b", 8.8, 10, 180))
    assert leaving_points(bf, "m", (Vec2(10, 10), Vec2(10, 4)), {"far": False, "away": False}) == []


@pytest.mark.rule("GF-FS-1", "GF-MEL-1")
def test_leaving_the_front_arc_inside_the_range_is_leaving_too() -> None:
    from game.systems.gearfall.movement import leaving_points

    # a reach enemy facing east at (10, 10); the mover just ahead of it walks round behind it, staying within 2″
    bf = table(("e", "b", 10, 10, 0), ("m", "a", 11.2, 10, 180))
    path = (Vec2(11.2, 10), Vec2(11.2, 11.3), Vec2(8.0, 11.3))
    (lv,) = leaving_points(bf, "m", path, {"e": True})
    assert lv.at.x == pytest.approx(10 - 0.5) and lv.at.y == pytest.approx(11.3), "wholly behind its centre line"


@pytest.mark.rule("GF-COVER-4", "GF-COVER-3")
def test_the_table_s_pieces_cover_as_their_kind_says() -> None:
    from game.systems.gearfall.attacks import Cover
    from game.systems.gearfall.cover import cover_against

    wall = square("wall", "obstacle", 11.8, 8, 12.2, 12)  # just in front of the target at (13, 10)
    brush = square("brush", "rough", 11.6, 14, 12.4, 18)  # in front of the second target at (13, 16): too low
    woods = square("woods", "area", 12, 20, 14, 24)  # the third target stands in it
    bf = table(("s", "a", 2, 10, 0), ("t1", "b", 13, 10, 180), ("t2", "b", 13, 16, 180), ("t3", "b", 13, 22, 180),
               ("t4", "b", 13, 28, 180), pieces=[wall, brush, woods])
    for target in ("t1", "t2", "t3", "t4"):
        bf.update_base("s", facing=math_facing((2, 10), bf.base(target).centre))
        got = cover_against(bf, "s", target)
        assert got == {"t1": Cover.solid, "t2": Cover.none, "t3": Cover.concealment, "t4": Cover.none}[target]


def math_facing(a: tuple[float, float], b) -> float:
    return math.degrees(math.atan2(b[1] - a[1], b[0] - a[0])) % 360.0
