"""Tough (Common/4): each wound may be ignored on a 6 (5-6 for 1 Fate), Stunned instead ([T-TOUGH-1])."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.attack_profile import TraitRoll, WoundSave
from game.rules.state import GameState, ModelState
from game.rules.traits.base import TraitRule, tagged, trait

if TYPE_CHECKING:
    from game.rules.combat import Attack

SAVE = WoundSave(TraitRoll("Tough", "T-TOUGH-1", 6, 5, "ignore the wound"), stun_instead=True)


@trait("tough")
class Tough(TraitRule):
    name = "Tough"
    rule = "T-TOUGH-1"
    has_tough = True

    def wound_saves(self, state: GameState, model: ModelState, source: ModelState | None,
                    attack: Attack | None) -> list[WoundSave]:
        if source is not None and tagged(source, "holy") and tagged(model, "undead") and attack is not None:
            return [WoundSave(None, lost=(f"{model.name} has no Tough against {source.name}'s holy attack",
                                          "T-HOLY-1"))]
        return [SAVE]
