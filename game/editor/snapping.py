"""Snapping a point to the grid, to other pieces' corners and edges, and to the table edge.

Corners win over edges, edges over the table edge, and any of them over the grid, each within a
reach in inches (the scene passes a few pixels' worth, so the pull feels the same at any zoom).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from game.content.maps import TABLE_SIZE
from game.editor.document import Piece, Pt, pt

GRIDS = (0.25, 0.5, 1.0)  # ¼″, ½″, 1″
MAJOR = 6.0  # a major grid line every 6″


@dataclass(frozen=True)
class Snap:
    point: Pt
    kind: str  # "corner" | "edge" | "table" | "grid" | "none"
    source: Pt | None = None  # the corner or edge point it snapped to (for the cue drawn on the table)


@dataclass
class SnapSettings:
    on: bool = True
    grid: float = 0.5
    to_grid: bool = True
    to_pieces: bool = True
    to_table: bool = True


def nearest_on_segment(p: Sequence[float], a: Sequence[float], b: Sequence[float]) -> tuple[Pt, float]:
    dx, dy = b[0] - a[0], b[1] - a[1]
    ll = dx * dx + dy * dy
    t = 0.0 if ll == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / ll))
    q = (a[0] + t * dx, a[1] + t * dy)
    return q, math.dist(p, q)


def snap_point(p: Sequence[float], pieces: Iterable[Piece], settings: SnapSettings, reach: float,
               ignore: frozenset[int] = frozenset(), extra: Sequence[Pt] = ()) -> Snap:
    """Where a pointer at ``p`` lands: the pieces in ``ignore`` (being dragged) are not snapped to; ``extra``
    corners (the polygon being drawn) are."""
    x, y = float(p[0]), float(p[1])
    if not settings.on:
        return Snap(pt(x, y), "none")
    if settings.to_pieces:
        best: tuple[float, Pt] | None = None
        edge: tuple[float, Pt] | None = None
        polys = [q.polygon for q in pieces if q.uid not in ignore and _near(q.bounds, x, y, reach)]
        for c in list(extra) + [c for poly in polys for c in poly]:
            d = math.dist((x, y), c)
            if d <= reach and (best is None or d < best[0]):
                best = (d, c)
        if best is not None:
            return Snap(pt(*best[1]), "corner", best[1])
        for poly in polys:
            for i in range(len(poly)):
                q, d = nearest_on_segment((x, y), poly[i], poly[(i + 1) % len(poly)])
                if d <= reach and (edge is None or d < edge[0]):
                    edge = (d, q)
        if edge is not None:
            return Snap(pt(*edge[1]), "edge", edge[1])
    sx = sy = None
    if settings.to_table:
        for v in (0.0, TABLE_SIZE):
            if abs(x - v) <= reach:
                sx = v
            if abs(y - v) <= reach:
                sy = v
    if settings.to_grid and settings.grid > 0:
        g = settings.grid
        gx, gy = round(x / g) * g, round(y / g) * g
        x2 = sx if sx is not None else gx
        y2 = sy if sy is not None else gy
        return Snap(pt(x2, y2), "table" if sx is not None or sy is not None else "grid")
    if sx is not None or sy is not None:
        return Snap(pt(x if sx is None else sx, y if sy is None else sy), "table")
    return Snap(pt(x, y), "none")


def _near(b: tuple[float, float, float, float], x: float, y: float, reach: float) -> bool:
    return b[0] - reach <= x <= b[2] + reach and b[1] - reach <= y <= b[3] + reach


def snap_delta(dx: float, dy: float, settings: SnapSettings) -> tuple[float, float]:
    """A move of whole grid steps (a dragged piece keeps its corners on the grid it was on)."""
    if not (settings.on and settings.to_grid and settings.grid > 0):
        return dx, dy
    g = settings.grid
    return round(dx / g) * g, round(dy / g) * g


def snap_angle(degrees: float, step: float = 15.0) -> float:
    return round(degrees / step) * step
