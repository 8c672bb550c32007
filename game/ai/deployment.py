"""Deployment for the levels that plan it (``Difficulty.deploy``): each base placed with depth and cover.

The random blunders put a party anywhere in its zone, often in one row at its front, in full view of the
enemy. Here every legal spot the decision offers is scored for the model placed: near the table's middle
(where fights and most objectives are: a party held back or spread to the corners arrives a turn late) and near
the ground a control entry counts at every Maintenance (deploy_objective: the count is made from turn 1), room
between friends, the shooters and casters a little back, and out of the enemy zone's sight where terrain hides
it (the rules' own line of sight, asked of the bare map); each model faces the enemy. Strength tables of
hard against normal chose the weights: a party placed deep and spread for cover lost most games to one placed
forward in the middle.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.ai import prisoner
from game.ai.candidates import VALUE, model_value
from game.content.maps import BattleMap
from game.core.vec import Vec2
from game.geometry.battlefield import BaseRecord, Battlefield
from game.geometry.los import line_of_sight_turned
from game.rules import board, combat, sorcery
from game.rules.decision_kinds import DecisionKind
from game.rules.decisions import Answer, Decision
from game.rules.deployment import SMALLEST_BASE_RADIUS, open_spots
from game.rules.encounter import ZoneShape, zone_of
from game.rules.state import GameState, ModelState

if TYPE_CHECKING:
    from game.ai.tactical import Handler, Tactical

VIEWPOINTS = 10  # enemy bases imagined in its zone, spread across its front
CELL = 2.0  # sight is asked once per square of this side
HIDDEN = 3.0  # a spot no viewpoint sees (an obscured line counts half)
HIDDEN_VALUABLE = 3.5  # ... for a hero or companion
SIGHT_MOST = max(HIDDEN, HIDDEN_VALUABLE)  # the most the sight part of a score adds
MIDDLE = 0.5  # per inch from the table's middle
DEPTH = 1.0  # per zone depth away from the depth that suits the model
ROW = 0.5  # per friend already placed within ROW_INCHES of the same depth (one line at the front is easy prey)
ROW_INCHES = 1.0
CROWD = 2.0  # a friend's base nearer than CROWD_INCHES (room to move, to charge past, no crowding under a blast)
CROWD_INCHES = 2.5


@dataclass(frozen=True)
class Role:
    """What a model does, read from what it has: the depth that suits it (0: the zone's front, 1: its back) and
    whether it is worth hiding more (a hero or companion)."""

    depth: float
    valuable: bool

    @staticmethod
    def of(m: ModelState) -> Role:
        valuable = model_value(m) >= VALUE["companion"]
        if combat.ranged_weapons(m) or sorcery.has_spells(m):
            return Role(0.2, valuable)
        return Role(0.0, valuable)


class SightMap:
    """For one zone's spots, the share of the enemy zone's viewpoints that see each one (an obscured line half),
    asked of the map alone (bases come and go; terrain stays) through the rules' line of sight; worked out when
    first asked, then remembered, once per CELL-inch square (at its first spot, in grid order): sight lines
    are most of deployment's time."""

    def __init__(self, battle_map: BattleMap, spots: Sequence[tuple[float, float]],
                 viewpoints: Sequence[tuple[float, float]], radius: float):
        self.spots = list(spots)
        self.viewpoints = list(viewpoints)
        self.seen: dict[tuple[float, float], float] = {}
        self.first: dict[tuple[int, int], tuple[float, float]] = {}
        for spot in self.spots:
            self.first.setdefault(cell(*spot), spot)
        self.probe = Battlefield(battle_map, [BaseRecord("viewer", "a", Vec2(*viewpoints[0]), SMALLEST_BASE_RADIUS),
                                              BaseRecord("spot", "b", Vec2(*spots[0]), radius)]) \
            if viewpoints and spots else None

    def share(self, x: float, y: float) -> float:
        at = self.first.get(cell(x, y), (x, y))
        found = self.seen.get(at)
        if found is None:
            found = self.seen[at] = self._share(*at)
        return found

    def _share(self, x: float, y: float) -> float:
        if self.probe is None:  # no room in the enemy's zone: nothing to hide from
            return 0.5
        self.probe.update_base("spot", centre=(x, y))
        share = 0.0
        for view in self.viewpoints:
            self.probe.update_base("viewer", centre=view)
            sight = line_of_sight_turned(self.probe, "viewer", "spot")
            share += (0.5 if sight.cover else 1.0) if sight.has_los else 0.0
        return share / len(self.viewpoints)


SIGHT_MAPS = 32
SHARED: dict[tuple[BattleMap, ZoneShape, ZoneShape, float], SightMap] = {}


class Deployment:
    """Answers one controller's deployment decisions (where each base goes, which way it faces)."""

    TRANSIENT = frozenset({"ai"})

    def __init__(self, ai: Tactical):
        self.ai = ai

    def handlers(self) -> dict[DecisionKind, Handler]:
        return {DecisionKind.deploy: self.on_deploy, DecisionKind.deploy_facing: self.on_facing}

    def on_deploy(self, state: GameState, d: Decision) -> Answer:
        """The offered spot that scores best for the model that the decision accepts. The spots are tried best
        first by the score without their sight, which it can raise by ``SIGHT_MOST`` at most: sight lines are
        asked only of the spots that could still win."""
        m = state.model(d.context["model"])
        offered = d.context.get("candidates") or []
        if not offered or state.encounter is None:
            return offered[0] if offered else None
        placed, sighted = self.scorer(state, m, d.side)
        ranked = sorted(((placed(p["x"], p["y"]), i) for i, p in enumerate(offered)), key=lambda t: (-t[0], t[1]))
        scored: list[tuple[float, int]] = []
        for base, i in ranked:
            if len(scored) >= 8 and base + SIGHT_MOST < scored[7][0]:
                break
            scored.append((base + sighted(offered[i]["x"], offered[i]["y"]), i))
            scored.sort(key=lambda t: (-t[0], t[1]))
        for _, i in scored[:8]:
            if d.check is None or d.check(offered[i]) is None:
                return offered[i]
        return None

    def scorer(self, state: GameState, m: ModelState, side: int) -> tuple[Callable[[float, float], float],
                                                                          Callable[[float, float], float]]:
        """The two parts of a spot's score in ``side``'s zone for ``m``: where it stands (the middle, depth,
        friends), and what the enemy's zone sees of it (between 0 and ``SIGHT_MOST``)."""
        ours, theirs = zone_of(state, side), zone_of(state, 1 - side)
        sight = self.sight(state, ours, theirs, m.radius)
        role = Role.of(m)
        ex, ey = centre(theirs)
        ox, oy = centre(ours)
        axis = math.hypot(ex - ox, ey - oy) or 1.0

        def ahead(x: float, y: float) -> float:  # along the line from our zone's middle to theirs
            return ((x - ox) * (ex - ox) + (y - oy) * (ey - oy)) / axis

        spots = sight.spots or [(m.x, m.y)]
        front = max(ahead(x, y) for x, y in spots)
        span = max(1.0, front - min(ahead(x, y) for x, y in spots))
        friends = [(f.x, f.y, f.radius, (front - ahead(f.x, f.y)) / span)
                   for f in state.side_models(side) if f.on_table and f.id != m.id]
        half = state.battle_map.size / 2
        hidden = HIDDEN_VALUABLE if role.valuable else HIDDEN
        forward = self.ai.difficulty.rescue_forward if prisoner.rescuing(state, side) else 0.0
        hold = self.ai.difficulty.deploy_hold
        counts = held_ground(state, m) if hold else None
        pull = self.ai.difficulty.deploy_objective
        goals = counted_ground(state, side) if pull else []

        def placed(x: float, y: float) -> float:
            depth = (front - ahead(x, y)) / span
            s = -MIDDLE * math.hypot(x - half, y - half) - DEPTH * abs(depth - role.depth) - forward * depth
            if goals:
                s -= pull * min(math.hypot(x - gx, y - gy) for gx, gy in goals)
            s -= ROW * sum(abs(depth - fd) * span < ROW_INCHES for *_, fd in friends)
            gaps = [math.hypot(x - fx, y - fy) - fr - m.radius for fx, fy, fr, _ in friends]
            if gaps and min(gaps) < CROWD_INCHES:
                s -= CROWD
            if counts is not None and counts(x, y):
                s += hold
            return s

        def sighted(x: float, y: float) -> float:
            seen = sight.share(x, y)
            return hidden * (1.0 - seen)  # a shooter too: the enemy's shooters see what it sees

        return placed, sighted

    @staticmethod
    def sight(state: GameState, ours: ZoneShape, theirs: ZoneShape, radius: float) -> SightMap:
        """The sight map of our zone from theirs on this map: shared by every game that plays it (the terrain
        alone decides it), the last SIGHT_MAPS kept."""
        key = (state.battle_map, ours, theirs, radius)
        found = SHARED.get(key)
        if found is None:
            if len(SHARED) >= SIGHT_MAPS:
                SHARED.pop(next(iter(SHARED)))
            bf = board.battlefield(state)
            spots = open_spots(bf, ours, radius)
            found = SHARED[key] = SightMap(state.battle_map, spots, viewpoints(bf, theirs, centre(ours)), radius)
        return found

    def on_facing(self, state: GameState, d: Decision) -> Answer:
        """Facing the nearest enemy on the table, else the middle of the enemy's zone."""
        m = state.model(d.context["model"])
        foes = [o for o in state.on_table() if o.side != d.side]
        if foes:
            t = min(foes, key=lambda o: board.distance(m, o))
            x, y = t.x, t.y
        elif state.encounter is not None:
            x, y = centre(zone_of(state, 1 - d.side))
        else:
            x = y = state.battle_map.size / 2
        return round(board.facing_towards(m, x, y) % 360.0, 3)


def cell(x: float, y: float) -> tuple[int, int]:
    return math.floor(x / CELL), math.floor(y / CELL)


def held_ground(state: GameState, m: ModelState) -> Callable[[float, float], bool] | None:
    """Whether ``m`` placed (or ending a move) at (x, y) would count toward a control entry a sudden win by holding
    counts ([ENC-4] ``hold``, [ENC-LMK-2]: asked of the rules), or None when the scenario has no such entry."""
    from dataclasses import replace

    from game.rules import scoring

    entries = scoring.hold_entries(state)
    if not entries:
        return None
    targets = [(e, t) for e in entries for t in scoring.targets(state, e)]

    def counts(x: float, y: float) -> bool:
        probe = replace(m, x=x, y=y)
        return any(scoring.counts_for(state, e, t, probe) for e, t in targets)

    return counts


def counted_ground(state: GameState, side: int) -> list[tuple[float, float]]:
    """Where the control entries that can pay ``side`` at every Maintenance count models ([ENC-LMK-2], [ENC-4]
    ``control``): counted from the first, so a model placed far from them arrives a turn late and the enemy scores
    it. Not those a sudden win by holding counts (``deploy_hold`` places on them) nor those scored at the end."""
    from game.rules import scoring

    enc = state.encounter
    held = {e.name for e in scoring.hold_entries(state)}
    entries = [e for e in enc.scenario.scoring if e.kind == "control" and e.when == "maintenance"
               and e.name not in held and scoring.scores_for(state, e, side)] if enc is not None else []
    points = [scoring.target_centre(state, t) for e in entries for t in scoring.targets(state, e)]
    return [p for p in points if p is not None]


def centre(zone: ZoneShape) -> tuple[float, float]:
    x0, y0, x1, y1 = zone.bounds()
    return (x0 + x1) / 2, (y0 + y1) / 2


def viewpoints(bf: Battlefield, zone: ZoneShape, toward: tuple[float, float]) -> list[tuple[float, float]]:
    """Where enemy bases may stand in ``zone``: up to VIEWPOINTS of its open spots, spread along its front
    fifth (the fifth nearer ``toward``) from end to end."""
    spots = open_spots(bf, zone, SMALLEST_BASE_RADIUS)
    if not spots:
        return []
    cx, cy = centre(zone)
    dx, dy = toward[0] - cx, toward[1] - cy
    by_front = sorted(spots, key=lambda p: -((p[0] - cx) * dx + (p[1] - cy) * dy))
    x0, y0, x1, y1 = zone.bounds()
    along = 0 if x1 - x0 >= y1 - y0 else 1  # the zone's long side
    front = sorted(by_front[:max(1, len(by_front) // 5)], key=lambda p: (p[along], p[1 - along]))
    if len(front) <= VIEWPOINTS:
        return front
    return [front[round(k * (len(front) - 1) / (VIEWPOINTS - 1))] for k in range(VIEWPOINTS)]
