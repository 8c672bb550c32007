"""Properties on every shipped map: a refused charge target has no straight lane to base contact ([MOVE-4]),
and a model refused Disengage has no legal end point ([SEQ-9]). Each is checked against a brute-force
search written here: a comb of end points round the contact ring, and a flood fill of an 8-connected grid.
More examples under ``-m slow``."""

from __future__ import annotations

import heapq
import math
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.content.maps import TABLE_SIZE, load_map
from game.geometry.battlefield import CAT_IMPASSABLE, CAT_OBSTACLE
from game.geometry.charges import charge_ends, charge_lane
from game.geometry.los import line_of_sight
from game.geometry.reach import free_end
from game.rules import board
from game.rules.movement import allowance, can_disengage, charge_targets, disengage_check
from tests.rules.harness import figure, table
from tests.sampling import examples

MAPS = sorted((Path(__file__).resolve().parents[2] / "assets" / "maps").glob("*.yaml"))
LOADED = {p.stem: load_map(p) for p in MAPS}
D = 25 / 25.4
R = D / 2
FAST = settings(max_examples=examples(60), deadline=None, suppress_health_check=list(HealthCheck))
SLOW = settings(max_examples=examples(600), deadline=None, suppress_health_check=list(HealthCheck))

unit = st.floats(min_value=0.0, max_value=1.0, allow_nan=False)
angle = st.floats(min_value=0.0, max_value=2 * math.pi, allow_nan=False)


@st.composite
def scenes(draw, engaged: bool):
    """A model, mostly beside a corner of an impassable or obstacle piece (where lanes are screened and pockets
    form), with enemies in base contact and close by (``engaged``) or 3″ to 6.5″ away, and maybe friends."""
    name = draw(st.sampled_from(sorted(LOADED)))
    bmap = LOADED[name]
    corners = [(p.x, p.y) for piece in bmap.pieces if piece.kind in ("impassable", "obstacle") for p in piece.polygon]
    if corners and draw(unit) < 0.8:
        cx, cy = draw(st.sampled_from(corners))
        a, d = draw(angle), R + 0.05 + 1.5 * draw(unit)
        x, y = cx + d * math.cos(a), cy + d * math.sin(a)
    else:
        x, y = 1 + 34 * draw(unit), 1 + 34 * draw(unit)
    placements = [(0, figure("Mover"), x, y, 0.0)]
    if engaged:  # enemies in contact spread round the base, more a little further out
        k, a0 = draw(st.integers(2, 5)), draw(angle)
        foes = [(0.0, a0 + 2 * math.pi * i / k + 0.4 * (draw(unit) - 0.5)) for i in range(k)]
        foes += [(0.05 + 1.5 * draw(unit), draw(angle)) for _ in range(draw(st.integers(0, 4)))]
    else:
        foes = [(3.0 + 3.5 * draw(unit), draw(angle)) for _ in range(draw(st.integers(1, 4)))]
    for gap, a in foes:
        d = D + gap
        placements.append((1, figure("Foe"), x + d * math.cos(a), y + d * math.sin(a), math.degrees(a) + 180))
    for _ in range(draw(st.integers(0, 2))):
        a, d = draw(angle), D + 0.05 + 4.0 * draw(unit)
        placements.append((0, figure("Friend"), x + d * math.cos(a), y + d * math.sin(a), 0.0))
    state = table(*placements)
    state.battle_map = bmap
    return state


def placed(state) -> bool:
    """Every base on the table, on no impassable or obstacle piece, overlapping no other base."""
    bf = board.battlefield(state)
    ms = list(state.models.values())
    for i, m in enumerate(ms):
        if not bf.on_table((m.x, m.y), m.radius) or bf.pieces_overlapping((m.x, m.y), m.radius,
                                                                          CAT_IMPASSABLE | CAT_OBSTACLE):
            return False
        if any(math.dist((m.x, m.y), (o.x, o.y)) < m.radius + o.radius - 1e-6 for o in ms[i + 1:]):
            return False
    return True


# -- charges ----------------------------------------------------------------------------------------

def brute_lane(state, m, e, inches: float) -> tuple[float, float] | None:
    """A legal straight lane to base contact, by a 0.1° comb of end points round the contact ring (those on its
    near side: a lane to the far side passes through the target)."""
    bf = board.battlefield(state)
    reach = m.radius + e.radius
    for k in range(3600):
        a = math.radians(k / 10)
        end = (e.x + reach * math.cos(a), e.y + reach * math.sin(a))
        if math.dist((m.x, m.y), end) > inches + 1e-9:
            continue
        if (m.x - end[0]) * (end[0] - e.x) + (m.y - end[1]) * (end[1] - e.y) < -1e-9:
            continue  # the base would cross the target's own base to get there
        if charge_lane(bf, m.id, e.id, inches, end).legal:
            return end
    return None


def check_charges(state) -> None:
    if not placed(state):
        return
    m = state.model("A1")
    inches = allowance(state, m, "charge")[0]
    for e in state.enemies_of(m):
        m.facing = math.degrees(math.atan2(e.y - m.y, e.x - m.x))  # face it: sight is not the question here
        offered = {t.id for t, _ in charge_targets(state, m, inches)}
        if e.id in offered or board.distance(m, e) < 3 or board.distance(m, e) > inches:
            continue
        if not line_of_sight(board.battlefield(state), m.id, e.id).has_los:
            continue
        assert brute_lane(state, m, e, inches) is None, f"{e.id} refused though a straight lane reaches it"


@pytest.mark.rule("MOVE-4", "DIG-MOVE-4", "MOVE-3")
@FAST
@given(scenes(engaged=False))
def test_a_refused_charge_target_has_no_straight_lane_to_contact(state) -> None:
    check_charges(state)


@pytest.mark.slow
@pytest.mark.rule("MOVE-4", "DIG-MOVE-4", "MOVE-3")
@SLOW
@given(scenes(engaged=False))
def test_a_refused_charge_target_has_no_straight_lane_to_contact_many(state) -> None:
    check_charges(state)


# -- disengage --------------------------------------------------------------------------------------

STEP = 0.1
STRETCH = 1.09  # an 8-connected grid path is at most ~8.2 % longer than the straight line


def brute_end(state, m, inches: float) -> dict[str, float] | None:
    """A legal Disengage end point: a flood fill over grid cells the base may stand on (no impassable
    terrain, no blocking base), then the engine's check on the free cells it reaches, nearest first."""
    bf = board.battlefield(state)
    enemies = state.enemies_of(m)
    friends = [f for f in state.models.values() if f.side == m.side and f.id != m.id and f.on_table]
    blockers = enemies + [f for f in friends if board.is_engaged(state, f)]
    r = m.radius

    def passable(p: tuple[float, float]) -> bool:
        return r <= p[0] <= TABLE_SIZE - r and r <= p[1] <= TABLE_SIZE - r and \
            not bf.pieces_overlapping(p, r - 1e-6, CAT_IMPASSABLE) and \
            all(math.dist(p, (b.x, b.y)) >= r + b.radius - 1e-6 for b in blockers)

    def free_end(p: tuple[float, float]) -> bool:
        return all(math.dist(p, (e.x, e.y)) - r - e.radius >= 1.0 for e in enemies) and \
            all(math.dist(p, (f.x, f.y)) >= r + f.radius for f in friends) and \
            not bf.pieces_overlapping(p, r, CAT_OBSTACLE)

    start = (0, 0)
    dist = {start: 0.0}
    heap = [(0.0, start)]
    found = []
    steps = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]
    while heap:
        g, (i, j) = heapq.heappop(heap)
        if g > dist[(i, j)]:
            continue
        p = (m.x + i * STEP, m.y + j * STEP)
        if (i, j) != start and free_end(p):
            found.append((g, p))
        for dx, dy in steps:
            n = (i + dx, j + dy)
            ng = g + STEP * math.hypot(dx, dy)
            if ng > inches * STRETCH or ng >= dist.get(n, math.inf):
                continue
            if passable((m.x + n[0] * STEP, m.y + n[1] * STEP)):
                dist[n] = ng
                heapq.heappush(heap, (ng, n))
    check = disengage_check(state, m, inches)
    for _, p in sorted(found)[:80]:
        point = {"x": p[0], "y": p[1]}
        if check(point) is None:
            return point
    return None


def check_disengage(state) -> None:
    if not placed(state):
        return
    m = state.model("A1")
    if not board.is_engaged(state, m) or can_disengage(state, m):
        return
    found = brute_end(state, m, allowance(state, m, "disengage")[0])
    assert found is None, f"Disengage refused though {found} is a legal end point"


@pytest.mark.rule("SEQ-9", "MOVE-9", "DIG-MOVE-2")
@FAST
@given(scenes(engaged=True))
def test_a_model_refused_disengage_has_no_legal_end_point(state) -> None:
    check_disengage(state)


@pytest.mark.slow
@pytest.mark.rule("SEQ-9", "MOVE-9", "DIG-MOVE-2")
@SLOW
@given(scenes(engaged=True))
def test_a_model_refused_disengage_has_no_legal_end_point_many(state) -> None:
    check_disengage(state)


# -- the exact searches alone, against the brute force both ways ------------------------------------

def check_exact_charge_ends(state) -> None:
    """Every end on the comb that the lane check accepts lies in the arcs ``charge_ends`` reports, and every
    point it reports is accepted."""
    if not placed(state):
        return
    m = state.model("A1")
    bf = board.battlefield(state)
    inches = allowance(state, m, "charge")[0]
    for e in state.enemies_of(m):
        if not 3 <= board.distance(m, e) <= inches:
            continue
        ends = charge_ends(bf, m.id, e.id, inches)
        for d in ends.samples():
            assert charge_lane(bf, m.id, e.id, inches, tuple(ends.point(d))).legal
        reach = m.radius + e.radius
        for k in range(1800):
            a = math.radians(k / 5)
            end = (e.x + reach * math.cos(a), e.y + reach * math.sin(a))
            if math.dist((m.x, m.y), end) <= inches and charge_lane(bf, m.id, e.id, inches, end).legal:
                assert ends.contains(end, 1e-6), f"the lane to {end} is legal but not among the ends found"


@pytest.mark.rule("MOVE-4", "DIG-MOVE-4")
@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
@given(scenes(engaged=False))
def test_charge_ends_are_exactly_the_legal_lanes(state) -> None:
    check_exact_charge_ends(state)


@pytest.mark.slow
@pytest.mark.rule("MOVE-4", "DIG-MOVE-4")
@SLOW
@given(scenes(engaged=False))
def test_charge_ends_are_exactly_the_legal_lanes_many(state) -> None:
    check_exact_charge_ends(state)


def check_free_end_alone(state) -> None:
    """The complete Disengage search, without the sampled moves in front of it, finds an end whenever the
    brute force does, and the engine accepts what it finds."""
    if not placed(state):
        return
    m = state.model("A1")
    if not board.is_engaged(state, m):
        return
    inches = allowance(state, m, "disengage")[0]
    check = disengage_check(state, m, inches)
    found = free_end(board.battlefield(state), m.id, inches, lambda q: check({"x": q[0], "y": q[1]}) is None)
    if found is not None:
        assert check({"x": found[0], "y": found[1]}) is None
        return
    assert brute_end(state, m, inches) is None


@pytest.mark.rule("SEQ-9", "MOVE-9")
@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
@given(scenes(engaged=True))
def test_the_complete_disengage_search_alone_misses_no_end_point(state) -> None:
    check_free_end_alone(state)


@pytest.mark.slow
@pytest.mark.rule("SEQ-9", "MOVE-9")
@SLOW
@given(scenes(engaged=True))
def test_the_complete_disengage_search_alone_misses_no_end_point_many(state) -> None:
    check_free_end_alone(state)
