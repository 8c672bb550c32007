"""The table of a rule system's battle screen, drawn from its view: the set-up zone of the question asked, the
suggested spots and a move's reach, the route or lane a hover would take and why the rules would refuse it, the
objective markers, the tokens and their labels. The scene owns the camera, the hover and the question; this draws."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import pygame

from game.ui import style, theme
from game.ui.model_labels import place_labels, unique_labels
from game.ui.table_view import piece_name_boxes, table_text_px


class SystemTablePainter:
    """Draws what lies on the table for a SystemBattleScene (its camera, view, session and hover)."""

    def __init__(self, scene: Any):
        self.scene = scene

    def zone(self, surface: pygame.Surface, d: Any) -> None:
        found = self.scene.view.zone(self.scene.session.state, d)
        if found is None:
            return
        edge, depth = found
        size = self.scene.session.state.battle_map.size
        x0, y0, x1, y1 = {"top": (0, 0, size, depth), "bottom": (0, size - depth, size, size),
                          "left": (0, 0, depth, size), "right": (size - depth, 0, size, size)}[edge]
        a, b = self.scene.cam.to_px((x0, y0)), self.scene.cam.to_px((x1, y1))
        zone = pygame.Surface((b[0] - a[0], b[1] - a[1]), pygame.SRCALPHA)
        zone.fill((*style.SIDE_COLOURS[d.side], 60))
        surface.blit(zone, a)

    def candidates(self, surface: pygame.Surface, d: Any) -> None:
        if d.free != "point":
            return
        inches = d.context.get("allowance")
        me = self.scene.token(d.context.get("model"))
        if inches and me is not None:
            cam = self.scene.cam
            pygame.draw.circle(surface, theme.ACCENT, cam.to_px((me.x, me.y)), round(inches * cam.scale),
                               max(1, self.scene.px(2)))
        r = max(2, round(self.scene.cam.scale * 0.12))
        for p in d.context.get("candidates") or []:
            pygame.draw.circle(surface, theme.ACCENT, self.scene.cam.to_px((p["x"], p["y"])), r)

    def preview(self, surface: pygame.Surface, d: Any) -> None:
        """The route a click here would take (or why not), and a hovered charge's lane."""
        st = self.scene.session.state
        width = max(2, self.scene.px(2))
        if self.scene.hover_option:
            path, reaches = self.scene.view.lane(st, d, self.scene.hover_option)
            if len(path) > 1:
                pygame.draw.line(surface, theme.GOOD if reaches else theme.BAD, self.scene.cam.to_px(path[0]),
                                 self.scene.cam.to_px(path[1]), width)
        if self.scene.hover is None or d.free != "point":
            return
        path, why = self.scene.view.preview(st, d, self.scene.hover)
        if len(path) > 1:
            colour = theme.BAD if why else theme.GOOD
            pygame.draw.lines(surface, colour, False, [self.scene.cam.to_px(p) for p in path], width)

    def refusal(self, surface: pygame.Surface, d: Any) -> None:
        """Why the rules would refuse a click where the mouse is, beside it (over the tokens' labels)."""
        if self.scene.hover is None or d.free != "point":
            return
        _, why = self.scene.view.preview(self.scene.session.state, d, self.scene.hover)
        if why:
            font = theme.font(self.scene.px(13))
            img = font.render(why, True, theme.INK)
            at = self.scene.cam.to_px(self.scene.hover)
            box = pygame.Rect(at[0] + 12, at[1] + 12, img.get_width() + 8, img.get_height() + 4)
            box.clamp_ip(self.scene.table)
            pygame.draw.rect(surface, (30, 30, 30), box)
            surface.blit(img, (box.x + 4, box.y + 2))

    def tokens(self, surface: pygame.Surface, tokens: list[Any], markers: Sequence[Any] = ()) -> None:
        """The objective markers under the tokens, then the tokens, then every label placed clear of the rest."""
        font = theme.font(table_text_px(self.scene.cam.scale), bold=True)
        names = unique_labels((t.id, t.name) for t in tokens)
        texts = {t.id: f"{names[t.id]}{_token_detail(t)}" for t in tokens}
        texts.update({f"marker:{n}": m.label for n, m in enumerate(markers) if getattr(m, "label", "")})
        images = {i: font.render(text, True, (20, 20, 20)) for i, text in texts.items()}
        cam = self.scene.cam
        bases = [(t.id, *cam.to_px((t.x, t.y)), max(4, round(t.radius * cam.scale))) for t in tokens]
        bases += [(f"marker:{n}", *cam.to_px((m.x, m.y)), max(4, round(m.radius * cam.scale)))
                  for n, m in enumerate(markers)]
        spots = place_labels(bases, {i: (img.get_width() + 6, img.get_height() + 2) for i, img in images.items()},
                             bounds=(self.scene.table.x, self.scene.table.y, self.scene.table.w, self.scene.table.h),
                             avoid=piece_name_boxes(self.scene.session.state.battle_map, self.scene.cam))
        for m in markers:
            self.marker(surface, m)
        for t in tokens:
            self.token(surface, t)
        for i, (x, y, w, h) in spots.items():
            back = pygame.Surface((w, h), pygame.SRCALPHA)
            back.fill(style.LABEL_BACK)
            surface.blit(back, (x, y))
            surface.blit(images[i], (x + 3, y + 1))

    def marker(self, surface: pygame.Surface, m: Any) -> None:
        """An objective marker: a ring in its owner's colour (gold when nobody's) over a faint disc."""
        centre = self.scene.cam.to_px((m.x, m.y))
        r = max(4, round(m.radius * self.scene.cam.scale))
        owner = getattr(m, "owner", None)
        colour = style.SIDE_COLOURS[owner] if owner is not None else theme.ACCENT
        disc = pygame.Surface((2 * r + 2, 2 * r + 2), pygame.SRCALPHA)
        pygame.draw.circle(disc, (*colour, 70), (r + 1, r + 1), r)
        surface.blit(disc, (centre[0] - r - 1, centre[1] - r - 1))
        pygame.draw.circle(surface, colour, centre, r, max(2, self.scene.px(2)))

    def token(self, surface: pygame.Surface, t: Any) -> None:
        centre = self.scene.cam.to_px((t.x, t.y))
        r = max(4, round(t.radius * self.scene.cam.scale))
        if getattr(t, "active", False):
            pygame.draw.circle(surface, theme.ACCENT, centre, r + max(3, r // 3))
        pygame.draw.circle(surface, style.SIDE_COLOURS[t.side], centre, r)
        pygame.draw.circle(surface, (20, 20, 20), centre, r, max(1, r // 8))
        marks = getattr(t, "marks", ())
        if {"down", "prone", "fallen"} & set(marks):  # lying: a cross over the base
            d = round(r * 0.6)
            for a, b in (((-d, -d), (d, d)), ((-d, d), (d, -d))):
                pygame.draw.line(surface, (245, 245, 245), (centre[0] + a[0], centre[1] + a[1]),
                                 (centre[0] + b[0], centre[1] + b[1]), max(2, r // 5))
        facing = getattr(t, "facing", None)
        if facing is None:  # a system without facings
            return
        fx, fy = math.cos(math.radians(facing)), math.sin(math.radians(facing))
        tip = (centre[0] + round(fx * r * 1.4), centre[1] + round(fy * r * 1.4))
        pygame.draw.line(surface, (250, 250, 250), centre, tip, max(2, r // 5))


def _token_detail(t: Any) -> str:
    """What a token's label says after its name: boxes left of all (when it has boxes), a system's own detail
    ("CV 3"), its marks in capitals."""
    boxes = getattr(t, "boxes", None)
    out = f" {boxes[1] - boxes[0]}/{boxes[1]}" if boxes else ""
    detail = getattr(t, "detail", "")
    return out + (f" {detail}" if detail else "") + "".join(f" {m.upper()}" for m in getattr(t, "marks", ()))
