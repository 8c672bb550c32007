"""The plan: which legal plan (or, under [DIG-ACT-2], which next action) carries out the activation's intent best,
by the level's plan weights; an action the engine is sure to skip ([SEQ-2], game.ai.futile) costs heavily."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from game.ai.candidates import Intent
from game.ai.difficulty import PlanWeights
from game.ai.futile import Futility
from game.rules import board
from game.rules.decision_kinds import DecisionKind
from game.rules.decisions import Answer, Decision
from game.rules.events import EventKind
from game.rules.plans import action_kind
from game.rules.state import GameState, ModelState

if TYPE_CHECKING:
    from game.ai.tactical import Handler, Tactical

FIGHTS = ("standard_attack", "furious_attack")
MOVES = ("walk", "run", "sneak")
MELEE = (*FIGHTS, "sweeping_attack", "shield_slam", "shove")  # actions that need an enemy in base contact


class PlanChooser:
    """Answers the plan and the next action for one controller, in keeping with its intent."""

    TRANSIENT = frozenset({"ai", "_terms"})

    def __init__(self, ai: Tactical):
        self.ai = ai
        self._terms: tuple[PlanWeights, dict[tuple, dict[str, float]]] | None = None  # see _table_free

    def handlers(self) -> dict[DecisionKind, Handler]:
        return {DecisionKind.plan: self.on_plan, DecisionKind.next_action: self.on_next_action}

    def on_plan(self, state: GameState, d: Decision) -> Answer:
        ai = self.ai
        if ai.lookahead is not None:
            chosen = ai.lookahead.plan(state, d)
            if chosen is not None:
                return chosen
        m = state.model(d.context["model"])
        _, ai.intent = ai.opportunity(state, m)
        return self.best_plan(state, m, d.choices(), self.futility(state, m))

    def futility(self, state: GameState, m: ModelState) -> Futility:
        """What judges the plans' skipped actions, as the level weighs the walks into contact."""
        level = self.ai.difficulty
        return Futility(state, m, level.contact_round, level.square_contact)

    def best_plan(self, state: GameState, m: ModelState, keys: Sequence[str], futility: Futility) -> str:
        """The plan of ``keys`` with the best :meth:`plan_score` (the first of equals), as ``max`` over the scores
        would find it, drawing the same noise; the skipped actions are counted only for the plans whose score
        without them could still win: counting is most of a plan's appraisal, and an action sure to be skipped
        only ever lowers a score (a float sum is monotonic in each term, so the score without it is a bound)."""
        w = self.ai.difficulty.plan
        rng = self.ai.rng
        arrived = self.arrived(state, m)
        scored = []  # (bound, order, acts, base, noise): the noise drawn in the order of the keys, as max draws it
        menu = Menu(self._intent_terms(w, arrived))  # what every plan of the menu asks alike, asked once
        for i, key in enumerate(keys):
            acts = [] if key == "nothing" else key.split(",")
            base = self._plan_base(state, m, acts, arrived, menu, key)
            noise = w.noise * rng.random()
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
        w = self.ai.difficulty.plan
        s = base + w.futile * futility.count(acts)  # [SEQ-2]: offered, but sure to be skipped in all likelihood: never
        s += w.length * len(acts)  # of plans that score alike, the one without an idle action (its AP may be lost)
        return s + noise

    def plan_score(self, state: GameState, m: ModelState, acts: list[str], futility: Futility) -> float:
        """How well a plan carries out the intent, by the level's plan weights; an action it expects the
        engine to skip costs heavily."""
        noise = self.ai.difficulty.plan.noise * self.ai.rng.random()
        return self._plan_total(self._plan_base(state, m, acts, self.arrived(state, m)), acts, noise, futility)

    def _plan_base(self, state: GameState, m: ModelState, acts: list[str], arrived: bool,
                   menu: Menu | None = None, key: str | None = None) -> float:
        """plan_score's terms before the skipped actions (``arrived``: :meth:`arrived`, the same for every plan;
        ``menu``: what the plans of one menu ask alike, kept across it; ``key``: the plan's key, when the caller
        has it): the intent's own terms (``INTENT_TERMS``; an advance's or, arrived, a hold's), then those of any
        intent. A term that is nought is not added (adding nought leaves a float sum as it was), so most plans add
        few."""
        w = self.ai.difficulty.plan
        terms = menu.terms if menu is not None else None
        s = terms.get(key) if terms is not None and key is not None else None  # _table_free's, remembered
        if s is None:
            s = self._table_free(w, acts, arrived, key, terms)
        if not (w.idle_cast or w.spare_ap or w.wasted or w.more_ground):
            return s
        kind = self.ai.intent.kind
        menu = Menu() if menu is None else menu
        if w.idle_cast and kind != "cast" and (any(a.startswith("cast") for a in acts) if key is None
                                               else key.startswith("cast") or ",cast" in key):
            if menu.hopeless is None:  # the same for every plan of the menu
                menu.hopeless = self.ai.appraiser.hopeless_casting(state, m)
            if menu.hopeless:
                s += w.idle_cast  # a spell at long odds only (into a melee, [SORC-7]): no use for the AP
        if w.spare_ap and not arrived:  # [TURN-6]: AP the plan leaves unspent are lost (holding is their use)
            ap = menu.ap
            spent = 0
            for a in acts:
                cost = ap.get(a)
                if cost is None:
                    cost = ap[a] = action_kind(a, m).ap
                spent += cost
            if state.ap_left > spent:
                s -= w.spare_ap * (state.ap_left - spent)
        if w.wasted:
            if menu.idle is None:
                menu.idle = idle_targets(state, m)
            s -= w.wasted * wasted(state, m, acts, menu.idle)
        if w.more_ground and kind in ("advance", "escape") and not arrived:
            s += w.more_ground * max(0, sum(a in MOVES for a in acts) - 1)
        return s

    def _intent_terms(self, w: PlanWeights, arrived: bool) -> dict[str, float]:
        """:meth:`_table_free`'s answers for the intent now (and ``arrived``), by plan key."""
        intent = self.ai.intent
        if self._terms is None or self._terms[0] is not w or len(self._terms[1]) > 64:
            self._terms = (w, {})
        found = self._terms[1].setdefault((intent.kind, intent.storm, intent.rush, intent.exit, arrived), {})
        if len(found) > 4096:
            found.clear()
        return found

    def _table_free(self, w: PlanWeights, acts: list[str], arrived: bool, plan: str | None = None,
                    terms: dict[str, float] | None = None) -> float:
        """The first of :meth:`_plan_base`'s terms: those read off the plan and the intent alone, not the table,
        remembered for each (plan, intent) (each plan is appraised again at every question of the activation);
        ``plan``: the plan's key (its actions joined by commas, "nothing" for none), when the caller has it;
        ``terms``: :meth:`_intent_terms`, when the caller has it."""
        intent = self.ai.intent
        kind = intent.kind
        if terms is None:
            terms = self._intent_terms(w, arrived)
        key = plan if plan is not None else ",".join(acts) or "nothing"
        found = terms.get(key)
        if found is not None:
            return found
        own = INTENT_TERMS.get(kind)
        serving = undiverted(acts) if w.diverted and (kind == "escape" or intent.exit) else acts
        if own is not None:
            s = own(w, serving, intent)
        elif arrived:  # at its objective: stay, fight what comes
            s = _hold_terms(w, acts, intent)
        else:
            s = _advance_terms(w, serving, intent)
        s += w.heal * ("heal" in acts) + w.shake_off * ("shake_off" in acts) + w.clear_weapon * ("clear_weapon" in acts)
        if kind in ("fight", "shoot", "cast") and "run" in acts:
            s += w.run_spoils  # the run's -3 spoils the rest
        if kind not in ("fight", "charge"):
            blows = sum(a in FIGHTS for a in acts)
            if blows:
                s += w.idle_blow * blows
            if "shove" in acts:
                s += w.idle_shove
        terms[key] = s
        return s

    def arrived(self, state: GameState, m: ModelState) -> bool:
        """Standing on (or in contact with) the objective it was heading for."""
        intent = self.ai.intent
        goal = intent.goal
        if intent.kind != "advance" or goal is None:
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
        _, self.ai.intent = self.ai.opportunity(state, m)
        done = done_actions(state, m)
        futility = self.futility(state, m)
        best: dict[str, float] = {"end": self.plan_score(state, m, [], futility)}
        for p in extensions(state, m, done, d.context.get("ap", 0)):
            if len(p) > len(done) and p[len(done)] in d.choices():
                score = self.plan_score(state, m, list(p[len(done):]), futility)
                best[p[len(done)]] = max(best.get(p[len(done)], score), score)
        return max((k for k in best if k in d.choices()), key=lambda k: best[k], default=None)


# -- each intent's own terms of a plan's score (each starts from 0.0 and adds in the order plan_score always has) --
def _fight_terms(w: PlanWeights, acts: list[str], intent: Intent) -> float:
    s = 0.0
    s += w.furious * ("furious_attack" in acts) + w.standard * acts.count("standard_attack")
    s += w.sweeping * ("sweeping_attack" in acts) + w.shield_slam * ("shield_slam" in acts)
    s += w.disengage * ("disengage" in acts)
    s += w.close_walk * ("walk" in acts) * intent.storm  # no blow yet: the walk is the way to one
    if w.storm_rush and intent.rush:  # out of a walk's reach: the run (or any longer move) gets there sooner
        s += w.storm_rush * ("run" in acts)
    return s


def _charge_terms(w: PlanWeights, acts: list[str], intent: Intent) -> float:
    s = 0.0
    after = acts[acts.index("charge"):] if "charge" in acts else []
    s += w.charge * ("charge" in acts) + w.after_charge_blow * sum(a in FIGHTS for a in after)
    if w.charge_lane_spoil and "charge" in acts:  # a move first may spoil the lane it has now
        s -= w.charge_lane_spoil * any(a in MOVES for a in acts[:acts.index("charge")])
    return s


def _shots(w: PlanWeights, acts: list[str]) -> float:
    return w.aimed * ("aimed_shot" in acts) + w.quick_fire * ("quick_fire" in acts) \
        + w.ranged * acts.count("ranged_attack")


def _shoot_terms(w: PlanWeights, acts: list[str], intent: Intent) -> float:
    s = _shots(w, acts)
    s += w.walk_after_shot * ("walk" in acts and acts[-1] == "walk")
    return s


def _cast_terms(w: PlanWeights, acts: list[str], intent: Intent) -> float:
    s = 0.0
    s += w.cast * sum(a.startswith("cast") for a in acts) + w.second_cast * ("cast_2" in acts)
    return s


def _escape_terms(w: PlanWeights, acts: list[str], intent: Intent) -> float:
    s = 0.0
    s += w.escape * ("escape" in acts) + w.escape_walk * ("walk" in acts) + w.escape_run * ("run" in acts)
    return s


def _withdraw_terms(w: PlanWeights, acts: list[str], intent: Intent) -> float:
    return w.withdraw * ("disengage" in acts)


def _hold_terms(w: PlanWeights, acts: list[str], intent: Intent) -> float:
    s = 0.0
    s += w.hold * (not acts) + w.hold_blow * sum(a in FIGHTS for a in acts) + w.hold_move * sum(
        a in (*MOVES, "disengage") for a in acts)
    if w.hold_shot:  # a shot from where it stands keeps the objective as well as standing idle does
        s += w.hold_shot * _shots(w, acts)
    return s


def _advance_terms(w: PlanWeights, acts: list[str], intent: Intent) -> float:
    s = 0.0
    s += w.walk * ("walk" in acts) + w.run * ("run" in acts) + w.sneak * ("sneak" in acts)
    s += w.walk_and_run * ("walk" in acts and "run" in acts)
    return s


Terms = Callable[[PlanWeights, list[str], Intent], float]
# the intents with terms of their own; any other (an advance, a hold once arrived) by where it stands
INTENT_TERMS: dict[str, Terms] = {"fight": _fight_terms, "charge": _charge_terms, "shoot": _shoot_terms,
                                  "cast": _cast_terms, "escape": _escape_terms, "withdraw": _withdraw_terms}


class Menu:
    """What the plans of one menu ask alike, asked once for it: each action's AP, whether casting is hopeless
    (Appraiser.hopeless_casting), what a blow or a Heal could take now (:func:`idle_targets`)."""

    def __init__(self, terms: dict[str, float] | None = None) -> None:
        self.terms = terms  # PlanChooser._intent_terms, for the intent the menu is weighed for
        self.ap: dict[str, int] = {}
        self.hopeless: bool | None = None
        self.idle: tuple[bool, bool] | None = None


def idle_targets(state: GameState, m: ModelState) -> tuple[bool, bool]:
    """(an enemy it may strike now, a wounded friend in contact now): what :func:`wasted` reads of the table."""
    from game.rules.actions import melee_targets

    return bool(melee_targets(state, m)), any(f.wounds_taken and board.in_contact(m, f) for f in state.friends_of(m))


def wasted(state: GameState, m: ModelState, acts: list[str], idle: tuple[bool, bool] | None = None) -> int:
    """Hard: actions the engine would skip, losing their AP: a blow or a Shove before any move with no
    enemy it may strike ([CC-1], [SEQ-5]), a Heal with no wounded friend in contact (``idle``:
    :func:`idle_targets`, when the caller has it)."""
    foes, hurt = idle_targets(state, m) if idle is None else idle
    out = 0
    for a in acts:
        if a in ("walk", "run", "sneak", "charge", "disengage", "escape"):
            break  # after a move the contacts are new: no opinion
        if a in (*FIGHTS, "shove", "shield_slam", "sweeping_attack") and not foes:
            out += 1
        if a == "heal" and not hurt:
            out += 1
    return out


def undiverted(acts: list[str]) -> list[str]:
    """The plan without its moves that a melee action follows: such a move must end in contact for it (game.ai.
    steering's rest spots), so it goes to the nearest enemy, not toward the intent's goal."""
    last = max((i for i, a in enumerate(acts) if a in MELEE), default=-1)
    return [a for i, a in enumerate(acts) if i > last or a not in MOVES]


def done_actions(state: GameState, m: ModelState) -> tuple[str, ...]:
    """The actions ``m`` has taken in its current activation, read from the log."""
    out: list[str] = []
    for e in reversed(state.log):
        if e.kind == EventKind.Activation and e.data.get("model") == m.id:
            break
        if e.kind == EventKind.ActionStarted and e.data.get("model") == m.id:
            out.append(e.data["action"])
    return tuple(reversed(out))
