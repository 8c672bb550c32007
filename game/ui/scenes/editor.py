"""The map editor scene: draw and edit terrain on the 36″ table, judged live by the game's own map checks.

The scene only turns input into commands on a pygame-free ``EditorSession`` (game/editor) and draws
it; the document, undo, snapping, symmetry, saving and the overlays' answers all live there. Sight
shading and routes are computed when a drop or an edit ends, never on a mouse move; the sight
shading is spread over frames (the whole table coarsely first).
"""

from __future__ import annotations

import gc
import math
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from game.content.maps import TABLE_SIZE, BattleMap
from game.core.errors import ContentError, os_problem
from game.editor import commands as cmd
from game.editor import files
from game.editor import transform as tf
from game.editor.document import MapState, clip_to_table, load_state, thick_polyline
from game.editor.overlays import SightJob, encounter_shapes, route, shape_at
from game.editor.presets import BY_KEY, Preset
from game.editor.session import EditorSession
from game.editor.snapping import Snap
from game.ui import theme
from game.ui.app import App, Scene
from game.ui.scenes import common
from game.ui.scenes import editor_view as view
from game.ui.scenes.editor_buttons import EditorButtons
from game.ui.scenes.editor_dialogs import ConfirmDialog, NameDialog, OpenDialog
from game.ui.scenes.editor_input import EditorInput
from game.ui.scenes.editor_panels import HELP_NOTES, HELP_TITLE, SHORTCUTS, EditorPanels
from game.ui.table_view import Camera
from game.ui.unsaved_dialog import UnsavedChangesDialog


class EditorScene(EditorPanels, EditorInput, Scene):
    name = "editor"
    SHORTCUTS = SHORTCUTS
    HELP_NOTES = HELP_NOTES  # F1: the editor's own help beside its controls, not the battle's badges
    HELP_TITLE = HELP_TITLE

    def __init__(self, app: App, path: str | Path | None = None, session: EditorSession | None = None):
        super().__init__(app)
        self.widgets: dict[str, pygame_gui.core.UIElement] = {}
        self.message = ""
        self._offer_recovery = False
        if session is None:
            session = self._start(path)
        self.session = session
        self.buttons = EditorButtons(self)
        self.tool = "select"
        self.side_tab = "tools"  # the panel shown when the window is too narrow for both (see EditorPanels)
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
        self._left_out: list[str] = []  # the pieces the overlays leave out (their problems make them unmeasurable)
        self.sight_view = view.SightView()
        self._since_autosave = 0.0
        self._autosaved: MapState | None = self.session.state
        self._last_click = (0, (0, 0))
        self._focused: dict[str, tuple[pygame_gui.elements.UITextEntryLine, list[int]]] = {}
        self._retired: dict[pygame_gui.core.UIElement, str] = {}
        self.readout = ""  # the numbers of a move, scale, turn or corner drag, drawn beside the pointer
        self._esc_armed = False  # Esc with nothing to clear: a second Esc leaves the editor
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
            self._offer_recovery = True
            self.message = (f"Recovered the unsaved map '{recovered.state.name}' of the last session (from the "
                            f"editor's autosave); Save writes it to {recovered.save_hint()}")
            if recovered.untrusted_origin:
                self.message += (f" (the autosave named {recovered.untrusted_origin}, outside your mod folder: "
                                 "that file is not written)")
            return recovered
        return EditorSession.new()

    # -- layout -----------------------------------------------------------------------------------------------








    def enter(self) -> None:
        super().enter()
        gc.freeze()  # what is loaded by now stays: the collector's full passes skip it (no 20-40 ms hitch mid-edit)
        if self._offer_recovery:  # the recovered work is offered, not slipped in: keep it or discard it
            self._offer_recovery = False
            s = self.session
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
                    self.session.clear_autosave()
                    self._replace_session(EditorSession.new())
                    self.message = "the recovered map was discarded: a new map"

            self.app.push(ConfirmDialog(self.app, "Recover unsaved work?", text,
                                        [("discard", "Discard it"), ("keep", "Keep it")], answer))

    def warnings(self) -> list:
        """The map's warnings as the panels show them (a frame late after an edit: see ``update``)."""
        return self.session.warnings(wait=getattr(self, "warn_later", False))

    def problems(self) -> list:
        """The map checks' verdict; while a drag is in progress, the verdict from before it (checked on drop)."""
        if self.drag is not None and self._problems_before is not None:
            return self._problems_before
        self._problems_before = self.session.problems()
        return self._problems_before

    # -- per frame --------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.clock += dt
        # the frame that first shows a new map state leaves the warnings (overlaps) to the next one
        self.warn_later = self.session.state is not getattr(self, "_state_seen", None)
        self._state_seen = self.session.state
        self._watch_focus()
        if self.drag is None and self.panel_key() != self._panel_key:
            self.refresh_panels()
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
            self.message = os_problem(exc, "autosave failed:")

    def _status(self) -> None:
        """The status line (drawn by the scene, not a widget: it changes with every mouse move)."""
        s = self.session
        where = "not saved yet" if s.path is None else ("shipped map: saving writes a copy to your mod folder"
                                                        if s.shipped else str(s.path))
        parts = [f"{s.state.name}{' *unsaved*' if s.dirty else ''}", ("DRAFT — " if s.draft else "") + where,
                 f"{len(s.state.pieces)} pieces", f"{len(self.problems())} problem(s)"
                 + (f", {len(warned)} warning(s)" if self.drag is None and (warned := self.warnings()) else "")]
        at = self.cam.to_inches(self.mouse)
        if 0 <= at[0] <= TABLE_SIZE and 0 <= at[1] <= TABLE_SIZE:
            parts.append(f"{at[0]:.2f}″, {at[1]:.2f}″")
        if self.message:
            parts.append(self.message)
        text = theme.displayable("  ·  ".join(parts))
        room = self.status_rect.w
        key = (text, room, self.px(12))
        if key != getattr(self, "_status_fit", (None,))[0]:
            font = theme.font(self.px(12))
            if font.size(text)[0] > room and s.path is not None:  # a narrow window: the file's name, not its path
                parts[1] = ("DRAFT — " if s.draft else "") + ("shipped map (saved as a copy)" if s.shipped
                                                               else s.path.name)
                text = theme.displayable("  ·  ".join(parts))
            for drop in (2, 1):  # still too long: the piece count, then where it is saved, give way to the message
                if font.size(text)[0] > room and self.message:
                    del parts[drop]
                    text = theme.displayable("  ·  ".join(parts))
            from game.ui.battle.cards import fit

            self._status_fit = (key, fit(text, self.px(12), room) if font.size(text)[0] > room else text)
        self.status_text = self._status_fit[1]

    def valid_map(self) -> BattleMap:
        """The map for the overlays: the pieces without problems (a broken polygon cannot be measured). One
        BattleMap per state, so the geometry layer's route graph is built once per map, not per route."""
        state = self.session.state
        if self._valid_map is None or self._valid_map[0] is not state:
            bad = {p.uid for p in self.session.problems()}
            kept = tuple(p for p in state.pieces if p.uid not in bad)
            self._left_out = [p.id for p in state.pieces if p.uid in bad]
            self._valid_map = (state, MapState(state.name, "", kept).battle_map())
        return self._valid_map[1]

    def left_out_note(self) -> str:
        """What the sight and route overlays say when pieces with problems were not measured."""
        if not self._left_out:
            return ""
        names = ", ".join(self._left_out[:3]) + (" …" if len(self._left_out) > 3 else "")
        return f"ignores {len(self._left_out)} piece(s) with problems: {names}"

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
        self.overlay_notes: list[str] = []  # what the overlays say of themselves this frame (pieces left out)
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
        hover = None
        if self.drag is None and not self.points and self.table_rect.collidepoint(self.mouse):
            hover = self.piece_at(cam.to_inches(self.mouse))  # its name, where the table has no room for it
        view.draw_piece_labels(surface, state, cam, self.table_rect, live, hover)
        font = theme.font(self.px(12))
        shapes = []
        if self.encounter is not None:
            item = common.content()["scenarios"].items.get(self.encounter)
            if item is not None:
                shapes = encounter_shapes(item[1], state.battle_map())
                view.draw_encounter(surface, shapes, cam, font, self.app.settings.colour_blind)
        if self.sight is not None:
            self.sight_view.draw(surface, self.sight, cam)
            note = self.left_out_note()
            if note and self.sight_at is not None and (self.drag is None or self.drag["kind"] != "sight"):
                at = cam.to_px(self.sight_at)
                view.label_at(surface, "sight " + note, (at[0], at[1] + self.px(18)), font, view.PROBLEM)
                self.overlay_notes.append("sight " + note)
        marks: dict[int, list] = {}
        for pr in self.problems():
            if pr.uid is not None:
                marks.setdefault(pr.uid, []).extend(pr.spots or [pr.corner])
        view.draw_problems(surface, state, cam, marks, font)
        view.draw_twins(surface, state, cam, s.selection)
        if self.pending is not None:
            view.draw_preview(surface, shown, state, cam, self.pending.copy, self.pending.axis, font)
        view.draw_selection(surface, s.selected(), cam, self.handles(), self.active_corner)
        self._draw_tool(surface, font)
        surface.set_clip(clip)
        self._draw_encounter_tip(surface, shapes)
        if self.show["rulers"]:
            view.draw_rulers(surface, cam, font, self.table_rect)
        status = theme.font(self.px(12)).render(self.status_text, True, theme.INK)
        surface.blit(status, status.get_rect(midleft=(self.status_rect.x, self.status_rect.centery)))

    def _readout(self) -> str:
        """The numbers of the drag in progress: position and size, the turn, a corner's place."""
        d, s = self.drag, self.session
        c = s.history.preview_cmd
        if d is None or c is None or d["kind"] not in ("move", "scale", "rotate", "corner"):
            return ""
        if d["kind"] == "corner" and isinstance(c, cmd.MoveCorner):
            return f"corner at {c.to[0]:.2f}″, {c.to[1]:.2f}″"
        sel = s.selected()
        if not sel:
            return ""
        x0, y0, x1, y1 = tf.bounds([p.polygon for p in sel])
        if d["kind"] == "rotate" and isinstance(c, cmd.RotatePieces):
            return f"turned {c.degrees:+.1f}°"
        if d["kind"] == "scale":
            return f"{x1 - x0:.2f}″ × {y1 - y0:.2f}″"
        dx = c.dx if isinstance(c, cmd.MovePieces) else 0.0
        dy = c.dy if isinstance(c, cmd.MovePieces) else 0.0
        return f"at {x0:.2f}″, {y0:.2f}″ (moved {dx:+.2f}″, {dy:+.2f}″)"

    def _draw_encounter_tip(self, surface: pygame.Surface, shapes: list) -> None:
        """The encounter shape under the mouse, with what it scores (the scenario's words), while no tool is
        mid-way (a drag, a polygon being drawn)."""
        from game.ui.battle import objectives, tooltips

        if not shapes or self.drag is not None or self.points or not self.table_rect.collidepoint(self.mouse):
            return
        shape = shape_at(shapes, self.cam.to_inches(self.mouse))
        if shape is not None:
            tooltips.draw_hover_card(surface, (self.mouse[0] + 18, self.mouse[1] + 18),
                                     objectives.card_rows(list(shape.tip)), self.px(13))

    def _draw_tool(self, surface: pygame.Surface, font: pygame.font.Font) -> None:
        """What the tool in hand shows over the table, drawn in this order."""
        d = self.drag
        self._draw_points(surface)
        self._draw_drag_shape(surface, d)
        self._draw_readout_box(surface, font)
        radius = max(3, round(self.base_mm / 25.4 / 2 * self.cam.scale))
        self._draw_box_and_base(surface, font, d, radius)
        if self.route_ends is not None:
            self._draw_route(surface, font, d, radius)
        self._draw_tape_and_cue(surface, font)

    def _draw_points(self, surface: pygame.Surface) -> None:
        """The corners clicked so far for a polygon or a wall."""
        if not self.points:
            return
        cam = self.cam
        pts = [cam.to_px(p) for p in self.points]
        hover = cam.to_px(self.cue.point) if self.cue is not None else self.mouse
        if self.tool == "wall" and len(self.points) >= 1:
            shape = thick_polyline(self.points + [self.cue.point] if self.cue else self.points, self.wall_width)
            for part in clip_to_table(shape):  # as it will be: cut at the table edge
                view.outline(surface, part, cam, view.SELECT, 1)
        pygame.draw.lines(surface, view.SELECT, False, pts + [hover], 2)
        for q in pts:
            pygame.draw.circle(surface, view.SELECT, q, 4)
        if self.tool == "polygon":
            pygame.draw.circle(surface, (255, 255, 255), pts[0], 8, 2)

    def _draw_drag_shape(self, surface: pygame.Surface, d: dict | None) -> None:
        if d is not None and d["kind"] in ("rect", "ellipse") and self.cue is not None:
            poly = self._shape_of(d["start"], self.cue.point)
            if len(poly) >= 3:
                view.outline(surface, poly, self.cam, view.SELECT, 2)

    def _draw_readout_box(self, surface: pygame.Surface, font: pygame.font.Font) -> None:
        self.readout = self._readout()
        if self.readout:  # what a move, scale, turn or corner drag makes, beside the pointer
            t = font.render(self.readout, True, (255, 255, 255))
            box = t.get_rect(topleft=(self.mouse[0] + 16, self.mouse[1] + 16))
            box.clamp_ip(self.table_rect.inflate(-8, -8))
            pygame.draw.rect(surface, (0, 0, 0), box.inflate(8, 4), border_radius=3)
            surface.blit(t, box)

    def _draw_box_and_base(self, surface: pygame.Surface, font: pygame.font.Font, d: dict | None,
                           radius: int) -> None:
        """The selection box being dragged; the sight base following the pointer."""
        cam = self.cam
        if d is not None and d["kind"] == "box":
            a, b = cam.to_px(d["start"]), self.mouse
            rect = pygame.Rect(min(a[0], b[0]), min(a[1], b[1]), abs(a[0] - b[0]), abs(a[1] - b[1]))
            pygame.draw.rect(surface, view.SELECT, rect, 1)
        if d is not None and d["kind"] == "sight" and self.sight_at is not None:  # the base follows the pointer
            pygame.draw.circle(surface, (250, 250, 250), cam.to_px(self.sight_at), radius)
            pygame.draw.circle(surface, (0, 0, 0), cam.to_px(self.sight_at), radius, 2)
            view.label_at(surface, "drop the base to see what it sees", cam.to_px(self.sight_at), font)

    def _draw_route(self, surface: pygame.Surface, font: pygame.font.Font, d: dict | None, radius: int) -> None:
        cam = self.cam
        assert self.route_ends is not None
        a, b = self.route_ends
        r = self.route_result
        if d is not None and d["kind"] == "route":  # the route is found on the drop, not on every move
            view.dash_line(surface, (255, 255, 255), cam.to_px(a), cam.to_px(b), 2)
            view.label_at(surface, f"{math.dist(a, b):.2f}″ straight; drop to find the route", cam.to_px(b),
                          font)
        elif r is not None and r.legal and r.move is not None:
            self._draw_route_found(surface, font, r, b)
        else:
            pygame.draw.line(surface, view.PROBLEM, cam.to_px(a), cam.to_px(b), 2)
            why = r.reason if r is not None else "no route"
            view.label_at(surface, theme.displayable(why), cam.to_px(b), font, view.PROBLEM)
        for q in (a, b):
            pygame.draw.circle(surface, (255, 255, 255), cam.to_px(q), radius, 2)

    def _draw_route_found(self, surface: pygame.Surface, font: pygame.font.Font, r: Any, b: Any) -> None:
        cam = self.cam
        pts = [cam.to_px(p) for p in r.waypoints]
        pygame.draw.lines(surface, (255, 255, 255), False, pts, 3)
        for q in pts:
            pygame.draw.circle(surface, (255, 255, 255), q, 3)
        rough = ", crosses rough terrain [TERR-2]" if r.move.crosses_rough else ""
        view.label_at(surface, f"route {r.cost:.2f}″{rough}", cam.to_px(b), font)
        if self.left_out_note():
            q = cam.to_px(b)
            view.label_at(surface, "route " + self.left_out_note(), (q[0], q[1] + self.px(18)), font,
                          view.PROBLEM)
            self.overlay_notes.append("route " + self.left_out_note())

    def _draw_tape_and_cue(self, surface: pygame.Surface, font: pygame.font.Font) -> None:
        cam = self.cam
        if self.tape is not None:
            a, b = self.tape
            pygame.draw.line(surface, (255, 255, 255), cam.to_px(a), cam.to_px(b), 2)
            view.label_at(surface, f"{math.dist(a, b):.2f}″", cam.to_px(b), font)
        if self.cue is not None and self.cue.kind in ("corner", "edge") and self.tool not in ("sight", "route",
                                                                                             "measure"):
            pygame.draw.circle(surface, (120, 255, 140), cam.to_px(self.cue.point), 6, 2)

    # -- geometry helpers ------------------------------------------------------------------------------------








    # -- input -----------------------------------------------------------------------------------------------













    # -- buttons and entries ---------------------------------------------------------------------------------
    def _pressed(self, el: pygame_gui.core.UIElement) -> None:
        w = self.widgets
        key = next((k for k, v in w.items() if v is el), None) or self._retired.get(el)
        if key is None or key not in w:
            return
        self.buttons.press(key)


    def refresh_panels(self) -> None:
        """The panels follow the state (EditorPanels); a text field keeps the focus and now edits the new
        selection, as after a rebuild."""
        super().refresh_panels()
        sel = sorted(self.session.selection)
        self._focused = {k: (el, sel) for k, (el, _old) in self._focused.items()
                         if self.widgets.get(k) is el and el.is_focused}

    def uncover(self) -> None:
        super().uncover()
        self.hide_unused()

    def rebuild(self) -> None:
        """The widgets again, with the text field that had the focus focused again (Tab, a commit)."""
        focused = [k for k, (el, _sel) in self._focused.items() if el.is_focused]
        self._focused = {}
        # a click whose event is still queued when a commit rebuilds the panels still counts
        self._retired = {el: k for k, el in {**getattr(self, "_pool", {}), **self.widgets}.items()}
        super().rebuild()
        for key in focused[:1]:
            el = self.widgets.get(key)
            if isinstance(el, pygame_gui.elements.UITextEntryLine) and el.is_enabled:
                self.manager.set_focus_set(el)
                self._focused[key] = (el, sorted(self.session.selection))

    def _watch_focus(self) -> None:
        """A text field commits when it loses the focus (Tab, a click anywhere else), not only on Enter."""
        if any(getattr(el, "held", False) for el in self.widgets.values()):
            return  # a button is half-pressed: commit after its click, or the rebuild would swallow it
        now = {k: el for k, el in self.widgets.items() if isinstance(el, pygame_gui.elements.UITextEntryLine)
               and el.is_focused}
        for key, (el, sel) in list(self._focused.items()):
            if now.get(key) is not el:
                del self._focused[key]
                self._entry_done(el, el.get_text(), key, sel)
        for key, el in now.items():
            if key not in self._focused:
                self._focused[key] = (el, sorted(self.session.selection))

    def _tab(self, back: bool) -> None:
        """Tab and Shift+Tab: the next or previous text field (committing this one)."""
        entries = [el for el in self.widgets.values()
                   if isinstance(el, pygame_gui.elements.UITextEntryLine) and el.is_enabled and el.visible]
        if not entries:
            return
        cur = next((i for i, el in enumerate(entries) if el.is_focused), -1)
        nxt = entries[(cur + (-1 if back else 1)) % len(entries)]
        self.manager.set_focus_set(nxt)
        self._watch_focus()

    # text field key -> handler name, each taking (text, live selection); "geo:*" fields go to _typed_geometry
    _ENTRY_DONE: dict[str, str] = {
        "name": "_entry_name", "description": "_entry_description", "prop:id": "_entry_id",
        "prop:style": "_entry_style", "prop:cross_cost": "_entry_cross_cost", "wall_width": "_entry_wall_width",
    }

    def _entry_done(self, el: pygame_gui.core.UIElement, text: str, key: str | None = None,
                    sel: list[int] | None = None) -> None:
        w, s = self.widgets, self.session
        if key is None:
            key = next((k for k, v in w.items() if v is el), None)
        if sel is None:
            sel = sorted(s.selection)
        sel = [u for u in sel if s.state.get(u) is not None]
        text = text.strip()
        if key is None:
            return
        name = self._ENTRY_DONE.get(key)
        if name is not None:
            getattr(self, name)(text, sel)
        elif key.startswith("geo:") and sel:
            self._typed_geometry(key[4:], text, sel)

    def _entry_name(self, text: str, sel: list[int]) -> None:
        s = self.session
        if text and text != s.state.name:
            s.do(cmd.SetMeta(name=text))

    def _entry_description(self, text: str, sel: list[int]) -> None:
        s = self.session
        if text != s.state.description:
            s.do(cmd.SetMeta(description=text))

    def _entry_id(self, text: str, sel: list[int]) -> None:
        if sel and text:
            self.session.do(cmd.SetProperty(sel[:1], "id", text))

    def _entry_style(self, text: str, sel: list[int]) -> None:
        if sel:
            self.session.do(cmd.SetProperty(sel, "style", text or None))

    def _entry_cross_cost(self, text: str, sel: list[int]) -> None:
        if not sel:
            return
        try:
            value = float(text) if text else None
        except ValueError:
            self.message = f"the crossing cost must be a number of inches, not '{text}'"
            return
        self.session.do(cmd.SetProperty(sel, "cross_cost", value))

    def _entry_wall_width(self, text: str, sel: list[int]) -> None:
        try:
            self.wall_width = max(0.1, min(6.0, float(text)))
        except ValueError:
            self.message = f"the wall width must be a number of inches, not '{text}'"

    def _typed_geometry(self, key: str, text: str, sel: list[int]) -> None:
        """A typed position, size or turn of the selection: one command, one undo step."""
        s = self.session
        try:
            value = float(text)
        except ValueError:
            if text:
                self.message = f"type a number, not '{text}'"
            return
        x0, y0, x1, y1 = tf.bounds([s.state.get(u).polygon for u in sel])
        if key in ("x", "y"):
            dx, dy = (value - x0, 0.0) if key == "x" else (0.0, value - y0)
            if abs(dx) + abs(dy) > 1e-6:
                s.do(cmd.MovePieces(sel, dx, dy))
        elif key in ("w", "h"):
            old = x1 - x0 if key == "w" else y1 - y0
            if value <= 0.05 or old <= 1e-9:
                self.message = "a size must be more than 0.05″"
                return
            if abs(value - old) > 1e-6:
                f = value / old
                s.do(cmd.ScalePieces(sel, f if key == "w" else 1.0, f if key == "h" else 1.0, (x0, y0)))
        elif key == "angle" and abs(value) > 1e-6:
            s.do(cmd.RotatePieces(sel, value, ((x0 + x1) / 2, (y0 + y1) / 2)))
            self._panel_key = None  # the turn field goes back to 0

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
            self.message = os_problem(exc, "NOT saved:")
            return False
        common.rescan()  # the battle set-up lists it at once
        n = len(self.session.problems())
        self.message = (f"saved as a DRAFT (fix its {n} problem(s) to play it): {saved.path}" if saved.draft
                        else f"saved: {saved.path}")
        self._autosaved = self.session.state
        return True

    def save_as(self) -> None:
        """Ask for the new map's name (the file is named after it), then save it as a new file."""
        self._unfocus()
        s = self.session

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

        self.app.push(NameDialog(self.app, s.state.name, file_for, taken, done))

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

        self.app.push(UnsavedChangesDialog(self.app, f"The map '{self.session.state.name}'", answer))

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
