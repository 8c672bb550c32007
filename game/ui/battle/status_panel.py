"""The status panel: turn and phase, the activation bag, Fate pools, scores, the encounter and the active model.

Everything is read from the state as it stands. The panel is rendered to a surface once per change of
what it shows and blitted otherwise, so it costs nothing on the frames in between.
"""

from __future__ import annotations

import pygame

from game.rules.events import EventKind
from game.rules.state import GameState
from game.ui import theme
from game.ui.battle.cards import text

PHASES = {"setup": "Set-up", "main": "Main Phase", "maintenance": "Maintenance", "over": "Game over"}
_CACHE: dict[tuple, pygame.Surface] = {}


def _facts(state: GameState) -> tuple:
    active = state.model(state.active_model) if state.active_model in state.models else None
    enc = state.encounter
    return (state.turn, state.settings.turns, state.phase, tuple(state.bag.count(s.index) for s in state.sides),
            tuple(state.set_aside.count(s.index) for s in state.sides),
            tuple((s.name, s.fate, s.score, s.hero_fate if s.hero_fate_turn == state.turn else None)
                  for s in state.sides),
            enc.name if enc is not None and hasattr(enc, "name") else "Skirmish",
            (active.name, active.side) if active is not None else None,
            state.ap_left if active is not None and _rolled(state) else None)


def _rolled(state: GameState) -> bool:
    """Has the active model made its activation roll (its AP are known)?"""
    for e in reversed(state.log):
        if e.kind in (EventKind.Activation, EventKind.ActivationRoll) and e.data.get("model") == state.active_model:
            return e.kind == EventKind.ActivationRoll
    return False


def draw_status(surface: pygame.Surface, rect: pygame.Rect, state: GameState, colour_blind: bool = False) -> None:
    """Draw the status block into ``rect`` (re-rendered only when a shown fact changes)."""
    key = (_facts(state), rect.size, colour_blind)
    img = _CACHE.get(key)
    if img is None:
        if len(_CACHE) > 16:
            _CACHE.clear()
        img = _render(key[0], rect.size, colour_blind)
        _CACHE[key] = img
    surface.blit(img, rect.topleft)


def _die(surf: pygame.Surface, x: int, y: int, size: int, colour: tuple[int, int, int], hollow: bool = False) -> None:
    r = pygame.Rect(x, y, size, size)
    if hollow:
        pygame.draw.rect(surf, colour, r, 2, border_radius=max(2, size // 5))
    else:
        pygame.draw.rect(surf, colour, r, border_radius=max(2, size // 5))
        pygame.draw.rect(surf, (15, 15, 15), r, 1, border_radius=max(2, size // 5))
        pygame.draw.circle(surf, (250, 250, 250), r.center, max(1, size // 7))


def _render(facts: tuple, size: tuple[int, int], colour_blind: bool) -> pygame.Surface:
    turn, turns, phase, bag, aside, sides, encounter, active, ap_left = facts
    w, h = size
    surf = pygame.Surface(size)  # opaque: a plain copy when blitted
    surf.fill(theme.PANEL)
    pygame.draw.line(surf, (70, 75, 85), (0, h - 1), (w, h - 1))
    unit = max(10, min(h // 9, w // 30))  # body text size scales with the panel (its five lines fit it)
    pad = max(6, unit // 2)
    y = pad
    head = text(encounter, unit + 3, theme.ACCENT, bold=True)
    surf.blit(head, (pad, y))
    count = f"Turn {turn} of {turns}" if turn <= turns else f"Turn {turn} (extra)"  # [ENC-ENG-3]: a turn longer
    turn_img = text(f"{count} · {PHASES.get(phase, phase)}", unit, theme.INK, bold=True)
    surf.blit(turn_img, (w - pad - turn_img.get_width(), y + (head.get_height() - turn_img.get_height()) // 2))
    y += head.get_height() + pad // 2
    die = max(8, unit)
    for i, (name, fate, score, hero_fate) in enumerate(sides):
        colour = theme.side_colour(i, colour_blind)
        pygame.draw.rect(surf, colour, (pad, y + 2, 5, unit + 6))
        n = text(name, unit, theme.INK, bold=True)
        surf.blit(n, (pad + 10, y))
        stats = text(f"ExP {score}   Fate {fate}", unit, theme.INK)
        surf.blit(stats, (w - pad - stats.get_width(), y))
        y += n.get_height()
        x = pad + 10
        bag_label = text(f"bag {bag[i]}", unit - 2, theme.MUTED)
        surf.blit(bag_label, (x, y + (die - bag_label.get_height()) // 2))
        x += bag_label.get_width() + 6
        shown = min(bag[i], 12)
        for _ in range(shown):
            _die(surf, x, y, die, colour)
            x += die + 3
        if bag[i] > shown:
            more = text(f"+{bag[i] - shown}", unit - 2, theme.MUTED)
            surf.blit(more, (x, y))
            x += more.get_width() + 4
        if aside[i]:
            x += 6
            a_label = text(f"set aside {aside[i]}", unit - 2, theme.MUTED)
            surf.blit(a_label, (x, y + (die - a_label.get_height()) // 2))
            x += a_label.get_width() + 4
            for _ in range(min(aside[i], 6)):
                _die(surf, x, y, die, colour, hollow=True)
                x += die + 3
        if hero_fate:
            tag = text(hero_fate.capitalize(), unit - 2, theme.BAD if hero_fate == "despair" else theme.GOOD, True)
            surf.blit(tag, (w - pad - tag.get_width(), y))
        y += die + pad // 2
    if active is not None:
        name, side = active
        pygame.draw.circle(surf, theme.side_colour(side, colour_blind), (pad + 6, y + unit // 2 + 3), unit // 2)
        left = "rolling for AP" if ap_left is None else f"{ap_left} AP left"
        line = text(f"Active: {name} — {left}", unit, theme.ACCENT, bold=True)
        surf.blit(line, (pad + 10 + unit // 2, y))
    return surf
