"""Autosave and Continue: leave a battle (or lose the process), come back at the exact decision (#17)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.ai.registry import make
from game.saves.store import autosave_path
from game.ui import main
from game.ui.app import App
from game.ui.autopilot import Autopilot, frames
from game.ui.scenes.menu import MainMenu
from game.ui.settings import UISettings
from tests.ui.driver import click


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    for var, name in (("IRON_HONOR_CONFIG", "cfg"), ("IRON_HONOR_MODS", "mods"), ("IRON_HONOR_SAVES", "saves")):
        (tmp_path / name).mkdir()
        monkeypatch.setenv(var, str(tmp_path / name))
    application = App(UISettings(width=1280, height=800, animation="instant"), save=False)
    pygame.event.clear()
    application.push(MainMenu(application))
    frames(application, 2)
    return application


def play_some(app: App, answers: int) -> None:
    pilot = Autopilot(app, lambda side: make("easy", 40 + side))
    while app.top.name != "battle" or len(app.top.session.recorder.answers) < answers:
        pilot.step()


@pytest.mark.rule("DIG-ACT-4")
def test_leave_by_the_menu_then_continue_resumes_the_same_decision(app: App) -> None:
    assert "continue" not in app.top.widgets  # nothing to resume yet
    app.top.quick_battle(seed=77)
    play_some(app, 45)
    battle = app.top
    before = (battle.state.snapshot(), len(battle.state.log), battle.session.pending.kind)
    assert autosave_path().is_file()
    click(app, battle.widgets["menu"])
    assert "saved as it stands" in app.top.text
    click(app, app.top.widgets["yes"])
    menu = app.top
    assert isinstance(menu, MainMenu) and "turn" in menu.widgets["continue"].tool_tip_text
    click(app, menu.widgets["continue"])
    resumed = app.top
    assert resumed.name == "battle" and resumed is not battle
    assert (resumed.state.snapshot(), len(resumed.state.log), resumed.session.pending.kind) == before
    assert resumed.session.controllers[1] is not None  # still against the AI


def test_play_load_opens_a_save_and_a_broken_one_is_named_on_the_menu(app: App, tmp_path: Path) -> None:
    app.top.quick_battle(seed=5)
    play_some(app, 20)
    app.top.session.save_to(tmp_path / "mine.json")
    state = app.top.state.snapshot()
    fresh = main.start(["--load", str(tmp_path / "mine.json")], save=False)
    assert fresh.top.name == "battle" and fresh.top.state.snapshot() == state
    (tmp_path / "broken.json").write_text('{"format": "iron-honor/save@1"', encoding="utf-8")
    other = main.start(["--load", str(tmp_path / "broken.json")], save=False)
    assert other.top.name == "menu" and any("broken.json" in p for p in other.startup_problems)
