"""Actions of a legal plan that the AI expects the engine to skip, so that it does not declare them.

The rules offer an action that an earlier action of the plan may make possible ([SEQ-2]); whether that
is likely is the AI's judgement, made from the rules' own answers (game.rules.readiness): a Clear
weapon is worth declaring only for a weapon jammed now (a shot jams 1 time in 36 or less), an Escape
only when the earlier moves can reach the goal edge in a straight line.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.geometry.battlefield import Battlefield
from game.rules import encounter, movement, readiness
from game.rules.action_kinds import MOVES
from game.rules.plans import action_kind
from game.rules.state import GameState, ModelState


class Futility:
    """Counts the actions of a plan that will most likely be skipped, for one model in one state."""

    def __init__(self, state: GameState, model: ModelState):
        self.state, self.model = state, model
        self._obstacles: dict[str, list[readiness.Obstacle]] = {}
        self._edge: float | None = None

    def obstacles(self, kind: str) -> list[readiness.Obstacle]:
        if kind not in self._obstacles:
            self._obstacles[kind] = readiness.obstacles(self.state, self.model, kind)
        return self._obstacles[kind]

    def edge_gap(self) -> float:
        """Inches from the nearest goal edge ([ENC-BRK-2])."""
        if self._edge is None:
            m = self.model
            edges = encounter.escape_edges(self.state, m)
            self._edge = min((Battlefield.distance_to_edge((m.x, m.y), m.radius, e) for e in edges),
                             default=float("inf"))
        return self._edge

    def count(self, acts: Sequence[str]) -> int:
        out = clears = 0
        reach = 0.0
        for i, kind in enumerate(acts):
            if kind == "clear_weapon":
                clears += 1
                out += clears > len(self.model.jammed)  # a jam to come is too unlikely to pay for
            elif any(MOVES in o.lifted_by for o in self.obstacles(kind)) and \
                    any(MOVES in action_kind(a, self.model).effects for a in acts[:i]):
                out += self.edge_gap() > reach + 1e-6  # the moves before it do not reach the edge
            if kind in ("walk", "run", "sneak"):  # a charge ends in contact: no escape after it
                reach += movement.allowance(self.state, self.model, kind)[0]
        return out


def futile(state: GameState, model: ModelState, acts: Sequence[str]) -> int:
    return Futility(state, model).count(acts)
