"""Slayer (Rare/5): after a standard close combat attack wounds, one more wound on a 6 (5-6 for 1 Fate).

[T-SLAYER-1]: standard attacks include a charge's free attack, Disengage free strikes and each
Sweeping Attack strike; never after a Furious Attack. The wound must be taken (after Tough, [SEQ-7]);
Tough applies to the extra wound too ([SEQ-6]).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from game.rules import fate
from game.rules.decisions import Decision
from game.rules.state import GameState
from game.rules.traits.base import TraitRule, trait

if TYPE_CHECKING:
    from game.rules.combat import Attack, AttackResult

STANDARD = ("standard_attack", "charge_attack", "free_strike", "sweep_strike")


@trait("slayer")
class Slayer(TraitRule):
    name = "Slayer"
    rule = "T-SLAYER-1"
    after_priority = 1

    def after_attack(self, state: GameState, attack: Attack, result: AttackResult) -> Generator[Decision, Any, None]:
        from game.rules.combat import deal_wounds

        a, d = attack.attacker, attack.defender
        if attack.action not in STANDARD or result.wounds_dealt < 1 or not d.on_table:
            return
        hit = yield from fate.trait_d6(state, a.side, a.name, "Slayer", "T-SLAYER-1", 6, 5,
                                       "deal one more wound", attack.no_fate, a.id)
        if hit:
            state.emit("Slayer", f"{a.name}'s Slayer strikes {d.name} again", model=a.id, target=d.id,
                       rule="T-SLAYER-1")
            result.wounds_dealt += yield from deal_wounds(state, d, 1, a, attack)
