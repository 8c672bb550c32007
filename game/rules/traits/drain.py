"""Drain (Heroic/5): each attack or spell that wounds an enemy heals it 1 wound on 5-6 (3-6 for 1 Fate).

[T-DRAIN-1] / [SEQ-6]: once per attack that wounded, after Tough and Slayer; never above its WO.
Only an enemy's wound drains (RULING 2026-12-05): a friend wounded by the model's Sweeping Attack or
its area spell gives no roll.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from game.rules import board, fate
from game.rules.decisions import Decision
from game.rules.events import EventKind
from game.rules.state import GameState, ModelState
from game.rules.traits.base import TraitRule, trait

if TYPE_CHECKING:
    from game.rules.combat import Attack, AttackResult


def drain(state: GameState, model: ModelState, no_fate: bool) -> Generator[Decision, Any, None]:
    healed = yield from fate.trait_d6(state, model.side, model.name, "Drain", "T-DRAIN-1", 5, 3,
                                      "heal a wound", no_fate, model.id)
    if healed and model.wounds_taken > 0 and model.on_table:
        model.wounds_taken -= 1
        state.emit(EventKind.Healed,
                   f"{model.name} drains life and heals a wound ({model.wounds_taken}/{model.max_wounds})",
                   model=model.id, wounds_taken=model.wounds_taken, rule="T-DRAIN-1")


@trait("drain")
class Drain(TraitRule):
    name = "Drain"
    rule = "T-DRAIN-1"
    after_priority = 2

    def after_attack(self, state: GameState, attack: Attack, result: AttackResult) -> Generator[Decision, Any, None]:
        if result.wounds_dealt >= 1 and board.are_enemies(attack.attacker, attack.defender):
            yield from drain(state, attack.attacker, attack.no_fate)

    def after_spell(self, state: GameState, caster: ModelState, target: ModelState,
                    wounds: int) -> Generator[Decision, Any, None]:
        if wounds >= 1 and board.are_enemies(caster, target):
            yield from drain(state, caster, False)

