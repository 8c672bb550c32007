"""Saved battles and replays: the list newest first, a summary of the chosen one, open or delete it.

Every file of the saves folder and of the replays folder is listed, each saying what it is: an
unfinished battle (an autosave; the one Continue resumes says so), a named save, a replay (a finished
game) or a broken file, which is listed with the reason in a player's words and can only be deleted.
A save's turn and score are the game's own: each save is played back (a few per frame, and the chosen
one at once) and shown as played, never as its file claims. Deleting asks first.
"""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pygame_gui

from game.core.errors import os_problem
from game.core.names import name_problem, shown_name
from game.saves import kept_state
from game.saves.store import Listed, last_unfinished, list_saves, verify
from game.ui import theme
from game.ui.app import App, Scene
from game.ui.scenes import common
from game.ui.scenes.confirm import ConfirmScene

KINDS = {"unfinished": "Unfinished", "save": "Save", "replay": "Replay", "broken": "Broken"}


def title(item: Listed, resumes: bool = False) -> str:
    """The item's line in the list: what it is, its name or encounter, turn and score once checked, when."""
    when = time.strftime("%d %b %H:%M", time.localtime(item.mtime))
    if item.record is None:
        return f"Broken: {shown_name(item.path.name)} — {when}"
    sm = item.summary
    kind = KINDS[item.kind] + (" (Continue)" if resumes else " (autosave)" if item.kind == "replay" and
                               item.is_autosave else "")
    what = shown_name(item.record.name) if item.record.name and item.record.name != "replay" else \
        shown_name(sm["encounter"])
    if not item.verified:
        return f"{kind}: {what} — {when} (checking…)"
    return f"{kind}: {what}, turn {sm['turn']}, {sm['scores'][0]}–{sm['scores'][1]} — {when}"


def details(item: Listed) -> str:
    if item.record is None:
        return "<br>".join([
            common.colour_span(f"<b>{common.esc(item.headline or 'This file cannot be opened.')}</b>", theme.BAD),
            "It can only be deleted.", "",
            common.colour_span("The details, for a bug report: " + common.esc(item.problem or "", 2000), theme.MUTED),
            common.colour_span(common.esc(item.path), theme.MUTED)])
    r, sm = item.record, item.summary
    against = "hotseat (two players)" if sm["mode"] == "hotseat" else f"against the {sm['ai_level']} AI"
    p0, p1 = (common.name(x) for x in sm["parties"])
    if sm["finished"]:
        state = f"finished: {common.name(sm['parties'][sm['winner']])} won" if sm["winner"] is not None else \
            "finished, a draw"
    else:
        state = f"in turn {sm['turn']}, {sm['decisions']} decisions made"
    what = {"unfinished": "An unfinished battle, saved as it went (an autosave)",
            "save": "A saved battle", "replay": "A replay: the whole of a finished battle"}[item.kind]
    heading = r.name if r.name and r.name != "replay" else sm["encounter"]  # replays are all named "replay"
    lines = [f"<b>{common.name(heading)}</b>",
             common.colour_span(what + (" · in the replays folder" if item.replay_folder else
                                        " · kept by the autosave (the last few are kept)" if item.is_autosave
                                        and item.kind == "replay" else ""), theme.ACCENT),
             f"{common.name(sm['encounter'])} on {common.name(sm['map'])}, {against}",
             f"<b>{p0}</b> {sm['scores'][0]} – {sm['scores'][1]} <b>{p1}</b>", state]
    if not item.verified:
        lines.append(common.colour_span("Not yet checked against the game: turn and score as the file says.",
                                        theme.MUTED))
    elif item.differs:
        said = r.summary
        score = said.get("scores") or ["?", "?"]
        lines.append(common.colour_span(
            f"Its file claimed otherwise (turn {common.esc(said.get('turn'), 20)}, "
            f"{common.esc(score[0], 20)}–{common.esc(score[-1], 20)}, "
            f"{'finished' if said.get('finished') else 'not finished'}): shown here as the game played it back.",
            theme.BAD))
    why = name_problem(r.name, "its name") if r.name else None
    if why:
        lines.append(common.colour_span(f"Its name is shown shortened or replaced: {why}.", theme.MUTED))
    # the folder and the file on lines of their own: a long path wrapped by the text box gets a hyphen put in it
    lines += [common.colour_span(f"Saved {common.esc(r.saved_at, 40)} by version {common.esc(r.game_version, 40)}",
                                 theme.MUTED), common.colour_span(common.esc(item.path.parent) + "/", theme.MUTED),
              common.colour_span(common.esc(item.path.name), theme.MUTED)]
    return "<br>".join(lines)


class LoadScene(Scene):
    name = "load"

    def __init__(self, app: App):
        super().__init__(app)
        self.items: list[Listed] = list_saves()
        self.chosen: Path | None = self.items[0].path if self.items else None
        self.error: str | None = None
        self.choices: dict[pygame_gui.elements.UIButton, str] = {}
        resume = last_unfinished()
        self.resumes: Path | None = resume.path if resume is not None and resume.record is not None else None

    def item(self) -> Listed | None:
        return next((i for i in self.items if i.path == self.chosen), None)

    def build(self) -> None:
        self.widgets = {}
        w, h = self.app.size  # (the list and the details scroll, each in its box: the buttons are always in sight)
        m, gap = self.px(16), self.px(8)
        narrow = w < self.px(640)  # a large scale in a small window: the details go below the list
        heading = common.label(self, "title", pygame.Rect(m, m // 2, min(self.px(400), w - 2 * m), self.px(44)),
                               "Saved battles", "@heading")
        heading.text_horiz_alignment = "left"
        heading.rebuild()
        top, bottom = m // 2 + self.px(50), h - m - self.px(50)
        list_w = w - 2 * m if narrow else max(self.px(260), int(w * 0.45))
        list_bottom = top + (bottom - top) * 45 // 100 if narrow else bottom
        item = self.item()
        if item is not None and not (item.record is not None and kept_state.usable(item.record)):
            verify(item)  # the one shown is checked at once; a finished game that keeps its state opens at once
            # from it and is checked against its moves on the results screen (and a few saves a frame here)
        rows = [(str(i.path), title(i, i.path == self.resumes)) for i in self.items]
        if rows:
            self.choices = common.choice_list(self, "saves", pygame.Rect(m, top, list_w, list_bottom - top - gap), rows,
                                              str(self.chosen) if self.chosen else None)
        else:
            self.choices = {}
            common.text_box(self, "saves", pygame.Rect(m, top, list_w, list_bottom - top - gap),
                            "No saved battles yet. A battle in progress is saved after every decision; "
                            "Ctrl+S in a battle saves it under a name, and the results screen saves replays.")
        text = details(item) if item else ""
        if self.error:
            text = common.colour_span("<b>Cannot open:</b> ", theme.BAD) + common.esc(self.error, 4000) + \
                "<br><br>" + text
        box = pygame.Rect(m, list_bottom, w - 2 * m, bottom - list_bottom - gap) if narrow else \
            pygame.Rect(2 * m + list_w, top, w - 3 * m - list_w, bottom - top - gap)
        common.text_box(self, "details", box, text)
        bw = min(self.px(150), (w - 2 * m - 3 * gap) // 4)
        y = bottom + gap
        common.button(self, "back", pygame.Rect(m, y, bw, self.px(44)), "Back", None, "@big_button")
        delete = common.button(self, "delete", pygame.Rect(w - m - 3 * bw - 2 * gap, y, bw, self.px(44)), "Delete",
                               "Delete this file (asks first)", "@big_button")
        watch = common.button(self, "watch", pygame.Rect(w - m - 2 * bw - gap, y, bw, self.px(44)), "Watch",
                              "Watch the battle from the start: step, play, jump to a turn, take over", "@big_button")
        open_ = common.button(self, "open", pygame.Rect(w - m - bw, y, bw, self.px(44)), "Open",
                              "Resume the battle at the decision where it stopped", "@big_button")
        if item is None:
            delete.disable()
        if item is None or item.record is None:
            open_.disable()
            watch.disable()

    def update(self, dt: float) -> None:
        """Check the listed saves against the game, a few each frame; a line that changes is redrawn in place."""
        budget = time.perf_counter() + 0.02
        for item in self.items:
            if time.perf_counter() > budget:
                break
            if item.record is None or item.verified:
                continue
            verify(item)
            button = self.widgets.get(f"saves:{item.path}")
            if not isinstance(button, pygame_gui.elements.UIButton):  # (a list's lines are buttons)
                continue
            if item.record is None and item.path == self.chosen:
                self.rebuild()  # the details say it is broken now
                return
            from game.ui.battle.cards import fit

            button.set_text(fit(theme.drawable(title(item, item.path == self.resumes), 600), self.px(14),
                                button.rect.width - 24))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        el, w = event.ui_element, self.widgets
        if el in self.choices:
            self.chosen, self.error = Path(self.choices[el]), None
            self.rebuild()
        elif el is w.get("back"):
            self.app.pop()
        elif el is w.get("open"):
            self.open()
        elif el is w.get("watch"):
            self.watch()
        elif el is w.get("delete"):
            item = self.item()
            if item is not None:
                self.app.push(ConfirmScene(self.app, "Delete this file?",
                                           f"{theme.drawable(title(item), 300)}\n{theme.drawable(item.path, 600)}\n"
                                           "It cannot be brought back.",
                                           "Delete", "Keep it", lambda: self.delete(item)))

    def open(self) -> None:
        item = self.item()
        if item is None or item.record is None:
            return
        self.error = common.resume_battle(self.app, item.path, how="replace")  # played back: its own words if not
        if self.error:
            self.rebuild()

    def watch(self) -> None:
        from game.core.errors import ContentError
        from game.systems import DEFAULT as DEFAULT_SYSTEM
        from game.ui.scenes.replay import ReplayScene

        item = self.item()
        if item is None or item.record is None:
            return
        try:
            if item.record.setup.get("system", DEFAULT_SYSTEM) != DEFAULT_SYSTEM:  # another rule system's battle
                from game.ui.scenes.system_battle import SystemBattleScene
                from game.ui.system_session import SystemSession

                self.app.push(SystemBattleScene(self.app, SystemSession(item.record.setup,
                                                                        watch=list(item.record.answers))))
                return
            self.app.push(ReplayScene(self.app, item.record))
        except ContentError as exc:  # a party, map or scenario text inside the save no longer loads
            self.error = "A party, map or scenario kept in this save no longer loads in this version of the game.\n" \
                + exc.describe()
            self.rebuild()

    def delete(self, item: Listed) -> None:
        try:
            item.path.unlink()
        except OSError as exc:
            self.error = f"This file could not be deleted: {os_problem(exc)}"
        self.items = list_saves()
        if self.item() is None:
            self.chosen = self.items[0].path if self.items else None
        self.rebuild()
