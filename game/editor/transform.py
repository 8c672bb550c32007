"""Moving, turning, scaling and mirroring polygons on the 36″ table; every result kept to 1/10,000″.

Mirroring reverses the corner order as well as the coordinates, so a piece keeps its winding and
mirroring twice gives back exactly the same list of corners.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from game.editor.document import CENTRE, Pt, pt

# the axes of mirroring and symmetric editing: a vertical line, a horizontal line, the two diagonals,
# and the half turn about the table's centre
AXES: dict[str, str] = {
    "vertical": "across the vertical axis (left to right)",
    "horizontal": "across the horizontal axis (top to bottom)",
    "diagonal": "across the diagonal from the top-left corner",
    "antidiagonal": "across the diagonal from the top-right corner",
    "rotate180": "a half turn about the table's centre",
}
TABLE = 2 * CENTRE


def mirror_point(p: Sequence[float], axis: str) -> Pt:
    x, y = p[0], p[1]
    if axis == "vertical":
        return pt(TABLE - x, y)
    if axis == "horizontal":
        return pt(x, TABLE - y)
    if axis == "diagonal":
        return pt(y, x)
    if axis == "antidiagonal":
        return pt(TABLE - y, TABLE - x)
    if axis == "rotate180":
        return pt(TABLE - x, TABLE - y)
    raise ValueError(f"unknown axis {axis!r}")


def mirror(poly: Sequence[Sequence[float]], axis: str) -> tuple[Pt, ...]:
    out = [mirror_point(p, axis) for p in poly]
    if axis != "rotate180":  # a reflection turns clockwise into anticlockwise: keep the winding
        out.reverse()
    return tuple(out)


def translate(poly: Sequence[Sequence[float]], dx: float, dy: float) -> tuple[Pt, ...]:
    return tuple(pt(p[0] + dx, p[1] + dy) for p in poly)


def rotate(poly: Sequence[Sequence[float]], degrees: float, about: Sequence[float]) -> tuple[Pt, ...]:
    """Turned clockwise on screen (y down) by ``degrees`` about a point."""
    c, s = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
    ox, oy = about[0], about[1]
    return tuple(pt(ox + (p[0] - ox) * c - (p[1] - oy) * s, oy + (p[0] - ox) * s + (p[1] - oy) * c) for p in poly)


def scale(poly: Sequence[Sequence[float]], sx: float, sy: float, about: Sequence[float]) -> tuple[Pt, ...]:
    ox, oy = about[0], about[1]
    return tuple(pt(ox + (p[0] - ox) * sx, oy + (p[1] - oy) * sy) for p in poly)


def bounds(polys: Sequence[Sequence[Sequence[float]]]) -> tuple[float, float, float, float]:
    xs = [p[0] for poly in polys for p in poly] or [0.0]
    ys = [p[1] for poly in polys for p in poly] or [0.0]
    return min(xs), min(ys), max(xs), max(ys)


def axis_line(axis: str) -> tuple[Pt, Pt] | None:
    """The axis as a line across the table (None for the half turn, drawn as a centre mark)."""
    return {"vertical": ((CENTRE, 0.0), (CENTRE, TABLE)), "horizontal": ((0.0, CENTRE), (TABLE, CENTRE)),
            "diagonal": ((0.0, 0.0), (TABLE, TABLE)), "antidiagonal": ((TABLE, 0.0), (0.0, TABLE))}.get(axis)
