"""The hotseat handoff: a full-screen cover between two players' turns at one screen.

The rules keep nothing secret from the other player, but without a clear cover it is easy to
answer a question meant for the other side; the cover names who takes the seat and waits.
"""

from __future__ import annotations

import pygame
import pygame_gui

from game.ui import theme
from game.ui.app import App, Scene
from game.ui.scenes import common

READY_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class HandoffScene(Scene):
    """Opaque (the table is hidden); pops itself on "I'm ready", Enter, Space or a click anywhere."""

    name = "handoff"

    def __init__(self, app: App, text: str, side: int | None = None):
        super().__init__(app)
        self.text = text
        if side is None:  # the battle below knows whose question comes next
            pending = getattr(getattr(app.top, "session", None), "pending", None)
            side = getattr(pending, "side", None)
        self.side = side  # colours the cover's bands
        self.widgets: dict[str, pygame_gui.core.UIElement] = {}
        self._pressed_here = False

    def build(self) -> None:
        self.widgets = {}
        w, h = self.app.size
        common.label(self, "text", pygame.Rect(0, h // 2 - self.px(90), w, self.px(60)), self.text, "@title")
        common.label(self, "hint", pygame.Rect(0, h // 2 - self.px(24), w, self.px(30)),
                     "Click anywhere or press Enter when you are ready", "@prompt")
        bw = self.px(260)
        common.button(self, "ready", pygame.Rect((w - bw) // 2, h // 2 + self.px(30), bw, self.px(54)),
                      "I'm ready", None, "@big_button")

    def handle(self, event: pygame.event.Event) -> None:
        clicked = event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.widgets.get("ready")
        if clicked or (event.type == pygame.KEYDOWN and event.key in READY_KEYS):
            self.done()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._pressed_here = True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._pressed_here:
            self.done()  # on release, so the click does not reach the table below

    def done(self) -> None:
        if self.app.top is self:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        w, h = surface.get_size()
        if self.side is not None:
            colour = theme.side_colour(self.side, self.app.settings.colour_blind)
            band = self.px(14)
            pygame.draw.rect(surface, colour, (0, 0, w, band))
            pygame.draw.rect(surface, colour, (0, h - band, w, band))
