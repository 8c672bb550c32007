"""The help overlay (F1): every keyboard shortcut and mouse control of the game on one panel.

``SHORTCUTS`` is the one list the panel is drawn from; the battle scene's author extends it when
a control is added, so the help never falls behind the game.
"""

from __future__ import annotations

import pygame
import pygame_gui

from game.ui import theme
from game.ui.app import App, Scene
from game.ui.scenes import common

SHORTCUTS: list[tuple[str, str]] = [
    ("Left click", "pick a model, a point, a facing; press a button"),
    ("Esc", "clear the selected model"),
    ("Mouse wheel", "zoom the table (over the answers: scroll them)"),
    ("Right or middle drag / arrows", "pan the table"),
    ("F", "fit the whole table in view"),
    ("Space / Enter", "the default answer (keep facing, suggested spot, No)"),
    ("1 – 9", "pick the n-th answer of a prompt"),
    ("Backspace", "one step back while declaring a plan"),
    ("Page Up / Page Down", "scroll a long list of answers"),
    ("L", "show or hide the battle log"),
    ("R", "show or hide range rings"),
    ("+ / −", "AI faster / slower"),
    ("S", "skip the AI's animation until you are asked"),
    ("F11", "fullscreen on or off"),
    ("F1", "this help (Esc, F1 or a click closes it)"),
]
CLOSE_KEYS = (pygame.K_ESCAPE, pygame.K_F1, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class HelpOverlay(Scene):
    name = "help"
    overlay = True

    def __init__(self, app: App):
        super().__init__(app)
        self.widgets: dict[str, pygame_gui.core.UIElement] = {}
        self.panel = pygame.Rect(0, 0, 10, 10)
        self._pressed_here = False
        # a scene with controls of its own (the map editor) lists them in ``SHORTCUTS``
        self.shortcuts: list[tuple[str, str]] = getattr(app.top, "SHORTCUTS", SHORTCUTS)

    def build(self) -> None:
        self.widgets = {}
        w, h = self.app.size
        row = self.px(30)
        pw = min(w - self.px(40), self.px(720))
        ph = min(h - self.px(40), self.px(150) + row * len(self.shortcuts))
        self.panel = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        common.label(self, "title", pygame.Rect(self.panel.x, self.panel.y + self.px(10), pw, self.px(40)),
                     "Controls", "@heading")
        bw = self.px(160)
        common.button(self, "close", pygame.Rect(self.panel.centerx - bw // 2, self.panel.bottom - self.px(56), bw,
                                                 self.px(42)), "Close", "Esc or F1")

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in CLOSE_KEYS:
            self.close()
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self._pressed_here = True
        elif event.type == pygame.MOUSEBUTTONUP and self._pressed_here:
            self.close()  # on release, so the click does not reach the scene below

    def close(self) -> None:
        if self.app.top is self:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 160))
        surface.blit(shade, (0, 0))
        p = self.panel
        pygame.draw.rect(surface, theme.PANEL, p, border_radius=self.px(8))
        pygame.draw.rect(surface, theme.ACCENT, p, 2, border_radius=self.px(8))
        x, y = p.x + self.px(28), p.y + self.px(60)
        bottom, inner = p.bottom - self.px(64), p.w - self.px(56)
        size = self.px(15)  # the largest size at which every line fits the panel (a large UI scale, a small window)
        while size > 9:
            key_font, text_font = theme.font(size, bold=True), theme.font(size)
            key_w = max(key_font.size(k)[0] for k, _ in self.shortcuts) + size * 2
            text_w = max(text_font.size(t)[0] for _, t in self.shortcuts)
            row = round(size * 2)
            if key_w + text_w <= inner and row * len(self.shortcuts) <= bottom - y:
                break
            size -= 1
        for key, text in self.shortcuts:
            if y + row > bottom:
                break
            surface.blit(key_font.render(key, True, theme.ACCENT), (x, y))
            surface.blit(text_font.render(text, True, theme.INK), (x + key_w, y))
            y += row
