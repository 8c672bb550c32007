"""The map editor's panels: the file and view bar on top, tools and presets on the left, the properties and
problems on the right (PropertiesPanel). A part of EditorScene; the panels show the scene's state and follow it
when what they show changes (``panel_key``), never while a drag is in progress. The widgets are kept in a
WidgetPool, so a layout pass over the kept widgets only sets what differs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.editor.presets import PRESETS
from game.ui.scenes import common
from game.ui.scenes.editor_commands import (
    Command,
    EditAct,
    Field,
    FileAct,
    MirrorAct,
    PickPreset,
    PickTool,
    ShowTab,
    ViewAct,
)
from game.ui.scenes.editor_pool import WidgetPool, chosen
from game.ui.scenes.editor_props import PropertiesPanel
from game.ui.table_view import Camera

if TYPE_CHECKING:
    from game.ui.scenes.editor import EditorScene

TOOLS: tuple[tuple[str, str, int, str], ...] = (
    ("select", "Select", pygame.K_v, "Select (V): click or drag a box (Shift adds); drag to move; 'Restyle selection' "
                                     "gives it the preset's kind and look; handles rotate "
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
    ("Ctrl+N, Ctrl+G, Ctrl+O, Ctrl+A", "new map, generate a map, open a map, select all"),
    ("Enter / Backspace", "close the shape / undo its last point"),
    ("Esc", "cancel: the shape, the selection, an overlay, then the tool; with nothing left, Esc twice leaves"),
    ("Tab / Shift+Tab", "next / previous text field (a field is kept when you leave it)"),
    ("Alt (held)", "no snapping while held"),
    ("G / F", "grid on or off / fit the table in view"),
    ("Wheel, right or middle drag", "zoom, pan"),
    ("F1", "this help"),
]
HELP_TITLE = "Map editor controls"
HELP_NOTES: list[tuple[str, str]] = [
    ("Drawing", "Pick a terrain preset: it chooses the tool that draws it (a forest a polygon, a wall a thick "
                "line). Click the corners, or drag a box; walls and rivers are cut at the table edge."),
    ("Editing", "Select a piece to edit its id, kind, style, flags, position, size and turn on the right. "
                "'Restyle selection' gives it the current preset's look and rules. Text fields keep what you "
                "type when you leave them (Tab, a click elsewhere, Ctrl+S)."),
    ("Problems and warnings", "Problems (red) make a map a draft that cannot be played; click one to select "
                              "its piece, the place is ringed on the table. Warnings (amber) are playable but "
                              "likely mistakes, such as overlapping pieces."),
    ("Sight and route", "Sight shades what a base sees; Route finds the shortest legal path. Pieces with "
                        "problems cannot be measured: the overlay says when it leaves them out."),
    ("Mirroring", "Mirror moves pieces across the axis (blue preview, old place dashed); Mirror copy adds "
                  "twins (green preview), leaving alone pieces that have a twin already."),
    ("Fairness", "Fairness plays AI games of an encounter on the map, each party on each side: the win rate of the "
                 "side at each deployment edge with its 95 % interval; where models died is drawn on the table "
                 "until the next edit."),
    ("Generate", "Generate (Ctrl+G) draws a symmetric map from how much terrain, the axis, the kinds and a seed; "
                 "it opens as a new, unsaved map with symmetric editing on (one undo clears it)."),
    ("Saving", "Save writes to your mod folder (a shipped map as a copy); Save as asks for the new name. "
               "Unsaved work is autosaved and offered back, with its undo steps, after a crash."),
]
TOP_ROW1: tuple[tuple[str, str, str, FileAct], ...] = (
    ("new", "New", "A new, empty map (Ctrl+N)", FileAct.NEW),
    ("generate", "Generate", "Draw a symmetric map from a few choices: how much terrain, which kinds, the axis "
                             "(Ctrl+G)", FileAct.GENERATE),
    ("open", "Open", "Open a shipped map, one of yours, or a draft (Ctrl+O)", FileAct.OPEN),
    ("save", "Save", "Save (Ctrl+S). A map with problems is kept as a draft, never offered for a battle", FileAct.SAVE),
    ("save_as", "Save as", "Save as a new map: asks for its name; the file is named after it (Ctrl+Shift+S)",
     FileAct.SAVE_AS),
    ("play", "Play", "Play on this map: the battle set-up with this map chosen (saves it first)", FileAct.PLAY),
    ("fairness", "Fairness", "AI games of an encounter on this map, each party on each side: the side advantage by "
                             "deployment edge, and where models died", FileAct.FAIRNESS),
    ("help", "Help", "Every control of the editor (F1)", FileAct.HELP),
    ("menu", "Menu", "Back to the main menu", FileAct.MENU))
AXIS_NAMES = {"vertical": "vertical", "horizontal": "horizontal", "diagonal": "diagonal \\",
              "antidiagonal": "diagonal /", "rotate180": "half turn"}
TOOL_NAMES = {"select": "Select", "polygon": "Polygon", "rect": "Rectangle", "ellipse": "Ellipse", "wall": "Wall",
              "sight": "Sight", "route": "Route", "measure": "Tape"}


_LEFT, _RIGHT = "page:_build_left", "page:_build_right"  # the side panels' scrolling pages (widget keys)


class _Relayout(Exception):
    """The incremental pass found that the layout itself changes (a panel needs a page, the top bar wraps
    differently): everything is built again."""


class EditorPanels:
    """The layout of the editor's widgets: the top bar, the side panels, the mirror preview's buttons."""

    def __init__(self, scene: EditorScene) -> None:
        self.scene = scene
        self.pool = WidgetPool(scene)
        self.props = PropertiesPanel(scene, self.pool)
        self._pages: dict[str, tuple[pygame_gui.elements.UIScrollingContainer, pygame.Rect]] = {}
        self._incremental = False
        self._built_for: tuple | None = None
        self._top_rows: int | None = None
        self.shown_key: tuple | None = None  # the panel key the panels show (None: lay them out again)

    def build(self) -> None:
        """Every widget made anew (entering, a resize, a new UI scale, the other side tab)."""
        self.pool.reset()
        self._pages = {}
        self._incremental = False
        self._layout()

    def layout_key(self) -> tuple:
        """What changes the layout itself: a new one is built when it changes."""
        return (self.scene.app.size, self.scene.app.settings.ui_scale, self.scene.side_tab)

    def refresh(self) -> None:
        """The panels brought up to date with the state: the same layout code run again over the widgets made
        by ``build``, setting only what differs; the whole layout again only when the layout key changes."""
        if self.scene.root is None or self._built_for != self.layout_key():
            self.scene.rebuild()
            return
        self._incremental = True
        try:
            self._layout()
        except _Relayout:
            self._incremental = False
            self.scene.rebuild()
        finally:
            self._incremental = False

    def _layout(self) -> None:
        scene = self.scene
        self.pool.start_pass()
        scene.page = None
        w, h = scene.app.size
        px = scene.px
        row, gap, m = px(28), px(4), px(6)
        bottom_h = px(24)
        left_w, right_w = px(184), px(270)
        rows = self._build_top(pygame.Rect(m, gap, w - 2 * m, row), row, gap)
        top_h = rows * row + (rows + 1) * gap
        body = pygame.Rect(0, top_h + gap, w, h - top_h - bottom_h - 2 * gap)
        if w - left_w - right_w >= 0.45 * w:  # room for both panels beside a table of a useful size
            self._panel(pygame.Rect(m, body.y, left_w - m, body.h), self._build_left, _LEFT, row, gap)
            self._panel(pygame.Rect(w - right_w, body.y, right_w - m, body.h), self.props.build, _RIGHT, row, gap)
            scene.table_rect = pygame.Rect(left_w, body.y, w - left_w - right_w, body.h + gap)
        else:  # a narrow window for the scale: one panel, its tools or the properties behind two tabs
            side_w = min(right_w, w // 2)
            r = pygame.Rect(m, body.y, side_w - m, body.h)
            half = (r.w - gap) // 2
            for i, (key, text, tip) in enumerate((("tools", "Tools", "The tools, terrain presets and snapping"),
                                                  ("props", "Properties", "The selected pieces' properties and "
                                                                          "the map's problems"))):
                b = self.pool.button(f"tab:{key}", pygame.Rect(r.x + i * (half + gap), r.y, half, row), text, tip,
                                     command=ShowTab(key))
                chosen(b, scene.side_tab == key)
            r = pygame.Rect(r.x, r.y + row + gap, r.w, r.h - row - gap)
            if scene.side_tab == "tools":
                self._panel(r, self._build_left, _LEFT, row, gap)
            else:
                self._panel(r, self.props.build, _RIGHT, row, gap)
            scene.table_rect = pygame.Rect(side_w, body.y, w - side_w - m, body.h + gap)
        self._mirror_buttons(row, gap)
        scene.status_rect = pygame.Rect(m, h - bottom_h, w - 2 * m, bottom_h - 2)
        if not scene.zoomed:
            scene.cam = Camera.fit(scene.table_rect, margin=px(34))  # room for the rulers' numbers
        self.pool.settle()
        self._built_for = self.layout_key()
        self.shown_key = self.panel_key()
        scene.status.update()

    def _mirror_buttons(self, row: int, gap: int) -> None:
        """Apply / Cancel of a mirror preview float over the table's bottom edge (the rulers are at the top): no
        other control moves for a preview."""
        pending = self.scene.pending
        if pending is None:
            return
        t = self.scene.table_rect
        bw = self.scene.px(120)
        by = t.bottom - row - 2 * gap
        b = self.pool.button("apply_mirror", pygame.Rect(t.centerx - bw - gap, by, bw, row), "Apply (Enter)",
                             pending.label, command=MirrorAct.APPLY)
        chosen(b, True)
        self.pool.button("cancel_mirror", pygame.Rect(t.centerx + gap, by, bw, row), "Cancel (Esc)",
                         command=MirrorAct.CANCEL)

    def _panel(self, r: pygame.Rect, fill: Callable[[pygame.Rect, int, int], None], name: str, row: int,
               gap: int) -> None:
        """A side panel laid out in ``r``; when its content runs below ``r`` it is laid out again on a page (the
        widget ``name``) that scrolls up and down (the page is kept while the layout is)."""
        scene, pool = self.scene, self.pool
        paged = self._pages.get(name) if self._incremental else None
        if paged is None:
            before = set(scene.widgets)
            fill(r, row, gap)
            new = [k for k in scene.widgets if k not in before]
            bottom = max((scene.widgets[k].rect.bottom for k in new if scene.widgets[k].ui_container is scene.root),
                         default=r.bottom)
            if bottom <= r.bottom + 1:
                return
            if self._incremental:  # it no longer fits: a page from now on
                raise _Relayout
            for k in new:
                scene.widgets.pop(k)
                pool.want_on.pop(k, None)
                pool.forget(k)
            bar = scene.px(20)
            scroll = pygame_gui.elements.UIScrollingContainer(r, scene.manager, container=scene.root,
                                                              allow_scroll_x=False)
            pool.made(name, scroll)
            inner = pygame.Rect(0, 0, r.w - bar - 2, max(r.h, bottom - r.y + gap))
            self._pages[name] = (scroll, inner)
        else:
            scroll, inner = paged
        scene.widgets[name] = scroll
        pool.want_on[name] = True
        scene.page = scroll
        before = set(scene.widgets)
        fill(inner, row, gap)
        scene.page = None
        inside = [int(w.relative_rect.bottom) for k, w in scene.widgets.items()
                  if k not in before and w.ui_container is scroll.scrollable_container]
        pool.set_area(scroll, (inner.w, max([inner.h, *inside])))

    def _top_items(self) -> list[tuple[str, str, int, bool, str, Command]]:
        """The view and mirror buttons of the top bar: key, text, width, chosen, tip, command."""
        scene = self.scene
        px = scene.px
        return [("show_grid", "Grid", px(56), scene.show["grid"], "Show the grid (G): ¼″, ½″ or 1″, a major line "
                                                                  "every 6″", ViewAct.TOGGLE_GRID),
                ("rulers", "Rulers", px(64), scene.show["rulers"], "Inch rulers along the table edges",
                 ViewAct.TOGGLE_RULERS),
                ("encounter", f"Encounter: {self._encounter_name()}", px(200), scene.encounter is not None,
                 "Show an encounter on the map: both deployment zones, its objectives and its own terrain "
                 "(click again for the next encounter)", ViewAct.NEXT_ENCOUNTER),
                ("axis", f"Axis: {AXIS_NAMES[scene.axis]}", px(150), False, "The axis of mirroring and "
                                                                            "symmetric editing (click: next)",
                 MirrorAct.NEXT_AXIS),
                ("mirror_sel", "Mirror selection", px(126), False, "Mirror the selected pieces across the axis "
                                                                   "(shown first; Enter applies)", MirrorAct.SELECTION),
                ("mirror_all", "Mirror map", px(96), False, "Mirror every piece across the axis (shown first)",
                 MirrorAct.MAP),
                ("mirror_copy", "Mirror copy", px(100), False, "Add a mirrored copy of the selection (or of "
                                                               "the whole map): a symmetric map in one step",
                 MirrorAct.COPY),
                ("symmetric", "Symmetric editing", px(140), scene.session.state.symmetry is not None,
                 "Every edit is mirrored live to a twin piece across the axis", MirrorAct.SYMMETRY)]

    def _build_top(self, r: pygame.Rect, row: int, gap: int) -> int:
        """The file buttons, the name and description, then the view and mirror buttons, each group wrapping
        onto a new row where the window is too narrow for it; returns the rows used."""
        scene, pool = self.scene, self.pool
        px = scene.px
        x, y, rows = r.x, r.y, 1

        def place(bw: int) -> pygame.Rect:
            nonlocal x, y, rows
            if x > r.x and x + bw > r.right:
                x, y, rows = r.x, y + row + gap, rows + 1
            at = pygame.Rect(x, y, min(bw, r.w), row)
            x += bw + gap
            return at

        for key, text, tip, act in TOP_ROW1:
            wide = key in ("save_as", "generate", "fairness")
            pool.button(key, place(px(84) if wide else px(66)), text, tip, command=act)
        s = scene.session.state
        if r.right - x < px(50) + px(120) + gap + px(60):  # the name and description on a row of their own
            x, y, rows = r.x, y + row + gap, rows + 1
        rest = r.right - x
        name_w = max(px(120), min(px(240), rest // 3))
        pool.label("name_label", pygame.Rect(x, y, px(46), row), "Name", align="right")
        x += px(50)
        pool.entry("name", pygame.Rect(x, y, name_w, row), s.name, 60, Field.NAME)
        x += name_w + gap
        pool.entry("description", pygame.Rect(x, y, max(px(60), r.right - x), row), s.description, 300,
                   Field.DESCRIPTION)
        x, y, rows = r.x, y + row + gap, rows + 1
        items = self._top_items()
        last, ends = y, x
        for _key, _text, bw, _on, _tip, _c in items:
            if ends > r.x and ends + bw > r.right:
                last, ends = last + row + gap, r.x
            ends += bw + gap
        bottom = last + row
        for key, text, bw, on, tip, command in items:
            at = place(bw)
            if at.bottom > bottom:
                break
            chosen(pool.button(key, at, text, tip, command=command), on)
        if not scene.session.selection:
            pool.disable("mirror_sel")
        rows = (bottom - r.y + gap) // (row + gap)
        if self._incremental and rows != (self._top_rows if self._top_rows is not None else rows):
            raise _Relayout
        self._top_rows = rows
        return rows

    def _build_left(self, r: pygame.Rect, row: int, gap: int) -> None:
        scene, pool = self.scene, self.pool
        px = scene.px
        half = (r.w - gap) // 2
        y = r.y
        for i, (key, text, _k, tip) in enumerate(TOOLS):
            b = pool.button(f"tool:{key}", pygame.Rect(r.x + (i % 2) * (half + gap), y, half, row), text, tip,
                            command=PickTool(key))
            chosen(b, scene.tool == key)
            if i % 2:
                y += row + gap
        pool.head("presets_head", pygame.Rect(r.x, y, r.w, px(22)), "Terrain presets")
        y += px(22)
        prow = px(25)
        for i, p in enumerate(PRESETS):
            b = pool.button(f"preset:{p.key}", pygame.Rect(r.x + (i % 2) * (half + gap), y, half, prow),
                            p.label, p.tip() + f". Draws with the {p.tool} tool.", command=PickPreset(p.key))
            chosen(b, scene.preset.key == p.key)
            if i % 2:
                y += prow + gap
        y += gap
        pool.label("wall_width_label", pygame.Rect(r.x, y, half, row), "Wall width ″", align="left", short="Wall ″")
        pool.entry("wall_width", pygame.Rect(r.x + half + gap, y, half, row), f"{scene.wall_width:g}", 5,
                   Field.WALL_WIDTH, "0123456789.")
        y += row + gap
        snap = scene.session.snap
        b = pool.button("snap", pygame.Rect(r.x, y, half, row), f"Snap: {'on' if snap.on else 'off'}",
                        "Snap to the grid, to other pieces' corners and edges, and to the table edge "
                        "(hold Alt to draw freely)", command=ViewAct.TOGGLE_SNAP)
        chosen(b, snap.on)
        pool.button("grid_size", pygame.Rect(r.x + half + gap, y, half, row), f"Grid {_inch(snap.grid)}",
                    "The grid step: ¼″, ½″ or 1″ (click: next)", command=ViewAct.NEXT_GRID_SIZE)
        y += row + gap
        pool.button("undo", pygame.Rect(r.x, y, half, row), "Undo", "Ctrl+Z", command=EditAct.UNDO)
        pool.button("redo", pygame.Rect(r.x + half + gap, y, half, row), "Redo", "Ctrl+Y or Ctrl+Shift+Z",
                    command=EditAct.REDO)
        y += row + gap
        pool.button("base_size", pygame.Rect(r.x, y, r.w, row), f"Sight / route base {scene.base_mm:g} mm",
                    "The base the Sight and Route tools use: 25 mm, 40 mm (Large, Mounted) or 60 mm "
                    "(Gargantuan) [DIG-2] (click: next)", short=f"Base {scene.base_mm:g} mm",
                    command=ViewAct.NEXT_BASE_SIZE)
        if not scene.session.history.done:
            pool.disable("undo")
        if not scene.session.history.undone:
            pool.disable("redo")

    def _encounter_name(self) -> str:
        encounter = self.scene.encounter
        if encounter is None:
            return "off"
        item = common.content()["scenarios"].items.get(encounter)
        return item[1].name if item else encounter

    def panel_key(self) -> tuple:
        """What the side panels show; they are rebuilt when it changes (an edit's end, a new selection)."""
        scene = self.scene
        s = scene.session
        sel = tuple((p.uid, p.id, p.kind, p.style, p.blocks_los, p.cross_cost, p.water) for p in s.selected())
        probs = tuple((p.where, p.message) for p in s.problems() + scene.warnings()) if scene.drag is None \
            else self.shown_key
        return (sel, probs, scene.tool, scene.preset.key, scene.pending is not None, s.state.name,
                s.state.description, s.state.symmetry, scene.axis, scene.encounter, bool(s.history.done),
                bool(s.history.undone), s.snap.on, s.snap.grid, tuple(scene.show.items()), scene.base_mm,
                scene.side_tab)


def _inch(v: float) -> str:
    return {0.25: "¼″", 0.5: "½″", 1.0: "1″"}.get(v, f"{v:g}″")
