"""Slow (Common/−3): −2″ to every move action ([T-SLOW-1], [MOVE-11])."""

from game.core.dice import Modifier
from game.rules.state import GameState, ModelState
from game.rules.traits.base import TraitRule, trait


@trait("slow")
class Slow(TraitRule):
    name = "Slow"
    rule = "T-SLOW-1"

    def move_bonus(self, state: GameState, model: ModelState, action: str) -> list[Modifier]:
        return [Modifier(-2, "T-SLOW-1", "Slow")]
