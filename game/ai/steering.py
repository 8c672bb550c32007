"""Steering: where a move ends, for the activation's intent (straight at the goal, round to an objective's edge,
storming the ring, a safe step on hard), and whether a move ends in contact."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from game.ai import scenario_hints
from game.ai.candidates import model_value
from game.ai.deployment import held_ground
from game.ai.futile import Futility, contact_choice, rest_spots, spoils_from
from game.ai.storm import storm_step
from game.ai.threat import Threats
from game.core.vec import Vec2
from game.geometry.paths import end_position
from game.rules import board
from game.rules.decision_kinds import DecisionKind
from game.rules.decisions import Answer, Decision
from game.rules.movement import OfferedPoints
from game.rules.state import ON_TABLE, PRISONER, GameState, ModelState

if TYPE_CHECKING:
    from game.ai.tactical import Handler, Tactical

PROGRESS_OBJECTIVE = 0.5  # an inch nearer an objective: scoring waits for nobody


class Steering:
    """Answers where one controller's models move to and whether they stop in contact."""

    TRANSIENT = frozenset({"ai"})

    def __init__(self, ai: Tactical):
        self.ai = ai

    def handlers(self) -> dict[DecisionKind, Handler]:
        return {DecisionKind.move_to: self.on_move_to, DecisionKind.end_point: self.on_end_point}

    def on_move_to(self, state: GameState, d: Decision) -> Answer:
        """The end point for the intent; one the decision refuses gives way to the offered point nearest the goal
        that it accepts."""
        point = self.move_to(state, d)
        if point is None or d.check is None or d.check(point) is None:
            return point
        m = state.model(d.context["model"])
        goal = self.ai.intent.goal or self.ai.appraiser.goal_for(state, m) or (m.x, m.y)
        offered = sorted(d.context.get("candidates") or [],
                         key=lambda p: math.hypot(p["x"] - goal[0], p["y"] - goal[1]))
        return next((p for p in offered if d.check(p) is None), None)

    def move_to(self, state: GameState, d: Decision) -> Answer:
        ai = self.ai
        m = state.model(d.context["model"])
        goal = ai.intent.goal
        if ai.intent.target and ai.intent.kind in ("fight", "charge"):
            t = state.model(ai.intent.target)
            goal = (t.x, t.y)
        if goal is None:
            goal = ai.appraiser.goal_for(state, m)
        candidates = d.context.get("candidates")  # the engine works them out only if they are looked at
        if candidates is None:
            candidates = []
        if goal is None:
            here = {"x": m.x, "y": m.y}  # levels that stay put: nowhere to go is no reason to wander
            if ai.difficulty.no_goal_stays and (d.check is None or d.check(here) is None):
                return here
            return ai.rng.choice(candidates) if candidates else None
        inches = d.context.get("allowance", 6.0)
        point = self.move_point(state, m, goal, inches, d, candidates)
        point = scenario_hints.steer_clear(state, m, point, goal, candidates, d.check)  # regions it is to avoid
        if point is not None and spoils_from(state, m, point):  # the rest of its plan needs more
            spots = rest_spots(state, m, inches, ai.difficulty.contact_round)
            fitting = nearest([p for p in spots if not spoils_from(state, m, p)], goal)
            nearer = nearest(candidates, goal, lambda p: not spoils_from(state, m, p),  # of equals, the rest spot
                             gap(fitting, goal) if fitting is not None else math.inf)
            if nearer is not None or fitting is not None:
                return nearer or fitting
        return point

    def move_point(self, state: GameState, m: ModelState, goal: tuple[float, float], inches: float, d: Decision,
                   candidates: Sequence[dict[str, float]]) -> Answer:
        intent, level = self.ai.intent, self.ai.difficulty
        aim = goal
        way = self.ai.appraiser.routes.way(state, m, goal, inches - 0.05) if intent.kind in ("advance", "escape") \
            else None
        if way is not None:  # the route bends before the goal: aim at where this move gets along it
            goal = way
        direct, reaches = direct_step(state, m, goal, inches, d)
        reaches = reaches and way is None
        if intent.kind == "escape" and reaches and direct is not None:
            return direct  # [ENC-BRK-2]: the Escape declared after this move needs the edge
        if intent.kind == "escape":
            spot = Futility(state, m).edge_spot(inches)  # round what blocks the straight line, if a route gets there
            if spot is not None and (d.check is None or d.check(spot) is None):
                return spot
        if intent.storm and intent.target in state.models:
            spot = storm_step(state, m, state.model(intent.target), inches, d.check)
            if spot is not None:
                return spot
        if level.touch_objectives and intent.kind == "advance" and not reaches:
            spot = touch_spot(state, m, aim, inches, d)
            if spot is not None:
                return spot
        if level.safe_steps and intent.kind in ("advance", "shoot", "cast") and candidates:
            return self.safe_step(state, m, goal, candidates, d, direct, reaches, aim)
        if direct is not None:
            return direct
        return nearest(candidates, goal)

    def safe_step(self, state: GameState, m: ModelState, goal: tuple[float, float],
                  candidates: Sequence[dict[str, float]], d: Decision, direct: dict[str, float] | None = None,
                  reaches: bool = False, aim: tuple[float, float] | None = None) -> Answer:
        """Hard: the end point that best trades ground gained toward the goal against the enemy's reply there.
        Reaching an objective it must stand on (a marker, the Prisoner's base) is taken whatever the reply.
        ``aim``: the objective itself when ``goal`` is the point of the route there this move reaches."""
        appraiser = self.ai.appraiser
        start = math.hypot(goal[0] - m.x, goal[1] - m.y)
        objective = tuple(aim or goal) in set(appraiser.objective_points(state)) \
            or appraiser.escape_goal(state, m) is not None
        soon = urgent(state)
        if objective and soon and reaches and direct is not None:
            return direct
        threats = Threats(state, m, model_value(m))
        per_inch = PROGRESS_OBJECTIVE if objective and soon else self.ai.difficulty.progress
        caution = scenario_hints.caution(state, m.side)  # its own losses, as much as its scenario asks
        points = [*candidates, {"x": m.x, "y": m.y}] + ([direct] if direct is not None else [])

        counted = held_ground(state, m) if self.ai.difficulty.stay_counted else None

        def score(p: dict[str, float]) -> float:
            gained = start - math.hypot(goal[0] - p["x"], goal[1] - p["y"])
            value = per_inch * gained - caution * threats.at(p["x"], p["y"])
            if counted is not None and counted(p["x"], p["y"]):
                value += self.ai.difficulty.stay_counted  # one more of ours in the count a sudden hold wins by
            return value

        ranked = sorted(points, key=score, reverse=True)
        for p in ranked[:4]:
            if d.check is None or d.check(p) is None:
                return p
        return ranked[0]

    def on_end_point(self, state: GameState, d: Decision) -> Answer:
        m = state.model(state.active_model) if state.active_model else None
        need = contact_choice(state, m) if m is not None else None  # what the rest of its plan needs
        want = need == "contact" if need else \
            self.ai.intent.kind in ("fight", "charge") or self.ai.difficulty.contact_always
        return "contact" if want and "contact" in d.choices() else "stop"


def gap(p: dict[str, float], goal: tuple[float, float]) -> float:
    return math.hypot(p["x"] - goal[0], p["y"] - goal[1])


def nearest(points: Sequence[dict[str, float]], goal: tuple[float, float],
            keep: Callable[[dict[str, float]], bool] | None = None,
            below: float = math.inf) -> dict[str, float] | None:
    """The point nearest ``goal`` (the first of equals), None if there is none; offered points are searched
    nearest first (movement.OfferedPoints.least) rather than all worked out. ``keep``: of those it takes only,
    ``below``: of those nearer than that only."""
    if isinstance(points, OfferedPoints):
        return points.least(lambda p: gap(p, goal), keep, below)
    return min((p for p in points if gap(p, goal) < below and (keep is None or keep(p))),
               key=lambda p: gap(p, goal), default=None)


def touch_spot(state: GameState, m: ModelState, goal: tuple[float, float], inches: float,
               d: Decision) -> dict[str, float] | None:
    """Hard: where the straight line does not get there, the legal point nearest ``m`` that touches the
    objective at ``goal`` (the Prisoner's base: [ENC-RES-4]; a marker: [ENC-SAL-3]) within the move's reach and
    1″ clear of every enemy ([MOVE-8]: else the engine stops it short)."""
    enc = state.encounter
    if enc is None:
        return None
    size = None
    if enc.prisoner is not None:
        p = state.model(enc.prisoner)
        if p.status == PRISONER and (p.x, p.y) == tuple(goal):
            size = m.radius + p.radius + 0.01  # base contact, within the 0.02″ tolerance
    for mk in enc.markers:
        if (mk.x, mk.y) == tuple(goal):
            size = m.radius + mk.radius - 0.05  # touching or overlapping
    if size is None or math.hypot(goal[0] - m.x, goal[1] - m.y) > inches + size:
        return None
    far = state.battle_map.size - m.radius
    bf = board.battlefield(state)
    mover = bf.base(m.id)

    def clear(x: float, y: float) -> bool:  # [MOVE-8], the engine's own answer at that end: else it stops short
        return not any(v.rule == "MOVE-8" for v in end_position(bf, mover, Vec2(x, y))[1])

    ring = [(round(goal[0] + size * math.cos(a), 4), round(goal[1] + size * math.sin(a), 4))
            for a in (2 * math.pi * k / 24 for k in range(24))]
    ring = sorted((p for p in ring if m.radius <= p[0] <= far and m.radius <= p[1] <= far
                   and math.hypot(p[0] - m.x, p[1] - m.y) <= inches and clear(*p)),
                  key=lambda p: math.hypot(p[0] - m.x, p[1] - m.y))
    for x, y in ring[:8]:
        point = {"x": x, "y": y}
        if d.check is None or d.check(point) is None:
            return point
    return None


def direct_step(state: GameState, m: ModelState, goal: tuple[float, float], inches: float,
                d: Decision) -> tuple[dict[str, float] | None, bool]:
    """The legal point furthest along the straight line to the goal (in base contact if a model stands
    there), and whether it gets there."""
    blocker = next((o for o in state.models.values() if o.id != m.id and (o.x, o.y) == tuple(goal)
                    and o.status in (ON_TABLE, PRISONER)), None)
    dx, dy = goal[0] - m.x, goal[1] - m.y
    full = math.hypot(dx, dy)
    ux, uy = (dx / full, dy / full) if full > 0 else (0.0, 0.0)
    dist = full
    if blocker is not None and dist > 0:  # stop in base contact (within the 0.02″ tolerance), not on top
        dist = max(0.0, dist - m.radius - blocker.radius - 0.01)
    there = board.in_contact(m, blocker) if blocker is not None else dist <= 0.05  # [DIG-3] for a base
    if there:
        return {"x": m.x, "y": m.y}, True  # already there: a move of 0″ keeps it there
    for frac in (1.0, 0.95, 0.8, 0.6, 0.4):
        step = min(dist, inches * frac)
        p = {"x": m.x + ux * step, "y": m.y + uy * step}
        if d.check is None or d.check(p) is None:
            return p, step >= dist
    return None, False


def urgent(state: GameState) -> bool:
    """Whether objectives score soon: every Maintenance, or (scored only at the end) in the last two turns."""
    enc = state.encounter
    if enc is None:
        return True
    if any(entry.when != "end" for entry in enc.scenario.scoring) or enc.scenario.victory.by != "score":
        return True
    return state.turn >= enc.scenario.duration.turns - 1
