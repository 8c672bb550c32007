"""The end of a battle: who won, where every point came from, and the score over the turns.

Everything shown is read from the state and its log (Scored, ScoreRoll, Victory, TieBroken, Killed,
Removed, Escaped, Scores, GameOver) and from the engine's own scoring functions; nothing is recomputed.
"""

from __future__ import annotations

import itertools
import time
from pathlib import Path

import pygame
import pygame_gui

from game.core.errors import os_problem
from game.rules import scoring
from game.rules.events import EventKind
from game.ui import theme
from game.ui.app import App, Scene
from game.ui.scenes import common
from game.ui.session import BattleSession, SaveProblem

BREAKDOWN_KINDS = (EventKind.Scored, EventKind.ScoreRoll, EventKind.Victory, EventKind.TieBroken)
ENDING_KINDS = (EventKind.ExtraTurnRoll, EventKind.SideWipedOut, EventKind.VictoryMessage)  # + the scenario's text
LOSSES = {EventKind.Killed: "killed", EventKind.Removed: "removed", EventKind.Escaped: "escaped"}


def replay_dir() -> Path:
    """Where replays are saved: the user data folder (IRON_HONOR_REPLAYS overrides it); Load lists them."""
    from game.saves.store import replays_dir

    return replays_dir()


def score_series(session: BattleSession) -> list[tuple[int, list[int]]]:
    """(turn, scores) from turn 0, after each Maintenance, and the final scores after end scoring."""
    series = [(0, [0, 0])] + session.score_history()
    for e in session.state.log:
        if e.kind == EventKind.GameOver and "scores" in e.data:
            final = list(e.data["scores"])
            if series[-1][0] == e.turn:
                series[-1] = (e.turn, final)
            else:
                series.append((e.turn, final))
    return series


def breakdown_html(session: BattleSession, side: int, colour_blind: bool) -> str:
    """Where one side's points came from, event by event, each with its rule."""
    state = session.state
    s = state.sides[side]
    lines = [common.colour_span(f"<b>{common.esc(s.name)}</b>", common.readable(theme.side_colour(side, colour_blind)))
             + f" — <b>{s.score} ExP</b>"]
    standing = scoring.standing(state, side)
    losses = [e for e in state.log if e.kind in LOSSES and e.data.get("model") in state.models]
    enemy = [e for e in losses if e.kind != EventKind.Escaped and state.models[e.data["model"]].side != side]
    escaped = [e for e in losses if e.kind == EventKind.Escaped and state.models[e.data["model"]].side == side]
    lines.append(f"<br><b>Kills and escapes</b> [ENC-5]: {standing} ExP")
    for e in enemy + escaped:
        m = state.models[e.data["model"]]
        lines.append(f"  turn {e.turn}: {common.esc(m.name)} ({m.profile.type}) {LOSSES[e.kind]}")
    if not enemy and not escaped:
        lines.append(common.colour_span("  no enemy killed", theme.MUTED))
    awarded = [e for e in state.log if e.kind in BREAKDOWN_KINDS and e.data.get("side") == side]
    if awarded:
        lines.append("<br><b>Objectives and victory</b>")
    for e in awarded:
        rule = f" [{e.data['rule']}]" if e.data.get("rule") else ""
        lines.append(f"  turn {e.turn}: {common.esc(e.text)}" + common.colour_span(common.esc(rule), theme.MUTED))
    return "<br>".join(lines)


class ResultsScene(Scene):
    name = "results"

    def __init__(self, app: App, session: BattleSession):
        super().__init__(app)
        self.session = session
        self.saved: Path | None = None
        self.error: str | None = None
        self.chart_rect = pygame.Rect(0, 0, 10, 10)
        self.campaign = getattr(session, "campaign", None)  # a campaign's game: recorded now ([CMP-2]-[CMP-5])
        if self.campaign is not None:
            self.campaign.finished(session.state)

    def update(self, dt: float) -> None:
        """A battle opened from a save's kept state is checked against its answers, a slice each frame; when they
        play another game, the screen says so and shows that game."""
        if self.session.unchecked is not None and self.session.check_kept(budget=0.01) is not None:
            self.error = f"Not the game its moves play: {self.session.kept_problem}"
            self.rebuild()

    def headline(self) -> tuple[str, tuple[int, int, int]]:
        state = self.session.state
        if state.winner is None:
            return "A draw", theme.ACCENT
        colour = theme.side_colour(state.winner, self.app.settings.colour_blind)
        return f"{state.sides[state.winner].name} wins", common.readable(colour)

    def _build_breakdowns(self, m: int, gap: int, top: int, bottom: int, tight: bool) -> None:
        """Each side's breakdown, and the score chart beside them when there is room for its axes."""
        w = self.app.size[0]
        state = self.session.state
        half = (w - 3 * m) // 2
        chart_shown = not tight or bottom - top >= self.px(200)  # (too short for its axes: the breakdown alone)
        if not chart_shown:
            half = w - 2 * m
        if tight:
            both = "<br><br>".join(breakdown_html(self.session, side, self.app.settings.colour_blind)
                                   for side in (0, 1))
            box = common.text_box(self, "breakdown0", pygame.Rect(m, top, half, bottom - top), both)
            self.widgets["breakdown1"] = box  # (one box for both sides: one scroll bar at most)
        else:
            box_h = (bottom - top - gap) // 2
            for side in (0, 1):
                common.text_box(self, f"breakdown{side}", pygame.Rect(m, top + side * (box_h + gap), half, box_h),
                                breakdown_html(self.session, side, self.app.settings.colour_blind))
        self.chart_rect = pygame.Rect(2 * m + half, top, half if chart_shown else 0, bottom - top)
        if chart_shown:
            chart = pygame.Surface(self.chart_rect.size)
            chart.fill(theme.BG)
            draw_chart(chart, chart.get_rect(), score_series(self.session), [s.name for s in state.sides],
                       self.app.settings.colour_blind, self.px)
            self.widgets["chart"] = pygame_gui.elements.UIImage(self.chart_rect, chart, self.manager,
                                                                container=common.parent(self))

    def build(self) -> None:
        self.widgets = {}
        # laid out in the window at any scale, the buttons always in sight at the bottom; at most one scroll
        # area: the two breakdowns share one box when the window is small for the scale (1000x650 at 150 %)
        w, h = self.app.size
        m, gap = self.px(20), self.px(10)
        tight = w < self.px(780) or h < self.px(540)
        if tight:
            m, gap = self.px(10), self.px(6)
        state, setup = self.session.state, self.session.setup
        title_h = max(self.px(44 if tight else 56), theme.font(self.px(34), bold=True).size("Ag")[1] + 2)
        title = common.label(self, "title", pygame.Rect(m, m, w - 2 * m, title_h), self.headline()[0], "@title")
        title.text_colour = pygame.Color(self.headline()[1])
        title.rebuild()
        a, b = (s.score for s in state.sides)
        enc = state.encounter.scenario.name if state.encounter is not None else "a fight"
        sub_font = theme.font(self.px(14))
        sub_h = max(self.px(26), sub_font.get_linesize() + 4)
        # the whole line where it fits; in a small window at a large scale the map, then the seed, give way
        variants = (f"{enc} on {state.battle_map.name} · after turn {state.turn} · {a} to {b} ExP · seed {setup.seed}",
                    f"{enc} · after turn {state.turn} · {a} to {b} ExP · seed {setup.seed}",
                    f"{enc} · after turn {state.turn} · {a} to {b} ExP",
                    f"After turn {state.turn} · {a} to {b} ExP")
        sub = next((v for v in variants if sub_font.size(v)[0] + self.px(8) <= w - 2 * m), variants[-1])
        common.label(self, "subtitle", pygame.Rect(m, m + title_h, w - 2 * m, sub_h), sub)
        ending = [e.text for e in state.log if e.kind in ENDING_KINDS]
        top = m + title_h + sub_h + self.px(4 if tight else 10)
        if ending:
            end_h = max(self.px(22), theme.font(self.px(12)).get_linesize() + 2)
            common.label(self, "ending", pygame.Rect(m, top - self.px(4), w - 2 * m, end_h),
                         " · ".join(ending), "@small")
            top += end_h
        # the buttons: four in a row, or two rows of two when a row of four would squeeze their captions
        bh = max(theme.font(self.px(18), bold=True).get_linesize() + 12, self.px(36)) if tight else self.px(46)
        per_row = 4 if theme.font(self.px(14)).size("Rematch, new seed")[0] + 24 <= (w - 2 * m - 3 * gap) // 4 \
            else 2
        bw = min(self.px(210), (w - 2 * m - (per_row - 1) * gap) // per_row)
        rows = 4 // per_row
        note_h = max(self.px(16), theme.font(self.px(12)).get_linesize() + 2) if tight else self.px(24)
        y = h - m // 2 - note_h - rows * bh - (rows - 1) * gap - self.px(4)
        bottom = y - gap
        self._build_breakdowns(m, gap, top, bottom, tight)
        # the big buttons' font when the longest caption fits, else the ordinary one
        big = theme.font(self.px(18), bold=True).size("Rematch, new seed")[0] <= bw - 24
        for k, (key, text, tip) in enumerate((
                ("menu", "Main menu", None) if self.campaign is None else
                ("menu", "Campaign", "Back to the campaign: casualties, banked ExP, the next game"),
                ("rematch", "Rematch", "The same parties, map and encounter, and the same seed"),
                ("rematch_new", "Rematch, new seed", "The same parties, map and encounter with a new seed"),
                ("save", "Save replay", "Save the setup, the seed and every answer: the whole game"))):
            x, by = m + (k % per_row) * (bw + gap), y + (k // per_row) * (bh + gap)
            button = common.button(self, key, pygame.Rect(x, by, bw, bh), text, tip, "@big_button" if big else None)
            if key == "save" and self.session.record() is None:
                button.disable()  # a position opened from a script has no setup to keep
            if key.startswith("rematch") and self.campaign is not None:
                button.disable()  # a campaign's game is played once: its result has carried over
            if key == "save" and self.campaign is not None and not self.campaign.replayable(self.session):
                button.disable()  # a campaign party beyond a new party's budget: its save would not play back
        y += (rows - 1) * (bh + gap)
        note = ""
        if self.saved is not None:
            note = f"Replay saved to {self.saved}"
        elif self.error:
            note = self.error
        info = common.label(self, "note", pygame.Rect(m, y + bh + self.px(4), w - 2 * m, note_h), note,
                            "@small")
        info.text_horiz_alignment = "left"
        info.rebuild()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        w = self.widgets
        if event.ui_element is w.get("menu") and self.campaign is not None:
            self.app.pop()  # the campaign's scene is under the battle's results
        elif event.ui_element is w.get("menu"):
            from game.ui.scenes.menu import MainMenu

            self.app.reset(MainMenu(self.app))
        elif event.ui_element is w.get("rematch"):
            self.rematch(self.session.setup.seed)
        elif event.ui_element is w.get("rematch_new"):
            from game.ui.scenes.setup import new_seed

            self.rematch(new_seed())
        elif event.ui_element is w.get("save"):
            self.save_replay()

    def rematch(self, seed: int) -> None:
        """The same battle again from the setup this one was played with, by value (a loaded save's own texts:
        never a file looked up by the names it holds)."""
        from game.core.errors import ContentError

        try:
            session = self.session.rematch(seed)
        except SaveProblem as exc:
            self.error = f"No rematch: {exc}"
        except ContentError as exc:
            self.error = f"No rematch: {exc.describe()}"
        else:
            common.open_battle(self.app, session, "replace")
            return
        self.rebuild()

    def save_replay(self) -> Path | None:
        path = replay_dir() / f"replay-{time.strftime('%Y%m%d-%H%M%S')}-seed{self.session.setup.seed}.json"
        try:
            self.session.save_replay(path)
            self.saved, self.error = path, None
        except OSError as exc:
            self.saved, self.error = None, os_problem(exc, "The replay could not be saved:")
        except SaveProblem as exc:
            self.saved, self.error = None, f"The replay could not be saved: {exc}"
        self.rebuild()
        return self.saved

    def still(self) -> object | None:
        """Nothing moves on the results: drawn again only after input."""
        return (self.saved, self.error)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)


def draw_chart(surface: pygame.Surface, rect: pygame.Rect, series: list[tuple[int, list[int]]], names: list[str],
               colour_blind: bool, px) -> None:
    """Each side's score over the turns: side colours plus a second cue (solid with discs, dashed with squares)."""
    pygame.draw.rect(surface, theme.PANEL, rect, border_radius=px(6))
    f, fb = theme.font(px(13)), theme.font(px(15), bold=True)
    title = fb.render("Score over the turns", True, theme.INK)
    surface.blit(title, (rect.x + px(12), rect.y + px(8)))
    # the legend: both sides on one row, or one a row when the chart is narrow (a large scale, a small window)
    legend = [f.render(names[side], True, theme.INK) for side in (0, 1)]
    one_row = px(12) + sum(px(60) + img.get_width() for img in legend) <= rect.w
    legend_h = px(26) if one_row else px(26) + f.get_linesize()
    plot = pygame.Rect(rect.x + px(56), rect.y + px(38) + legend_h, rect.w - px(80), rect.h - px(94) - legend_h)
    if plot.w < 20 or plot.h < 20:
        return
    last_turn = max(1, series[-1][0])
    top = max(1, max(max(v) for _, v in series))
    step = max(1, -(-top // 8))
    top = -(-top // step) * step

    def at(turn: float, value: float) -> tuple[int, int]:
        return (round(plot.x + plot.w * turn / last_turn), round(plot.bottom - plot.h * value / top))

    for v in range(0, top + 1, step):  # horizontal grid and the score axis
        y = at(0, v)[1]
        pygame.draw.line(surface, (60, 64, 72), (plot.x, y), (plot.right, y))
        img = f.render(str(v), True, theme.MUTED)
        surface.blit(img, (plot.x - img.get_width() - px(8), y - img.get_height() // 2))
    tstep = max(1, -(-last_turn // 12))
    for t in range(0, last_turn + 1, tstep):  # the turn axis
        x = at(t, 0)[0]
        pygame.draw.line(surface, theme.MUTED, (x, plot.bottom), (x, plot.bottom + px(4)))
        img = f.render(str(t), True, theme.MUTED)
        surface.blit(img, (x - img.get_width() // 2, plot.bottom + px(6)))
    pygame.draw.line(surface, theme.MUTED, plot.bottomleft, plot.bottomright, 2)
    pygame.draw.line(surface, theme.MUTED, plot.topleft, plot.bottomleft, 2)
    img = f.render("Turn", True, theme.INK)
    surface.blit(img, (plot.centerx - img.get_width() // 2, plot.bottom + px(26)))
    img = pygame.transform.rotate(f.render("Score (ExP)", True, theme.INK), 90)
    surface.blit(img, (rect.x + px(8), plot.centery - img.get_height() // 2))
    for side in (0, 1):
        colour = theme.side_colour(side, colour_blind)
        pts = [at(t, v[side]) for t, v in series]
        if side == 1:  # a small offset so equal scores do not hide one line under the other
            pts = [(x, y - px(2)) for x, y in pts]
        for a, b in itertools.pairwise(pts):
            if side == 0:
                pygame.draw.line(surface, colour, a, b, px(3))
            else:
                dashed(surface, colour, a, b, px(3), px(9))
        for p in pts:
            if side == 0:
                pygame.draw.circle(surface, colour, p, px(5))
            else:
                r = px(5)
                pygame.draw.rect(surface, colour, (p[0] - r, p[1] - r, 2 * r, 2 * r))
    # legend
    x, y = rect.x + px(12), rect.y + px(34)
    for side in (0, 1):
        colour = theme.side_colour(side, colour_blind)
        a, b = (x, y + px(8)), (x + px(34), y + px(8))
        if side == 0:
            pygame.draw.line(surface, colour, a, b, px(3))
            pygame.draw.circle(surface, colour, (x + px(17), y + px(8)), px(5))
        else:
            dashed(surface, colour, a, b, px(3), px(9))
            pygame.draw.rect(surface, colour, (x + px(12), y + px(3), px(10), px(10)))
        img = legend[side]
        surface.blit(img, (x + px(42), y))
        if one_row:
            x += px(60) + img.get_width()
        else:
            y += f.get_linesize()


def dashed(surface: pygame.Surface, colour: tuple[int, int, int], a: tuple[int, int], b: tuple[int, int],
           width: int, dash: int) -> None:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = max(1.0, (dx * dx + dy * dy) ** 0.5)
    n = max(1, int(length // dash))
    for i in range(0, n, 2):
        s, e = i / n, min(1.0, (i + 1) / n)
        pygame.draw.line(surface, colour, (a[0] + dx * s, a[1] + dy * s), (a[0] + dx * e, a[1] + dy * e), width)
