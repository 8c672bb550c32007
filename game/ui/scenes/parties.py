"""The Parties list: the shipped parties, the player's own (mod folder) and their drafts, each with its size,
cost against the budget, Fate and models; new, duplicate, edit, rename and delete (the player's parties only,
after a question). Editing a shipped party edits a copy; a file YAML cannot read is listed with its errors.
"""

from __future__ import annotations

import copy
from pathlib import Path

import pygame
import pygame_gui

from game.builder import files
from game.builder.document import PartyDocument
from game.core.errors import ContentError, os_problem
from game.ui import theme
from game.ui.app import App, Scene
from game.ui.plural import counted
from game.ui.scenes import common

ORIGIN_TEXT = {"game": "shipped", "mod": "yours", "draft": "draft"}


class PartiesScene(Scene):
    name = "parties"

    def __init__(self, app: App):
        super().__init__(app)
        self.entries: list[files.Listed] = []
        self.chosen: str | None = None
        self.rename_text = ""
        self.message = ""
        self.listed: dict[pygame_gui.elements.UIButton, str] = {}  # the list's buttons -> their party files
        self.scan()

    def scan(self) -> None:
        self.entries = files.listing()
        keys = [str(e.path) for e in self.entries]
        if self.chosen not in keys:
            self.chosen = keys[0] if keys else None
        entry = self.entry()
        self.rename_text = entry.title if entry else ""

    def entry(self) -> files.Listed | None:
        return next((e for e in self.entries if str(e.path) == self.chosen), None)

    def uncover(self) -> None:  # back from the builder: its saves show
        self.scan()
        self.rebuild()
        super().uncover()

    # -- layout ---------------------------------------------------------------------------------------------
    def build(self) -> None:
        self.widgets, self.listed = {}, {}
        px = self.px
        m, row, gap = px(16), px(34), px(6)
        actions = (("new", "New", "A new party, built from nothing"),
                   ("edit", "Edit", "Open it in the builder (a shipped party: you edit your own copy)"),
                   ("duplicate", "Duplicate", "A copy of it among your parties"),
                   ("delete", "Delete", "Delete your party (asks first); shipped parties cannot be deleted"),
                   ("back", "Back", None))
        # side by side where the window has room for the UI scale; else the details under the list, the actions
        # on two rows, and the page scrolls up and down (never sideways)
        stacked = self.app.size[0] < px(820)
        per = 3 if stacked else len(actions)
        action_rows = (len(actions) + per - 1) // per
        list_h, details_h = px(250), px(230)
        top = m // 2 + px(48)
        if stacked:  # list and details share the window's height when they can (1000x650 at 150 %)
            room = self.app.size[1] - (top + (action_rows + 1) * (row + gap) + 2 * gap + m)
            if room < list_h + details_h and room >= px(100):  # (each box scrolls: the actions stay in sight)
                list_h = room * 52 // 100
                details_h = room - list_h
            w, h = common.page(self, px(300), top + list_h + details_h + (action_rows + 1) * (row + gap) + 2 * gap + m)
        else:
            w, h = common.page(self, px(820), px(520))
        title = common.label(self, "title", pygame.Rect(m, m // 2, px(400), px(44)), "Parties", "@heading")
        title.text_horiz_alignment = "left"
        title.rebuild()
        bottom = h - m - action_rows * (row + gap)
        items = [(str(e.path), theme.displayable(self.item_text(e))) for e in self.entries]
        if stacked:
            list_w = w - 2 * m
            x = m
            self.listed = common.choice_list(self, "party", pygame.Rect(m, top, list_w, list_h), items, self.chosen)
            details_top = top + list_h + gap
        else:
            list_w = max(px(440), int(w * 0.48))
            x = 2 * m + list_w
            self.listed = common.choice_list(self, "party", pygame.Rect(m, top, list_w, bottom - top), items,
                                             self.chosen)
            details_top = top
        common.text_box(self, "details", pygame.Rect(x, details_top, w - x - m, bottom - details_top - row - gap),
                        self.details_html())
        entry = self.entry()
        user = entry is not None and entry.origin != "game"
        rename_y = bottom - row
        common.label(self, "rename_label", pygame.Rect(x, rename_y, px(70), row), "Name")
        e = pygame_gui.elements.UITextEntryLine(pygame.Rect(x + px(72), rename_y, w - x - m - px(72) - px(130) - gap,
                                                            row), self.manager, container=common.parent(self),
                                                initial_text=self.rename_text)
        e.set_text_length_limit(60)
        self.widgets["rename_text"] = e
        b = common.button(self, "rename", pygame.Rect(w - m - px(130), rename_y, px(130), row), "Rename",
                          "Give your party a new name (its file is renamed to match)")
        if entry is None or not user or entry.verdict is None:
            b.disable()
            e.disable()
        bw = (w - 2 * m - (per - 1) * gap) // per
        for k, (key, text, tip) in enumerate(actions):
            y = h - m - (action_rows - k // per) * (row + gap) + gap
            b = common.button(self, key, pygame.Rect(m + (k % per) * (bw + gap), y, bw, row), text, tip,
                              "@big_button")
            if key in ("edit", "duplicate") and (entry is None or entry.verdict is None):
                b.disable()
            if key == "delete" and not user:
                b.disable()

    @staticmethod
    def item_text(e: files.Listed) -> str:
        v = e.verdict
        if v is None:
            return f"{e.title} — cannot be read"
        mark = f" · {counted(len(v.problems), 'problem')}" if v.problems else ""
        fate = v.fate if v.fate is not None else "?"
        origin = "" if e.origin == "game" else f" ({ORIGIN_TEXT[e.origin]})"
        return (f"{e.title}{origin} · {v.size or '?'} {v.cost}/{v.budget or '?'} · Fate {fate} · "
                f"{counted(len(v.models), 'model')}{mark}")

    def details_html(self) -> str:
        esc = common.esc
        parts = []
        if self.message:
            parts.append(common.colour_span(esc(self.message), theme.ACCENT))
        e = self.entry()
        if e is None:
            parts.append("No party files yet: New builds one.")
            return "<br>".join(parts)
        parts.append(f"<b>{esc(e.title)}</b> — {ORIGIN_TEXT[e.origin]}, {esc(str(e.path))}")
        if e.verdict is None:
            lines = e.error.describe().splitlines() if e.error else []
            parts.append(common.colour_span("<b>YAML cannot read this file</b>; fix it in a text editor:", theme.BAD))
            parts.append(common.problems_html(lines))
            return "<br>".join(parts)
        v = e.verdict
        fate = v.fate if v.fate is not None else "?"
        parts.append(f"{esc(v.size or '?')} · {v.cost}/{v.budget or '?'} ExP · Fate {fate}"
                     f" · {counted(len(v.models), 'model')} ({counted(v.counts['hero'], 'hero')}, "
                     f"{counted(v.counts['companion'], 'companion')}, {counted(v.counts['follower'], 'follower')})")
        if e.origin == "draft" or v.problems:
            n = counted(len(v.problems), "problem")
            parts.append(common.colour_span(f"<b>Draft: {n}</b> — not offered for a battle "
                                            "until they are fixed", theme.BAD))
            parts.append(common.problems_html([p.message for p in v.problems[:12]]))
        for m in v.models:
            cost = "?" if m.cost is None else m.cost
            parts.append(f"<b>{esc(m.name)}</b> <i>{esc(m.type or '?')}</i> — {cost} ExP, {m.wounds or '?'} wounds")
        return theme.displayable("<br>".join(parts))

    # -- input -------------------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.widgets.get("rename_text"):
            self.rename_text = event.text
        elif event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.listed:
            self.choose(self.listed[event.ui_element])
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.act(self.key_of(event.ui_element) or "")
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def rebuild_in_place(self) -> None:
        """Rebuilt after a choice with the page and the list scrolled where they were (Edit and Delete stay
        in view)."""
        def bars() -> list:
            return [getattr(self.widgets.get(k), "vert_scroll_bar", None) for k in ("page", "party")]

        kept = [b.start_percentage if b is not None else None for b in bars()]
        self.rebuild()
        for bar, was in zip(bars(), kept, strict=True):
            if bar is not None and was is not None:
                bar.set_scroll_from_start_percentage(was)

    def choose(self, path: str) -> None:
        """A party in the list: its details, its name in the Name field."""
        self.chosen = path
        entry = self.entry()
        self.rename_text = entry.title if entry else ""
        self.message = ""
        self.rebuild_in_place()

    def act(self, key: str) -> None:
        """One of the buttons by its name (New, Edit, Duplicate, Rename, Delete, Back)."""
        if key == "new":
            self.open_builder(None, PartyDocument())
        elif key == "edit":
            self.edit()
        elif key == "duplicate":
            self.duplicate()
        elif key == "rename":
            self.rename()
        elif key == "delete":
            self.ask_delete()
        elif key == "back":
            self.app.pop()

    def open_builder(self, path: Path | None, doc: PartyDocument) -> None:
        from game.ui.scenes.builder import BuilderScene

        self.app.push(BuilderScene(self.app, path, doc))

    def _open(self) -> PartyDocument | None:
        e = self.entry()
        if e is None:
            return None
        try:
            return files.open_party(e.path)
        except (ContentError, OSError) as exc:
            self.message = f"Cannot open it: {exc}"
            self.rebuild()
            return None

    def edit(self) -> None:
        doc = self._open()
        if doc is not None:
            self.open_builder(self.entry().path, doc)  # type: ignore[union-attr]

    def duplicate(self) -> None:
        doc = self._open()
        if doc is None or not isinstance(doc.data, dict):
            return
        data = copy.deepcopy(doc.data)
        data["name"] = f"{str(data.get('name', 'Party')).strip()} (copy)"
        copy_doc = PartyDocument(data=data, header=doc.header)
        try:
            saved = files.save_party(copy_doc, None)
        except OSError as exc:
            self.message = os_problem(exc, "Not duplicated:")
            self.rebuild()
            return
        self._saved(saved, "Duplicated")

    def rename(self) -> None:
        e = self.entry()
        name = self.rename_text.strip()
        if e is None or e.origin == "game" or not name:
            return
        doc = self._open()
        if doc is None or not isinstance(doc.data, dict):
            return
        data = copy.deepcopy(doc.data)
        data["name"] = name
        renamed = PartyDocument(data=data, header=doc.header)
        try:
            saved = files.save_party(renamed, e.path, stem=files.slug(name))
        except OSError as exc:
            self.message = os_problem(exc, "Not renamed:")
            self.rebuild()
            return
        self._saved(saved, "Renamed")

    def _saved(self, saved: files.Saved, what: str) -> None:
        from game.ui.scenes.builder import rescan_later

        rescan_later()
        self.chosen = str(saved.path)
        self.scan()
        self.message = f"{what}: {saved.path.name}" + (" (a draft)" if saved.draft else "")
        self.rebuild()

    def ask_delete(self) -> None:
        from game.ui.scenes.confirm import ConfirmScene

        e = self.entry()
        if e is None or e.origin == "game":
            return

        def delete() -> None:
            from game.ui.scenes.builder import rescan_later

            try:
                files.delete_party(e.path)
                self.message = f"Deleted {e.path.name}"
            except OSError as exc:
                self.message = os_problem(exc, "Not deleted:")
            except ValueError as exc:
                self.message = f"Not deleted: {exc}"
            rescan_later()
            self.chosen = None
            self.scan()
            self.rebuild()

        self.app.push(ConfirmScene(self.app, "Delete this party?", f"{e.title} ({e.path}) will be deleted. This "
                                   "cannot be undone.", "Delete", "Keep it", delete))

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
