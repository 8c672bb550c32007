"""Small hand-made maps for geometry tests."""

from __future__ import annotations

from game.content.maps import BattleMap, TerrainPiece
from game.core.vec import Vec2
from game.geometry import BaseRecord, Battlefield

R = 0.5  # a round 1″ base keeps hand-worked answers simple


def rect(x0: float, y0: float, x1: float, y1: float) -> list[tuple[float, float]]:
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def piece(pid: str, kind: str, points: list[tuple[float, float]], **kw: object) -> TerrainPiece:
    style = {"rough": "rubble", "obstacle": "wall", "impassable": "building", "area": "forest"}[kind]
    return TerrainPiece(id=pid, kind=kind, polygon=tuple(Vec2(*p) for p in points), style=style, **kw)  # type: ignore[arg-type]


def base(bid: str, side: str, x: float, y: float, r: float = R, facing: float = 0.0, *flags: str) -> BaseRecord:
    return BaseRecord(bid, side, Vec2(x, y), r, facing, frozenset(flags))


def field(pieces: list[TerrainPiece] = (), bases: list[BaseRecord] = ()) -> Battlefield:  # type: ignore[assignment]
    return Battlefield(BattleMap("test", tuple(pieces)), list(bases))
