"""Slayer (Rare/5): after a standard close combat attack wounds, one more wound on a 6 (5-6 for 1 Fate).

[T-SLAYER-1]: standard attacks include a charge's free attack, Disengage free strikes and each
Sweeping Attack strike; never after a Furious Attack. The wound must be taken (after Tough, [SEQ-7]);
Tough applies to the extra wound too ([SEQ-6]). The roll is an after-wound step of the attack profile.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.attack_profile import ExtraWound, TraitRoll
from game.rules.state import GameState
from game.rules.traits.base import TraitRule, trait

if TYPE_CHECKING:
    from game.rules.combat import Attack

STANDARD = ("standard_attack", "charge_attack", "free_strike", "sweep_strike")
ROLL = TraitRoll("Slayer", "T-SLAYER-1", 6, 5, "deal one more wound")


@trait("slayer")
class Slayer(TraitRule):
    name = "Slayer"
    rule = "T-SLAYER-1"

    def extra_wounds(self, state: GameState, attack: Attack) -> list[ExtraWound]:
        if attack.action not in STANDARD:
            return []
        return [ExtraWound(ROLL, f"{attack.attacker.name}'s Slayer strikes {attack.defender.name} again")]
