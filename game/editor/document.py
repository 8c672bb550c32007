"""The map being edited, as plain immutable data: pieces in drawing order, name, description, twins.

An edit never changes a ``MapState`` in place: a command makes a new one, so undo is putting the old
value back and "undo everything returns the original exactly" holds by construction. Coordinates are
kept to 1/10,000″ (``snap4``) so that mirroring twice, or rotating 180° twice, is exactly the identity.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path

from game.content.maps import KINDS, STYLES, TABLE_SIZE, BattleMap, TerrainPiece

Pt = tuple[float, float]
CENTRE = TABLE_SIZE / 2
_uids = itertools.count(1)


def new_uid() -> int:
    """A key for a piece that no other piece of this session has (ids in a draft may repeat; uids never do)."""
    return next(_uids)


def snap4(v: float) -> float:
    """A coordinate rounded to 1/10,000″ (and -0.0 made 0.0), so files stay short and symmetry is exact."""
    r = round(float(v), 4)
    return 0.0 if r == 0 else r


def pt(x: float, y: float) -> Pt:
    return (snap4(x), snap4(y))


@dataclass(frozen=True)
class Piece:
    """One terrain piece as the map file says it: ``None`` for an optional key the file leaves out."""

    id: str
    kind: str  # rough | obstacle | impassable | area ([TERR-1])
    polygon: tuple[Pt, ...]
    style: str | None = None
    blocks_los: bool | None = None  # impassable only ([TERR-4])
    cross_cost: float | None = None  # obstacles only ([TERR-3])
    water: bool = False  # Amphibious ignores rough penalties for water ([TERR-6])
    uid: int = field(default_factory=new_uid)  # the editor's own key: selection, twins and commands use it

    def copy(self, piece_id: str | None = None) -> Piece:
        """The same piece as a new one (a new uid; the id as given)."""
        return replace(self, id=self.id if piece_id is None else piece_id, uid=new_uid())

    def moved(self, polygon: Iterable[Sequence[float]]) -> Piece:
        return replace(self, polygon=tuple(pt(p[0], p[1]) for p in polygon))

    @property
    def centre(self) -> Pt:
        """The centre of the piece's bounding box (what rotate, scale and the handles turn about)."""
        x0, y0, x1, y1 = self.bounds
        return ((x0 + x1) / 2, (y0 + y1) / 2)

    @cached_property
    def bounds(self) -> tuple[float, float, float, float]:
        xs = [p[0] for p in self.polygon] or [0.0]
        ys = [p[1] for p in self.polygon] or [0.0]
        return min(xs), min(ys), max(xs), max(ys)

    def terrain_piece(self) -> TerrainPiece:
        """The piece as the battle sees it (the loader's defaults filled in)."""
        from game.core.vec import Vec2

        default = {"rough": "rubble", "obstacle": "wall", "impassable": "building", "area": "forest"}
        return TerrainPiece(self.id, self.kind, tuple(Vec2(x, y) for x, y in self.polygon),
                            self.style or default.get(self.kind, "rubble"), bool(self.blocks_los),
                            self.cross_cost if self.cross_cost is not None else 1.0, self.water)


@dataclass(frozen=True)
class MapState:
    """Everything an undo step restores: the file's content and the symmetric-editing twin links."""

    name: str = "New map"
    description: str = ""
    pieces: tuple[Piece, ...] = ()
    twins: tuple[tuple[int, int], ...] = ()  # (uid, twin uid) pairs, each pair once
    symmetry: str | None = None  # the axis of symmetric editing, or None (see transform.AXES)

    def index(self, uid: int) -> int:
        for i, p in enumerate(self.pieces):
            if p.uid == uid:
                return i
        raise KeyError(uid)

    def get(self, uid: int) -> Piece | None:
        return next((p for p in self.pieces if p.uid == uid), None)

    def by_id(self, piece_id: str) -> Piece | None:
        return next((p for p in self.pieces if p.id == piece_id), None)

    def ids(self) -> list[str]:
        return [p.id for p in self.pieces]

    def uids(self) -> list[int]:
        return [p.uid for p in self.pieces]

    def twin_of(self, uid: int) -> int | None:
        for a, b in self.twins:
            if a == uid:
                return b
            if b == uid:
                return a
        return None

    def with_pieces(self, pieces: Iterable[Piece]) -> MapState:
        pieces = tuple(pieces)
        uids = {p.uid for p in pieces}
        twins = tuple((a, b) for a, b in self.twins if a in uids and b in uids)
        return replace(self, pieces=pieces, twins=twins)

    def same_file(self, other: MapState) -> bool:
        """The two states write the same map file (uids and twin links aside)."""
        return self.file_data() == other.file_data()

    def battle_map(self, file: str = "") -> BattleMap:
        """The map as a battle would load it (assumes the pieces are valid; see problems.check)."""
        return BattleMap(self.name, tuple(p.terrain_piece() for p in self.pieces), self.description, file)

    def file_data(self) -> dict:
        """The map file's content as plain data, keys in the file's order (format, name, description, terrain)."""
        out: dict = {"format": "iron-honor/map@1", "name": self.name}
        if self.description:
            out["description"] = self.description
        out["terrain"] = [piece_data(p) for p in self.pieces]
        return out


def piece_data(p: Piece) -> dict:
    """One piece as the map file writes it: id, kind, style, flags, then the polygon."""
    d: dict = {"id": p.id, "kind": p.kind}
    if p.style is not None:
        d["style"] = p.style
    if p.blocks_los is not None:
        d["blocks_los"] = p.blocks_los
    if p.cross_cost is not None:
        d["cross_cost"] = _num(p.cross_cost)
    if p.water:
        d["water"] = True
    d["polygon"] = [[_num(x), _num(y)] for x, y in p.polygon]
    return d


def _num(v: float) -> float | int:
    """Whole numbers written as integers (``12`` not ``12.0``): the shipped maps' style."""
    v = snap4(v)
    return int(v) if v == int(v) else v


def piece_from_data(d: dict) -> Piece:
    poly = tuple(pt(float(x), float(y)) for x, y in d.get("polygon") or [])
    cost = d.get("cross_cost")
    return Piece(str(d["id"]), str(d["kind"]), poly, d.get("style"), d.get("blocks_los"),
                 float(cost) if cost is not None else None, bool(d.get("water", False)))


def state_from_data(data: dict) -> MapState:
    """A map file's plain data as an editor state (the file need not be valid: a draft may not be)."""
    pieces = tuple(piece_from_data(d) for d in data.get("terrain") or [] if isinstance(d, dict))
    return MapState(str(data.get("name") or "New map"), str(data.get("description") or ""), pieces)


# -- ids ---------------------------------------------------------------------------------------------------

def unique_id(wanted: str, taken: Iterable[str]) -> str:
    """``wanted``, or ``wanted_2``, ``wanted_3`` … whichever is free."""
    taken = set(taken)
    base = slug(wanted) or "piece"
    if base not in taken:
        return base
    stem = base.rstrip("0123456789").rstrip("_") or base
    n = 2
    while f"{stem}_{n}" in taken:
        n += 1
    return f"{stem}_{n}"


def slug(text: str) -> str:
    out = "".join(c if c.isalnum() else "_" for c in text.strip().lower())
    while "__" in out:
        out = out.replace("__", "_")
    return out.strip("_")


# -- shapes the drawing tools make ---------------------------------------------------------------------------

def rectangle(a: Sequence[float], b: Sequence[float]) -> tuple[Pt, ...]:
    x0, x1 = sorted((a[0], b[0]))
    y0, y1 = sorted((a[1], b[1]))
    return (pt(x0, y0), pt(x1, y0), pt(x1, y1), pt(x0, y1))


def ellipse(centre: Sequence[float], rx: float, ry: float, sides: int | None = None) -> tuple[Pt, ...]:
    """An ellipse as a polygon with enough sides to read as round (about one corner per ¾″ of rim, 12–48)."""
    if sides is None:
        rim = math.pi * (abs(rx) + abs(ry))
        sides = max(12, min(48, round(rim / 0.75)))
    return tuple(pt(centre[0] + abs(rx) * math.cos(2 * math.pi * k / sides),
                    centre[1] + abs(ry) * math.sin(2 * math.pi * k / sides)) for k in range(sides))


def thick_polyline(points: Sequence[Sequence[float]], width: float) -> tuple[Pt, ...]:
    """A wall, hedge, fence or stream: the polyline grown by ``width``/2 on each side, mitred at the corners
    (a mitre longer than 3 half-widths is cut so a sharp turn cannot spike)."""
    pts = [(float(p[0]), float(p[1])) for p in points]
    pts = [p for i, p in enumerate(pts) if i == 0 or p != pts[i - 1]]
    if len(pts) < 2:
        return ()
    h = width / 2
    left: list[Pt] = []
    right: list[Pt] = []
    for i, p in enumerate(pts):
        normals = []
        segs = []
        if i > 0:
            segs.append((pts[i - 1], p))
        if i + 1 < len(pts):
            segs.append((p, pts[i + 1]))
        for a, b in segs:
            dx, dy = b[0] - a[0], b[1] - a[1]
            n = math.hypot(dx, dy) or 1.0
            normals.append((-dy / n, dx / n))
        nx = sum(n[0] for n in normals)
        ny = sum(n[1] for n in normals)
        ln = math.hypot(nx, ny)
        if ln < 1e-9:
            nx, ny = normals[0]
            scale = h
        else:
            nx, ny = nx / ln, ny / ln
            cos = nx * normals[0][0] + ny * normals[0][1]
            scale = min(h / max(cos, 1e-9), 3 * h)
        left.append(pt(p[0] + nx * scale, p[1] + ny * scale))
        right.append(pt(p[0] - nx * scale, p[1] - ny * scale))
    return tuple(left + right[::-1])


def clip_to_table(polygon: Sequence[Sequence[float]]) -> list[tuple[Pt, ...]]:
    """``polygon`` cut at the table edge: the parts on the table (a river may end on the edge; no corner
    is left off it). A shape wholly on the table comes back as it is; one wholly off it as nothing."""
    pts = [pt(*p) for p in polygon]
    if len(pts) < 3:
        return []
    if all(0 <= x <= TABLE_SIZE and 0 <= y <= TABLE_SIZE for x, y in pts):
        return [tuple(pts)]
    import shapely
    from shapely.geometry.polygon import orient

    shape = shapely.Polygon(pts)
    if not shape.is_valid:
        shape = shapely.make_valid(shape)
    cut = shape.intersection(shapely.box(0, 0, TABLE_SIZE, TABLE_SIZE))
    parts = [g for g in getattr(cut, "geoms", [cut]) if isinstance(g, shapely.Polygon) and g.area > 1e-6]
    ccw = sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(pts, pts[1:] + pts[:1], strict=True)) > 0
    out = []
    for g in parts:
        ring = [pt(x, y) for x, y in orient(g, 1.0 if ccw else -1.0).exterior.coords[:-1]]
        ring = [q for i, q in enumerate(ring) if q != ring[i - 1]]
        if len(ring) >= 3:
            out.append(tuple(ring))
    return out


@dataclass
class Clipboard:
    """Copied pieces, kept by the application so they paste into another map too."""

    pieces: tuple[Piece, ...] = ()
    pastes: int = field(default=0)


def load_state(path: str | Path) -> MapState:
    """A map file (valid or a draft) as an editor state; a file YAML cannot read raises ContentError.

    The file is read as every content file is (:func:`game.content.yaml_loader.read_limited`): a regular
    file only, its size checked before a byte is read, so a FIFO, a device or a huge file is refused at once.
    """
    from game.content.yaml_loader import MAX_BYTES, read_limited
    from game.core.errors import safe_text

    name = safe_text(str(path))
    return state_from_bytes(read_limited(path, name, MAX_BYTES), name)


def state_from_bytes(raw: bytes, name: str) -> MapState:
    """The editor state of a map file's bytes (already read within the limits); ContentError naming ``name``.

    A plain file (no anchors or aliases, no repeated key) is read with libyaml when it is there, several
    times faster; anything else goes through the content loader, which locates the problem.
    """
    from game.content.maps import build_map
    from game.content.yaml_loader import parse_yaml
    from game.core.errors import ContentError, Problem

    data = _fast_yaml(raw)
    if data is None:
        data = parse_yaml(raw, name).data
    try:
        return state_from_data(data if isinstance(data, dict) else {})
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        # not a shape the editor can hold: the loader says where and why (a draft the editor wrote never is)
        build_map(parse_yaml(raw, name))
        raise ContentError(name, [Problem("", None, "the file is not a map the editor can open")]) from None


def _fast_yaml(raw: bytes) -> object | None:
    import yaml

    from game.content.yaml_loader import MAX_BYTES

    loader = getattr(yaml, "CSafeLoader", None)
    if loader is None or len(raw) > MAX_BYTES or any(c in raw for c in (b"&", b"*", b"<<", b"\x00")):
        return None

    class Strict(loader):  # type: ignore[misc, valid-type]
        def construct_mapping(self, node, deep=False):  # a repeated key is the content loader's to report
            keys = [k.value for k, _ in node.value if isinstance(k, yaml.ScalarNode)]
            if len(keys) != len(set(keys)):
                raise yaml.YAMLError("duplicate key")
            return super().construct_mapping(node, deep)

    Strict.add_constructor("tag:yaml.org,2002:map", Strict.construct_yaml_map)
    try:
        return yaml.load(raw, Loader=Strict)
    except (yaml.YAMLError, ValueError, TypeError):
        return None


__all__ = ["CENTRE", "KINDS", "STYLES", "Clipboard", "MapState", "Piece", "Pt", "ellipse", "load_state",
           "piece_data", "pt", "rectangle", "snap4", "state_from_bytes", "state_from_data", "thick_polyline",
           "unique_id"]
