"""The battle: the table through a camera, the status and the prompt in a side panel, the log below.

Every question comes from the engine as a Decision; the scene shows it and hands back the player's
answer, or lets the AI answer at a watchable pace. Deployment is the same scene: the encounter's
set-up decisions come first, with the zones drawn.

The scene lays the screen out and composes its parts (game/ui/battle/): the PromptPanel (the question and
its answers), the AiPacer (the AI's moves at a watchable pace), the LogFeed (what new events show), the
TableInput (mouse and keys) and the Overlays (what is drawn over the table). Buttons and keys carry typed
commands (commands.py) that `do` runs.
"""

from __future__ import annotations

import time

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.rules.decision_kinds import DecisionKind
from game.rules.state import GameState
from game.rules.turn import fate_can_matter
from game.ui import theme
from game.ui.app import App, Scene
from game.ui.battle import previews
from game.ui.battle.ai_pacer import AiPacer
from game.ui.battle.commands import Command, Control
from game.ui.battle.event_text import edge_choice_reason
from game.ui.battle.log_feed import LogFeed
from game.ui.battle.motion import Motion
from game.ui.battle.overlays import Overlays
from game.ui.battle.prompt_panel import PromptPanel
from game.ui.battle.prompts import Prompt
from game.ui.battle.table_input import TableInput
from game.ui.session import BattleSession
from game.ui.sound import toggle_mute
from game.ui.table_view import Camera, draw_state

CONTROLS = {c: (c, text, short, tip) for c, text, short, tip in (
    (Control.FIT, "Fit (F)", "Fit", "Fit the whole table in view (F)"),
    (Control.RINGS, "Rings (R)", "Rings", "Show the selected model's weapon ranges and movement (R)"),
    (Control.LOG, "Log (L)", "Log", "Open the battle log in a large view (L)"),
    (Control.AUTO, "Auto-deploy", "Auto", "Place this model (and the rest of the set-up) automatically"),
    (Control.SLOWER, "AI slower (-)", "AI -", "Slow down the AI's actions (-)"),
    (Control.FASTER, "AI faster (+)", "AI +", "Speed up the AI's actions (+)"),
    (Control.SKIP, "Skip (S)", "Skip", "End the animations; play the AI's actions at once until you are asked (S)"),
    (Control.MENU, "Menu", "Menu", "Leave the battle for the main menu"))}


class BattleScene(Scene):
    name = "battle"

    def __init__(self, app: App, session: BattleSession):
        super().__init__(app)
        self.session = session
        self.cam: Camera | None = None
        self.table_rect = pygame.Rect(0, 0, 100, 100)
        self.panel_rect = pygame.Rect(0, 0, 100, 100)
        self.options_rect = pygame.Rect(0, 0, 100, 100)
        self.widgets: dict[str, pygame_gui.core.UIElement] = {}  # the prompt, the answers' list, the controls
        self.show_rings = True
        self.show_log = True
        self.results_pending = 0.0
        self.handoff_for: object = None
        self._asking: object = None  # the Fate question of the other side's turn being asked
        self.log_panel = None
        self.dice_tray = None
        self.panel = PromptPanel(self)
        self.pacer = AiPacer(session)
        self.feed = LogFeed(self)
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
    def controls(self) -> list[tuple[Control, str, str, str]]:
        """The control buttons that do something now: Auto-deploy while the player deploys, the AI's pace
        only when an AI plays."""
        keys = [Control.FIT, Control.RINGS, Control.LOG]
        if self.session.deploying() and self.session.human_turn():
            keys.append(Control.AUTO)
        if len(self.session.humans) < 2:
            keys += [Control.SLOWER, Control.FASTER, Control.SKIP]
        keys.append(Control.MENU)
        return [CONTROLS[k] for k in keys]

    def build(self) -> None:
        from game.ui.battle.dice_view import DiceTray

        w, h = self.app.size
        # the panel's lengths at the UI scale, squeezed when a large scale meets a small window
        self._fit = min(1.0, h / self.px(760), (w / 2) / self.px(420))
        pp = self.pp
        # never narrower than its text needs, at most half (three fifths in a window short for the scale, as
        # 1000x650 at 200 %: the question and its answers wrap less)
        short = h < self.px(420)
        panel_w = max(pp(420), min(w * 3 // 5 if short else w // 2, self.px(300 if not short else 600)))
        self.table_rect = pygame.Rect(0, 0, w - panel_w, h)
        self.panel_rect = pygame.Rect(w - panel_w, 0, panel_w, h)
        if self.cam is None or getattr(self, "_fitted_for", None) != self.table_rect.size:
            self.cam = Camera.fit(self.table_rect, margin=self.px(12))
            self._fitted_for = self.table_rect.size
        x0, pad = self.panel_rect.x + pp(8), pp(8)
        inner = panel_w - 2 * pad
        self.status_rect = pygame.Rect(self.panel_rect.x, 0, panel_w, pp(150))
        y = self.status_rect.bottom + pad
        self.widgets = {}
        self.widgets["prompt"] = pygame_gui.elements.UITextBox(
            "", pygame.Rect(x0, y, inner, pp(140)), self.manager, container=self.root,
            object_id=ObjectID(object_id="#prompt"))
        y += pp(144)
        rows = self._control_rows(inner, pad)
        button_h = max(pp(30), theme.font(round(14 * self.app.settings.ui_scale)).get_linesize() + 6)
        controls_h = len(rows) * (button_h + pad)
        tray_h = max(pp(76), self.px(60))
        # what the prompt, the answers and the log share: the answers a little over a third (four buttons at
        # 1280x800, more on a taller window), the log the rest; in a small window at a large scale the
        # prompt and then the answers give way so the log keeps three lines
        share = h - y + pp(144) - controls_h - tray_h - 4 * pad
        log_min = (2 if short else 3) * (theme.font(self._log_font()).get_linesize() + 2) + 8
        prompt_h = pp(140)
        options_h = max(button_h + 6, min(pp(300), round((share - prompt_h) * 0.38)))
        prompt_h = max(min(prompt_h, share - options_h - log_min), 2 * self.px(20) + 8)
        options_h = max(button_h + 6, min(options_h, share - prompt_h - log_min))
        self.widgets["prompt"].set_dimensions((inner, prompt_h))
        y = self.widgets["prompt"].rect.bottom + pad
        self.options_rect = pygame.Rect(x0, y, inner, options_h)
        self.widgets["options"] = pygame_gui.elements.UIScrollingContainer(
            self.options_rect, self.manager, container=self.root, allow_scroll_x=False)
        y = self.options_rect.bottom + pad
        self._below: list[tuple[pygame_gui.core.UIElement, int]] = []  # the controls, moved down by make_room
        for row in rows:
            bw = (inner - (len(row) - 1) * pad) // len(row)
            for i, (key, text, tip) in enumerate(row):
                self.widgets[key.value] = pygame_gui.elements.UIButton(
                    pygame.Rect(x0 + i * (bw + pad), y, bw, button_h), text, self.manager, container=self.root,
                    tool_tip_text=tip)
                self._below.append((self.widgets[key.value], y))
            y += button_h + pad
        self._built_controls = [key for row in rows for key, _, _ in row]
        self.tray_rect = pygame.Rect(x0, y, inner, tray_h)  # the dice tray, docked: it never covers the table
        y = self.tray_rect.bottom + pad
        self.log_rect = pygame.Rect(x0, y, inner, max(pp(40), h - y - pad))
        self._base_tray, self._base_log, self._log_min, self._room = self.tray_rect.copy(), self.log_rect.copy(), \
            log_min, 0
        self.log_panel = None
        self._make_log(self.log_rect)
        if self.dice_tray is None:
            self.dice_tray = DiceTray(state=self.state)
        self.dice_tray.scale = self.app.settings.ui_scale
        self.dice_tray.colour_blind = self.app.settings.colour_blind  # the tray's edges in the table's palette
        self.panel.attach(self.widgets["prompt"], self.widgets["options"], self.options_rect)  # answers rebuilt

    def _make_log(self, rect: pygame.Rect) -> None:
        """The log panel in ``rect``: a new one, or the old one's place, scroll and open entries kept."""
        from game.ui.battle.log_panel import LogPanel

        old = self.log_panel
        self.log_panel = LogPanel(self.manager, rect, self.root, font_size=self._log_font(),
                                  on_rule=self.open_rule)
        if old is not None:
            self.log_panel.open_rolls, self.log_panel.closed_turns = old.open_rolls, old.closed_turns
            self.log_panel.follow = old.follow
            old.kill()
        self.log_panel.refresh(self.state)
        if not self.show_log:
            self.log_panel.hide()

    def _log_font(self) -> int:
        """The log's font size: the panel's, squeezed in a small window, but growing with the UI scale."""
        return max(9, self.pp(13), self.px(11))

    def make_room(self, extra: int) -> int:
        """The prompt and its answers want ``extra`` pixels more than the layout gave them (a long question
        with many answers at a large scale): the controls and the dice tray move down and the log gives up
        what it has above its three lines, then the dice tray what it has above its smallest. Returns the
        pixels given (0 gives them back)."""
        from_log = max(0, self._base_log.height - self._log_min)
        tray_min = min(self._base_tray.height, max(self.pp(56), 3 * self.px(12)))
        extra = max(0, min(extra, from_log + self._base_tray.height - tray_min))
        if extra == self._room:
            return extra
        self._room = extra
        for el, y in self._below:
            el.set_relative_position((el.relative_rect.x, y + extra))
        shrink = max(0, extra - from_log)  # then the dice tray, down to its smallest
        self.tray_rect = pygame.Rect(self._base_tray.x, self._base_tray.y + extra, self._base_tray.width,
                                     self._base_tray.height - shrink)
        top = self.tray_rect.bottom + (self._base_log.y - self._base_tray.bottom)
        self.log_rect = pygame.Rect(self._base_log.x, top, self._base_log.width, self._base_log.bottom - top)
        self._make_log(self.log_rect)
        return extra

    def _control_rows(self, inner: int, pad: int) -> list[list[tuple[Control, str, str]]]:
        """The controls in rows of four, their short labels (the key in the tip) before fewer a row: in a
        small window at a large scale two rows, not four, so the answers keep the room."""
        from game.ui.battle.option_list import text_fits

        controls = self.controls()
        scale = self.app.settings.ui_scale
        for per_row in range(4, 0, -1):
            width = (inner - (per_row - 1) * pad) // per_row
            for short in (False, True):
                labels = [(key, s if short else text, tip) for key, text, s, tip in controls]
                if per_row == 1 or all(text_fits(text, width, scale) for _, text, _ in labels):
                    return [labels[i:i + per_row] for i in range(0, len(labels), per_row)]
        return []

    def cover(self) -> None:
        """A cover (the Maintenance summary, a hand-off) stops this scene's clock: the roll in the tray shows its
        result, never a die frozen mid-tumble behind it."""
        super().cover()
        self.skip_motion()

    def pp(self, n: float) -> int:
        """A panel length: the UI scale, squeezed when a large scale meets a small window."""
        return max(1, round(self.px(n) * getattr(self, "_fit", 1.0)))

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

    def give(self, answer) -> None:
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
        if self.app.top is not self or self._ended(dt) or self.feed.hold_for_summary(dt) or self._declined() \
                or self._hand_off():
            return
        d = self.session.pending
        if d is not None and not self.session.human_turn() and self.pacer.run(dt, self.app.settings.animation):
            self.feed.read()
        if self.feed.summary_due is not None or self._declined():  # the turn's end is to be seen first; a Fate
            return  # question declined for the player is never shown, not even for a frame
        self.panel.sync()
        if [k for k, *_ in self.controls()] != getattr(self, "_built_controls", None):
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

    def _ended(self, dt: float) -> bool:
        """The battle is over: the results come after a moment (at once at the instant pace)."""
        if not self.session.over:
            return False
        self.results_pending += dt
        if self.results_pending > 0.6 or self.app.settings.animation == "instant":
            from game.ui.scenes.results import ResultsScene

            self.app.replace(ResultsScene(self.app, self.session))
        return True

    def _declined(self) -> bool:
        """A Fate question in the other side's turn that the player's setting does not ask (never, or not when
        the rules say the answer cannot matter): declined for the player, who is not interrupted."""
        d = self.session.pending
        if d is None or not d.kind.declined_by or d is self._asking or not self.session.human_turn():
            return False
        mode = self.app.settings.fate_questions
        if mode == "always" or (mode != "never" and fate_can_matter(self.state, d)):
            self._asking = d  # (asked: the rules are not asked again every frame)
            return False
        self.give(d.kind.declined_by)
        return True

    def _hand_off(self) -> bool:
        """Hotseat: before a question for the other player, the seat is passed (once per decision)."""
        d = self.session.pending
        if d is None or not self.session.needs_handoff() or self.handoff_for is d \
                or not (d.kind.hand_off or self.state.active_model is None):
            return False
        from game.ui.scenes.handoff import HandoffScene

        self.handoff_for = d
        side = self.state.sides[d.side]
        why = edge_choice_reason(self.state, d.side) if d.kind is DecisionKind.choose_edge else d.prompt
        self.app.push(HandoffScene(self.app, f"Pass the seat to {side.name}", side=d.side, why=why))
        return True

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

    def _button(self, element) -> None:
        command = self.panel.command_of(element)
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
         Control.MENU: self.ask_to_leave, Control.SAVE: self.ask_save_name, Control.TAKE_BACK: self.take_back,
         Control.DESELECT: self.input.deselect, Control.MUTE: self.mute}[command]()

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

    def ask_save_name(self) -> None:
        """Ctrl+S: save the battle under a name (a position opened from a script has no setup to save)."""
        from game.ui.scenes.save_as import SaveAsScene

        if self.session.record() is None:
            self.flash("A position opened from a script file cannot be saved.")
            return
        enc = self.state.encounter
        default = f"{enc.name if enc else 'Battle'} turn {self.state.turn} {time.strftime('%d %b %H-%M')}"
        self.app.push(SaveAsScene(self.app, self.session, default))

    def _kept_text(self) -> str:
        if self.session.autosave and self.session.save_error is None:
            return "It is saved as it stands: Continue on the main menu resumes it at this decision."
        return "It is not saved: leaving ends it for good."

    def ask_to_leave(self) -> None:
        """The Menu button: a battle in progress is given up only when the player says so."""
        from game.ui.scenes.confirm import ConfirmScene
        from game.ui.scenes.menu import MainMenu

        if self.session.over:
            self.app.reset(MainMenu(self.app))
            return
        turn = self.state.turn
        self.app.push(ConfirmScene(
            self.app, "Leave the battle?",
            f"The battle is in turn {turn} and is not finished. {self._kept_text()}",
            "Leave", "Keep playing", lambda: self.app.reset(MainMenu(self.app)),
            other=("Save…", self.ask_save_name) if self.session.record() is not None else None))

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
        draw_status(surface, self.status_rect, self.state, colour_blind)
        if self.dice_tray is not None:
            self.dice_tray.draw(surface, self.tray_rect)
        if self.log_panel is not None:
            self.log_panel.note_layout()
