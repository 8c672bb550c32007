"""An idle screen draws nothing (#32 point 13): the menu, the results and a battle waiting for a human.

Frames are counted (``App.draws``), never timed: after input settles, N ticks with no input draw no
frame; a posted mouse move draws again.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.ai.registry import make
from game.ui.app import SETTLE_S, App
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.results import ResultsScene
from game.ui.session import HOTSEAT, BattleSession, BattleSetup, try_load
from game.ui.settings import UISettings
from tests.ui.driver import DT, frames, menu_app

SETTLE = int(SETTLE_S / DT) + 2
IDLE_TICKS = 120


def assert_idle_then_wakes(app: App, at: tuple[int, int]) -> None:
    frames(app, SETTLE)
    before = app.draws
    frames(app, IDLE_TICKS)
    assert app.draws == before, f"{app.top.name}: {app.draws - before} frames drawn while idle"
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(1, 1), buttons=(0, 0, 0)))
    frames(app, 2)
    assert app.draws > before, "input must be drawn"
    frames(app, SETTLE)
    before = app.draws
    frames(app, IDLE_TICKS)
    assert app.draws == before


def session(mode: str = HOTSEAT, seed: int = 1) -> BattleSession:
    loaded, error = try_load(BattleSetup(mode=mode, scenario="engagement", seed=seed))
    assert error is None, error
    return BattleSession(BattleSetup(mode=mode, scenario="engagement", seed=seed), loaded)


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    return menu_app(tmp_path, monkeypatch)


def test_the_idle_menu_draws_no_frames(app: App) -> None:
    from game.ui.scenes import common

    common.warm_up().join()  # until the content scan is done the menu may gain lines: it draws
    assert_idle_then_wakes(app, (300, 300))


def test_the_idle_results_draw_no_frames(app: App) -> None:
    s = session()
    ais = [make("easy", 5 + side) for side in (0, 1)]
    for _ in range(3000):
        if s.over:
            break
        assert s.answer(ais[s.pending.side].decide(s.state, s.pending)) is None
    assert s.over
    app.push(ResultsScene(app, s))
    frames(app, 2)
    assert_idle_then_wakes(app, (400, 300))


def test_a_battle_waiting_for_input_draws_no_frames(app: App) -> None:
    scene = app.reset(BattleScene(app, session()))
    frames(app, 2)
    while app.top is not scene:  # a hand-off cover
        app.pop()
        frames(app, 2)
    assert scene.session.human_turn()
    assert_idle_then_wakes(app, scene.table_rect.center)


def test_a_still_scene_changed_outside_the_loop_is_drawn_again(app: App) -> None:
    frames(app, SETTLE)
    before = app.draws
    app.invalidate()
    frames(app, 1)
    assert app.draws == before + 1


def test_a_scene_that_is_never_still_draws_every_frame(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui.app import Scene

    monkeypatch.setenv("IRON_HONOR_CONFIG", str(tmp_path))
    app = App(UISettings(width=1000, height=650, animation="instant"), save=False)
    app.push(Scene(app))
    frames(app, SETTLE)
    before = app.draws
    frames(app, 10)
    assert app.draws == before + 10
