"""An encounter in play: the scenario's data plus what set-up decided ([ENC-1]-[ENC-5]).

The scenario file (game/content/scenario_file.py) says what the encounter is; this
module holds what a game of it has become (who rolled higher, the chosen edge, the
markers, the Prisoner, points awarded) as plain, copyable data, and answers the
questions the other rules ask: zones, escape edges, the Escape action.
"""

from __future__ import annotations

import math
from collections.abc import Generator
from dataclasses import dataclass, field
from typing import Any

from game.content.maps import TABLE_SIZE, BattleMap, TerrainPiece, segments_touch
from game.content.scenario_checks import named_models, piece_polygon, side_ref
from game.content.scenario_schema import PieceEntry, ScenarioFile, Zone, removes_overlapping
from game.core.vec import Vec2
from game.geometry import shapes as geo
from game.geometry.battlefield import EDGES, Battlefield
from game.rules import board
from game.rules.decisions import Decision
from game.rules.events import EventKind
from game.rules.state import ESCAPED, GameState, ModelState

Gen = Generator[Decision, Any, Any]


@dataclass
class Marker:
    """An objective marker ([ENC-SAL-1]): it blocks nothing; a touching base is in contact."""

    id: str
    x: float
    y: float
    radius: float
    placed_by: int | None  # the side that placed it; None for a marker standing where the scenario says


@dataclass
class Watch:
    """What the scenario's triggers saw at the last check (game/rules/scenario_triggers.py), to tell what changed
    since: plain data, copied and saved with the encounter. Only what some trigger asks about is kept."""

    started: bool = False  # the first check (the start of turn 1) took the table as it stood
    inside: dict[str, list[str]] = field(default_factory=dict)  # region -> models whose base centre is in it
    wounds: dict[str, int] = field(default_factory=dict)  # model -> wounds taken
    stunned: list[str] = field(default_factory=list)  # models Stunned
    securing: dict[str, list[int]] = field(default_factory=dict)  # marker -> sides that secure it
    control: dict[str, int | None] = field(default_factory=dict)  # "entry/target" -> the side that controls it
    holding: list[int] = field(default_factory=list)  # events (by index) whose state held at the last check


@dataclass
class EncounterState:
    scenario: ScenarioFile
    higher: int | None = None  # the set-up roll's winner ([ENC-1])
    chosen_edge: str | None = None
    markers: list[Marker] = field(default_factory=list)
    prisoner: str | None = None
    rescued: bool = False
    awarded: list[int] = field(default_factory=lambda: [0, 0])  # points scored so far, beyond kills/escapes
    once: list[str] = field(default_factory=list)  # "side:entry:target" of 'once' awards already made
    extra_turns: int = 0
    deployed: bool = False
    reserved: list[str] = field(default_factory=list)  # models held back to arrive by an event
    fired: list[int] = field(default_factory=list)  # events (by index) that have fired
    noticed: list[str] = field(default_factory=list)  # models whose death or escape events have seen
    switched: dict[str, bool] = field(default_factory=dict)  # scoring entries switched on/off by events
    ending: bool = False  # an event ended the game: it ends after this turn's Maintenance Phase
    held: dict[str, list[int]] = field(default_factory=dict)  # control entry -> [side, Maintenances in a row]
    decided: list[Any] | None = None  # [side, why]: a sudden win (or an event's win/lose) ended the game
    reserve_of: dict[str, int] = field(default_factory=dict)  # a held-back model -> its reserve entry's index
    variables: dict[str, int | bool] = field(default_factory=dict)  # values events gave (else the file's)
    watch: Watch = field(default_factory=Watch)  # what the triggers saw at the last check

    @property
    def name(self) -> str:
        return self.scenario.name

    def side(self, ref: str) -> int:
        """The side index of ``higher`` or ``lower``."""
        higher = self.higher if self.higher is not None else 0
        return higher if ref == "higher" else 1 - higher

    def named_side(self, name: str | None) -> int | None:
        """The side a scenario's ``side:`` names (higher, lower or a role), or None when it names none."""
        if name is None:
            return None
        ref = side_ref(self.scenario, name)
        return self.side(ref) if ref is not None else None

    def ref(self, side: int) -> str:
        return "higher" if side == self.side("higher") else "lower"

    def role(self, state: GameState, side: int) -> str:
        """The side's name with its role, e.g. "Northmen Raiding Party (Kidnapper)"."""
        roles = self.scenario.roles
        role = getattr(roles, self.ref(side)) if roles is not None else None
        return f"{state.sides[side].name} ({role})" if role else state.sides[side].name

    def snapshot(self) -> dict[str, Any]:
        return {"scenario": self.scenario.name, "higher": self.higher, "chosen_edge": self.chosen_edge,
                "markers": [[m.id, round(m.x, 6), round(m.y, 6), m.placed_by] for m in self.markers],
                "prisoner": self.prisoner, "rescued": self.rescued, "awarded": list(self.awarded),
                "extra_turns": self.extra_turns,
                **({"reserved": list(self.reserved), "fired": list(self.fired), "switched": dict(self.switched),
                    "ending": self.ending} if self.scenario.events or self.scenario.reserves else {}),
                **({"held": {k: list(v) for k, v in self.held.items()}, "decided": self.decided}
                   if self.scenario.victory.sudden else {}),
                **({"variables": dict(self.variables)} if self.scenario.variables else {})}


def encounter_of(state: GameState) -> EncounterState | None:
    found: EncounterState | None = state.encounter  # (the state names it Any: the rules import the state)
    return found


# -- starting an encounter -------------------------------------------------------------------------

def start_encounter(state: GameState, scenario: ScenarioFile) -> None:
    """Attach a scenario to a new game: its pieces join the map ([ENC-LMK-1]), its duration the settings."""
    state.encounter = EncounterState(scenario)
    state.settings.turns = scenario.duration.turns
    state.battle_map = with_pieces(state, state.battle_map, scenario)
    for m in state.models.values():
        m.x, m.y = -100.0, -100.0
    state.emit(EventKind.EncounterChosen, f"Encounter: {scenario.name}"
               + (" (ours)" if scenario.origin == "ours" else ""), scenario=scenario.name, rule="ENC-4")
    ids = {p.id for p in state.battle_map.pieces}
    for entry in scenario.scoring:
        if entry.targets is not None and entry.targets.piece is not None and entry.targets.piece not in ids:
            state.emit(EventKind.PieceMissing,
                       f"{scenario.name} scores the piece '{entry.targets.piece}', which this map "
                       f"does not have" + (f" (it was made for {scenario.map})" if scenario.map else "")
                       + ": that entry scores nothing", piece=entry.targets.piece, rule="ENC-4", fault="scoring")
    names = {m.name.strip().casefold() for m in state.models.values()}
    for where, name in named_models(scenario):  # a model a trigger names that neither party has
        if name.strip().casefold() not in names:
            cite = scenario.cite(where)
            state.emit(EventKind.EventFailed, f"{cite} names the model '{name}', which neither party has: it "
                       "never matches", cite=cite, rule="ENC-TRG-1", fault="events")


def with_pieces(state: GameState, battle_map: BattleMap, scenario: ScenarioFile) -> BattleMap:
    """The map with the scenario's pieces added; a piece marked so removes every map piece it intersects."""
    for entry in scenario.pieces:
        battle_map = _with_piece(state, battle_map, entry)
    return battle_map


def _with_piece(state: GameState, battle_map: BattleMap, entry: PieceEntry, by_event: bool = False) -> BattleMap:
    pieces = list(battle_map.pieces)
    poly = piece_polygon(entry)
    if removes_overlapping(entry, by_event):
        gone = [p for p in pieces if polygons_intersect(poly, [(v.x, v.y) for v in p.polygon])]
        for p in gone:
            pieces.remove(p)
            state.emit(EventKind.PieceRemoved, f"{entry.id} stands where {p.id} was: {p.id} is removed",
                       piece=p.id, by=entry.id, rule="ENC-LMK-1")
    pieces.append(TerrainPiece(entry.id, entry.kind, tuple(Vec2(x, y) for x, y in poly),
                               entry.style or entry.kind, blocks_los=bool(entry.blocks_los),
                               cross_cost=entry.cross_cost or 1.0, water=entry.water))
    return BattleMap(battle_map.name, tuple(pieces), battle_map.description, battle_map.file)


def add_piece(state: GameState, entry: PieceEntry) -> str | None:
    """A piece an event adds during the game; why not (a base stands where it would block), or None."""
    if entry.kind in ("impassable", "obstacle"):
        poly = piece_polygon(entry)
        for m in state.on_table():
            if inside_polygon(poly, m.x, m.y, 0.0) or any(
                    geo.segment_point_distance(poly[i], poly[(i + 1) % len(poly)], (m.x, m.y)) < m.radius
                    for i in range(len(poly))):
                return f"{m.name} stands there"
    state.battle_map = _with_piece(state, state.battle_map, entry, by_event=True)
    board.battlefield(state)
    return None


def polygons_intersect(a: list[tuple[float, float]], b: list[tuple[float, float]]) -> bool:
    """The two polygons share a point: an edge crosses, or one lies inside the other."""
    for i in range(len(a)):
        for j in range(len(b)):
            if segments_touch(a[i], a[(i + 1) % len(a)], b[j], b[(j + 1) % len(b)]):
                return True
    return geo.point_in_polygon(a[0], b) or geo.point_in_polygon(b[0], a)


# -- zones and edges -------------------------------------------------------------------------------

@dataclass(frozen=True)
class ZoneShape:
    """A resolved deployment zone: an edge strip or a polygon ([ENC-2])."""

    edge: str | None
    depth: float
    polygon: tuple[tuple[float, float], ...] = ()
    table: float = TABLE_SIZE  # the map's table ([DIG-1])

    def contains(self, x: float, y: float, r: float) -> bool:
        """The whole base lies inside the zone."""
        if self.edge is not None:
            return Battlefield.in_edge_zone((x, y), r, self.edge, self.depth)
        return inside_polygon(self.polygon, x, y, r)

    def bounds(self) -> tuple[float, float, float, float]:
        if self.edge is None:
            xs, ys = [p[0] for p in self.polygon], [p[1] for p in self.polygon]
            return min(xs), min(ys), max(xs), max(ys)
        return edge_strip(self.table, self.edge, self.depth)

    def outline(self) -> tuple[tuple[float, float], ...]:
        """The zone's boundary as a polygon in table inches, for drawing it (a strip's four corners)."""
        if self.edge is None:
            return self.polygon
        return corners(self.bounds())

    def describe(self) -> str:
        if self.edge is not None:
            return f"within {self.depth:g}″ of the {self.edge} edge"
        return "inside its deployment polygon"


def edge_strip(table: float, edge: str, depth: float) -> tuple[float, float, float, float]:
    """The strip of the table within ``depth`` of one edge, as (x0, y0, x1, y1) ([ENC-2], [DIG-1])."""
    return {"top": (0, 0, table, depth), "bottom": (0, table - depth, table, table), "left": (0, 0, depth, table),
            "right": (table - depth, 0, table, table)}[edge]


def corners(box: tuple[float, float, float, float]) -> tuple[tuple[float, float], ...]:
    x0, y0, x1, y1 = box
    return (x0, y0), (x1, y0), (x1, y1), (x0, y1)


def inside_polygon(polygon: tuple[tuple[float, float], ...] | list[tuple[float, float]], x: float, y: float,
                   r: float) -> bool:
    """A disc of radius r at (x, y) lies wholly inside the polygon."""
    if not geo.point_in_polygon((x, y), polygon):
        return False
    n = len(polygon)
    return all(geo.segment_point_distance(polygon[i], polygon[(i + 1) % n], (x, y)) >= r - 1e-9 for i in range(n))


def edge_of(enc: EncounterState, ref: str) -> str | None:
    """The table edge of a zone reference (chosen/opposite resolved by the edge choice)."""
    zone: Zone = getattr(enc.scenario.deployment.zones, ref)
    if zone.polygon is not None:  # a drawn zone's edge: the table edge nearest its middle
        cx = sum(float(p[0]) for p in zone.polygon) / len(zone.polygon)
        cy = sum(float(p[1]) for p in zone.polygon) / len(zone.polygon)
        return min(EDGES, key=lambda e: Battlefield.distance_to_edge((cx, cy), 0.0, e))
    if zone.edge is None:
        return None
    if zone.edge == "chosen":
        return enc.chosen_edge
    if zone.edge == "opposite":
        return Battlefield.opposite_edge(enc.chosen_edge) if enc.chosen_edge else None
    return zone.edge


def zone_of(state: GameState, side: int) -> ZoneShape:
    enc = state.encounter
    ref = enc.ref(side)
    zone: Zone = getattr(enc.scenario.deployment.zones, ref)
    if zone.polygon is not None:
        return ZoneShape(None, 0.0, tuple((float(p[0]), float(p[1])) for p in zone.polygon), state.battle_map.size)
    return ZoneShape(edge_of(enc, ref), float(zone.depth or 0.0), (), state.battle_map.size)


def escape_edges(state: GameState, model: ModelState) -> list[str]:
    """The edges a model may escape off ([ENC-BRK-1]): its goal edge, the enemy's deployment edge."""
    enc = state.encounter
    if enc is None or enc.scenario.escape is None:
        return []
    edge = enc.scenario.escape.edge
    only = enc.named_side(enc.scenario.escape.side)
    if only is not None and model.side != only:  # a one-sided escape: the other side stays
        return []
    own = enc.ref(model.side)
    if edge == "any":
        return ["top", "bottom", "left", "right"]
    if edge in ("enemy", "own"):
        found = edge_of(enc, own if edge == "own" else ("lower" if own == "higher" else "higher"))
        return [found] if found else []
    return [edge]


def at_goal_edge(state: GameState, model: ModelState) -> bool:
    """[ENC-BRK-2]: the base within 0.02″ of a goal edge (engaged or not)."""
    edges = escape_edges(state, model)
    if not edges or not model.on_table:
        return False
    within = state.encounter.scenario.escape.within
    return any(Battlefield.distance_to_edge((model.x, model.y), model.radius, e) <= within + 1e-9 for e in edges)


def can_escape(state: GameState, model: ModelState) -> bool:
    """[ENC-BRK-2]: the base within 0.02″ of its goal edge, and not engaged."""
    return at_goal_edge(state, model) and not board.is_engaged(state, model)


def escape(state: GameState, model: ModelState, kind: str) -> Gen:
    """[ENC-BRK-2]: the model leaves the table; it is not killed and its die is set aside."""
    if not can_escape(state, model):
        state.emit(EventKind.ActionSkipped,
                   f"{model.name}'s Escape is skipped: it is not at its goal edge or is engaged "
                   "(its AP are lost)", model=model.id, action=kind, rule="SEQ-2")
        return False
    model.status = ESCAPED
    state.emit(EventKind.Escaped, f"{model.name} escapes off the table", model=model.id, side=model.side,
               rule="ENC-BRK-2")
    return True
    yield  # pragma: no cover


def distance_to_marker(model: ModelState, marker: Marker) -> float:
    return max(0.0, math.hypot(model.x - marker.x, model.y - marker.y) - model.radius - marker.radius)
