"""Legality and cost of a move along waypoints ([DIG-MOVE-1], [DIG-MOVE-7], [MOVE-6]–[MOVE-8], [MOVE-12]).

A move is the base dragged along a polyline. Swept-circle pymunk queries find
the candidates; the exact overlap intervals come from ``shapes``, so that each
continuous overlap with an obstacle is charged once, even across waypoints.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.core.vec import Vec2
from game.geometry import shapes as geo
from game.geometry.battlefield import (
    ALL_TERRAIN,
    CAT_BASE,
    CONTACT_TOLERANCE,
    FLIES,
    MEMO_ENTRIES,
    NEUTRAL,
    OVERLAP_EPS,
    PASSES_ENEMIES,
    BaseRecord,
    Battlefield,
)

ONE_INCH = 1.0  # [MOVE-8]


@dataclass(frozen=True)
class Violation:
    rule: str
    message: str
    where: Vec2 | None = None
    what: str = ""  # piece or base id


@dataclass(frozen=True)
class MoveCheck:
    """Everything a preview or the rules need to know about one move."""

    waypoints: tuple[Vec2, ...]
    length: float
    cost: float
    obstacle_crossings: tuple[tuple[str, float], ...]  # (piece id, cost) per continuous overlap
    rough_crossed: tuple[str, ...]  # rough and area pieces the base overlapped ([TERR-2], [DIG-MOVE-7])
    water_crossed: tuple[str, ...]  # the water ones among them ([TERR-6] Amphibious)
    engaged_with: tuple[str, ...]  # enemies in base contact at the end ([BASE-6])
    violations: tuple[Violation, ...]
    allowance: float | None = None

    @property
    def legal(self) -> bool:
        return not self.violations

    @property
    def refused(self) -> bool:
        """A rule other than [MOVE-8]'s breaks it (the 1″ rule's the mover may meet by stopping short)."""
        return any(v.rule != "MOVE-8" for v in self.violations)

    @property
    def refusal(self) -> Violation | None:
        """The first rule other than [MOVE-8]'s it breaks: the table's own refusals, which a system without
        Iron & Honor's 1″ rule reads alone."""
        return next((v for v in self.violations if v.rule != "MOVE-8"), None)

    @property
    def crosses_rough(self) -> bool:
        return bool(self.rough_crossed)

    @property
    def crosses_water(self) -> bool:
        return bool(self.water_crossed)

    @property
    def end(self) -> Vec2:
        return self.waypoints[-1]

    def rough_penalty(self, ranger: bool = False, amphibious: bool = False, flight: bool = False) -> bool:
        """Whether the −2 of [TERR-2] applies, after Ranger, Amphibious and Flight ([TERR-6])."""
        if ranger or flight:
            return False
        if amphibious:
            return any(p not in self.water_crossed for p in self.rough_crossed)
        return self.crosses_rough


_MOVE_CHECK_FIELDS = tuple(f for f in MoveCheck.__dataclass_fields__)


def _move_check(*values: object) -> MoveCheck:
    """``MoveCheck(*values)`` without the frozen dataclass's one ``object.__setattr__`` per field (thousands of
    checks a game): the same object, its fields set in one go."""
    check = object.__new__(MoveCheck)
    check.__dict__.update(zip(_MOVE_CHECK_FIELDS, values, strict=True))
    return check


def blocks_movement(mover: BaseRecord, other: BaseRecord, bf: Battlefield) -> bool:
    """[MOVE-7]: enemies block unless the mover is Agile; friends block only when engaged; a neutral
    base (the Prisoner, [ENC-RES-3]) blocks like any base."""
    if other.id == mover.id:
        return False
    if other.side == NEUTRAL:
        return True
    if other.side != mover.side:
        return not mover.has(PASSES_ENEMIES)
    return bf.is_engaged(other.id)


def polyline_length(points: Sequence[tuple[float, float]]) -> float:
    return sum(math.dist(points[i], points[i + 1]) for i in range(len(points) - 1))


def check_move(bf: Battlefield, base_id: str, waypoints: Sequence[tuple[float, float]],
               allowance: float | None = None, ignore: Sequence[str] = ()) -> MoveCheck:
    """Check a move from the base's current centre through ``waypoints`` ([DIG-MOVE-1]).

    ``ignore`` names bases that neither block nor count at the end (a charge's target
    is handled by its caller). The answer follows from the index alone, so it is remembered
    while the bases stand as they are (the AI and the rules ask the same moves many times).
    """
    key = _move_key(base_id, waypoints, allowance, ignore)
    memo = bf.memo()
    found = memo.get(key)
    if found is None:
        found = memo[key] = _check_move(bf, base_id, waypoints, allowance, ignore)
    return found


def surely_illegal(bf: Battlefield, base_id: str, waypoints: Sequence[tuple[float, float]],
                   allowance: float | None = None) -> bool:
    """Whether :func:`check_move` of this move (ignoring no base) finds a violation other than [MOVE-8]'s, by its
    cheap parts alone: the remembered answer when there is one, else leaving the table ([MOVE-12]), ending on
    another base ([MOVE-7]) or entering impassable terrain ([TERR-4]: the terrain's sweep, remembered, so the full
    check after it does not sweep again). False says nothing: the full check decides."""
    found: MoveCheck | None = bf.memo().get(_move_key(base_id, waypoints, allowance, ()))
    if found is not None:
        return found.refused
    return _cheaply_refused(bf, base_id, _legs(bf, base_id, waypoints))


def check_move_unless_refused(bf: Battlefield, base_id: str, waypoints: Sequence[tuple[float, float]],
                              allowance: float | None = None) -> MoveCheck | None:
    """:func:`check_move` (ignoring no base), or None when :func:`surely_illegal`: a caller refusing a move that
    breaks a rule other than [MOVE-8] need not have the rest of it worked out."""
    key = _move_key(base_id, waypoints, allowance, ())
    memo = bf.memo()
    found = memo.get(key)
    if found is not None:
        return None if found.refused else found
    legs = _legs(bf, base_id, waypoints)
    if _cheaply_refused(bf, base_id, legs):
        return None
    found = memo[key] = _check_move_fast(bf, base_id, waypoints, allowance, (), legs)
    return found


def _move_key(base_id: str, waypoints: Sequence[tuple[float, float]], allowance: float | None,
              ignore: Sequence[str]) -> tuple[object, ...]:
    return "move", base_id, tuple((float(p[0]), float(p[1])) for p in waypoints), allowance, tuple(ignore)


def _cheaply_refused(bf: Battlefield, base_id: str, legs: Legs) -> bool:
    mover, pts, seg_starts, violations = legs
    if violations:
        return True
    end = pts[-1]
    if bf.overlapping_bases((end.x, end.y), mover.radius, ignore=base_id):
        return True  # end_position's exact test
    return any(_terrain_sweep(bf, pts, seg_starts, mover.radius)[0])


def _check_move(bf: Battlefield, base_id: str, waypoints: Sequence[tuple[float, float]],
                allowance: float | None, ignore: Sequence[str]) -> MoveCheck:
    """The move check from :meth:`Battlefield.swept_bases` and ``swept_parts`` (no pymunk query), its
    violations in the order pymunk's candidates would give them: its moving bases before its static terrain,
    the terrain in its static tree's order; when two bases stand in one leg's way, in the order the base
    meets them, then by id (``_sort_leg``: pymunk's tree of bases, and so its order, depends on how the bases
    came to stand where they are, so a remembered answer and a fresh one could list them differently)."""
    return _check_move_fast(bf, base_id, waypoints, allowance, ignore)


Legs = tuple[BaseRecord, list[Vec2], list[float], list[Violation]]


def _legs(bf: Battlefield, base_id: str, waypoints: Sequence[tuple[float, float]]) -> Legs:
    """The start of a move check: the mover, its path from where it stands, the distance at each waypoint, and
    leaving the table: the table is convex, so checking the waypoints covers the legs ([MOVE-12])."""
    mover = bf.base(base_id)
    pts = [Vec2(float(p[0]), float(p[1])) for p in waypoints]
    if not pts or pts[0] != mover.centre:
        pts.insert(0, mover.centre)
    seg_starts = [0.0]
    for i in range(len(pts) - 1):
        seg_starts.append(seg_starts[-1] + pts[i].distance_to(pts[i + 1]))
    violations: list[Violation] = []
    for p in pts[1:]:
        if not bf.on_table(p, mover.radius):
            violations.append(Violation("MOVE-12", "the base would leave the table", p))
            break
    return mover, pts, seg_starts, violations


def _check_move_fast(bf: Battlefield, base_id: str, waypoints: Sequence[tuple[float, float]],
                     allowance: float | None, ignore: Sequence[str], legs: Legs | None = None) -> MoveCheck:
    """``legs``: :func:`_legs` of this move when the caller has worked them out already (used up here)."""
    mover, pts, seg_starts, violations = legs or _legs(bf, base_id, waypoints)
    r, flight, length = mover.radius, mover.has(FLIES), seg_starts[-1]
    blocking: dict[str, bool] = {}  # asked only of the bases the swept base meets (is_engaged costs queries)
    leg_violations, rough, obstacles, pieces = _terrain_sweep(bf, pts, seg_starts, r)
    hit_bases: set[str] = set()
    group = bf.group_of(base_id)
    for i in range(len(pts) - 1):
        seg = seg_starts[i + 1] - seg_starts[i]
        if seg == 0:
            continue
        a, b = pts[i], pts[i + 1]
        leg: list[Violation] = []
        for rec in bf.swept_bases(a, b, r, group):
            if rec.id in hit_bases:
                continue
            iv = geo.clip_disc(a, b, (rec.centre.x, rec.centre.y), r + rec.radius)
            if iv is not None and (iv[1] - iv[0]) * seg > OVERLAP_EPS:
                if rec.id not in blocking:
                    blocking[rec.id] = rec.id not in ignore and blocks_movement(mover, rec, bf)
                if blocking[rec.id]:
                    hit_bases.add(rec.id)
                    what = "an enemy" if rec.side != mover.side else "an engaged friendly model"
                    leg.append(Violation("MOVE-7", f"the base would pass through {what} ({rec.called})",
                                         Vec2(*_at(a, b, iv[0])), rec.id))
        _sort_leg(a, leg)
        violations += leg
        violations += leg_violations[i]  # pymunk answers the bases before the terrain
    return _finish(bf, mover, pts, length, flight, rough, obstacles, dict(pieces), violations, allowance, ignore)


def _sort_leg(a: geo.Pt, leg: list[Violation]) -> None:
    """Bases passed through on one leg, in the order the base meets them (its distance along the leg), then by
    id: an order that follows from where the bases stand alone."""
    if len(leg) > 1:
        leg.sort(key=lambda v: (math.dist(a, v.where or a), v.what))  # (a leg's violations all say where)


Sweep = tuple[list[list[Violation]], dict[str, list[tuple[float, float]]], dict[str, list[tuple[float, float]]],
              dict[str, Any]]


def _terrain_sweep(bf: Battlefield, pts: list[Vec2], seg_starts: list[float], r: float) -> Sweep:
    """What the terrain does to a base of radius ``r`` dragged along ``pts``: per leg the impassable pieces it
    enters (TERR-4), the spans over rough and obstacle pieces, the pieces met. The terrain never moves, so the
    answer is remembered (a model that stood still is asked the same moves again after others moved). The
    parts come in pymunk's order (Battlefield.swept_parts), so its violations are listed as pymunk's would be."""
    key = (tuple(pts), r)
    memo = bf.sweep_memo
    if key in memo:
        known: Sweep = memo[key]
        return known
    legs: list[list[Violation]] = []
    rough: dict[str, list[tuple[float, float]]] = {}
    obstacles: dict[str, list[tuple[float, float]]] = {}
    pieces: dict[str, Any] = {}
    found: Sweep = (legs, rough, obstacles, pieces)
    for i in range(len(pts) - 1):
        leg: list[Violation] = []
        legs.append(leg)
        ax, ay = pts[i]
        bx, by = pts[i + 1]
        seg = seg_starts[i + 1] - seg_starts[i]
        if seg == 0:
            continue
        for piece, part in bf.swept_parts((ax, ay), (bx, by), r):
            iv = geo.swept_edges(ax, ay, bx, by, r, part.edges, geo.grown_edges(part.key, r) if r > 0 else [])
            if iv is None or (iv[1] - iv[0]) * seg <= OVERLAP_EPS:
                continue
            span = (seg_starts[i] + iv[0] * seg, seg_starts[i] + iv[1] * seg)
            pieces[piece.id] = piece
            if piece.kind == "impassable":
                leg.append(Violation("TERR-4", f"the base would enter impassable terrain ({piece.name})",
                                     Vec2(*_at((ax, ay), (bx, by), iv[0])), piece.id))
            elif piece.kind == "obstacle":
                obstacles.setdefault(piece.id, []).append(span)
            else:
                rough.setdefault(piece.id, []).append(span)
    if len(memo) > 4 * MEMO_ENTRIES:
        memo.clear()
    memo[key] = found
    return found


def _check_move_indexed(bf: Battlefield, base_id: str, waypoints: Sequence[tuple[float, float]],
                        allowance: float | None, ignore: Sequence[str]) -> MoveCheck:
    """The move check from pymunk's swept queries (the reference :func:`_check_move_fast` agrees with)."""
    mover, pts, seg_starts, violations = _legs(bf, base_id, waypoints)
    r, flight, length = mover.radius, mover.has(FLIES), seg_starts[-1]
    blocking: dict[str, bool] = {}  # asked only of the bases the swept base meets (is_engaged costs queries)

    def blocks(rec: BaseRecord) -> bool:
        if rec.id not in blocking:
            blocking[rec.id] = rec.id not in ignore and blocks_movement(mover, rec, bf)
        return blocking[rec.id]
    rough: dict[str, list[tuple[float, float]]] = {}
    obstacles: dict[str, list[tuple[float, float]]] = {}
    pieces = {}
    hit_bases: set[str] = set()
    for i in range(len(pts) - 1):
        a, b = (pts[i].x, pts[i].y), (pts[i + 1].x, pts[i + 1].y)
        seg = seg_starts[i + 1] - seg_starts[i]
        if seg == 0:
            continue
        leg: list[Violation] = []  # the bases passed through, then the terrain entered ([MOVE-7], [TERR-4])
        entered: list[Violation] = []
        for shape in bf.swept_candidates(a, b, r, ALL_TERRAIN | CAT_BASE, bf.group_of(base_id)):
            part = bf.part_of_shape(shape)
            if part is not None:
                piece, poly = part
                iv = geo.swept_convex(a, b, r, poly)
                if iv is None or (iv[1] - iv[0]) * seg <= OVERLAP_EPS:
                    continue
                span = (seg_starts[i] + iv[0] * seg, seg_starts[i] + iv[1] * seg)
                pieces[piece.id] = piece
                if piece.kind == "impassable":
                    entered.append(Violation("TERR-4", f"the base would enter impassable terrain ({piece.name})",
                                             Vec2(*_at(a, b, iv[0])), piece.id))
                elif piece.kind == "obstacle":
                    obstacles.setdefault(piece.id, []).append(span)
                else:
                    rough.setdefault(piece.id, []).append(span)
                continue
            rec = bf.base_of_shape(shape)
            if rec is None or rec.id in hit_bases:
                continue
            iv = geo.clip_disc(a, b, (rec.centre.x, rec.centre.y), r + rec.radius)
            if iv is not None and (iv[1] - iv[0]) * seg > OVERLAP_EPS and blocks(rec):
                hit_bases.add(rec.id)
                what = "an enemy" if rec.side != mover.side else "an engaged friendly model"
                leg.append(Violation("MOVE-7", f"the base would pass through {what} ({rec.called})",
                                     Vec2(*_at(a, b, iv[0])), rec.id))
        _sort_leg(a, leg)
        violations += leg + entered
    return _finish(bf, mover, pts, length, flight, rough, obstacles, pieces, violations, allowance, ignore)


def _finish(bf: Battlefield, mover: BaseRecord, pts: list[Vec2], length: float, flight: bool,
            rough: dict[str, list[tuple[float, float]]], obstacles: dict[str, list[tuple[float, float]]],
            pieces: dict[str, Any], violations: list[Violation], allowance: float | None,
            ignore: Sequence[str]) -> MoveCheck:
    """The rest of a move check once the legs are swept: obstacle crossings, rough ground, cost, the end."""
    r = mover.radius
    # each continuous overlap with an obstacle costs its cross_cost ([DIG-MOVE-7], [TERR-3])
    crossings = []
    for pid in sorted(obstacles):
        for _ in geo.merge(obstacles[pid], 1e-9):
            crossings.append((pid, 0.0 if flight else pieces[pid].cross_cost))
    moved = length > 0
    rough_ids = tuple(sorted(rough)) if moved else ()
    if moved:  # the start position counts too ([DIG-MOVE-7])
        start_rough = [p.id for p in bf.pieces_overlapping(mover.centre, r) if p.is_rough and p.id not in rough]
        rough_ids = tuple(sorted(set(rough_ids) | set(start_rough)))
        for pid in start_rough:
            pieces[pid] = next(p for p in bf.battle_map.pieces if p.id == pid)
    water = tuple(p for p in rough_ids if pieces[p].water)
    cost = length + sum(c for _, c in crossings)
    if allowance is not None and cost > allowance + 1e-9:
        violations.append(Violation("MOVE-6", f"the move costs {cost:.2f}″, more than the {allowance:g}″ allowed"))
    end = pts[-1]
    engaged, end_violations = end_position(bf, mover, end, ignore)
    violations += end_violations
    return _move_check(tuple(pts), length, cost, tuple(crossings), rough_ids, water, tuple(engaged),
                       tuple(violations), allowance)


def _at(a: geo.Pt, b: geo.Pt, t: float) -> geo.Pt:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def end_position(bf: Battlefield, mover: BaseRecord, end: Vec2,
                 ignore: Sequence[str] = ()) -> tuple[list[str], list[Violation]]:
    """Enemies engaged at ``end`` and what is wrong with ending there ([MOVE-7], [MOVE-8], [DIG-MOVE-7])."""
    r = mover.radius
    out: list[Violation] = []
    engaged, near, overlapped = [], [], []
    ex, ey = float(end[0]), float(end[1])
    side, me = mover.side, mover.id
    for cx, cy, cr, c_side, e in bf.rows():  # each base once: overlap (as overlapping_bases), contact, the 1″ rule
        if e.id == me:
            continue
        centres = math.hypot(ex - cx, ey - cy)
        if centres < r + cr - OVERLAP_EPS:
            overlapped.append(e)
        if c_side in (side, NEUTRAL):
            continue  # [ENC-RES-3]: the 1″ rule does not apply to a neutral base
        gap = centres - r - cr  # end.distance_to(e.centre), unpacked
        if gap <= CONTACT_TOLERANCE and gap >= -OVERLAP_EPS:
            engaged.append(e.id)
        elif gap < ONE_INCH - 1e-9 and e.id not in ignore:
            near.append(e)
    overlapped.sort(key=lambda e: e.id)
    for other in overlapped:
        if other.id not in ignore:
            out.append(Violation("MOVE-7", f"the move would end overlapping {other.called}", end, other.id))
    for piece in bf.pieces_overlapping(end, r):
        if piece.kind == "obstacle":
            out.append(Violation("DIG-MOVE-7", f"the move would end on obstacle ({piece.name})", end, piece.id))
    if near and not engaged:
        near.sort(key=lambda e: e.id)
        out.append(Violation("MOVE-8", "the move would end nearer than 1″ to " +
                             ", ".join(e.called for e in near) + " without base contact", end, near[0].id))
    return sorted(engaged), out
