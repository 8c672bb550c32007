"""The AI's moves at a watchable pace: a pause after each step a player can see, none after the rest.

Part of BattleScene (game/ui/scenes/battle.py). The pace is the animation setting; Skip plays the AI's
moves at once until a human is asked.
"""

from __future__ import annotations

import pygame

from game.rules.events import EventKind
from game.ui.session import BattleSession

AI_DELAY = {"slow": 1.0, "normal": 0.45, "fast": 0.12, "instant": 0.0}
MOVE_TIME = {"slow": 0.8, "normal": 0.35, "fast": 0.15, "instant": 0.0}  # a base slides along its route
VISIBLE = {EventKind.ModelMoved, EventKind.DiceRolled, EventKind.DiceRerolled, EventKind.ActivationRoll,
           EventKind.AttackResolved, EventKind.Killed, EventKind.Removed, EventKind.Deployed, EventKind.SpellCast,
           EventKind.Pushed, EventKind.Escaped, EventKind.Rescued, EventKind.MarkerPlaced, EventKind.PrisonerPlaced,
           EventKind.ReinforcementArrives, EventKind.PieceAdded, EventKind.PieceRemoved}
FRAME_BUDGET_MS = 12  # the AI's steps in one frame stop after this long, so the window stays responsive


class AiPacer:
    """Owns the wait before the AI's next step and the Skip switch."""

    def __init__(self, session: BattleSession):
        self.session = session
        self.wait = 0.0
        self.skip = False

    def skip_to_human(self) -> None:
        """Skip: play the AI's moves at once until a human is asked."""
        self.skip = True

    def run(self, dt: float, speed: str) -> bool:
        """Step the AI while it is its turn, stopping after a visible step (at ``speed``), after the frame's
        budget, or when a human is asked. True when a turn's scores came: the log is to be read now."""
        self.wait -= dt
        if self.wait > 0 and not self.skip:
            return False
        delay = AI_DELAY.get(speed, 0.45)
        budget = pygame.time.get_ticks() + FRAME_BUDGET_MS
        while True:
            d = self.session.pending
            if d is None or self.session.human_turn():
                self.skip = False
                return False
            before = len(self.session.state.log)
            self.session.step_ai()
            seen = {e.kind for e in self.session.state.log[before:]}
            if seen & {EventKind.Scores}:
                return True
            if seen & VISIBLE and delay > 0 and not self.skip:
                self.wait = max(delay, MOVE_TIME.get(speed, 0.0) if "ModelMoved" in seen else 0.0)
                return False
            if pygame.time.get_ticks() > budget:
                return False
