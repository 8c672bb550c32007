"""Blessed Weapon (Heroic/5): attack rolls with the named weapon may re-roll 1s ([T-BLESSED-1]).

Shove, Shield Slam and spells use no weapon and do not benefit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.dice import ResolutionRoll, ones
from game.core.ids import name_key
from game.rules.decisions import Option
from game.rules.state import GameState, ModelState
from game.rules.traits.base import TraitRule, trait

if TYPE_CHECKING:
    from game.rules.combat import Attack


@trait("blessed_weapon")
class BlessedWeapon(TraitRule):
    name = "Blessed Weapon"
    rule = "T-BLESSED-1"

    def reroll_options(self, state: GameState, model: ModelState, roll: ResolutionRoll, role: str,
                       attack: Attack | None) -> list[Option]:
        if role != "attack" or attack is None or attack.weapon is None or not ones(roll):
            return []
        blessed = name_key(model.profile.blessed_weapon or "")
        if attack.is_shove or name_key(model.weapon(attack.weapon).name) != blessed:
            return []
        return [Option("blessed_weapon", f"Blessed Weapon: re-roll the {len(ones(roll))} dice showing 1")]
