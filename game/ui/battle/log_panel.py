"""The battle log: state.log grouped by turn in a pygame_gui text box; every roll expands to its dice.

A roll (any event whose data has dice) shows one line; clicking it (a text-box link) opens its dice,
every modifier with its rule id and source, the total and the outcome the engine logged after it.
Earlier turns fold into one clickable header so the box stays small. New events of the current turn
are appended (pygame_gui lays out only the new text); the whole box is rebuilt only when a turn
begins or a line is opened or closed.
"""

from __future__ import annotations

import html

import pygame
import pygame_gui

from game.rules.events import Event
from game.rules.state import GameState
from game.ui import theme

OUTCOME_KINDS = ("AttackResolved", "SpellResolved", "AreaHit", "AreaMiss", "Misfire")
LOUD = {"Wounded": theme.BAD, "Killed": theme.BAD, "Removed": theme.BAD, "Stunned": theme.ACCENT,
        "Brutal": theme.BAD, "Scored": theme.GOOD, "Scores": theme.GOOD, "Victory": theme.GOOD,
        "GameOver": theme.ACCENT, "FateSpent": (190, 170, 255)}
QUIET = {"ActionStarted", "DieDrawn", "Deployed", "PlanDeclared", "ActionSkipped", "RoughIgnored"}


# glyphs the shipped Noto Sans subset lacks, and what to show instead
MISSING_GLYPHS = str.maketrans({"→": "»", "←": "«", "⚠": "!", "✓": "+", "✗": "x"})


def _esc(s: str) -> str:
    return html.escape(str(s).translate(MISSING_GLYPHS), quote=False)


def _font(colour: tuple[int, int, int], body: str) -> str:
    return f"<font color='{theme.hex_colour(colour)}'>{body}</font>"


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


class LogPanel:
    """The log in a UITextBox inside ``container``; ``refresh`` after the log grows, ``handle`` every event."""

    def __init__(self, manager: pygame_gui.UIManager, rect: pygame.Rect, container=None):
        self.manager = manager
        self.box = pygame_gui.elements.UITextBox("", rect, manager, container=container,
                                                 pre_parsing_enabled=False)
        self.state: GameState | None = None
        self.shown = 0  # events of the log already in the box
        self.turn_shown: int | None = None
        self.open_rolls: set[int] = set()
        self.open_turns: set[int] = set()
        self.rebuilds = 0

    # -- content ---------------------------------------------------------------------------------
    def _line(self, log: list[Event], i: int) -> str:
        e = log[i]
        if is_roll(e):
            mark = "[−]" if i in self.open_rolls else "[+]"
            line = f"<a href='roll:{i}'>{mark} {_esc(e.text)}</a>"
            if i in self.open_rolls:
                line += "".join(f"<br>{_font(theme.MUTED, '&nbsp;&nbsp;&nbsp;&nbsp;' + _esc(x))}"
                                for x in roll_details(log, i))
            return line + "<br>"
        if e.kind in LOUD:
            return _font(LOUD[e.kind], _esc(e.text)) + "<br>"
        if e.kind in QUIET:
            return _font(theme.MUTED, _esc(e.text)) + "<br>"
        return _esc(e.text) + "<br>"

    def _header(self, turn: int, count: int | None = None) -> str:
        if count is None:
            return _font(theme.ACCENT, f"— Turn {turn} —") + "<br>"
        mark = "[−]" if turn in self.open_turns else "[+]"
        return f"<a href='turn:{turn}'>{mark} Turn {turn} ({count} events)</a><br>"

    def _full_text(self, log: list[Event]) -> str:
        if not log:
            return _font(theme.MUTED, "The battle log will appear here.")
        current = log[-1].turn
        parts: list[str] = []
        turns: dict[int, list[int]] = {}
        for i, e in enumerate(log):
            turns.setdefault(e.turn, []).append(i)
        for turn, idx in turns.items():
            if turn == current:
                parts.append(self._header(turn))
            else:
                parts.append(self._header(turn, len(idx)))
                if turn not in self.open_turns:
                    continue
            parts += [self._line(log, i) for i in idx]
        return "".join(parts)

    def refresh(self, state: GameState) -> None:
        """Show events the box has not shown yet; cheap when nothing changed."""
        log = state.log
        if state is not self.state or len(log) < self.shown:
            self.state, self.shown, self.turn_shown = state, 0, None
            self.open_rolls.clear()
            self.open_turns.clear()
        if self.shown == len(log) and self.turn_shown is not None:
            return
        new_turn = log[-1].turn if log else None
        if self.turn_shown is None or new_turn != self.turn_shown or self.shown == 0:
            self._rebuild()
            return
        self.box.append_html_text("".join(self._line(log, i) for i in range(self.shown, len(log))))
        self.shown = len(log)

    def _rebuild(self, keep_scroll: bool = False) -> None:
        assert self.state is not None
        log = self.state.log
        bar = self.box.scroll_bar
        where = bar.start_percentage if keep_scroll and bar is not None else None
        self.box.set_text(self._full_text(log))
        self.rebuilds += 1
        self.shown = len(log)
        self.turn_shown = log[-1].turn if log else 0
        bar = self.box.scroll_bar
        if bar is not None:
            if where is None:  # follow the newest events
                bar.set_scroll_from_start_percentage(1.0 - bar.visible_percentage)
            else:
                bar.set_scroll_from_start_percentage(min(where, 1.0 - bar.visible_percentage))
            self.box.update(0.0)

    # -- input -----------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """Open or close a roll or an earlier turn when its link is clicked; True if the event was ours."""
        if event.type != pygame_gui.UI_TEXT_BOX_LINK_CLICKED or getattr(event, "ui_element", None) is not self.box:
            return False
        what, _, ident = str(event.link_target).partition(":")
        if not ident.isdigit() or self.state is None:
            return False
        target = self.open_rolls if what == "roll" else self.open_turns if what == "turn" else None
        if target is None:
            return False
        n = int(ident)
        target.symmetric_difference_update({n})
        self._rebuild(keep_scroll=True)
        return True

    def toggle_roll(self, index: int) -> None:
        """Open or close one roll (what a click on its line does)."""
        self.open_rolls.symmetric_difference_update({index})
        self._rebuild(keep_scroll=True)

    @property
    def text(self) -> str:
        """Everything the box holds now, as markup (for tests and tools)."""
        return self.box.html_text + self.box.appended_text

    def show(self) -> None:
        self.box.show()

    def hide(self) -> None:
        self.box.hide()

    def kill(self) -> None:
        self.box.kill()
