"""What the battle's new events show: the log panel, the dice tray, bases sliding along their routes,
the news of the other side's choice and the summary at the end of a turn.

Part of BattleScene (game/ui/scenes/battle.py): each frame it reads the events the log gained since.
"""

from __future__ import annotations

import itertools
import math
from typing import TYPE_CHECKING

from game.rules.events import Event, EventKind
from game.ui.battle.ai_pacer import AI_DELAY, MOVE_TIME
from game.ui.battle.event_text import edge_choice_reason

if TYPE_CHECKING:
    from game.ui.scenes.battle import BattleScene


class LogFeed:
    """Owns how far the log has been read and the bases still sliding along the route they took."""

    def __init__(self, scene: BattleScene):
        self.scene = scene
        log = scene.session.state.log
        self.seen = 0
        # a battle resumed from a save: its past turns' summaries were seen, its past moves are not replayed
        self.summaries_shown: set[int] = {e.turn for e in log if e.kind == EventKind.Scores}
        self.opened_at = len(log)
        self.moving: dict[str, tuple[list[tuple[float, float]], float]] = {}  # model -> (path, seconds shown)
        self.summary_due: int | None = None  # a turn whose summary waits for its last action to play out
        self.summary_wait = 0.0  # seconds it has waited
        self.summary_seen = 0.0  # when, in that wait, the last effect ended

    def update(self, dt: float) -> None:
        """The slides advance; those done stop."""
        slide = MOVE_TIME.get(self.scene.app.settings.animation, 0.35)
        self.moving = {k: (p, t + dt) for k, (p, t) in self.moving.items() if t + dt < slide}

    def read(self) -> None:
        """Show the events the log gained since the last read."""
        scene = self.scene
        state = scene.state
        log = state.log
        if self.seen == len(log):
            return
        new = log[self.seen:]
        moves = log[max(self.seen, self.opened_at):]  # not the moves made before the battle was opened
        self.seen = len(log)
        if scene.log_panel is not None:
            scene.log_panel.refresh(state)
        self._slide(moves)
        scene.briefing.note(moves)
        scene.motion.feed(moves, state)
        tray = scene.dice_tray
        if tray is not None:
            tray.state = state
            tray.set_speed(scene.app.settings.animation)
            for e in new:
                tray.show(e, state)
        self._edge_news(moves)
        self._summary(new)

    def _slide(self, moves: list[Event]) -> None:
        """Each base moved slides along the route it took."""
        for e in moves:
            if e.kind == EventKind.ModelMoved and e.data.get("waypoints"):
                first = e.data.get("start") or e.data["waypoints"][0]
                path = [(first[0], first[1])] + [(p[0], p[1]) for p in e.data["waypoints"]]
                self.moving[e.data["model"]] = (path, 0.0)

    def _edge_news(self, moves: list[Event]) -> None:
        """The winner of the set-up roll is told why the other side (an AI) chose, and what it chose."""
        scene = self.scene
        for e in moves:
            side = e.data.get("side")
            if e.kind == EventKind.EdgeChosen and isinstance(side, int) and side not in scene.session.humans:
                scene.flash(f"{edge_choice_reason(scene.state, side)} It chose the {e.data.get('edge')} edge.",
                            bad=False, seconds=8.0)

    def _summary(self, new: list[Event]) -> None:
        """The Maintenance summary of a turn, once (not for the last: the results follow); it comes once the turn's
        last action has played out (:meth:`hold_for_summary`)."""
        for e in new:
            if e.kind == EventKind.Scores and e.turn not in self.summaries_shown and not self.scene.session.over:
                self.summaries_shown.add(e.turn)
                self.summary_due, self.summary_wait, self.summary_seen = e.turn, 0.0, 0.0
                break

    def hold_for_summary(self, dt: float) -> bool:
        """While a turn's summary is due: True, and the game waits (no AI step, no new question) until the last
        action's slide, effects and dice have played out and been on view for a moment (the AI's pause at the
        pace), then the summary covers the table. Skip (S) ends the effects, and so the wait."""
        scene = self.scene
        if self.summary_due is None:
            return False
        self.summary_wait += dt
        tray = scene.dice_tray
        playing = bool(self.moving) or scene.motion.busy or (tray is not None and tray.rolling)
        if playing and self.summary_wait < 6.0:  # (never stuck behind an effect that does not end)
            self.summary_seen = self.summary_wait
            return True
        if self.summary_wait - self.summary_seen < AI_DELAY.get(scene.app.settings.animation, 0.45):
            return True
        from game.ui.scenes.maintenance import MaintenanceSummary

        turn, self.summary_due = self.summary_due, None
        if scene.app.top is scene:
            scene.app.push(MaintenanceSummary(scene.app, scene.session, turn))
        return True

    def sliding(self) -> dict[str, tuple[float, float]]:
        """Where moving bases are drawn this frame: part way along the route they took."""
        slide = MOVE_TIME.get(self.scene.app.settings.animation, 0.35)
        out = {}
        for mid, (path, t) in self.moving.items():
            if slide <= 0 or len(path) < 2:
                continue
            legs = [math.dist(a, b) for a, b in itertools.pairwise(path)]
            along = sum(legs) * min(1.0, t / slide)
            for (a, b), leg in zip(itertools.pairwise(path), legs, strict=False):
                if along <= leg and leg > 0:
                    k = along / leg
                    out[mid] = (a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k)
                    break
                along -= leg
        return out
