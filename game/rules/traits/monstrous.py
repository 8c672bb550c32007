"""Monstrous (Common/5): immune to Terror and causes Terror ([T-MONSTROUS-1])."""

from game.rules.traits.base import TraitRule, trait


@trait("monstrous")
class Monstrous(TraitRule):
    name = "Monstrous"
    rule = "T-MONSTROUS-1"
    causes_terror = True
    terror_immune = True
    tags = frozenset({"monstrous"})  # Monster Hunter's quarry ([T-MONHUNT-1])
