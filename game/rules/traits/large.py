"""Large (Common/7): Stun-immune unless the attacker is Large or Gargantuan; cannot Sneak ([T-LARGE-1]-[T-LARGE-3])."""

from game.rules.state import GameState, ModelState
from game.rules.traits.base import TraitRule, trait


@trait("large")
class Large(TraitRule):
    name = "Large"
    rule = "T-LARGE-2"
    can_sneak = False

    def stun_immune(self, state: GameState, model: ModelState, source: ModelState | None) -> bool:
        return not (source is not None and (source.has("large") or source.has("gargantuan")))
