"""Setting up a battle: encounter, map, both parties, hotseat or the AI, the seed.

The choices live in a BattleSetup on the scene, not in the widgets, so a resize or a new UI scale
rebuilds the screen without losing them. Files come from the shipped folders and the player's mod
folder; a skipped mod file is listed with its error, and a file that fails at Start is named on
screen instead of crashing the game.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pygame
import pygame_gui

from game.content.library import Library
from game.content.maps import BattleMap
from game.content.matchup import matchup_warnings
from game.ui import theme, tokens
from game.ui.app import App, Scene
from game.ui.scenes import common
from game.ui.session import AI_LEVELS, HOTSEAT, VS_AI, BattleSetup
from game.ui.table_view import Camera, draw_terrain

SIDE_NAMES = ("Side A", "Side B")


def new_seed() -> int:
    return random.SystemRandom().randrange(1, 1_000_000)


class SetupScene(Scene):
    name = "setup"

    def __init__(self, app: App):
        super().__init__(app)
        self.widgets: dict[str, pygame_gui.core.UIElement] = {}
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
        self.choices: dict[pygame_gui.elements.UIButton, tuple[str, str]] = {}
        self._thumbs: dict[tuple[str, int], pygame.Surface] = {}
        self.libs: dict[str, Library] = {}
        self.party_keys = list(self.setup.parties)
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
        needed = top + self._left_min(gap) + bottom_h + m
        if needed > h:  # a large UI scale in a small window: the page scrolls instead of squeezing
            w, h = max(w - self.px(20), min_w), needed
            self._scroll_page((w, h))
        self._heading("title", pygame.Rect(m, m // 2, self.px(400), self.px(44)), "New battle")
        col_bottom = h - bottom_h - m
        left_w = max(self.px(250), int(w * 0.27))
        self._build_left(pygame.Rect(m, top, left_w, col_bottom - top), gap)
        party_w = (w - left_w - 4 * m) // 2
        for side in (0, 1):
            x = m * 2 + left_w + side * (party_w + m)
            self._build_party(side, pygame.Rect(x, top, party_w, col_bottom - top), gap)
        self._build_bottom(pygame.Rect(m, col_bottom + gap * 2, w - 2 * m, bottom_h - gap), gap)
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
        enc_parts, map_parts = self._left_parts()[:2], self._left_parts()[2:]
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
        self._heading("title", pygame.Rect(m, m // 2, min(self.px(400), page_w - 2 * m), self.px(44)), "New battle")
        if two:
            upper = max(enc_h, map_h)
            self._build_encounter(pygame.Rect(m, top, col, upper), gap, share=1.0)
            self._build_map(pygame.Rect(2 * m + col, top, col, upper), gap, share=1.0)
            y = top + upper + gap * 2
            for side in (0, 1):
                self._build_party(side, pygame.Rect(m + side * (col + m), y, col, parties_h), gap)
            y += parties_h + gap * 2
        else:
            y = self._build_encounter(pygame.Rect(m, top, col, enc_h), gap, share=1.0) + gap * 2
            self._build_map(pygame.Rect(m, y, col, map_h), gap, share=1.0)
            y += map_h + gap * 2
            for side in (0, 1):
                self._build_party(side, pygame.Rect(m, y, col, parties_h), gap)
                y += parties_h + gap * 2
        self._build_bottom(pygame.Rect(m, y, page_w - 2 * m, self._bottom_height(page_w - 2 * m, gap) - gap), gap)

    def _scroll_page(self, size: tuple[int, int], sideways: bool = False) -> None:
        """Put the screen on a page of ``size`` that scrolls in the window."""
        self.page = pygame_gui.elements.UIScrollingContainer(
            pygame.Rect((0, 0), self.app.size), self.manager, container=self.root, allow_scroll_x=sideways)
        self.widgets["page"] = self.page
        self.page.set_scrollable_area_dimensions(size)

    def _bottom_height(self, width: int, gap: int) -> int:
        """The options strip (its rows wrap to fit ``width``) and the row of messages, Back and Start (the
        messages above the buttons when the row is too narrow for all three)."""
        rows = 1 + max(n for n, _, _ in self._flow(width, gap))
        own_row = self.px(56) + gap if self._messages_above(width, gap) else 0
        return (self.px(34) + gap) * rows + self.px(72) + gap + own_row

    def _messages_above(self, width: int, gap: int) -> bool:
        return width - 2 * (self.px(150) + gap) < self.px(220)

    def _build_waiting(self) -> None:
        """While the content is scanned: what is happening, and a way back."""
        w, h = self.app.size
        m = self.px(16)
        self._heading("title", pygame.Rect(m, m // 2, self.px(400), self.px(44)), "New battle")
        bw = min(w - 2 * m, self.px(640))
        common.text_box(self, "waiting", pygame.Rect((w - bw) // 2, h // 2 - self.px(90), bw, self.px(70)),
                        "Reading the encounters, maps and parties, and your mod folder:<br>"
                        + common.esc(self._mod_dir()))
        bw = self.px(150)
        common.button(self, "back", pygame.Rect(w // 2 - bw // 2, h // 2 + self.px(10), bw, self.px(44)), "Back",
                      None, "@big_button")

    # the left column: headings, then (natural height, smallest height) of each part
    def _left_parts(self) -> list[tuple[int, int]]:
        item = self.px(31)
        n_enc, n_map = len(self.libs["scenarios"].items), len(self.libs["maps"].items)
        return [(n_enc * item + 2, min(n_enc, 3) * item + 2), (self.px(62), self.px(40)),
                (n_map * item + 2, min(n_map, 2) * item + 2), (self.px(150), self.px(44))]

    def _left_min(self, gap: int) -> int:
        return 2 * self.px(28) + 3 * gap + sum(low for _, low in self._left_parts())

    def _heading(self, key: str, rect: pygame.Rect, text: str) -> None:
        el = common.label(self, key, rect, text, "@heading")
        el.text_horiz_alignment = "left"
        el.rebuild()

    def _build_left(self, r: pygame.Rect, gap: int) -> None:
        """The encounter above the map, in one column: each list gets what the column spares above its smallest."""
        head = self.px(28)
        parts = self._left_parts()
        avail = r.h - 2 * head - 3 * gap
        spare = sum(nat - low for nat, low in parts)
        share = 1.0 if spare <= 0 else max(0.0, min(1.0, (avail - sum(low for _, low in parts)) / spare))
        enc_h, desc_h, _, _ = (int(low + share * (nat - low)) for nat, low in parts)
        y = self._build_encounter(pygame.Rect(r.x, r.y, r.w, head + enc_h + gap + desc_h), gap, share)
        self._build_map(pygame.Rect(r.x, y + gap, r.w, r.bottom - y - gap), gap, share)

    def _build_encounter(self, r: pygame.Rect, gap: int, share: float) -> int:
        """The encounters and the chosen one's description; returns the bottom edge."""
        head = self.px(28)
        (enc_nat, enc_low), (desc_nat, desc_low) = self._left_parts()[:2]
        enc_h = int(enc_low + share * (enc_nat - enc_low))
        self._heading("encounter_heading", pygame.Rect(r.x, r.y, r.w, head - 2), "Encounter")
        y = r.y + head
        self._choices("scenario", pygame.Rect(r.x, y, r.w, enc_h), self._items("scenarios"), self.setup.scenario)
        y += enc_h + gap
        chosen = self.libs["scenarios"].items.get(self.setup.scenario)
        desc = common.esc(getattr(chosen[1], "description", "")) if chosen else ""
        desc_h = max(int(desc_low + share * (desc_nat - desc_low)), r.bottom - y)
        common.text_box(self, "scenario_text", pygame.Rect(r.x, y, r.w, desc_h), desc)
        return y + desc_h

    def _build_map(self, r: pygame.Rect, gap: int, share: float) -> None:
        """The maps, and the chosen one drawn small beside its description, in what is left below them."""
        head = self.px(28)
        map_nat, map_low = self._left_parts()[2]
        map_h = int(map_low + share * (map_nat - map_low))
        self._heading("map_heading", pygame.Rect(r.x, r.y, r.w, head - 2), "Map")
        y = r.y + head
        self._choices("map", pygame.Rect(r.x, y, r.w, map_h), self._items("maps"), self.setup.map)
        y += map_h + gap
        size = max(self.px(40), min(r.bottom - y, r.w * 6 // 10))  # the thumbnail takes what is left
        chosen_map = self.libs["maps"].items.get(self.setup.map)
        if chosen_map is not None:
            image = self.thumbnail(self.setup.map, chosen_map[1], size)
            self.widgets["thumbnail"] = pygame_gui.elements.UIImage(
                pygame.Rect(r.x, y, size, size), image, self.manager, container=common.parent(self))
            if r.w - size - gap >= self.px(90):
                common.text_box(self, "map_text", pygame.Rect(r.x + size + gap, y, r.w - size - gap, size),
                                common.esc(chosen_map[1].description or ""))

    def _build_party(self, side: int, r: pygame.Rect, gap: int) -> None:
        role = self._role(side)
        self._heading(f"side{side}_heading", pygame.Rect(r.x + self.px(22), r.y, r.w - self.px(22), self.px(26)),
                      f"{SIDE_NAMES[side]} — {role}")
        swatch = pygame.Surface((self.px(16), self.px(16)))
        swatch.fill(theme.side_colour(side, self.app.settings.colour_blind))
        self.widgets[f"side{side}_swatch"] = pygame_gui.elements.UIImage(
            pygame.Rect(r.x, r.y + self.px(5), self.px(16), self.px(16)), swatch, self.manager,
            container=common.parent(self))
        y = r.y + self.px(28)
        parties = self.libs["parties"].items
        list_h = max(min(len(parties), 4) * self.px(31) + 2,
                     min(len(parties) * self.px(31) + 2, (r.h - self.px(28)) * 45 // 100))
        self._choices(f"party{side}", pygame.Rect(r.x, y, r.w, list_h), self._items("parties"),
                      self.party_keys[side])
        y += list_h + gap
        chosen = parties.get(self.party_keys[side])
        strip_h = self.px(34)
        if chosen is not None and r.bottom - y - strip_h >= self.px(120):  # the party's tokens, as on the table
            colour = theme.side_colour(side, self.app.settings.colour_blind)
            image = tokens.party_strip(chosen[1].models, colour, side, r.w, strip_h)
            self.widgets[f"party{side}_tokens"] = pygame_gui.elements.UIImage(
                pygame.Rect(r.x, y, r.w, strip_h), image, self.manager, container=common.parent(self))
            y += strip_h + gap // 2
        text = common.party_html(chosen[1], theme.side_colour(side, self.app.settings.colour_blind)) \
            if chosen else "No party chosen."
        common.text_box(self, f"party{side}_text", pygame.Rect(r.x, y, r.w, r.bottom - y), text)

    def _groups(self) -> list[list[tuple[str, str, int, bool | None, str | None]]]:
        """The option groups of the bottom strip: (key, text, width, chosen or None for a label, tooltip)."""
        s, px = self.setup, self.px
        state = "on" if s.declare_plan_upfront else "off"
        return [
            [("mode_label", "Mode", px(60), None, None),
             ("mode:hotseat", "Hotseat (two players)", px(190), s.mode == HOTSEAT,
              "Two players at one screen, passing the seat"),
             ("mode:ai", "Against the AI", px(150), s.mode == VS_AI, "You command one side, the computer the other")],
            [("level_label", "AI", px(36), None, None)]
            + [(f"level:{lv}", lv.capitalize(), px(84), s.ai_level == lv, None) for lv in AI_LEVELS],
            [("human_label", "You play", px(84), None, None)]
            + [(f"human:{i}", SIDE_NAMES[i], px(90), s.human_side == i, None) for i in (0, 1)],
            [("seed_label", "Seed", px(60), None, None), ("seed", "", px(130), None, None),
             ("new_seed", "New seed", px(110), False, "A new random seed: the same seed replays the same dice")],
            [("declare", f"Declare plans up front: {state}", px(260), s.declare_plan_upfront,
              "[DIG-ACT-2] Each model declares its whole action plan when it activates (on), "
              "or chooses action by action (off)")],
        ]

    def _flow(self, width: int, gap: int) -> list[tuple[int, int, list]]:
        """Groups placed left to right, wrapping to a new row when one does not fit: (row, x, group)."""
        out, row, x = [], 0, 0
        for group in self._groups():
            need = sum(item[2] + gap for item in group)
            if x > 0 and x + need > width:
                row, x = row + 1, 0
            out.append((row, x, group))
            x += need + self.px(24)
        return out

    def _build_bottom(self, r: pygame.Rect, gap: int) -> None:
        row = self.px(34)
        s = self.setup
        y = r.y
        for n, x0, group in self._flow(r.w, gap):
            x, y = r.x + x0, r.y + n * (row + gap)
            for key, text, width, chosen, tip in group:
                rect = pygame.Rect(x, y, width, row)
                x += width + gap
                if key == "seed":
                    entry = pygame_gui.elements.UITextEntryLine(rect, self.manager, container=common.parent(self),
                                                                initial_text=self.seed_text)
                    entry.set_allowed_characters("numbers")
                    entry.set_text_length_limit(9)
                    self.widgets["seed"] = entry
                elif chosen is None:
                    el = common.label(self, key, rect, text)
                    el.text_horiz_alignment = "left"
                    el.rebuild()
                else:
                    b = common.button(self, key, rect, text, tip)
                    common.select(b, chosen)
                    if s.mode == HOTSEAT and key.startswith(("level:", "human:")):
                        b.disable()
        y += row + gap
        bw = self.px(150)
        box = pygame.Rect(r.x, y, r.w - 2 * (bw + gap), r.bottom - y)
        if self._messages_above(r.w, gap):  # too narrow for the three: the buttons go below the messages
            box = pygame.Rect(r.x, y, r.w, self.px(72))
            y += box.h + gap
            bw = min(bw, (r.w - gap) // 2)
            buttons = pygame.Rect(r.right - 2 * bw - gap, y, 0, r.bottom - y)
        else:
            buttons = pygame.Rect(box.right + gap, y, 0, box.h)
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
        common.text_box(self, "messages", box, "<br>".join(parts))
        common.button(self, "back", pygame.Rect(buttons.x, buttons.y, bw, buttons.h), "Back", None, "@big_button")
        common.button(self, "start", pygame.Rect(buttons.x + gap + bw, buttons.y, bw, buttons.h), "Start", None,
                      "@big_button")

    def _choices(self, group: str, rect: pygame.Rect, items: list[tuple[str, str]], chosen: str) -> None:
        for b, item in common.choice_list(self, group, rect, items, chosen).items():
            self.choices[b] = (group, item)

    def _items(self, kind: str) -> list[tuple[str, str]]:
        out = []
        for key, (path, loaded) in sorted(self.libs[kind].items.items()):
            name = getattr(loaded, "name", key)
            out.append((key, f"{name} (mod)" if common.origin(path) == "mod" else name))
        return out

    def matchup_warnings(self) -> list[str]:
        """Different game sizes or a large ExP gap between the chosen parties, with the figures."""
        parties = self.libs["parties"].items
        chosen = [parties.get(key) for key in self.party_keys]
        if any(c is None for c in chosen):
            return []
        return matchup_warnings(chosen[0][1], chosen[1][1])

    def _role(self, side: int) -> str:
        s = self.setup
        if s.mode == HOTSEAT:
            return "player 1" if side == 0 else "player 2"
        return "you" if side == s.human_side else f"AI ({s.ai_level})"

    def _mod_dir(self) -> str:
        from game.content.library import user_mod_dir

        return str(user_mod_dir())

    def thumbnail(self, key: str, battle_map: BattleMap, size: int) -> pygame.Surface:
        """The map drawn small, as the battle will show it."""
        if (key, size) not in self._thumbs:
            surf = pygame.Surface((size, size))
            surf.fill(theme.PANEL)
            draw_terrain(surf, battle_map, Camera.fit(pygame.Rect(0, 0, size, size), margin=2), labels=False)
            self._thumbs[(key, size)] = surf
        return self._thumbs[(key, size)]

    # -- input ------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.widgets.get("seed"):
            self.seed_text = event.text
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            self._pressed(event.ui_element)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def _pressed(self, el: pygame_gui.core.UIElement) -> None:
        w, s = self.widgets, self.setup
        if el in self.choices:
            group, item = self.choices[el]
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
        elif el is w.get("mode:hotseat"):
            s.mode = HOTSEAT
        elif el is w.get("mode:ai"):
            s.mode = VS_AI
        elif any(el is w.get(f"level:{level}") for level in AI_LEVELS):
            s.ai_level = next(level for level in AI_LEVELS if el is w.get(f"level:{level}"))
        elif el is w.get("human:0") or el is w.get("human:1"):
            s.human_side = 0 if el is w.get("human:0") else 1
        elif el is w.get("new_seed"):
            self.seed_text = str(new_seed())
        elif el is w.get("declare"):
            s.declare_plan_upfront = not s.declare_plan_upfront
        elif el is w.get("back"):
            self.app.pop()
            return
        elif el is w.get("start"):
            self.start()
            return
        else:
            return
        self.rebuild()

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
        files = {kind: self.libs[kind].items.get(key) for kind, key in
                 (("scenarios", self.setup.scenario), ("maps", self.setup.map))}
        if any(v is None for v in files.values()):
            return "choose an encounter and a map"
        return replace(self.setup, seed=seed, parties=(paths[0], paths[1]), scenario=str(files["scenarios"][0]),
                       map=str(files["maps"][0]))

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
