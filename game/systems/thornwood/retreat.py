"""Figures falling back: stepping back from a melee, retiring at a walk, fleeing at a run, routing off the table
([TW-NERVE-3], [TW-NERVE-4], [TW-NERVE-5], [TW-CC-13]).

A figure falls back straight toward its own table edge (or straight away from a point, stepping back from a
melee) as far as its inches and the table's routes allow; fleeing across its own edge takes it off the table
(RULING: the book's fleeing warriors "disappear into the forest").
"""

from __future__ import annotations

import math

from game.geometry.battlefield import Battlefield
from game.systems.thornwood import movement
from game.systems.thornwood.casualties import leave_table
from game.systems.thornwood.kinds import TwEvent
from game.systems.thornwood.state import FigureState, Status, TwState

HOME = {"bottom": (0.0, 1.0), "top": (0.0, -1.0), "left": (-1.0, 0.0), "right": (1.0, 0.0)}
TRIES = (1.0, 0.75, 0.5, 0.25)


def direction_home(state: TwState, f: FigureState) -> tuple[float, float]:
    """The way to the figure's own edge, in table inches (y grows toward the bottom edge)."""
    return HOME[state.edges[f.side]]


def fall_back(state: TwState, f: FigureState, inches: float, away_from: tuple[float, float] | None = None,
              may_leave: bool = False, why: str = "") -> float:
    """Move ``f`` up to ``inches`` straight home (or away from ``away_from``); returns how far it went. With
    ``may_leave``, a move that would cross its own edge takes it off the table instead."""
    if not f.on_table or inches <= 0:
        return 0.0
    if away_from is not None and math.dist(away_from, (f.x, f.y)) > 1e-6:
        d = math.dist(away_from, (f.x, f.y))
        ux, uy = (f.x - away_from[0]) / d, (f.y - away_from[1]) / d
    else:
        ux, uy = direction_home(state, f)
    if may_leave and away_from is None:
        edge = state.edges[f.side]
        if Battlefield.distance_to_edge((f.x, f.y), f.radius, edge) <= inches:
            leave_table(state, f, Status.FLED)
            state.emit(TwEvent.TwNerve, f"{f.label()} flees off the table{': ' + why if why else ''} [TW-NERVE-3]",
                       model=f.id)
            state.touch()
            return inches
    for frac in TRIES:
        p = (round(f.x + ux * inches * frac, 3), round(f.y + uy * inches * frac, 3))
        if not Battlefield.on_table(p, f.radius):
            continue
        path = movement.route(state, f, p, inches)
        if not isinstance(path, str):
            start = (f.x, f.y)
            f.x, f.y = p
            f.ambush = False
            state.touch()
            return math.dist(start, p)
    return 0.0


def rout(state: TwState, group: list[FigureState], why: str) -> None:
    """[TW-NERVE-5]: the group runs off the table."""
    for f in group:
        if f.on_table:
            leave_table(state, f, Status.FLED)
    state.emit(TwEvent.TwNerve, f"{', '.join(f.name for f in group)} rout off the table: {why} [TW-NERVE-5]",
               models=[f.id for f in group])
    state.touch()
