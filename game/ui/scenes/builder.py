"""The party builder: name and game size, the models (add, remove, reorder), each model's type, attributes,
weapons, traits and notes, and the live totals and problems beside them.

The scene only turns clicks into the document's edits (``game.builder.document``) and shows the verdict
(``game.builder.verdict``), which is the party-building code ``party check`` runs. It is built in three
panels (models, the chosen model, totals and problems); an edit rebuilds only the panels whose content
changed, so every click is answered within the frame.
"""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pygame_gui

from game.builder import files
from game.builder.document import ATTRIBUTES, SIZES, TYPES, PartyDocument, Refused, attribute_range
from game.builder.verdict import Verdict, judge
from game.content.catalog import catalog
from game.ui import theme
from game.ui.app import App, Scene
from game.ui.scenes import common
from game.ui.scenes.builder_views import DrawnList, Line, model_lines, totals_lines

SIZE_TEXT = {"small": "Small 125", "medium": "Medium 200", "large": "Large 275"}


class BuilderScene(Scene):
    name = "builder"

    def __init__(self, app: App, path: Path | None = None, document: PartyDocument | None = None):
        super().__init__(app)
        self.widgets: dict[str, pygame_gui.core.UIElement] = {}
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
        self.update_times: list[float] = []
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self.model_view, self.totals_view, self.status_view = DrawnList(), DrawnList(), DrawnList()
        self._views_key: object = None  # seconds per edit: judge + the panels rebuilt (the benchmark reads it)

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
        self.widgets, self.panels, self.panel_keys = {}, {}, {}
        self.page = None
        w, h = common.page(self, self.px(980), self.px(600))
        px = self.px
        m, row = px(8), px(30)
        top = pygame.Rect(m, m, w - 2 * m, 2 * row + px(6))
        body_y = top.bottom + px(8)
        foot = px(26)
        body_h = h - body_y - foot - m
        left_w = max(px(220), int(w * 0.22))
        right_w = max(px(300), int(w * 0.32))
        mid_w = w - left_w - right_w - 4 * m
        self.rects = {"top": top,
                      "models": pygame.Rect(m, body_y, left_w, body_h),
                      "model": pygame.Rect(2 * m + left_w, body_y, mid_w, body_h),
                      "totals": pygame.Rect(3 * m + left_w + mid_w, body_y, right_w, body_h),
                      "status": pygame.Rect(m, h - foot - m // 2, w - 2 * m, foot)}
        for part in ("top", "models", "model"):
            self._panel(part)
        self._views_key = None
        self.views()

    def _container(self, part: str) -> pygame_gui.core.UIContainer:
        old = self.panels.pop(part, None)
        if old is not None:
            for key in self.panel_keys.pop(part, ()):
                self.widgets.pop(key, None)
            old.kill()
        c = pygame_gui.core.UIContainer(self.rects[part], self.manager, container=common.parent(self))
        self.panels[part] = c
        return c

    def _panel(self, part: str) -> None:
        c = self._container(part)
        before = set(self.widgets)
        {"models": self._build_models, "model": self._build_model, "top": self._build_top}[part](c)
        self.panel_keys[part] = set(self.widgets) - before

    def refresh(self, *parts: str) -> None:
        """After an edit: the verdict again and the drawn panels (models, totals, problems, status) at once;
        the widget panels named (the chosen model's, the top bar) rebuilt when their layout changed."""
        t0 = time.perf_counter()
        self.judge()
        for part in parts:
            if part in ("top", "model"):
                self._panel(part)
        if "top" not in parts and "undo" in self.widgets:
            for key, stack in (("undo", self.doc.undo_stack), ("redo", self.doc.redo_stack)):
                self.widgets[key].enable() if stack else self.widgets[key].disable()
        self.views()
        self.update_times.append(time.perf_counter() - t0)

    # widgets inside a panel container, registered by name
    def _button(self, c, key: str, rect: pygame.Rect, text: str, tip: str | None = None, cls: str | None = None,
                on: bool = False) -> pygame_gui.elements.UIButton:
        b = pygame_gui.elements.UIButton(rect, text, self.manager, container=c, tool_tip_text=tip,
                                         object_id=common.oid(cls))
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
        r, px = self.rects["top"], self.px
        row, gap = px(30), px(6)
        party = self.doc.data if isinstance(self.doc.data, dict) else {}
        name = party.get("name")
        title = "Party builder" + (" — a copy of a shipped party" if self.shipped else "")
        buttons_w = 6 * (px(92) + px(4))
        self._label(c, "title", pygame.Rect(0, 0, max(px(160), r.w - buttons_w - px(8)), row), title, "@heading")
        x = 0
        y = row + gap
        self._label(c, "name_label", pygame.Rect(x, y, px(50), row), "Name")
        x += px(52)
        self._entry(c, "name", pygame.Rect(x, y, px(230), row), name if isinstance(name, str) else "")
        x += px(236)
        for s in SIZES:
            self._button(c, f"size:{s}", pygame.Rect(x, y, px(100), row), SIZE_TEXT[s],
                         f"[PARTY-1] {s} game: its ExP budget", on=party.get("size") == s)
            x += px(102)
        buttons = (("undo", "Undo", "Undo (Ctrl+Z)"), ("redo", "Redo", "Redo (Ctrl+Y)"),
                   ("save", "Save", "Save to your mod folder (Ctrl+S); a party with problems is saved as a draft, "
                                    "never offered for a battle"),
                   ("roster", "Roster card", "The printable roster: every profile, weapon and trait with its "
                                             "rules, costs and Fate; export PNG and text"),
                   ("try", "Try it", "Play AI-against-AI games of this party in the background and see how "
                                     "it fares"),
                   ("back", "Back", "Back to the parties (asks first if there are unsaved changes)"))
        bw = px(92)
        bx = r.w - len(buttons) * (bw + px(4))
        for key, text, tip in buttons:
            self._button(c, key, pygame.Rect(bx, 0, bw, row), text, tip)
            bx += bw + px(4)
        if not self.doc.undo_stack:
            self.widgets["undo"].disable()
        if not self.doc.redo_stack:
            self.widgets["redo"].disable()

    def _build_models(self, c) -> None:
        r, px = self.rects["models"], self.px
        row, gap = px(30), px(4)
        self._label(c, "models_heading", pygame.Rect(0, 0, r.w, px(26)), "Models", "@heading")
        y = px(28)
        each = (r.w - 2 * gap) // 3
        short = {"hero": "Hero", "companion": "Comp.", "follower": "Foll."} if each < px(90) else {}
        for k, t in enumerate(TYPES):
            self._button(c, f"add:{t}", pygame.Rect(k * (each + gap), y, each, row),
                         f"+ {short.get(t, t.capitalize())}",
                         f"Add a {t} at its starting ratings [PARTY-3]", "@small")
        y += row + gap
        tools = (("up", "Up"), ("down", "Down"), ("dup", "Copy"), ("remove", "Remove"))
        each = (r.w - 3 * gap) // 4
        for k, (key, text) in enumerate(tools):
            self._button(c, key, pygame.Rect(k * (each + gap), y, each, row), text, None, "@small")
        y += row + gap
        self.list_rect = pygame.Rect(r.x, r.y + y, r.w, r.h - y)

    def _build_model(self, c) -> None:
        r, px = self.rects["model"], self.px
        row, gap = px(30), px(4)
        models = self.doc.models()
        if not 0 <= self.selected < len(models):
            self._label(c, "empty", pygame.Rect(0, 0, r.w, row),
                        "Add a hero, companions and followers on the left." if not models else "Choose a model.")
            return
        m = models[self.selected]
        if not isinstance(m, dict):
            self._label(c, "empty", pygame.Rect(0, 0, r.w, row),
                        "This entry is not a model (see its problem); fix it in a text editor.")
            return
        scroll = pygame_gui.elements.UIScrollingContainer(pygame.Rect(0, 0, r.w, r.h), self.manager, container=c,
                                                          allow_scroll_x=False)
        self.widgets["model_page"] = scroll
        w = r.w - px(20)
        y = 0
        self._label(scroll, "model_name_label", pygame.Rect(0, y, px(60), row), "Name")
        name = m.get("name")
        self._entry(scroll, "model_name", pygame.Rect(px(62), y, w - px(62), row), name if isinstance(name, str)
                    else "")
        y += row + gap
        kind = m.get("type")
        each = (w - px(62) - 2 * gap) // 3
        self._label(scroll, "type_label", pygame.Rect(0, y, px(60), row), "Type")
        for k, t in enumerate(TYPES):
            self._button(scroll, f"type:{t}", pygame.Rect(px(62) + k * (each + gap), y, each, row), t.capitalize(),
                         "[PARTY-2]–[PARTY-7]: base cost, ratings, points, wounds and qualities by type",
                         on=kind == t)
        y += row + gap * 2
        lo, hi = attribute_range(kind)
        attrs = m.get("attributes") if isinstance(m.get("attributes"), dict) else {}
        self._label(scroll, "attr_heading", pygame.Rect(0, y, w, row),
                    f"Attributes ({lo}–{hi} for a {kind if kind in TYPES else 'model'}) [PARTY-3]")
        y += row
        apart = px(18)
        cols = 4 if w >= px(480) else 2  # two rows of two in a narrow window
        cell = (w - (cols - 1) * apart) // cols
        for k, key in enumerate(ATTRIBUTES):
            x = (k % cols) * (cell + apart)
            if k and k % cols == 0:
                y += row + gap
            value = attrs.get(key)
            shown = str(value) if isinstance(value, int) and not isinstance(value, bool) else "?"
            minus = self._button(scroll, f"step:{key}:-", pygame.Rect(x, y, px(28), row), "−", f"{key} −1")
            self._label(scroll, f"attr:{key}", pygame.Rect(x + px(30), y, cell - px(60), row), f"{key} {shown}",
                        left=False)
            plus = self._button(scroll, f"step:{key}:+", pygame.Rect(x + cell - px(28), y, px(28), row), "+",
                                f"{key} +1")
            if isinstance(value, int) and value <= lo:
                minus.disable()
            if isinstance(value, int) and value >= hi:
                plus.disable()
        y += row + gap * 2
        y = self._build_weapons(scroll, m, y, w, row, gap)
        y = self._build_traits(scroll, m, y, w, row, gap)
        self._label(scroll, "notes_label", pygame.Rect(0, y, px(60), row), "Notes")
        notes = m.get("notes")
        self._entry(scroll, "notes", pygame.Rect(px(62), y, w - px(62), row), notes if isinstance(notes, str) else "",
                    limit=400)
        y += row + gap
        scroll.set_scrollable_area_dimensions((w, y))

    def _build_weapons(self, c, m: dict, y: int, w: int, row: int, gap: int) -> int:
        px = self.px
        cat = catalog()
        self._label(c, "weapons_heading", pygame.Rect(0, y, w, row), "Weapons (each entry pays its skill) [SKILL-1]")
        y += row
        weapons = m.get("weapons") if isinstance(m.get("weapons"), list) else []
        for j, wpn in enumerate(weapons):
            if isinstance(wpn, dict):
                skill = cat.skills.get(wpn.get("skill"))  # type: ignore[arg-type]
                text = f"{wpn.get('name')} — {skill.name if skill else wpn.get('skill')}" + \
                    (f" ({skill.cost} ExP)" if skill else "")
            else:
                text = str(wpn)
            self._label(c, f"weapon:{j}", pygame.Rect(0, y, w - px(34), row), text)
            self._button(c, f"weapon_del:{j}", pygame.Rect(w - px(30), y, px(30), row), "×", "Remove this weapon")
            y += row + gap
        entry = self._entry(c, "weapon_name", pygame.Rect(0, y, w - px(126), row), self.weapon_name, limit=40)
        if hasattr(entry, "set_placeholder_text"):
            entry.set_placeholder_text("New weapon's name, e.g. Sword")
        self._button(c, "add_weapon", pygame.Rect(w - px(122), y, px(122), row), "Add weapon",
                     "A weapon entry: the name typed here and the skill chosen below")
        y += row + gap
        per = 5
        each = (w - (per - 1) * gap) // per
        for k, s in enumerate(cat.skills.values()):
            rect = pygame.Rect((k % per) * (each + gap), y + (k // per) * (px(26) + gap), each, px(26))
            self._button(c, f"skill:{s.id}", rect, f"{_short(s.name)} {s.cost}", f"{s.name}: {s.cost} ExP [SKILL-1]",
                         "@small", on=s.id == self.weapon_skill)
        y += ((len(cat.skills) + per - 1) // per) * (px(26) + gap) + gap
        return y

    def _build_traits(self, c, m: dict, y: int, w: int, row: int, gap: int) -> int:
        px = self.px
        cat = catalog()
        self._label(c, "traits_heading", pygame.Rect(0, y, w - px(126), row), "Traits [PARTY-8]")
        self._button(c, "add_trait", pygame.Rect(w - px(122), y, px(122), row), "Add trait…",
                     "Every trait by category, with its cost, rules and what it needs")
        y += row + gap
        traits = m.get("traits") if isinstance(m.get("traits"), list) else []
        for j, t in enumerate(traits):
            trait = cat.traits.get(t) if isinstance(t, str) else None
            text = f"{trait.name} ({trait.category}, {trait.cost:+d} ExP)" if trait else f"{t} (unknown)"
            self._label(c, f"trait:{j}", pygame.Rect(0, y, w - px(34), row), text)
            self._button(c, f"trait_del:{j}", pygame.Rect(w - px(30), y, px(30), row), "×", "Drop this trait")
            y += row + gap
        y = self._choose_key(c, m, "pet_of", "Master", [mm.get("name") for mm in self.doc.models()
                                                        if isinstance(mm, dict) and mm.get("type") in ("hero",
                                                                                                       "companion")],
                             y, w, row, gap)
        y = self._choose_key(c, m, "blessed_weapon", "Blessed", [wp.get("name") for wp in m.get("weapons") or []
                                                                  if isinstance(wp, dict)], y, w, row, gap)
        return y + gap

    def _choose_key(self, c, m: dict, key: str, text: str, names: list, y: int, w: int, row: int, gap: int) -> int:
        """Pet's master / the blessed weapon ([T-BUILD-1]): shown when the model has the trait or the key."""
        trait = "pet" if key == "pet_of" else "blessed_weapon"
        traits = m.get("traits") if isinstance(m.get("traits"), list) else []
        if trait not in traits and key not in m:
            return y
        px = self.px
        self._label(c, f"{key}_label", pygame.Rect(0, y, px(70), row), text)
        x = px(72)
        for name in [n for n in names if isinstance(n, str)][:4]:
            bw = min(px(160), (w - px(72)) // max(1, min(4, len(names))) - gap)
            self._button(c, f"{key}:{name}", pygame.Rect(x, y, bw, row), name, f"{key}: {name} [T-BUILD-1]",
                         on=isinstance(m.get(key), str) and m[key].strip().casefold() == name.strip().casefold())
            x += bw + gap
        return y + row + gap

    def status_text(self) -> str:
        where = "a new party" if self.path is None else str(self.path)
        if self.shipped:
            where += " (shipped: saving writes your own copy to the mod folder)"
        mark = " · unsaved changes" if self.doc.dirty else ""
        return ("⚠ " if self.status_bad else "") + (self.status or f"{where}{mark}")

    def views(self) -> None:
        """The drawn panels brought up to date with the verdict (cheap: cached text, laid out once per edit)."""
        v = self.judge()
        key = (self.doc.version, self.selected, self.app.size, self.status, self.status_bad, self.doc.dirty)
        if key == self._views_key:
            return
        self._views_key = key
        self.model_view.set(self.list_rect, model_lines(v, self.px), f"model:{self.selected}")
        self.totals_view.set(self.rects["totals"], totals_lines(v, self.px))
        self.status_view.set(self.rects["status"], [Line(self.status_text(), theme.BAD if self.status_bad
                                                         else theme.MUTED, self.px(13))])

    # -- input -------------------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            key = self.model_view.key_at(event.pos) or self.totals_view.key_at(event.pos)
            if key:
                self.act(key)
        elif event.type == pygame.MOUSEWHEEL:
            pos = pygame.mouse.get_pos()
            for view in (self.model_view, self.totals_view):
                if view.rect.collidepoint(pos):
                    view.scroll_by(-event.y * self.px(40))
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            self._typed(event.ui_element, event.text)
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            self._pressed(event.ui_element)
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
        doc, i = self.doc, self.selected
        head, _, arg = key.partition(":")
        self.status, self.status_bad = "", False
        if head == "size":
            doc.set_party("size", arg)
            for size in SIZES:
                common.select(self.widgets[f"size:{size}"], size == arg)
            self.refresh()
        elif head == "add":
            self.selected = doc.add_model(arg)
            self.refresh("model")
        elif head == "model":
            self.select(int(arg))
        elif head == "problem":
            self.go_to_problem(int(arg))
        elif head == "type":
            doc.set_type(i, arg)
            self.refresh("model")
        elif head == "step":
            attr, sign = arg.split(":")
            doc.step_attribute(i, attr, 1 if sign == "+" else -1)
            self.show_attributes()
            self.refresh()
        elif head == "skill":
            self.weapon_skill = arg
            for skill in catalog().skills:
                if f"skill:{skill}" in self.widgets:
                    common.select(self.widgets[f"skill:{skill}"], skill == arg)
        elif key == "add_weapon":
            name = self.weapon_name.strip() or catalog().skills[self.weapon_skill].name.capitalize()
            doc.add_weapon(i, name, self.weapon_skill)
            self.weapon_name = ""
            self.refresh("model")
        elif head == "weapon_del":
            doc.remove_weapon(i, int(arg))
            self.refresh("model")
        elif head == "trait_del":
            doc.remove_trait(i, int(arg))
            self.refresh("model")
        elif key == "add_trait":
            from game.ui.scenes.builder_traits import TraitPicker

            if 0 <= i < len(doc.models()):
                self.app.push(TraitPicker(self.app, self))
        elif head in ("pet_of", "blessed_weapon"):
            doc.set_model(i, head, arg)
            self.refresh("model")
        elif key in ("up", "down"):
            self.selected = doc.move_model(i, i + (-1 if key == "up" else 1))
            self.refresh()
        elif key == "dup":
            self.selected = doc.duplicate_model(i)
            self.refresh("model")
        elif key == "remove":
            doc.remove_model(i)
            self.selected = min(i, len(doc.models()) - 1)
            self.refresh("model")
        elif key in ("undo", "redo"):
            self.undo(redo=key == "redo")
        elif key == "save":
            self.save()
        elif key == "roster":
            from game.ui.scenes.builder_roster import RosterScene

            self.app.push(RosterScene(self.app, self))
        elif key == "try":
            from game.ui.scenes.builder_trial import TrialScene

            self.app.push(TrialScene(self.app, self))
        elif key == "back":
            self.leave_builder()

    def show_attributes(self) -> None:
        """The chosen model's ratings and steppers updated in place (a stepper click rebuilds nothing)."""
        models = self.doc.models()
        if not 0 <= self.selected < len(models) or not isinstance(models[self.selected], dict):
            return
        m = models[self.selected]
        lo, hi = attribute_range(m.get("type"))
        attrs = m.get("attributes") if isinstance(m.get("attributes"), dict) else {}
        for key in ATTRIBUTES:
            value = attrs.get(key)
            ok = isinstance(value, int) and not isinstance(value, bool)
            label = self.widgets.get(f"attr:{key}")
            if label is not None:
                label.set_text(f"{key} {value if ok else '?'}")
            for sign, blocked in (("-", ok and value <= lo), ("+", ok and value >= hi)):
                b = self.widgets.get(f"step:{key}:{sign}")
                if b is not None:
                    b.disable() if blocked else b.enable()

    def take_trait(self, trait_id: str) -> None:
        self.doc.add_trait(self.selected, trait_id)
        self.refresh("model")

    def select(self, i: int) -> None:
        self.selected = i
        self.refresh("model")

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
        self.refresh("model")
        self.model_view.scroll_to(f"model:{self.selected}")

    def undo(self, redo: bool = False) -> None:
        if (self.doc.redo() if redo else self.doc.undo()):
            self.selected = min(max(self.selected, 0), len(self.doc.models()) - 1)
            self.rebuild()

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
            self.say(f"Not saved: {exc.strerror or exc}", bad=True)
            return None
        self.path = saved.path
        rescan_later()
        if saved.draft:
            self.say(f"Saved as a draft ({len(saved.verdict.problems)} problem(s); not offered for a battle): "
                     f"{saved.path}", bad=True)
        else:
            self.say(f"Saved: {saved.path} — ready in the battle set-up")
        self._panel("top")
        self.views()
        return saved

    def leave_builder(self) -> None:
        if not self.doc.dirty:
            self.app.pop()
            return
        from game.ui.scenes.confirm import ConfirmScene

        def save_and_leave() -> None:
            if self.save() is not None:
                self.app.pop()

        self.app.push(ConfirmScene(self.app, "Unsaved changes", "This party has changes that are not saved.",
                                   "Leave", "Keep editing", self.app.pop, other=("Save", save_and_leave)))

    def hold_quit(self) -> bool:
        if self.doc.dirty:
            self.leave_builder()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        for part in ("models", "model", "totals"):
            r = self.rects.get(part)
            if r is not None:
                pygame.draw.rect(surface, theme.PANEL, r.inflate(self.px(8), self.px(8)), border_radius=self.px(4))
        self.views()
        for view in (self.model_view, self.totals_view, self.status_view):
            view.draw(surface)

    def point_of(self, key: str) -> tuple[int, int] | None:
        """Where to click a drawn row ("model:2", "problem:0"), scrolled into view first (tests use this)."""
        view = self.model_view if key.startswith("model:") else self.totals_view
        self.views()
        view.scroll_to(key)
        r = view.row_rect(key)
        return r.center if r is not None else None


def rescan_later() -> None:
    """The content scan again, in the background: a saved party is in the battle set-up's list at once."""
    from game.content.library import user_mod_dir

    with common._lock:  # the old scan is forgotten now, so the set-up never lists the party as it was
        common._cache.pop(user_mod_dir(), None)
    common.warm_up()


def _short(skill_name: str) -> str:
    return (skill_name.replace("1-handed", "1h").replace("2-handed", "2h").replace(" (black powder)", " bp")
            .replace("ranged", "rng"))


def _clip(text: str, n: int) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"
