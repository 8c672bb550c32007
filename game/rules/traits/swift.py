"""Swift (Common/4): +2″ to every move action ([T-SWIFT-1], [MOVE-11])."""

from game.core.dice import Modifier
from game.rules.state import GameState, ModelState
from game.rules.traits.base import TraitRule, trait


@trait("swift")
class Swift(TraitRule):
    name = "Swift"
    rule = "T-SWIFT-1"

    def move_bonus(self, state: GameState, model: ModelState, action: str) -> list[Modifier]:
        return [Modifier(2, "T-SWIFT-1", "Swift")]
