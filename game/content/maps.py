"""Map files (formats.md "Map files"): terrain pieces on the 36″ × 36″ table.

A map is accepted whole or not at all: the schema catches shapes and types, then
the semantic checks here catch what a schema cannot (polygons that cross
themselves or leave the table, duplicate ids, flags on the wrong kind), every
problem located by key path and line so a modder sees the full list at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Literal

from pydantic import AfterValidator

from game.content.schema import Point, StrictModel, Text, validated_whole
from game.content.yaml_loader import Document, KeyPath, load_yaml, parse_yaml
from game.core.errors import Problem
from game.core.vec import Vec2
from game.paths import MAPS_DIR

MAP_FORMAT = "iron-honor/map@1"
TABLE_SIZE = 36.0
TerrainKind = Literal["rough", "obstacle", "impassable", "area"]
KINDS: tuple[str, ...] = ("rough", "obstacle", "impassable", "area")
# The terrain styles: how a piece looks (its kind decides the rules). docs/terrain-styles.md is made from this.
STYLE_NOTES: dict[str, str] = {
    "forest": "trees; usually an area piece (blocks sight through it, cover inside)",
    "ruins": "broken walls of a building; usually rough or area",
    "wall": "a stone or garden wall; usually an obstacle",
    "building": "a house or hall; usually impassable, blocking sight",
    "river": "deep water; usually impassable (set water: true)",
    "rocks": "boulders and outcrops; usually impassable",
    "hedge": "a hedgerow; usually an obstacle",
    "fence": "a wooden fence; usually an obstacle with a small crossing cost",
    "field": "crops or ploughed land; usually rough",
    "marsh": "boggy ground; usually rough",
    "pond": "still water; usually impassable (set water: true)",
    "chasm": "a crack in the ground; usually impassable, not blocking sight",
    "rubble": "heaps of stone; usually rough",
    "ford": "a shallow crossing; usually rough (set water: true)",
    "well": "a village well; usually impassable, not blocking sight",
    "logs": "fallen logs; usually an obstacle",
    "brush": "scrub and bushes; usually rough or area",
    "stream": "shallow running water; usually rough (set water: true)",
}
STYLES: tuple[str, ...] = tuple(STYLE_NOTES)
Style = Literal[STYLES]  # type: ignore[valid-type]


def _cost(value: float) -> float:
    if not 0 < value <= 36:
        raise ValueError(f"expected a crossing cost in inches in (0, 36], found {value}")
    return value


Cost = Annotated[float, AfterValidator(_cost)]


class PieceEntry(StrictModel):
    id: Text
    kind: TerrainKind
    polygon: list[Point]
    style: Style | None = None
    blocks_los: bool | None = None
    cross_cost: Cost | None = None
    water: bool = False


class MapFile(StrictModel):
    format: Literal["iron-honor/map@1"]
    name: Text
    description: str | None = None
    terrain: list[PieceEntry]


@dataclass(frozen=True)
class TerrainPiece:
    """One terrain piece as plain data (the geometry layer indexes these)."""

    id: str
    kind: str  # rough | obstacle | impassable | area ([TERR-1])
    polygon: tuple[Vec2, ...]
    style: str
    blocks_los: bool = False  # impassable only ([TERR-4]); area always blocks ([TERR-5])
    cross_cost: float = 1.0  # obstacles only ([TERR-3])
    water: bool = False

    @property
    def is_rough(self) -> bool:
        """Area terrain counts as rough ([TERR-5])."""
        return self.kind in ("rough", "area")

    @property
    def name(self) -> str:
        """How a player reads the piece: its id in words ("long_hall": "Long hall"), as the table prints it."""
        return self.id.replace("_", " ").capitalize()

    @property
    def blocks_sight(self) -> bool:
        return self.kind == "area" or (self.kind == "impassable" and self.blocks_los)


@dataclass(frozen=True)
class BattleMap:
    __provenance__ = ("file",)  # where it was read from: not part of what the map is (game.core.copies)

    name: str
    pieces: tuple[TerrainPiece, ...]
    description: str = ""
    file: str = ""

    @property
    def size(self) -> float:
        """The side of the square table in inches ([DIG-1]): every map is played on the 36″ table."""
        return TABLE_SIZE

    def piece(self, piece_id: str) -> TerrainPiece:
        return next(p for p in self.pieces if p.id == piece_id)


_DEFAULT_STYLE = {"rough": "rubble", "obstacle": "wall", "impassable": "building", "area": "forest"}


def signed_area(points: list[tuple[float, float]] | tuple[Vec2, ...]) -> float:
    """Shoelace area: positive when the points run clockwise on screen (y down)."""
    n = len(points)
    return 0.5 * sum(points[i][0] * points[(i + 1) % n][1] - points[(i + 1) % n][0] * points[i][1] for i in range(n))


def _orient(a: tuple[float, float], b: tuple[float, float], c: tuple[float, float]) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def _on_segment(a: tuple[float, float], b: tuple[float, float], p: tuple[float, float]) -> bool:
    return min(a[0], b[0]) - 1e-12 <= p[0] <= max(a[0], b[0]) + 1e-12 and \
        min(a[1], b[1]) - 1e-12 <= p[1] <= max(a[1], b[1]) + 1e-12


def segments_touch(a: tuple[float, float], b: tuple[float, float], c: tuple[float, float],
                   d: tuple[float, float]) -> bool:
    """Closed segments ab and cd share at least one point."""
    d1, d2, d3, d4 = _orient(c, d, a), _orient(c, d, b), _orient(a, b, c), _orient(a, b, d)
    if ((d1 > 0 > d2) or (d1 < 0 < d2)) and ((d3 > 0 > d4) or (d3 < 0 < d4)):
        return True
    return (d1 == 0 and _on_segment(c, d, a)) or (d2 == 0 and _on_segment(c, d, b)) or \
        (d3 == 0 and _on_segment(a, b, c)) or (d4 == 0 and _on_segment(a, b, d))


MAX_CORNERS = 100  # a terrain piece's corners: the table's geometry (convex parts, routes) grows faster than n


def corners_problem(n: int) -> str:
    return (f"a polygon of {n} corners; at most {MAX_CORNERS} (a terrain piece or zone is drawn with a few "
            "corners: simplify its outline)")


PAIRWISE_MAX = 64  # corners up to which every pair of edges is compared; above, a sweep (GEOS) finds crossings


def polygon_defect(points: list[tuple[float, float]]) -> str | None:
    """Why a ring of points is not a simple polygon, or None when it is one.

    Repeats and fold-backs are checked corner by corner, crossings by comparing every pair of
    edges on small polygons and by GEOS's indexed check (shapely) on larger ones, which then names
    two edges meeting where GEOS found the crossing. GEOS is n log n on most outlines but nearer
    quadratic on star-like ones (40,000 corners: 16 s), so content files bound the corners
    (MAX_CORNERS): the checks of a file stay linear in its size.
    """
    key = tuple(points)
    found = _DEFECTS.get(key, _UNKNOWN)  # (one lookup: the content scan's thread may clear it meanwhile)
    if found is not _UNKNOWN:
        return found  # type: ignore[return-value]
    found = _defect(points)
    if len(_DEFECTS) >= 4096:  # kept for the map editor, which asks again after every edit
        _DEFECTS.clear()
    _DEFECTS[key] = found
    return found


_DEFECTS: dict[tuple, str | None] = {}
_UNKNOWN = object()


def _defect(points: list[tuple[float, float]]) -> str | None:
    n = len(points)
    for i in range(n):
        if points[i] == points[(i + 1) % n]:
            return f"points {i} and {(i + 1) % n} are the same point; remove the repeat"
    for i in range(n):
        a, b, c = points[i - 1], points[i], points[(i + 1) % n]
        if _orient(a, b, c) == 0 and (a[0] - b[0]) * (c[0] - b[0]) + (a[1] - b[1]) * (c[1] - b[1]) > 0:
            return f"the edges at point {i} fold back over each other"
    crossing = _pairwise_crossing(points) if n <= PAIRWISE_MAX else _swept_crossing(points)
    if crossing:
        return crossing
    if abs(signed_area(points)) < 1e-6:
        return "the polygon has no area"
    return None


def _pairwise_crossing(points: list[tuple[float, float]]) -> str | None:
    """Two non-neighbouring edges that share a point, comparing every pair (quadratic: small polygons only)."""
    n = len(points)
    for i in range(n):
        a, b = points[i], points[(i + 1) % n]
        for j in range(i + 2, n):
            if i == 0 and j == n - 1:
                continue  # neighbours through point 0
            c, d = points[j], points[(j + 1) % n]
            if segments_touch(a, b, c, d):
                return f"edges {i} and {j} cross or touch (the polygon must not intersect itself)"
    return None


def _swept_crossing(points: list[tuple[float, float]]) -> str | None:
    """The same verdict as :func:`_pairwise_crossing` from GEOS's validity check of the ring.

    GEOS reports one point where the ring meets itself; the edges through that point are found
    in one pass, so the message names them just as the pairwise check does.
    """
    import shapely

    reason = shapely.is_valid_reason(shapely.Polygon(points))
    if reason == "Valid Geometry":
        return None
    where = _reason_point(reason)
    if where is None:
        return f"the polygon is not simple ({reason})"
    n = len(points)
    scale = max(1.0, max(abs(v) for p in points for v in p))
    near = [i for i in range(n) if _segment_distance(points[i], points[(i + 1) % n], where) <= 1e-9 * scale]
    for k, i in enumerate(near):
        for j in near[k + 1:]:
            if j - i > 1 and not (i == 0 and j == n - 1):
                return f"edges {i} and {j} cross or touch (the polygon must not intersect itself)"
    return f"the polygon crosses or touches itself near [{where[0]:g}, {where[1]:g}]"


def _reason_point(reason: str) -> tuple[float, float] | None:
    """The point of a GEOS validity reason such as ``Self-intersection[1.5 2]``."""
    if "[" not in reason or not reason.endswith("]"):
        return None
    try:
        x, y = reason[reason.index("[") + 1:-1].split()[:2]
        return float(x), float(y)
    except ValueError:
        return None


def _segment_distance(a: tuple[float, float], b: tuple[float, float], p: tuple[float, float]) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
    return ((a[0] + t * dx - p[0]) ** 2 + (a[1] + t * dy - p[1]) ** 2) ** 0.5


def _check(doc: Document, data: MapFile) -> list[Problem]:
    problems: list[Problem] = []
    seen: dict[str, int] = {}
    for i, piece in enumerate(data.terrain):
        path: KeyPath = ("terrain", i)
        if piece.id in seen:
            problems.append(doc.problem(path + ("id",), f"duplicate terrain id '{piece.id}' "
                                                         f"(also terrain[{seen[piece.id]}])"))
        else:
            seen[piece.id] = i
        if piece.blocks_los is not None and piece.kind != "impassable":
            problems.append(doc.problem(path + ("blocks_los",), f"blocks_los applies to impassable pieces only, "
                                                                f"not {piece.kind} (area terrain always blocks LOS)"))
        if piece.cross_cost is not None and piece.kind != "obstacle":
            problems.append(doc.problem(path + ("cross_cost",), f"cross_cost applies to obstacles only, "
                                                                f"not {piece.kind}"))
        pts = [(float(p[0]), float(p[1])) for p in piece.polygon]
        if len(pts) < 3:
            problems.append(doc.problem(path + ("polygon",), f"a polygon needs at least 3 points, found {len(pts)}"))
            continue
        if len(pts) > MAX_CORNERS:
            problems.append(doc.problem(path + ("polygon",), corners_problem(len(pts))))
            continue
        off = [k for k, (x, y) in enumerate(pts) if not (0 <= x <= TABLE_SIZE and 0 <= y <= TABLE_SIZE)]
        for k in off:
            x, y = pts[k]
            problems.append(doc.problem(path + ("polygon", k), f"point [{x:g}, {y:g}] is off the table "
                                                               f"(x and y must be within 0..{TABLE_SIZE:g})"))
        defect = polygon_defect(pts)
        if defect:
            problems.append(doc.problem(path + ("polygon",), defect))
    return problems


def build_map(doc: Document) -> BattleMap:
    """Validate a parsed map whole, or raise ContentError with every problem."""
    data = validated_whole(doc, MapFile, _check)
    pieces = []
    for p in data.terrain:
        pts = [Vec2(float(x), float(y)) for x, y in p.polygon]
        pieces.append(TerrainPiece(
            id=p.id, kind=p.kind, polygon=tuple(pts), style=p.style or _DEFAULT_STYLE[p.kind],
            blocks_los=bool(p.blocks_los), cross_cost=p.cross_cost if p.cross_cost is not None else 1.0,
            water=p.water))
    return BattleMap(name=data.name, pieces=tuple(pieces), description=data.description or "", file=doc.file)


SLIVER = 0.25  # inches: a piece thinner than this everywhere is likely a slip of the mouse
OVERLAP = 0.01  # square inches of overlap worth a word


def map_warnings(doc: Document, battle_map: BattleMap) -> list[Problem]:
    """What loads but is likely a mistake: pieces that overlap (both apply where they do) and slivers.

    Warnings, not errors: a ford laid over a river is meant. Each names the piece's key and line.
    """
    import shapely

    rings = [tuple((v.x, v.y) for v in p.polygon) for p in battle_map.pieces]
    shapes = [shapely.Polygon(ring) for ring in rings]
    boxes = [shape.bounds for shape in shapes]
    out: list[Problem] = []
    for i, (piece, shape) in enumerate(zip(battle_map.pieces, shapes, strict=True)):
        if _thin(rings[i], shape):
            out.append(doc.problem(("terrain", i), f"'{piece.id}' is thinner than {SLIVER:g}″ everywhere: "
                                                    "likely a slip of the mouse"))
        a = boxes[i]
        for j in range(i + 1, len(shapes)):
            b = boxes[j]
            if a[0] > b[2] or b[0] > a[2] or a[1] > b[3] or b[1] > a[3]:
                continue  # apart: no overlap to measure
            area = shape.intersection(shapes[j]).area
            if area > OVERLAP:
                other = battle_map.pieces[j]
                out.append(doc.problem(("terrain", j), f"'{other.id}' ({other.kind}) overlaps '{piece.id}' "
                                                        f"({piece.kind}) by {area:.2f} sq in: both apply there"))
    return out


_THIN: dict[tuple, bool] = {}


def _thin(ring: tuple, shape) -> bool:
    """The piece is thinner than SLIVER everywhere (kept per outline: the map editor asks after every edit)."""
    thin = _THIN.get(ring)
    if thin is None:
        if len(_THIN) >= 4096:
            _THIN.clear()
        thin = _THIN[ring] = bool(shape.buffer(-SLIVER / 2).is_empty)
    return thin


def parse_map(text: str | bytes, file: str = "<map>") -> BattleMap:
    return build_map(parse_yaml(text, file))


def load_map(path: str | Path, display: str | None = None) -> BattleMap:
    """Read and validate one map file; any problem is a ContentError."""
    return build_map(load_yaml(path, display))


def shipped_maps() -> list[Path]:
    """The maps that come with the game, in a stable order."""
    return sorted(MAPS_DIR.glob("*.yaml"))
