"""Circles and segments: where the status of a lane or an end point can change.

The exact searches for charge lanes ([MOVE-4]) and Disengage end points ([SEQ-9]) do not
sample: every legality test there (swept overlap, contact, 1″ gap, table edge, budget)
changes its answer only where two of these curves meet, so the meeting points split the
search into pieces that are each wholly legal or wholly not.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.geometry import shapes as geo

Pt = tuple[float, float]
RAY = 60.0  # longer than the table's diagonal: a segment this long stands for a ray
EPS = 1e-12


@dataclass(frozen=True)
class Circle:
    cx: float
    cy: float
    r: float


@dataclass(frozen=True)
class Seg:
    ax: float
    ay: float
    bx: float
    by: float


Curve = Circle | Seg


def intersect(p: Curve, q: Curve) -> list[Pt]:
    """The points the two curves share (tangency counts once; overlapping curves give none)."""
    if isinstance(p, Circle):
        return circle_circle(p, q) if isinstance(q, Circle) else circle_seg(p, q)
    return circle_seg(q, p) if isinstance(q, Circle) else seg_seg(p, q)


def circle_circle(a: Circle, b: Circle) -> list[Pt]:
    dx, dy = b.cx - a.cx, b.cy - a.cy
    d = math.hypot(dx, dy)
    if d < EPS or d > a.r + b.r + 1e-12 or d < abs(a.r - b.r) - 1e-12:
        return []
    x = (d * d + a.r * a.r - b.r * b.r) / (2 * d)
    h = math.sqrt(max(0.0, a.r * a.r - x * x))
    mx, my = a.cx + dx * x / d, a.cy + dy * x / d
    if h == 0.0:
        return [(mx, my)]
    return [(mx - dy * h / d, my + dx * h / d), (mx + dy * h / d, my - dx * h / d)]


def circle_seg(c: Circle, s: Seg) -> list[Pt]:
    dx, dy = s.bx - s.ax, s.by - s.ay
    fx, fy = s.ax - c.cx, s.ay - c.cy
    qa = dx * dx + dy * dy
    if qa < EPS:
        return []
    qb = 2 * (fx * dx + fy * dy)
    qc = fx * fx + fy * fy - c.r * c.r
    disc = qb * qb - 4 * qa * qc
    if disc < -1e-12:
        return []
    root = math.sqrt(max(0.0, disc))
    out = []
    for t in {(-qb - root) / (2 * qa), (-qb + root) / (2 * qa)}:
        if -1e-9 <= t <= 1 + 1e-9:
            out.append((s.ax + dx * t, s.ay + dy * t))
    return out


def seg_seg(p: Seg, q: Seg) -> list[Pt]:
    rx, ry = p.bx - p.ax, p.by - p.ay
    sx, sy = q.bx - q.ax, q.by - q.ay
    den = rx * sy - ry * sx
    if abs(den) < EPS:
        return []
    qpx, qpy = q.ax - p.ax, q.ay - p.ay
    t = (qpx * sy - qpy * sx) / den
    u = (qpx * ry - qpy * rx) / den
    if -1e-9 <= t <= 1 + 1e-9 and -1e-9 <= u <= 1 + 1e-9:
        return [(p.ax + rx * t, p.ay + ry * t)]
    return []


def ray(frm: Pt, through: Pt) -> Seg | None:
    dx, dy = through[0] - frm[0], through[1] - frm[1]
    n = math.hypot(dx, dy)
    if n < EPS:
        return None
    return Seg(frm[0], frm[1], frm[0] + dx / n * RAY, frm[1] + dy / n * RAY)


def tangent_rays(frm: Pt, c: Circle) -> list[Seg]:
    """The rays from ``frm`` that touch the circle: where a segment from ``frm`` starts or stops meeting it."""
    dx, dy = c.cx - frm[0], c.cy - frm[1]
    d = math.hypot(dx, dy)
    if d <= c.r:
        return []
    base, half = math.atan2(dy, dx), math.asin(c.r / d)
    return [Seg(frm[0], frm[1], frm[0] + RAY * math.cos(a), frm[1] + RAY * math.sin(a))
            for a in (base - half, base + half)]


def critical_points(frm: Pt, c: Curve) -> list[Pt]:
    """The points of the curve nearest and furthest from ``frm`` (and a segment's ends)."""
    if isinstance(c, Circle):
        dx, dy = frm[0] - c.cx, frm[1] - c.cy
        d = math.hypot(dx, dy)
        if d < EPS:
            return [(c.cx + c.r, c.cy)]
        return [(c.cx + dx / d * c.r, c.cy + dy / d * c.r), (c.cx - dx / d * c.r, c.cy - dy / d * c.r)]
    dx, dy = c.bx - c.ax, c.by - c.ay
    ll = dx * dx + dy * dy
    out = [(c.ax, c.ay), (c.bx, c.by)]
    if ll > EPS:
        t = ((frm[0] - c.ax) * dx + (frm[1] - c.ay) * dy) / ll
        if 0.0 < t < 1.0:
            out.append((c.ax + dx * t, c.ay + dy * t))
    return out


def grown_boundary(part: list[Pt], r: float) -> list[Curve]:
    """The outline of a convex part grown by r: each edge pushed out by r, a circle of radius r at each corner."""
    pts = geo.positive(part)
    out: list[Curve] = []
    n = len(pts)
    for i in range(n):
        (ax, ay), (bx, by) = pts[i], pts[(i + 1) % n]
        el = math.hypot(bx - ax, by - ay)
        if el < EPS:
            continue
        nx, ny = (by - ay) / el * r, -(bx - ax) / el * r  # outward for positive orientation
        out.append(Seg(ax + nx, ay + ny, bx + nx, by + ny))
        out.append(Circle(ax, ay, r))
    return out


def near(c: Curve, p: Pt, reach: float) -> bool:
    """Whether some point of the curve lies within ``reach`` of p."""
    if isinstance(c, Circle):
        return abs(math.hypot(p[0] - c.cx, p[1] - c.cy) - c.r) <= reach
    return geo.segment_point_distance((c.ax, c.ay), (c.bx, c.by), p) <= reach


def table_lines(r: float, size: float) -> list[Curve]:
    """Where a base of radius r touches a table edge ([MOVE-12])."""
    lo, hi = r, size - r
    return [Seg(lo, -1, lo, size + 1), Seg(hi, -1, hi, size + 1), Seg(-1, lo, size + 1, lo),
            Seg(-1, hi, size + 1, hi)]
