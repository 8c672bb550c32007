"""Fast (Common/4): two move actions in one activation, at most one a Charge ([T-FAST-1])."""

from game.rules.traits.base import TraitRule, trait


@trait("fast")
class Fast(TraitRule):
    name = "Fast"
    rule = "T-FAST-1"
    extra_move_actions = 1
