"""Exact plane geometry on plain tuples: the narrow phase behind every pymunk query.

pymunk finds the candidate shapes fast; these functions give the exact answers
the rules need (how long a line runs inside a piece, where it leaves it, when a
sliding base first overlaps a polygon), which pymunk's first-hit queries do not
report. Convex parts are lists of points in positive (shoelace) orientation.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Pt = tuple[float, float]
Interval = tuple[float, float]


def area2(poly: Sequence[Pt]) -> float:
    """Twice the signed shoelace area."""
    n = len(poly)
    return sum(poly[i][0] * poly[(i + 1) % n][1] - poly[(i + 1) % n][0] * poly[i][1] for i in range(n))


def orient(a: Pt, b: Pt, c: Pt) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def positive(poly: Sequence[Pt]) -> list[Pt]:
    pts = [(float(x), float(y)) for x, y in poly]
    return pts if area2(pts) > 0 else pts[::-1]


def _point_in_triangle(p: Pt, a: Pt, b: Pt, c: Pt) -> bool:
    return orient(a, b, p) >= 0 and orient(b, c, p) >= 0 and orient(c, a, p) >= 0


def triangulate(poly: Sequence[Pt]) -> list[list[Pt]]:
    """Ear clipping of a simple polygon (positive orientation), collinear points dropped."""
    pts = positive(poly)
    idx = list(range(len(pts)))
    tris: list[list[Pt]] = []
    guard = 0
    while len(idx) > 3 and guard < 10000:
        guard += 1
        n = len(idx)
        for k in range(n):
            i0, i1, i2 = idx[k - 1], idx[k], idx[(k + 1) % n]
            a, b, c = pts[i0], pts[i1], pts[i2]
            o = orient(a, b, c)
            if o <= 1e-12:
                if abs(o) <= 1e-12:  # collinear vertex: drop it
                    idx.pop(k)
                    break
                continue
            if any(_point_in_triangle(pts[j], a, b, c) for j in idx if j not in (i0, i1, i2)):
                continue
            tris.append([a, b, c])
            idx.pop(k)
            break
        else:
            break  # numerically stuck; the remainder is taken as a fan below
    if len(idx) >= 3:
        rest = [pts[i] for i in idx]
        for k in range(1, len(rest) - 1):
            if abs(orient(rest[0], rest[k], rest[k + 1])) > 1e-12:
                tris.append([rest[0], rest[k], rest[k + 1]])
    return tris


def is_convex(poly: Sequence[Pt]) -> bool:
    n = len(poly)
    return all(orient(poly[i - 1], poly[i], poly[(i + 1) % n]) >= -1e-12 for i in range(n))


def convex_parts(poly: Sequence[Pt]) -> list[list[Pt]]:
    """Split a simple polygon into convex parts (ear clipping, then Hertel–Mehlhorn merging).

    pymunk.Poly takes the convex hull of what it is given, so an L-shaped building
    must reach it as parts that are each convex.
    """
    pts = positive(poly)
    if is_convex(pts):
        return [_drop_collinear(pts)]
    parts = triangulate(pts)
    merged = True
    while merged:
        merged = False
        for i in range(len(parts)):
            for j in range(i + 1, len(parts)):
                joined = _join(parts[i], parts[j])
                if joined is not None and is_convex(joined):
                    parts[i] = _drop_collinear(joined)
                    parts.pop(j)
                    merged = True
                    break
            if merged:
                break
    return parts


def _drop_collinear(poly: list[Pt]) -> list[Pt]:
    n = len(poly)
    out = [poly[i] for i in range(n) if abs(orient(poly[i - 1], poly[i], poly[(i + 1) % n])) > 1e-12]
    return out if len(out) >= 3 else poly


def _join(p: list[Pt], q: list[Pt]) -> list[Pt] | None:
    """Union of two parts sharing a whole edge (opposite directions), else None."""
    n, m = len(p), len(q)
    for i in range(n):
        a, b = p[i], p[(i + 1) % n]
        for j in range(m):
            if q[j] == b and q[(j + 1) % m] == a:
                # walk p from b around to a, then q from a around to b
                out = [p[(i + 1 + k) % n] for k in range(n)]  # b ... a
                out += [q[(j + 2 + k) % m] for k in range(m - 2)]  # after a in q, up to before b
                return out
    return None


def point_in_convex(p: Pt, poly: Sequence[Pt], eps: float = 0.0) -> bool:
    """Strictly inside (by more than eps) a positive convex polygon."""
    n = len(poly)
    for i in range(n):
        a, b = poly[i], poly[(i + 1) % n]
        ex, ey = b[0] - a[0], b[1] - a[1]
        if (ex * (p[1] - a[1]) - ey * (p[0] - a[0])) / math.hypot(ex, ey) <= eps:
            return False
    return True


def point_in_polygon(p: Pt, poly: Sequence[Pt]) -> bool:
    """Even-odd test for any simple polygon (boundary points may go either way)."""
    x, y = p
    inside = False
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def segment_point_distance(a: Pt, b: Pt, p: Pt) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    ll = dx * dx + dy * dy
    t = 0.0 if ll == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / ll))
    return math.hypot(a[0] + t * dx - p[0], a[1] + t * dy - p[1])


def distance_to_convex(p: Pt, poly: Sequence[Pt]) -> float:
    """Distance from a point to a convex polygon (0 inside)."""
    if point_in_convex(p, poly):
        return 0.0
    n = len(poly)
    return min(segment_point_distance(poly[i], poly[(i + 1) % n], p) for i in range(n))


def clip_convex(a: Pt, b: Pt, poly: Sequence[Pt]) -> Interval | None:
    """Parameters [t0, t1] ⊂ [0, 1] of segment ab inside a positive convex polygon (Cyrus–Beck)."""
    t0, t1 = 0.0, 1.0
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = len(poly)
    for i in range(n):
        px, py = poly[i]
        qx, qy = poly[(i + 1) % n]
        ex, ey = qx - px, qy - py
        # inside when cross(e, p - poly[i]) >= 0
        num = ex * (a[1] - py) - ey * (a[0] - px)
        den = ex * dy - ey * dx
        if den == 0:
            if num <= 1e-12:  # parallel and on or outside this edge: no interior crossed
                return None
            continue
        t = -num / den
        if den > 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return None
    return (t0, t1)


def edges_of(poly: Sequence[Pt]) -> tuple[tuple[float, float, float, float], ...]:
    """Precomputed (x, y, dx, dy) per edge, for clip_edges."""
    n = len(poly)
    return tuple((poly[i][0], poly[i][1], poly[(i + 1) % n][0] - poly[i][0], poly[(i + 1) % n][1] - poly[i][1])
                 for i in range(n))


def clip_edges(ax: float, ay: float, dx: float, dy: float,
               edges: tuple[tuple[float, float, float, float], ...]) -> Interval | None:
    """clip_convex for a segment a + t·d against precomputed edges (the LOS hot path)."""
    t0, t1 = 0.0, 1.0
    for px, py, ex, ey in edges:
        num = ex * (ay - py) - ey * (ax - px)
        den = ex * dy - ey * dx
        if den == 0:
            if num <= 1e-12:
                return None
            continue
        t = -num / den
        if den > 0:
            if t > t0:
                t0 = t
        elif t < t1:
            t1 = t
        if t0 > t1:
            return None
    return (t0, t1)


def clip_disc(a: Pt, b: Pt, c: Pt, r: float) -> Interval | None:
    """Parameters of segment ab within distance r of point c."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    fx, fy = a[0] - c[0], a[1] - c[1]
    qa = dx * dx + dy * dy
    qb = 2 * (fx * dx + fy * dy)
    qc = fx * fx + fy * fy - r * r
    if qa == 0:
        return (0.0, 1.0) if qc <= 0 else None
    disc = qb * qb - 4 * qa * qc
    if disc < 0:
        return None
    s = math.sqrt(disc)
    t0, t1 = (-qb - s) / (2 * qa), (-qb + s) / (2 * qa)
    t0, t1 = max(t0, 0.0), min(t1, 1.0)
    return (t0, t1) if t0 <= t1 else None


def swept_convex(a: Pt, b: Pt, r: float, poly: Sequence[Pt]) -> Interval | None:
    """Parameters of segment ab where a disc of radius r centred on it meets a convex polygon.

    The polygon grown by r is the union of the polygon, a rectangle on each edge
    and a disc on each vertex; being convex, the union of their intervals is one.
    """
    if r <= 0:
        return clip_convex(a, b, poly)
    best: list[float] = []
    seg = math.hypot(b[0] - a[0], b[1] - a[1])
    tiny = 1e-9 / seg if seg > 0 else 0.0  # components that only touch the line do not join the union
    iv = clip_convex(a, b, poly)
    if iv and iv[1] - iv[0] > tiny:
        best = [iv[0], iv[1]]
    for p, rect in _grown(tuple(poly), r):
        for piece in (clip_convex(a, b, rect), clip_disc(a, b, p, r)):
            if piece and piece[1] - piece[0] > tiny:
                best = [min(best[0], piece[0]), max(best[1], piece[1])] if best else [piece[0], piece[1]]
    return (best[0], best[1]) if best else None


Edges = tuple[tuple[float, float, float, float], ...]


def swept_edges(ax: float, ay: float, bx: float, by: float, r: float, edges: Edges,
                grown: list[tuple[Pt, Edges]]) -> Interval | None:
    """:func:`swept_convex` of a polygon given by its precomputed edges (``edges_of``) and, for ``r`` > 0, its
    :func:`grown_edges`: the same arithmetic in the same order, so the same answer, without rebuilding tuples."""
    dx, dy = bx - ax, by - ay
    if r <= 0:
        return clip_edges(ax, ay, dx, dy, edges)
    best0 = best1 = 0.0
    some = False
    seg = math.hypot(dx, dy)
    tiny = 1e-9 / seg if seg > 0 else 0.0
    iv = clip_edges(ax, ay, dx, dy, edges)
    if iv and iv[1] - iv[0] > tiny:
        best0, best1, some = iv[0], iv[1], True
    a, b = (ax, ay), (bx, by)
    for p, rect in grown:
        for piece in (clip_edges(ax, ay, dx, dy, rect), clip_disc(a, b, p, r)):
            if piece and piece[1] - piece[0] > tiny:
                if some:
                    best0, best1 = min(best0, piece[0]), max(best1, piece[1])
                else:
                    best0, best1, some = piece[0], piece[1], True
    return (best0, best1) if some else None


_GROWN_EDGES: dict[tuple[tuple[Pt, ...], float], list[tuple[Pt, Edges]]] = {}


def grown_edges(poly: tuple[Pt, ...], r: float) -> list[tuple[Pt, Edges]]:
    """:func:`_grown`'s rectangles as precomputed edges, for :func:`swept_edges` (once per polygon and radius)."""
    found = _GROWN_EDGES.get((poly, r))
    if found is None:
        found = [(p, edges_of(rect)) for p, rect in _grown(poly, r)]
        if len(_GROWN_EDGES) > 4096:
            _GROWN_EDGES.clear()
        _GROWN_EDGES[(poly, r)] = found
    return found


_GROWN: dict[tuple[tuple[Pt, ...], float], list[tuple[Pt, list[Pt]]]] = {}


def _grown(poly: tuple[Pt, ...], r: float) -> list[tuple[Pt, list[Pt]]]:
    """Per edge of a positive convex polygon: its first vertex and the rectangle it sweeps outwards by r
    (positive), as :func:`swept_convex` needs them; worked out once per polygon and radius."""
    found = _GROWN.get((poly, r))
    if found is None:
        found = []
        n = len(poly)
        for i in range(n):
            p, q = poly[i], poly[(i + 1) % n]
            ex, ey = q[0] - p[0], q[1] - p[1]
            el = math.hypot(ex, ey)
            nx, ny = ey / el * r, -ex / el * r  # outward for positive orientation
            found.append((p, positive([p, (p[0] + nx, p[1] + ny), (q[0] + nx, q[1] + ny), q])))
        if len(_GROWN) > 4096:
            _GROWN.clear()
        _GROWN[(poly, r)] = found
    return found


def merge(intervals: list[Interval], gap: float = 1e-9) -> list[Interval]:
    out: list[list[float]] = []
    for s, e in sorted(intervals):
        if out and s <= out[-1][1] + gap:
            out[-1][1] = max(out[-1][1], e)
        else:
            out.append([s, e])
    return [(s, e) for s, e in out]
