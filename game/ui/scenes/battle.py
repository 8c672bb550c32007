"""The battle: the table through a camera, the status and the prompt in a side panel, the log below.

Every question comes from the engine as a Decision; the scene shows it and hands back the player's
answer, or lets the AI answer at a watchable pace. Deployment is the same scene: the encounter's
set-up decisions come first, with the zones drawn.
"""

from __future__ import annotations

import itertools
import math
import re
import time

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.rules.deployment import DEPLOYMENT_KINDS
from game.rules.state import GameState
from game.ui import layout_probe, theme
from game.ui.app import App, Scene
from game.ui.battle import hover, previews
from game.ui.battle.event_text import edge_choice_reason
from game.ui.battle.odds_card import OddsCard
from game.ui.battle.prompts import ChoicePrompt, Prompt, model_at, prompt_for, unavailable_lines
from game.ui.session import BattleSession
from game.ui.table_view import Camera, draw_state

SCROLL_BAR_ROOM = 24  # pixels the answers leave for the list's scroll bar (pygame_gui's: 20 at any scale)
AI_DELAY = {"slow": 1.0, "normal": 0.45, "fast": 0.12, "instant": 0.0}
CONTROLS = {key: (key, text, tip) for key, text, tip in (
    ("fit", "Fit (F)", "Fit the whole table in view"),
    ("rings", "Rings (R)", "Show the selected model's weapon ranges and movement"),
    ("log", "Log (L)", "Open the battle log in a large view"),
    ("auto", "Auto-deploy", "Place this model (and the rest of the set-up) automatically"),
    ("slower", "AI slower (-)", "Slow down the AI's actions"),
    ("faster", "AI faster (+)", "Speed up the AI's actions"),
    ("skip", "Skip (S)", "Play the AI's actions at once until you are asked"),
    ("menu", "Menu", "Leave the battle for the main menu"))}
HOVER_CARD_DELAY = 0.35  # seconds the mouse rests on a model before its card covers the table
NO_ODDS_KINDS = {"full_defense", "weakness", "inner_reserve", "reroll", "trait_fate", "greater_purpose", "cursed_hand",
                 "winds_of_kismet", "heroic_impetus", "impetus_action", "enhancement", "strike_order", "deploy",
                 "deploy_facing", "place_marker", "place_prisoner", "choose_edge", "ambush_place",
                 "arrive_place"}
MOVE_TIME = {"slow": 0.8, "normal": 0.35, "fast": 0.15, "instant": 0.0}  # a base slides along its route
VISIBLE = {"ModelMoved", "DiceRolled", "DiceRerolled", "ActivationRoll", "AttackResolved", "Killed", "Removed",
           "Deployed", "SpellCast", "Pushed", "Escaped", "Rescued", "MarkerPlaced", "PrisonerPlaced",
           "ReinforcementArrives", "PieceAdded", "PieceRemoved"}
HANDOFF_KINDS = {"nominate", "choose_edge", "deploy", "place_marker", "place_prisoner"}
ATTACK_ACTIONS = {"standard attack", "furious attack", "shoot", "charge", "standard_attack", "furious_attack"}


class BattleScene(Scene):
    name = "battle"

    def __init__(self, app: App, session: BattleSession):
        super().__init__(app)
        self.session = session
        self.cam: Camera | None = None
        self.table_rect = pygame.Rect(0, 0, 100, 100)
        self.panel_rect = pygame.Rect(0, 0, 100, 100)
        self.prompt: Prompt | None = None
        self.prompt_decision = None
        self.option_buttons: list[tuple[pygame_gui.elements.UIButton, str]] = []
        self.option_lines: list[pygame_gui.elements.UILabel] = []  # the lines of answers too long for one
        self.option_tips: dict[int, str] = {}  # id(button) -> what the answer does (drawn beside the list)
        self.widgets: dict[str, pygame_gui.core.UIElement] = {}
        self.hover_in: tuple[float, float] | None = None
        self.hover_px: tuple[int, int] | None = None
        self.hover_model: str | None = None
        self.hover_still = 0.0  # seconds the mouse has rested on the hovered model
        self.selected: str | None = None
        self.message = ""
        self.message_time = 0.0
        self.ai_wait = 0.0
        self.skip_ai = False
        self.show_rings = True
        self.show_log = True
        self.panning: tuple[int, int] | None = None
        self.log_seen = 0
        # a battle resumed from a save: its past turns' summaries were seen, its past moves are not replayed
        self.summaries_shown: set[int] = {e.turn for e in session.state.log if e.kind == "Scores"}
        self.opened_at = len(session.state.log)
        self.results_pending = 0.0
        self.handoff_for: object = None
        self.log_panel = None
        self.dice_tray = None
        self._odds_cache: dict[tuple, object] = {}
        self.moving: dict[str, tuple[list[tuple[float, float]], float]] = {}  # model -> (path, seconds shown)
        self.odds_card = OddsCard()  # where the odds card is drawn; its modifiers are rule links

    @property
    def state(self) -> GameState:
        return self.session.state

    # -- layout ---------------------------------------------------------------------------
    def controls(self) -> list[tuple[str, str, str]]:
        """The control buttons that do something now: Auto-deploy while the player deploys, the AI's pace
        only when an AI plays."""
        keys = ["fit", "rings", "log"]
        if self.session.deploying() and self.session.human_turn():
            keys.append("auto")
        if len(self.session.humans) < 2:
            keys += ["slower", "faster", "skip"]
        keys.append("menu")
        return [CONTROLS[k] for k in keys]

    def build(self) -> None:
        from game.ui.battle.dice_view import DiceTray
        from game.ui.battle.log_panel import LogPanel

        w, h = self.app.size
        # the panel's lengths at the UI scale, squeezed when a large scale meets a small window
        self._fit = min(1.0, h / self.px(760), (w / 2) / self.px(420))
        pp = self.pp
        panel_w = max(pp(420), min(w // 2, self.px(300)))  # never narrower than its text needs, at most half
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
        log_min = 3 * (theme.font(max(9, pp(13))).get_linesize() + 2) + 8
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
        for row in rows:
            bw = (inner - (len(row) - 1) * pad) // len(row)
            for i, (key, text, tip) in enumerate(row):
                self.widgets[key] = pygame_gui.elements.UIButton(
                    pygame.Rect(x0 + i * (bw + pad), y, bw, button_h), text, self.manager, container=self.root,
                    tool_tip_text=tip)
            y += button_h + pad
        self._built_controls = [key for row in rows for key, _, _ in row]
        self.tray_rect = pygame.Rect(x0, y, inner, tray_h)  # the dice tray, docked: it never covers the table
        y = self.tray_rect.bottom + pad
        self.log_rect = pygame.Rect(x0, y, inner, max(pp(40), h - y - pad))
        self.log_panel = LogPanel(self.manager, self.log_rect, self.root, font_size=max(9, pp(13)),
                                  on_rule=self.open_rule)
        self.log_panel.refresh(self.state)
        if not self.show_log:
            self.log_panel.hide()
        if self.dice_tray is None:
            self.dice_tray = DiceTray(state=self.state)
        self.dice_tray.scale = self.app.settings.ui_scale
        self.prompt_decision = None  # rebuild the option buttons in the new layout
        self._sync_prompt()

    def _control_rows(self, inner: int, pad: int) -> list[list[tuple[str, str, str]]]:
        """The controls in rows of four, or fewer a row when a label would not fit its button."""
        from game.ui.battle.option_list import text_fits

        controls = self.controls()
        scale = self.app.settings.ui_scale
        per_row = 4
        while per_row > 1 and not all(text_fits(text, (inner - (per_row - 1) * pad) // per_row, scale)
                                      for _, text, _ in controls):
            per_row -= 1
        return [controls[i:i + per_row] for i in range(0, len(controls), per_row)]

    def cover(self) -> None:
        """A cover (the Maintenance summary, a hand-off) stops this scene's clock: the roll in the tray shows its
        result, never a die frozen mid-tumble behind it."""
        super().cover()
        if self.dice_tray is not None:
            self.dice_tray.finish()

    def pp(self, n: float) -> int:
        """A panel length: the UI scale, squeezed when a large scale meets a small window."""
        return max(1, round(self.px(n) * getattr(self, "_fit", 1.0)))

    # -- the pending decision -----------------------------------------------------------------
    def _sync_prompt(self) -> None:
        d = self.session.pending
        if d is self.prompt_decision:
            return
        self.prompt_decision = d
        self.plan_prefix: tuple[str, ...] = ()
        self._kill_options()
        box = self.widgets.get("prompt")
        human = d is not None and self.session.human_turn()
        self.prompt = prompt_for(self.state, d) if human and d is not None else None
        if box is None:
            return
        if d is None:
            box.set_text("<b>The battle is over.</b>")
            return
        side = self.state.sides[d.side]
        colour = theme.hex_colour(theme.side_colour(d.side, self.app.settings.colour_blind))
        if not human:
            box.set_text(theme.displayable(f"<font color='{colour}'><b>{_esc(side.name)}</b></font> (AI) is "
                                           f"thinking…<br><i>{_esc(d.prompt)}</i>"))
            return
        assert self.prompt is not None
        other = "" if self._is_active_side(d.side) else " — <b>your decision</b>"
        extra = "".join(f"<br><font color='#f0c85a'>{_esc(line)}</font>" for line in self._prompt_odds(d))
        extra += "".join(f"<br><font color='#f09a8a'>{_esc(line)}</font>" for line in unavailable_lines(d))
        why = f"{_esc(edge_choice_reason(self.state, d.side, d.rule))}<br>" if d.kind == "choose_edge" else ""
        box.set_text(theme.displayable(f"<font color='{colour}'><b>{_esc(side.name)}</b></font>{other}<br>"
                     f"<b>{_esc(d.prompt)}</b> <a href='{_esc(d.rule)}'>[{_esc(d.rule)}]</a><br>{why}"
                     f"<font color='#c8ccd4'>{_esc(self.prompt.hint)}</font>{extra}"))
        self._build_options()

    def _prompt_odds(self, d) -> list[str]:
        """Inner Reserve on an attack: the exact odds without and with the extra die; an area of effect's
        victim: its chance of being beaten with and without its Fate."""
        if d.kind in ("inner_reserve", "reroll") and "against" in d.context:
            try:
                return previews.victim_fate_lines(self.state, d.context, d.kind)
            except Exception:  # odds are advice: a gap in them must not stop the game
                return []
        attack = d.context.get("attack")
        if d.kind != "inner_reserve" or attack is None:
            return []
        try:
            return previews.inner_reserve_lines(self.state, attack, d.side)
        except Exception:  # odds are advice: a gap in them must not stop the game
            return []

    def _build_options(self) -> None:
        """The option buttons of the pending decision (for a plan: the current step of the plan menu)."""
        from game.ui.battle import plan_menu

        d = self.prompt_decision
        self._kill_options()
        if d is None or self.prompt is None:
            return
        container = self.widgets["options"]
        width = self.options_rect.width - SCROLL_BAR_ROOM
        items: list[tuple[str, str, str | None]] = []
        not_now: set[str] = set()  # marked: cannot succeed now, offered all the same ([SEQ-2])
        if d.kind == "plan":
            model = self.state.models.get(self.state.active_model or "")
            for item in plan_menu.menu(d, self.plan_prefix, model, self.state):
                tip = "<br>".join([item.not_now] * bool(item.not_now) + [self._action_tip(k) for k in item.kinds])
                items.append((item.key, item.label, tip or None))
                if item.not_now:
                    not_now.add(item.key)
        else:
            items = [(o.key, o.label, self._option_tip(d, o)) for o in d.options]
        if d.free == "angle":
            items += [("@angle:None", "Keep facing", None), ("@angle:enemy", "Face the nearest enemy", None)]
        if d.free == "point":
            items.append(("@default", "Use the suggested spot (Enter)", None))
        from game.ui.battle.option_list import add_option

        y = 0
        scale = self.app.settings.ui_scale
        min_h = max(self.pp(30), theme.font(round(14 * scale)).get_linesize() + 6)
        self.option_tips: dict[int, str] = {}
        for n, (key, label, tip) in enumerate(items):
            text = theme.displayable(f"{n + 1}. {label}" if n < 9 else label)
            # the tip is drawn beside the list (draw_option_tip), where it covers no other answer
            button, lines = add_option(self.manager, container, 0, y, width, min_h, text, scale,
                                       class_id="@not_yet" if key in not_now else None)
            if tip:
                self.option_tips[id(button)] = tip
            self.option_buttons.append((button, key))
            self.option_lines.extend(lines)
            y += button.rect.height + self.pp(3)
        container.set_scrollable_area_dimensions((width, max(y, 1)))
        bar = container.vert_scroll_bar
        if bar is not None:
            bar.set_scroll_from_start_percentage(0.0)

    def _kill_options(self) -> None:
        for button, _ in self.option_buttons:
            button.kill()
        for line in self.option_lines:
            line.kill()
        self.option_buttons, self.option_lines = [], []

    def _action_tip(self, kind: str) -> str:
        from game.ui.battle import tooltips

        model = self.state.models.get(self.state.active_model or "")
        try:
            return tooltips.action_tooltip(kind, model)
        except Exception:  # a tooltip must never stop the game
            return kind

    def _option_tip(self, d, option) -> str | None:
        from game.ui.battle import tooltips

        if option.key in self.state.models:
            return tooltips.model_tooltip(self.state, option.key)
        if d.kind in ("next_action", "impetus_action") and option.key != "end":
            return self._action_tip(option.key)
        return f"[{d.rule}] {option.label}"

    def _is_active_side(self, side: int) -> bool:
        active = self.state.active_model
        return active is None or self.state.model(active).side == side

    def give(self, answer) -> None:
        """Hand an answer to the engine; a refusal is shown, never raised."""
        why = self.session.answer(answer)
        if why:
            self.flash(why)
        self._after_answer()

    def _after_answer(self) -> None:
        self._sync_prompt()

    def flash(self, text: str, bad: bool = True, seconds: float = 4.0) -> None:
        """A message across the top of the table: a refusal (red) or news (``bad`` False: slate)."""
        self.message, self.message_time, self.message_bad = self.named(text), seconds, bad

    def named(self, text: str) -> str:
        """Engine messages name bases by id ('B8'); a player reads the model's name."""
        return re.sub(r"'([AB]\d+)'", lambda m: self.state.models[m.group(1)].name
                      if m.group(1) in self.state.models else m.group(0), text)

    # -- per frame -----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.message_time = max(0.0, self.message_time - dt)
        self.hover_still += dt
        slide = MOVE_TIME.get(self.app.settings.animation, 0.35)
        self.moving = {k: (p, t + dt) for k, (p, t) in self.moving.items() if t + dt < slide}
        self._read_log()
        if self.dice_tray is not None:
            self.dice_tray.update(dt)
        if self.app.top is not self:
            return
        if self.session.over:
            self.results_pending += dt
            if self.results_pending > 0.6 or self.app.settings.animation == "instant":
                from game.ui.scenes.results import ResultsScene

                self.app.replace(ResultsScene(self.app, self.session))
            return
        d = self.session.pending
        if d is not None and self.session.needs_handoff() and self.handoff_for is not d \
                and (d.kind in HANDOFF_KINDS or self.state.active_model is None):
            from game.ui.scenes.handoff import HandoffScene

            self.handoff_for = d
            side = self.state.sides[d.side]
            why = edge_choice_reason(self.state, d.side, d.rule) if d.kind == "choose_edge" else d.prompt
            self.app.push(HandoffScene(self.app, f"Pass the seat to {side.name}", side=d.side, why=why))
            return
        if d is not None and not self.session.human_turn():
            self._run_ai(dt)
        self._sync_prompt()
        if [k for k, _, _ in self.controls()] != getattr(self, "_built_controls", None):
            self.rebuild()  # the player's deployment begins (Auto-deploy comes) or is over (it goes)
        if self.prompt is not None:
            self.prompt.settle()
        if self.log_panel is not None:
            self.log_panel.update(dt)
        focus = self._focus_model()
        if focus in self.state.models and self.state.model(focus).on_table:
            previews.warm_odds(self.state, focus, budget_s=0.003)  # the first hover on an enemy costs nothing

    def _run_ai(self, dt: float) -> None:
        self.ai_wait -= dt
        if self.ai_wait > 0 and not self.skip_ai:
            return
        delay = AI_DELAY.get(self.app.settings.animation, 0.45)
        budget = pygame.time.get_ticks() + 12
        while True:
            d = self.session.pending
            if d is None or self.session.human_turn():
                self.skip_ai = False
                break
            before = len(self.state.log)
            self.session.step_ai()
            seen = {e.kind for e in self.state.log[before:]}
            if seen & {"Scores"}:
                self._read_log()
                break
            if seen & VISIBLE and delay > 0 and not self.skip_ai:
                self.ai_wait = max(delay, MOVE_TIME.get(self.app.settings.animation, 0.0)
                                   if "ModelMoved" in seen else 0.0)
                break
            if pygame.time.get_ticks() > budget:
                break

    def _read_log(self) -> None:
        log = self.state.log
        if self.log_seen == len(log):
            return
        new = log[self.log_seen:]
        moves = log[max(self.log_seen, self.opened_at):]  # not the moves made before the battle was opened
        self.log_seen = len(log)
        if self.log_panel is not None:
            self.log_panel.refresh(self.state)
        for e in moves:
            if e.kind == "ModelMoved" and e.data.get("waypoints"):
                path = [tuple(e.data.get("start") or e.data["waypoints"][0])] + [tuple(p) for p in e.data["waypoints"]]
                self.moving[e.data["model"]] = (path, 0.0)
        if self.dice_tray is not None:
            self.dice_tray.state = self.state
            self.dice_tray.set_speed(self.app.settings.animation)
            for e in new:
                self.dice_tray.show(e, self.state)
        for e in moves:
            side = e.data.get("side")
            if e.kind == "EdgeChosen" and isinstance(side, int) and side not in self.session.humans:
                # the winner of the set-up roll is told why the other side chose, and what it chose
                self.flash(f"{edge_choice_reason(self.state, side)} It chose the {e.data.get('edge')} edge.",
                           bad=False, seconds=8.0)
        for e in new:
            if e.kind == "Scores" and e.turn not in self.summaries_shown and not self.session.over:
                from game.ui.scenes.maintenance import MaintenanceSummary

                self.summaries_shown.add(e.turn)
                if self.app.top is self:
                    self.app.push(MaintenanceSummary(self.app, self.session, e.turn))
                break

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
        elif event.type == pygame.MOUSEMOTION:
            self._hover(event.pos)
            if self.panning is not None and self.cam is not None:
                self.cam.ox += event.pos[0] - self.panning[0]
                self.cam.oy += event.pos[1] - self.panning[1]
                self.panning = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and self.table_rect.collidepoint(event.pos):
            if event.button == 1:
                self._click(event.pos)
            elif event.button in (2, 3):
                self.panning = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button in (2, 3):
            self.panning = None
        elif event.type == pygame.MOUSEWHEEL and self.hover_px and self.table_rect.collidepoint(self.hover_px):
            self.zoom(1.15 ** event.y, self.hover_px)
        elif event.type == pygame.MOUSEWHEEL and self.hover_px and self.options_rect.collidepoint(self.hover_px):
            self.scroll_options(-event.y * 0.15)
        elif event.type == pygame.KEYDOWN:
            self._key(event)

    def _button(self, element) -> None:
        for button, key in self.option_buttons:
            if element is button:
                if key.startswith("@next:"):
                    self.plan_prefix += (key.split(":", 1)[1],)
                    self._build_options()
                elif key == "@back":
                    self.plan_back()
                elif key == "@declare":
                    from game.ui.battle.plan_menu import declared

                    answer = declared(self.session.pending, self.plan_prefix)
                    if answer is not None:
                        self.give(answer)
                elif key == "@default":
                    self._default()
                elif key.startswith("@angle:"):
                    self._angle_button(key.split(":", 1)[1])
                else:
                    self.give(key)
                return
        w = self.widgets
        if element is w.get("fit"):
            self.fit()
        elif element is w.get("rings"):
            self.show_rings = not self.show_rings
        elif element is w.get("log"):
            self.open_log()
        elif element is w.get("auto"):
            self.auto_deploy()
        elif element is w.get("slower"):
            self.change_speed(-1)
        elif element is w.get("faster"):
            self.change_speed(+1)
        elif element is w.get("skip"):
            self.skip_ai = True
        elif element is w.get("menu"):
            self.ask_to_leave()

    def take_back(self) -> None:
        """Ctrl+Z: the player's last decision, under the take-back setting; the table shows the game as it was."""
        why = self.session.undo(self.app.settings.takebacks)
        if why is not None:
            self.flash(f"Cannot take back: {why}.")
            return
        self.selected = None
        self.rebuild()
        self.flash(self.session.taken_back[-1])

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

    def _angle_button(self, which: str) -> None:
        d = self.session.pending
        if d is None or d.free != "angle":
            return
        model = self.state.models.get(d.context.get("model", ""))
        if which == "enemy" and model is not None:
            enemies = [e for e in self.state.on_table() if e.side != model.side]
            if enemies:
                e = min(enemies, key=lambda e: math.hypot(e.x - model.x, e.y - model.y))
                self.give(round(math.degrees(math.atan2(e.y - model.y, e.x - model.x)) % 360.0, 1))
                return
        self.give(float(d.context.get("current", model.facing if model else 0.0)))

    def _odds_card_event(self, event: pygame.event.Event) -> bool:
        """A click on the odds card opens the rule of the modifier under it; the card takes the click."""
        taken, rule = self.odds_card.click(event)
        if rule:
            self.open_rule(rule)
        return taken

    def _hover(self, pos: tuple[int, int]) -> None:
        base = self.cam is not None and model_at(self.state, self.cam.to_inches(pos)) is not None
        if self.hover_model is not None and self.odds_card.holds(pos, base, isinstance(self.prompt, ChoicePrompt
                                                                                       | None)):
            self.odds_card.mouse = pos  # on the way to the odds card, or on it: it stays put
            return
        self.odds_card.mouse = None
        self.hover_px = pos
        if self.cam is None or not self.table_rect.collidepoint(pos):
            self.hover_in, self.hover_model = None, None
            if self.prompt:
                self.prompt.hover(None)
            return
        self.hover_in = self.cam.to_inches(pos)
        under = model_at(self.state, self.hover_in)
        if under != self.hover_model:
            self.hover_still = 0.0
        self.hover_model = under
        if self.prompt is not None:
            self.prompt.hover(self.hover_in)

    def _click(self, pos: tuple[int, int]) -> None:
        self._hover(pos)
        if self.hover_in is None or self.odds_card.mouse is not None:  # (a click beside the odds card answers nothing)
            return
        if self.prompt is not None:
            answer = self.prompt.click(self.hover_in)
            if answer is not None:
                self.give(answer)
                return
            why = self.prompt.refusal()
            if why:
                self.flash(why)
                return
        self.selected = self.hover_model  # look at any model: rings, arc and LOS from it

    def _key(self, event: pygame.event.Event) -> None:
        k = event.key
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self._default()
        elif pygame.K_1 <= k <= pygame.K_9:
            n = k - pygame.K_1
            if n < len(self.option_buttons):
                self._button(self.option_buttons[n][0])
        elif k == pygame.K_BACKSPACE:
            self.plan_back()
        elif k in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            self.scroll_options(0.5 if k == pygame.K_PAGEDOWN else -0.5)
        elif k == pygame.K_f:
            self.fit()
        elif k == pygame.K_r:
            self.show_rings = not self.show_rings
        elif k == pygame.K_l:
            self.open_log()
        elif k == pygame.K_s and event.mod & pygame.KMOD_CTRL:
            self.ask_save_name()
        elif k == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            self.take_back()
        elif k == pygame.K_s:
            self.skip_ai = True
        elif k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.change_speed(+1)
        elif k in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.change_speed(-1)
        elif k == pygame.K_ESCAPE:
            self.selected = None
        elif self.cam is not None and k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            step = self.px(40)
            self.cam.ox += {pygame.K_LEFT: step, pygame.K_RIGHT: -step}.get(k, 0)
            self.cam.oy += {pygame.K_UP: step, pygame.K_DOWN: -step}.get(k, 0)

    def _default(self) -> None:
        if self.prompt is None:
            return
        answer = self.prompt.default()
        if answer is None:
            self.flash("Choose one: there is no default answer to this question.")
            return
        self.give(answer)

    # -- controls -----------------------------------------------------------------------------------
    def fit(self) -> None:
        self.cam = Camera.fit(self.table_rect, margin=self.px(12))

    def zoom(self, factor: float, about: tuple[int, int]) -> None:
        assert self.cam is not None
        fit = Camera.fit(self.table_rect).scale
        new = min(max(self.cam.scale * factor, fit * 0.5), fit * 6)
        ix, iy = self.cam.to_inches(about)
        self.cam.scale = new
        self.cam.ox, self.cam.oy = about[0] - ix * new, about[1] - iy * new

    def plan_back(self) -> None:
        if getattr(self, "plan_prefix", ()):
            self.plan_prefix = self.plan_prefix[:-1]
            self._build_options()

    def scroll_options(self, by: float) -> None:
        """Scroll the option list (mouse wheel over it, Page Up / Page Down)."""
        bar = self.widgets["options"].vert_scroll_bar
        if bar is None or not bar.is_enabled:
            return
        top = max(0.0, 1.0 - bar.visible_percentage)
        bar.set_scroll_from_start_percentage(min(max(bar.start_percentage + by, 0.0), top))
        bar.has_moved_recently = True

    def open_log(self) -> None:
        """The battle log in a large view over the battle (L, the Log button)."""
        from game.ui.scenes.log_view import LogView

        self.app.push(LogView(self.app, self.state))

    def open_rule(self, rule: str) -> None:
        """The rules reference at ``rule`` (a rule-ID link in the log, the prompt or the odds card)."""
        from game.ui.scenes.rules import open_rules

        open_rules(self.app, rule)

    def toggle_log(self) -> None:
        self.show_log = not self.show_log
        if self.log_panel is not None:
            (self.log_panel.show if self.show_log else self.log_panel.hide)()

    def change_speed(self, step: int) -> None:
        from game.ui.settings import SPEEDS

        i = SPEEDS.index(self.app.settings.animation) if self.app.settings.animation in SPEEDS else 1
        self.app.settings.animation = SPEEDS[min(max(i + step, 0), len(SPEEDS) - 1)]
        self.flash(f"AI speed: {self.app.settings.animation}")

    def auto_deploy(self) -> None:
        d = self.session.pending
        if d is None or d.kind not in DEPLOYMENT_KINDS or not self.session.human_turn():
            self.flash("Auto-deploy places your models while you are deploying.")
            return
        side = d.side
        while (d := self.session.pending) is not None and d.kind in DEPLOYMENT_KINDS and d.side == side \
                and self.session.human_turn():
            why = self.session.auto_answer()
            if why:
                self.flash(why)
                break
        self._sync_prompt()

    # -- drawing ----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        from game.ui.battle.status_panel import draw_status

        surface.fill(theme.BG)
        assert self.cam is not None
        surface.set_clip(self.table_rect)
        colour_blind = self.app.settings.colour_blind
        draw_state(surface, self.state, self.cam, colour_blind=colour_blind, positions=self._sliding())
        self._draw_zones(surface)
        self._draw_highlights(surface)
        self._draw_selection(surface)
        if self.prompt is not None:
            self.prompt.draw(surface, self.cam)
        self._draw_hover(surface)
        self._draw_message(surface)
        self._draw_other_player_banner(surface)
        self._draw_option_tip(surface)
        surface.set_clip(None)
        pygame.draw.rect(surface, theme.PANEL, self.panel_rect)
        draw_status(surface, self.status_rect, self.state, colour_blind)
        if self.dice_tray is not None:
            self.dice_tray.draw(surface, self.tray_rect)
        if self.log_panel is not None:
            self.log_panel.note_layout()

    def _sliding(self) -> dict[str, tuple[float, float]]:
        """Where moving bases are drawn this frame: part way along the route they took."""
        slide = MOVE_TIME.get(self.app.settings.animation, 0.35)
        out = {}
        for mid, (path, t) in self.moving.items():
            if slide <= 0 or len(path) < 2:
                continue
            legs = [math.dist(a, b) for a, b in itertools.pairwise(path)]
            along = sum(legs) * min(1.0, t / slide)
            for (a, b), leg in zip(itertools.pairwise(path), legs, strict=False):
                if along <= leg and leg > 0:
                    k = along / leg
                    out[mid] = (a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k)
                    break
                along -= leg
        return out

    def _draw_edges(self, surface: pygame.Surface) -> None:
        """choose_edge: each edge the option names, labelled where it lies, so the choice is seen."""
        assert self.cam is not None
        f = theme.font(self.px(16), bold=True)
        bands = {"top": ((0, 0), (36, 1.5)), "bottom": ((0, 34.5), (36, 36)), "left": ((0, 0), (1.5, 36)),
                 "right": ((34.5, 0), (36, 36))}
        d = self.session.pending
        for n, key in enumerate(d.choices() if d is not None else []):
            if key not in bands:
                continue
            (x0, y0), (x1, y1) = bands[key]
            a, b = self.cam.to_px((x0, y0)), self.cam.to_px((x1, y1))
            rect = pygame.Rect(a, (b[0] - a[0], b[1] - a[1]))
            pygame.draw.rect(surface, theme.ACCENT, rect, 3)
            label = f.render(f"{n + 1}. {key}", True, (0, 0, 0), theme.ACCENT)
            at = label.get_rect(center=rect.center).clamp(self.table_rect)
            surface.blit(label, at)
            layout_probe.note("text", at, self.table_rect, key, "edge label")

    def _draw_zones(self, surface: pygame.Surface) -> None:
        d = self.session.pending
        if d is not None and d.kind == "choose_edge" and self.prompt is not None:
            self._draw_edges(surface)
            return
        if d is None or d.kind not in ("deploy", "deploy_facing") or self.state.encounter is None:
            return
        from game.rules.encounter import zone_of

        assert self.cam is not None
        layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        for side in (0, 1):
            zone = zone_of(self.state, side)
            colour = (*theme.side_colour(side, self.app.settings.colour_blind), 60 if side == d.side else 30)
            if zone.polygon:
                pts = [self.cam.to_px(p) for p in zone.polygon]
            else:
                x0, y0, x1, y1 = zone.bounds()
                pts = [self.cam.to_px(p) for p in ((x0, y0), (x1, y0), (x1, y1), (x0, y1))]
            pygame.draw.polygon(layer, colour, pts)
            pygame.draw.polygon(layer, (*colour[:3], 200), pts, 2)
        surface.blit(layer, (0, 0))

    def _draw_highlights(self, surface: pygame.Surface) -> None:
        assert self.cam is not None
        if isinstance(self.prompt, ChoicePrompt):
            t = pygame.time.get_ticks() / 1000.0
            pulse = 2 + round(2 * (1 + math.sin(t * 5)))
            for mid in self.prompt.model_options():
                m = self.state.model(mid)
                c = self.cam.to_px((m.x, m.y))
                pygame.draw.circle(surface, theme.ACCENT, c, round(m.radius * self.cam.scale) + 3 + pulse, 3)

    def _focus_model(self) -> str | None:
        d = self.session.pending
        if d is not None and d.context.get("model") in self.state.models:
            return d.context["model"]
        return self.state.active_model or self.selected

    def _draw_selection(self, surface: pygame.Surface) -> None:
        assert self.cam is not None
        mid = self._focus_model()
        if mid is None or mid not in self.state.models or not self.state.model(mid).on_table or mid in self.moving:
            return  # (a base still sliding along its route gets its arc and rings when it arrives)
        m = self.state.model(mid)
        previews.draw_front_arc(surface, self.cam, m)
        if self.show_rings:
            d = self.session.pending
            allowance = d.context.get("allowance") if d is not None else None
            previews.draw_range_rings(surface, self.cam, self.state, mid, allowance)

    def _draw_hover(self, surface: pygame.Surface) -> None:
        """LOS and the exact odds of the attack in question under the mouse; else, after a moment, the card."""
        from game.ui.battle import tooltips

        assert self.cam is not None
        hovered = self.hover_model
        if hovered is None or self.hover_px is None:
            self.odds_card.gone()
            return
        at = (self.hover_px[0] + 18, self.hover_px[1] + 18)
        focus = self._focus_model()
        if focus and focus != hovered and focus in self.state.models and self.state.model(focus).on_table \
                and self.state.model(hovered).on_table:
            previews.draw_los(surface, self.cam, self.state, focus, hovered)
        pair = self._odds_pair(focus, hovered)
        if pair is not None:
            odds = self._odds(*pair)
            if odds is not None:
                self.odds_card.drawn(previews.draw_odds_box(surface, at, odds), odds, self.hover_px)
                self.odds_card.draw_hover(surface)
                return
        self.odds_card.gone()
        if self.hover_still >= HOVER_CARD_DELAY:
            tooltips.draw_hover_card(surface, at, hover.model_lines(self.state, hovered))

    def _odds_pair(self, focus: str | None, hovered: str) -> tuple[str, str, str | None] | None:
        """(attacker, target, action) of the attack the question is about, when the hovered model is in it.

        A free strike is made by the model offered against the one disengaging; questions about Fate,
        Full Defense or a spell's effect are not about a new attack, so they get no odds card."""
        d = self.session.pending
        kind = d.kind if d is not None else None
        if kind == "free_strike" and d is not None:
            victim = d.context.get("model")
            return (hovered, victim, "free strike") if hovered in d.choices() and victim else None
        if kind in NO_ODDS_KINDS or focus is None or focus == hovered:
            return None
        if not (self.state.model(focus).on_table and self.state.model(hovered).on_table):
            return None
        return focus, hovered, d.context.get("action") if d is not None else None

    def _odds(self, attacker: str, target: str, action: str | None):
        """The exact odds of that attack (cached per state version)."""
        a, t = self.state.model(attacker), self.state.model(target)
        if a.side == t.side:
            return None
        kind = hover.attack_kind_for(self.state, attacker, target, action)
        if kind is None:
            return None
        key = (attacker, target, kind, self.state.version)
        if key not in self._odds_cache:
            if len(self._odds_cache) > 64:
                self._odds_cache.clear()
            self._odds_cache[key] = previews.odds_summary(self.state, attacker, target, kind)
        return self._odds_cache[key]

    def _draw_other_player_banner(self, surface: pygame.Surface) -> None:
        """Hotseat: a question for the player whose model is not activating (Fate, Full Defense) says so."""
        d = self.session.pending
        if d is None or self.prompt is None or self._is_active_side(d.side) or len(self.session.humans) < 2:
            return
        what = d.kind.replace("_", " ").capitalize()
        about = self.state.models.get(d.context.get("model") or "")
        if about is not None and about.side == d.side:  # whose roll or model it is (an area of effect's victim)
            what += f" for {about.name}"
        text = f"{self.state.sides[d.side].name}: this decision is yours — {what}"
        self._banner(surface, text, theme.side_colour(d.side, self.app.settings.colour_blind), (255, 255, 255),
                     bottom=self.table_rect.bottom - self.px(12), owner="turn banner")

    def _draw_message(self, surface: pygame.Surface) -> None:
        text = ""
        back = (120, 30, 30)
        if self.message_time > 0:
            text = self.message
            back = back if getattr(self, "message_bad", True) else (40, 60, 95)
        elif self.prompt is not None and self.prompt.refusal():
            text = self.named(self.prompt.refusal() or "")
        if text:
            self._banner(surface, text, back, (255, 235, 235), top=self.px(8), owner="refusal banner")

    def _banner(self, surface: pygame.Surface, text: str, back: tuple[int, int, int], ink: tuple[int, int, int],
                top: int | None = None, bottom: int | None = None, owner: str = "banner") -> None:
        """A message across the table: wrapped to the table's width (never cut), centred, on a coloured box."""
        from game.ui.battle.cards import wrap

        size, pad = self.px(15), self.px(8)
        room = self.table_rect.width - 4 * pad
        lines = wrap(theme.displayable(text), size, True, room)
        f = theme.font(size, bold=True)
        images = [f.render(line, True, ink) for line in lines]
        w = max(i.get_width() for i in images) + 2 * pad
        h = sum(i.get_height() for i in images) + pad
        box = pygame.Rect(0, 0, w, h)
        box.centerx = self.table_rect.centerx
        if top is not None:
            box.top = top
        else:
            box.bottom = bottom if bottom is not None else self.table_rect.bottom
        pygame.draw.rect(surface, back, box, border_radius=self.px(6))
        pygame.draw.rect(surface, (255, 255, 255), box, 1, border_radius=self.px(6))
        y = box.y + pad // 2
        for line, img in zip(lines, images, strict=True):
            at = img.get_rect(midtop=(box.centerx, y))
            surface.blit(img, at)
            layout_probe.note("text", at, self.table_rect, line, owner)
            y += img.get_height()

    def _draw_option_tip(self, surface: pygame.Surface) -> None:
        """What the answer under the mouse does, on a card beside the list (a tooltip under it would cover
        the next answers)."""
        from game.ui.battle.cards import render_card

        at = self.hover_px
        if at is None or not self.options_rect.collidepoint(at):
            return
        for button, _ in self.option_buttons:
            tip = self.option_tips.get(id(button))
            if tip and button.visible and button.rect.collidepoint(at):
                size = self.px(13)
                room = min(self.px(380), self.table_rect.width - 2 * self.px(8))
                card = render_card(_plain_lines(tip), size=size, max_width=round(room * 14 / size) - 2 * size)
                rect = card.get_rect(right=self.table_rect.right - self.px(8), centery=button.rect.centery)
                rect.clamp_ip(self.table_rect)
                surface.blit(card, rect)
                layout_probe.note("text", rect, self.table_rect, tip[:40], "answer tip")
                return


def _plain_lines(tip: str) -> list[str]:
    """A pygame_gui tooltip's simple HTML as plain lines."""
    import html

    return [html.unescape(re.sub(r"<[^>]+>", "", part)) for part in re.split(r"<br\s*/?>", tip) if part.strip()]


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
