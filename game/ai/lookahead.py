"""Hard's look-ahead: try the best plans on copies of the game and keep the one whose outcome is best.

At a plan decision the candidate actions (game.ai.candidates) give the intents worth trying; for each, the
plan that carries it out best. Each plan is played to the end of the activation on a *copy* of the state
(copied by state, never by replay: :func:`fork`) by the engine itself ([DIG-ACT-1]), with dice that are
not the game's (a fresh seed per try: the AI never sees the future dice), our follow-up answers given by
the same level without look-ahead and the enemy's (Fate, free strikes, Full Defense) by ``normal``. The
position each try leaves is valued by :func:`evaluate`: kill values left standing, the score, the objectives
held, the Prisoner, and what the enemy can do to the model before it acts again (game.ai.threat).
"""

from __future__ import annotations

import math
import random
from collections.abc import Generator
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from game.ai import candidates, prisoner, scenario_hints
from game.ai.candidates import Appraiser, model_value
from game.ai.futile import Futility
from game.ai.threat import Threats
from game.core.dice import Dice
from game.rules import board, conditions, plans, scenario_events, scoring
from game.rules.decisions import Decision
from game.rules.driver import Driver
from game.rules.state import ESCAPED, GameState, ModelState

if TYPE_CHECKING:
    from game.ai.tactical import Tactical

SCORE = 1.0  # a point of the encounter's score, in kill values
HEALTH = 0.4  # of a model's kill value, the share its remaining wounds carry (the rest: being alive)
STUNNED = 0.3  # of a model's kill value, lost while it is Stunned
HOLD = 0.6  # a control target held now, per point it pays each Maintenance Phase still to come (discounted)
SECURE = 1.5  # a secure target held now, scored at the end
NEAR = 0.08  # per inch nearer the objective its side still needs (the mover only)
PRISONER = 3.0  # the Rescue: the freed Prisoner alive, for the Rescuer
TOUCH = 1.0  # the Rescue, not yet freed: a Rescuer in base contact with the Prisoner ([ENC-RES-4]) ...
BLOCK = 0.8  # ... and each Kidnapper within 3″ that stops the rescue (every one: the last one counts as much)
MARGIN = 1.5  # intents scored within this of the best are worth trying


def fork(state: GameState, seed: int, field: Any = None) -> GameState:
    """A whole copy of the game to play ahead on (``GameState.frame``) with its own dice, seeded by the AI."""
    clone = state.frame()  # whole by construction; the caches (geometry index, the AI's memo) stay behind
    if field is not None and field.battle_map is state.battle_map:
        clone.__dict__["_field"] = field  # a scratch index: board.battlefield brings it in step with the copy
    clone.dice = Dice(seed)
    return clone


def rest_of_activation(state: GameState, model: ModelState, ap: int) -> Generator[Decision, Any, None]:
    """The activation from its plan on, as game.rules.turn.activate plays it, then the fates it decided."""
    from game.rules.turn import play_out

    yield from play_out(state, model, ap)
    yield from scenario_events.notice_fates(state)


class Lookahead:
    """Plays the plans worth trying on copies of the game for one controller."""

    TRANSIENT = frozenset({"owner", "field"})  # not kept in a save: the fresh controller's own, a table cache

    def __init__(self, owner: Tactical, seed: int):
        from game.ai.tactical import Tactical

        self.owner = owner
        self.rng = random.Random(seed * 7 + 3)
        level = owner.difficulty
        self.ours = Tactical(seed + 101, replace(level, lookahead=0, name=f"{level.name}-rollout"), strict=False)
        self.theirs = Tactical(seed + 202, "normal", strict=False)
        self.field: Any = None
        self.tries = 0

    def plan(self, state: GameState, d: Decision) -> str | None:
        """The plan to declare, or None to leave it to the plan scores (a single candidate plan)."""
        owner, level = self.owner, self.owner.difficulty
        m = state.model(d.context["model"])
        if level.rescue_by_scores and prisoner.rescuing(state, m.side):
            return None  # the Rescue is won by storming the ring over turns, not by the position one activation leaves
        offers = candidates.all_offers(owner.appraiser, state, m)
        if offers[0][1].kind == "withdraw":  # weighed over the turns a melee lasts: one activation's try cannot
            return None  # see that far (game.ai.caution); the plan scores carry it out
        futility = Futility(state, m, level.contact_round)
        tries: list[tuple[candidates.Intent, str]] = []
        for score, intent in offers:
            if len(tries) >= level.lookahead or score < offers[0][0] - MARGIN:
                break
            owner.intent = intent
            key = owner.plans.best_plan(state, m, d.choices(), futility)
            if all(key != k for _, k in tries):
                tries.append((intent, key))
        if level.try_objective and tries and all(i.kind != "advance" for i, _ in tries):
            # the way to the objective, tried too where attacks outrank it: the candidates score an advance by its
            # pull alone, the look-ahead by the position it leaves (the objective held, the threats met)
            advance = next((i for _, i in offers if i.kind == "advance"), None)
            if advance is not None:
                owner.intent = advance
                key = owner.plans.best_plan(state, m, d.choices(), futility)
                if all(key != k for _, k in tries):
                    tries.append((advance, key))
        if level.contest_tries and tries and hold_stakes(state, m.side) < 0:
            # their hold stands to win them the game: engaging one of the models it counts takes it out of the count
            counting = holders_counting(state, 1 - m.side)
            contest = next((i for _, i in offers if i.kind in ("charge", "fight") and i.target in counting), None)
            if contest is not None:
                owner.intent = contest
                key = owner.plans.best_plan(state, m, d.choices(), futility)
                if all(key != k for _, k in tries):
                    tries.append((contest, key))
        if len(tries) <= 1:
            owner.intent = offers[0][1]
            return tries[0][1] if tries else None
        seeds = [self.rng.getrandbits(48) for _ in range(level.determinizations)]  # the same futures for every plan
        values = [sum(self.outcome(state, m.id, d, intent, key, s) for s in seeds) / len(seeds)
                  for intent, key in tries]
        best = max(range(len(tries)), key=lambda i: values[i])
        owner.intent = tries[best][0]
        return tries[best][1]

    def outcome(self, state: GameState, model_id: str, d: Decision, intent: candidates.Intent, key: str,
                seed: int) -> float:
        """The value of the position after playing plan ``key`` to the end of the activation on a copy."""
        self.tries += 1
        clone = fork(state, seed, self.field)
        m = clone.model(model_id)
        gen = rest_of_activation(clone, m, d.context["ap"])
        self.ours.intent = replace(intent)
        for ai in (self.ours, self.theirs):  # their caches are keyed by the log's length: a copy is a new table
            ai.appraiser = Appraiser(ai.difficulty)
        controllers = {m.side: self.ours, 1 - m.side: self.theirs}
        rules = Driver(clone, gen)
        decision = rules.first()
        answer: Any = key  # the plan decision comes first
        while decision is not None:
            decision = rules.send(decision.validate(answer))
            if decision is not None:
                answer = controllers[decision.side].decide(clone, decision)
        self.field = clone.__dict__.get("_field")  # kept for the next copy
        return evaluate(clone, m.side, model_id, self.owner.appraiser)


def evaluate(state: GameState, side: int, mover: str, appraiser: Any) -> float:
    """How good the position is for ``side`` (kill values): models standing, score, objectives, the mover's
    danger and its way to the objective still needed."""
    value = 0.0
    for m in state.models.values():
        sign = 1.0 if m.side == side else -1.0
        worth = model_value(m)
        if m.on_table:
            left = (m.max_wounds - m.wounds_taken) / max(1, m.max_wounds)
            value += sign * worth * (1 - HEALTH + HEALTH * left)
            if conditions.STUNNED.on(m):
                value -= sign * STUNNED * worth
        elif m.status == ESCAPED:
            value += sign * worth
    scoring.update_scores(state)
    value += SCORE * (state.sides[side].score - state.sides[1 - side].score)
    enc = state.encounter
    if enc is not None:
        value += objectives(state, side)
        if appraiser.level.hold_stakes:
            value += appraiser.level.hold_stakes * hold_stakes(state, side)
    me = state.model(mover)
    if me.on_table:
        value -= scenario_hints.caution(state, side) * Threats(state, me, model_value(me)).at(me.x, me.y)
        points = appraiser.objective_points(state, side)
        escape = appraiser.escape_goal(state, me)
        if escape is not None:
            points = [*points, escape]
        if points and not (appraiser.level.hold_secured and appraiser.holding(state, me)):  # it stays where it is
            value -= nearness(state, me, points, escape, appraiser)
            if appraiser.level.hold_pull:
                value -= appraiser.level.hold_pull * hold_nearness(state, me, points)
        if escape is not None and appraiser.level.escape_urgency:
            value -= late(state, me, escape, appraiser)
    return value


def nearness(state: GameState, m: ModelState, points: list[tuple[float, float]], escape: tuple[float, float] | None,
             appraiser: Any) -> float:
    """What ``m``'s distance from the objectives its side still needs costs (kill values): ``NEAR`` an inch in a
    straight line. Levels with ``escape_route`` weigh its way to an exit edge that pays more than its kill value
    (an escape worth six ExP, not Breakthrough's kill value: [ENC-BRK-3]) by the route's cost instead (a gorge between:
    the straight line says nothing of the bridge), each inch a share of what the escape is worth (:func:`escape_pays`
    and the model kept) spread over the table's depth. (Weighed so in Breakthrough too, hard won fewer games.)"""
    straight = [NEAR * math.hypot(m.x - x, m.y - y) for x, y in points if (x, y) != escape]
    share = appraiser.level.escape_route
    if escape is not None:
        pays = escape_pays(state, m) if share else 0
        inches = appraiser.routes.cost(state, m, escape) if pays > scoring.kill_values(state).get(m.profile.type, 0) \
            else math.inf
        if math.isfinite(inches):
            straight.append(share * (SCORE * pays + model_value(m)) / state.battle_map.size * inches)
        else:
            straight.append(NEAR * math.hypot(m.x - escape[0], m.y - escape[1]))
    return min(straight)


def hold_nearness(state: GameState, m: ModelState, points: list[tuple[float, float]]) -> float:
    """Of the objectives ``m``'s side still needs (``points``), those a hold of which wins it the game ([ENC-4]
    ``hold``: the Relief's crossing): ``NEAR`` an inch from the nearest, 0 when there is none. A model on its way
    there is a model more in the count that decides it, before its lead turns ([ENC-LMK-2])."""
    enc = state.encounter
    if enc is None:
        return 0.0
    names = {w.hold.entry for w in enc.scenario.victory.sudden
             if w.hold is not None and enc.named_side(w.side) in (None, m.side)}
    holds = {scoring.target_centre(state, t) for e in scoring.hold_entries(state) if e.name in names
             for t in scoring.targets(state, e)}
    return min((NEAR * math.hypot(m.x - x, m.y - y) for x, y in points if (x, y) in holds), default=0.0)


def escape_pays(state: GameState, m: ModelState) -> int:
    """The points the scenario's escapes entries pay ``m``'s side for its escape now (their own values, else the
    kill values: [ENC-BRK-3])."""
    if state.encounter is None:
        return 0
    return sum(scoring.entry_values(state, e).get(m.profile.type, 0) for e in state.encounter.scenario.scoring
               if e.kind == "escapes" and scoring.scores_for(state, e, m.side))


def late(state: GameState, m: ModelState, goal: tuple[float, float], appraiser: Any) -> float:
    """Levels that weigh the escape's clock: the share of ``m``'s escape (its kill value) it stands to lose by being
    too far from its edge for the turns left after this one ([ENC-BRK-2]: an escape only counts if made in time),
    nothing while it has a turn's pace to spare, all of it a turn's pace short, in proportion between. A turn's
    pace is a Run for each move action the rules allow an activation ([ACT-2], [T-FAST-1])."""
    enc = state.encounter
    if enc is None:
        return 0.0
    pace = appraiser.routes.pace(state, m) * plans.moves_per_activation(m)
    reach = pace * max(0, enc.scenario.duration.turns - state.turn)
    gap = math.hypot(m.x - goal[0], m.y - goal[1])
    short = min(1.0, max(0.0, (gap - reach + pace) / (2 * pace)))
    return short * model_value(m)


def hold_stakes(state: GameState, side: int) -> float:
    """How near a sudden win by holding a control entry ([ENC-4] ``hold``) stands if a Maintenance Phase came now,
    as the rules would count it (scoring.holds_now): for the side it would count for, the share of the Maintenances
    in a row it needs that this one would make, squared (1: the game is won at it); positive when that side is
    ``side``, negative when it is the enemy. A control point is worth a point a turn; the last Maintenance of a hold
    is worth the game."""
    enc = state.encounter
    wins = [w for w in enc.scenario.victory.sudden if w.hold is not None] if enc is not None else []
    if not wins:
        return 0.0
    held = scoring.holds_now(state)
    value = 0.0
    for win in wins:
        assert win.hold is not None
        holder, streak = held.get(win.hold.entry, [None, 0])
        only = enc.named_side(win.side)
        if holder is None or (only is not None and holder != only):
            continue
        share = min(1.0, streak / win.hold.turns) ** 2
        value += share if holder == side else -share
    return value


def holders_counting(state: GameState, side: int) -> set[str]:
    """The models of ``side`` that count toward the control entries a sudden win by hold counts ([ENC-LMK-2])."""
    found: set[str] = set()
    for entry in scoring.hold_entries(state):
        for t in scoring.targets(state, entry):
            found |= {m.id for m in state.on_table(side) if scoring.counts_for(state, entry, t, m)}
    return found


def objectives(state: GameState, side: int) -> float:
    """The encounter's objectives as they stand: control targets held (worth the Maintenance Phases left),
    secure targets held, the Prisoner ([ENC-RES-5])."""
    enc = state.encounter
    value = 0.0
    left = max(1, enc.scenario.duration.turns - state.turn + 1)
    for entry in enc.scenario.scoring:
        if entry.kind not in ("control", "secure") or not scenario_events.pays_now(state, entry):
            continue
        pays = scoring.points_now(state, entry)
        for t in scoring.targets(state, entry):
            if entry.kind == "control":
                holder, _ = scoring.controller(state, entry, t)
                if holder is not None and scoring.scores_for(state, entry, holder):
                    weight = HOLD * pays * (left if entry.when == "maintenance" else 1) ** 0.5
                    value += weight if holder == side else -weight
            else:
                for holder in scoring.securer(state, entry, t):
                    if scoring.scores_for(state, entry, holder):
                        value += SECURE * pays * (1 if holder == side else -1) / left ** 0.5
    if enc.prisoner is not None and enc.scenario.prisoner is not None:
        rescuer = enc.side(enc.scenario.prisoner.taken_from)
        p = state.model(enc.prisoner)
        held = PRISONER if enc.rescued and p.on_table else 0.0
        if not enc.rescued and p.status == "prisoner":  # how near the rescue is ([ENC-RES-4])
            touch = any(board.in_contact(m, p) for m in state.on_table(rescuer))
            held = TOUCH * touch - BLOCK * len(scoring.rescue_blockers(state, enc))
        value += held if side == rescuer else -held
    return value
