"""Large (Common/7): Stun-immune unless the attacker is Large or Gargantuan; cannot Sneak ([T-LARGE-1]-[T-LARGE-3])."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.dice import Modifier
from game.rules.state import GameState, ModelState
from game.rules.traits.base import TraitRule, tagged, trait

if TYPE_CHECKING:
    from game.rules.combat import Attack


@trait("large")
class Large(TraitRule):
    name = "Large"
    rule = "T-LARGE-2"
    token_big = True  # the token reads as a bigger creature
    can_sneak = False
    tags = frozenset({"large"})  # Giant Slayer's quarry; Stuns Large models ([T-LARGE-2])

    def target_modifiers(self, state: GameState, attack: Attack) -> list[Modifier]:
        """[MOD-8]: +2 to a shot at a Large model (Gargantuan, which excludes Large, gives +3)."""
        return [Modifier(2, "MOD-8", "target is Large")] if attack.kind == "ranged" else []

    def attack_modifiers(self, state: GameState, attack: Attack) -> list[Modifier]:
        return [Modifier(1, "T-LARGE-1", "Large")] if attack.kind == "close" else []

    def stun_immune(self, state: GameState, model: ModelState, source: ModelState | None) -> bool:
        return not (source is not None and (tagged(source, "large") or tagged(source, "gargantuan")))
