"""The map editor's mouse on the table: tools, handles and hit tests, turned into commands on the session. A
drag previews one command and commits it on release, so one gesture is one undo step; nothing expensive runs
on a mouse move (sight and routes are found on the drop).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.editor import commands as cmd
from game.editor import transform as tf
from game.editor.document import Piece, clip_to_table, ellipse, rectangle, thick_polyline
from game.editor.snapping import Snap, nearest_on_segment, snap_angle, snap_point
from game.geometry.shapes import point_in_polygon
from game.ui.table_view import Camera

if TYPE_CHECKING:
    from game.ui.scenes.editor import EditorScene


def _mods() -> int:
    return pygame.key.get_mods()


class TableMouse:
    """What a press, a move and a release of the mouse on the table do, by the tool in hand."""

    def __init__(self, scene: EditorScene) -> None:
        self.scene = scene
        self._last_click: tuple[float, tuple[int, int]] = (0, (0, 0))

    def handles(self) -> dict[str, tuple[int, int]]:
        scene = self.scene
        sel = scene.session.selected()
        if not sel:
            return {}
        x0, y0, x1, y1 = tf.bounds([p.polygon for p in sel])
        a, b = scene.cam.to_px((x0, y0)), scene.cam.to_px((x1, y1))
        off = scene.px(12)
        top = ((a[0] + b[0]) // 2, a[1])
        return {"top": top, "rotate": (top[0], top[1] - scene.px(26)), "scale_nw": (a[0] - off, a[1] - off),
                "scale_ne": (b[0] + off, a[1] - off), "scale_se": (b[0] + off, b[1] + off),
                "scale_sw": (a[0] - off, b[1] + off)}

    def selection_centre(self) -> tuple[float, float]:
        scene = self.scene
        x0, y0, x1, y1 = tf.bounds([p.polygon for p in scene.session.selected()])
        return ((x0 + x1) / 2, (y0 + y1) / 2)

    def reach(self) -> float:
        scene = self.scene
        return scene.px(8) / max(scene.cam.scale, 1e-6)

    def snapped(self, at: tuple[float, float], ignore: frozenset[int] = frozenset()) -> Snap:
        scene = self.scene
        settings = scene.session.snap
        if scene.input.keys_held["alt"] or _mods() & pygame.KMOD_ALT:
            from game.editor.snapping import SnapSettings

            settings = SnapSettings(on=False)
        return snap_point(at, scene.session.state.pieces, settings, self.reach(), ignore, tuple(scene.points))

    def piece_at(self, at: tuple[float, float]) -> Piece | None:
        scene = self.scene
        for p in reversed(scene.session.state.pieces):
            if len(p.polygon) >= 3 and point_in_polygon(at, p.polygon):
                return p
        return None

    def corner_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        scene = self.scene
        for p in scene.session.selected():
            for i, q in enumerate(p.polygon):
                if math.dist(scene.cam.to_px(q), pos) <= scene.px(7):
                    return (p.uid, i)
        return None

    def edge_at(self, pos: tuple[int, int]) -> tuple[int, int, tuple[float, float]] | None:
        scene = self.scene
        at = scene.cam.to_inches(pos)
        for p in scene.session.selected():
            n = len(p.polygon)
            for i in range(n):
                q, d = nearest_on_segment(at, p.polygon[i], p.polygon[(i + 1) % n])
                if d * scene.cam.scale <= scene.px(8):  # a few pixels either side of the line
                    return (p.uid, i, q)
        return None

    def shape_of(self, a: tuple[float, float], b: tuple[float, float]) -> tuple:
        scene = self.scene
        if scene.tool == "ellipse":
            return ellipse(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), abs(b[0] - a[0]) / 2, abs(b[1] - a[1]) / 2)
        return rectangle(a, b)

    def zoom(self, factor: float, at: tuple[int, int]) -> None:
        scene = self.scene
        c = scene.cam
        scale = max(4.0, min(200.0, c.scale * factor))
        ix, iy = c.to_inches(at)
        scene.cam = Camera(scale, at[0] - ix * scale, at[1] - iy * scale)
        scene.zoomed = True

    def press(self, pos: tuple[int, int]) -> None:
        scene = self.scene
        at = scene.cam.to_inches(pos)
        scene.message = ""
        scene.esc_armed = False
        if scene.pending is not None:
            return
        if scene.tool == "select":
            self.press_select(pos, at)
        elif scene.tool in ("polygon", "wall"):
            snap = self.snapped(at)
            closes = scene.tool == "polygon" and len(scene.points) >= 3 and \
                math.dist(scene.cam.to_px(scene.points[0]), pos) <= scene.px(8)
            ends = scene.tool == "wall" and len(scene.points) >= 2 and \
                math.dist(scene.cam.to_px(scene.points[-1]), pos) <= scene.px(6)
            if closes or ends:
                self.finish_shape()
            else:
                scene.points.append(snap.point)
        elif scene.tool in ("rect", "ellipse"):
            scene.drag = {"kind": scene.tool, "start": self.snapped(at).point}
        elif scene.tool == "sight":
            scene.drag = {"kind": "sight"}
            scene.sight_at, scene.sight = at, None
        elif scene.tool == "route":
            scene.drag = {"kind": "route", "start": at}
            scene.route_ends, scene.route_result = (at, at), None
        elif scene.tool == "measure":
            p = self.snapped(at).point
            scene.drag = {"kind": "measure", "start": p}
            scene.tape = (p, p)

    def press_select(self, pos: tuple[int, int], at: tuple[float, float]) -> None:
        scene = self.scene
        s = scene.session
        now = scene.clock
        double = now - self._last_click[0] < 0.4 and math.dist(self._last_click[1], pos) < 5
        self._last_click = (now, pos)
        h = self.handles()
        if h and math.dist(h["rotate"], pos) <= scene.px(9):
            c = self.selection_centre()
            scene.drag = {"kind": "rotate", "centre": c, "a0": math.atan2(at[1] - c[1], at[0] - c[0])}
            return
        for k in ("scale_nw", "scale_ne", "scale_se", "scale_sw"):
            if k in h and math.dist(h[k], pos) <= scene.px(8):
                x0, y0, x1, y1 = tf.bounds([p.polygon for p in s.selected()])
                anchor = {"scale_nw": (x1, y1), "scale_ne": (x0, y1), "scale_se": (x0, y0), "scale_sw": (x1, y0)}[k]
                grab = {"scale_nw": (x0, y0), "scale_ne": (x1, y0), "scale_se": (x1, y1), "scale_sw": (x0, y1)}[k]
                scene.drag = {"kind": "scale", "anchor": anchor, "grab": grab, "start": at}
                return
        corner = self.corner_at(pos)
        if corner is not None:
            scene.active_corner = corner
            scene.drag = {"kind": "corner", "uid": corner[0], "index": corner[1]}
            return
        edge = self.edge_at(pos)
        if edge is not None and (scene.input.held("ctrl") or double):
            uid, i, q = edge
            s.do(cmd.InsertCorner(uid, i, self.snapped(q, frozenset({uid})).point))
            scene.active_corner = (uid, i + 1)
            scene.drag = {"kind": "corner", "uid": uid, "index": i + 1}
            return
        scene.active_corner = None
        piece = self.piece_at(at)
        shift = scene.input.held("shift")
        if piece is None and edge is not None:  # just outside a selected piece's edge: keep it selected, so
            return                                # the second click of a double-click adds a corner there
        if piece is None:
            if not shift:
                s.select([])
            scene.drag = {"kind": "box", "start": at, "add": shift}
            return
        if shift:
            if piece.uid in s.selection:
                s.selection.discard(piece.uid)
                return
            s.select([piece.uid], add=True)
        elif piece.uid not in s.selection:
            s.select([piece.uid])
        anchor = min(piece.polygon, key=lambda q: math.dist(q, at))
        scene.drag = {"kind": "move", "start": at, "anchor": anchor}

    def motion(self, event: pygame.event.Event) -> None:
        scene = self.scene
        pos = tuple(event.pos)
        at = scene.cam.to_inches(pos)
        d = scene.drag
        s = scene.session
        if d is None:
            if scene.tool in ("polygon", "wall", "rect", "ellipse", "measure"):
                scene.cue = self.snapped(at)
            else:
                scene.cue = None
            return
        kind = d["kind"]
        if kind == "pan":
            dx, dy = pos[0] - d["start"][0], pos[1] - d["start"][1]
            if abs(dx) + abs(dy) > 3:
                d["moved"] = True
            scene.cam = Camera(scene.cam.scale, d["origin"][0] + dx, d["origin"][1] + dy)
            scene.zoomed = True
        elif kind == "move":
            target = self.snapped((d["anchor"][0] + at[0] - d["start"][0], d["anchor"][1] + at[1] - d["start"][1]),
                                  frozenset(s.selection)).point
            scene.cue = Snap(target, "corner") if target else None
            s.history.preview(cmd.MovePieces(sorted(s.selection), target[0] - d["anchor"][0],
                                             target[1] - d["anchor"][1]))
        elif kind == "corner":
            snap = self.snapped(at, frozenset({d["uid"]}))
            scene.cue = snap
            s.history.preview(cmd.MoveCorner(d["uid"], d["index"], snap.point))
        elif kind == "rotate":
            c = d["centre"]
            deg = math.degrees(math.atan2(at[1] - c[1], at[0] - c[0]) - d["a0"])
            deg = snap_angle(deg) if scene.input.held("shift", event) else round(deg * 2) / 2
            s.history.preview(cmd.RotatePieces(sorted(s.selection), deg, c))
        elif kind == "scale":
            ax, ay = d["anchor"]
            gx, gy = d["grab"]
            moved = (gx + at[0] - d["start"][0], gy + at[1] - d["start"][1])  # the corner follows the pointer
            p = self.snapped(moved, frozenset(s.selection)).point
            sx = (p[0] - ax) / (gx - ax) if abs(gx - ax) > 1e-9 else 1.0
            sy = (p[1] - ay) / (gy - ay) if abs(gy - ay) > 1e-9 else 1.0
            sx, sy = max(0.05, sx), max(0.05, sy)
            if scene.input.held("shift", event):
                sx = sy = max(sx, sy)
            s.history.preview(cmd.ScalePieces(sorted(s.selection), sx, sy, d["anchor"]))
        elif kind in ("rect", "ellipse"):
            scene.cue = self.snapped(at)
        elif kind == "sight":
            scene.sight_at = at  # the base follows the pointer; the shading waits for the drop
        elif kind == "route":
            scene.route_ends = (d["start"], at)
        elif kind == "measure":
            scene.tape = (d["start"], self.snapped(at).point)

    def release(self, pos: tuple[int, int], button: int) -> None:
        scene = self.scene
        d, scene.drag = scene.drag, None
        if d is None:
            return
        s = scene.session
        at = scene.cam.to_inches(pos)
        kind = d["kind"]
        if kind == "pan":
            if not d["moved"] and d.get("button") == 3:
                corner = self.corner_at(pos)
                if corner is not None:
                    s.do(cmd.DeleteCorner(*corner))
                    scene.active_corner = None
            return
        if button != 1:
            scene.drag = d
            return
        if kind in ("move", "corner", "rotate", "scale"):
            s.history.commit()
        elif kind == "box":
            a = d["start"]
            x0, x1 = sorted((a[0], at[0]))
            y0, y1 = sorted((a[1], at[1]))
            if (x1 - x0) * scene.cam.scale > 3 or (y1 - y0) * scene.cam.scale > 3:
                hit = [p.uid for p in s.state.pieces if p.polygon and _overlaps(p.bounds, (x0, y0, x1, y1))]
                s.select(hit, add=d["add"])
        elif kind in ("rect", "ellipse"):
            end = self.snapped(at).point
            a = d["start"]
            if abs(end[0] - a[0]) > 1e-6 and abs(end[1] - a[1]) > 1e-6:
                self.add_piece(self.shape_of(a, end))
        elif kind == "sight":
            scene.overlays.start_sight(at)
        elif kind == "route":
            scene.overlays.compute_route(d["start"], at)
        elif kind == "measure":
            scene.tape = (d["start"], self.snapped(at).point)
        scene.cue = None

    def add_piece(self, polygon: tuple) -> None:
        scene = self.scene
        p = scene.preset
        piece = Piece(p.key, p.kind, tuple(polygon), p.style, p.blocks_los, p.cross_cost, p.water)
        if scene.session.do(cmd.AddPieces([piece])):
            scene.session.select([piece.uid])  # AddPieces may renumber its id, never its uid

    def finish_shape(self) -> None:
        scene = self.scene
        pts, scene.points = scene.points, []
        if scene.tool == "polygon" and len(pts) >= 3:
            self.add_piece(tuple(pts))
        elif scene.tool == "wall" and len(pts) >= 2:
            parts = clip_to_table(thick_polyline(pts, scene.wall_width))  # cut at the table edge
            if not parts:
                scene.message = "the wall is off the table: nothing drawn"
            for part in parts:
                self.add_piece(part)



def _overlaps(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]
