"""The trait picker of the party builder: every trait by category with its cost; the chosen one's rules text,
what it needs, and, when this model may not take it, the problem taking it would raise (with its rule ID).

Availability is the verdict's (``game.builder.verdict.trait_options``): the party-building checks asked
with the trait added, never a rule restated here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.builder.verdict import TraitOption, prerequisites, trait_options
from game.content.rules_reference import rules_reference
from game.ui import theme
from game.ui.app import App
from game.ui.scenes import common
from game.ui.scenes.confirm import Dialog

if TYPE_CHECKING:
    from game.ui.scenes.builder import BuilderScene

CATEGORIES = (("heroic", "Heroic — hero only, one"), ("rare", "Rare — hero and companions, one each"),
              ("common", "Common — any model, up to four"))


class TraitPicker(Dialog):
    name = "trait_picker"
    size = (940, 600)

    def __init__(self, app: App, builder: BuilderScene):
        super().__init__(app)
        self.builder = builder
        self.options: dict[str, TraitOption] = {o.trait.id: o for o in trait_options(builder.doc.data,
                                                                                        builder.selected)}
        self.chosen = next((t for t, o in self.options.items() if o.allowed), next(iter(self.options), ""))

    def place_box(self) -> pygame.Rect:
        w, h = self.app.size
        bw, bh = min(w - self.px(16), self.px(self.size[0])), min(h - self.px(16), self.px(self.size[1]))
        self.box = pygame.Rect((w - bw) // 2, (h - bh) // 2, bw, bh)
        return self.box

    def build(self) -> None:
        self.widgets = {}
        box = self.place_box()
        px = self.px
        m, row = px(12), px(30)
        models = self.builder.doc.models()
        who = models[self.builder.selected].get("name") if 0 <= self.builder.selected < len(models) else ""
        common.label(self, "title", pygame.Rect(box.x + m, box.y + m // 2, box.w - 2 * m, px(34)),
                     f"Traits for {who}", "@heading")
        list_w = min(px(460), box.w * 55 // 100)
        lr = pygame.Rect(box.x + m, box.y + px(44), list_w, box.h - px(44) - m)
        scroll = pygame_gui.elements.UIScrollingContainer(lr, self.manager, container=self.root, allow_scroll_x=False)
        self.widgets["list"] = scroll
        width = lr.w - px(20)
        cols, gap, item = 2, px(4), px(28)
        each = (width - gap) // cols
        y = 0
        for cat, heading in CATEGORIES:
            el = pygame_gui.elements.UILabel(pygame.Rect(0, y, width, px(26)), heading, self.manager,
                                             container=scroll, object_id=common.oid("@prompt"))
            el.text_horiz_alignment = "left"
            el.rebuild()
            y += px(28)
            group = [o for o in self.options.values() if o.trait.category == cat]
            for k, o in enumerate(group):
                rect = pygame.Rect((k % cols) * (each + gap), y + (k // cols) * (item + gap), each, item)
                mark = " (taken)" if o.taken else ""
                b = pygame_gui.elements.UIButton(rect, theme.displayable(f"{o.trait.name} {o.trait.cost:+d}{mark}"),
                                                 self.manager, container=scroll,
                                                 object_id=common.oid(None if o.allowed else "@not_yet"),
                                                 tool_tip_text=common.esc(o.forbidden[0]) if o.forbidden else None)
                if o.trait.id == self.chosen:
                    b.select()
                self.widgets[f"trait:{o.trait.id}"] = b
            y += ((len(group) + cols - 1) // cols) * (item + gap) + gap
        scroll.set_scrollable_area_dimensions((width, y))
        dx = lr.right + m
        dr = pygame.Rect(dx, lr.y, box.right - m - dx, lr.h - row - m)
        common.text_box(self, "details", dr, self.details_html())
        bw = (dr.w - m) // 2
        take = common.button(self, "take", pygame.Rect(dx, dr.bottom + m, bw, row), "Take it", None, "@big_button")
        opt = self.options.get(self.chosen)
        if opt is None or not opt.allowed:
            take.disable()
        common.button(self, "close", pygame.Rect(dx + bw + m, dr.bottom + m, bw, row), "Close", None, "@big_button")

    def details_html(self) -> str:
        o = self.options.get(self.chosen)
        if o is None:
            return ""
        t = o.trait
        ref = rules_reference()
        esc = common.esc
        parts = [f"<b>{esc(t.name)}</b> — {t.category.capitalize()}, {t.cost:+d} ExP", esc(t.summary)]
        need = prerequisites(t)
        if need:
            parts.append(f"<b>Needs:</b> {esc(need)}")
        if o.taken:
            parts.append(common.colour_span("This model has it.", theme.GOOD))
        elif o.forbidden:
            parts.append(common.colour_span("<b>Cannot be taken:</b>", theme.BAD) + "<br>"
                         + "<br>".join(common.colour_span("• ", theme.BAD) + esc(r) for r in o.forbidden))
        else:
            parts.append(common.colour_span("This model may take it.", theme.GOOD))
        for rid in t.rules:
            entry = ref.entry(rid)
            text = entry.text if entry is not None else None
            parts.append(f"<b>[{esc(rid)}]</b> {esc(text or '')}")
        return theme.displayable("<br><br>".join(parts))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            el = event.ui_element
            key = next((k for k, v in self.widgets.items() if v is el), "")
            if key.startswith("trait:"):
                self.choose(key.split(":", 1)[1])
            elif key == "take":
                self.take()
            elif key == "close":
                self.app.pop()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def choose(self, trait_id: str) -> None:
        """Another trait shown: its button marked, its details, Take as it allows (in place, no new widgets)."""
        old = self.widgets.get(f"trait:{self.chosen}")
        if old is not None:
            old.unselect()
        self.chosen = trait_id
        new = self.widgets.get(f"trait:{trait_id}")
        if new is not None:
            new.select()
        details = self.widgets.get("details")
        if details is not None and hasattr(details, "set_text"):
            details.set_text(self.details_html())
        else:
            self.rebuild()
            return
        opt = self.options.get(trait_id)
        take = self.widgets["take"]
        take.enable() if opt is not None and opt.allowed else take.disable()

    def take(self) -> None:
        o = self.options.get(self.chosen)
        if o is None or not o.allowed:
            return
        self.app.pop()
        self.builder.take_trait(o.trait.id)
