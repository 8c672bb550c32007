"""Natural Aptitude (Common/5): a building trait, checked with the attributes ([T-NATAPT-1])."""

from game.rules.traits.base import TraitRule, trait


@trait("natural_aptitude")
class NaturalAptitude(TraitRule):
    name = "Natural Aptitude"
    rule = "T-NATAPT-1"
