"""The map editor scene: draw and edit terrain on the 36″ table, judged live by the game's own map checks.

The scene only turns input into commands on a pygame-free ``EditorSession`` (game/editor) and draws
it; the document, undo, snapping, symmetry, saving and the overlays' answers all live there. Sight
shading and routes are computed when a drop or an edit ends, never on a mouse move; the sight
shading is spread over frames (the whole table coarsely first).
"""

from __future__ import annotations

import math
from pathlib import Path

import pygame
import pygame_gui

from game.content.maps import STYLES, TABLE_SIZE, BattleMap
from game.core.errors import ContentError
from game.editor import commands as cmd
from game.editor import transform as tf
from game.editor.document import MapState, Piece, ellipse, rectangle, thick_polyline
from game.editor.overlays import SightJob, encounter_shapes, route
from game.editor.presets import BY_KEY, FIELDS, KIND_RULES, PRESETS, Preset, applies
from game.editor.session import EditorSession
from game.editor.snapping import GRIDS, Snap, nearest_on_segment, snap_angle, snap_point
from game.geometry.shapes import point_in_polygon
from game.ui import theme
from game.ui.app import App, Scene
from game.ui.scenes import common
from game.ui.scenes import editor_view as view
from game.ui.scenes.editor_dialogs import ConfirmDialog, OpenDialog
from game.ui.table_view import Camera

TOOLS: tuple[tuple[str, str, int, str], ...] = (
    ("select", "Select", pygame.K_v, "Select (V): click or drag a box (Shift adds); drag to move; a preset restyles "
                                     "the selection; handles rotate "
                                     "(Shift: 15° steps) and scale; drag a corner; Ctrl+click an edge adds a "
                                     "corner; right-click a corner deletes it"),
    ("polygon", "Polygon", pygame.K_p, "Polygon (P): click the corners; click the first corner or press Enter "
                                       "to close"),
    ("rect", "Rectangle", pygame.K_r, "Rectangle (R): drag from corner to corner"),
    ("ellipse", "Ellipse", pygame.K_e, "Circle or ellipse (E): drag its box; drawn with enough sides to read "
                                       "as round"),
    ("wall", "Wall", pygame.K_w, "Wall (W): click along a wall, hedge, fence or stream; Enter or a click on "
                                 "the last point ends it; the thickness is set below"),
    ("sight", "Sight", pygame.K_l, "Sight (L): place a base; the table is shaded by what it sees (amber: in "
                                   "cover, dark: hidden), by the real line of sight [DIG-LOS-1]–[DIG-LOS-5]"),
    ("route", "Route", pygame.K_t, "Route (T): drag from start to end; the shortest legal route for a base "
                                   "and its cost [DIG-MOVE-1], [DIG-MOVE-2]"),
    ("measure", "Tape", pygame.K_m, "Measuring tape (M): drag to measure in inches"),
)
SHORTCUTS: list[tuple[str, str]] = [
    ("V P R E W", "tools: select, polygon, rectangle, ellipse, wall"),
    ("L T M", "sight, route, measuring tape"),
    ("Click / Shift+click / drag", "select, add to the selection, box select"),
    ("Drag a piece / corner / handle", "move it, move the corner, rotate (Shift: 15°) or scale"),
    ("Ctrl+click an edge", "insert a corner (or double-click the edge)"),
    ("Right-click a corner, Delete", "delete the corner; Delete alone deletes the pieces"),
    ("Arrows", "nudge by one grid step (Shift: 1″)"),
    ("Page Up / Page Down", "bring to front / send to back"),
    ("Ctrl+C / Ctrl+V / Ctrl+D", "copy, paste (also into another map), duplicate"),
    ("Ctrl+Z, Ctrl+Y / Ctrl+Shift+Z", "undo, redo (one drag is one step)"),
    ("Ctrl+S, Ctrl+Shift+S", "save (a map with problems: as a draft), save as"),
    ("Ctrl+N, Ctrl+O, Ctrl+A", "new map, open a map, select all"),
    ("Enter / Backspace / Esc", "close the shape / undo its last point / cancel"),
    ("Alt (held)", "no snapping while held"),
    ("G / F", "grid on or off / fit the table in view"),
    ("Wheel, right or middle drag", "zoom, pan"),
    ("F1", "this help"),
]
TOP_ROW1 = (("new", "New", "A new, empty map (Ctrl+N)"),
            ("open", "Open", "Open a shipped map, one of yours, or a draft (Ctrl+O)"),
            ("save", "Save", "Save (Ctrl+S). A map with problems is kept as a draft, never offered for a battle"),
            ("save_as", "Save as", "Save as a new file named after the map (Ctrl+Shift+S)"),
            ("play", "Play", "Play on this map: the battle set-up with this map chosen (saves it first)"),
            ("help", "Help", "Every control of the editor (F1)"), ("menu", "Menu", "Back to the main menu"))
AXIS_NAMES = {"vertical": "vertical", "horizontal": "horizontal", "diagonal": "diagonal \\",
              "antidiagonal": "diagonal /", "rotate180": "half turn"}


def _mods() -> int:
    return pygame.key.get_mods()


class EditorScene(Scene):
    name = "editor"
    SHORTCUTS = SHORTCUTS

    def __init__(self, app: App, path: str | Path | None = None, session: EditorSession | None = None):
        super().__init__(app)
        self.widgets: dict[str, pygame_gui.core.UIElement] = {}
        self.message = ""
        if session is None:
            session = self._start(path)
        self.session = session
        self.tool = "select"
        self.preset: Preset = BY_KEY["forest"]
        self.wall_width = self.preset.width
        self.cam = Camera()
        self.table_rect = pygame.Rect(0, 0, 10, 10)
        self.zoomed = False
        self.layer = view.TerrainLayer()
        self.drag: dict | None = None
        self.points: list[tuple[float, float]] = []  # the polygon or wall being drawn
        self.mouse = (0, 0)
        self.cue: Snap | None = None
        self.active_corner: tuple[int, int] | None = None
        self.keys_held = {"alt": False, "shift": False, "ctrl": False}
        self.pending: cmd.Mirror | None = None  # a mirror shown before it applies
        self.axis = "vertical"
        self.base_mm = 25.0
        self.show = {"grid": True, "rulers": True}
        self.encounter: str | None = None
        self.sight_at: tuple[float, float] | None = None
        self.sight: SightJob | None = None
        self.route_ends: tuple[tuple[float, float], tuple[float, float]] | None = None
        self.route_result = None
        self.tape: tuple[tuple[float, float], tuple[float, float]] | None = None
        self.overlay_state: MapState | None = None  # the state the overlays were computed for
        self._panel_key: tuple | None = None
        self._problems_before: list | None = None
        self.status_text = ""
        self._caption = ""
        self.status_rect = pygame.Rect(0, 0, 1, 1)
        self._valid_map: tuple[MapState, BattleMap] | None = None
        self.sight_view = view.SightView()
        self._since_autosave = 0.0
        self._autosaved: MapState | None = self.session.state
        self._last_click = (0, (0, 0))
        self.clock = 0.0

    def _start(self, path: str | Path | None) -> EditorSession:
        if path:
            try:
                return EditorSession.open(path)
            except ContentError as exc:
                self.message = f"could not open {path}: {exc.describe()}"
                return EditorSession.new()
        recovered = EditorSession.recover()
        if recovered is not None:
            self.message = "Recovered the unsaved map of the last session (from the editor's autosave)."
            return recovered
        return EditorSession.new()

    # -- layout -----------------------------------------------------------------------------------------------
    def build(self) -> None:
        self.widgets = {}
        w, h = self.app.size
        px = self.px
        row, gap, m = px(28), px(4), px(6)
        top_h, bottom_h = 2 * row + 3 * gap, px(24)
        left_w, right_w = px(184), px(270)
        self._build_top(pygame.Rect(m, gap, w - 2 * m, top_h), row, gap)
        self._build_left(pygame.Rect(m, top_h + gap, left_w - m, h - top_h - bottom_h - 2 * gap), row, gap)
        self._build_right(pygame.Rect(w - right_w, top_h + gap, right_w - m, h - top_h - bottom_h - 2 * gap),
                          row, gap)
        self.status_rect = pygame.Rect(m, h - bottom_h, w - 2 * m, bottom_h - 2)
        self.table_rect = pygame.Rect(left_w, top_h + gap, w - left_w - right_w, h - top_h - bottom_h - gap)
        if not self.zoomed:
            self.cam = Camera.fit(self.table_rect, margin=px(26))
        self._panel_key = self.panel_key()
        self._status()

    def _build_top(self, r: pygame.Rect, row: int, gap: int) -> None:
        px = self.px
        x = r.x
        for key, text, tip in TOP_ROW1:
            bw = px(66) if key not in ("save_as",) else px(76)
            common.button(self, key, pygame.Rect(x, r.y, bw, row), text, tip)
            x += bw + gap
        s = self.session.state
        rest = r.right - x
        name_w = max(px(120), min(px(240), rest // 3))
        lab = common.label(self, "name_label", pygame.Rect(x, r.y, px(46), row), "Name")
        lab.text_horiz_alignment = "right"
        lab.rebuild()
        x += px(50)
        self._entry("name", pygame.Rect(x, r.y, name_w, row), s.name, 60)
        x += name_w + gap
        self._entry("description", pygame.Rect(x, r.y, max(px(60), r.right - x), row), s.description, 300)
        y = r.y + row + gap
        x = r.x
        items = [("show_grid", "Grid", px(56), self.show["grid"], "Show the grid (G): ¼″, ½″ or 1″, a major line "
                                                                  "every 6″"),
                 ("rulers", "Rulers", px(64), self.show["rulers"], "Inch rulers along the table edges"),
                 ("encounter", f"Encounter: {self._encounter_name()}", px(200), self.encounter is not None,
                  "Show an encounter on the map: both deployment zones, its objectives and its own terrain "
                  "(click again for the next encounter)"),
                 ("axis", f"Axis: {AXIS_NAMES[self.axis]}", px(150), False, "The axis of mirroring and "
                                                                              "symmetric editing (click: next)"),
                 ("mirror_sel", "Mirror selection", px(126), False, "Mirror the selected pieces across the axis "
                                                                    "(shown first; Enter applies)"),
                 ("mirror_all", "Mirror map", px(96), False, "Mirror every piece across the axis (shown first)"),
                 ("mirror_copy", "Mirror copy", px(100), False, "Add a mirrored copy of the selection (or of "
                                                                "the whole map): a symmetric map in one step"),
                 ("symmetric", "Symmetric editing", px(140), self.session.state.symmetry is not None,
                  "Every edit is mirrored live to a twin piece across the axis")]
        if self.pending is not None:
            items = [("apply_mirror", "Apply (Enter)", px(120), True, self.pending.label),
                     ("cancel_mirror", "Cancel (Esc)", px(110), False, None)] + items
        for key, text, bw, on, tip in items:
            if x + bw > r.right:
                break
            b = common.button(self, key, pygame.Rect(x, y, bw, row), text, tip)
            common.select(b, on)
            x += bw + gap
        if not self.session.selection:
            for key in ("mirror_sel",):
                if key in self.widgets:
                    self.widgets[key].disable()

    def _entry(self, key: str, rect: pygame.Rect, text: str, limit: int) -> pygame_gui.elements.UITextEntryLine:
        entry = pygame_gui.elements.UITextEntryLine(rect, self.manager, container=self.root, initial_text=text)
        entry.set_text_length_limit(limit)
        self.widgets[key] = entry
        return entry

    def _build_left(self, r: pygame.Rect, row: int, gap: int) -> None:
        px = self.px
        half = (r.w - gap) // 2
        y = r.y
        for i, (key, text, _k, tip) in enumerate(TOOLS):
            b = common.button(self, f"tool:{key}", pygame.Rect(r.x + (i % 2) * (half + gap), y, half, row), text, tip)
            common.select(b, self.tool == key)
            if i % 2:
                y += row + gap
        self._head("presets_head", pygame.Rect(r.x, y, r.w, px(22)), "Terrain presets")
        y += px(22)
        prow = px(25)
        for i, p in enumerate(PRESETS):
            b = common.button(self, f"preset:{p.key}", pygame.Rect(r.x + (i % 2) * (half + gap), y, half, prow),
                              p.label, p.tip() + f". Draws with the {p.tool} tool.")
            common.select(b, self.preset.key == p.key)
            if i % 2:
                y += prow + gap
        y += gap
        lab = common.label(self, "wall_width_label", pygame.Rect(r.x, y, half, row), "Wall width ″")
        lab.text_horiz_alignment = "left"
        lab.rebuild()
        e = self._entry("wall_width", pygame.Rect(r.x + half + gap, y, half, row), f"{self.wall_width:g}", 5)
        e.set_allowed_characters([*"0123456789."])
        y += row + gap
        snap = self.session.snap
        b = common.button(self, "snap", pygame.Rect(r.x, y, half, row), f"Snap: {'on' if snap.on else 'off'}",
                          "Snap to the grid, to other pieces' corners and edges, and to the table edge "
                          "(hold Alt to draw freely)")
        common.select(b, snap.on)
        common.button(self, "grid_size", pygame.Rect(r.x + half + gap, y, half, row), f"Grid {_inch(snap.grid)}",
                      "The grid step: ¼″, ½″ or 1″ (click: next)")
        y += row + gap
        common.button(self, "undo", pygame.Rect(r.x, y, half, row), "Undo", "Ctrl+Z")
        common.button(self, "redo", pygame.Rect(r.x + half + gap, y, half, row), "Redo", "Ctrl+Y or Ctrl+Shift+Z")
        y += row + gap
        common.button(self, "base_size", pygame.Rect(r.x, y, r.w, row), f"Sight and route base: {self.base_mm:g} mm",
                      "The base the Sight and Route tools use: 25 mm, 40 mm (Large, Mounted) or 60 mm "
                      "(Gargantuan) [DIG-2] (click: next)")
        if not self.session.history.done:
            self.widgets["undo"].disable()
        if not self.session.history.undone:
            self.widgets["redo"].disable()

    def _head(self, key: str, rect: pygame.Rect, text: str) -> None:
        el = common.label(self, key, rect, text, "@small")
        el.text_horiz_alignment = "left"
        el.rebuild()

    def _build_right(self, r: pygame.Rect, row: int, gap: int) -> None:
        px = self.px
        sel = self.session.selected()
        y = r.y
        head = "Properties" if sel else "Nothing selected"
        if len(sel) > 1:
            head = f"Properties of {len(sel)} pieces"
        self._head("props_head", pygame.Rect(r.x, y, r.w, px(22)), head)
        y += px(22)
        label_w = px(78)
        if not sel:
            text = (f"Preset <b>{common.esc(self.preset.label)}</b>: {common.esc(self.preset.tip())}<br><br>"
                    "Pick a tool and draw on the table, or click a piece to edit it. F1 lists every control.")
            common.text_box(self, "props_text", pygame.Rect(r.x, y, r.w, px(150)), text, "@small")
            y += px(150) + gap
        else:
            p = sel[0]

            def lab(key: str, text: str, y: int) -> None:
                el = common.label(self, f"{key}_label", pygame.Rect(r.x, y, label_w, row), text)
                el.text_horiz_alignment = "left"
                el.tool_tip_text = FIELDS[key][1]
                el.rebuild()
            lab("id", "Id", y)
            e = self._entry("prop:id", pygame.Rect(r.x + label_w, y, r.w - label_w, row), p.id, 40)
            if len(sel) > 1:
                e.disable()
            y += row + gap
            lab("kind", "Kind", y)
            kw = (r.w - label_w - gap) // 2
            for i, kind in enumerate(("rough", "obstacle", "impassable", "area")):
                b = common.button(self, f"kind:{kind}", pygame.Rect(r.x + label_w + (i % 2) * (kw + gap),
                                                                    y + (i // 2) * (row + gap), kw, row),
                                  kind, KIND_RULES[kind])
                common.select(b, p.kind == kind)
            y += 2 * (row + gap)
            lab("style", "Style", y)
            sw = px(28)
            common.button(self, "style_prev", pygame.Rect(r.x + label_w, y, sw, row), "<", "Previous style")
            self._entry("prop:style", pygame.Rect(r.x + label_w + sw + gap, y, r.w - label_w - 2 * (sw + gap), row),
                        p.style or "", 30)
            common.button(self, "style_next", pygame.Rect(r.right - sw, y, sw, row), ">", "Next style")
            y += row + gap
            for key, text in (("blocks_los", "Blocks LOS"), ("water", "Water")):
                on = bool(getattr(p, key))
                if applies(key, p.kind):
                    lab(key, text, y)
                    b = common.button(self, f"prop:{key}", pygame.Rect(r.x + label_w, y, r.w - label_w, row),
                                      "yes" if on else "no", FIELDS[key][1])
                    common.select(b, on)
                    y += row + gap
                elif getattr(p, key) is not None and key == "blocks_los":
                    common.button(self, f"fix:{key}", pygame.Rect(r.x, y, r.w, row),
                                  f"Remove blocks_los (not for {p.kind})", FIELDS[key][1])
                    y += row + gap
            if applies("cross_cost", p.kind):
                lab("cross_cost", "Cost ″", y)
                e = self._entry("prop:cross_cost", pygame.Rect(r.x + label_w, y, r.w - label_w, row),
                                "" if p.cross_cost is None else f"{p.cross_cost:g}", 5)
                e.set_allowed_characters([*"0123456789."])
                y += row + gap
            elif p.cross_cost is not None:
                common.button(self, "fix:cross_cost", pygame.Rect(r.x, y, r.w, row),
                              f"Remove cross_cost (not for {p.kind})", FIELDS["cross_cost"][1])
                y += row + gap
            mine = [pr.message for pr in self.session.problems() if pr.uid in self.session.selection]
            if mine:  # the selected pieces' problems in full (the list below has one line each)
                box_h = min(px(110), max(px(44), r.bottom - y - px(120)))
                common.text_box(self, "piece_problems", pygame.Rect(r.x, y, r.w, box_h),
                                common.problems_html(mine), "@small")
                y += box_h + gap
            bw = (r.w - 3 * gap) // 4
            for i, (key, text, tip) in enumerate((("front", "Front", "Bring to front (Page Up)"),
                                                  ("back", "Back", "Send to back (Page Down)"),
                                                  ("duplicate", "Copy", "Duplicate (Ctrl+D)"),
                                                  ("delete", "Delete", "Delete the pieces (Delete)"))):
                common.button(self, key, pygame.Rect(r.x + i * (bw + gap), y, bw, row), text, tip)
            y += row + gap
        problems = self.session.problems()
        self._head("problems_head", pygame.Rect(r.x, y, r.w, px(22)),
                   f"Problems: {len(problems)}" if problems else "No problems: the map is playable")
        y += px(22)
        if problems and r.bottom - y > px(30):
            ids = {p.uid: p.id for p in self.session.state.pieces}
            items = [(str(i), pr.text(ids.get(pr.uid)) if pr.uid is not None else pr.text())
                     for i, pr in enumerate(problems)]
            self.problem_buttons = common.choice_list(self, "problem", pygame.Rect(r.x, y, r.w, r.bottom - y),
                                                      items, None, {k: t for k, t in items})
        else:
            self.problem_buttons = {}

    def _encounter_name(self) -> str:
        if self.encounter is None:
            return "off"
        item = common.content()["scenarios"].items.get(self.encounter)
        return item[1].name if item else self.encounter

    def panel_key(self) -> tuple:
        """What the side panels show; they are rebuilt when it changes (an edit's end, a new selection)."""
        s = self.session
        sel = tuple((p.uid, p.id, p.kind, p.style, p.blocks_los, p.cross_cost, p.water) for p in s.selected())
        probs = tuple((p.where, p.message) for p in s.problems()) if self.drag is None else self._panel_key
        return (sel, probs, self.tool, self.preset.key, self.pending is not None, s.state.name, s.state.description,
                s.state.symmetry, self.axis, self.encounter, bool(s.history.done), bool(s.history.undone),
                s.snap.on, s.snap.grid, tuple(self.show.items()), self.base_mm)

    def problems(self) -> list:
        """The map checks' verdict; while a drag is in progress, the verdict from before it (checked on drop)."""
        if self.drag is not None and self._problems_before is not None:
            return self._problems_before
        self._problems_before = self.session.problems()
        return self._problems_before

    # -- per frame --------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.clock += dt
        if self.drag is None and self.panel_key() != self._panel_key:
            self.rebuild()
        if self.drag is None:
            self._refresh_overlays()
        if self.sight is not None and not self.sight.done:
            self.sight.run(0.004)  # the rest of the shading, a few milliseconds a frame
        caption = f"Iron & Honor — map editor: {self.session.state.name}{' *' if self.session.dirty else ''}"
        if caption != self._caption:  # unsaved changes are marked in the window's title too
            self._caption = caption
            pygame.display.set_caption(caption)
        self._since_autosave += dt
        if self._since_autosave > 3.0 and self.drag is None and self.session.state is not self._autosaved:
            self._autosave()
        self._status()

    def _autosave(self) -> None:
        self._since_autosave = 0.0
        self._autosaved = self.session.state
        if not self.session.dirty:
            return
        try:
            self.session.autosave()
        except OSError as exc:
            self.message = f"autosave failed: {exc}"

    def _status(self) -> None:
        """The status line (drawn by the scene, not a widget: it changes with every mouse move)."""
        s = self.session
        where = "not saved yet" if s.path is None else ("shipped map: saving writes a copy to your mod folder"
                                                        if s.shipped else str(s.path))
        parts = [f"{s.state.name}{' *unsaved*' if s.dirty else ''}", ("DRAFT — " if s.draft else "") + where,
                 f"{len(s.state.pieces)} pieces", f"{len(self.problems())} problem(s)"]
        at = self.cam.to_inches(self.mouse)
        if 0 <= at[0] <= TABLE_SIZE and 0 <= at[1] <= TABLE_SIZE:
            parts.append(f"{at[0]:.2f}″, {at[1]:.2f}″")
        if self.message:
            parts.append(self.message)
        self.status_text = theme.displayable("  ·  ".join(parts))

    def valid_map(self) -> BattleMap:
        """The map for the overlays: the pieces without problems (a broken polygon cannot be measured). One
        BattleMap per state, so the geometry layer's route graph is built once per map, not per route."""
        state = self.session.state
        if self._valid_map is None or self._valid_map[0] is not state:
            bad = {p.uid for p in self.session.problems()}
            self._valid_map = (state, MapState(state.name, "", tuple(p for p in state.pieces
                                                                     if p.uid not in bad)).battle_map())
        return self._valid_map[1]

    def _refresh_overlays(self) -> None:
        """Sight and route follow the map: recomputed once when an edit ends."""
        if self.overlay_state is self.session.state:
            return
        self.overlay_state = self.session.state
        if self.sight_at is not None:
            self._start_sight(self.sight_at)
        if self.route_ends is not None:
            self._compute_route(*self.route_ends)

    def _start_sight(self, at: tuple[float, float]) -> None:
        self.sight_at = at
        self.sight = SightJob(self.valid_map(), at, self.base_mm)
        while not self.sight.coarse_done:  # the whole table, coarsely, before the next frame
            self.sight.run(0.05)

    def _compute_route(self, a: tuple[float, float], b: tuple[float, float]) -> None:
        self.route_ends = (a, b)
        try:
            self.route_result = route(self.valid_map(), a, b, self.base_mm)
        except Exception as exc:  # a start inside terrain and the like: shown, never raised
            self.route_result = None
            self.message = f"no route: {exc}"

    # -- drawing ---------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        cam = self.cam
        clip = surface.get_clip()
        surface.set_clip(self.table_rect)
        s = self.session
        state = s.state
        shown = self.pending.result(state) if self.pending is not None else state
        live = frozenset(s.selection) if self.drag is not None and self.drag["kind"] in (
            "move", "corner", "rotate", "scale") else frozenset()
        view.draw_table(surface, self.layer, state, cam, live, s.snap.grid if self.show["grid"] else None)
        font = theme.font(self.px(12))
        if self.encounter is not None:
            item = common.content()["scenarios"].items.get(self.encounter)
            if item is not None:
                view.draw_encounter(surface, encounter_shapes(item[1], state.battle_map()), cam, font,
                                    self.app.settings.colour_blind)
        if self.sight is not None:
            self.sight_view.draw(surface, self.sight, cam)
        marks: dict[int, list[int | None]] = {}
        for pr in self.problems():
            if pr.uid is not None:
                marks.setdefault(pr.uid, []).append(pr.corner)
        view.draw_problems(surface, state, cam, marks, font)
        view.draw_twins(surface, state, cam, s.selection)
        if self.pending is not None:
            view.draw_preview(surface, shown, state, cam)
        view.draw_selection(surface, s.selected(), cam, self.handles(), self.active_corner)
        self._draw_tool(surface, font)
        surface.set_clip(clip)
        if self.show["rulers"]:
            view.draw_rulers(surface, cam, font)
        status = theme.font(self.px(12)).render(self.status_text, True, theme.INK)
        surface.blit(status, status.get_rect(midleft=(self.status_rect.x, self.status_rect.centery)))

    def _draw_tool(self, surface: pygame.Surface, font: pygame.font.Font) -> None:
        cam = self.cam
        if self.points:
            pts = [cam.to_px(p) for p in self.points]
            hover = cam.to_px(self.cue.point) if self.cue is not None else self.mouse
            if self.tool == "wall" and len(self.points) >= 1:
                shape = thick_polyline(self.points + [self.cue.point] if self.cue else self.points, self.wall_width)
                if len(shape) >= 3:
                    view.outline(surface, shape, cam, view.SELECT, 1)
            pygame.draw.lines(surface, view.SELECT, False, pts + [hover], 2)
            for q in pts:
                pygame.draw.circle(surface, view.SELECT, q, 4)
            if self.tool == "polygon":
                pygame.draw.circle(surface, (255, 255, 255), pts[0], 8, 2)
        d = self.drag
        if d is not None and d["kind"] in ("rect", "ellipse") and self.cue is not None:
            poly = self._shape_of(d["start"], self.cue.point)
            if len(poly) >= 3:
                view.outline(surface, poly, cam, view.SELECT, 2)
        if d is not None and d["kind"] == "box":
            a, b = cam.to_px(d["start"]), self.mouse
            rect = pygame.Rect(min(a[0], b[0]), min(a[1], b[1]), abs(a[0] - b[0]), abs(a[1] - b[1]))
            pygame.draw.rect(surface, view.SELECT, rect, 1)
        radius = max(3, round(self.base_mm / 25.4 / 2 * cam.scale))
        if d is not None and d["kind"] == "sight" and self.sight_at is not None:  # the base follows the pointer
            pygame.draw.circle(surface, (250, 250, 250), cam.to_px(self.sight_at), radius)
            pygame.draw.circle(surface, (0, 0, 0), cam.to_px(self.sight_at), radius, 2)
            view.label_at(surface, "drop the base to see what it sees", cam.to_px(self.sight_at), font)
        if self.route_ends is not None:
            a, b = self.route_ends
            r = self.route_result
            if d is not None and d["kind"] == "route":  # the route is found on the drop, not on every move
                view.dash_line(surface, (255, 255, 255), cam.to_px(a), cam.to_px(b), 2)
                view.label_at(surface, f"{math.dist(a, b):.2f}″ straight; drop to find the route", cam.to_px(b),
                              font)
            elif r is not None and r.legal and r.move is not None:
                pts = [cam.to_px(p) for p in r.waypoints]
                pygame.draw.lines(surface, (255, 255, 255), False, pts, 3)
                for q in pts:
                    pygame.draw.circle(surface, (255, 255, 255), q, 3)
                rough = ", crosses rough terrain [TERR-2]" if r.move.crosses_rough else ""
                view.label_at(surface, f"route {r.cost:.2f}″{rough}", cam.to_px(b), font)
            else:
                pygame.draw.line(surface, view.PROBLEM, cam.to_px(a), cam.to_px(b), 2)
                why = r.reason if r is not None else "no route"
                view.label_at(surface, theme.displayable(why), cam.to_px(b), font, view.PROBLEM)
            for q in (a, b):
                pygame.draw.circle(surface, (255, 255, 255), cam.to_px(q), radius, 2)
        if self.tape is not None:
            a, b = self.tape
            pygame.draw.line(surface, (255, 255, 255), cam.to_px(a), cam.to_px(b), 2)
            view.label_at(surface, f"{math.dist(a, b):.2f}″", cam.to_px(b), font)
        if self.cue is not None and self.cue.kind in ("corner", "edge") and self.tool not in ("sight", "route",
                                                                                             "measure"):
            pygame.draw.circle(surface, (120, 255, 140), cam.to_px(self.cue.point), 6, 2)

    # -- geometry helpers ------------------------------------------------------------------------------------
    def handles(self) -> dict[str, tuple[int, int]]:
        sel = self.session.selected()
        if not sel:
            return {}
        x0, y0, x1, y1 = tf.bounds([p.polygon for p in sel])
        a, b = self.cam.to_px((x0, y0)), self.cam.to_px((x1, y1))
        off = self.px(12)
        top = ((a[0] + b[0]) // 2, a[1])
        return {"top": top, "rotate": (top[0], top[1] - self.px(26)), "scale_nw": (a[0] - off, a[1] - off),
                "scale_ne": (b[0] + off, a[1] - off), "scale_se": (b[0] + off, b[1] + off),
                "scale_sw": (a[0] - off, b[1] + off)}

    def selection_centre(self) -> tuple[float, float]:
        x0, y0, x1, y1 = tf.bounds([p.polygon for p in self.session.selected()])
        return ((x0 + x1) / 2, (y0 + y1) / 2)

    def reach(self) -> float:
        return self.px(8) / max(self.cam.scale, 1e-6)

    def snapped(self, at: tuple[float, float], ignore: frozenset[int] = frozenset()) -> Snap:
        settings = self.session.snap
        if self.keys_held["alt"] or _mods() & pygame.KMOD_ALT:
            from game.editor.snapping import SnapSettings

            settings = SnapSettings(on=False)
        return snap_point(at, self.session.state.pieces, settings, self.reach(), ignore, tuple(self.points))

    def piece_at(self, at: tuple[float, float]) -> Piece | None:
        for p in reversed(self.session.state.pieces):
            if len(p.polygon) >= 3 and point_in_polygon(at, p.polygon):
                return p
        return None

    def corner_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        for p in self.session.selected():
            for i, q in enumerate(p.polygon):
                if math.dist(self.cam.to_px(q), pos) <= self.px(7):
                    return (p.uid, i)
        return None

    def edge_at(self, pos: tuple[int, int]) -> tuple[int, int, tuple[float, float]] | None:
        at = self.cam.to_inches(pos)
        for p in self.session.selected():
            n = len(p.polygon)
            for i in range(n):
                q, d = nearest_on_segment(at, p.polygon[i], p.polygon[(i + 1) % n])
                if d * self.cam.scale <= self.px(6):
                    return (p.uid, i, q)
        return None

    def _shape_of(self, a: tuple[float, float], b: tuple[float, float]) -> tuple:
        if self.tool == "ellipse":
            return ellipse(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), abs(b[0] - a[0]) / 2, abs(b[1] - a[1]) / 2)
        return rectangle(a, b)

    # -- input -----------------------------------------------------------------------------------------------
    def _typing(self) -> bool:
        focus = self.manager.get_focus_set() or set()
        return any(isinstance(el, pygame_gui.elements.UITextEntryLine) for el in focus)

    def handle(self, event: pygame.event.Event) -> None:
        t = event.type
        if t == pygame_gui.UI_BUTTON_PRESSED:
            self._pressed(event.ui_element)
        elif t == pygame_gui.UI_TEXT_ENTRY_FINISHED:
            self._entry_done(event.ui_element, event.text)
        elif t in (pygame.KEYDOWN, pygame.KEYUP):
            self._modifier(event)
            if t == pygame.KEYDOWN and not self._typing():
                self._key(event)
        elif t == pygame.MOUSEMOTION:
            self.mouse = tuple(event.pos)
            self._motion(event)
        elif t == pygame.MOUSEBUTTONDOWN:
            self.mouse = tuple(event.pos)
            if self.table_rect.collidepoint(event.pos):
                self._unfocus()
                if event.button == 1:
                    self._press(tuple(event.pos))
                elif event.button in (2, 3):
                    self.drag = self.drag or {"kind": "pan", "start": tuple(event.pos), "button": event.button,
                                              "moved": False, "origin": (self.cam.ox, self.cam.oy)}
        elif t == pygame.MOUSEBUTTONUP:
            self.mouse = tuple(event.pos)
            self._release(tuple(event.pos), event.button)
        elif t == pygame.MOUSEWHEEL and self.table_rect.collidepoint(self.mouse):
            self._zoom(1.15 ** event.y, self.mouse)

    def _unfocus(self) -> None:
        for el in list(self.manager.get_focus_set() or set()):
            if isinstance(el, pygame_gui.elements.UITextEntryLine):
                self._entry_done(el, el.get_text())
                el.unfocus()

    def _modifier(self, event: pygame.event.Event) -> None:
        on = event.type == pygame.KEYDOWN
        for name, keys in (("alt", (pygame.K_LALT, pygame.K_RALT)), ("shift", (pygame.K_LSHIFT, pygame.K_RSHIFT)),
                           ("ctrl", (pygame.K_LCTRL, pygame.K_RCTRL))):
            if event.key in keys:
                self.keys_held[name] = on

    def _held(self, name: str, event: pygame.event.Event | None = None) -> bool:
        flag = {"alt": pygame.KMOD_ALT, "shift": pygame.KMOD_SHIFT, "ctrl": pygame.KMOD_CTRL}[name]
        mod = getattr(event, "mod", 0) if event is not None else 0
        return self.keys_held[name] or bool(_mods() & flag) or bool(mod & flag)

    def _zoom(self, factor: float, at: tuple[int, int]) -> None:
        c = self.cam
        scale = max(4.0, min(200.0, c.scale * factor))
        ix, iy = c.to_inches(at)
        self.cam = Camera(scale, at[0] - ix * scale, at[1] - iy * scale)
        self.zoomed = True

    def _press(self, pos: tuple[int, int]) -> None:
        at = self.cam.to_inches(pos)
        self.message = ""
        if self.pending is not None:
            return
        if self.tool == "select":
            self._press_select(pos, at)
        elif self.tool in ("polygon", "wall"):
            snap = self.snapped(at)
            closes = self.tool == "polygon" and len(self.points) >= 3 and \
                math.dist(self.cam.to_px(self.points[0]), pos) <= self.px(8)
            ends = self.tool == "wall" and len(self.points) >= 2 and \
                math.dist(self.cam.to_px(self.points[-1]), pos) <= self.px(6)
            if closes or ends:
                self.finish_shape()
            else:
                self.points.append(snap.point)
        elif self.tool in ("rect", "ellipse"):
            self.drag = {"kind": self.tool, "start": self.snapped(at).point}
        elif self.tool == "sight":
            self.drag = {"kind": "sight"}
            self.sight_at, self.sight = at, None
        elif self.tool == "route":
            self.drag = {"kind": "route", "start": at}
            self.route_ends, self.route_result = (at, at), None
        elif self.tool == "measure":
            p = self.snapped(at).point
            self.drag = {"kind": "measure", "start": p}
            self.tape = (p, p)

    def _press_select(self, pos: tuple[int, int], at: tuple[float, float]) -> None:
        s = self.session
        now = self.clock
        double = now - self._last_click[0] < 0.4 and math.dist(self._last_click[1], pos) < 5
        self._last_click = (now, pos)
        h = self.handles()
        if h and math.dist(h["rotate"], pos) <= self.px(9):
            c = self.selection_centre()
            self.drag = {"kind": "rotate", "centre": c, "a0": math.atan2(at[1] - c[1], at[0] - c[0])}
            return
        for k in ("scale_nw", "scale_ne", "scale_se", "scale_sw"):
            if k in h and math.dist(h[k], pos) <= self.px(8):
                x0, y0, x1, y1 = tf.bounds([p.polygon for p in s.selected()])
                anchor = {"scale_nw": (x1, y1), "scale_ne": (x0, y1), "scale_se": (x0, y0), "scale_sw": (x1, y0)}[k]
                grab = {"scale_nw": (x0, y0), "scale_ne": (x1, y0), "scale_se": (x1, y1), "scale_sw": (x0, y1)}[k]
                self.drag = {"kind": "scale", "anchor": anchor, "grab": grab, "start": at}
                return
        corner = self.corner_at(pos)
        if corner is not None:
            self.active_corner = corner
            self.drag = {"kind": "corner", "uid": corner[0], "index": corner[1]}
            return
        edge = self.edge_at(pos)
        if edge is not None and (self._held("ctrl") or double):
            uid, i, q = edge
            s.do(cmd.InsertCorner(uid, i, self.snapped(q, frozenset({uid})).point))
            self.active_corner = (uid, i + 1)
            self.drag = {"kind": "corner", "uid": uid, "index": i + 1}
            return
        self.active_corner = None
        piece = self.piece_at(at)
        shift = self._held("shift")
        if piece is None:
            if not shift:
                s.select([])
            self.drag = {"kind": "box", "start": at, "add": shift}
            return
        if shift:
            if piece.uid in s.selection:
                s.selection.discard(piece.uid)
                return
            s.select([piece.uid], add=True)
        elif piece.uid not in s.selection:
            s.select([piece.uid])
        anchor = min(piece.polygon, key=lambda q: math.dist(q, at))
        self.drag = {"kind": "move", "start": at, "anchor": anchor}

    def _motion(self, event: pygame.event.Event) -> None:
        pos = tuple(event.pos)
        at = self.cam.to_inches(pos)
        d = self.drag
        s = self.session
        if d is None:
            if self.tool in ("polygon", "wall", "rect", "ellipse", "measure"):
                self.cue = self.snapped(at)
            else:
                self.cue = None
            return
        kind = d["kind"]
        if kind == "pan":
            dx, dy = pos[0] - d["start"][0], pos[1] - d["start"][1]
            if abs(dx) + abs(dy) > 3:
                d["moved"] = True
            self.cam = Camera(self.cam.scale, d["origin"][0] + dx, d["origin"][1] + dy)
            self.zoomed = True
        elif kind == "move":
            target = self.snapped((d["anchor"][0] + at[0] - d["start"][0], d["anchor"][1] + at[1] - d["start"][1]),
                                  frozenset(s.selection)).point
            self.cue = Snap(target, "corner") if target else None
            s.history.preview(cmd.MovePieces(sorted(s.selection), target[0] - d["anchor"][0],
                                             target[1] - d["anchor"][1]))
        elif kind == "corner":
            snap = self.snapped(at, frozenset({d["uid"]}))
            self.cue = snap
            s.history.preview(cmd.MoveCorner(d["uid"], d["index"], snap.point))
        elif kind == "rotate":
            c = d["centre"]
            deg = math.degrees(math.atan2(at[1] - c[1], at[0] - c[0]) - d["a0"])
            deg = snap_angle(deg) if self._held("shift", event) else round(deg * 2) / 2
            s.history.preview(cmd.RotatePieces(sorted(s.selection), deg, c))
        elif kind == "scale":
            ax, ay = d["anchor"]
            gx, gy = d["grab"]
            moved = (gx + at[0] - d["start"][0], gy + at[1] - d["start"][1])  # the corner follows the pointer
            p = self.snapped(moved, frozenset(s.selection)).point
            sx = (p[0] - ax) / (gx - ax) if abs(gx - ax) > 1e-9 else 1.0
            sy = (p[1] - ay) / (gy - ay) if abs(gy - ay) > 1e-9 else 1.0
            sx, sy = max(0.05, sx), max(0.05, sy)
            if self._held("shift", event):
                sx = sy = max(sx, sy)
            s.history.preview(cmd.ScalePieces(sorted(s.selection), sx, sy, d["anchor"]))
        elif kind in ("rect", "ellipse"):
            self.cue = self.snapped(at)
        elif kind == "sight":
            self.sight_at = at  # the base follows the pointer; the shading waits for the drop
        elif kind == "route":
            self.route_ends = (d["start"], at)
        elif kind == "measure":
            self.tape = (d["start"], self.snapped(at).point)

    def _release(self, pos: tuple[int, int], button: int) -> None:
        d, self.drag = self.drag, None
        if d is None:
            return
        s = self.session
        at = self.cam.to_inches(pos)
        kind = d["kind"]
        if kind == "pan":
            if not d["moved"] and d.get("button") == 3:
                corner = self.corner_at(pos)
                if corner is not None:
                    s.do(cmd.DeleteCorner(*corner))
                    self.active_corner = None
            return
        if button != 1:
            self.drag = d
            return
        if kind in ("move", "corner", "rotate", "scale"):
            s.history.commit()
        elif kind == "box":
            a = d["start"]
            x0, x1 = sorted((a[0], at[0]))
            y0, y1 = sorted((a[1], at[1]))
            if (x1 - x0) * self.cam.scale > 3 or (y1 - y0) * self.cam.scale > 3:
                hit = [p.uid for p in s.state.pieces if p.polygon and _overlaps(p.bounds, (x0, y0, x1, y1))]
                s.select(hit, add=d["add"])
        elif kind in ("rect", "ellipse"):
            end = self.snapped(at).point
            a = d["start"]
            if abs(end[0] - a[0]) > 1e-6 and abs(end[1] - a[1]) > 1e-6:
                self.add_piece(self._shape_of(a, end))
        elif kind == "sight":
            self._start_sight(at)
        elif kind == "route":
            self._compute_route(d["start"], at)
        elif kind == "measure":
            self.tape = (d["start"], self.snapped(at).point)
        self.cue = None

    def add_piece(self, polygon: tuple) -> None:
        p = self.preset
        piece = Piece(p.key, p.kind, tuple(polygon), p.style, p.blocks_los, p.cross_cost, p.water)
        if self.session.do(cmd.AddPieces([piece])):
            self.session.select([piece.uid])  # AddPieces may renumber its id, never its uid

    def finish_shape(self) -> None:
        pts, self.points = self.points, []
        if self.tool == "polygon" and len(pts) >= 3:
            self.add_piece(tuple(pts))
        elif self.tool == "wall" and len(pts) >= 2:
            self.add_piece(thick_polyline(pts, self.wall_width))

    def _key(self, event: pygame.event.Event) -> None:
        k = event.key
        ctrl, shift = self._held("ctrl", event), self._held("shift", event)
        s = self.session
        if ctrl:
            if k == pygame.K_z:
                self.redo() if shift else self.undo()
            elif k == pygame.K_y:
                self.redo()
            elif k == pygame.K_c:
                n = s.copy()
                self.message = f"copied {n} piece(s)"
            elif k == pygame.K_v:
                s.paste()
            elif k == pygame.K_d:
                s.duplicate()
            elif k == pygame.K_s:
                self.save(as_new=shift)
            elif k == pygame.K_n:
                self.ask_then(self.new_map)
            elif k == pygame.K_o:
                self.ask_then(self.open_dialog)
            elif k == pygame.K_a:
                s.select(s.state.uids())
            return
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.pending is not None:
                self.apply_mirror()
            elif self.points:
                self.finish_shape()
        elif k == pygame.K_ESCAPE:
            if self.pending is not None:
                self.pending = None
            elif self.points:
                self.points = []
            elif self.drag is not None:
                s.history.cancel_preview()
                self.drag = None
            elif s.selection:
                s.select([])
                self.active_corner = None
            else:
                self.leave_editor()
        elif k == pygame.K_BACKSPACE and self.points:
            self.points.pop()
        elif k in (pygame.K_DELETE, pygame.K_BACKSPACE):
            if self.active_corner is not None:
                s.do(cmd.DeleteCorner(*self.active_corner))
                self.active_corner = None
            elif s.selection:
                s.do(cmd.DeletePieces(s.selection))
        elif k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN) and s.selection:
            step = 1.0 if shift else s.snap.grid
            dx = {pygame.K_LEFT: -step, pygame.K_RIGHT: step}.get(k, 0.0)
            dy = {pygame.K_UP: -step, pygame.K_DOWN: step}.get(k, 0.0)
            s.do(cmd.MovePieces(sorted(s.selection), dx, dy))
        elif k == pygame.K_PAGEUP and s.selection:
            s.do(cmd.Reorder(s.selection, True))
        elif k == pygame.K_PAGEDOWN and s.selection:
            s.do(cmd.Reorder(s.selection, False))
        elif k == pygame.K_g:
            self.show["grid"] = not self.show["grid"]
        elif k == pygame.K_f:
            self.zoomed = False
            self.cam = Camera.fit(self.table_rect, margin=self.px(26))
        else:
            for key, _t, hot, _tip in TOOLS:
                if k == hot:
                    self.set_tool(key)

    # -- buttons and entries ---------------------------------------------------------------------------------
    def _pressed(self, el: pygame_gui.core.UIElement) -> None:
        w, s = self.widgets, self.session
        key = next((k for k, v in w.items() if v is el), None)
        if key is None:
            return
        sel = sorted(s.selection)
        if key.startswith("problem:") and el in self.problem_buttons:  # select the piece it is about
            problems = s.problems()
            i = int(self.problem_buttons[el])
            if i < len(problems) and problems[i].uid is not None:
                s.select([problems[i].uid])
                self.set_tool("select")
            return
        if key.startswith("tool:"):
            self.set_tool(key[5:])
        elif key.startswith("preset:"):
            self.preset = BY_KEY[key[7:]]
            self.wall_width = self.preset.width
            if sel and self.tool == "select":  # restyle the selection; else draw with the preset's tool
                s.do(cmd.SetStyle(sel, self.preset.values()))
            else:
                self.set_tool(self.preset.tool)
            self._panel_key = None
        elif key.startswith("kind:"):
            s.do(cmd.SetProperty(sel, "kind", key[5:]))
        elif key in ("style_prev", "style_next") and sel:
            cur = s.state.get(sel[0]).style
            i = STYLES.index(cur) if cur in STYLES else -1
            nxt = STYLES[(i + (1 if key == "style_next" else -1)) % len(STYLES)]
            s.do(cmd.SetProperty(sel, "style", nxt))
        elif key == "prop:blocks_los":
            s.do(cmd.SetProperty(sel, "blocks_los", not bool(s.state.get(sel[0]).blocks_los)))
        elif key == "prop:water":
            s.do(cmd.SetProperty(sel, "water", not s.state.get(sel[0]).water))
        elif key.startswith("fix:"):
            s.do(cmd.SetProperty(sel, key[4:], None))
        elif key == "front":
            s.do(cmd.Reorder(sel, True))
        elif key == "back":
            s.do(cmd.Reorder(sel, False))
        elif key == "duplicate":
            s.duplicate()
        elif key == "delete":
            s.do(cmd.DeletePieces(sel))
        elif key == "undo":
            self.undo()
        elif key == "redo":
            self.redo()
        elif key == "snap":
            s.snap.on = not s.snap.on
        elif key == "grid_size":
            s.snap.grid = GRIDS[(GRIDS.index(s.snap.grid) + 1) % len(GRIDS)] if s.snap.grid in GRIDS else 0.5
        elif key == "base_size":
            sizes = (25.0, 40.0, 60.0)
            self.base_mm = sizes[(sizes.index(self.base_mm) + 1) % len(sizes)] if self.base_mm in sizes else 25.0
            self.overlay_state = None  # sight and route again, for the new base
        elif key == "show_grid":
            self.show["grid"] = not self.show["grid"]
        elif key == "rulers":
            self.show["rulers"] = not self.show["rulers"]
        elif key == "encounter":
            keys = sorted(common.content()["scenarios"].items)
            order = [None, *keys]
            self.encounter = order[(order.index(self.encounter) + 1) % len(order)] if self.encounter in order \
                else None
        elif key == "axis":
            axes = list(tf.AXES)
            self.axis = axes[(axes.index(self.axis) + 1) % len(axes)]
            if s.state.symmetry is not None:
                s.do(cmd.SetSymmetry(self.axis))
        elif key in ("mirror_sel", "mirror_all", "mirror_copy"):
            self.preview_mirror(key)
        elif key == "apply_mirror":
            self.apply_mirror()
        elif key == "cancel_mirror":
            self.pending = None
        elif key == "symmetric":
            s.do(cmd.SetSymmetry(None if s.state.symmetry is not None else self.axis))
        elif key == "new":
            self.ask_then(self.new_map)
        elif key == "open":
            self.ask_then(self.open_dialog)
        elif key == "save":
            self.save()
        elif key == "save_as":
            self.save(as_new=True)
        elif key == "play":
            self.play()
        elif key == "help":
            from game.ui.scenes.help import HelpOverlay

            self.app.push(HelpOverlay(self.app))
        elif key == "menu":
            self.leave_editor()

    def _entry_done(self, el: pygame_gui.core.UIElement, text: str) -> None:
        w, s = self.widgets, self.session
        key = next((k for k, v in w.items() if v is el), None)
        sel = sorted(s.selection)
        text = text.strip()
        if key == "name" and text and text != s.state.name:
            s.do(cmd.SetMeta(name=text))
        elif key == "description" and text != s.state.description:
            s.do(cmd.SetMeta(description=text))
        elif key == "prop:id" and sel and text:
            s.do(cmd.SetProperty(sel[:1], "id", text))
        elif key == "prop:style" and sel:
            s.do(cmd.SetProperty(sel, "style", text or None))
        elif key == "prop:cross_cost" and sel:
            try:
                value = float(text) if text else None
            except ValueError:
                self.message = f"the crossing cost must be a number of inches, not '{text}'"
                return
            s.do(cmd.SetProperty(sel, "cross_cost", value))
        elif key == "wall_width":
            try:
                self.wall_width = max(0.1, min(6.0, float(text)))
            except ValueError:
                self.message = f"the wall width must be a number of inches, not '{text}'"

    def set_tool(self, tool: str) -> None:
        if self.points and tool != self.tool:
            self.finish_shape()
        self.tool = tool
        self.cue = None

    def undo(self) -> None:
        c = self.session.undo()
        self.message = f"undid: {c.label}" if c else "nothing to undo"

    def redo(self) -> None:
        c = self.session.redo()
        self.message = f"redid: {c.label}" if c else "nothing to redo"

    def preview_mirror(self, key: str) -> None:
        s = self.session
        uids = None if key == "mirror_all" or (key == "mirror_copy" and not s.selection) else sorted(s.selection)
        if key == "mirror_sel" and not uids:
            return
        self.pending = cmd.Mirror(uids, self.axis, copy=key == "mirror_copy")
        self.message = f"preview: {self.pending.label} — Enter applies, Esc cancels"

    def apply_mirror(self) -> None:
        if self.pending is not None:
            self.session.do(self.pending)
            self.message = self.pending.label
            self.pending = None

    # -- files -----------------------------------------------------------------------------------------------
    def save(self, as_new: bool = False) -> bool:
        self._unfocus()
        try:
            saved = self.session.save(as_new=as_new)
        except OSError as exc:
            self.message = f"NOT saved: {exc}"
            return False
        common.rescan()  # the battle set-up lists it at once
        n = len(self.session.problems())
        self.message = (f"saved as a DRAFT (fix its {n} problem(s) to play it): {saved.path}" if saved.draft
                        else f"saved: {saved.path}")
        self._autosaved = self.session.state
        return True

    def ask_then(self, then) -> None:
        """Run ``then`` now, or after the player has saved or discarded unsaved changes."""
        if not self.session.dirty:
            then()
            return

        def answer(key: str) -> None:
            if key == "save" and self.save():
                then()
            elif key == "discard":
                self.session.clear_autosave()
                then()

        self.app.push(ConfirmDialog(self.app, "Unsaved changes",
                                    f"'{self.session.state.name}' has unsaved changes. Save them first?",
                                    [("save", "Save"), ("discard", "Discard"), ("cancel", "Cancel")], answer))

    def hold_quit(self) -> bool:
        """The window is closing: with unsaved changes, ask first."""
        if not self.session.dirty:
            return False
        self.ask_then(self._quit)
        return True

    def _quit(self) -> None:
        self.app.running = False

    def new_map(self) -> None:
        self._replace_session(EditorSession.new())
        self.message = "a new map"

    def open_dialog(self) -> None:
        self.app.push(OpenDialog(self.app, None, self.open_path))

    def open_path(self, path: Path) -> None:
        try:
            session = EditorSession.open(path)
        except ContentError as exc:
            self.message = f"could not open: {exc.describe()}"
            return
        self._replace_session(session)
        self.message = f"opened {path}" + (" (a shipped map: saving writes a copy)" if session.shipped else "")

    def _replace_session(self, session: EditorSession) -> None:
        self.session = session
        self.points, self.pending, self.active_corner, self.drag = [], None, None, None
        self.sight = self.sight_at = self.route_ends = self.route_result = self.tape = None
        self.overlay_state = None
        self._autosaved = session.state
        self.rebuild()

    def leave_editor(self) -> None:
        self.ask_then(self._leave)

    def _leave(self) -> None:
        self.session.clear_autosave()
        if self.app.top is self:
            self.app.pop()

    def play(self) -> None:
        """The battle set-up with this map chosen; the map is saved first (a shipped, unchanged map is used as is)."""
        s = self.session
        n = len(s.problems())
        if n:
            self.message = f"fix the map's {n} problem(s) before playing on it"
            return
        if (s.dirty or s.path is None or s.draft) and not self.save():
            return
        assert s.path is not None
        from game.ui.scenes.setup import SetupScene

        common.rescan()
        setup = SetupScene(self.app)
        setup.setup.map = s.path.stem.lower()
        self.app.push(setup)

    def leave(self) -> None:
        if not self.session.dirty:
            self.session.clear_autosave()
        pygame.display.set_caption("Iron & Honor")
        super().leave()

    def cover(self) -> None:
        pygame.display.set_caption("Iron & Honor")  # the editor's title comes back when it is on top again
        self._caption = ""
        super().cover()


def _overlaps(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def _inch(v: float) -> str:
    return {0.25: "¼″", 0.5: "½″", 1.0: "1″"}.get(v, f"{v:g}″")
