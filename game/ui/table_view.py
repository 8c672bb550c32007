"""Drawing the table: terrain by style and kind, and the models on it, through a camera in inches.

Shared by the battle scene and the debug tools; it draws what the state and the map say and
computes no rule.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

import pygame

from game.content.maps import TABLE_SIZE, BattleMap
from game.rules.conditions import CONDITIONS
from game.rules.state import GameState, ModelState
from game.ui import layout_probe
from game.ui.model_labels import FACING_REACH, place_labels, unique_labels

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
CONDITION_MARKS = {c.id: c.mark for c in CONDITIONS.values() if c.mark}  # the letters beside a base
JAMMED_MARK = "J"  # a black powder weapon of the model is jammed ([SKILL-7])
MARK_INK, MARK_BACK = (255, 255, 0), (0, 0, 0)


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


WATER = {"river", "pond", "stream", "ford", "marsh", "well"}
TREES = {"forest", "hedge", "brush"}
STONE = {"ruins", "rubble"}
ROCK = {"rocks", "chasm"}
_TERRAIN_CACHE: dict[tuple, pygame.Surface] = {}


def draw_terrain(surf: pygame.Surface, battle_map: BattleMap, cam: Camera, labels: bool = True) -> None:
    """The table and its pieces, rendered once per map and zoom and then blitted (panning is free)."""
    key = (id(battle_map), battle_map.name, round(cam.scale, 4), labels)
    layer = _TERRAIN_CACHE.get(key)
    if layer is None:
        if len(_TERRAIN_CACHE) > 8:
            _TERRAIN_CACHE.clear()
        layer = render_terrain(battle_map, cam.scale, labels)
        _TERRAIN_CACHE[key] = layer
    surf.blit(layer, (round(cam.ox), round(cam.oy)))


def render_terrain(battle_map: BattleMap, scale: float, labels: bool = True) -> pygame.Surface:
    """Fill by style with a pattern by family (trees, water, stone, rock), outline by kind ([TERR-1]):
    rough pale yellow, obstacle white, impassable black, hatched when it does not block sight."""
    side = max(1, round(TABLE_SIZE * scale))
    layer = pygame.Surface((side, side))
    layer.fill(TABLE_GREEN)
    cam = Camera(scale, 0.0, 0.0)
    font = _font(max(10, round(scale * 0.55)))
    for piece in battle_map.pieces:
        pts = [cam.to_px(p) for p in piece.polygon]
        pygame.draw.polygon(layer, STYLE_COLOURS.get(piece.style, (160, 160, 160)), pts)
        texture(layer, pts, piece.style, scale)
        if piece.kind == "impassable" and not piece.blocks_los:
            hatch(layer, pts)
        width = 3 if piece.kind == "impassable" and piece.blocks_los else 2
        pygame.draw.polygon(layer, KIND_OUTLINE[piece.kind], pts, width)
    if labels:
        for piece in battle_map.pieces:
            cx = sum(p[0] for p in piece.polygon) / len(piece.polygon)
            cy = sum(p[1] for p in piece.polygon) / len(piece.polygon)
            text = piece.id.replace("_", " ").capitalize()
            shadow = font.render(text, True, (0, 0, 0))
            label = font.render(text, True, (245, 245, 235))
            at = label.get_rect(center=cam.to_px((cx, cy)))
            layer.blit(shadow, at.move(1, 1))
            layer.blit(label, at)
    return layer


def _clipped(layer: pygame.Surface, pts: list[tuple[int, int]], paint) -> None:
    """Draw ``paint(surface, w, h)`` on a patch the size of the polygon's box, keep it inside the polygon."""
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    box = pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
    if box.width < 2 or box.height < 2:
        return
    patch = pygame.Surface(box.size, pygame.SRCALPHA)
    paint(patch, box.width, box.height)
    mask = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), [(x - box.x, y - box.y) for x, y in pts])
    patch.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    layer.blit(patch, box.topleft)


def texture(layer: pygame.Surface, pts: list[tuple[int, int]], style: str, scale: float) -> None:
    """A second cue besides colour: canopies for trees, ripples for water, courses for stone, dots for rock."""
    step = max(6, round(scale * 1.1))
    if style in TREES:
        def paint(s: pygame.Surface, w: int, h: int) -> None:
            for j, y in enumerate(range(step // 2, h, step)):
                for x in range(step // 2 + (j % 2) * step // 2, w, step):
                    pygame.draw.circle(s, (25, 70, 30, 255), (x, y), max(2, step // 3))
                    pygame.draw.circle(s, (80, 150, 80, 255), (x - 1, y - 1), max(1, step // 6))
    elif style in WATER:
        def paint(s: pygame.Surface, w: int, h: int) -> None:
            for y in range(step // 2, h, step):
                for x in range(0, w, step):
                    pygame.draw.arc(s, (200, 225, 255, 255), (x, y, step, step // 2), 0, math.pi, 1)
    elif style in STONE:
        def paint(s: pygame.Surface, w: int, h: int) -> None:
            for j, y in enumerate(range(0, h, step)):
                pygame.draw.line(s, (70, 60, 50, 255), (0, y), (w, y), 1)
                for x in range((j % 2) * step, w, step * 2):
                    pygame.draw.line(s, (70, 60, 50, 255), (x, y), (x, y + step), 1)
    elif style in ROCK:
        def paint(s: pygame.Surface, w: int, h: int) -> None:
            for j, y in enumerate(range(step // 2, h, step)):
                for x in range((j % 2) * step // 2, w, step):
                    pygame.draw.circle(s, (60, 60, 70, 255), (x, y), max(1, step // 5))
    else:
        return
    _clipped(layer, pts, paint)


def hatch(surf: pygame.Surface, pts: list[tuple[int, int]]) -> None:
    """Diagonal hatching clipped to the polygon: impassable, but it does not block sight."""
    def paint(s: pygame.Surface, w: int, h: int) -> None:
        for k in range(-h, w, 8):
            pygame.draw.line(s, (0, 0, 0, 255), (k, h), (k + h, 0), 2)

    _clipped(surf, pts, paint)


def draw_model(surf: pygame.Surface, m: ModelState, cam: Camera, font: pygame.font.Font,
               active: bool = False, colours: Sequence[tuple[int, int, int]] = SIDE_COLOURS) -> None:
    """A round base in its side's colour, with a second cue for colour-blind players (side A: a ring,
    side B: a square mark), a facing arrow, wound pips and condition letters (its label: draw_labels)."""
    c = cam.to_px((m.x, m.y))
    r = max(3, round(m.radius * cam.scale))
    colour = colours[m.side % 2]
    pygame.draw.circle(surf, colour, c, r)
    layout_probe.note("base", (c[0] - r, c[1] - r, 2 * r, 2 * r), owner=getattr(m, "id", ""), radius=r)
    if m.side == 0:
        pygame.draw.circle(surf, (255, 255, 255), c, max(2, r - 3), 1)
    else:
        s = max(2, r // 2)
        pygame.draw.rect(surf, (255, 255, 255), (c[0] - s // 2, c[1] - s // 2, s, s), 1)
    pygame.draw.circle(surf, (255, 230, 80) if active else (0, 0, 0), c, r, 3 if active else 1)
    reach = r * (FACING_REACH - 0.05)
    tip = (c[0] + math.cos(math.radians(m.facing)) * reach, c[1] + math.sin(math.radians(m.facing)) * reach)
    pygame.draw.line(surf, (255, 255, 255), c, tip, 2)
    left = m.max_wounds - m.wounds_taken
    for i in range(m.max_wounds):
        x = c[0] - r + i * 5
        pygame.draw.rect(surf, (40, 200, 60) if i < left else (90, 20, 20), (x, c[1] - r - 6, 4, 4))
    marks = marks_of(m)
    if marks:
        surf.blit(mark_tag(font, marks), (c[0] + r, c[1] - r))


def marks_of(m: ModelState) -> str:
    """The letters drawn beside a base: one per condition it is under, and J for a jammed weapon."""
    marks = "".join(CONDITION_MARKS[k] for k in m.conditions if k in CONDITION_MARKS)
    return marks + (JAMMED_MARK if m.jammed else "")


def mark_tag(font: pygame.font.Font, marks: str) -> pygame.Surface:
    """The condition letters as drawn beside a base (also the help's legend)."""
    return font.render(marks, True, MARK_INK, MARK_BACK)


def draw_labels(surf: pygame.Surface, models: Sequence[ModelState], labels: dict[str, str], cam: Camera,
                font: pygame.font.Font) -> None:
    """Each model's short unique label next to its base, placed clear of the other labels and bases."""
    images = {m.id: font.render(labels[m.id], True, (20, 20, 20)) for m in models}
    bases = [(m.id, *cam.to_px((m.x, m.y)), max(3, round(m.radius * cam.scale))) for m in models]
    (x0, y0), (x1, y1) = cam.to_px((0, 0)), cam.to_px((TABLE_SIZE, TABLE_SIZE))
    table = pygame.Rect(x0, y0, x1 - x0, y1 - y0).clip(surf.get_rect())
    boxes = place_labels(bases, {mid: im.get_size() for mid, im in images.items()}, bounds=tuple(table))
    for mid, (x, y, w, h) in boxes.items():
        surf.blit(images[mid], (x, y))
        layout_probe.note("label", (x, y, w, h), text=labels[mid], owner=f"label:{mid}")


OBJECTIVE_INK = (255, 215, 90)
OBJECTIVE_OFF = (170, 160, 130)  # a scoring entry an event has not switched on (yet)


def draw_objectives(surf: pygame.Surface, state: GameState, cam: Camera, font: pygame.font.Font) -> None:
    """The encounter's scoring regions (polygons and circles) as dashed outlines with their names and points,
    as the rules list them; an entry switched off is drawn grey and says so."""
    from game.rules import scenario_events, scoring

    for entry in state.encounter.scenario.scoring:
        on = scenario_events.is_active(state, entry)
        ink = OBJECTIVE_INK if on else OBJECTIVE_OFF
        for t in scoring.targets(state, entry):
            if t.kind == "circle":
                cx, cy, r = t.ref
                centre, radius = cam.to_px((cx, cy)), max(2, round(r * cam.scale))
                for k in range(0, 48, 2):  # dashes round the rim
                    a0, a1 = 2 * math.pi * k / 48, 2 * math.pi * (k + 1) / 48
                    pygame.draw.arc(surf, ink, (centre[0] - radius, centre[1] - radius, 2 * radius, 2 * radius),
                                    a0, a1, 2)
                top = (centre[0], centre[1] - radius)
            elif t.kind == "region":
                pts = [cam.to_px(p) for p in t.ref]
                for i in range(len(pts)):
                    _dash(surf, ink, pts[i], pts[(i + 1) % len(pts)])
                top = min(pts, key=lambda p: p[1])
            else:
                continue
            points = entry.points if isinstance(entry.points, int) else "d6"
            text = f"{t.name} ({points} ExP)" + ("" if on else " — not yet")
            image = font.render(text, True, ink)
            box = image.get_rect(midbottom=(top[0], top[1] - 2))
            pygame.draw.rect(surf, (0, 0, 0), box.inflate(6, 2))
            surf.blit(image, box)


def _dash(surf: pygame.Surface, colour, a: Sequence[int], b: Sequence[int], dash: int = 8) -> None:
    n = max(1, int(math.dist(a, b) // dash))
    for k in range(0, n, 2):
        t0, t1 = k / n, min(1.0, (k + 1) / n)
        pygame.draw.line(surf, colour, (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                         (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1), 2)


def draw_state(surf: pygame.Surface, state: GameState, cam: Camera, colour_blind: bool = False,
               positions: dict[str, tuple[float, float]] | None = None) -> None:
    """The whole table as it stands: terrain, markers, the Prisoner and every model on the table."""
    draw_terrain(surf, state.battle_map, cam)
    font = _font(max(11, round(cam.scale * 0.55)))
    palette = COLOUR_BLIND_SIDES if colour_blind else SIDE_COLOURS
    enc = state.encounter
    if enc is not None:
        draw_objectives(surf, state, cam, font)
        for mk in enc.markers:
            pygame.draw.circle(surf, (240, 200, 40), cam.to_px((mk.x, mk.y)), max(3, round(mk.radius * cam.scale)))
    shown = []
    for m in sorted(state.models.values(), key=lambda m: m.id):
        placed = 0 <= m.x <= TABLE_SIZE and 0 <= m.y <= TABLE_SIZE  # (a Prisoner not placed yet waits off it)
        if m.on_table or (m.status == "prisoner" and placed):
            if positions and m.id in positions:  # drawn part way along a move (the state is untouched)
                m = replace(m, x=positions[m.id][0], y=positions[m.id][1])
            draw_model(surf, m, cam, font, active=m.id == state.active_model, colours=palette)
            shown.append(m)
    # named among every model of the game, so a label never changes when another model falls
    draw_labels(surf, shown, unique_labels((m.id, m.name) for m in state.models.values()), cam, font)
