"""The table view draws what the state says (headless, no window)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from game.ui.table_view import SIDE_COLOURS, STYLE_COLOURS, TABLE_GREEN, Camera, draw_state
from tests.rules.harness import figure, square, table


def test_models_and_terrain_land_where_the_camera_puts_them() -> None:
    pygame.init()
    state = table((0, figure("Red"), 10, 10, 0), (1, figure("Blue"), 20, 20, 180),
                  pieces=[square("wood", "area", 25, 5, 30, 10, style="forest")])
    surf = pygame.Surface((800, 800))
    cam = Camera.fit(surf.get_rect())
    draw_state(surf, state, cam)
    assert tuple(surf.get_at(cam.to_px((10, 10.15))))[:3] == SIDE_COLOURS[0]  # beside the facing arrow
    assert tuple(surf.get_at(cam.to_px((20, 20.25))))[:3] == SIDE_COLOURS[1]
    assert tuple(surf.get_at(cam.to_px((26, 9.5))))[:3] == STYLE_COLOURS["forest"]
    assert tuple(surf.get_at(cam.to_px((2, 30))))[:3] == TABLE_GREEN
    x, y = cam.to_inches(cam.to_px((12.5, 7.25)))
    assert abs(x - 12.5) < 0.05 and abs(y - 7.25) < 0.05
