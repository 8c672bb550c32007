"""Drawing the map editor's table: the terrain (the battle's own renderer), grid and rulers, problems,
selection handles, tools in progress, symmetry axis and preview, and the overlays.

The terrain under a drag is rendered once and kept: while pieces move only they are drawn each frame,
so a drag costs the same on a map of 4 pieces or 40.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import pygame

from game.content.maps import TABLE_SIZE, BattleMap
from game.editor import transform as tf
from game.editor.document import MapState, Piece
from game.editor.overlays import CLEAR, COVER, HIDDEN, Shape, SightJob
from game.ui import theme
from game.ui.table_view import KIND_OUTLINE, STYLE_COLOURS, TABLE_GREEN, Camera, render_terrain, texture

SELECT = (255, 220, 80)
PROBLEM = (240, 60, 50)
TWIN = (120, 220, 255)
PREVIEW = (120, 220, 255)
GRID_MINOR = (135, 160, 98)
GRID_MAJOR = (105, 128, 78)
SIGHT_COLOURS = {CLEAR: (255, 255, 210, 70), COVER: (250, 180, 40, 110), HIDDEN: (10, 10, 30, 150)}
ZONE_ALPHA = 60


class TerrainLayer:
    """The rendered terrain, cached by the pieces it shows and the zoom. When only a few pieces differ from
    the last layer (a drag lifting them off the table, an edit, an undo), only the places they cover are
    painted again, from a copy of it; the whole table is painted only for a new zoom or a change of most of it.
    """

    KEEP = 3  # layers kept: the table with the dragged pieces, without them, and the one before

    def __init__(self) -> None:
        self.layers: list[tuple[tuple, pygame.Surface]] = []  # the most recently used last
        self._spare: pygame.Surface | None = None
        self.renders = 0  # whole tables painted
        self.patches = 0  # layers made by repainting a few places of another

    @property
    def surface(self) -> pygame.Surface | None:
        return self.layers[-1][1] if self.layers else None

    def get(self, name: str, pieces: tuple[Piece, ...], scale: float, grid: float | None) -> pygame.Surface:
        """The terrain with the grid drawn over it (``grid`` None: no grid), as one opaque surface; the pieces'
        names are not on it (``draw_piece_labels``)."""
        key = (pieces, round(scale, 4), grid)
        for i, (k, surf) in enumerate(self.layers):
            if k == key:
                if i != len(self.layers) - 1:
                    self.layers.append(self.layers.pop(i))
                return surf
        base = next(((k, kept) for k, kept in reversed(self.layers) if k[1:] == key[1:]), None)
        patched = self._patched(base, pieces, scale, grid) if base is not None else None
        if patched is not None:
            surf = patched
            self.patches += 1
        else:
            surf = render_terrain(self._battle_map(pieces), scale, labels=False)
            if grid is not None:
                draw_grid(surf, Camera(scale, 0, 0), grid)
            self.renders += 1
        self.layers.append((key, surf))
        if len(self.layers) > self.KEEP:
            self._spare = self.layers.pop(0)[1]  # its memory is used again for the next layer
        return surf

    @staticmethod
    def _battle_map(pieces: tuple[Piece, ...]) -> BattleMap:
        return BattleMap("", tuple(p.terrain_piece() for p in pieces))

    def _patched(self, base: tuple[tuple, pygame.Surface], pieces: tuple[Piece, ...], scale: float,
                 grid: float | None) -> pygame.Surface | None:
        """``base`` with the places of the pieces that differ painted again; None when that is most of the table
        (or the zoom is too large to keep a bare table)."""
        side = round(TABLE_SIZE * scale)
        if side > 3000:
            return None
        cam = Camera(scale, 0, 0)
        margin = round(scale) + 8  # shadows and edges reach past a piece's outline
        rects: list[pygame.Rect] = []
        for p in changed_pieces(base[0][0], pieces):
            if p.polygon:
                pts = [cam.to_px(q) for q in p.polygon]
                xs, ys = [q[0] for q in pts], [q[1] for q in pts]
                r = pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
                rects.append(r.inflate(2 * margin, 2 * margin).clip(pygame.Rect(0, 0, side, side)))
        rects = _merged([r for r in rects if r.w > 0 and r.h > 0])
        if sum(r.w * r.h for r in rects) > 0.4 * side * side:
            return None
        spare, self._spare = self._spare, None
        if spare is not None and spare.get_size() == base[1].get_size():
            surf = spare
            surf.blit(base[1], (0, 0))
        else:
            surf = base[1].copy()
        bm = self._battle_map(pieces)
        for r in rects:
            part = render_terrain(bm, scale, labels=False, area=r)
            if grid is not None:
                draw_grid(part, Camera(scale, -r.x, -r.y), grid)
            surf.blit(part, r.topleft)
        return surf


def changed_pieces(old: tuple[Piece, ...], new: tuple[Piece, ...]) -> list[Piece]:
    """The pieces to paint again going from ``old`` to ``new``: those only in one of them, and those whose
    order against a piece they overlap has changed (Front, Back)."""
    a, b = set(old), set(new)
    out = [p for p in old if p not in b] + [p for p in new if p not in a]
    both = [p for p in new if p in a]
    if [p for p in old if p in b] != both:  # the same pieces in another order
        rank_old = {p: i for i, p in enumerate(old)}
        for i, p in enumerate(both):
            for q in both[i + 1:]:
                if rank_old[p] > rank_old[q] and _bounds_touch(p, q):
                    out += [p, q]
    return out


def _bounds_touch(p: Piece, q: Piece) -> bool:
    if not p.polygon or not q.polygon:
        return False
    a, b = tf.bounds([p.polygon]), tf.bounds([q.polygon])
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def _merged(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """Overlapping rectangles joined, so no place is painted twice."""
    rects = list(rects)
    merged = True
    while merged:
        merged = False
        for i in range(len(rects)):
            for j in range(i + 1, len(rects)):
                if rects[i].colliderect(rects[j]):
                    rects[i] = rects[i].union(rects.pop(j))
                    merged = True
                    break
            if merged:
                break
    return rects


def draw_piece_simple(surf: pygame.Surface, p: Piece, cam: Camera) -> None:
    """A piece drawn as the renderer does (fill, texture, outline by kind), without its label."""
    if len(p.polygon) < 3:
        if len(p.polygon) == 2:
            pygame.draw.line(surf, PROBLEM, cam.to_px(p.polygon[0]), cam.to_px(p.polygon[1]), 2)
        return
    tp = p.terrain_piece()
    pts = [cam.to_px(q) for q in p.polygon]
    pygame.draw.polygon(surf, STYLE_COLOURS.get(tp.style, (160, 160, 160)), pts)
    texture(surf, pts, tp.style, cam.scale)
    pygame.draw.polygon(surf, KIND_OUTLINE.get(tp.kind, (0, 0, 0)), pts, 2)


def draw_table(surf: pygame.Surface, layer: TerrainLayer, state: MapState, cam: Camera,
               live: frozenset[int] = frozenset(), grid: float | None = None) -> None:
    """The table and grid: every piece from the cache, except the ``live`` ones (being dragged) drawn fresh on
    top."""
    still = tuple(p for p in state.pieces if p.uid not in live) if live else state.pieces
    scale = cam.scale
    surf.blit(layer.get(state.name, still, scale, grid), (round(cam.ox), round(cam.oy)))
    for p in state.pieces:
        if p.uid in live:
            draw_piece_simple(surf, p, cam)


def label_font(cam: Camera) -> pygame.font.Font:
    """The pieces' names at this zoom, as the battle's table prints them (no larger than a heading, zoomed in)."""
    return theme.font(max(10, min(20, round(cam.scale * 0.55))))


def short_name(name: str) -> str:
    """A piece's name cut to its first word ("Garden wall north": "Garden…"), or to 6 letters."""
    words = name.split()
    if len(words) > 1 and len(words[0]) >= 3:
        return words[0] + "…"
    return name if len(name) <= 7 else name[:6] + "…"


_PLACED: dict[tuple, tuple[list[tuple[int, str, pygame.Rect]], set[int]]] = {}


def place_piece_labels(pieces: Sequence[Piece], cam: Camera, font: pygame.font.Font,
                       bounds: pygame.Rect) -> tuple[list[tuple[int, str, pygame.Rect]], set[int]]:
    """Where each piece's name is printed, no two names on top of each other: on the piece's centre, or a line
    above or below it; where the name does not fit, its first word; where nothing fits, no name (the piece
    under the pointer shows it). Larger pieces are placed first. Returns (uid, text, box) per name, and the
    uids whose name is shortened or left out. Kept per map and view: asked every frame."""
    key = (tuple(pieces), round(cam.scale, 4), round(cam.ox), round(cam.oy), tuple(bounds), id(font))
    if key in _PLACED:
        return _PLACED[key]
    if len(_PLACED) > 8:
        _PLACED.clear()
    order = sorted((p for p in pieces if len(p.polygon) >= 3),
                   key=lambda p: -(p.bounds[2] - p.bounds[0]) * (p.bounds[3] - p.bounds[1]))
    taken: list[pygame.Rect] = []
    out: list[tuple[int, str, pygame.Rect]] = []
    hidden: set[int] = set()
    for p in order:
        name = p.terrain_piece().name
        c = cam.to_px(_mean(p.polygon))
        done = False
        for n, t in enumerate(dict.fromkeys((name, short_name(name)))):
            w, h = font.size(t)
            for dy in (0, -h, h):
                box = pygame.Rect(0, 0, w + 2, h)
                box.center = (c[0], c[1] + dy)
                if bounds.contains(box) and box.inflate(6, 2).collidelist(taken) < 0:
                    taken.append(box)
                    out.append((p.uid, t, box))
                    if n:
                        hidden.add(p.uid)
                    done = True
                    break
            if done:
                break
        if not done:
            hidden.add(p.uid)
    _PLACED[key] = (out, hidden)
    return out, hidden


def draw_piece_labels(surf: pygame.Surface, state: MapState, cam: Camera, bounds: pygame.Rect,
                      live: frozenset[int] = frozenset(), hover: Piece | None = None) -> None:
    """The pieces' names (``place_piece_labels``); the ``live`` pieces' (being dragged) on their centres; the
    ``hover`` piece's in full when its name was shortened or left out."""
    font = label_font(cam)
    still = [p for p in state.pieces if p.uid not in live] if live else state.pieces
    placed, hidden = place_piece_labels(still, cam, font, bounds)
    boxes = [(t, box) for _uid, t, box in placed]
    for p in state.pieces:
        if p.uid in live and len(p.polygon) >= 3:
            t = p.terrain_piece().name
            box = pygame.Rect((0, 0), font.size(t))
            box.center = cam.to_px(_mean(p.polygon))
            boxes.append((t, box))
    for t, box in boxes:
        surf.blit(text(font, t, (0, 0, 0)), box.move(2, 1))
        surf.blit(text(font, t, (245, 245, 235)), box.move(1, 0))
    if hover is not None and hover.uid in hidden and len(hover.polygon) >= 3:
        label_at(surf, hover.terrain_piece().name, cam.to_px(_mean(hover.polygon)), font)


_GRID_CACHE: dict[tuple, pygame.Surface] = {}


def draw_grid(surf: pygame.Surface, cam: Camera, step: float, major: float = 6.0) -> None:
    """Grid lines every ``step`` (hidden when closer than 5 px) and a stronger line every ``major`` inches."""
    key = (round(cam.scale, 4), step, major)
    layer = _GRID_CACHE.get(key)
    if layer is None:
        if len(_GRID_CACHE) > 6:
            _GRID_CACHE.clear()
        side = max(1, round(TABLE_SIZE * cam.scale))
        layer = pygame.Surface((side + 1, side + 1), pygame.SRCALPHA)
        c0 = Camera(cam.scale, 0, 0)
        n = round(TABLE_SIZE / step)
        minor_on = step * cam.scale >= 5
        for k in range(n + 1):
            v = k * step
            is_major = abs(v / major - round(v / major)) < 1e-9
            if not (is_major or minor_on):
                continue
            colour = (*GRID_MAJOR, 200) if is_major else (*GRID_MINOR, 120)
            pygame.draw.line(layer, colour, c0.to_px((v, 0)), c0.to_px((v, TABLE_SIZE)), 1)
            pygame.draw.line(layer, colour, c0.to_px((0, v)), c0.to_px((TABLE_SIZE, v)), 1)
        _GRID_CACHE[key] = layer
    surf.blit(layer, (round(cam.ox), round(cam.oy)))


_TEXT: dict[tuple, pygame.Surface] = {}


def text(font: pygame.font.Font, s: str, colour) -> pygame.Surface:
    """A rendered text, kept (the rulers' numbers and labels are drawn every frame)."""
    key = (id(font), s, tuple(colour))
    if key not in _TEXT:
        if len(_TEXT) > 500:
            _TEXT.clear()
        _TEXT[key] = font.render(s, True, colour)
    return _TEXT[key]


def draw_rulers(surf: pygame.Surface, cam: Camera, font: pygame.font.Font, area: pygame.Rect | None = None) -> None:
    """Inch ticks along the top and left edges, numbered every 6″ (every 12″ or 18″ where the numbers would
    run into each other: a small table at a large UI scale). Within ``area`` (the table's view): zoomed in,
    the rulers stay on the view's edges instead of leaving with the table's; no label runs into a panel."""
    widest = text(font, f"{int(TABLE_SIZE)}″", theme.MUTED)
    every = 6 if cam.scale * 6 >= widest.get_width() + 4 else 12
    while every < TABLE_SIZE and every * cam.scale < widest.get_width() + 4:
        every += 6
    if cam.scale * 1 >= widest.get_width() + 8:
        every = 1  # zoomed in far: every inch numbered
    elif cam.scale * 3 >= widest.get_width() + 8:
        every = 3
    ox, oy = cam.to_px((0, 0))
    clip = surf.get_clip()
    if area is not None:
        inside = (ox < area.x + widest.get_width() + 12, oy < area.y + widest.get_height() + 10)
        ox = max(ox, area.x + widest.get_width() + 12)
        oy = max(oy, area.y + widest.get_height() + 10)
        surf.set_clip(area)
        # zoomed in, the rulers lie over the table: on a dark band, or the grey numbers are lost in the grass
        band = pygame.Surface(area.size, pygame.SRCALPHA)
        if inside[1]:
            band.fill((*theme.BG, 190), (0, 0, area.w, oy - area.y + 1))
        if inside[0]:
            band.fill((*theme.BG, 190), (0, oy - area.y + 1 if inside[1] else 0, ox - area.x + 1, area.h))
        if any(inside):
            surf.blit(band, area.topleft)
    for k in range(0, int(TABLE_SIZE) + 1):
        long = k % 6 == 0
        x, _ = cam.to_px((k, 0))
        _, y = cam.to_px((0, k))
        if x >= ox - 1:
            pygame.draw.line(surf, theme.MUTED, (x, oy - (8 if long else 4)), (x, oy), 1)
        if y >= oy - 1:
            pygame.draw.line(surf, theme.MUTED, (ox - (8 if long else 4), y), (ox, y), 1)
        if k % every == 0:
            t = text(font, f"{k}″", theme.MUTED)
            if x >= ox - 1:
                surf.blit(t, t.get_rect(midbottom=(x, oy - 8)))
            if y >= oy - 1:
                surf.blit(t, t.get_rect(midright=(ox - 9, y)))
    surf.set_clip(clip)


def outline(surf: pygame.Surface, poly: Sequence[Sequence[float]], cam: Camera, colour, width: int = 2,
            dashed: bool = False) -> None:
    pts = [cam.to_px(p) for p in poly]
    if len(pts) < 2:
        return
    if not dashed:
        pygame.draw.lines(surf, colour, len(pts) > 2, pts, width)
        return
    for i in range(len(pts)):
        a, b = pts[i], pts[(i + 1) % len(pts)]
        dash_line(surf, colour, a, b, width)


def dash_line(surf: pygame.Surface, colour, a: Sequence[float], b: Sequence[float], width: int = 1,
              dash: int = 8) -> None:
    length = math.dist(a, b)
    if length < 1:
        return
    n = max(1, int(length // dash))
    for k in range(0, n, 2):
        t0, t1 = k / n, min(1.0, (k + 1) / n)
        pygame.draw.line(surf, colour, (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                         (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1), width)


def draw_problems(surf: pygame.Surface, state: MapState, cam: Camera, marks: dict[int, list],
                  font: pygame.font.Font) -> None:
    """A red outline and a "!" on each piece with a problem; a ring on each place a problem names (a
    corner's index or a point: where edges cross, a corner off the table)."""
    for p in state.pieces:
        if p.uid not in marks or not p.polygon:
            continue
        outline(surf, p.polygon, cam, PROBLEM, 3)
        for spot in marks[p.uid]:
            if isinstance(spot, int) and spot < len(p.polygon):
                spot = p.polygon[spot]
            if isinstance(spot, tuple):
                pygame.draw.circle(surf, PROBLEM, cam.to_px(spot), 9, 3)
        x0, y0, _, _ = p.bounds
        at = cam.to_px((x0, y0))
        pygame.draw.circle(surf, PROBLEM, at, 9)
        t = font.render("!", True, (255, 255, 255))
        surf.blit(t, t.get_rect(center=at))


def draw_selection(surf: pygame.Surface, pieces: Sequence[Piece], cam: Camera, handles: dict[str, tuple[int, int]],
                   active_corner: tuple[int, int] | None) -> None:
    for p in pieces:
        outline(surf, p.polygon, cam, SELECT, 2, dashed=True)
        for i, q in enumerate(p.polygon):
            c = cam.to_px(q)
            r = pygame.Rect(0, 0, 9, 9)
            r.center = c
            on = active_corner == (p.uid, i)
            pygame.draw.rect(surf, PROBLEM if on else (255, 255, 255), r)
            pygame.draw.rect(surf, (0, 0, 0), r, 1)
    if "rotate" in handles:
        top = handles["top"]
        pygame.draw.line(surf, SELECT, top, handles["rotate"], 1)
        pygame.draw.circle(surf, SELECT, handles["rotate"], 7)
        pygame.draw.circle(surf, (0, 0, 0), handles["rotate"], 7, 1)
    for k in ("scale_nw", "scale_ne", "scale_se", "scale_sw"):
        if k in handles:
            pygame.draw.circle(surf, (255, 255, 255), handles[k], 6)
            pygame.draw.circle(surf, SELECT, handles[k], 6, 2)


def draw_twins(surf: pygame.Surface, state: MapState, cam: Camera, selected: Iterable[int]) -> None:
    """The symmetry axis across the table, and a link from each selected piece to its twin."""
    if state.symmetry is None:
        return
    line = tf.axis_line(state.symmetry)
    if line is None:
        c = cam.to_px((TABLE_SIZE / 2, TABLE_SIZE / 2))
        pygame.draw.circle(surf, TWIN, c, 10, 2)
        pygame.draw.line(surf, TWIN, (c[0] - 14, c[1]), (c[0] + 14, c[1]), 2)
        pygame.draw.line(surf, TWIN, (c[0], c[1] - 14), (c[0], c[1] + 14), 2)
    else:
        dash_line(surf, TWIN, cam.to_px(line[0]), cam.to_px(line[1]), 2, 12)
    for uid in selected:
        twin = state.twin_of(uid)
        a, b = state.get(uid), state.get(twin) if twin is not None else None
        if a is not None and b is not None:
            outline(surf, b.polygon, cam, TWIN, 2, dashed=True)


PREVIEW_NEW = (120, 240, 140)  # a mirror copy's new pieces


def _mean(poly: Sequence[Sequence[float]]) -> tuple[float, float]:
    return (sum(q[0] for q in poly) / len(poly), sum(q[1] for q in poly) / len(poly))


def draw_preview(surf: pygame.Surface, state: MapState, before: MapState, cam: Camera, copy: bool = False,
                 axis: str | None = None, font: pygame.font.Font | None = None) -> None:
    """A mirror's result before it applies, told apart by kind: a copy's new pieces in green marked "+ copy";
    a mirror's moved pieces in blue, each with its old place dashed and an arrow from there. The axis is
    drawn too."""
    if axis is not None:
        t, h = TABLE_SIZE, TABLE_SIZE / 2
        ends = {"vertical": ((h, 0), (h, t)), "horizontal": ((0, h), (t, h)), "diagonal": ((0, 0), (t, t)),
                "antidiagonal": ((t, 0), (0, t))}.get(axis)
        if ends is not None:
            dash_line(surf, (255, 255, 255), cam.to_px(ends[0]), cam.to_px(ends[1]), 2)
        else:
            pygame.draw.circle(surf, (255, 255, 255), cam.to_px((h, h)), 6, 2)
    old = {p.uid: p for p in before.pieces}
    colour = PREVIEW_NEW if copy else PREVIEW
    changed = [p for p in state.pieces if old.get(p.uid) != p and len(p.polygon) >= 3]
    shade = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    for p in changed:
        pygame.draw.polygon(shade, (*colour, 90 if copy else 60), [cam.to_px(q) for q in p.polygon])
    surf.blit(shade, (0, 0))
    for p in changed:
        outline(surf, p.polygon, cam, colour, 2, dashed=not copy)
        was = old.get(p.uid)
        if was is not None and len(was.polygon) >= 3:  # moved: where it was, and an arrow to where it goes
            outline(surf, was.polygon, cam, (200, 200, 200), 1, dashed=True)
            a, b = cam.to_px(_mean(was.polygon)), cam.to_px(_mean(p.polygon))
            pygame.draw.line(surf, colour, a, b, 2)
            pygame.draw.circle(surf, colour, b, 4)
        elif font is not None:
            label_at(surf, "+ copy", cam.to_px(_mean(p.polygon)), font, PREVIEW_NEW)


class SightView:
    """The sight shading as one pixel per cell, scaled up to the table: redrawn only as cells are answered."""

    def __init__(self) -> None:
        self.job: SightJob | None = None
        self.small: pygame.Surface | None = None
        self.painted = 0
        self.scaled: tuple[tuple, pygame.Surface] | None = None

    def draw(self, surf: pygame.Surface, job: SightJob, cam: Camera) -> None:
        if job is not self.job or self.small is None:
            self.job, self.painted, self.scaled = job, 0, None
            self.small = pygame.Surface((job.n, job.n), pygame.SRCALPHA)
        if job.answered != self.painted:
            b = job.BLOCK
            for n in range(self.painted, job.answered):  # only the cells answered since the last frame
                i, j = job.order[n]
                colour = SIGHT_COLOURS.get(job.cells[(i, j)], (0, 0, 0, 0))
                if n < job.coarse_count:  # a 4″ block's centre stands for the whole block until refined
                    self.small.fill(colour, pygame.Rect(i - b // 2, j - b // 2, b, b))
                else:
                    self.small.set_at((i, j), colour)
            self.painted, self.scaled = job.answered, None
        side = max(1, round(job.n * job.step * cam.scale))
        if self.scaled is None or self.scaled[0] != (side, self.painted):
            # the finished 1″ shading is smoothed (blocky cells read as a grid of their own); while it is
            # being painted, and at a huge zoom, the plain scale is cheaper
            smooth = job.done and side <= 2048
            grow = pygame.transform.smoothscale if smooth else pygame.transform.scale
            self.scaled = ((side, self.painted), grow(self.small, (side, side)))
        surf.blit(self.scaled[1], (round(cam.ox), round(cam.oy)))
        c = cam.to_px(job.at)
        r = max(3, round(job.radius * cam.scale))
        pygame.draw.circle(surf, (250, 250, 250), c, r)
        pygame.draw.circle(surf, (0, 0, 0), c, r, 2)


def draw_encounter(surf: pygame.Surface, shapes: Sequence[Shape], cam: Camera, font: pygame.font.Font,
                   colour_blind: bool) -> None:
    shade = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    labels = []
    for s in shapes:
        if s.role == "zone" and s.polygon:
            colour = theme.side_colour(s.side or 0, colour_blind)
            pygame.draw.polygon(shade, (*colour, ZONE_ALPHA), [cam.to_px(p) for p in s.polygon])
            labels.append((s, colour))
        elif s.role == "piece" and s.polygon:
            pygame.draw.polygon(shade, (*STYLE_COLOURS["rocks"], 200), [cam.to_px(p) for p in s.polygon])
    surf.blit(shade, (0, 0))
    for s in shapes:
        if s.role == "removed":
            outline(surf, s.polygon, cam, PROBLEM, 2, dashed=True)
            x0, y0, x1, y1 = tf.bounds([s.polygon])
            pygame.draw.line(surf, PROBLEM, cam.to_px((x0, y0)), cam.to_px((x1, y1)), 2)
            pygame.draw.line(surf, PROBLEM, cam.to_px((x0, y1)), cam.to_px((x1, y0)), 2)
        elif s.role == "piece":
            outline(surf, s.polygon, cam, theme.ACCENT, 3)
        elif s.role == "objective":
            if s.centre is not None:
                pygame.draw.circle(surf, theme.ACCENT, cam.to_px(s.centre), round(s.radius * cam.scale), 2)
            else:
                outline(surf, s.polygon, cam, theme.ACCENT, 2, dashed=True)
            labels.append((s, theme.ACCENT))
    y = cam.to_px((0, 0))[1] + 4
    for s, colour in labels:  # a legend in the top-left corner of the table
        t = font.render(s.label, True, (255, 255, 255))
        box = t.get_rect(topleft=(cam.to_px((0, 0))[0] + 6, y))
        pygame.draw.rect(surf, (0, 0, 0), box.inflate(8, 2))
        pygame.draw.rect(surf, colour, (box.x - 4, box.y - 1, 3, box.h + 2))
        surf.blit(t, box)
        y += box.h + 4


def label_at(surf: pygame.Surface, text: str, at: Sequence[int], font: pygame.font.Font,
             colour=(255, 255, 255)) -> None:
    t = font.render(text, True, colour)
    box = t.get_rect(midbottom=(at[0], at[1] - 8))
    area = surf.get_clip().inflate(-8, -8)
    if area.w > box.w and area.h > box.h:
        box.clamp_ip(area)  # a label by the table's edge stays readable
    pygame.draw.rect(surf, (0, 0, 0), box.inflate(8, 4), border_radius=3)
    surf.blit(t, box)


def table_backdrop(surf: pygame.Surface, cam: Camera) -> None:
    side = round(TABLE_SIZE * cam.scale)
    pygame.draw.rect(surf, TABLE_GREEN, (round(cam.ox), round(cam.oy), side, side))
