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
from collections.abc import Callable
from typing import Any

from game.ai.candidates import Appraiser, Intent, model_value
from game.ai.deployment import Deployment
from game.ai.difficulty import Difficulty
from game.ai.difficulty import level as find_level
from game.ai.fate_policy import FatePolicy
from game.ai.nomination import Nominations, Scored
from game.ai.plan_choice import PlanChooser
from game.ai.random_legal import RandomLegal
from game.ai.steering import Steering
from game.ai.targeting import Targeting
from game.rules.decision_kinds import DecisionKind
from game.rules.decisions import Answer, Decision, IllegalAnswer
from game.rules.state import GameState, ModelState

__all__ = ["AIBug", "Handler", "Intent", "Tactical", "model_value"]

Handler = Callable[[GameState, Decision], Answer]


class AIBug(RuntimeError):
    """The AI gave an answer the decision does not allow (or none): a bug in the AI, never in play."""


class Tactical:
    """The controller for one side at one :class:`~game.ai.difficulty.Difficulty` (or a level's name): its memory
    (its random source, its intent, its faults) and the {DecisionKind: handler} table of the parts that answer:
    the nomination (game.ai.nomination), the plan (game.ai.plan_choice), steering (game.ai.steering), targeting
    (game.ai.targeting), Fate and reactions (game.ai.fate_policy), and on levels that plan it the set-up
    (game.ai.deployment). A kind of decision it has no handler for is answered as easy's blunders are."""

    strict = os.environ.get("IRON_HONOR_AI_STRICT") == "1"  # the tests set it: an illegal answer raises AIBug
    # the parts and their table: rebuilt by a fresh controller, they keep nothing of their own but the nominations'
    # memory (kept: Nominations says which part of it is a cache)
    TRANSIENT = frozenset({"plans", "steering", "targeting", "fate", "deployment", "handlers"})

    def __init__(self, seed: int = 0, level: str | Difficulty = "normal", strict: bool | None = None):
        self.rng = random.Random(seed)
        self.difficulty = find_level(level)
        self.level = self.difficulty.name
        self.appraiser = Appraiser(self.difficulty)
        self.blunders = RandomLegal(seed + 7919, aggressive=True, careful=True)
        self.intent = Intent()
        self.faults: list[str] = []
        if strict is not None:
            self.strict = strict
        self.lookahead: Any = None
        if self.difficulty.lookahead:
            from game.ai.lookahead import Lookahead

            self.lookahead = Lookahead(self, seed)
        self.nominations = Nominations(self)
        self.plans = PlanChooser(self)
        self.steering = Steering(self)
        self.targeting = Targeting(self)
        self.fate = FatePolicy(self)
        self.handlers: dict[DecisionKind, Handler] = {
            DecisionKind.nominate: self.on_nominate, **self.plans.handlers(), **self.steering.handlers(),
            **self.targeting.handlers(), **self.fate.handlers()}
        self.deployment = Deployment(self)
        if self.difficulty.deploy:  # else set-up is answered as easy's blunders are
            self.handlers.update(self.deployment.handlers())

    @property
    def setup_kinds(self) -> frozenset[DecisionKind]:
        """The set-up decisions it answers itself (its level's deployment), not left to AutoDeploy's defaults."""
        return frozenset(k for k in self.handlers if k.setup)

    # -- the protocol -----------------------------------------------------------------
    def decide(self, state: GameState, decision: Decision) -> Answer:
        handler = self.handlers.get(decision.kind)  # type: ignore[call-overload]  # (any system's kind)
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

    # -- who activates, and what it means to do (game.ai.nomination) ---------------------------------------
    def on_nominate(self, state: GameState, d: Decision) -> Answer:
        return self.nominations.nominate(state, d)

    def opportunity(self, state: GameState, m: ModelState, standing: tuple | None = None,
                    floor: float = -math.inf) -> Scored:
        """The best thing ``m`` can do now, as (expected value, intent): Nominations.opportunity."""
        return self.nominations.opportunity(state, m, standing, floor)
