"""The battle: the table through a camera, the status and the prompt in a side panel, the log below.

Every question comes from the engine as a Decision; the scene shows it and hands back the player's
answer, or lets the AI answer at a watchable pace. Deployment is the same scene: the encounter's
set-up decisions come first, with the zones drawn.

The scene splits the screen into the table and the side panel and composes its parts (game/ui/battle/): the
PanelLayout (the side panel's areas), the PromptPanel (the question and its answers), the TurnFlow (the results,
a declined Fate question, the hand-off before a question is shown), the Briefing (the scenario's briefing,
objectives and stories on cards), the AiPacer (the AI's moves at a watchable
pace), the LogFeed (what new events show), the TableInput (mouse and keys), the Overlays (what is drawn over the
table) and the Exits (leaving and saving). Buttons and keys carry typed commands (commands.py) that `do` runs.
"""

from __future__ import annotations

import pygame
import pygame_gui

from game.rules.decisions import Answer
from game.rules.state import GameState
from game.ui import theme
from game.ui.app import App, Scene
from game.ui.battle import previews
from game.ui.battle.ai_pacer import AiPacer
from game.ui.battle.briefing import Briefing
from game.ui.battle.commands import Command, Control
from game.ui.battle.dice_view import DiceTray
from game.ui.battle.exits import Exits
from game.ui.battle.log_feed import LogFeed
from game.ui.battle.log_panel import LogPanel
from game.ui.battle.motion import Motion
from game.ui.battle.overlays import Overlays
from game.ui.battle.panel_layout import PanelLayout
from game.ui.battle.prompt_panel import PromptPanel
from game.ui.battle.prompts import Prompt
from game.ui.battle.table_input import TableInput
from game.ui.battle.turn_flow import TurnFlow
from game.ui.session import BattleSession
from game.ui.sound import toggle_mute
from game.ui.table_view import Camera, draw_state


class BattleScene(Scene):
    name = "battle"

    def __init__(self, app: App, session: BattleSession):
        super().__init__(app)
        self.session = session
        self.cam: Camera | None = None
        self._fitted_for: tuple[int, int] | None = None  # the table's size the camera was last fitted to
        self._fit = 1.0  # the panel's squeeze (pp)
        self.table_rect = pygame.Rect(0, 0, 100, 100)
        self.panel_rect = pygame.Rect(0, 0, 100, 100)
        self.show_rings = True
        self.show_log = True
        self.log_panel: LogPanel | None = None  # made by the layout
        self.dice_tray: DiceTray | None = None
        self.layout = PanelLayout(self)
        self.flow = TurnFlow(self)
        self.exits = Exits(self)
        self.panel = PromptPanel(self)
        self.pacer = AiPacer(session)
        self.feed = LogFeed(self)
        self.briefing = Briefing(self)
        self.input = TableInput(self)
        self.overlays = Overlays(self)
        self.motion = Motion(app.settings)  # lunges, flashes, floating results, fades, pushes, pulses; sounds

    @property
    def state(self) -> GameState:
        return self.session.state

    @property
    def prompt(self) -> Prompt | None:
        """What a click on the table answers (None: not a human's question)."""
        return self.panel.prompt

    # -- layout ---------------------------------------------------------------------------
    def build(self) -> None:
        """The table on the left, the side panel (the PanelLayout's) on the right."""
        w, h = self.app.size
        # the panel's lengths at the UI scale, squeezed when a large scale meets a small window
        self._fit = min(1.0, h / self.px(760), (w / 2) / self.px(420))
        # never narrower than its text needs, at most half (three fifths in a window short for the scale, as
        # 1000x650 at 200 %: the question and its answers wrap less)
        short = h < self.px(420)
        panel_w = max(self.pp(420), min(w * 3 // 5 if short else w // 2, self.px(300 if not short else 600)))
        self.table_rect = pygame.Rect(0, 0, w - panel_w, h)
        self.panel_rect = pygame.Rect(w - panel_w, 0, panel_w, h)
        if self.cam is None or self._fitted_for != self.table_rect.size:
            self.cam = Camera.fit(self.table_rect, margin=self.px(12))
            self._fitted_for = self.table_rect.size
        self.widgets = {}
        box, options = self.layout.build(self.panel_rect, short)
        if self.dice_tray is None:
            self.dice_tray = DiceTray(state=self.state)
        self.dice_tray.scale = self.app.settings.ui_scale
        self.dice_tray.colour_blind = self.app.settings.colour_blind  # the tray's edges in the table's palette
        self.panel.attach(box, options, self.layout.options_rect)  # the answers rebuilt

    def cover(self) -> None:
        """A cover (the Maintenance summary, a hand-off) stops this scene's clock: the roll in the tray shows its
        result, never a die frozen mid-tumble behind it."""
        super().cover()
        self.skip_motion()

    def pp(self, n: float) -> int:
        """A panel length: the UI scale, squeezed when a large scale meets a small window."""
        return max(1, round(self.px(n) * self._fit))

    # -- answers and messages -------------------------------------------------------------------
    def is_active_side(self, side: int) -> bool:
        active = self.state.active_model
        return active is None or self.state.model(active).side == side

    def focus_model(self) -> str | None:
        """The model the question is about, else the activating one, else the one the player looks at."""
        d = self.session.pending
        if d is not None and d.context.get("model") in self.state.models:
            return d.context["model"]
        return self.state.active_model or self.input.selected

    def give(self, answer: Answer) -> None:
        """Hand an answer to the engine; a refusal is shown, never raised."""
        why = self.session.answer(answer)
        if why:
            self.flash(why)
        self.panel.sync()

    def flash(self, text: str, bad: bool = True, seconds: float = 4.0) -> None:
        """A message across the top of the table: a refusal (red) or news (``bad`` False: slate)."""
        self.overlays.flash(text, bad, seconds)

    # -- per frame -----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.panel.update(dt)
        self.overlays.update(dt)
        self.input.update(dt)
        self.motion.update(dt)
        self.feed.update(dt)
        self.feed.read()
        if self.dice_tray is not None:
            self.dice_tray.update(dt)
        flow = self.flow
        if self.app.top is not self or self.briefing.story() or flow.ended(dt) or self.feed.hold_for_summary(dt) \
                or flow.declined() or self.briefing.brief() or flow.hand_off():
            return
        d = self.session.pending
        if d is not None and not self.session.human_turn() and self.pacer.run(dt, self.app.settings.animation):
            self.feed.read()
        if self.feed.summary_due is not None or flow.declined():  # the turn's end is to be seen first; a Fate
            return  # question declined for the player is never shown, not even for a frame
        self.panel.sync()
        if [k for k, *_ in self.layout.controls()] != self.layout.controls_built:
            self.rebuild()  # the player's deployment begins (Auto-deploy comes) or is over (it goes)
        if self.prompt is not None:
            self.prompt.settle()
        if self.log_panel is not None:
            self.log_panel.update(dt)
        focus = self.focus_model()
        if focus in self.state.models and self.state.model(focus).on_table:
            previews.warm_odds(self.state, focus, budget_s=0.003)  # the first hover on an enemy costs nothing

    def still(self) -> object | None:
        """Waiting for a human's input with nothing moving: a key of what the screen shows."""
        session = self.session
        if session.over or session.pending is None or not session.human_turn() or self.motion.busy \
                or self.feed.moving or self.overlays.message_time > 0 or self.cam is None \
                or (self.dice_tray is not None and self.dice_tray.rolling):
            return None
        cam = self.cam
        return (len(self.state.log), id(session.pending), id(self.prompt), self.input.selected,
                cam.ox, cam.oy, cam.scale, self.app.settings.colour_blind, self.app.size)

    # -- input ------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if self.log_panel is not None and self.log_panel.handle(event):
            return
        if self._odds_card_event(event):
            return
        if event.type == pygame_gui.UI_TEXT_BOX_LINK_CLICKED:
            self.open_rule(str(event.link_target))
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            self._button(event.ui_element)
        else:
            self.input.handle(event)

    def _button(self, element: pygame_gui.core.UIElement) -> None:
        command: Command | None = self.panel.command_of(element)
        if command is None:
            command = next((c for c in Control if self.widgets.get(c.value) is element), None)
        if command is not None:
            self.do(command)

    def do(self, command: Command) -> None:
        """Run what a button or a key asks for."""
        if not isinstance(command, Control):
            self.panel.run(command)
            return
        {Control.FIT: self.fit, Control.RINGS: self.toggle_rings, Control.LOG: self.open_log,
         Control.AUTO: self.auto_deploy, Control.SLOWER: lambda: self.change_speed(-1),
         Control.FASTER: lambda: self.change_speed(+1), Control.SKIP: self.skip,
         Control.MENU: self.exits.ask_to_leave, Control.SAVE: self.exits.ask_save_name,
         Control.TAKE_BACK: self.take_back, Control.DESELECT: self.input.deselect, Control.MUTE: self.mute,
         Control.OBJECTIVES: self.briefing.show_objectives}[command]()

    def _odds_card_event(self, event: pygame.event.Event) -> bool:
        """A click on the odds card opens the rule of the modifier under it; the card takes the click."""
        taken, rule = self.overlays.odds_card.click(event)
        if rule:
            self.open_rule(rule)
        return taken

    # -- controls -----------------------------------------------------------------------------------
    def take_back(self) -> None:
        """Ctrl+Z: the player's last decision, under the take-back setting; the table shows the game as it was."""
        why = self.session.undo(self.app.settings.takebacks)
        if why is not None:
            self.flash(f"Cannot take back: {why}.")
            return
        self.input.selected = None
        self.skip_motion()  # (effects of what was taken back)
        self.rebuild()
        self.flash(self.session.taken_back[-1], bad=False)

    def skip(self) -> None:
        """S, Skip: the effects end at once and the AI plays at once until the player is asked."""
        self.pacer.skip_to_human()
        self.skip_motion()

    def mute(self) -> None:
        self.flash(toggle_mute(self.app.settings), bad=False, seconds=2.0)
        self.app.save_settings()

    def skip_motion(self) -> None:
        """The effects on the table, the base sliding along its route and the dice end at once."""
        self.motion.skip()
        self.feed.moving.clear()
        if self.dice_tray is not None:
            self.dice_tray.finish()

    def fit(self) -> None:
        self.cam = Camera.fit(self.table_rect, margin=self.px(12))

    def open_log(self) -> None:
        """The battle log in a large view over the battle (L, the Log button)."""
        from game.ui.scenes.log_view import LogView

        self.app.push(LogView(self.app, self.state))

    def open_rule(self, rule: str) -> None:
        """The rules reference at ``rule`` (a rule-ID link in the log, the prompt or the odds card)."""
        from game.ui.scenes.rules import open_rules

        open_rules(self.app, rule)

    def toggle_rings(self) -> None:
        self.show_rings = not self.show_rings

    def toggle_log(self) -> None:
        self.show_log = not self.show_log
        if self.log_panel is not None:
            (self.log_panel.show if self.show_log else self.log_panel.hide)()

    def change_speed(self, step: int) -> None:
        from game.ui.settings import SPEEDS

        i = SPEEDS.index(self.app.settings.animation) if self.app.settings.animation in SPEEDS else 1
        self.app.settings.animation = SPEEDS[min(max(i + step, 0), len(SPEEDS) - 1)]
        self.flash(f"AI speed: {self.app.settings.animation}", bad=False, seconds=2.0)  # news, not a refusal
        self.app.save_settings()

    def auto_deploy(self) -> None:
        d = self.session.pending
        if d is None or not d.kind.setup or not self.session.human_turn():
            self.flash("Auto-deploy places your models while you are deploying.")
            return
        side = d.side
        while (d := self.session.pending) is not None and d.kind.setup and d.side == side \
                and self.session.human_turn():
            why = self.session.auto_answer()
            if why:
                self.flash(why)
                break
        self.panel.sync()

    # -- drawing ----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        from game.ui.battle.status_panel import draw_status

        surface.fill(theme.BG)
        assert self.cam is not None
        surface.set_clip(self.table_rect)
        colour_blind = self.app.settings.colour_blind
        draw_state(surface, self.state, self.cam, colour_blind=colour_blind,
                   positions={**self.feed.sliding(), **self.motion.positions(self.state)})
        self.motion.draw(surface, self.cam, self.state, colour_blind, self.app.settings.ui_scale)
        self.overlays.draw(surface)
        surface.set_clip(None)
        pygame.draw.rect(surface, theme.PANEL, self.panel_rect)
        draw_status(surface, self.layout.status_rect, self.state, colour_blind)
        if self.dice_tray is not None:
            self.dice_tray.draw(surface, self.layout.tray_rect)
        if self.log_panel is not None:
            self.log_panel.note_layout()
