"""The party builder: name and game size, the models (add, remove, reorder), each model's type, attributes,
weapons, traits and notes, and the live totals and problems beside them.

The scene only turns clicks into the document's edits (``game.builder.document``) and shows the verdict
(``game.builder.verdict``), which is the party-building code ``party check`` runs. What changes on a click
(the model list, the chosen model's controls, the totals and problems) is drawn directly from the
document and the verdict (``builder_views``, ``builder_editor``); pygame_gui widgets are kept for what
stays put (the top bar, the text fields, the model tools), because making widgets costs milliseconds each.
So every click is answered in the frame it arrives in (``tools/bench_builder.py``).
"""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pygame_gui

from game.builder import files
from game.builder.document import SIZES, TYPES, PartyDocument, Refused
from game.builder.verdict import Verdict, judge
from game.core.errors import os_problem
from game.ui import theme
from game.ui.app import App, Scene
from game.ui.battle import cards
from game.ui.plural import counted
from game.ui.scenes import common
from game.ui.scenes.builder_commands import BuilderActions, Command
from game.ui.scenes.builder_editor import editor_controls, skill_controls
from game.ui.scenes.builder_views import ControlPanel, DrawnList, Line, model_lines, totals_lines

SIZE_TEXT = {"small": "Small 125", "medium": "Medium 200", "large": "Large 275"}


class BuilderScene(Scene):
    name = "builder"

    def __init__(self, app: App, path: Path | None = None, document: PartyDocument | None = None):
        super().__init__(app)
        self.widgets: dict[str, pygame_gui.core.UIElement] = {}
        self.tips: dict[pygame_gui.core.UIElement, str] = {}  # a button's tip, shown in the status line
        self.hover_tip = ""
        self.path = path  # the file it came from (a shipped one is saved as a copy)
        self.doc = document or PartyDocument()
        self.selected = 0 if self.doc.models() else -1
        self.status = ""
        self.status_bad = False
        self.verdict: Verdict = judge(self.doc.data)
        self._verdict_version = self.doc.version
        self.weapon_name = ""
        self.weapon_skill = "1h_edged"
        self.panels: dict[str, pygame_gui.core.UIContainer] = {}
        self.panel_keys: dict[str, set[str]] = {}
        self.rects: dict[str, pygame.Rect] = {}
        self.update_times: list[float] = []  # seconds per edit: the verdict and the views (the benchmark reads it)
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self.model_view, self.totals_view, self.status_view = DrawnList(), DrawnList(), DrawnList()
        self.editor_view, self.skills_view = ControlPanel(), ControlPanel()
        self._editor_for = -2
        self._views_key: object = None
        self.narrow = self.short = False
        self.actions = BuilderActions(self)

    # -- the verdict --------------------------------------------------------------------------------------------
    def judge(self) -> Verdict:
        if self._verdict_version != self.doc.version:
            self.verdict = judge(self.doc.data)
            self._verdict_version = self.doc.version
        return self.verdict

    @property
    def shipped(self) -> bool:
        return files.is_shipped(self.path)

    # -- layout ------------------------------------------------------------------------------------------------
    def build(self) -> None:
        """Three columns (models, the chosen model, totals) where they fit; in a narrow window (a large UI
        scale) two, the totals and problems under the models in the left column (both always in view while
        editing); in a short one the
        model's text fields side by side, so the editor keeps room to scroll in."""
        self.widgets, self.panels, self.panel_keys = {}, {}, {}
        self.tips, self.hover_tip = {}, ""
        self.page = None  # no scrolling page: the drawn panels are placed in window coordinates
        w, h = self.app.size
        px = self.px
        m, row = px(8), px(30)
        top = pygame.Rect(m, m, w - 2 * m, 2 * row + px(6))
        body_y = top.bottom + px(8)
        foot = px(26)
        body_h = h - body_y - foot - m
        self.narrow = w - px(520) - 4 * m < px(380)
        self.short = body_h < px(330)
        if self.narrow:
            left_w, right_w = max(px(190), int(w * 0.36)), 0
            mid_w = w - left_w - 3 * m
        else:
            left_w, right_w = max(px(220), int(w * 0.22)), max(px(300), int(w * 0.32))
            mid_w = w - left_w - right_w - 4 * m
        mid = pygame.Rect(2 * m + left_w, body_y, mid_w, body_h)
        fixed_top = row if self.short else 2 * row + px(6)
        fixed_bottom = row if self.short else row + px(4) + 2 * px(24) + px(4) + px(4)
        left = pygame.Rect(m, body_y, left_w, body_h)
        if self.narrow:  # the totals and problems under the models: always in view while editing
            left.h = body_h * 55 // 100
            totals = pygame.Rect(left.x, left.bottom + 2 * m, left.w, body_h - left.h - 2 * m)
        else:
            totals = pygame.Rect(3 * m + left_w + mid_w, body_y, right_w, body_h)
        self.rects = {"top": top,
                      "models": left,
                      "model": mid,
                      "fields": pygame.Rect(mid.x, mid.y, mid.w, fixed_top),
                      "editor": pygame.Rect(mid.x, mid.y + fixed_top + px(6), mid.w,
                                            mid.h - fixed_top - fixed_bottom - px(12)),
                      "weapon": pygame.Rect(mid.x, mid.bottom - fixed_bottom, mid.w, row),
                      "skills": pygame.Rect(mid.x, mid.bottom - fixed_bottom + row + px(4), mid.w, 2 * px(28)),
                      "totals": totals,
                      "status": pygame.Rect(m, h - foot - m // 2, w - 2 * m, foot)}
        for part in ("top", "models", "fields"):
            self._panel(part)
        self._views_key = None
        self.views()

    def _container(self, part: str) -> pygame_gui.core.UIContainer:
        old = self.panels.pop(part, None)
        if old is not None:
            for key in self.panel_keys.pop(part, ()):
                self.tips.pop(self.widgets.pop(key, None), None)
            old.kill()
        c = pygame_gui.core.UIContainer(self.rects[part], self.manager, container=common.parent(self))
        self.panels[part] = c
        return c

    def _panel(self, part: str) -> None:
        c = self._container(part)
        before = set(self.widgets)
        {"models": self._build_models, "top": self._build_top, "fields": self._build_fields}[part](c)
        self.panel_keys[part] = set(self.widgets) - before

    def refresh(self, *parts: str) -> None:
        """After an edit: the verdict again, the text fields and the drawn views brought up to date; ``"top"``
        also remakes the top bar's widgets."""
        t0 = time.perf_counter()
        self.judge()
        for part in parts:
            if part == "top":
                self._panel(part)
        self.sync_fields()
        if "top" not in parts and "undo" in self.widgets:
            for key, stack in (("undo", self.doc.undo_stack), ("redo", self.doc.redo_stack)):
                self.widgets[key].enable() if stack else self.widgets[key].disable()
        self.views()
        self.update_times.append(time.perf_counter() - t0)

    # widgets inside a panel container, registered by name
    def _button(self, c, key: str, rect: pygame.Rect, text: str, tip: str | None = None, cls: str | None = None,
                on: bool = False) -> pygame_gui.elements.UIButton:
        # the tip shows in the status line while the pointer is on the button: a floating tooltip would
        # cover the controls beside and below it
        b = pygame_gui.elements.UIButton(rect, text, self.manager, container=c, object_id=common.oid(cls))
        if tip:
            self.tips[b] = tip
        if on:
            b.select()
        self.widgets[key] = b
        return b

    def _label(self, c, key: str, rect: pygame.Rect, text: str, cls: str | None = None,
               left: bool = True) -> pygame_gui.elements.UILabel:
        el = pygame_gui.elements.UILabel(rect, theme.displayable(text), self.manager, container=c,
                                         object_id=common.oid(cls))
        if left:
            el.text_horiz_alignment = "left"
            el.rebuild()
        self.widgets[key] = el
        return el

    def _entry(self, c, key: str, rect: pygame.Rect, text: str, limit: int = 60) -> pygame_gui.elements.UITextEntryLine:
        e = pygame_gui.elements.UITextEntryLine(rect, self.manager, container=c, initial_text=text)
        e.set_text_length_limit(limit)
        self.widgets[key] = e
        return e

    def _build_top(self, c) -> None:
        """Two rows: the title and the file's buttons; the party's name and game size. When the window is
        narrow for the UI scale the buttons share the row evenly, the title gives way, the entry shrinks."""
        r, px = self.rects["top"], self.px
        row, gap, sep = px(30), px(6), px(4)
        party = self.doc.data if isinstance(self.doc.data, dict) else {}
        name = party.get("name")
        buttons = (("undo", "Undo", "Undo (Ctrl+Z)"), ("redo", "Redo", "Redo (Ctrl+Y)"),
                   ("save", "Save", "Save to your mod folder (Ctrl+S); a party with problems is saved as a draft, "
                                    "never offered for a battle"),
                   ("roster", "Roster card", "The printable roster: every profile, weapon and trait with its "
                                             "rules, costs and Fate; export PNG and text"),
                   ("try", "Try it", "Play AI-against-AI games of this party in the background and see how "
                                     "it fares"),
                   ("back", "Back", "Back to the parties (asks first if there are unsaved changes)"))
        bw = min(px(92), (r.w - (len(buttons) - 1) * sep) // len(buttons))
        title_w = r.w - len(buttons) * (bw + sep) - px(8)
        if title_w >= px(160):
            title = "Party builder" + (" — a copy of a shipped party" if self.shipped and title_w >= px(420) else "")
            self._label(c, "title", pygame.Rect(0, 0, title_w, row), title, "@heading")
        bx = r.w - len(buttons) * (bw + sep) + sep
        for key, text, tip in buttons:
            self._button(c, key, pygame.Rect(bx, 0, bw, row), "Roster" if key == "roster" and bw < px(92) else text,
                         tip)
            bx += bw + sep
        y = row + gap
        size_w = min(px(100), (r.w - px(52) - px(120)) // len(SIZES) - px(2))
        entry_w = min(px(230), r.w - px(52) - len(SIZES) * (size_w + px(2)) - px(6))
        self._label(c, "name_label", pygame.Rect(0, y, px(50), row), "Name")
        self._entry(c, "name", pygame.Rect(px(52), y, entry_w, row), name if isinstance(name, str) else "")
        x = px(52) + entry_w + px(6)
        for s in SIZES:
            text = SIZE_TEXT[s] if size_w >= px(96) else s.capitalize()
            self._button(c, f"size:{s}", pygame.Rect(x, y, size_w, row), text,
                         f"[PARTY-1] {s} game: its ExP budget ({SIZE_TEXT[s].split()[1]})", on=party.get("size") == s)
            x += size_w + px(2)
        if not self.doc.undo_stack:
            self.widgets["undo"].disable()
        if not self.doc.redo_stack:
            self.widgets["redo"].disable()

    def _build_models(self, c) -> None:
        r, px = self.rects["models"], self.px
        row, gap = px(30), px(4)
        y = px(28)
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        if self.narrow:  # no heading: the room goes to the list (the totals are below it)
            y = 0
        else:
            self._label(c, "models_heading", pygame.Rect(0, 0, r.w, px(26)), "Models", "@heading")
        each = (r.w - 2 * gap) // 3
        short = {"hero": "Hero", "companion": "Comp.", "follower": "Foll."} if each < px(90) else {}
        for k, t in enumerate(TYPES):
            self._button(c, f"add:{t}", pygame.Rect(k * (each + gap), y, each, row),
                         f"+ {short.get(t, t.capitalize())}",
                         f"Add a {t} at its starting ratings [PARTY-3]", "@small")
        y += row + gap
        tools = (("up", "Up", "Up"), ("down", "Down", "Down"), ("dup", "Copy", "Copy"), ("remove", "Remove", "Del"))
        each = (r.w - 3 * gap) // 4
        tips = {"up": "Move the model up", "down": "Move the model down", "dup": "Copy the model",
                "remove": "Remove the model"}
        for k, (key, text, brief) in enumerate(tools):
            self._button(c, key, pygame.Rect(k * (each + gap), y, each, row),
                         text if each >= px(56) else brief, tips[key], "@small")
        y += row + gap
        self.list_rect = pygame.Rect(r.x, r.y + y, r.w, r.h - y)

    def _build_fields(self, c) -> None:
        """The model's text fields (name, notes) and the new weapon's name: widgets, kept while the scene
        lives; choosing another model only sets their text. Side by side in a short window."""
        px = self.px
        r = self.rects["fields"]
        row, gap = px(30), px(6)
        if self.short:
            lw = px(50)
            half = (r.w - gap) // 2
            for k, (key, text, limit) in enumerate((("model_name", "Name", 60), ("notes", "Notes", 400))):
                x = k * (half + gap)
                self._label(c, f"{key}_label", pygame.Rect(x, 0, lw, row), text)
                self._entry(c, key, pygame.Rect(x + lw + px(2), 0, half - lw - px(2), row), "", limit=limit)
        else:
            self._label(c, "model_name_label", pygame.Rect(0, 0, px(60), row), "Name")
            self._entry(c, "model_name", pygame.Rect(px(62), 0, r.w - px(62), row), "")
            self._label(c, "notes_label", pygame.Rect(0, row + gap, px(60), row), "Notes")
            self._entry(c, "notes", pygame.Rect(px(62), row + gap, r.w - px(62), row), "", limit=400)
        wr = self.rects["weapon"]
        weapon = pygame_gui.core.UIContainer(wr, self.manager, container=common.parent(self))
        self.panels["weapon"] = weapon
        roomy = wr.w >= px(400)
        lw, bw = (px(100), px(122)) if roomy else (px(64), px(64))
        self._label(weapon, "weapon_label", pygame.Rect(0, 0, lw, wr.h), "New weapon" if roomy else "Weapon")
        self._entry(weapon, "weapon_name", pygame.Rect(lw + px(2), 0, wr.w - lw - bw - px(6), wr.h), self.weapon_name,
                    limit=40)
        self._button(weapon, "add_weapon", pygame.Rect(wr.w - bw, 0, bw, wr.h), "Add weapon" if roomy else "Add",
                     "A weapon entry: the name typed here and the skill chosen below [SKILL-2]")
        self.sync_fields()

    def sync_fields(self) -> None:
        """The text fields show the chosen model (set only when different, so typing is never disturbed)."""
        models = self.doc.models()
        m = models[self.selected] if 0 <= self.selected < len(models) else None
        ok = isinstance(m, dict)
        for key, field in (("model_name", "name"), ("notes", "notes")):
            entry = self.widgets.get(key)
            if entry is None:
                continue
            value = m.get(field) if ok else None
            text = value if isinstance(value, str) else ""
            if entry.get_text() != text:
                entry.set_text(text)
            entry.enable() if ok else entry.disable()
        for key in ("weapon_name", "add_weapon"):
            el = self.widgets.get(key)
            if el is not None:
                el.enable() if ok else el.disable()

    def status_text(self, room: int | None = None) -> str:
        """The status line; with ``room`` (pixels), the file's name rather than its path when the path does not
        fit, and a message cut with "…" (the problems are listed in full in the totals)."""
        size = self.px(13)
        mark = " · unsaved changes" if self.doc.dirty else ""
        text = ""
        for path in ((str(self.path), self.path.name) if self.path is not None else ("a new party",)):
            where = path + (" (shipped: saving writes your own copy to the mod folder)" if self.shipped else "")
            text = theme.displayable(("⚠ " if self.status_bad else "") + (self.status or f"{where}{mark}"))
            if self.hover_tip:  # the button under the pointer says what it does
                text = theme.displayable(self.hover_tip)
            if room is None or cards.label_size(text, size)[0] <= room:
                return text
        return cards.fit(text, size, room)

    def views(self) -> None:
        """The drawn panels brought up to date with the verdict (cheap: cached text, laid out once per edit)."""
        v = self.judge()
        key = (self.doc.version, self.selected, self.app.size, self.status, self.status_bad, self.doc.dirty,
               self.weapon_skill, self.hover_tip)
        if key == self._views_key:
            return
        self._views_key = key
        self.model_view.set(self.list_rect, model_lines(v, self.px), f"model:{self.selected}")
        self.totals_view.set(self.rects["totals"], totals_lines(v, self.px))
        status = self.status_text(self.rects["status"].w - self.px(8))
        self.status_view.set(self.rects["status"], [Line(status, theme.BAD if self.status_bad else theme.MUTED,
                                                         self.px(13))])
        models = self.doc.models()
        m = models[self.selected] if 0 <= self.selected < len(models) else None
        if self._editor_for != self.selected:
            self.editor_view.scroll = 0
            self._editor_for = self.selected
        self.editor_view.set_controls(self.rects["editor"], editor_controls(
            m, models, self.rects["editor"].w - 8, self.px, self.weapon_skill if self.short else None))
        self.skills_view.set_controls(self.rects["skills"], [] if self.short else skill_controls(
            self.weapon_skill, self.rects["skills"].w, self.px))

    # -- input -------------------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            key = next((v.key_at(event.pos) for v in self.drawn() if v.key_at(event.pos)), "")
            if key:
                try:
                    self.act(key)
                except Refused as exc:
                    self.say(str(exc), bad=True)
        elif event.type == pygame.MOUSEWHEEL:
            pos = pygame.mouse.get_pos()
            for view in (self.model_view, self.totals_view, self.editor_view):
                if view.rect.collidepoint(pos):
                    view.scroll_by(-event.y * self.px(40))
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            self._typed(event.ui_element, event.text)
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            self._pressed(event.ui_element)
        elif event.type == pygame_gui.UI_BUTTON_ON_HOVERED:
            self.hover_tip = self.tips.get(event.ui_element, "")
        elif event.type == pygame_gui.UI_BUTTON_ON_UNHOVERED and self.tips.get(event.ui_element) == self.hover_tip:
            self.hover_tip = ""
        elif event.type == pygame.KEYDOWN:
            self._key(event)

    def _key(self, event: pygame.event.Event) -> None:
        ctrl = event.mod & pygame.KMOD_CTRL
        if event.key == pygame.K_ESCAPE:
            self.leave_builder()
        elif ctrl and event.key == pygame.K_z:
            self.undo(redo=bool(event.mod & pygame.KMOD_SHIFT))
        elif ctrl and event.key == pygame.K_y:
            self.undo(redo=True)
        elif ctrl and event.key == pygame.K_s:
            self.save()

    def _typed(self, el, text: str) -> None:
        w = self.widgets
        if el is w.get("weapon_name"):
            self.weapon_name = text
            return
        try:
            if el is w.get("name"):
                self.doc.set_party("name", text, typing=True)
                self.refresh()
            elif el is w.get("model_name") and self.selected >= 0:
                self.doc.set_model(self.selected, "name", text, typing=True)
                self.refresh()
            elif el is w.get("notes") and self.selected >= 0:
                self.doc.set_model(self.selected, "notes", text, typing=True)
                self.refresh()
        except Refused as exc:
            self.say(str(exc), bad=True)

    def _pressed(self, el) -> None:
        key = next((k for k, v in self.widgets.items() if v is el), None)
        if key is None:
            return
        try:
            self.act(key)
        except Refused as exc:
            self.say(str(exc), bad=True)

    def act(self, key: str) -> None:
        """One button, by its widget name (tests and the benchmark call this too, through real clicks)."""
        cmd = Command.of(key)
        if cmd is None:
            self.status, self.status_bad = "", False
            return
        self.actions.run(cmd)

    def take_trait(self, trait_id: str) -> None:
        self.doc.add_trait(self.selected, trait_id)
        self.refresh()

    def select(self, i: int) -> None:
        self.selected = i
        self.refresh()

    def go_to_problem(self, n: int) -> None:
        """A problem clicked: its model chosen and shown (a party-wide problem names no model)."""
        problems = self.judge().problems
        if not 0 <= n < len(problems):
            return
        p = problems[n]
        if p.model is not None:
            self.selected = p.model
        self.status = f"{p.where or 'the party'}: {p.message}"
        self.status_bad = True
        self.refresh()
        self.model_view.scroll_to(f"model:{self.selected}")

    def undo(self, redo: bool = False) -> None:
        if (self.doc.redo() if redo else self.doc.undo()):
            self.selected = min(max(self.selected, 0), len(self.doc.models()) - 1)
            self.sync_top()
            self.refresh()

    def sync_top(self) -> None:
        """The top bar shows the party's name and size as they now are (after an undo), in place."""
        party = self.doc.data if isinstance(self.doc.data, dict) else {}
        entry = self.widgets.get("name")
        name = party.get("name") if isinstance(party.get("name"), str) else ""
        if entry is not None and entry.get_text() != name:
            entry.set_text(name)
        for size in SIZES:
            if f"size:{size}" in self.widgets:
                common.select(self.widgets[f"size:{size}"], party.get("size") == size)

    def say(self, text: str, bad: bool = False) -> None:
        self.status, self.status_bad = text, bad
        self.views()

    def rebuild(self) -> None:
        self.judge()
        super().rebuild()

    # -- files ---------------------------------------------------------------------------------------------------
    def save(self) -> files.Saved | None:
        try:
            saved = files.save_party(self.doc, self.path)
        except OSError as exc:
            self.say(os_problem(exc, "Not saved:"), bad=True)
            return None
        self.path = saved.path
        rescan_later()
        if saved.draft:
            self.say(f"Saved as a draft ({counted(len(saved.verdict.problems), 'problem')}; not offered for a battle): "
                     f"{saved.path}", bad=True)
        else:
            self.say(f"Saved: {saved.path} — ready in the battle set-up")
        self._panel("top")
        self.views()
        return saved

    def leave_builder(self) -> None:
        self.ask_then(self.app.pop)

    def ask_then(self, then) -> None:
        """Run ``then`` now, or after the player has saved or discarded unsaved changes: the map editor's own
        question (game/ui/unsaved_dialog.py), Save / Discard changes / Keep editing."""
        if not self.doc.dirty:
            then()
            return
        from game.ui.unsaved_dialog import UnsavedChangesDialog

        def answer(key: str) -> None:
            if key == "discard" or (key == "save" and self.save() is not None):
                then()

        name = self.doc.data.get("name") if isinstance(self.doc.data, dict) else None
        what = f"The party '{name}'" if isinstance(name, str) and name.strip() else "This party"
        self.app.push(UnsavedChangesDialog(self.app, what, answer))

    def hold_quit(self) -> bool:
        """The window is closing: with unsaved changes, ask first (as the map editor does)."""
        if not self.doc.dirty:
            return False
        self.ask_then(self._quit)
        return True

    def _quit(self) -> None:
        self.app.running = False

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        for part in ("models", "model", "totals"):
            r = self.rects.get(part)
            if r is not None:
                pygame.draw.rect(surface, theme.PANEL, r.inflate(self.px(8), self.px(8)), border_radius=self.px(4))
        self.views()
        for view in (*self.drawn(), self.status_view):
            view.draw(surface)

    def drawn(self) -> tuple[DrawnList, ...]:
        return self.model_view, self.totals_view, self.editor_view, self.skills_view

    def point_of(self, key: str) -> tuple[int, int] | None:
        """Where to click a drawn row ("model:2", "problem:0"), scrolled into view first (tests use this)."""
        self.views()
        view = self.model_view if key.startswith("model:") else self.totals_view if key.startswith("problem:") \
            else self.skills_view if key.startswith("skill:") and not self.short else self.editor_view
        view.scroll_to(key)
        r = view.row_rect(key)
        return r.center if r is not None else None


def rescan_later() -> None:
    """The content scan again, in the background: a saved party is in the battle set-up's list at once."""
    from game.content.library import user_mod_dir

    with common._lock:  # the old scan is forgotten now, so the set-up never lists the party as it was
        common._cache.pop(user_mod_dir(), None)
    common.warm_up()
