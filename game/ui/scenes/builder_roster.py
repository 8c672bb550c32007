"""The roster card of the party in the builder: shown as it will print, exported as PNG and text.

Only a sound party has a roster card (its costs are the ones ``party check`` prints); a party with
problems is told what to fix first.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.builder.files import slug
from game.builder.roster import Roster, export_text, roster_from_data, rosters_dir
from game.core.errors import ContentError, os_problem
from game.ui import theme
from game.ui.app import App
from game.ui.plural import counted
from game.ui.roster_card import export_png, render_card
from game.ui.scenes import common
from game.ui.scenes.confirm import Dialog

if TYPE_CHECKING:
    from game.ui.scenes.builder import BuilderScene


class RosterScene(Dialog):
    name = "roster"
    size = (1000, 1000)

    def __init__(self, app: App, builder: BuilderScene):
        super().__init__(app)
        self.builder = builder
        self.roster: Roster | None = None
        self.problem = ""
        try:
            self.roster = roster_from_data(builder.doc.data, builder.allowance())
        except ContentError as exc:
            n = counted(len(exc.problems), "problem")
            self.problem = f"{n} to fix first; a roster card is for a party that passes " \
                           "party check."
        self.scroll = 0
        self.message = ""
        self.exported: tuple[Path, Path] | None = None
        self._card: pygame.Surface | None = None
        self.view = pygame.Rect(0, 0, 0, 0)

    def place_box(self) -> pygame.Rect:
        w, h = self.app.size
        self.box = pygame.Rect(self.px(10), self.px(10), w - self.px(20), h - self.px(20))
        return self.box

    def build(self) -> None:
        self.widgets = {}
        box = self.place_box()
        px = self.px
        m, row = px(10), px(34)
        title = common.label(self, "title", pygame.Rect(box.x + m, box.y + m // 2, px(300), px(34)), "Roster card",
                             "@heading")
        title.text_horiz_alignment = "left"
        title.rebuild()
        bw = px(150)
        export = common.button(self, "export", pygame.Rect(box.right - m - 2 * bw - m, box.y + m, bw, row), "Export",
                               "Write the card as a PNG and as text (for forums) to your mod folder's rosters/",
                               "@big_button")
        common.button(self, "close", pygame.Rect(box.right - m - bw, box.y + m, bw, row), "Close", None, "@big_button")
        if self.roster is None:
            export.disable()
        self.view = pygame.Rect(box.x + m, box.y + m + row + m, box.w - 2 * m, box.h - 3 * m - row - px(26))
        text = self.message or self.problem or "Wheel or arrows scroll; Export writes the PNG and the text."
        common.label(self, "status", pygame.Rect(box.x + m, box.bottom - px(28), box.w - 2 * m, px(24)),
                     theme.displayable(text), "@small")
        self._card = None

    def card(self) -> pygame.Surface | None:
        """The card scaled to the view's width (drawn once per layout)."""
        if self.roster is None:
            return None
        if self._card is None or self._card.get_width() != self.view.w:
            self._card = render_card(self.roster, self.view.w)
        return self._card

    def export(self) -> tuple[Path, Path] | None:
        if self.roster is None:
            return None
        folder = rosters_dir()
        stem = slug(self.roster.name)
        try:
            png = export_png(self.roster, folder / f"{stem}.png")
            txt = export_text(self.roster, folder / f"{stem}.txt")
        except OSError as exc:
            self.message = os_problem(exc, "Not exported:")
            self.rebuild()
            return None
        except pygame.error as exc:
            self.message = f"Not exported: {exc}"
            self.rebuild()
            return None
        self.exported = (png, txt)
        self.message = f"Exported {png} and {txt.name}"
        self.rebuild()
        return self.exported

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.widgets.get("export"):
                self.export()
            elif event.ui_element is self.widgets.get("close"):
                self.app.pop()
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * self.px(60))
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
                self.scroll_by(self.px(60) if event.key == pygame.K_DOWN else self.view.h)
            elif event.key in (pygame.K_UP, pygame.K_PAGEUP):
                self.scroll_by(-self.px(60) if event.key == pygame.K_UP else -self.view.h)

    def scroll_by(self, dy: int) -> None:
        card = self.card()
        most = max(0, card.get_height() - self.view.h) if card else 0
        self.scroll = max(0, min(most, self.scroll + dy))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        card = self.card()
        if card is None:
            pygame.draw.rect(surface, theme.BG, self.view)
            y = self.view.y + self.px(10)
            for p in self.builder.judge().problems[:20]:
                surface.blit(theme.font(self.px(14)).render(theme.displayable(f"• {p.message}"), True, theme.BAD),
                             (self.view.x + self.px(10), y))
                y += self.px(20)
            return
        self.scroll = max(0, min(self.scroll, max(0, card.get_height() - self.view.h)))
        surface.blit(card, self.view.topleft, pygame.Rect(0, self.scroll, self.view.w, self.view.h))
