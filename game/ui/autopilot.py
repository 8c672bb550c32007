"""Plays the UI the way a person does, by posting real mouse and keyboard events.

A controller (the AI) chooses each answer; the autopilot turns it into clicks on buttons, on
bases, on points of the table and into key presses, and lets the app run its frames. The UI
tests, the screenshot tour and the frame-time benchmark all drive the game through it, so what
they exercise is the input path a player uses.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pygame
import pygame_gui

from game.rules.decision_kinds import DecisionKind
from game.rules.decisions import Controller, Decision
from game.ui.app import App
from game.ui.battle.commands import AnswerCommand, Choose

DT = 1 / 30


def frames(app: App, n: int = 1, dt: float = DT) -> None:
    for _ in range(n):
        if not app.running:
            return
        app.frame(dt)


def click(app: App, pos: tuple[int, int], button: int = 1, settle: int = 2) -> None:
    """Move there, press and release: the events a real click makes."""
    pos = (int(pos[0]), int(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    frames(app, settle)


def click_widget(app: App, element: Any, settle: int = 2) -> None:
    """Click a widget's centre, first scrolling the list or page it is in until it is in sight, as a person
    would (at a large UI scale in a small window a list shows only a few of its rows)."""
    if hasattr(element, "get_abs_rect") and scroll_into_view(app, element):
        frames(app, 1)
    click(app, element.get_abs_rect().center if hasattr(element, "get_abs_rect") else element.rect.center,
          settle=settle)


def scroll_into_view(app: App, element: Any) -> bool:
    """Scroll every scrolling container that holds ``element`` so that it is in sight; whether any moved."""
    holders = {id(c) for c in _containers(element)}
    moved = False
    if app.top is None:
        return False
    for box in app.top.manager.get_sprite_group().sprites():
        if not isinstance(box, pygame_gui.elements.UIScrollingContainer) or box.vert_scroll_bar is None \
                or id(box.scrollable_container) not in holders:
            continue
        view = box.get_abs_rect()  # the part of the list in sight (its bar beside it)
        inner, el = box.scrollable_container.get_abs_rect(), element.get_abs_rect()
        if view.top <= el.top and el.bottom <= view.bottom:
            continue
        top = max(0, el.top - inner.top - (view.height - el.height) // 2)
        box.vert_scroll_bar.set_scroll_from_start_percentage(min(top / inner.height, 1 - view.height / inner.height))
        moved = True
    return moved


def _containers(element: Any) -> list[Any]:
    """The containers ``element`` lies in, innermost first."""
    out, c = [], getattr(element, "ui_container", None)
    while c is not None and c not in out:
        out.append(c)
        c = getattr(c, "ui_container", None)
    return out


def press(app: App, key: int, settle: int = 2, unicode: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=unicode, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=unicode, scancode=0))
    frames(app, settle)


def move(app: App, pos: tuple[int, int], settle: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(int(pos[0]), int(pos[1])), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    frames(app, settle)


class Autopilot:
    """Answers every human question of a battle through the UI, with ``chooser(side)`` deciding."""

    def __init__(self, app: App, chooser: Callable[[int], Controller]):
        self.app = app
        self.choosers: dict[int, Controller] = {}
        self.make = chooser
        self.answered = 0
        self.kinds: set[str] = set()
        self.fallbacks: list[tuple[str, str]] = []  # answers the UI did not take by the chosen input

    def chooser(self, side: int) -> Controller:
        if side not in self.choosers:
            self.choosers[side] = self.make(side)
        return self.choosers[side]

    def step(self) -> str:
        """One action on whatever scene is on top; returns the scene's name."""
        top = self.app.top
        if top is None:
            return "none"
        if top.name in ("handoff", "maintenance", "help", "story"):
            press(self.app, pygame.K_RETURN)
        elif top.name == "battle":
            self._battle(top)
        else:
            frames(self.app, 1)
        return top.name

    def run(self, until: str = "results", limit: int = 20_000) -> int:
        """Step until the named scene is on top; returns how many steps it took."""
        for n in range(limit):
            if self.app.top is None or self.app.top.name == until:
                return n
            self.step()
        raise RuntimeError(f"'{until}' not reached in {limit} steps (top: {self.app.top and self.app.top.name})")

    # -- the battle -----------------------------------------------------------------------------
    def _battle(self, scene: Any) -> None:
        session = scene.session
        d: Decision | None = session.pending
        if d is None or not session.human_turn() or scene.panel.decision is not d or not scene.panel.takes_keys():
            frames(self.app, 1)
            return
        answer = self.chooser(d.side).decide(session.state, d)
        self.kinds.add(d.kind)
        before = len(session.game.answers)
        if d.free == "point":
            self._point(scene, d, answer)
        elif d.free == "angle":
            self._angle(scene, d, float(answer))
        else:
            self._option(scene, d, answer)
        if len(session.game.answers) == before and session.pending is d:
            self.fallbacks.append((d.kind, repr(answer)[:60]))
            press(self.app, pygame.K_RETURN)  # the default answer, if the click was refused
        if len(session.game.answers) == before and session.pending is d and d.options:
            self._option(scene, d, d.choices()[0])
        self.answered += 1

    def _option(self, scene: Any, d: Decision, key: str) -> None:
        mid = key if key in scene.state.models else None
        if mid is not None and scene.prompt is not None and mid in scene.prompt.model_options() \
                and scene.state.model(mid).on_table:
            m = scene.state.model(mid)
            pos = scene.cam.to_px((m.x, m.y))
            if scene.table_rect.collidepoint(pos):
                click(self.app, pos)
                return
        if d.kind == DecisionKind.plan:
            from game.ui.battle.plan_menu import steps_to

            for step in steps_to(d, key):
                self._press_button(scene, step)
            ask: Any = self.app.top  # a scene of any kind: the confirm dialog has its widgets
            if getattr(ask, "name", "") == "confirm" and "yes" in ask.widgets:  # "This plan wastes AP": as chosen
                click(self.app, ask.widgets["yes"].rect.center)
            return
        self._press_button(scene, Choose(key))

    def _press_button(self, scene: Any, command: AnswerCommand) -> None:
        """The answer carrying ``command`` by its number key, or scrolled into view with the wheel and clicked."""
        index = next((i for i, (_, c) in enumerate(scene.panel.option_buttons) if c == command), None)
        if index is None:
            return
        if index < 9:
            press(self.app, pygame.K_1 + index, settle=1, unicode=str(index + 1))
            return
        button = scene.panel.option_buttons[index][0]
        view = scene.widgets["options"].get_abs_rect()
        move(self.app, view.center)
        for _ in range(100):
            rect = button.get_abs_rect()
            if view.contains(rect):
                break
            up = 1 if rect.top < view.top else -1
            pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=up, flipped=False, precise_x=0.0,
                                                 precise_y=float(up), touch=False))
            frames(self.app, 1)
        click_widget(self.app, button)

    def _point(self, scene: Any, d: Decision, answer: dict[str, float]) -> None:
        targets = [(answer["x"], answer["y"])] + [(c["x"], c["y"]) for c in d.context.get("candidates") or []]
        for x, y in targets[:60]:
            pos = scene.cam.to_px((x, y))
            if scene.table_rect.collidepoint(pos) and scene.prompt.click(scene.cam.to_inches(pos)) is not None:
                click(self.app, pos)
                return
        press(self.app, pygame.K_RETURN)

    def _angle(self, scene: Any, d: Decision, angle: float) -> None:
        m = scene.state.models.get(d.context.get("model", ""))
        if m is None:
            press(self.app, pygame.K_RETURN)
            return
        reach = m.radius + 2.0
        pos = scene.cam.to_px((m.x + math.cos(math.radians(angle)) * reach,
                               m.y + math.sin(math.radians(angle)) * reach))
        if scene.table_rect.collidepoint(pos):
            click(self.app, pos)
        else:
            press(self.app, pygame.K_RETURN)
