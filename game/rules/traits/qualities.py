"""Inherent qualities of heroes ([PARTY-5]) and companions ([PARTY-6])."""

from __future__ import annotations

from game.core.dice import Modifier
from game.rules import board
from game.rules.state import GameState, ModelState
from game.rules.traits.base import TraitRule, quality


@quality("heros_will")
class HerosWill(TraitRule):
    name = "Hero's Will"
    rule = "PARTY-5"

    def activation_modifiers(self, state: GameState, model: ModelState) -> list[Modifier]:
        return [Modifier(1, "PARTY-5", "Hero's Will")]


@quality("lionheart")
class Lionheart(TraitRule):
    name = "Lionheart"
    rule = "PARTY-5"
    terror_immune = True


@quality("inspiring_presence")
class InspiringPresence(TraitRule):
    """Friendly models within 3″ of their hero are Fearless ([PARTY-5], [COND-7])."""

    name = "Inspiring Presence"
    rule = "PARTY-5"

    def grants_fearless(self, state: GameState, holder: ModelState, other: ModelState) -> bool:
        return other.side == holder.side and other.id != holder.id and board.within(holder, other, 3)


@quality("heroic_impetus")
class HeroicImpetus(TraitRule):
    """Once per game, a free AP for a friend after the hero's activation roll ([HERO-1]); see turn.py."""

    name = "Heroic Impetus"
    rule = "HERO-1"


@quality("fearless")
class Fearless(TraitRule):
    name = "Fearless"
    rule = "PARTY-6"
    fearless = True


@quality("terror_immune")
class TerrorImmune(TraitRule):
    """The book's companion text: immune to Terror; the specific rule beats Fearless ([PARTY-6])."""

    name = "immune to Terror"
    rule = "PARTY-6"
    terror_immune = True
