"""Shortest legal route for a base ([DIG-MOVE-2]) and the 1″-rule end points ([DIG-MOVE-3]).

A visibility graph over the terrain grown by the base radius: each convex corner
becomes a few nodes on a polygon drawn around the rounding arc (so an edge between
them never touches the piece), and only edges tangent at both ends are kept (the
others are never on a shortest path). The static part is cached per map and base
radius; the start, the goal and the blocking bases are joined per query, lazily:
an edge is checked only when the search is about to use it.
"""

from __future__ import annotations

import bisect
import heapq
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from game.content.maps import TABLE_SIZE, BattleMap
from game.core.vec import Vec2
from game.geometry import shapes as geo
from game.geometry.battlefield import (
    CAT_IMPASSABLE,
    CAT_OBSTACLE,
    FLIES,
    OVERLAP_EPS,
    BaseRecord,
    Battlefield,
)
from game.geometry.paths import ONE_INCH, MoveCheck, blocks_movement, check_move

MARGIN = 1e-3  # nodes stand this far outside the grown terrain
ARC_STEP = math.radians(30)  # at most this much turn per node around a corner
BASE_RING = 8  # nodes around a blocking base


@dataclass(frozen=True)
class Route:
    """A found route: the checked move plus whether a route exists at all."""

    found: bool
    move: MoveCheck | None
    reason: str = ""

    @property
    def waypoints(self) -> tuple[Vec2, ...]:
        return self.move.waypoints if self.move else ()

    @property
    def cost(self) -> float:
        return self.move.cost if self.move else math.inf

    @property
    def legal(self) -> bool:
        return self.found and self.move is not None and self.move.legal


@dataclass
class _Edge:
    length: float
    obstacle_cost: float


class NavGraph:
    """Nodes and tangent edges around the terrain for one base radius, free of impassable terrain."""

    def __init__(self, bf: Battlefield, radius: float):
        self.radius = radius
        self.nodes: list[geo.Pt] = []
        self.ring: list[tuple[geo.Pt, geo.Pt]] = []  # ring neighbours, for the tangent test
        self.edges: dict[int, dict[int, _Edge]] = {}
        for piece in bf.battle_map.pieces:
            if piece.kind not in ("impassable", "obstacle"):
                continue
            for pt, prev, nxt in ring_nodes([(p[0], p[1]) for p in piece.polygon], radius + MARGIN):
                if self._free(bf, pt):
                    self.nodes.append(pt)
                    self.ring.append((prev, nxt))
        for i in range(len(self.nodes)):
            self.edges[i] = {}
        self.by_x = sorted(range(len(self.nodes)), key=lambda i: self.nodes[i][0])  # for the nodes near a point
        self.xs = [self.nodes[i][0] for i in self.by_x]
        for i in range(len(self.nodes)):
            for j in range(i + 1, len(self.nodes)):
                a, b = self.nodes[i], self.nodes[j]
                if not (tangent(a, b, self.ring[j]) and tangent(b, a, self.ring[i])):
                    continue
                edge = segment_edge(bf, a, b, radius)
                if edge is not None:
                    self.edges[i][j] = edge
                    self.edges[j][i] = edge

    def _free(self, bf: Battlefield, pt: geo.Pt) -> bool:
        r = self.radius
        if not (r <= pt[0] <= TABLE_SIZE - r and r <= pt[1] <= TABLE_SIZE - r):
            return False
        return not bf.pieces_overlapping(pt, r, CAT_IMPASSABLE | CAT_OBSTACLE)


def ring_nodes(polygon: list[geo.Pt], grow: float) -> list[tuple[geo.Pt, geo.Pt, geo.Pt]]:
    """Nodes around the polygon grown by ``grow``, circumscribing each corner's arc; each with its ring neighbours."""
    pts = geo.positive(polygon)
    n = len(pts)
    ring: list[geo.Pt] = []
    for i in range(n):
        a, b, c = pts[i - 1], pts[i], pts[(i + 1) % n]
        if geo.orient(a, b, c) <= 0:
            continue  # reflex or flat corner: never on a shortest path
        n1 = _normal(a, b)
        n2 = _normal(b, c)
        a1, a2 = math.atan2(n1[1], n1[0]), math.atan2(n2[1], n2[0])
        turn = (a2 - a1) % (2 * math.pi)
        k = max(1, math.ceil(turn / ARC_STEP - 1e-9))
        step = turn / k
        dist = grow / math.cos(step / 2)
        for s in range(k):
            ang = a1 + step * (s + 0.5)
            ring.append((b[0] + dist * math.cos(ang), b[1] + dist * math.sin(ang)))
    m = len(ring)
    return [(ring[i], ring[i - 1], ring[(i + 1) % m]) for i in range(m)]


def _normal(a: geo.Pt, b: geo.Pt) -> geo.Pt:
    ex, ey = b[0] - a[0], b[1] - a[1]
    n = math.hypot(ex, ey)
    return (ey / n, -ex / n)  # outward for positive orientation


def tangent(frm: geo.Pt, at: geo.Pt, ring: tuple[geo.Pt, geo.Pt]) -> bool:
    """The line frm→at leaves both ring neighbours of ``at`` on one side (a bend there can be shortest)."""
    o1 = geo.orient(frm, at, ring[0])
    o2 = geo.orient(frm, at, ring[1])
    return o1 * o2 >= -1e-12


def segment_edge(bf: Battlefield, a: geo.Pt, b: geo.Pt, r: float) -> _Edge | None:
    """Cost of sliding a base of radius r from a to b, or None if it would touch impassable terrain."""
    seg = math.dist(a, b)
    obstacle: dict[str, list[geo.Interval]] = {}
    costs: dict[str, float] = {}
    ax, ay = a
    bx, by = b
    for piece, part in bf.swept_parts(a, b, r, CAT_IMPASSABLE | CAT_OBSTACLE):  # as pymunk's query, in its order
        iv = geo.swept_edges(ax, ay, bx, by, r, part.edges, geo.grown_edges(part.key, r) if r > 0 else [])
        if iv is None or (iv[1] - iv[0]) * seg <= OVERLAP_EPS:
            continue
        if piece.kind == "impassable":
            return None
        obstacle.setdefault(piece.id, []).append(iv)
        costs[piece.id] = piece.cross_cost
    total = sum(costs[p] * len(geo.merge(ivs, 1e-9)) for p, ivs in obstacle.items())
    return _Edge(seg, total)


_CACHE: dict[tuple[int, float], tuple[BattleMap, NavGraph]] = {}


def nav_graph(bf: Battlefield, radius: float) -> NavGraph:
    """The cached graph for this map and base radius (building it costs far more than a search)."""
    key = (id(bf.battle_map), round(radius, 6))
    hit = _CACHE.get(key)
    if hit is None or hit[0] is not bf.battle_map:
        if len(_CACHE) > 64:
            _CACHE.clear()
        hit = (bf.battle_map, NavGraph(bf, radius))
        _CACHE[key] = hit
    return hit[1]


@dataclass
class _Query:
    """The graph one route query searches: the static nodes, rings around the blocking bases, start and goal.

    Everything but the goal follows from the mover and the bases as they stand, so ``adjacency`` (the edges
    from a node, the goal's aside) and ``costs`` (each checked edge's true cost) are shared by every query of
    that mover while the bases stand as they are (``_query``)."""

    graph: NavGraph
    nodes: list[geo.Pt]
    rings: list[tuple[geo.Pt, geo.Pt]]
    n_static: int
    static_ok: list[bool]
    blockers: list[BaseRecord]
    flight: bool
    adjacency: dict[int, list[tuple[int, float, bool]]]
    costs: dict[tuple[int, int], float | None]

    @property
    def start(self) -> int:
        return len(self.nodes) - 2

    @property
    def goal(self) -> int:
        return len(self.nodes) - 1

    def neighbours(self, u: int) -> Iterator[tuple[int, float, bool]]:
        """(node, estimated cost, static) for each edge the search may take from ``u``, the goal last."""
        found = self.adjacency.get(u)
        if found is None:
            found = self.adjacency[u] = list(self._neighbours(u))
        yield from found
        yield self.goal, math.dist(self.nodes[u], self.nodes[self.goal]), False

    def _neighbours(self, u: int) -> Iterator[tuple[int, float, bool]]:
        nodes, rings, n_static, s_idx = self.nodes, self.rings, self.n_static, self.start
        if u < n_static:
            for v, e in self.graph.edges[u].items():
                if self.static_ok[v]:
                    yield v, e.length + (0.0 if self.flight else e.obstacle_cost), True
        first = 0 if u >= n_static else n_static
        ux, uy = nodes[u]
        (p0x, p0y), (p1x, p1y) = rings[u] if u < s_idx else ((0.0, 0.0), (0.0, 0.0))  # the start has no ring
        static_ok = self.static_ok
        for v in range(first, s_idx):
            if v == u or (v < n_static and not static_ok[v]):
                continue
            # tangent(nodes[u], nodes[v], rings[v]) and, unless u is the start, tangent(nodes[v], nodes[u], rings[u]):
            # shapes.orient's arithmetic, unpacked (a search asks it of every pair of nodes it reaches)
            vx, vy = nodes[v]
            (r0x, r0y), (r1x, r1y) = rings[v]
            if ((vx - ux) * (r0y - uy) - (vy - uy) * (r0x - ux)) * \
                    ((vx - ux) * (r1y - uy) - (vy - uy) * (r1x - ux)) < -1e-12:
                continue
            if u < s_idx and ((ux - vx) * (p0y - vy) - (uy - vy) * (p0x - vx)) * \
                    ((ux - vx) * (p1y - vy) - (uy - vy) * (p1x - vx)) < -1e-12:
                continue
            yield v, math.dist(nodes[u], nodes[v]), False

    def true_cost(self, bf: Battlefield, u: int, v: int) -> float | None:
        goal = self.goal
        if u != goal and v != goal:
            key = (u, v)
            if key in self.costs:
                return self.costs[key]
        static_edge = self.graph.edges[u].get(v) if u < self.n_static and v < self.n_static else None
        found = _edge_cost(bf, self.nodes[u], self.nodes[v], self.graph.radius, self.blockers, self.flight,
                           static_edge)
        if u != goal and v != goal:
            self.costs[(u, v)] = found
        return found


def _query(bf: Battlefield, mover: BaseRecord, goal: geo.Pt) -> _Query:
    """The query's graph: all but the goal remembered per mover while the bases stand as they are."""
    memo = bf.memo()
    key = ("route graph", mover.id)
    q = memo.get(key)
    if q is None:
        q = memo[key] = _query_graph(bf, mover)
    return _Query(q.graph, [*q.nodes, goal], q.rings, q.n_static, q.static_ok, q.blockers, q.flight, q.adjacency,
                  q.costs)


def _query_graph(bf: Battlefield, mover: BaseRecord) -> _Query:
    """The static nodes free of the blocking bases, the nodes around those, then the start (no goal yet)."""
    r = mover.radius
    graph = nav_graph(bf, r)
    blockers = [b for b in bf.bases() if blocks_movement(mover, b, bf)]
    nodes = list(graph.nodes)
    rings: list[tuple[geo.Pt, geo.Pt]] = list(graph.ring)
    blocked = _blocked_test(r, blockers)
    for b in blockers:
        grow = (r + b.radius + MARGIN) / math.cos(math.pi / BASE_RING)
        ring = [(b.centre.x + grow * math.cos(2 * math.pi * (k + 0.5) / BASE_RING),
                 b.centre.y + grow * math.sin(2 * math.pi * (k + 0.5) / BASE_RING)) for k in range(BASE_RING)]
        for k, pt in enumerate(ring):
            if graph._free(bf, pt) and not blocked(pt):
                nodes.append(pt)
                rings.append((ring[k - 1], ring[(k + 1) % BASE_RING]))
    static_ok = _unblocked(graph, r, blockers)
    nodes.append((mover.centre.x, mover.centre.y))
    return _Query(graph, nodes, rings, len(graph.nodes), static_ok, blockers, mover.has(FLIES), {}, {})


def shortest_route(bf: Battlefield, base_id: str, destination: tuple[float, float],
                   allowance: float | None = None) -> Route:
    """[DIG-MOVE-2]: the cheapest legal route to ``destination`` with its cost, rough and engagement."""
    path = route_path(bf, base_id, destination)
    if isinstance(path, str):
        return Route(False, None, path)
    return Route(True, check_move(bf, base_id, path, allowance), "")


def route_path(bf: Battlefield, base_id: str, destination: tuple[float, float]) -> tuple[geo.Pt, ...] | str:
    """The waypoints of :func:`shortest_route` from the mover's centre, or why none gets there: the search
    reads neither the allowance nor anything but the index, so one path, remembered while the bases stand as
    they are, serves every allowance (the AI asks one point with a walk's, then a run's)."""
    goal = (float(destination[0]), float(destination[1]))
    key = ("route path", base_id, goal)
    memo = bf.memo()
    found = memo.get(key)
    if found is None:
        found = memo[key] = _search(bf, base_id, goal)
    return found


def _search(bf: Battlefield, base_id: str, goal: geo.Pt) -> tuple[geo.Pt, ...] | str:
    mover = bf.base(base_id)
    reason = _bad_destination(bf, mover, goal)
    if reason:
        return reason
    q = _query(bf, mover, goal)
    nodes, s_idx, g_idx = q.nodes, q.start, q.goal

    def h(i: int) -> float:
        return math.dist(nodes[i], goal)

    best: dict[int, float] = {s_idx: 0.0}
    parent: dict[int, int] = {}
    closed: set[int] = set()
    counter = 0
    heap: list[tuple[float, float, int, int, int, bool]] = [(h(s_idx), 0.0, counter, s_idx, -1, True)]
    while heap:
        _, g, _, v, u, verified = heapq.heappop(heap)
        if v in closed:
            continue
        if not verified:
            true = q.true_cost(bf, u, v)
            if true is None:
                continue
            g = best.get(u, 0.0) + true
            counter += 1
            heapq.heappush(heap, (g + h(v), g, counter, v, u, True))
            continue
        if g > best.get(v, math.inf) + 1e-12:
            continue
        best[v] = g
        closed.add(v)
        if u >= 0:
            parent[v] = u
        if v == g_idx:
            break
        for w, est, _static in q.neighbours(v):
            if w in closed:
                continue
            counter += 1
            heapq.heappush(heap, (g + est + h(w), g + est, counter, w, v, False))
    if g_idx not in closed:
        return "no route: the destination cannot be reached around terrain and blocking bases"
    path = [goal]
    k = g_idx
    while k != s_idx:
        k = parent[k]
        path.append(nodes[k])
    path.reverse()
    return tuple(path)


def reachable_nodes(bf: Battlefield, base_id: str, budget: float) -> tuple[list[tuple[geo.Pt, float]],
                                                                            list[BaseRecord]]:
    """Every node of the route graph a route of cost at most ``budget`` reaches, with that cost, the start
    first (cost 0), and the bases that block this mover. A destination is reachable by
    ``shortest_route`` within the budget exactly when a straight, clear edge joins it to one of these
    nodes at a cost within what is left: the search's last edge is always such a straight edge."""
    mover = bf.base(base_id)
    q = _query(bf, mover, (mover.centre.x, mover.centre.y))
    best: dict[int, float] = {q.start: 0.0}
    done: dict[int, float] = {}
    heap: list[tuple[float, int]] = [(0.0, q.start)]
    while heap:
        g, u = heapq.heappop(heap)
        if u in done:
            continue
        done[u] = g
        for v, est, _static in q.neighbours(u):
            if v in done or v == q.goal or g + est > budget + 1e-9 or g + est >= best.get(v, math.inf):
                continue
            true = q.true_cost(bf, u, v)
            if true is None or g + true > budget + 1e-9 or g + true >= best.get(v, math.inf):
                continue
            best[v] = g + true
            heapq.heappush(heap, (g + true, v))
    order = sorted(done.items(), key=lambda kv: (kv[1], kv[0] != q.start))
    return [(q.nodes[i], g) for i, g in order], q.blockers


def _in_blocker(pt: geo.Pt, r: float, blockers: list[BaseRecord]) -> bool:
    return any(math.dist(pt, (b.centre.x, b.centre.y)) < r + b.radius - OVERLAP_EPS for b in blockers)


def _blocked_test(r: float, blockers: list[BaseRecord]) -> Callable[[geo.Pt], bool]:
    """:func:`_in_blocker` for many points: each blocker's limit worked out once, and a point further off along
    either axis than the limit passed over (the distance is never less than either offset)."""
    discs = [(b.centre.x, b.centre.y, r + b.radius - OVERLAP_EPS) for b in blockers]

    def blocked(pt: geo.Pt) -> bool:
        x, y = pt
        for cx, cy, limit in discs:
            if abs(x - cx) < limit and abs(y - cy) < limit and math.dist(pt, (cx, cy)) < limit:
                return True
        return False

    return blocked


def _unblocked(graph: NavGraph, r: float, blockers: list[BaseRecord]) -> list[bool]:
    """``[not _in_blocker(p, r, blockers) for p in graph.nodes]``: each blocker asked only of the nodes whose x
    lies near its own (found by bisection; the exact test of :func:`_blocked_test` then decides)."""
    nodes, by_x, xs = graph.nodes, graph.by_x, graph.xs
    ok = [True] * len(nodes)
    for b in blockers:
        cx, cy, limit = b.centre.x, b.centre.y, r + b.radius - OVERLAP_EPS
        for i in by_x[bisect.bisect_left(xs, cx - limit - 1e-6):bisect.bisect_right(xs, cx + limit + 1e-6)]:
            x, y = nodes[i]
            if ok[i] and abs(x - cx) < limit and abs(y - cy) < limit and math.dist((x, y), (cx, cy)) < limit:
                ok[i] = False
    return ok


def _edge_cost(bf: Battlefield, a: geo.Pt, b: geo.Pt, r: float, blockers: list[BaseRecord], flight: bool,
               static_edge: _Edge | None) -> float | None:
    """True cost of an edge, or None when terrain or a blocking base is in the way."""
    seg = math.dist(a, b)
    if seg == 0:
        return 0.0
    if blockers:
        ids = {x.id for x in blockers}
        for rec in bf.swept_bases(a, b, r):
            if rec.id not in ids:
                continue
            iv = geo.clip_disc(a, b, (rec.centre.x, rec.centre.y), r + rec.radius)
            if iv is not None and (iv[1] - iv[0]) * seg > OVERLAP_EPS:
                return None
    edge = static_edge if static_edge is not None else segment_edge(bf, a, b, r)
    if edge is None:
        return None
    return edge.length + (0.0 if flight else edge.obstacle_cost)


def _bad_destination(bf: Battlefield, mover: BaseRecord, goal: geo.Pt) -> str:
    r = mover.radius
    if not bf.on_table(goal, r):
        return "the destination is off the table"
    for piece in bf.pieces_overlapping(goal, r, CAT_IMPASSABLE | CAT_OBSTACLE):
        return f"the destination overlaps {piece.kind} terrain ({piece.name})"
    others = bf.overlapping_bases(goal, r, ignore=mover.id)
    if others:
        return f"the destination overlaps the base of {bf.base(others[0]).called}"
    return ""


@dataclass(frozen=True)
class EndOptions:
    """[DIG-MOVE-3]: when a move would end nearer than 1″ to an enemy without touching it."""

    enemy: str
    contact: Vec2 | None  # base contact with that enemy (engages it), None if no room
    contact_route: Route | None
    stop_short: Vec2  # last point of the route at least 1″ from every enemy
    stop_short_waypoints: tuple[Vec2, ...]


def end_options(bf: Battlefield, base_id: str, route: Route) -> EndOptions | None:
    """The two end points the engine offers under the 1″ rule, or None if the move ends fine."""
    if not route.found or route.move is None:
        return None
    mover = bf.base(base_id)
    end = route.move.end
    if route.move.engaged_with:
        return None  # contact with any enemy exempts the move ([DIG-MOVE-3])
    near = []
    for e in bf.enemies_of(base_id):
        gap = end.distance_to(e.centre) - mover.radius - e.radius
        if gap < ONE_INCH - 1e-9:
            near.append((gap, e.id))
    if not near:
        return None
    enemy = bf.base(min(near)[1])
    contact = contact_point(bf, base_id, enemy.id, end)
    found = shortest_route(bf, base_id, contact)
    contact_route = found if found.found else None
    waypoints, stop = stop_short(bf, base_id, route.waypoints)
    return EndOptions(enemy.id, contact if contact_route else None, contact_route, stop, waypoints)


def contact_point(bf: Battlefield, base_id: str, other_id: str, towards: Vec2) -> Vec2:
    """Where the mover's centre stands in base contact with ``other`` on the side of ``towards`` (the side the
    mover stands on when ``towards`` is the other's centre): the engagement [DIG-MOVE-3] offers."""
    mover, other = bf.base(base_id), bf.base(other_id)
    d = towards - other.centre
    if d.length() == 0:
        d = mover.centre - other.centre
    return other.centre + d.normalized() * (mover.radius + other.radius)


def engaging_end(bf: Battlefield, base_id: str, at: Vec2) -> tuple[str, Vec2] | None:
    """The enemy a requested end point reaches for, and the contact point with it, when the point lies on that
    enemy's base or within 1″ of touching it ([DIG-MOVE-3]: such an end is offered as contact or 1″ short);
    the nearest such enemy. None when the point is clear of every enemy."""
    mover = bf.base(base_id)
    near = [(at.distance_to(e.centre) - mover.radius - e.radius, e.id) for e in bf.enemies_of(base_id)]
    near = [(gap, eid) for gap, eid in near if gap < ONE_INCH - 1e-9]
    if not near:
        return None
    enemy_id = min(near)[1]
    return enemy_id, contact_point(bf, base_id, enemy_id, at)


def stop_short(bf: Battlefield, base_id: str, waypoints: tuple[Vec2, ...]) -> tuple[tuple[Vec2, ...], Vec2]:
    """The last point along the waypoints at least 1″ from every enemy ([MOVE-8])."""
    mover = bf.base(base_id)
    enemies = bf.enemies_of(base_id)
    for i in range(len(waypoints) - 1, 0, -1):
        a, b = waypoints[i - 1], waypoints[i]
        bad = [iv for e in enemies if (iv := _line_disc(a, b, e.centre, mover.radius + e.radius + ONE_INCH))]
        candidates = sorted({1.0, *(s for s, _ in bad if 0.0 <= s <= 1.0)}, reverse=True)
        for t in candidates:
            if all(not (s + 1e-12 < t < e - 1e-12) for s, e in bad):
                p = Vec2(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
                return tuple(waypoints[:i]) + (p,), p
    return (waypoints[0],), waypoints[0]


def _line_disc(a: Vec2, b: Vec2, c: Vec2, radius: float) -> geo.Interval | None:
    """Unclamped parameters of line ab strictly within ``radius`` of c."""
    dx, dy = b.x - a.x, b.y - a.y
    fx, fy = a.x - c.x, a.y - c.y
    qa = dx * dx + dy * dy
    if qa == 0:
        return None
    qb = 2 * (fx * dx + fy * dy)
    qc = fx * fx + fy * fy - radius * radius
    disc = qb * qb - 4 * qa * qc
    if disc <= 0:
        return None
    root = math.sqrt(disc)
    return ((-qb - root) / (2 * qa), (-qb + root) / (2 * qa))
