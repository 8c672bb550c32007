"""Gargantuan (Heroic/10): Stun-immune unless the attacker is Gargantuan; Terror; no Sneak ([T-GARG-1]-[T-GARG-6])."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from game.core.dice import Modifier
from game.rules.action_kinds import FREES, MOVES, ActionKind
from game.rules.decisions import Decision
from game.rules.events import EventKind
from game.rules.state import GameState, ModelState
from game.rules.traits.base import TraitRule, tagged, trait

if TYPE_CHECKING:
    from game.rules.combat import Attack
    from game.rules.readiness import Obstacle


@trait("gargantuan")
class Gargantuan(TraitRule):
    name = "Gargantuan"
    rule = "T-GARG-2"
    token_big = True
    can_sneak = False
    causes_terror = True
    terror_immune = True
    tags = frozenset({"gargantuan"})  # Giant Slayer's quarry; Stuns Large and Gargantuan models
    never_in_cover = True  # [T-GARG-5]

    def target_modifiers(self, state: GameState, attack: Attack) -> list[Modifier]:
        return [Modifier(3, "MOD-8", "target is Gargantuan")] if attack.kind == "ranged" else []

    def attack_modifiers(self, state: GameState, attack: Attack) -> list[Modifier]:
        return [Modifier(3, "T-GARG-3", "Gargantuan")] if attack.kind == "close" else []

    actions = (ActionKind("quake", "Quake", 2, "special", "T-GARG-6", frozenset({FREES})),)

    def missing_target(self, state: GameState, model: ModelState, kind: str) -> Obstacle | None:
        """No model in base contact ([ENC-RES-3]: never the neutral Prisoner); a move may bring one."""
        from game.rules import board
        from game.rules.readiness import Obstacle

        if kind != "quake" or board.affected_in_contact(state, model):
            return None
        return Obstacle("no model in base contact", "T-GARG-6", frozenset({MOVES}))

    def perform(self, state: GameState, model: ModelState, kind: str) -> Generator[Decision, Any, bool]:
        """[T-GARG-6] Quake: everyone in base contact is pushed 2″ away (nearest first) and Stunned; a model
        pushed short is also -1 on its next activation; wholly off the table is removed ([CC-4])."""
        from game.geometry.pushes import quake
        from game.rules import actions, board, conditions
        from game.rules.combat import kill

        victims = board.affected_in_contact(state, model)  # never the neutral Prisoner ([ENC-RES-3])
        if not victims:
            actions.skip(state, model, kind, "no model in base contact")
            return False
        for result in quake(board.battlefield(state), model.id, 2.0, {v.id for v in victims}):
            victim = state.model(result.base)
            if result.removed:
                state.emit(EventKind.Pushed,
                           f"Quake: {victim.name} is thrown off the table", model=victim.id, rule="T-GARG-6")
                kill(state, victim, "removed", "CC-4")
                continue
            victim.x, victim.y = float(result.end.x), float(result.end.y)
            stopped = f", stopped by {result.stopped_by}" if result.blocked else ""
            state.emit(EventKind.Pushed,
                       f"Quake: {victim.name} is pushed {result.travelled:.2f}″{stopped}", model=victim.id,
                       end=[victim.x, victim.y], distance=result.travelled, blocked=result.blocked, rule="T-GARG-6")
            conditions.stun(state, victim, model, "Quake", "T-GARG-6")
            if result.blocked:
                conditions.QUAKE_BLOCKED.put(victim)
        return True
        yield  # pragma: no cover

    def stun_immune(self, state: GameState, model: ModelState, source: ModelState | None) -> bool:
        return not (source is not None and tagged(source, "gargantuan"))
