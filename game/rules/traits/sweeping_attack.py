"""Sweeping Attack (Rare/5): a 2 AP special attack on every model in base contact, friend or foe.

[T-SWEEP-1]: each strike a standard close combat attack resolved separately, in the order its
player chooses ([SEQ-9]); RULING: the front arc does not matter.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from game.rules.action_kinds import FREES, MOVES, ActionKind
from game.rules.decision_kinds import DecisionKind
from game.rules.decisions import Decision, Option
from game.rules.state import GameState, ModelState
from game.rules.traits.base import TraitRule, trait

if TYPE_CHECKING:
    from game.rules.readiness import Obstacle


@trait("sweeping_attack")
class SweepingAttack(TraitRule):
    name = "Sweeping Attack"
    rule = "T-SWEEP-1"
    actions = (ActionKind("sweeping_attack", "Sweeping Attack", 2, "special", "T-SWEEP-1",
                          frozenset({FREES})),)

    def missing_target(self, state: GameState, model: ModelState, kind: str) -> Obstacle | None:
        """No model in base contact ([ENC-RES-3]: never the neutral Prisoner); a move may bring one."""
        from game.rules import board
        from game.rules.readiness import Obstacle

        if kind != "sweeping_attack" or board.affected_in_contact(state, model):
            return None
        return Obstacle("no model in base contact", "T-SWEEP-1", frozenset({MOVES}))

    def perform(self, state: GameState, model: ModelState, kind: str) -> Generator[Decision, Any, bool]:
        from game.rules import actions, board, combat

        victims = board.affected_in_contact(state, model)  # [ENC-RES-3]: never the neutral Prisoner
        if not victims:
            actions.skip(state, model, kind, "no model in base contact")
            return False
        weapon = yield from combat.choose_weapon(state, model, combat.melee_weapons(model), "sweep")
        while victims and model.on_table:
            pick = victims[0].id
            if len(victims) > 1:
                pick = yield Decision(DecisionKind.strike_order, model.side, f"{model.name} sweeps: strike whom next?",
                                      "T-SWEEP-1", [Option(v.id, v.name) for v in victims])
            victim = state.model(pick)
            victims.remove(victim)
            if victim.on_table:
                actions.face(state, model, victim)  # [SEQ-5]
                yield from combat.resolve_attack(state, combat.Attack(model, victim, "close", "sweep_strike", weapon))
        return True
