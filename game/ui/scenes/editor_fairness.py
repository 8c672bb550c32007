"""*Fairness*: AI games of a chosen encounter on the map being edited, each party on each side, played away from
the window (game.editor.fairness); the side advantage by deployment edge with its 95 % interval, and, once
played, where models died drawn on the table until the map is next edited.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.editor.fairness import Fairness, FairnessRun
from game.paths import DEFAULT_MATCHUP, DEFAULT_SCENARIO
from game.ui import theme
from game.ui.app import App
from game.ui.scenes import common
from game.ui.scenes.builder_trial import Choose, Games, Run  # the same choices as Try it's
from game.ui.scenes.confirm import Dialog

if TYPE_CHECKING:
    from game.ui.scenes.editor import EditorScene

GAME_COUNTS = (10, 20, 40)
# where each side's models died, by the edge it deployed at (the heat map's colours)
EDGE_COLOURS = {"top": (210, 60, 50), "bottom": (60, 100, 230), "left": (230, 160, 40), "right": (60, 170, 90)}


class FairnessScene(Dialog):
    name = "editor_fairness"
    size = (900, 600)
    use_thread = False  # tests set this: the games in a thread of this process instead of worker processes

    def __init__(self, app: App, editor: EditorScene):
        super().__init__(app)
        self.editor = editor
        self.libs = common.content()
        parties = self.libs["parties"].items
        self.party_a = next((k for k in (DEFAULT_MATCHUP[0], *sorted(parties)) if k in parties), "")
        self.party_b = next((k for k in (DEFAULT_MATCHUP[1], *sorted(parties)) if k in parties), "")
        self.scenario = DEFAULT_SCENARIO if DEFAULT_SCENARIO in self.libs["scenarios"].items else \
            next(iter(sorted(self.libs["scenarios"].items)), "")
        self.games = 20
        self.run: FairnessRun | None = None
        self.bar = pygame.Rect(0, 0, 0, 0)
        self.commands: dict[pygame_gui.core.UIElement, Choose | Games | Run] = {}

    def build(self) -> None:
        self.widgets, self.commands = {}, {}
        box = self.place_box()
        px = self.px
        m, row = px(12), px(30)
        common.label(self, "title", pygame.Rect(box.x + m, box.y + m // 2, box.w - 2 * m, px(34)),
                     f"Fairness of {self.editor.session.state.name}", "@heading")
        top = box.y + px(46)
        col = (box.w - 4 * m) // 3
        short = box.h < px(420)
        bar_h = px(8) if short else px(20)
        list_h = box.h - px(46) - 3 * row - 4 * m - bar_h - m
        parties = self._items("parties")
        for k, (group, heading, items, chosen) in enumerate((
                ("scenario", "Encounter", self._items("scenarios"), self.scenario),
                ("party_a", "One party", parties, self.party_a),
                ("party_b", "The other", parties, self.party_b))):
            x = box.x + m + k * (col + m)
            common.label(self, f"{group}_heading", pygame.Rect(x, top, col, px(24)), heading, "@prompt")
            listed = common.choice_list(self, group, pygame.Rect(x, top + px(26), col, list_h - px(26)), items,
                                        chosen)
            self.commands.update({b: Choose(group, item) for b, item in listed.items()})
        y = top + list_h + m
        x = box.x + m
        common.label(self, "games_label", pygame.Rect(x, y, px(64), row), "Games")
        x += px(66)
        for n in GAME_COUNTS:
            b = common.button(self, f"games:{n}", pygame.Rect(x, y, px(56), row), str(n),
                              "Half of them with each party on each side")
            common.select(b, n == self.games)
            self.commands[b] = Games(n)
            x += px(58)
        y += row + m
        self.bar = pygame.Rect(box.x + m, y, box.w - 2 * m, bar_h)
        y += bar_h + m
        common.label(self, "result", pygame.Rect(box.x + m, y, box.w - 2 * m, row), self.result_shown(), "@prompt")
        y += row + m
        bw = min(px(150), (box.w - 2 * m - 2 * px(6)) // 3)
        start = common.button(self, "start", pygame.Rect(box.right - m - 3 * bw - 2 * px(6), y, bw, row), "Play",
                              "Play the games in the background (the normal AI on both sides)", "@big_button")
        cancel = common.button(self, "cancel", pygame.Rect(box.right - m - 2 * bw - px(6), y, bw, row), "Cancel",
                               "Stop the games (those played still count)", "@big_button")
        close = common.button(self, "close", pygame.Rect(box.right - m - bw, y, bw, row), "Close",
                              "Back to the map: where models died is drawn on it", "@big_button")
        self.commands.update({start: Run.START, cancel: Run.CANCEL, close: Run.CLOSE})
        running = self.run is not None and not self.run.done
        if running:
            start.disable()
        else:
            cancel.disable()
        if self.editor.session.problems() or not self.party_a or not self.party_b:
            start.disable()

    def _items(self, kind: str) -> list[tuple[str, str]]:
        return [(key, getattr(loaded, "name", key)) for key, (_path, loaded) in sorted(self.libs[kind].items.items())]

    def result_text(self) -> str:
        if self.editor.session.problems():
            return "Fix the map's problems first: only a playable map can be judged."
        r = self.run
        if r is None:
            return "Choose the encounter and the two parties, then Play."
        if r.fatal:
            return f"The games could not be played: {r.fatal}"
        state = "cancelled" if r.cancelled else "done" if r.done else "playing"
        errors = f", {r.result.errors} failed" if r.result.errors else ""
        return f"{r.result.games}/{r.total} games ({state}{errors}). {r.result.verdict()}"

    def result_shown(self) -> str:
        from game.ui.battle import cards

        el = self.widgets.get("result")
        room = (int(el.get_relative_rect().w) if el is not None else self.box.w - self.px(24)) - self.px(12)
        return cards.fit(theme.displayable(self.result_text()), self.px(15), room, bold=True)

    def start(self) -> None:
        if (self.run is not None and not self.run.done) or self.editor.session.problems():
            return
        scenarios = self.libs["scenarios"].items
        parties = self.libs["parties"].items
        if self.scenario not in scenarios or self.party_a not in parties or self.party_b not in parties:
            return
        self.run = FairnessRun(self.editor.session.state, str(scenarios[self.scenario][0]),
                               (str(parties[self.party_a][0]), str(parties[self.party_b][0])), self.games,
                               thread=self.use_thread)
        self.editor.fairness = (self.editor.session.state, self.run.result)
        self.rebuild()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.commands:
            self.act(self.commands[event.ui_element])
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.act(Run.CLOSE)

    def act(self, command: Choose | Games | Run) -> None:
        match command:
            case Choose(group=group, item=item):
                setattr(self, group, item)
                self.rebuild()
            case Games(count=count):
                self.games = count
                self.rebuild()
            case Run.START:
                self.start()
            case Run.CANCEL:
                if self.run is not None:
                    self.run.cancel()
                self.rebuild()
            case Run.CLOSE:
                self.close()

    def close(self) -> None:
        """Back to the map; games still playing go on and are drawn as they end."""
        if self.run is not None:
            self.editor.fairness_run = None if self.run.done else self.run
            self.editor.message = self.result_text() if self.run.done else \
                "Fairness: the games go on; where models died is drawn as they end"
        if self.app.top is self:
            self.app.pop()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.run is not None and self.run.poll():
            label = self.widgets.get("result")
            if isinstance(label, pygame_gui.elements.UILabel):
                label.set_text(self.result_shown())
            if self.run.done:
                self.rebuild()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        pygame.draw.rect(surface, theme.BG, self.bar, border_radius=self.px(4))
        if self.run is not None and self.run.total:
            done = self.run.result.games + self.run.result.errors
            part = self.bar.copy()
            part.w = round(self.bar.w * min(1.0, done / self.run.total))
            pygame.draw.rect(surface, theme.ACCENT, part, border_radius=self.px(4))


def draw_deaths(surface: pygame.Surface, judged: Fairness, to_px: Callable[[tuple[float, float]], tuple[int, int]],
                table_rect: pygame.Rect, radius: int, font: pygame.font.Font) -> None:
    """Where models died, as translucent discs coloured by the edge their side deployed at (many deaths in one
    place build up into a hot spot), with a legend in the table's corner."""
    layer = pygame.Surface(table_rect.size, pygame.SRCALPHA)
    for x, y, edge in judged.deaths:
        colour = EDGE_COLOURS.get(edge, (200, 200, 200))
        at = to_px((x, y))
        pygame.draw.circle(layer, (*colour, 70), (at[0] - table_rect.x, at[1] - table_rect.y), radius)
    surface.blit(layer, table_rect.topleft)
    edges = [e for e in EDGE_COLOURS if any(edge == e for _, _, edge in judged.deaths)]
    lines = [(f"Where models died in {judged.games} game(s)", theme.INK)] + \
        [(f"a side that deployed at the {e} edge", EDGE_COLOURS[e]) for e in edges]
    pad, h = 6, font.get_linesize()
    w = max(font.size(text)[0] for text, _ in lines) + 3 * pad + h
    tall = len(lines) * h + 2 * pad
    box = pygame.Rect(table_rect.x + pad, table_rect.bottom - pad - tall, w, tall)
    shade = pygame.Surface(box.size, pygame.SRCALPHA)
    shade.fill((20, 22, 26, 200))
    surface.blit(shade, box.topleft)
    for i, (text, colour) in enumerate(lines):
        y = box.y + pad + i * h
        if i:
            pygame.draw.circle(surface, colour, (box.x + pad + h // 2, y + h // 2), max(3, h // 3))
        surface.blit(font.render(text, True, theme.INK), (box.x + pad + (h + pad if i else 0), y))
