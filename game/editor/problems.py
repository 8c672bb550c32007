"""The map checks, asked of the content layer: the editor shows exactly what the loader would report.

The document's file data goes through ``build_map`` (the schema, then the semantic checks) without
a YAML round trip; each problem is tied to the piece its key path names, so the scene can mark the
piece and select it when the problem is clicked.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from game.content.maps import build_map, map_warnings
from game.content.yaml_loader import Document
from game.core.errors import ContentError
from game.editor.document import MapState

_PIECE = re.compile(r"^terrain\[(\d+)\](?:\.polygon\[(\d+)\])?")


@dataclass(frozen=True)
class MapProblem:
    where: str  # the loader's key path, e.g. "terrain[3].polygon[1]"
    message: str
    uid: int | None  # the piece it is about, or None for the whole map
    corner: int | None = None  # the corner it names, if any
    warning: bool = False  # loads and plays, but likely a mistake (``validate`` warns of it)
    spots: tuple[tuple[float, float], ...] = ()  # the places to ring on the table (a crossing, corners)

    def text(self, piece_id: str | None = None) -> str:
        return f"{piece_id}: {self.message}" if piece_id else f"{self.where or 'map'}: {self.message}"


def check(state: MapState, selected: frozenset[int] = frozenset()) -> list[MapProblem]:
    """Every problem ``python -m game validate`` would report for the map as it would be saved, in a map
    maker's words (see :func:`plain`)."""
    found = loader_problems(state)
    return plain(state, found, selected) if found else []


def loader_problems(state: MapState) -> list[MapProblem]:
    """The loader's own problems, each tied to its piece and corner, in the loader's words (what ``check``
    words for a map maker; the selection does not change these, so they are kept per state)."""
    try:
        build_map(Document("<editor>", state.file_data()))
    except ContentError as exc:
        out = []
        for p in exc.problems:
            m = _PIECE.match(p.where)
            uid = corner = None
            if m:
                i = int(m.group(1))
                if i < len(state.pieces):
                    uid = state.pieces[i].uid
                corner = int(m.group(2)) if m.group(2) is not None else None
            out.append(MapProblem(p.where, p.message, uid, corner))
        return out
    return []


_EDGES = re.compile(r"edges (\d+) and (\d+) cross or touch")
_NEAR = re.compile(r"near \[([-\d.e]+), ([-\d.e]+)\]")
_SAME = re.compile(r"points (\d+) and (\d+) are the same point")
_FOLD = re.compile(r"the edges at point (\d+) fold back")
_DUP = re.compile(r"duplicate terrain id '(.*)' \(also terrain\[(\d+)\]\)")


def _crossing(a, b, c, d) -> tuple[float, float]:
    """Where segment ab meets cd (or, if they only touch or run together, the nearest end)."""
    den = (b[0] - a[0]) * (d[1] - c[1]) - (b[1] - a[1]) * (d[0] - c[0])
    if abs(den) > 1e-12:
        t = ((c[0] - a[0]) * (d[1] - c[1]) - (c[1] - a[1]) * (d[0] - c[0])) / den
        t = max(0.0, min(1.0, t))
        return (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))
    return min((a, b, c, d), key=lambda q: min(math.dist(q, r) for r in (a, b, c, d) if r is not q))


def plain(state: MapState, found: list[MapProblem], selected: frozenset[int] = frozenset()) -> list[MapProblem]:
    """The loader's problems as a map maker would say them, one entry per fault, each with the place to
    mark: off-table corners of a piece in one entry; a crossing ringed where the edges cross; a repeated
    id on the piece being edited (the selected one) rather than on whichever comes later."""
    out: list[MapProblem] = []
    off: dict[int, list[int]] = {}
    for pr in found:
        piece = state.get(pr.uid) if pr.uid is not None else None
        poly = piece.polygon if piece is not None else ()
        msg = pr.message
        if "is off the table" in msg and piece is not None and pr.corner is not None:
            if piece.uid not in off:  # the piece's uid is the problem's
                off[piece.uid] = []
                out.append(pr)  # its place; filled in below
            off[piece.uid].append(pr.corner)
            continue
        m = _EDGES.search(msg)
        if m and poly:
            i, j = int(m.group(1)), int(m.group(2))
            n = len(poly)
            spot = _crossing(poly[i % n], poly[(i + 1) % n], poly[j % n], poly[(j + 1) % n])
            out.append(MapProblem(pr.where, "its outline crosses itself (ringed): drag a corner back to undo the "
                                  "twist", pr.uid, None, spots=(spot,)))
            continue
        m = _NEAR.search(msg)
        if m and poly:
            spot = (float(m.group(1)), float(m.group(2)))
            out.append(MapProblem(pr.where, "its outline crosses or touches itself (ringed): move a corner "
                                  "apart", pr.uid, None, spots=(spot,)))
            continue
        m = _SAME.search(msg)
        if m and poly:
            i = int(m.group(1)) % len(poly)
            out.append(MapProblem(pr.where, "two corners lie on top of each other (ringed): delete one "
                                  "(right-click it)", pr.uid, i, spots=(poly[i],)))
            continue
        m = _FOLD.search(msg)
        if m and poly:
            i = int(m.group(1)) % len(poly)
            out.append(MapProblem(pr.where, "the outline doubles back on itself at the ringed corner: move or "
                                  "delete it", pr.uid, i, spots=(poly[i],)))
            continue
        m = _DUP.search(msg)
        if m and piece is not None:
            k = int(m.group(2))
            other = state.pieces[k] if k < len(state.pieces) else None
            if other is not None and other.uid in selected and piece.uid not in selected:
                piece, other = other, piece  # the piece just renamed is the one told
            where = f"terrain[{state.index(piece.uid)}].id"
            out.append(MapProblem(where, f"another piece is already named '{m.group(1)}': give this one a name "
                                  "of its own", piece.uid, None))
            continue
        if msg.startswith("a polygon needs at least 3 points"):
            out.append(MapProblem(pr.where, "a piece needs at least 3 corners: add corners or delete it", pr.uid))
            continue
        out.append(pr)
    for k, pr in enumerate(out):  # the off-table corners of a piece: one entry, each corner ringed
        if pr.uid in off and "is off the table" in pr.message:
            owner = state.get(pr.uid)
            assert owner is not None  # off holds only pieces found above
            poly = owner.polygon
            corners = off.pop(pr.uid)
            n = len(corners)
            what = "a corner lies" if n == 1 else f"{n} corners lie"
            out[k] = MapProblem(pr.where, f"{what} off the table (ringed): drag {'it' if n == 1 else 'them'} "
                                "back onto the table", pr.uid, corners[0],
                                spots=tuple(poly[c] for c in corners if c < len(poly)))
    return out


def warnings(state: MapState, checked: bool = False) -> list[MapProblem]:
    """What ``validate`` warns of for a map without problems: overlapping pieces, slivers. ``checked``: the
    caller has found no problems already (the map is not built a second time)."""
    doc = Document("<editor>", state.file_data())
    if checked:
        built = state.battle_map()
    else:
        try:
            built = build_map(doc)
        except ContentError:
            return []
    out = []
    for p in map_warnings(doc, built):
        m = _PIECE.match(p.where)
        uid = state.pieces[int(m.group(1))].uid if m and int(m.group(1)) < len(state.pieces) else None
        out.append(MapProblem(p.where, p.message, uid, None, warning=True))
    return out
