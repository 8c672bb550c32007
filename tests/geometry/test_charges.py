"""Charge lanes ([DIG-MOVE-4], [MOVE-3], [MOVE-4])."""

from __future__ import annotations

import math

import pytest

from game.geometry import charge_lane
from tests.geometry.helpers import base, field, piece, rect


@pytest.mark.rule("DIG-MOVE-4", "MOVE-3")
def test_default_lane_ends_in_contact_on_the_centre_line_facing_the_target() -> None:
    bf = field(bases=[base("c", "A", 5, 10, facing=270), base("t", "B", 12, 10)])
    lane = charge_lane(bf, "c", "t", allowance=6)
    assert lane.legal and lane.end == pytest.approx((11, 10)) and lane.cost == pytest.approx(6)
    assert lane.facing == pytest.approx(0) and lane.move.engaged_with == ("t",)
    assert not charge_lane(bf, "c", "t", allowance=5.99).legal


@pytest.mark.rule("DIG-MOVE-4", "MOVE-4")
def test_chosen_end_point_must_touch_and_the_lane_must_not_clip_the_target() -> None:
    bf = field(bases=[base("c", "A", 5, 10), base("t", "B", 12, 10)])
    side = charge_lane(bf, "c", "t", allowance=8, end=(12, 9))  # in contact, but the straight lane clips it
    assert [v.rule for v in side.violations] == ["MOVE-7"]
    short = charge_lane(bf, "c", "t", allowance=8, end=(10.9, 10))
    assert [v.rule for v in short.violations] == ["MOVE-8", "DIG-MOVE-4"]
    above = charge_lane(bf, "c", "t", allowance=8, end=(12 - 0.6, 10 - 0.8))  # touching from the upper left
    assert above.legal and above.facing == pytest.approx(53.130102, abs=1e-5)


@pytest.mark.rule("DIG-MOVE-4", "MOVE-4", "TERR-3")
def test_lane_obeys_walk_blockers_and_costs() -> None:
    bf = field([piece("wall", "obstacle", rect(8, 5, 8.5, 15))],
               [base("c", "A", 5, 10), base("t", "B", 12, 10), base("x", "B", 9.5, 8)])
    lane = charge_lane(bf, "c", "t")
    assert lane.cost == pytest.approx(7) and [v.rule for v in lane.violations] == ["MOVE-6"]
    assert charge_lane(bf, "c", "t", allowance=7).legal
    bf.update_base("x", (9.5, 10.6))  # another enemy in the lane
    assert [v.rule for v in charge_lane(bf, "c", "t", allowance=7).violations] == ["MOVE-7"]
    bf.update_base("x", (20, 20))
    bf2 = field([piece("rock", "impassable", rect(8, 9, 9, 11), blocks_los=True)],
                [base("c", "A", 5, 10), base("t", "B", 12, 10)])
    assert [v.rule for v in charge_lane(bf2, "c", "t").violations] == ["TERR-4"]


@pytest.mark.rule("DIG-MOVE-4", "MOVE-4", "MOVE-7", "MOVE-6")
def test_charge_ends_are_exactly_the_arcs_of_clear_lanes() -> None:
    """Charger (5, 10) and target (11, 10), radius 0.5 (contact ring radius 1); a small enemy (radius 0.25) at
    (10, 10) screens the centre line. Hand-worked, with the offset δ from the centre line:
    the lane clears the screen where 5·sin δ / √(37 − 12·cos δ) ≥ 0.75, i.e. cos δ ≤ 0.56596 (δ ≥ 55.53°);
    it does not pass through the target while cos δ ≥ 1/6 (δ ≤ 80.41°); its length √(37 − 12·cos δ) is
    within 5.9″ while cos δ ≥ 0.1825 (δ ≤ 79.48°)."""
    from game.geometry.charges import charge_ends, chosen_lane

    bf = field(bases=[base("c", "A", 5, 10), base("t", "B", 11, 10), base("x", "B", 10, 10, 0.25)])
    cos_clear = (6.75 + math.sqrt(6.75 ** 2 + 4 * 25 * 4.1875)) / 50
    ends = charge_ends(bf, "c", "t", allowance=6)
    lo, hi = math.acos(cos_clear), math.acos(1 / 6)
    assert [(a, b) for a, b in ends.arcs] == [pytest.approx((-hi, -lo), abs=1e-7), pytest.approx((lo, hi), abs=1e-7)]
    short = charge_ends(bf, "c", "t", allowance=5.9)
    assert short.arcs[1] == pytest.approx((lo, math.acos((37 - 5.9 ** 2) / 12)), abs=1e-6)
    lane = chosen_lane(bf, "c", "t", 6)  # near the centre line: 0.05 rad inside the arc nearest it
    assert lane is not None and lane.legal and abs(ends.offset_of(lane.end)) == pytest.approx(lo + 0.05, abs=1e-9)
    for k in range(-900, 901):  # every legal end on a 0.1° comb lies in the arcs, and every end in them is legal
        d = math.radians(k / 10)
        legal = charge_lane(bf, "c", "t", 6, tuple(ends.point(d))).legal
        if abs(abs(d) - lo) > 1e-6 and abs(abs(d) - hi) > 1e-6:
            assert legal == ends.contains(tuple(ends.point(d)))


@pytest.mark.rule("DIG-MOVE-4", "MOVE-4", "TERR-4")
def test_a_wall_across_every_lane_leaves_no_charge_end() -> None:
    from game.geometry.charges import charge_ends, chosen_lane

    bf = field([piece("chasm", "impassable", rect(8, 8, 8.5, 12))], [base("c", "A", 5, 10), base("t", "B", 12, 10)])
    assert not charge_ends(bf, "c", "t", 8) and chosen_lane(bf, "c", "t", 8) is None


@pytest.mark.rule("DIG-MOVE-4", "MOVE-4", "MOVE-7")
def test_a_gap_exactly_as_wide_as_the_base_leaves_one_lane() -> None:
    """Two enemies at (8, 9) and (8, 11) leave a gap exactly 1″ wide on the centre line: the lane straight in
    touches both and is legal; any other lane tilts into one of them."""
    from game.geometry.charges import charge_ends

    bf = field(bases=[base("c", "A", 5, 10), base("t", "B", 11, 10), base("u", "B", 8, 11), base("d", "B", 8, 9)])
    assert charge_lane(bf, "c", "t", 6).legal
    ends = charge_ends(bf, "c", "t", 6)
    assert len(ends.arcs) == 1 and ends.arcs[0] == pytest.approx((0, 0), abs=1e-9)
    bf.update_base("d", (8, 9.01))  # a hair narrower: no lane at all
    assert not charge_ends(bf, "c", "t", 6) and not charge_lane(bf, "c", "t", 6).legal
