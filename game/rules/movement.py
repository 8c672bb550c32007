"""Move actions and pushes ([MOVE-1]-[MOVE-12], [CC-4], [DIG-MOVE-1]-[DIG-MOVE-5]).

The geometry layer finds routes, checks them and works out pushes; this module
applies the rules around them: allowances, the 1″ rule's choice, rough terrain,
Stealth, Full Defense interrupts, the charge's free attack, Disengage's free strikes.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Generator, Iterator, Sequence
from typing import Any

from game.core.dice import Modifier
from game.core.vec import Vec2
from game.geometry import pushes
from game.geometry.battlefield import Battlefield
from game.geometry.charges import charge_ends, charge_lane, chosen_lane, out_of_reach
from game.geometry.paths import MoveCheck, check_move, check_move_unless_refused
from game.geometry.reach import free_end
from game.geometry.routes import Route, end_options, route_path, shortest_route
from game.rules import board, combat, conditions
from game.rules.decision_kinds import DecisionKind
from game.rules.decisions import Decision, Option
from game.rules.events import EventKind
from game.rules.state import GameState, ModelState
from game.rules.traits.base import TraitRule, any_hook, collect, hooks_of, trait_hooks

Gen = Generator[Decision, Any, Any]

BASE_ALLOWANCE = {"walk": 6.0, "run": 9.0, "sneak": 6.0, "charge": 6.0, "disengage": 6.0, "impetus": 6.0}
RULE = {"walk": "MOVE-1", "run": "MOVE-2", "sneak": "MOVE-5", "charge": "MOVE-3", "disengage": "MOVE-9"}
CANDIDATE_DIRECTIONS = 16


def allowance(state: GameState, model: ModelState, kind: str) -> tuple[float, list[Modifier]]:
    """[MOVE-11]: the move's inches after Swift, Slow, Mounted, Hard Charger; Entangle halves the result."""
    mods = collect(model, "move_bonus", state, model, kind)
    inches = BASE_ALLOWANCE[kind] + sum(m.value for m in mods)
    for c in conditions.condition_hooks(model):
        factor = c.allowance_factor(state, model, kind)
        if factor is not None:
            inches *= factor[0]
            mods.append(factor[1])
    return max(0.0, inches), mods


def flies(model: ModelState) -> bool:
    """[T-FLIGHT-1], [T-FLIGHT-3]: the model flies (a trait declares it)."""
    return any_hook(model, "flies")


def may_be_charged(target: ModelState, charger: ModelState) -> bool:
    """Whether ``charger`` may charge ``target`` at all, wherever they stand: never a Terror-causer ([COND-6]),
    a flier only by a flier ([T-FLIGHT-3])."""
    return not conditions.causes_terror(target) and not (flies(target) and not flies(charger))


def can_charge(state: GameState, model: ModelState) -> bool:
    """Whether the model may declare a Charge now, whatever its targets: not engaged ([MOVE-10]) and no
    condition of it forbids charging (Entangled, [SPELL-2])."""
    return not board.is_engaged(state, model) and conditions.forbidden(state, model, "charge") is None


def rough_spared_by(model: ModelState, move: MoveCheck) -> TraitRule | None:
    """The trait that spares the model the -2 of [TERR-2] for this move ([TERR-6]: Flight, Ranger, Amphibious
    over water only), or None when the move crossed no rough ground or nothing spares it."""
    if not move.crosses_rough:
        return None
    hooks = trait_hooks(model)
    spared = next((h for h in hooks if h.ignores_rough), None)
    if spared is None and not move.rough_penalty(amphibious=any(h.ignores_rough_water for h in hooks)):
        spared = next(h for h in hooks if h.ignores_rough_water)
    return spared


def rough_note(model: ModelState, move: MoveCheck) -> str:
    """The move preview's word on rough ground, as the rules have it: [TERR-2] does not slow the move, it costs
    the model -2 to its later rolls this turn; nothing to say when the move crosses none or [TERR-6] spares
    the model (Ranger, Flight, Amphibious over water), and no new cost when it has that -2 already."""
    if not move.crosses_rough or rough_spared_by(model, move) is not None:
        return ""
    if conditions.ROUGH.on(model):
        return "crosses rough ground: no further penalty (already −2 this turn) [TERR-2]"
    return "crosses rough ground: −2 to its later rolls this turn [TERR-2]"


def _apply_move(state: GameState, model: ModelState, move: MoveCheck, kind: str,
                mods: list[Modifier] | None = None) -> None:
    """Put the model at the end of a checked move, facing the way it moved ([MOVE-6])."""
    pts = move.waypoints
    start = (model.x, model.y)
    model.x, model.y = float(pts[-1].x), float(pts[-1].y)
    for i in range(len(pts) - 1, 0, -1):
        if pts[i] != pts[i - 1]:
            model.facing = math.degrees(math.atan2(pts[i].y - pts[i - 1].y, pts[i].x - pts[i - 1].x)) % 360.0
            break
    spared = rough_spared_by(model, move)
    rough = move.crosses_rough and spared is None
    state.emit(EventKind.ModelMoved, f"{model.name} moves {move.length:.2f}″ (cost {move.cost:.2f}″)",
               model=model.id, action=kind, start=list(start), waypoints=[[p.x, p.y] for p in pts],
               length=move.length, cost=move.cost, rough=list(move.rough_crossed), rule=RULE.get(kind, "MOVE-6"),
               modifiers=[{"value": m.value, "rule": m.rule, "source": m.source} for m in mods or []])
    if spared is not None:  # [TERR-6]: say which trait spared it
        state.emit(EventKind.RoughIgnored, f"{model.name} crosses rough ground unhindered ({spared.describe()})",
                   model=model.id, rule=spared.ignores_rough or spared.ignores_rough_water)
    if rough and not conditions.ROUGH.on(model):
        conditions.ROUGH.put(model)  # [TERR-2]
        state.emit(EventKind.RoughTerrain, f"{model.name} crossed rough terrain: -2 to its later rolls this turn",
                   model=model.id, pieces=list(move.rough_crossed), rule="TERR-2")
    for h in trait_hooks(model):
        h.moved(state, model, move.length)


def candidate_points(state: GameState, model: ModelState, inches: float, free_end: bool = False,
                     accept: Callable[[dict[str, float]], str | None] | None = None) -> list[dict[str, float]]:
    """Destinations for controllers that cannot click: points on rings around the base that a straight
    move reaches legally (a straight legal move is also the shortest route there, so the decision's own
    check accepts it). ``free_end``: the end must touch no enemy (Disengage). Ending too near an enemy
    is allowed: the 1″ rule's choice handles it ([DIG-MOVE-3]). ``accept`` filters further.

    Without ``accept`` the points follow from the geometry index alone, so they are remembered while the
    bases stand as they are."""
    bf = board.battlefield(state)
    if accept is not None:
        return list(_candidates(bf, model, inches, free_end, accept))
    memo = bf.memo()
    key = ("candidates", model.id, inches, free_end)
    found = memo.get(key)
    if found is None:
        found = memo[key] = tuple(_candidates(bf, model, inches, free_end))
    return [dict(p) for p in found]


class OfferedPoints(Sequence[dict[str, float]]):
    """The end points a Walk offers (:func:`candidate_points`), worked out when a controller first looks at them:
    one that aims for itself (the AI's straight step, a player's click) never needs them all, and whether
    there is any at all is answered by the first one found. They are the points of the table as it stood
    when offered, even if a controller moves models to weigh a what-if before it looks."""

    def __init__(self, state: GameState, model: ModelState, inches: float):
        self._state, self._model, self._inches = state, model, inches
        self._at = (model.x, model.y, board.battlefield(state).arrangement())
        self._points: list[dict[str, float]] | None = None

    def _as_offered(self) -> Battlefield | None:
        """The state's index when it still stands as offered, else None."""
        bf = board.battlefield(self._state)
        x, y, arrangement = self._at
        return bf if (self._model.x, self._model.y) == (x, y) and bf.arrangement() == arrangement else None

    def _all(self) -> list[dict[str, float]]:
        if self._points is None:
            bf = self._as_offered()
            if bf is not None:
                self._points = candidate_points(self._state, self._model, self._inches)
            else:  # the table as it was offered, rebuilt
                x, y, arrangement = self._at
                then = Battlefield(self._state.battle_map, list(arrangement))
                model = ModelState(self._model.id, self._model.side, self._model.profile, x, y)
                self._points = list(_candidates(then, model, self._inches))
        return self._points

    def least(self, key: Callable[[dict[str, float]], float],
              keep: Callable[[dict[str, float]], bool] | None = None,
              below: float = math.inf) -> dict[str, float] | None:
        """``min(self, key=key)`` (the first of equals in the offered order; None when none is offered), found by
        checking the ring's points in the order of ``key`` and stopping at the first that is offered: a controller
        heading somewhere needs the nearest, not all of them. ``keep``: of the points that ``keep`` takes only
        (asked of offered points alone, nearest first, so a costly question is asked of few); ``below``: of those
        whose key is under it only (None if none is)."""
        def wanted(p: dict[str, float]) -> bool:
            return key(p) < below and (keep is None or keep(p))

        bf = self._as_offered() if self._points is None else None
        if bf is None or ("candidates", self._model.id, self._inches, False) in bf.memo():
            return min((p for p in self._all() if wanted(p)), key=key, default=None)
        m, inches = self._model, self._inches
        here = {"x": m.x, "y": m.y}  # boxed in (no point of the ring offered): the 0″ move
        ring = sorted((point for _, point in _ring(m, inches)), key=key)  # stable: equals keep the offered order
        offered = False
        for p in ring:
            if key(p) >= below and (offered or key(here) >= below):
                return None  # neither this nor any after it is under ``below``, nor is the 0″ move offered under it
            if _acceptable(bf, m, inches, False, None, p):
                offered = True
                if wanted(p):
                    return p
        if offered:
            return None
        return here if _acceptable(bf, m, inches, False, None, here) and wanted(here) else None

    def __bool__(self) -> bool:
        if self._points is None:
            bf = self._as_offered()
            if bf is not None and ("candidates", self._model.id, self._inches, False) not in bf.memo():
                return next(_candidates(bf, self._model, self._inches), None) is not None
        return bool(self._all())

    def __len__(self) -> int:
        return len(self._all())

    def __getitem__(self, index: Any) -> Any:
        return self._all()[index]

    def __iter__(self) -> Iterator[dict[str, float]]:
        return iter(self._all())

    def __eq__(self, other: object) -> bool:
        return list(self) == list(other) if isinstance(other, Sequence) else NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(self._all())


_DIRECTIONS = [(a, math.cos(a), math.sin(a)) for a in (2 * math.pi * k / CANDIDATE_DIRECTIONS
                                                      for k in range(CANDIDATE_DIRECTIONS))]


def _ring(model: ModelState, inches: float) -> list[tuple[float, dict[str, float]]]:
    """The sampled end points in their order (each direction, the far one first), each with its direction."""
    out = []
    x, y = model.x, model.y
    for angle, cos, sin in _DIRECTIONS:
        for frac in (0.98, 0.5):
            out.append((angle, {"x": round(x + cos * inches * frac, 4), "y": round(y + sin * inches * frac, 4)}))
    return out


def _acceptable(bf: Battlefield, model: ModelState, inches: float, free_end: bool,
                accept: Callable[[dict[str, float]], str | None] | None, point: dict[str, float]) -> bool:
    """A straight move to ``point`` is legal but for the 1″ rule's choice (with ``free_end``: legal and touching
    no enemy, as a Disengage ends), and ``accept`` takes it."""
    move = check_move_unless_refused(bf, model.id, [(point["x"], point["y"])], inches)
    if move is None:
        return False  # a rule other than the 1″ rule's refuses it: the full check was not worked out
    if free_end:  # a Disengage must end 1″ clear of every enemy, touching none
        if move.violations or move.engaged_with:
            return False
    else:
        for v in move.violations:
            if v.rule != "MOVE-8":
                return False
    return accept is None or accept(point) is None


def _candidates(bf: Battlefield, model: ModelState, inches: float, free_end: bool = False,
                accept: Callable[[dict[str, float]], str | None] | None = None) -> Iterator[dict[str, float]]:
    """The points of :func:`candidate_points`, one by one (so that a caller asking whether there is one stops
    at the first)."""
    some = False
    for _, point in _ring(model, inches):
        if _acceptable(bf, model, inches, free_end, accept, point):
            some = True
            yield point
    here = {"x": model.x, "y": model.y}
    if not some and _acceptable(bf, model, inches, free_end, accept, here):
        yield here  # boxed in: a move of 0″ is still a move of "up to" the allowance


def _any_free_end(state: GameState, bf: Battlefield, model: ModelState, inches: float) -> bool:
    """Whether ``_candidates(..., free_end=True)`` yields any point: the same points are tried, those leading
    away from the enemies in contact first (the answer does not depend on the order; the work does)."""
    ring = _ring(model, inches)
    foes = board.engaged_enemies(state, model)
    if foes:
        ax = sum(model.x - e.x for e in foes)
        ay = sum(model.y - e.y for e in foes)
        ring.sort(key=lambda p: -(math.cos(p[0]) * ax + math.sin(p[0]) * ay))  # stable: far before near
    if any(_acceptable(bf, model, inches, True, None, point) for _, point in ring):
        return True
    return _acceptable(bf, model, inches, True, None, {"x": model.x, "y": model.y})


def route_to(bf: Battlefield, model_id: str, point: tuple[float, float], inches: float) -> Route:
    """[DIG-MOVE-2]: the shortest legal route; a straight move that is legal (but for the 1″ rule) is one.
    Remembered while the bases stand as they are (the AI asks the same routes of every plan it weighs); the
    search's path is remembered for every allowance (the AI asks one point with a walk's, then a run's)."""
    key = ("route", model_id, float(point[0]), float(point[1]), inches)
    memo = bf.memo()
    found = memo.get(key)
    if found is None:
        # a straight move some rule other than the 1″ rule's refuses (its cheap tests tell): the search decides
        straight = check_move_unless_refused(bf, model_id, [point], inches)
        if straight is not None and not straight.refused:
            found = Route(True, straight)
        else:
            found = shortest_route(bf, model_id, point, inches)  # its search remembered for every allowance
        memo[key] = found
    return found


def route_waypoints(bf: Battlefield, model_id: str, point: tuple[float, float],
                    inches: float) -> tuple[tuple[float, float], ...] | None:
    """The waypoints of :func:`route_to`'s route from the mover's centre (None where it finds none), with the
    searched path's move left unchecked: a caller steering along the route needs only where it goes."""
    found = bf.memo().get(("route", model_id, float(point[0]), float(point[1]), inches))
    if found is not None:
        return tuple((p.x, p.y) for p in found.waypoints) if found.found else None
    straight = check_move_unless_refused(bf, model_id, [point], inches)
    if straight is not None and not straight.refused:
        return tuple((p.x, p.y) for p in straight.waypoints)
    path = route_path(bf, model_id, point)
    if isinstance(path, str):
        return None
    pts = [Vec2(float(p[0]), float(p[1])) for p in path]  # as check_move takes them: from the mover's centre
    centre = bf.base(model_id).centre
    if not pts or pts[0] != centre:
        pts.insert(0, centre)
    return tuple((p.x, p.y) for p in pts)


def walk(state: GameState, model: ModelState, kind: str) -> Gen:
    """Walk, Run or Sneak: move up to the allowance along any route ([MOVE-1], [MOVE-2], [MOVE-5])."""
    if board.is_engaged(state, model):
        from game.rules.actions import skip

        skip(state, model, kind, "an engaged model can only Disengage")  # [MOVE-10]
        return False
    inches, mods = allowance(state, model, kind)
    bf = board.battlefield(state)

    def check(point: dict[str, float]) -> str | None:
        route = route_to(bf, model.id, (point["x"], point["y"]), inches)
        if not route.found or route.move is None:
            return route.reason or "no route reaches that point"
        # ending too near an enemy is answered by the 1″ rule's choice, not refused ([DIG-MOVE-3])
        other = [v.message for v in route.move.violations if v.rule != "MOVE-8"]
        return "; ".join(other) or None

    answer = yield Decision(DecisionKind.move_to, model.side, f"{model.name}: {kind} up to {inches:g}″ — where to?",
                            RULE[kind], free="point", check=check,
                            context={"model": model.id, "allowance": inches, "action": kind,
                                     "modifiers": [m.describe() for m in mods],
                                     "candidates": OfferedPoints(state, model, inches)})
    route = route_to(bf, model.id, (answer["x"], answer["y"]), inches)
    assert route.move is not None
    move = route.move
    options = end_options(bf, model.id, route)
    if options is not None:  # [DIG-MOVE-3]: contact, or stop 1″ short
        choices = [Option("stop", f"Stop 1″ short at ({options.stop_short.x:.2f}, {options.stop_short.y:.2f})")]
        if options.contact is not None and options.contact_route is not None and options.contact_route.legal \
                and options.contact_route.cost <= inches + 1e-9:
            choices.insert(0, Option("contact", f"Move into base contact with {state.model(options.enemy).name}"))
        pick = "stop"
        if len(choices) > 1:
            pick = yield Decision(DecisionKind.end_point, model.side, f"{model.name} would end within 1″ of "
                                  f"{state.model(options.enemy).name}: engage it or stop short?", "DIG-MOVE-3",
                                  choices)
        if pick == "contact":
            assert options.contact_route is not None and options.contact_route.move is not None
            move = options.contact_route.move
        else:
            move = last_legal_stop(bf, model.id, options.stop_short_waypoints, inches)
    _apply_move(state, model, move, kind, mods)
    if kind == "sneak":
        conditions.STEALTH.put(model)  # [MOVE-5]
        state.emit(EventKind.Stealth, f"{model.name} gains Stealth until its next activation", model=model.id,
                   rule="MOVE-5")
    from game.rules.actions import full_defense

    yield from full_defense(state, model)
    return True


def last_legal_stop(bf: Battlefield, model_id: str, waypoints: tuple[Vec2, ...], inches: float) -> MoveCheck:
    """The stop-short end of [DIG-MOVE-3], stepped back along the route while it would end on a friend's
    base or an obstacle ([MOVE-7], [DIG-MOVE-7]); at worst the model stays where it is."""
    pts = list(waypoints)
    move = check_move(bf, model_id, pts, inches)
    step = 0.05
    while not move.legal and len(pts) >= 2:
        a, b = pts[-2], pts[-1]
        seg = b - a
        length = seg.length()
        if length <= step:
            pts.pop()
            move = check_move(bf, model_id, pts, inches)
            continue
        pts[-1] = b - seg * (step / length)
        move = check_move(bf, model_id, pts, inches)
    return move


# -- charge ---------------------------------------------------------------------------------

def charge_targets(state: GameState, model: ModelState, inches: float) -> list[tuple[ModelState, MoveCheck]]:
    """[MOVE-3], [MOVE-4], [COND-6], [T-FLIGHT-3]: enemies ≥3″ away, in LOS, reachable by some straight lane,
    each with the engine's default lane (the centre line when it is clear, [DIG-MOVE-4]); the charger may turn
    first ([SEQ-5]), so LOS is judged as it would face each enemy."""
    bf = board.battlefield(state)
    foes = sorted(state.enemies_of(model), key=lambda m: m.id)
    allowed = tuple(may_be_charged(e, model) for e in foes)  # [COND-6], [T-FLIGHT-3]
    # the rest follows from the geometry index: remembered while the bases stand as they are
    key = ("charge_targets", model.id, inches, tuple(e.id for e in foes), allowed)
    memo = bf.memo()
    if key not in memo:
        memo[key] = _charge_targets(state, bf, model, inches, foes, allowed)
    return list(memo[key])


def _charge_targets(state: GameState, bf: Battlefield, model: ModelState, inches: float, foes: list[ModelState],
                    allowed: tuple[bool, ...]) -> list[tuple[ModelState, MoveCheck]]:
    out = []
    for e, may in zip(foes, allowed, strict=True):
        lane = _charge_lane(state, bf, model, e, inches, may)
        if lane is not None:
            out.append((e, lane))
    return out


def charge_target(state: GameState, model: ModelState, e: ModelState, inches: float,
                  centre: bool = False) -> MoveCheck | None:
    """One enemy as :func:`charge_targets` judges it: the engine's default lane to it, or None (a caller weighing
    a few targets need not try a lane to every enemy). With ``centre``, only where the default lane is the centre
    line (the cheap question: the other lanes, searched when it is blocked, are not)."""
    return _charge_lane(state, board.battlefield(state), model, e, inches, may_be_charged(e, model), centre)


def has_charge_target(state: GameState, model: ModelState, inches: float) -> bool:
    """Whether :func:`charge_targets` holds any: the enemies asked nearest first, up to the first with a lane."""
    return any(charge_target(state, model, e, inches) is not None
               for e in sorted(state.enemies_of(model), key=lambda e: board.distance(model, e)))


def _charge_lane(state: GameState, bf: Battlefield, model: ModelState, e: ModelState, inches: float,
                 may: bool, centre: bool = False) -> MoveCheck | None:
    """The lane :func:`charge_targets` finds to ``e``, remembered while the bases stand as they are; with
    ``centre``, the centre line's lane alone (None where it is not legal, though another lane may be)."""
    key = ("charge_target", model.id, inches, e.id, may, centre)
    memo = bf.memo()
    if key in memo:
        found: MoveCheck | None = memo[key]
        return found
    lane = None
    if board.distance(model, e) >= 3 - 1e-9 and may and not out_of_reach(bf, model.id, e.id, inches) \
            and board.sight(state, model, e).has_los:  # no lane reaching it: the sight line need not be drawn
        if centre:
            straight = charge_lane(bf, model.id, e.id, inches)
            lane = straight.move if straight.legal else None
        else:
            chosen = chosen_lane(bf, model.id, e.id, inches)  # [MOVE-4]: some straight lane, not only the centre line
            lane = chosen.move if chosen is not None else None
    memo[key] = lane
    return lane


def charge(state: GameState, model: ModelState, kind: str) -> Gen:
    """[MOVE-3]: up to 6″ straight into contact, then a free standard attack at +2."""
    from game.rules.actions import face, full_defense, skip

    if board.is_engaged(state, model):
        skip(state, model, kind, "an engaged model can only Disengage")
        return False
    barred = conditions.forbidden(state, model, kind)
    if barred is not None:
        skip(state, model, kind, barred[0])  # [SPELL-2]
        return False
    inches, charge_mods = allowance(state, model, "charge")
    targets = charge_targets(state, model, inches)
    if not targets:
        skip(state, model, kind, "no enemy it can charge")
        return False
    answer = yield Decision(DecisionKind.target, model.side, f"{model.name}: charge whom?", "MOVE-3",
                            [Option(t.id, t.name) for t, _ in targets], context={"model": model.id, "action": "charge"})
    target = state.model(answer)
    bf = board.battlefield(state)

    def check(point: dict[str, float]) -> str | None:
        lane = charge_lane(bf, model.id, target.id, inches, (point["x"], point["y"]))
        return "; ".join(v.message for v in lane.violations) or None

    # [DIG-MOVE-4]: the controller picks the end point among the legal ones; the default is on the line
    # between the centres when that lane is clear, else the legal end nearest to it
    default, candidates = charge_end_points(bf, model.id, target.id, inches, check)
    end = yield Decision(DecisionKind.charge_end, model.side, f"{model.name}: where does the charge end against "
                         f"{target.name}?", "DIG-MOVE-4", free="point", check=check,
                         context={"model": model.id, "target": target.id, "default": default,
                                  "candidates": candidates})
    lane = charge_lane(bf, model.id, target.id, inches, (end["x"], end["y"]))
    _apply_move(state, model, lane.move, "charge", charge_mods)
    face(state, model, target)  # [DIG-MOVE-4] / [SEQ-5]: the charger ends facing the target
    yield from full_defense(state, model)  # [SEQ-4]: before the free attack
    if model.on_table and target.on_table and board.in_contact(model, target):
        weapon = yield from combat.choose_weapon(state, model, combat.melee_weapons(model), "charge")
        yield from combat.resolve_attack(state, combat.Attack(model, target, "close", "charge_attack", weapon))
    return True


def charge_end_points(bf: Battlefield, charger_id: str, target_id: str, inches: float,
                      check: Callable[[dict[str, float]], str | None]) -> tuple[dict[str, float] | None,
                                                                              list[dict[str, float]]]:
    """The default end and points spread over every legal arc of the contact ring ([DIG-MOVE-4]), each one
    the decision's own check accepts."""
    ends = charge_ends(bf, charger_id, target_id, inches)
    lane = chosen_lane(bf, charger_id, target_id, inches, ends)
    default = None if lane is None else {"x": lane.end.x, "y": lane.end.y}
    points = [{"x": p.x, "y": p.y} for p in (ends.point(d) for d in ends.samples())]
    candidates = ([default] if default is not None else []) + [p for p in points if check(p) is None]
    return default, candidates


# -- disengage -----------------------------------------------------------------------------------

def disengage(state: GameState, model: ModelState, kind: str) -> Gen:
    """[MOVE-9] / [SEQ-9]: free strikes first (no Fate), then up to 6″ out of contact; the activation ends."""
    from game.rules.actions import skip

    enemies = board.engaged_enemies(state, model)
    if not enemies:
        skip(state, model, kind, "it is not engaged")
        return False
    agile = next((h for h in trait_hooks(model) if h.slips_past_enemies), None)
    strikers = [] if agile else [e for e in enemies if all(h.strikes_freely for h in hooks_of(e))
                                 and board.in_front_arc(e, model)]
    if agile:
        state.emit(EventKind.AgileEscape, f"{model.name} slips away: no free strikes against an Agile model",
                   model=model.id, rule="T-AGILE-1")
    while strikers and model.on_table:
        # [MOVE-9]: each may strike; [SEQ-9]: the striking side chooses the order
        pick = yield Decision(DecisionKind.free_strike, strikers[0].side,
                              f"{model.name} disengages: which free strike next?",
                              "SEQ-9", [Option(s.id, s.name) for s in strikers] + [Option("pass", "No more strikes")],
                              context={"model": model.id})
        if pick == "pass":
            break
        striker = state.model(pick)
        strikers.remove(striker)
        weapon = yield from combat.choose_weapon(state, striker, combat.melee_weapons(striker), "free strike")
        yield from combat.resolve_attack(state, combat.Attack(striker, model, "close", "free_strike", weapon,
                                                              no_fate=True))
    if not model.on_table:
        return True
    inches, _ = allowance(state, model, "disengage")
    check = disengage_check(state, model, inches)
    candidates = disengage_points(state, model, inches)
    if not candidates:
        skip(state, model, kind, "no legal place to disengage to")  # [SEQ-9]
        return True
    bf = board.battlefield(state)
    answer = yield Decision(DecisionKind.move_to, model.side, f"{model.name}: disengage up to {inches:g}″ — where to?",
                            "MOVE-9", free="point", check=check,
                            context={"model": model.id, "allowance": inches, "action": "disengage",
                                     "candidates": candidates})
    route = route_to(bf, model.id, (answer["x"], answer["y"]), inches)
    assert route.move is not None
    _apply_move(state, model, route.move, "disengage")
    return True


def disengage_check(state: GameState, model: ModelState, inches: float) -> Callable[[dict[str, float]], str | None]:
    """[MOVE-9]: a Disengage ends out of base contact with every enemy, at least 1″ away."""
    bf = board.battlefield(state)

    def check(point: dict[str, float]) -> str | None:
        route = route_to(bf, model.id, (point["x"], point["y"]), inches)
        if not route.legal:
            return route.reason or "that point cannot be reached legally"
        assert route.move is not None
        if route.move.engaged_with:
            return "a Disengage must end out of base contact with every enemy"
        return None

    return check


def disengage_points(state: GameState, model: ModelState, inches: float) -> list[dict[str, float]]:
    """End points a Disengage may take ([MOVE-9]): the sampled straight moves, or when none of those is legal
    the point the complete search finds (a pocket among impassable pieces); empty only when no legal end
    point exists at all ([SEQ-9])."""
    sampled = candidate_points(state, model, inches, free_end=True)
    if sampled:
        return sampled
    found = _searched_end(state, model, inches)
    return [] if found is None else [{"x": found[0], "y": found[1]}]


def _searched_end(state: GameState, model: ModelState, inches: float) -> tuple[float, float] | None:
    check = disengage_check(state, model, inches)
    return free_end(board.battlefield(state), model.id, inches, lambda q: check({"x": q[0], "y": q[1]}) is None)


def can_disengage(state: GameState, model: ModelState) -> bool:
    """[SEQ-9]: Disengage is offered only when a legal end point exists (the first one found will do)."""
    inches, _ = allowance(state, model, "disengage")
    bf = board.battlefield(state)
    known = bf.memo().get(("candidates", model.id, inches, True))
    if known is not None:
        return bool(known) or _searched_end(state, model, inches) is not None
    return _any_free_end(state, bf, model, inches) or _searched_end(state, model, inches) is not None


# -- ranged targets -------------------------------------------------------------------------------

def ranged_targets(state: GameState, model: ModelState, weapon: int) -> list[tuple[ModelState, str, bool]]:
    """[RNG-2] / [SKILL-6]: enemies in LOS within long range, with the range band and cover. The shooter may
    turn to face any of them first ([SEQ-5]): LOS and cover are judged as it faces each one."""
    out = []
    for e in sorted(state.enemies_of(model), key=lambda m: m.id):
        found = ranged_target(state, model, weapon, e)
        if found is not None:
            out.append((e, *found))
    return out


def has_ranged_target(state: GameState, model: ModelState, weapon: int) -> bool:
    """Whether :func:`ranged_targets` holds any: the enemies asked nearest first, up to the first in sight."""
    return any(ranged_target(state, model, weapon, e) is not None
               for e in sorted(state.enemies_of(model), key=lambda e: board.distance(model, e)))


def ranged_target(state: GameState, model: ModelState, weapon: int, e: ModelState) -> tuple[str, bool] | None:
    """One enemy as :func:`ranged_targets` judges it: its range band and cover, None when out of long range or
    sight (a caller weighing a few targets need not draw the sight line to every enemy)."""
    from game.content.catalog import catalog

    skill = catalog().skill(model.weapon(weapon).skill)
    d = board.distance(model, e)
    if skill.long is None or d > skill.long + 1e-9:
        return None
    los = board.sight(state, model, e)
    if not los.has_los:
        return None
    return ("short" if d <= (skill.short or 0) + 1e-9 else "long"), los.cover


# -- pushes -----------------------------------------------------------------------------------------

def push(state: GameState, target: ModelState, pusher: ModelState, inches: float, why: str,
         stun_if_blocked: bool, remove_if_off: bool) -> None:
    """[CC-4] / [DIG-MOVE-5]: straight away from the pusher; blocked pushes Stun, off-table removes."""
    from game.rules.combat import kill

    bf = board.battlefield(state)
    mode = pushes.SHOVE if remove_if_off else pushes.SPELL
    result = pushes.push(bf, target.id, (pusher.x, pusher.y), inches, mode, pusher.facing)
    start = (target.x, target.y)
    if result.removed:
        state.emit(EventKind.Pushed,
                   f"{why}: {target.name} is pushed off the table", model=target.id, start=list(start),
                   rule="CC-4")
        kill(state, target, "removed", "CC-4")
        return
    target.x, target.y = float(result.end.x), float(result.end.y)
    stopped = f", stopped by {result.stopped_by}" if result.stopped_by else ""
    state.emit(EventKind.Pushed, f"{why}: {target.name} is pushed {result.travelled:.2f}″{stopped}", model=target.id,
               start=list(start), end=[target.x, target.y], distance=result.travelled, blocked=result.blocked,
               stopped_by=result.stopped_by, rule="DIG-MOVE-5")
    if result.blocked and stun_if_blocked:
        conditions.stun(state, target, pusher, f"{why}: the push was blocked", "CC-4")
