"""The game loop: drive the rules' generator, route each decision to its side's controller.

A game is setup + seed + the ordered answers ([DIG-ACT-4]); ``Game.answers``
records them, and replaying them from the same setup gives the same game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.rules.decisions import Answer, Controller, Decision, IllegalAnswer
from game.rules.driver import Driver, Rules
from game.rules.state import GameState
from game.rules.turn import play as iron_and_honor


class Game:
    """One running game: its state, its rules generator and the answers given so far.

    ``rules`` is the rule system's ``play`` (game.core.rule_system); Iron & Honor's unless told."""

    def __init__(self, state: GameState, controllers: Sequence[Controller],
                 rules: Callable[[GameState], Rules] = iron_and_honor):
        self.state = state
        self.controllers = list(controllers)
        self.answers: list[Answer] = []
        self._rules = Driver(state, rules(state))
        self.pending: Decision | None = self._rules.first()

    @property
    def over(self) -> bool:
        return self.pending is None

    def answer(self, answer: Answer) -> None:
        """Give the pending decision its answer; an illegal one raises and changes nothing."""
        if self.pending is None:
            raise IllegalAnswer("DIG-ACT-3", "the game is over; no decision is pending")
        value = self.pending.validate(answer)
        self.answers.append(value)
        self.pending = self._rules.send(value)

    def step(self) -> Decision | None:
        """Ask the pending decision's controller and apply its answer."""
        decision = self.pending
        if decision is None:
            return None
        self.answer(self.controllers[decision.side].decide(self.state, decision))
        return decision

    def run(self, max_decisions: int | None = None) -> GameState:
        limit = max_decisions or self.state.settings.max_decisions
        count = 0
        while not self.over:
            self.step()
            count += 1
            if count > limit:
                raise RuntimeError(f"the game did not end within {limit} decisions")
        return self.state
