"""Actions of a legal plan that the AI expects the engine to skip, so that it does not declare them.

The rules offer an action that an earlier action of the plan may make possible ([SEQ-2]); whether that
is likely is the AI's judgement, made from the rules' own answers (game.rules.readiness.why_not_now and
the obstacles it names):

- an action that cannot succeed now and that no earlier action of the plan can make possible (a charge
  with no enemy it can charge, a blow with no enemy in contact and no move before it) is skipped for sure;
- a blow or a Shove frees the model only if the dice kill or push the enemy, and a shot jams 1 time in 36
  or less: a plan is not built on such luck (no move after a blow while engaged, no Clear weapon for a jam
  to come);
- a move makes an action possible only if it can get there: an Escape only when the moves before it reach
  the goal edge in a straight line, a blow only when they can reach an enemy's base;
- a charge ends in base contact, so what follows it is judged as the rules judge an engaged model; a walk
  ends in contact only if the AI wants it to (:func:`contact_spoils` says when it must stop short).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from game.geometry.battlefield import Battlefield
from game.rules import board, encounter, movement, readiness
from game.rules.action_kinds import CLEARS, MOVES, ActionKind
from game.rules.events import EventKind
from game.rules.plans import action_kind
from game.rules.state import GameState, ModelState

SURE = frozenset({MOVES, CLEARS})  # what an earlier action does whatever the dice (a shot's jam, a blow's kill: luck)
WALKS = ("walk", "run", "sneak")  # moves the AI steers freely; a charge ends in contact, a Disengage ends it all


_Step = tuple[int, int, float, bool, bool]  # skipped so far, Clear Weapons so far, inches walked, charged, engaged


FACING = (0.0, 0.6, -0.6, 1.3, -1.3)  # radians from the side of the target facing the model
SQUARE = (0.0,)  # the point facing the model alone
ROUND_ABOUT = (*FACING, 1.9, -1.9, 2.5, -2.5, math.pi)  # ... and on round it, where a crowd fills the near side


class Futility:
    """Counts the actions of a plan that will most likely be skipped, for one model in one state."""

    def __init__(self, state: GameState, model: ModelState, round_about: bool = False, square: bool = False):
        self.state, self.model = state, model
        # the contact points a walk may end at (``square``: the one facing the model alone, the cheap judgement)
        self.turns = SQUARE if square else ROUND_ABOUT if round_about else FACING
        self.engaged = board.is_engaged(state, model)
        self._obstacles: dict[str, list[readiness.Obstacle]] = {}
        self._engaged: dict[str, list[readiness.Obstacle]] = {}
        self._target: dict[str, readiness.Obstacle | None] = {}
        self._edge: float | None = None
        self._reach: dict[tuple[float, frozenset[str]], dict[str, float] | None] = {}
        self._uses: dict[str, int | None] = {}
        self._spots: dict[float, dict[str, float] | None] = {}
        self._steps: dict[tuple[tuple[str, ...], bool], _Step] = {}
        self._inches: dict[str, float] = {}  # each walk's allowance

    def obstacles(self, kind: str) -> list[readiness.Obstacle]:
        """The model's own conditions that stop ``kind`` now (readiness.obstacles)."""
        if kind not in self._obstacles:
            self._obstacles[kind] = readiness.obstacles(self.state, self.model, kind)
        return self._obstacles[kind]

    def obstacles_engaged(self, kind: str) -> list[readiness.Obstacle]:
        """What would stop ``kind`` were the model in base contact with its nearest enemy (after a charge): the
        rules asked about the model placed there."""
        if self.engaged:
            return self.obstacles(kind)
        if kind not in self._engaged:
            m = self.model
            foe = min(self.state.enemies_of(m), key=lambda e: board.distance(m, e), default=None)
            if foe is None:
                self._engaged[kind] = self.obstacles(kind)
            else:
                with standing(self.state, m, *beside(m, foe, 0.0)):
                    self._engaged[kind] = readiness.obstacles(self.state, m, kind)
        return self._engaged[kind]

    def missing_target(self, kind: str) -> readiness.Obstacle | None:
        """No target for ``kind`` now (readiness.missing_target)."""
        if kind not in self._target:
            self._target[kind] = readiness.missing_target(self.state, self.model, kind)
        return self._target[kind]

    def edge_gap(self) -> float:
        """Inches from the nearest goal edge ([ENC-BRK-2])."""
        if self._edge is None:
            m = self.model
            edges = encounter.escape_edges(self.state, m)
            self._edge = min((Battlefield.distance_to_edge((m.x, m.y), m.radius, e) for e in edges),
                             default=float("inf"))
        return self._edge

    def edge_spot(self, inches: float) -> dict[str, float] | None:
        """A place at a goal edge ([ENC-BRK-2]) that a legal route of at most ``inches`` reaches ([DIG-MOVE-2]):
        straight ahead, else a little along the edge either way."""
        if inches not in self._spots:
            self._spots[inches] = None
            m, bf = self.model, board.battlefield(self.state)
            for edge in encounter.escape_edges(self.state, m):
                if Battlefield.distance_to_edge((m.x, m.y), m.radius, edge) > inches + 1e-6:
                    continue
                for along in (0.0, 1.5, -1.5, 3.0, -3.0):
                    x, y = self.edge_centre(edge, along)
                    if beyond(m, (x, y), inches):
                        continue
                    route = movement.route_to(bf, m.id, (x, y), inches)
                    if route.found and route.move is not None and route.move.legal and route.cost <= inches + 1e-6:
                        self._spots[inches] = {"x": x, "y": y}
                        return self._spots[inches]
        return self._spots[inches]

    def edge_centre(self, edge: str, along: float) -> tuple[float, float]:
        m, inside, size = self.model, self.model.radius + 0.01, self.state.battle_map.size
        x = min(size - inside, max(inside, m.x + along))
        y = min(size - inside, max(inside, m.y + along))
        return {"top": (x, inside), "bottom": (x, size - inside), "left": (inside, y),
                "right": (size - inside, y)}[edge]


    def count(self, acts: Sequence[str], engaged: bool | None = None) -> int:
        """How many of ``acts`` will most likely be skipped; ``engaged``: as if the model were (or were not)
        in base contact with an enemy when the first of them resolves. Each action's verdict depends only on
        the actions before it, so the plans of one menu (a tree of shared beginnings) share their steps."""
        engaged = self.engaged if engaged is None else engaged
        step: _Step = (0, 0, 0.0, False, engaged)
        for i in range(len(acts)):
            key = (tuple(acts[:i + 1]), engaged)
            found = self._steps.get(key)
            if found is None:
                found = self._steps[key] = self._step(acts, i, step)
            step = found
        return step[0]

    def _step(self, acts: Sequence[str], i: int, before: _Step) -> _Step:
        """The count after ``acts[i]``, given the count before it: (skipped, clears, inches walked, charged,
        engaged)."""
        out, clears, walked, charged, engaged = before
        kind = acts[i]
        if kind == "clear_weapon":
            clears += 1
            out += clears > len(self.model.jammed)  # a jam to come is too unlikely to pay for
        elif acts[:i].count(kind) >= self.most_uses(kind):
            out += 1  # the earlier ones may use up all there is to do (the last wound healed)
        else:
            out += self.hopeless(kind, [action_kind(a, self.model) for a in acts[:i]], walked, charged, engaged)
        if kind in WALKS:
            if kind not in self._inches:
                self._inches[kind] = movement.allowance(self.state, self.model, kind)[0]
            walked += self._inches[kind]
            engaged = False  # it stops short if it must (contact_spoils)
        elif kind in ("charge", "disengage"):
            engaged = kind == "charge"
        charged |= kind == "charge"
        return out, clears, walked, charged, engaged

    def hopeless(self, kind: str, earlier: list[ActionKind], walked: float, charged: bool,
                 engaged: bool | None = None) -> bool:
        """Whether ``kind`` will most likely still be unable to resolve when its turn comes, after ``earlier``
        actions of the plan, whose walks cover ``walked`` inches and which may include a charge (it ends in
        base contact, or is skipped)."""
        done = frozenset().union(*(a.effects for a in earlier)) & SURE
        found = self.obstacles_engaged(kind) if engaged and not self.engaged else self.obstacles(kind)
        for o in found:
            if not o.lifted_by & done:
                return True  # nothing before it surely lifts it
            if o.rule == "ENC-BRK-2" and MOVES in o.lifted_by and (
                    self.edge_gap() > walked + 1e-6 or self.edge_spot(walked) is None):
                return True  # its walks do not reach the goal edge
        missing = self.missing_target(kind)
        if missing is None:
            return False
        if not missing.lifted_by & done:
            return True
        if not missing.contact:
            return False  # a move may bring a target into range: the AI's judgement of where it walks
        if charged and missing.contact & {e.id for e in self.state.enemies_of(self.model)}:
            return False  # a charge ends in base contact with an enemy, or is skipped itself
        return self.contact_spot(walked, missing.contact) is None  # none of them within its walks

    def most_uses(self, kind: str) -> float:
        """readiness.most_uses, unlimited when the rules set no limit."""
        if kind not in self._uses:
            self._uses[kind] = readiness.most_uses(self.state, self.model, kind)
        found = self._uses[kind]
        return math.inf if found is None else found

    def contact_spot(self, inches: float, ids: frozenset[str]) -> dict[str, float] | None:
        """A place in base contact with one of the models ``ids`` that some legal route of at most ``inches``
        reaches: the engine's own routes ([DIG-MOVE-2]) to the contact points facing the model and either side
        of it ([DIG-MOVE-3])."""
        key = (inches, ids)
        if key not in self._reach:
            m = self.model
            near = sorted((o for o in self.state.on_table() if o.id in ids and board.distance(m, o) <= inches + 1e-6),
                          key=lambda o: board.distance(m, o))
            if self.turns is SQUARE:  # the cheap judgement: the nearest of them alone
                near = near[:1]
            self._reach[key] = next((p for p in (self.contact_route(o, inches) for o in near) if p), None)
        return self._reach[key]

    def contact_route(self, e: ModelState, inches: float) -> dict[str, float] | None:
        m = self.model
        bf = board.battlefield(self.state)
        away = math.atan2(m.y - e.y, m.x - e.x)
        for turn in self.turns:
            a = away + turn
            point = (e.x + math.cos(a) * (m.radius + e.radius), e.y + math.sin(a) * (m.radius + e.radius))
            if beyond(m, point, inches):
                continue
            route = movement.route_to(bf, m.id, point, inches)
            if route.found and route.move is not None and route.move.legal and route.cost <= inches + 1e-6:
                return {"x": point[0], "y": point[1]}
        return None


def beyond(m: ModelState, point: tuple[float, float], inches: float) -> bool:
    """No route of ``m`` to ``point`` costs at most ``inches`` (+1e-6, the test its callers make): the straight
    line is further (a route is never shorter, nor costs less than its length), so none need be searched."""
    return math.hypot(point[0] - m.x, point[1] - m.y) > inches + 2e-6


def futile(state: GameState, model: ModelState, acts: Sequence[str]) -> int:
    return Futility(state, model).count(acts)


def declared_rest(state: GameState, model: ModelState) -> list[str]:
    """The actions of the plan ``model`` declared for this activation that are still to come after the one
    resolving now; none when it declares one action at a time ([DIG-ACT-2]) or acts outside its activation."""
    started = 0
    for e in reversed(state.log):
        if e.data.get("model") != model.id:
            continue
        if e.kind == EventKind.ActionStarted:
            started += 1
        elif e.kind == EventKind.PlanDeclared:
            return list(e.data.get("plan") or [])[started:]
        elif e.kind in (EventKind.Activation, EventKind.HeroicImpetus):
            break
    return []


@contextmanager
def standing(state: GameState, model: ModelState, x: float, y: float) -> Iterator[ModelState]:
    """The model stood at (x, y) for as long as the rules are asked about a place it may move to, then put back,
    the state's version with it (``GameState.trying``; the geometry index follows the models: board.battlefield)."""
    try:
        with state.trying(model, x=x, y=y):
            yield model
    finally:
        board.battlefield(state)


def beside(model: ModelState, foe: ModelState, gap: float, x: float | None = None,
           y: float | None = None) -> tuple[float, float]:
    """The centre ``gap`` inches from ``foe``'s base, on the side of (x, y) (the model's own place by default)."""
    x, y = (model.x, model.y) if x is None or y is None else (x, y)
    d = math.hypot(x - foe.x, y - foe.y) or 1.0
    r = model.radius + foe.radius + gap
    return foe.x + (x - foe.x) * r / d, foe.y + (y - foe.y) * r / d


def rest_spots(state: GameState, model: ModelState, inches: float,
               round_about: bool = False) -> list[dict[str, float]]:
    """End points for the move now resolving that put the model in base contact with what the rest of its
    declared plan needs to touch (a wounded friend for a Heal, an enemy for a blow), if a legal route of at most
    ``inches`` reaches one; sampled move candidates seldom land exactly in base contact. ``round_about``:
    contact points all round the target (Futility)."""
    rest = declared_rest(state, model)
    if not rest:
        return []
    f = Futility(state, model, round_about)
    out = []
    for kind in dict.fromkeys(rest):
        o = f.missing_target(kind)
        spot = f.contact_spot(inches, o.contact) if o is not None and o.contact else None
        if spot is not None:
            out.append(spot)
    return out


def contact_choice(state: GameState, model: ModelState) -> str | None:
    """[DIG-MOVE-3]: "contact" or "stop" (1″ short) for the move now resolving near an enemy, whichever leaves
    fewer actions of the rest of the declared plan to be skipped (a blow needs the contact, a shot, a spell
    or a move after it needs the model free); None when it makes no difference."""
    rest = declared_rest(state, model)
    foe = min(state.enemies_of(model), key=lambda e: board.distance(model, e), default=None)
    if not rest or foe is None:
        return None
    with standing(state, model, *beside(model, foe, 0.0)):
        touch = Futility(state, model).count(rest)
    with standing(state, model, *beside(model, foe, 1.05)):
        short = Futility(state, model).count(rest)
    return "contact" if touch < short else "stop" if short < touch else None


def contact_spoils(state: GameState, model: ModelState) -> bool:
    return contact_choice(state, model) == "stop"


def spoils_from(state: GameState, model: ModelState, point: dict[str, float]) -> bool:
    """Whether a move ending at ``point`` (or in contact with an enemy within 1″ of it, which the controller
    may then choose: [DIG-MOVE-3]) would leave an action of the rest of the declared plan most likely skipped
    (an Escape short of the edge, a blow out of reach, a shot out of range)."""
    rest = declared_rest(state, model)
    if not rest:
        return False
    with standing(state, model, point["x"], point["y"]):
        if not Futility(state, model).count(rest):
            return False
        near = [e for e in state.enemies_of(model) if board.distance(model, e) <= 1.0 + 1e-6]
    for e in near:
        with standing(state, model, *beside(model, e, 0.0, point["x"], point["y"])):
            if not Futility(state, model).count(rest):
                return False
    return True
