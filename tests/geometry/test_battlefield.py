"""Distances, contact, arcs, terrain and zone containment on hand-made maps."""

from __future__ import annotations

import math

import pytest

from game.core.vec import Vec2
from game.geometry import CONTACT_TOLERANCE, base_radius
from game.geometry.battlefield import CAT_AREA, facing_vector
from tests.geometry.helpers import R, base, field, piece, rect

L_SHAPE = [(10, 10), (20, 10), (20, 14), (14, 14), (14, 20), (10, 20)]


@pytest.mark.rule("DIG-1")
def test_facing_angles_and_table_axes() -> None:
    assert facing_vector(0).x == pytest.approx(1) and facing_vector(0).y == pytest.approx(0)
    assert facing_vector(90).y == pytest.approx(1)  # y grows downwards: 90 faces down the screen
    bf = field(bases=[base("a", "A", 18, 18, facing=90)])
    assert bf.in_front("a", (18, 25)) and not bf.in_front("a", (18, 11))


@pytest.mark.rule("DIG-2")
def test_default_base_sizes_in_inches() -> None:
    assert 2 * base_radius(25) == pytest.approx(0.984, abs=1e-3)
    assert 2 * base_radius(40) == pytest.approx(1.575, abs=1e-3)
    assert 2 * base_radius(60) == pytest.approx(2.362, abs=1e-3)


@pytest.mark.rule("DIG-3", "BASE-2", "BASE-6", "BASE-3")
def test_distance_is_edge_to_edge_and_contact_has_a_tolerance() -> None:
    bf = field(bases=[base("a", "A", 10, 10), base("b", "B", 13, 14), base("c", "B", 10.9, 10),
                      base("d", "B", 10, 11.02), base("e", "B", 10, 8.98)])
    assert bf.distance("a", "b") == pytest.approx(5 - 2 * R)
    assert bf.distance("a", "c") == 0.0  # overlapping bases: never below 0
    assert bf.in_contact("a", "d")  # 0.02″ apart: within the tolerance
    assert bf.distance("a", "e") == pytest.approx(0.02)
    assert bf.in_contact("a", "e")
    bf.update_base("e", (10, 8.97))
    assert not bf.in_contact("a", "e")
    assert bf.within("a", "b", 4.0) and not bf.within("a", "b", 3.99)
    assert bf.bases_within("a", 0.05)[0] == "c" and set(bf.bases_within("a", 0.05)) == {"c", "d", "e"}
    assert CONTACT_TOLERANCE == 0.02
    # measuring changes nothing
    assert bf.base("a").centre == Vec2(10, 10)


@pytest.mark.rule("BASE-6")
def test_engagement_is_contact_with_an_enemy() -> None:
    bf = field(bases=[base("a", "A", 10, 10), base("f", "A", 11, 10), base("e", "B", 10, 11)])
    assert bf.engaged_with("a") == ["e"]
    assert not bf.is_engaged("f")  # touching a friend is not engagement
    assert bf.engagements() == [("a", "e")]


@pytest.mark.rule("DIG-3", "TERR-1")
def test_terrain_distance_is_from_the_base_edge_to_the_polygon() -> None:
    bf = field([piece("L", "impassable", L_SHAPE, blocks_los=True)], [base("a", "A", 17, 17)])
    # the notch of the L: nearest points are the inner edges x=14 and y=14, 3″ from the centre
    assert bf.distance_to_piece("a", "L") == pytest.approx(3 - R)
    assert [p.id for p in bf.pieces_at((12, 18))] == ["L"]
    assert bf.pieces_at((17, 17)) == []  # pymunk alone (convex hull) would say yes
    assert bf.pieces_at((14, 17)) == []  # the outline is not the interior
    assert [p.id for p in bf.pieces_at((14, 12))] == ["L"]  # seam between convex parts is inside
    assert len(bf.piece_parts("L")) == 2


@pytest.mark.rule("TERR-1", "TERR-5")
def test_which_terrain_a_base_stands_in() -> None:
    bf = field([piece("wood", "area", rect(5, 5, 10, 10)), piece("mud", "rough", rect(10.2, 5, 12, 10))],
               [base("a", "A", 10.1, 7)])
    assert [p.id for p in bf.terrain_under("a")] == ["mud", "wood"]
    assert [p.id for p in bf.pieces_at((7, 7), CAT_AREA)] == ["wood"]
    assert bf.pieces_overlapping((10.7, 7), R) == [bf.battle_map.piece("mud")]  # touching the wood is not in it


@pytest.mark.rule("DIG-4", "BASE-4")
def test_front_arc_is_the_open_half_plane_and_any_part_of_a_base_counts() -> None:
    bf = field(bases=[base("v", "A", 10, 10, facing=0), base("t", "B", 9.6, 15), base("u", "B", 9.4, 15),
                      base("w", "B", 9.5, 15)])
    assert bf.in_front("v", (10.01, 30)) and not bf.in_front("v", (10, 30)) and not bf.in_front("v", (9, 10))
    assert bf.in_front_arc("v", "t")  # its edge reaches x = 10.1
    assert not bf.in_front_arc("v", "u")  # wholly behind the line x = 10
    assert not bf.in_front_arc("v", "w")  # only touching the line: no part strictly in front


@pytest.mark.rule("DIG-4", "BASE-4", "BASE-5")
def test_back_arc_needs_the_attacker_centre_strictly_behind() -> None:
    bf = field(bases=[base("d", "A", 10, 10, facing=90), base("a", "B", 10, 9), base("s", "B", 11, 10)])
    assert bf.in_back_arc("a", "d")
    assert not bf.in_back_arc("s", "d")  # exactly 90°: not strictly behind
    bf.update_base("d", facing=270)  # turning is free; the index follows
    assert not bf.in_back_arc("a", "d")
    assert bf.base("d").facing == 270


@pytest.mark.rule("BASE-1", "MOVE-12", "ENC-2")
def test_table_and_deployment_strip_containment() -> None:
    from game.geometry import Battlefield

    assert Battlefield.on_table((R, 18), R) and not Battlefield.on_table((R - 0.01, 18), R)
    assert Battlefield.wholly_off_table((-R, 18), R) and not Battlefield.wholly_off_table((-R + 0.01, 18), R)
    assert Battlefield.in_edge_zone((18, 9 - R), R, "top", 9)
    assert not Battlefield.in_edge_zone((18, 9 - R + 0.01), R, "top", 9)  # whole base inside
    assert Battlefield.in_edge_zone((35, 18), R, "right", 6)
    assert Battlefield.in_edge_zone((18, 30), R, "bottom", 6.5) and not Battlefield.in_edge_zone((18, 30), R,
                                                                                                 "bottom", 6)
    assert Battlefield.opposite_edge("left") == "right"
    assert Battlefield.distance_to_edge((3, 18), R, "left") == pytest.approx(2.5)


@pytest.mark.rule("ENC-SCT-2")
def test_quarters_need_the_whole_base_and_six_inches_from_the_centre() -> None:
    from game.geometry import Battlefield

    assert Battlefield.quarter_of((5, 5), R) == 0
    assert Battlefield.quarter_of((30, 5), R) == 1
    assert Battlefield.quarter_of((5, 30), R) == 2
    assert Battlefield.quarter_of((30, 30), R) == 3
    assert Battlefield.quarter_of((18.2, 5), R) is None  # straddles the middle line
    d = (6 + R) / math.sqrt(2)
    assert Battlefield.quarter_of((18 - d - 1e-6, 18 - d - 1e-6), R) == 0
    assert Battlefield.quarter_of((18 - d + 0.01, 18 - d + 0.01), R) is None


@pytest.mark.rule("DIG-MOVE-6")
def test_one_pymunk_space_indexes_terrain_and_bases_and_follows_moves() -> None:
    import pymunk

    from game.geometry.battlefield import CAT_BASE, CAT_IMPASSABLE

    bf = field([piece("L", "impassable", L_SHAPE, blocks_los=True), piece("w", "obstacle", rect(1, 1, 2, 5))],
               [base("a", "A", 30, 30)])
    terrain = [s for s in bf.space.shapes if isinstance(s, pymunk.Poly)]
    assert all(s.body is bf.space.static_body for s in terrain)
    assert len(terrain) == 3  # the L as two convex parts, the wall as one
    for s in terrain:  # every part is convex: pymunk keeps exactly the points it was given
        part = bf.part_of_shape(s)[1]
        assert len(s.get_vertices()) == len(part)
    circles = [s for s in bf.space.shapes if isinstance(s, pymunk.Circle)]
    assert len(circles) == 1 and circles[0].body.body_type == pymunk.Body.KINEMATIC
    assert all(s.filter.categories in (CAT_IMPASSABLE | 16, 2, CAT_BASE) for s in bf.space.shapes)
    # moving a base re-indexes it: queries see the new position at once, without stepping the space
    assert bf.overlapping_bases((30, 30), 0.5) == ["a"]
    bf.update_base("a", (5, 30))
    assert bf.overlapping_bases((30, 30), 0.5) == [] and bf.overlapping_bases((5, 30), 0.5) == ["a"]
    bf.remove_base("a")
    assert bf.overlapping_bases((5, 30), 0.5) == []
