"""A controller that picks among the legal options at random (soaks, tests, the weakest AI).

Its randomness is its own (a player's whims are not the game's dice): seeded, so a
soak is reproducible, and recorded as answers, so a replay needs no controller.
``aggressive`` makes it close in and fight (still only legal choices), so that soaks
exercise combat, traits and spells rather than wandering, and keeps it from declaring an action
the engine will most likely skip (game.ai.futile); ``careful`` (the easy AI's whims) never picks one even
at random.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from game.rules.decision_kinds import DecisionKind
from game.rules.decisions import Answer, Decision
from game.rules.events import EventKind


class RandomLegal:
    def __init__(self, seed: int = 0, aggressive: bool = False, careful: bool = False):
        self.rng = random.Random(seed)
        self.aggressive = aggressive
        self.careful = careful  # its whims never include an action the engine will most likely skip

    def decide(self, state: Any, decision: Decision) -> Answer:
        if decision.free == "subset":  # as many as the bounds allow, any of them
            least, most = decision.pick
            keys = decision.choices()
            return self.rng.sample(keys, self.rng.randint(least, min(most, len(keys))))
        if decision.free == "angle":
            return round(self.rng.uniform(0, 360), 3)
        if decision.free == "point":
            candidates = decision.context.get("candidates") or []
            if not candidates:
                raise RuntimeError(f"{decision.kind}: no candidate points to choose from")
            if self.careful and decision.kind == DecisionKind.move_to:
                candidates = self.fitting(state, decision, candidates)
            if self.aggressive and decision.kind == DecisionKind.move_to and self.rng.random() < 0.8:
                return self._closest(state, decision, candidates)
            return self.rng.choice(candidates)
        keys = self.sound(state, decision, decision.choices()) if self.careful else decision.choices()
        if self.aggressive:
            if decision.kind == DecisionKind.plan and self.rng.random() < 0.85:
                return self._fighting_plan(state, decision, keys)
            if decision.kind == DecisionKind.end_point and "contact" in keys:
                return "contact"
        return self.rng.choice(keys)

    @staticmethod
    def sound(state: Any, decision: Decision, keys: list[str]) -> list[str]:
        """The plans, or next actions, with no action the engine will most likely skip ([SEQ-2],
        game.ai.futile); all of them if there is none."""
        from game.ai.futile import Futility, contact_choice

        if decision.kind == DecisionKind.plan:
            plan_futility = Futility(state, state.model(decision.context["model"]))
            good = [k for k in keys if k == "nothing" or not plan_futility.count(k.split(","))]
        elif decision.kind.actions:
            actor = RandomLegal.actor(state, decision)
            futility = Futility(state, actor) if actor is not None else None
            good = [k for k in keys if k == "end" or futility is None or not futility.count([k])]
        elif decision.kind == DecisionKind.end_point and state.active_model is not None:
            need = contact_choice(state, state.model(state.active_model))  # what the rest of its plan needs
            good = [k for k in keys if k == need] if need else keys
        else:
            return keys
        return good or keys

    @staticmethod
    def actor(state: Any, decision: Decision) -> Any:
        """The model choosing its next action: the active one, or the friend a Heroic Impetus spurs on."""
        if decision.kind == DecisionKind.impetus_action:
            spur = next((e for e in reversed(state.log) if e.kind == EventKind.HeroicImpetus), None)
            return state.model(spur.data["model"]) if spur is not None else None
        return state.model(state.active_model) if state.active_model is not None else None

    @staticmethod
    def fitting(state: Any, decision: Decision, candidates: Sequence[dict[str, float]]) -> list[dict[str, float]]:
        """The end points from which the rest of the declared plan can still resolve (all, if none can)."""
        from game.ai.futile import rest_spots, spoils_from

        me = state.model(decision.context["model"])
        good = [p for p in candidates if not spoils_from(state, me, p)]
        if not good and candidates:  # sampled points seldom touch the friend or foe the plan needs
            good = [p for p in rest_spots(state, me, decision.context.get("allowance", 6.0))
                    if not spoils_from(state, me, p)]
        return good or list(candidates)

    def _fighting_plan(self, state: Any, decision: Decision, keys: list[str]) -> Answer:
        """Fight when engaged; otherwise charge, cast, shoot, or close in."""
        from game.ai.futile import Futility
        from game.rules import board

        me = state.model(decision.context["model"])
        futility = Futility(state, me)
        engaged = board.is_engaged(state, me)
        foes = [m for m in state.on_table() if m.side != me.side]
        near = min((board.distance(me, f) for f in foes), default=99.0)

        def score(key: str) -> float:
            acts = key.split(",")
            points = 0.0
            if engaged:
                points += 3 * sum(a in ("furious_attack", "standard_attack", "sweeping_attack", "shield_slam",
                                        "shove", "quake") for a in acts)
            else:
                points += 4 * ("charge" in acts and 3 <= near <= 8)
                points += 3 * sum(a.startswith("cast") for a in acts) * (near <= 18)
                points += 2 * sum(a in ("ranged_attack", "aimed_shot", "quick_fire") for a in acts) * (near <= 12)
                points += sum(a in ("walk", "sneak") for a in acts) + 1.5 * ("run" in acts and near > 8)
                points -= 2 * sum(a in ("standard_attack", "furious_attack", "shove") for a in acts)
            points += "heal" in acts
            points -= 10 * futility.count([a for a in acts if a != "nothing"])  # offered, but likely skipped
            return points + self.rng.random()

        return max(keys, key=score)

    def _closest(self, state: Any, decision: Decision, candidates: Sequence[dict[str, float]]) -> Answer:
        me = state.model(decision.context["model"])
        foes = [m for m in state.on_table() if m.side != me.side]
        if not foes:
            return self.rng.choice(candidates)

        def gap(p: dict[str, float]) -> float:
            return min(math.hypot(p["x"] - f.x, p["y"] - f.y) for f in foes)

        return min(candidates, key=gap)
