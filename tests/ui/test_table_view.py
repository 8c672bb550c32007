"""The table view draws what the state says (headless, no window)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from game.ui.table_view import SIDE_COLOURS, STYLE_COLOURS, TABLE_GREEN, Camera, draw_state
from tests.rules.harness import figure, square, table


def _near(c, want, tol: int) -> bool:
    return all(abs(a - b) <= tol for a, b in zip(tuple(c)[:3], want, strict=True))


def _disc(surf, cam, x: float, y: float, r: float = 0.45) -> set[tuple[int, int, int]]:
    cx, cy = cam.to_px((x, y))
    n = round(r * cam.scale)
    return {tuple(surf.get_at((cx + dx, cy + dy)))[:3] for dx in range(-n, n + 1) for dy in range(-n, n + 1)
            if dx * dx + dy * dy <= n * n}


def test_models_and_terrain_land_where_the_camera_puts_them() -> None:
    pygame.init()
    state = table((0, figure("Red"), 10, 10, 0), (1, figure("Blue"), 20, 20, 180),
                  pieces=[square("wood", "area", 25, 5, 30, 10, style="forest")])
    surf = pygame.Surface((800, 800))
    cam = Camera.fit(surf.get_rect())
    draw_state(surf, state, cam)
    # the token's body in its side's colour, between the emblem plate and the rim (tokens.body_image)
    assert SIDE_COLOURS[0] in _disc(surf, cam, 10, 10) and SIDE_COLOURS[1] not in _disc(surf, cam, 10, 10)
    assert SIDE_COLOURS[1] in _disc(surf, cam, 20, 20) and SIDE_COLOURS[0] not in _disc(surf, cam, 20, 20)
    # terrain is painted by family now (canopies over the wood), the cloth has faint tufts: near, not equal
    assert _near(surf.get_at(cam.to_px((26, 9.5))), STYLE_COLOURS["forest"], 90)
    assert _near(surf.get_at(cam.to_px((2, 30))), TABLE_GREEN, 20)
    x, y = cam.to_inches(cam.to_px((12.5, 7.25)))
    assert abs(x - 12.5) < 0.05 and abs(y - 7.25) < 0.05


def test_a_scenarios_scoring_regions_are_drawn_with_their_names_grey_until_switched_on() -> None:
    from game.content.library import lookup
    from game.rules.setup import new_game
    from game.ui.table_view import OBJECTIVE_INK, OBJECTIVE_OFF

    pygame.init()
    parties = (lookup("parties", "ghrim_company").value, lookup("parties", "northmen_raiding_party").value)
    state = new_game(parties, lookup("maps", "open_field").value, 3, scenario=lookup("scenarios", "signal_fires").value)
    surf = pygame.Surface((800, 800))
    cam = Camera.fit(surf.get_rect())

    def colours_on_the_rim() -> set[tuple[int, int, int]]:
        draw_state(surf, state, cam)
        cx, cy = cam.to_px((18, 18))
        r = round(3 * cam.scale)
        return {tuple(surf.get_at((cx + dx, cy + dy)))[:3] for dx in range(-r - 1, r + 2)
                for dy in (-r - 1, -r, -r + 1)}

    assert OBJECTIVE_OFF in colours_on_the_rim() and OBJECTIVE_INK not in colours_on_the_rim()
    state.encounter.switched["the beacon"] = True  # what the turn-3 event does
    assert OBJECTIVE_INK in colours_on_the_rim()


def test_a_base_drawn_part_way_along_a_move_carries_its_label_without_placing_the_labels_again() -> None:
    """The label placement (the costly part of a frame) is made for where the bases stand; a base drawn along
    its move or lunge takes its label with it, so an animation does not re-place every label each frame."""
    from game.ui import layout_probe, table_view

    pygame.init()
    state = table((0, figure("Red"), 10, 10, 0), (1, figure("Blue"), 20, 20, 180))
    surf = pygame.Surface((800, 800))
    cam = Camera.fit(surf.get_rect())
    layout_probe.start()
    try:
        draw_state(surf, state, cam)
        placed, still = table_view._PLACED[0], {d.text: d.rect for d in layout_probe.drawn() if d.kind == "label"}
        layout_probe.begin_frame()
        draw_state(surf, state, cam, positions={"A1": (11.0, 10.0)})  # one inch along its way
        moved = {d.text: d.rect for d in layout_probe.drawn() if d.kind == "label"}
    finally:
        layout_probe.stop()
    assert table_view._PLACED[0] == placed  # not placed again
    step = round(cam.scale)
    assert abs(moved["Red"].x - still["Red"].x - step) <= 1 and moved["Red"].y == still["Red"].y
    assert moved["Blue"] == still["Blue"]
