"""The title screen's backdrop: a corner of a table in the game's own look, dimmed behind the menu.

Painted with the table's terrain painters and token code (no map or party file is loaded, so the
menu still appears at once), at half size and scaled up, once per window size and palette.
"""

from __future__ import annotations

import pygame

from game.ui import style, terrain_art, tokens

# pieces in fractions of the backdrop (x, y): a wood, a stream, a house, a wall, rocks, a field, rubble
PIECES: tuple[tuple[str, tuple[tuple[float, float], ...]], ...] = (
    ("forest", ((0.02, 0.05), (0.2, 0.02), (0.27, 0.2), (0.2, 0.4), (0.06, 0.42), (-0.02, 0.25))),
    ("field", ((0.7, 0.04), (0.95, 0.06), (0.93, 0.3), (0.72, 0.28))),
    ("stream", ((0.55, 1.02), (0.62, 0.72), (0.8, 0.55), (1.02, 0.5), (1.02, 0.56), (0.83, 0.61), (0.67, 0.76),
                (0.61, 1.02))),
    ("building", ((0.32, 0.62), (0.44, 0.62), (0.44, 0.78), (0.32, 0.78))),
    ("wall", ((0.47, 0.1), (0.66, 0.1), (0.66, 0.12), (0.47, 0.12))),
    ("rocks", ((0.06, 0.7), (0.13, 0.66), (0.17, 0.74), (0.12, 0.82), (0.05, 0.8))),
    ("rubble", ((0.82, 0.72), (0.95, 0.7), (0.97, 0.84), (0.84, 0.86))),
    ("brush", ((0.22, 0.86), (0.3, 0.84), (0.32, 0.95), (0.22, 0.96))),
)
# tokens: (x, y, side, type, emblem, facing)
MODELS: tuple[tuple[float, float, int, str, str, float], ...] = (
    (0.36, 0.45, 0, "hero", "mount", 0), (0.31, 0.36, 0, "follower", "spear", 0), (0.3, 0.54, 0, "follower", "bow", 0),
    (0.64, 0.42, 1, "hero", "staff", 180), (0.7, 0.33, 1, "companion", "axe", 180),
    (0.69, 0.52, 1, "follower", "crossbow", 180),
)
_CACHE: dict[tuple[int, int, bool], pygame.Surface] = {}


def backdrop(size: tuple[int, int], colour_blind: bool = False) -> pygame.Surface:
    key = (*size, colour_blind)
    if key not in _CACHE:
        _CACHE.clear()
        _CACHE[key] = _paint(size, colour_blind)
    return _CACHE[key]


def _paint(size: tuple[int, int], colour_blind: bool) -> pygame.Surface:
    w, h = max(2, size[0] // 2), max(2, size[1] // 2)
    scale = max(8.0, min(w, h) / 14)  # pixels per inch: a corner of the table, close up
    layer = pygame.Surface((w, h))
    terrain_art.paint_cloth(layer, scale)
    placed = [(st, [(round(x * w), round(y * h)) for x, y in pts]) for st, pts in PIECES]
    for st, pts in placed:
        terrain_art.cast_shadow(layer, pts, st, scale)
    for st, pts in placed:
        terrain_art.paint_piece(layer, pts, st, scale, terrain_art.seed_of(pts, st))
    palette = style.side_palette(colour_blind)
    r = max(5, round(scale * 0.5))
    for x, y, side, kind, emblem, facing in MODELS:
        look = tokens.TokenLook(emblem, (), kind, False)
        centre = (round(x * w), round(y * h))
        body = tokens.body_image(look, palette[side], side, r)
        layer.blit(body, body.get_rect(center=centre))
        tokens.draw_facing(layer, centre, r, facing)
    dim = pygame.Surface((w, h), pygame.SRCALPHA)
    dim.fill((12, 14, 18, 150))
    layer.blit(dim, (0, 0))
    return pygame.transform.smoothscale(layer, size)
