"""The map editor's input: each event routed to its part (the mouse on the table, a text field, a button's
command), the modifier keys held, and the keyboard shortcuts as typed commands (tables of commands, run by the
scene's ``do``). A part of EditorScene.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.ui.scenes.editor_commands import Command, EditAct, FileAct, Nudge, PickTool, Reorder, ViewAct
from game.ui.scenes.editor_panels import TOOLS

if TYPE_CHECKING:
    from game.ui.scenes.editor import EditorScene

_MODIFIERS = (pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LALT, pygame.K_RALT)
# Ctrl+key -> its command (the Shift variant second)
_CTRL_KEYS: dict[int, tuple[Command, Command]] = {
    pygame.K_z: (EditAct.UNDO, EditAct.REDO),
    pygame.K_y: (EditAct.REDO, EditAct.REDO),
    pygame.K_c: (EditAct.COPY, EditAct.COPY),
    pygame.K_v: (EditAct.PASTE, EditAct.PASTE),
    pygame.K_d: (EditAct.DUPLICATE, EditAct.DUPLICATE),
    pygame.K_s: (FileAct.SAVE, FileAct.SAVE_AS),
    pygame.K_n: (FileAct.NEW, FileAct.NEW),
    pygame.K_g: (FileAct.GENERATE, FileAct.GENERATE),
    pygame.K_o: (FileAct.OPEN, FileAct.OPEN),
    pygame.K_a: (EditAct.SELECT_ALL, EditAct.SELECT_ALL),
}
# a plain key -> its command; the arrows nudge, the tool hotkeys pick a tool
_PLAIN_KEYS: dict[int, Command] = {
    pygame.K_RETURN: EditAct.ENTER,
    pygame.K_KP_ENTER: EditAct.ENTER,
    pygame.K_ESCAPE: EditAct.ESCAPE,
    pygame.K_BACKSPACE: EditAct.BACKSPACE,
    pygame.K_DELETE: EditAct.DELETE,
    pygame.K_PAGEUP: Reorder(True),
    pygame.K_PAGEDOWN: Reorder(False),
    pygame.K_g: ViewAct.TOGGLE_GRID,
    pygame.K_f: ViewAct.FIT,
    **{hot: PickTool(key) for key, _t, hot, _tip in TOOLS},
}
_ARROWS: dict[int, tuple[int, int]] = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1),
                                       pygame.K_DOWN: (0, 1)}


def _mods() -> int:
    return pygame.key.get_mods()


def key_command(key: int, ctrl: bool, shift: bool) -> Command | None:
    """What a key pressed with these modifiers asks for (None: nothing)."""
    if ctrl:
        pair = _CTRL_KEYS.get(key)
        return None if pair is None else pair[1 if shift else 0]
    if key in _ARROWS:
        dx, dy = _ARROWS[key]
        return Nudge(dx, dy, inch=shift)
    return _PLAIN_KEYS.get(key)


class EditorInput:
    """Events to the part that takes them; keys to commands."""

    def __init__(self, scene: EditorScene) -> None:
        self.scene = scene
        self.keys_held = {"alt": False, "shift": False, "ctrl": False}
        self.retired: dict[pygame_gui.core.UIElement, str] = {}  # the widgets of the layout before a rebuild

    def handle(self, event: pygame.event.Event) -> None:
        scene = self.scene
        t = event.type
        if t == pygame_gui.UI_BUTTON_PRESSED:
            self._pressed(event.ui_element)
        elif t == pygame_gui.UI_TEXT_ENTRY_FINISHED:
            scene.fields.finished(event.ui_element, event.text)
        elif t in (pygame.KEYDOWN, pygame.KEYUP):
            self._keyboard(event)
        elif t == pygame.MOUSEMOTION:
            scene.mouse = tuple(event.pos)
            scene.table_mouse.motion(event)
        elif t == pygame.MOUSEBUTTONDOWN:
            scene.mouse = tuple(event.pos)
            if scene.table_rect.collidepoint(event.pos):
                scene.fields.unfocus()
                if event.button == 1:
                    scene.table_mouse.press(tuple(event.pos))
                elif event.button in (2, 3):
                    scene.drag = scene.drag or {"kind": "pan", "start": tuple(event.pos), "button": event.button,
                                                "moved": False, "origin": (scene.cam.ox, scene.cam.oy)}
        elif t == pygame.MOUSEBUTTONUP:
            scene.mouse = tuple(event.pos)
            scene.table_mouse.release(tuple(event.pos), event.button)
        elif t == pygame.MOUSEWHEEL and scene.table_rect.collidepoint(scene.mouse):
            scene.table_mouse.zoom(1.15 ** event.y, scene.mouse)

    def _keyboard(self, event: pygame.event.Event) -> None:
        """A key down or up: the modifiers; a shortcut, or (typing in a field) Tab and Ctrl+S."""
        scene = self.scene
        self._modifier(event)
        if event.type != pygame.KEYDOWN:
            return
        if not scene.fields.typing():
            self._key(event)
        elif event.key == pygame.K_TAB:
            scene.fields.tab(back=self.held("shift", event))
        elif event.key == pygame.K_s and self.held("ctrl", event):  # with the field being typed in
            scene.do(FileAct.SAVE_AS if self.held("shift", event) else FileAct.SAVE)

    def _pressed(self, el: pygame_gui.core.UIElement) -> None:
        """A button: its command (one pressed just before a rebuild still counts, by its name)."""
        scene = self.scene
        w = scene.widgets
        key = next((k for k, v in w.items() if v is el), None) or self.retired.get(el)
        if key is None or key not in w:
            return
        command = scene.panels.pool.commands.get(key)
        if command is not None:
            scene.do(command)

    def _modifier(self, event: pygame.event.Event) -> None:
        on = event.type == pygame.KEYDOWN
        for name, keys in (("alt", (pygame.K_LALT, pygame.K_RALT)), ("shift", (pygame.K_LSHIFT, pygame.K_RSHIFT)),
                           ("ctrl", (pygame.K_LCTRL, pygame.K_RCTRL))):
            if event.key in keys:
                self.keys_held[name] = on

    def held(self, name: str, event: pygame.event.Event | None = None) -> bool:
        """The modifier ``name`` is held (by the key state, the event's own, or as last seen)."""
        flag = {"alt": pygame.KMOD_ALT, "shift": pygame.KMOD_SHIFT, "ctrl": pygame.KMOD_CTRL}[name]
        mod = getattr(event, "mod", 0) if event is not None else 0
        return self.keys_held[name] or bool(_mods() & flag) or bool(mod & flag)

    def _key(self, event: pygame.event.Event) -> None:
        scene = self.scene
        k = event.key
        if k not in _MODIFIERS:  # any other key disarms the second Esc that leaves the editor
            scene.esc_armed, armed = False, scene.esc_armed
            if k == pygame.K_ESCAPE:
                scene.esc_armed = armed
        command = key_command(k, self.held("ctrl", event), self.held("shift", event))
        if command is not None:
            scene.do(command)
