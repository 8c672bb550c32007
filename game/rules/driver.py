"""The one place the rules' generator is stepped, so the state's version moves at every decision boundary.

A cache keyed on ``GameState.version`` must never see two different tables under one number. Changes are many
and some are not logged (a weapon marked used, a model turned), so rather than every change remembering to say
so, whoever drives the rules moves the version at each boundary: when a decision is put and when its answer is
taken (boardgame.io bumps its ``_stateID`` once per step the same way). The game, the AI's look-ahead and the
set-up helper of script mode all drive through here.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from game.rules.decisions import Decision
from game.rules.state import GameState

Rules = Generator[Decision, Any, Any]


class Driver:
    """Steps one rules generator over one state."""

    __slots__ = ("rules", "state")

    def __init__(self, state: GameState, rules: Rules):
        self.state = state
        self.rules = rules

    def first(self) -> Decision | None:
        """The first decision the rules put (None: they ended without asking)."""
        try:
            decision = next(self.rules)
        except StopIteration:
            decision = None
        self.state.touch()
        return decision

    def send(self, answer: Any) -> Decision | None:
        """Give the pending decision its (validated) answer; the next decision put, or None at the end."""
        self.state.touch()
        try:
            decision = self.rules.send(answer)
        except StopIteration:
            decision = None
        self.state.touch()
        return decision
