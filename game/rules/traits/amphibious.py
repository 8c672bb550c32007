"""Amphibious (Common/1): rough terrain marked as water gives it no penalty ([T-AMPHIB-1]).

Applied where a move's rough terrain is judged (``MoveCheck.rough_penalty``)."""

from game.rules.traits.base import TraitRule, trait


@trait("amphibious")
class Amphibious(TraitRule):
    name = "Amphibious"
    rule = "T-AMPHIB-1"
    ignores_rough_water = "T-AMPHIB-1"
