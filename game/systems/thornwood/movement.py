"""Where a figure may move with the inches its group rolled ([TW-MOVE-4]–[TW-MOVE-7]).

The route is the table's (the kernel's shortest route round impassable ground and other bases); what it costs
is Thornwood's: every inch of it over rough ground costs two of the roll ([TW-MOVE-5], "loose rock doubles the
cost"), full wooden armour loses an inch in woods or rough ground ([TW-MOVE-6]), and a Nimble figure pays
nothing extra.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from game.core.dice import Modifier
from game.core.vec import Vec2
from game.geometry.paths import check_move
from game.geometry.routes import shortest_route
from game.systems.thornwood import terrain
from game.systems.thornwood.abilities import figure_abilities
from game.systems.thornwood.dice_rolls import MoveKind, movement_roll
from game.systems.thornwood.kinds import TwEvent
from game.systems.thornwood.state import FigureState, TwState
from game.systems.thornwood.table import battlefield

EPS = 1e-6
RING_RADII = (0.5, 1.0)  # a move's suggested points: these fractions of the allowance ...
RING_DIRECTIONS = 8  # ... in this many directions
TOWARDS = 4  # and toward this many of the nearest points given


@dataclass(frozen=True)
class Cost:
    """What a path costs a figure: its length, the part over rough ground (paid twice), the armour's inch."""

    length: float
    rough: float  # the extra inches rough ground takes
    armour: float

    @property
    def total(self) -> float:
        return self.length + self.rough + self.armour


def cost(state: TwState, f: FigureState, path: Sequence[tuple[float, float]]) -> Cost:
    """[TW-MOVE-5], [TW-MOVE-6]: the path's length, its inches over rough ground (the terrain's reading; none
    extra for a Nimble figure), and full wooden armour's inch where the move starts, crosses or ends in woods or
    rough ground."""
    bf = battlefield(state)
    length = sum(math.dist(path[i], path[i + 1]) for i in range(len(path) - 1))
    over = terrain.rough_length(bf, path)
    nimble = any(a.ignores_rough() for a in figure_abilities(f.profile))
    slowed = f.profile.armour == "full" and (over > 0 or terrain.slows_armour(bf, path[0])
                                             or terrain.slows_armour(bf, path[-1]))
    return Cost(length, 0.0 if nimble else over * (terrain.ROUGH_COST - 1), 1.0 if slowed else 0.0)


def route(state: TwState, f: FigureState, point: tuple[float, float], inches: float) -> tuple[Vec2, ...] | str:
    """The path of a move to ``point`` costing at most ``inches``, or why there is none ([TW-MOVE-5],
    [TW-MOVE-7])."""
    if math.dist((f.x, f.y), point) <= EPS:
        return (Vec2(f.x, f.y),)
    bf = battlefield(state)
    straight = check_move(bf, f.id, [point])
    if straight.refusal is None:
        path = straight.waypoints  # the straight line is the shortest route when nothing is in the way
    else:
        found = shortest_route(bf, f.id, point)
        if not found.found or found.move is None:
            return f"{found.reason or 'no route there'} [TW-MOVE-7]"
        refusal = found.move.refusal
        if refusal is not None:
            return f"{refusal.message} [TW-MOVE-7]"
        path = found.move.waypoints
    c = cost(state, f, [(p.x, p.y) for p in path])
    budget = max(inches - c.armour, min(inches, 1.0)) if c.armour else inches
    if c.length + c.rough > budget + EPS:
        parts = f"{c.length:.1f}″" + (f", {c.rough:.1f}″ of it over rough ground, counted twice" if c.rough else "")
        armour = ", less 1″ for full wooden armour [TW-MOVE-6]" if c.armour else ""
        return (f"that is {c.length + c.rough:.1f}″ of movement ({parts}); {f.name} has {budget:.1f}″{armour} "
                f"[TW-MOVE-5]")
    return path


def move_points(state: TwState, f: FigureState, inches: float,
                towards: Sequence[tuple[float, float]] = ()) -> list[dict[str, float]]:
    """Points a move of ``inches`` may end at: where it stands, rings round it, and toward each point given
    (a marker, an enemy), as far as the roll reaches."""
    pts = [(f.x, f.y)]
    for frac in RING_RADII:
        for k in range(RING_DIRECTIONS):
            a = 2 * math.pi * k / RING_DIRECTIONS
            pts.append((f.x + frac * inches * math.cos(a), f.y + frac * inches * math.sin(a)))
    for tx, ty in sorted(towards, key=lambda p: math.dist((f.x, f.y), p))[:TOWARDS]:
        d = math.dist((f.x, f.y), (tx, ty))
        if d > EPS:
            for reach in (min(d, inches), min(d, inches) * 0.5):
                pts.append((f.x + (tx - f.x) * reach / d, f.y + (ty - f.y) * reach / d))
    out = [{"x": f.x, "y": f.y}]
    seen = {(round(f.x, 3), round(f.y, 3))}
    for p in pts[1:]:
        q = (round(p[0], 3), round(p[1], 3))
        if q in seen:
            continue
        seen.add(q)
        if not isinstance(route(state, f, q, inches), str):
            out.append({"x": q[0], "y": q[1]})
    return out


def contact_point(state: TwState, f: FigureState, target: FigureState, inches: float) -> tuple[float, float] | None:
    """The nearest point in base contact with ``target`` that ``f`` reaches with ``inches`` ([TW-CC-3]); None
    when none does."""
    d = math.dist((f.x, f.y), (target.x, target.y))
    touch = f.radius + target.radius + 0.01
    if d <= touch + EPS:
        return (f.x, f.y)
    best: tuple[float, tuple[float, float]] | None = None
    base = math.atan2(f.y - target.y, f.x - target.x)
    for step in (0, 1, -1, 2, -2, 3, -3, 4, -4, 5, -5, 6):  # round the target from the mover's side
        a = base + step * math.pi / 6
        p = (round(target.x + touch * math.cos(a), 3), round(target.y + touch * math.sin(a), 3))
        found = route(state, f, p, inches)
        if isinstance(found, str):
            continue
        length = sum(math.dist(found[i], found[i + 1]) for i in range(len(found) - 1))
        if best is None or length < best[0]:
            best = (length, p)
        if step == 0:
            break  # straight in: no other side is nearer
    return None if best is None else best[1]


def own_roll(state: TwState, f: FigureState, kind: MoveKind, group_inches: float) -> float:
    """A figure whose abilities change its movement dice rolls its own ([TW-MOVE-4], RULING); the rest share the
    group's roll."""
    abilities = figure_abilities(f.profile)
    extra = [Modifier(a.move_dice(kind), a.rule, f"{f.name}'s {a.name}") for a in abilities if a.move_dice(kind)]
    inch = [Modifier(a.move_inches(kind), a.rule, f"{f.name}'s {a.name}") for a in abilities if a.move_inches(kind)]
    slowed = sum(1 for a in abilities if a.move_adjust(kind, (6, 6)) != (6, 6))
    if not (extra or inch or slowed):
        return group_inches
    roll = movement_roll(state.dice, kind, extra, slowed, inch, reason=f"{f.name}'s own {kind} roll")
    state.emit(TwEvent.TwMoveRoll, f"{f.label()} rolls its own: {roll.explain()}", hidden_from=1 - f.side,
               kind=kind, inches=roll.inches, model=f.id)
    return float(roll.inches)
