"""Setting up a battle: encounter, map, both parties, hotseat or the AI, the seed.

The choices live in a BattleSetup on the scene, not in the widgets, so a resize or a new UI scale
rebuilds the screen without losing them. Files come from the shipped folders and the player's mod
folder; a skipped mod file is listed with its error, and a file that fails at Start is named on
screen instead of crashing the game.

The scene lays the page out (three columns, or stacked on a page that scrolls in a narrow window) and composes
its parts: the EncounterColumn (setup_encounter.py), a PartyColumn per side (setup_party.py) and the OptionStrip
(setup_options.py) under them, then the messages, Back and Start.
"""

from __future__ import annotations

from dataclasses import replace

import pygame
import pygame_gui

from game.content.library import Library
from game.content.matchup import matchup_warnings
from game.ui import theme
from game.ui.app import App, Scene
from game.ui.scenes import common
from game.ui.scenes.setup_encounter import EncounterColumn
from game.ui.scenes.setup_options import OptionStrip, new_seed
from game.ui.scenes.setup_party import SIDE_NAMES, PartyColumn
from game.ui.session import AI_LEVELS, HOTSEAT, VS_AI, BattleSetup

__all__ = ["SetupScene", "new_seed"]  # (the results' rematch draws a new seed too)


class SetupScene(Scene):
    name = "setup"

    def __init__(self, app: App):
        super().__init__(app)
        self.page: pygame_gui.elements.UIScrollingContainer | None = None  # the page when it scrolls
        self.setup = BattleSetup(declare_plan_upfront=app.settings.declare_plan_upfront)
        last = app.settings.new_battle  # checked when read (settings._choices_ok); what is gone falls back below
        for key in ("scenario", "map", "mode", "ai_level", "human_side"):
            if key in last:
                setattr(self.setup, key, last[key])
        if self.setup.mode not in (HOTSEAT, VS_AI) or self.setup.ai_level not in AI_LEVELS \
                or self.setup.human_side not in (0, 1):
            self.setup = BattleSetup(declare_plan_upfront=app.settings.declare_plan_upfront)
        elif "parties" in last:
            self.setup.parties = (last["parties"][0], last["parties"][1])
        self.seed_text = str(self.setup.seed)
        self.error: str | None = None
        self.choices: dict[pygame_gui.core.UIElement, tuple[str, str]] = {}  # button -> (list, item)
        self.libs: dict[str, Library] = {}
        self.party_keys = list(self.setup.parties)
        self.encounter = EncounterColumn(self)
        self.party = PartyColumn(self)
        self.options = OptionStrip(self)
        libs = common.scanned()
        if libs is None:  # a large mod folder takes a while: the scan goes on in the background, the page waits
            common.warm_up()
        else:
            self._scanned(libs)

    @property
    def ready(self) -> bool:
        """Whether the content scan is done and the choices are shown."""
        return bool(self.libs)

    def _scanned(self, libs: dict[str, Library]) -> None:
        self.libs = libs
        parties = libs["parties"].items
        # the last choices or the defaults, unless a file was removed or a mod folder made it unloadable
        self.party_keys = [k if k in parties else next(iter(sorted(parties)), k) for k in self.setup.parties]
        defaults = BattleSetup()
        if self.setup.scenario not in libs["scenarios"].items:
            self.setup.scenario = defaults.scenario
        if self.setup.map not in libs["maps"].items:
            self.setup.map = defaults.map

    def update(self, dt: float) -> None:
        if not self.ready:
            libs = common.scanned()
            if libs is not None:
                self._scanned(libs)
                self.rebuild()

    # -- layout ---------------------------------------------------------------------------------
    def build(self) -> None:
        self.widgets, self.choices = {}, {}
        self.page = None
        if not self.ready:
            self._build_waiting()
            return
        w, h = self.app.size
        m, gap = self.px(16), self.px(8)
        min_w = self.px(250 + 2 * 220) + 4 * m  # narrower, text boxes would wrap a word per line (or worse)
        if w < min_w:
            self._build_stacked(w, h, m, gap)
            self._pin_buttons(m, gap)
            return
        bottom_h = self._bottom_height(w - 2 * m, gap)
        top = m // 2 + self.px(48)
        needed = top + self.encounter.min_height(gap) + bottom_h + m
        if needed > h:  # a large UI scale in a small window: the page scrolls instead of squeezing
            w, h = max(w - self.px(20), min_w), needed
            self._scroll_page((w, h))
        self.heading("title", pygame.Rect(m, m // 2, self.px(400), self.px(44)), "New battle")
        col_bottom = h - bottom_h - m
        left_w = max(self.px(250), int(w * 0.27))
        self.encounter.build(pygame.Rect(m, top, left_w, col_bottom - top), gap)
        party_w = (w - left_w - 4 * m) // 2
        for side in (0, 1):
            x = m * 2 + left_w + side * (party_w + m)
            self.party.build(side, pygame.Rect(x, top, party_w, col_bottom - top), gap)
        self._build_footer(pygame.Rect(m, col_bottom + gap * 2, w - 2 * m, bottom_h - gap), gap)
        self._pin_buttons(m, gap)

    def _pin_buttons(self, m: int, gap: int) -> None:
        """On a page that scrolls, Back and Start leave it for a strip below it, in sight without scrolling."""
        if self.page is None:
            return
        w, h = self.app.size
        bh, bw = self.px(46), min(self.px(150), (w - 2 * m - gap) // 2)
        foot = bh + 2 * gap
        self.page.set_dimensions((w, h - foot))
        for key in ("back", "start"):
            if key in self.widgets:
                self.widgets.pop(key).kill()
        with common.in_root(self):
            y = h - gap - bh
            common.button(self, "back", pygame.Rect(w - m - 2 * bw - gap, y, bw, bh), "Back", None, "@big_button")
            common.button(self, "start", pygame.Rect(w - m - bw, y, bw, bh), "Start", None, "@big_button")

    def _build_stacked(self, w: int, h: int, m: int, gap: int) -> None:
        """Too narrow for three columns (a large UI scale in a small window): the encounter and the map side by
        side, the two parties below them (or all of it in one column), the options and Start last, on a page
        that scrolls down, never sideways: Start is at the bottom, not off to the right."""
        bar = self.px(20)  # the vertical scroll bar, kept clear
        top, head = m // 2 + self.px(48), self.px(28)
        enc_parts, map_parts = self.encounter.parts()[:2], self.encounter.parts()[2:]
        enc_h = head + gap + sum(nat for nat, _ in enc_parts)
        map_h = head + gap + sum(nat for nat, _ in map_parts) + gap
        parties_h = self.px(420)
        two = w - bar >= 3 * m + 2 * self.px(220)  # two columns as narrow as a party column may be

        def height(page_w: int) -> int:
            blocks = [max(enc_h, map_h), parties_h] if two else [enc_h, map_h, parties_h, parties_h]
            return top + sum(blocks) + 2 * gap * len(blocks) + self._bottom_height(page_w - 2 * m, gap) + m

        page_w = w
        if height(w) > h:
            page_w = w - bar
            self._scroll_page((page_w, height(page_w)))
        col = (page_w - 3 * m) // 2 if two else page_w - 2 * m
        self.heading("title", pygame.Rect(m, m // 2, min(self.px(400), page_w - 2 * m), self.px(44)), "New battle")
        if two:
            upper = max(enc_h, map_h)
            self.encounter.build_encounter(pygame.Rect(m, top, col, upper), gap, share=1.0)
            self.encounter.build_map(pygame.Rect(2 * m + col, top, col, upper), gap, share=1.0)
            y = top + upper + gap * 2
            for side in (0, 1):
                self.party.build(side, pygame.Rect(m + side * (col + m), y, col, parties_h), gap)
            y += parties_h + gap * 2
        else:
            y = self.encounter.build_encounter(pygame.Rect(m, top, col, enc_h), gap, share=1.0) + gap * 2
            self.encounter.build_map(pygame.Rect(m, y, col, map_h), gap, share=1.0)
            y += map_h + gap * 2
            for side in (0, 1):
                self.party.build(side, pygame.Rect(m, y, col, parties_h), gap)
                y += parties_h + gap * 2
        self._build_footer(pygame.Rect(m, y, page_w - 2 * m, self._bottom_height(page_w - 2 * m, gap) - gap), gap)

    def _scroll_page(self, size: tuple[int, int], sideways: bool = False) -> None:
        """Put the screen on a page of ``size`` that scrolls in the window."""
        page = pygame_gui.elements.UIScrollingContainer(
            pygame.Rect((0, 0), self.app.size), self.manager, container=self.root, allow_scroll_x=sideways)
        self.page = self.widgets["page"] = page
        page.set_scrollable_area_dimensions(size)

    def _bottom_height(self, width: int, gap: int) -> int:
        """The options strip (its rows wrap to fit ``width``) and the row of messages, Back and Start (the
        messages above the buttons when the row is too narrow for all three)."""
        own_row = self.px(56) + gap if self._messages_above(width, gap) else 0
        return self.options.height(width, gap) + self.px(72) + gap + own_row

    def _messages_above(self, width: int, gap: int) -> bool:
        return width - 2 * (self.px(150) + gap) < self.px(220)

    def _build_waiting(self) -> None:
        """While the content is scanned: what is happening, and a way back."""
        w, h = self.app.size
        m = self.px(16)
        self.heading("title", pygame.Rect(m, m // 2, self.px(400), self.px(44)), "New battle")
        bw = min(w - 2 * m, self.px(640))
        common.text_box(self, "waiting", pygame.Rect((w - bw) // 2, h // 2 - self.px(90), bw, self.px(70)),
                        "Reading the encounters, maps and parties, and your mod folder:<br>"
                        + common.esc(self._mod_dir()))
        bw = self.px(150)
        common.button(self, "back", pygame.Rect(w // 2 - bw // 2, h // 2 + self.px(10), bw, self.px(44)), "Back",
                      None, "@big_button")

    def heading(self, key: str, rect: pygame.Rect, text: str) -> None:
        """A heading of the page or a column, on the left (a label centres its text)."""
        el = common.label(self, key, rect, text, "@heading")
        el.text_horiz_alignment = "left"
        el.rebuild()

    def _build_footer(self, r: pygame.Rect, gap: int) -> None:
        """The options strip, then the messages beside (or above) Back and Start."""
        y = self.options.build(r, gap)
        bw = self.px(150)
        box = pygame.Rect(r.x, y, r.w - 2 * (bw + gap), r.bottom - y)
        if self._messages_above(r.w, gap):  # too narrow for the three: the buttons go below the messages
            box = pygame.Rect(r.x, y, r.w, self.px(72))
            y += box.h + gap
            bw = min(bw, (r.w - gap) // 2)
            buttons = pygame.Rect(r.right - 2 * bw - gap, y, 0, r.bottom - y)
        else:
            buttons = pygame.Rect(box.right + gap, y, 0, box.h)
        common.text_box(self, "messages", box, self._messages_html())
        common.button(self, "back", pygame.Rect(buttons.x, buttons.y, bw, buttons.h), "Back", None, "@big_button")
        common.button(self, "start", pygame.Rect(buttons.x + gap + bw, buttons.y, bw, buttons.h), "Start", None,
                      "@big_button")

    def _messages_html(self) -> str:
        """Why Start failed, an uneven matchup and the mod folder's problems (or that it has none)."""
        lines = common.skipped_lines(self.libs)
        parts = []
        if self.error:
            parts.append(common.colour_span("<b>Cannot start:</b> ", theme.BAD) + common.esc(self.error)
                         .replace("\n", "<br>"))
        parts += [common.colour_span("<b>Uneven matchup:</b> ", theme.ACCENT) + common.esc(line)
                  for line in self.matchup_warnings()]
        if lines:
            parts.append(f"<b>{len(lines)} problem(s) in the mod folder</b> ({common.esc(self._mod_dir())}):<br>"
                         + common.problems_html(lines))
        if not parts:
            parts.append(common.colour_span(f"Mod folder: {common.esc(self._mod_dir())} — no problems.",
                                            theme.MUTED))
        return "<br>".join(parts)

    def choice_list(self, group: str, rect: pygame.Rect, kind: str, chosen: str) -> None:
        """The files of ``kind`` (a mod's marked) as the toggles of ``group``, ``chosen`` selected."""
        items = []
        for key, (path, loaded) in sorted(self.libs[kind].items.items()):
            name = getattr(loaded, "name", key)
            items.append((key, f"{name} (mod)" if common.origin(path) == "mod" else name))
        for b, item in common.choice_list(self, group, rect, items, chosen).items():
            self.choices[b] = (group, item)

    def matchup_warnings(self) -> list[str]:
        """Different game sizes or a large ExP gap between the chosen parties, with the figures."""
        parties = self.libs["parties"].items
        first, second = (parties.get(key) for key in self.party_keys)
        if first is None or second is None:
            return []
        return matchup_warnings(first[1], second[1])

    def _mod_dir(self) -> str:
        from game.content.library import user_mod_dir

        return str(user_mod_dir())

    # -- input ------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.widgets.get("seed"):
            self.seed_text = event.text
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            self._pressed(event.ui_element)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def _pressed(self, el: pygame_gui.core.UIElement) -> None:
        key = self.key_of(el)
        if key == "back":
            self.app.pop()
        elif key == "start":
            self.start()
        elif el in self.choices:
            self._choose(*self.choices[el])
            self.rebuild()
        elif self.options.press(el):
            self.rebuild()

    def _choose(self, group: str, item: str) -> None:
        """An encounter (and the map it was made for), a map or a side's party chosen from its list."""
        s = self.setup
        if group == "scenario":
            s.scenario = item
            made_for = self.libs["scenarios"].items[item][1].map  # the map the encounter was made for
            key = made_for.strip().lower().replace(" ", "_").replace("-", "_") if made_for else None
            if key in self.libs["maps"].items:
                s.map = key
        elif group == "map":
            s.map = item
        else:
            self.party_keys[int(group[-1])] = item

    def battle_setup(self) -> BattleSetup | str:
        """The setup the Start button would use, or why it cannot start."""
        if not self.ready:
            return "the content is still being read"
        try:
            seed = int(self.seed_text)
        except ValueError:
            return "the seed must be a whole number"
        parties = self.libs["parties"].items
        paths = []
        for side, key in enumerate(self.party_keys):
            if key not in parties:
                return f"choose a party for {SIDE_NAMES[side]}"
            paths.append(str(parties[key][0]))
        scenario = self.libs["scenarios"].items.get(self.setup.scenario)
        battle_map = self.libs["maps"].items.get(self.setup.map)
        if scenario is None or battle_map is None:
            return "choose an encounter and a map"
        return replace(self.setup, seed=seed, parties=(paths[0], paths[1]), scenario=str(scenario[0]),
                       map=str(battle_map[0]))

    def start(self) -> None:
        setup = self.battle_setup()
        self.error = setup if isinstance(setup, str) else common.start_battle(self.app, setup, how="replace")
        if not self.error:
            s = self.setup
            self.app.settings.new_battle = {"scenario": s.scenario, "map": s.map, "mode": s.mode,
                                            "ai_level": s.ai_level, "human_side": s.human_side,
                                            "parties": list(self.party_keys)}
            self.app.save_settings()
        if self.error:
            self.rebuild()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
