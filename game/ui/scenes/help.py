"""The help overlay (F1): every keyboard shortcut and mouse control, and what the marks on a base mean.

``SHORTCUTS`` is the one list the controls column is drawn from; the battle scene's author extends it
when a control is added, so the help never falls behind the game. The markers column is generated
from the definitions the table is drawn with (table_view's condition letters and tag, its base
drawing) and the condition texts the tooltips show, so the legend cannot disagree with the table.
A button opens the rules reference.
"""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pygame_gui

from game.ui import theme
from game.ui.app import App, Scene
from game.ui.scenes import common

SHORTCUTS: list[tuple[str, str]] = [
    ("Left click", "pick a model, a point, a facing; press a button"),
    ("Esc", "clear the selected model"),
    ("Mouse wheel", "zoom the table (over the answers: scroll them)"),
    ("Right or middle drag / arrows", "pan the table"),
    ("F", "fit the whole table in view"),
    ("Space / Enter", "the default answer (keep facing, suggested spot, No)"),
    ("1 – 9", "pick the n-th answer of a prompt"),
    ("Backspace", "one step back while declaring a plan"),
    ("Page Up / Page Down", "scroll a long list of answers"),
    ("L", "the battle log in a large view (Esc or L closes it)"),
    ("Click a blue [RULE-ID]", "the rules reference at that rule (log, prompt, odds card)"),
    ("R", "show or hide range rings"),
    ("+ / −", "AI faster / slower"),
    ("S", "skip the animations, and the AI's actions until you are asked"),
    ("M", "sound effects off or on (the volume is in Settings)"),
    ("Ctrl+S", "save the battle under a name"),
    ("Ctrl+Z", "take back your last decision (Settings say which)"),
    ("F11", "fullscreen on or off"),
    ("F1", "this help (Esc, F1 or a click closes it)"),
]
CLOSE_KEYS = (pygame.K_ESCAPE, pygame.K_F1, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


def marker_legend() -> list[tuple[str, str]]:
    """(letter, meaning) for every letter drawn beside a base, from the table's own definitions."""
    from game.ui.battle.tooltips import CONDITION_TEXT
    from game.ui.table_view import CONDITION_MARKS, JAMMED_MARK

    out = []
    for key, letter in CONDITION_MARKS.items():
        name, rule, what = CONDITION_TEXT.get(key, (key.replace("_", " ").capitalize(), "", ""))
        out.append((letter, f"{name}: {what} [{rule}]" if rule else name))
    out.append((JAMMED_MARK, "Jammed: a black powder weapon misfired; Clear weapon before it fires [SKILL-7]"))
    return out


BASE_CUES = (  # what the sample bases drawn beside them show (drawn by table_view.draw_model itself)
    ("side_a", "a ring inside: side A (first player)"),
    ("side_b", "a square inside: side B (second player)"),
    ("active", "yellow rim: the model activating now; the white line is its facing"),
    ("wounds", "pips above: wounds left (green) and taken (red)"),
)


class HelpOverlay(Scene):
    name = "help"
    overlay = True

    def __init__(self, app: App):
        super().__init__(app)
        self.widgets: dict[str, pygame_gui.core.UIElement] = {}
        self.panel = pygame.Rect(0, 0, 10, 10)
        self._pressed_here = False
        self._fitted: dict[tuple[int, int], int] = {}  # panel size -> the text size that fits it
        # a scene with controls of its own (the map editor) lists them in ``SHORTCUTS``
        self.shortcuts: list[tuple[str, str]] = getattr(app.top, "SHORTCUTS", SHORTCUTS)

    def build(self) -> None:
        self.widgets = {}
        w, h = self.app.size
        pw = min(w - self.px(40), self.px(1240))
        ph = min(h - self.px(40), self.px(640))
        self.panel = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        common.label(self, "title", pygame.Rect(self.panel.x, self.panel.y + self.px(8), pw, self.px(36)),
                     "Controls and markers", "@heading")
        bw, bh = self.px(170), self.px(38)
        y = self.panel.bottom - self.px(50)
        common.button(self, "rules", pygame.Rect(self.panel.centerx - bw - self.px(8), y, bw, bh),
                      "Rules reference", "Every rule of the game, searchable")
        common.button(self, "close", pygame.Rect(self.panel.centerx + self.px(8), y, bw, bh), "Close",
                      "Esc or F1")

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.widgets.get("rules"):
            self.open_rules()
        elif self._closes(event):
            self.close()
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self._pressed_here = not self._on_button(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and self._pressed_here:
            self.close()  # on release, so the click does not reach the scene below

    def _closes(self, event: pygame.event.Event) -> bool:
        """The Close button, or a closing key."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return event.ui_element is self.widgets.get("close")
        return event.type == pygame.KEYDOWN and event.key in CLOSE_KEYS

    def _on_button(self, pos: tuple[int, int]) -> bool:
        return any(self.widgets[k].rect.collidepoint(pos) for k in ("rules", "close") if k in self.widgets)

    def open_rules(self) -> None:
        """The rules reference, in place of this help (Esc there returns to the scene below)."""
        from game.ui.scenes.rules import open_rules

        self.close()
        open_rules(self.app)  # (over the battle; or, from the reference's own F1, back to it)

    def close(self) -> None:
        if self.app.top is self:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 160))
        surface.blit(shade, (0, 0))
        p = self.panel
        pygame.draw.rect(surface, theme.PANEL, p, border_radius=self.px(8))
        pygame.draw.rect(surface, theme.ACCENT, p, 2, border_radius=self.px(8))
        top, bottom = p.y + self.px(52), p.bottom - self.px(60)
        gap = self.px(28)
        left_w = (p.w - 2 * self.px(24) - gap) * 11 // 20
        left = pygame.Rect(p.x + self.px(24), top, left_w, bottom - top)
        right = pygame.Rect(left.right + gap, top, p.right - self.px(24) - left.right - gap, bottom - top)
        size = self._fitted.get(p.size, self.px(14))  # the largest size at which both columns fit
        while p.size not in self._fitted and size > 9 and not (self._draw_controls(None, left, size)
                                                               and self._draw_markers(None, right, size)):
            size -= 1
        self._fitted[p.size] = size
        self._draw_controls(surface, left, size)
        pygame.draw.line(surface, (70, 74, 84), (left.right + gap // 2, top), (left.right + gap // 2, bottom))
        self._draw_markers(surface, right, size)

    def _heading(self, surface: pygame.Surface | None, text: str, x: int, y: int, size: int) -> int:
        if surface is not None:
            surface.blit(theme.font(size + 2, bold=True).render(text, True, theme.ACCENT), (x, y))
        return y + round(size * 2.1)

    def _draw_controls(self, surface: pygame.Surface | None, rect: pygame.Rect, size: int) -> bool:
        """The shortcuts, their texts wrapped beside the keys; False if they do not fit (nothing drawn
        when ``surface`` is None: a measuring pass)."""
        from game.ui.battle.cards import wrap

        key_font, text_font = theme.font(size, bold=True), theme.font(size)
        key_w = min(max(key_font.size(k)[0] for k, _ in self.shortcuts) + size, rect.w * 9 // 20)
        row = text_font.get_linesize()
        y = self._heading(surface, "Controls", rect.x, rect.y, size)
        for key, text in self.shortcuts:
            keys = wrap(theme.displayable(key), size, True, key_w - size)
            parts = wrap(theme.displayable(text), size, False, rect.w - key_w)
            if surface is not None:
                for n, part in enumerate(keys):
                    surface.blit(key_font.render(part, True, theme.ACCENT), (rect.x, y + n * row))
                for n, part in enumerate(parts):
                    surface.blit(text_font.render(part, True, theme.INK), (rect.x + key_w, y + n * row))
            y += row * max(len(keys), len(parts)) + size // 3
        return y <= rect.bottom

    def _draw_markers(self, surface: pygame.Surface | None, rect: pygame.Rect, size: int) -> bool:
        """The letters beside a base (drawn as the table draws them) and sample bases; False if they do
        not fit."""
        from game.ui.battle.cards import wrap
        from game.ui.table_view import mark_tag

        f = theme.font(size)
        row = f.get_linesize()
        tag_w = size * 3
        y = self._heading(surface, "Letters beside a base", rect.x, rect.y, size)
        for letter, text in marker_legend():
            parts = wrap(theme.displayable(text), size, False, rect.w - tag_w)
            if surface is not None:
                surface.blit(mark_tag(f, letter), (rect.x + size // 2, y))
                for n, part in enumerate(parts):
                    surface.blit(f.render(part, True, theme.INK), (rect.x + tag_w, y + n * row))
            y += row * len(parts)
        y = self._heading(surface, "The base itself", rect.x, y + row // 2, size)
        radius = max(6, round(size * 0.75))
        for cue, text in BASE_CUES:
            parts = wrap(text, size, False, rect.w - tag_w)
            tall = max(row * len(parts), 2 * radius + size // 2 + 6)  # room for the base and its pips
            if surface is not None:
                self._sample_base(surface, cue, (rect.x + tag_w // 2, y + tall // 2 + 3), radius, size)
                for n, part in enumerate(parts):
                    surface.blit(f.render(part, True, theme.INK), (rect.x + tag_w, y + (tall - row * len(parts)) // 2
                                                                   + n * row))
            y += tall + size // 3
        return y <= rect.bottom

    def _sample_base(self, surface: pygame.Surface, cue: str, centre: tuple[int, int], radius_px: int,
                     size: int) -> None:
        """A base drawn by the table's own draw_model, showing one cue."""
        from game.ui.table_view import SIDE_COLOURS, Camera, draw_model

        cam = Camera(scale=radius_px / 0.5, ox=centre[0], oy=centre[1])
        model = SimpleNamespace(x=0.0, y=0.0, radius=0.5, side=1 if cue == "side_b" else 0, facing=0.0, name="",
                                max_wounds=3 if cue == "wounds" else 0, wounds_taken=1, conditions={}, jammed=[])
        draw_model(surface, model, cam, theme.font(max(8, size - 4)), active=cue == "active",  # type: ignore[arg-type]
                   colours=SIDE_COLOURS)
