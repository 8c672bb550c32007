"""Arcane Resistance (Common/2): +1 to its rolls resisting enemy spells ([T-ARCRES-1], [SORC-7])."""

from game.core.dice import Modifier
from game.rules.state import GameState, ModelState
from game.rules.traits.base import TraitRule, trait


@trait("arcane_resistance")
class ArcaneResistance(TraitRule):
    name = "Arcane Resistance"
    rule = "T-ARCRES-1"

    def resist_modifiers(self, state: GameState, model: ModelState, attribute: str) -> list[Modifier]:
        return [Modifier(1, "T-ARCRES-1", "Arcane Resistance")]
