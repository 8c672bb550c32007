"""Before the first turn: the roll-off, the Furs Markers set out, the edges chosen, the bands set up
([TW-SET-1], [TW-FURS-1]).

The roll-off's winner sets out the first marker and the sides take turns until each has set out its three —
before either knows which edge it will come from; then the loser chooses its edge, sets its whole band up
within 6″ of it, and the winner sets up at the other and takes the first turn. A band is set up out of the
other's sight: neither side has spotted anyone when the battle begins ([TW-SPOT-1]).
"""

from __future__ import annotations

import math
from collections.abc import Generator
from typing import Any

from game.geometry.battlefield import CAT_IMPASSABLE, Battlefield
from game.rules.decisions import Decision, Option
from game.systems.thornwood.kinds import TwDecision, TwEvent
from game.systems.thornwood.state import MARKER_RADIUS, FigureState, Marker, Status, TwState
from game.systems.thornwood.table import battlefield

Gen = Generator[Any, Any, Any]
GRID = 1.5  # inches between suggested points
FACING = {"bottom": 270.0, "top": 90.0, "left": 0.0, "right": 180.0}  # facing away from one's own edge


def set_up(state: TwState) -> Gen:
    winner = roll_off(state)
    state.first = winner
    for n in range(2 * state.scenario.markers_per_side):
        yield from set_out_marker(state, winner if n % 2 == 0 else 1 - winner, n)
    yield from choose_edge(state, 1 - winner)
    for side in (1 - winner, winner):
        for f in state.side_figures(side):
            yield from deploy(state, f)


def roll_off(state: TwState) -> int:
    """[TW-SET-1]: a die each, ties roll again."""
    while True:
        a = state.dice.d6(f"roll-off: {state.sides[0].name}")
        b = state.dice.d6(f"roll-off: {state.sides[1].name}")
        won = None if a == b else (0 if a > b else 1)
        state.emit(TwEvent.TwRollOff, f"Roll-off: {state.sides[0].name} {a}, {state.sides[1].name} {b}"
                   + (f": {state.sides[won].name} sets out the first Furs Marker, sets up last and takes the "
                      "first turn; the other side chooses its edge [TW-SET-1]" if won is not None else
                      ", roll again"), dice=[a, b])
        if won is not None:
            return won


# -- Furs Markers ([TW-FURS-1])
def marker_refusal(state: TwState, side: int, point: tuple[float, float]) -> str | None:
    s = state.scenario
    x, y = point
    size = state.battle_map.size
    if min(x, y, size - x, size - y) < s.edge_spacing - 1e-9:
        return f"a Furs Marker lies at least {s.edge_spacing:g}″ from every table edge [TW-FURS-1]"
    for m in state.markers:
        gap = math.dist((m.x, m.y), point)
        if gap < s.marker_spacing - 1e-9:
            return (f"a Furs Marker lies at least {s.marker_spacing:g}″ from every other; {m.id} is {gap:.1f}″ away "
                    "[TW-FURS-1]")
    if not clear_ground(state, point):
        return "a Furs Marker lies where a figure can stand beside it, clear of impassable ground [TW-FURS-1]"
    if not room_left(state, point):
        return "that would leave no room for the markers still to be set out [TW-FURS-1]"
    return None


def clear_ground(state: TwState, point: tuple[float, float]) -> bool:
    return not battlefield(state).pieces_overlapping(point, MARKER_RADIUS + 1.0, CAT_IMPASSABLE)


def room_left(state: TwState, point: tuple[float, float]) -> bool:
    """Whether the markers still to come fit beside those set out and this one (RULING: a marker may not shut
    the others out): the table's packing takes the free places of the suggestion grid in order."""
    s = state.scenario
    chosen = [(m.x, m.y) for m in state.markers] + [point]
    need = 2 * s.markers_per_side - len(chosen)
    for p in packing_places(state):
        if need <= 0:
            break
        if all(math.dist(p, q) >= s.marker_spacing - 1e-9 for q in chosen):
            chosen.append(p)
            need -= 1
    return need <= 0


def packing_places(state: TwState) -> list[tuple[float, float]]:
    """The points of the suggestion grid a marker may lie on for the edges and the ground alone (kept on the
    state): the same points the player is offered, so the room the check proves is room the player can click."""
    found: list[tuple[float, float]] | None = state.__dict__.get("_packing")
    if found is None:
        s, size = state.scenario, state.battle_map.size
        found = [p for p in grid_points(state) if min(p[0], p[1], size - p[0], size - p[1]) >= s.edge_spacing - 1e-9
                 and clear_ground(state, p)]
        state.__dict__["_packing"] = found
    return found


def grid_points(state: TwState) -> list[tuple[float, float]]:
    n = int(state.battle_map.size / GRID)
    return [(round(i * GRID, 3), round(j * GRID, 3)) for i in range(n + 1) for j in range(n + 1)]


def marker_points(state: TwState, side: int) -> list[dict[str, float]]:
    return [{"x": p[0], "y": p[1]} for p in grid_points(state) if marker_refusal(state, side, p) is None]


def set_out_marker(state: TwState, side: int, n: int) -> Gen:
    candidates = marker_points(state, side)
    mid = state.battle_map.size / 2
    default = min(candidates, key=lambda p: (abs(p["x"] - mid) + abs(p["y"] - mid), p["x"], p["y"]),
                  default=None)

    def check(point: dict[str, float]) -> str | None:
        return marker_refusal(state, side, (point["x"], point["y"]))

    point = yield Decision(TwDecision.tw_marker, side, f"Set out a Furs Marker ({n // 2 + 1} of "
                           f"{state.scenario.markers_per_side})", "TW-FURS-1", free="point", check=check,
                           context={"candidates": candidates, "default": default, "cite": "TW-FURS-1"})
    m = Marker(f"M{len(state.markers) + 1}", point["x"], point["y"], side)
    state.markers.append(m)
    state.emit(TwEvent.TwMarker, f"{state.sides[side].name} sets out Furs Marker {m.id} at ({m.x:.1f}, {m.y:.1f}) "
               "[TW-FURS-1]", marker=m.id, x=m.x, y=m.y, side=side)


def choose_edge(state: TwState, side: int) -> Gen:
    """[TW-SET-1]: the roll-off's loser takes either of the scenario's two edges; the winner the other."""
    a, b = state.scenario.edges
    key = yield Decision(TwDecision.tw_edge, side, "Which edge does your band come from?", "TW-SET-1",
                         [Option(a, f"The {a} edge"), Option(b, f"The {b} edge")],
                         context={"system": {"edges": [a, b]}})
    state.edges[side], state.edges[1 - side] = key, (b if key == a else a)
    state.emit(TwEvent.TwDeployed, f"{state.sides[side].name} comes from the {key} edge, "
               f"{state.sides[1 - side].name} from the {state.edges[1 - side]} [TW-SET-1]", side=side, edge=key)


# -- the bands ([TW-SET-1])
def placeable(state: TwState, f: FigureState, centre: tuple[float, float]) -> str | None:
    edge = state.edges[f.side]
    depth = state.scenario.depth
    if not Battlefield.on_table(centre, f.radius):
        return "the whole base stands on the table [TW-SET-1]"
    if Battlefield.distance_to_edge(centre, f.radius, edge) > depth - 2 * f.radius + 1e-9:
        return f"set up wholly within {depth:g}″ of the {edge} edge [TW-SET-1]"
    if battlefield(state).pieces_overlapping(centre, f.radius, CAT_IMPASSABLE):
        return "not on impassable ground [TW-MOVE-7]"
    for o in state.on_table():
        if o.id != f.id and math.dist((o.x, o.y), centre) < o.radius + f.radius - 1e-9:
            return f"not on {o.name}'s base [TW-MOVE-7]"
    return None


def deploy_points(state: TwState, f: FigureState) -> list[dict[str, float]]:
    return [{"x": p[0], "y": p[1]} for p in grid_points(state) if placeable(state, f, p) is None]


def suggested(state: TwState, f: FigureState, candidates: list[dict[str, float]]) -> dict[str, float] | None:
    """Enter's spot: near the zone's middle, beside the friends already set up (a group forms within 2″)."""
    friends = [(o.x, o.y) for o in state.on_table(f.side)]
    mid = state.battle_map.size / 2

    def score(p: dict[str, float]) -> tuple[float, float, float]:
        near = min((math.dist((p["x"], p["y"]), q) for q in friends), default=0.0)
        return (abs(near - 1.6), abs(p["x"] - mid) + abs(p["y"] - mid), p["x"])

    return min(candidates, key=score, default=None)


def deploy(state: TwState, f: FigureState) -> Gen:
    candidates = deploy_points(state, f)
    zone = f"within {state.scenario.depth:g}″ of the {state.edges[f.side]} edge"

    def check(point: dict[str, float]) -> str | None:
        return placeable(state, f, (point["x"], point["y"]))

    point = yield Decision(TwDecision.tw_deploy, f.side, f"Set up {f.name} {zone}", "TW-SET-1", free="point",
                           check=check, context={"model": f.id, "candidates": candidates, "zone": zone,
                                                 "default": suggested(state, f, candidates), "cite": "TW-SET-1"})
    f.x, f.y, f.status = point["x"], point["y"], Status.TABLE
    f.facing = FACING[state.edges[f.side]]
    state.emit(TwEvent.TwDeployed, f"{f.label()} is set up at ({f.x:.1f}, {f.y:.1f})", hidden_from=1 - f.side,
               model=f.id, x=f.x, y=f.y)
