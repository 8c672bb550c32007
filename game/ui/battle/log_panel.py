"""The battle log: state.log grouped by turn; every roll opens on a click to its dice and modifiers.

A roll (any event whose data has dice) shows one line; clicking it opens its dice, every modifier with
its rule id and source, the total and the outcome the engine logged after it. Clicking a turn's
header folds or unfolds that turn. Every rule ID the engine recorded with a line (the event's rule,
each modifier's rule: structured data, never read back out of the prose) is a link: hover highlights
it, a click hands it to ``on_rule`` (the battle opens the rules reference there). The log follows new
lines until the player scrolls up, and again once back at the bottom; while it does not, a "Jump to
latest" badge at its foot says how many lines came in and takes the player there.

Why not a UITextBox: pygame_gui re-lays every row of a text box when text is appended (measured
about 0.23 ms a row, 30-40 ms per append once a turn has a few hundred lines, half a second to
re-open a roll). Here each log line is rendered once, into a cache, and only the visible lines are
blitted onto a pygame_gui UIImage when the content or the scroll position changes; a pygame_gui
scroll bar beside it scrolls. New events cost a line render each, never a relayout.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame
import pygame_gui

from game.content.catalog import mod_rule_text
from game.rules.events import Event, EventKind
from game.rules.state import GameState
from game.ui import theme
from game.ui.battle.cards import text, wrap
from game.ui.battle.event_text import shown_text

OUTCOME_KINDS = (EventKind.AttackResolved, EventKind.SpellResolved, EventKind.AreaHit, EventKind.AreaMiss,
                 EventKind.Misfire)
LOUD = {EventKind.Wounded: theme.BAD, EventKind.Killed: theme.BAD, EventKind.Removed: theme.BAD,
        EventKind.Stunned: theme.ACCENT, EventKind.Brutal: theme.BAD, EventKind.Scored: theme.GOOD,
        EventKind.Scores: theme.GOOD, EventKind.Victory: theme.GOOD, EventKind.GameOver: theme.ACCENT,
        EventKind.FateSpent: (190, 170, 255)}
QUIET = {EventKind.ActionStarted, EventKind.DieDrawn, EventKind.Deployed, EventKind.PlanDeclared,
         EventKind.ActionSkipped, EventKind.RoughIgnored}
LINK = (240, 200, 90)
RULE_LINK = theme.RULE_LINK
DETAIL = (185, 190, 200)
BG = (31, 34, 38)
# glyphs the shipped Noto Sans subset lacks, and what to show instead
MISSING_GLYPHS = str.maketrans({"→": "»", "←": "«", "⚠": "!", "✓": "+", "✗": "x", "≥": ">=", "≤": "<="})


def is_roll(event: Event) -> bool:
    return "dice" in event.data


def roll_details(log: list[Event], index: int) -> list[tuple[str, tuple[str, ...]]]:
    """The opened roll, one plain line each with the rule IDs it shows: dice, attribute, each modifier
    with rule and source, total, the rule, and the outcome (its own data, else the next outcome event
    the engine logged)."""
    e = log[index]
    d = e.data
    first = "dice " + " ".join(f"[{v}]" for v in d["dice"])
    if "before" in d:
        first += "   (before: " + " ".join(f"[{v}]" for v in d["before"]) + ")"
    out: list[tuple[str, tuple[str, ...]]] = [(first, ())]
    if "attribute" in d:
        out.append((f"{d['attribute']} {d.get('value', '')}", ()))
    for m in d.get("trait_dice", []):  # dice a trait added ([DICE-1])
        out.append((f"+{m['value']} {'die' if m['value'] == 1 else 'dice'} {m['source']} [{m['rule']}]",
                    (m["rule"],)))
        out += _mod_rule_line(m["rule"])
    for m in d.get("modifiers", []):
        out.append((f"{m['value']:+d} {m['source']} [{m['rule']}]", (m["rule"],)))
        out += _mod_rule_line(m["rule"])
    if "totals" in d:
        out.append(("totals " + " vs ".join(str(t) for t in d["totals"]), ()))
    if "total" in d:
        out.append((f"= {d['total']}", ()))
    if "need" in d:
        out.append((f"needs {d['need']}+: " + ("success" if d.get("success") else "no effect"), ()))
    if "ap" in d:
        out.append((f"{d['ap']} AP", ()))
    if "reason" in d:
        out.append((f"re-roll: {str(d['reason']).replace('_', ' ')}", ()))
    if d.get("rule"):
        out.append((f"rule [{d['rule']}]", (d["rule"],)))
    if e.kind in (EventKind.DiceRolled, EventKind.DiceRerolled):
        for later in log[index + 1:index + 12]:
            if later.kind in OUTCOME_KINDS:
                rule = later.data.get("rule")
                out.append((f"outcome: {later.text}" + (f" [{rule}]" if rule else ""), (rule,) if rule else ()))
                break
    return out


def _mod_rule_line(rule: str) -> list[tuple[str, tuple[str, ...]]]:
    """A mod trait's rule is not in the rules reference: its text is shown in place of a link's."""
    text = mod_rule_text(rule)
    return [(f"   {text}", ())] if text else []


def event_rules(event: Event) -> tuple[str, ...]:
    """The rule IDs an event records as data: its own rule, then each modifier's (no duplicates)."""
    found = [event.data.get("rule")] + [m.get("rule") for m in event.data.get("modifiers", [])
                                        if isinstance(m, dict)]
    return tuple(dict.fromkeys(r for r in found if isinstance(r, str) and r))


def line_text(event: Event, state: GameState | None = None) -> str:
    """The event's line: its text (a wound worded from its numbers: event_text), and its own rule ID after it
    when the text does not show it already."""
    shown = shown_text(event, state)
    rule = event.data.get("rule")
    if isinstance(rule, str) and rule and f"[{rule}]" not in shown:
        return f"{shown} [{rule}]"
    return shown


@dataclass(frozen=True)
class Line:
    """One drawn line: its text and colour, what a click on it does ("roll:<i>", "turn:<n>" or ""), and
    the rule IDs shown in it as "[ID]" that are links."""

    text: str
    colour: tuple[int, int, int]
    target: str = ""
    indent: int = 0
    bold: bool = False
    links: tuple[str, ...] = ()


def _links_in(part: str, rules: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(r for r in rules if f"[{r}]" in part)


class LogPanel:
    """The log inside ``container`` at ``rect``: ``refresh`` after the log grows, ``handle`` every event."""

    def __init__(self, manager: pygame_gui.UIManager, rect: pygame.Rect, container=None, font_size: int = 13,
                 on_rule: Callable[[str], None] | None = None):
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
        self.hover_link = ""  # the rule ID link under the mouse
        self._hover_row = -1  # the line it is on (the same ID elsewhere is not highlighted)
        self._mouse: tuple[int, int] | None = None  # where the last motion event put the mouse
        self.on_rule = on_rule  # what a click on a rule ID does
        self.unseen = 0  # lines added since the log stopped following
        self.latest_rect: pygame.Rect | None = None  # the "Jump to latest" badge, in the view's coordinates
        self._spans_cache: dict[tuple, list[tuple[str, int, int, str]]] = {}
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
            found = wrap(s.translate(MISSING_GLYPHS), self.size, bold, self.image.rect.width - 10 - indent - 14)
            self._wrap_cache[key] = found
        return found

    def _event_lines(self, log: list[Event], i: int) -> list[Line]:
        e = log[i]
        rules = event_rules(e)
        if is_roll(e):
            opened = i in self.open_rolls
            mark = "[−] " if opened else "[+] "
            parts = self._wrapped(mark + line_text(e, self.state), False, 0)  # wrapped with its mark
            out = [Line(part, LINK, f"roll:{i}", 0 if k == 0 else 14, False, _links_in(part, rules))
                   for k, part in enumerate(parts)]
            if opened:
                out += [Line(part, DETAIL, f"roll:{i}", 24, False, _links_in(part, ids))
                        for d, ids in roll_details(log, i) for part in self._wrapped(d, False, 24)]
            return out
        colour = LOUD.get(e.kind, theme.MUTED if e.kind in QUIET else theme.INK)
        return [Line(part, colour, "", 0 if k == 0 else 14, False, _links_in(part, rules))
                for k, part in enumerate(self._wrapped(line_text(e, self.state), False, 0))]

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
                added = self._event_lines(log, i)
                self.lines += added
                if not self.follow and start > 0:
                    self.unseen += len(added)
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
            self.unseen = 0
        self.top = min(max(0, self.top), most)
        surf = self.surface
        surf.fill(BG)
        y = 4
        for n, line in enumerate(self.lines[self.top:self.top + rows]):
            if line.target and line.target == self.hover_target and not self.hover_link:
                pygame.draw.rect(surf, (52, 56, 64), (2, y - 1, surf.get_width() - 4, self.line_h))
            for piece, x, w, link in self._spans(line):
                colour = line.colour
                if link:
                    hovered = link == self.hover_link and self.top + n == self._hover_row
                    colour = theme.RULE_LINK_HOVER if hovered else RULE_LINK
                    if hovered:
                        pygame.draw.rect(surf, (44, 62, 92), (6 + line.indent + x - 2, y - 1, w + 4, self.line_h),
                                         border_radius=3)
                    base = y + self.line_h - 4
                    pygame.draw.line(surf, colour, (6 + line.indent + x, base), (6 + line.indent + x + w - 1, base))
                surf.blit(text(piece, self.size, colour, line.bold), (6 + line.indent + x, y))
            y += self.line_h
        if not self.lines:
            surf.blit(text("The battle log will appear here.", self.size, theme.MUTED), (6, 4))
        self.latest_rect = None
        if not self.follow and self.top < most:  # not at the newest line: offer the way back to it
            label = "Jump to latest" + (f" ({self.unseen} new)" if self.unseen else "")
            img = text(label, self.size, (20, 20, 20), True)
            box = img.get_rect(bottomright=(surf.get_width() - 6, surf.get_height() - 4)).inflate(12, 4)
            pygame.draw.rect(surf, theme.ACCENT, box, border_radius=5)
            surf.blit(img, img.get_rect(center=box.center))
            self.latest_rect = box
        self.image.set_image(surf)
        visible = min(1.0, rows / max(1, len(self.lines)))
        self.bar.set_visible_percentage(visible)
        self.bar.set_scroll_from_start_percentage(self.top / max(1, len(self.lines)))
        self._bar_at = self.bar.start_percentage

    def note_layout(self) -> None:
        """Tell the layout probe where each visible line lies and the view it must stay inside."""
        from game.ui import layout_probe

        if not self.image.visible:
            return
        view = self.image.rect
        for n, line in enumerate(self.lines[self.top:self.top + self.rows]):
            spans = self._spans(line)
            width = spans[-1][1] + spans[-1][2] if spans else 0
            layout_probe.note("text", (view.x + 6 + line.indent, view.y + 4 + n * self.line_h, width, self.line_h),
                              view, line.text, "log line")

    def _spans(self, line: Line) -> list[tuple[str, int, int, str]]:
        """The line cut at its rule-ID links: (text, x, width, rule or "") each, measured once."""
        key = (line.text, line.links, line.bold)
        found = self._spans_cache.get(key)
        if found is not None:
            return found
        f = theme.font(self.size, bold=line.bold)
        pieces: list[tuple[str, str]] = [(line.text, "")]
        for rule in line.links:
            token = f"[{rule}]"
            cut: list[tuple[str, str]] = []
            for piece, link in pieces:
                if link or token not in piece:
                    cut.append((piece, link))
                    continue
                before, _, after = piece.partition(token)
                cut += [(before, ""), (token, rule), (after, "")]
            pieces = cut
        out, x = [], 0
        for piece, link in pieces:
            if piece:
                w = f.size(piece)[0]
                out.append((piece, x, w, link))
                x += w
        if len(self._spans_cache) > 4096:
            self._spans_cache.clear()
        self._spans_cache[key] = out
        return out

    def _scroll_to(self, top: int) -> None:
        most = max(0, len(self.lines) - self.rows)
        self.top = min(max(0, top), most)
        self.follow = self.top >= most  # back at the bottom: follow new lines again
        self._draw()

    def scroll_by(self, lines: int) -> None:
        """Scroll by a number of lines (Page Up / Page Down in the large view)."""
        self._scroll_to(self.top + lines)

    def jump_to_latest(self) -> None:
        """Scroll to the newest line and follow new ones again."""
        self.follow = True
        self._draw()

    # -- input -----------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """Clicks open or close a roll, fold a turn or follow a rule link; the wheel and the scroll bar
        scroll. True if ours."""
        self._sync_bar()
        if event.type == pygame.MOUSEMOTION:
            self._mouse = event.pos
        if event.type == pygame.MOUSEWHEEL and self.image.visible \
                and self.image.rect.union(self.bar.rect).collidepoint(self._mouse or pygame.mouse.get_pos()):
            self._scroll_to(self.top - 3 * event.y)
            return True
        if event.type == pygame.MOUSEMOTION and self.image.visible:
            line = self._line_at(event.pos)
            target = line.target if line is not None else ""
            link = self.link_at(event.pos)
            row = self.top + (event.pos[1] - self.image.rect.y - 4) // self.line_h if link else -1
            if target != self.hover_target or link != self.hover_link or row != self._hover_row:
                self.hover_target, self.hover_link, self._hover_row = target, link, row
                self._draw()
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.image.visible \
                and self.image.rect.collidepoint(event.pos):
            local = (event.pos[0] - self.image.rect.x, event.pos[1] - self.image.rect.y)
            if self.latest_rect is not None and self.latest_rect.collidepoint(local):
                self.jump_to_latest()
                return True
            link = self.link_at(event.pos)
            if link and self.on_rule is not None:
                self.on_rule(link)
                return True
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

    def link_at(self, pos: tuple[int, int]) -> str:
        """The rule ID of the link under a screen point, or ""."""
        line = self._line_at(pos)
        if line is None or not line.links:
            return ""
        x = pos[0] - self.image.rect.x - 6 - line.indent
        return next((link for _, x0, w, link in self._spans(line) if link and x0 <= x < x0 + w), "")

    def link_pos(self, rule: str | None = None) -> tuple[tuple[int, int], str] | None:
        """Where a rule link (``rule``, or the last one) in view is drawn, and its rule (for tests, the tour)."""
        for row in range(min(self.rows, len(self.lines) - self.top) - 1, -1, -1):
            line = self.lines[self.top + row]
            for _, x0, w, link in self._spans(line):
                if link and (rule is None or link == rule):
                    return ((self.image.rect.x + 6 + line.indent + x0 + w // 2,
                             self.image.rect.y + 4 + row * self.line_h + self.line_h // 2), link)
        return None

    def update(self, dt: float = 0.0) -> None:
        """Follow the scroll bar when it was dragged (also done on every handled event)."""
        self._sync_bar()

    def _sync_bar(self) -> None:
        at = self.bar.start_percentage
        if abs(at - self._bar_at) > 1e-6:
            self._bar_at = at
            # the bar's thumb has a least size, so its lowest position can read less than 1 - visible:
            # scale by the lowest position it can reach, or the bottom (and following) is out of reach
            lowest = max(1e-6, 1.0 - self.bar.visible_percentage)
            slider = getattr(self.bar, "sliding_button", None)
            if slider is not None and getattr(self.bar, "scrollable_height", 0) > 0:
                lowest = max(1e-6, (self.bar.bottom_limit - slider.rect.height) / self.bar.scrollable_height)
            most = max(0, len(self.lines) - self.rows)
            self._scroll_to(round(min(1.0, at / lowest) * most))

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
