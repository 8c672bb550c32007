"""Lumbering (Common/−2): cannot Run ([T-LUMBER-1], [MOVE-2])."""

from game.rules.traits.base import TraitRule, trait


@trait("lumbering")
class Lumbering(TraitRule):
    name = "Lumbering"
    rule = "T-LUMBER-1"
    can_run = False
