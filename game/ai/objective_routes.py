"""Objectives reached by route: which goal a model heads for, by what the engine's routes cost, and when.

A straight line to an exit edge or an objective runs into a gorge's lip or a river bank; the engine's routes
([DIG-MOVE-2]: game.rules.movement.route_to, game.geometry.routes) go round. So the goal a model heads for is the
one with the cheapest route (for an exit edge: the edge point with the cheapest route, found from one search of
the route graph and a few routes checked), and steering aims at the point of that route it can reach this move,
not along the straight line. The scenario's scheduled events (a bridge that falls at turn 4, a scoring entry
switched off) are read from its data: a route over terrain an event closes before the model gets there is not
taken, and an objective is worth the scoring turns it still pays once the model can reach it.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass

from shapely.geometry import LineString, Polygon
from shapely.geometry import Point as ShapelyPoint
from shapely.ops import nearest_points, unary_union

from game.content.maps import BattleMap, TerrainPiece
from game.content.scenario_checks import piece_polygon
from game.content.scenario_schema import PieceEntry, ScoringEntry
from game.core.vec import Vec2
from game.geometry import shapes as geo
from game.geometry.battlefield import CAT_IMPASSABLE, CAT_OBSTACLE, Battlefield
from game.geometry.paths import blocks_movement
from game.geometry.routes import Route, reachable_nodes, segment_edge
from game.rules import board, movement, plans, scenario_events
from game.rules.state import GameState, ModelState

WHOLE = 500.0  # an allowance no route on the table exceeds: route_to then answers the route's whole cost
CHECKS = 4  # routes checked at most for one exit edge (enemy bases may stop one whose leg the terrain leaves clear)
NEAREST = 4  # objectives whose routes are asked at most, the nearest in a straight line first
LEGS = 80  # straight legs to an exit edge tried at most (cheap: the terrain only)
ROUND_TRIP = 6.0  # inches of detour round enemies always worth walking (a walk), or a turn's Run if more
SPOT = 0.01  # how far inside the table an edge goal stands (the route's end must be on the table)

Point = tuple[float, float]


@dataclass(frozen=True)
class Closing:
    """Terrain a scheduled event puts down (impassable or an obstacle) and the turn from which it stands."""

    turn: int
    piece: PieceEntry


class Schedule:
    """The scenario's events that fire at a set turn (``turn_starts``/``turn_ends`` alone), read from its data:
    the terrain they put down and the scoring they switch. Chance (a d6 table's rows) and happenings (a model
    entering a region) are not scheduled and not counted."""

    def __init__(self, state: GameState):
        self.closings: list[Closing] = []
        self.switches: dict[str, list[tuple[int, bool]]] = {}
        enc = state.encounter
        if enc is None:
            return
        for i, event in enumerate(enc.scenario.events):
            turn = self.turn_of(event.when)
            if turn is None or turn <= state.turn or (event.once and i in enc.fired):
                continue
            for effect in event.do:
                added = effect.add_piece or (effect.replace_piece.with_ if effect.replace_piece else None)
                if added is not None and added.kind in ("impassable", "obstacle"):
                    self.closings.append(Closing(turn, added))
                name = effect.scoring_on or effect.scoring_off
                if name is not None:
                    self.switches.setdefault(name, []).append((turn, effect.scoring_on is not None))

    @staticmethod
    def turn_of(when: object) -> int | None:
        """The first turn whose play an event at this moment changes (one that fires as a turn ends changes the
        next), or None for an event that waits for something else."""
        keys = when.given()  # type: ignore[attr-defined]
        if keys == ["turn_starts"]:
            return int(when.part("turn_starts"))  # type: ignore[attr-defined]
        if keys == ["turn_ends"]:
            return int(when.part("turn_ends")) + 1  # type: ignore[attr-defined]
        return None

    def paying_turns(self, state: GameState, entry: ScoringEntry, first: int) -> tuple[int, int]:
        """(turns from ``first`` on in which ``entry`` still pays, turns left in all): switched on or off by the
        scheduled events as they come; an entry scored only at the end pays in the last turn alone."""
        last = state.encounter.scenario.duration.turns
        on = scenario_events.pays_now(state, entry)
        changes = sorted(self.switches.get(entry.name or "", []))
        turns = range(state.turn, last + 1) if entry.when != "end" else range(last, last + 1)
        paid = 0
        for t in turns:
            for turn, switched in changes:
                if turn == t:
                    on = switched
            paid += on and t >= first
        return paid, len(turns)


class RouteGoals:
    """Goals chosen by route cost for one Appraiser; answers kept while the bases stand as they are (in
    Battlefield.memo, per turn and events fired) and each model, so a move's many questions ask few routes."""

    TRANSIENT = frozenset({"_schedule", "_futures", "_bare", "_terrain"})  # caches: not kept in a save's memory

    def __init__(self) -> None:
        self._schedule: tuple[tuple[int, int, int], Schedule] | None = None
        self._futures: dict[tuple[int, tuple[str, ...]], BattleMap] = {}
        self._bare: dict[int, Battlefield] = {}
        self._terrain: dict[tuple[object, ...], tuple[Point, float, tuple[Point, ...]] | None] = {}

    def _cached(self, state: GameState, key: tuple[object, ...]) -> tuple[bool, object]:
        """The memo of the bases as they stand (Battlefield.memo: kept across the dice and the log between moves),
        for this turn and the events fired so far."""
        memo = self.memo(state)
        full = ("ai routes", state.turn, len(state.encounter.fired) if state.encounter else 0, *key)
        return full in memo, memo.get(full)

    def _keep(self, state: GameState, key: tuple[object, ...], value: object) -> None:
        self.memo(state)[("ai routes", state.turn, len(state.encounter.fired) if state.encounter else 0, *key)] = value

    def remembered(self, state: GameState, key: tuple[object, ...], make: Callable[[], object]) -> object:
        """``make()``, kept as :meth:`_cached` keeps answers (an answer that follows from the bases' places)."""
        hit, found = self._cached(state, key)
        if not hit:
            found = make()
            self._keep(state, key, found)
        return found

    @staticmethod
    def memo(state: GameState) -> dict[object, object]:
        """The engine's memo for the bases as they stand now (game.geometry.battlefield.Battlefield.memo)."""
        return board.battlefield(state).memo()

    def schedule(self, state: GameState) -> Schedule:
        key = (state.turn, len(state.encounter.fired) if state.encounter else 0, id(state.encounter))
        if self._schedule is None or self._schedule[0] != key:
            self._schedule = key, Schedule(state)
        return self._schedule[1]

    # -- routes --------------------------------------------------------------------------------------------
    def route(self, state: GameState, m: ModelState, point: Point, bf: Battlefield | None = None) -> Route:
        """The engine's cheapest legal route for ``m`` to ``point`` (to base contact where a model stands there)."""
        bf = bf or board.battlefield(state)
        return movement.route_to(bf, m.id, self.approach(state, m, point), WHOLE)

    @staticmethod
    def approach(state: GameState, m: ModelState, point: Point) -> Point:
        """Where ``m`` stands to reach ``point``: the point itself, beside the base of a model standing on it, or
        beside the terrain no base stands in that covers it (:func:`beside_terrain`)."""
        for o in state.models.values():
            if o.id != m.id and board.indexed(o) and math.hypot(o.x - point[0], o.y - point[1]) < o.radius:
                gap = math.hypot(m.x - o.x, m.y - o.y) or 1.0
                reach = m.radius + o.radius + 0.01
                return o.x + (m.x - o.x) * reach / gap, o.y + (m.y - o.y) * reach / gap
        return beside_terrain(board.battlefield(state), m.radius, point, (m.x, m.y))

    def cost(self, state: GameState, m: ModelState, point: Point) -> float:
        """The route's cost in inches (inf when none gets there)."""
        key = ("cost", m.id, point)
        hit, found = self._cached(state, key)
        if not hit:
            route = self.route(state, m, point)
            found = route.cost if route.found else math.inf
            self._keep(state, key, found)
        assert isinstance(found, float)
        return found

    def pace(self, state: GameState, m: ModelState) -> float:
        """Inches a model covers in a turn, for when it gets somewhere: a Run's allowance, a Walk's for a model
        the rules let not run ([MOVE-2]: Lumbering)."""
        return max(1.0, movement.allowance(state, m, "run" if plans.can_run(m) else "walk")[0])

    def arrival(self, state: GameState, m: ModelState, inches: float) -> int:
        """The turn in which ``m`` gets ``inches`` of route further on (this turn if within a turn's pace)."""
        return state.turn + max(0, math.ceil(inches / self.pace(state, m)) - 1)

    # -- exit edges ----------------------------------------------------------------------------------------
    def edge_goal(self, state: GameState, m: ModelState, edges: list[str]) -> Point | None:
        """The point of a goal edge with the cheapest route from ``m`` that no scheduled event closes before ``m``
        gets over it; None when no route reaches any."""
        key = ("edge goal", m.id, tuple(edges))
        hit, found = self._cached(state, key)
        if hit:
            return found  # type: ignore[return-value]
        bf = board.battlefield(state)
        best = self.terrain_edge(state, m, edges)
        if best is not None and self.crowded(state, m, best[2]):
            route = movement.route_to(bf, m.id, best[0], WHOLE)
            if not route.found or route.cost > best[1] + self.detour(state, m):  # enemy bases in the way
                found = self._edge_on(state, m, edges, bf)
                if found is not None and found[1].cost <= best[1] + self.detour(state, m):
                    best = found[0], found[1].cost, ()  # round them; else ``blocker`` names the one to go at
        point = best[0] if best is not None else None
        self._keep(state, key, point)
        return point

    def terrain_edge(self, state: GameState, m: ModelState,
                     edges: list[str]) -> tuple[Point, float, tuple[Point, ...]] | None:
        """The cheapest edge point by route over the terrain alone (as it will stand when ``m`` gets there), its
        cost and its way; kept while ``m`` stands where it is, whoever else moves."""
        key = (id(state.battle_map), m.id, m.x, m.y, tuple(edges), state.turn, len(state.encounter.fired))
        if key in self._terrain:
            return self._terrain[key]
        if len(self._terrain) > 256:
            self._terrain.clear()
        found = self._edge_on(state, m, edges, self.bare_field(state, m))
        closing = self.closed_on_the_way(state, m, found[1]) if found is not None else None
        if closing is not None:
            later = self._edge_on(state, m, edges, self.future_field(state, m, closing))
            if later is not None:
                found = later
        best = (found[0], found[1].cost, tuple((p.x, p.y) for p in found[1].waypoints)) if found is not None else None
        self._terrain[key] = best
        return best

    @staticmethod
    def crowded(state: GameState, m: ModelState, way: tuple[Point, ...]) -> bool:
        """Whether a base that blocks ``m`` ([MOVE-7]) stands near enough to ``way`` to bar it (else the route
        there is the terrain's)."""
        path = [(m.x, m.y), *way]
        bf = board.battlefield(state)
        mover = bf.find_base(m.id)
        for o in state.models.values():
            other = bf.find_base(o.id) if o.id != m.id and board.indexed(o) else None
            if mover is None or other is None or not blocks_movement(mover, other, bf):  # [MOVE-7]
                continue
            reach = m.radius + o.radius + 0.05
            if any(geo.segment_point_distance(a, b, (o.x, o.y)) < reach for a, b in itertools.pairwise(path)):
                return True
        return False

    def detour(self, state: GameState, m: ModelState) -> float:
        """Inches round enemy bases still worth walking rather than fighting through: a walk, or a turn's Run."""
        return max(ROUND_TRIP, self.pace(state, m))

    def _edge_on(self, state: GameState, m: ModelState, edges: list[str],
                 bf: Battlefield) -> tuple[Point, Route] | None:
        """The cheapest edge point by route on ``bf``: every node the route graph reaches (one search) with the
        edge point straight out from it, in order of that cost; the first whose straight leg the terrain leaves
        clear is the cheapest (the last leg of a route is straight), and the engine's route there is checked."""
        size, r = state.battle_map.size, m.radius + SPOT
        ahead: tuple[Point, Route] | None = None  # the edge point straight out: often its route is straight too
        for edge in sorted(edges, key=lambda e: _edge_gap(state, m, e)):
            spot = _out(m.x, m.y, edge, size, r)
            route = movement.route_to(bf, m.id, spot, WHOLE)
            if route.found and (ahead is None or route.cost < ahead[1].cost):
                ahead = spot, route
        if ahead is not None and ahead[1].cost <= min(_edge_gap(state, m, e) for e in edges) + 1e-3:
            return ahead  # no route to any edge is shorter than the nearest one's distance
        nodes, blockers = reachable_nodes(bf, m.id, ahead[1].cost + 1e-6 if ahead is not None else WHOLE)
        bounds: list[tuple[float, Point, Point]] = []
        for (x, y), g in nodes:
            for edge in edges:
                spot = _out(x, y, edge, size, r)
                bounds.append((g + math.hypot(spot[0] - x, spot[1] - y), (x, y), spot))
        bounds.sort()
        checked = 0
        for _, node, spot in bounds[:LEGS]:
            if any(geo.segment_point_distance(node, spot, (b.centre.x, b.centre.y)) < m.radius + b.radius
                   for b in blockers) or segment_edge(bf, node, spot, m.radius) is None:
                continue  # a base or the terrain stands between: a straight leg from elsewhere gets there cheaper
            route = movement.route_to(bf, m.id, spot, WHOLE)
            if route.found:
                return (spot, route) if ahead is None or route.cost < ahead[1].cost else ahead
            checked += 1
            if checked >= CHECKS:
                break
        return ahead

    def closed_on_the_way(self, state: GameState, m: ModelState, route: Route) -> Closing | None:
        """A piece a scheduled event puts down across ``route`` by the turn ``m`` gets past it."""
        schedule = self.schedule(state)
        if not schedule.closings:
            return None
        walked, here = 0.0, (m.x, m.y)
        path = [(p.x, p.y) for p in route.waypoints]
        for closing in schedule.closings:
            poly = piece_polygon(closing.piece)
            walked, here, inside = 0.0, (m.x, m.y), -1.0
            for nxt in path:
                step = math.dist(here, nxt)
                for k in range(1, max(1, int(step / 0.5)) + 1):
                    t = k / max(1, int(step / 0.5))
                    x, y = here[0] + (nxt[0] - here[0]) * t, here[1] + (nxt[1] - here[1]) * t
                    if _near_polygon(poly, x, y, m.radius):
                        inside = walked + step * t
                walked += step
                here = nxt
            if inside >= 0 and self.arrival(state, m, inside) >= closing.turn:
                return closing
        return None

    def future_field(self, state: GameState, m: ModelState, closing: Closing) -> Battlefield:
        """The table as it will be once ``closing`` stands (terrain only, with ``m`` where it is)."""
        key = (id(state.battle_map), (closing.piece.id,))
        future = self._futures.get(key)
        if future is None:
            poly = piece_polygon(closing.piece)
            e = closing.piece
            added = TerrainPiece(e.id, e.kind, tuple(Vec2(x, y) for x, y in poly), e.style or e.kind,
                                 blocks_los=bool(e.blocks_los), cross_cost=e.cross_cost or 1.0, water=e.water)
            now = state.battle_map
            future = self._futures[key] = BattleMap(now.name, (*now.pieces, added), now.description, now.file)
        bf = Battlefield(future)
        bf.add_base(board.base_record(m))
        return bf

    # -- blocked routes --------------------------------------------------------------------------------------
    def bare_field(self, state: GameState, m: ModelState) -> Battlefield:
        """The table with its terrain and ``m`` alone: the routes there are the ones enemy bases would not stop."""
        bf = self._bare.get(id(state.battle_map))
        if bf is None or bf.battle_map is not state.battle_map:
            self._bare = {id(state.battle_map): (bf := Battlefield(state.battle_map))}
        for other in [b.id for b in bf.bases() if b.id != m.id]:
            bf.remove_base(other)
        placed = bf.find_base(m.id)
        if placed is None or (placed.centre.x, placed.centre.y) != (m.x, m.y):
            if placed is not None:
                bf.remove_base(m.id)
            bf.add_base(board.base_record(m))
        return bf

    def blocker(self, state: GameState, m: ModelState, goal: Point | None, edges: list[str]) -> ModelState | None:
        """The enemy standing in the way when ``m``'s route to its goal (an exit edge, else ``goal``) is shut by
        enemy bases or longer by more than a turn's Run than it would be without them ([MOVE-7]): the one on the
        way nearest ``m``. None when the way is open or going round costs little more."""
        if state.encounter is None or (goal is None and not edges):
            return None
        key = ("blocker", m.id, goal, tuple(edges))
        hit, found = self._cached(state, key)
        if hit:
            return state.model(found) if isinstance(found, str) else None
        self._keep(state, key, None)
        if edges:
            point = self.edge_goal(state, m, edges)
            now = self.cost(state, m, point) if point is not None else math.inf
            floor = min(_edge_gap(state, m, e) for e in edges)
        elif goal is not None:
            now = self.cost(state, m, goal)
            floor = math.hypot(goal[0] - m.x, goal[1] - m.y)
        else:
            return None
        detour = self.detour(state, m)
        if now <= floor + detour:
            return None  # no detour worth the name, whatever the terrain alone would allow
        bare = self.bare_field(state, m)
        if edges:
            best = self.terrain_edge(state, m, edges)
            route = movement.route_to(bare, m.id, best[0], WHOLE) if best is not None else None
        else:
            assert goal is not None
            route = self.route(state, m, goal, bare)
        if route is None or not route.found or now <= route.cost + detour:
            return None
        path = [(m.x, m.y), *((p.x, p.y) for p in route.waypoints)]
        on_way: list[tuple[float, ModelState]] = []
        for e in state.enemies_of(m):
            if not e.on_table:
                continue
            walked = 0.0
            for a, b in itertools.pairwise(path):
                if geo.segment_point_distance(a, b, (e.x, e.y)) < m.radius + e.radius + 0.25:
                    on_way.append((walked + math.dist(a, (e.x, e.y)), e))
                    break
                walked += math.dist(a, b)
        found = min(on_way, key=lambda t: (t[0], t[1].id))[1] if on_way else None
        self._keep(state, key, found.id if found is not None else None)  # an id: the memo outlives this version
        return found

    # -- points --------------------------------------------------------------------------------------------
    def worth(self, state: GameState, m: ModelState, point: Point) -> float:
        """The share of the scoring turns left that the entries scoring at ``point`` still pay once ``m`` can get
        there (1 for a point no scheduled event switches and that pays every turn)."""
        enc = state.encounter
        if enc is None:
            return 1.0
        from game.rules import scoring

        schedule = self.schedule(state)
        shares = []
        for entry in enc.scenario.scoring:
            if entry.kind not in ("control", "secure") or enc.named_side(entry.side) not in (None, m.side):
                continue
            if not any(scoring.target_centre(state, t) == point for t in scoring.targets(state, entry)):
                continue
            cost = self.cost(state, m, point)
            paid, left = schedule.paying_turns(state, entry, self.arrival(state, m, cost) if cost < math.inf
                                               else state.encounter.scenario.duration.turns + 1)
            shares.append(paid / max(1, left))
        return max(shares, default=1.0)

    def nearest(self, state: GameState, m: ModelState, points: list[Point],
                extra: dict[Point, float] | None = None) -> Point:
        """The point with the cheapest route (plus ``extra`` inches), each cost divided by what the point is still
        worth (:meth:`worth`); a straight line is never longer than a route, so routes are asked nearest first
        and no further once the best found beats the next straight line (nor beyond the ``NEAREST`` nearest)."""
        extra = extra or {}
        order = sorted(points, key=lambda p: math.hypot(p[0] - m.x, p[1] - m.y) + extra.get(p, 0.0))
        best: tuple[float, Point] | None = None
        for p in order[:NEAREST]:
            floor = math.hypot(p[0] - m.x, p[1] - m.y) + extra.get(p, 0.0) + 1.0  # worth <= 1: the key is no less
            if best is not None and floor >= best[0]:
                break
            cost = self.cost(state, m, p)
            if cost == math.inf:
                # no route now: the enemy in the way may move
                cost = 4 * math.hypot(p[0] - m.x, p[1] - m.y) + state.battle_map.size
            key = (cost + extra.get(p, 0.0) + 1.0) / max(0.05, self.worth(state, m, p))
            if best is None or key < best[0]:
                best = (key, p)
        assert best is not None
        return best[1]

    # -- steering ------------------------------------------------------------------------------------------
    def way(self, state: GameState, m: ModelState, goal: Point, inches: float) -> Point | None:
        """Where a move of ``inches`` along the route to ``goal`` ends, when that route bends before the goal (the
        straight line would run into what it goes round); None when the straight line serves."""
        found = movement.route_waypoints(board.battlefield(state), m.id, self.approach(state, m, goal), WHOLE)
        if found is None:  # the route's path alone (its move is not checked: steering needs only where it goes)
            return None
        path = list(found)
        if path and math.dist(path[0], (m.x, m.y)) < 1e-6:
            path = path[1:]
        if len(path) < 2:
            return None
        here, left = (m.x, m.y), inches
        for nxt in path:
            step = math.dist(here, nxt)
            if step >= left:
                t = left / step if step else 0.0
                return here[0] + (nxt[0] - here[0]) * t, here[1] + (nxt[1] - here[1]) * t
            left -= step
            here = nxt
        return None  # the whole route is within this move: the goal itself


def _out(x: float, y: float, edge: str, size: float, r: float) -> Point:
    """The point of ``edge`` straight out from (x, y) where a base of radius ``r`` stands on the table."""
    spot = {"top": (x, r), "bottom": (x, size - r), "left": (r, y), "right": (size - r, y)}[edge]
    return min(size - r, max(r, spot[0])), min(size - r, max(r, spot[1]))


def _edge_gap(state: GameState, m: ModelState, edge: str) -> float:
    """Inches from ``m``'s centre to where it would stand at ``edge``: no route there is shorter."""
    size, r = state.battle_map.size, m.radius
    return {"top": m.y - r, "bottom": size - r - m.y, "left": m.x - r, "right": size - r - m.x}[edge]


def _near_polygon(poly: list[tuple[float, float]], x: float, y: float, r: float) -> bool:
    """A base of radius ``r`` at (x, y) overlaps the polygon."""
    if geo.point_in_polygon((x, y), poly):
        return True
    n = len(poly)
    return any(geo.segment_point_distance(poly[i], poly[(i + 1) % n], (x, y)) < r for i in range(n))


def beside_terrain(bf: Battlefield, radius: float, point: Point, start: Point) -> Point:
    """``point``, or, where a base of ``radius`` may not stand there for terrain (deployment.standing_problem's test:
    impassable or obstacle, [TERR-2], [TERR-3]; a Landmark's monument, a well at a region's centre), the nearest spot
    on the way from it toward ``start`` where the base clears that terrain: a route to the point itself finds none,
    so the objective would pull nobody (its route's cost infinite)."""
    pieces = {p.id: p for p in bf.pieces_overlapping(point, radius, CAT_IMPASSABLE | CAT_OBSTACLE)}
    spot = point
    for _ in range(4):  # a spot beside one piece may stand in the next: clear them together
        if not pieces:
            return spot
        blocked = unary_union([Polygon([(v.x, v.y) for v in p.polygon]).buffer(radius + 0.02)
                               for p in pieces.values()])
        crossing = LineString([point, start]).intersection(blocked.boundary)
        spots = [(g.x, g.y) for g in getattr(crossing, "geoms", [crossing]) if isinstance(g, ShapelyPoint)]
        if not spots:  # ``start`` inside too (it should not be): the nearest edge of it
            near = nearest_points(blocked.boundary, ShapelyPoint(point))[0]
            spots = [(near.x, near.y)]
        x, y = min(spots, key=lambda q: math.hypot(q[0] - point[0], q[1] - point[1]))
        spot = float(x), float(y)
        more = {p.id: p for p in bf.pieces_overlapping(spot, radius, CAT_IMPASSABLE | CAT_OBSTACLE)}
        if more.keys() <= pieces.keys():
            return spot
        pieces |= more
    return spot
