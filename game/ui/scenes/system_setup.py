"""Setting up a battle of another rule system: its two parties, its scenario, who plays whom.

The page is worded by the system: its title, and what it calls a party (``RuleSystem.extra["party_word"]``
and ``["parties_word"]``: a "squad", a "war band"). Every party and scenario listed is loaded and checked
first; a broken file is shown with its problem, never offered. The battle opens in the kernel's screen for
other systems (system_battle).
"""

from __future__ import annotations

import html
import random
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from game.content import library
from game.content.library import resolve
from game.core.errors import ContentError
from game.systems import DEFAULT, SYSTEMS
from game.systems import get as rule_system
from game.ui.app import App, Scene
from game.ui.scenes import common
from game.ui.system_session import HOTSEAT, VS_AI, SystemSession, SystemSetup

SCENARIO_MAP = "(the scenario's own)"
PLAY = (("ai0", "You command side A against the AI"), ("ai1", "You command side B against the AI"),
        ("hotseat", "Hotseat: two players, one screen"))


class SystemSetupScene(Scene):
    name = "system_setup"

    def __init__(self, app: App, system_id: str | None = None):
        """``system_id``: the system to set up (the first registered other than Iron & Honor unless told)."""
        super().__init__(app)
        self.system = rule_system(system_id or next(s for s in SYSTEMS if s != DEFAULT))
        self.party_word = str(self.system.extra.get("party_word", "party"))  # what the system calls a party
        self.problems: list[str] = []
        self.squads = self._listed("parties")
        self.scenarios = self._listed("scenarios")
        found = library.maps()  # the shipped battlefields and the editor's, by name
        self.maps = {k: v for k, v in found.items.items()}
        self.problems += [exc.describe() for exc in found.skipped]
        names = list(self.squads)
        self.chosen: dict[str, Any] = {"a": names[0] if names else None, "b": names[-1] if names else None,
                                       "scenario": next(iter(self.scenarios), None), "play": "ai0",
                                       "map": SCENARIO_MAP}
        self.lists: dict[str, dict[pygame_gui.elements.UIButton, str]] = {}
        self.error = ""

    def _listed(self, kind: str) -> dict[str, tuple[Path, Any]]:
        """Name -> (file, parsed) of the system's own files of ``kind`` that load; the others told."""
        out = {}
        for path in self.system.shipped(kind):
            try:
                text = path.read_bytes()
                parsed = self.system.parse_party(text, path.name) if kind == "parties" else \
                    self.system.parse_scenario(text, path.name, None)  # type: ignore[misc]
            except ContentError as exc:
                self.problems.append(exc.describe())
                continue
            out[path.stem] = (path, parsed)
        return out

    def build(self) -> None:
        self.widgets = {}
        footer = self.px(56)
        two = self.app.size[0] >= self.px(760)  # two columns when they fit, else one under the other
        squads = [(k, v[1].name) for k, v in self.squads.items()]
        scen = [(k, v[1].name) for k, v in self.scenarios.items()]
        row = self.px(31)
        own = self.scenarios.get(self.chosen["scenario"] or "")
        own_map = getattr(own[1], "map", None) if own else None
        maps = [(SCENARIO_MAP, f"The scenario's own ({self._map_name(own_map)})")] + \
            [(k, v[1].name) for k, v in sorted(self.maps.items())]
        heights = [row * max(2, len(squads)) + 4, row * max(2, len(squads)) + 4, row * max(1, len(scen)) + 4,
                   row * len(PLAY) + 4, min(row * len(maps) + 4, row * 4 + 4)]
        lists_h = (max(heights[:2]) + max(heights[2:4]) + heights[4] + 3 * self.px(42)) if two else \
            (sum(heights) + 5 * self.px(42))
        w, h = common.page(self, self.px(480), self.px(60) + lists_h + self.px(120), footer)
        pad = self.px(16)
        y = pad
        common.label(self, "title", pygame.Rect(pad, y, w - 2 * pad, self.px(40)), f"{self.system.title}: a battle",
                     "@heading")
        y += self.px(44)
        tips = {k: _members(v[1]) for k, v in self.squads.items()}
        # rows of lists, side by side when two columns fit (a row of one spans the page), else one under another
        Block = tuple[str, str, list[tuple[str, str]], dict[str, str] | None, int]
        rows: list[list[Block]] = [
                [("a", f"Side A's {self.party_word}", squads, tips, heights[0]),
                 ("b", f"Side B's {self.party_word}", squads, tips, heights[1])],
                [("scenario", "Scenario", scen, None, heights[2]), ("play", "Who plays", list(PLAY), None, heights[3])],
                [("map", "Battlefield (the shipped maps and yours from the map editor)", maps, None, heights[4])]]
        laid: list[list[Block]] = rows if two else [[b] for r in rows for b in r]
        for row_blocks in laid:
            width = (w - (len(row_blocks) + 1) * pad) // len(row_blocks)
            for n, (key, title, items, item_tips, height) in enumerate(row_blocks):
                x = pad + n * (width + pad)
                common.label(self, f"{key}_label", pygame.Rect(x, y, width, self.px(24)), title, "@small")
                box = pygame.Rect(x, y + self.px(26), width, height)
                self.lists[key] = common.choice_list(self, key, box, items, self.chosen[key], item_tips)
            y += self.px(26) + max(b[4] for b in row_blocks) + pad
        briefing = self.scenarios.get(self.chosen["scenario"] or "")
        text = html.escape(briefing[1].briefing) if briefing else ""
        if not self.squads:
            parties = str(self.system.extra.get("parties_word", f"{self.party_word}s"))
            text += "<br>" + common.colour_span(html.escape(f"No {parties} of {self.system.title} load: there is "
                                                            "nothing to play yet."), (230, 95, 85))
        if self.problems:
            text += "<br><b>Files passed over</b><br>" + "<br>".join(html.escape(p) for p in self.problems)
        if self.error:
            text += "<br>" + common.colour_span(html.escape(self.error), (230, 95, 85))
        common.text_box(self, "briefing", pygame.Rect(pad, y, w - 2 * pad, max(self.px(100), h - y - pad)), text,
                        "@small")
        ww, wh = self.app.size
        with common.in_root(self):
            bw = self.px(180)
            common.button(self, "start", pygame.Rect(ww - pad - bw, wh - footer + self.px(10), bw, self.px(36)),
                          "Start the battle")
            common.button(self, "back", pygame.Rect(pad, wh - footer + self.px(10), self.px(120), self.px(36)),
                          "Back")

    def handle(self, event: pygame.event.Event) -> None:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        if event.ui_element is self.widgets.get("back"):
            self.app.pop()
            return
        if event.ui_element is self.widgets.get("start"):
            if self.squads:
                self.start()
            return
        for key, buttons in self.lists.items():
            item = buttons.get(event.ui_element)
            if item is not None:
                self.chosen[key] = item
                self.rebuild()
                return

    def _map_name(self, name: str | None) -> str:
        found = self.maps.get((name or "open_field").lower())
        return found[1].name if found else (name or "Open Field")

    def setup(self) -> SystemSetup:
        play = self.chosen["play"]
        scenario = self.scenarios[self.chosen["scenario"]] if self.chosen["scenario"] else None
        if self.chosen["map"] != SCENARIO_MAP and self.chosen["map"] in self.maps:
            battlefield = self.maps[self.chosen["map"]][0]
        else:
            map_name = getattr(scenario[1], "map", None) if scenario else None
            battlefield = resolve("maps", map_name or "open_field")
        return SystemSetup(self.system.id, (self.squads[self.chosen["a"]][0], self.squads[self.chosen["b"]][0]),
                           battlefield, scenario[0] if scenario else None,
                           mode=HOTSEAT if play == "hotseat" else VS_AI, human_side=1 if play == "ai1" else 0,
                           seed=random.SystemRandom().randrange(1, 1_000_000))

    def start(self, setup: SystemSetup | None = None) -> None:
        from game.ui.scenes.system_battle import SystemBattleScene

        try:
            session = SystemSession.start(setup or self.setup(), autosave=self.app.save_enabled)
        except ContentError as exc:
            self.error = exc.describe()
            self.rebuild()
            return
        self.app.replace(SystemBattleScene(self.app, session))


def _members(party: Any) -> str:
    """A party's members by name, for its tip (a system's party has ``characters`` or ``figures``)."""
    found = getattr(party, "characters", None) or getattr(party, "figures", None) or ()
    return ", ".join(str(getattr(c, "name", c)) for c in found)
