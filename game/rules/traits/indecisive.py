"""Indecisive (Common/−3): −1 to its activation rolls ([T-INDECISIVE-1], [TURN-5])."""

from game.core.dice import Modifier
from game.rules.state import GameState, ModelState
from game.rules.traits.base import TraitRule, trait


@trait("indecisive")
class Indecisive(TraitRule):
    name = "Indecisive"
    rule = "T-INDECISIVE-1"

    def activation_modifiers(self, state: GameState, model: ModelState) -> list[Modifier]:
        return [Modifier(-1, "T-INDECISIVE-1", "Indecisive")]
