"""Arcane Armor (Heroic/5): once per turn, re-roll the 1s of a PD roll against an attack ([T-ARCARMOR-1])."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.dice import ResolutionRoll, ones
from game.rules.decisions import Option
from game.rules.state import GameState, ModelState
from game.rules.traits.base import TraitRule, trait

if TYPE_CHECKING:
    from game.rules.combat import Attack


@trait("arcane_armor")
class ArcaneArmor(TraitRule):
    name = "Arcane Armor"
    rule = "T-ARCARMOR-1"

    def reroll_options(self, state: GameState, model: ModelState, roll: ResolutionRoll, role: str,
                       attack: Attack | None) -> list[Option]:
        # close combat or ranged attacks only, never spells; once per turn
        if role != "defence" or attack is None or not ones(roll) or state.arcane_armor_turn.get(model.id) == state.turn:
            return []
        return [Option("arcane_armor", f"Arcane Armor: re-roll the {len(ones(roll))} dice showing 1 (once a turn)")]

    def rerolled(self, state: GameState, model: ModelState) -> None:
        state.arcane_armor_turn[model.id] = state.turn
