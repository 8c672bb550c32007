"""Undead (Common/6): Fearless, causes Terror (so immune to it), and has Tough ([T-UNDEAD-1])."""

from game.rules.traits.base import trait
from game.rules.traits.tough import Tough


@trait("undead")
class Undead(Tough):  # has Tough: the same wound hook
    name = "Undead"
    rule = "T-UNDEAD-1"
    token_mark = "skull"
    fearless = True
    causes_terror = True
    terror_immune = True
    tags = frozenset({"undead"})  # Holy's bonus and its loss of Tough ([T-HOLY-1])
