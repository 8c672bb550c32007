"""The battle screen offers a target behind the shooter ([SEQ-5]): highlighted, with its LOS and odds on hover."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.ai.registry import make
from game.rules.decisions import Decision
from game.ui.app import App
from game.ui.autopilot import Autopilot, frames, move
from game.ui.battle import previews
from game.ui.main import open_position
from game.ui.scenes.menu import MainMenu
from game.ui.settings import UISettings

ROOT = Path(__file__).resolve().parents[2]
POSITION = ROOT / "docs" / "examples" / "turn_to_shoot.yaml"


class AimBehind:
    """Activates Hollowshot and declares an Aimed shot; the normal AI answers the rest."""

    def __init__(self, side: int):
        self.ai = make("normal", 3 + side)

    def decide(self, state, d: Decision):
        if d.kind == "plan":
            return next(o.key for o in d.options if o.data == ["aimed_shot"])
        return self.ai.decide(state, d)


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    monkeypatch.setenv("IRON_HONOR_CONFIG", str(tmp_path))
    application = App(UISettings(width=1280, height=800, animation="instant"), save=False)
    pygame.event.clear()
    application.push(MainMenu(application))
    frames(application, 2)
    return application


def to_target_prompt(app: App):
    assert open_position(app, str(POSITION)) is None
    scene = app.top
    pilot = Autopilot(app, AimBehind)
    for _ in range(20):
        d = scene.session.pending
        if d is not None and d.kind == "target":
            break
        pilot.step()
    frames(app, 2)
    return scene


@pytest.mark.rule("SEQ-5", "BASE-5", "RNG-2", "DIG-LOS-4")
def test_a_target_behind_the_shooter_is_offered_highlighted_and_previewed(app: App) -> None:
    scene = to_target_prompt(app)
    state, d = scene.state, scene.session.pending
    assert d.kind == "target" and d.choices() == ["B5"]  # Botmundr, 12″ behind Hollowshot
    shooter, target = state.model("A5"), state.model("B5")
    assert shooter.facing == 270.0
    assert scene.prompt.model_options() == {"B5": "B5"}  # the base to click, drawn with a pulsing ring
    move(app, scene.cam.to_px((target.x, target.y)), settle=4)
    assert scene.input.hover_model == "B5"
    surface = pygame.Surface((1280, 800))
    assert "turns to face" in previews.draw_los(surface, scene.cam, state, "A5", "B5")
    odds = scene.overlays.odds("A5", "B5", d.context.get("action"))
    assert odds is not None and odds.available and odds.kind == "aimed_shot" and odds.p_win > 0
    # answered by a click on his base: Hollowshot turns and shoots
    pilot = Autopilot(app, AimBehind)
    pilot.step()
    assert any(e.kind == "Turned" and e.data["target"] == "B5" for e in state.log)
    assert any(e.kind == "AttackDeclared" and e.data["defender"] == "B5" for e in state.log)
