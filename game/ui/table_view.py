"""Drawing the table: terrain by style and kind, and the models on it, through a camera in inches.

Shared by the battle scene and the debug tools; it draws what the state and the map say and
computes no rule.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.content.maps import TABLE_SIZE, BattleMap
from game.rules.state import GameState, ModelState

TABLE_GREEN = (150, 175, 110)
STYLE_COLOURS = {
    "forest": (46, 110, 52), "ruins": (128, 112, 96), "wall": (120, 120, 120), "building": (92, 64, 51),
    "river": (52, 96, 170), "rocks": (105, 105, 115), "hedge": (70, 130, 60), "fence": (150, 120, 80),
    "field": (196, 180, 96), "marsh": (90, 120, 100), "pond": (70, 120, 190), "chasm": (40, 34, 30),
    "rubble": (150, 140, 130), "ford": (110, 160, 210), "well": (80, 80, 90), "logs": (120, 90, 55),
    "brush": (110, 140, 70), "stream": (90, 140, 210),
}
KIND_OUTLINE = {"rough": (230, 220, 140), "obstacle": (250, 250, 250), "impassable": (20, 20, 20),
                "area": (20, 70, 20)}
SIDE_COLOURS = [(200, 50, 50), (50, 90, 220)]
COLOUR_BLIND_SIDES = [(230, 150, 20), (40, 110, 230)]  # orange / blue: apart for red-green colour blindness
CONDITION_MARKS = {"stunned": "S", "stealth": "H", "full_defense": "D", "ran": "R", "rough": "~", "entangled": "E",
                   "confused": "C", "weakness": "W", "burnt_out": "B"}


def _font(size: int) -> pygame.font.Font:
    from game.ui.theme import font

    return font(size)


@dataclass
class Camera:
    """Inches to pixels: a scale and the pixel position of the table's (0, 0) corner."""

    scale: float = 20.0
    ox: float = 30.0
    oy: float = 30.0

    @classmethod
    def fit(cls, rect: pygame.Rect, margin: int = 10) -> Camera:
        size = min(rect.width, rect.height) - 2 * margin
        scale = size / TABLE_SIZE
        return cls(scale, rect.x + (rect.width - size) / 2, rect.y + (rect.height - size) / 2)

    def to_px(self, p: Sequence[float]) -> tuple[int, int]:
        return round(self.ox + p[0] * self.scale), round(self.oy + p[1] * self.scale)

    def to_inches(self, px: Sequence[float]) -> tuple[float, float]:
        return (px[0] - self.ox) / self.scale, (px[1] - self.oy) / self.scale


def draw_terrain(surf: pygame.Surface, battle_map: BattleMap, cam: Camera, labels: bool = True) -> None:
    """The table and its pieces: fill by style, outline by kind, hatching for see-through impassable pieces."""
    side = TABLE_SIZE * cam.scale
    pygame.draw.rect(surf, TABLE_GREEN, (cam.ox, cam.oy, side, side))
    font = _font(max(12, round(cam.scale * 0.8)))
    for piece in battle_map.pieces:
        pts = [cam.to_px(p) for p in piece.polygon]
        pygame.draw.polygon(surf, STYLE_COLOURS.get(piece.style, (160, 160, 160)), pts)
        width = 3 if piece.kind == "impassable" and piece.blocks_los else 2
        pygame.draw.polygon(surf, KIND_OUTLINE[piece.kind], pts, width)
        if piece.kind == "impassable" and not piece.blocks_los:
            hatch(surf, pts)
            pygame.draw.polygon(surf, KIND_OUTLINE[piece.kind], pts, 2)
        if labels:
            cx = sum(p[0] for p in piece.polygon) / len(piece.polygon)
            cy = sum(p[1] for p in piece.polygon) / len(piece.polygon)
            label = font.render(piece.id + (" ~" if piece.water else ""), True, (255, 255, 255))
            surf.blit(label, label.get_rect(center=cam.to_px((cx, cy))))


def hatch(surf: pygame.Surface, pts: list[tuple[int, int]]) -> None:
    """Diagonal hatching clipped to the polygon (drawn on a mask, then blended in)."""
    w, h = surf.get_size()
    lines = pygame.Surface((w, h), pygame.SRCALPHA)
    for k in range(-h, w, 8):
        pygame.draw.line(lines, (0, 0, 0, 255), (k, h), (k + h, 0), 2)
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), pts)
    lines.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    surf.blit(lines, (0, 0))


def draw_model(surf: pygame.Surface, m: ModelState, cam: Camera, font: pygame.font.Font,
               active: bool = False, colours: Sequence[tuple[int, int, int]] = SIDE_COLOURS) -> None:
    """A round base in its side's colour, with a second cue for colour-blind players (side A: a ring,
    side B: a square mark), a facing arrow, its name, wound pips and condition letters."""
    c = cam.to_px((m.x, m.y))
    r = max(3, round(m.radius * cam.scale))
    colour = colours[m.side % 2]
    pygame.draw.circle(surf, colour, c, r)
    if m.side == 0:
        pygame.draw.circle(surf, (255, 255, 255), c, max(2, r - 3), 1)
    else:
        s = max(2, r // 2)
        pygame.draw.rect(surf, (255, 255, 255), (c[0] - s // 2, c[1] - s // 2, s, s), 1)
    pygame.draw.circle(surf, (255, 230, 80) if active else (0, 0, 0), c, r, 3 if active else 1)
    tip = (c[0] + math.cos(math.radians(m.facing)) * r * 1.4, c[1] + math.sin(math.radians(m.facing)) * r * 1.4)
    pygame.draw.line(surf, (255, 255, 255), c, tip, 2)
    name = font.render(m.name, True, (20, 20, 20))
    surf.blit(name, name.get_rect(midtop=(c[0], c[1] + r + 1)))
    left = m.max_wounds - m.wounds_taken
    for i in range(m.max_wounds):
        x = c[0] - r + i * 5
        pygame.draw.rect(surf, (40, 200, 60) if i < left else (90, 20, 20), (x, c[1] - r - 6, 4, 4))
    marks = "".join(CONDITION_MARKS[k] for k in m.conditions if k in CONDITION_MARKS)
    if m.jammed:
        marks += "J"
    if marks:
        tag = font.render(marks, True, (255, 255, 0), (0, 0, 0))
        surf.blit(tag, (c[0] + r, c[1] - r))


def draw_state(surf: pygame.Surface, state: GameState, cam: Camera, colour_blind: bool = False) -> None:
    """The whole table as it stands: terrain, markers, the Prisoner and every model on the table."""
    draw_terrain(surf, state.battle_map, cam)
    font = _font(max(11, round(cam.scale * 0.55)))
    palette = COLOUR_BLIND_SIDES if colour_blind else SIDE_COLOURS
    enc = state.encounter
    if enc is not None:
        for mk in enc.markers:
            pygame.draw.circle(surf, (240, 200, 40), cam.to_px((mk.x, mk.y)), max(3, round(mk.radius * cam.scale)))
    for m in sorted(state.models.values(), key=lambda m: m.id):
        if m.on_table or m.status == "prisoner":
            draw_model(surf, m, cam, font, active=m.id == state.active_model, colours=palette)
