"""Flight (Rare/7): ignores rough terrain and obstacle costs; +1 PD after moving; only fliers charge it.

[T-FLIGHT-1] is the geometry's (routes price obstacles at 0, no rough penalty); [T-FLIGHT-3] is
checked by the charge; the PD bonus of [T-FLIGHT-2] lasts until its next activation ([TURN-9]).
Only a move in its own activation earns it (RULING 2026-12-05): a move made with a hero's free AP
([HERO-1]) is not its activation, so it gives none and leaves a bonus it has alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.dice import Modifier
from game.rules.state import GameState, ModelState
from game.rules.traits.base import TraitRule, trait

if TYPE_CHECKING:
    from game.rules.combat import Attack


@trait("flight")
class Flight(TraitRule):
    name = "Flight"
    rule = "T-FLIGHT-2"
    emblem = "wings"
    emblem_rank = 2
    flies = True
    tags = frozenset({"flight"})  # Reach's +2 against it ([T-REACH-2])
    ignores_rough = "T-FLIGHT-1"

    def moved(self, state: GameState, model: ModelState, length: float) -> None:
        """[T-FLIGHT-2]: "if it moved during its activation": the model must be the active one (a Heroic
        Impetus move is made while the hero is active)."""
        from game.rules.conditions import FLIGHT_MOVED

        if length > 0 and state.active_model == model.id:
            FLIGHT_MOVED.put(model)

    def defence_modifiers(self, state: GameState, attack: Attack) -> list[Modifier]:
        from game.rules.conditions import FLIGHT_MOVED

        if FLIGHT_MOVED.on(attack.defender):
            return [Modifier(1, "T-FLIGHT-2", "Flight: moved this activation")]
        return []
