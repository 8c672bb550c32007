"""Whole games played through the UI by posted mouse and keyboard events, from the main menu to the results.

The autopilot asks the AI what to answer and then clicks, presses and points like a player: option
buttons by number keys or clicks, bases and table points by mouse clicks, facings by pointing. Any
answer the UI does not take by that input would show up in ``fallbacks``.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.ai.registry import make
from game.rules.deployment import DEPLOYMENT_KINDS
from game.ui.app import App
from game.ui.autopilot import Autopilot
from game.ui.scenes import common
from tests.ui.driver import click, frames, menu_app, press, type_text, until_the_player_deploys


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    return menu_app(tmp_path, monkeypatch)


def set_up_battle(app: App, mode: str, seed: int, level: str = "normal") -> None:
    """Main menu -> New battle -> Engagement, the chosen mode and seed -> Start, all by clicks and typing."""
    click(app, app.top.widgets["new"])
    assert app.top.name == "setup"
    common.content()  # the background scan done: the page shows the choices on its next frame
    frames(app, 2)
    click(app, app.top.widgets["scenario:engagement"])
    click(app, app.top.widgets["map:village_ruins"])
    click(app, app.top.widgets["mode:" + mode])
    if mode == "ai":
        click(app, app.top.widgets[f"level:{level}"])
    seed_box = app.top.widgets["seed"]
    click(app, seed_box)
    for _ in range(12):
        press(app, pygame.K_BACKSPACE)
    type_text(app, str(seed))
    assert app.top.seed_text == str(seed)
    click(app, app.top.widgets["start"])
    assert app.top.name == "battle", getattr(app.top, "error", "")


def test_a_whole_hotseat_engagement_from_the_main_menu_to_the_results(app: App):
    set_up_battle(app, "hotseat", seed=11)
    scene = app.top
    session = scene.session
    assert session.humans == {0, 1} and session.state.encounter.name == "Engagement"
    pilot = Autopilot(app, lambda side: make("normal", 100 + side))
    handoffs = 0
    summaries = 0
    for _ in range(20_000):
        top = app.top
        if top.name == "results":
            break
        handoffs += top.name == "handoff"
        summaries += top.name == "maintenance"
        pilot.step()
    assert app.top.name == "results"
    assert session.over and session.state.phase == "over"
    assert pilot.fallbacks == []
    assert {"deploy", "deploy_facing", "nominate", "plan", "move_to", "facing", "target"} <= pilot.kinds
    assert handoffs >= 6  # the seat changes hands at least once a turn
    assert summaries >= 5  # a Maintenance summary after every turn played to its end
    assert session.score_history()
    click(app, app.top.widgets["save"])  # the replay saved from the results opens in the viewer, whole
    saved = app.top.saved
    assert saved is not None
    from game.saves.record import read_save
    from game.ui.scenes.replay import ReplayScene

    viewer = app.push(ReplayScene(app, read_save(saved)))
    assert viewer.timeline.divergence is None and viewer.timeline.over
    assert len(viewer.timeline) == len(session.recorder.answers)
    app.pop()
    click(app, app.top.widgets["menu"])
    assert app.top.name == "menu"


def test_a_whole_game_against_the_ai(app: App):
    set_up_battle(app, "ai", seed=5, level="easy")
    session = app.top.session
    assert session.humans == {0} and session.controllers[1] is not None
    pilot = Autopilot(app, lambda side: make("normal", 200 + side))
    # the player deploys with the auto-deploy button
    until_the_player_deploys(app, session)
    click(app, app.top.widgets["auto"])
    assert session.pending is None or session.pending.kind not in DEPLOYMENT_KINDS or not session.human_turn()
    assert pilot.run(until="results") > 0
    assert session.over
    assert pilot.fallbacks == []
    assert session.ai_times, "the AI answered its own decisions"
