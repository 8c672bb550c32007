"""Holy (Heroic/5): +3 close combat against Undead, who lose Tough against it; friends +1 ([T-HOLY-1], [T-HOLY-2]).

The loss of Tough is checked by Tough itself (tough.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.dice import Modifier
from game.rules.state import GameState, ModelState
from game.rules.traits._hunting import against, aura
from game.rules.traits.base import TraitRule, trait

if TYPE_CHECKING:
    from game.rules.combat import Attack


@trait("holy")
class Holy(TraitRule):
    name = "Holy"
    rule = "T-HOLY-1"
    tags = frozenset({"holy"})  # Undead lose Tough against it ([T-HOLY-1])

    def attack_modifiers(self, state: GameState, attack: Attack) -> list[Modifier]:
        return against(attack, "undead", "Undead", 3, "T-HOLY-1", "Holy")

    def ally_attack_modifiers(self, state: GameState, holder: ModelState, attack: Attack) -> list[Modifier]:
        return aura(holder, attack, "undead", "T-HOLY-2", "Holy")
