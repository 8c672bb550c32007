"""The Battlefield: one pymunk space indexing a map's terrain and the bases on it.

It is an index, never game state: it is built from plain data (a BattleMap and
BaseRecords) and refreshed when bases move. pymunk answers "what is near"
(broad phase); ``shapes`` gives the exact answer the rules ask for.
Distances and contact follow [DIG-3], arcs [DIG-4], containment [ENC-2]/[ENC-SCT-2].
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

import pymunk

from game.content.maps import TABLE_SIZE, BattleMap, TerrainPiece
from game.core.vec import Vec2
from game.geometry import shapes as geo

CONTACT_TOLERANCE = 0.02  # [DIG-3]
OVERLAP_EPS = 1e-7  # bases closer than touching by more than this overlap
CROSS_EPS = 1e-6  # [DIG-LOS-5]: a line must cross a piece's interior by more than this

# collision categories: every shape has one, every query names the ones it wants
CAT_ROUGH = 1 << 0
CAT_OBSTACLE = 1 << 1
CAT_IMPASSABLE = 1 << 2
CAT_AREA = 1 << 3
CAT_BLOCKS_LOS = 1 << 4
CAT_BASE = 1 << 5
KIND_CATEGORY = {"rough": CAT_ROUGH, "obstacle": CAT_OBSTACLE, "impassable": CAT_IMPASSABLE, "area": CAT_AREA}
ALL_TERRAIN = CAT_ROUGH | CAT_OBSTACLE | CAT_IMPASSABLE | CAT_AREA
EDGES = ("top", "bottom", "left", "right")  # y = 0, y = 36, x = 0, x = 36 ([DIG-1])
# what a base's flags may say about its model, set by the rules from the traits that declare them
FLIES = "flies"  # obstacles cost nothing to cross ([T-FLIGHT-1])
PASSES_ENEMIES = "slips_past_enemies"  # enemy bases do not block it ([T-AGILE-2])
NEVER_IN_COVER = "never_in_cover"  # nothing gives it cover ([T-GARG-5])
BASE_FLAGS = (FLIES, PASSES_ENEMIES, NEVER_IN_COVER)
MEMO_ARRANGEMENTS = 8  # arrangements of the bases whose answers Battlefield.memo keeps
MEMO_ENTRIES = 4096  # answers kept per arrangement before its memo starts afresh
NEUTRAL = ""  # the side of a neutral base (the Rescue Prisoner, [ENC-RES-3]): nobody's enemy, blocks everyone


def mask_filter(mask: int, group: int = 0) -> pymunk.ShapeFilter:
    return pymunk.ShapeFilter(group=group, categories=CAT_BASE | ALL_TERRAIN | CAT_BLOCKS_LOS, mask=mask)


@dataclass(frozen=True)
class BaseRecord:
    """A model's base as the geometry sees it: plain data, copied into the index."""

    id: str
    side: str
    centre: Vec2
    radius: float
    facing: float = 0.0  # degrees, 0 = +x, 90 = +y ([DIG-1])
    flags: frozenset[str] = frozenset()  # of BASE_FLAGS
    name: str = ""  # the model's name, for the messages a player reads

    def __post_init__(self) -> None:
        object.__setattr__(self, "centre", Vec2(float(self.centre[0]), float(self.centre[1])))
        object.__setattr__(self, "flags", frozenset(self.flags))

    @property
    def called(self) -> str:
        """How a message names the base: the model's name, else its quoted id."""
        return self.name or f"'{self.id}'"

    def has(self, flag: str) -> bool:
        return flag in self.flags


def base_radius(base_mm: float) -> float:
    """[DIG-2]: base diameters are in millimetres, the table in inches."""
    return base_mm / 25.4 / 2


@dataclass
class _Part:
    piece: TerrainPiece
    points: list[geo.Pt]
    centre: geo.Pt = (0.0, 0.0)
    bound: float = 0.0  # radius of a circle about ``centre`` holding the part
    edges: tuple[tuple[float, float, float, float], ...] = ()
    key: tuple[geo.Pt, ...] = ()  # the points as a tuple (what shapes.grown_edges is keyed on)
    cat: int = 0  # its collision categories


@dataclass
class _Base:
    record: BaseRecord
    body: pymunk.Body
    shape: pymunk.Circle
    group: int


@dataclass(frozen=True)
class TerrainHit:
    """A piece that a base overlaps or touches, with the edge-to-polygon distance."""

    piece: TerrainPiece
    distance: float


@dataclass
class Battlefield:
    """Answers distance, contact, arcs, terrain and zone questions on one map ([DIG-MOVE-6])."""

    battle_map: BattleMap
    bases_in: Iterable[BaseRecord] = ()
    space: pymunk.Space = field(init=False)
    _parts: dict[pymunk.Shape, _Part] = field(init=False, default_factory=dict)
    _piece_parts: dict[str, list[list[geo.Pt]]] = field(init=False, default_factory=dict)
    _pieces: dict[str, TerrainPiece] = field(init=False, default_factory=dict)
    _bases: dict[str, _Base] = field(init=False, default_factory=dict)
    _by_shape: dict[pymunk.Shape, str] = field(init=False, default_factory=dict)
    _next_group: int = field(init=False, default=1)
    revision: int = field(init=False, default=0)  # bumped whenever a base is added, moved, turned or removed
    _memos: dict[tuple[Any, ...], dict[Any, Any]] = field(init=False, default_factory=dict)
    _memo_at: tuple[int, dict[Any, Any]] = field(init=False, default=(-1, {}))
    # answers about the terrain alone
    _terrain_memo: dict[tuple[Any, ...], Any] = field(init=False, default_factory=dict)
    _part_boxes: list[tuple[_Part, float, float, float, float]] = field(init=False, default_factory=list)
    sweep_memo: dict[tuple[Any, ...], Any] = field(init=False, default_factory=dict)  # terrain answers (paths.py)
    sight_memo: dict[tuple[Any, ...], Any] = field(init=False, default_factory=dict)  # sight lines by corridor (los.py)
    _discs_at: tuple[int, list[tuple[float, float, float, str]]] = field(init=False, default=(-1, []))
    _rows_at: tuple[int, list[tuple[float, float, float, str, BaseRecord]]] = field(init=False, default=(-1, []))
    _engaged_at: tuple[int, dict[str, bool]] = field(init=False, default=(-1, {}))

    def __post_init__(self) -> None:
        self._terrain_memo = _terrain_memo_of(self.battle_map)
        self.space = pymunk.Space()
        static = self.space.static_body
        for piece in self.battle_map.pieces:
            cat = KIND_CATEGORY[piece.kind] | (CAT_BLOCKS_LOS if piece.blocks_sight else 0)
            parts = geo.convex_parts([(p[0], p[1]) for p in piece.polygon])
            self._piece_parts[piece.id] = parts
            self._pieces[piece.id] = piece
            for part in parts:
                shape = pymunk.Poly(static, part)
                shape.filter = pymunk.ShapeFilter(categories=cat)
                cx = sum(p[0] for p in part) / len(part)
                cy = sum(p[1] for p in part) / len(part)
                bound = max(math.hypot(p[0] - cx, p[1] - cy) for p in part)
                self._parts[shape] = _Part(piece, part, (cx, cy), bound, geo.edges_of(part), tuple(part), cat)
                self.space.add(shape)
        self.space.reindex_static()
        # each terrain part with its bounding box as pymunk holds it, for queries answered without pymunk, in
        # the order pymunk answers them: its static tree never changes, and a query walks it in one order
        everything = pymunk.BB(-1e9, -1e9, 1e9, 1e9)
        order = self.space.bb_query(everything, pymunk.ShapeFilter())
        self._part_boxes = [(self._parts[shape], shape.bb.left, shape.bb.bottom, shape.bb.right, shape.bb.top)
                            for shape in order if shape in self._parts]
        for record in self.bases_in:
            self.add_base(record)
        self.bases_in = ()

    # ----------------------------------------------------------------- bases
    def add_base(self, record: BaseRecord) -> None:
        body = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
        body.position = (record.centre[0], record.centre[1])
        shape = pymunk.Circle(body, record.radius)
        group = self._next_group
        self._next_group += 1
        shape.filter = pymunk.ShapeFilter(group=group, categories=CAT_BASE)
        self.space.add(body, shape)
        self.space.reindex_shapes_for_body(body)
        self._bases[record.id] = _Base(record, body, shape, group)
        self._by_shape[shape] = record.id
        self.revision += 1

    def remove_base(self, base_id: str) -> None:
        b = self._bases.pop(base_id)
        del self._by_shape[b.shape]
        self.space.remove(b.body, b.shape)
        self.revision += 1

    def update_base(self, base_id: str, centre: tuple[float, float] | None = None,
                    facing: float | None = None, flags: frozenset[str] | None = None) -> None:
        """Refresh the index after a model moved or turned."""
        b = self._bases[base_id]
        changes: dict[str, object] = {}
        if centre is not None:
            changes["centre"] = Vec2(float(centre[0]), float(centre[1]))
        if facing is not None:
            changes["facing"] = float(facing) % 360.0
        if flags is not None:
            changes["flags"] = frozenset(flags)
        b.record = replace(b.record, **changes)  # type: ignore[arg-type]
        self.revision += 1
        if centre is not None:
            b.body.position = (b.record.centre[0], b.record.centre[1])
            self.space.reindex_shapes_for_body(b.body)

    def arrangement(self) -> tuple[BaseRecord, ...]:
        """The bases as they stand now (plain records): equal arrangements answer every question alike."""
        return tuple(b.record for b in self._bases.values())

    def memo(self) -> dict[Any, Any]:
        """A dict for answers that follow from the index alone (move checks, sight lines), valid while the bases
        stand as they are now. The memos of the last few arrangements are kept, so that a model stood somewhere
        for a question and put back (the AI's what-ifs) finds its answers again."""
        rev, found = self._memo_at
        if rev == self.revision:
            return found
        arrangement = self.arrangement()
        kept = self._memos.pop(arrangement, None)
        found = {} if kept is None or len(kept) > MEMO_ENTRIES else kept
        self._memos[arrangement] = found  # the newest last
        while len(self._memos) > MEMO_ARRANGEMENTS:
            del self._memos[next(iter(self._memos))]
        self._memo_at = (self.revision, found)
        return found

    def base(self, base_id: str) -> BaseRecord:
        return self._bases[base_id].record

    def find_base(self, base_id: str) -> BaseRecord | None:
        b = self._bases.get(base_id)
        return None if b is None else b.record

    def base_count(self) -> int:
        return len(self._bases)

    def bases(self) -> list[BaseRecord]:
        return [b.record for b in self._bases.values()]

    def group_of(self, base_id: str) -> int:
        return self._bases[base_id].group

    def base_of_shape(self, shape: pymunk.Shape) -> BaseRecord | None:
        bid = self._by_shape.get(shape)
        return None if bid is None else self._bases[bid].record

    def part_of_shape(self, shape: pymunk.Shape) -> tuple[TerrainPiece, list[geo.Pt]] | None:
        part = self._parts.get(shape)
        return None if part is None else (part.piece, part.points)

    def swept_candidates(self, a: geo.Pt, b: geo.Pt, radius: float, mask: int,
                         group: int = 0) -> list[pymunk.Shape]:
        """Shapes that a disc of ``radius`` dragged from a to b may touch (a superset; callers decide exactly).

        pymunk's own swept segment query is not used: chipmunk's broad phase tests the
        bare segment against shape bounding boxes, so with two or more shapes in the
        index it misses shapes the disc would hit beside the segment. A bounding-box
        query grown by the radius, thinned by bounding circles, is exact as a superset.
        """
        bb = pymunk.BB(min(a[0], b[0]) - radius, min(a[1], b[1]) - radius,
                       max(a[0], b[0]) + radius, max(a[1], b[1]) + radius)
        out = []
        for shape in self.space.bb_query(bb, mask_filter(mask, group)):
            part = self._parts.get(shape)
            if part is not None:
                if geo.segment_point_distance(a, b, part.centre) <= radius + part.bound + 1e-9:
                    out.append(shape)
                continue
            bid = self._by_shape.get(shape)
            if bid is not None:
                rec = self._bases[bid].record
                if geo.segment_point_distance(a, b, (rec.centre.x, rec.centre.y)) <= radius + rec.radius + 1e-9:
                    out.append(shape)
        return out

    def swept_bases(self, a: geo.Pt, b: geo.Pt, radius: float, group: int = 0) -> list[BaseRecord]:
        """The bases ``swept_candidates(a, b, radius, CAT_BASE, group)`` finds, worked out without pymunk (a move
        check asks thousands of times a game): the same tests on each base, pymunk's (its bounding box meets
        the query's box, a base of ``group`` left out) then the bounding circle; in the order of the index,
        not pymunk's tree order."""
        ax, ay = a
        bx, by = b
        ql, qr = (ax if ax < bx else bx) - radius, (ax if ax > bx else bx) + radius  # min / max as pymunk's BB
        qb, qt = (ay if ay < by else by) - radius, (ay if ay > by else by) + radius
        dx, dy = bx - ax, by - ay
        ll = dx * dx + dy * dy
        out = []
        for base in self._bases.values():
            if group and base.group == group:
                continue
            rec = base.record
            cx, cy = rec.centre
            rr = rec.radius
            if ql <= cx + rr and cx - rr <= qr and qb <= cy + rr and cy - rr <= qt and \
                    _seg_point_distance(ax, ay, dx, dy, ll, cx, cy) <= radius + rr + 1e-9:
                out.append(rec)
        return out

    def swept_parts(self, a: geo.Pt, b: geo.Pt, radius: float,
                    mask: int = ALL_TERRAIN) -> list[tuple[TerrainPiece, _Part]]:
        """The terrain parts ``swept_candidates(a, b, radius, mask)`` finds, without pymunk: the same tests
        (bounding boxes, then bounding circles) on each part of the mask's categories, in pymunk's order."""
        ax, ay = a
        bx, by = b
        ql, qr = (ax if ax < bx else bx) - radius, (ax if ax > bx else bx) + radius
        qb, qt = (ay if ay < by else by) - radius, (ay if ay > by else by) + radius
        dx, dy = bx - ax, by - ay
        ll = dx * dx + dy * dy
        out = []
        for part, pl, pb, pr, pt in self._part_boxes:
            if part.cat & mask and ql <= pr and pl <= qr and qb <= pt and pb <= qt and \
                    _seg_point_distance(ax, ay, dx, dy, ll, part.centre[0], part.centre[1]) <= \
                    radius + part.bound + 1e-9:
                out.append((part.piece, part))
        return out

    def near_box(self, lo: geo.Pt, hi: geo.Pt, mask: int) -> tuple[list[tuple[TerrainPiece, list[geo.Pt]]],
                                                                     list[BaseRecord]]:
        """Terrain parts and bases whose bounding boxes meet the box (a superset of what lies in it)."""
        parts, bases = [], []
        for shape in self.space.bb_query(pymunk.BB(lo[0], lo[1], hi[0], hi[1]), mask_filter(mask)):
            part = self._parts.get(shape)
            if part is not None:
                parts.append((part.piece, part.points))
                continue
            bid = self._by_shape.get(shape)
            if bid is not None:
                bases.append(self._bases[bid].record)
        return parts, bases

    def part_info(self, shape: pymunk.Shape) -> tuple[TerrainPiece, tuple[Any, ...], geo.Pt, float] | None:
        """Piece, precomputed edges, bounding-circle centre and radius of a terrain shape."""
        part = self._parts.get(shape)
        return None if part is None else (part.piece, part.edges, part.centre, part.bound)

    def battle_map_piece(self, piece_id: str) -> TerrainPiece:
        return self._pieces[piece_id]

    def piece_parts(self, piece_id: str) -> list[list[geo.Pt]]:
        """The convex parts a piece was split into (what pymunk holds)."""
        return self._piece_parts[piece_id]

    def enemies_of(self, base_id: str) -> list[BaseRecord]:
        side = self.base(base_id).side
        return [b.record for b in self._bases.values() if b.record.side not in (side, NEUTRAL)]

    # ------------------------------------------------------------ distances
    def distance(self, a: str, b: str) -> float:
        """[DIG-3]/[BASE-2]: centre distance minus both radii, never below 0."""
        ra, rb = self.base(a), self.base(b)
        return max(0.0, ra.centre.distance_to(rb.centre) - ra.radius - rb.radius)

    def in_contact(self, a: str, b: str) -> bool:
        """[DIG-3]/[BASE-6]: base contact within the contact tolerance."""
        return self.distance(a, b) <= CONTACT_TOLERANCE

    def within(self, a: str, b: str, inches: float) -> bool:
        """'Within N″' is edge-to-edge, at most N (core.md)."""
        return self.distance(a, b) <= inches + 1e-9

    def bases_within(self, base_id: str, inches: float, side: str | None = None) -> list[str]:
        """Ids of other bases within N″ (optionally of one side), sorted by distance then id."""
        me = self.base(base_id)
        px, py = me.centre
        reach = me.radius + inches + 1e-9
        out = []
        for x, y, r, bid in self.discs():
            # pymunk's point query, which this replaces, keeps a circle whose edge is nearer than ``reach``
            if math.sqrt((px - x) * (px - x) + (py - y) * (py - y)) - r >= reach or bid == base_id:
                continue
            if side is not None and self._bases[bid].record.side != side:
                continue
            if self.within(base_id, bid, inches):
                out.append((self.distance(base_id, bid), bid))
        return [i for _, i in sorted(out)]

    def engaged_with(self, base_id: str) -> list[str]:
        """[BASE-6]: enemies in base contact."""
        me = self.base(base_id)
        return [i for i in self.bases_within(base_id, CONTACT_TOLERANCE)
                if self.base(i).side not in (me.side, NEUTRAL) and me.side != NEUTRAL]

    def is_engaged(self, base_id: str) -> bool:
        """Whether ``engaged_with`` finds anyone: remembered while no base changes (a move check asks it of every
        friend in its way, a route search of every friend on the table)."""
        rev, known = self._engaged_at
        if rev != self.revision:
            known = {}
            self._engaged_at = (self.revision, known)
        found = known.get(base_id)
        if found is None:
            found = known[base_id] = bool(self.engaged_with(base_id))
        return found

    def engagements(self) -> list[tuple[str, str]]:
        """Every engaged pair of enemies, each once, sorted."""
        pairs = set()
        for bid in self._bases:
            for other in self.engaged_with(bid):
                pairs.add(tuple(sorted((bid, other))))
        return sorted(pairs)  # type: ignore[arg-type]

    def overlapping_bases(self, centre: tuple[float, float], radius: float, ignore: str | None = None) -> list[str]:
        """Bases a circle at ``centre`` would overlap (touching is not overlapping). A table holds a few dozen
        bases at most: testing each is faster than asking pymunk, and the test is the same exact one."""
        cx, cy = float(centre[0]), float(centre[1])
        out = [bid for x, y, r, bid in self.discs() if math.hypot(cx - x, cy - y) < radius + r - OVERLAP_EPS
               and bid != ignore]
        if len(out) > 1:
            out.sort()
        return out

    def discs(self) -> list[tuple[float, float, float, str]]:
        """(x, y, radius, id) of every base, in the index's order, kept while no base changes (do not alter it)."""
        rev, discs = self._discs_at
        if rev != self.revision:
            discs = [(b.record.centre.x, b.record.centre.y, b.record.radius, b.record.id) for b in self._bases.values()]
            self._discs_at = (self.revision, discs)
        return discs

    def rows(self) -> list[tuple[float, float, float, str, BaseRecord]]:
        """(x, y, radius, side, record) of every base, in the index's order, kept while no base changes (do not
        alter it)."""
        rev, rows = self._rows_at
        if rev != self.revision:
            rows = [(b.record.centre.x, b.record.centre.y, b.record.radius, b.record.side, b.record)
                    for b in self._bases.values()]
            self._rows_at = (self.revision, rows)
        return rows

    # --------------------------------------------------------------- terrain
    @property
    def terrain_memo(self) -> dict[tuple[Any, ...], Any]:
        """Answers that follow from the map's terrain alone, shared by every index of the map (never a base)."""
        return self._terrain_memo

    def distance_to_piece(self, base_id: str, piece_id: str) -> float:
        """[DIG-3]: from the base edge to the polygon, 0 when they overlap."""
        me = self.base(base_id)
        return self.point_distance_to_piece(me.centre, piece_id, me.radius)

    def point_distance_to_piece(self, point: tuple[float, float], piece_id: str, radius: float = 0.0) -> float:
        d = min(geo.distance_to_convex((point[0], point[1]), part) for part in self._piece_parts[piece_id])
        return max(0.0, d - radius)

    def pieces_at(self, point: tuple[float, float], mask: int = ALL_TERRAIN) -> list[TerrainPiece]:
        """Pieces whose interior holds the point (boundary points are outside). The terrain never moves: the
        answers are remembered."""
        key = ("at", float(point[0]), float(point[1]), mask)
        found = self._terrain_memo.get(key)
        if found is None:
            if len(self._terrain_memo) > MEMO_ENTRIES * 4:
                self._terrain_memo.clear()
            found = self._terrain_memo[key] = self._pieces_at(point, mask)
        return list(found)

    def _pieces_at(self, point: tuple[float, float], mask: int) -> list[TerrainPiece]:
        hits = self.space.point_query((point[0], point[1]), 0.0, mask_filter(mask))
        seen: dict[str, TerrainPiece] = {}
        for h in hits:
            part = self._parts.get(h.shape)
            if part and part.piece.id not in seen and self.inside_piece(point, part.piece):
                seen[part.piece.id] = part.piece
        return sorted(seen.values(), key=lambda p: p.id)

    def inside_piece(self, point: tuple[float, float], piece: TerrainPiece) -> bool:
        """Interior of the whole polygon (seams between convex parts are inside, the outline is not); remembered
        for this map's own pieces."""
        if self._pieces.get(piece.id) is not piece:
            return self._inside_piece(point, piece)
        key = ("inside", float(point[0]), float(point[1]), piece.id)
        found = self._terrain_memo.get(key)
        if found is None:
            if len(self._terrain_memo) > MEMO_ENTRIES * 4:
                self._terrain_memo.clear()
            found = self._terrain_memo[key] = self._inside_piece(point, piece)
        return found

    def _inside_piece(self, point: tuple[float, float], piece: TerrainPiece) -> bool:
        p = (point[0], point[1])
        if any(geo.point_in_convex(p, part) for part in self._piece_parts[piece.id]):
            return True
        return geo.point_in_polygon(p, [(q[0], q[1]) for q in piece.polygon]) and not self._on_outline(p, piece)

    @staticmethod
    def _on_outline(p: geo.Pt, piece: TerrainPiece) -> bool:
        pts = piece.polygon
        return any(geo.segment_point_distance(pts[i], pts[(i + 1) % len(pts)], p) < 1e-12 for i in range(len(pts)))

    def pieces_overlapping(self, centre: tuple[float, float], radius: float,
                           mask: int = ALL_TERRAIN) -> list[TerrainPiece]:
        """Pieces a circle overlaps by more than touching (the terrain never moves: answers are remembered)."""
        key = (float(centre[0]), float(centre[1]), radius, mask)
        found = self._terrain_memo.get(key)
        if found is None:
            if len(self._terrain_memo) > MEMO_ENTRIES * 4:
                self._terrain_memo.clear()
            found = self._terrain_memo[key] = self._pieces_overlapping(centre, radius, mask)
        return list(found)

    def _pieces_overlapping(self, centre: tuple[float, float], radius: float, mask: int) -> list[TerrainPiece]:
        """Each part of the mask's categories whose box the circle's box meets, tested exactly (pymunk's point
        query would only narrow the same parts down to a superset of these: the answer is sorted by id)."""
        cx, cy = float(centre[0]), float(centre[1])
        p = (cx, cy)
        limit = radius - OVERLAP_EPS
        seen: dict[str, TerrainPiece] = {}
        for part, pl, pb, pr, pt in self._part_boxes:
            if not part.cat & mask or cx + radius < pl or cx - radius > pr or cy + radius < pb or \
                    cy - radius > pt or part.piece.id in seen:
                continue
            if geo.distance_to_convex(p, part.points) < limit:
                seen[part.piece.id] = part.piece
        return sorted(seen.values(), key=lambda p: p.id)

    def terrain_under(self, base_id: str, mask: int = ALL_TERRAIN) -> list[TerrainPiece]:
        """Which pieces a base stands on (any overlap)."""
        me = self.base(base_id)
        return self.pieces_overlapping(me.centre, me.radius, mask)

    def in_area(self, point: tuple[float, float]) -> list[TerrainPiece]:
        return self.pieces_at(point, CAT_AREA)

    # ------------------------------------------------------------------ arcs
    def in_front(self, base_id: str, point: tuple[float, float]) -> bool:
        """[DIG-4]: the angle between facing and the direction to the point is < 90°."""
        return in_front_of(self.base(base_id), point)

    def in_front_arc(self, viewer_id: str, target_id: str) -> bool:
        """[DIG-4]/[BASE-4]: any part of the target's base is in front of the viewer."""
        return base_in_front_arc(self.base(viewer_id), self.base(target_id))

    def in_back_arc(self, attacker_id: str, defender_id: str) -> bool:
        """[DIG-4]: the attacker's centre is strictly behind the defender (angle > 90°)."""
        return centre_behind(self.base(defender_id), self.base(attacker_id).centre)

    # ----------------------------------------------------------------- zones
    @staticmethod
    def on_table(centre: tuple[float, float], radius: float) -> bool:
        """[BASE-1]/[MOVE-12]: the whole base is on the table."""
        lo, hi = radius - 1e-9, TABLE_SIZE - radius + 1e-9
        return lo <= centre[0] <= hi and lo <= centre[1] <= hi

    @staticmethod
    def wholly_off_table(centre: tuple[float, float], radius: float) -> bool:
        """No part of the base is over the table ([CC-4])."""
        x, y = centre
        return x <= -radius + 1e-9 or y <= -radius + 1e-9 or x >= TABLE_SIZE + radius - 1e-9 or \
            y >= TABLE_SIZE + radius - 1e-9

    @staticmethod
    def in_edge_zone(centre: tuple[float, float], radius: float, edge: str, depth: float) -> bool:
        """[ENC-2]: the whole base lies inside the strip of ``depth``″ along ``edge``."""
        if not Battlefield.on_table(centre, radius):
            return False
        x, y = centre
        if edge == "top":
            far = y + radius
        elif edge == "bottom":
            far = TABLE_SIZE - y + radius
        elif edge == "left":
            far = x + radius
        elif edge == "right":
            far = TABLE_SIZE - x + radius
        else:
            raise KeyError(edge)
        return far <= depth + 1e-9

    @staticmethod
    def opposite_edge(edge: str) -> str:
        return {"top": "bottom", "bottom": "top", "left": "right", "right": "left"}[edge]

    @staticmethod
    def distance_to_edge(centre: tuple[float, float], radius: float, edge: str) -> float:
        x, y = centre
        return {"top": y, "bottom": TABLE_SIZE - y, "left": x, "right": TABLE_SIZE - x}[edge] - radius

    @staticmethod
    def quarter_of(centre: tuple[float, float], radius: float, min_from_centre: float = 6.0) -> int | None:
        """[ENC-SCT-2]: quarter 0..3 (0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right)
        holding the whole base with its nearest point at least 6″ from the table centre."""
        half = TABLE_SIZE / 2
        x, y = centre
        if not Battlefield.on_table(centre, radius):
            return None
        if math.hypot(x - half, y - half) - radius < min_from_centre - 1e-9:
            return None
        col = 0 if x + radius <= half + 1e-9 else (1 if x - radius >= half - 1e-9 else None)
        row = 0 if y + radius <= half + 1e-9 else (1 if y - radius >= half - 1e-9 else None)
        if col is None or row is None:
            return None
        return row * 2 + col


# map -> the answers about its terrain alone (which pieces a circle overlaps, which hold a point), shared by
# every index of that map: they are the map's, whatever game stands on it (as routes.nav_graph's graphs are)
_TERRAIN_MEMOS: dict[int, tuple[BattleMap, dict[tuple[Any, ...], Any]]] = {}


def _terrain_memo_of(battle_map: BattleMap) -> dict[tuple[Any, ...], Any]:
    found = _TERRAIN_MEMOS.get(id(battle_map))
    if found is None or found[0] is not battle_map:
        if len(_TERRAIN_MEMOS) > 16:
            _TERRAIN_MEMOS.clear()
        found = _TERRAIN_MEMOS[id(battle_map)] = (battle_map, {})
    return found[1]


def _seg_point_distance(ax: float, ay: float, dx: float, dy: float, ll: float, px: float, py: float) -> float:
    """``shapes.segment_point_distance`` from a to a + d (``ll`` = |d|²), the same arithmetic unpacked."""
    t = 0.0 if ll == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / ll))
    return math.hypot(ax + t * dx - px, ay + t * dy - py)


def facing_vector(facing: float) -> Vec2:
    return Vec2.from_angle(facing)


def in_front_of(model: BaseRecord, point: tuple[float, float]) -> bool:
    """[DIG-4]: strictly less than 90° off the facing (a point on the line is not in front)."""
    d = Vec2(point[0] - model.centre.x, point[1] - model.centre.y)
    n = d.length()
    return n > 0 and facing_vector(model.facing).dot(d) > 1e-9 * n


def base_in_front_arc(viewer: BaseRecord, target: BaseRecord) -> bool:
    d = target.centre - viewer.centre
    return facing_vector(viewer.facing).dot(d) + target.radius > 1e-9


def centre_behind(defender: BaseRecord, point: tuple[float, float]) -> bool:
    d = Vec2(point[0] - defender.centre.x, point[1] - defender.centre.y)
    n = d.length()
    return n > 0 and facing_vector(defender.facing).dot(d) < -1e-9 * n
