"""Veteran (Common/4): Fearless ([T-VETERAN-1])."""

from game.rules.traits.base import TraitRule, trait


@trait("veteran")
class Veteran(TraitRule):
    name = "Veteran"
    rule = "T-VETERAN-1"
    fearless = True
