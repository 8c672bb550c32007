"""The hotseat handoff: a full-screen cover between two players' turns at one screen.

The rules keep nothing secret from the other player, but without a clear cover it is easy to
answer a question meant for the other side; the cover names who takes the seat and waits. The first cover of a
side while deploying also shows its objectives (the scenario's text for that side).
"""

from __future__ import annotations

import pygame
import pygame_gui

from game.ui import theme
from game.ui.app import App, Scene
from game.ui.battle.cards import wrap
from game.ui.scenes import common

READY_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class HandoffScene(Scene):
    """Opaque (the table is hidden); pops itself on "I'm ready", Enter, Space or a click anywhere."""

    name = "handoff"

    def __init__(self, app: App, text: str, side: int | None = None, why: str = "", objectives: str = ""):
        super().__init__(app)
        self.text = text
        self.why = why  # what the next player is asked, or why (who chooses the table edge)
        self.objectives = objectives  # the side's objectives (its first cover while deploying), or ""
        if side is None:  # the battle below knows whose question comes next
            pending = getattr(getattr(app.top, "session", None), "pending", None)
            side = getattr(pending, "side", None)
        self.side = side  # colours the cover's bands
        self._pressed_here = False

    def build(self) -> None:
        self.widgets = {}
        w, h = self.app.size
        margin = self.px(24)
        # the title's size when it fits the window, else the heading's
        title = "@title" if theme.font(self.px(34), bold=True).size(self.text)[0] <= w - 2 * margin else "@heading"
        room = min(w - 2 * margin, self.px(760)) - 20
        line_h = theme.font(self.px(15), bold=True).get_linesize()
        whys = wrap(theme.displayable(self.why), self.px(15), True, room) if self.why else []
        goals = wrap(theme.displayable(self.objectives), self.px(15), False, room) if self.objectives else []
        # the objectives take the room the rest leaves (cut short in a small window at a large scale: O shows them)
        spare = h - self.px(66) - len(whys) * (line_h + 4) - self.px(12) * 3 - self.px(108) - self.px(16)
        fits = max(0, spare // (line_h + 4) - 1)
        if len(goals) > fits:
            goals = goals[:fits - 1] + ["… (O shows them in the battle)"] if fits >= 2 else []
        goals_h = (len(goals) + 1) * (line_h + 4) + self.px(12) if goals else 0
        y = max(self.px(8), h // 2 - self.px(90) - (self.px(50) if self.why else 0) - goals_h // 2)
        common.label(self, "text", pygame.Rect(margin, y, w - 2 * margin, self.px(60)), self.text, title)
        y += self.px(66)
        if whys:
            for n, line in enumerate(whys):
                common.label(self, f"why{n}", pygame.Rect(margin, y, w - 2 * margin, line_h + 4), line, "@prompt")
                y += line_h + 4
            y += self.px(12)
        if goals:
            common.label(self, "goals", pygame.Rect(margin, y, w - 2 * margin, line_h + 4), "Your objectives",
                         "@prompt")
            y += line_h + 4
            for n, line in enumerate(goals):
                common.label(self, f"goal{n}", pygame.Rect(margin, y, w - 2 * margin, line_h + 4), line)
                y += line_h + 4
            y += self.px(12)
        hint = "Click anywhere or press Enter when you are ready"
        common.label(self, "hint", pygame.Rect(margin, y, w - 2 * margin, self.px(30)), hint,
                     "@prompt" if theme.font(self.px(15), bold=True).size(hint)[0] <= w - 2 * margin - 8 else None)
        bw = min(self.px(260), w - 2 * margin)
        common.button(self, "ready", pygame.Rect((w - bw) // 2, y + self.px(54), bw, self.px(54)),
                      "I'm ready", None, "@big_button")

    def handle(self, event: pygame.event.Event) -> None:
        clicked = event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.widgets.get("ready")
        if clicked or (event.type == pygame.KEYDOWN and event.key in READY_KEYS):
            self.done()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._pressed_here = True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._pressed_here:
            self.done()  # on release, so the click does not reach the table below

    def done(self) -> None:
        if self.app.top is self:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        w, h = surface.get_size()
        if self.side is not None:
            colour = theme.side_colour(self.side, self.app.settings.colour_blind)
            band = self.px(14)
            pygame.draw.rect(surface, colour, (0, 0, w, band))
            pygame.draw.rect(surface, colour, (0, h - band, w, band))
