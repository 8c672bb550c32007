"""The map editor scene: draw and edit terrain on the 36″ table, judged live by the game's own map checks.

The scene only turns input into commands on a pygame-free ``EditorSession`` (game/editor) and draws it; the
document, undo, snapping, symmetry, saving and the overlays' answers all live there. The scene holds what is
being edited (the tool, the drag, the view) and composes its parts, each with one job: EditorPanels (the
widgets), EditorInput (events and keys), TableMouse (the tools on the table), TextFields (typed fields),
EditActions, EditorOptions and FileActions (what the commands do), SightAndRoute (the overlays), TableDrawing
and StatusLine. Buttons, keys and fields carry typed commands (editor_commands.py) that ``do`` runs.
"""

from __future__ import annotations

import gc
from pathlib import Path

import pygame
import pygame_gui

from game.editor import commands as cmd
from game.editor.document import MapState
from game.editor.fairness import Fairness, FairnessRun
from game.editor.overlays import SightJob
from game.editor.presets import BY_KEY, Preset
from game.editor.session import EditorSession
from game.editor.snapping import Snap
from game.geometry.routes import Route
from game.ui.app import App, Scene
from game.ui.scenes.editor_commands import (
    Command,
    EditAct,
    FileAct,
    MirrorAct,
    PickPreset,
    PickTool,
    ShowTab,
    Typed,
    ViewAct,
)
from game.ui.scenes.editor_drawing import StatusLine, TableDrawing
from game.ui.scenes.editor_edits import EditActions
from game.ui.scenes.editor_fields import TextFields
from game.ui.scenes.editor_files import FileActions
from game.ui.scenes.editor_input import EditorInput
from game.ui.scenes.editor_mouse import TableMouse
from game.ui.scenes.editor_options import EditorOptions
from game.ui.scenes.editor_panels import HELP_NOTES, HELP_TITLE, SHORTCUTS, EditorPanels
from game.ui.scenes.editor_sight import SightAndRoute
from game.ui.table_view import Camera

Point = tuple[float, float]


class EditorScene(Scene):
    name = "editor"
    SHORTCUTS = SHORTCUTS
    HELP_NOTES = HELP_NOTES  # F1: the editor's own help beside its controls, not the battle's badges
    HELP_TITLE = HELP_TITLE

    def __init__(self, app: App, path: str | Path | None = None, session: EditorSession | None = None):
        super().__init__(app)
        self.page: pygame_gui.elements.UIScrollingContainer | None = None  # the side panel being laid out
        self.message = ""
        self.files = FileActions(self)
        self.session = session if session is not None else self.files.start(path)
        self.files.autosaved = self.session.state
        self.tool = "select"
        self.side_tab = "tools"  # the panel shown when the window is too narrow for both (see EditorPanels)
        self.preset: Preset = BY_KEY["forest"]
        self.wall_width = self.preset.width
        self.cam = Camera()
        self.table_rect = pygame.Rect(0, 0, 10, 10)
        self.status_rect = pygame.Rect(0, 0, 1, 1)
        self.zoomed = False
        self.drag: dict | None = None
        self.points: list[Point] = []  # the polygon or wall being drawn
        self.mouse = (0, 0)
        self.cue: Snap | None = None
        self.active_corner: tuple[int, int] | None = None
        self.pending: cmd.Mirror | None = None  # a mirror shown before it applies
        self.axis = "vertical"
        self.base_mm = 25.0
        self.show = {"grid": True, "rulers": True}
        self.encounter: str | None = None
        self.sight_at: Point | None = None
        self.sight: SightJob | None = None
        self.route_ends: tuple[Point, Point] | None = None
        self.route_result: Route | None = None
        self.tape: tuple[Point, Point] | None = None
        self.fairness: tuple[MapState, Fairness] | None = None  # the last judgement and the map it judged
        self.fairness_run: FairnessRun | None = None  # its games, still being taken in after the dialog closed
        self.status_text = ""
        self.readout = ""  # the numbers of a move, scale, turn or corner drag, drawn beside the pointer
        self.overlay_notes: list[str] = []  # what the overlays say of themselves this frame (pieces left out)
        self.esc_armed = False  # Esc with nothing to clear: a second Esc leaves the editor
        self.clock = 0.0
        self.warn_later = False
        self._state_seen: object = None
        self._problems_before: list | None = None
        self._caption = ""
        self.panels = EditorPanels(self)
        self.input = EditorInput(self)
        self.table_mouse = TableMouse(self)
        self.fields = TextFields(self)
        self.edits = EditActions(self)
        self.options = EditorOptions(self)
        self.overlays = SightAndRoute(self)
        self.drawing = TableDrawing(self)
        self.status = StatusLine(self)

    def enter(self) -> None:
        super().enter()
        gc.freeze()  # what is loaded by now stays: the collector's full passes skip it (no 20-40 ms hitch mid-edit)
        self.files.offer()

    def warnings(self) -> list:
        """The map's warnings as the panels show them (a frame late after an edit: see ``update``)."""
        return self.session.warnings(wait=self.warn_later)

    def problems(self) -> list:
        """The map checks' verdict; while a drag is in progress, the verdict from before it (checked on drop)."""
        if self.drag is not None and self._problems_before is not None:
            return self._problems_before
        self._problems_before = self.session.problems()
        return self._problems_before

    def update(self, dt: float) -> None:
        self.clock += dt
        # the frame that first shows a new map state leaves the warnings (overlaps) to the next one
        self.warn_later = self.session.state is not self._state_seen
        self._state_seen = self.session.state
        self.fields.watch()
        if self.drag is None and self.panels.panel_key() != self.panels.shown_key:
            self.refresh_panels()
        if self.drag is None:
            self.overlays.refresh()
        if self.sight is not None and not self.sight.done:
            self.sight.run(0.004)  # the rest of the shading, a few milliseconds a frame
        caption = f"Iron & Honor — map editor: {self.session.state.name}{' *' if self.session.dirty else ''}"
        if caption != self._caption:  # unsaved changes are marked in the window's title too
            self._caption = caption
            pygame.display.set_caption(caption)
        if self.fairness_run is not None and self.app.top is self:
            self.fairness_run.poll()
        self.files.tick(dt)
        self.status.update()

    def handle(self, event: pygame.event.Event) -> None:
        self.input.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.drawing.draw(surface)

    def do(self, command: Command) -> None:
        """Run what a button, a key or a text field asks for."""
        match command:
            case FileAct():
                self.files.run(command)
            case EditAct():
                self.edits.run(command)
            case ViewAct():
                self.options.run(command)
            case MirrorAct():
                self.options.mirror(command)
            case PickTool(tool=tool):
                self.set_tool(tool)
            case PickPreset(key=key):
                self.options.pick_preset(key)
            case ShowTab(tab=tab):
                self.side_tab = tab
            case Typed():
                self.fields.commit(command)
            case _:
                self.edits.run_piece(command)

    def set_tool(self, tool: str) -> None:
        if self.points and tool != self.tool:
            self.table_mouse.finish_shape()
        self.tool = tool
        self.cue = None

    def open_path(self, path: Path) -> None:
        self.files.open_path(path)

    def hold_quit(self) -> bool:
        return self.files.hold_quit()

    # -- widgets ---------------------------------------------------------------------------------------------
    def build(self) -> None:
        self.panels.build()

    def refresh_panels(self) -> None:
        """The panels follow the state; a text field keeps the focus and now edits the new selection, as after a
        rebuild."""
        self.panels.refresh()
        self.fields.after_refresh()

    def rebuild(self) -> None:
        """The widgets again, with the text field that had the focus focused again (Tab, a commit)."""
        focused = self.fields.before_rebuild()
        # a click whose event is still queued when a commit rebuilds the panels still counts
        self.input.retired = {el: k for k, el in {**self.panels.pool.pool, **self.widgets}.items()}
        super().rebuild()
        self.fields.after_rebuild(focused)

    def uncover(self) -> None:
        super().uncover()
        self.panels.pool.hide_unused()

    def leave(self) -> None:
        if not self.session.dirty:
            self.session.clear_autosave()
        pygame.display.set_caption("Iron & Honor")
        super().leave()

    def cover(self) -> None:
        pygame.display.set_caption("Iron & Honor")  # the editor's title comes back when it is on top again
        self._caption = ""
        super().cover()
