"""The battle log in a large view (L or the Log button): the same log, links and folds, most of the window.

An overlay pushed over the battle, which waits under it (the AI does not play on while the player
reads); Esc, L or Close returns to it unchanged. Rule IDs open the rules reference over it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.rules.state import GameState
from game.ui import theme
from game.ui.app import App, Scene
from game.ui.scenes import common

if TYPE_CHECKING:
    from game.ui.battle.log_panel import LogPanel

CLOSE_KEYS = (pygame.K_ESCAPE, pygame.K_l)


class LogView(Scene):
    name = "log_view"
    overlay = True

    def __init__(self, app: App, state: GameState):
        super().__init__(app)
        self.state = state
        self.panel_rect = pygame.Rect(0, 0, 10, 10)
        self.log_panel: LogPanel | None = None

    def build(self) -> None:
        from game.ui.battle.log_panel import LogPanel
        from game.ui.scenes.rules import open_rules

        self.widgets = {}
        w, h = self.app.size
        margin = self.px(24)
        self.panel_rect = pygame.Rect(margin, margin, w - 2 * margin, h - 2 * margin)
        p, pad = self.panel_rect, self.px(12)
        common.label(self, "title", pygame.Rect(p.x + pad, p.y + pad, self.px(300), self.px(36)), "Battle log",
                     "@heading")
        bw = self.px(120)
        common.button(self, "close", pygame.Rect(p.right - pad - bw, p.y + pad, bw, self.px(36)), "Close (Esc)",
                      "Back to the battle (Esc or L)")
        common.button(self, "latest", pygame.Rect(p.right - 2 * pad - 2 * bw, p.y + pad, bw, self.px(36)),
                      "Latest", "Jump to the newest line and follow new ones")
        top = p.y + pad + self.px(44)
        rect = pygame.Rect(p.x + pad, top, p.width - 2 * pad, p.bottom - pad - top)

        def show_rule(rule: str) -> None:
            open_rules(self.app, rule)

        self.log_panel = LogPanel(self.manager, rect, self.root, font_size=self.px(15), on_rule=show_rule)
        self.log_panel.refresh(self.state)

    def handle(self, event: pygame.event.Event) -> None:
        if self.log_panel is not None and self.log_panel.handle(event):
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.widgets.get("close"):
                self.close()
            elif event.ui_element is self.widgets.get("latest") and self.log_panel is not None:
                self.log_panel.jump_to_latest()
        elif event.type == pygame.KEYDOWN and event.key in CLOSE_KEYS:
            self.close()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_END, pygame.K_PAGEDOWN, pygame.K_PAGEUP) \
                and self.log_panel is not None:
            lp = self.log_panel
            if event.key == pygame.K_END:
                lp.jump_to_latest()
            else:
                lp.scroll_by((lp.rows - 2) * (1 if event.key == pygame.K_PAGEDOWN else -1))

    def update(self, dt: float) -> None:
        if self.log_panel is not None:
            self.log_panel.refresh(self.state)
            self.log_panel.update(dt)

    def close(self) -> None:
        if self.app.top is self:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        theme.modal_panel(surface, self.panel_rect, self.px(8), theme.ACCENT)
        if self.log_panel is not None:
            self.log_panel.note_layout()
