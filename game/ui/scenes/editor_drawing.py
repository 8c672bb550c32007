"""Drawing the map editor's table each frame: the terrain and overlays (editor_view's drawing functions), the
tool in hand, the numbers of a drag beside the pointer, and the status line. A part of EditorScene; it only
reads the scene's state (and notes what it drew: the readout, the overlays' notes).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from game.content.maps import TABLE_SIZE
from game.editor import commands as cmd
from game.editor import transform as tf
from game.editor.document import clip_to_table, thick_polyline
from game.editor.overlays import encounter_shapes, shape_at
from game.ui import theme
from game.ui.scenes import common
from game.ui.scenes import editor_view as view

if TYPE_CHECKING:
    from game.ui.scenes.editor import EditorScene


class TableDrawing:
    """The table, its overlays and the tool in hand, drawn."""

    def __init__(self, scene: EditorScene) -> None:
        self.scene = scene
        self.layer = view.TerrainLayer()
        self.sight_view = view.SightView()

    def draw(self, surface: pygame.Surface) -> None:
        scene = self.scene
        scene.overlay_notes = []  # what the overlays say of themselves this frame (pieces left out)
        surface.fill(theme.BG)
        cam = scene.cam
        clip = surface.get_clip()
        surface.set_clip(scene.table_rect)
        s = scene.session
        state = s.state
        shown = scene.pending.result(state) if scene.pending is not None else state
        live = frozenset(s.selection) if scene.drag is not None and scene.drag["kind"] in (
            "move", "corner", "rotate", "scale") else frozenset()
        view.draw_table(surface, self.layer, state, cam, live, s.snap.grid if scene.show["grid"] else None)
        hover = None
        if scene.drag is None and not scene.points and scene.table_rect.collidepoint(scene.mouse):
            # its name, where the table has no room for it
            hover = scene.table_mouse.piece_at(cam.to_inches(scene.mouse))
        view.draw_piece_labels(surface, state, cam, scene.table_rect, live, hover)
        font = theme.font(scene.px(12))
        shapes = []
        if scene.encounter is not None:
            item = common.content()["scenarios"].items.get(scene.encounter)
            if item is not None:
                shapes = encounter_shapes(item[1], state.battle_map())
                view.draw_encounter(surface, shapes, cam, font, scene.app.settings.colour_blind)
        if scene.sight is not None:
            self.sight_view.draw(surface, scene.sight, cam)
            note = scene.overlays.left_out_note()
            if note and scene.sight_at is not None and (scene.drag is None or scene.drag["kind"] != "sight"):
                at = cam.to_px(scene.sight_at)
                view.label_at(surface, "sight " + note, (at[0], at[1] + scene.px(18)), font, view.PROBLEM)
                scene.overlay_notes.append("sight " + note)
        judged = scene.fairness
        if judged is not None and judged[0] is state and judged[1].deaths:  # an edit since: the map judged is gone
            from game.ui.scenes.editor_fairness import draw_deaths

            draw_deaths(surface, judged[1], cam.to_px, scene.table_rect, max(3, round(cam.scale * 0.6)), font)
        marks: dict[int, list] = {}
        for pr in scene.problems():
            if pr.uid is not None:
                marks.setdefault(pr.uid, []).extend(pr.spots or [pr.corner])
        view.draw_problems(surface, state, cam, marks, font)
        view.draw_twins(surface, state, cam, s.selection)
        if scene.pending is not None:
            view.draw_preview(surface, shown, state, cam, scene.pending.copy, scene.pending.axis, font)
        view.draw_selection(surface, s.selected(), cam, scene.table_mouse.handles(), scene.active_corner)
        self._draw_tool(surface, font)
        surface.set_clip(clip)
        self._draw_encounter_tip(surface, shapes)
        if scene.show["rulers"]:
            view.draw_rulers(surface, cam, font, scene.table_rect)
        status = theme.font(scene.px(12)).render(scene.status_text, True, theme.INK)
        surface.blit(status, status.get_rect(midleft=(scene.status_rect.x, scene.status_rect.centery)))

    def _readout(self) -> str:
        """The numbers of the drag in progress: position and size, the turn, a corner's place."""
        scene = self.scene
        d, s = scene.drag, scene.session
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
        scene = self.scene
        from game.ui.battle import objectives, tooltips

        if not shapes or scene.drag is not None or scene.points or not scene.table_rect.collidepoint(scene.mouse):
            return
        shape = shape_at(shapes, scene.cam.to_inches(scene.mouse))
        if shape is not None:
            tooltips.draw_hover_card(surface, (scene.mouse[0] + 18, scene.mouse[1] + 18),
                                     objectives.card_rows(list(shape.tip)), scene.px(13))

    def _draw_tool(self, surface: pygame.Surface, font: pygame.font.Font) -> None:
        """What the tool in hand shows over the table, drawn in this order."""
        scene = self.scene
        d = scene.drag
        self._draw_points(surface)
        self._draw_drag_shape(surface, d)
        self._draw_readout_box(surface, font)
        radius = max(3, round(scene.base_mm / 25.4 / 2 * scene.cam.scale))
        self._draw_box_and_base(surface, font, d, radius)
        if scene.route_ends is not None:
            self._draw_route(surface, font, d, radius)
        self._draw_tape_and_cue(surface, font)

    def _draw_points(self, surface: pygame.Surface) -> None:
        """The corners clicked so far for a polygon or a wall."""
        scene = self.scene
        if not scene.points:
            return
        cam = scene.cam
        pts = [cam.to_px(p) for p in scene.points]
        hover = cam.to_px(scene.cue.point) if scene.cue is not None else scene.mouse
        if scene.tool == "wall" and len(scene.points) >= 1:
            shape = thick_polyline(scene.points + [scene.cue.point] if scene.cue else scene.points, scene.wall_width)
            for part in clip_to_table(shape):  # as it will be: cut at the table edge
                view.outline(surface, part, cam, view.SELECT, 1)
        pygame.draw.lines(surface, view.SELECT, False, pts + [hover], 2)
        for q in pts:
            pygame.draw.circle(surface, view.SELECT, q, 4)
        if scene.tool == "polygon":
            pygame.draw.circle(surface, (255, 255, 255), pts[0], 8, 2)

    def _draw_drag_shape(self, surface: pygame.Surface, d: dict | None) -> None:
        scene = self.scene
        if d is not None and d["kind"] in ("rect", "ellipse") and scene.cue is not None:
            poly = scene.table_mouse.shape_of(d["start"], scene.cue.point)
            if len(poly) >= 3:
                view.outline(surface, poly, scene.cam, view.SELECT, 2)

    def _draw_readout_box(self, surface: pygame.Surface, font: pygame.font.Font) -> None:
        scene = self.scene
        scene.readout = self._readout()
        if scene.readout:  # what a move, scale, turn or corner drag makes, beside the pointer
            t = font.render(scene.readout, True, (255, 255, 255))
            box = t.get_rect(topleft=(scene.mouse[0] + 16, scene.mouse[1] + 16))
            box.clamp_ip(scene.table_rect.inflate(-8, -8))
            pygame.draw.rect(surface, (0, 0, 0), box.inflate(8, 4), border_radius=3)
            surface.blit(t, box)

    def _draw_box_and_base(self, surface: pygame.Surface, font: pygame.font.Font, d: dict | None,
                           radius: int) -> None:
        """The selection box being dragged; the sight base following the pointer."""
        scene = self.scene
        cam = scene.cam
        if d is not None and d["kind"] == "box":
            a, b = cam.to_px(d["start"]), scene.mouse
            rect = pygame.Rect(min(a[0], b[0]), min(a[1], b[1]), abs(a[0] - b[0]), abs(a[1] - b[1]))
            pygame.draw.rect(surface, view.SELECT, rect, 1)
        if d is not None and d["kind"] == "sight" and scene.sight_at is not None:  # the base follows the pointer
            pygame.draw.circle(surface, (250, 250, 250), cam.to_px(scene.sight_at), radius)
            pygame.draw.circle(surface, (0, 0, 0), cam.to_px(scene.sight_at), radius, 2)
            view.label_at(surface, "drop the base to see what it sees", cam.to_px(scene.sight_at), font)

    def _draw_route(self, surface: pygame.Surface, font: pygame.font.Font, d: dict | None, radius: int) -> None:
        scene = self.scene
        cam = scene.cam
        assert scene.route_ends is not None
        a, b = scene.route_ends
        r = scene.route_result
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
        scene = self.scene
        cam = scene.cam
        pts = [cam.to_px(p) for p in r.waypoints]
        pygame.draw.lines(surface, (255, 255, 255), False, pts, 3)
        for q in pts:
            pygame.draw.circle(surface, (255, 255, 255), q, 3)
        rough = ", crosses rough terrain [TERR-2]" if r.move.crosses_rough else ""
        view.label_at(surface, f"route {r.cost:.2f}″{rough}", cam.to_px(b), font)
        if scene.overlays.left_out_note():
            q = cam.to_px(b)
            view.label_at(surface, "route " + scene.overlays.left_out_note(), (q[0], q[1] + scene.px(18)), font,
                          view.PROBLEM)
            scene.overlay_notes.append("route " + scene.overlays.left_out_note())

    def _draw_tape_and_cue(self, surface: pygame.Surface, font: pygame.font.Font) -> None:
        scene = self.scene
        cam = scene.cam
        if scene.tape is not None:
            a, b = scene.tape
            pygame.draw.line(surface, (255, 255, 255), cam.to_px(a), cam.to_px(b), 2)
            view.label_at(surface, f"{math.dist(a, b):.2f}″", cam.to_px(b), font)
        if scene.cue is not None and scene.cue.kind in ("corner", "edge") and scene.tool not in ("sight", "route",
                                                                                             "measure"):
            pygame.draw.circle(surface, (120, 255, 140), cam.to_px(scene.cue.point), 6, 2)


class StatusLine:
    """The status line's text (drawn by the scene, not a widget: it changes with every mouse move)."""

    def __init__(self, scene: EditorScene) -> None:
        self.scene = scene
        self._fit: tuple[Any, str] = (None, "")  # the text for (text, room, font size), fitted to the room

    def update(self) -> None:
        """The map, where it is saved, its problems, the pointer and the last message, fitted to the line."""
        scene = self.scene
        s = scene.session
        where = "not saved yet" if s.path is None else ("shipped map: saving writes a copy to your mod folder"
                                                        if s.shipped else str(s.path))
        parts = [f"{s.state.name}{' *unsaved*' if s.dirty else ''}", ("DRAFT — " if s.draft else "") + where,
                 f"{len(s.state.pieces)} pieces", f"{len(scene.problems())} problem(s)"
                 + (f", {len(warned)} warning(s)" if scene.drag is None and (warned := scene.warnings()) else "")]
        at = scene.cam.to_inches(scene.mouse)
        if 0 <= at[0] <= TABLE_SIZE and 0 <= at[1] <= TABLE_SIZE:
            parts.append(f"{at[0]:.2f}″, {at[1]:.2f}″")
        if scene.message:
            parts.append(scene.message)
        text = theme.displayable("  ·  ".join(parts))
        room = scene.status_rect.w
        key = (text, room, scene.px(12))
        if key != self._fit[0]:
            font = theme.font(scene.px(12))
            if font.size(text)[0] > room and s.path is not None:  # a narrow window: the file's name, not its path
                parts[1] = ("DRAFT — " if s.draft else "") + ("shipped map (saved as a copy)" if s.shipped
                                                               else s.path.name)
                text = theme.displayable("  ·  ".join(parts))
            for drop in (2, 1):  # still too long: the piece count, then where it is saved, give way to the message
                if font.size(text)[0] > room and scene.message:
                    del parts[drop]
                    text = theme.displayable("  ·  ".join(parts))
            from game.ui.battle.cards import fit

            self._fit = (key, fit(text, scene.px(12), room) if font.size(text)[0] > room else text)
        scene.status_text = self._fit[1]

