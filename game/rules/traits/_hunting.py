"""What the hunters share: a bonus against one kind of foe, and +1 for friends within 6″."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.dice import Modifier
from game.rules import board
from game.rules.state import ModelState

if TYPE_CHECKING:
    from game.rules.combat import Attack


def against(attack: Attack, quarry: str, bonus: int, rule: str, name: str, ranged_too: bool = False) -> list[Modifier]:
    if (attack.kind == "close" or ranged_too) and attack.defender.has(quarry):
        return [Modifier(bonus, rule, f"{name} against {quarry.replace('_', ' ').title()}")]
    return []


def aura(holder: ModelState, attack: Attack, quarry: str, rule: str, name: str) -> list[Modifier]:
    if attack.kind == "close" and attack.defender.has(quarry) and board.within(holder, attack.attacker, 6):
        return [Modifier(1, rule, f"{name} ({holder.name} within 6″)")]
    return []
