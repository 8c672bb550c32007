"""The ways out of a battle in progress: the Menu button (the player is asked first, and told whether the battle
is kept) and Save as (Ctrl+S, or the Menu question's Save…).

Part of BattleScene (game/ui/scenes/battle.py); the results at the battle's end are the TurnFlow's.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.ui.scenes.battle import BattleScene


class Exits:
    """Asks before the battle is left, and names a save."""

    def __init__(self, scene: BattleScene):
        self.scene = scene

    def ask_save_name(self) -> None:
        """Ctrl+S: save the battle under a name (a position opened from a script has no setup to save)."""
        from game.ui.scenes.save_as import SaveAsScene

        scene = self.scene
        if scene.session.record() is None:
            scene.flash("A position opened from a script file cannot be saved.")
            return
        state = scene.state
        enc = state.encounter
        default = f"{enc.name if enc else 'Battle'} turn {state.turn} {time.strftime('%d %b %H-%M')}"
        scene.app.push(SaveAsScene(scene.app, scene.session, default))

    def ask_to_leave(self) -> None:
        """The Menu button: a battle in progress is given up only when the player says so."""
        from game.ui.scenes.confirm import ConfirmScene

        scene = self.scene
        if scene.session.over:
            self._leave()
            return
        scene.app.push(ConfirmScene(
            scene.app, "Leave the battle?",
            f"The battle is in turn {scene.state.turn} and is not finished. {self._kept_text()}",
            "Leave", "Keep playing", self._leave,
            other=("Save…", self.ask_save_name) if scene.session.record() is not None else None))

    def _leave(self) -> None:
        from game.ui.scenes.menu import MainMenu

        self.scene.app.reset(MainMenu(self.scene.app))

    def _kept_text(self) -> str:
        session = self.scene.session
        if session.autosave and session.save_error is None:
            return "It is saved as it stands: Continue on the main menu resumes it at this decision."
        return "It is not saved: leaving ends it for good."
