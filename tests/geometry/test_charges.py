"""Charge lanes ([DIG-MOVE-4], [MOVE-3], [MOVE-4])."""

from __future__ import annotations

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
