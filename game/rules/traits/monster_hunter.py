"""Monster Hunter (Heroic/5): +3 close combat against Monstrous; friends within 6″ +1 ([T-MONHUNT-1])."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.dice import Modifier
from game.rules.state import GameState, ModelState
from game.rules.traits._hunting import against, aura
from game.rules.traits.base import TraitRule, trait

if TYPE_CHECKING:
    from game.rules.combat import Attack


@trait("monster_hunter")
class MonsterHunter(TraitRule):
    name = "Monster Hunter"
    rule = "T-MONHUNT-1"

    def attack_modifiers(self, state: GameState, attack: Attack) -> list[Modifier]:
        return against(attack, "monstrous", "Monstrous", 3, "T-MONHUNT-1", "Monster Hunter")

    def ally_attack_modifiers(self, state: GameState, holder: ModelState, attack: Attack) -> list[Modifier]:
        return aura(holder, attack, "monstrous", "T-MONHUNT-1", "Monster Hunter")
