"""Agile (Common/4): no free strikes when it Disengages ([T-AGILE-1], movement.disengage); it may move
through enemy bases ([T-AGILE-2], the geometry's routes read the base's ``PASSES_ENEMIES`` flag)."""

from game.rules.traits.base import TraitRule, trait


@trait("agile")
class Agile(TraitRule):
    name = "Agile"
    rule = "T-AGILE-1"
    slips_past_enemies = True
