"""Hard Charger (Common/5): charges move 2″ further; the free attack gets +4 instead of +2 ([T-HARDCH-1])."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.dice import Modifier
from game.rules.state import GameState, ModelState
from game.rules.traits.base import TraitRule, trait

if TYPE_CHECKING:
    from game.rules.combat import Attack


@trait("hard_charger")
class HardCharger(TraitRule):
    name = "Hard Charger"
    rule = "T-HARDCH-1"

    def move_bonus(self, state: GameState, model: ModelState, action: str) -> list[Modifier]:
        return [Modifier(2, "T-HARDCH-1", "Hard Charger")] if action == "charge" else []

    def attack_modifiers(self, state: GameState, attack: Attack) -> list[Modifier]:
        if attack.action == "charge_attack":
            return [Modifier(4, "T-HARDCH-1", "Hard Charger's charge", replaces="MOD-2")]
        return []
