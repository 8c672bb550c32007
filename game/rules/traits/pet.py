"""Pet (Common/−2): bound to its master ([T-PET-1]-[T-PET-3])."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.dice import Modifier
from game.rules import board
from game.rules.state import KILLED, REMOVED, GameState, ModelState
from game.rules.traits.base import TraitRule, trait

if TYPE_CHECKING:
    from game.rules.combat import Attack


def master_of(state: GameState, pet: ModelState) -> ModelState | None:
    return next((m for m in state.side_models(pet.side) if m.name == pet.profile.pet_of), None)


def master_killed(state: GameState, pet: ModelState) -> bool:
    master = master_of(state, pet)
    return master is not None and master.status in (KILLED, REMOVED)


@trait("pet")
class Pet(TraitRule):
    name = "Pet"
    rule = "T-PET-1"

    def attack_modifiers(self, state: GameState, attack: Attack) -> list[Modifier]:
        """[T-PET-2]: +1 MA (so to its close combat attacks) within 3″ of its living master."""
        pet = attack.attacker
        master = master_of(state, pet)
        if attack.kind != "close" or master is None or not master.on_table or master_killed(state, pet):
            return []
        return [Modifier(1, "T-PET-2", f"Pet within 3″ of {master.name}")] if board.within(pet, master, 3) else []

    def roll_modifiers(self, state: GameState, model: ModelState) -> list[Modifier]:
        """[T-PET-3]: -2 to all its rolls once its master is killed."""
        return [Modifier(-2, "T-PET-3", "Pet: its master was killed")] if master_killed(state, model) else []

    def activation_modifiers(self, state: GameState, model: ModelState) -> list[Modifier]:
        if master_killed(state, model):  # [T-PET-3]: -2 to all rolls; [T-PET-1] no longer applies
            return [Modifier(-2, "T-PET-3", "Pet: its master was killed")]
        master = master_of(state, model)
        if master is None or not master.on_table or not board.within(model, master, 6):
            return [Modifier(-2, "T-PET-1", "Pet more than 6″ from its master")]
        return []
