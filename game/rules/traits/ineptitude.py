"""Ineptitude (Common/-3): a building trait, checked with the attributes ([T-INEPT-1])."""

from game.rules.traits.base import TraitRule, trait


@trait("ineptitude")
class Ineptitude(TraitRule):
    name = "Ineptitude"
    rule = "T-INEPT-1"
