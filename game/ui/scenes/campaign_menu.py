"""Campaign on the main menu: start a campaign (which one, the two parties, who commands each side) or resume
a saved one. Its buttons carry typed commands that ``CampaignMenuScene.do`` matches on.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pygame
import pygame_gui

from game.content import library
from game.core.errors import ContentError
from game.paths import DEFAULT_MATCHUP
from game.ui import theme
from game.ui.app import App, Scene
from game.ui.campaign_run import HUMAN, CampaignRun, start
from game.ui.scenes import common

COMMANDERS = {"a": ("You command A", [HUMAN, "normal"]), "b": ("You command B", ["normal", HUMAN]),
              "both": ("Hotseat", [HUMAN, HUMAN])}


@dataclass(frozen=True)
class Choose:
    group: str  # campaign | party0 | party1 | who | saved
    item: str

    @property
    def key(self) -> str:
        return f"{self.group}:{self.item}"


@dataclass(frozen=True)
class Start:
    key = "start"


@dataclass(frozen=True)
class Resume:
    key = "resume"


@dataclass(frozen=True)
class Back:
    key = "back"


Command = Choose | Start | Resume | Back


class CampaignMenuScene(Scene):
    name = "campaign_menu"

    def __init__(self, app: App):
        super().__init__(app)
        from game.saves.campaigns import listing

        self.campaigns = library.campaigns()
        self.parties = common.content()["parties"]
        self.saved = listing()
        names = self.campaigns.names()
        self.chosen = {"campaign": names[0] if names else "", "party0": DEFAULT_MATCHUP[0],
                       "party1": DEFAULT_MATCHUP[1], "who": "a",
                       "saved": str(self.saved[0].path) if self.saved else ""}
        self.commands: dict[pygame_gui.core.UIElement, Command] = {}
        self.seed: int | None = None  # the new campaign's seed (None: a random one)
        self.error = "; ".join(f"{e.file}: {e.problems[0].message}" for e in self.campaigns.skipped if e.problems)

    def _list(self, group: str, rect: pygame.Rect, items: list[tuple[str, str]],
              tips: dict[str, str] | None = None) -> None:
        for button, item in common.choice_list(self, group, rect, items, self.chosen[group], tips).items():
            self.commands[button] = Choose(group, item)

    def _button(self, command: Command, rect: pygame.Rect, text: str, tip: str | None = None) -> None:
        self.commands[common.button(self, command.key, rect, text, tip, "@big_button")] = command

    def build(self) -> None:
        self.widgets, self.commands = {}, {}
        px = self.px
        m, gap, head, bh = px(16), px(10), px(26), px(44)
        win_w, win_h = self.app.size
        note_h = max(px(20), theme.font(px(12)).get_linesize() + 2)
        footer = bh + note_h + 2 * gap
        w, h = common.page(self, px(640), px(440), footer=footer)
        title_h = max(px(48), theme.font(px(34), bold=True).get_linesize() + 4)
        common.label(self, "title", pygame.Rect(m, m // 2, w - 2 * m, title_h), "Campaign", "@title")
        top = m // 2 + title_h + px(4)
        col = (w - 2 * m - 2 * gap) // 3
        lists_h = max(px(120), (h - top - px(150)) * 3 // 5)
        for i, (group, heading) in enumerate((("campaign", "New campaign"), ("party0", "Party A"),
                                               ("party1", "Party B"))):
            x = m + i * (col + gap)
            common.label(self, f"{group}_head", pygame.Rect(x, top, col, head), heading)
            if group == "campaign":
                items = [(n, self.campaigns.items[n][1].name) for n in self.campaigns.names()]
            else:
                items = [(n, self.parties.items[n][1].name) for n in self.parties.names()]
            tips = {n: self._about(n) for n in self.campaigns.names()} if group == "campaign" else None
            self._list(group, pygame.Rect(x, top + head, col, lists_h), items, tips)
        y = top + head + lists_h + gap
        bw = (w - 2 * m - (len(COMMANDERS) - 1) * gap) // len(COMMANDERS)
        for k, (key, (text, _ai)) in enumerate(COMMANDERS.items()):
            b = common.button(self, f"who:{key}", pygame.Rect(m + k * (bw + gap), y, bw, px(32)), text)
            common.select(b, key == self.chosen["who"])
            self.commands[b] = Choose("who", key)
        y += px(32) + gap
        common.label(self, "saved_head", pygame.Rect(m, y, w - 2 * m, head), "Saved campaigns")
        self._list("saved", pygame.Rect(m, y + head, w - 2 * m, max(px(60), h - y - head - gap)), self._saved_items())
        with common.in_root(self):
            self._footer(win_w, win_h - footer + gap, bh, gap, note_h)

    def _about(self, name: str) -> str:
        """A campaign's tip: its description and its games in order."""
        c = self.campaigns.items[name][1]
        games = "; ".join(f"{i + 1}. {g.title or g.scenario} ({g.scenario} on {g.map})" for i, g in enumerate(c.games))
        return f"{c.description or c.name} Games: {games}."

    def _saved_items(self) -> list[tuple[str, str]]:
        items = []
        for entry in self.saved:
            if entry.progress is None:
                items.append((str(entry.path), f"{entry.path.name}: cannot be read"))
            else:
                p = entry.progress
                state = "finished" if p.finished else f"game {p.next_game + 1} of {p.games} next"
                items.append((str(entry.path), f"{p.title}: {p.sides[0].name} v {p.sides[1].name}, {state}"))
        return items

    def _footer(self, w: int, y: int, bh: int, gap: int, note_h: int) -> None:
        from game.ui.battle.cards import fit

        px = self.px
        m = px(16)
        bw = min(px(240), (w - 2 * m - 2 * gap) // 3)
        self._button(Back(), pygame.Rect(m, y, bw, bh), "Back")
        self._button(Resume(), pygame.Rect(w - m - 2 * bw - gap, y, bw, bh), "Resume", "The saved campaign "
                     "chosen above, before its next game")
        self._button(Start(), pygame.Rect(w - m - bw, y, bw, bh), "Start", "A new campaign between the two "
                     "parties chosen")
        if not self.saved:
            self.widgets["resume"].disable()
        if not self.campaigns.items:
            self.widgets["start"].disable()
        common.label(self, "note", pygame.Rect(m, y + bh + px(2), w - 2 * m, note_h),
                     fit(self.error, px(12), w - 2 * m - px(12)), "@small")

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.commands:
            self.do(self.commands[event.ui_element])

    def do(self, command: Command) -> None:
        match command:
            case Choose(group, item):
                self.chosen[group] = item
                self.rebuild()
            case Start():
                self.start()
            case Resume():
                self.resume()
            case Back():
                self.app.pop()

    def open(self, run: CampaignRun) -> None:
        from game.ui.scenes.campaign import CampaignScene

        self.app.replace(CampaignScene(self.app, run))

    def start(self) -> None:
        c = self.chosen
        try:
            run = start(c["campaign"], (c["party0"], c["party1"]), list(COMMANDERS[c["who"]][1]),
                        self.seed or random.SystemRandom().randrange(1, 1_000_000))
        except ContentError as exc:
            self.error = exc.describe()
            self.rebuild()
            return
        self.open(run)

    def resume(self) -> None:
        from pathlib import Path

        try:
            run = CampaignRun.open(Path(self.chosen["saved"]))
        except ContentError as exc:
            self.error = exc.describe()
            self.rebuild()
            return
        self.open(run)

    def still(self) -> object | None:
        return (tuple(self.chosen.values()), self.error)
