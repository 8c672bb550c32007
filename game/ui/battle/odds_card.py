"""The odds card's rule links: the card stays put when the mouse goes from the model onto it, so each
modifier row (its rule ID from the engine's Modifier) can be pointed at and clicked.

The card is drawn beside the cursor while the mouse is on a model. Moving off the model towards the
card (into the card or the gap between the cursor and it) holds the card where it is; a base under the
mouse always wins, and a point or facing question (answered by clicking the table anywhere) never
holds it. Only a card the mouse went onto takes clicks.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.ui import theme
from game.ui.battle import previews


class OddsCard:
    """Where the odds card was last drawn (``rect``, its ``odds``, the cursor ``anchor``) and the mouse on it."""

    def __init__(self) -> None:
        self.rect: pygame.Rect | None = None
        self.odds: Any = None
        self.anchor: tuple[int, int] = (0, 0)
        self.mouse: tuple[int, int] | None = None  # set while the card holds still under the mouse

    def drawn(self, rect: pygame.Rect, odds: Any, anchor: tuple[int, int]) -> None:
        self.rect, self.odds, self.anchor = rect, odds, anchor

    def gone(self) -> None:
        self.rect, self.odds = None, None

    def holds(self, pos: tuple[int, int], base_under_mouse: bool, may_hold: bool) -> bool:
        """Whether the mouse at ``pos`` is on the card or on its way to it (the card then stays put)."""
        if self.rect is None or not may_hold or base_under_mouse:
            return False
        zone = self.rect.union(pygame.Rect(self.anchor, (1, 1))).inflate(8, 8)
        return zone.collidepoint(pos)

    def link_at(self, pos: tuple[int, int] | None) -> str:
        """The rule ID of the modifier row under a screen point, or ""."""
        if self.rect is None or pos is None:
            return ""
        return next((rule for r, rule in previews.odds_links(self.odds, self.rect) if r.collidepoint(pos)), "")

    def click(self, event: pygame.event.Event) -> tuple[bool, str]:
        """(taken, rule): a left click on a card the mouse went onto is the card's; its row's rule if any."""
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1 or self.rect is None or self.mouse is None \
                or not self.rect.collidepoint(event.pos):
            return False, ""
        return True, self.link_at(event.pos)

    def draw_hover(self, surface: pygame.Surface) -> None:
        """Outline the modifier row under the mouse."""
        if self.rect is None or self.mouse is None:
            return
        for r, _ in previews.odds_links(self.odds, self.rect):
            if r.collidepoint(self.mouse):
                pygame.draw.rect(surface, theme.RULE_LINK, r, 1, border_radius=3)
