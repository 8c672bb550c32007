"""Line of sight and cover, exactly as [DIG-LOS-1]–[DIG-LOS-5].

The result keeps every line with what blocked or obscured it and where the line
last left it, so the UI can draw the lines and the log can say why.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.content.maps import TerrainPiece
from game.core.vec import Vec2
from game.geometry import shapes as geo
from game.geometry.battlefield import (
    CAT_AREA,
    CAT_BASE,
    CAT_BLOCKS_LOS,
    CAT_OBSTACLE,
    CROSS_EPS,
    BaseRecord,
    Battlefield,
    in_front_of,
    mask_filter,
)

LINE_OFFSETS = (-0.9, -0.45, 0.0, 0.45, 0.9)  # fractions of the target's radius ([DIG-LOS-1])
CENTRE_LINE = 2
COVER_RANGE = 1.0  # [DIG-LOS-3]

CLEAR, OBSCURED, BLOCKED = "clear", "obscured", "blocked"


@dataclass(frozen=True)
class Obstruction:
    """Something a sight line crosses: a terrain piece, another base, or the viewer's arc."""

    kind: str  # "terrain" | "base" | "arc"
    id: str  # piece id, base id, or "" for the arc
    effect: str  # BLOCKED or OBSCURED
    exit_point: Vec2 | None  # where the line last leaves it (None for the arc)
    distance_to_target: float | None  # from the exit point to the target's base edge
    gives_cover: bool  # within 1″ of the target's base edge ([DIG-LOS-5])


@dataclass(frozen=True)
class SightLine:
    index: int
    offset: float  # fraction of the target radius, perpendicular to the centre line
    start: Vec2
    end: Vec2
    status: str  # CLEAR | OBSCURED | BLOCKED
    obstructions: tuple[Obstruction, ...]

    @property
    def blocked(self) -> bool:
        return self.status == BLOCKED


@dataclass(frozen=True)
class LosResult:
    viewer: str
    target: str
    has_los: bool
    cover: bool
    in_arc: bool
    lines: tuple[SightLine, ...]
    cover_sources: tuple[str, ...]  # ids of what gives cover ("area:<id>" when standing in area terrain)
    reason: str

    @property
    def centre_line(self) -> SightLine:
        return self.lines[CENTRE_LINE]

    def unblocked_count(self) -> int:
        return sum(1 for ln in self.lines if not ln.blocked)


def sample_points(viewer_centre: Vec2, target_centre: Vec2, target_radius: float) -> list[Vec2]:
    """[DIG-LOS-1]: five points across the target, perpendicular to the centre line."""
    d = target_centre - viewer_centre
    n = d.length()
    perp = Vec2(0.0, 0.0) if n == 0 else Vec2(-d.y / n, d.x / n)
    return [target_centre + perp * (k * target_radius) for k in LINE_OFFSETS]


def line_of_sight(bf: Battlefield, viewer_id: str, target_id: str) -> LosResult:
    """LOS and cover of ``target`` against ``viewer`` with per-line detail ([DIG-LOS-3], [DIG-LOS-4])."""
    viewer, target = bf.base(viewer_id), bf.base(target_id)
    vc, tc = viewer.centre, target.centre
    in_arc = bf.in_front_arc(viewer_id, target_id)
    points = sample_points(vc, tc, target.radius)
    # a segment query per sight line; the viewer's own base is left out by its group
    mask = CAT_AREA | CAT_BLOCKS_LOS | CAT_OBSTACLE | CAT_BASE
    flt = mask_filter(mask, bf.group_of(viewer_id))
    pieces: dict[str, tuple[TerrainPiece, list[list[geo.Pt]]]] = {}
    others: dict[str, BaseRecord] = {}
    for pt in points:
        for h in bf.space.segment_query(tuple(vc), tuple(pt), 0.0, flt):
            part = bf.part_of_shape(h.shape)
            if part is not None:
                if part[0].id not in pieces:
                    pieces[part[0].id] = (part[0], bf.piece_parts(part[0].id))
                continue
            rec = bf.base_of_shape(h.shape)
            if rec is not None and rec.id not in (viewer_id, target_id):
                others[rec.id] = rec
    # area pieces the viewer or the target stands in never block ([DIG-LOS-2])
    standing = {p.id for p in bf.in_area(vc)} | {p.id for p in bf.in_area(tc)}
    target_in_area = [p.id for p in bf.in_area(tc)]
    lines = []
    a = (vc.x, vc.y)
    for i, pt in enumerate(points):
        obs: list[Obstruction] = []
        if not in_front_of(viewer, pt):
            obs.append(Obstruction("arc", "", "blocked", None, None, False))
        b = (pt.x, pt.y)
        seg_len = math.hypot(b[0] - a[0], b[1] - a[1])
        for pid in sorted(pieces):
            piece, parts = pieces[pid]
            if piece.kind == "area" and pid in standing:
                continue
            ivs = [iv for iv in (geo.clip_convex(a, b, part) for part in parts) if iv]
            inside = sum(e - s for s, e in geo.merge(ivs)) * seg_len
            if inside <= CROSS_EPS:
                continue
            t_exit = max(e for _, e in ivs)
            effect = "blocked" if piece.blocks_sight else "obscured"
            obs.append(_obstruction("terrain", pid, effect, a, b, t_exit, tc, target.radius))
        for _, rec in sorted(others.items()):
            iv = geo.clip_disc(a, b, (rec.centre.x, rec.centre.y), rec.radius)
            if iv is None or (iv[1] - iv[0]) * seg_len <= CROSS_EPS:
                continue
            obs.append(_obstruction("base", rec.id, "obscured", a, b, iv[1], tc, target.radius))
        status = "blocked" if any(o.effect == "blocked" for o in obs) else ("obscured" if obs else "clear")
        lines.append(SightLine(i, LINE_OFFSETS[i], vc, pt, status, tuple(obs)))
    unblocked = sum(1 for ln in lines if ln.status != "blocked")
    centre_ok = lines[CENTRE_LINE].status != "blocked"
    has_los = in_arc and (centre_ok or unblocked >= 3)
    if not in_arc:
        reason = "target is not in the viewer's front arc"
    elif has_los:
        reason = "centre line not blocked" if centre_ok else f"{unblocked} of 5 lines not blocked"
    else:
        reason = f"centre line blocked and only {unblocked} of 5 lines not blocked"
    sources: list[str] = []
    if has_los and not target.has("gargantuan"):
        for ln in lines:
            for o in ln.obstructions:
                if o.gives_cover and o.id not in sources:
                    sources.append(o.id)
        sources += [f"area:{pid}" for pid in target_in_area]
    return LosResult(viewer_id, target_id, has_los, bool(sources), in_arc, tuple(lines), tuple(sources), reason)


def _obstruction(kind: str, oid: str, effect: str, a: geo.Pt, b: geo.Pt, t_exit: float, tc: Vec2,
                 t_radius: float) -> Obstruction:
    exit_point = Vec2(a[0] + (b[0] - a[0]) * t_exit, a[1] + (b[1] - a[1]) * t_exit)
    dist = max(0.0, exit_point.distance_to(tc) - t_radius)
    return Obstruction(kind, oid, effect, exit_point, dist, dist <= COVER_RANGE + 1e-9)
