"""Line of sight and cover, exactly as [DIG-LOS-1]–[DIG-LOS-5].

The result keeps every line with what blocked or obscured it and where the line
last left it, so the UI can draw the lines and the log can say why.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, NamedTuple

from game.content.maps import TerrainPiece
from game.core.vec import Vec2
from game.geometry import shapes as geo
from game.geometry.battlefield import (
    CAT_AREA,
    CAT_BLOCKS_LOS,
    CAT_OBSTACLE,
    CROSS_EPS,
    MEMO_ENTRIES,
    NEVER_IN_COVER,
    BaseRecord,
    Battlefield,
)

LINE_OFFSETS = (-0.9, -0.45, 0.0, 0.45, 0.9)  # fractions of the target's radius ([DIG-LOS-1])
CENTRE_LINE = 2
COVER_RANGE = 1.0  # [DIG-LOS-3]

CLEAR, OBSCURED, BLOCKED = "clear", "obscured", "blocked"


class Obstruction(NamedTuple):
    """Something a sight line crosses: a terrain piece, another base, or the viewer's arc."""

    kind: str  # "terrain" | "base" | "arc"
    id: str  # piece id, base id, or "" for the arc
    effect: str  # BLOCKED or OBSCURED
    exit_point: Vec2 | None  # where the line last leaves it (None for the arc)
    distance_to_target: float | None  # from the exit point to the target's base edge
    gives_cover: bool  # within 1″ of the target's base edge ([DIG-LOS-5])


class SightLine(NamedTuple):
    number: int  # 0..4 across the target; 2 is the centre line
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


def sample_points(viewer_centre: tuple[float, float], target_centre: tuple[float, float],
                  target_radius: float) -> list[Vec2]:
    """[DIG-LOS-1]: five points across the target, perpendicular to the centre line."""
    tx, ty = target_centre
    dx, dy = tx - viewer_centre[0], ty - viewer_centre[1]
    n = math.hypot(dx, dy)
    px, py = (0.0, 0.0) if n == 0 else (-dy / n * target_radius, dx / n * target_radius)
    return [Vec2(tx + px * k, ty + py * k) for k in LINE_OFFSETS]


def line_of_sight(bf: Battlefield, viewer_id: str, target_id: str, facing: float | None = None) -> LosResult:
    """LOS and cover of ``target`` against ``viewer`` with per-line detail ([DIG-LOS-3], [DIG-LOS-4]).

    ``facing``: the viewer's facing for this check instead of its base's own (a model that may turn
    first, [SEQ-5]: :func:`line_of_sight_turned`). Remembered while the bases stand as they are."""
    key = ("los", viewer_id, target_id, None if facing is None else float(facing))
    memo = bf.memo()
    found = memo.get(key)
    if found is None:
        found = memo[key] = _line_of_sight(bf, viewer_id, target_id, facing)
    return found


def _line_of_sight(bf: Battlefield, viewer_id: str, target_id: str, facing: float | None) -> LosResult:
    viewer, target = bf.base(viewer_id), bf.base(target_id)
    view = viewer.facing if facing is None else float(facing) % 360.0  # as the base turned to ``facing``
    vc, tc = viewer.centre, target.centre
    a = (vc.x, vc.y)
    tcx, tcy, tr = tc.x, tc.y, target.radius
    # every sight line lies within 0.9 r of the centre line, so one grown query finds every candidate
    # (the viewer's own base is left out by its group); each line then tests the candidates it may cross
    # (what swept_candidates finds, without asking pymunk: the candidates are sorted by id below anyway)
    grown = 0.9 * tr + 1e-9
    cand_bases = [rec for rec in bf.swept_bases(a, (tcx, tcy), grown, bf.group_of(viewer_id)) if rec.id != target_id]
    cand_bases.sort(key=lambda r: r.id)
    # the answer follows from these, the terrain and the bases in the corridor alone: remembered while they
    # stand as they are, whatever moves elsewhere
    corridor = (viewer_id, vc, view, target_id, tc, tr, target.flags,
                tuple((r.id, r.centre, r.radius) for r in cand_bases))
    found = bf.sight_memo.get(corridor)
    if found is None:
        if len(bf.sight_memo) > 4 * MEMO_ENTRIES:
            bf.sight_memo.clear()
        found = bf.sight_memo[corridor] = _sight_lines(bf, viewer_id, target, vc, view, grown, cand_bases)
    return found


def _sight_lines(bf: Battlefield, viewer_id: str, target: BaseRecord, vc: Vec2, view: float, grown: float,
                 cand_bases: list[BaseRecord]) -> LosResult:
    """The five sight lines past the terrain and ``cand_bases`` (what lies in the corridor), and the verdict."""
    target_id, tc = target.id, target.centre
    a = (vc.x, vc.y)
    tcx, tcy, tr = tc.x, tc.y, target.radius
    fx, fy = math.cos(math.radians(view)), math.sin(math.radians(view))  # facing_vector(view)
    in_arc = fx * (tc.x - vc.x) + fy * (tc.y - vc.y) + target.radius > 1e-9  # base_in_front_arc, unpacked
    points = sample_points(vc, tc, target.radius)
    cand_parts: list[tuple[str, TerrainPiece, tuple[Any, ...], float, float, float]] = []
    for piece, part in bf.swept_parts(a, (tcx, tcy), grown, CAT_AREA | CAT_BLOCKS_LOS | CAT_OBSTACLE):
        if piece.kind == "area" and (bf.inside_piece(vc, piece) or bf.inside_piece(tc, piece)):
            continue  # models see into and out of the area piece they stand in ([DIG-LOS-2])
        cand_parts.append((piece.id, piece, part.edges, part.centre[0], part.centre[1], part.bound))
    cand_parts.sort(key=lambda c: c[0])
    lines = []
    for i, pt in enumerate(points):
        obs: list[Obstruction] = []
        b = (pt.x, pt.y)
        dx, dy = b[0] - a[0], b[1] - a[1]
        seg_len = math.hypot(dx, dy)
        if not fx * dx + fy * dy > 1e-9 * seg_len:  # [DIG-LOS-5]: a point outside the front arc
            obs.append(Obstruction("arc", "", BLOCKED, None, None, False))
        crossed: dict[str, list[geo.Interval]] = {}
        ll = seg_len * seg_len
        for pid, _piece, edges, cx, cy, bound in cand_parts:
            # cheap rejection: the part's bounding circle is off this line
            t = ((cx - a[0]) * dx + (cy - a[1]) * dy) / ll if ll else 0.0
            t = 0.0 if t < 0 else (1.0 if t > 1 else t)
            if math.hypot(a[0] + t * dx - cx, a[1] + t * dy - cy) > bound:
                continue
            iv = geo.clip_edges(a[0], a[1], dx, dy, edges)
            if iv is not None:
                crossed.setdefault(pid, []).append(iv)
        for pid, ivs in crossed.items():
            inside = sum(e - s_ for s_, e in (geo.merge(ivs) if len(ivs) > 1 else ivs)) * seg_len
            if inside <= CROSS_EPS:
                continue
            piece = bf.battle_map_piece(pid)
            effect = BLOCKED if piece.blocks_sight else OBSCURED
            obs.append(_obstruction("terrain", pid, effect, a, b, max(e for _, e in ivs), tcx, tcy, tr))
        for rec in cand_bases:
            iv = geo.clip_disc(a, b, (rec.centre.x, rec.centre.y), rec.radius)
            if iv is None or (iv[1] - iv[0]) * seg_len <= CROSS_EPS:
                continue
            obs.append(_obstruction("base", rec.id, OBSCURED, a, b, iv[1], tcx, tcy, tr))
        status = BLOCKED if any(o.effect == BLOCKED for o in obs) else (OBSCURED if obs else CLEAR)
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
    if has_los and not target.has(NEVER_IN_COVER):
        for ln in lines:
            for o in ln.obstructions:
                if o.gives_cover and o.id not in sources:
                    sources.append(o.id)
        sources += [f"area:{p.id}" for p in bf.in_area(tc)]
    return LosResult(viewer_id, target_id, has_los, bool(sources), in_arc, tuple(lines), tuple(sources), reason)


def facing_to(viewer: BaseRecord, target: BaseRecord) -> float:
    """The facing that points the viewer's centre at the target's centre (its own when they coincide)."""
    d = target.centre - viewer.centre
    return viewer.facing if d.length() == 0 else math.degrees(math.atan2(d.y, d.x)) % 360.0


def line_of_sight_turned(bf: Battlefield, viewer_id: str, target_id: str) -> LosResult:
    """LOS of a viewer free to turn first ([SEQ-5], [BASE-5]): as it stands once it faces the target's centre.

    Facing the centre puts all five sample points in front ([DIG-LOS-1] spreads them across the centre
    line), so no other facing sees more: this is LOS "after turning" for any target. Cover is then judged
    as the attack will be made, facing the target."""
    return line_of_sight(bf, viewer_id, target_id, facing_to(bf.base(viewer_id), bf.base(target_id)))


def _obstruction(kind: str, oid: str, effect: str, a: geo.Pt, b: geo.Pt, t_exit: float, tcx: float, tcy: float,
                 t_radius: float) -> Obstruction:
    ex, ey = a[0] + (b[0] - a[0]) * t_exit, a[1] + (b[1] - a[1]) * t_exit
    dist = max(0.0, math.hypot(ex - tcx, ey - tcy) - t_radius)
    return Obstruction(kind, oid, effect, Vec2(ex, ey), dist, dist <= COVER_RANGE + 1e-9)
