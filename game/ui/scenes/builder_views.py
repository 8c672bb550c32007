"""The builder's live panels drawn directly (no widgets): the model list, the totals and the problems.

They change on every click, and making pygame_gui widgets costs milliseconds each; drawing cached text
costs microseconds. Each view lays its rows out once per verdict and width, draws them each frame, and
answers which row a point is on (a click on a model chooses it; a click on a problem goes to its model).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

import pygame

from game.builder.verdict import Verdict
from game.ui import theme
from game.ui.scenes.builder_commands import Command, GoToProblem, OpenRule, SelectModel

SELECTED = (107, 90, 42)
HOVER = (60, 65, 74)


@dataclass(frozen=True)
class Line:
    text: str
    colour: tuple[int, int, int]
    size: int
    bold: bool = False
    key: str = ""  # "model:i" / "problem:n": a row that answers clicks (its name for the tests)
    gap: int = 0  # space above
    command: Command | None = None  # what a click on the row does


@functools.lru_cache(maxsize=4096)
def _wrapped(text: str, size: int, bold: bool, width: int) -> tuple[str, ...]:
    """Text broken into rows that fit ``width`` (kept: the same lines are laid out again on every edit)."""
    font = theme.font(size, bold)
    out, cur = [], ""
    for word in text.split(" "):
        trial = f"{cur} {word}" if cur else word
        if font.size(theme.displayable(trial))[0] <= width or not cur:
            cur = trial
        else:
            out.append(cur)
            cur = "   " + word
    out.append(cur)
    return tuple(out)


@functools.lru_cache(maxsize=4096)
def fitted(text: str, size: int, bold: bool, width: int) -> str:
    """``text`` as it fits ``width``: whole, or cut after a whole word with an ellipsis (a word longer than the
    room alone is cut within, still with the ellipsis)."""
    font = theme.font(size, bold)

    def fits(t: str) -> bool:
        return font.size(theme.displayable(t))[0] <= width

    if fits(text):
        return text
    words = text.split(" ")
    while len(words) > 1:
        words.pop()
        cut = " ".join(words).rstrip(" ,;:·—-([")
        if cut and fits(cut + "…"):
            return cut + "…"
    word = words[0] if words else ""
    while word and not fits(word + "…"):
        word = word[:-1]
    return word + "…"


BRACKETS = re.compile(r"\[([^\[\]]+)\]")
RULE_ID = re.compile(r"[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+")


@functools.lru_cache(maxsize=4096)
def rule_spans(text: str, size: int, bold: bool) -> tuple[tuple[int, int, str], ...]:
    """Where the rule IDs in brackets ("[PARTY-3]", "[SKILL-1, SKILL-2]") are drawn in ``text``: (x from,
    x to, rule ID), so a click on one opens the rules reference there (as the battle's rule links do)."""
    font = theme.font(size, bold)
    out = []
    for group in BRACKETS.finditer(text):
        for rid in RULE_ID.finditer(group.group(1)):
            start = group.start(1) + rid.start()
            x0 = font.size(theme.displayable(text[:start]))[0]
            x1 = font.size(theme.displayable(text[:start + len(rid.group())]))[0]
            out.append((x0, x1, rid.group()))
    return tuple(out)


class DrawnList:
    """Lines of text in a rectangle, scrolled by the wheel; rows with a key are clickable."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.lines: list[Line] = []
        self.scroll = 0
        self.selected = ""
        self._rows: list[tuple[pygame.Rect, Line, list[pygame.Surface]]] = []
        self._height = 0
        self._cache: dict[tuple[str, int, bool, tuple[int, int, int]], pygame.Surface] = {}

    def set(self, rect: pygame.Rect, lines: list[Line], selected: str = "") -> None:
        self.rect, self.lines, self.selected = rect, lines, selected
        self._layout()

    def _text(self, text: str, size: int, bold: bool, colour: tuple[int, int, int]) -> pygame.Surface:
        k = (text, size, bold, colour)
        s = self._cache.get(k)
        if s is None:
            if len(self._cache) > 2000:
                self._cache.clear()
            s = self._cache[k] = theme.font(size, bold).render(theme.displayable(text), True, colour)
        return s

    def _wrap(self, line: Line, width: int) -> tuple[str, ...]:
        return _wrapped(line.text, line.size, line.bold, width)

    def _layout(self) -> None:
        self._rows = []
        y = 0
        pad = max(2, self.rect.w // 80)
        for line in self.lines:
            y += line.gap
            parts = self._wrap(line, self.rect.w - 2 * pad - 4)
            surfs = [self._text(p, line.size, line.bold, line.colour) for p in parts]
            h = sum(s.get_height() for s in surfs) + (2 * pad if line.key else 0)
            self._rows.append((pygame.Rect(0, y, self.rect.w, h), line, surfs))
            y += h + (2 if line.key else 0)
        self._height = y
        self.scroll = max(0, min(self.scroll, self._height - self.rect.h))

    def scroll_by(self, dy: int) -> None:
        self.scroll = max(0, min(self._height - self.rect.h, self.scroll + dy))

    def row_rect(self, key: str) -> pygame.Rect | None:
        """Where a keyed row is on screen: the part of it in sight (None if scrolled out of view). A row taller
        than the view (a long problem wrapped in a small box) is never wholly in sight: its visible part is."""
        for r, line, _ in self._rows:
            if line.key == key:
                on = r.move(self.rect.x, self.rect.y - self.scroll).clip(self.rect)
                return on if on.w > 0 and on.h > 0 else None
        return None

    def scroll_to(self, key: str) -> None:
        for r, line, _ in self._rows:
            if line.key == key and not (self.scroll <= r.y and r.bottom <= self.scroll + self.rect.h):
                above = self.rect.h // 3 if r.h < self.rect.h else 0  # a row taller than the view: its top
                self.scroll = max(0, min(self._height - self.rect.h, r.y - above))

    def key_at(self, pos: tuple[int, int]) -> str:
        """The row's key, or "rule:ID" on a rule ID in brackets."""
        return self.hit(pos)[0]

    def command_at(self, pos: tuple[int, int]) -> Command | None:
        """What a click at ``pos`` does: the row's command, or the rules reference on a rule ID in brackets."""
        return self.hit(pos)[1]

    def hit(self, pos: tuple[int, int]) -> tuple[str, Command | None]:
        """The key and the command of what is at ``pos`` (("", None): nothing that answers a click)."""
        if not self.rect.collidepoint(pos):
            return "", None
        y = pos[1] - self.rect.y + self.scroll
        pad = max(2, self.rect.w // 80)
        for r, line, surfs in self._rows:
            if not r.top <= y < r.bottom:
                continue
            if "[" in line.text:
                rule = self._rule_at(pos, r.top + (pad if line.key else 0), line, surfs)
                if rule:
                    return f"rule:{rule}", OpenRule(rule)
            if line.key:
                return line.key, line.command
        return "", None

    def _rule_at(self, pos: tuple[int, int], top: int, line: Line, surfs: list[pygame.Surface]) -> str:
        """The rule ID in brackets under ``pos`` in a row whose text starts at ``top`` ("" if none)."""
        y = pos[1] - self.rect.y + self.scroll
        pad = max(2, self.rect.w // 80)
        for part, s in zip(self._wrap(line, self.rect.w - 2 * pad - 4), surfs, strict=False):
            if top <= y < top + s.get_height():
                x = pos[0] - (self.rect.x + pad + 2)
                rule = next((rid for x0, x1, rid in rule_spans(part, line.size, line.bold) if x0 <= x < x1), "")
                if rule:
                    return rule
            top += s.get_height()
        return ""

    def draw(self, surface: pygame.Surface) -> None:
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        mouse = pygame.mouse.get_pos()
        hover = self.key_at(mouse)
        pad = max(2, self.rect.w // 80)
        for r, line, surfs in self._rows:
            top = self.rect.y + r.y - self.scroll
            if top > self.rect.bottom or top + r.h < self.rect.y:
                continue
            box = pygame.Rect(self.rect.x, top, self.rect.w, r.h)
            if line.key:
                colour = SELECTED if line.key == self.selected else HOVER if line.key == hover else (46, 50, 57)
                pygame.draw.rect(surface, colour, box, border_radius=4)
            y = top + (pad if line.key else 0)
            for s in surfs:
                surface.blit(s, (self.rect.x + pad + 2, y))
                y += s.get_height()
        if self._height > self.rect.h:  # a thin scroll mark
            frac = self.rect.h / self._height
            bar = pygame.Rect(self.rect.right - 4, self.rect.y + round(self.scroll / self._height * self.rect.h), 3,
                              max(10, round(frac * self.rect.h)))
            pygame.draw.rect(surface, theme.MUTED, bar)
        surface.set_clip(clip)


def model_lines(v: Verdict, px) -> list[Line]:
    out = []
    for i, m in enumerate(v.models):
        cost = "?" if m.cost is None else f"{m.cost} ExP"
        mark = f" · {m.problems} problem{'s' if m.problems > 1 else ''}" if m.problems else ""
        out.append(Line(f"{m.name} · {m.type or '?'} · {cost}{mark}", theme.BAD if m.problems else theme.INK,
                        px(14), key=SelectModel(i).key, command=SelectModel(i)))
    if not out:
        out.append(Line("No models yet: add a hero, then companions and followers.", theme.MUTED, px(14)))
    return out


def totals_lines(v: Verdict, px) -> list[Line]:
    """Cost against the budget, Fate, the counts against the size's limits, each model, then the problems."""
    head, body, small = px(18), px(15), px(13)
    out = [Line("Totals", theme.ACCENT, head, True)]
    budget = "?" if v.budget is None else v.budget
    over = v.budget is not None and v.cost > v.budget
    out.append(Line(f"Cost {v.cost} / {budget} ExP" + ("  — over budget [PARTY-2]" if over else ""),
                    theme.BAD if over else theme.INK, body, True))
    out.append(Line(f"Fate Pool {v.fate if v.fate is not None else '?'}  [PARTY-9]", theme.INK, body))
    counts = [("Hero", v.counts["hero"], 1, 1)]
    if v.companions is not None:
        counts.append(("Companions", v.counts["companion"], *v.companions))
        counts.append(("Followers", v.counts["follower"], v.min_followers or 0, v.max_followers))
    text = "   ".join(f"{name} {n} ({lo}–{hi})" if lo != hi else f"{name} {n}" for name, n, lo, hi in counts)
    bad = any(not lo <= n <= hi for _, n, lo, hi in counts)
    out.append(Line(text + "  [PARTY-1]", theme.BAD if bad else theme.INK, body))
    for m in v.models:
        cost = "?" if m.cost is None else m.cost
        wounds = "?" if m.wounds is None else m.wounds
        out.append(Line(f"{m.name}: {cost} ExP · {wounds} wounds", theme.MUTED, small))
    if v.problems:
        out.append(Line(f"Problems ({len(v.problems)}) — click one to go to its model", theme.BAD, head, True,
                        gap=px(8)))
        for n, p in enumerate(v.problems):
            rule = ", ".join(p.rules) or "file format"
            message = p.message.removesuffix(f" [{p.rules[-1]}]") if p.rules else p.message
            out.append(Line(f"[{rule}] {message}", theme.INK, small, key=GoToProblem(n).key,
                            command=GoToProblem(n)))
    else:
        out.append(Line("No problems: ready to play", theme.GOOD, head, True, gap=px(8)))
    return out


# -- drawn controls: the chosen model's editor ------------------------------------------------------------------

@dataclass(frozen=True)
class Control:
    """One drawn thing: a button (has a key), or text (no key). ``rect`` is relative to the panel's content."""

    rect: pygame.Rect
    text: str
    key: str = ""
    on: bool = False
    enabled: bool = True
    size: int = 14
    bold: bool = False
    colour: tuple[int, int, int] = theme.INK
    centre: bool = True
    command: Command | None = None  # what a click on the button does


class ControlPanel(DrawnList):
    """Buttons and text laid out by the scene, drawn each frame, scrolled by the wheel, hit-tested by key."""

    def __init__(self) -> None:
        super().__init__()
        self.controls: list[Control] = []

    def set_controls(self, rect: pygame.Rect, controls: list[Control]) -> None:
        self.rect, self.controls = rect, controls
        self._height = max((c.rect.bottom for c in controls), default=0)
        self.scroll = max(0, min(self.scroll, self._height - self.rect.h))

    def control(self, key: str) -> Control | None:
        return next((c for c in self.controls if c.key == key), None)

    def row_rect(self, key: str) -> pygame.Rect | None:
        c = self.control(key)
        if c is None:
            return None
        on = c.rect.move(self.rect.x, self.rect.y - self.scroll)
        return on if self.rect.contains(on) else None

    def scroll_to(self, key: str) -> None:
        c = self.control(key)
        if c is not None and not (self.scroll <= c.rect.y and c.rect.bottom <= self.scroll + self.rect.h):
            self.scroll = max(0, min(self._height - self.rect.h, c.rect.y - self.rect.h // 3))

    def hit(self, pos: tuple[int, int]) -> tuple[str, Command | None]:
        if not self.rect.collidepoint(pos):
            return "", None
        p = (pos[0] - self.rect.x, pos[1] - self.rect.y + self.scroll)
        c = next((c for c in self.controls if c.key and c.rect.collidepoint(p)), None)
        if c is None:  # a rule ID in a heading's text: "rule:ID"
            t = next((c for c in self.controls if not c.key and "[" in c.text and c.rect.collidepoint(p)), None)
            if t is not None and not t.centre:
                x = p[0] - t.rect.x
                rule = next((rid for x0, x1, rid in rule_spans(t.text, t.size, t.bold) if x0 <= x < x1), "")
                return (f"rule:{rule}", OpenRule(rule)) if rule else ("", None)
        return (c.key, c.command) if c is not None and c.enabled else ("", None)

    def draw(self, surface: pygame.Surface) -> None:
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        hover = self.key_at(pygame.mouse.get_pos())
        for c in self.controls:
            r = c.rect.move(self.rect.x, self.rect.y - self.scroll)
            if r.bottom < self.rect.y or r.top > self.rect.bottom:
                continue
            colour = c.colour
            if c.key:
                bg = (107, 90, 42) if c.on else (38, 41, 46) if not c.enabled else (77, 84, 95) \
                    if c.key == hover else (58, 63, 71)
                pygame.draw.rect(surface, bg, r, border_radius=4)
                pygame.draw.rect(surface, theme.ACCENT if c.on else (85, 91, 102), r, 1, border_radius=4)
                colour = (128, 132, 140) if not c.enabled else (255, 255, 255) if c.on else colour
            room = r.w - 6 if c.key else r.w
            s = self._text(c.text, c.size, c.bold, colour)
            if s.get_width() > room:  # too long for its place: cut after a word, with an ellipsis
                s = self._text(fitted(c.text, c.size, c.bold, room), c.size, c.bold, colour)
                if s.get_width() > room:  # never spilling over
                    s = s.subsurface((0, 0, max(1, room), s.get_height()))
            x = r.x + (r.w - s.get_width()) // 2 if c.centre else r.x + (4 if c.key else 0)
            surface.blit(s, (x, r.y + (r.h - s.get_height()) // 2))
        if self._height > self.rect.h:
            frac = self.rect.h / self._height
            bar = pygame.Rect(self.rect.right - 4, self.rect.y + round(self.scroll / self._height * self.rect.h), 3,
                              max(10, round(frac * self.rect.h)))
            pygame.draw.rect(surface, theme.MUTED, bar)
        surface.set_clip(clip)
