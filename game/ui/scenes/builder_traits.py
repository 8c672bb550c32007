"""The trait picker of the party builder: every trait by category with its cost; the chosen one's rules text,
what it needs, and, when this model may not take it, the problem taking it would raise (with its rule ID).

The list and the details are drawn (``builder_views``): opening the picker makes four widgets, not sixty.
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
from game.ui.battle import cards
from game.ui.scenes import common
from game.ui.scenes.builder_commands import Command, OpenRule, PickTrait, Tool
from game.ui.scenes.builder_views import Control, ControlPanel, DrawnList, Line
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
        self.list_view, self.details_view = ControlPanel(), DrawnList()
        self.details_rect = pygame.Rect(0, 0, 0, 0)
        self.filter = ""  # the search field's text: only traits whose name, rule IDs or summary hold it
        self.commands: dict[pygame_gui.core.UIElement, Command] = {}  # Take it and Close

    def place_box(self) -> pygame.Rect:
        w, h = self.app.size
        bw, bh = min(w - self.px(16), self.px(self.size[0])), min(h - self.px(16), self.px(self.size[1]))
        self.box = pygame.Rect((w - bw) // 2, (h - bh) // 2, bw, bh)
        return self.box

    def build(self) -> None:
        self.widgets, self.commands = {}, {}
        box = self.place_box()
        px = self.px
        m, row = px(12), px(30)
        models = self.builder.doc.models()
        who = models[self.builder.selected].get("name") if 0 <= self.builder.selected < len(models) else ""
        list_w = min(px(460), box.w * 55 // 100)
        title_w = box.w - 2 * m - list_w // 2 - m
        common.label(self, "title", pygame.Rect(box.x + m, box.y + m // 2, title_w, px(34)),
                     f"Traits for {who}", "@heading")
        search = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(box.right - m - list_w // 2, box.y + m // 2 + px(2), list_w // 2, row), self.manager,
            container=common.parent(self), placeholder_text="Filter traits…", initial_text=self.filter)
        search.set_text_length_limit(40)
        self.widgets["filter"] = search
        self.list_view.set_controls(pygame.Rect(box.x + m, box.y + px(44), list_w, box.h - px(44) - m),
                                    self.list_controls(list_w - px(8)))
        self.list_view.scroll_to(f"trait:{self.chosen}")
        dx = self.list_view.rect.right + m
        self.details_rect = pygame.Rect(dx, self.list_view.rect.y, box.right - m - dx,
                                        self.list_view.rect.h - row - m)
        self.details_view.set(self.details_rect.inflate(-px(12), -px(12)), self.detail_lines())
        bw = (self.details_rect.w - m) // 2
        take = common.button(self, "take", pygame.Rect(dx, self.details_rect.bottom + m, bw, row), "Take it", None,
                             "@big_button")
        close = common.button(self, "close", pygame.Rect(dx + bw + m, self.details_rect.bottom + m, bw, row),
                              "Close", None, "@big_button")
        self.commands = {take: Tool.TAKE_TRAIT, close: Tool.CLOSE}
        self._take_state()

    def list_controls(self, width: int) -> list[Control]:
        """The traits by category, two to a row (one when a name would not fit half the width, as in a small
        window at a large scale); those this model may not take in grey (still chosen to read why)."""
        px = self.px
        gap, item = px(4), px(28)
        widest = max((cards.label_size(f"{o.trait.name} {o.trait.cost:+d} (taken)", px(14))[0]
                      for o in self.options.values()), default=0)
        cols = 2 if widest <= (width - gap) // 2 else 1
        each = (width - gap) // cols if cols > 1 else width
        out, y = [], 0
        for cat, heading in CATEGORIES:
            out.append(Control(pygame.Rect(0, y, width, px(26)), heading, size=px(15), bold=True, centre=False))
            y += px(28)
            group = [o for o in self.options.values() if o.trait.category == cat and self.matches(o)]
            if not group and self.filter.strip():
                continue
            for k, o in enumerate(group):
                rect = pygame.Rect((k % cols) * (each + gap), y + (k // cols) * (item + gap), each, item)
                mark = " (taken)" if o.taken else ""
                out.append(Control(rect, f"{o.trait.name} {o.trait.cost:+d}{mark}", f"trait:{o.trait.id}",
                                   on=o.trait.id == self.chosen, size=px(14),
                                   colour=theme.INK if o.allowed else (128, 132, 140),
                                   command=PickTrait(o.trait.id)))
            y += ((len(group) + cols - 1) // cols) * (item + gap) + gap
        return out

    def matches(self, o: TraitOption) -> bool:
        """The trait's name, ID, rule IDs or summary hold the filter's words (any case)."""
        words = self.filter.casefold().split()
        t = o.trait
        hay = " ".join((t.name, t.id, *t.rules, t.summary)).casefold()
        return all(w in hay for w in words)

    def detail_lines(self) -> list[Line]:
        """The chosen trait: cost, summary, what it needs, whether this model may take it (and the rule if not),
        and its rules from the rules reference."""
        o = self.options.get(self.chosen)
        if o is None:
            return []
        px = self.px
        t = o.trait
        out = [Line(f"{t.name} — {t.category.capitalize()}, {t.cost:+d} ExP", theme.ACCENT, px(17), True),
               Line(t.summary, theme.INK, px(14), gap=px(4))]
        need = prerequisites(t)
        if need:
            out.append(Line(f"Needs: {need}", theme.INK, px(14), gap=px(8)))
        if o.taken:
            out.append(Line("This model has it.", theme.GOOD, px(14), True, gap=px(8)))
        elif o.forbidden:
            out.append(Line("Cannot be taken:", theme.BAD, px(14), True, gap=px(8)))
            out += [Line(f"• {r}", theme.BAD, px(14)) for r in o.forbidden]
        else:
            out.append(Line("This model may take it.", theme.GOOD, px(14), True, gap=px(8)))
        ref = rules_reference()
        for rid in t.rules:
            entry = ref.entry(rid)
            out.append(Line(f"[{rid}] {entry.text if entry is not None and entry.text else ''}", theme.INK, px(14),
                            gap=px(8)))
        return out

    def _take_state(self) -> None:
        opt = self.options.get(self.chosen)
        take = self.widgets.get("take")
        if take is not None:
            take.enable() if opt is not None and opt.allowed else take.disable()

    def drawn(self) -> tuple[DrawnList, ...]:
        return (self.list_view,)

    def point_of(self, key: str) -> tuple[int, int] | None:
        """Where to click a trait (scrolled into view first); the tests and the tour use it."""
        self.list_view.scroll_to(key)
        r = self.list_view.row_rect(key)
        return r.center if r is not None else None

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        pygame.draw.rect(surface, theme.BG, self.details_rect, border_radius=self.px(4))
        self.list_view.draw(surface)
        self.details_view.draw(surface)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            command = self.list_view.command_at(event.pos) or self.details_view.command_at(event.pos)
            if command is not None:
                self.run(command)
            elif not self.box.collidepoint(event.pos):
                self.app.pop()
        elif event.type == pygame.MOUSEWHEEL:
            pos = pygame.mouse.get_pos()
            for view in (self.list_view, self.details_view):
                if view.rect.collidepoint(pos):
                    view.scroll_by(-event.y * self.px(40))
        elif event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.commands:
            self.run(self.commands[event.ui_element])
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.widgets.get("filter"):
            self.filter = event.text
            shown = [o.trait.id for o in self.options.values() if self.matches(o)]
            if shown and self.chosen not in shown:
                self.choose(shown[0])
            else:
                self.choose(self.chosen)
            self.list_view.scroll = 0
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def run(self, command: Command) -> None:
        match command:
            case OpenRule(rule):  # a rule ID in the details: the rules reference there
                from game.ui.scenes.rules import open_rules

                open_rules(self.app, rule)
            case PickTrait(trait) if trait == self.chosen:  # the chosen trait clicked again: taken, as Take it
                self.take()
            case PickTrait(trait):
                self.choose(trait)
            case Tool.TAKE_TRAIT:
                self.take()
            case Tool.CLOSE:
                self.app.pop()

    def choose(self, trait_id: str) -> None:
        """Another trait shown: marked in the list, its details, Take as it allows (drawn: nothing is remade)."""
        self.chosen = trait_id
        self.list_view.set_controls(self.list_view.rect, self.list_controls(self.list_view.rect.w - self.px(8)))
        self.details_view.scroll = 0
        self.details_view.set(self.details_view.rect, self.detail_lines())
        self._take_state()

    def take(self) -> None:
        o = self.options.get(self.chosen)
        if o is None or not o.allowed:
            return
        self.app.pop()
        self.builder.take_trait(o.trait.id)
