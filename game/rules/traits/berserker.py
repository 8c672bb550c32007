"""Berserker (Common/3): +1 MA for each wound it has suffered, at most +2 ([T-BERSERK-1])."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.dice import Modifier
from game.rules.state import GameState
from game.rules.traits.base import TraitRule, trait

if TYPE_CHECKING:
    from game.rules.combat import Attack


@trait("berserker")
class Berserker(TraitRule):
    name = "Berserker"
    rule = "T-BERSERK-1"

    def attack_modifiers(self, state: GameState, attack: Attack) -> list[Modifier]:
        bonus = min(2, attack.attacker.wounds_taken)
        if attack.kind == "close" and bonus:  # close combat attacks roll MA
            return [Modifier(bonus, "T-BERSERK-1", f"Berserker ({attack.attacker.wounds_taken} wounds)")]
        return []
