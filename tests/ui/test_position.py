"""Opening the battle at a script's position: the Sweeping Attack example asks for the order of strikes."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.ai.registry import make
from game.rules.decisions import Decision
from game.ui.app import App
from game.ui.autopilot import Autopilot, frames
from game.ui.main import open_position
from game.ui.scenes.menu import MainMenu
from game.ui.settings import UISettings

ROOT = Path(__file__).resolve().parents[2]
SWEEP = ROOT / "docs" / "examples" / "sweeping_attack.yaml"


class Sweeper:
    """Activates the Troll King and sweeps; the normal AI answers the rest."""

    def __init__(self, side: int):
        self.ai = make("normal", 7 + side)

    def decide(self, state, d: Decision):
        if d.kind == "nominate" and "A1" in d.choices():
            return "A1"
        if d.kind == "plan":
            return next(o.key for o in d.options if o.data == ["sweeping_attack"])
        return self.ai.decide(state, d)


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    monkeypatch.setenv("IRON_HONOR_CONFIG", str(tmp_path))
    application = App(UISettings(animation="instant"), save=False)
    pygame.event.clear()
    application.push(MainMenu(application))
    frames(application, 2)
    return application


@pytest.mark.rule("T-SWEEP-1")
def test_a_sweeping_attack_position_asks_the_order_of_the_strikes_and_a_click_answers_it(app: App):
    assert open_position(app, str(SWEEP)) is None
    scene = app.top
    assert scene.name == "battle" and scene.session.pending.kind == "nominate"
    pilot = Autopilot(app, Sweeper)
    for _ in range(60):
        d = scene.session.pending
        if "strike_order" in pilot.kinds and (d is None or d.kind == "facing"):
            break  # the sweep is over: Gnarlroot turns to face
        pilot.step()
    assert "strike_order" in pilot.kinds and pilot.fallbacks == []
    struck = [e.data["defender"] for e in scene.state.log if e.kind == "AttackDeclared"]
    assert set(struck) == {"B4", "B5"}  # Sigrun and Botmundr, each struck once


def test_a_broken_position_file_is_named_on_the_menu_and_nothing_starts(app: App, tmp_path: Path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: iron-honor/script@1\nseed: [\n", encoding="utf-8")
    why = open_position(app, str(bad))
    assert why is not None and "bad.yaml" in why
    assert app.top.name == "menu"
    assert any("bad.yaml" in p for p in app.startup_problems)


@pytest.mark.rule("ENC-RES-4", "DIG-ACT-4")
def test_a_position_with_a_scenario_opens_that_encounter(app: App):
    assert open_position(app, str(ROOT / "docs" / "examples" / "rescue.yaml")) is None
    session = app.top.session
    assert app.top.name in ("battle", "maintenance") and session.setup.scenario == "rescue"
    assert session.state.encounter.name == "Rescue" and session.state.encounter.rescued


@pytest.mark.rule("ENC-3", "DIG-ACT-3")
def test_a_set_up_script_opens_in_deployment_and_the_player_deploys_on(app: App, tmp_path: Path):
    text = (ROOT / "docs" / "examples" / "engagement_setup.yaml").read_text(encoding="utf-8")
    partial = tmp_path / "partial.yaml"
    partial.write_text(text[:text.index("answers:")] + "answers: [top, [18, 6], 90]\n", encoding="utf-8")
    assert open_position(app, str(partial)) is None
    scene = app.top
    assert scene.name == "battle" and scene.session.deploying()
    assert scene.session.pending.kind == "deploy" and scene.session.pending.context["model"] == "A2"
    pilot = Autopilot(app, lambda side: make("normal", 3 + side))
    for _ in range(80):
        if not scene.session.deploying():
            break
        pilot.step()
    assert not scene.session.deploying() and scene.state.phase == "main"


@pytest.mark.rule("AOE-1", "FATE-5", "FATE-6", "DIG-ACT-3")
def test_a_blast_victims_fate_prompts_name_the_victim_and_show_its_odds(app: App):
    assert open_position(app, str(ROOT / "docs" / "examples" / "blast_victims.yaml")) is None
    frames(app, 3)
    scene = app.top
    d = scene.session.pending
    assert (d.kind, d.side, d.context["model"]) == ("inner_reserve", 1, "B6")  # Bothvatr, the nearer victim
    text = scene.widgets["prompt"].html_text
    assert "Inner Reserve on Bothvatr&#x27;s area of effect defence" in text or \
        "Inner Reserve on Bothvatr's area of effect defence" in text
    assert "Bothvatr beaten by 16: 84% now · 50% with Inner Reserve" in text
    assert scene.focus_model() == "B6"
    scene.session.answer("pass")
    frames(app, 3)
    d = scene.session.pending
    assert d.kind == "reroll" and "hand_of_fortune" in d.choices() and d.context["losing"]
    text = scene.widgets["prompt"].html_text
    assert "Bothvatr rolled 8 against 16: beaten" in text and "Re-rolling all the dice: beaten 92%" in text
