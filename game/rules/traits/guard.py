"""Guard (Common/4): friends in base contact with it get +2 PD against close combat ([T-GUARD-1]).

RULING: several Guards do not stack: only the first Guard (by id) in contact counts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.dice import Modifier
from game.rules import board
from game.rules.state import GameState, ModelState
from game.rules.traits.base import TraitRule, tagged, trait

if TYPE_CHECKING:
    from game.rules.combat import Attack


@trait("guard")
class Guard(TraitRule):
    name = "Guard"
    rule = "T-GUARD-1"
    tags = frozenset({"guard"})  # several Guards in contact do not stack

    def ally_defence_modifiers(self, state: GameState, holder: ModelState, attack: Attack) -> list[Modifier]:
        d = attack.defender
        if attack.kind != "close" or not board.in_contact(holder, d):
            return []
        guards = sorted(f.id for f in state.friends_of(d) if tagged(f, "guard") and board.in_contact(f, d))
        if guards[0] != holder.id:
            return []
        return [Modifier(2, "T-GUARD-1", f"guarded by {holder.name}")]
