"""Inspiring (Heroic/5): friends within 6″ of the hero get +1 to activation ([T-INSPIRING-1])."""

from game.core.dice import Modifier
from game.rules import board
from game.rules.state import GameState, ModelState
from game.rules.traits.base import TraitRule, trait


@trait("inspiring")
class Inspiring(TraitRule):
    name = "Inspiring"
    rule = "T-INSPIRING-1"

    def ally_activation_modifiers(self, state: GameState, holder: ModelState, model: ModelState) -> list[Modifier]:
        if model.id != holder.id and board.within(holder, model, 6):
            return [Modifier(1, "T-INSPIRING-1", f"Inspiring ({holder.name} within 6″)")]
        return []
