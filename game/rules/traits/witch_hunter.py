"""Witch Hunter (Heroic/3): +3 close combat against Sorcery models; friends within 6″ +1 ([T-WITCH-1])."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.dice import Modifier
from game.rules.state import GameState, ModelState
from game.rules.traits._hunting import against, aura
from game.rules.traits.base import TraitRule, trait

if TYPE_CHECKING:
    from game.rules.combat import Attack


@trait("witch_hunter")
class WitchHunter(TraitRule):
    name = "Witch Hunter"
    rule = "T-WITCH-1"

    def attack_modifiers(self, state: GameState, attack: Attack) -> list[Modifier]:
        return against(attack, "sorcerer", "Sorcery", 3, "T-WITCH-1", "Witch Hunter")

    def ally_attack_modifiers(self, state: GameState, holder: ModelState, attack: Attack) -> list[Modifier]:
        return aura(holder, attack, "sorcerer", "T-WITCH-1", "Witch Hunter")
