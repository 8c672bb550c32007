"""Arcane Attunement (Heroic/5): re-roll the 1s of its WP roll to cast a spell ([T-ARCATT-1]).

Burn-out ([SORC-6]) is judged on the dice after the re-roll (sorcery.py judges after the window).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.dice import ResolutionRoll, ones
from game.rules.decisions import Option
from game.rules.state import GameState, ModelState
from game.rules.traits.base import TraitRule, trait

if TYPE_CHECKING:
    from game.rules.combat import Attack


@trait("arcane_attunement")
class ArcaneAttunement(TraitRule):
    name = "Arcane Attunement"
    rule = "T-ARCATT-1"

    def reroll_options(self, state: GameState, model: ModelState, roll: ResolutionRoll, role: str,
                       attack: Attack | None) -> list[Option]:
        if role != "cast" or not ones(roll):
            return []
        return [Option("arcane_attunement", f"Arcane Attunement: re-roll the {len(ones(roll))} dice showing 1")]
