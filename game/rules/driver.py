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

from game.rules.decisions import Decision, Simultaneous
from game.rules.state import GameState

Rules = Generator[Decision | Simultaneous, Any, Any]


class Driver:
    """Steps one rules generator over one state. A :class:`Simultaneous` group the rules put is asked one
    decision at a time; its answers are held here and sent together once the last is given."""

    __slots__ = ("group", "held", "rules", "state")

    def __init__(self, state: GameState, rules: Rules):
        self.state = state
        self.rules = rules
        self.group: Simultaneous | None = None
        self.held: list[Any] = []  # the group's answers given so far, unseen by the rules

    def first(self) -> Decision | None:
        """The first decision the rules put (None: they ended without asking)."""
        try:
            put = next(self.rules)
        except StopIteration:
            put = None
        self.state.touch()
        return self._asked(put)

    def send(self, answer: Any) -> Decision | None:
        """Give the pending decision its (validated) answer; the next decision put, or None at the end."""
        self.state.touch()
        if self.group is not None:
            self.held.append(answer)
            if len(self.held) < len(self.group.decisions):
                return self.group.decisions[len(self.held)]
            answer, self.group, self.held = tuple(self.held), None, []
        try:
            put = self.rules.send(answer)
        except StopIteration:
            put = None
        self.state.touch()
        return self._asked(put)

    def _asked(self, put: Decision | Simultaneous | None) -> Decision | None:
        if isinstance(put, Simultaneous):
            self.group, self.held = put, []
            return put.decisions[0]
        return put
