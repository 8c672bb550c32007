"""Shield Slam (Common/2): a 1 AP special attack; if it wins, push 1″ and Stun, no wound ([T-SLAM-1]).

A close combat attack for every purpose but Blessed Weapon ([SEQ-10]); it uses no weapon and is
never unskilled; blocked or off-table pushes as [CC-4].
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from game.rules.action_kinds import FREES, MOVES, ActionKind
from game.rules.decisions import Decision
from game.rules.state import GameState, ModelState
from game.rules.traits.base import TraitRule, trait

if TYPE_CHECKING:
    from game.rules.readiness import Obstacle


@trait("shield_slam")
class ShieldSlam(TraitRule):
    name = "Shield Slam"
    rule = "T-SLAM-1"
    actions = (ActionKind("shield_slam", "Shield Slam", 1, "special", "T-SLAM-1", frozenset({FREES})),)

    def missing_target(self, state: GameState, model: ModelState, kind: str) -> Obstacle | None:
        """The slam is a close combat attack: an enemy in base contact in its front arc ([CC-1]); a move may
        bring one."""
        from game.rules.actions import melee_targets
        from game.rules.readiness import Obstacle

        if kind != "shield_slam" or melee_targets(state, model):
            return None
        return Obstacle("no enemy in base contact in its front arc", "CC-1", frozenset({MOVES}),
                        frozenset(e.id for e in state.enemies_of(model)))

    def perform(self, state: GameState, model: ModelState, kind: str) -> Generator[Decision, Any, bool]:
        from game.rules import actions, combat, conditions, movement

        target = yield from actions.melee_target(state, model, kind)
        if target is None:
            return False
        result = yield from combat.resolve_attack(state, combat.Attack(model, target, "close", "shield_slam", None))
        if result.hit and target.on_table:
            movement.push(state, target, model, 1.0, "Shield Slam", stun_if_blocked=True, remove_if_off=True)
            if target.on_table:
                conditions.stun(state, target, model, "Shield Slam", "T-SLAM-1")
        return True
