"""Tough (Common/4): each wound may be ignored on a 6 (5-6 for 1 Fate), Stunned instead ([T-TOUGH-1])."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from game.rules import conditions, fate
from game.rules.decisions import Decision
from game.rules.state import GameState, ModelState
from game.rules.traits.base import TraitRule, trait

if TYPE_CHECKING:
    from game.rules.combat import Attack


@trait("tough")
class Tough(TraitRule):
    name = "Tough"
    rule = "T-TOUGH-1"
    has_tough = True

    def before_wound(self, state: GameState, model: ModelState, source: ModelState | None,
                     attack: Attack | None) -> Generator[Decision, Any, bool]:
        if source is not None and source.has("holy") and model.has("undead") and attack is not None:
            state.emit("ToughLost", f"{model.name} has no Tough against {source.name}'s holy attack",
                       model=model.id, rule="T-HOLY-1")
            return False
        no_fate = attack is not None and attack.no_fate  # [FATE-8]
        saved = yield from fate.trait_d6(state, model.side, model.name, "Tough", "T-TOUGH-1", 6, 5,
                                         "ignore the wound", no_fate, model.id)
        if saved:
            conditions.stun(state, model, source, "Tough: Stunned instead of wounded", "T-TOUGH-1")
        return saved
