"""Answer buttons whose text wraps: a long answer (a spell and what it does) is read whole, never cut.

pygame_gui 0.6 draws a button's text on one line, so a long answer is a button without text, as tall
as its lines, with a label per line laid over it that lets the mouse through to the button.
"""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.ui import theme
from game.ui.battle.cards import wrap

LINE_CLASS = "@option_line"
MUTED_LINE_CLASS = "@option_line_muted"


class LineLabel(pygame_gui.elements.UILabel):
    """A line of an answer's text: drawn over its button, never hovered or clicked itself."""

    def hover_point(self, hover_x: float, hover_y: float) -> bool:
        return False

    def process_event(self, event: pygame.event.Event) -> bool:
        return False


def button_font_px(scale: float) -> int:
    """The size of the buttons' font at a UI scale (theme.gui_theme: 14 px at 100 %)."""
    return round(14 * scale)


def text_fits(label: str, width: int, scale: float) -> bool:
    """Does one line of button text fit a button ``width`` pixels wide (its border and padding left out)?"""
    return theme.font(button_font_px(scale)).size(label)[0] <= width - 24


def add_option(manager: pygame_gui.UIManager, container, x: int, y: int, width: int, min_height: int, label: str,
               scale: float, tip: str | None = None, class_id: str | None = None,
               ) -> tuple[pygame_gui.elements.UIButton, list[LineLabel]]:
    """A button at (x, y) ``width`` wide holding ``label``: one line when it fits, else wrapped at spaces."""
    font = theme.font(button_font_px(scale))
    oid = ObjectID(class_id=class_id) if class_id else None
    if text_fits(label, width, scale):
        button = pygame_gui.elements.UIButton(pygame.Rect(x, y, width, max(min_height, font.get_linesize() + 6)),
                                              label, manager, container=container, tool_tip_text=tip, object_id=oid)
        return button, []
    lines = wrap(label, button_font_px(scale), False, width - 40)  # (pygame_gui measures a little wider)
    line_h = font.get_linesize()
    height = max(min_height, line_h * len(lines) + 10)
    button = pygame_gui.elements.UIButton(pygame.Rect(x, y, width, height), "", manager, container=container,
                                          tool_tip_text=tip, object_id=oid)
    top = y + (height - line_h * len(lines)) // 2
    line_class = MUTED_LINE_CLASS if class_id == "@not_yet" else LINE_CLASS  # (greyed like its button)
    labels = [LineLabel(pygame.Rect(x + 12, top + i * line_h, width - 20, line_h), line, manager,
                        container=container, object_id=ObjectID(class_id=line_class))
              for i, line in enumerate(lines)]
    return button, labels
