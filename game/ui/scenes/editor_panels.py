"""The map editor's panels: the file and view bar on top, tools and presets on the left, the properties and
problems on the right. Part of EditorScene (game/ui/scenes/editor.py); the panels show the scene's state
and follow it when what they show changes (``panel_key``), never while a drag is in progress.

The widgets are made once per layout (window size, UI scale, side tab) and kept in a pool by name; when the
state changes, the same layout code runs again and only sets what differs (a text, a place, chosen or not,
enabled or not), showing the widgets it names and hiding the rest. A click never kills and remakes widgets,
so selecting a piece costs a few setters, not a panel of new widgets.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.editor.presets import FIELDS, KIND_RULES, PRESETS, applies
from game.ui import theme
from game.ui.scenes import common
from game.ui.scenes.editor_shape import EditorShape
from game.ui.table_view import Camera

if TYPE_CHECKING:
    pass

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
    ("Ctrl+N, Ctrl+O, Ctrl+A", "new map, open a map, select all"),
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
    ("Saving", "Save writes to your mod folder (a shipped map as a copy); Save as asks for the new name. "
               "Unsaved work is autosaved and offered back, with its undo steps, after a crash."),
]
TOP_ROW1 = (("new", "New", "A new, empty map (Ctrl+N)"),
            ("open", "Open", "Open a shipped map, one of yours, or a draft (Ctrl+O)"),
            ("save", "Save", "Save (Ctrl+S). A map with problems is kept as a draft, never offered for a battle"),
            ("save_as", "Save as", "Save as a new map: asks for its name; the file is named after it (Ctrl+Shift+S)"),
            ("play", "Play", "Play on this map: the battle set-up with this map chosen (saves it first)"),
            ("help", "Help", "Every control of the editor (F1)"), ("menu", "Menu", "Back to the main menu"))
AXIS_NAMES = {"vertical": "vertical", "horizontal": "horizontal", "diagonal": "diagonal \\",
              "antidiagonal": "diagonal /", "rotate180": "half turn"}
TOOL_NAMES = {"select": "Select", "polygon": "Polygon", "rect": "Rectangle", "ellipse": "Ellipse", "wall": "Wall",
              "sight": "Sight", "route": "Route", "measure": "Tape"}


class _Relayout(Exception):
    """The incremental pass found that the layout itself changes (a panel needs a page, the top bar wraps
    differently): everything is built again."""


def _set_text(el: pygame_gui.elements.UIButton | pygame_gui.elements.UILabel, text: str, short: str | None) -> None:
    """A kept widget shows a new text (its short form where the whole does not fit); unchanged, nothing is done."""
    text = theme.drawable(text, common.TEXT_CAP, lines=False)
    if short is not None and not _fits(el, text):
        text = short
    if el.text != text:
        el.set_text(text)


class EditorPanels(EditorShape):
    """Layout of the editor's widgets (a mixin of EditorScene)."""

    _panel_key: tuple | None

    def build(self) -> None:
        """Every widget made anew (entering, a resize, a new UI scale, the other side tab)."""
        self._pool: dict[str, pygame_gui.core.UIElement] = {}
        self._pool_cls: dict[str, str | None] = {}
        self._pages: dict[str, tuple[pygame_gui.elements.UIScrollingContainer, pygame.Rect]] = {}
        self._raw: dict[str, tuple] = {}  # what each button or label was last asked to show
        self._incremental = False
        self._layout()

    def layout_key(self) -> tuple:
        """What changes the layout itself: a new one is built when it changes."""
        return (self.app.size, self.app.settings.ui_scale, self.side_tab)

    def refresh_panels(self) -> None:
        """The panels brought up to date with the state: the same layout code run again over the widgets made
        by ``build``, setting only what differs; the whole layout again only when the layout key changes."""
        if self.root is None or getattr(self, "_built_for", None) != self.layout_key():
            self.rebuild()
            return
        self._incremental = True
        try:
            self._layout()
        except _Relayout:
            self._incremental = False
            self.rebuild()
        finally:
            self._incremental = False

    def _layout(self) -> None:
        self.widgets = {}
        self._want_on: dict[str, bool] = {}
        self.page: pygame_gui.elements.UIScrollingContainer | None = None
        w, h = self.app.size
        px = self.px
        row, gap, m = px(28), px(4), px(6)
        bottom_h = px(24)
        left_w, right_w = px(184), px(270)
        rows = self._build_top(pygame.Rect(m, gap, w - 2 * m, row), row, gap)
        top_h = rows * row + (rows + 1) * gap
        body = pygame.Rect(0, top_h + gap, w, h - top_h - bottom_h - 2 * gap)
        if w - left_w - right_w >= 0.45 * w:  # room for both panels beside a table of a useful size
            self._panel(pygame.Rect(m, body.y, left_w - m, body.h), self._build_left, row, gap)
            self._panel(pygame.Rect(w - right_w, body.y, right_w - m, body.h), self._build_right, row, gap)
            self.table_rect = pygame.Rect(left_w, body.y, w - left_w - right_w, body.h + gap)
        else:  # a narrow window for the scale: one panel, its tools or the properties behind two tabs
            side_w = min(right_w, w // 2)
            r = pygame.Rect(m, body.y, side_w - m, body.h)
            half = (r.w - gap) // 2
            for i, (key, text, tip) in enumerate((("tools", "Tools", "The tools, terrain presets and snapping"),
                                                  ("props", "Properties", "The selected pieces' properties and "
                                                                          "the map's problems"))):
                b = self._button(f"tab:{key}", pygame.Rect(r.x + i * (half + gap), r.y, half, row), text, tip)
                _select(b, self.side_tab == key)
            r = pygame.Rect(r.x, r.y + row + gap, r.w, r.h - row - gap)
            self._panel(r, self._build_left if self.side_tab == "tools" else self._build_right, row, gap)
            self.table_rect = pygame.Rect(side_w, body.y, w - side_w - m, body.h + gap)
        if self.pending is not None:  # Apply / Cancel of a mirror preview float over the table's bottom edge
            t = self.table_rect          # (the rulers are at the top): no other control moves for a preview
            bw = px(120)
            by = t.bottom - row - 2 * gap
            b = self._button("apply_mirror", pygame.Rect(t.centerx - bw - gap, by, bw, row), "Apply (Enter)",
                             self.pending.label)
            _select(b, True)
            self._button("cancel_mirror", pygame.Rect(t.centerx + gap, by, bw, row), "Cancel (Esc)")
        self.status_rect = pygame.Rect(m, h - bottom_h, w - 2 * m, bottom_h - 2)
        if not self.zoomed:
            self.cam = Camera.fit(self.table_rect, margin=px(34))  # room for the rulers' numbers
        self._settle()
        self._built_for = self.layout_key()
        self._panel_key = self.panel_key()
        self._status()

    # -- the pool: a widget made once, then only set ------------------------------------------------------------
    def _settle(self) -> None:
        """After a layout pass: enabled as asked, the widgets it named shown, every other one hidden."""
        for key, on in self._want_on.items():
            el = self.widgets[key]
            if el.is_enabled != on:
                el.enable() if on else el.disable()
        for key, el in self._pool.items():
            if key in self.widgets:
                if not el.visible:
                    el.show()
            elif el.visible:
                if getattr(el, "is_focused", False):
                    self.manager.set_focus_set(None)
                el.hide()

    def hide_unused(self) -> None:
        """The pooled widgets this layout does not show stay hidden (a scene shown again shows everything)."""
        for key, el in getattr(self, "_pool", {}).items():
            if key not in self.widgets and el.visible:
                el.hide()

    def _reuse(self, key: str, kind: type, rect: pygame.Rect, cls: str | None = None):
        """The pooled widget ``key`` moved to ``rect`` if it is of this kind, class and container; else None
        (the caller makes it; one of another kind or container is killed first)."""
        el = self._pool.get(key)
        if el is None:
            return None
        if (type(el) is not kind or self._pool_cls.get(key) != cls or not el.alive()
                or el.ui_container is not common.parent(self).get_container()):
            self._forget(key)
            return None
        if el.relative_rect.topleft != rect.topleft:
            el.set_relative_position(rect.topleft)
        if el.relative_rect.size != rect.size:
            el.set_dimensions(rect.size)
        self.widgets[key] = el
        self._want_on[key] = True
        return el

    def _forget(self, key: str) -> None:
        el = self._pool.pop(key, None)
        self._pool_cls.pop(key, None)
        self._raw.pop(key, None)
        if el is not None:
            el.kill()

    def _made(self, key: str, el, cls: str | None = None):
        self._pool[key] = el
        self._pool_cls[key] = cls
        self._want_on[key] = True
        return el

    def _disable(self, key: str) -> None:
        if key in self._want_on:
            self._want_on[key] = False

    def _button(self, key: str, rect: pygame.Rect, text: str, tip: str | None = None,
                short: str | None = None) -> pygame_gui.elements.UIButton:
        el = self._reuse(key, pygame_gui.elements.UIButton, rect)
        raw = (text, tip, short, el.rect.size if el is not None else None)
        if el is None:
            el = self._made(key, common.button(self, key, rect, text, tip))
            if short is not None:
                _shorten(el, short)
            self._raw[key] = (text, tip, short, el.rect.size)
            return el
        if self._raw.get(key) == raw:  # as it was: nothing to set
            return el
        self._raw[key] = raw
        _set_text(el, text, short)
        el.tool_tip_text = common.tip_text(tip)
        return el

    def _label(self, key: str, rect: pygame.Rect, text: str, cls: str | None = None, align: str | None = None,
               tip: str | None = None, short: str | None = None) -> pygame_gui.elements.UILabel:
        el = self._reuse(key, pygame_gui.elements.UILabel, rect, cls)
        raw = (text, tip, short, el.rect.size if el is not None else None)
        if el is not None and self._raw.get(key) == raw:
            return el
        if el is None:
            el = self._made(key, common.label(self, key, rect, text, cls), cls)
            self._raw[key] = (text, tip, short, el.rect.size)
            if align is not None or tip is not None:
                if align is not None:
                    el.text_horiz_alignment = align
                if tip is not None:
                    el.tool_tip_text = tip
                el.rebuild()
            if short is not None:
                _shorten(el, short)
            return el
        self._raw[key] = raw
        _set_text(el, text, short)
        return el

    def _note(self, key: str, rect: pygame.Rect, paragraphs: tuple) -> pygame_gui.elements.UIImage:
        """A block of text drawn by the editor as one picture (a text box parses and lays out its markup on every
        change, a frame's budget): paragraphs of (text, colour or None, bold) runs."""
        image = note_image(rect.size, paragraphs, self.px(12), self.px(5))
        el = self._reuse(key, pygame_gui.elements.UIImage, rect)
        if el is None:
            el = pygame_gui.elements.UIImage(rect, image, self.manager, container=common.parent(self))
            self.widgets[key] = el
            self._raw[key] = (paragraphs, rect.size)
            return self._made(key, el)
        if self._raw.get(key) != (paragraphs, rect.size):
            self._raw[key] = (paragraphs, rect.size)
            el.set_image(image)
        el.text = " ".join(t for para in paragraphs for t, _c, _b in para)  # what it says, for tests and tools
        return el

    def _panel(self, r: pygame.Rect, fill, row: int, gap: int) -> None:
        """A side panel laid out in ``r``; when its content runs below ``r`` it is laid out again on a page that
        scrolls up and down (the page is kept while the layout is)."""
        name = f"page:{fill.__name__}"
        paged = self._pages.get(name) if self._incremental else None
        if paged is None:
            before = set(self.widgets)
            fill(r, row, gap)
            new = [k for k in self.widgets if k not in before]
            bottom = max((self.widgets[k].rect.bottom for k in new if self.widgets[k].ui_container is self.root),
                         default=r.bottom)
            if bottom <= r.bottom + 1:
                return
            if self._incremental:  # it no longer fits: a page from now on
                raise _Relayout
            for k in new:
                self.widgets.pop(k)
                self._want_on.pop(k, None)
                self._forget(k)
            bar = self.px(20)
            scroll = pygame_gui.elements.UIScrollingContainer(r, self.manager, container=self.root,
                                                              allow_scroll_x=False)
            self._made(name, scroll)
            inner = pygame.Rect(0, 0, r.w - bar - 2, max(r.h, bottom - r.y + gap))
            self._pages[name] = (scroll, inner)
        else:
            scroll, inner = paged
        self.widgets[name] = scroll
        self._want_on[name] = True
        self.page = scroll
        before = set(self.widgets)
        fill(inner, row, gap)
        self.page = None
        inside = [w.relative_rect.bottom for k, w in self.widgets.items()
                  if k not in before and w.ui_container is scroll.scrollable_container]
        size = (inner.w, max([inner.h, *inside]))
        if getattr(scroll, "_area", None) != size:
            scroll.set_scrollable_area_dimensions(size)
            scroll._area = size

    def _build_top(self, r: pygame.Rect, row: int, gap: int) -> int:
        """The file buttons, the name and description, then the view and mirror buttons, each group wrapping
        onto a new row where the window is too narrow for it; returns the rows used."""
        px = self.px
        x, y, rows = r.x, r.y, 1

        def place(bw: int) -> pygame.Rect:
            nonlocal x, y, rows
            if x > r.x and x + bw > r.right:
                x, y, rows = r.x, y + row + gap, rows + 1
            at = pygame.Rect(x, y, min(bw, r.w), row)
            x += bw + gap
            return at

        for key, text, tip in TOP_ROW1:
            self._button(key, place(px(66) if key not in ("save_as",) else px(76)), text, tip)
        s = self.session.state
        if r.right - x < px(50) + px(120) + gap + px(60):  # the name and description on a row of their own
            x, y, rows = r.x, y + row + gap, rows + 1
        rest = r.right - x
        name_w = max(px(120), min(px(240), rest // 3))
        self._label("name_label", pygame.Rect(x, y, px(46), row), "Name", align="right")
        x += px(50)
        self._entry("name", pygame.Rect(x, y, name_w, row), s.name, 60)
        x += name_w + gap
        self._entry("description", pygame.Rect(x, y, max(px(60), r.right - x), row), s.description, 300)
        x, y, rows = r.x, y + row + gap, rows + 1
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
        last, ends = y, x
        for *_, bw, _on, _tip in items:
            if ends > r.x and ends + bw > r.right:
                last, ends = last + row + gap, r.x
            ends += bw + gap
        bottom = last + row
        for key, text, bw, on, tip in items:
            at = place(bw)
            if at.bottom > bottom:
                break
            b = self._button(key, at, text, tip)
            _select(b, on)
        if not self.session.selection:
            self._disable("mirror_sel")
        rows = (bottom - r.y + gap) // (row + gap)
        if self._incremental and rows != getattr(self, "_top_rows", rows):
            raise _Relayout
        self._top_rows = rows
        return rows

    def _entry(self, key: str, rect: pygame.Rect, text: str, limit: int,
               allowed: str | None = None) -> pygame_gui.elements.UITextEntryLine:
        entry = self._reuse(key, pygame_gui.elements.UITextEntryLine, rect)
        if entry is not None:
            if entry.get_text() != text:
                entry.set_text(text)
            return entry
        entry = pygame_gui.elements.UITextEntryLine(rect, self.manager, container=common.parent(self),
                                                    initial_text=text)
        entry.set_text_length_limit(limit)
        if allowed is not None:
            entry.set_allowed_characters([*allowed])
        self.widgets[key] = entry
        return self._made(key, entry)

    def _build_left(self, r: pygame.Rect, row: int, gap: int) -> None:
        px = self.px
        half = (r.w - gap) // 2
        y = r.y
        for i, (key, text, _k, tip) in enumerate(TOOLS):
            b = self._button(f"tool:{key}", pygame.Rect(r.x + (i % 2) * (half + gap), y, half, row), text, tip)
            _select(b, self.tool == key)
            if i % 2:
                y += row + gap
        self._head("presets_head", pygame.Rect(r.x, y, r.w, px(22)), "Terrain presets")
        y += px(22)
        prow = px(25)
        for i, p in enumerate(PRESETS):
            b = self._button(f"preset:{p.key}", pygame.Rect(r.x + (i % 2) * (half + gap), y, half, prow),
                             p.label, p.tip() + f". Draws with the {p.tool} tool.")
            _select(b, self.preset.key == p.key)
            if i % 2:
                y += prow + gap
        y += gap
        self._label("wall_width_label", pygame.Rect(r.x, y, half, row), "Wall width ″", align="left",
                    short="Wall ″")
        self._entry("wall_width", pygame.Rect(r.x + half + gap, y, half, row), f"{self.wall_width:g}", 5,
                    "0123456789.")
        y += row + gap
        snap = self.session.snap
        b = self._button("snap", pygame.Rect(r.x, y, half, row), f"Snap: {'on' if snap.on else 'off'}",
                         "Snap to the grid, to other pieces' corners and edges, and to the table edge "
                         "(hold Alt to draw freely)")
        _select(b, snap.on)
        self._button("grid_size", pygame.Rect(r.x + half + gap, y, half, row), f"Grid {_inch(snap.grid)}",
                     "The grid step: ¼″, ½″ or 1″ (click: next)")
        y += row + gap
        self._button("undo", pygame.Rect(r.x, y, half, row), "Undo", "Ctrl+Z")
        self._button("redo", pygame.Rect(r.x + half + gap, y, half, row), "Redo", "Ctrl+Y or Ctrl+Shift+Z")
        y += row + gap
        self._button("base_size", pygame.Rect(r.x, y, r.w, row), f"Sight / route base {self.base_mm:g} mm",
                     "The base the Sight and Route tools use: 25 mm, 40 mm (Large, Mounted) or 60 mm "
                     "(Gargantuan) [DIG-2] (click: next)", short=f"Base {self.base_mm:g} mm")
        if not self.session.history.done:
            self._disable("undo")
        if not self.session.history.undone:
            self._disable("redo")

    def _head(self, key: str, rect: pygame.Rect, text: str) -> None:
        self._label(key, rect, text, "@small", align="left")

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
        narrow = (r.w - label_w - gap) // 2 < px(76)
        step = row + gap
        # every place below is fixed, whatever the selection's kind: id, kind (2 rows, 3 when narrow),
        # style, two flag rows, the selection's problems, Restyle, the piece buttons, then the problems list
        flags_y = y + step * (4 if narrow else 3) + step
        geo_y = flags_y + 2 * step  # position, size and a turn, typed
        box_y = geo_y + 2 * step
        box_h = px(62)
        restyle_y = box_y + box_h + gap
        problems_y = restyle_y + 2 * step
        if not sel:
            note = ((("Preset ", None, False), (self.preset.label, None, True),
                     (": " + self.preset.tip(), None, False)),
                    (("Pick a tool and draw on the table, or click a piece to edit it. F1 lists every control.",
                      theme.MUTED, False),))
            self._note("props_text", pygame.Rect(r.x, y, r.w, min(px(150), problems_y - y - gap)), note)
        else:
            y = self._build_props(r, y, row, gap, (label_w, narrow, geo_y, box_h, restyle_y))
        self._build_problems(r, max(y, problems_y))

    def _build_props(self, r: pygame.Rect, y: int, row: int, gap: int, lay: tuple[int, bool, int, int, int]) -> int:
        """The selected pieces' properties: id, kind, style, flags, geometry typed, their problems, the buttons."""
        px = self.px
        label_w, narrow, geo_y, box_h, restyle_y = lay
        sel = self.session.selected()
        step = row + gap
        p = sel[0]

        def lab(key: str, text: str, y: int) -> None:
            self._label(f"{key}_label", pygame.Rect(r.x, y, label_w, row), text, align="left",
                        tip=FIELDS[key][1])
        lab("id", "Id", y)
        self._entry("prop:id", pygame.Rect(r.x + label_w, y, r.w - label_w, row), p.id, 40)
        if len(sel) > 1:
            self._disable("prop:id")
        y += row + gap
        lab("kind", "Kind", y)
        kx = r.x + label_w
        if narrow:  # a narrow panel: the kinds on rows of their own, full width
            kx, y = r.x, y + row + gap
        kw = (r.right - kx - gap) // 2
        for i, kind in enumerate(("rough", "obstacle", "impassable", "area")):
            b = self._button(f"kind:{kind}", pygame.Rect(kx + (i % 2) * (kw + gap), y + (i // 2) * (row + gap),
                                                         kw, row), kind, KIND_RULES[kind],
                             short="impass." if kind == "impassable" else None)
            _select(b, p.kind == kind)
        y += 2 * (row + gap)
        lab("style", "Style", y)
        sw = px(28)
        self._button("style_prev", pygame.Rect(r.x + label_w, y, sw, row), "<", "Previous style")
        self._entry("prop:style", pygame.Rect(r.x + label_w + sw + gap, y, r.w - label_w - 2 * (sw + gap), row),
                    p.style or "", 30)
        self._button("style_next", pygame.Rect(r.right - sw, y, sw, row), ">", "Next style")
        y += row + gap
        y = self._build_flags(r, y, row, gap, p, lab)
        y = max(y, geo_y)  # (a rare third flag row, a flag to remove, pushes the rest down)
        x0, y0, x1, y1 = _bounds(sel)
        fw = (r.w - label_w - 2 * gap) // 3
        lab("geo_pos", "X, Y ″", y)
        for i, (key, value) in enumerate((("x", x0), ("y", y0))):
            self._entry(f"geo:{key}", pygame.Rect(r.x + label_w + i * (fw + gap), y, fw, row), f"{value:g}", 8,
                        "0123456789.-")
        y += step
        lab("geo_size", "W, H, turn", y)
        for i, (key, value) in enumerate((("w", x1 - x0), ("h", y1 - y0), ("angle", 0.0))):
            self._entry(f"geo:{key}", pygame.Rect(r.x + label_w + i * (fw + gap), y, fw, row), f"{value:g}", 8,
                        "0123456789.-")
        y += step
        mine = [pr.message for pr in self.session.problems() if pr.uid in self.session.selection]
        if mine:  # the selected pieces' problems in full (the list below has one line each)
            self._note("piece_problems", pygame.Rect(r.x, y, r.w, box_h),
                       tuple((("• ", theme.BAD, False), (m, None, False)) for m in mine))
        y = max(y + box_h + gap, restyle_y)
        self._button("restyle", pygame.Rect(r.x, y, r.w, row), f"Restyle selection: {self.preset.label}",
                     f"Give the selected pieces the {self.preset.label} preset's kind, look and flags "
                     "(one undo step)", short=f"Restyle: {self.preset.label}")
        y += row + gap
        bw = (r.w - 3 * gap) // 4
        for i, (key, text, tip) in enumerate((("front", "Front", "Bring to front (Page Up)"),
                                              ("back", "Back", "Send to back (Page Down)"),
                                              ("duplicate", "Copy", "Duplicate (Ctrl+D)"),
                                              ("delete", "Delete", "Delete the pieces (Delete)"))):
            self._button(key, pygame.Rect(r.x + i * (bw + gap), y, bw, row), text, tip)
        y += row + gap
        return y

    def _build_flags(self, r: pygame.Rect, y: int, row: int, gap: int, p: Any,
                     lab: Callable[[str, str, int], None]) -> int:
        """The flag rows the kind takes (a button to remove one it does not take), and the crossing cost."""
        label_w = self.px(78)
        for key, text in (("blocks_los", "Blocks LOS"), ("water", "Water")):
            on = bool(getattr(p, key))
            if applies(key, p.kind):
                lab(key, text, y)
                b = self._button(f"prop:{key}", pygame.Rect(r.x + label_w, y, r.w - label_w, row),
                                 "yes" if on else "no", FIELDS[key][1])
                _select(b, on)
                y += row + gap
            elif getattr(p, key) is not None and key == "blocks_los":
                self._button(f"fix:{key}", pygame.Rect(r.x, y, r.w, row), f"Remove blocks_los (not for {p.kind})",
                             FIELDS[key][1])
                y += row + gap
        if applies("cross_cost", p.kind):
            lab("cross_cost", "Cost ″", y)
            self._entry("prop:cross_cost", pygame.Rect(r.x + label_w, y, r.w - label_w, row),
                        "" if p.cross_cost is None else f"{p.cross_cost:g}", 5, "0123456789.")
            y += row + gap
        elif p.cross_cost is not None:
            self._button("fix:cross_cost", pygame.Rect(r.x, y, r.w, row),
                         f"Remove cross_cost (not for {p.kind})", FIELDS["cross_cost"][1])
            y += row + gap
        return y

    def _build_problems(self, r: pygame.Rect, y: int) -> None:
        """The map's problems and warnings, one button each: a click selects the piece."""
        px = self.px
        problems = self.session.problems()
        warned = self.warnings()  # validate's warnings: playable, but likely a mistake
        head = f"Problems: {len(problems)}" if problems else "No problems: the map is playable"
        if warned:
            head = f"No problems (playable) · warnings: {len(warned)}"
        self._head("problems_head", pygame.Rect(r.x, y, r.w, px(22)), head)
        y += px(22)
        shown = len(problems) + len(warned)
        # in a scrolled page the whole list is laid out (the page scrolls; no scroll area inside a scroll area)
        list_h = r.bottom - y if self.page is None else max(r.bottom - y, shown * (px(28) + px(3)) + px(4))
        if shown and list_h > px(30):
            ids = {p.uid: p.id for p in self.session.state.pieces}
            items = [(str(i), pr.text(ids.get(pr.uid)) if pr.uid is not None else pr.text())
                     for i, pr in enumerate(problems)]
            items += [(f"w{i}", "Warning — " + pr.message) for i, pr in enumerate(warned)]
            self.problem_buttons = self._problem_list(pygame.Rect(r.x, y, r.w, list_h), items)
        else:
            self.problem_buttons = {}

    def _problem_list(self, rect: pygame.Rect, items: list[tuple[str, str]]) -> dict:
        """The problems and warnings, one button each in a column that scrolls (``common.choice_list``'s look);
        the column and its buttons are kept, only their texts set when the problems change."""
        from game.ui.battle.cards import fit

        row, gap = self.px(28), self.px(3)
        need = len(items) * (row + gap)
        scroll = self._reuse("problem", pygame_gui.elements.UIScrollingContainer, rect)
        if scroll is None:
            scroll = pygame_gui.elements.UIScrollingContainer(rect, self.manager, container=common.parent(self),
                                                              allow_scroll_x=False)
            self.widgets["problem"] = scroll
            self._made("problem", scroll)
        width = rect.width - (self.px(20) if need > rect.height else 0) - 2
        area = (width, max(need, rect.height - 2))
        if getattr(scroll, "_area", None) != area:
            scroll.set_scrollable_area_dimensions(area)
            scroll._area = area
        outer, self.page = self.page, scroll
        out = {}
        try:
            for i, (item, text) in enumerate(items):
                key = f"problem:{item}"
                new = key not in self._pool
                text = theme.drawable(text, common.TIP_CAP, lines=False)
                shown = fit(text, self.px(14), width - 24)  # a long text shortened to its button, whole in the tip
                b = self._button(key, pygame.Rect(0, i * (row + gap), width, row), shown, text)
                if new:  # problems in red, warnings in amber
                    b.colours["normal_text"] = pygame.Color(theme.ACCENT if item.startswith("w") else theme.BAD)
                    b.rebuild()
                out[b] = item
        finally:
            self.page = outer
        return out

    def _encounter_name(self) -> str:
        if self.encounter is None:
            return "off"
        item = common.content()["scenarios"].items.get(self.encounter)
        return item[1].name if item else self.encounter

    def panel_key(self) -> tuple:
        """What the side panels show; they are rebuilt when it changes (an edit's end, a new selection)."""
        s = self.session
        sel = tuple((p.uid, p.id, p.kind, p.style, p.blocks_los, p.cross_cost, p.water) for p in s.selected())
        probs = tuple((p.where, p.message) for p in s.problems() + self.warnings()) if self.drag is None \
            else self._panel_key
        return (sel, probs, self.tool, self.preset.key, self.pending is not None, s.state.name, s.state.description,
                s.state.symmetry, self.axis, self.encounter, bool(s.history.done), bool(s.history.undone),
                s.snap.on, s.snap.grid, tuple(self.show.items()), self.base_mm, self.side_tab)


def _bounds(pieces) -> tuple[float, float, float, float]:
    from game.editor import transform as tf

    return tf.bounds([p.polygon for p in pieces])


def _inch(v: float) -> str:
    return {0.25: "¼″", 0.5: "½″", 1.0: "1″"}.get(v, f"{v:g}″")


_NOTES: dict[tuple, pygame.Surface] = {}


def note_image(size: tuple[int, int], paragraphs: tuple, font_px: int, pad: int) -> pygame.Surface:
    """Paragraphs of (text, colour, bold) runs word-wrapped into a box of ``size`` as a text box shows them
    (its background and border), cut with "…" where they run out of room. Kept per text and size."""
    key = (size, paragraphs, font_px, pad)
    if key in _NOTES:
        return _NOTES[key]
    if len(_NOTES) > 64:
        _NOTES.clear()
    w, h = size
    surf = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    surf.fill((31, 34, 38))  # the theme's text box: dark_bg and border
    pygame.draw.rect(surf, (85, 91, 102), surf.get_rect(), 1)
    fonts = {False: theme.font(font_px), True: theme.font(font_px, bold=True)}
    line_h = fonts[False].get_linesize()
    room = w - 2 * pad
    x, y = pad, pad
    last = h - pad - line_h  # the top of the last line that fits
    full = False
    for n, para in enumerate(paragraphs):
        if n:
            x, y = pad, y + line_h + (line_h // 2)
        for text, colour, bold in para:
            f = fonts[bold]
            words = theme.displayable(text).replace("\n", " ").split(" ")
            for i, word in enumerate(words):
                piece = word + (" " if i < len(words) - 1 else "")  # a run goes on where the last one ended
                if not piece:
                    continue
                pw = f.size(piece)[0]
                if x + pw > pad + room and x > pad:
                    x, y = pad, y + line_h
                if y > last:
                    full = True
                    break
                surf.blit(f.render(piece, True, colour or theme.INK), (x, y))
                x += pw
            if full:
                break
        if full:
            break
    if full:  # more than the box holds: say so at the end of the last line
        dots = fonts[False].render("…", True, theme.INK)
        surf.fill((31, 34, 38), (w - pad - dots.get_width() - 2, last, dots.get_width() + 2, line_h))
        surf.blit(dots, (w - pad - dots.get_width(), last))
    _NOTES[key] = surf
    return surf


def _select(el: pygame_gui.elements.UIButton, on: bool) -> None:
    """Chosen or not, set only when it changes."""
    if el.is_selected != on:
        common.select(el, on)


def _fits(el: pygame_gui.elements.UIButton | pygame_gui.elements.UILabel, text: str) -> bool:
    font = getattr(el, "font", None)
    return font is None or font.size(text)[0] <= el.rect.width - 6


def _shorten(el: pygame_gui.elements.UIButton | pygame_gui.elements.UILabel, short: str) -> None:
    """Show ``short`` where the widget's text is wider than the widget (a large UI scale in a narrow panel)."""
    if not _fits(el, el.text):
        el.set_text(short)
