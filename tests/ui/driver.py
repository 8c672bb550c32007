"""Drive the app with REAL pygame events, the way a player would: move, press, release, type.

Each helper posts the events to pygame's queue and runs frames, so everything goes through
``App.frame`` -> pygame_gui -> the top scene exactly as in play.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame
import pygame_gui

from game.ui.app import App

DT = 1 / 60


def frames(app: App, n: int = 1) -> None:
    """Run n frames with a fixed time step (no waiting on the clock)."""
    for _ in range(n):
        if not app.running:
            return
        app.frame(DT)


def position(element_or_pos: pygame_gui.core.UIElement | Sequence[int]) -> tuple[int, int]:
    if isinstance(element_or_pos, pygame_gui.core.UIElement):
        return element_or_pos.rect.center
    return int(element_or_pos[0]), int(element_or_pos[1])


def click(app: App, element_or_pos: pygame_gui.core.UIElement | Sequence[int], button: int = 1) -> None:
    """Move to the element's centre (or a point), press and release a mouse button there."""
    pos = position(element_or_pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    frames(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    frames(app, 2)


def press(app: App, key: int, mod: int = 0, unicode: str = "") -> None:
    """A key pressed and released."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=unicode, scancode=0))
    frames(app, 2)


def type_text(app: App, text: str) -> None:
    """Text typed into the focused text entry (pygame_gui reads TEXTINPUT events)."""
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    frames(app, 2)


def resize(app: App, w: int, h: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h)))
    frames(app, 2)


def menu_app(tmp_path, monkeypatch, folders: Sequence[str] = ("CONFIG", "MODS", "REPLAYS")) -> App:
    """A 1280×800 app at the main menu, AI instant, with the named IRON_HONOR_* folders in ``tmp_path``."""
    from game.ui.scenes.menu import MainMenu
    from game.ui.settings import UISettings

    for name in folders:
        (tmp_path / name.lower()).mkdir()
        monkeypatch.setenv(f"IRON_HONOR_{name}", str(tmp_path / name.lower()))
    app = App(UISettings(width=1280, height=800, animation="instant"), save=False)
    pygame.event.clear()
    app.push(MainMenu(app))
    frames(app, 2)
    return app


def until_the_player_deploys(app: App, session: object, limit: int = 5000) -> None:
    """Frames until the player's own first deployment question (the AI deploying first, or not), reading the
    briefing card away when it comes: the battle below a card waits for it."""
    from game.rules.deployment import DEPLOYMENT_KINDS

    for _ in range(limit):
        if app.top.name == "story":
            press(app, pygame.K_RETURN)
            continue
        d = session.pending  # type: ignore[attr-defined]
        if d is None or d.kind not in DEPLOYMENT_KINDS or session.human_turn():  # type: ignore[attr-defined]
            return
        frames(app, 1)
    raise AssertionError(f"no deployment question for the player after {limit} frames (top: {app.top.name})")



def play_headless(app: App, chooser, stop, limit: int = 20_000):
    """The battle on top (reached by the autopilot past a briefing or story card) played without drawing it
    until ``stop(session)`` or its end; returns the BattleScene. Its human questions are answered by
    ``chooser(side)`` through the session, the AI's by the session's own AI: the scene catches up at the next
    frame drawn. For a test whose checks are about a later point of the battle, not the play between
    (playing a battle through the input itself is tests/ui/test_full_games.py's)."""
    from game.ui.autopilot import Autopilot

    pilot = Autopilot(app, chooser)
    for _ in range(limit):
        if app.top is not None and app.top.name == "battle":
            break
        pilot.step()
    scene = app.top
    session = scene.session  # type: ignore[union-attr]
    for _ in range(limit):
        d = session.pending
        if d is None or stop(session):
            break
        if session.human_turn():
            assert session.answer(pilot.chooser(d.side).decide(session.state, d)) is None
        else:
            session.step_ai()
    return scene


def play_out(app: App, chooser, until: str = "results", limit: int = 20_000) -> None:
    """The battle on top played to its end without drawing it (play_headless), then frames until ``until``
    shows (the covers and the turns' summaries read away by the autopilot). For a journey whose checks are
    about where a battle leads (the results, a campaign's progress)."""
    from game.ui.autopilot import Autopilot

    scene = play_headless(app, chooser, lambda session: False, limit)
    assert scene.session.over, "the battle did not end"
    Autopilot(app, chooser).run(until, limit)
