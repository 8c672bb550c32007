"""The battle's side panel laid out: the status on top, then the question and its answers, the control
buttons, the docked dice tray and the log, each sized for the window and the UI scale.

Part of BattleScene (game/ui/scenes/battle.py), which splits the screen into the table and this panel. A long
question may borrow room from the log below it (make_room); the log panel is made anew at its new size.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.ui import theme
from game.ui.battle.commands import Control
from game.ui.battle.log_panel import LogPanel
from game.ui.battle.option_list import text_fits

if TYPE_CHECKING:
    from game.ui.scenes.battle import BattleScene

CONTROLS = {c: (c, text, short, tip) for c, text, short, tip in (
    (Control.FIT, "Fit (F)", "Fit", "Fit the whole table in view (F)"),
    (Control.RINGS, "Rings (R)", "Rings", "Show the selected model's weapon ranges and movement (R)"),
    (Control.LOG, "Log (L)", "Log", "Open the battle log in a large view (L)"),
    (Control.OBJECTIVES, "Objectives (O)", "Goals", "The briefing, each side's objectives and the scoring (O)"),
    (Control.AUTO, "Auto-deploy", "Auto", "Place this model (and the rest of the set-up) automatically"),
    (Control.SLOWER, "AI slower (-)", "AI -", "Slow down the AI's actions (-)"),
    (Control.FASTER, "AI faster (+)", "AI +", "Speed up the AI's actions (+)"),
    (Control.SKIP, "Skip (S)", "Skip", "End the animations; play the AI's actions at once until you are asked (S)"),
    (Control.MENU, "Menu", "Menu", "Leave the battle for the main menu"))}

ControlRow = list[tuple[Control, str, str]]  # (control, label, tip)
MAX_PER_ROW = 5


class PanelLayout:
    """Owns the panel's areas (status, answers, dice tray, log), the controls built, and what the log lends."""

    def __init__(self, scene: BattleScene):
        self.scene = scene
        self.status_rect = pygame.Rect(0, 0, 100, 100)
        self.options_rect = pygame.Rect(0, 0, 100, 100)
        self.tray_rect = pygame.Rect(0, 0, 100, 100)
        self.log_rect = pygame.Rect(0, 0, 100, 100)
        self.controls_built: list[Control] = []
        self._below: list[tuple[pygame_gui.core.UIElement, int]] = []  # the controls, moved down by make_room
        self._base_tray, self._base_log = self.tray_rect.copy(), self.log_rect.copy()
        self._log_min = 0  # the log's three lines (two in a short window)
        self._room = 0  # the pixels the log and the tray lend the question now

    def controls(self) -> list[tuple[Control, str, str, str]]:
        """The control buttons that do something now: Auto-deploy while the player deploys, the AI's pace
        only when an AI plays."""
        session = self.scene.session
        keys = [Control.FIT, Control.RINGS, Control.LOG]
        if self.scene.state.encounter is not None:
            keys.append(Control.OBJECTIVES)
        if session.deploying() and session.human_turn():
            keys.append(Control.AUTO)
        if len(session.humans) < 2:
            keys += [Control.SLOWER, Control.FASTER, Control.SKIP]
        keys.append(Control.MENU)
        return [CONTROLS[k] for k in keys]

    def build(self, panel: pygame.Rect, short: bool) -> tuple[pygame_gui.elements.UITextBox,
                                                                pygame_gui.elements.UIScrollingContainer]:
        """The panel's widgets in ``panel`` (``short``: a window short for the scale); returns the question's
        box and the answers' list for the PromptPanel."""
        scene = self.scene
        pp, h = scene.pp, scene.app.size[1]
        x0, pad = panel.x + pp(8), pp(8)
        inner = panel.width - 2 * pad
        self.status_rect = pygame.Rect(panel.x, 0, panel.width, pp(150))
        y = self.status_rect.bottom + pad
        box = pygame_gui.elements.UITextBox("", pygame.Rect(x0, y, inner, pp(140)), scene.manager,
                                            container=scene.root, object_id=ObjectID(object_id="#prompt"))
        scene.widgets["prompt"] = box
        y += pp(144)
        rows = self._control_rows(inner, pad)
        button_h = max(pp(30), theme.font(round(14 * scene.app.settings.ui_scale)).get_linesize() + 6)
        controls_h = len(rows) * (button_h + pad)
        tray_h = max(pp(76), scene.px(60))
        # what the prompt, the answers and the log share: the answers a little over a third (four buttons at
        # 1280x800, more on a taller window), the log the rest; in a small window at a large scale the
        # prompt and then the answers give way so the log keeps three lines
        share = h - y + pp(144) - controls_h - tray_h - 4 * pad
        log_min = (2 if short else 3) * (theme.font(self.log_font()).get_linesize() + 2) + 8
        prompt_h = pp(140)
        options_h = max(button_h + 6, min(pp(300), round((share - prompt_h) * 0.38)))
        prompt_h = max(min(prompt_h, share - options_h - log_min), 2 * scene.px(20) + 8)
        options_h = max(button_h + 6, min(options_h, share - prompt_h - log_min))
        box.set_dimensions((inner, prompt_h))
        y = box.rect.bottom + pad
        self.options_rect = pygame.Rect(x0, y, inner, options_h)
        options = pygame_gui.elements.UIScrollingContainer(self.options_rect, scene.manager, container=scene.root,
                                                           allow_scroll_x=False)
        scene.widgets["options"] = options
        y = self._build_controls(rows, pygame.Rect(x0, self.options_rect.bottom + pad, inner, button_h), pad)
        self.tray_rect = pygame.Rect(x0, y, inner, tray_h)  # the dice tray, docked: it never covers the table
        y = self.tray_rect.bottom + pad
        self.log_rect = pygame.Rect(x0, y, inner, max(pp(40), h - y - pad))
        self._base_tray, self._base_log, self._log_min, self._room = self.tray_rect.copy(), self.log_rect.copy(), \
            log_min, 0
        scene.log_panel = None
        self._make_log(self.log_rect)
        return box, options

    def _build_controls(self, rows: list[ControlRow], first: pygame.Rect, pad: int) -> int:
        """The control buttons in their rows from ``first`` (the first row's place); returns the edge below."""
        scene = self.scene
        self._below = []
        y = first.y
        for row in rows:
            bw = (first.width - (len(row) - 1) * pad) // len(row)
            for i, (key, text, tip) in enumerate(row):
                button = pygame_gui.elements.UIButton(pygame.Rect(first.x + i * (bw + pad), y, bw, first.height),
                                                      text, scene.manager, container=scene.root, tool_tip_text=tip)
                scene.widgets[key.value] = button
                self._below.append((button, y))
            y += first.height + pad
        self.controls_built = [key for row in rows for key, _, _ in row]
        return y

    def _control_rows(self, inner: int, pad: int) -> list[ControlRow]:
        """The controls in as few rows as their labels fit (at most five a row, the rows as even as they can be),
        their short labels (the key in the tip) before another row: in a small window at a large scale two rows,
        not four, so the answers keep the room."""
        controls = self.controls()
        scale = self.scene.app.settings.ui_scale
        for rows in range(1, len(controls) + 1):
            per_row = -(-len(controls) // rows)
            if per_row > MAX_PER_ROW:
                continue
            width = (inner - (per_row - 1) * pad) // per_row
            for short in (False, True):
                labels = [(key, s if short else text, tip) for key, text, s, tip in controls]
                if per_row == 1 or all(text_fits(text, width, scale) for _, text, _ in labels):
                    return [labels[i:i + per_row] for i in range(0, len(labels), per_row)]
        return []

    def make_room(self, extra: int) -> int:
        """The prompt and its answers want ``extra`` pixels more than the layout gave them (a long question
        with many answers at a large scale): the controls and the dice tray move down and the log gives up
        what it has above its three lines, then the dice tray what it has above its smallest. Returns the
        pixels given (0 gives them back)."""
        from_log = max(0, self._base_log.height - self._log_min)
        tray_min = min(self._base_tray.height, max(self.scene.pp(56), 3 * self.scene.px(12)))
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

    def _make_log(self, rect: pygame.Rect) -> None:
        """The log panel in ``rect``: a new one, or the old one's place, scroll and open entries kept."""
        scene = self.scene
        old = scene.log_panel
        log = LogPanel(scene.manager, rect, scene.root, font_size=self.log_font(), on_rule=scene.open_rule)
        scene.log_panel = log
        if old is not None:
            log.open_rolls, log.closed_turns = old.open_rolls, old.closed_turns
            log.follow = old.follow
            old.kill()
        log.refresh(scene.state)
        if not scene.show_log:
            log.hide()

    def log_font(self) -> int:
        """The log's font size: the panel's, squeezed in a small window, but growing with the UI scale."""
        return max(9, self.scene.pp(13), self.scene.px(11))
