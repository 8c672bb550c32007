"""Watching a save or replay: play and pause, speed, step by decision, activation or turn, forward and back,
jump to a turn, and take over from any point as a new game.

The table, the status, the log and the dice tray are drawn from the Timeline's frame of the chosen
moment, exactly as the battle screen drew them then; the game keeps no secrets, so both sides'
view is the one view.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

import pygame
import pygame_gui

from game.saves.record import SaveRecord
from game.saves.timeline import Timeline
from game.ui import theme
from game.ui.app import App, Scene
from game.ui.battle.dice_view import DiceTray
from game.ui.battle.event_text import answer_words
from game.ui.battle.log_panel import LogPanel
from game.ui.battle.status_panel import draw_status
from game.ui.scenes import common
from game.ui.table_view import Camera, draw_state

SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)  # decisions a second while playing, times two
CONTROLS = (
    (("turn_back", "« Turn", "The start of this turn, or of the one before (Page Up)"),
     ("act_back", "‹ Activation", "One activation back (Shift+Left)"),
     ("act_fwd", "Activation ›", "One activation forward (Shift+Right)"),
     ("turn_fwd", "Turn »", "The start of the next turn (Page Down)")),
    (("step_back", "‹ Step", "One decision back (Left)"),
     ("play", "Play", "Play or pause (Space)"),
     ("step_fwd", "Step ›", "One decision forward (Right)"),
     ("slower", "Slower", "Play more slowly (-)"),
     ("faster", "Faster", "Play faster (+)")),
    (("take_hotseat", "Hotseat", "Play on from this moment: a new hotseat game"),
     ("take_easy", "Easy AI", "Play on from this moment against the easy AI (you keep the save's side)"),
     ("take_normal", "Normal AI", "Play on from this moment against the normal AI (you keep the save's side)"),
     ("take_hard", "Hard AI", "Play on from this moment against the hard AI (you keep the save's side)"),
     ("back", "Back", "Back to the list (Esc)")),
)


class ReplayScene(Scene):
    name = "replay"

    def __init__(self, app: App, record: SaveRecord, timeline: Timeline | None = None):
        super().__init__(app)
        self.record = record
        self.timeline = timeline or Timeline(record.setup, record.answers, record.checks, record.source)
        self.index = -1  # the frame shown: after this decision (-1: before the first)
        self.playing = False
        self.speed = 2
        self.clock = 0.0
        self.cam: Camera | None = None
        self.log_panel: LogPanel | None = None
        self.tray = DiceTray(speed="instant", colour_blind=self.app.settings.colour_blind)
        self.tray_rect = pygame.Rect(0, 0, 10, 10)
        self.error: str | None = None

    # -- layout -------------------------------------------------------------------------------------------
    def build(self) -> None:
        self.widgets = {}
        w, h = self.app.size
        fit = min(1.0, h / self.px(700), (w / 2) / self.px(440))

        def pp(n: float) -> int:
            return max(1, round(self.px(n) * fit))

        panel_w = pp(440)
        # the dice tray below the table, never over it
        tray_h, gap = max(pp(76), self.px(60)), self.px(8)
        self.table_rect = pygame.Rect(0, 0, w - panel_w, h - tray_h - 2 * gap)
        self.tray_rect = pygame.Rect(gap, self.table_rect.bottom + gap, min(self.table_rect.width - 2 * gap,
                                                                            self.px(760)), tray_h)
        self.panel_rect = pygame.Rect(w - panel_w, 0, panel_w, h)
        self.cam = Camera.fit(self.table_rect, margin=self.px(12))
        x0, pad = self.panel_rect.x + pp(8), pp(6)
        inner = panel_w - 2 * pad
        self.status_rect = pygame.Rect(self.panel_rect.x, 0, panel_w, pp(150))
        y = self.status_rect.bottom + pad
        self.widgets["caption"] = pygame_gui.elements.UITextBox("", pygame.Rect(x0, y, inner, pp(112)), self.manager,
                                                                container=self.root)
        y += pp(116)
        bh = max(pp(30), self.manager.get_theme().get_font(["button"]).size("Ag")[1] + 2)  # the text's height
        font = self.manager.get_theme().get_font(["button"])
        for row in CONTROLS:
            for part in _rows(row, [text for _, text, _ in row], inner, pad // 2, font):
                bw = (inner - (len(part) - 1) * pad // 2) // len(part)
                for i, (key, text, tip) in enumerate(part):
                    self.widgets[key] = pygame_gui.elements.UIButton(
                        pygame.Rect(x0 + i * (bw + pad // 2), y, bw, bh), text, self.manager, container=self.root,
                        tool_tip_text=tip)
                y += bh + pp(4)
        turns = list(range(1, self.timeline.turns + 1))
        wide = all(font.size(f"Turn {t}")[0] + _EDGE <= (inner - (len(turns) - 1) * pad // 2) // max(1, len(turns))
                   for t in turns)
        names = [f"Turn {t}" if wide else str(t) for t in turns]
        for turn_part in _rows(list(zip(turns, names, strict=True)), names, inner, pad // 2, font):
            bw = (inner - (len(turn_part) - 1) * pad // 2) // len(turn_part)
            for i, (t, name) in enumerate(turn_part):
                self.widgets[f"turn:{t}"] = pygame_gui.elements.UIButton(
                    pygame.Rect(x0 + i * (bw + pad // 2), y, bw, bh), name, self.manager,
                    container=self.root, tool_tip_text=f"Jump to the start of turn {t}")
            y += bh + pp(4)
        log = pygame.Rect(x0, y, inner, max(pp(40), h - y - pad))
        size = max(9, pp(13), self.px(11))  # growing with the UI scale where three lines of it fit
        if log.height < 3 * (theme.font(size).get_linesize() + 2) + 8:
            size = max(9, pp(13))
        self.log_panel = LogPanel(self.manager, log, self.root, font_size=size)
        self.show(self.index)

    # -- moving through the game -------------------------------------------------------------------------
    def show(self, index: int) -> None:
        tl = self.timeline
        self.index = max(-1, min(len(tl) - 1, index))
        state = tl.state_at(self.index)
        if self.log_panel is not None:
            self.log_panel.refresh(state)
        self.tray = DiceTray(speed="instant", colour_blind=self.app.settings.colour_blind, state=state)
        for e in state.log[-12:]:  # the tray as it was: the latest roll and its outcome
            self.tray.show(e, state)
        caption = self.widgets.get("caption")
        if isinstance(caption, pygame_gui.elements.UITextBox):
            caption.set_text(theme.displayable(self._caption()))
        play = self.widgets.get("play")
        if isinstance(play, pygame_gui.elements.UIButton):
            play.set_text("Pause" if self.playing else "Play")

    def _caption(self) -> str:
        tl, i = self.timeline, self.index
        head = f"<b>Decision {i + 1} of {len(tl)}</b> · speed ×{SPEEDS[self.speed]:g}"
        if self.error:
            head += "<br>" + common.colour_span(common.esc(self.error), theme.BAD)
        if tl.divergence is not None:
            head += "<br>" + common.colour_span(common.esc(f"Stops early: {tl.divergence.describe()}"), theme.BAD)
        if i < 0:
            return head + "<br>The battle is about to begin."
        step = tl.steps[i]
        side = tl.state_at(i).sides[step.side].name if step.side in (0, 1) else ""
        said = answer_words(step.kind, tl.answers[i], step.label)
        return (f"{head} · answered <i>{common.esc(said)}</i>"
                f"<br>Turn {step.turn} · {common.esc(side)}: {common.esc(step.prompt)}")

    def step(self, n: int) -> None:
        self.show(self.index + n)

    def activation(self, direction: int) -> None:
        self.show(self.timeline.next_activation(self.index, direction))

    def turn(self, direction: int) -> None:
        tl = self.timeline
        now = tl.steps[self.index].turn if self.index >= 0 else 1
        start = tl.turn_start(now)
        target = tl.turn_start(now + 1) if direction > 0 else (start if self.index > start else
                                                                 tl.turn_start(now - 1))
        self.show(target)

    def take_over(self, mode: str, level: str | None = None) -> None:
        """A new game from the moment shown: the save's answers up to here, then the players' own."""
        from game.saves.record import SaveRecord as Record
        from game.ui.session import BattleSession, SaveProblem

        setup = dict(self.record.setup, mode=mode, ai_level=level or self.record.setup["ai_level"])
        branch = Record(setup=setup, summary=dict(self.record.summary), answers=self.record.answers[:self.index + 1],
                        checks=self.record.checks[:self.index + 1], name="")
        try:
            session = BattleSession.from_save(branch, autosave=True)
        except SaveProblem as exc:
            self.error = str(exc)
            self.show(self.index)
            return
        if session.over:
            self.error = "the battle is over at this moment: step back to play on"
            self.show(self.index)
            return
        from game.ui.scenes.battle import BattleScene

        self.app.replace(BattleScene(self.app, session))

    # -- input and time ----------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if self.log_panel is not None and self.log_panel.handle(event):
            return
        if event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            self._button(event.ui_element)

    def _key(self, event: pygame.event.Event) -> None:
        shift = event.mod & pygame.KMOD_SHIFT
        k = event.key
        actions = {pygame.K_LEFT: lambda: self.activation(-1) if shift else self.step(-1),
                   pygame.K_RIGHT: lambda: self.activation(+1) if shift else self.step(+1),
                   pygame.K_PAGEUP: lambda: self.turn(-1), pygame.K_PAGEDOWN: lambda: self.turn(+1),
                   pygame.K_HOME: lambda: self.show(-1), pygame.K_END: lambda: self.show(len(self.timeline) - 1),
                   pygame.K_SPACE: self.toggle_play, pygame.K_ESCAPE: self.app.pop,
                   pygame.K_PLUS: lambda: self.change_speed(+1), pygame.K_EQUALS: lambda: self.change_speed(+1),
                   pygame.K_MINUS: lambda: self.change_speed(-1)}
        if k in actions:
            actions[k]()

    def _button(self, el) -> None:
        w = self.widgets
        actions = {"turn_back": lambda: self.turn(-1), "act_back": lambda: self.activation(-1),
                   "step_back": lambda: self.step(-1), "play": self.toggle_play, "step_fwd": lambda: self.step(+1),
                   "act_fwd": lambda: self.activation(+1), "turn_fwd": lambda: self.turn(+1),
                   "slower": lambda: self.change_speed(-1), "faster": lambda: self.change_speed(+1),
                   "take_hotseat": lambda: self.take_over("hotseat"),
                   "take_easy": lambda: self.take_over("ai", "easy"),
                   "take_normal": lambda: self.take_over("ai", "normal"),
                   "take_hard": lambda: self.take_over("ai", "hard"),
                   "back": self.app.pop}
        for key, act in actions.items():
            if el is w.get(key):
                act()
                return
        for t in range(1, self.timeline.turns + 1):
            if el is w.get(f"turn:{t}"):
                self.show(self.timeline.turn_start(t))

    def toggle_play(self) -> None:
        self.playing = not self.playing and self.index < len(self.timeline) - 1
        self.clock = 0.0
        self.show(self.index)

    def change_speed(self, delta: int) -> None:
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + delta))
        self.show(self.index)

    def update(self, dt: float) -> None:
        if self.log_panel is not None:
            self.log_panel.update(dt)
        if not self.playing:
            return
        self.clock += dt
        period = 0.5 / SPEEDS[self.speed]
        while self.clock >= period and self.playing:
            self.clock -= period
            if self.index >= len(self.timeline) - 1:
                self.playing = False
            self.show(self.index + 1)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        state = self.timeline.state_at(self.index)
        surface.set_clip(self.table_rect)
        assert self.cam is not None  # set when the scene is built
        draw_state(surface, state, self.cam, colour_blind=self.app.settings.colour_blind)
        surface.set_clip(None)
        self.tray.scale = self.app.settings.ui_scale  # (its text follows the setting)
        self.tray.draw(surface, self.tray_rect)
        pygame.draw.rect(surface, theme.PANEL, self.panel_rect)
        draw_status(surface, self.status_rect, state, self.app.settings.colour_blind)


_EDGE = 10  # a button's border and shadow either side of its text


T = TypeVar("T")


def _rows(items: Sequence[T], texts: list[str], width: int, gap: int, font) -> list[Sequence[T]]:
    """``items`` split into as few rows as let every button (of ``width`` shared evenly) hold its text."""
    per = len(items)
    while per > 1:
        bw = (width - (per - 1) * gap) // per
        if all(font.size(t)[0] + _EDGE <= bw for t in texts):
            break
        per -= 1
    return [items[k:k + per] for k in range(0, len(items), per)]
