"""*Try it*: the party in the builder against a chosen party, encounter and map, N AI-against-AI games in
background processes, with a progress bar, Cancel, and the win rate with its 95 % interval and the mean score.

The games run in worker processes on every core (``game.builder.trial``, the lab's engine); this scene only
polls for finished games each frame, so the window stays as quick as ever while they are played.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.builder.trial import Trial
from game.ui import theme
from game.ui.app import App
from game.ui.scenes import common
from game.ui.scenes.confirm import Dialog

if TYPE_CHECKING:
    from game.ui.scenes.builder import BuilderScene

GAME_COUNTS = (10, 20, 50, 100)
LEVELS = ("easy", "normal")


@dataclass(frozen=True)
class Choose:
    """An opponent, encounter or map chosen from its list (``group`` is the attribute it sets)."""

    group: str
    item: str


@dataclass(frozen=True)
class Games:
    count: int


@dataclass(frozen=True)
class Level:
    level: str


class Run(enum.Enum):
    START = "start"
    CANCEL = "cancel"
    CLOSE = "close"


TrialCommand = Choose | Games | Level | Run


class TrialScene(Dialog):
    name = "trial"
    size = (980, 620)
    use_thread = False  # tests set this: the games in a thread of this process instead of a new one

    def __init__(self, app: App, builder: BuilderScene):
        super().__init__(app)
        self.builder = builder
        self.libs = common.content()
        parties = self.libs["parties"].items
        self.opponent = next((k for k in ("ghrim_company", *sorted(parties)) if k in parties), "")
        self.scenario = "engagement" if "engagement" in self.libs["scenarios"].items else \
            next(iter(sorted(self.libs["scenarios"].items)), "")
        self.map = "village_ruins" if "village_ruins" in self.libs["maps"].items else \
            next(iter(sorted(self.libs["maps"].items)), "")
        self.games = 20
        self.level = "easy"
        self.trial: Trial | None = None
        self.bar = pygame.Rect(0, 0, 0, 0)
        self.commands: dict[pygame_gui.core.UIElement, TrialCommand] = {}  # what each button does

    def place_box(self) -> pygame.Rect:
        w, h = self.app.size
        bw, bh = min(w - self.px(16), self.px(self.size[0])), min(h - self.px(16), self.px(self.size[1]))
        self.box = pygame.Rect((w - bw) // 2, (h - bh) // 2, bw, bh)
        return self.box

    def build(self) -> None:
        self.widgets, self.commands = {}, {}
        box = self.place_box()
        px = self.px
        m, row, gap = px(12), px(30), px(6)
        name = self.builder.judge().name or "this party"
        common.label(self, "title", pygame.Rect(box.x + m, box.y + m // 2, box.w - 2 * m, px(34)),
                     f"Try it: {name} against…", "@heading")
        top = box.y + px(46)
        col = (box.w - 4 * m) // 3
        # the games and the AI on one row, narrower buttons if need be, two rows if even those do not fit
        room = box.w - 2 * m
        game_w, level_w = px(56), px(84)
        if px(66) + len(GAME_COUNTS) * (game_w + px(2)) + m + px(32) + len(LEVELS) * (level_w + px(2)) > room:
            game_w, level_w = px(48), px(76)
        two_rows = px(66) + len(GAME_COUNTS) * (game_w + px(2)) + m + px(32) + len(LEVELS) * (level_w + px(2)) > room
        short = box.h < px(440)  # a thin progress bar, so the lists keep some height
        bar_h = px(8) if short else px(22)
        # on two rows the progress bar goes beside the AI's buttons
        list_h = box.h - px(46) - 3 * row - 4 * m - (row + m if two_rows else bar_h + m)
        for k, (group, heading, items, chosen) in enumerate((
                ("opponent", "Opponent", self._items("parties"), self.opponent),
                ("scenario", "Encounter", self._items("scenarios"), self.scenario),
                ("map", "Map", self._items("maps"), self.map))):
            x = box.x + m + k * (col + m)
            common.label(self, f"{group}_heading", pygame.Rect(x, top, col, px(24)), heading, "@prompt")
            listed = common.choice_list(self, group, pygame.Rect(x, top + px(26), col, list_h - px(26)), items,
                                        chosen)
            self.commands.update({b: Choose(group, item) for b, item in listed.items()})
        running = self.trial is not None and not self.trial.done
        y = top + list_h + m
        x = box.x + m
        common.label(self, "games_label", pygame.Rect(x, y, px(64), row), "Games")
        x += px(66)
        for n in GAME_COUNTS:
            b = common.button(self, f"games:{n}", pygame.Rect(x, y, game_w, row), str(n))
            common.select(b, n == self.games)
            self.commands[b] = Games(n)
            x += game_w + px(2)
        if two_rows:
            x, y = box.x + m, y + row + m
        else:
            x += m
        common.label(self, "level_label", pygame.Rect(x, y, px(30), row), "AI")
        x += px(32)
        for lv in LEVELS:
            b = common.button(self, f"level:{lv}", pygame.Rect(x, y, level_w, row), lv.capitalize(),
                              "The AI that plays both sides")
            common.select(b, lv == self.level)
            self.commands[b] = Level(lv)
            x += level_w + px(2)
        if two_rows:
            x += m
            self.bar = pygame.Rect(x, y + (row - px(22)) // 2, box.right - m - x, px(22))
            y += row + m
        else:
            y += row + m
            self.bar = pygame.Rect(box.x + m, y, box.w - 2 * m, bar_h)
            y += bar_h + m
        common.label(self, "result", pygame.Rect(box.x + m, y, box.w - 2 * m, row), self.result_shown(), "@prompt")
        y += row + m
        bw = min(px(150), (box.w - 2 * m - 2 * gap) // 3)
        start = common.button(self, "start", pygame.Rect(box.right - m - 3 * bw - 2 * gap, y, bw, row), "Play",
                              "Play the games in the background", "@big_button")
        cancel = common.button(self, "cancel", pygame.Rect(box.right - m - 2 * bw - gap, y, bw, row), "Cancel",
                               "Stop the games (those played still count)", "@big_button")
        close = common.button(self, "close", pygame.Rect(box.right - m - bw, y, bw, row), "Close", None,
                              "@big_button")
        self.commands.update({start: Run.START, cancel: Run.CANCEL, close: Run.CLOSE})
        if running:
            start.disable()
        else:
            cancel.disable()
        if not self.builder.judge().playable:
            start.disable()

    def _items(self, kind: str) -> list[tuple[str, str]]:
        return [(key, getattr(loaded, "name", key)) for key, (_path, loaded) in sorted(self.libs[kind].items.items())]

    def result_shown(self) -> str:
        """The result as it fits its line: the scores go first, then the interval, then it ends with "…"."""
        from game.ui.battle import cards

        el = self.widgets.get("result")
        room = (int(el.get_relative_rect().w) if el is not None else self.box.w - self.px(24)) - self.px(12)
        text = theme.displayable(self.result_text())
        for short in (text, text.split(" · mean score")[0], text.split(" [95%")[0]):
            if cards.label_size(short, self.px(15), bold=True)[0] <= room:
                return short
        return cards.fit(text.split(" [95%")[0], self.px(15), room, bold=True)

    def result_text(self) -> str:
        if not self.builder.judge().playable:
            return "Fix the party's problems first: only a sound party can play."
        t = self.trial
        if t is None:
            return "Choose the opponent, the encounter and the map, then Play."
        r = t.result
        if t.fatal:
            return f"The games could not be played: {t.fatal}"
        state = "cancelled" if t.cancelled else "done" if t.done else "playing"
        if r.played == 0:
            return f"{r.games}/{t.total} games ({state})"
        lo, hi = r.interval
        errors = f", {r.errors} failed" if r.errors else ""
        return (f"{r.games}/{t.total} games ({state}{errors}): won {r.wins}, drew {r.draws}, lost {r.losses} — "
                f"win rate {r.win_rate:.0%} [95% {lo:.0%}–{hi:.0%}] · mean score {r.mean_score:.1f} "
                f"vs {r.their_mean_score:.1f}")

    def start(self) -> None:
        if self.trial is not None and not self.trial.done:
            return
        parties, scenarios, maps = (self.libs[k].items for k in ("parties", "scenarios", "maps"))
        if self.opponent not in parties or not self.builder.judge().playable:
            return
        self.trial = Trial(self.builder.doc.data, str(parties[self.opponent][0]),
                           str(scenarios[self.scenario][0]) if self.scenario in scenarios else None,
                           str(maps[self.map][0]) if self.map in maps else None, self.games, ai=self.level,
                           thread=self.use_thread)
        self.rebuild()

    def update(self, dt: float) -> None:
        t = self.trial
        if t is not None and not t.done and t.poll():
            result = self.widgets.get("result")
            if isinstance(result, pygame_gui.elements.UILabel):
                result.set_text(self.result_shown())
            if t.done:
                self.rebuild()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            command = self.commands.get(event.ui_element)
            if command is not None:
                self.run(command)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()

    def run(self, command: TrialCommand) -> None:
        """One button's command; while games are played, their choices stay as they are."""
        running = self.trial is not None and not self.trial.done
        match command:
            case Choose() | Games() | Level() if running:
                return
            case Choose(group, item):
                setattr(self, group, item)
            case Games(count):
                self.games = count
            case Level(level):
                self.level = level
            case Run.START:
                self.start()
                return
            case Run.CANCEL:
                if self.trial is not None:
                    self.trial.cancel()
            case Run.CLOSE:
                self.close()
                return
        self.rebuild()

    def leave(self) -> None:
        """However the scene goes (Close, Esc, the app reset to the menu), its games stop with it."""
        if self.trial is not None:
            self.trial.cancel()
        super().leave()

    def close(self) -> None:
        if self.trial is not None:
            self.trial.cancel()
        self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        pygame.draw.rect(surface, theme.BG, self.bar, border_radius=self.px(4))
        t = self.trial
        if t is not None:
            done = self.bar.copy()
            done.w = round(self.bar.w * t.progress)
            if done.w > 0:  # nothing at 0 games: no sliver of the rounded corner
                pygame.draw.rect(surface, theme.GOOD if not t.cancelled else theme.MUTED, done,
                                 border_radius=min(self.px(4), done.w // 2))
        pygame.draw.rect(surface, theme.MUTED, self.bar, 1, border_radius=self.px(4))
