"""Marksman (Common/2): +3 to its aimed shots, on top of the aimed shot's +2 ([T-MARKSMAN-1])."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.dice import Modifier
from game.rules.state import GameState
from game.rules.traits.base import TraitRule, trait

if TYPE_CHECKING:
    from game.rules.combat import Attack


@trait("marksman")
class Marksman(TraitRule):
    name = "Marksman"
    rule = "T-MARKSMAN-1"

    def attack_modifiers(self, state: GameState, attack: Attack) -> list[Modifier]:
        return [Modifier(3, "T-MARKSMAN-1", "Marksman")] if attack.action == "aimed_shot" else []
