"""Healer (Rare/5): Heal, a 1 AP special action ([T-HEALER-1]).

One other friendly model in base contact heals 1 wound on 5-6 (3-6 for 1 Fate), never above its WO.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from game.rules.action_kinds import MOVES, ActionKind
from game.rules.decision_kinds import DecisionKind
from game.rules.decisions import Decision, Option
from game.rules.events import EventKind
from game.rules.state import GameState, ModelState
from game.rules.traits.base import TraitRule, trait

if TYPE_CHECKING:
    from game.rules.readiness import Obstacle


@trait("healer")
class Healer(TraitRule):
    name = "Healer"
    rule = "T-HEALER-1"
    emblem = "healer"
    actions = (ActionKind("heal", "Heal", 1, "special", "T-HEALER-1"),)

    @staticmethod
    def patients(state: GameState, model: ModelState) -> list[ModelState]:
        from game.rules import board

        return [f for f in state.friends_of(model) if board.in_contact(model, f) and f.wounds_taken > 0]

    def missing_target(self, state: GameState, model: ModelState, kind: str) -> Obstacle | None:
        from game.rules.readiness import Obstacle

        if kind != "heal" or self.patients(state, model):
            return None
        hurt = frozenset(f.id for f in state.friends_of(model) if f.wounds_taken > 0)
        return Obstacle("no wounded friend in base contact", "T-HEALER-1", frozenset({MOVES}), hurt)

    def most_uses(self, state: GameState, model: ModelState, kind: str) -> int | None:
        """No more Heals than wounds its friends have taken: one that heals the last is the last ([T-HEALER-1])."""
        if kind != "heal":
            return None
        return sum(f.wounds_taken for f in state.friends_of(model))

    def perform(self, state: GameState, model: ModelState, kind: str) -> Generator[Decision, Any, bool]:
        from game.rules import actions, fate

        patients = self.patients(state, model)
        if not patients:
            actions.skip(state, model, kind, "no wounded friend in base contact")
            return False
        answer = yield Decision(DecisionKind.target, model.side, f"{model.name}: heal whom?", "T-HEALER-1",
                                [Option(p.id, f"{p.name} ({p.wounds_taken} wounds)") for p in patients],
                                context={"model": model.id, "action": "heal"})
        patient = state.model(answer)
        healed = yield from fate.trait_d6(state, model.side, model.name, "Healer", "T-HEALER-1", 5, 3,
                                          f"heal {patient.name}", False, model.id)
        if healed:
            patient.wounds_taken -= 1
            state.emit(EventKind.Healed,
                       f"{model.name} heals {patient.name} ({patient.wounds_taken}/{patient.max_wounds})",
                       model=patient.id, healer=model.id, wounds_taken=patient.wounds_taken, rule="T-HEALER-1")
        return True
