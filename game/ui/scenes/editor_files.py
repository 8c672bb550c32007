"""The map editor's file commands: new, generate, open, save, save as, play, leave; an unsaved map is asked about first,
autosaved while it is edited, and offered back after a crash. A part of EditorScene; the dialogs hand their
answers back here by callbacks.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from game.core.errors import ContentError, os_problem
from game.editor import commands as cmd
from game.editor import files
from game.editor.document import MapState, load_state
from game.editor.generate import Recipe, generate
from game.editor.session import EditorSession
from game.ui.scenes import common
from game.ui.scenes.editor_commands import FileAct
from game.ui.scenes.editor_dialogs import ConfirmDialog, NameDialog, OpenDialog
from game.ui.unsaved_dialog import UnsavedChangesDialog

if TYPE_CHECKING:
    from game.ui.scenes.editor import EditorScene


class FileActions:
    """What each file command does, and the autosave."""

    def __init__(self, scene: EditorScene) -> None:
        self.scene = scene
        self.offer_recovery = False
        self.since_autosave = 0.0
        self.autosaved: MapState | None = None
        self.recipe: Recipe | None = None  # the last map generated: Generate offers its choices again

    def start(self, path: str | Path | None) -> EditorSession:
        """The session the editor starts with: the map at ``path``, the autosave of a crashed session, or new."""
        scene = self.scene
        if path:
            try:
                return EditorSession.open(path)
            except ContentError as exc:
                scene.message = f"could not open {path}: {exc.describe()}"
                return EditorSession.new()
        recovered = EditorSession.recover()
        if recovered is not None:
            self.offer_recovery = True
            scene.message = (f"Recovered the unsaved map '{recovered.state.name}' of the last session (from the "
                             f"editor's autosave); Save writes it to {recovered.save_hint()}")
            if recovered.untrusted_origin:
                scene.message += (f" (the autosave named {recovered.untrusted_origin}, outside your mod folder: "
                                  "that file is not written)")
            return recovered
        return EditorSession.new()

    def offer(self) -> None:
        """The recovered work is offered, not slipped in: keep it or discard it."""
        if not self.offer_recovery:
            return
        self.offer_recovery = False
        scene = self.scene
        s = scene.session
        steps = len(s.history.done)
        text = (f"The editor closed last time without saving the map '{s.state.name}'. Its autosave has "
                f"{len(s.state.pieces)} piece(s)" + (f" and {steps} undo step(s)" if steps else "")
                + f". Keep it to go on where you left off (Save writes it to {s.save_hint()}), "
                "or discard it and start a new map.")
        if s.untrusted_origin:
            text += (f" (The autosave named {s.untrusted_origin}, outside your mod folder: that file is not "
                     "written.)")

        def answer(key: str) -> None:
            if key == "discard":
                scene.session.clear_autosave()
                self.replace_session(EditorSession.new())
                scene.message = "the recovered map was discarded: a new map"

        scene.app.push(ConfirmDialog(scene.app, "Recover unsaved work?", text,
                                     [("discard", "Discard it"), ("keep", "Keep it")], answer))

    def tick(self, dt: float) -> None:
        """Autosave a few seconds after an edit (never mid-drag)."""
        scene = self.scene
        self.since_autosave += dt
        if self.since_autosave > 3.0 and scene.drag is None and scene.session.state is not self.autosaved:
            self.autosave()

    def run(self, act: FileAct) -> None:
        scene = self.scene
        match act:
            case FileAct.NEW:
                self.ask_then(self.new_map)
            case FileAct.GENERATE:
                self.ask_then(self.generate_dialog)
            case FileAct.OPEN:
                self.ask_then(self.open_dialog)
            case FileAct.SAVE:
                self.save()
            case FileAct.SAVE_AS:
                self.save_as()
            case FileAct.PLAY:
                self.play()
            case FileAct.FAIRNESS:
                from game.ui.scenes.editor_fairness import FairnessScene

                scene.app.push(FairnessScene(scene.app, scene))
            case FileAct.HELP:
                from game.ui.scenes.help import HelpOverlay

                scene.app.push(HelpOverlay(scene.app))
            case FileAct.MENU:
                self.leave_editor()

    def save(self, as_new: bool = False) -> bool:
        scene = self.scene
        scene.fields.unfocus()
        try:
            saved = scene.session.save(as_new=as_new)
        except OSError as exc:
            scene.message = os_problem(exc, "NOT saved:")
            return False
        common.rescan()  # the battle set-up lists it at once
        n = len(scene.session.problems())
        scene.message = (f"saved as a DRAFT (fix its {n} problem(s) to play it): {saved.path}" if saved.draft
                        else f"saved: {saved.path}")
        self.autosaved = scene.session.state
        return True

    def save_as(self) -> None:
        """Ask for the new map's name (the file is named after it), then save it as a new file."""
        scene = self.scene
        scene.fields.unfocus()
        s = scene.session

        def file_for(name: str) -> str:
            folder = files.drafts_dir(s.mods) if s.problems() else files.user_maps_dir(s.mods)
            path = files.free_path(folder, files.stem_for(name))
            return f"{path.parent.name}/{path.name} in your mod folder"

        def taken(name: str) -> str | None:
            for _origin, path in files.listing(s.mods):  # this map's own file too: it stays as it is
                try:
                    if load_state(path).name.strip().casefold() == name.casefold():
                        return path.name
                except Exception:  # an unreadable file has no name to clash with
                    continue
            return None

        def done(name: str) -> None:
            if name != s.state.name:
                s.do(cmd.SetMeta(name=name))
            self.save(as_new=True)

        scene.app.push(NameDialog(scene.app, s.state.name, file_for, taken, done))

    def ask_then(self, then: Callable[[], None]) -> None:
        """Run ``then`` now, or after the player has saved or discarded unsaved changes."""
        scene = self.scene
        if not scene.session.dirty:
            then()
            return

        def answer(key: str) -> None:
            if key == "save" and self.save():
                then()
            elif key == "discard":
                scene.session.clear_autosave()
                then()

        scene.app.push(UnsavedChangesDialog(scene.app, f"The map '{scene.session.state.name}'", answer))

    def hold_quit(self) -> bool:
        """The window is closing: with unsaved changes, ask first."""
        scene = self.scene
        if not scene.session.dirty:
            return False
        self.ask_then(self._quit)
        return True

    def _quit(self) -> None:
        scene = self.scene
        scene.app.running = False

    def new_map(self) -> None:
        scene = self.scene
        self.replace_session(EditorSession.new())
        scene.message = "a new map"

    def generate_dialog(self) -> None:
        from game.ui.scenes.editor_generate import GenerateDialog

        scene = self.scene
        last = self.recipe
        again = None if last is None else Recipe(last.density, last.kinds, last.axis, last.seed + 1)
        scene.app.push(GenerateDialog(scene.app, again, self.generate))

    def generate(self, recipe: Recipe, judged: str = "") -> None:
        """The recipe's map as a new, unsaved map: one undo step from an empty table (``judged``: what play found
        of it, when the dialog judged it)."""
        scene = self.scene
        state = generate(recipe)
        session = EditorSession.new()
        session.do(cmd.Restore(session.state, state, "generate a map"))
        self.replace_session(session)
        self.recipe = recipe
        scene.message = (f"a generated map (seed {recipe.seed}): {len(state.pieces)} pieces, symmetric editing on "
                         "its axis; edit it as any map, or Generate again (Ctrl+G) for another")
        if judged:
            scene.message = f"a generated map (seed {recipe.seed}), {judged}"

    def open_dialog(self) -> None:
        scene = self.scene
        scene.app.push(OpenDialog(scene.app, None, self.open_path))

    def open_path(self, path: Path) -> None:
        scene = self.scene
        try:
            session = EditorSession.open(path)
        except ContentError as exc:
            scene.message = f"could not open: {exc.describe()}"
            return
        self.replace_session(session)
        scene.message = f"opened {path}" + (" (a shipped map: saving writes a copy)" if session.shipped else "")

    def replace_session(self, session: EditorSession) -> None:
        scene = self.scene
        scene.session = session
        scene.points, scene.pending, scene.active_corner, scene.drag = [], None, None, None
        scene.sight = scene.sight_at = scene.route_ends = scene.route_result = scene.tape = None
        scene.overlays.state = None
        if session.state.symmetry is not None:  # the axis button says the axis symmetric editing is on
            scene.axis = session.state.symmetry
        self.autosaved = session.state
        scene.rebuild()

    def leave_editor(self) -> None:
        self.ask_then(self._leave)

    def _leave(self) -> None:
        scene = self.scene
        scene.session.clear_autosave()
        if scene.app.top is scene:
            scene.app.pop()

    def play(self) -> None:
        """The battle set-up with this map chosen; the map is saved first (a shipped, unchanged map is used as is)."""
        scene = self.scene
        s = scene.session
        n = len(s.problems())
        if n:
            scene.message = f"fix the map's {n} problem(s) before playing on it"
            return
        if (s.dirty or s.path is None or s.draft) and not self.save():
            return
        assert s.path is not None
        from game.ui.scenes.setup import SetupScene

        common.rescan()
        setup = SetupScene(scene.app)
        setup.setup.map = s.path.stem.lower()
        scene.app.push(setup)

    def autosave(self) -> None:
        scene = self.scene
        self.since_autosave = 0.0
        self.autosaved = scene.session.state
        if not scene.session.dirty:
            return
        try:
            scene.session.autosave()
        except OSError as exc:
            scene.message = os_problem(exc, "autosave failed:")

