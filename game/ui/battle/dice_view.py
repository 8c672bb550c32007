"""The dice tray: the most recent roll drawn as dice, rolled visibly.

Fed with the engine's events (``show``): a roll event (any event whose data has dice) starts a new
tray, or joins the previous one when it answers it (a defence after an attack, a resist after a cast);
a re-roll replaces that model's dice; an outcome event (AttackResolved, SpellResolved, ...) writes the
result under them. Nothing is worked out here: totals and outcomes are the events' own numbers.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from game.rules.events import Event, EventKind
from game.rules.state import SIDE_LETTERS, GameState
from game.ui import layout_probe, theme
from game.ui.battle.cards import fit, text, wrap
from game.ui.battle.event_text import shown_text

ROLL_TIME = 0.4  # seconds of tumbling at speed factor 1
SPEED_FACTORS = {"slow": 1.5, "normal": 1.0, "fast": 0.5, "instant": 0.0}
ANSWERS = ("defence", "resisting", "area of effect defence")
OUTCOMES = {EventKind.AttackResolved, EventKind.SpellResolved, EventKind.AreaHit, EventKind.AreaMiss, EventKind.Misfire,
            EventKind.Brutal, EventKind.Wounded, EventKind.Stunned, EventKind.Killed, EventKind.BurnOut}
ROLL_NAMES = {EventKind.ActivationRoll: "activation roll", EventKind.AmbushRoll: "ambush roll",
              EventKind.ScoreRoll: "score roll", EventKind.DeathOfAHero: "Death of a Hero",
              EventKind.ExtraTurnRoll: "extra turn roll", EventKind.DiceRerolled: "re-roll"}
PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)], 4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
        5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)], 6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


@dataclass
class RollRow:
    """One side's dice in the tray, as the event reported them."""

    who: str
    side: int | None
    what: str
    dice: list[int]
    mods: list[dict] = field(default_factory=list)
    base: str = ""
    total: int | None = None
    note: str = ""
    model: str | None = None


def side_of(model_id: str | None, state: GameState | None = None) -> int | None:
    """The side of a model: from the state when given, else from its id's side letter (A1, B3)."""
    if model_id is None:
        return None
    if state is not None and model_id in state.models:
        return state.model(model_id).side
    return SIDE_LETTERS.index(model_id[0]) if model_id[:1] in SIDE_LETTERS else None


class DiceTray:
    """Shows the latest roll; ``speed`` scales the rolling animation (0: instant)."""

    def __init__(self, speed: float | str = 1.0, colour_blind: bool = False, state: GameState | None = None):
        self.state = state  # for names and sides; without it they come from the events themselves
        self.rows: list[RollRow] = []
        self.outcome = ""
        self.title = ""
        self.t = 0.0
        self.colour_blind = colour_blind
        self.scale = 1.0  # the UI scale: the tray's text follows it
        self._back: pygame.Surface | None = None
        self.speed = 1.0
        self.set_speed(speed)

    def set_speed(self, speed: float | str) -> None:
        """A factor, or one of the settings' animation names (slow, normal, fast, instant)."""
        self.speed = SPEED_FACTORS.get(speed, 1.0) if isinstance(speed, str) else max(0.0, float(speed))

    @property
    def rolling(self) -> bool:
        return self.t < ROLL_TIME * self.speed

    def show(self, event: Event, state: GameState | None = None) -> None:
        """Take one event: a roll starts (or joins) the tray, a re-roll replaces, an outcome is noted."""
        state = state if state is not None else self.state
        data = event.data
        if "dice" not in data:
            if event.kind in OUTCOMES and self.rows:
                said = shown_text(event, state)
                first = not self.outcome or event.kind in (EventKind.AttackResolved, EventKind.SpellResolved)
                self.outcome = said if first else f"{self.outcome}; {said}"
            return
        if event.kind == EventKind.DiceRerolled:
            for row in self.rows:
                if row.model == data.get("model"):
                    row.dice = list(data["dice"])
                    row.total = data.get("total", row.total)
                    row.note = f"re-rolled ({str(data.get('reason', '')).replace('_', ' ')}) from " \
                               + "+".join(map(str, data.get("before", [])))
                    self.t = 0.0
                    return
        rows = self._rows(event, state)
        answering = event.kind == EventKind.DiceRolled and str(data.get("roll", "")).startswith(ANSWERS)
        if answering and self.rows and len(self.rows) == 1:
            self.rows += rows
        else:
            self.rows = rows
            self.outcome = self._own_outcome(event, state)
            self.title = event.kind
        self.t = 0.0

    def _rows(self, event: Event, state: GameState | None) -> list[RollRow]:
        d = event.data
        model = d.get("model")
        # a component drawn alone (the render tool, a test) has no state: the model's id stands for its name
        who = state.model(model).name if state is not None and model in state.models else str(model or "")
        if event.kind == EventKind.SetupRoll and len(d["dice"]) == 2:  # one die per side, totals beside them
            totals = d.get("totals", [None, None])
            names = [s.name for s in state.sides] if state is not None else ["Side A", "Side B"]
            return [RollRow(names[i], i, "set-up roll", [d["dice"][i]], total=totals[i]) for i in range(2)]
        what = str(d.get("roll") or d.get("trait") or ROLL_NAMES.get(event.kind, event.kind))
        base = f"{d['attribute']} {d['value']}" if "attribute" in d and "value" in d else ""
        return [RollRow(who, side_of(model, state) if model else d.get("side"), what, list(d["dice"]),
                        list(d.get("modifiers", [])), base, d.get("total"), model=model)]

    @staticmethod
    def _own_outcome(event: Event, state: GameState | None) -> str:
        """Single rolls carry their own result in the event (AP, needs N+, points, the higher side)."""
        d = event.data
        if "ap" in d:
            return f"{d['ap']} AP"
        if "need" in d:
            return f"needs {d['need']}+: " + ("success" if d.get("success") else "no effect")
        if "points" in d:
            return f"{d['points']} ExP"
        if "result" in d:
            return str(d["result"]).capitalize()
        if event.kind == EventKind.SetupRoll:
            higher = d.get("higher")
            if higher is None:
                return "a tie, roll again"
            return f"{state.sides[higher].name if state is not None else ('Side A', 'Side B')[higher]} is higher"
        return ""

    def update(self, dt: float) -> None:
        self.t += dt

    def finish(self) -> None:
        """Stop tumbling: show the dice as rolled."""
        self.t = max(self.t, ROLL_TIME * self.speed)

    # -- drawing ------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The rolls side by side (an opposed roll: one column per side), each with the roller, its dice,
        the total and, when the tray is tall enough, the modifiers; the outcome runs along the bottom,
        wrapped over two lines when it is long. Every text fits the tray (a name too long is shortened)."""
        if self._back is None or self._back.get_size() != rect.size:
            self._back = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(self._back, (18, 20, 24, 225), self._back.get_rect(), border_radius=8)
            pygame.draw.rect(self._back, (90, 96, 108, 255), self._back.get_rect(), 1, border_radius=8)
        surface.blit(self._back, rect.topleft)
        pad = max(4, rect.height // 14)
        small = max(10, min(round(14 * self.scale), rect.height // 7))
        line = theme.font(small).get_linesize()
        if not self.rows:
            self._blit(surface, "No dice rolled yet", small, theme.MUTED, (rect.x + pad, rect.y + pad), rect, pad)
            return
        # the outcome takes the lines it needs (up to three) of what the names and dice at their least leave
        most = max(1, min(3, (rect.height - 2 * pad - small - 6 - max(17, line)) // line))
        out_size, outcome = self._outcome_lines(small, rect.width - 2 * pad, most) if self.outcome else (small, [])
        # a result too long for them, once the dice have settled: each side's name and total on one line, the
        # result in the rest of the tray (whole; it is the answer the player waits for)
        compact = not self.rolling and bool(outcome) and outcome[-1].endswith("…") \
            and not theme.drawable(self.outcome, lines=False).endswith("…")
        if compact:
            least = max(9, min(small, round(small * 0.75)))
            lines = max(1, (rect.height - 2 * pad - line) // theme.font(least, bold=True).get_linesize())
            out_size, outcome = fitted(self.outcome, small, rect.width - 2 * pad, lines, bold=True)
        out_line = theme.font(out_size, bold=True).get_linesize()
        show_mods = rect.height >= 100 * self.scale
        outcome_h = max(line, out_line * len(outcome)) if self.outcome else 0
        dice = max(12, min(round(44 * self.scale), rect.height - 2 * pad - line - outcome_h
                           - (line if show_mods else 0)))
        col_w = (rect.width - pad) // len(self.rows)
        for i, row in enumerate(self.rows):
            col = pygame.Rect(rect.x + pad + i * col_w, rect.y + pad, col_w - pad, rect.height - 2 * pad - outcome_h)
            if compact:
                self._draw_compact(surface, row, col, small)
                continue
            # the dice and the total beside them fit the column: the total is the roll's answer, never dropped
            beside = 4 * small if row.total is None else \
                text(f"= {row.total}", max(12, dice * 2 // 3), theme.INK, bold=True).get_width() + 12
            most = (col.width - 9 - beside) // max(1, len(row.dice)) - 3
            self._draw_column(surface, row, col, small, max(10, min(dice, most)), show_mods, i)
        y = rect.bottom - pad - out_line * len(outcome)
        for part in [] if self.rolling else outcome:
            self._blit(surface, part, out_size, theme.ACCENT, (rect.x + pad, y), rect, pad, bold=True)
            y += out_line

    def _outcome_lines(self, size: int, room: int, most: int = 2) -> tuple[int, list[str]]:
        """The outcome's font size and its lines, at most ``most`` of the tray's width: wrapped, in a smaller
        font when it needs more lines (cut only past the smallest, which no outcome of the rules reaches)."""
        return fitted(self.outcome, size, room, most, bold=True)

    @staticmethod
    def _blit(surface: pygame.Surface, s: str, size: int, colour: tuple[int, int, int], at: tuple[int, int],
              box: pygame.Rect, pad: int, bold: bool = False, whole: bool = False) -> pygame.Rect:
        """One line of the tray's text in the room left in ``box``, in a smaller font when it needs it (cut only
        past the smallest); noted for the layout test."""
        room = box.right - pad - at[0]
        size, lines = fitted(s, size, room, 1, bold)
        if whole and lines != [theme.drawable(s, lines=False)]:  # (a side note left out rather than cut)
            return pygame.Rect(at, (0, 0))
        s = lines[0] if lines else ""
        img = text(s, size, colour, bold)
        drawn = surface.blit(img, at)
        layout_probe.note("text", drawn, box, s, "dice tray")
        return drawn

    def _draw_compact(self, surface: pygame.Surface, row: RollRow, col: pygame.Rect, small: int) -> None:
        """A side's roll on one line: its name and its total (the dice are in the log)."""
        colour = theme.side_colour(row.side, self.colour_blind) if row.side is not None else (200, 200, 200)
        pygame.draw.rect(surface, colour, (col.x, col.y + 2, 4, theme.font(small).get_linesize() - 4))
        total = text(f"= {row.total}", small, theme.INK, bold=True) if row.total is not None else None
        room = col.width - (total.get_width() + 8 if total is not None else 0)
        name = self._blit(surface, row.who, small, theme.INK, (col.x + 9, col.y),
                          pygame.Rect(col.x, col.y, room, col.height), 0, bold=True)
        if total is not None:
            drawn = surface.blit(total, (name.right + 8, col.y))
            layout_probe.note("text", drawn, col, f"= {row.total}", "dice tray")

    def _draw_column(self, surface: pygame.Surface, row: RollRow, col: pygame.Rect, small: int, size: int,
                     show_mods: bool, index: int) -> None:
        colour = theme.side_colour(row.side, self.colour_blind) if row.side is not None else (200, 200, 200)
        pygame.draw.rect(surface, colour, (col.x, col.y + 2, 4, col.height - 4))
        x = col.x + 9
        name = self._blit(surface, row.who, small, theme.INK, (x, col.y), col, 0, bold=True)
        if name.right + 8 < col.right - 2 * small:
            self._blit(surface, row.what, small - 1, theme.MUTED, (name.right + 8, col.y + 1), col, 0, whole=True)
        y = col.y + small + 6
        for k, value in enumerate(row.dice):
            face, dx, dy = value, 0, 0
            if self.rolling:
                tick = int(self.t / 0.06) + 7 * k + 13 * index
                face = tick * 5 % 6 + 1
                dx, dy = round(2 * math.sin(tick * 1.7)), round(2 * math.cos(tick * 2.3))
            draw_die(surface, (x + dx, y + dy), size, face, colour)
            x += size + max(3, size // 8)
        if self.rolling:
            return
        if row.total is not None:
            total = text(f"= {row.total}", max(12, size * 2 // 3), theme.INK, bold=True)
            if x + 6 + total.get_width() <= col.right:
                drawn = surface.blit(total, (x + 6, y + (size - total.get_height()) // 2))
                layout_probe.note("text", drawn, col, f"= {row.total}", "dice tray")
                x += total.get_width() + 12
        if row.base and x < col.right - 30:  # the attribute beside the total; modifiers below when there is room
            values = "" if show_mods else " " + " ".join(f"{m['value']:+d}" for m in row.mods)
            # whole or not at all: a cut "PD 3 -…" misreads the roll (the log has every modifier)
            for note in dict.fromkeys(((row.base + values).rstrip(), row.base)):
                if self._blit(surface, note, small - 1, theme.MUTED, (x, y + (size - small) // 2), col, 0,
                              whole=True).width:
                    break
        if show_mods:
            parts = [f"{m['value']:+d} {m['source']}" for m in row.mods]
            detail = "  ".join(parts) or row.note
            if row.note and parts:
                detail += f"  ({row.note})"
            if detail:
                top = y + size + 3
                room = max(1, (col.bottom - top) // theme.font(small - 1).get_linesize())
                d_size, lines = fitted(detail, small - 1, col.right - col.x - 9, room)
                for part in lines:
                    self._blit(surface, part, d_size, theme.INK, (col.x + 9, top), col, 0)
                    top += theme.font(d_size).get_linesize()


def fitted(s: str, size: int, room: int, most: int, bold: bool = False) -> tuple[int, list[str]]:
    """``s`` in at most ``most`` lines ``room`` pixels wide: the font ``size``, or the largest smaller one down to
    three quarters of it (9 px at least) that holds it whole; past that, the smallest with its last line cut."""
    least = max(9, min(size, round(size * 0.75)))
    for n in range(size, least - 1, -1):
        lines = wrap(s, n, bold, room)
        if len(lines) <= most and all(theme.font(n, bold=bold).size(line)[0] <= room for line in lines):
            return n, lines
    lines = wrap(s, least, bold, room)
    if len(lines) > most or any(theme.font(least, bold=bold).size(line)[0] > room for line in lines):
        lines = [*lines[:most - 1], fit(" ".join(lines[most - 1:]), least, room, bold=bold)]
    return least, lines


def draw_die(surface: pygame.Surface, pos: tuple[int, int], size: int, face: int,
             colour: tuple[int, int, int] = (240, 240, 240)) -> None:
    """One die: a rounded ivory square edged in the side's colour, with its pips."""
    r = pygame.Rect(pos[0], pos[1], size, size)
    pygame.draw.rect(surface, (245, 242, 232), r, border_radius=max(2, size // 5))
    pygame.draw.rect(surface, colour, r, max(2, size // 12), border_radius=max(2, size // 5))
    pip = max(2, round(size / 9))
    q = size * 0.26
    for px, py in PIPS.get(face, []):
        pygame.draw.circle(surface, (25, 25, 25), (r.centerx + px * q, r.centery + py * q), pip)
