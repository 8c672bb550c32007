"""Blast (Common/6): its ranged attacks have area of effect ([T-BLAST-1], [AOE-1])."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.events import EventKind
from game.rules.state import GameState
from game.rules.traits.base import TraitRule, trait

if TYPE_CHECKING:
    from game.rules.combat import Attack


@trait("blast")
class Blast(TraitRule):
    name = "Blast"
    rule = "T-BLAST-1"

    def gives_area(self, attack: Attack) -> bool:
        return attack.kind == "ranged"

    def prepare_attack(self, state: GameState, attack: Attack) -> None:
        if self.gives_area(attack):
            attack.area = True
            state.emit(EventKind.BlastAttack, f"{attack.attacker.name}'s shot has an area of effect (Blast)",
                       model=attack.attacker.id, rule="T-BLAST-1")
