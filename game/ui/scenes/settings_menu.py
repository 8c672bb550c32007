"""The player's settings: window, fullscreen, UI scale, colour-blind palette, animation speed, sound, plans,
take-backs, Fate questions in the other side's turn.

Every change is applied at once and saved (atomically) to the user config folder, so there is
no "apply" step to forget.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import pygame
import pygame_gui

from game.ui import theme
from game.ui.app import App, Scene
from game.ui.scenes import common
from game.ui.settings import MIN_WINDOW, SCALES, SPEEDS, fit_to_screen
from game.ui.sound import VOLUMES

# from the smallest window every scene fits (settings.MIN_WINDOW) to 4K; those larger than the screen are left out
WINDOW_SIZES = ((1000, 650), (1280, 800), (1600, 900), (1920, 1080), (2560, 1440), (3840, 2160))
SPEED_TIPS = {"slow": "About a second per AI action; the effects on the table at half speed",
              "normal": "About half a second per AI action",
              "fast": "A quick glimpse of each AI action and effect",
              "instant": "Nothing is animated: the AI's actions and their effects at once"}


def window_sizes() -> list[tuple[int, int]]:
    """The window sizes offered: WINDOW_SIZES no larger than the screen (all when its size is not known)."""
    from game.ui.main import desktop_size

    top = desktop_size()
    return [(w, h) for w, h in WINDOW_SIZES if top is None or (w <= top[0] and h <= top[1])] or [MIN_WINDOW]


ROW_LABELS = ("Window size", "Fullscreen (F11)", "UI scale", "Side colours", "Animation speed", "Sound effects (M)",
              "Action plans", "Take-backs (Ctrl+Z)", "Fate in the enemy's turn")


@dataclass(frozen=True)
class Setting:
    """A setting's button: which setting (``group``) and the value it chooses."""

    group: str
    value: str


class SettingsScene(Scene):
    name = "settings"

    def __init__(self, app: App):
        super().__init__(app)
        self.settings_of: dict[pygame_gui.core.UIElement, Setting] = {}  # each choice's button
        self.saved_note = ""
        self.page: pygame_gui.elements.UIScrollingContainer | None = None

    def build(self) -> None:
        self.page = None
        w, h = self.app.size
        need = self._lay_out(w, h, squeeze=True)
        if need > h:  # a large UI scale in a small window, squeezed and still too tall: a page that scrolls
            for el in self.widgets.values():  # above Back, which stays in sight below it
                el.kill()
            w, h = common.page(self, w, self._lay_out(w, 10 ** 6, squeeze=False, measure=True), self._footer())
            self._lay_out(w, h, squeeze=False)
            self._preview_y: int | None = None  # (drawn on the window, it would not scroll with the page)

    def _footer(self) -> int:
        """The strip below a scrolling page that keeps Back in sight."""
        return self.px(50) + 2 * self.px(8)

    def _lay_out(self, w: int, h: int, squeeze: bool, measure: bool = False) -> int:
        """The rows in a ``w`` × ``h`` area; returns the height they need (``measure``: no widgets kept)."""
        self.widgets = {k: v for k, v in self.widgets.items() if k == "page"}
        self.settings_of = {}
        s = self.app.settings
        # a large UI scale in a small window: squeeze rows
        fit = min(1.0, (h - self.px(20)) / self.px(642)) if squeeze else 1.0

        def v(n: float) -> int:
            return round(self.px(n) * fit)

        body = theme.font(self.px(14))
        row, gap = max(v(36), body.get_linesize() + 6), v(10)
        label_w = min(self.px(230), max(body.size(t)[0] for t in ROW_LABELS) + self.px(16))
        total_w = min(w - self.px(40), label_w + self.px(720))
        x0 = (w - total_w) // 2
        y = max(v(10), h // 2 - self.px(348)) if squeeze else v(10)
        title_h = max(min(self.px(56), v(70)), theme.font(self.px(34), bold=True).get_linesize())
        title = common.label(self, "title", pygame.Rect(x0, y, total_w, title_h), "Settings", "@title")
        title.text_horiz_alignment = "left"
        title.rebuild()
        y += max(v(70), title_h + gap)

        def line(key: str, text: str, options: list[tuple[str, str, bool, str | None]]) -> None:
            nonlocal y
            lab = common.label(self, f"{key}_label", pygame.Rect(x0, y, label_w, row), text)
            lab.text_horiz_alignment = "left"
            lab.rebuild()
            room = total_w - label_w
            per_row = len(options)  # as many a row as have room for their captions (more rows at a large scale)
            while per_row > 1 and any(body.size(c)[0] > (room - gap * (per_row - 1)) // per_row - 24
                                      for _, c, _, _ in options):
                per_row -= 1
            width = min((room - gap * (per_row - 1)) // per_row, self.px(170))
            for n, (item, caption, on, tip) in enumerate(options):
                x = x0 + label_w + (n % per_row) * (width + gap)
                b = common.button(self, f"{key}:{item}", pygame.Rect(x, y, width, row), caption, tip)
                common.select(b, on)
                self.settings_of[b] = Setting(key, item)
                if n % per_row == per_row - 1 or n == len(options) - 1:
                    y += row + gap

        fs = s.fullscreen
        line("size", "Window size", [(f"{a}x{b}", f"{a} × {b}", (s.width, s.height) == (a, b) and not fs,
                                      "Used when not in fullscreen" if fs else None) for a, b in window_sizes()])
        line("fullscreen", "Fullscreen (F11)", [("off", "Window", not fs, None), ("on", "Fullscreen", fs, None)])
        line("scale", "UI scale", [(str(v), f"{round(v * 100)} %", abs(s.ui_scale - v) < 1e-6, None)
                                   for v in SCALES])
        line("colour_blind", "Side colours", [
            ("off", "Red / blue", not s.colour_blind, "The standard side colours"),
            ("on", "Orange / blue", s.colour_blind, "A palette safe for red-green colour blindness")])
        line("animation", "Animation speed", [(v, v.capitalize(), s.animation == v, SPEED_TIPS[v])
                                              for v in SPEEDS])
        line("volume", "Sound effects (M)", [("muted", "Muted", s.muted, "No sound; M switches it in a battle")] + [
            (str(v), f"{round(v * 100)} %", not s.muted and abs(s.volume - v) < 1e-6, None) for v in VOLUMES])
        line("declare", "Action plans", [
            ("on", "Declared up front", s.declare_plan_upfront,
             "[DIG-ACT-2] A model declares its whole plan when it activates"),
            ("off", "Action by action", not s.declare_plan_upfront,
             "[DIG-ACT-2] A model chooses each action after the last one")])
        line("takebacks", "Take-backs (Ctrl+Z)", [
            ("strict", "Until dice roll", s.takebacks == "strict",
             "Take back your own decisions while no die has been rolled or drawn since"),
            ("casual", "Anything", s.takebacks == "casual", "A friendly game: take back any decision of yours"),
            ("none", "None", s.takebacks == "none", "A tournament: every decision stands")])
        line("fate_questions", "Fate in the enemy's turn", [
            ("always", "Always ask", s.fate_questions == "always",
             "[FATE-2] [FATE-4] Winds of Kismet and Cursed Hand are offered whenever you have the Fate"),
            ("matters", "When it matters", s.fate_questions == "matters",
             "Asked only when the answer can change something: a model that could attack, a roll the -1 can "
             "lower"),
            ("never", "Never", s.fate_questions == "never",
             "Never asked: you keep your Fate in the other side's turn")])
        y += gap
        self._preview_y = y if y + v(40) <= h - v(56) - gap else None  # (left out when Back would cover it)
        y += v(40) if self._preview_y is not None else 0
        from game.ui.settings import config_path

        note = f"Saved to {config_path()}" + (f" — {self.saved_note}" if self.saved_note else "")
        small = theme.font(self.px(12))
        while len(note) > 12 and small.size(note)[0] > total_w - 16:  # a long path loses its middle
            half = len(note) // 2
            note = note[:half - 2] + "…" + note[half + 2:].lstrip("…")
        note_h = max(v(24), small.get_linesize() + 4)
        if y + note_h <= h - v(56) - gap:  # (left out when a large scale leaves no room above Back)
            info = common.label(self, "saved", pygame.Rect(x0, y, total_w, note_h), note, "@small")
            info.text_horiz_alignment = "left"
            info.rebuild()
        y += max(v(34), small.get_linesize() + 10)
        need = y + v(50) + v(6)
        if self.page is None:
            common.button(self, "back", pygame.Rect(x0, min(y, h - v(56)), self.px(200), v(50)), "Back",
                          None, "@big_button")
        elif not measure:
            with common.in_root(self):
                common.button(self, "back", pygame.Rect(x0, self.app.size[1] - self.px(58), self.px(200),
                                                        self.px(50)), "Back", None, "@big_button")
        self._x0, self._total_w = x0, total_w
        if measure:
            for key, el in list(self.widgets.items()):
                if key != "page":
                    el.kill()
                    del self.widgets[key]
        return need

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        setting = self.settings_of.get(event.ui_element)
        if setting is not None:
            self.apply(setting.group, setting.value)
        elif self.key_of(event.ui_element) == "back":
            self.app.pop()

    def apply(self, group: str, value: str) -> None:
        """One choice: change the setting, apply it to the window or the theme, save."""
        s = self.app.settings
        if group == "size":
            width, height = (int(v) for v in value.split("x"))
            if s.fullscreen:
                s.width, s.height = width, height  # for when the window comes back
            else:
                pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=width, h=height, size=(width, height)))
        elif group == "fullscreen":
            if (value == "on") != s.fullscreen:
                self.app.toggle_fullscreen()  # saves and rebuilds every scene
                return
        elif group == "scale":
            wanted = float(value)
            fitted = replace(s, ui_scale=wanted)
            fit_to_screen(fitted, (s.width, s.height))  # no larger than the window shows whole
            self.app.set_ui_scale(fitted.ui_scale)
        elif group == "colour_blind":
            s.colour_blind = value == "on"
        elif group == "animation":
            s.animation = value
        elif group == "volume":
            s.muted = value == "muted"
            s.volume = s.volume if s.muted else float(value)
        elif group == "declare":
            s.declare_plan_upfront = value == "on"
        elif group == "takebacks":
            s.takebacks = value
        elif group == "fate_questions":
            s.fate_questions = value
        else:
            return
        problem = self.app.save_settings()
        self.saved_note = problem or "saved"
        if group == "scale" and abs(s.ui_scale - float(value)) > 1e-9 and not problem:
            self.saved_note = (f"saved; a scale of {float(value):g} does not fit this {s.width}×{s.height} window, "
                               f"so {s.ui_scale:g} is used")
        if self.root is not None:
            self.rebuild()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        y = getattr(self, "_preview_y", None)
        if y is None:
            return
        # the two side colours as the battle uses them
        cb = self.app.settings.colour_blind
        f = theme.font(self.px(14))
        x = self._x0
        img = f.render("Preview:", True, theme.MUTED)
        surface.blit(img, (x, y + self.px(8)))
        x += img.get_width() + self.px(16)
        r = self.px(13)
        for side, name in ((0, "Side A"), (1, "Side B")):
            centre = (x + r, y + self.px(18))
            pygame.draw.circle(surface, theme.side_colour(side, cb), centre, r)
            pygame.draw.circle(surface, theme.INK, centre, r, 2)
            img = f.render(name, True, theme.INK)
            surface.blit(img, (x + 2 * r + self.px(8), y + self.px(8)))
            x += 2 * r + img.get_width() + self.px(30)
