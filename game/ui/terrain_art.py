"""Terrain drawn like a table: each family with depth and texture, a soft shadow by height, and the edge by kind.

A family groups the map styles drawn alike (game/content/maps.py STYLE_NOTES); its painter draws
inside the piece's polygon, seeded by the piece so a map always looks the same. The kind's edge
([TERR-1]: rough, obstacle, impassable, area) goes on top, so the rules' boundary is never lost
under the art. The legend (F1) and the style sheet draw their swatches with these same painters.
Everything here runs once per map and zoom (table_view caches the layer).
"""

from __future__ import annotations

import math
import random
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.ui import style

Pts = list[tuple[int, int]]


@dataclass
class Ctx:
    """What a painter knows: pixels per inch, the piece's long axis (radians), its outline in patch pixels."""

    scale: float
    angle: float
    pts: Pts
    rng: random.Random


Painter = Callable[[pygame.Surface, int, int, Ctx], None]


@dataclass(frozen=True)
class Family:
    key: str
    name: str
    styles: tuple[str, ...]
    height: float  # inches: how far its shadow falls (0: flat on the table)
    text: str
    paint: Painter


STYLE_COLOURS: dict[str, style.RGB] = {
    "forest": (46, 110, 52), "ruins": (128, 112, 96), "wall": (120, 120, 120), "building": (92, 64, 51),
    "river": (52, 96, 170), "rocks": (105, 105, 115), "hedge": (70, 130, 60), "fence": (150, 120, 80),
    "field": (196, 180, 96), "marsh": (90, 120, 100), "pond": (70, 120, 190), "chasm": (40, 34, 30),
    "rubble": (150, 140, 130), "ford": (110, 160, 210), "well": (80, 80, 90), "logs": (120, 90, 55),
    "brush": (110, 140, 70), "stream": (90, 140, 210),
}


def _shade(c: Sequence[int], f: float) -> style.RGB:
    return tuple(max(0, min(255, round(v * f))) for v in c[:3])  # type: ignore[return-value]


def _along(ctx: Ctx) -> tuple[float, float]:
    return math.cos(ctx.angle), math.sin(ctx.angle)


def _stripes(s: pygame.Surface, w: int, h: int, ctx: Ctx, gap: float, colours: Sequence[Sequence[int]],
             width: int) -> None:
    """Lines along the piece's long axis, ``gap`` pixels apart, cycling through ``colours``."""
    ux, uy = _along(ctx)
    nx, ny = -uy, ux
    reach = math.hypot(w, h)
    cx, cy = w / 2, h / 2
    k = 0
    t = -reach / 2
    while t <= reach / 2:
        ox, oy = cx + nx * t, cy + ny * t
        pygame.draw.line(s, colours[k % len(colours)], (ox - ux * reach, oy - uy * reach),
                         (ox + ux * reach, oy + uy * reach), width)
        t += gap
        k += 1


def paint_trees(s: pygame.Surface, w: int, h: int, ctx: Ctx) -> None:
    """Canopies: round crowns with a dark underside and a lit top, over a shaded floor."""
    base = ctx.rng.choice([(40, 100, 45), (50, 112, 48), (36, 95, 50)])
    thin = min(w, h) < ctx.scale * 1.2  # a hedge: small crowns packed along it
    r0 = max(3.0, ctx.scale * (0.32 if thin else 0.62))
    step = r0 * 1.3
    spots = []
    y = r0 * 0.4
    row = 0
    while y < h + r0:
        x = (row % 2) * step / 2 + r0 * 0.2
        while x < w + r0:
            spots.append((x + ctx.rng.uniform(-0.3, 0.3) * r0, y + ctx.rng.uniform(-0.3, 0.3) * r0,
                          r0 * ctx.rng.uniform(0.8, 1.15)))
            x += step
        y += step * 0.85
        row += 1
    for x, y, r in spots:  # the shade under each crown
        pygame.draw.circle(s, (*_shade(base, 0.45), 255), (x + r * 0.25, y + r * 0.3), r)
    for x, y, r in spots:
        pygame.draw.circle(s, (*base, 255), (x, y), r)
        pygame.draw.circle(s, (*_shade(base, 1.35), 255), (x - r * 0.25, y - r * 0.28), r * 0.55)
        if r > 6:
            pygame.draw.circle(s, (*_shade(base, 1.7), 255), (x - r * 0.35, y - r * 0.38), r * 0.2)


def paint_brush(s: pygame.Surface, w: int, h: int, ctx: Ctx) -> None:
    """Scrub: small bushes with gaps of ground between."""
    n = max(4, int(w * h / (ctx.scale * ctx.scale) * 1.8))
    for _ in range(n):
        x, y = ctx.rng.uniform(0, w), ctx.rng.uniform(0, h)
        r = ctx.scale * ctx.rng.uniform(0.15, 0.32)
        pygame.draw.circle(s, (60, 85, 35, 255), (x + r * 0.3, y + r * 0.3), r)
        pygame.draw.circle(s, (120, 150, 60, 255), (x, y), r)
        pygame.draw.circle(s, (165, 190, 90, 255), (x - r * 0.3, y - r * 0.3), r * 0.4)


def paint_building(s: pygame.Surface, w: int, h: int, ctx: Ctx) -> None:
    """A roof: two slopes either side of a ridge along the long axis, tiles in rows, walls round the edge."""
    ux, uy = _along(ctx)
    nx, ny = -uy, ux
    cx, cy = w / 2, h / 2
    reach = math.hypot(w, h)
    light, dark = (150, 82, 60, 255), (105, 55, 42, 255)
    # the slope facing the light (top left) is lighter
    if nx + ny > 0:
        light, dark = dark, light
    for sign, colour in ((1, dark), (-1, light)):
        quad = [(cx - ux * reach, cy - uy * reach), (cx + ux * reach, cy + uy * reach),
                (cx + ux * reach - sign * nx * reach, cy + uy * reach - sign * ny * reach),
                (cx - ux * reach - sign * nx * reach, cy - uy * reach - sign * ny * reach)]
        pygame.draw.polygon(s, colour, quad)
    gap = max(3.0, ctx.scale * 0.28)
    _stripes(s, w, h, ctx, gap, [(70, 38, 30, 255)], 1)
    pygame.draw.line(s, (60, 32, 25, 255), (cx - ux * reach, cy - uy * reach), (cx + ux * reach, cy + uy * reach),
                     max(2, round(ctx.scale * 0.12)))
    pygame.draw.polygon(s, (215, 200, 170, 255), ctx.pts, max(2, round(ctx.scale * 0.22)))  # the walls' tops


def paint_wall(s: pygame.Surface, w: int, h: int, ctx: Ctx) -> None:
    """Stones in courses along the wall, each a shade of its own, with dark mortar."""
    ux, uy = _along(ctx)
    nx, ny = -uy, ux
    length, depth = max(4.0, ctx.scale * 0.42), max(3.0, ctx.scale * 0.24)
    reach = math.hypot(w, h)
    s.fill((70, 68, 66, 255))
    row = 0
    t = -reach / 2
    while t <= reach / 2:
        a = -reach / 2 + (row % 2) * length / 2
        while a <= reach / 2:
            g = ctx.rng.randint(120, 175)
            ox, oy = w / 2 + nx * t + ux * a, h / 2 + ny * t + uy * a
            quad = [(ox, oy), (ox + ux * (length - 1), oy + uy * (length - 1)),
                    (ox + ux * (length - 1) + nx * (depth - 1), oy + uy * (length - 1) + ny * (depth - 1)),
                    (ox + nx * (depth - 1), oy + ny * (depth - 1))]
            pygame.draw.polygon(s, (g, g - 4, g - 10, 255), quad)
            a += length
        t += depth
        row += 1


def paint_wood(s: pygame.Surface, w: int, h: int, ctx: Ctx) -> None:
    """Rails or logs: grain along the piece, alternating shades, posts or rings across it."""
    gap = max(2.0, ctx.scale * 0.16)
    _stripes(s, w, h, ctx, gap, [(150, 115, 70, 255), (125, 92, 55, 255), (165, 130, 85, 255)], max(1, round(gap)))
    ux, uy = _along(ctx)
    step = max(6.0, ctx.scale * 1.2)
    reach = math.hypot(w, h)
    t = -reach / 2
    while t < reach / 2:  # posts (a fence) or sawn rings (logs)
        x, y = w / 2 + ux * t, h / 2 + uy * t
        pygame.draw.circle(s, (85, 60, 35, 255), (x, y), max(2, ctx.scale * 0.14))
        t += step


def paint_water(s: pygame.Surface, w: int, h: int, ctx: Ctx) -> None:
    """Deeper in the middle, a bank of earth and a pale shallow band at the edge, ripples on top."""
    s.fill((255, 255, 255, 0))
    bank = max(3, round(ctx.scale * 0.5))
    pygame.draw.polygon(s, (40, 80, 150, 255), ctx.pts)  # deep
    pygame.draw.polygon(s, (95, 150, 205, 255), ctx.pts, bank)  # shallows (half of it inside)
    pygame.draw.polygon(s, (125, 105, 70, 255), ctx.pts, max(2, bank // 2))  # the bank
    pygame.draw.polygon(s, (80, 62, 40, 255), ctx.pts, max(1, bank // 5))
    ux, uy = _along(ctx)
    n = max(3, int(w * h / (ctx.scale * ctx.scale) * 0.9))
    for _ in range(n):
        x, y = ctx.rng.uniform(0, w), ctx.rng.uniform(0, h)
        ln = ctx.scale * ctx.rng.uniform(0.25, 0.55)
        pygame.draw.line(s, (200, 225, 250, 255), (x - ux * ln / 2, y - uy * ln / 2),
                         (x + ux * ln / 2, y + uy * ln / 2), max(1, round(ctx.scale * 0.05)))


def paint_ruins(s: pygame.Surface, w: int, h: int, ctx: Ctx) -> None:
    """Flagstones, broken walls along the edge and stones fallen from them."""
    step = max(5, round(ctx.scale * 0.9))
    for j, y in enumerate(range(0, h, step)):
        pygame.draw.line(s, (95, 84, 72, 255), (0, y), (w, y), 1)
        for x in range((j % 2) * step // 2, w, step):
            pygame.draw.line(s, (95, 84, 72, 255), (x, y), (x, y + step), 1)
    wall = max(3, round(ctx.scale * 0.3))
    pts = ctx.pts
    for i in range(len(pts)):  # broken courses: stretches of wall with gaps
        a, b = pts[i], pts[(i + 1) % len(pts)]
        n = max(1, int(math.dist(a, b) / (ctx.scale * 0.8)))
        for k in range(n):
            if ctx.rng.random() < 0.55:
                t0, t1 = k / n, (k + ctx.rng.uniform(0.5, 1.0)) / n
                p0 = (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0)
                p1 = (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1)
                pygame.draw.line(s, (60, 55, 50, 255), (p0[0] + 1, p0[1] + 1), (p1[0] + 1, p1[1] + 1), wall + 1)
                pygame.draw.line(s, (175, 165, 150, 255), p0, p1, wall)
    _stones(s, w, h, ctx, 0.6, (0.1, 0.22))


def _stones(s: pygame.Surface, w: int, h: int, ctx: Ctx, density: float, size: tuple[float, float]) -> None:
    n = max(3, int(w * h / (ctx.scale * ctx.scale) * density))
    for _ in range(n):
        x, y = ctx.rng.uniform(0, w), ctx.rng.uniform(0, h)
        r = ctx.scale * ctx.rng.uniform(*size)
        k = ctx.rng.randint(5, 7)
        pts = [(x + math.cos(2 * math.pi * i / k) * r * ctx.rng.uniform(0.7, 1.0),
                y + math.sin(2 * math.pi * i / k) * r * ctx.rng.uniform(0.7, 1.0)) for i in range(k)]
        g = ctx.rng.randint(140, 190)
        pygame.draw.polygon(s, (50, 46, 42, 255), [(px + r * 0.25, py + r * 0.25) for px, py in pts])
        pygame.draw.polygon(s, (g, g - 6, g - 14, 255), pts)
        pygame.draw.circle(s, (min(255, g + 40), min(255, g + 34), min(255, g + 26), 255),
                           (x - r * 0.3, y - r * 0.3), max(1, r * 0.3))


def paint_rubble(s: pygame.Surface, w: int, h: int, ctx: Ctx) -> None:
    """Heaps of broken stone."""
    _stones(s, w, h, ctx, 5.0, (0.1, 0.3))


def paint_rocks(s: pygame.Surface, w: int, h: int, ctx: Ctx) -> None:
    """Boulders: big faceted stones, lit top left, filling the outcrop."""
    s.fill((70, 70, 78, 255))
    n = max(2, int(w * h / (ctx.scale * ctx.scale) * 1.2))
    for _ in range(n):
        x, y = ctx.rng.uniform(0, w), ctx.rng.uniform(0, h)
        r = ctx.scale * ctx.rng.uniform(0.5, 0.95)
        k = ctx.rng.randint(6, 8)
        pts = [(x + math.cos(2 * math.pi * i / k) * r * ctx.rng.uniform(0.75, 1.0),
                y + math.sin(2 * math.pi * i / k) * r * ctx.rng.uniform(0.75, 1.0)) for i in range(k)]
        pygame.draw.polygon(s, (55, 55, 62, 255), [(px + r * 0.2, py + r * 0.2) for px, py in pts])
        pygame.draw.polygon(s, (115, 115, 125, 255), pts)
        pygame.draw.polygon(s, (150, 150, 160, 255), [(px * 0.55 + x * 0.45 - r * 0.2, py * 0.55 + y * 0.45 - r * 0.2)
                                                      for px, py in pts])


def paint_chasm(s: pygame.Surface, w: int, h: int, ctx: Ctx) -> None:
    """A crack: cliff faces lit on one side going down into the dark."""
    s.fill((18, 14, 12, 255))
    face = max(3, round(ctx.scale * 0.6))
    pygame.draw.polygon(s, (105, 85, 65, 255), ctx.pts, face)
    pygame.draw.polygon(s, (70, 55, 42, 255), ctx.pts, max(2, face // 2))
    pygame.draw.polygon(s, (40, 30, 24, 255), ctx.pts, max(1, face // 4))


def paint_field(s: pygame.Surface, w: int, h: int, ctx: Ctx) -> None:
    """Furrows along the field with crops on the ridges."""
    gap = max(3.0, ctx.scale * 0.35)
    _stripes(s, w, h, ctx, gap, [(160, 140, 70, 255), (210, 190, 105, 255)], max(1, round(gap / 2)))
    n = int(w * h / (ctx.scale * ctx.scale) * 6)
    for _ in range(n):
        x, y = ctx.rng.uniform(0, w), ctx.rng.uniform(0, h)
        pygame.draw.circle(s, (120, 140, 50, 255), (x, y), max(1, ctx.scale * 0.05))


def paint_marsh(s: pygame.Surface, w: int, h: int, ctx: Ctx) -> None:
    """Bog: pools of still water among tussocks, and reeds."""
    n = max(2, int(w * h / (ctx.scale * ctx.scale) * 0.6))
    for _ in range(n):
        x, y = ctx.rng.uniform(0, w), ctx.rng.uniform(0, h)
        rw, rh = ctx.scale * ctx.rng.uniform(0.5, 1.1), ctx.scale * ctx.rng.uniform(0.25, 0.5)
        pygame.draw.ellipse(s, (60, 80, 70, 255), (x - rw / 2 + 1, y - rh / 2 + 1, rw, rh))
        pygame.draw.ellipse(s, (85, 125, 140, 255), (x - rw / 2, y - rh / 2, rw, rh))
    reeds = int(w * h / (ctx.scale * ctx.scale) * 5)
    for _ in range(reeds):
        x, y = ctx.rng.uniform(0, w), ctx.rng.uniform(0, h)
        ln = ctx.scale * ctx.rng.uniform(0.15, 0.3)
        colour = ctx.rng.choice([(60, 90, 40, 255), (150, 150, 70, 255)])
        pygame.draw.line(s, colour, (x, y), (x + ln * 0.2, y - ln), 1)
        pygame.draw.line(s, colour, (x, y), (x - ln * 0.3, y - ln * 0.8), 1)


FAMILIES: tuple[Family, ...] = (
    Family("trees", "Woods and hedges", ("forest", "hedge"), 0.45, "crowns of trees; woods are usually area terrain",
           paint_trees),
    Family("brush", "Brush", ("brush",), 0.15, "scrub and bushes", paint_brush),
    Family("building", "Buildings", ("building",), 0.6, "a roof with its ridge, walls round it", paint_building),
    Family("wall", "Walls", ("wall",), 0.25, "stones in courses", paint_wall),
    Family("wood", "Fences and logs", ("fence", "logs"), 0.18, "rails and posts, sawn logs", paint_wood),
    Family("water", "Water", ("river", "pond", "stream", "ford", "well"), 0.0,
           "deep middle, pale shallows, earth banks, ripples", paint_water),
    Family("ruins", "Ruins", ("ruins",), 0.2, "flagstones, broken walls, fallen stones", paint_ruins),
    Family("rubble", "Rubble", ("rubble",), 0.08, "heaps of broken stone", paint_rubble),
    Family("rocks", "Rocks", ("rocks",), 0.45, "boulders", paint_rocks),
    Family("chasm", "Chasm", ("chasm",), 0.0, "cliff faces going down into the dark", paint_chasm),
    Family("field", "Fields", ("field",), 0.0, "furrows and crops", paint_field),
    Family("marsh", "Marsh", ("marsh",), 0.0, "pools, tussocks and reeds", paint_marsh),
)
FAMILY_OF: dict[str, Family] = {s: f for f in FAMILIES for s in f.styles}


def long_axis(pts: Sequence[Sequence[float]]) -> float:
    """The direction (radians) of the polygon's longest edge: ridges, furrows and grain run along it."""
    best, angle = -1.0, 0.0
    for i in range(len(pts)):
        a, b = pts[i], pts[(i + 1) % len(pts)]
        d = math.dist(a, b)
        if d > best:
            best, angle = d, math.atan2(b[1] - a[1], b[0] - a[0])
    return angle


def seed_of(pts: Sequence[Sequence[float]], salt: str = "") -> int:
    """The same piece always gets the same stones and ripples (any zoom: the seed is in inches)."""
    return zlib.crc32((salt + repr([(round(p[0], 2), round(p[1], 2)) for p in pts])).encode())


def _box(pts: Pts, grow: int = 0) -> pygame.Rect:
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return pygame.Rect(min(xs) - grow, min(ys) - grow, max(xs) - min(xs) + 1 + 2 * grow,
                       max(ys) - min(ys) + 1 + 2 * grow)


def paint_piece(layer: pygame.Surface, pts: Pts, style_name: str, scale: float, seed: int) -> None:
    """Fill and texture one piece inside its outline (pixels on ``layer``)."""
    box = _box(pts)
    if box.width < 2 or box.height < 2:
        return
    base = STYLE_COLOURS.get(style_name, (160, 160, 160))
    pygame.draw.polygon(layer, base, pts)
    family = FAMILY_OF.get(style_name)
    if family is None:
        return
    local = [(x - box.x, y - box.y) for x, y in pts]
    key = (style_name, tuple(local), round(scale, 4), seed)
    patch = _PAINTED.get(key)
    if patch is None:
        patch = pygame.Surface(box.size, pygame.SRCALPHA)
        patch.fill((*base, 255))
        family.paint(patch, box.width, box.height, Ctx(scale, long_axis(pts), local, random.Random(seed)))
        mask = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.polygon(mask, (255, 255, 255, 255), local)
        patch.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        if box.width * box.height <= 250_000:  # kept: the map editor paints the same piece again after an edit
            if len(_PAINTED) >= 256:
                _PAINTED.clear()
            _PAINTED[key] = patch
    layer.blit(patch, box.topleft)


_PAINTED: dict[tuple, pygame.Surface] = {}  # a piece's painted texture by its style, outline, zoom and seed


def cast_shadow(layer: pygame.Surface, pts: Pts, style_name: str, scale: float) -> None:
    """A soft shadow down-right, as long as the family is tall (none for flat terrain)."""
    family = FAMILY_OF.get(style_name)
    height = family.height if family else 0.0
    if height <= 0:
        return
    off = max(1, round(height * scale * 0.5))
    blur = max(2, round(scale * 0.25))
    box = _box(pts, blur * 2)
    box.width += off
    box.height += off
    shadow = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.polygon(shadow, (0, 0, 0, style.SHADOW_ALPHA), [(x - box.x + off, y - box.y + off) for x, y in pts])
    k = max(1, blur)
    small = pygame.transform.smoothscale(shadow, (max(1, box.width // k), max(1, box.height // k)))
    layer.blit(pygame.transform.smoothscale(small, box.size), box.topleft)


def draw_edge(layer: pygame.Surface, pts: Pts, kind: str, blocks_los: bool, scale: float) -> None:
    """The kind's edge over the art ([TERR-1]): area terrain a dark cord with a pale dash inside, so its
    boundary (cover and LOS) reads at a glance; impassable not blocking sight is hatched."""
    colour = style.KIND_OUTLINE.get(kind, (0, 0, 0))
    if kind == "impassable" and not blocks_los:
        hatch(layer, pts)
    if kind == "area":
        pygame.draw.polygon(layer, colour, pts, 3)
        for i in range(len(pts)):
            _dash(layer, (225, 240, 190), pts[i], pts[(i + 1) % len(pts)], max(5, round(scale * 0.35)))
    else:
        pygame.draw.polygon(layer, colour, pts, 3 if kind == "impassable" and blocks_los else 2)


def _dash(surf: pygame.Surface, colour, a: Sequence[int], b: Sequence[int], dash: int) -> None:
    n = max(1, int(math.dist(a, b) // dash))
    for k in range(0, n, 2):
        t0, t1 = k / n, min(1.0, (k + 1) / n)
        pygame.draw.line(surf, colour, (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                         (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1), 1)


def hatch(surf: pygame.Surface, pts: Pts) -> None:
    """Diagonal hatching clipped to the polygon: impassable, but it does not block sight."""
    box = _box(pts)
    if box.width < 2 or box.height < 2:
        return
    patch = pygame.Surface(box.size, pygame.SRCALPHA)
    w, h = box.size
    for k in range(-h, w, 9):  # dark but thin: the water or the chasm shows through
        pygame.draw.line(patch, (0, 0, 0, 150), (k, h), (k + h, 0), 2)
    mask = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), [(x - box.x, y - box.y) for x, y in pts])
    patch.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    surf.blit(patch, box.topleft)


def paint_cloth(layer: pygame.Surface, scale: float) -> None:
    """The table's cloth: the green with faint tufts of grass, the same at every zoom."""
    layer.fill(style.TABLE_GREEN)
    w, h = layer.get_size()
    rng = random.Random(7)
    n = int(36 * 36 * 2.5)
    r = max(1, round(scale * 0.06))
    for _ in range(n):
        x, y = rng.uniform(0, w), rng.uniform(0, h)
        colour = _shade(style.TABLE_GREEN, rng.choice((0.9, 0.94, 1.06)))
        pygame.draw.circle(layer, colour, (x, y), r)
