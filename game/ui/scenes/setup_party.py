"""The New battle screen's column for one side: its heading (who plays it) with the side's colour, the parties
to choose from, the chosen party's tokens as the table will show them, and its text.

Part of SetupScene (game/ui/scenes/setup.py), which builds one for each side.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.ui import theme, tokens
from game.ui.scenes import common
from game.ui.session import HOTSEAT

if TYPE_CHECKING:
    from game.ui.scenes.setup import SetupScene

SIDE_NAMES = ("Side A", "Side B")


class PartyColumn:
    """Builds a side's column from the scene's choices (it keeps nothing of its own)."""

    def __init__(self, scene: SetupScene):
        self.scene = scene

    def build(self, side: int, r: pygame.Rect, gap: int) -> None:
        scene, px = self.scene, self.scene.px
        colour = theme.side_colour(side, scene.app.settings.colour_blind)
        scene.heading(f"side{side}_heading", pygame.Rect(r.x + px(22), r.y, r.w - px(22), px(26)),
                      f"{SIDE_NAMES[side]} — {self.role(side)}")
        swatch = pygame.Surface((px(16), px(16)))
        swatch.fill(colour)
        scene.widgets[f"side{side}_swatch"] = pygame_gui.elements.UIImage(
            pygame.Rect(r.x, r.y + px(5), px(16), px(16)), swatch, scene.manager, container=common.parent(scene))
        y = r.y + px(28)
        parties = scene.libs["parties"].items
        list_h = max(min(len(parties), 4) * px(31) + 2, min(len(parties) * px(31) + 2, (r.h - px(28)) * 45 // 100))
        scene.choice_list(f"party{side}", pygame.Rect(r.x, y, r.w, list_h), "parties", scene.party_keys[side])
        y += list_h + gap
        chosen = parties.get(scene.party_keys[side])
        strip_h = px(34)
        if chosen is not None and r.bottom - y - strip_h >= px(120):  # the party's tokens, as on the table
            image = tokens.party_strip(chosen[1].models, colour, side, r.w, strip_h)
            scene.widgets[f"party{side}_tokens"] = pygame_gui.elements.UIImage(
                pygame.Rect(r.x, y, r.w, strip_h), image, scene.manager, container=common.parent(scene))
            y += strip_h + gap // 2
        text = common.party_html(chosen[1], colour) if chosen else "No party chosen."
        common.text_box(scene, f"party{side}_text", pygame.Rect(r.x, y, r.w, r.bottom - y), text)

    def role(self, side: int) -> str:
        """Who plays the side: a player of the hotseat, the player, or the AI at its level."""
        s = self.scene.setup
        if s.mode == HOTSEAT:
            return "player 1" if side == 0 else "player 2"
        return "you" if side == s.human_side else f"AI ({s.ai_level})"
