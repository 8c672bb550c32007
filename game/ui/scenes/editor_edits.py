"""The map editor's edit commands (EditAct and the piece commands) run on the session: undo, copy, delete,
restyle, the selection's flags and order, and Esc backing out one layer at a time. A part of EditorScene.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.content.maps import STYLES
from game.editor import commands as cmd
from game.editor.document import Piece
from game.ui.scenes.editor_commands import EditAct, FixField, Nudge, PieceCommand, Reorder, SelectProblem, SetKind

if TYPE_CHECKING:
    from game.ui.scenes.editor import EditorScene


class EditActions:
    """What each edit command does."""

    def __init__(self, scene: EditorScene) -> None:
        self.scene = scene

    def run(self, act: EditAct) -> None:
        scene = self.scene
        s = scene.session
        sel = sorted(s.selection)
        match act:
            case EditAct.UNDO:
                self.undo()
            case EditAct.REDO:
                self.redo()
            case EditAct.COPY:
                scene.message = f"copied {s.copy()} piece(s)"
            case EditAct.PASTE:
                s.paste()
            case EditAct.DUPLICATE:
                s.duplicate()
            case EditAct.SELECT_ALL:
                s.select(s.state.uids())
            case EditAct.RESTYLE if sel:
                s.do(cmd.SetStyle(sel, scene.preset.values()))
                scene.message = f"restyled {len(sel)} piece(s) as {scene.preset.label} (Ctrl+Z undoes it)"
            case EditAct.DELETE_PIECES:
                s.do(cmd.DeletePieces(sel))
            case EditAct.DELETE | EditAct.BACKSPACE:
                self._delete(act)
            case EditAct.ENTER:
                self._enter()
            case EditAct.ESCAPE:
                self._escape()
            case EditAct.STYLE_PREV | EditAct.STYLE_NEXT:
                self._next_style(1 if act == EditAct.STYLE_NEXT else -1, sel)
            case EditAct.TOGGLE_BLOCKS_LOS if sel:
                s.do(cmd.SetProperty(sel, "blocks_los", not bool(self._first(sel).blocks_los)))
            case EditAct.TOGGLE_WATER if sel:
                s.do(cmd.SetProperty(sel, "water", not self._first(sel).water))

    def run_piece(self, command: PieceCommand) -> None:
        """A command on the selected pieces (or selecting one)."""
        s = self.scene.session
        sel = sorted(s.selection)
        match command:
            case SetKind(kind=kind):
                s.do(cmd.SetProperty(sel, "kind", kind))
            case FixField(field=field):
                s.do(cmd.SetProperty(sel, field, None))
            case Reorder(front=front) if sel:
                s.do(cmd.Reorder(sel, front))
            case Nudge(dx=dx, dy=dy, inch=inch) if sel:
                step = 1.0 if inch else s.snap.grid
                s.do(cmd.MovePieces(sel, dx * step, dy * step))
            case SelectProblem(index=i, warning=warning):
                listed = s.warnings() if warning else s.problems()
                uid = listed[i].uid if i < len(listed) else None
                if uid is not None:
                    s.select([uid])
                    self.scene.set_tool("select")

    def _first(self, sel: list[int]) -> Piece:
        piece = self.scene.session.state.get(sel[0])
        assert piece is not None
        return piece

    def undo(self) -> None:
        c = self.scene.session.undo()
        self.scene.message = f"undid: {c.label}" if c else "nothing to undo"

    def redo(self) -> None:
        c = self.scene.session.redo()
        self.scene.message = f"redid: {c.label}" if c else "nothing to redo"

    def _next_style(self, step: int, sel: list[int]) -> None:
        if not sel:
            return
        cur = self._first(sel).style
        i = STYLES.index(cur) if cur in STYLES else -1
        self.scene.session.do(cmd.SetProperty(sel, "style", STYLES[(i + step) % len(STYLES)]))

    def _enter(self) -> None:
        scene = self.scene
        if scene.pending is not None:
            scene.options.apply_mirror()
        elif scene.points:
            scene.table_mouse.finish_shape()

    def _delete(self, act: EditAct) -> None:
        scene = self.scene
        s = scene.session
        if act == EditAct.BACKSPACE and scene.points:
            scene.points.pop()
        elif scene.active_corner is not None:
            s.do(cmd.DeleteCorner(*scene.active_corner))
            scene.active_corner = None
        elif s.selection:
            s.do(cmd.DeletePieces(s.selection))

    def _escape(self) -> None:
        """Esc backs out one layer: pending mirror, shape points, drag, selection, overlays, encounter, tool, editor."""
        scene = self.scene
        s = scene.session
        if scene.pending is not None:
            scene.pending = None
        elif scene.points:
            scene.points = []
        elif scene.drag is not None:
            s.history.cancel_preview()
            scene.drag = None
        elif s.selection:
            s.select([])
            scene.active_corner = None
        elif scene.sight_at is not None or scene.route_ends is not None or scene.tape is not None:
            scene.sight = scene.sight_at = scene.route_ends = scene.route_result = scene.tape = None
            scene.message = "overlay cleared (Esc again: back to the Select tool)"
        else:
            self._escape_late()

    def _escape_late(self) -> None:
        scene = self.scene
        if scene.encounter is not None:
            scene.encounter = None
            scene.message = "encounter hidden"
        elif scene.tool != "select":
            scene.set_tool("select")
            scene.message = "the Select tool"
        elif scene.esc_armed:
            scene.files.leave_editor()
        else:
            scene.esc_armed = True
            scene.message = "press Esc again to leave the editor"
