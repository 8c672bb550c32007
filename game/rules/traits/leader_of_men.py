"""Leader of Men (Heroic/5): friends within 3″ of the hero are immune to Terror ([T-LEADER-1])."""

from game.rules import board
from game.rules.state import GameState, ModelState
from game.rules.traits.base import TraitRule, trait


@trait("leader_of_men")
class LeaderOfMen(TraitRule):
    name = "Leader of Men"
    rule = "T-LEADER-1"

    def grants_terror_immunity(self, state: GameState, holder: ModelState, other: ModelState) -> bool:
        return other.side == holder.side and other.id != holder.id and board.within(holder, other, 3)
