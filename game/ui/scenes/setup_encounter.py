"""The New battle screen's encounter and map column: the encounters with the chosen one's description, then the
maps with the chosen one drawn small beside its description.

Part of SetupScene (game/ui/scenes/setup.py): in three columns it is the left one, the two lists sharing its
height; in a narrow window the encounter and the map stand side by side or one above the other.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.content.maps import BattleMap
from game.ui import theme
from game.ui.scenes import common
from game.ui.table_view import Camera, draw_terrain

if TYPE_CHECKING:
    from game.ui.scenes.setup import SetupScene

Heights = tuple[int, int]  # (natural height, smallest height) of a part of the column


class EncounterColumn:
    """Owns the map thumbnails drawn so far (per map and size)."""

    def __init__(self, scene: SetupScene):
        self.scene = scene
        self._thumbs: dict[tuple[str, int], pygame.Surface] = {}

    def parts(self) -> list[Heights]:
        """The heights of the encounters' list, its description, the maps' list and the map's picture."""
        px, libs = self.scene.px, self.scene.libs
        item = px(31)
        n_enc, n_map = len(libs["scenarios"].items), len(libs["maps"].items)
        return [(n_enc * item + 2, min(n_enc, 3) * item + 2), (px(62), px(40)),
                (n_map * item + 2, min(n_map, 2) * item + 2), (px(150), px(44))]

    def min_height(self, gap: int) -> int:
        """The column at its smallest: the headings and each part at its smallest height."""
        return 2 * self.scene.px(28) + 3 * gap + sum(low for _, low in self.parts())

    def build(self, r: pygame.Rect, gap: int) -> None:
        """The encounter above the map, in one column: each list gets what the column spares above its smallest."""
        head = self.scene.px(28)
        parts = self.parts()
        avail = r.h - 2 * head - 3 * gap
        spare = sum(nat - low for nat, low in parts)
        share = 1.0 if spare <= 0 else max(0.0, min(1.0, (avail - sum(low for _, low in parts)) / spare))
        enc_h, desc_h, _, _ = (int(low + share * (nat - low)) for nat, low in parts)
        y = self.build_encounter(pygame.Rect(r.x, r.y, r.w, head + enc_h + gap + desc_h), gap, share)
        self.build_map(pygame.Rect(r.x, y + gap, r.w, r.bottom - y - gap), gap, share)

    def build_encounter(self, r: pygame.Rect, gap: int, share: float) -> int:
        """The encounters and the chosen one's description; returns the bottom edge."""
        scene = self.scene
        head = scene.px(28)
        (enc_nat, enc_low), (desc_nat, desc_low) = self.parts()[:2]
        enc_h = int(enc_low + share * (enc_nat - enc_low))
        scene.heading("encounter_heading", pygame.Rect(r.x, r.y, r.w, head - 2), "Encounter")
        y = r.y + head
        scene.choice_list("scenario", pygame.Rect(r.x, y, r.w, enc_h), "scenarios", scene.setup.scenario)
        y += enc_h + gap
        chosen = scene.libs["scenarios"].items.get(scene.setup.scenario)
        desc = common.esc(getattr(chosen[1], "description", "")) if chosen else ""
        desc_h = max(int(desc_low + share * (desc_nat - desc_low)), r.bottom - y)
        common.text_box(scene, "scenario_text", pygame.Rect(r.x, y, r.w, desc_h), desc)
        return y + desc_h

    def build_map(self, r: pygame.Rect, gap: int, share: float) -> None:
        """The maps, and the chosen one drawn small beside its description, in what is left below them."""
        scene = self.scene
        head = scene.px(28)
        map_nat, map_low = self.parts()[2]
        map_h = int(map_low + share * (map_nat - map_low))
        scene.heading("map_heading", pygame.Rect(r.x, r.y, r.w, head - 2), "Map")
        y = r.y + head
        scene.choice_list("map", pygame.Rect(r.x, y, r.w, map_h), "maps", scene.setup.map)
        y += map_h + gap
        size = max(scene.px(40), min(r.bottom - y, r.w * 6 // 10))  # the thumbnail takes what is left
        chosen_map = scene.libs["maps"].items.get(scene.setup.map)
        if chosen_map is not None:
            image = self.thumbnail(scene.setup.map, chosen_map[1], size)
            scene.widgets["thumbnail"] = pygame_gui.elements.UIImage(
                pygame.Rect(r.x, y, size, size), image, scene.manager, container=common.parent(scene))
            if r.w - size - gap >= scene.px(90):
                common.text_box(scene, "map_text", pygame.Rect(r.x + size + gap, y, r.w - size - gap, size),
                                common.esc(chosen_map[1].description or ""))

    def thumbnail(self, key: str, battle_map: BattleMap, size: int) -> pygame.Surface:
        """The map drawn small, as the battle will show it."""
        if (key, size) not in self._thumbs:
            surf = pygame.Surface((size, size))
            surf.fill(theme.PANEL)
            draw_terrain(surf, battle_map, Camera.fit(pygame.Rect(0, 0, size, size), margin=2), labels=False)
            self._thumbs[(key, size)] = surf
        return self._thumbs[(key, size)]
