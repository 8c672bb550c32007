"""A card over the battle that the players read and dismiss: the scenario's briefing and each side's objectives
before the battle (and again on request, the Objectives button or O), or the story a scenario event tells.

The card's sections (a heading, a text, a colour) come from game/ui/battle/briefing.py, read from the scenario and
the event; this scene only lays them out (a title, the sections in a scrolling box sized to them, Continue) and
waits. Continue, Enter, Space, Esc (and
O for the objectives opened with O) close it; so does a click outside the card (on release, so the click does
not reach the table below).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame
import pygame_gui

from game.ui import theme
from game.ui.app import App, Scene
from game.ui.battle.cards import wrap
from game.ui.scenes import common

CLOSE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_ESCAPE)


@dataclass(frozen=True)
class Section:
    """A part of the card: an optional heading (in ``colour``, e.g. a side's), then its text."""

    heading: str
    text: str
    colour: tuple[int, int, int] | None = None


def card_html(sections: list[Section]) -> str:
    parts = []
    for s in sections:
        head = f"<b>{common.colour_span(common.esc(s.heading), s.colour or theme.ACCENT)}</b><br>" if s.heading else ""
        parts.append(head + common.esc(s.text).replace("\n", "<br>"))
    return "<br><br>".join(parts)


class StoryCard(Scene):
    """The card: a title, its sections, a note under them (the scenario line a story cites) and Continue."""

    name = "story"
    overlay = True

    def __init__(self, app: App, title: str, sections: list[Section], note: str = "", button: str = "Continue",
                 close_key: int | None = None, accent: tuple[int, int, int] | None = None):
        super().__init__(app)
        self.title = title
        self.sections = sections
        self.note = note
        self.button = button
        self.close_keys = (*CLOSE_KEYS, close_key) if close_key is not None else CLOSE_KEYS
        self.accent = accent or theme.ACCENT
        self.panel = pygame.Rect(0, 0, 10, 10)
        self._pressed_outside = False

    def build(self) -> None:
        self.widgets = {}
        w, h = self.app.size
        pw = min(w - self.px(40), self.px(720))
        pad = self.px(16)
        # the text's height as wrapped at the box's width, so a short story gets a short card
        size = round(13 * self.app.settings.ui_scale)
        room = max(1, pw - 4 * pad)
        lines = sum(sum(len(wrap(part, size, False, room)) for part in s.text.split("\n")) + (2 if s.heading else 0)
                    + 1 for s in self.sections)
        text_h = lines * theme.font(size).get_linesize() + self.px(12)
        chrome = self.px(52) + self.px(72) + (self.px(22) if self.note else 0)
        ph = min(h - self.px(40), max(self.px(200), text_h + chrome))
        self.panel = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        p = self.panel
        title = "@heading" if theme.font(self.px(22), bold=True).size(self.title)[0] <= p.w - 2 * pad else None
        common.label(self, "title", pygame.Rect(p.x + pad, p.y + pad // 2, p.w - 2 * pad, self.px(40)), self.title,
                     title)
        bottom = p.bottom - self.px(72) - (self.px(22) if self.note else 0)
        common.text_box(self, "text", pygame.Rect(p.x + pad, p.y + self.px(52), p.w - 2 * pad,
                                                  bottom - p.y - self.px(52)), card_html(self.sections))
        if self.note:
            common.label(self, "note", pygame.Rect(p.x + pad, bottom + self.px(2), p.w - 2 * pad, self.px(20)),
                         self.note, "@small")
        bw = min(self.px(220), p.w - 2 * pad)
        common.button(self, "continue", pygame.Rect(p.centerx - bw // 2, p.bottom - self.px(60), bw, self.px(46)),
                      self.button, "Enter", "@big_button")

    def handle(self, event: pygame.event.Event) -> None:
        pressed = event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.widgets.get("continue")
        if pressed or (event.type == pygame.KEYDOWN and event.key in self.close_keys):
            self.close()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._pressed_outside = not self.panel.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._pressed_outside:
            self.close()

    def still(self) -> object | None:
        """The card waits for its reader: nothing on it moves (the battle below is stopped while covered)."""
        return self.title, len(self.sections), self.app.size, self.app.settings.ui_scale

    def close(self) -> None:
        if self.app.top is self:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        theme.modal_panel(surface, self.panel, self.px(8), self.accent)
