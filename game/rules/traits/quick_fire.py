"""Quick-fire (Rare/5): for 2 AP, two standard ranged attacks at the same target ([T-QUICK-1], [CC-7])."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from game.content.catalog import catalog
from game.rules.action_kinds import CLEARS, FIRES, FREES, MOVES, ActionKind
from game.rules.decisions import Decision
from game.rules.events import EventKind
from game.rules.state import GameState, ModelState
from game.rules.traits.base import TraitRule, trait

if TYPE_CHECKING:
    from game.rules.readiness import Obstacle


@trait("quick_fire")
class QuickFire(TraitRule):
    name = "Quick-fire"
    rule = "T-QUICK-1"
    actions = (ActionKind("quick_fire", "Quick-fire", 2, "combat", "T-QUICK-1", frozenset({FIRES})),)

    def action_obstacles(self, state: GameState, model: ModelState, kind: str) -> list[Obstacle]:
        """Engaged, it cannot shoot now ([RNG-1]): an earlier blow of the plan may free it ([SEQ-2]); every
        2-handed ranged weapon jammed ([SKILL-7]): an earlier Clear weapon may free one."""
        from game.rules import board
        from game.rules.readiness import Obstacle

        out = []
        if kind == "quick_fire" and board.is_engaged(state, model):
            out.append(Obstacle("it is engaged in melee", "RNG-1", frozenset({FREES})))
        if kind == "quick_fire" and not self.weapons(model):
            out.append(Obstacle("no 2-handed ranged weapon that is not jammed", "SKILL-7", frozenset({CLEARS})))
        return out

    @staticmethod
    def weapons(model: ModelState) -> list[int]:
        """Its 2-handed ranged weapons that are not jammed."""
        from game.rules import combat

        return [i for i in combat.ranged_weapons(model) if i not in model.jammed
                and catalog().skill(model.weapon(i).skill).hands == 2]

    def missing_target(self, state: GameState, model: ModelState, kind: str) -> Obstacle | None:
        """No enemy in sight and range of a weapon it may quick-fire ([RNG-2]); a move may bring one."""
        from game.rules import actions
        from game.rules.readiness import Obstacle

        weapons = self.weapons(model)
        if kind != "quick_fire" or not weapons or actions.weapons_with_targets(state, model, weapons)[0]:
            return None
        return Obstacle("no enemy in line of sight and range", "RNG-2", frozenset({MOVES}))

    def perform(self, state: GameState, model: ModelState, kind: str) -> Generator[Decision, Any, bool]:
        from game.rules import actions, board, combat, movement

        if board.is_engaged(state, model):
            actions.skip(state, model, kind, "it is engaged in melee")  # [RNG-1]
            return False
        weapons = self.weapons(model)
        if not weapons:
            actions.skip(state, model, kind, "no 2-handed ranged weapon that is not jammed")
            return False
        weapons, unavailable = actions.weapons_with_targets(state, model, weapons)
        if not weapons:
            actions.skip(state, model, kind, "no enemy in line of sight and range")
            return False
        weapon = yield from combat.choose_weapon(state, model, weapons, "quick-fire", unavailable)
        if weapon is None:
            actions.skip(state, model, kind, "its other hand's weapon is the only one left")  # [T-DUAL-1]
            return False
        targets = movement.ranged_targets(state, model, weapon)
        target = yield from actions.choose_target(state, model, [t for t, _, _ in targets], "quick-fire",
                                                  "T-QUICK-1", kind)
        first = yield from actions.shoot(state, model, kind, weapon, target)
        if first is not None and first.misfire:
            state.emit(EventKind.QuickFireLost, f"{model.name}'s second shot is lost to the misfire", model=model.id,
                       rule="T-QUICK-1")
            return True
        if target.on_table:  # [CC-7]: the second attack repeats all five steps
            yield from actions.shoot(state, model, kind, weapon, target)
        return True
