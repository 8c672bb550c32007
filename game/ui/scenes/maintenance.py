"""The Maintenance summary: what happened between two turns, each line with its rule.

An overlay over the battle, read from the log: the turn's scoring, Death of a Hero, arrivals,
the extra-turn roll; then what the phase resets (Fate pools, conditions that end, a hero's
Despair or Vengeance running out), read from the state and the engine's own lists.
"""

from __future__ import annotations

import pygame
import pygame_gui

from game.rules.events import Event, EventKind
from game.rules.state import Phase
from game.ui import theme
from game.ui.app import App, Scene
from game.ui.scenes import common
from game.ui.session import BattleSession

CONTINUE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_ESCAPE)
LOOK_KEY = pygame.K_TAB  # the summary set aside to look at the table, and brought back
# what reaches the battle below while the summary is set aside: looking around (the camera, hovering), never an
# answer (no left click on the table, no answer key)
LOOKING = (pygame.MOUSEMOTION, pygame.MOUSEWHEEL)
LOOK_KEYS = (pygame.K_f, pygame.K_r, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN)


def maintenance_events(session: BattleSession, turn: int) -> list[Event]:
    """The log from that turn's Maintenance event up to the next turn (or the end of the game)."""
    out: list[Event] = []
    inside = False
    for e in session.state.log:
        if e.kind == EventKind.Maintenance and e.turn == turn:
            inside = True
            continue
        if inside:
            if e.turn != turn or e.kind in (EventKind.TurnStarted, EventKind.GameOver):
                break
            out.append(e)
    return out


def summary_html(session: BattleSession, turn: int, colour_blind: bool) -> str:
    state = session.state
    lines: list[str] = []
    resets: list[str] = []
    for e in maintenance_events(session, turn):
        rule = e.data.get("rule")
        tag = common.colour_span(f"[{rule}] ", theme.MUTED) if rule else ""
        text = common.esc(e.text)
        side = e.data.get("side")
        if e.kind in (EventKind.Scored, EventKind.DeathOfAHero, EventKind.ScoreRoll) and isinstance(side, int):
            text = common.colour_span(text, common.readable(theme.side_colour(side, colour_blind)))
        if e.kind in (EventKind.Scores, EventKind.DeathOfAHero, EventKind.ExtraTurnRoll):
            text = f"<b>{text}</b>"
        (resets if e.kind == EventKind.ConditionsEnded else lines).append(tag + text)
    if not lines:
        lines.append(common.colour_span("Nothing was scored this turn.", theme.MUTED))
    if state.phase == Phase.OVER and turn == state.turn:
        lines.append("<br><b>The game ends.</b>")
        return "<br>".join(lines)
    lines.append("<br><b>Reset for the next turn</b>")
    lines += resets  # the conditions that ended, by the engine's event
    pools = ", ".join(f"{common.esc(s.name)} {s.party.fate}" for s in state.sides)
    lines.append(common.colour_span("[FATE-1] ", theme.MUTED) + f"Fate pools refilled: {pools}.")
    for s in state.sides:
        if s.hero_fate and s.hero_fate_turn == turn:
            lines.append(common.colour_span("[HERO-2] ", theme.MUTED)
                         + f"{common.esc(s.name)}: {s.hero_fate.capitalize()} ends.")
    return "<br>".join(lines)


class MaintenanceSummary(Scene):
    """Drawn over the battle; Continue, Enter, Space or Esc closes it. "Look at the table" (Tab) sets it aside to
    look at the table as the turn ended (the camera moves; nothing is answered), and brings it back."""

    name = "maintenance"
    overlay = True

    def __init__(self, app: App, session: BattleSession, turn: int):
        super().__init__(app)
        self.session = session
        self.turn = turn
        self.panel = pygame.Rect(0, 0, 10, 10)
        self._seen = -1
        self.aside = False  # set aside: the table is in view, with a button to bring the summary back

    def build(self) -> None:
        self.widgets = {}
        w, h = self.app.size
        if self.aside:
            bw = self.px(300)
            self.panel = pygame.Rect((w - bw) // 2 - self.px(8), self.px(8), bw + self.px(16), self.px(62))
            common.button(self, "look", pygame.Rect((w - bw) // 2, self.px(16), bw, self.px(46)),
                          "Show the summary (Tab)", f"End of turn {self.turn}: the summary, then Continue")
            self._seen = len(self.session.state.log)
            return
        text = summary_html(self.session, self.turn, self.app.settings.colour_blind)
        lines = text.count("<br>") + 3  # a little room for wrapped lines
        pw = min(w - self.px(40), self.px(760))
        ph = min(h - self.px(40), self.px(140) + lines * self.px(22))
        self.panel = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        p, pad = self.panel, self.px(16)
        common.label(self, "title", pygame.Rect(p.x, p.y + pad // 2, p.w, self.px(40)),
                     f"End of turn {self.turn} — Maintenance", "@heading")
        self._seen = len(self.session.state.log)
        common.text_box(self, "events", pygame.Rect(p.x + pad, p.y + self.px(52), p.w - 2 * pad,
                                                    p.h - self.px(52) - self.px(72)), text)
        bw, gap = self.px(200), self.px(12)
        lw = min(self.px(260), (p.w - 2 * pad - gap) - bw)
        x = p.centerx - (bw + gap + lw) // 2
        common.button(self, "continue", pygame.Rect(x, p.bottom - self.px(60), bw, self.px(46)),
                      "Continue", "Enter", "@big_button")
        common.button(self, "look", pygame.Rect(x + bw + gap, p.bottom - self.px(60), lw, self.px(46)),
                      "Look at the table (Tab)", "Set the summary aside to see the table as the turn ended")

    def update(self, dt: float) -> None:
        if len(self.session.state.log) != self._seen:  # the phase may still be running (arrivals)
            self.rebuild()

    def handle(self, event: pygame.event.Event) -> None:
        pressed = event.ui_element if event.type == pygame_gui.UI_BUTTON_PRESSED else None
        if (pressed is not None and pressed is self.widgets.get("look")) or \
                (event.type == pygame.KEYDOWN and event.key == LOOK_KEY):
            self.set_aside(not self.aside)
        elif (pressed is not None and pressed is self.widgets.get("continue")) or \
                (event.type == pygame.KEYDOWN and event.key in CONTINUE_KEYS):
            self.close()
        elif self.aside:
            self._look(event)

    def set_aside(self, aside: bool) -> None:
        self.aside = aside
        self.rebuild()

    def _look(self, event: pygame.event.Event) -> None:
        """The summary set aside: the mouse and the view keys move the battle's camera and hover its models."""
        below = self.app.scenes[-2] if len(self.app.scenes) > 1 else None
        table = getattr(below, "input", None)
        if table is None:
            return
        looking = event.type in LOOKING or (event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
                                            and event.button in (2, 3))
        if looking or (event.type == pygame.KEYDOWN and event.key in LOOK_KEYS):
            table.handle(event)

    def close(self) -> None:
        if self.app.top is self:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        if self.aside:  # the table in full view, a frame round the button that brings the summary back
            pygame.draw.rect(surface, theme.PANEL, self.panel, border_radius=self.px(8))
            pygame.draw.rect(surface, theme.ACCENT, self.panel, 2, border_radius=self.px(8))
            return
        theme.modal_panel(surface, self.panel, self.px(8), theme.ACCENT)
