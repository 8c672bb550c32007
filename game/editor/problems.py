"""The map checks, asked of the content layer: the editor shows exactly what the loader would report.

The document's file data goes through ``build_map`` (the schema, then the semantic checks) without
a YAML round trip; each problem is tied to the piece its key path names, so the scene can mark the
piece and select it when the problem is clicked.
"""

from __future__ import annotations

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

    def text(self, piece_id: str | None = None) -> str:
        return f"{piece_id}: {self.message}" if piece_id else f"{self.where or 'map'}: {self.message}"


def check(state: MapState) -> list[MapProblem]:
    """Every problem ``python -m game validate`` would report for the map as it would be saved."""
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


def warnings(state: MapState) -> list[MapProblem]:
    """What ``validate`` warns of for a map without problems: overlapping pieces, slivers."""
    doc = Document("<editor>", state.file_data())
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
