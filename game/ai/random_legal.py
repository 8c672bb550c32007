"""A controller that picks among the legal options at random (soaks, tests, the weakest AI).

Its randomness is its own (a player's whims are not the game's dice): seeded, so a
soak is reproducible, and recorded as answers, so a replay needs no controller.
``aggressive`` makes it close in and fight (still only legal choices), so that soaks
exercise combat, traits and spells rather than wandering, and keeps it from declaring an action
the engine will most likely skip (game.ai.futile).
"""

from __future__ import annotations

import math
import random
from typing import Any

from game.rules.decisions import Answer, Decision


class RandomLegal:
    def __init__(self, seed: int = 0, aggressive: bool = False):
        self.rng = random.Random(seed)
        self.aggressive = aggressive

    def decide(self, state: Any, decision: Decision) -> Answer:
        if decision.free == "angle":
            return round(self.rng.uniform(0, 360), 3)
        if decision.free == "point":
            candidates = decision.context.get("candidates") or []
            if not candidates:
                raise RuntimeError(f"{decision.kind}: no candidate points to choose from")
            if self.aggressive and decision.kind == "move_to" and self.rng.random() < 0.8:
                return self._closest(state, decision, candidates)
            return self.rng.choice(candidates)
        keys = decision.choices()
        if self.aggressive:
            if decision.kind == "plan" and self.rng.random() < 0.85:
                return self._fighting_plan(state, decision, keys)
            if decision.kind == "end_point" and "contact" in keys:
                return "contact"
        return self.rng.choice(keys)

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

    def _closest(self, state: Any, decision: Decision, candidates: list[dict[str, float]]) -> Answer:
        me = state.model(decision.context["model"])
        foes = [m for m in state.on_table() if m.side != me.side]
        if not foes:
            return self.rng.choice(candidates)

        def gap(p: dict[str, float]) -> float:
            return min(math.hypot(p["x"] - f.x, p["y"] - f.y) for f in foes)

        return min(candidates, key=gap)
