"""What the battle will make of the map, for the editor's overlays: sight from a base, a route and its cost,
and an encounter's zones, objectives and extra terrain. Every answer comes from the geometry layer and
the scenario files; nothing here restates a rule. These are computed when an edit or a drop ends, never
on every mouse move.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from game.content.maps import TABLE_SIZE, BattleMap
from game.content.scenario_checks import piece_polygon
from game.content.scenario_schema import ScenarioFile, removes_overlapping
from game.content.scoring_text import entries_for, target_card
from game.core.vec import Vec2
from game.geometry.battlefield import BaseRecord, Battlefield, base_radius
from game.geometry.los import line_of_sight
from game.geometry.routes import Route, shortest_route
from game.geometry.shapes import point_in_polygon

DEFAULT_BASE_MM = 25.0
SIGHT_STEP = 1.0  # one sample target per square inch of table

CLEAR, COVER, HIDDEN, INSIDE = "clear", "cover", "hidden", "inside"


class SightJob:
    """What a base at ``at`` can see, cell by cell (one sample target per square inch): clear, in cover, hidden,
    or inside impassable terrain where no base stands ([DIG-LOS-1]–[DIG-LOS-5]; the viewer turns freely,
    [SEQ-5]). The work is spread over frames: the centre of every 4″ block first (the whole table shaded
    coarsely within a few frames), then every other cell, each answered by the real LOS."""

    BLOCK = 4

    def __init__(self, battle_map: BattleMap, at: tuple[float, float], base_mm: float = DEFAULT_BASE_MM,
                 step: float = SIGHT_STEP):
        self.at, self.step = (float(at[0]), float(at[1])), step
        self.radius = base_radius(base_mm)
        self.n = round(TABLE_SIZE / step)
        self.bf = _battlefield(battle_map)
        for base in ("viewer", "target"):
            self.bf.add_base(BaseRecord(base, base[0], Vec2(*self.at), self.radius))
        self.cells: dict[tuple[int, int], str] = {}
        b = self.BLOCK
        coarse = [(i, j) for j in range(b // 2, self.n, b) for i in range(b // 2, self.n, b)]
        first = set(coarse)
        rest = [(i, j) for j in range(self.n) for i in range(self.n) if (i, j) not in first]
        self._todo = coarse + rest
        self._next = 0
        self.coarse_count = len(coarse)

    @property
    def answered(self) -> int:
        """How many cells are answered: the first ``answered`` of ``order``."""
        return self._next

    @property
    def order(self) -> list[tuple[int, int]]:
        return self._todo

    @property
    def done(self) -> bool:
        return self._next >= len(self._todo)

    @property
    def coarse_done(self) -> bool:
        return self._next >= self.coarse_count

    def centre(self, i: int, j: int) -> tuple[float, float]:
        return ((i + 0.5) * self.step, (j + 0.5) * self.step)

    def run(self, budget: float) -> None:
        """Answer cells for about ``budget`` seconds (at least one)."""
        end = time.perf_counter() + budget
        while not self.done:
            ij = self._todo[self._next]
            self._next += 1
            self.cells[ij] = self._status(self.centre(*ij))
            if time.perf_counter() >= end:
                return

    def finish(self) -> SightJob:
        while not self.done:
            self.run(1.0)
        return self

    def status(self, i: int, j: int) -> str | None:
        """A cell's answer, or until it is computed its 4″ block's."""
        got = self.cells.get((i, j))
        if got is None:
            b = self.BLOCK
            got = self.cells.get((min(i // b * b + b // 2, self.n - 1), min(j // b * b + b // 2, self.n - 1)))
        return got

    def count(self, status: str) -> int:
        return sum(1 for s in self.cells.values() if s == status)

    def _status(self, c: tuple[float, float]) -> str:
        bf = self.bf
        if any(p.kind == "impassable" for p in bf.pieces_at(c)):
            return INSIDE
        if math.dist(c, self.at) < 1e-9:
            return CLEAR
        bf.update_base("viewer", facing=math.degrees(math.atan2(c[1] - self.at[1], c[0] - self.at[0])))
        bf.update_base("target", centre=c)
        res = line_of_sight(bf, "viewer", "target")
        return (COVER if res.cover else CLEAR) if res.has_los else HIDDEN


_INDEX: list[tuple[BattleMap, Battlefield]] = []


def _battlefield(battle_map: BattleMap) -> Battlefield:
    """The geometry index of a map with no bases on it, built once per map (the sight base moves often)."""
    if not _INDEX or _INDEX[0][0] is not battle_map:
        _INDEX[:] = [(battle_map, Battlefield(battle_map))]
    bf = _INDEX[0][1]
    for rec in bf.bases():
        bf.remove_base(rec.id)
    return bf


def route(battle_map: BattleMap, start: tuple[float, float], end: tuple[float, float],
          base_mm: float = DEFAULT_BASE_MM) -> Route:
    """The shortest legal route for a base of that size, with its cost ([DIG-MOVE-1], [DIG-MOVE-2])."""
    bf = Battlefield(battle_map, [BaseRecord("walker", "a", Vec2(*start), base_radius(base_mm))])
    return shortest_route(bf, "walker", end)


# -- encounters ----------------------------------------------------------------------------------------------

EDGE_EXAMPLE = {"chosen": "top", "opposite": "bottom"}  # the edge a player chooses is shown as the top one


@dataclass(frozen=True)
class Shape:
    """Something to draw: a polygon or a circle, a label, and its role (zone, objective, piece, removed)."""

    role: str
    label: str
    polygon: tuple[tuple[float, float], ...] = ()
    centre: tuple[float, float] | None = None
    radius: float = 0.0
    side: int | None = None
    tip: tuple[str, ...] = ()  # its tooltip: what it is and, for an objective, what it scores (the scenario's words)

    def contains(self, p: tuple[float, float]) -> bool:
        if self.centre is not None:
            return math.dist(self.centre, p) <= self.radius
        return len(self.polygon) >= 3 and point_in_polygon(p, list(self.polygon))


def shape_at(shapes: list[Shape], p: tuple[float, float]) -> Shape | None:
    """The shape under a table point that has a tooltip: an objective before a piece before a zone, the
    smallest first (a marker over the region it stands in)."""
    rank = {"objective": 0, "piece": 1, "removed": 2, "zone": 3}
    hit = [s for s in shapes if s.tip and s.contains(p)]
    return min(hit, key=lambda s: (rank.get(s.role, 4), _area(s)), default=None)


def _area(s: Shape) -> float:
    if s.centre is not None:
        return math.pi * s.radius ** 2
    pts = s.polygon
    return abs(sum(pts[i][0] * pts[(i + 1) % len(pts)][1] - pts[(i + 1) % len(pts)][0] * pts[i][1]
                   for i in range(len(pts)))) / 2


def encounter_shapes(scenario: ScenarioFile, battle_map: BattleMap) -> list[Shape]:
    """An encounter laid over the map: both deployment zones (a chosen edge shown as the top one), the
    encounter's own pieces and the map pieces they remove, and the objectives it scores."""
    from game.rules.encounter import ZoneShape, polygons_intersect

    out: list[Shape] = []
    for side, ref in enumerate(("lower", "higher")):
        zone = getattr(scenario.deployment.zones, ref)
        role = (scenario.roles.lower if ref == "lower" else scenario.roles.higher) if scenario.roles else None
        name = f"{role or ref.capitalize()} deploys"
        if zone.polygon is not None:
            out.append(Shape("zone", name, tuple((float(x), float(y)) for x, y in zone.polygon), side=side,
                             tip=(name, "Deployment zone: each model wholly inside it")))
        elif zone.edge is not None and zone.depth is not None:
            edge = EDGE_EXAMPLE.get(zone.edge, zone.edge)
            extra = f" ({zone.edge} edge)" if zone.edge in EDGE_EXAMPLE else ""
            strip = ZoneShape(edge, float(zone.depth), (), battle_map.size).outline()  # the rules' zone, as drawn
            label = f"{name}{extra}: {zone.depth:g}″"
            out.append(Shape("zone", label, strip, side=side,
                             tip=(label, f"Deployment zone: each model wholly within {zone.depth:g}″ of the edge")))
    for placed in scenario.pieces:
        poly = tuple(piece_polygon(placed))
        for p in battle_map.pieces:
            if removes_overlapping(placed, by_event=False) and polygons_intersect(list(poly),
                                                                                  [(v.x, v.y) for v in p.polygon]):
                out.append(Shape("removed", f"{p.id}: removed by the {placed.id}",
                                 tuple((v.x, v.y) for v in p.polygon)))
        title = placed.id.replace("_", " ")
        out.append(Shape("piece", title, poly, tip=tuple(target_card(scenario, title,
                                                                   entries_for(scenario, "piece", placed.id)))))
    for entry in scenario.scoring:
        t = entry.targets
        if t is None:
            continue
        within = entry.count.within if entry.count and entry.count.within else None
        name = entry.name or entry.kind
        if t.piece:
            outline = next((tuple(piece_polygon(e)) for e in scenario.pieces if e.id == t.piece), None)
            if outline is None:
                found = next((p for p in battle_map.pieces if p.id == t.piece), None)
                outline = tuple((v.x, v.y) for v in found.polygon) if found else None
            if outline:
                cx, cy = sum(p[0] for p in outline) / len(outline), sum(p[1] for p in outline) / len(outline)
                reach = max(math.dist((cx, cy), p) for p in outline) + (within or 0.0)
                out.append(Shape("objective", f"{name}: within {within:g}″" if within else name,
                                 centre=(cx, cy), radius=reach,
                                 tip=tuple(target_card(scenario, name, entries_for(scenario, "piece", t.piece)))))
        if t.quarters is not None:
            c = TABLE_SIZE / 2
            label = f"{name}: table quarters, {t.quarters.min_from_centre:g}″ from the centre"
            out.append(Shape("objective", label, centre=(c, c), radius=t.quarters.min_from_centre,
                             tip=tuple(target_card(scenario, label, [entry]))))
        for region in t.regions or []:
            tip = tuple(target_card(scenario, region.name, entries_for(scenario, "region", region.name)))
            if region.circle is not None:
                rx, ry = region.circle.centre
                out.append(Shape("objective", region.name, centre=(rx, ry),
                                 radius=region.circle.diameter / 2, tip=tip))
            else:
                assert region.polygon is not None  # a region has a polygon or a circle (the schema checks)
                out.append(Shape("objective", region.name, tuple((float(x), float(y)) for x, y in region.polygon),
                                 tip=tip))
    markers = scenario.markers
    if markers is not None and markers.at is not None:
        r = markers.diameter_mm / 25.4 / 2
        for i, (x, y) in enumerate(markers.at):
            label = f"{markers.name} M{i + 1}"
            out.append(Shape("objective", label, centre=(x, y), radius=r,
                             tip=tuple(target_card(scenario, label, entries_for(scenario, "markers")))))
    elif markers is not None:
        m = markers.min_from_edges
        size = TABLE_SIZE
        label = f"{markers.name}s: {markers.per_side} per side, {m:g}″ from the edges, {markers.min_apart:g}″ apart"
        out.append(Shape("objective", label, ((m, m), (size - m, m), (size - m, size - m), (m, size - m)),
                         tip=tuple(target_card(scenario, f"{markers.name}s placed here",
                                               entries_for(scenario, "markers")))))
    if scenario.prisoner is not None:
        m = scenario.prisoner.min_from_edges
        size = TABLE_SIZE
        label = f"the Prisoner is placed {m:g}″ or more from the edges"
        out.append(Shape("objective", label, ((m, m), (size - m, m), (size - m, size - m), (m, size - m)),
                         tip=tuple(target_card(scenario, label, entries_for(scenario, "prisoner")))))
    return out
