"""Spray (Rare/5): at short range, free -3 shots at other enemies within 1″ of the target ([T-SPRAY-1]),
and its short-range attacks ignore cover ([T-SPRAY-2])."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from game.core.dice import Modifier
from game.rules.decisions import Decision
from game.rules.events import EventKind
from game.rules.state import GameState
from game.rules.traits.base import TraitRule, trait

if TYPE_CHECKING:
    from game.rules.combat import Attack, AttackResult


@trait("spray")
class Spray(TraitRule):
    name = "Spray"
    rule = "T-SPRAY-1"
    after_priority = 3

    def prepare_attack(self, state: GameState, attack: Attack) -> None:
        if attack.kind == "ranged" and attack.range_band == "short":
            attack.cover = False  # [T-SPRAY-2]

    def attack_modifiers(self, state: GameState, attack: Attack) -> list[Modifier]:
        return [Modifier(-3, "T-SPRAY-1", "Spray follow-up shot")] if attack.action == "spray_attack" else []

    def after_attack(self, state: GameState, attack: Attack, result: AttackResult) -> Generator[Decision, Any, None]:
        from game.rules import actions, board, movement

        a, first = attack.attacker, attack.defender
        if attack.kind != "ranged" or attack.action == "spray_attack" or attack.range_band != "short" \
                or result.misfire or attack.weapon is None:
            return
        in_reach = {t.id: band for t, band, _ in movement.ranged_targets(state, a, attack.weapon)}
        others = [e for e in state.enemies_of(a) if e.id != first.id and in_reach.get(e.id) == "short"
                  and board.within(e, first, 1)]  # a killed first target still marks the spot
        for e in sorted(others, key=lambda m: m.id):
            if e.on_table and a.on_table:
                state.emit(EventKind.Spray,
                           f"{a.name}'s spray reaches {e.name}", model=a.id, target=e.id, rule="T-SPRAY-1")
                yield from actions.shoot(state, a, "spray_attack", attack.weapon, e)
