"""Saved battles and replays: the list newest first, a summary of the chosen one, open or delete it.

Every file of the saves folder is listed; one that cannot be read is listed as broken with the
reason and can only be deleted. Deleting asks first.
"""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pygame_gui

from game.saves.store import Listed, list_saves
from game.ui import theme
from game.ui.app import App, Scene
from game.ui.scenes import common
from game.ui.scenes.confirm import ConfirmScene


def title(item: Listed) -> str:
    when = time.strftime("%d %b %H:%M", time.localtime(item.mtime))
    if item.record is None:
        return f"{item.path.name} — broken"
    sm = item.record.summary
    kind = "Autosave" if item.is_autosave else ("Replay" if sm["finished"] else (item.record.name or "Save"))
    return f"{kind}: {sm['encounter']}, turn {sm['turn']} — {when}"


def details(item: Listed) -> str:
    if item.record is None:
        return (common.colour_span("<b>This file cannot be read.</b>", theme.BAD) + "<br>"
                + common.esc(item.problem or "") + f"<br><br>{common.esc(item.path)}")
    r, sm = item.record, item.record.summary
    against = "hotseat (two players)" if sm["mode"] == "hotseat" else f"against the {sm['ai_level']} AI"
    state = "finished" + (f": {sm['parties'][sm['winner']]} won" if sm["winner"] is not None else ", a draw") \
        if sm["finished"] else f"in turn {sm['turn']}, {sm['decisions']} decisions made"
    return "<br>".join([
        f"<b>{common.esc(r.name or item.path.stem)}</b>",
        f"{common.esc(sm['encounter'])} on {common.esc(sm['map'])}, {against}",
        f"<b>{common.esc(sm['parties'][0])}</b> {sm['scores'][0]} – {sm['scores'][1]} "
        f"<b>{common.esc(sm['parties'][1])}</b>",
        common.esc(state),
        common.colour_span(f"Saved {common.esc(r.saved_at)} by version {common.esc(r.game_version)}", theme.MUTED),
        common.colour_span(common.esc(item.path), theme.MUTED)])


class LoadScene(Scene):
    name = "load"

    def __init__(self, app: App):
        super().__init__(app)
        self.widgets: dict[str, pygame_gui.core.UIElement] = {}
        self.items: list[Listed] = list_saves()
        self.chosen: Path | None = self.items[0].path if self.items else None
        self.error: str | None = None
        self.choices: dict[pygame_gui.elements.UIButton, str] = {}

    def item(self) -> Listed | None:
        return next((i for i in self.items if i.path == self.chosen), None)

    def build(self) -> None:
        self.widgets = {}
        w, h = common.page(self, self.px(640), self.px(360))
        m, gap = self.px(16), self.px(8)
        common.label(self, "title", pygame.Rect(m, m // 2, self.px(400), self.px(44)), "Saved battles", "@heading")
        top, bottom = m // 2 + self.px(50), h - m - self.px(50)
        list_w = max(self.px(260), int(w * 0.45))
        rows = [(str(i.path), title(i)) for i in self.items]
        if rows:
            self.choices = common.choice_list(self, "saves", pygame.Rect(m, top, list_w, bottom - top - gap), rows,
                                              str(self.chosen) if self.chosen else None)
        else:
            self.choices = {}
            common.text_box(self, "saves", pygame.Rect(m, top, list_w, bottom - top - gap),
                            "No saved battles yet. A battle in progress is saved after every decision; "
                            "Ctrl+S in a battle saves it under a name.")
        item = self.item()
        text = details(item) if item else ""
        if self.error:
            text = common.colour_span("<b>Cannot open:</b> ", theme.BAD) + common.esc(self.error) + "<br><br>" + text
        common.text_box(self, "details", pygame.Rect(2 * m + list_w, top, w - 3 * m - list_w, bottom - top - gap),
                        text)
        bw = self.px(150)
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
                                           f"{title(item)}\n{item.path}\nIt cannot be brought back.",
                                           "Delete", "Keep it", lambda: self.delete(item)))

    def open(self) -> None:
        item = self.item()
        if item is None or item.record is None:
            return
        self.error = common.resume_battle(self.app, item.path, how="replace")
        if self.error:
            self.rebuild()

    def watch(self) -> None:
        from game.core.errors import ContentError
        from game.ui.scenes.replay import ReplayScene

        item = self.item()
        if item is None or item.record is None:
            return
        try:
            self.app.push(ReplayScene(self.app, item.record))
        except ContentError as exc:  # a party, map or scenario text inside the save no longer loads
            self.error = exc.describe()
            self.rebuild()

    def delete(self, item: Listed) -> None:
        try:
            item.path.unlink()
        except OSError as exc:
            self.error = f"{item.path} could not be deleted: {exc.strerror or exc}"
        self.items = list_saves()
        if self.item() is None:
            self.chosen = self.items[0].path if self.items else None
        self.rebuild()
