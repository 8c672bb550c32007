"""The party builder's mouse and keyboard: clicks on the drawn panels and presses of its buttons turned into
their typed commands (``builder_commands``), the wheel, typing in the text fields, the hovered button's tip,
and the shortcuts.

Part of BuilderScene (game/ui/scenes/builder.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.builder.document import Refused
from game.ui.scenes.builder_commands import Command

if TYPE_CHECKING:
    from game.ui.scenes.builder import BuilderScene


class BuilderInput:
    """Turns the builder's events into commands and edits; a refused edit is said in the status line."""

    def __init__(self, scene: BuilderScene):
        self.scene = scene

    def handle(self, event: pygame.event.Event) -> None:
        s = self.scene
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.run(next((c for v in s.drawn() if (c := v.command_at(event.pos)) is not None), None))
        elif event.type == pygame.MOUSEWHEEL:
            pos = pygame.mouse.get_pos()
            for view in (s.model_view, s.totals_view, s.editor_view):
                if view.rect.collidepoint(pos):
                    view.scroll_by(-event.y * s.px(40))
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            self.typed(event.ui_element, event.text)
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.run(s.layout.command_of(event.ui_element))
        elif event.type == pygame_gui.UI_BUTTON_ON_HOVERED:
            s.hover_tip = s.layout.tips.get(event.ui_element, "")
        elif event.type == pygame_gui.UI_BUTTON_ON_UNHOVERED and s.layout.tips.get(event.ui_element) == s.hover_tip:
            s.hover_tip = ""
        elif event.type == pygame.KEYDOWN:
            self.key(event)

    def run(self, command: Command | None) -> None:
        if command is None:
            return
        try:
            self.scene.run(command)
        except Refused as exc:
            self.scene.say(str(exc), bad=True)

    def key(self, event: pygame.event.Event) -> None:
        """Esc leaves (asking first); Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y redo, Ctrl+S saves."""
        ctrl = event.mod & pygame.KMOD_CTRL
        if event.key == pygame.K_ESCAPE:
            self.scene.files.leave()
        elif ctrl and event.key == pygame.K_z:
            self.scene.undo(redo=bool(event.mod & pygame.KMOD_SHIFT))
        elif ctrl and event.key == pygame.K_y:
            self.scene.undo(redo=True)
        elif ctrl and event.key == pygame.K_s:
            self.scene.files.save()

    def typed(self, element: object, text: str) -> None:
        """Typing in a text field: the party's name, the chosen model's name or notes, or the new weapon's name."""
        s = self.scene
        w = s.widgets
        if element is w.get("weapon_name"):
            s.weapon_name = text
            return
        try:
            if element is w.get("name"):
                s.doc.set_party("name", text, typing=True)
                s.refresh()
            elif element is w.get("model_name") and s.selected >= 0:
                s.doc.set_model(s.selected, "name", text, typing=True)
                s.refresh()
            elif element is w.get("notes") and s.selected >= 0:
                s.doc.set_model(s.selected, "notes", text, typing=True)
                s.refresh()
        except Refused as exc:
            s.say(str(exc), bad=True)
