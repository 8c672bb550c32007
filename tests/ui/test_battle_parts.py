"""Issue #16 point 6: the battle scene's parts and its typed commands, driven by posted keys and clicks.

The plan menu is walked with number keys and Backspace (PlanStep / PlanBack commands), declared, and the
engine takes the plan; every Control a button or key carries runs; the AI pacer stops after a visible step
at a slow pace, waits while it is shown, and plays on with Skip until a turn's scores.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.ai.registry import make
from game.rules.decision_kinds import DecisionKind
from game.rules.events import Event, EventKind
from game.rules.state import GameState
from game.ui import layout_probe
from game.ui.app import App
from game.ui.battle.ai_pacer import AI_DELAY, AiPacer
from game.ui.battle.commands import Choose, Control, PlanBack, PlanDeclare, PlanStep
from game.ui.battle.plan_menu import steps_to
from game.ui.scenes.battle import BattleScene
from game.ui.session import HOTSEAT, VS_AI, BattleSession, BattleSetup, try_load
from game.ui.settings import UISettings
from tests.ui.driver import frames, press


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    for name in ("CONFIG", "MODS", "REPLAYS"):
        (tmp_path / name.lower()).mkdir()
        monkeypatch.setenv(f"IRON_HONOR_{name}", str(tmp_path / name.lower()))
    app = App(UISettings(width=1280, height=800, animation="instant"), save=False)
    pygame.event.clear()
    layout_probe.start()
    yield app
    layout_probe.stop()


def _session(mode: str) -> BattleSession:
    loaded, error = try_load(BattleSetup(mode=mode, scenario="engagement", seed=4))
    assert error is None, error
    return BattleSession(BattleSetup(mode=mode, scenario="engagement", seed=4), loaded)


def _battle(app: App, s: BattleSession) -> BattleScene:
    scene = app.reset(BattleScene(app, s))
    frames(app, 2)
    while app.top is not scene:  # a hand-off
        app.pop()
        frames(app, 2)
    return scene


def _play_to(app: App, scene: BattleScene, kind: DecisionKind, limit: int = 600) -> None:
    ais = [make("normal", 3), make("normal", 4)]
    s = scene.session
    for _ in range(limit):
        d = s.pending
        assert d is not None
        if d.kind is kind and s.human_turn():
            frames(app, 2)
            while app.top is not scene:
                app.pop()
                frames(app, 2)
            return
        assert s.answer(ais[d.side].decide(s.state, d)) is None
    raise AssertionError(f"no {kind} within {limit} answers")


def test_the_plan_menu_walks_with_number_keys_and_backspace_and_declares(app: App) -> None:
    scene = _battle(app, _session(HOTSEAT))
    _play_to(app, scene, DecisionKind.plan)
    d = scene.session.pending
    longest = max(d.choices(), key=lambda k: len(d.option(k).data or ()))
    steps = steps_to(d, longest)
    assert isinstance(steps[0], PlanStep) and steps[-1] in (PlanDeclare(), Choose(longest))
    commands = [c for _, c in scene.panel.option_buttons]
    first = commands.index(steps[0])
    press(app, pygame.K_1 + first)  # the first action of the plan ...
    assert scene.panel.plan_prefix == (steps[0].kind,)
    assert PlanBack() in [c for _, c in scene.panel.option_buttons]
    press(app, pygame.K_BACKSPACE)  # ... taken back ...
    assert scene.panel.plan_prefix == ()
    for step in steps:  # ... and the whole plan, step by step
        index = [c for _, c in scene.panel.option_buttons].index(step)
        scene.do(scene.panel.option_buttons[index][1])
    frames(app, 2)
    assert scene.session.pending is not d  # the engine took the plan
    assert scene.session.game.answers[-1] == longest


def test_every_control_runs(app: App) -> None:
    scene = _battle(app, _session(VS_AI))
    for control in Control:
        scene.do(control)
        frames(app, 2)
        while app.top is not scene:  # the log view, the rules, a confirmation, a save name, a summary
            app.pop()
            frames(app, 1)
    assert scene.show_rings is False  # toggled once


class _Session:
    """What the pacer asks of a session: a pending question for the AI, and its steps' events."""

    def __init__(self, steps: list[list[EventKind]]):
        self.steps = steps
        self.state = GameState.__new__(GameState)
        self.state.log = []

    @property
    def pending(self) -> object | None:
        return object() if self.steps else None

    def human_turn(self) -> bool:
        return False

    def step_ai(self) -> None:
        self.state.log += [Event(kind, "") for kind in self.steps.pop(0)]


def test_the_pacer_waits_after_a_visible_step_and_skip_plays_on() -> None:
    quiet, moved = [EventKind.TraitRoll], [EventKind.ModelMoved]
    session = _Session([quiet, moved, quiet, moved, quiet, [EventKind.Scores], quiet])
    pacer = AiPacer(session)  # type: ignore[arg-type]
    assert pacer.run(0.0, "slow") is False and len(session.steps) == 5  # stops after the move ...
    assert pacer.wait == AI_DELAY["slow"]
    assert pacer.run(0.5, "slow") is False and len(session.steps) == 5  # ... and waits while it is shown
    pacer.skip_to_human()  # Skip: no more waiting ...
    assert pacer.run(0.0, "slow") is True and len(session.steps) == 1  # ... until a turn's scores come
    assert pacer.run(0.0, "slow") is False and not session.steps and pacer.skip is False  # no AI question left
