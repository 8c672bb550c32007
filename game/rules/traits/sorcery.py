"""Sorcery (Rare/8): the model may cast spells ([T-SORC-1], core §9 in rules/sorcery.py).

A spell costs 1 AP plus 0-2 for one enhancement; casting uses no action slot, so a sorcerer casts
as many spells as it has AP ([SORC-1], [SEQ-12], [ACT-4]).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from game.rules.action_kinds import FREES, MOVES, ActionKind
from game.rules.decisions import Decision
from game.rules.state import GameState, ModelState
from game.rules.traits.base import TraitRule, trait

if TYPE_CHECKING:
    from game.rules.readiness import Obstacle


@trait("sorcery")
class Sorcery(TraitRule):
    name = "Sorcery"
    rule = "T-SORC-1"
    emblem = "staff"  # the token shows a sorcerer
    emblem_rank = 1
    casts_spells = True
    tags = frozenset({"sorcerer"})  # Witch Hunter's quarry ([T-WITCH-1])
    actions = (ActionKind("cast_1", "Spell", 1, "free", "SPEC-1"),
               ActionKind("cast_2", "Spell + 1 AP enhancement", 2, "free", "SPEC-1"),
               ActionKind("cast_3", "Spell + 2 AP enhancement", 3, "free", "SPEC-1"))

    def available_actions(self, state: GameState, model: ModelState) -> tuple[ActionKind, ...]:
        from game.rules.conditions import BURNT_OUT

        return () if BURNT_OUT.on(model) else self.actions  # [SORC-6]

    def action_obstacles(self, state: GameState, model: ModelState, kind: str) -> list[Obstacle]:
        """Engaged, it cannot cast now; an earlier blow of the plan may free it ([SEQ-2])."""
        from game.rules.readiness import Obstacle
        from game.rules.sorcery import can_cast

        why = can_cast(state, model) if kind.startswith("cast_") else None
        return [Obstacle(why, "SORC-2", frozenset({FREES}))] if why else []

    def missing_target(self, state: GameState, model: ModelState, kind: str) -> Obstacle | None:
        """No enemy in sight within any reach the cast's AP buy ([SORC-3]); a move may bring one."""
        from game.rules.readiness import Obstacle
        from game.rules.sorcery import can_cast, enhancement_options

        if not kind.startswith("cast_") or can_cast(state, model):
            return None
        if enhancement_options(state, model, int(kind.rsplit("_", 1)[1]))[0]:
            return None
        return Obstacle("no enemy in line of sight within the spell's reach", "SORC-3", frozenset({MOVES}))

    def perform(self, state: GameState, model: ModelState, kind: str) -> Generator[Decision, Any, bool]:
        from game.rules.sorcery import cast

        done: bool = yield from cast(state, model, int(kind.rsplit("_", 1)[1]))
        return done
