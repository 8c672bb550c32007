"""Assassin (Common/3): its back-arc close combat bonus is +4 instead of +2 ([T-ASSASSIN-1])."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.dice import Modifier
from game.rules import board
from game.rules.state import GameState
from game.rules.traits.base import TraitRule, trait

if TYPE_CHECKING:
    from game.rules.combat import Attack


@trait("assassin")
class Assassin(TraitRule):
    name = "Assassin"
    rule = "T-ASSASSIN-1"

    def attack_modifiers(self, state: GameState, attack: Attack) -> list[Modifier]:
        if attack.kind == "close" and board.attacker_behind(attack.defender, attack.attacker):
            return [Modifier(4, "T-ASSASSIN-1", "Assassin in the back arc", replaces="MOD-1")]
        return []
