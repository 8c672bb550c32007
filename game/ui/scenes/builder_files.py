"""The party builder's file: saving it (a draft when it has problems, a copy when it was shipped), and the
question before leaving or quitting with unsaved changes.

Part of BuilderScene (game/ui/scenes/builder.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.builder import files
from game.core.errors import os_problem
from game.ui.plural import counted
from game.ui.scenes import common

if TYPE_CHECKING:
    from game.ui.scenes.builder import BuilderScene


class BuilderFiles:
    """Saves the scene's document to its path and asks before unsaved changes are lost."""

    def __init__(self, scene: BuilderScene):
        self.scene = scene

    def save(self) -> files.Saved | bool | None:
        s = self.scene
        if s.campaign is not None:
            return self.save_to_campaign()
        try:
            saved = files.save_party(s.doc, s.path)
        except OSError as exc:
            s.say(os_problem(exc, "Not saved:"), bad=True)
            return None
        s.path = saved.path
        rescan_later()
        if saved.draft:
            s.say(f"Saved as a draft ({counted(len(saved.verdict.problems), 'problem')}; not offered for a battle): "
                  f"{saved.path}", bad=True)
        else:
            s.say(f"Saved: {saved.path} — ready in the battle set-up")
        s.layout.panel("top")
        s.views()
        return saved

    def save_to_campaign(self) -> bool | None:
        """[CMP-6]: the party into its campaign (the difference in cost from its bank); None when refused."""
        s = self.scene
        why = s.campaign.save(s.doc.data)
        if why is not None:
            s.say(f"Not saved to the campaign: {why}", bad=True)
            return None
        s.doc.mark_saved()
        banked = s.campaign.run.progress.sides[s.campaign.side].banked
        s.say(f"Saved to the campaign: {banked} ExP stay banked")
        s.layout.panel("top")
        s.views()
        return True

    def leave(self) -> None:
        """Back to the parties, asking first if there are unsaved changes."""
        self.ask_then(self.scene.app.pop)

    def ask_then(self, then: Callable[[], object]) -> None:
        """Run ``then`` now, or after the player has saved or discarded unsaved changes: the map editor's own
        question (game/ui/unsaved_dialog.py), Save / Discard changes / Keep editing."""
        s = self.scene
        if not s.doc.dirty:
            then()
            return
        from game.ui.unsaved_dialog import UnsavedChangesDialog

        def answer(key: str) -> None:
            if key == "discard" or (key == "save" and self.save() is not None):
                then()

        name = s.doc.data.get("name") if isinstance(s.doc.data, dict) else None
        what = f"The party '{name}'" if isinstance(name, str) and name.strip() else "This party"
        s.app.push(UnsavedChangesDialog(s.app, what, answer))

    def hold_quit(self) -> bool:
        """The window is closing: with unsaved changes, ask first (as the map editor does)."""
        if not self.scene.doc.dirty:
            return False
        self.ask_then(self._quit)
        return True

    def _quit(self) -> None:
        self.scene.app.running = False


def rescan_later() -> None:
    """The content scan again, in the background: a saved party is in the battle set-up's list at once."""
    from game.content.library import user_mod_dir

    with common._lock:  # the old scan is forgotten now, so the set-up never lists the party as it was
        common._cache.pop(user_mod_dir(), None)
    common.warm_up()
