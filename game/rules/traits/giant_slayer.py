"""Giant Slayer (Heroic/5): +3 attacks against Large, +2 against Gargantuan; friends +1 against Large.

[T-GIANT-1], [T-GIANT-2].
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.dice import Modifier
from game.rules.state import GameState, ModelState
from game.rules.traits._hunting import against, aura
from game.rules.traits.base import TraitRule, trait

if TYPE_CHECKING:
    from game.rules.combat import Attack


@trait("giant_slayer")
class GiantSlayer(TraitRule):
    name = "Giant Slayer"
    rule = "T-GIANT-1"

    def attack_modifiers(self, state: GameState, attack: Attack) -> list[Modifier]:
        return (against(attack, "large", "Large", 3, "T-GIANT-1", "Giant Slayer", ranged_too=True)
                or against(attack, "gargantuan", "Gargantuan", 2, "T-GIANT-1", "Giant Slayer", ranged_too=True))

    def ally_attack_modifiers(self, state: GameState, holder: ModelState, attack: Attack) -> list[Modifier]:
        return aura(holder, attack, "large", "T-GIANT-2", "Giant Slayer")
