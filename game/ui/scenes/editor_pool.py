"""The map editor's widgets, made once and then only set: a pool by name, shared by the panels' layout code.

The widgets are made once per layout (window size, UI scale, side tab) and kept by name; when the state
changes, the same layout code runs again and only sets what differs (a text, a place, chosen or not, enabled
or not), showing the widgets it names and hiding the rest. A click never kills and remakes widgets, so
selecting a piece costs a few setters, not a panel of new widgets. Each button is given its command here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.ui import theme
from game.ui.scenes import common
from game.ui.scenes.editor_commands import Command, Field

if TYPE_CHECKING:
    from game.ui.scenes.editor import EditorScene


class WidgetPool:
    """The scene's widgets by name, kept across layout passes; what each button runs and each field sets."""

    def __init__(self, scene: EditorScene) -> None:
        self.scene = scene
        self.reset()

    def reset(self) -> None:
        """A new layout: every widget made anew."""
        self.pool: dict[str, pygame_gui.core.UIElement] = {}
        self._pool_cls: dict[str, str | None] = {}
        self._raw: dict[str, tuple] = {}  # what each button or label was last asked to show
        self.want_on: dict[str, bool] = {}
        self.commands: dict[str, Command] = {}  # widget key -> what a click on it runs
        self.fields: dict[str, Field] = {}  # widget key -> the text field it is
        self._areas: dict[pygame_gui.elements.UIScrollingContainer, tuple[int, int]] = {}

    def start_pass(self) -> None:
        """A layout pass begins: it names the widgets it shows (and their commands) anew."""
        self.scene.widgets = {}
        self.want_on = {}
        self.commands = {}
        self.fields = {}

    def settle(self) -> None:
        """After a layout pass: enabled as asked, the widgets it named shown, every other one hidden."""
        widgets = self.scene.widgets
        for key, on in self.want_on.items():
            el = widgets[key]
            if el.is_enabled != on:
                el.enable() if on else el.disable()
        for key, el in self.pool.items():
            if key in widgets:
                if not el.visible:
                    el.show()
            elif el.visible:
                if getattr(el, "is_focused", False):
                    self.scene.manager.set_focus_set(None)
                el.hide()

    def hide_unused(self) -> None:
        """The pooled widgets this layout does not show stay hidden (a scene shown again shows everything)."""
        for key, el in self.pool.items():
            if key not in self.scene.widgets and el.visible:
                el.hide()

    def reuse(self, key: str, kind: type, rect: pygame.Rect, cls: str | None = None) -> Any:
        """The pooled widget ``key`` moved to ``rect`` if it is of this kind, class and container; else None
        (the caller makes it; one of another kind or container is killed first)."""
        el = self.pool.get(key)
        if el is None:
            return None
        if (type(el) is not kind or self._pool_cls.get(key) != cls or not el.alive()
                or el.ui_container is not common.parent(self.scene).get_container()):
            self.forget(key)
            return None
        if el.relative_rect.topleft != rect.topleft:
            el.set_relative_position(rect.topleft)
        if el.relative_rect.size != rect.size:
            el.set_dimensions(rect.size)
        self.scene.widgets[key] = el
        self.want_on[key] = True
        return el

    def forget(self, key: str) -> None:
        el = self.pool.pop(key, None)
        self._pool_cls.pop(key, None)
        self._raw.pop(key, None)
        if el is not None:
            el.kill()

    def made(self, key: str, el: Any, cls: str | None = None) -> Any:
        self.pool[key] = el
        self._pool_cls[key] = cls
        self.want_on[key] = True
        return el

    def disable(self, key: str) -> None:
        if key in self.want_on:
            self.want_on[key] = False

    def button(self, key: str, rect: pygame.Rect, text: str, tip: str | None = None, short: str | None = None,
               command: Command | None = None) -> pygame_gui.elements.UIButton:
        """The button ``key`` showing ``text``; a click on it runs ``command``."""
        if command is not None:
            self.commands[key] = command
        el = self.reuse(key, pygame_gui.elements.UIButton, rect)
        raw = (text, tip, short, el.rect.size if el is not None else None)
        if el is None:
            el = self.made(key, common.button(self.scene, key, rect, text, tip))
            if short is not None:
                _shorten(el, short)
            self._raw[key] = (text, tip, short, el.rect.size)
            return el
        if self._raw.get(key) == raw:  # as it was: nothing to set
            return el
        self._raw[key] = raw
        _set_text(el, text, short)
        el.tool_tip_text = common.tip_text(tip)
        return el

    def label(self, key: str, rect: pygame.Rect, text: str, cls: str | None = None, align: str | None = None,
              tip: str | None = None, short: str | None = None) -> pygame_gui.elements.UILabel:
        el = self.reuse(key, pygame_gui.elements.UILabel, rect, cls)
        raw = (text, tip, short, el.rect.size if el is not None else None)
        if el is not None and self._raw.get(key) == raw:
            return el
        if el is None:  # made with the short form, which fits where the whole may not (a large UI scale)
            el = self.made(key, common.label(self.scene, key, rect, text if short is None else short, cls), cls)
            self._raw[key] = (text, tip, short, el.rect.size)
            if align is not None or tip is not None:
                if align is not None:
                    el.text_horiz_alignment = align
                if tip is not None:
                    el.tool_tip_text = tip
                el.rebuild()
            if short is not None:
                _set_text(el, text, short)  # the whole text where it fits
            return el
        self._raw[key] = raw
        _set_text(el, text, short)
        return el

    def set_area(self, scroll: pygame_gui.elements.UIScrollingContainer, size: tuple[int, int]) -> None:
        """A scrolling container's area, set only when it changes."""
        if self._areas.get(scroll) != size:
            scroll.set_scrollable_area_dimensions(size)
            self._areas[scroll] = size

    def head(self, key: str, rect: pygame.Rect, text: str) -> None:
        self.label(key, rect, text, "@small", align="left")

    def note(self, key: str, rect: pygame.Rect, paragraphs: tuple) -> pygame_gui.elements.UIImage:
        """A block of text drawn by the editor as one picture (a text box parses and lays out its markup on every
        change, a frame's budget): paragraphs of (text, colour or None, bold) runs."""
        scene = self.scene
        image = note_image(rect.size, paragraphs, scene.px(12), scene.px(5))
        el = self.reuse(key, pygame_gui.elements.UIImage, rect)
        if el is None:
            el = pygame_gui.elements.UIImage(rect, image, scene.manager, container=common.parent(scene))
            scene.widgets[key] = el
            self._raw[key] = (paragraphs, rect.size)
            return self.made(key, el)
        if self._raw.get(key) != (paragraphs, rect.size):
            self._raw[key] = (paragraphs, rect.size)
            el.set_image(image)
        el.text = " ".join(t for para in paragraphs for t, _c, _b in para)  # what it says, for tests and tools
        return el

    def entry(self, key: str, rect: pygame.Rect, text: str, limit: int, field: Field,
              allowed: str | None = None) -> pygame_gui.elements.UITextEntryLine:
        """The text field ``key`` (the editor's ``field``) showing ``text``."""
        self.fields[key] = field
        entry = self.reuse(key, pygame_gui.elements.UITextEntryLine, rect)
        if entry is not None:
            if entry.get_text() != text:
                entry.set_text(text)
            return entry
        entry = pygame_gui.elements.UITextEntryLine(rect, self.scene.manager, container=common.parent(self.scene),
                                                    initial_text=text)
        entry.set_text_length_limit(limit)
        if allowed is not None:
            entry.set_allowed_characters([*allowed])
        self.scene.widgets[key] = entry
        return self.made(key, entry)


_NOTES: dict[tuple, pygame.Surface] = {}


def note_image(size: tuple[int, int], paragraphs: tuple, font_px: int, pad: int) -> pygame.Surface:
    """Paragraphs of (text, colour, bold) runs word-wrapped into a box of ``size`` as a text box shows them
    (its background and border), cut with "…" where they run out of room. Kept per text and size."""
    key = (size, paragraphs, font_px, pad)
    if key in _NOTES:
        return _NOTES[key]
    if len(_NOTES) > 64:
        _NOTES.clear()
    w, h = size
    surf = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    surf.fill((31, 34, 38))  # the theme's text box: dark_bg and border
    pygame.draw.rect(surf, (85, 91, 102), surf.get_rect(), 1)
    fonts = {False: theme.font(font_px), True: theme.font(font_px, bold=True)}
    line_h = fonts[False].get_linesize()
    room = w - 2 * pad
    x, y = pad, pad
    last = h - pad - line_h  # the top of the last line that fits
    full = False
    for n, para in enumerate(paragraphs):
        if n:
            x, y = pad, y + line_h + (line_h // 2)
        for text, colour, bold in para:
            f = fonts[bold]
            words = theme.displayable(text).replace("\n", " ").split(" ")
            for i, word in enumerate(words):
                piece = word + (" " if i < len(words) - 1 else "")  # a run goes on where the last one ended
                if not piece:
                    continue
                pw = f.size(piece)[0]
                if x + pw > pad + room and x > pad:
                    x, y = pad, y + line_h
                if y > last:
                    full = True
                    break
                surf.blit(f.render(piece, True, colour or theme.INK), (x, y))
                x += pw
            if full:
                break
        if full:
            break
    if full:  # more than the box holds: say so at the end of the last line
        dots = fonts[False].render("…", True, theme.INK)
        surf.fill((31, 34, 38), (w - pad - dots.get_width() - 2, last, dots.get_width() + 2, line_h))
        surf.blit(dots, (w - pad - dots.get_width(), last))
    _NOTES[key] = surf
    return surf


def chosen(el: pygame_gui.elements.UIButton, on: bool) -> None:
    """Chosen or not, set only when it changes."""
    if el.is_selected != on:
        common.select(el, on)


def _fits(el: pygame_gui.elements.UIButton | pygame_gui.elements.UILabel, text: str) -> bool:
    font = getattr(el, "font", None)
    return font is None or font.size(text)[0] <= el.rect.width - 6


def _shorten(el: pygame_gui.elements.UIButton | pygame_gui.elements.UILabel, short: str) -> None:
    """Show ``short`` where the widget's text is wider than the widget (a large UI scale in a narrow panel)."""
    if not _fits(el, el.text):
        el.set_text(short)


def _set_text(el: pygame_gui.elements.UIButton | pygame_gui.elements.UILabel, text: str, short: str | None) -> None:
    """A kept widget shows a new text (its short form where the whole does not fit); unchanged, nothing is done."""
    text = theme.drawable(text, common.TEXT_CAP, lines=False)
    if short is not None and not _fits(el, text):
        text = short
    if el.text != text:
        el.set_text(text)
