"""Deployment for the levels that plan it (``Difficulty.deploy``): each base placed with depth and cover.

The random blunders put a party anywhere in its zone, often in one row at its front, in full view of the
enemy. Here every legal spot the decision offers is scored for the model placed: out of the enemy zone's
sight where terrain hides it (the rules' own line of sight, asked of the bare map), at a depth that suits
what it does (fighters forward, the valuable and the shooters further back), not in a row with the friends
already placed, near the objectives its side needs; and each model faces the enemy.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.ai.candidates import VALUE, Appraiser, model_value
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

VIEWPOINTS = 16  # enemy bases imagined in its zone, spread across its front
HIDDEN = 1.5  # a spot no viewpoint sees (an obscured line counts half)
HIDDEN_VALUABLE = 2.5  # ... for a hero or companion
LANE = 1.2  # a shooter's or caster's spot that sees at least half the viewpoints
DEPTH = 1.5  # per zone depth away from the depth that suits the model
ROW = 0.5  # per friend already placed within ROW_INCHES of the same depth (one line at the front is easy prey)
ROW_INCHES = 1.0
CROWD = 0.6  # a friend's base nearer than CROWD_INCHES (room to move, no crowding under a blast)
CROWD_INCHES = 1.0
APART = 0.05  # per inch the nearest friend is beyond APART_INCHES (friends near enough to help)
APART_INCHES = 8.0
LATERAL = 0.04  # per inch off the line between the zones' middles (a corner is far from everything)
OBJECTIVE = 1.0  # beside an objective its side needs, falling off with distance (as Appraiser.objective_pull)


@dataclass(frozen=True)
class Role:
    """What a model does, read from what it has: the depth that suits it (0: the zone's front, 1: its back) and
    whether it wants a lane of sight rather than cover."""

    depth: float
    lane: bool
    valuable: bool

    @staticmethod
    def of(m: ModelState) -> Role:
        valuable = model_value(m) >= VALUE["companion"]
        if combat.ranged_weapons(m) or sorcery.has_spells(m):
            return Role(0.65, True, valuable)
        return Role(0.5 if valuable else 0.25, False, valuable)


class SightMap:
    """For one zone's spots, the share of the enemy zone's viewpoints that see each one (an obscured line half),
    asked of the map alone (bases come and go; terrain stays) through the rules' line of sight."""

    def __init__(self, battle_map: BattleMap, spots: Sequence[tuple[float, float]],
                 viewpoints: Sequence[tuple[float, float]], radius: float):
        self.seen: dict[tuple[float, float], float] = {}
        if not viewpoints or not spots:  # no room in the enemy's zone: nothing to hide from
            self.seen = {spot: 0.5 for spot in spots}
            return
        probe = Battlefield(battle_map, [BaseRecord("viewer", "a", Vec2(*viewpoints[0]), SMALLEST_BASE_RADIUS),
                                         BaseRecord("spot", "b", Vec2(*spots[0]), radius)])
        for spot in spots:
            probe.update_base("spot", centre=spot)
            share = 0.0
            for view in viewpoints:
                probe.update_base("viewer", centre=view)
                sight = line_of_sight_turned(probe, "viewer", "spot")
                share += (0.5 if sight.cover else 1.0) if sight.has_los else 0.0
            self.seen[spot] = share / len(viewpoints)

    def share(self, x: float, y: float) -> float:
        return self.seen.get((x, y), 1.0)  # a spot not worked out: counted as seen


class Deployment:
    """Answers one controller's deployment decisions (where each base goes, which way it faces)."""

    TRANSIENT = frozenset({"ai", "maps"})

    def __init__(self, ai: Tactical):
        self.ai = ai
        self.maps: dict[tuple, SightMap] = {}  # per map, zone pair and base size: the terrain does not change

    def handlers(self) -> dict[DecisionKind, Handler]:
        return {DecisionKind.deploy: self.on_deploy, DecisionKind.deploy_facing: self.on_facing}

    def on_deploy(self, state: GameState, d: Decision) -> Answer:
        """The offered spot that scores best for the model (the first of equals) that the decision accepts."""
        m = state.model(d.context["model"])
        offered = d.context.get("candidates") or []
        if not offered or state.encounter is None:
            return offered[0] if offered else None
        score = self.scorer(state, m, d.side)
        for p in sorted(offered, key=lambda p: -score(p["x"], p["y"]))[:8]:
            if d.check is None or d.check(p) is None:
                return p
        return None

    def scorer(self, state: GameState, m: ModelState, side: int) -> Callable[[float, float], float]:
        """The score of a spot in ``side``'s zone for ``m``."""
        ours, theirs = zone_of(state, side), zone_of(state, 1 - side)
        sight = self.sight(state, ours, theirs, m.radius)
        role = Role.of(m)
        ex, ey = centre(theirs)
        ox, oy = centre(ours)
        axis = math.hypot(ex - ox, ey - oy) or 1.0

        def ahead(x: float, y: float) -> float:  # along the line from our zone's middle to theirs
            return ((x - ox) * (ex - ox) + (y - oy) * (ey - oy)) / axis

        spots = list(sight.seen) or [(m.x, m.y)]
        front = max(ahead(x, y) for x, y in spots)
        span = max(1.0, front - min(ahead(x, y) for x, y in spots))
        friends = [(f.x, f.y, f.radius, (front - ahead(f.x, f.y)) / span)
                   for f in state.side_models(side) if f.on_table and f.id != m.id]
        needed = Appraiser.objective_points(state, side)
        hidden = HIDDEN_VALUABLE if role.valuable else HIDDEN

        def score(x: float, y: float) -> float:
            seen = sight.share(x, y)
            depth = (front - ahead(x, y)) / span
            s = -DEPTH * abs(depth - role.depth) - LATERAL * abs((x - ox) * (ey - oy) - (y - oy) * (ex - ox)) / axis
            s += LANE * min(1.0, 2 * seen) if role.lane else hidden * (1.0 - seen)
            gaps = [math.hypot(x - fx, y - fy) - fr - m.radius for fx, fy, fr, _ in friends]
            s -= ROW * sum(abs(depth - fd) * span < ROW_INCHES for *_, fd in friends)
            if gaps:
                s -= CROWD * (min(gaps) < CROWD_INCHES) + APART * max(0.0, min(gaps) - APART_INCHES)
            if needed:
                s += OBJECTIVE / (1.0 + min(math.hypot(x - px, y - py) for px, py in needed) / 6)
            return s

        return score

    def sight(self, state: GameState, ours: ZoneShape, theirs: ZoneShape, radius: float) -> SightMap:
        key = (id(state.battle_map), ours, theirs, radius)
        if key not in self.maps:
            bf = board.battlefield(state)
            spots = open_spots(bf, ours, radius)
            self.maps[key] = SightMap(state.battle_map, spots, viewpoints(bf, theirs, centre(ours)), radius)
        return self.maps[key]

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
