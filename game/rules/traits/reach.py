"""Reach (Common/4): +2 PD against a charger's free attack, +2 against Mounted or Flight attackers.

[T-REACH-1], [T-REACH-2]; the two add up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.dice import Modifier
from game.rules.state import GameState
from game.rules.traits.base import TraitRule, tagged, trait

if TYPE_CHECKING:
    from game.rules.combat import Attack


@trait("reach")
class Reach(TraitRule):
    name = "Reach"
    rule = "T-REACH-1"

    def defence_modifiers(self, state: GameState, attack: Attack) -> list[Modifier]:
        out = []
        if attack.action == "charge_attack":
            out.append(Modifier(2, "T-REACH-1", "Reach against the charge"))
        a = attack.attacker
        if tagged(a, "mounted") or tagged(a, "flight"):
            out.append(Modifier(2, "T-REACH-2", f"Reach against a {'Mounted' if tagged(a, 'mounted') else 'Flight'} "
                                "attacker"))
        return out
