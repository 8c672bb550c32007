"""The party builder's layout and its widgets: where each panel goes for the window and the UI scale, the top
bar (the file's buttons, the party's name and size), the model tools, and the text fields kept in step
with the document.

Part of BuilderScene (game/ui/scenes/builder.py). The widgets go in the scene's ``widgets`` by name; each
button also carries its typed command (``builder_commands``), which the scene runs when it is pressed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.builder.document import SIZES, TYPES
from game.ui import theme
from game.ui.scenes import common
from game.ui.scenes.builder_commands import AddModel, Command, SetSize, Tool

if TYPE_CHECKING:
    from game.ui.scenes.builder import BuilderScene

SIZE_TEXT = {"small": "Small 125", "medium": "Medium 200", "large": "Large 275"}
TOP_BUTTONS = ((Tool.UNDO, "Undo", "Undo (Ctrl+Z)"), (Tool.REDO, "Redo", "Redo (Ctrl+Y)"),
               (Tool.SAVE, "Save", "Save to your mod folder (Ctrl+S); a party with problems is saved as a draft, "
                                   "never offered for a battle"),
               (Tool.ROSTER, "Roster card", "The printable roster: every profile, weapon and trait with its "
                                            "rules, costs and Fate; export PNG and text"),
               (Tool.TRY, "Try it", "Play AI-against-AI games of this party in the background and see how "
                                    "it fares"),
               (Tool.BACK, "Back", "Back to the parties (asks first if there are unsaved changes)"))
MODEL_TOOLS = ((Tool.UP, "Up", "Up", "Move the model up"), (Tool.DOWN, "Down", "Down", "Move the model down"),
               (Tool.COPY, "Copy", "Copy", "Copy the model"), (Tool.REMOVE, "Remove", "Del", "Remove the model"))


class BuilderLayout:
    """Owns the panels' places (``rects``), their containers, the buttons' tips and commands, and the layout's
    shape (``narrow``: two columns; ``short``: the text fields side by side)."""

    def __init__(self, scene: BuilderScene):
        self.scene = scene
        self.rects: dict[str, pygame.Rect] = {}
        self.panels: dict[str, pygame_gui.core.UIContainer] = {}
        self.panel_keys: dict[str, set[str]] = {}
        self.tips: dict[pygame_gui.core.UIElement, str] = {}  # a button's tip, shown in the status line
        self.commands: dict[pygame_gui.core.UIElement, Command] = {}  # what each button does
        self.list_rect = pygame.Rect(0, 0, 0, 0)  # the drawn model list, under the model tools
        self.narrow = self.short = False

    def command_of(self, element: object) -> Command | None:
        """The command of a button (None: not one of the builder's buttons)."""
        return self.commands.get(element) if isinstance(element, pygame_gui.core.UIElement) else None

    def build(self) -> None:
        """Three columns (models, the chosen model, totals) where they fit; in a narrow window (a large UI
        scale) two, the totals and problems under the models in the left column (both always in view while
        editing); in a short one the model's text fields side by side, so the editor keeps room to scroll in."""
        self.scene.widgets, self.panels, self.panel_keys = {}, {}, {}
        self.tips, self.commands = {}, {}
        self.scene.hover_tip = ""
        self.rects = self._place()
        for part in ("top", "models", "fields"):
            self.panel(part)

    def _place(self) -> dict[str, pygame.Rect]:
        w, h = self.scene.app.size
        px = self.scene.px
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
        return {"top": top,
                "models": left,
                "model": mid,
                "fields": pygame.Rect(mid.x, mid.y, mid.w, fixed_top),
                "editor": pygame.Rect(mid.x, mid.y + fixed_top + px(6), mid.w,
                                      mid.h - fixed_top - fixed_bottom - px(12)),
                "weapon": pygame.Rect(mid.x, mid.bottom - fixed_bottom, mid.w, row),
                "skills": pygame.Rect(mid.x, mid.bottom - fixed_bottom + row + px(4), mid.w, 2 * px(28)),
                "totals": totals,
                "status": pygame.Rect(m, h - foot - m // 2, w - 2 * m, foot)}

    def _container(self, part: str) -> pygame_gui.core.UIContainer:
        old = self.panels.pop(part, None)
        if old is not None:
            for key in self.panel_keys.pop(part, ()):
                el = self.scene.widgets.pop(key, None)
                if el is not None:
                    self.tips.pop(el, None)
                    self.commands.pop(el, None)
            old.kill()
        c = pygame_gui.core.UIContainer(self.rects[part], self.scene.manager, container=common.parent(self.scene))
        self.panels[part] = c
        return c

    def panel(self, part: str) -> None:
        """A panel's widgets made (again): ``"top"``, ``"models"`` or ``"fields"``."""
        c = self._container(part)
        before = set(self.scene.widgets)
        if part == "top":
            self._build_top(c)
        elif part == "models":
            self._build_models(c)
        else:
            self._build_fields(c)
        self.panel_keys[part] = set(self.scene.widgets) - before

    # widgets inside a panel container, registered by name
    def _button(self, c: pygame_gui.core.UIContainer, command: Command, rect: pygame.Rect, text: str,
                tip: str | None = None, cls: str | None = None, on: bool = False) -> pygame_gui.elements.UIButton:
        # the tip shows in the status line while the pointer is on the button: a floating tooltip would
        # cover the controls beside and below it
        b = pygame_gui.elements.UIButton(rect, text, self.scene.manager, container=c, object_id=common.oid(cls))
        if tip:
            self.tips[b] = tip
        if on:
            b.select()
        self.scene.widgets[command.key] = b
        self.commands[b] = command
        return b

    def _label(self, c: pygame_gui.core.UIContainer, key: str, rect: pygame.Rect, text: str,
               cls: str | None = None) -> pygame_gui.elements.UILabel:
        el = pygame_gui.elements.UILabel(rect, theme.displayable(text), self.scene.manager, container=c,
                                         object_id=common.oid(cls))
        el.text_horiz_alignment = "left"
        el.rebuild()
        self.scene.widgets[key] = el
        return el

    def _entry(self, c: pygame_gui.core.UIContainer, key: str, rect: pygame.Rect, text: str,
               limit: int = 60) -> pygame_gui.elements.UITextEntryLine:
        e = pygame_gui.elements.UITextEntryLine(rect, self.scene.manager, container=c, initial_text=text)
        e.set_text_length_limit(limit)
        self.scene.widgets[key] = e
        return e

    def _build_top(self, c: pygame_gui.core.UIContainer) -> None:
        """Two rows: the title and the file's buttons; the party's name and game size. When the window is
        narrow for the UI scale the buttons share the row evenly, the title gives way, the entry shrinks."""
        s = self.scene
        r, px = self.rects["top"], s.px
        row, gap, sep = px(30), px(6), px(4)
        party = s.doc.data if isinstance(s.doc.data, dict) else {}
        name = party.get("name")
        n = len(TOP_BUTTONS)
        bw = min(px(92), (r.w - (n - 1) * sep) // n)
        title_w = r.w - n * (bw + sep) - px(8)
        if title_w >= px(160):
            title = "Party builder" + (" — a copy of a shipped party" if s.shipped and title_w >= px(420) else "")
            self._label(c, "title", pygame.Rect(0, 0, title_w, row), title, "@heading")
        bx = r.w - n * (bw + sep) + sep
        for tool, text, tip in TOP_BUTTONS:
            self._button(c, tool, pygame.Rect(bx, 0, bw, row),
                         "Roster" if tool is Tool.ROSTER and bw < px(92) else text, tip)
            bx += bw + sep
        y = row + gap
        size_w = min(px(100), (r.w - px(52) - px(120)) // len(SIZES) - px(2))
        entry_w = min(px(230), r.w - px(52) - len(SIZES) * (size_w + px(2)) - px(6))
        self._label(c, "name_label", pygame.Rect(0, y, px(50), row), "Name")
        self._entry(c, "name", pygame.Rect(px(52), y, entry_w, row), name if isinstance(name, str) else "")
        x = px(52) + entry_w + px(6)
        for size in SIZES:
            text = SIZE_TEXT[size] if size_w >= px(96) else size.capitalize()
            self._button(c, SetSize(size), pygame.Rect(x, y, size_w, row), text,
                         f"[PARTY-1] {size} game: its ExP budget ({SIZE_TEXT[size].split()[1]})",
                         on=party.get("size") == size)
            x += size_w + px(2)
        self.sync_undo()

    def _build_models(self, c: pygame_gui.core.UIContainer) -> None:
        r, px = self.rects["models"], self.scene.px
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
            self._button(c, AddModel(t), pygame.Rect(k * (each + gap), y, each, row),
                         f"+ {short.get(t, t.capitalize())}",
                         f"Add a {t} at its starting ratings [PARTY-3]", "@small")
        y += row + gap
        each = (r.w - 3 * gap) // 4
        for k, (tool, text, brief, tip) in enumerate(MODEL_TOOLS):
            self._button(c, tool, pygame.Rect(k * (each + gap), y, each, row),
                         text if each >= px(56) else brief, tip, "@small")
        y += row + gap
        self.list_rect = pygame.Rect(r.x, r.y + y, r.w, r.h - y)

    def _build_fields(self, c: pygame_gui.core.UIContainer) -> None:
        """The model's text fields (name, notes) and the new weapon's name: widgets, kept while the scene
        lives; choosing another model only sets their text. Side by side in a short window."""
        s = self.scene
        px = s.px
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
        weapon = pygame_gui.core.UIContainer(wr, s.manager, container=common.parent(s))
        self.panels["weapon"] = weapon
        roomy = wr.w >= px(400)
        lw, bw = (px(100), px(122)) if roomy else (px(64), px(64))
        self._label(weapon, "weapon_label", pygame.Rect(0, 0, lw, wr.h), "New weapon" if roomy else "Weapon")
        self._entry(weapon, "weapon_name", pygame.Rect(lw + px(2), 0, wr.w - lw - bw - px(6), wr.h), s.weapon_name,
                    limit=40)
        self._button(weapon, Tool.ADD_WEAPON, pygame.Rect(wr.w - bw, 0, bw, wr.h), "Add weapon" if roomy else "Add",
                     "A weapon entry: the name typed here and the skill chosen below [SKILL-2]")
        self.sync_fields()

    # -- the widgets kept in step with the document -------------------------------------------------------------
    def sync_fields(self) -> None:
        """The text fields show the chosen model (set only when different, so typing is never disturbed)."""
        s = self.scene
        models = s.doc.models()
        chosen = models[s.selected] if 0 <= s.selected < len(models) else None
        m = chosen if isinstance(chosen, dict) else None
        for key, field in (("model_name", "name"), ("notes", "notes")):
            entry = s.widgets.get(key)
            if not isinstance(entry, pygame_gui.elements.UITextEntryLine):
                continue
            value = m.get(field) if m is not None else None
            text = value if isinstance(value, str) else ""
            if entry.get_text() != text:
                entry.set_text(text)
            entry.enable() if m is not None else entry.disable()
        for key in ("weapon_name", Tool.ADD_WEAPON.key):
            el = s.widgets.get(key)
            if el is not None:
                el.enable() if m is not None else el.disable()

    def sync_top(self) -> None:
        """The top bar shows the party's name and size as they now are (after an undo), in place."""
        s = self.scene
        party = s.doc.data if isinstance(s.doc.data, dict) else {}
        entry = s.widgets.get("name")
        name = party.get("name")
        text = name if isinstance(name, str) else ""
        if isinstance(entry, pygame_gui.elements.UITextEntryLine) and entry.get_text() != text:
            entry.set_text(text)
        for size in SIZES:
            button = s.widgets.get(SetSize(size).key)
            if isinstance(button, pygame_gui.elements.UIButton):
                common.select(button, party.get("size") == size)

    def sync_undo(self) -> None:
        """Undo and Redo enabled only with something to undo or redo."""
        s = self.scene
        for tool, stack in ((Tool.UNDO, s.doc.undo_stack), (Tool.REDO, s.doc.redo_stack)):
            button = s.widgets.get(tool.key)
            if button is not None:
                button.enable() if stack else button.disable()
