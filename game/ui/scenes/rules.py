"""The rules reference: every rule of the game by its ID, grouped by chapter and section as the book.

Opened from any rule-ID link (the battle log, the prompt, the odds card) at that rule, scrolled to it
and highlighted; or from the help. A search box filters by ID and words; the contents column jumps to
a chapter or section; the rule IDs inside a rule's text are links too, and "Previous" walks back.
Esc returns to the scene below exactly as it was (it is a pushed scene: the battle waits under it).

The text is drawn here rather than in a UITextBox: links must be hit-tested per word, the opened rule
highlighted and scrolled to, and a thousand wrapped lines re-laid only when the width or the filter
changes (pygame_gui re-lays a text box whole on every change).
"""

from __future__ import annotations

import pygame
import pygame_gui

from game.content.catalog import reference_with_mods
from game.content.rules_reference import RulesReference
from game.ui import layout_probe, theme
from game.ui.app import App, Scene
from game.ui.rules_text import Layout, Row, clean
from game.ui.scenes import common

LINK_HOVER = theme.RULE_LINK_HOVER
HILITE = (70, 62, 34)
TEXT_BG = (28, 30, 34)


class RulesScene(Scene):
    """The reference, opened at ``rule`` (scrolled to it and highlighted) or at the start."""

    name = "rules"

    def __init__(self, app: App, rule: str | None = None, reference: RulesReference | None = None):
        super().__init__(app)
        # Iron & Honor's with the mod folder's traits as a last chapter, unless another system's is given
        self.ref = reference if reference is not None else reference_with_mods()
        self.query = ""
        self.focus: str | None = None  # the highlighted entry
        self.history: list[str] = []
        self.layout: Layout | None = None
        self.top = 0  # pixels scrolled
        self.hover_link = ""
        self.hover_toc = ""
        self.toc: list[tuple[pygame.Rect, str, str, bool]] = []  # rect, key, title, is chapter
        self.toc_lines: dict[str, list[str]] = {}  # each entry's title wrapped to the column
        self.text_rect = pygame.Rect(0, 0, 10, 10)
        self.toc_rect = pygame.Rect(0, 0, 10, 10)
        self._bar_at = 0.0
        self._pending = rule
        self.matches: int | None = None
        self.toc_top = 0  # pixels the contents column is scrolled
        self.toc_height = 0
        self.mouse: tuple[int, int] | None = None  # where the last motion event put the mouse

    # -- layout -------------------------------------------------------------------------------------
    def build(self) -> None:
        self.widgets = {}
        w, h = self.app.size
        pad = self.px(10)
        top_h = self.px(40)
        common.label(self, "title", pygame.Rect(pad, pad, self.px(220), top_h), "Rules reference", "@heading")
        close_w = self.px(110)
        common.button(self, "close", pygame.Rect(w - pad - close_w, pad, close_w, top_h), "Close (Esc)",
                      "Back to where you were")
        common.button(self, "back", pygame.Rect(w - 2 * pad - 2 * close_w, pad, close_w, top_h), "Previous",
                      "Back to the rule you came from (Backspace)")
        sx = pad + self.px(230)
        search_w = max(self.px(120), w - 3 * pad - 2 * close_w - sx - pad)
        entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(sx, pad, search_w, top_h), self.manager,
                                                    container=self.root, placeholder_text="Search: an ID or words")
        entry.set_text(self.query)
        self.widgets["search"] = entry
        y0 = pad + top_h + pad
        toc_w = min(self.px(300), max(self.px(180), w // 4))
        self.toc_rect = pygame.Rect(pad, y0, toc_w, h - y0 - pad)
        bar_w = self.px(16)
        self.text_rect = pygame.Rect(self.toc_rect.right + pad, y0, w - toc_w - 3 * pad - bar_w, h - y0 - pad)
        self.bar = pygame_gui.elements.UIVerticalScrollBar(
            pygame.Rect(self.text_rect.right, y0, bar_w, self.text_rect.height), 1.0, self.manager,
            container=self.root)
        self.widgets["bar"] = self.bar
        self._relayout()
        if self._pending:  # opened at a rule
            self.open(self._pending, remember=False)
            self._pending = None
        elif self.focus and not self.query.strip():  # laid out again at a new size: the rule stays in view
            self.open(self.focus, remember=False)
        self._sync_widgets()

    def _relayout(self) -> None:
        keep = None
        if self.query.strip():
            hits = self.ref.search(self.query)
            keep = {e.key for e in hits}
            self.matches = sum(1 for e in hits if e.id)
        else:
            self.matches = None
        width = min(self.text_rect.width - self.px(24), self.px(1100))  # lines a reader's eye can follow
        self.layout = Layout(self.ref, width, self.px(14), keep)
        self._build_toc()
        self._clamp()

    def _build_toc(self) -> None:
        assert self.layout is not None
        self.toc = []
        self.toc_lines = {}
        y = self.toc_rect.y + self.px(6)
        for chapter in self.ref.chapters:
            items = [(chapter.id, chapter.title, True)] + [(s.key, s.title, False) for s in chapter.sections]
            for key, title, is_chapter in items:
                if key not in self.layout.first_row:
                    continue
                size = self.px(14) if is_chapter else self.px(13)
                width = self.toc_rect.width - (0 if is_chapter else self.px(12))
                lines = self._toc_lines(title, is_chapter, width)
                self.toc_lines[key] = lines
                row_h = theme.font(size).get_linesize() * len(lines) + self.px(3)
                rect = pygame.Rect(self.toc_rect.x + (0 if is_chapter else self.px(12)), y, width, row_h)
                self.toc.append((rect, key, title, is_chapter))
                y += row_h + (self.px(2) if is_chapter else 0)
        self.toc_height = y - self.toc_rect.y + self.px(6)
        if self.matches is not None:  # the count of matches under the contents: the last entries scroll above it
            self.toc_height += theme.font(self.px(13)).get_linesize() + self.px(8)
        self.toc_top = min(self.toc_top, max(0, self.toc_height - self.toc_rect.height))

    # -- moving about ---------------------------------------------------------------------------------
    def open(self, rule: str, remember: bool = True) -> bool:
        """Scroll to ``rule`` and highlight it (clearing a search that hides it). False if unknown."""
        e = self.ref.entry(rule)
        if e is None:
            return False
        if remember and self.focus and self.focus != e.key:
            self.history.append(self.focus)
        assert self.layout is not None
        if e.key not in self.layout.first_row:
            self.query = ""
            search = self.widgets.get("search")
            if isinstance(search, pygame_gui.elements.UITextEntryLine):
                search.set_text("")
            self._relayout()
        self.focus = e.key
        self._toc_show(f"{e.chapter}/{e.section}")
        row = self.layout.rows[self.layout.first_row[e.key]]
        self.top = row.y - self.text_rect.height // 4
        self._clamp()
        self._sync_widgets()
        return True

    def _toc_show(self, key: str) -> None:
        """Scroll the contents column so ``key``'s item is in view."""
        for rect, k, _, _ in self.toc:
            if k == key:
                view = self.toc_rect.height
                if not self.toc_top <= rect.y - self.toc_rect.y <= self.toc_top + view - rect.height:
                    most = max(0, self.toc_height - view)
                    self.toc_top = min(max(0, rect.y - self.toc_rect.y - view // 3), most)
                return

    def back(self) -> None:
        if self.history:
            self.open(self.history.pop(), remember=False)

    def jump(self, key: str) -> None:
        """To a chapter or section heading (the contents column)."""
        assert self.layout is not None
        if key in self.layout.first_row:
            self.top = self.layout.rows[self.layout.first_row[key]].y - self.px(6)
            self._clamp()
            self._sync_widgets()

    def scroll(self, by: int) -> None:
        self.top += by
        self._clamp()
        self._sync_widgets()

    def search(self, query: str) -> None:
        self.query = query
        self.top = 0
        self._relayout()
        self._sync_widgets()

    def _clamp(self) -> None:
        most = max(0, (self.layout.height if self.layout else 0) - self.text_rect.height)
        self.top = min(max(0, self.top), most)

    def _sync_widgets(self) -> None:
        if self.layout is None or "bar" not in self.widgets:
            return
        total = max(1, self.layout.height)
        self.bar.set_visible_percentage(min(1.0, self.text_rect.height / total))
        self.bar.set_scroll_from_start_percentage(self.top / total)
        self._bar_at = self.bar.start_percentage
        back = self.widgets.get("back")
        if back is not None:
            (back.enable if self.history else back.disable)()

    def _sync_bar(self) -> None:
        at = self.bar.start_percentage
        if abs(at - self._bar_at) > 1e-6 and self.layout is not None:
            self._bar_at = at
            self.top = round(at * self.layout.height)
            self._clamp()

    # -- input ---------------------------------------------------------------------------------------
    def link_at(self, pos: tuple[int, int]) -> str:
        """The rule ID of the link under a screen point, or ""."""
        if self.layout is None or not self.text_rect.collidepoint(pos):
            return ""
        y = pos[1] - self.text_rect.y + self.top
        x0 = self.text_rect.x + self.px(12)
        for row in self._visible_rows():
            if row.y <= y < row.y + row.height:
                for s in row.spans:
                    if s.link and x0 + row.indent + s.x <= pos[0] < x0 + row.indent + s.x + s.width:
                        return s.link
        return ""

    def link_pos(self, rule: str) -> tuple[int, int] | None:
        """Where a visible link to ``rule`` is drawn (for tests and the tour)."""
        x0 = self.text_rect.x + self.px(12)
        for row in self._visible_rows():
            for s in row.spans:
                if s.link == rule:
                    return (x0 + row.indent + s.x + s.width // 2,
                            self.text_rect.y + row.y - self.top + row.height // 2)
        return None

    def _toc_at(self, pos: tuple[int, int]) -> str:
        if not self.toc_rect.collidepoint(pos):
            return ""
        at = (pos[0], pos[1] + self.toc_top)
        return next((key for rect, key, _, _ in self.toc if rect.collidepoint(at)), "")

    def toc_pos(self, key: str) -> tuple[int, int] | None:
        """Where a contents item is drawn (for tests)."""
        for rect, k, _, _ in self.toc:
            if k == key:
                return rect.x + self.px(10), rect.centery - self.toc_top
        return None

    def handle(self, event: pygame.event.Event) -> None:
        self._sync_bar()
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.widgets.get("close"):
                self.close()
            elif event.ui_element is self.widgets.get("back"):
                self.back()
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.widgets.get("search"):
            self.search(event.text)
        elif event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.hover_link = self.link_at(event.pos)
            self.hover_toc = self._toc_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            link = self.link_at(event.pos)
            if link:
                self.open(link)
            elif key := self._toc_at(event.pos):
                self.jump(key)
        elif event.type == pygame.MOUSEWHEEL and self.toc_rect.collidepoint(self.mouse or pygame.mouse.get_pos()):
            most = max(0, self.toc_height - self.toc_rect.height)
            self.toc_top = min(max(0, self.toc_top - event.y * self.px(40)), most)
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y * self.px(48))
        elif event.type == pygame.KEYDOWN:
            self._key(event)

    def _typing(self) -> bool:
        entry = self.widgets.get("search")
        return entry is not None and entry.is_focused

    def _key(self, event: pygame.event.Event) -> None:
        k = event.key
        page = self.text_rect.height - self.px(40)
        if k == pygame.K_ESCAPE:
            self.close()
        elif self._typing():
            return
        elif k == pygame.K_BACKSPACE:
            self.back()
        elif k in (pygame.K_SLASH, pygame.K_f) or (k == pygame.K_f and event.mod & pygame.KMOD_CTRL):
            self.widgets["search"].focus()
        elif k in (pygame.K_PAGEDOWN, pygame.K_SPACE):
            self.scroll(page)
        elif k == pygame.K_PAGEUP:
            self.scroll(-page)
        elif k in (pygame.K_DOWN, pygame.K_UP):
            self.scroll(self.px(40) * (1 if k == pygame.K_DOWN else -1))
        elif k == pygame.K_HOME:
            self.scroll(-10**9)
        elif k == pygame.K_END:
            self.scroll(10**9)

    def update(self, dt: float) -> None:
        self._sync_bar()

    def close(self) -> None:
        if self.app.top is self:
            self.app.pop()

    # -- drawing -------------------------------------------------------------------------------------
    def _visible_rows(self) -> list[Row]:
        if self.layout is None:
            return []
        lo, hi = self.top, self.top + self.text_rect.height
        return [r for r in self.layout.rows if r.y + r.height > lo and r.y < hi]

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        self._draw_toc(surface)
        r = self.text_rect
        pygame.draw.rect(surface, TEXT_BG, r)
        surface.set_clip(r)
        x0 = r.x + self.px(12)
        rows = self._visible_rows()
        if self.focus:  # the opened rule: a band behind all its rows, and a bar at its left
            mine = [row for row in rows if row.key == self.focus]
            if mine:
                y1 = r.y + mine[0].y - self.top - self.px(3)
                y2 = r.y + mine[-1].y + mine[-1].height - self.top + self.px(3)
                band = pygame.Rect(r.x + self.px(4), y1, r.width - self.px(8), y2 - y1)
                pygame.draw.rect(surface, HILITE, band, border_radius=self.px(4))
                pygame.draw.rect(surface, theme.ACCENT, band, 2, border_radius=self.px(4))
        for row in rows:
            y = r.y + row.y - self.top
            for s in row.spans:
                hovered = s.link and s.link == self.hover_link
                colour = LINK_HOVER if hovered else s.colour
                img = theme.font(row.size, bold=s.bold).render(s.text, True, colour)
                at = (x0 + row.indent + s.x, y)
                if hovered:
                    pygame.draw.rect(surface, (44, 62, 92), (at[0] - 2, y, s.width + 4, row.height),
                                     border_radius=self.px(3))
                surface.blit(img, at)
                if s.link:
                    pygame.draw.line(surface, colour, (at[0], y + img.get_height() - 2),
                                     (at[0] + s.width, y + img.get_height() - 2), 1)
        if self.layout is not None and not self.layout.rows:
            msg = theme.font(self.px(15)).render(f"No rule matches “{self.query}”.", True, theme.MUTED)
            surface.blit(msg, (x0, r.y + self.px(12)))
        surface.set_clip(None)
        if self.matches is not None:  # under the contents, which a search shortens
            note = theme.font(self.px(13)).render(f"{self.matches} rule(s) match", True, theme.ACCENT)
            box = note.get_rect(bottomleft=(self.toc_rect.x + self.px(6), self.toc_rect.bottom - self.px(6)))
            pygame.draw.rect(surface, theme.PANEL, box.inflate(self.px(8), self.px(4)))
            surface.blit(note, box)

    def _toc_lines(self, title: str, is_chapter: bool, width: int) -> list[str]:
        """A contents entry's title in lines of the column's width: wrapped, never cut."""
        from game.ui.battle.cards import wrap

        return wrap(clean(title), self.px(14) if is_chapter else self.px(13), is_chapter, width - self.px(8)) or [""]

    def _draw_toc(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, theme.PANEL, self.toc_rect)
        surface.set_clip(self.toc_rect)
        current = self._current_section()
        for drawn, key, title, is_chapter in self.toc:
            rect = drawn.move(0, -self.toc_top)
            if rect.bottom < self.toc_rect.top or rect.top > self.toc_rect.bottom:
                continue
            if key == self.hover_toc or key == current:
                pygame.draw.rect(surface, (58, 62, 72) if key == self.hover_toc else (48, 52, 60), rect,
                                 border_radius=self.px(3))
            size = self.px(14) if is_chapter else self.px(13)
            colour = theme.ACCENT if is_chapter else theme.INK
            f = theme.font(size, bold=is_chapter)
            for n, text in enumerate(self.toc_lines.get(key) or [clean(title)]):
                at = (rect.x + self.px(4), rect.y + self.px(1) + n * f.get_linesize())
                drawn = surface.blit(f.render(text, True, colour), at)
                if self.toc_rect.contains(drawn):
                    layout_probe.note("text", drawn, rect, text, "rules contents")
        surface.set_clip(None)

    def _current_section(self) -> str:
        """The section at the top of the text view (marked in the contents)."""
        if self.layout is None:
            return ""
        if self.focus in self.layout.first_row:  # the opened rule's section while the rule is in view
            row = self.layout.rows[self.layout.first_row[self.focus]]
            if self.top <= row.y < self.top + self.text_rect.height:
                e = self.ref.entry(self.focus)
                if e is not None:
                    return f"{e.chapter}/{e.section}"
        y = self.top + self.px(8)
        best, best_y = "", -1
        for key, row_i in self.layout.first_row.items():
            at = self.layout.rows[row_i].y
            if key.count("/") == 1 and best_y <= at <= y:
                best, best_y = key, at
        return best


def open_rules(app: App, rule: str | None = None) -> RulesScene:
    """Open the reference at ``rule``: jump there if it is already on top, else push it."""
    top = app.top
    if isinstance(top, RulesScene):
        if rule:
            top.open(rule)
        return top
    scene = RulesScene(app, rule)
    app.push(scene)
    return scene
