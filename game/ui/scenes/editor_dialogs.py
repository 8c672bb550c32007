"""The map editor's dialogs: open a map (shipped, the player's, drafts with their problems) and "unsaved
changes?" before the map is closed. Both are overlays over the editor and hand their answer back by a
callback, so the editor scene keeps every decision.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
import pygame_gui

from game.core.errors import ContentError
from game.editor import files
from game.editor.document import load_state
from game.editor.problems import check
from game.ui import theme
from game.ui.app import App, Scene
from game.ui.scenes import common


class _Dialog(Scene):
    overlay = True

    def __init__(self, app: App):
        super().__init__(app)
        self.panel = pygame.Rect(0, 0, 10, 10)

    def draw(self, surface: pygame.Surface) -> None:
        theme.modal_panel(surface, self.panel, self.px(8), theme.ACCENT)

    def close(self) -> None:
        if self.app.top is self:
            self.app.pop()


class ConfirmDialog(_Dialog):
    """A question with a few answers (e.g. Save / Discard / Cancel); Esc is the last answer."""

    name = "editor_confirm"

    def __init__(self, app: App, title: str, text: str, answers: list[tuple[str, str]],
                 done: Callable[[str], None]):
        super().__init__(app)
        self.title, self.text, self.answers, self.done = title, text, answers, done

    def build(self) -> None:
        self.widgets = {}
        w, h = self.app.size
        pw, ph = min(w - self.px(40), self.px(560)), min(h - self.px(40), self.px(230))
        self.panel = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        p = self.panel
        common.label(self, "title", pygame.Rect(p.x, p.y + self.px(10), p.w, self.px(34)), self.title, "@heading")
        common.text_box(self, "text", pygame.Rect(p.x + self.px(16), p.y + self.px(50), p.w - self.px(32),
                                                  p.h - self.px(120)), common.esc(self.text))
        bw, gap = (p.w - self.px(32) - self.px(8) * (len(self.answers) - 1)) // len(self.answers), self.px(8)
        for i, (key, text) in enumerate(self.answers):
            common.button(self, f"answer:{key}", pygame.Rect(p.x + self.px(16) + i * (bw + gap),
                                                             p.bottom - self.px(58), bw, self.px(42)), text)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for key, _ in self.answers:
                if event.ui_element is self.widgets.get(f"answer:{key}"):
                    self.answer(key)
                    return
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.answer(self.answers[-1][0])

    def answer(self, key: str) -> None:
        self.close()
        self.done(key)


class OpenDialog(_Dialog):
    """Every map the editor can open, shipped first; a draft is listed with its number of problems."""

    name = "editor_open"

    def __init__(self, app: App, mods: Path | None, done: Callable[[Path], None]):
        super().__init__(app)
        self.mods, self.done = mods, done
        self.items: list[tuple[str, Path, str]] = []
        names: list[str] = []
        for origin, path in files.listing(mods):
            try:
                state = load_state(path)
                name, problems = state.name, len(check(state))
            except ContentError as exc:  # an unreadable file is listed, with why, and cannot be opened
                why = exc.problems[0].message if exc.problems else "cannot be read"
                name, problems = f"{path.name} (cannot be opened: {why})", -1
            except Exception as exc:  # a bug of ours: still listed, never a crash
                name, problems = f"{path.name} (cannot be opened: {type(exc).__name__})", -1
            note = {"game": "shipped — saved as a copy", "mod": "your map", "draft": "draft"}[origin]
            if problems > 0:
                note += f", {problems} problem(s)"
            self.items.append((f"{origin}:{path.stem}", path, f"{name}  ({note})" if problems >= 0 else name))
            names.append(name.strip().casefold() if problems >= 0 else "")
        # two maps with one name cannot be told apart in the set-up: each is marked, with its file
        self.items = [(k, path, f"{text}  — ANOTHER MAP HAS THIS NAME ({path.name})"
                       if names[i] and names.count(names[i]) > 1 else text)
                      for i, (k, path, text) in enumerate(self.items)]
        self.chosen: str | None = None

    def build(self) -> None:
        self.widgets = {}
        w, h = self.app.size
        pw, ph = min(w - self.px(40), self.px(640)), min(h - self.px(40), self.px(520))
        self.panel = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        p = self.panel
        common.label(self, "title", pygame.Rect(p.x, p.y + self.px(10), p.w, self.px(34)), "Open a map", "@heading")
        rect = pygame.Rect(p.x + self.px(16), p.y + self.px(50), p.w - self.px(32), p.h - self.px(120))
        self.buttons = common.choice_list(self, "file", rect, [(k, text) for k, _, text in self.items], self.chosen)
        bw = self.px(150)
        common.button(self, "open", pygame.Rect(p.right - 2 * bw - self.px(24), p.bottom - self.px(58), bw,
                                                self.px(42)), "Open")
        common.button(self, "cancel", pygame.Rect(p.right - bw - self.px(16), p.bottom - self.px(58), bw,
                                                  self.px(42)), "Cancel")
        if self.chosen is None:
            self.widgets["open"].disable()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element in self.buttons:
                key = self.buttons[event.ui_element]
                if self.chosen == key:  # a second click on the same file opens it
                    self.open()
                    return
                self.chosen = key
                self.rebuild()
            elif event.ui_element is self.widgets.get("open"):
                self.open()
            elif event.ui_element is self.widgets.get("cancel"):
                self.close()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.open()

    def open(self) -> None:
        path = next((p for k, p, _ in self.items if k == self.chosen), None)
        if path is None:
            return
        self.close()
        self.done(path)


class NameDialog(_Dialog):
    """Save as: the map's name asked for (prefilled), the file name made from it shown as it is typed."""

    name = "editor_save_as"

    def __init__(self, app: App, name: str, file_for: Callable[[str], str], taken: Callable[[str], str | None],
                 done: Callable[[str], None]):
        super().__init__(app)
        self.text, self.file_for, self.taken, self.done = name, file_for, taken, done

    def build(self) -> None:
        self.widgets = {}
        w, h = self.app.size
        px = self.px
        pw, ph = min(w - px(40), px(560)), min(h - px(40), px(250))
        self.panel = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        p = self.panel
        common.label(self, "title", pygame.Rect(p.x, p.y + px(10), p.w, px(34)), "Save as a new map", "@heading")
        entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(p.x + px(16), p.y + px(54), p.w - px(32), px(32)),
                                                    self.manager, container=self.root, initial_text=self.text)
        entry.set_text_length_limit(60)
        self.widgets["name"] = entry
        self.manager.set_focus_set(entry)
        entry.edit_position = len(self.text)  # typing goes on at the end
        self.note = common.label(self, "file", pygame.Rect(p.x + px(16), p.y + px(92), p.w - px(32), px(48)), "",
                                 "@small")
        self._note()
        bw = px(150)
        common.button(self, "ok", pygame.Rect(p.right - 2 * bw - px(24), p.bottom - px(58), bw, px(42)), "Save")
        common.button(self, "cancel", pygame.Rect(p.right - bw - px(16), p.bottom - px(58), bw, px(42)), "Cancel")

    def _note(self) -> None:
        name = self.text.strip()
        clash = self.taken(name) if name else None
        note = f"File: {self.file_for(name)}" if name else "Type the map's name"
        if clash:
            note += f"  — another map is already named so ({clash})"
        self.note.set_text(note)
        if "ok" in self.widgets:
            self.widgets["ok"].enable() if name else self.widgets["ok"].disable()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.widgets.get("name"):
            self.text = event.text
            self._note()
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.widgets.get("name"):
            self.text = event.text
            self.ok()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.widgets.get("ok"):
                entry = self.widgets["name"]
                assert isinstance(entry, pygame_gui.elements.UITextEntryLine)
                self.text = entry.get_text()
                self.ok()
            elif event.ui_element is self.widgets.get("cancel"):
                self.close()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()

    def ok(self) -> None:
        name = self.text.strip()
        if not name:
            return
        self.close()
        self.done(name)
