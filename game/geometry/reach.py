"""Whether a move can end free of every enemy ([MOVE-9], [SEQ-9]): a complete search, not a sample.

A point is a legal free end when the shortest route ([DIG-MOVE-2]) reaches it within the
allowance and the base there overlaps no base and no obstacle, stays on the table and is at
least 1″ from every enemy. The route search's last edge is always a straight clear edge from
one of its nodes, so the reachable points are the union, over the nodes ``u`` a route reaches
with budget ``b`` left, of the points a clear straight edge from ``u`` reaches within ``b``.
That set is star-shaped about ``u``; if it meets the free ends, the meeting point nearest ``u``
is ``u`` itself, or lies on the outline of the free ends (a 1″ ring, a base's outline, an
obstacle's grown outline, the table edge) where that outline is nearest ``u`` or crosses another
outline or a limit of what ``u`` reaches (the budget circle, a shadow ray, a grown impassable
outline). Trying every such point is a finite, exhaustive search.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterator
from typing import Any

from game.content.maps import TABLE_SIZE
from game.geometry import curves
from game.geometry import shapes as geo
from game.geometry.battlefield import (
    CAT_BASE,
    CAT_IMPASSABLE,
    CAT_OBSTACLE,
    FLIES,
    NEUTRAL,
    OVERLAP_EPS,
    Battlefield,
)
from game.geometry.paths import ONE_INCH
from game.geometry.routes import _edge_cost, reachable_nodes

Pt = curves.Pt


def free_end(bf: Battlefield, base_id: str, allowance: float, accept: Callable[[Pt], bool]) -> Pt | None:
    """A free end point within the allowance that ``accept`` (the rules' own check) takes, or None if none
    exists (see the module's docstring for why the search is complete)."""
    mover = bf.base(base_id)
    r, start = mover.radius, (mover.centre.x, mover.centre.y)
    grow = allowance + r + 2.0
    parts, bases = bf.near_box((start[0] - grow, start[1] - grow), (start[0] + grow, start[1] + grow),
                               CAT_IMPASSABLE | CAT_OBSTACLE | CAT_BASE)
    parts.sort(key=lambda pp: (pp[0].id, pp[1]))
    bases = sorted((b for b in bases if b.id != base_id), key=lambda b: b.id)
    sources, blockers = reachable_nodes(bf, base_id, allowance)
    blocker_ids = {b.id for b in blockers}
    obstacles = [pts for piece, pts in parts if piece.kind == "obstacle"]
    impassable = [pts for piece, pts in parts if piece.kind == "impassable"]
    enemy = {b.id for b in bases if b.side not in (mover.side, NEUTRAL) and mover.side != NEUTRAL}

    # the outline of the free ends, and the limits of what a straight edge reaches
    outline: list[curves.Curve] = list(curves.table_lines(r, TABLE_SIZE))
    for pts in obstacles:
        outline += curves.grown_boundary(pts, r)
    for b in bases:
        outline.append(curves.Circle(b.centre.x, b.centre.y, r + b.radius + (ONE_INCH if b.id in enemy else 0.0)))
    walls: list[curves.Curve] = []  # fixed limits: grown impassable outlines and blocking bases
    touch: list[curves.Circle] = []  # circles a shadow ray from a node may graze
    for pts in impassable + obstacles:
        touch += [curves.Circle(p[0], p[1], r) for p in pts]
    for pts in impassable:
        walls += curves.grown_boundary(pts, r)
    for b in bases:
        if b.id in blocker_ids:
            disc = curves.Circle(b.centre.x, b.centre.y, r + b.radius)
            walls.append(disc)
            touch.append(disc)
    joins = _obstacle_joins(parts, r)  # where two crossings of one obstacle merge into one
    extras = _extra_costs([piece.cross_cost for piece, _ in parts if piece.kind == "obstacle"], allowance)
    crossings = [q for a, b in itertools.combinations(outline, 2) for q in curves.intersect(a, b)]

    freedom: dict[tuple[float, float], bool] = {}  # a point's own verdict does not depend on the node
    tried: set[tuple[tuple[float, float], Pt]] = set()

    def free(q: Pt) -> bool:
        key = (round(q[0], 9), round(q[1], 9))
        if key not in freedom:
            freedom[key] = stands(q)
        return freedom[key]

    def stands(q: Pt) -> bool:
        if not bf.on_table(q, r):
            return False
        for b in bases:
            gap = math.hypot(q[0] - b.centre.x, q[1] - b.centre.y) - r - b.radius
            if gap < (ONE_INCH - 1e-9 if b.id in enemy else -OVERLAP_EPS):
                return False
        return all(geo.distance_to_convex(q, pts) >= r - OVERLAP_EPS for pts in obstacles + impassable)

    for u, spent in sources:
        budget = allowance - spent
        if budget < 0:
            continue
        for q in _candidates(u, budget, outline, walls, touch, joins, extras, crossings):
            if math.dist(u, q) > budget + 1e-9:
                continue
            key = ((round(q[0], 9), round(q[1], 9)), u)
            if key in tried or not free(q):
                continue
            tried.add(key)
            cost = _edge_cost(bf, u, q, r, blockers, mover.has(FLIES), None)
            if cost is not None and cost <= budget + 1e-9 and accept(q):
                return q
    return None


def _candidates(u: Pt, budget: float, outline: list[curves.Curve], walls: list[curves.Curve],
                touch: list[curves.Circle], joins: list[Pt], extras: list[float],
                crossings: list[Pt]) -> Iterator[Pt]:
    """The points to try for one node, cheapest kinds first."""
    yield u
    mine = [c for c in outline if curves.near(c, u, budget)]
    for c in mine:
        yield from curves.critical_points(u, c)
    yield from crossings
    limits: list[curves.Curve] = [c for c in walls if curves.near(c, u, budget)]
    limits += [curves.Circle(u[0], u[1], budget - x) for x in extras if budget - x > 0]
    for c in touch:
        if curves.near(c, u, budget):
            limits += curves.tangent_rays(u, c)
    limits += [ray for q in joins if math.dist(u, q) <= budget + 1e-9 and (ray := curves.ray(u, q))]
    for c in mine:
        for limit in limits:
            yield from curves.intersect(c, limit)


def _obstacle_joins(parts: list[Any], r: float) -> list[Pt]:
    """Where the grown outlines of two parts of one obstacle cross."""
    by_piece: dict[str, list[list[curves.Curve]]] = {}
    for piece, pts in parts:
        if piece.kind == "obstacle":
            by_piece.setdefault(piece.id, []).append(curves.grown_boundary(pts, r))
    out = []
    for outlines in by_piece.values():
        for a, b in itertools.combinations(outlines, 2):
            out += [q for ca in a for cb in b for q in curves.intersect(ca, cb)]
    return out


def _extra_costs(costs: list[float], allowance: float) -> list[float]:
    """The obstacle costs a straight edge may add (each piece crossed up to twice), within the allowance."""
    sums = {0.0}
    for c in costs:
        if c <= 0:
            continue
        sums |= {s + k * c for s in sums for k in (1, 2) if s + k * c <= allowance}
    return sorted(sums)
