"""Tough (Common/4): each wound may be ignored on a 6 (5-6 for 1 Fate), Stunned instead ([T-TOUGH-1])."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from game.rules import conditions, fate
from game.rules.decisions import Decision, Option
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
        need = 6
        no_fate = attack is not None and attack.no_fate  # [FATE-8]
        if not no_fate and state.sides[model.side].fate >= 1:
            answer = yield Decision(
                "trait_fate", model.side, f"{model.name} is Tough: spend 1 Fate to ignore the wound on 5-6 "
                "instead of 6?", "T-TOUGH-1",
                [Option("pass", "Roll for 6"), Option("spend", "Spend 1 Fate: 5-6")],
                context={"trait": "tough", "model": model.id})
            if answer == "spend":
                fate.spend(state, model.side, 1, f"Tough for {model.name}", "T-TOUGH-1")
                need = 5
        value = state.dice.d6(f"{model.name}: Tough")
        saved = value >= need
        state.emit("TraitRoll", f"{model.name} rolls {value} for Tough (needs {need}+): "
                   f"{'the wound is ignored' if saved else 'no effect'}", model=model.id, trait="tough",
                   dice=[value], need=need, success=saved, rule="T-TOUGH-1")
        if saved:
            conditions.stun(state, model, source, "Tough: Stunned instead of wounded", "T-TOUGH-1")
        return saved
