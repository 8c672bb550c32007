"""Saving a battle under a name (Ctrl+S in a battle): a name box, Save and Cancel.

The battle is already autosaved after every decision; a named save is a copy kept beside it,
listed on the Load screen. An existing save of the same name is replaced only when the
player says so.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui

from game.core.errors import os_problem
from game.core.names import MAX_NAME, name_problem, unseen_characters
from game.saves.store import slot_path
from game.ui import theme
from game.ui.app import App
from game.ui.scenes import common
from game.ui.scenes.confirm import Dialog
from game.ui.session import SaveProblem


class SaveAsScene(Dialog):
    name = "save_as"
    size = (520, 250)

    def __init__(self, app: App, session, default_name: str):
        super().__init__(app)
        self.session = session
        self.text = default_name
        self.message: str | None = None
        self.confirm_replace = False
        self.saved_to: Path | None = None

    def build(self) -> None:
        self.widgets = {}
        bw, bh = self.place_box().size
        m, row = self.px(14), self.px(44)
        common.label(self, "title", pygame.Rect(self.box.x + m, self.box.y + m, bw - 2 * m, self.px(34)),
                     "Save the battle", "@heading")
        entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(self.box.x + m, self.box.y + m + self.px(44), bw - 2 * m, self.px(36)), self.manager,
            container=self.root,
            initial_text=theme.drawable(self.text, MAX_NAME, lines=False))
        entry.set_text_length_limit(min(60, MAX_NAME))
        # typed invisible characters draw nothing: refused (pygame_gui declares a list but only tests membership)
        entry.forbidden_characters = unseen_characters()  # type: ignore[assignment]
        entry.focus()
        self.widgets["name"] = entry
        note = self.message or f"The save will go in {slot_path(self.text or 'save').parent}"
        common.text_box(self, "note", pygame.Rect(self.box.x + m, self.box.y + m + self.px(88), bw - 2 * m,
                                                  bh - 2 * m - self.px(88) - row - m), common.esc(note), "@small")
        half = (bw - 3 * m) // 2
        y = self.box.bottom - m - row
        common.button(self, "save", pygame.Rect(self.box.x + m, y, half, row),
                      "Replace it" if self.confirm_replace else "Save", None, "@big_button")
        common.button(self, "cancel", pygame.Rect(self.box.x + 2 * m + half, y, half, row), "Cancel", None,
                      "@big_button")

    def handle(self, event: pygame.event.Event) -> None:
        el = getattr(event, "ui_element", None)
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and el is self.widgets.get("name"):
            self.text, self.confirm_replace = event.text, False
        elif event.type in (pygame_gui.UI_TEXT_ENTRY_FINISHED, pygame_gui.UI_BUTTON_PRESSED) and \
                el in (self.widgets.get("name"), self.widgets.get("save")):
            self.save()
        elif (event.type == pygame_gui.UI_BUTTON_PRESSED and el is self.widgets.get("cancel")) or \
                (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.app.pop()

    def save(self) -> None:
        name = self.text.strip()
        why = name_problem(name, "the name") if name else "Give the save a name."
        if why:  # checked where it is typed, as where it is read: a name the Load screen can show
            self.message = why[0].upper() + why[1:] + ("" if why.endswith(".") else ".")
            self.rebuild()
            return
        path = slot_path(name)
        if path.exists() and not self.confirm_replace:
            self.message, self.confirm_replace = f"A save named {path.stem} exists. Replace it?", True
            self.rebuild()
            return
        try:
            self.session.save_to(path, name=name)
        except OSError as exc:
            self.message = f"Not saved: {os_problem(exc)}"
            self.rebuild()
            return
        except SaveProblem as exc:
            self.message = f"Not saved: {exc}"
            self.rebuild()
            return
        self.saved_to = path
        self.app.pop()
        told = next((s for s in reversed(self.app.scenes) if hasattr(s, "flash")), None)
        if told is not None:  # the battle says it is done (and where to find it)
            told.flash(f"Saved as “{name}”: Load on the main menu opens it.", bad=False, seconds=4.0)
