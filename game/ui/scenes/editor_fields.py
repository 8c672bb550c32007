"""The map editor's text fields: a field commits when it loses the focus (Tab, a click elsewhere, Ctrl+S), not
only on Enter, and keeps the focus across a rebuild of the panels; a commit is a `Typed` command, run here as
one command on the session (one undo step). A part of EditorScene.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame_gui

from game.editor import commands as cmd
from game.editor import transform as tf
from game.ui.scenes.editor_commands import Field, Typed

if TYPE_CHECKING:
    from game.ui.scenes.editor import EditorScene

Entry = pygame_gui.elements.UITextEntryLine


class TextFields:
    """The focus of the editor's text fields, and what a committed field does."""

    def __init__(self, scene: EditorScene) -> None:
        self.scene = scene
        self.focused: dict[str, tuple[Entry, list[int]]] = {}  # field key -> (field, the selection it edits)

    def typing(self) -> bool:
        focus = self.scene.manager.get_focus_set() or set()
        return any(isinstance(el, Entry) for el in focus)

    def unfocus(self) -> None:
        """No field focused (a click on the table, a save): the one that was commits."""
        scene = self.scene
        focus = list(scene.manager.get_focus_set() or set())
        for el in focus:
            if isinstance(el, Entry):
                key = next((k for k, v in scene.widgets.items() if v is el), None)
                if key is not None and key not in self.focused:
                    self.focused[key] = (el, sorted(scene.session.selection))
        if any(isinstance(el, Entry) for el in focus):
            scene.manager.set_focus_set(None)  # the manager forgets it too: a later click focuses it again
        self.watch()

    def watch(self) -> None:
        """A text field commits when it loses the focus (Tab, a click anywhere else), not only on Enter."""
        scene = self.scene
        if any(getattr(el, "held", False) for el in scene.widgets.values()):
            return  # a button is half-pressed: commit after its click, or the rebuild would swallow it
        now = {k: el for k, el in scene.widgets.items() if isinstance(el, Entry) and el.is_focused}
        for key, (el, sel) in list(self.focused.items()):
            if now.get(key) is not el:
                del self.focused[key]
                self.finished(el, el.get_text(), key, sel)
        for key, el in now.items():
            if key not in self.focused:
                self.focused[key] = (el, sorted(scene.session.selection))

    def tab(self, back: bool) -> None:
        """Tab and Shift+Tab: the next or previous text field (committing this one)."""
        entries = [el for el in self.scene.widgets.values() if isinstance(el, Entry) and el.is_enabled and el.visible]
        if not entries:
            return
        cur = next((i for i, el in enumerate(entries) if el.is_focused), -1)
        nxt = entries[(cur + (-1 if back else 1)) % len(entries)]
        self.scene.manager.set_focus_set(nxt)
        self.watch()

    def before_rebuild(self) -> list[str]:
        """The fields focused before the widgets are made again."""
        focused = [k for k, (el, _sel) in self.focused.items() if el.is_focused]
        self.focused = {}
        return focused

    def after_rebuild(self, focused: list[str]) -> None:
        """The text field that had the focus focused again (Tab, a commit)."""
        scene = self.scene
        for key in focused[:1]:
            el = scene.widgets.get(key)
            if isinstance(el, Entry) and el.is_enabled:
                scene.manager.set_focus_set(el)
                self.focused[key] = (el, sorted(scene.session.selection))

    def after_refresh(self) -> None:
        """The panels followed the state: a field keeps the focus and now edits the new selection."""
        scene = self.scene
        sel = sorted(scene.session.selection)
        self.focused = {k: (el, sel) for k, (el, _old) in self.focused.items()
                        if scene.widgets.get(k) is el and el.is_focused}

    def finished(self, el: pygame_gui.core.UIElement, text: str, key: str | None = None,
                 sel: list[int] | None = None) -> None:
        """The field ``el`` (named ``key``) committed ``text`` for the selection ``sel``: its Typed command."""
        scene = self.scene
        s = scene.session
        if key is None:
            key = next((k for k, v in scene.widgets.items() if v is el), None)
        if sel is None:
            sel = sorted(s.selection)
        field = scene.panels.pool.fields.get(key) if key is not None else None
        if field is not None:
            scene.do(Typed(field, text.strip(), tuple(u for u in sel if s.state.get(u) is not None)))

    def commit(self, typed: Typed) -> None:
        s = self.scene.session
        text, sel = typed.text, list(typed.sel)
        match typed.field:
            case Field.NAME:
                if text and text != s.state.name:
                    s.do(cmd.SetMeta(name=text))
            case Field.DESCRIPTION:
                if text != s.state.description:
                    s.do(cmd.SetMeta(description=text))
            case Field.ID:
                if sel and text:
                    s.do(cmd.SetProperty(sel[:1], "id", text))
            case Field.STYLE:
                if sel:
                    s.do(cmd.SetProperty(sel, "style", text or None))
            case Field.CROSS_COST:
                self._cross_cost(text, sel)
            case Field.WALL_WIDTH:
                self._wall_width(text)
            case _:
                if sel:
                    self._geometry(typed.field, text, sel)

    def _cross_cost(self, text: str, sel: list[int]) -> None:
        if not sel:
            return
        try:
            value = float(text) if text else None
        except ValueError:
            self.scene.message = f"the crossing cost must be a number of inches, not '{text}'"
            return
        self.scene.session.do(cmd.SetProperty(sel, "cross_cost", value))

    def _wall_width(self, text: str) -> None:
        try:
            self.scene.wall_width = max(0.1, min(6.0, float(text)))
        except ValueError:
            self.scene.message = f"the wall width must be a number of inches, not '{text}'"

    def _geometry(self, field: Field, text: str, sel: list[int]) -> None:
        """A typed position, size or turn of the selection: one command, one undo step."""
        scene = self.scene
        s = scene.session
        try:
            value = float(text)
        except ValueError:
            if text:
                scene.message = f"type a number, not '{text}'"
            return
        x0, y0, x1, y1 = tf.bounds([p.polygon for u in sel if (p := s.state.get(u)) is not None])
        if field in (Field.X, Field.Y):
            dx, dy = (value - x0, 0.0) if field == Field.X else (0.0, value - y0)
            if abs(dx) + abs(dy) > 1e-6:
                s.do(cmd.MovePieces(sel, dx, dy))
        elif field in (Field.W, Field.H):
            old = x1 - x0 if field == Field.W else y1 - y0
            if value <= 0.05 or old <= 1e-9:
                scene.message = "a size must be more than 0.05″"
                return
            if abs(value - old) > 1e-6:
                f = value / old
                s.do(cmd.ScalePieces(sel, f if field == Field.W else 1.0, f if field == Field.H else 1.0, (x0, y0)))
        elif field == Field.ANGLE and abs(value) > 1e-6:
            s.do(cmd.RotatePieces(sel, value, ((x0 + x1) / 2, (y0 + y1) / 2)))
            scene.panels.shown_key = None  # the turn field goes back to 0
