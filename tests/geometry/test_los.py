"""Line of sight and cover ([DIG-LOS-1]–[DIG-LOS-5]) on hand-made maps with hand-worked answers."""

from __future__ import annotations

import pytest

from game.geometry import line_of_sight
from game.geometry.battlefield import NEVER_IN_COVER
from game.geometry.los import CENTRE_LINE, sample_points
from tests.geometry.helpers import R, base, field, piece, rect


def viewer_target(*pieces, extra=(), tx: float = 20.0, flags: tuple[str, ...] = (), tr: float = R):
    return field(list(pieces), [base("v", "A", 5, 10, facing=0), base("t", "B", tx, 10, tr, 180, *flags), *extra])


@pytest.mark.rule("DIG-LOS-1")
def test_five_points_across_the_target_perpendicular_to_the_centre_line() -> None:
    bf = viewer_target()
    pts = sample_points(bf.base("v").centre, bf.base("t").centre, R)
    assert [round(p.y - 10, 9) for p in pts] == [-0.45, -0.225, 0.0, 0.225, 0.45]
    assert all(p.x == pytest.approx(20) for p in pts)
    res = line_of_sight(bf, "v", "t")
    assert len(res.lines) == 5 and res.lines[CENTRE_LINE].offset == 0.0
    assert res.has_los and not res.cover and all(ln.status == "clear" for ln in res.lines)


@pytest.mark.rule("DIG-LOS-2", "DIG-LOS-4", "TERR-4")
def test_building_blocks_and_says_so_per_line() -> None:
    bf = viewer_target(piece("house", "impassable", rect(10, 5, 12, 15), blocks_los=True))
    res = line_of_sight(bf, "v", "t")
    assert not res.has_los
    for ln in res.lines:
        assert ln.status == "blocked"
        assert [(o.kind, o.id, o.effect) for o in ln.obstructions] == [("terrain", "house", "blocked")]
    assert res.lines[CENTRE_LINE].obstructions[0].exit_point.x == pytest.approx(12)


@pytest.mark.rule("TERR-4", "DIG-LOS-2")
def test_chasm_is_impassable_but_does_not_block_or_obscure() -> None:
    bf = viewer_target(piece("chasm", "impassable", rect(10, 5, 12, 15), blocks_los=False))
    res = line_of_sight(bf, "v", "t")
    assert res.has_los and not res.cover and all(ln.status == "clear" for ln in res.lines)


@pytest.mark.rule("DIG-LOS-2", "TERR-5")
def test_area_terrain_blocks_lines_through_it_but_not_into_or_out_of_it() -> None:
    wood = piece("wood", "area", rect(10, 5, 12, 15))
    assert not line_of_sight(viewer_target(wood), "v", "t").has_los
    # the target stands in the wood: it can be seen, and it is in cover
    bf = viewer_target(wood, tx=11)
    res = line_of_sight(bf, "v", "t")
    assert res.has_los and res.cover and res.cover_sources == ("area:wood",)
    # the viewer stands in another wood: it sees out of it, not through the target's-side wood
    bf = field([wood, piece("copse", "area", rect(3, 5, 7, 15))], [base("v", "A", 5, 10), base("t", "B", 20, 10)])
    assert not line_of_sight(bf, "v", "t").has_los
    bf = field([piece("copse", "area", rect(3, 5, 7, 15))], [base("v", "A", 5, 10), base("t", "B", 20, 10)])
    res = line_of_sight(bf, "v", "t")
    assert res.has_los and not res.cover


@pytest.mark.rule("DIG-LOS-2", "DIG-LOS-3", "TERR-3")
def test_obstacles_and_models_obscure_but_never_block() -> None:
    bf = viewer_target(piece("wall", "obstacle", rect(10, 5, 10.5, 15)), extra=[base("x", "A", 15, 10)])
    res = line_of_sight(bf, "v", "t")
    assert res.has_los and not res.cover  # both are far from the target
    centre = res.lines[CENTRE_LINE]
    assert centre.status == "obscured"
    assert [(o.kind, o.id) for o in centre.obstructions] == [("terrain", "wall"), ("base", "x")]
    assert centre.obstructions[1].exit_point.x == pytest.approx(15.5)


@pytest.mark.rule("DIG-LOS-3", "DIG-LOS-5", "TERR-3")
@pytest.mark.parametrize(("face", "cover"), [(18.5, True), (18.4, False), (18.6, True)])
def test_wall_exactly_one_inch_from_the_target_gives_cover(face: float, cover: bool) -> None:
    # target edge at x = 19.5; the wall's far face at 18.5 is exactly 1″ away, at 18.4 it is 1.1″
    bf = viewer_target(piece("wall", "obstacle", rect(face - 0.3, 5, face, 15)))
    res = line_of_sight(bf, "v", "t")
    assert res.has_los
    assert res.cover is cover
    centre = res.lines[CENTRE_LINE].obstructions[0]
    assert centre.distance_to_target == pytest.approx(19.5 - face)
    assert res.cover_sources == (("wall",) if cover else ())


@pytest.mark.rule("DIG-LOS-3")
def test_model_within_one_inch_of_the_target_gives_cover() -> None:
    bf = viewer_target(extra=[base("f", "B", 18.5, 10)])  # touching the target: obscures two lines or more
    res = line_of_sight(bf, "v", "t")
    assert res.has_los and res.cover and res.cover_sources == ("f",)


@pytest.mark.rule("DIG-LOS-3")
def test_three_of_five_lines_or_the_centre_line() -> None:
    # a building covers the lines at -0.45 and -0.225 only (y < 9.85 at the target): centre line clear
    house = piece("house", "impassable", rect(18.6, 5, 19.0, 9.85), blocks_los=True)
    res = line_of_sight(viewer_target(house), "v", "t")
    assert [ln.status for ln in res.lines] == ["blocked", "blocked", "clear", "clear", "clear"]
    assert res.has_los and res.cover  # blocked within 1″ of the target's base
    # now also the centre line: two lines left, no LOS
    house = piece("house", "impassable", rect(18.6, 5, 19.0, 10.05), blocks_los=True)
    res = line_of_sight(viewer_target(house), "v", "t")
    assert [ln.status for ln in res.lines] == ["blocked", "blocked", "blocked", "clear", "clear"]
    assert not res.has_los and not res.cover
    # centre line clear but three others blocked: still LOS (the centre line alone suffices)
    h1 = piece("h1", "impassable", rect(18.6, 5, 19.0, 9.85), blocks_los=True)
    h2 = piece("h2", "impassable", rect(18.6, 10.2, 19.0, 15), blocks_los=True)
    res = line_of_sight(viewer_target(h1, h2), "v", "t")
    assert [ln.status for ln in res.lines] == ["blocked", "blocked", "clear", "blocked", "blocked"]
    assert res.has_los and res.reason == "centre line not blocked"


@pytest.mark.rule("DIG-LOS-3", "BASE-4")
def test_no_los_outside_the_front_arc() -> None:
    bf = field(bases=[base("v", "A", 5, 10, facing=180), base("t", "B", 20, 10)])
    res = line_of_sight(bf, "v", "t")
    assert not res.has_los and not res.in_arc


@pytest.mark.rule("DIG-LOS-5")
def test_sample_points_behind_the_viewer_make_their_lines_blocked() -> None:
    # target straddles the viewer's arc line x = 5: the lines to the points behind it are blocked by the arc
    bf = field(bases=[base("v", "A", 5, 10, facing=0), base("t", "B", 5.3, 20)])
    res = line_of_sight(bf, "v", "t")
    assert res.in_arc
    kinds = [[o.kind for o in ln.obstructions] for ln in res.lines]
    # the perpendicular runs along x: offsets toward -x put the points at x = 5.3 - 0.45, 5.3 - 0.225
    blocked = [ln.number for ln in res.lines if ln.status == "blocked"]
    assert len(blocked) == 1 and kinds[blocked[0]] == ["arc"]
    assert res.has_los


@pytest.mark.rule("DIG-LOS-5")
def test_grazing_a_corner_neither_blocks_nor_obscures() -> None:
    # the centre line y = 10 runs exactly along the building's edge: no interior crossed
    house = piece("house", "impassable", rect(10, 5, 12, 10), blocks_los=True)
    res = line_of_sight(viewer_target(house), "v", "t")
    assert res.lines[CENTRE_LINE].status == "clear"
    assert res.lines[0].status == "blocked" and res.lines[3].status == "clear"


@pytest.mark.rule("DIG-LOS-5")
def test_own_bases_never_obstruct() -> None:
    bf = field(bases=[base("v", "A", 5, 10, 1.2), base("t", "B", 7.5, 10, 1.2)])
    res = line_of_sight(bf, "v", "t")
    assert res.has_los and all(ln.status == "clear" for ln in res.lines)


@pytest.mark.rule("DIG-LOS-3", "DIG-LOS-4")
def test_gargantuan_targets_never_have_cover() -> None:
    wall = piece("wall", "obstacle", rect(17.7, 5, 18.0, 15))
    res = line_of_sight(viewer_target(wall, flags=(NEVER_IN_COVER,), tr=1.181), "v", "t")
    assert res.has_los and not res.cover
    assert res.lines[CENTRE_LINE].obstructions[0].gives_cover  # the detail still says what was there


@pytest.mark.rule("DIG-LOS-4")
def test_result_is_deterministic_and_explains_itself() -> None:
    bf = viewer_target(piece("wall", "obstacle", rect(18.2, 5, 18.5, 15)), extra=[base("x", "A", 12, 10.3)])
    a, b = line_of_sight(bf, "v", "t"), line_of_sight(bf, "v", "t")
    assert a == b
    assert a.reason and a.unblocked_count() == 5
