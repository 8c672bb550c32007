"""Bastion (Common/2): +1 PD in contact with exactly two enemies, +2 with three or more ([T-BASTION-1]).

Against any attack or PD-resisted spell; not while Stunned.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.dice import Modifier
from game.rules import board
from game.rules.state import GameState, ModelState
from game.rules.traits.base import TraitRule, trait

if TYPE_CHECKING:
    from game.rules.combat import Attack


def bastion_bonus(state: GameState, model: ModelState) -> list[Modifier]:
    from game.rules.conditions import STUNNED

    if STUNNED.on(model):
        return []
    n = len(board.engaged_enemies(state, model))
    if n < 2:
        return []
    return [Modifier(1 if n == 2 else 2, "T-BASTION-1", f"Bastion ({n} enemies in contact)")]


@trait("bastion")
class Bastion(TraitRule):
    name = "Bastion"
    rule = "T-BASTION-1"

    def defence_modifiers(self, state: GameState, attack: Attack) -> list[Modifier]:
        return bastion_bonus(state, attack.defender)

    def resist_modifiers(self, state: GameState, model: ModelState, attribute: str,
                         caster: ModelState) -> list[Modifier]:
        return bastion_bonus(state, model) if attribute == "PD" else []
