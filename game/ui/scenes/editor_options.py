"""The map editor's view and mirror commands: snapping, the grid, the rulers, the sight base, the encounter
shown, the preset in hand, and mirroring (a preview first, then applied or cancelled). A part of EditorScene.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.editor import commands as cmd
from game.editor import transform as tf
from game.editor.presets import BY_KEY
from game.editor.snapping import GRIDS
from game.ui.scenes import common
from game.ui.scenes.editor_commands import MirrorAct, ViewAct
from game.ui.scenes.editor_panels import TOOL_NAMES
from game.ui.table_view import Camera

if TYPE_CHECKING:
    from game.ui.scenes.editor import EditorScene

_BASES = (25.0, 40.0, 60.0)


class EditorOptions:
    """What each view or mirror command does."""

    def __init__(self, scene: EditorScene) -> None:
        self.scene = scene

    def run(self, act: ViewAct) -> None:
        scene = self.scene
        snap = scene.session.snap
        match act:
            case ViewAct.TOGGLE_SNAP:
                snap.on = not snap.on
            case ViewAct.NEXT_GRID_SIZE:
                snap.grid = GRIDS[(GRIDS.index(snap.grid) + 1) % len(GRIDS)] if snap.grid in GRIDS else 0.5
            case ViewAct.NEXT_BASE_SIZE:
                mm = scene.base_mm
                scene.base_mm = _BASES[(_BASES.index(mm) + 1) % len(_BASES)] if mm in _BASES else 25.0
                scene.overlays.state = None  # sight and route again, for the new base
            case ViewAct.TOGGLE_GRID:
                scene.show["grid"] = not scene.show["grid"]
            case ViewAct.TOGGLE_RULERS:
                scene.show["rulers"] = not scene.show["rulers"]
            case ViewAct.NEXT_ENCOUNTER:
                order = [None, *sorted(common.content()["scenarios"].items)]
                now = scene.encounter
                scene.encounter = order[(order.index(now) + 1) % len(order)] if now in order else None
            case ViewAct.FIT:
                scene.zoomed = False
                scene.cam = Camera.fit(scene.table_rect, margin=scene.px(26))

    def pick_preset(self, key: str) -> None:
        """A preset picks what to draw, and the tool that draws it; restyling is its own button."""
        scene = self.scene
        preset = scene.preset = BY_KEY[key]
        scene.wall_width = preset.width
        scene.set_tool(preset.tool)
        scene.message = f"drawing {preset.label.lower()} with the {TOOL_NAMES[preset.tool]} tool"
        scene.panels.shown_key = None

    def mirror(self, act: MirrorAct) -> None:
        scene = self.scene
        s = scene.session
        match act:
            case MirrorAct.SELECTION | MirrorAct.MAP | MirrorAct.COPY:
                self.preview_mirror(act)
            case MirrorAct.APPLY:
                self.apply_mirror()
            case MirrorAct.CANCEL:
                scene.pending = None
            case MirrorAct.NEXT_AXIS:
                axes = list(tf.AXES)
                scene.axis = axes[(axes.index(scene.axis) + 1) % len(axes)]
                if s.state.symmetry is not None:
                    s.do(cmd.SetSymmetry(scene.axis))
            case MirrorAct.SYMMETRY:
                s.do(cmd.SetSymmetry(None if s.state.symmetry is not None else scene.axis))

    def preview_mirror(self, act: MirrorAct) -> None:
        """The mirror of the selection, the map, or a mirrored copy (of the selection, or else the map), shown."""
        scene = self.scene
        s = scene.session
        whole = act == MirrorAct.MAP or (act == MirrorAct.COPY and not s.selection)
        uids = None if whole else sorted(s.selection)
        if act == MirrorAct.SELECTION and not uids:
            return
        scene.pending = cmd.Mirror(uids, scene.axis, copy=act == MirrorAct.COPY)
        scene.message = f"preview: {scene.pending.label} — Enter applies, Esc cancels"

    def apply_mirror(self) -> None:
        scene = self.scene
        if scene.pending is not None:
            scene.session.do(scene.pending)
            scene.message = scene.pending.label
            scene.pending = None
