"""Dual Wield (Rare/6): up to two combat actions in one activation, with two different weapon entries.

[T-DUAL-1], [SEQ-3]: the second combat action may not use the weapon entry of the first.
"""

from game.rules.traits.base import TraitRule, trait


@trait("dual_wield")
class DualWield(TraitRule):
    name = "Dual Wield"
    rule = "T-DUAL-1"
    extra_combat_actions = 1
    distinct_weapons = True
