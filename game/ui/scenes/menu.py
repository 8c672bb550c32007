"""The main menu: a quick battle at once, a battle set up in detail, a campaign, the settings, quit.

It also tells the player what went wrong at start-up (a broken settings file, skipped mod files)
instead of hiding it in a console. The mod folder is scanned in the background so the menu
appears at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.ui import theme
from game.ui.app import App, Scene
from game.ui.scenes import common

if TYPE_CHECKING:
    from game.saves.store import Listed
    from game.ui.session import BattleSetup

CONTINUE = ("continue", "Continue", None)  # shown when the autosave holds an unfinished battle
BUTTONS = (
    ("quick", "Quick battle", "An Engagement on Village Ruins: Ghrim Company against the Northmen Raiding "
                              "Party (192 and 200 of 200 ExP), you against the normal AI, a random seed"),
    ("new", "New battle", "Choose the encounter, the map, both parties, hotseat or the AI, and the seed"),
    ("campaign", "Campaign", "Encounters played one after another by the same two parties: casualties may be "
                             "lost, ExP won is banked to spend between games"),
    ("load", "Load", "Saved battles and replays: resume one where it stopped"),
    ("parties", "Parties", "Build and keep your own parties: live points, every rule explained, a roster card, "
                           "and AI games to see how a party fares"),
    ("editor", "Map editor", "Draw your own battlefields, judged by the game's own rules; open a shipped map "
                             "to make a copy of it"),
    ("settings", "Settings", "Window, UI scale, colour-blind palette, animation speed"),
    ("quit", "Quit", None),
)


SYSTEMS_AFTER = "parties"  # the other rule systems' buttons come after this one, one a system


def system_buttons() -> list[tuple[str, str, str | None]]:
    """One button for each registered rule system other than the first (``system:<id>``): its title, and the
    line it gives of itself (``RuleSystem.extra["blurb"]``)."""
    from game.systems import DEFAULT, SYSTEMS

    return [(f"system:{s.id}", s.title, s.extra.get("blurb") or f"Another rule system on the same table: {s.title}")
            for s in SYSTEMS.values() if s.id != DEFAULT]


def quick_setup(seed: int | None = None) -> BattleSetup:
    """The default Engagement (game.paths.DEFAULT_MATCHUP on the default map, against the normal AI)."""
    from game.ui.session import BattleSetup  # the engine is imported when a battle starts, not for the menu

    setup = BattleSetup()
    if seed is not None:
        setup.seed = seed
    return setup


class MainMenu(Scene):
    name = "menu"

    def __init__(self, app: App):
        super().__init__(app)
        self.error: str | None = None  # why the last battle could not start
        self.mod_lines: list[str] | None = None  # skipped mod files, once the background scan is done
        self.frames = 0
        self.resume: Listed | None = None  # the autosave's listing when it holds an unfinished battle
        self.shown_buttons: list[tuple[str, str, str | None]] = []  # (key, text, tip) of the page built

    def enter(self) -> None:
        self._look_for_autosave()
        super().enter()

    def uncover(self) -> None:
        self._look_for_autosave()
        self.rebuild()
        super().uncover()

    def _look_for_autosave(self) -> None:
        from game.saves.store import last_unfinished

        self.resume = last_unfinished()

    def _buttons(self) -> list[tuple[str, str, str | None]]:
        after = [k for k, _, _ in BUTTONS].index(SYSTEMS_AFTER) + 1
        buttons = [*BUTTONS[:after], *system_buttons(), *BUTTONS[after:]]
        if self.resume is None:
            return buttons
        from game.core.names import shown_name as n

        if self.resume.record is None:
            return [(*CONTINUE[:2], f"The last battle's autosave cannot be opened. "
                                    f"{self.resume.headline or ''} Load lists it with the reason."), *buttons]
        sm = self.resume.summary  # played back: the game's own, not what the file says
        against = "hotseat" if sm["mode"] == "hotseat" else f"against the {sm['ai_level']} AI"
        tip = (f"{n(sm['encounter'])} on {n(sm['map'])}, turn {sm['turn']}: {n(sm['parties'][0])} "
               f"{sm['scores'][0]} – {sm['scores'][1]} {n(sm['parties'][1])} ({against}), at the decision "
               "where it stopped")
        return [(*CONTINUE[:2], tip), *buttons]

    def problems(self) -> list[str]:
        out = list(self.app.startup_problems)
        if self.mod_lines:
            out += self.mod_lines
        if self.error:
            out.append(self.error)
        return out

    def build(self) -> None:
        self.widgets = {}
        problems = self.problems()
        buttons = self.shown_buttons = self._buttons()
        # buttons as tall as the window allows: 64 px a row, down to 52; two columns when one would not fit and
        # the window is wide enough, then without the subtitle, then three columns, before the page scrolls (a
        # large scale in a small window: 1000x650 at 200 % shows every button)
        wide, tall = (n / self.app.settings.ui_scale for n in self.app.size)
        note = 110 if problems else 0
        for cols, subtitle in ((1, True), (2, True), (1, False), (2, False), (3, False)):
            if cols > 1 and wide < 440:
                continue
            fixed = 20 + (108 if subtitle else 66) + 40 + note
            rows = (len(buttons) + cols - 1) // cols
            row = max(52, min(64, (tall - fixed) / rows))
            if fixed + rows * row <= tall:
                break
        w, h = common.page(self, self.px(400), self.px(fixed + rows * row))
        cx = w // 2
        y = max(self.px(20), h // 2 - self.px(fixed + rows * row) // 2)
        tw = min(self.px(600), w - self.px(8))  # (no wider than the page)
        common.label(self, "title", pygame.Rect(cx - tw // 2, y, tw, self.px(60)), "Iron & Honor", "@title")
        y += self.px(58)
        if subtitle:
            common.label(self, "subtitle", pygame.Rect(cx - tw // 2, y, tw, self.px(24)),
                         "A skirmish of heroes, companions and followers", "@small")
            y += self.px(50)
        else:
            y += self.px(8)
        bw, bh = self.px(min(320, (wide - 60) // cols)), self.px(row - 14)
        gap = self.px(16)
        for k, (key, text, tip) in enumerate(buttons):
            col, r = k // rows, k % rows
            x = cx - (cols * bw + (cols - 1) * gap) // 2 + col * (bw + gap)
            common.button(self, key, pygame.Rect(x, y + r * self.px(row), bw, bh), text, tip, "@big_button")
        y += rows * self.px(row)
        if problems:
            y += self.px(10)
            bw = min(w - self.px(40), self.px(820))
            height = max(self.px(60), min(self.px(200), h - y - self.px(40)))
            common.text_box(self, "problems", pygame.Rect(cx - bw // 2, y, bw, height),
                            "<b>Please note</b><br>" + common.problems_html(problems), "@small")
        common.label(self, "footer", pygame.Rect(0, h - self.px(30), w, self.px(24)),
                     "F1 help   ·   F11 fullscreen", "@small")

    def update(self, dt: float) -> None:
        self.frames += 1
        if self.frames == 2 and common.scanned() is None:
            common.warm_up()  # after the first frame is on screen: the scan takes about half a second
        if self.mod_lines is None:
            libs = common.scanned()
            if libs is not None:
                self.mod_lines = common.skipped_lines(libs)
                if self.mod_lines:
                    self.rebuild()

    def still(self) -> object | None:
        """Still once the content scan is done (its problems may still add lines before)."""
        if self.frames < 3 or self.mod_lines is None:
            return None
        return (self.error, len(self.mod_lines))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            w = self.widgets
            if event.ui_element is w.get("quick"):
                self.quick_battle()
            elif event.ui_element is w.get("continue"):
                self.continue_battle()
            elif event.ui_element is w.get("new"):
                from game.ui.scenes.setup import SetupScene

                self.app.push(SetupScene(self.app))
            elif event.ui_element is w.get("campaign"):
                from game.ui.scenes.campaign_menu import CampaignMenuScene

                self.app.push(CampaignMenuScene(self.app))
            elif event.ui_element is w.get("load"):
                from game.ui.scenes.load import LoadScene

                self.app.push(LoadScene(self.app))
            elif event.ui_element is w.get("parties"):
                from game.ui.scenes.parties import PartiesScene

                self.app.push(PartiesScene(self.app))
            elif (self.key_of(event.ui_element) or "").startswith("system:"):
                from game.ui.scenes.system_setup import SystemSetupScene

                self.app.push(SystemSetupScene(self.app, (self.key_of(event.ui_element) or "").partition(":")[2]))
            elif event.ui_element is w.get("editor"):
                from game.ui.scenes.editor import EditorScene

                self.app.push(EditorScene(self.app))
            elif event.ui_element is w.get("settings"):
                from game.ui.scenes.settings_menu import SettingsScene

                self.app.push(SettingsScene(self.app))
            elif event.ui_element is w.get("quit"):
                self.app.running = False

    def continue_battle(self) -> None:
        """The last unfinished battle at the decision where it stopped, or why it cannot be resumed."""
        if self.resume is None:
            return
        self.error = common.resume_battle(self.app, self.resume.path)
        if self.error:  # else the battle covers the menu: widgets built now would show over it
            self.rebuild()

    def quick_battle(self, seed: int | None = None) -> None:
        self.error = common.start_battle(self.app, quick_setup(seed))
        if self.error:
            self.rebuild()

    def draw(self, surface: pygame.Surface) -> None:
        """The title screen: a corner of a table in the game's look, dimmed, a panel behind the menu and the
        title between two emblems; bands in the side colours top and bottom."""
        from game.ui import title_art
        from game.ui.icons import icon

        w, h = surface.get_size()
        cb = self.app.settings.colour_blind
        surface.blit(title_art.backdrop((w, h), cb), (0, 0))
        column = [el.rect for key, el in self.widgets.items() if key in ("title", "subtitle") or
                  key in {k for k, _, _ in self.shown_buttons}]
        if column:
            panel = column[0].unionall(column[1:]).inflate(self.px(48), self.px(28))
            shade = pygame.Surface(panel.size, pygame.SRCALPHA)
            shade.fill((*theme.BG, 215))
            surface.blit(shade, panel.topleft)
            pygame.draw.rect(surface, theme.ACCENT, panel, 2, border_radius=self.px(6))
        title = self.widgets.get("title")
        if title is not None:
            half = theme.font(self.px(34), bold=True).size("Iron & Honor")[0] // 2
            size = self.px(40)
            mark = icon("title", size, theme.ACCENT)
            for sx in (-1, 1):
                surface.blit(mark, mark.get_rect(center=(title.rect.centerx + sx * (half + self.px(34)),
                                                         title.rect.centery)))
        band = self.px(6)
        pygame.draw.rect(surface, theme.side_colour(0, cb), (0, 0, w, band))
        pygame.draw.rect(surface, theme.side_colour(1, cb), (0, h - band, w, band))
