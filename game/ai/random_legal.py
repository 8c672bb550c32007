"""A controller that picks uniformly among the legal options (soaks, tests, the weakest AI).

Its randomness is its own (a player's whims are not the game's dice): seeded, so a
soak is reproducible, and recorded as answers, so a replay needs no controller.
"""

from __future__ import annotations

import random
from typing import Any

from game.rules.decisions import Answer, Decision


class RandomLegal:
    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def decide(self, state: Any, decision: Decision) -> Answer:
        if decision.free == "angle":
            return round(self.rng.uniform(0, 360), 3)
        if decision.free == "point":
            candidates = decision.context.get("candidates") or []
            if not candidates:
                raise RuntimeError(f"{decision.kind}: no candidate points to choose from")
            return self.rng.choice(candidates)
        return self.rng.choice(decision.choices())
