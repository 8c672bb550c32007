"""Good Karma (Common/7): +1 to its party's Fate Pool ([T-KARMA-1]); counted when the party is built."""

from game.rules.traits.base import TraitRule, trait


@trait("good_karma")
class GoodKarma(TraitRule):
    name = "Good Karma"
    rule = "T-KARMA-1"
