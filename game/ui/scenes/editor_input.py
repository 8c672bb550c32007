"""The map editor's mouse and keyboard: tools, handles, hit tests and shortcuts, turned into commands.
Part of EditorScene (game/ui/scenes/editor.py). A drag previews one command and commits it on release,
so one gesture is one undo step; nothing expensive runs on a mouse move.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.editor import commands as cmd
from game.editor import transform as tf
from game.editor.document import Piece, clip_to_table, ellipse, rectangle, thick_polyline
from game.editor.snapping import Snap, nearest_on_segment, snap_angle, snap_point
from game.geometry.shapes import point_in_polygon
from game.ui.scenes.editor_panels import TOOLS
from game.ui.scenes.editor_shape import EditorShape
from game.ui.table_view import Camera

if TYPE_CHECKING:
    from game.editor.snapping import Snap


def _mods() -> int:
    return pygame.key.get_mods()


class EditorInput(EditorShape):
    """Input handling of the editor (a mixin of EditorScene)."""

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
                if d * self.cam.scale <= self.px(8):  # a few pixels either side of the line
                    return (p.uid, i, q)
        return None

    def _shape_of(self, a: tuple[float, float], b: tuple[float, float]) -> tuple:
        if self.tool == "ellipse":
            return ellipse(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), abs(b[0] - a[0]) / 2, abs(b[1] - a[1]) / 2)
        return rectangle(a, b)

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
            elif t == pygame.KEYDOWN and event.key == pygame.K_TAB:
                self._tab(back=self._held("shift", event))
            elif t == pygame.KEYDOWN and event.key == pygame.K_s and self._held("ctrl", event):
                self.save_as() if self._held("shift", event) else self.save()  # with the field being typed in
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
        focus = list(self.manager.get_focus_set() or set())
        for el in focus:
            if isinstance(el, pygame_gui.elements.UITextEntryLine):
                key = next((k for k, v in self.widgets.items() if v is el), None)
                if key is not None and key not in self._focused:
                    self._focused[key] = (el, sorted(self.session.selection))
        if any(isinstance(el, pygame_gui.elements.UITextEntryLine) for el in focus):
            self.manager.set_focus_set(None)  # the manager forgets it too: a later click focuses it again
        self._watch_focus()

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
        self._esc_armed = False
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
        if piece is None and edge is not None:  # just outside a selected piece's edge: keep it selected, so
            return                                # the second click of a double-click adds a corner there
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
            parts = clip_to_table(thick_polyline(pts, self.wall_width))  # cut at the table edge
            if not parts:
                self.message = "the wall is off the table: nothing drawn"
            for part in parts:
                self.add_piece(part)

    _MODIFIERS = (pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LALT, pygame.K_RALT)
    # Ctrl+key -> method name (shift variant second); looked up, not chained.
    _CTRL_KEYS: dict[int, tuple[str, str]] = {
        pygame.K_z: ("undo", "redo"),
        pygame.K_y: ("redo", "redo"),
        pygame.K_c: ("_key_copy", "_key_copy"),
        pygame.K_v: ("_key_paste", "_key_paste"),
        pygame.K_d: ("_key_duplicate", "_key_duplicate"),
        pygame.K_s: ("save", "save_as"),
        pygame.K_n: ("_key_new", "_key_new"),
        pygame.K_o: ("_key_open", "_key_open"),
        pygame.K_a: ("_key_select_all", "_key_select_all"),
    }
    # plain key -> method name taking (shift); the tool hotkeys are the fallback.
    _PLAIN_KEYS: dict[int, str] = {
        pygame.K_RETURN: "_key_enter",
        pygame.K_KP_ENTER: "_key_enter",
        pygame.K_ESCAPE: "_key_escape",
        pygame.K_BACKSPACE: "_key_delete",
        pygame.K_DELETE: "_key_delete",
        pygame.K_LEFT: "_key_arrow",
        pygame.K_RIGHT: "_key_arrow",
        pygame.K_UP: "_key_arrow",
        pygame.K_DOWN: "_key_arrow",
        pygame.K_PAGEUP: "_key_reorder",
        pygame.K_PAGEDOWN: "_key_reorder",
        pygame.K_g: "_key_grid",
        pygame.K_f: "_key_fit",
    }

    def _key(self, event: pygame.event.Event) -> None:
        k = event.key
        if k not in self._MODIFIERS:
            self._esc_armed, armed = False, self._esc_armed
            if k == pygame.K_ESCAPE:
                self._esc_armed = armed
        ctrl, shift = self._held("ctrl", event), self._held("shift", event)
        if ctrl:
            names = self._CTRL_KEYS.get(k)
            if names is not None:
                getattr(self, names[1] if shift else names[0])()
            return
        name = self._PLAIN_KEYS.get(k)
        if name is not None:
            getattr(self, name)(k, shift)
            return
        for key, _t, hot, _tip in TOOLS:
            if k == hot:
                self.set_tool(key)

    def _key_copy(self) -> None:
        n = self.session.copy()
        self.message = f"copied {n} piece(s)"

    def _key_paste(self) -> None:
        self.session.paste()

    def _key_duplicate(self) -> None:
        self.session.duplicate()

    def _key_new(self) -> None:
        self.ask_then(self.new_map)

    def _key_open(self) -> None:
        self.ask_then(self.open_dialog)

    def _key_select_all(self) -> None:
        s = self.session
        s.select(s.state.uids())

    def _key_enter(self, k: int, shift: bool) -> None:
        if self.pending is not None:
            self.apply_mirror()
        elif self.points:
            self.finish_shape()

    def _key_escape(self, k: int, shift: bool) -> None:
        """Esc backs out one layer: pending mirror, shape points, drag, selection, overlays, encounter, tool, editor."""
        s = self.session
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
        elif self.sight_at is not None or self.route_ends is not None or self.tape is not None:
            self.sight = self.sight_at = self.route_ends = self.route_result = self.tape = None
            self.message = "overlay cleared (Esc again: back to the Select tool)"
        else:
            self._key_escape_late()

    def _key_escape_late(self) -> None:
        if self.encounter is not None:
            self.encounter = None
            self.message = "encounter hidden"
        elif self.tool != "select":
            self.set_tool("select")
            self.message = "the Select tool"
        elif self._esc_armed:
            self.leave_editor()
        else:
            self._esc_armed = True
            self.message = "press Esc again to leave the editor"

    def _key_delete(self, k: int, shift: bool) -> None:
        s = self.session
        if k == pygame.K_BACKSPACE and self.points:
            self.points.pop()
        elif self.active_corner is not None:
            s.do(cmd.DeleteCorner(*self.active_corner))
            self.active_corner = None
        elif s.selection:
            s.do(cmd.DeletePieces(s.selection))

    def _key_arrow(self, k: int, shift: bool) -> None:
        s = self.session
        if not s.selection:
            return
        step = 1.0 if shift else s.snap.grid
        dx = {pygame.K_LEFT: -step, pygame.K_RIGHT: step}.get(k, 0.0)
        dy = {pygame.K_UP: -step, pygame.K_DOWN: step}.get(k, 0.0)
        s.do(cmd.MovePieces(sorted(s.selection), dx, dy))

    def _key_reorder(self, k: int, shift: bool) -> None:
        s = self.session
        if s.selection:
            s.do(cmd.Reorder(s.selection, k == pygame.K_PAGEUP))

    def _key_grid(self, k: int, shift: bool) -> None:
        self.show["grid"] = not self.show["grid"]

    def _key_fit(self, k: int, shift: bool) -> None:
        self.zoomed = False
        self.cam = Camera.fit(self.table_rect, margin=self.px(26))


def _overlaps(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]
