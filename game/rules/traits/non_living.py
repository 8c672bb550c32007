"""Non-Living (Common/6): Fearless and has Tough ([T-NONLIVING-1])."""

from game.rules.traits.base import trait
from game.rules.traits.tough import Tough


@trait("non_living")
class NonLiving(Tough):  # has Tough: the same wound hook
    name = "Non-Living"
    rule = "T-NONLIVING-1"
    fearless = True
