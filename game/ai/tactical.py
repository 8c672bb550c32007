"""The computer opponent: answers every decision from what a player sees (the table, the bag, the
Fate pools), never the future dice.

At its activation it takes the best of its *candidate actions* (game.ai.candidates: fight, charge, shoot,
cast, take an objective, escape, retreat, hold) as its intent, picks the legal plan that carries it out
best, and answers the follow-up decisions (routes, targets, weapons, Fate) in keeping with it. How well
it plays is data: a :class:`~game.ai.difficulty.Difficulty` (``easy``, ``normal``, ``hard``) holds the
weights and the refinements; ``hard`` also tries its best plans on copies of the game (game.ai.lookahead).
No level declares an action it expects the engine to skip ([SEQ-2], game.ai.futile): a move ends where
the rest of its declared plan can follow. An answer the decision does not allow is a bug: with ``strict``
(the tests) it raises; in play it is counted in ``faults`` and the decision answered as easy's blunders are.
"""

from __future__ import annotations

import math
import os
import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from game.ai import candidates, memo
from game.ai.candidates import Appraiser, Intent, model_value
from game.ai.difficulty import Difficulty
from game.ai.difficulty import level as find_level
from game.ai.futile import Futility, contact_choice, rest_spots, spoils_from
from game.ai.random_legal import RandomLegal
from game.ai.storm import storm_step
from game.ai.threat import Threats, loss
from game.core.copies import value_key
from game.core.vec import Vec2
from game.geometry.paths import end_position
from game.rules import board, combat, conditions
from game.rules.board import point_behind as behind
from game.rules.decisions import Answer, Decision, IllegalAnswer
from game.rules.events import EventKind
from game.rules.movement import OfferedPoints
from game.rules.state import ON_TABLE, PRISONER, GameState, ModelState

FIGHTS = ("standard_attack", "furious_attack")
SHOTS = ("aimed_shot", "ranged_attack", "quick_fire")
MOVES = ("walk", "run", "sneak")

__all__ = ["AIBug", "Intent", "Tactical", "model_value"]


# what a model's candidates never read: the story so far, the dice, the activation's own bookkeeping; and the
# models' activated flags, read below with the one now activating counted as before its activation
APPRAISAL_BLIND = frozenset({"log", "version", "dice", "ap_left", "active_model", "activated", "phase"})


def _standing(state: GameState, activating: str | None = None) -> tuple:
    """Everything a model's candidates read, as a value key of the state (every field but ``APPRAISAL_BLIND``:
    a new field is in at once); which models have activated counts the one now activating as before its
    activation (its own flag is read by none of them)."""
    done = tuple(o.activated and o.id != activating for o in state.models.values())
    return value_key(state, APPRAISAL_BLIND), done


def nearest(points: Sequence[dict[str, float]], goal: tuple[float, float]) -> dict[str, float] | None:
    """The point nearest ``goal`` (the first of equals), None if there is none; offered points are searched
    nearest first (movement.OfferedPoints.least) rather than all worked out."""
    def gap(p: dict[str, float]) -> float:
        return math.hypot(p["x"] - goal[0], p["y"] - goal[1])

    if isinstance(points, OfferedPoints):
        return points.least(gap)
    return min(points, key=gap, default=None)


class AIBug(RuntimeError):
    """The AI gave an answer the decision does not allow (or none): a bug in the AI, never in play."""


class Tactical:
    """The controller for one side at one :class:`~game.ai.difficulty.Difficulty` (or a level's name)."""

    strict = os.environ.get("IRON_HONOR_AI_STRICT") == "1"  # the tests set it: an illegal answer raises AIBug
    TRANSIENT = frozenset({"_nominated"})  # a cache: a resumed game appraises again, to the same answer

    def __init__(self, seed: int = 0, level: str | Difficulty = "normal", strict: bool | None = None):
        self.rng = random.Random(seed)
        self.difficulty = find_level(level)
        self.level = self.difficulty.name
        self.appraiser = Appraiser(self.difficulty)
        self.blunders = RandomLegal(seed + 7919, aggressive=True, careful=True)
        self.intent = Intent()
        self.faults: list[str] = []
        self._nominated: tuple[tuple, dict[str, tuple[float, Intent]]] | None = None
        if strict is not None:
            self.strict = strict
        self.lookahead: Any = None
        if self.difficulty.lookahead:
            from game.ai.lookahead import Lookahead

            self.lookahead = Lookahead(self, seed)

    # -- the protocol -----------------------------------------------------------------
    def decide(self, state: GameState, decision: Decision) -> Answer:
        handler = getattr(self, f"on_{decision.kind}", None)
        if handler is None or (self.difficulty.blunder and self.rng.random() < self.difficulty.blunder):
            return self.blunders.decide(state, decision)  # a kind it has no view on, or easy's blunder
        try:
            answer = handler(state, decision)
            if answer is None:
                raise IllegalAnswer(decision.rule, f"{decision.kind}: the AI found no answer")
            return decision.validate(answer)
        except IllegalAnswer as exc:
            if self.strict:
                raise AIBug(f"{self.level} AI, {decision.kind} ({decision.prompt}): {exc}") from exc
            self.faults.append(f"{decision.kind}: {exc}")
            return self.blunders.decide(state, decision)

    # -- who activates, and what it means to do ------------------------------------------------
    def on_nominate(self, state: GameState, d: Decision) -> Answer:
        """The model with the best opportunity (of equal scores, the last key). A model is appraised only as far
        as it can still beat the leader so far (candidates.best's ``floor``): one that cannot is not kept."""
        now = _standing(state)  # the same for every choice that has not activated (its own flag is not read)
        found: dict[str, tuple[float, Intent]] = {}
        leader: tuple[float, str] | None = None
        # engaged models first: a fight joined tends to lead, and a higher leader early prunes more of the rest
        # (the answer is the same in any order: the leader is the greatest (score, key))
        for k in sorted(d.choices(), key=lambda k: not board.engaged_enemies(state, state.model(k))):
            m = state.model(k)
            floor = -math.inf if leader is None else leader[0]
            scored = self.opportunity(state, m, None if m.activated else now, floor)
            if scored[0] < floor:
                continue  # below the leader: its own best is too (not kept: it is not exact)
            found[k] = scored
            if leader is None or (scored[0], k) > leader:
                leader = scored[0], k
        assert leader is not None
        self._nominated = (now, found)  # what the chosen one meant to do, until the table changes
        return leader[1]

    def opportunity(self, state: GameState, m: ModelState, standing: tuple | None = None,
                    floor: float = -math.inf) -> tuple[float, Intent]:
        """The best thing this model can do now, as (expected value, intent): the best candidate. The model
        just nominated is appraised once: its activation's start (Greater Purpose, the plan) finds the answer
        of the nomination while the table, the bag and the other models stand as they did (``standing``: that
        table, when the caller has it). With ``floor``, exact only when its score is at least ``floor``
        (candidates.best)."""
        nominated = self._nominated
        if nominated is None or m.id not in nominated[1]:
            return candidates.best(self.appraiser, state, m, floor)
        now = standing or _standing(state, m.id)
        if nominated[0] != now:  # its activation's start changed the table (this activation's Fate and weapons)
            self._nominated = nominated = (now, {m.id: candidates.best(self.appraiser, state, m)})
        score, intent = nominated[1][m.id]
        return score, replace(intent, notes=list(intent.notes))

    # the appraiser's questions, asked of the controller by its follow-up answers and the tests
    def objective_points(self, state: GameState, side: int | None = None) -> list[tuple[float, float]]:
        return self.appraiser.objective_points(state, side)

    def objective_pull(self, state: GameState, m: ModelState) -> float:
        return self.appraiser.objective_pull(state, m)

    def escape_goal(self, state: GameState, m: ModelState) -> tuple[float, float] | None:
        return self.appraiser.escape_goal(state, m)

    def goal_for(self, state: GameState, m: ModelState) -> tuple[float, float] | None:
        return self.appraiser.goal_for(state, m)

    def danger(self, state: GameState, e: ModelState) -> float:
        return self.appraiser.danger(state, e)

    # -- the plan -----------------------------------------------------------------------------
    def on_plan(self, state: GameState, d: Decision) -> Answer:
        if self.lookahead is not None:
            chosen = self.lookahead.plan(state, d)
            if chosen is not None:
                return chosen
        m = state.model(d.context["model"])
        _, self.intent = self.opportunity(state, m)
        return self.best_plan(state, m, d.choices(), Futility(state, m))

    def best_plan(self, state: GameState, m: ModelState, keys: Sequence[str], futility: Futility) -> str:
        """The plan of ``keys`` with the best :meth:`plan_score` (the first of equals), as ``max`` over the scores
        would find it, drawing the same noise; the skipped actions are counted only for the plans whose score
        without them could still win: counting is most of a plan's appraisal, and an action sure to be skipped
        only ever lowers a score (a float sum is monotonic in each term, so the score without it is a bound)."""
        w = self.difficulty.plan
        arrived = self.arrived(state, m)
        scored = []  # (bound, order, acts, base, noise): the noise drawn in the order of the keys, as max draws it
        for i, key in enumerate(keys):
            acts = [] if key == "nothing" else key.split(",")
            base = self._plan_base(state, m, acts, arrived)
            noise = w.noise * self.rng.random()
            scored.append((base + w.length * len(acts) + noise, i, acts, base, noise))
        if w.futile > 0:  # a level that rewards skipped actions: no bound, count them all
            return keys[max(scored, key=lambda s: (self._plan_total(s[3], s[2], s[4], futility), -s[1]))[1]]
        best, best_i = -math.inf, -1
        for bound, i, acts, base, noise in sorted(scored, key=lambda s: (-s[0], s[1])):
            if bound < best or (bound == best and i > best_i):
                break  # neither this nor any after it can beat the best, nor tie it from earlier in the menu
            total = self._plan_total(base, acts, noise, futility)
            if total > best or (total == best and i < best_i):
                best, best_i = total, i
        return keys[best_i]

    def _plan_total(self, base: float, acts: list[str], noise: float, futility: Futility) -> float:
        """A plan's score from its part before the skipped actions: the terms added in plan_score's order."""
        w = self.difficulty.plan
        s = base + w.futile * futility.count(acts)  # [SEQ-2]: offered, but sure to be skipped in all likelihood: never
        s += w.length * len(acts)  # of plans that score alike, the one without an idle action (its AP may be lost)
        return s + noise

    def plan_score(self, state: GameState, m: ModelState, acts: list[str], futility: Futility) -> float:
        """How well a plan carries out the intent, by the level's plan weights; an action it expects the
        engine to skip costs heavily."""
        noise = self.difficulty.plan.noise * self.rng.random()
        return self._plan_total(self._plan_base(state, m, acts, self.arrived(state, m)), acts, noise, futility)

    def _plan_base(self, state: GameState, m: ModelState, acts: list[str], arrived: bool) -> float:
        """plan_score's terms before the skipped actions (``arrived``: :meth:`arrived`, the same for every plan)."""
        w = self.difficulty.plan
        s = 0.0
        kind = self.intent.kind
        if kind == "fight":
            s += w.furious * ("furious_attack" in acts) + w.standard * acts.count("standard_attack")
            s += w.sweeping * ("sweeping_attack" in acts) + w.shield_slam * ("shield_slam" in acts)
            s += w.disengage * ("disengage" in acts)
            s += w.close_walk * ("walk" in acts) * self.intent.storm  # no blow yet: the walk is the way to one
        elif kind == "charge":
            after = acts[acts.index("charge"):] if "charge" in acts else []
            s += w.charge * ("charge" in acts) + w.after_charge_blow * sum(a in FIGHTS for a in after)
            if w.charge_lane_spoil and "charge" in acts:  # a move first may spoil the lane it has now
                s -= w.charge_lane_spoil * any(a in MOVES for a in acts[:acts.index("charge")])
        elif kind == "shoot":
            s += w.aimed * ("aimed_shot" in acts) + w.quick_fire * ("quick_fire" in acts) \
                + w.ranged * acts.count("ranged_attack")
            s += w.walk_after_shot * ("walk" in acts and acts[-1] == "walk")
        elif kind == "cast":
            s += w.cast * sum(a.startswith("cast") for a in acts) + w.second_cast * ("cast_2" in acts)
        elif kind == "escape":
            s += w.escape * ("escape" in acts) + w.escape_walk * ("walk" in acts) + w.escape_run * ("run" in acts)
        elif arrived:  # at its objective: stay, fight what comes
            s += w.hold * (not acts) + w.hold_blow * sum(a in FIGHTS for a in acts) + w.hold_move * sum(
                a in (*MOVES, "disengage") for a in acts)
        else:  # advance
            s += w.walk * ("walk" in acts) + w.run * ("run" in acts) + w.sneak * ("sneak" in acts)
            s += w.walk_and_run * ("walk" in acts and "run" in acts)
        s += w.heal * ("heal" in acts) + w.shake_off * ("shake_off" in acts) + w.clear_weapon * ("clear_weapon" in acts)
        s += w.run_spoils * ("run" in acts and kind in ("fight", "shoot", "cast"))  # the run's -3 spoils the rest
        s += w.idle_blow * sum(a in FIGHTS for a in acts) * (kind not in ("fight", "charge"))
        if w.wasted:
            s -= w.wasted * self.wasted(state, m, acts)
        if w.more_ground and kind in ("advance", "escape") and not arrived:
            s += w.more_ground * max(0, sum(a in MOVES for a in acts) - 1)
        return s

    @staticmethod
    def wasted(state: GameState, m: ModelState, acts: list[str]) -> int:
        """Hard: actions the engine would skip, losing their AP: a blow or a Shove before any move with no
        enemy it may strike ([CC-1], [SEQ-5]), a Heal with no wounded friend in contact."""
        from game.rules.actions import melee_targets

        foes = melee_targets(state, m)
        hurt = [f for f in state.friends_of(m) if f.wounds_taken and board.in_contact(m, f)]
        out = 0
        for a in acts:
            if a in ("walk", "run", "sneak", "charge", "disengage", "escape"):
                break  # after a move the contacts are new: no opinion
            if a in (*FIGHTS, "shove", "shield_slam", "sweeping_attack") and not foes:
                out += 1
            if a == "heal" and not hurt:
                out += 1
        return out

    def arrived(self, state: GameState, m: ModelState) -> bool:
        """Standing on (or in contact with) the objective it was heading for."""
        goal = self.intent.goal
        if self.intent.kind != "advance" or goal is None:
            return False
        near = [o for o in state.models.values() if o.id != m.id and (o.x, o.y) == tuple(goal)]
        reach = (m.radius + near[0].radius + 0.02) if near else m.radius
        return math.hypot(goal[0] - m.x, goal[1] - m.y) <= reach

    def on_next_action(self, state: GameState, d: Decision) -> Answer:
        """[DIG-ACT-2]: the first action of the best plan that can still follow what it has done."""
        from game.rules.plans import extensions

        if state.active_model is None:
            return None
        m = state.model(state.active_model)
        _, self.intent = self.opportunity(state, m)
        done = self.done_actions(state, m)
        futility = Futility(state, m)
        best: dict[str, float] = {"end": self.plan_score(state, m, [], futility)}
        for p in extensions(state, m, done, d.context.get("ap", 0)):
            if len(p) > len(done) and p[len(done)] in d.choices():
                score = self.plan_score(state, m, list(p[len(done):]), futility)
                best[p[len(done)]] = max(best.get(p[len(done)], score), score)
        return max((k for k in best if k in d.choices()), key=lambda k: best[k], default=None)

    @staticmethod
    def done_actions(state: GameState, m: ModelState) -> tuple[str, ...]:
        """The actions ``m`` has taken in its current activation, read from the log."""
        out: list[str] = []
        for e in reversed(state.log):
            if e.kind == EventKind.Activation and e.data.get("model") == m.id:
                break
            if e.kind == EventKind.ActionStarted and e.data.get("model") == m.id:
                out.append(e.data["action"])
        return tuple(reversed(out))

    # -- where to, at whom, with what -------------------------------------------------------------
    def on_move_to(self, state: GameState, d: Decision) -> Answer:
        """The end point for the intent; one the decision refuses gives way to the offered point nearest the goal
        that it accepts."""
        point = self.move_to(state, d)
        if point is None or d.check is None or d.check(point) is None:
            return point
        m = state.model(d.context["model"])
        goal = self.intent.goal or self.goal_for(state, m) or (m.x, m.y)
        offered = sorted(d.context.get("candidates") or [],
                         key=lambda p: math.hypot(p["x"] - goal[0], p["y"] - goal[1]))
        return next((p for p in offered if d.check(p) is None), None)

    def move_to(self, state: GameState, d: Decision) -> Answer:
        m = state.model(d.context["model"])
        goal = self.intent.goal
        if self.intent.target and self.intent.kind in ("fight", "charge"):
            t = state.model(self.intent.target)
            goal = (t.x, t.y)
        if goal is None:
            goal = self.goal_for(state, m)
        candidates = d.context.get("candidates")  # the engine works them out only if they are looked at
        if candidates is None:
            candidates = []
        if goal is None:
            return self.rng.choice(candidates) if candidates else None
        inches = d.context.get("allowance", 6.0)
        point = self.move_point(state, m, goal, inches, d, candidates)
        if point is not None and spoils_from(state, m, point):  # the rest of its plan needs more
            fitting = [p for p in [*rest_spots(state, m, inches), *candidates] if not spoils_from(state, m, p)]
            if fitting:
                return min(fitting, key=lambda p: math.hypot(p["x"] - goal[0], p["y"] - goal[1]))
        return point

    def move_point(self, state: GameState, m: ModelState, goal: tuple[float, float], inches: float, d: Decision,
                   candidates: list[dict[str, float]]) -> Answer:
        direct, reaches = self.direct_step(state, m, goal, inches, d)
        if self.intent.kind == "escape" and reaches and direct is not None:
            return direct  # [ENC-BRK-2]: the Escape declared after this move needs the edge
        if self.intent.kind == "escape":
            spot = Futility(state, m).edge_spot(inches)  # round what blocks the straight line, if a route gets there
            if spot is not None and (d.check is None or d.check(spot) is None):
                return spot
        if self.intent.storm and self.intent.target in state.models:
            spot = storm_step(state, m, state.model(self.intent.target), inches, d.check)
            if spot is not None:
                return spot
        if self.difficulty.touch_objectives and self.intent.kind == "advance" and not reaches:
            spot = self.touch_spot(state, m, goal, inches, d)
            if spot is not None:
                return spot
        if self.difficulty.safe_steps and self.intent.kind in ("advance", "shoot", "cast") and candidates:
            return self.safe_step(state, m, goal, candidates, d, direct, reaches)
        if direct is not None:
            return direct
        return nearest(candidates, goal)

    @staticmethod
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

    @staticmethod
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

    PROGRESS_OBJECTIVE = 0.5  # an inch nearer an objective: scoring waits for nobody

    def safe_step(self, state: GameState, m: ModelState, goal: tuple[float, float],
                  candidates: list[dict[str, float]], d: Decision, direct: dict[str, float] | None = None,
                  reaches: bool = False) -> Answer:
        """Hard: the end point that best trades ground gained toward the goal against the enemy's reply there.
        Reaching an objective it must stand on (a marker, the Prisoner's base) is taken whatever the reply."""
        start = math.hypot(goal[0] - m.x, goal[1] - m.y)
        objective = tuple(goal) in set(self.objective_points(state)) or self.escape_goal(state, m) is not None
        urgent = self.urgent(state)
        if objective and urgent and reaches and direct is not None:
            return direct
        threats = Threats(state, m, model_value(m))
        per_inch = self.PROGRESS_OBJECTIVE if objective and urgent else self.difficulty.progress
        points = [*candidates, {"x": m.x, "y": m.y}] + ([direct] if direct is not None else [])

        def score(p: dict[str, float]) -> float:
            gained = start - math.hypot(goal[0] - p["x"], goal[1] - p["y"])
            return per_inch * gained - threats.at(p["x"], p["y"])

        ranked = sorted(points, key=score, reverse=True)
        for p in ranked[:4]:
            if d.check is None or d.check(p) is None:
                return p
        return ranked[0]

    @staticmethod
    def urgent(state: GameState) -> bool:
        """Whether objectives score soon: every Maintenance, or (scored only at the end) in the last two turns."""
        enc = state.encounter
        if enc is None:
            return True
        if any(entry.when != "end" for entry in enc.scenario.scoring) or enc.scenario.victory.by != "score":
            return True
        return state.turn >= enc.scenario.duration.turns - 1

    def on_end_point(self, state: GameState, d: Decision) -> Answer:
        m = state.model(state.active_model) if state.active_model else None
        need = contact_choice(state, m) if m is not None else None  # what the rest of its plan needs
        want = need == "contact" if need else self.intent.kind in ("fight", "charge") or self.difficulty.contact_always
        return "contact" if want and "contact" in d.choices() else "stop"

    def on_target(self, state: GameState, d: Decision) -> Answer:
        m = state.model(d.context["model"]) if "model" in d.context else None
        keys = d.choices()
        if self.intent.target in keys:
            return self.intent.target
        if m is None:
            return keys[0]
        action = d.context.get("action", "")
        if action == "heal":
            return max(keys, key=lambda k: state.model(k).wounds_taken * model_value(state.model(k)))

        def value(k: str) -> float:
            e = state.model(k)
            if e.side == m.side:
                return -1.0
            return model_value(e) * (1 + e.wounds_taken) / (1 + board.distance(m, e))

        return max(keys, key=value)

    def on_weapon(self, state: GameState, d: Decision) -> Answer:
        from game.content.catalog import catalog

        who = d.context.get("model") or state.active_model  # the attacker: not always the active model
        m = state.model(who) if who else None  # (a free strike, a friend spurred by Heroic Impetus)
        if m is None:
            return d.choices()[0]
        rank = {"2h_edged": 3, "2h_blunt": 3, "2h_ranged_bp": 2, "2h_ranged": 2, "1h_edged": 1, "1h_blunt": 1}
        return max(d.choices(), key=lambda k: rank.get(catalog().skill(m.weapon(int(k)).skill).id, 0))

    def on_spell(self, state: GameState, d: Decision) -> Answer:
        return self.intent.spell if self.intent.spell in d.choices() else "ravage"

    def on_enhancement(self, state: GameState, d: Decision) -> Answer:
        keys = d.choices()
        for k in ("greater_focus", "sorcerers_gambit"):
            if k in keys:
                return k
        return keys[0]

    def on_weakness(self, state: GameState, d: Decision) -> Answer:
        return "PD"

    def on_charge_end(self, state: GameState, d: Decision) -> Answer:
        if self.difficulty.rear_charges:
            return self.rear_charge_end(state, d) or d.context.get("default")
        return d.context.get("default")

    def rear_charge_end(self, state: GameState, d: Decision) -> dict[str, float] | None:
        """Hard: end the charge in the target's back arc when the lane allows (+2, no shield: [MOD-1], [MOD-4]),
        else where the other enemies' replies hurt least; the default (straight in) breaks ties."""
        m, t = state.model(d.context["model"]), state.model(d.context["target"])
        default = d.context.get("default")
        reach, far = m.radius + t.radius + 0.01, state.battle_map.size - m.radius
        threats = Threats(state, m, model_value(m), [e for e in state.enemies_of(m) if e.id != t.id])
        points = []
        for k in range(24):
            a = 2 * math.pi * k / 24
            x, y = t.x + reach * math.cos(a), t.y + reach * math.sin(a)
            if not (m.radius <= x <= far and m.radius <= y <= far):
                continue
            points.append((2.0 * behind(t, x, y) - threats.at(x, y, los=False), {"x": round(x, 4), "y": round(y, 4)}))
        if default is not None:
            points.append((2.0 * behind(t, default["x"], default["y"])
                           - threats.at(default["x"], default["y"], los=False) + 0.05, default))
        # the engine's legal ends, spread over every clear arc of the ring ([MOVE-4])
        points += [(2.0 * behind(t, p["x"], p["y"]) - threats.at(p["x"], p["y"], los=False), p)
                   for p in d.context.get("candidates") or [] if p is not default]
        for _, p in sorted(points, key=lambda sp: sp[0], reverse=True)[:6]:
            if d.check is None or d.check(p) is None:
                return p
        return None

    def on_facing(self, state: GameState, d: Decision) -> Answer:
        m = state.model(d.context["model"])
        foes = state.enemies_of(m)
        if not foes:
            return m.facing
        e = min(foes, key=lambda f: board.distance(m, f))
        if self.difficulty.guard_facing:
            return self.facing_most(m, foes, board.facing_towards(m, e.x, e.y))
        return round(board.facing_towards(m, e.x, e.y), 3)

    @staticmethod
    def facing_most(m: ModelState, foes: list[ModelState], default: float) -> float:
        """Hard: the facing that keeps the nearby enemies in the front arc, nearest first: they then gain no
        back-arc +2 against it ([MOD-1]), meet its shield ([MOD-4]) and can be struck if they disengage
        ([SEQ-9]). Its own attacks next activation need no facing: it may turn then ([SEQ-5])."""
        near = [f for f in foes if board.distance(m, f) <= 14.0]
        if not near:
            return round(default, 3)

        def covered(facing: float) -> float:
            fx, fy = math.cos(math.radians(facing)), math.sin(math.radians(facing))
            return sum(((f.x - m.x) * fx + (f.y - m.y) * fy >= 0) / (1 + board.distance(m, f)) for f in near)

        options = [default] + [board.facing_towards(m, f.x, f.y) for f in near]
        return round(max(options, key=covered), 3)  # the nearest enemy's way first on ties

    def on_free_strike(self, state: GameState, d: Decision) -> Answer:
        return next(k for k in d.choices() if k != "pass")

    def on_strike_order(self, state: GameState, d: Decision) -> Answer:
        m = state.model(state.active_model) if state.active_model else None
        if m is None:
            return d.choices()[0]
        return max(d.choices(), key=lambda k: (state.model(k).side != m.side, model_value(state.model(k))))

    # -- Fate ----------------------------------------------------------------------------------
    def reserve(self, state: GameState, side: int) -> int:
        """Fate kept back for defence."""
        return 1

    @staticmethod
    def spare_fate(state: GameState, side: int) -> int:
        """Fate beyond one for each of our activations still in the bag and one for defence. The pool
        refills every turn ([TURN-2]), so what is left when the bag empties is wasted: spend the spare."""
        return state.sides[side].fate - state.bag.count(side) - 1

    @staticmethod
    def ap_shift(state: GameState, m: ModelState, delta: int) -> float:
        """The chance that ``delta`` on the activation roll changes the AP it gives ([TURN-4])."""
        from game.core.dice import effective_modifiers
        from game.rules.turn import activation_modifiers, ap_for

        base = sum(x.value for x in effective_modifiers(activation_modifiers(state, m)))
        return sum(ap_for(v + base) != ap_for(v + base + delta) for v in range(1, 7)) / 6

    def freeing(self, state: GameState, side: int) -> bool:
        """Levels that spend the Rescuer's Fate on its blows: ``side`` is the Rescuer, the Prisoner still held.
        Its guards fall only to blows ([ENC-RES-4]) and the Kidnapper seldom strikes back, so an Inner Reserve
        (+1d6 on a blow) is worth more than Greater Purpose's third of an AP or Winds of Kismet's earlier turn."""
        return self.difficulty.rescue_fate and self.appraiser.rescuing(state, side)

    def on_greater_purpose(self, state: GameState, d: Decision) -> Answer:
        fate_left = state.sides[d.side].fate
        m = state.model(state.active_model) if state.active_model else None
        if self.freeing(state, d.side) and m is not None:  # only the Fate beyond one a blow
            wanted = self.spare_fate(state, d.side) > 0 and self.opportunity(state, m)[0] > 0.3
            return "spend" if wanted and self.ap_shift(state, m, +1) > 0 else "pass"
        if self.difficulty.fate_by_odds and m is not None:  # only if +1 can change the AP; spare Fate on lesser ones
            value = self.opportunity(state, m)[0]
            wanted = (value > 0.8 and fate_left > self.reserve(state, d.side)) or \
                (value > 0.3 and self.spare_fate(state, d.side) > 0)
            return "spend" if wanted and self.ap_shift(state, m, +1) > 0 else "pass"
        worth = m is not None and fate_left > self.reserve(state, d.side) and self.opportunity(state, m)[0] > 0.8
        return "spend" if worth else "pass"

    def on_cursed_hand(self, state: GameState, d: Decision) -> Answer:
        m = state.model(state.active_model) if state.active_model else None
        if not self.difficulty.fate_by_odds or m is None:
            return "pass"
        key = max(self.danger(state, m), 0.5 * self.objective_pull(state, m)) > 0.3  # the enemy's key model
        worth = key and self.ap_shift(state, m, -1) > 0 and self.spare_fate(state, d.side) > 0
        return "spend" if worth else "pass"

    def on_winds_of_kismet(self, state: GameState, d: Decision) -> Answer:
        if not self.difficulty.fate_by_odds or state.sides[d.side].fate < 4 or self.freeing(state, d.side):
            return "pass"
        mine = [m for m in state.side_models(d.side) if m.on_table and not m.activated]
        best = max((self.opportunity(state, m)[0] for m in mine), default=0.0)
        return "spend" if best > 2.5 else "pass"

    def on_inner_reserve(self, state: GameState, d: Decision) -> Answer:
        fate_left = state.sides[d.side].fate
        if "against" in d.context:  # an area of effect's victim ([AOE-1], [SEQ-8])
            return self.victim_inner_reserve(state, d)
        attack = d.context.get("attack")
        if self.difficulty.fate_by_odds and attack is not None:
            if attack.attacker.side == d.side and self.freeing(state, d.side):  # no Fate kept back from a blow
                return "spend" if self.inner_reserve_gain(state, d.side, attack) > 0.05 else "pass"
            if fate_left <= self.reserve(state, d.side) and attack.defender.side != d.side:
                return "pass"
            return "spend" if self.inner_reserve_gain(state, d.side, attack) > 0.12 else "pass"
        threshold = self.reserve(state, d.side)
        active = state.model(state.active_model) if state.active_model else None
        mine = active is not None and active.side == d.side
        important = (mine and self.intent.kind in ("fight", "charge", "cast")) or not mine
        return "spend" if important and fate_left > threshold else "pass"

    def inner_reserve_gain(self, state: GameState, side: int, attack: Any) -> float:
        """How much Inner Reserve raises (attacker) or lowers (defender) the chance that the attack wins."""
        try:
            base = float(memo.odds(state, attack).p_win)
            if attack.attacker.side == side:
                return float(memo.odds(state, attack, attacker_inner_reserve=True).p_win) - base
            return base - float(memo.odds(state, attack, defender_inner_reserve=True).p_win)
        except Exception:  # an attack the odds cannot model: no opinion
            return 0.0

    def victim_inner_reserve(self, state: GameState, d: Decision) -> Answer:
        """Inner Reserve on a victim's roll when its extra die lowers the chance of being beaten by enough
        over keeping Hand of Fortune for after the roll; a model a wound would kill, or a hero, is worth more."""
        m = state.model(d.context["model"])
        precious = m.wounds_taken + 1 >= m.max_wounds or m.is_hero
        kept = state.sides[d.side].fate <= self.reserve(state, d.side)
        if not precious and kept and not self.difficulty.fate_by_odds:
            return "pass"
        from game.ai.odds import victim_beaten

        try:
            gain = float(victim_beaten(state, d.context) - victim_beaten(state, d.context, inner_reserve=True))
        except Exception:  # a roll the odds cannot model: no opinion
            return "pass"
        return "spend" if gain > (0.08 if precious else 0.15) else "pass"

    def victim_reroll(self, state: GameState, d: Decision) -> Answer:
        """A beaten victim re-rolls: a trait's free re-roll of 1s first, else Hand of Fortune if fresh dice can
        still hold against the total; a roll that holds is never re-rolled."""
        from game.ai.odds import rerolled_beaten

        keys = d.choices()
        if not d.context.get("losing"):
            return "pass"
        free = [k for k in keys if k not in ("pass", "hand_of_fortune")]
        if free:
            return free[0]
        if "hand_of_fortune" not in keys:
            return "pass"
        after = rerolled_beaten(d.context["dice"], d.context["total"], d.context["against"])
        m = state.model(d.context["model"])
        precious = m.wounds_taken + 1 >= m.max_wounds or m.is_hero
        spare = state.sides[d.side].fate > (0 if precious else self.difficulty.fate_kept)
        return "hand_of_fortune" if after < 1 and spare else "pass"

    def on_reroll(self, state: GameState, d: Decision) -> Answer:
        keys = d.choices()
        if "against" in d.context:
            return self.victim_reroll(state, d)
        free = [k for k in keys if k not in ("pass", "hand_of_fortune")]
        if free:
            return free[0]  # a trait's re-roll costs nothing
        if "hand_of_fortune" in keys and state.sides[d.side].fate > self.difficulty.fate_kept:
            return "hand_of_fortune"
        return "pass"

    def on_trait_fate(self, state: GameState, d: Decision) -> Answer:
        m = state.model(d.context["model"]) if d.context.get("model") else None
        if d.context.get("trait") == "Tough" and m is not None:
            dying = m.wounds_taken + 1 >= m.max_wounds
            return "spend" if dying or m.is_hero else "pass"
        return "spend" if state.sides[d.side].fate > self.reserve(state, d.side) else "pass"

    def on_full_defense(self, state: GameState, d: Decision) -> Answer:
        m = state.model(d.context["model"])
        if self.difficulty.fate_by_odds and d.context.get("mover") in state.models:
            return "declare" if self.full_defense_gain(state, m, state.model(d.context["mover"])) > 0 else "pass"
        enemies = board.engaged_enemies(state, m)
        fragile = m.max_wounds - m.wounds_taken <= 1 or len(enemies) >= 2
        return "declare" if fragile and self.difficulty.full_defense else "pass"

    def full_defense_gain(self, state: GameState, m: ModelState, mover: ModelState) -> float:
        """Hard: the harm Full Defense's extra die saves over this turn's close attacks on ``m`` (exact odds,
        Stun included), less what ``m``'s own activation, given up for it, was worth."""
        value = model_value(m)

        def harm(attacker: ModelState, action: str, defender: ModelState) -> float:
            weapons = combat.melee_weapons(attacker)
            odds = memo.odds(state, combat.Attack(attacker, defender, "close", action, weapons[0] if weapons else None))
            return loss(m, float(odds.expected_wounds), float(odds.p_kill), value) + 0.5 * float(odds.p_stun) * value

        others = [e for e in state.enemies_of(m) if e.id != mover.id and not e.activated and e.on_table
                  and board.distance(m, e) <= 8.5]
        attacks = [(mover, "charge_attack", 1.0), (mover, "standard_attack", 0.5)]
        attacks += [(e, "charge_attack", 0.5) for e in others]
        guarding = replace(m)  # a copy (its conditions are a value: Full Defense is put on the copy's alone)
        conditions.FULL_DEFENSE.put(guarding)
        try:
            plain = sum(w * harm(a, act, m) for a, act, w in attacks)
            guarded = sum(w * harm(a, act, guarding) for a, act, w in attacks)
        except Exception:  # an attack the odds cannot model: no opinion
            return -1.0
        return plain - guarded - self.opportunity(state, m)[0]

    def on_heroic_impetus(self, state: GameState, d: Decision) -> Answer:
        friends = [k for k in d.choices() if k != "pass"]
        engaged = [k for k in friends if board.is_engaged(state, state.model(k))]
        return engaged[0] if engaged else "pass"

    def on_impetus_action(self, state: GameState, d: Decision) -> Answer:
        keys = RandomLegal.sound(state, d, d.choices())  # none that would be skipped
        for k in ("shake_off", "standard_attack", "ranged_attack", "walk"):
            if k in keys:
                return k
        return keys[0]
