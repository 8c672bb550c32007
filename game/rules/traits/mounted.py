"""Mounted (Rare/7): +3″ to every move action, +1 wound (building), cannot Sneak ([T-MOUNTED-1])."""

from game.core.dice import Modifier
from game.rules.state import GameState, ModelState
from game.rules.traits.base import TraitRule, trait


@trait("mounted")
class Mounted(TraitRule):
    name = "Mounted"
    rule = "T-MOUNTED-1"
    emblem = "mount"
    emblem_rank = 3
    can_sneak = False
    tags = frozenset({"mounted"})  # Reach's +2 against it ([T-REACH-2])

    def move_bonus(self, state: GameState, model: ModelState, action: str) -> list[Modifier]:
        return [Modifier(3, "T-MOUNTED-1", "Mounted")]
