"""Between the engine's pending decision and the panel: the results once the battle is over, a Fate question
the player's setting does not ask answered for them, and the seat passed in hotseat before the other player's
question.

Part of BattleScene (game/ui/scenes/battle.py), which asks it each frame before it shows a question.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.decision_kinds import DecisionKind
from game.rules.decisions import Decision
from game.rules.turn import fate_can_matter
from game.ui.battle.event_text import edge_choice_reason

if TYPE_CHECKING:
    from game.rules.decisions import Decision
    from game.ui.scenes.battle import BattleScene

RESULTS_AFTER_S = 0.6  # the last moment of the battle stays in view this long before the results


class TurnFlow:
    """Owns the time since the battle ended, the decision the seat was passed for and the Fate question asked."""

    def __init__(self, scene: BattleScene):
        self.scene = scene
        self.results_pending = 0.0
        self.handoff_for: Decision | None = None
        self.asking: Decision | None = None  # the Fate question of the other side's turn being asked

    def ended(self, dt: float) -> bool:
        """The battle is over: the results come after a moment (at once at the instant pace)."""
        scene = self.scene
        if not scene.session.over:
            return False
        self.results_pending += dt
        if self.results_pending > RESULTS_AFTER_S or scene.app.settings.animation == "instant":
            from game.ui.scenes.results import ResultsScene

            scene.app.replace(ResultsScene(scene.app, scene.session))
        return True

    def declined(self) -> bool:
        """A Fate question in the other side's turn that the player's setting does not ask (never, or not when
        the rules say the answer cannot matter): declined for the player, who is not interrupted."""
        scene = self.scene
        d = scene.session.pending
        if d is None or not d.kind.declined_by or d is self.asking or not scene.session.human_turn():
            return False
        mode = scene.app.settings.fate_questions
        if mode == "always" or (mode != "never" and fate_can_matter(scene.state, d)):
            self.asking = d  # (asked: the rules are not asked again every frame)
            return False
        scene.give(d.kind.declined_by)
        return True

    def hand_off(self) -> bool:
        """Hotseat: before a question for the other player, the seat is passed (once per decision)."""
        scene = self.scene
        d, state = scene.session.pending, scene.state
        if d is None or not scene.session.needs_handoff() or self.handoff_for is d \
                or not passes_seat(d, state.active_model):
            return False
        from game.ui.scenes.handoff import HandoffScene

        self.handoff_for = d
        side = state.sides[d.side]
        why = edge_choice_reason(state, d.side) if d.kind is DecisionKind.choose_edge else d.prompt
        scene.app.push(HandoffScene(scene.app, f"Pass the seat to {side.name}", side=d.side, why=why,
                                    objectives=scene.briefing.on_handoff(d.side)))
        return True


def passes_seat(d: Decision, active_model: str | None) -> bool:
    """Whether a question for the other hotseat player passes the seat first: one its kind says so of, any
    question between activations, and every secret one (game.rules.decisions.Simultaneous: the other player must
    not see it asked or answered)."""
    return bool(d.kind.hand_off or d.secret or active_model is None)
