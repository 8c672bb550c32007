"""The one "unsaved changes" question of the game's editors (the map editor; the party builder adopts it).

One wording, one order: **Save** (then go on), **Discard changes** (go on without them), **Keep editing**
(stay; also Esc). The answer comes back to a callback as "save", "discard" or "cancel", so the scene that
asks keeps every decision (what saving means, where going on leads).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui

from game.ui import theme
from game.ui.app import App, Scene
from game.ui.scenes import common

ANSWERS: tuple[tuple[str, str], ...] = (("save", "Save"), ("discard", "Discard changes"), ("cancel", "Keep editing"))
TITLE = "Unsaved changes"


def question(what: str) -> str:
    """The question, worded once for every editor: ``what`` is the thing edited, e.g. "the map 'Hill Fort'"."""
    return f"{what} has changes that are not saved. Save them before going on?"


class UnsavedChangesDialog(Scene):
    """Save / Discard changes / Keep editing, over the scene that asks; Esc keeps editing."""

    name = "unsaved_changes"
    overlay = True

    def __init__(self, app: App, what: str, done: Callable[[str], None]):
        super().__init__(app)
        self.panel = pygame.Rect(0, 0, 10, 10)
        self.title, self.text, self.answers, self.done = TITLE, question(what), list(ANSWERS), done

    def build(self) -> None:
        self.widgets = {}
        px = self.px
        w, h = self.app.size
        pw, ph = min(w - px(40), px(560)), min(h - px(40), px(230))
        self.panel = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        p = self.panel
        common.label(self, "title", pygame.Rect(p.x, p.y + px(10), p.w, px(34)), self.title, "@heading")
        common.text_box(self, "text", pygame.Rect(p.x + px(16), p.y + px(50), p.w - px(32), p.h - px(120)),
                        common.esc(self.text))
        gap = px(8)
        bw = (p.w - px(32) - gap * (len(self.answers) - 1)) // len(self.answers)
        for i, (key, text) in enumerate(self.answers):
            common.button(self, f"answer:{key}", pygame.Rect(p.x + px(16) + i * (bw + gap), p.bottom - px(58), bw,
                                                             px(42)), text)

    def draw(self, surface: pygame.Surface) -> None:
        theme.modal_panel(surface, self.panel, self.px(8), theme.ACCENT)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for key, _ in self.answers:
                if event.ui_element is self.widgets.get(f"answer:{key}"):
                    self.answer(key)
                    return
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.answer("cancel")

    def answer(self, key: str) -> None:
        if self.app.top is self:
            self.app.pop()
        self.done(key)
