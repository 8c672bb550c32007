"""The battle's Menu button asks before a battle in progress is given up (#14)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.ui.app import App
from game.ui.autopilot import frames
from game.ui.main import open_position
from game.ui.scenes.confirm import ConfirmScene
from game.ui.scenes.menu import MainMenu
from game.ui.settings import UISettings
from tests.ui.driver import click, press

ROOT = Path(__file__).resolve().parents[2]
POSITION = ROOT / "docs" / "examples" / "sweeping_attack.yaml"


@pytest.fixture
def battle_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    monkeypatch.setenv("IRON_HONOR_CONFIG", str(tmp_path))
    app = App(UISettings(animation="instant", width=1000, height=650), save=False)
    pygame.event.clear()
    app.push(MainMenu(app))
    frames(app, 2)
    assert open_position(app, str(POSITION)) is None
    frames(app, 2)
    return app


def test_menu_asks_and_keep_playing_returns_to_the_same_battle(battle_app: App) -> None:
    battle = battle_app.top
    pending = battle.session.pending
    click(battle_app, battle.widgets["menu"])
    ask = battle_app.top
    assert isinstance(ask, ConfirmScene) and "turn" in ask.text
    click(battle_app, ask.widgets["no"])
    assert battle_app.top is battle and battle.session.pending is pending
    click(battle_app, battle.widgets["menu"])
    press(battle_app, pygame.K_ESCAPE)
    assert battle_app.top is battle


def test_menu_then_leave_goes_to_the_main_menu(battle_app: App) -> None:
    click(battle_app, battle_app.top.widgets["menu"])
    click(battle_app, battle_app.top.widgets["yes"])
    assert isinstance(battle_app.top, MainMenu) and len(battle_app.scenes) == 1
