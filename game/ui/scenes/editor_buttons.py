"""The editor's buttons: each widget key maps to one handler (a table, not a chain of ifs); a part of
EditorScene holding a reference to it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.content.maps import STYLES
from game.editor import commands as cmd
from game.editor import transform as tf
from game.editor.presets import BY_KEY
from game.editor.snapping import GRIDS
from game.ui.scenes import common
from game.ui.scenes.editor_panels import TOOL_NAMES

if TYPE_CHECKING:
    from game.ui.scenes.editor import EditorScene


class EditorButtons:
    """What a click on each editor button does."""

    def __init__(self, scene: EditorScene) -> None:
        self.scene = scene

    # widget key -> handler name, each handler taking (key, sorted selection); looked up, not chained
    _PRESS_EXACT: dict[str, str] = {
        "restyle": "_press_restyle", "style_prev": "_press_style", "style_next": "_press_style",
        "prop:blocks_los": "_press_blocks_los", "prop:water": "_press_water",
        "front": "_press_reorder", "back": "_press_reorder", "duplicate": "_press_duplicate",
        "delete": "_press_delete", "undo": "_press_history", "redo": "_press_history", "snap": "_press_snap",
        "grid_size": "_press_grid_size", "base_size": "_press_base_size", "show_grid": "_press_show",
        "rulers": "_press_show", "encounter": "_press_encounter", "axis": "_press_axis",
        "mirror_sel": "_press_mirror", "mirror_all": "_press_mirror", "mirror_copy": "_press_mirror",
        "apply_mirror": "_press_mirror_done", "cancel_mirror": "_press_mirror_done",
        "symmetric": "_press_symmetric", "new": "_press_file", "open": "_press_file", "save": "_press_file",
        "save_as": "_press_file", "play": "_press_file", "help": "_press_help", "menu": "_press_menu",
    }
    # key prefix -> handler name, tried in this order when no exact key matches
    _PRESS_PREFIX: tuple[tuple[str, str], ...] = (
        ("problem:w", "_press_warning"), ("problem:", "_press_problem"), ("tab:", "_press_tab"),
        ("tool:", "_press_tool"), ("preset:", "_press_preset"), ("kind:", "_press_kind"), ("fix:", "_press_fix"),
    )

    def _press_warning(self, key: str, sel: list[int]) -> None:
        """A warning: select the piece it is about."""
        s = self.scene.session
        if not key[9:].isdigit():
            self._press_problem(key, sel)
            return
        warned = s.warnings()
        i = int(key[9:])
        uid = warned[i].uid if i < len(warned) else None
        if uid is not None:
            s.select([uid])
            self.scene.set_tool("select")

    def _press_problem(self, key: str, sel: list[int]) -> None:
        """A problem: select the piece it is about."""
        s = self.scene.session
        if not key[8:].isdigit():
            return
        problems = s.problems()
        i = int(key[8:])
        uid = problems[i].uid if i < len(problems) else None
        if uid is not None:
            s.select([uid])
            self.scene.set_tool("select")

    def _press_tab(self, key: str, sel: list[int]) -> None:
        self.scene.side_tab = key[4:]

    def _press_tool(self, key: str, sel: list[int]) -> None:
        self.scene.set_tool(key[5:])

    def _press_preset(self, key: str, sel: list[int]) -> None:
        self.scene.preset = BY_KEY[key[7:]]
        self.scene.wall_width = self.scene.preset.width
        self.scene.set_tool(self.scene.preset.tool)  # a preset picks what to draw; restyling is its own button
        preset = self.scene.preset
        self.scene.message = f"drawing {preset.label.lower()} with the {TOOL_NAMES[preset.tool]} tool"
        self.scene._panel_key = None

    def _press_restyle(self, key: str, sel: list[int]) -> None:
        if sel:
            self.scene.session.do(cmd.SetStyle(sel, self.scene.preset.values()))
            self.scene.message = f"restyled {len(sel)} piece(s) as {self.scene.preset.label} (Ctrl+Z undoes it)"

    def _press_kind(self, key: str, sel: list[int]) -> None:
        self.scene.session.do(cmd.SetProperty(sel, "kind", key[5:]))

    def _press_style(self, key: str, sel: list[int]) -> None:
        s = self.scene.session
        if not sel:
            return
        cur = s.state.get(sel[0]).style
        i = STYLES.index(cur) if cur in STYLES else -1
        nxt = STYLES[(i + (1 if key == "style_next" else -1)) % len(STYLES)]
        s.do(cmd.SetProperty(sel, "style", nxt))

    def _press_blocks_los(self, key: str, sel: list[int]) -> None:
        s = self.scene.session
        s.do(cmd.SetProperty(sel, "blocks_los", not bool(s.state.get(sel[0]).blocks_los)))

    def _press_water(self, key: str, sel: list[int]) -> None:
        s = self.scene.session
        s.do(cmd.SetProperty(sel, "water", not s.state.get(sel[0]).water))

    def _press_fix(self, key: str, sel: list[int]) -> None:
        self.scene.session.do(cmd.SetProperty(sel, key[4:], None))

    def _press_reorder(self, key: str, sel: list[int]) -> None:
        self.scene.session.do(cmd.Reorder(sel, key == "front"))

    def _press_duplicate(self, key: str, sel: list[int]) -> None:
        self.scene.session.duplicate()

    def _press_delete(self, key: str, sel: list[int]) -> None:
        self.scene.session.do(cmd.DeletePieces(sel))

    def _press_history(self, key: str, sel: list[int]) -> None:
        """Undo or Redo."""
        if key == "undo":
            self.scene.undo()
        else:
            self.scene.redo()

    def _press_snap(self, key: str, sel: list[int]) -> None:
        snap = self.scene.session.snap
        snap.on = not snap.on

    def _press_grid_size(self, key: str, sel: list[int]) -> None:
        snap = self.scene.session.snap
        snap.grid = GRIDS[(GRIDS.index(snap.grid) + 1) % len(GRIDS)] if snap.grid in GRIDS else 0.5

    def _press_base_size(self, key: str, sel: list[int]) -> None:
        sizes = (25.0, 40.0, 60.0)
        mm = self.scene.base_mm
        self.scene.base_mm = sizes[(sizes.index(mm) + 1) % len(sizes)] if mm in sizes else 25.0
        self.scene.overlay_state = None  # sight and route again, for the new base

    def _press_show(self, key: str, sel: list[int]) -> None:
        what = "grid" if key == "show_grid" else "rulers"
        self.scene.show[what] = not self.scene.show[what]

    def _press_encounter(self, key: str, sel: list[int]) -> None:
        keys = sorted(common.content()["scenarios"].items)
        order = [None, *keys]
        now = self.scene.encounter
        self.scene.encounter = order[(order.index(now) + 1) % len(order)] if now in order else None

    def _press_axis(self, key: str, sel: list[int]) -> None:
        s = self.scene.session
        axes = list(tf.AXES)
        self.scene.axis = axes[(axes.index(self.scene.axis) + 1) % len(axes)]
        if s.state.symmetry is not None:
            s.do(cmd.SetSymmetry(self.scene.axis))

    def _press_mirror(self, key: str, sel: list[int]) -> None:
        self.scene.preview_mirror(key)

    def _press_mirror_done(self, key: str, sel: list[int]) -> None:
        """Apply the mirror shown, or cancel it."""
        if key == "apply_mirror":
            self.scene.apply_mirror()
        else:
            self.scene.pending = None

    def _press_symmetric(self, key: str, sel: list[int]) -> None:
        s = self.scene.session
        s.do(cmd.SetSymmetry(None if s.state.symmetry is not None else self.scene.axis))

    def _press_file(self, key: str, sel: list[int]) -> None:
        """New, Open, Save, Save as, Play."""
        if key == "new":
            self.scene.ask_then(self.scene.new_map)
        elif key == "open":
            self.scene.ask_then(self.scene.open_dialog)
        elif key == "save":
            self.scene.save()
        elif key == "save_as":
            self.scene.save_as()
        else:
            self.scene.play()

    def _press_help(self, key: str, sel: list[int]) -> None:
        from game.ui.scenes.help import HelpOverlay

        self.scene.app.push(HelpOverlay(self.scene.app))

    def _press_menu(self, key: str, sel: list[int]) -> None:
        self.scene.leave_editor()

    def press(self, key: str) -> None:
        """Run the handler for the widget ``key`` with the current selection."""
        sel = sorted(self.scene.session.selection)
        name = self._PRESS_EXACT.get(key)
        if name is None:
            name = next((n for prefix, n in self._PRESS_PREFIX if key.startswith(prefix)), None)
        if name is not None:
            getattr(self, name)(key, sel)
