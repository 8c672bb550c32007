"""Scenario files on the table: whether what a scenario names can serve where it stands (issue #36).

A reinforcement point in impassable terrain, an arrival edge or point where no base can stand, an objective
(a control or secure target: a region, a piece, a fixed marker) that no route reaches from a deployment zone,
an escape edge no model of the escaping side can reach from its zone. The table is the map the scenario
names, else an open table (any map may be chosen: the check says so), with the scenario's pieces and, in
event order, the pieces its events add and remove. Routes are the movement rules' own
(``geometry.routes.shortest_route``) for the smallest (standard) base; the places a base may stand are
deployment's (``standing_problem``'s terrain test). ``validate`` runs this after the file checks of
``game/content/scenario_sense.py``, on the same :class:`Sense`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from typing import Any, cast

from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon

from game.content.maps import TABLE_SIZE, BattleMap
from game.content.scenario_checks import side_ref
from game.content.scenario_schema import Arrival, ScenarioFile, ScoringEntry
from game.content.scenario_sense import BASE_RADIUS, EffectAt, Sense, Step, effects_of, piece_changes
from game.content.yaml_loader import KeyPath
from game.core.vec import Vec2
from game.geometry.battlefield import CAT_IMPASSABLE, CAT_OBSTACLE, EDGES, BaseRecord, Battlefield
from game.geometry.routes import shortest_route
from game.rules.deployment import open_spots
from game.rules.encounter import EncounterState, ZoneShape, _with_piece, edge_of
from game.rules.state import GameState

OPEN_TABLE = BattleMap("an open table", ())
PROBE = "probe"  # the base the routes are asked for
SAMPLES = 6  # start and goal spots tried per zone and objective (spread over each)
GRID = 0.5  # inches between the spots tried
NEAR = 0.3  # a spot this near where it would count is taken as counting (the grid's resolution): a refusal
# means no base comes even that near
Spot = tuple[float, float]


class _Quiet:
    """What ``encounter._with_piece`` needs of a game to add a piece: somewhere to say what it removed."""

    def emit(self, *_args: Any, **_kwargs: Any) -> None:
        return None


def _added(battle_map: BattleMap, entry: Any) -> BattleMap:
    return _with_piece(cast(GameState, _Quiet()), battle_map, entry)


def _removed(battle_map: BattleMap, piece_id: str) -> BattleMap:
    return BattleMap(battle_map.name, tuple(p for p in battle_map.pieces if p.id != piece_id),
                     battle_map.description, battle_map.file)


def start_table(data: ScenarioFile, battle_map: BattleMap | None) -> BattleMap:
    """The table when the game begins: the map (or an open table) with the scenario's pieces."""
    table = battle_map or OPEN_TABLE
    for entry in data.pieces:
        table = _added(table, entry)
    return table


def _apply(table: BattleMap, at: EffectAt) -> BattleMap:
    for change in piece_changes(at):
        if change.kind == "remove":
            table = _removed(table, change.id)
        elif change.entry is not None:
            table = _added(table, change.entry)
    return table


def timeline(sense: Sense) -> Iterator[tuple[Step, EffectAt, BattleMap]]:
    """Each effect with the table as it stands when it happens: events at fixed moments change it in order
    (their certain effects); an event the play times sees the table as the game began."""
    table = start = start_table(sense.data, sense.battle_map)
    for step in sense.steps:
        here = table if step.moment is not None else start
        for at in effects_of(step):
            yield step, at, here
            if at.certain:
                here = _apply(here, at)
        if step.moment is not None:
            table = here


def tables(sense: Sense) -> list[BattleMap]:
    """Every table a game can see, in order: at the start and after each change by an event at a fixed moment."""
    found = [start_table(sense.data, sense.battle_map)]
    for step, at, table in timeline(sense):
        if step.moment is not None and piece_changes(at) and at.certain:
            found.append(_apply(table, at))
    return found


# -- where a base can stand -----------------------------------------------------------------------------

def _field(table: BattleMap, at: Spot | None = None) -> Battlefield:
    at = at if at is not None else (table.size / 2, table.size / 2)
    return Battlefield(table, [BaseRecord(PROBE, "probe", Vec2(*at), BASE_RADIUS)])


def stands(bf: Battlefield, x: float, y: float) -> bool:
    """A standard base wholly on the table and off impassable terrain and obstacles (as a deployed base)."""
    return Battlefield.on_table((x, y), BASE_RADIUS) and not bf.pieces_overlapping(
        (x, y), BASE_RADIUS, CAT_IMPASSABLE | CAT_OBSTACLE)


def _grid(x0: float, y0: float, x1: float, y1: float, step: float = GRID) -> Iterator[Spot]:
    x0, y0 = max(x0, BASE_RADIUS), max(y0, BASE_RADIUS)
    x1, y1 = min(x1, TABLE_SIZE - BASE_RADIUS), min(y1, TABLE_SIZE - BASE_RADIUS)
    for y in _steps(y0, y1, step):
        for x in _steps(x0, x1, step):
            yield x, y


def _steps(lo: float, hi: float, step: float) -> list[float]:
    """From lo to hi by step, hi itself included (a base touching the far edge is tried too)."""
    if hi < lo - 1e-9:
        return []
    out = [lo + k * step for k in range(int((hi - lo) / step + 1e-9) + 1)]
    return out + [hi] if out[-1] < hi - 1e-9 else out


def spots(bf: Battlefield, box: tuple[float, float, float, float], counts: Callable[[Spot], bool],
          step: float = GRID) -> list[Spot]:
    """The grid spots of the box where a base stands and counts."""
    return [p for p in _grid(*box, step=step) if counts(p) and stands(bf, *p)]


def spread(points: list[Spot], n: int = SAMPLES) -> list[Spot]:
    """At most ``n`` of the points, evenly through the list."""
    if len(points) <= n:
        return points
    return [points[round(k * (len(points) - 1) / (n - 1))] for k in range(n)]


def edge_spots(bf: Battlefield, edge: str, depth: float) -> list[Spot]:
    """Spots of a strip ``depth``″ deep along an edge where a whole base stands (its far side within depth)."""
    far = max(BASE_RADIUS, depth - BASE_RADIUS)
    box = {"top": (0.0, 0.0, TABLE_SIZE, far), "bottom": (0.0, TABLE_SIZE - far, TABLE_SIZE, TABLE_SIZE),
           "left": (0.0, 0.0, far, TABLE_SIZE), "right": (TABLE_SIZE - far, 0.0, TABLE_SIZE, TABLE_SIZE)}[edge]
    return spots(bf, box, lambda p: Battlefield.distance_to_edge(p, -BASE_RADIUS, edge) <= depth + 1e-9)


def connected(bf: Battlefield, starts: list[Spot], goals: list[Spot]) -> bool:
    """Some route of the movement rules joins one of the starts to one of the goals."""
    for goal in spread(goals):
        bf.update_base(PROBE, centre=goal)
        for start in spread(starts):
            if shortest_route(bf, PROBE, start).found:
                return True
    return False


# -- sides, zones and edges -----------------------------------------------------------------------------

def choices(data: ScenarioFile) -> list[str | None]:
    """The table edges a side may choose ([ENC-3]), or [None] when the zones are fixed."""
    return list(EDGES) if data.deployment.edge_chosen_by is not None else [None]


def _encounter(data: ScenarioFile, chosen: str | None) -> EncounterState:
    enc = EncounterState(data)
    enc.chosen_edge = chosen
    return enc


def zone(data: ScenarioFile, ref: str, chosen: str | None) -> ZoneShape:
    z = getattr(data.deployment.zones, ref)
    if z.polygon is not None:
        return ZoneShape(None, 0.0, tuple((float(p[0]), float(p[1])) for p in z.polygon))
    return ZoneShape(edge_of(_encounter(data, chosen), ref), float(z.depth or 0.0))


def side_name(data: ScenarioFile, ref: str) -> str:
    role = getattr(data.roles, ref, None) if data.roles is not None else None
    return f"the {role} ({ref})" if role else f"the {ref} side"


def choice_name(data: ScenarioFile, chosen: str | None) -> str:
    return f"when {data.deployment.edge_chosen_by} chooses the {chosen} edge" if chosen else ""


def _other(ref: str) -> str:
    return "lower" if ref == "higher" else "higher"


# -- the checks -------------------------------------------------------------------------------------------

def arrival_room_problems(sense: Sense) -> None:
    """A reinforcement point inside impassable terrain, and a point or edge where no base can stand."""
    for _step, at, table in timeline(sense):
        arrival: Arrival | None = getattr(at.effect, "reinforcements", None)
        if arrival is None:
            continue
        path = at.path + ("reinforcements",)
        bf = _field(table)
        if arrival.at is not None:
            x, y = float(arrival.at[0]), float(arrival.at[1])
            if not (0 <= x <= TABLE_SIZE and 0 <= y <= TABLE_SIZE):
                continue  # off the table: said by scenario_sense
            inside = bf.pieces_at((x, y), CAT_IMPASSABLE)
            if inside:
                sense.error(path + ("at",), f"the arrival point ({x:g}, {y:g}) is inside impassable terrain "
                                            f"({inside[0].name}) on {_on(sense)}")
                continue
            if not point_room(bf, x, y, arrival.within):
                sense.error(path, f"no base can arrive: nowhere wholly within {arrival.within:g}″ of ({x:g}, "
                                  f"{y:g}) can a standard base stand (on the table, off impassable terrain and "
                                  f"obstacles) on {_on(sense)}")
            continue
        own = side_ref(sense.data, arrival.side) or "higher"
        bad = []
        for chosen in choices(sense.data):
            edge = arrival.edge if arrival.edge in EDGES else edge_of(
                _encounter(sense.data, chosen), own if arrival.edge == "own" else _other(own))
            if edge is not None and not edge_spots(bf, edge, arrival.within):
                bad.append((chosen, edge))
        if not bad:
            continue
        every = len(bad) == len(choices(sense.data))
        what = ", ".join(f"the {edge} edge" + (f" ({choice_name(sense.data, c)})" if c else "") for c, edge in bad)
        message = (f"no base can arrive within {arrival.within:g}″ of {what}: no spot there where a standard "
                   f"base stands (off impassable terrain and obstacles) on {_on(sense)}")
        (sense.error if every else sense.warn)(path + ("edge",), message)


def point_room(bf: Battlefield, x: float, y: float, within: float) -> list[Spot]:
    """Spots where a standard base stands wholly within ``within``″ of (x, y)."""
    reach = within - BASE_RADIUS
    if reach < 0:
        return []
    box = (x - reach, y - reach, x + reach, y + reach)
    return spots(bf, box, lambda p: math.dist(p, (x, y)) <= reach + 1e-9, GRID / 2)


def _on(sense: Sense) -> str:
    if sense.battle_map is not None:
        return f"the map '{sense.battle_map.name}'"
    return "an open table (the scenario names no map)"


def objectives(sense: Sense) -> Iterator[tuple[KeyPath, str, ScoringEntry | None, Callable[[Battlefield], list[Spot]]]]:
    """Each place a control or secure entry scores (a region, a piece, a fixed marker): its key path, its
    name, and the spots of a table where a base counts for it."""
    data = sense.data
    for i, entry in enumerate(data.scoring):
        t = entry.targets
        if t is None or entry.kind not in ("control", "secure"):
            continue
        within = entry.count.within if entry.count is not None and entry.count.within is not None else 0.0
        inside = bool(entry.count is not None and entry.count.inside)
        for k, region in enumerate(t.regions or []):
            yield (("scoring", i, "targets", "regions", k), f"the region '{region.name}'", entry,
                   _region_spots(region, within, inside))
        if t.piece is not None:
            yield ("scoring", i, "targets", "piece"), f"the piece '{t.piece}'", entry, _piece_spots(t.piece, within)
        if t.markers and data.markers is not None and data.markers.at is not None:
            radius = data.markers.diameter_mm / 25.4 / 2
            for k, (mx, my) in enumerate(data.markers.at):
                yield ("markers", "at", k), f"{data.markers.name} M{k + 1}", entry, _marker_spots(mx, my, radius)


def _region_spots(region: Any, within: float, inside: bool) -> Callable[[Battlefield], list[Spot]]:
    if region.circle is not None:
        shape = ShapelyPoint(*region.circle.centre).buffer(region.circle.diameter / 2, 32)
    else:
        shape = Polygon([(float(x), float(y)) for x, y in region.polygon])
    counted = shape.buffer(NEAR - BASE_RADIUS) if inside else shape.buffer(within + BASE_RADIUS + NEAR)

    def found(bf: Battlefield) -> list[Spot]:
        if counted.is_empty:
            return []
        x0, y0, x1, y1 = counted.bounds
        step = GRID / 2 if (x1 - x0) * (y1 - y0) < 200 else GRID
        return spots(bf, (x0, y0, x1, y1), lambda p: bool(counted.covers(ShapelyPoint(p))), step)
    return found


def _piece_spots(piece_id: str, within: float) -> Callable[[Battlefield], list[Spot]]:
    def found(bf: Battlefield) -> list[Spot]:
        piece = next((p for p in bf.battle_map.pieces if p.id == piece_id), None)
        if piece is None:
            return []
        reach = within + BASE_RADIUS + NEAR
        xs, ys = [v.x for v in piece.polygon], [v.y for v in piece.polygon]
        return spots(bf, (min(xs) - reach, min(ys) - reach, max(xs) + reach, max(ys) + reach),
                     lambda p: bf.point_distance_to_piece(p, piece_id, BASE_RADIUS) <= max(within, NEAR) + 1e-9)
    return found


def _marker_spots(x: float, y: float, radius: float) -> Callable[[Battlefield], list[Spot]]:
    reach = radius + BASE_RADIUS

    def found(bf: Battlefield) -> list[Spot]:
        box = (x - reach - NEAR, y - reach - NEAR, x + reach + NEAR, y + reach + NEAR)
        return spots(bf, box, lambda p: reach - 1e-9 <= math.dist(p, (x, y)) <= reach + NEAR, GRID / 4)
    return found


def zone_starts(sense: Sense, bf: Battlefield, refs: tuple[str, ...] = ("higher", "lower"),
                chosen: list[str | None] | None = None) -> list[Spot]:
    """Spots in the deployment zones of the sides, for each edge choice, where a standard base deploys."""
    out: list[Spot] = []
    for ref in refs:
        for c in chosen if chosen is not None else choices(sense.data):
            out += spread(open_spots(bf, zone(sense.data, ref, c), BASE_RADIUS), SAMPLES)
    return list(dict.fromkeys(out))


def objective_problems(sense: Sense) -> None:
    """An objective where no base can stand and count, or that no route reaches from a deployment zone, on
    any table the game can see (the pieces events add and remove change the routes)."""
    seen = tables(sense)
    for path, name, _entry, where in objectives(sense):
        room = False
        for table in seen:
            bf = _field(table)
            goals = where(bf)
            if not goals:
                continue
            room = True
            if connected(bf, zone_starts(sense, bf), goals):
                break
        else:
            if not room:
                if path[-1] == "piece" and not any(p.id == _piece_of(sense, path) for t in seen for p in t.pieces):
                    continue  # a piece of no table here: map_problems names it, or it is a piece of a map to come
                sense.error(path, f"{name}: no standard base can stand where it counts for this objective (on "
                                  f"the table, off impassable terrain and obstacles) on {_on(sense)}")
            else:
                sense.error(path, f"{name}: no route reaches it from any deployment zone on {_on(sense)}: "
                                  "nobody can ever score it")


def _piece_of(sense: Sense, path: KeyPath) -> str | None:
    entry = sense.data.scoring[int(path[1])]
    return entry.targets.piece if entry.targets is not None else None


def escape_problems(sense: Sense) -> None:
    """An escape edge the escaping side cannot reach from its zone ([ENC-BRK-2]): every edge choice refused
    is an error, some of them a warning."""
    data = sense.data
    escape = data.escape
    if escape is None:
        return
    only = side_ref(data, escape.side) if escape.side else None
    fields = [_field(table) for table in tables(sense)]  # an event may open (or cut) the way
    for ref in ("higher", "lower"):
        if only is not None and ref != only:
            continue
        bad: list[str | None] = []
        for chosen in choices(data):
            if not any(_escapes(sense, bf, ref, chosen) for bf in fields):
                bad.append(chosen)
        if not bad:
            continue
        who = side_name(data, ref)
        if len(bad) == len(choices(data)):
            sense.error(("escape", "edge"), f"{who} can never reach its escape edge from its deployment zone "
                                            f"on {_on(sense)}: no route leads there")
        else:
            when = "; ".join(choice_name(data, c) for c in bad)
            sense.warn(("escape", "edge"), f"{who} cannot reach its escape edge from its deployment zone {when} "
                                           f"on {_on(sense)}")


def _escapes(sense: Sense, bf: Battlefield, ref: str, chosen: str | None) -> bool:
    """Some route leads from the side's zone to a spot where a base may escape ([ENC-BRK-2])."""
    within = sense.data.escape.within if sense.data.escape is not None else 0.0
    goals = [p for e in _escape_edges(sense.data, ref, chosen) for p in edge_spots(bf, e, within + 2 * BASE_RADIUS)
             if Battlefield.distance_to_edge(p, BASE_RADIUS, e) <= within + 1e-9]
    return bool(goals) and connected(bf, zone_starts(sense, bf, (ref,), [chosen]), goals)


def _escape_edges(data: ScenarioFile, ref: str, chosen: str | None) -> list[str]:
    edge = data.escape.edge if data.escape is not None else "any"
    if edge == "any":
        return list(EDGES)
    if edge in ("enemy", "own"):
        found = edge_of(_encounter(data, chosen), ref if edge == "own" else _other(ref))
        return [found] if found else []
    return [edge]


REACH_CHECKS: list[Callable[[Sense], None]] = [arrival_room_problems, objective_problems, escape_problems]


def reach_problems(sense: Sense) -> None:
    """Every check on the table, adding to the sense's errors and warnings."""
    if sense.errors:
        return  # a file that cannot work in time already: its table is judged once that is fixed
    for check in REACH_CHECKS:
        check(sense)
