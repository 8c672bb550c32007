"""The screenshot tour's saves leg: Ctrl+S, leaving a battle, Continue, the Load screen and the replay viewer.

Called by ``tools/screenshot_tour.py``; everything by posted events on the scenes, as a player would.
"""

from __future__ import annotations

import os
import tempfile
from typing import Any

import pygame

from game.ai.registry import make
from game.ui.autopilot import Autopilot, click_widget, frames, press

SAVE_SCENES = ("save_as", "confirm_leave", "menu_continue", "load", "replay")


def _key(app, key: int, mod: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0))
    frames(app, 2)


def saves_tour(tour: Any) -> None:
    """A quick battle played a while, saved by name, left, continued, listed, watched."""
    os.environ.setdefault("IRON_HONOR_SAVES", tempfile.mkdtemp(prefix="tour-saves-"))
    app = tour.app
    menu = app.top
    menu.quick_battle(seed=9)
    pilot = Autopilot(app, lambda side: make("normal", 60 + side))
    while app.top.name != "battle" or len(app.top.session.recorder.answers) < 120 or not app.top.session.human_turn():
        pilot.step()
    battle = app.top
    _key(app, pygame.K_s, pygame.KMOD_LCTRL)
    tour.shoot("scene_save_as", "save_as", "", "Ctrl+S: save the battle under a name")
    click_widget(app, app.top.widgets["save"])
    click_widget(app, battle.widgets["menu"])
    tour.shoot("scene_confirm_leave", "confirm", "", "Menu: leaving a battle asks first; it is saved as it stands")
    click_widget(app, app.top.widgets["yes"])
    tour.shoot("scene_menu_continue", "menu", "", "The main menu offers Continue",
               lambda: app.top.widgets["continue"].get_abs_rect().center)
    click_widget(app, app.top.widgets["load"])
    load = app.top
    tour.shoot("scene_load", "load", "", "Load: saves and replays, newest first")
    named = next(k for k, w in load.widgets.items() if k.startswith("saves:") and not w.text.startswith("Unfinished"))
    click_widget(app, load.widgets[named])
    click_widget(app, load.widgets["watch"])
    viewer = app.top
    viewer.show(len(viewer.timeline) // 2)
    tour.shoot("scene_replay", "replay", "", "Watching a save: step, play, jump to a turn, play on from here")
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_ESCAPE)
    frames(app, 2)
