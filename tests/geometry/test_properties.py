"""Property tests: legality, optimality, LOS in the open, push bounds and determinism."""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from game.geometry import check_move, line_of_sight, push, shortest_route
from game.geometry.battlefield import CAT_IMPASSABLE
from tests.geometry.helpers import base, field, piece, rect

FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
coord = st.floats(min_value=1.0, max_value=35.0, allow_nan=False)
L_SHAPE = [(10, 10), (20, 10), (20, 14), (14, 14), (14, 20), (10, 20)]
TERRAIN = [piece("L", "impassable", L_SHAPE, blocks_los=True), piece("rock", "impassable", rect(24, 22, 27, 30)),
           piece("wall", "obstacle", rect(4, 24, 4.5, 33)), piece("mud", "rough", rect(22, 3, 30, 8))]


def scene(sx: float, sy: float, ex: float, ey: float):
    return field(TERRAIN, [base("m", "A", sx, sy), base("e", "B", ex, ey), base("f", "A", 30, 15)])


def free(bf, x: float, y: float, r: float = 0.5) -> bool:
    return bf.on_table((x, y), r) and not bf.pieces_overlapping((x, y), r, CAT_IMPASSABLE | 2) and \
        not bf.overlapping_bases((x, y), r, ignore="m")


@pytest.mark.rule("DIG-MOVE-1", "DIG-MOVE-2", "MOVE-7", "TERR-4")
@FAST
@given(coord, coord, coord, coord, coord, coord)
def test_found_routes_never_overlap_impassable_terrain_or_enemies(sx, sy, gx, gy, ex, ey) -> None:
    bf = scene(sx, sy, ex, ey)
    if not free(bf, sx, sy) or bf.distance("m", "e") < 0.05:
        return
    route = shortest_route(bf, "m", (gx, gy))
    if not route.found:
        return
    pts = route.waypoints
    r, e = 0.5, bf.base("e")
    for a, b in itertools.pairwise(pts):  # sample the swept base densely
        n = max(2, int(math.dist(a, b) * 20))
        for k in range(n + 1):
            p = (a[0] + (b[0] - a[0]) * k / n, a[1] + (b[1] - a[1]) * k / n)
            assert not bf.pieces_overlapping(p, r - 1e-6, CAT_IMPASSABLE)
            assert math.dist(p, e.centre) >= r + e.radius - 1e-6
            assert bf.on_table(p, r)
    assert not [v for v in route.move.violations if v.rule in ("TERR-4", "MOVE-12")]


@pytest.mark.rule("DIG-MOVE-2")
@FAST
@given(coord, coord, coord, coord, st.lists(st.tuples(coord, coord), min_size=0, max_size=2))
def test_shortest_route_is_never_longer_than_a_legal_route_we_construct(sx, sy, gx, gy, via) -> None:
    bf = field(TERRAIN, [base("m", "A", sx, sy)])
    if not free(bf, sx, sy) or not free(bf, gx, gy):
        return
    mine = check_move(bf, "m", [*via, (gx, gy)])
    if not mine.legal:
        return
    route = shortest_route(bf, "m", (gx, gy))
    assert route.found
    assert route.cost <= mine.cost + 0.05  # corners are rounded by nodes on a circumscribed polygon


@pytest.mark.rule("DIG-LOS-3", "DIG-LOS-1")
@FAST
@given(coord, coord, coord, coord, st.floats(0.3, 1.2))
def test_los_in_the_open_is_always_clear(vx, vy, tx, ty, tr) -> None:
    if math.dist((vx, vy), (tx, ty)) < 0.5 + tr + 0.01:
        return
    facing = math.degrees(math.atan2(ty - vy, tx - vx))
    bf = field([], [base("v", "A", vx, vy, 0.5, facing), base("t", "B", tx, ty, tr)])
    res = line_of_sight(bf, "v", "t")
    assert res.has_los and not res.cover and all(ln.status == "clear" for ln in res.lines)


@pytest.mark.rule("DIG-MOVE-5", "CC-4")
@FAST
@given(coord, coord, st.floats(0, 360), st.floats(0.1, 4.0), st.sampled_from(["shove", "spell"]))
def test_a_push_never_moves_a_base_further_than_its_distance(x, y, angle, dist, mode) -> None:
    bf = scene(x, y, 30, 30)
    if not free(bf, x, y):
        return
    pusher = (x - math.cos(math.radians(angle)), y - math.sin(math.radians(angle)))
    res = push(bf, "m", pusher, dist, mode)
    assert res.travelled <= dist + 1e-9
    assert math.dist(res.start, res.end) <= dist + 1e-9
    if not res.removed:
        assert bf.on_table(res.end, 0.5)
        assert not bf.pieces_overlapping(res.end, 0.5 - 1e-6, CAT_IMPASSABLE | 2)


@pytest.mark.rule("DIG-LOS-4", "DIG-MOVE-2", "DIG-MOVE-5")
@settings(max_examples=15, deadline=None)
@given(coord, coord, coord, coord)
@example(21.0, 12.0, 15.0, 8.0)  # in sight of e, then moved behind the L: a memory that kept the first answer fails
def test_remembered_answers_are_the_answers_worked_out_afresh(sx, sy, gx, gy) -> None:
    """The battlefield remembers its answers (per arrangement of the bases, and the terrain's own): an answer
    given from memory, after the base was moved away, asked about there and put back (the AI's what-ifs), is the
    answer a battlefield built anew from the same data works out with no memory at all."""

    def ask(bf):
        return line_of_sight(bf, "m", "e"), shortest_route(bf, "m", (gx, gy)), push(bf, "m", (gx, gy), 2.0)

    bf = scene(sx, sy, 30, 30)
    ask(bf)
    bf.update_base("m", centre=(gx, gy))  # elsewhere: other answers, remembered beside the first
    elsewhere = ask(bf)
    bf.update_base("m", centre=(sx, sy))
    assert bf.memo(), "the answers were not remembered: nothing here would be asked of a memory"
    remembered = ask(bf)
    assert remembered == ask(scene(sx, sy, 30, 30))  # a new battlefield and map: empty memories
    assert elsewhere == ask(scene(gx, gy, 30, 30))
