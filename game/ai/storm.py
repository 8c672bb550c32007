"""Hard's Rescuer storming the ring round the Prisoner ([ENC-RES-4]): its models go at the Kidnappers that stop
the rescue along the engine's shortest routes, so a model behind a wall or a packed ring walks round it instead
of stepping to and fro at the nearest straight-line point; and while none of them touches the Prisoner, a model
that can ends in contact with both its guard and the Prisoner, so the rescue needs no one to walk over later.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable

from game.core.vec import Vec2
from game.geometry.routes import shortest_route
from game.rules import board, movement
from game.rules.state import PRISONER, GameState, ModelState

Check = Callable[[dict[str, float]], "str | None"] | None
TOUCH = 0.01  # inside the 0.02″ of base contact ([DIG-3])


def contact_points(m: ModelState, e: ModelState) -> list[tuple[float, float]]:
    """Points where ``m``'s base would touch ``e``'s ([DIG-3]), the side facing ``m`` first, then round both ways."""
    away = math.atan2(m.y - e.y, m.x - e.x)
    reach = m.radius + e.radius + TOUCH
    turns = (0.0, 0.5, -0.5, 1.0, -1.0, 1.6, -1.6, 2.2, -2.2, math.pi)
    return [(e.x + reach * math.cos(away + t), e.y + reach * math.sin(away + t)) for t in turns]


def touching_both(m: ModelState, e: ModelState, p: ModelState) -> list[tuple[float, float]]:
    """The points (none, or two) where ``m``'s base touches both ``e``'s and ``p``'s: where the two contact
    circles cross, the one nearer ``m`` first."""
    r1, r2 = m.radius + e.radius + TOUCH, m.radius + p.radius + TOUCH
    dx, dy = p.x - e.x, p.y - e.y
    d = math.hypot(dx, dy)
    if d <= 1e-9 or d > r1 + r2 or d < abs(r1 - r2):
        return []
    a = (r1 * r1 - r2 * r2 + d * d) / (2 * d)
    h = math.sqrt(max(0.0, r1 * r1 - a * a))
    cx, cy = e.x + a * dx / d, e.y + a * dy / d
    points = [(cx - h * dy / d, cy + h * dx / d), (cx + h * dy / d, cy - h * dx / d)]
    return sorted(points, key=lambda q: math.hypot(q[0] - m.x, q[1] - m.y))


def along(waypoints: tuple[Vec2, ...], inches: float) -> tuple[Vec2, ...]:
    """The route cut to its first ``inches`` of length."""
    out, left = [waypoints[0]], inches
    for a, b in itertools.pairwise(waypoints):
        seg = (b - a).length()
        if seg >= left:
            out.append(a + (b - a) * (left / seg) if seg > 0 else b)
            return tuple(out)
        out.append(b)
        left -= seg
    return tuple(out)


def storm_step(state: GameState, m: ModelState, target: ModelState, inches: float,
               check: Check = None) -> dict[str, float] | None:
    """Where a move of ``inches`` toward ``target`` ends: in base contact with it (touching the Prisoner too,
    while none of our models does) if a legal route reaches; else the furthest point along the shortest route."""
    enc = state.encounter
    prisoner = state.model(enc.prisoner) if enc is not None and enc.prisoner is not None else None
    spots = contact_points(m, target)
    if prisoner is not None and prisoner.status == PRISONER and not any(
            board.in_contact(f, prisoner) for f in state.on_table(m.side) if f.id != m.id):
        spots = touching_both(m, target, prisoner) + spots
    bf = board.battlefield(state)
    far = state.battle_map.size - m.radius
    spots = [(x, y) for x, y in spots if m.radius <= x <= far and m.radius <= y <= far]
    for x, y in spots:
        route = movement.route_to(bf, m.id, (x, y), inches)
        point = {"x": round(x, 4), "y": round(y, 4)}
        if route.legal and (check is None or check(point) is None):
            return point
    return route_step(state, m, spots, inches, check)


def route_step(state: GameState, m: ModelState, spots: list[tuple[float, float]], inches: float,
               check: Check = None) -> dict[str, float] | None:
    """The furthest legal point that a move of ``inches`` reaches along the shortest route ([DIG-MOVE-2]) to the
    first of ``spots`` any route reaches; None if none does, or the move would gain nothing."""
    bf = board.battlefield(state)
    for x, y in spots:
        route = shortest_route(bf, m.id, (x, y))
        if not route.found or route.move is None or len(route.waypoints) < 2:
            continue
        move = movement.last_legal_stop(bf, m.id, along(route.waypoints, max(0.0, inches - 0.05)), inches)
        end = move.waypoints[-1] if move.waypoints else None
        if end is None or math.hypot(end.x - m.x, end.y - m.y) < 0.1:
            continue
        point = {"x": round(end.x, 4), "y": round(end.y, 4)}
        if check is None or check(point) is None:
            return point
    return None
