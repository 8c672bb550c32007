"""Gearfall's controllers: random-legal (the kernel's) and a normal level that weighs its attacks by the system's
exact odds (game.systems.gearfall.odds over actions.strike_for: the rules' own reading of the table).

The normal level plays a plain, sound skirmish: it sets up spread along its zone's front, faces the nearest enemy,
fights where it stands when engaged (leaving would give a free strike), takes the attack or charge with the most
expected damage (a disabling blow counted extra), and otherwise closes to where its weapons reach.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from typing import Any

from game.ai.random_legal import RandomLegal
from game.rules.decisions import Answer, Decision
from game.systems.gearfall import actions
from game.systems.gearfall.kinds import GfDecision
from game.systems.gearfall.movement import Movement, charge_lane
from game.systems.gearfall.odds import attack_odds
from game.systems.gearfall.state import CharacterState, GearfallState
from game.systems.gearfall.table import battlefield

DISABLE_WORTH = 6.0  # a disabling blow is worth this many damage points besides its own


def _angle(a: CharacterState, to: tuple[float, float]) -> float:
    return math.degrees(math.atan2(to[1] - a.y, to[0] - a.x)) % 360.0


def _nearest(state: GearfallState, c: CharacterState, x: float | None = None, y: float | None = None
             ) -> CharacterState | None:
    px, py = (c.x if x is None else x), (c.y if y is None else y)
    foes = state.enemies_of(c)
    return min(foes, key=lambda e: (math.dist((px, py), (e.x, e.y)), e.id)) if foes else None


def _longest_shot(c: CharacterState) -> float:
    return max((w.range or 0.0 for w in c.profile.weapons), default=0.0)


class GearfallNormal:
    """The normal level."""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)  # ties only: its play is otherwise a function of the state
        self.handlers: dict[Any, Callable[[GearfallState, Decision], Answer]] = {
            GfDecision.gf_deploy: self.deploy, GfDecision.gf_facing: self.facing, GfDecision.gf_stand: self.stand,
            GfDecision.gf_step: self.step, GfDecision.gf_move_to: self.move_to,
            GfDecision.gf_free_strike: self.free_strike}

    def decide(self, state: GearfallState, decision: Decision) -> Answer:
        return self.handlers[decision.kind](state, decision)

    # -- set-up
    def deploy(self, state: GearfallState, d: Decision) -> Answer:
        c = state.character(d.context["model"])
        friends = [f for f in state.on_table(c.side) if f.id != c.id]
        mid = 18.0

        def score(p: dict[str, float]) -> tuple[float, float]:
            to_front = abs(p["y"] - mid) if state.scenario.edges[c.side] in ("top", "bottom") else abs(p["x"] - mid)
            spread = min((math.dist((p["x"], p["y"]), (f.x, f.y)) for f in friends), default=6.0)
            return (-to_front + min(spread, 4.0) * 2, -abs(p["x"] - mid) - abs(p["y"] - mid))
        return max(d.context["candidates"], key=score)

    def facing(self, state: GearfallState, d: Decision) -> Answer:
        c = state.character(d.context["model"])
        foe = _nearest(state, c)
        if foe is None:
            return d.context.get("current", c.facing)
        return round(_angle(c, (foe.x, foe.y)), 3)

    # -- the turn
    def stand(self, state: GearfallState, d: Decision) -> Answer:
        c = state.character(d.context["model"])
        foe = _nearest(state, c)
        if foe is None:
            return "stay"
        gap = math.dist((c.x, c.y), (foe.x, foe.y)) - c.radius - foe.radius
        reach = max((w.range or 2.0 for w in c.profile.weapons), default=0.0)
        return "stand_move" if gap <= reach else "stand_action"

    def attack_value(self, state: GearfallState, c: CharacterState, weapon: int, t: CharacterState) -> float:
        odds = attack_odds(actions.strike_for(state, c, c.profile.weapons[weapon], t))
        return float(odds.expected_damage) + DISABLE_WORTH * float(odds.chance_of_at_least(t.boxes_left))

    def charge_value(self, state: GearfallState, c: CharacterState, t: CharacterState) -> float:
        """The best blow after charging ``t``, worked out on a copy moved to the lane's end (a what-if)."""
        reach = any(w.reach for _, w in actions.melee_weapons(c))
        lane = charge_lane(battlefield(state), c.id, t.id, c.profile.speed, reach)
        if not lane.success:
            return -1.0
        trial = state.copy()
        mover, target = trial.character(c.id), trial.character(t.id)
        mover.x, mover.y, mover.facing = lane.end.x, lane.end.y, lane.facing
        assert trial.turn_state is not None
        trial.turn_state.charged, trial.turn_state.charge_target = lane.travelled, t.id
        trial.turn_state.behind = ()
        return max((self.attack_value(trial, mover, i, target) for i, w in actions.melee_weapons(mover)
                    if actions.weapon_reaches(trial, mover, w, target)), default=-1.0)

    def step(self, state: GearfallState, d: Decision) -> Answer:
        c = state.character(d.context["model"])
        keys = d.choices()
        best, best_value = "end", 0.0
        for k in keys:
            kind, _, rest = k.partition(":")
            if kind == "attack":
                w, t = rest.split(":")
                value = self.attack_value(state, c, int(w), state.character(t))
            elif kind == "charge":
                value = self.charge_value(state, c, state.character(rest))
            else:
                continue
            if value > best_value:
                best, best_value = k, value
        if best != "end":
            return best
        engaged = actions.in_melee(state, c)
        if "advance" in keys and not engaged:
            foe = _nearest(state, c)
            if foe is not None and "run" in keys and not any(k.startswith("attack") for k in keys):
                gap = math.dist((c.x, c.y), (foe.x, foe.y)) - c.radius - foe.radius
                if gap > actions.move_allowance(c, Movement.advance) + max(_longest_shot(c), 2.0):
                    return "run"
            return "advance"
        return "end"

    def move_to(self, state: GearfallState, d: Decision) -> Answer:
        c = state.character(d.context["model"])
        shot = _longest_shot(c)
        want = max(shot - 1.0, 0.0) if shot else 0.0

        def score(p: dict[str, float]) -> float:
            foe = _nearest(state, c, p["x"], p["y"])
            if foe is None:
                return 0.0
            gap = math.dist((p["x"], p["y"]), (foe.x, foe.y)) - c.radius - foe.radius
            return -abs(gap - want)
        return max(d.context["candidates"], key=score)

    def free_strike(self, state: GearfallState, d: Decision) -> Answer:
        return next(k for k in d.choices() if k != "pass")


def controllers() -> Mapping[str, Callable[[int], Any]]:
    return {"random": lambda seed: RandomLegal(seed), "aggressive": lambda seed: RandomLegal(seed, aggressive=True),
            "normal": GearfallNormal}
