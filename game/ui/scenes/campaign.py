"""The campaign between games: the story so far, each game's result and casualties, each side's party and
banked ExP with a button to spend it in the party builder, and the next game ([CMP-1]-[CMP-7]).

What is shown is the progress as game/rules/campaign.py left it; the buttons carry typed commands that
``CampaignScene.run`` matches on.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

import pygame
import pygame_gui

from game.rules.campaign import Progress, standing
from game.ui import theme
from game.ui.app import App, Scene
from game.ui.campaign_run import CampaignRun
from game.ui.scenes import common


@dataclass(frozen=True)
class PlayNext:
    key = "play"


@dataclass(frozen=True)
class EditParty:
    side: int

    @property
    def key(self) -> str:
        return f"edit:{self.side}"


@dataclass(frozen=True)
class Leave:
    key = "menu"


Command = PlayNext | EditParty | Leave


def results_html(run: CampaignRun, colour_blind: bool) -> str:
    """The story before the next game (or the epilogue), then each game's result and what became of each model."""
    p, c = run.progress, run.campaign
    names = [s.name for s in p.sides]
    out: list[str] = []
    if not p.finished:
        game = c.games[p.next_game]
        scenario, where = run.names(p.next_game)
        out.append(f"<b>Next: game {p.next_game + 1} of {p.games}"
                   f"{' — ' + common.esc(game.title) if game.title else ''}</b><br>"
                   f"{common.esc(scenario)} on {common.esc(where)}")
        if game.text:
            out.append(f"<i>{common.esc(game.text)}</i>")
    else:
        out.append("<b>The campaign is over</b>" + (f"<br><i>{common.esc(c.epilogue)}</i>" if c.epilogue else ""))
    wins, scored, leader = standing(p)
    lead = "level" if leader is None else f"{common.esc(names[leader])} {'wins' if p.finished else 'leads'}"
    out.append(f"<b>Standing</b> [CMP-7]: {wins[0]}–{wins[1]} in games won, {scored[0]}–{scored[1]} ExP scored: "
               f"{lead}")
    for r in reversed(p.results):
        title = c.games[r.index].title if r.index < len(c.games) else None
        won = "a draw" if r.winner is None else f"{common.esc(names[r.winner])} won"
        lines = [f"<b>Game {r.index + 1}{' — ' + common.esc(title) if title else ''}</b>: {r.scores[0]} to "
                 f"{r.scores[1]} ExP, {won} [ENC-4]"]
        for side, fates in enumerate(r.fates):
            colour = common.readable(theme.side_colour(side, colour_blind))
            told = [common.esc(f.text()) for f in fates if f.outcome not in ("fought", "waiting")]
            lines.append(common.colour_span(common.esc(names[side]), colour) + ": "
                         + ("; ".join(told) if told else "no casualties"))
        out.append("<br>".join(lines))
    return "<br><br>".join(out)


def side_html(progress: Progress, side: int, colour_blind: bool) -> str:
    s = progress.sides[side]
    colour = common.readable(theme.side_colour(side, colour_blind))
    models = s.party.get("models", [])
    names = ", ".join(common.esc(m.get("name", "")) for m in models)
    return (common.colour_span(f"<b>{common.esc(s.name)}</b>", colour) + f"<br>{len(models)} models, cost "
            f"{s.cost()} ExP<br><b>Banked: {s.banked} ExP</b> [CMP-5]<br>{names}")


class CampaignScene(Scene):
    """A campaign between its games (and after its last)."""

    name = "campaign"

    def __init__(self, app: App, run: CampaignRun):
        super().__init__(app)
        self.run_ = run
        self.commands: dict[pygame_gui.core.UIElement, Command] = {}
        self.message = ""

    def uncover(self) -> None:  # back from a game or the builder: the progress changed
        self.rebuild()
        super().uncover()

    def button(self, command: Command, rect: pygame.Rect, text: str, tip: str | None = None,
               cls: str | None = None) -> None:
        self.commands[common.button(self, command.key, rect, text, tip, cls)] = command

    def build(self) -> None:
        self.widgets, self.commands = {}, {}
        run, px = self.run_, self.px
        m, gap, bh = px(16), px(10), px(44)
        win_w, win_h = self.app.size
        # the buttons stay in sight below the page: one row of four, or two rows of two in a narrow window
        per_row = 4 if (win_w - 2 * m - 3 * gap) // 4 >= px(200) else 2
        rows = 4 // per_row
        note_h = max(px(20), theme.font(px(12)).get_linesize() + 2)
        footer = rows * bh + (rows - 1) * gap + note_h + 2 * gap
        w, h = common.page(self, px(600), px(380), footer=footer)
        cb = self.app.settings.colour_blind
        title_h = max(px(48), theme.font(px(34), bold=True).get_linesize() + 4)
        common.label(self, "title", pygame.Rect(m, m // 2, w - 2 * m, title_h), run.campaign.name, "@title")
        desc = run.campaign.description or ""
        common.label(self, "subtitle", pygame.Rect(m, m // 2 + title_h, w - 2 * m, px(24)), desc, "@small")
        top = m // 2 + title_h + px(30)
        bottom = h - gap
        side_w = min(px(340), (w - 2 * m - gap) * 2 // 5)
        common.text_box(self, "story", pygame.Rect(m, top, w - 2 * m - gap - side_w, bottom - top),
                        results_html(run, cb))
        box_h = (bottom - top - gap) // 2
        for side in (0, 1):
            common.text_box(self, f"side{side}", pygame.Rect(w - m - side_w, top + side * (box_h + gap), side_w, box_h),
                            side_html(run.progress, side, cb))
        with common.in_root(self):
            self.footer(win_w, win_h - footer + gap, per_row, bh, gap, note_h)

    def footer(self, w: int, y: int, per_row: int, bh: int, gap: int, note_h: int) -> None:
        run, px = self.run_, self.px
        m = px(16)
        over = run.progress.finished
        play = "Campaign over" if over else f"Play game {run.progress.next_game + 1}"
        tip = "Open this party in the party builder: its budget is its cost plus its banked ExP [CMP-6]"
        buttons: list[tuple[Command, str, str | None, str | None]] = [
            (Leave(), "Main menu", "The campaign is saved; resume it from Campaign on the main menu", "@big_button"),
            (EditParty(0), "Edit party A", tip, None), (EditParty(1), "Edit party B", tip, None),
            (PlayNext(), play, None if over else "The next game: the parties as they stand", "@big_button")]
        bw = (w - 2 * m - (per_row - 1) * gap) // per_row
        for k, (command, text, tip_text, cls) in enumerate(buttons):
            x, by = m + (k % per_row) * (bw + gap), y + (k // per_row) * (bh + gap)
            self.button(command, pygame.Rect(x, by, bw, bh), text, tip_text, cls)
            if over and not isinstance(command, Leave):
                self.widgets[command.key].disable()
        y += (len(buttons) // per_row) * (bh + gap) - gap
        note = self.message or run.error or f"Saved as {run.path.name}"
        from game.ui.battle.cards import fit

        common.label(self, "note", pygame.Rect(m, y + px(2), w - 2 * m, note_h),
                     fit(note, px(12), w - 2 * m - px(12)), "@small")

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.commands:
            self.do(self.commands[event.ui_element])

    def do(self, command: Command) -> None:
        match command:
            case PlayNext():
                self.play_next()
            case EditParty(side):
                self.edit(side)
            case Leave():
                from game.ui.scenes.menu import MainMenu

                self.app.reset(MainMenu(self.app))

    def play_next(self) -> None:
        from game.core.errors import ContentError

        try:
            session = self.run_.session()
        except ContentError as exc:
            self.message = f"The next game cannot start: {exc.describe()}"
            self.rebuild()
            return
        common.open_battle(self.app, session)

    def edit(self, side: int) -> None:
        from game.builder.document import PartyDocument
        from game.ui.campaign_run import CampaignEdit
        from game.ui.scenes.builder import BuilderScene

        doc = PartyDocument(data=copy.deepcopy(self.run_.progress.sides[side].party))
        self.app.push(BuilderScene(self.app, document=doc, campaign=CampaignEdit(self.run_, side)))

    def still(self) -> object | None:
        return (self.message, self.run_.error, self.run_.progress.next_game)
