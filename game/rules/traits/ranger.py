"""Ranger (Common/3): no rough terrain penalty, area terrain included; cover still counts ([T-RANGER-1]).

Applied where a move's rough terrain is judged (``MoveCheck.rough_penalty``)."""

from game.rules.traits.base import TraitRule, trait


@trait("ranger")
class Ranger(TraitRule):
    name = "Ranger"
    rule = "T-RANGER-1"
    ignores_rough = "T-RANGER-1"
