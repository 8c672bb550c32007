"""Gargantuan (Heroic/10): Stun-immune unless the attacker is Gargantuan; Terror; no Sneak ([T-GARG-1]-[T-GARG-6])."""

from game.rules.state import GameState, ModelState
from game.rules.traits.base import TraitRule, trait


@trait("gargantuan")
class Gargantuan(TraitRule):
    name = "Gargantuan"
    rule = "T-GARG-2"
    can_sneak = False
    causes_terror = True
    terror_immune = True

    def stun_immune(self, state: GameState, model: ModelState, source: ModelState | None) -> bool:
        return not (source is not None and source.has("gargantuan"))
