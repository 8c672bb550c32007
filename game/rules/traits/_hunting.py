"""What the hunters share: a bonus against one kind of foe, and +1 for friends within 6″."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.dice import Modifier
from game.rules import board
from game.rules.state import ModelState
from game.rules.traits.base import tagged

if TYPE_CHECKING:
    from game.rules.combat import Attack


def against(attack: Attack, quarry: str, called: str, bonus: int, rule: str, name: str,
            ranged_too: bool = False) -> list[Modifier]:
    """``bonus`` against a defender tagged ``quarry`` (its traits declare it: :attr:`TraitRule.tags`)."""
    if (attack.kind == "close" or ranged_too) and tagged(attack.defender, quarry):
        return [Modifier(bonus, rule, f"{name} against {called}")]
    return []


def aura(holder: ModelState, attack: Attack, quarry: str, rule: str, name: str) -> list[Modifier]:
    if attack.kind == "close" and tagged(attack.defender, quarry) and board.within(holder, attack.attacker, 6):
        return [Modifier(1, rule, f"{name} ({holder.name} within 6″)")]
    return []
