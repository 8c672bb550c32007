"""The battle log: state.log grouped by turn; every roll opens on a click to its dice and modifiers.

A roll (any event whose data has dice) shows one line; clicking it opens its dice, every modifier with
its rule id and source, the total and the outcome the engine logged after it. Clicking a turn's
header folds or unfolds that turn.

Why not a UITextBox: pygame_gui re-lays every row of a text box when text is appended (measured
about 0.23 ms a row, 30-40 ms per append once a turn has a few hundred lines, half a second to
re-open a roll). Here each log line is rendered once, into a cache, and only the visible lines are
blitted onto a pygame_gui UIImage when the content or the scroll position changes; a pygame_gui
scroll bar beside it scrolls. New events cost a line render each, never a relayout.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame
import pygame_gui

from game.rules.events import Event
from game.rules.state import GameState
from game.ui import theme
from game.ui.battle.cards import text, wrap

OUTCOME_KINDS = ("AttackResolved", "SpellResolved", "AreaHit", "AreaMiss", "Misfire")
LOUD = {"Wounded": theme.BAD, "Killed": theme.BAD, "Removed": theme.BAD, "Stunned": theme.ACCENT,
        "Brutal": theme.BAD, "Scored": theme.GOOD, "Scores": theme.GOOD, "Victory": theme.GOOD,
        "GameOver": theme.ACCENT, "FateSpent": (190, 170, 255)}
QUIET = {"ActionStarted", "DieDrawn", "Deployed", "PlanDeclared", "ActionSkipped", "RoughIgnored"}
LINK = (240, 200, 90)
DETAIL = (185, 190, 200)
BG = (31, 34, 38)
# glyphs the shipped Noto Sans subset lacks, and what to show instead
MISSING_GLYPHS = str.maketrans({"→": "»", "←": "«", "⚠": "!", "✓": "+", "✗": "x", "≥": ">=", "≤": "<="})


def is_roll(event: Event) -> bool:
    return "dice" in event.data


def roll_details(log: list[Event], index: int) -> list[str]:
    """The opened roll, one plain line each: dice, attribute, each modifier with rule and source, total,
    the rule, and the outcome (its own data, else the next outcome event the engine logged)."""
    e = log[index]
    d = e.data
    out = ["dice " + " ".join(f"[{v}]" for v in d["dice"])]
    if "before" in d:
        out[0] += "   (before: " + " ".join(f"[{v}]" for v in d["before"]) + ")"
    if "attribute" in d:
        out.append(f"{d['attribute']} {d.get('value', '')}")
    for m in d.get("modifiers", []):
        out.append(f"{m['value']:+d} {m['source']} [{m['rule']}]")
    if "totals" in d:
        out.append("totals " + " vs ".join(str(t) for t in d["totals"]))
    if "total" in d:
        out.append(f"= {d['total']}")
    if "need" in d:
        out.append(f"needs {d['need']}+: " + ("success" if d.get("success") else "no effect"))
    if "ap" in d:
        out.append(f"{d['ap']} AP")
    if "reason" in d:
        out.append(f"re-roll: {str(d['reason']).replace('_', ' ')}")
    if d.get("rule"):
        out.append(f"rule [{d['rule']}]")
    if e.kind in ("DiceRolled", "DiceRerolled"):
        for later in log[index + 1:index + 12]:
            if later.kind in OUTCOME_KINDS:
                out.append(f"outcome: {later.text}" + (f" [{later.data['rule']}]" if later.data.get("rule") else ""))
                break
    return out


@dataclass(frozen=True)
class Line:
    """One drawn line: its text and colour, and what a click on it does ("roll:<i>", "turn:<n>" or "")."""

    text: str
    colour: tuple[int, int, int]
    target: str = ""
    indent: int = 0
    bold: bool = False


class LogPanel:
    """The log inside ``container`` at ``rect``: ``refresh`` after the log grows, ``handle`` every event."""

    def __init__(self, manager: pygame_gui.UIManager, rect: pygame.Rect, container=None, font_size: int = 13):
        self.manager = manager
        self.size = font_size
        self.line_h = theme.font(font_size).get_linesize() + 2
        bar_w = max(14, font_size + 3)
        self.rect = pygame.Rect(rect)
        view = pygame.Rect(rect.x, rect.y, rect.width - bar_w, rect.height)
        self.surface = pygame.Surface(view.size)
        self.image = pygame_gui.elements.UIImage(view, self.surface, manager, container=container)
        self.bar = pygame_gui.elements.UIVerticalScrollBar(pygame.Rect(view.right, rect.y, bar_w, rect.height),
                                                          1.0, manager, container=container)
        self.state: GameState | None = None
        self.shown = 0  # events of the log already laid out
        self.open_rolls: set[int] = set()
        self.closed_turns: set[int] = set()
        self.lines: list[Line] = []
        self.top = 0  # first visible line
        self.follow = True  # keep the newest line in view until the player scrolls up
        self.rebuilds = 0
        self._bar_at = 0.0
        self.hover_target = ""  # the clickable entry under the mouse, drawn highlighted
        self._wrap_cache: dict[tuple[str, bool, int], list[str]] = {}
        self._draw()

    # -- layout ----------------------------------------------------------------------------------
    @property
    def rows(self) -> int:
        return max(1, (self.image.rect.height - 4) // self.line_h)

    def _wrapped(self, s: str, bold: bool, indent: int) -> list[str]:
        key = (s, bold, indent)
        found = self._wrap_cache.get(key)
        if found is None:
            found = wrap(s.translate(MISSING_GLYPHS), self.size, bold, self.image.rect.width - 10 - indent)
            self._wrap_cache[key] = found
        return found

    def _event_lines(self, log: list[Event], i: int) -> list[Line]:
        e = log[i]
        if is_roll(e):
            opened = i in self.open_rolls
            out = [Line(("[−] " if opened else "[+] ") + part if k == 0 else part, LINK, f"roll:{i}", 0 if k == 0
                        else 14) for k, part in enumerate(self._wrapped(e.text, False, 0))]
            if opened:
                out += [Line(part, DETAIL, f"roll:{i}", 24) for d in roll_details(log, i)
                        for part in self._wrapped(d, False, 24)]
            return out
        colour = LOUD.get(e.kind, theme.MUTED if e.kind in QUIET else theme.INK)
        return [Line(part, colour, "", 0 if k == 0 else 14) for k, part in enumerate(self._wrapped(e.text, False, 0))]

    def _header(self, turn: int) -> Line:
        mark = "[+]" if turn in self.closed_turns else "[−]"
        return Line(f"{mark} Turn {turn}", theme.ACCENT, f"turn:{turn}", 0, True)

    def _layout(self, start: int) -> None:
        """Lay out the log's events from ``start`` onwards (all of it when start is 0)."""
        assert self.state is not None
        log = self.state.log
        if start == 0:
            self.lines = []
        prev = log[start - 1].turn if start > 0 else None
        for i in range(start, len(log)):
            turn = log[i].turn
            if turn != prev:
                self.lines.append(self._header(turn))
                prev = turn
            if turn not in self.closed_turns:
                self.lines += self._event_lines(log, i)
        self.shown = len(log)

    def refresh(self, state: GameState) -> None:
        """Lay out events not shown yet; nothing is done when the log has not grown."""
        if state is not self.state or len(state.log) < self.shown:
            self.state, self.shown = state, 0
            self.open_rolls.clear()
            self.closed_turns.clear()
            self.follow = True
        elif self.shown == len(state.log):
            return
        self._layout(self.shown)
        self._draw()

    # -- drawing ---------------------------------------------------------------------------------
    def _draw(self) -> None:
        rows = self.rows
        most = max(0, len(self.lines) - rows)
        if self.follow:
            self.top = most
        self.top = min(max(0, self.top), most)
        surf = self.surface
        surf.fill(BG)
        y = 4
        for line in self.lines[self.top:self.top + rows]:
            if line.target and line.target == self.hover_target:
                pygame.draw.rect(surf, (52, 56, 64), (2, y - 1, surf.get_width() - 4, self.line_h))
            surf.blit(text(line.text, self.size, line.colour, line.bold), (6 + line.indent, y))
            y += self.line_h
        if not self.lines:
            surf.blit(text("The battle log will appear here.", self.size, theme.MUTED), (6, 4))
        self.image.set_image(surf)
        visible = min(1.0, rows / max(1, len(self.lines)))
        self.bar.set_visible_percentage(visible)
        self.bar.set_scroll_from_start_percentage(self.top / max(1, len(self.lines)))
        self._bar_at = self.bar.start_percentage

    def _scroll_to(self, top: int) -> None:
        most = max(0, len(self.lines) - self.rows)
        self.top = min(max(0, top), most)
        self.follow = self.top >= most
        self._draw()

    # -- input -----------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """Clicks open or close a roll or fold a turn; the wheel and the scroll bar scroll. True if ours."""
        self._sync_bar()
        if event.type == pygame.MOUSEWHEEL and self.image.visible \
                and self.image.rect.union(self.bar.rect).collidepoint(pygame.mouse.get_pos()):
            self._scroll_to(self.top - 3 * event.y)
            return True
        if event.type == pygame.MOUSEMOTION and self.image.visible:
            line = self._line_at(event.pos)
            target = line.target if line is not None else ""
            if target != self.hover_target:
                self.hover_target = target
                self._draw()
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.image.visible:
            line = self._line_at(event.pos)
            if line is not None and line.target:
                self.toggle(line.target)
                return True
        return False

    def _line_at(self, pos: tuple[int, int]) -> Line | None:
        if not self.image.rect.collidepoint(pos):
            return None
        index = self.top + (pos[1] - self.image.rect.y - 4) // self.line_h
        return self.lines[index] if 0 <= index < len(self.lines) else None

    def update(self, dt: float = 0.0) -> None:
        """Follow the scroll bar when it was dragged (also done on every handled event)."""
        self._sync_bar()

    def _sync_bar(self) -> None:
        at = self.bar.start_percentage
        if abs(at - self._bar_at) > 1e-6:
            self._bar_at = at
            self._scroll_to(round(at * len(self.lines)))

    def toggle(self, target: str) -> None:
        """Open or close a roll ("roll:<index>") or fold a turn ("turn:<n>"), keeping the clicked line in view."""
        what, _, ident = target.partition(":")
        if not ident.lstrip("-").isdigit() or self.state is None:
            return
        n = int(ident)
        group = self.open_rolls if what == "roll" else self.closed_turns
        group.symmetric_difference_update({n})
        top = self.top
        self._layout(0)
        self.rebuilds += 1
        if self.follow:  # at the bottom: stay there, the newest lines (and what just opened) in view
            self._draw()
        else:
            self._scroll_to(top)

    def toggle_roll(self, index: int) -> None:
        self.toggle(f"roll:{index}")

    def line_pos(self, index: int) -> tuple[int, int] | None:
        """Screen position of a laid-out line if it is in view (where a click opens it)."""
        row = index - self.top
        if not 0 <= row < self.rows:
            return None
        return self.image.rect.x + 20, self.image.rect.y + 4 + row * self.line_h + self.line_h // 2

    @property
    def text(self) -> str:
        """Every laid-out line with its link target (for tests and tools)."""
        return "\n".join(f"{ln.target}|{ln.text}" for ln in self.lines)

    def show(self) -> None:
        self.image.show()
        self.bar.show()

    def hide(self) -> None:
        self.image.hide()
        self.bar.hide()

    def kill(self) -> None:
        self.image.kill()
        self.bar.kill()
