"""A question that guards an action a player cannot take back (leave a battle, delete a file).

An overlay over the scene that asked: the answer "yes" runs the action, anything else (the other
button, Esc, a click outside the box) returns to that scene exactly as it was.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui

from game.ui import theme
from game.ui.app import App, Scene
from game.ui.scenes import common


class Dialog(Scene):
    """A box in the middle of the window over the shaded scene below: the frame of a question."""

    overlay = True
    size = (520, 230)  # at 100 % UI scale

    def __init__(self, app: App):
        super().__init__(app)
        self.box = pygame.Rect(0, 0, 0, 0)

    def place_box(self) -> pygame.Rect:
        w, h = self.app.size
        bw, bh = min(w - self.px(20), self.px(self.size[0])), min(h - self.px(20), self.px(self.size[1]))
        self.box = pygame.Rect((w - bw) // 2, (h - bh) // 2, bw, bh)
        return self.box

    def draw(self, surface: pygame.Surface) -> None:
        theme.modal_panel(surface, self.box, self.px(6), theme.ACCENT)


class ConfirmScene(Dialog):
    name = "confirm"

    def __init__(self, app: App, title: str, text: str, yes: str, no: str, on_yes: Callable[[], None],
                 other: tuple[str, Callable[[], None]] | None = None):
        """``other``: a third answer (label, action), e.g. the battle menu's "Save…"."""
        super().__init__(app)
        self.title, self.text, self.yes, self.no = title, text, yes, no
        self.on_yes = on_yes
        self.other = other

    def build(self) -> None:
        self.widgets = {}
        bw, bh = self.place_box().size
        m, row = self.px(14), self.px(44)
        common.label(self, "title", pygame.Rect(self.box.x + m, self.box.y + m, bw - 2 * m, self.px(34)),
                     self.title, "@heading")
        common.text_box(self, "text", pygame.Rect(self.box.x + m, self.box.y + m + self.px(40), bw - 2 * m,
                                                  bh - 2 * m - self.px(40) - row - m), common.esc(self.text))
        answers = [("yes", self.yes)] + ([("other", self.other[0])] if self.other else []) + [("no", self.no)]
        each = (bw - (len(answers) + 1) * m) // len(answers)
        y = self.box.bottom - m - row
        for i, (key, text) in enumerate(answers):
            common.button(self, key, pygame.Rect(self.box.x + m + i * (each + m), y, each, row), text, None,
                          "@big_button")

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.widgets.get("yes"):
            self.app.pop()
            self.on_yes()
        elif self.other and event.type == pygame_gui.UI_BUTTON_PRESSED and \
                event.ui_element is self.widgets.get("other"):
            self.app.pop()
            self.other[1]()
        elif self._declined(event):
            self.app.pop()

    def _declined(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return event.ui_element is self.widgets.get("no")
        if event.type == pygame.KEYDOWN:
            return event.key == pygame.K_ESCAPE
        return event.type == pygame.MOUSEBUTTONUP and event.button == 1 and not self.box.collidepoint(event.pos)
