"""Pushes ([DIG-MOVE-5], [CC-3], [CC-4], [SPELL-3], Quake)."""

from __future__ import annotations

import pytest

from game.geometry import SHOVE, SPELL, push, quake
from game.geometry.pushes import quake_order
from tests.geometry.helpers import base, field, piece, rect


@pytest.mark.rule("DIG-MOVE-5", "CC-3")
def test_full_push_straight_away_from_the_pusher() -> None:
    bf = field(bases=[base("t", "B", 10, 10, facing=33), base("p", "A", 9, 9)])
    res = push(bf, "t", (9, 9), 1.0)
    assert res.end == pytest.approx((10 + 0.5**0.5, 10 + 0.5**0.5))
    assert not res.blocked and not res.stuns and not res.removed and res.travelled == pytest.approx(1)
    assert bf.base("t").centre == (10, 10)  # the index is not changed by asking


@pytest.mark.rule("DIG-MOVE-5", "CC-4")
def test_push_into_a_wall_stops_at_contact_and_reports_it() -> None:
    bf = field([piece("wall", "obstacle", rect(11.2, 5, 11.7, 15))], [base("t", "B", 10, 10), base("p", "A", 9, 10)])
    res = push(bf, "t", (9, 10), 2.0)
    assert res.end == pytest.approx((10.7, 10)) and res.travelled == pytest.approx(0.7)
    assert res.stopped_by == "terrain:wall" and res.blocked and res.stuns
    spell = push(bf, "t", (9, 10), 2.0, SPELL)
    assert spell.end == pytest.approx((10.7, 10)) and spell.blocked and not spell.stuns


@pytest.mark.rule("DIG-MOVE-5", "CC-4", "SPELL-3")
def test_push_stops_on_touching_a_model_or_impassable_terrain() -> None:
    bf = field([piece("rock", "impassable", rect(10, 14, 12, 16), blocks_los=False)],
               [base("t", "B", 10, 10), base("x", "A", 12.5, 10), base("p", "A", 9, 10)])
    res = push(bf, "t", (9, 10), 2.0)
    assert res.end == pytest.approx((11.5, 10)) and res.stopped_by == "base:x"
    res = push(bf, "t", (10, 9), 5.0, SPELL)
    assert res.end == pytest.approx((10, 13.5)) and res.stopped_by == "terrain:rock" and not res.stuns


@pytest.mark.rule("CC-4", "DIG-MOVE-5", "CAS-2")
def test_shove_off_the_table_edge() -> None:
    bf = field(bases=[base("t", "B", 1.0, 10), base("p", "A", 2.0, 10)])
    partly = push(bf, "t", (2, 10), 1.0)  # would end at x = 0, half off: stops at the edge, blocked
    assert partly.end == pytest.approx((0.5, 10)) and partly.stopped_by == "edge" and partly.stuns
    bf.update_base("t", (0.5, 10))
    gone = push(bf, "t", (2, 10), 1.0)  # would end at x = -0.5, wholly off
    assert gone.removed and not gone.blocked and not gone.stuns
    bf.update_base("t", (0.51, 10))
    assert not push(bf, "t", (2, 10), 1.0).removed


@pytest.mark.rule("SPELL-3", "DIG-MOVE-5")
def test_push_spell_stops_at_the_edge_and_never_stuns() -> None:
    bf = field(bases=[base("t", "B", 0.5, 10), base("c", "A", 6, 10)])
    res = push(bf, "t", (6, 10), 2.0, SPELL)
    assert res.end == pytest.approx((0.5, 10)) and res.travelled == 0 and res.stopped_by == "edge"
    assert not res.removed and not res.stuns


@pytest.mark.rule("DIG-MOVE-5")
def test_coincident_centres_push_along_the_pusher_facing() -> None:
    bf = field(bases=[base("t", "B", 10, 10)])
    res = push(bf, "t", (10, 10), 1.0, SHOVE, pusher_facing=90)
    assert res.end == pytest.approx((10, 11))


@pytest.mark.rule("DIG-MOVE-5", "T-GARG-6")
def test_quake_pushes_the_nearest_first_and_moves_the_index() -> None:
    g = base("g", "A", 18, 18, 1.181)
    near = base("b", "B", 18 + 1.181 + 0.5, 18)
    far = base("a", "B", 18, 18 - 1.181 - 0.5 - 0.015)  # 0.015″ away: still in contact
    bf = field(bases=[g, near, far, base("z", "B", 30, 30)])
    assert quake_order(bf, "g") == ["b", "a"]
    results = quake(bf, "g")
    assert [r.base for r in results] == ["b", "a"]
    assert bf.base("b").centre == pytest.approx((18 + 1.681 + 2, 18))
    assert all(not r.blocked for r in results)
