"""Gearfall through the window (issue 39): from the main menu to a battle answered by clicks and keys, its
autosave resumed where it stopped, a refused click told and harmless, and the screen at a small window with a
large UI scale."""

from __future__ import annotations

import pygame

from game.saves.record import read_save
from game.ui.scenes import common
from game.ui.scenes.system_battle import SystemBattleScene
from game.ui.scenes.system_setup import SystemSetupScene
from tests.ui.driver import click, frames, menu_app, press


def _to_battle(app) -> SystemBattleScene:  # type: ignore[no-untyped-def]
    click(app, app.scenes[-1].widgets["system:gearfall"])
    assert isinstance(app.scenes[-1], SystemSetupScene)
    click(app, app.scenes[-1].widgets["play:hotseat"])
    click(app, app.scenes[-1].widgets["start"])
    scene = app.scenes[-1]
    assert isinstance(scene, SystemBattleScene)
    return scene


def _seat(app, scene: SystemBattleScene) -> None:  # type: ignore[no-untyped-def]
    """Hotseat: the seat passed when the screen asks for it (the curtain lifted by Enter)."""
    if scene.curtain is not None:
        press(app, pygame.K_RETURN)
    assert scene.curtain is None


def _deploy_all(app, scene: SystemBattleScene) -> None:  # type: ignore[no-untyped-def]
    s = scene.session
    while s.state.phase == "setup":  # each Enter passes the seat or takes the suggested spot
        press(app, pygame.K_RETURN)
    _seat(app, scene)


def test_a_gearfall_battle_from_the_menu_by_clicks_and_keys(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    app = menu_app(tmp_path, monkeypatch, ("CONFIG", "MODS", "REPLAYS", "SAVES"))
    app.save_enabled = True
    scene = _to_battle(app)
    s = scene.session
    assert s.humans == {0, 1} and s.pending is not None and s.pending.kind.setup
    _seat(app, scene)
    assert "Set up" in scene.widgets["prompt"].html_text
    _deploy_all(app, scene)
    assert all(c.on_table for c in s.state.characters.values())
    d = s.pending
    assert d is not None and d.kind == "gf_step" and "options:advance" in scene.widgets
    click(app, scene.widgets["options:advance"])
    move = s.pending
    assert move is not None and move.kind == "gf_move_to" and "options:advance" not in scene.widgets
    me = s.state.character(move.context["model"])
    spot = move.context["candidates"][-1]
    click(app, scene.cam.to_px((spot["x"], spot["y"])))
    assert s.pending is not move and s.pending.kind == "gf_facing"  # type: ignore[union-attr]
    pixel = 1 / scene.cam.scale  # the click lands on the dot's pixel: that point, or a dot as near (within one)
    assert abs(me.x - spot["x"]) <= 1.5 * pixel and abs(me.y - spot["y"]) <= 1.5 * pixel, "the dot clicked"
    press(app, pygame.K_RETURN)  # keeps its facing
    saved = read_save(s.autosave)  # type: ignore[arg-type]
    assert saved.setup["system"] == "gearfall" and len(saved.answers) == len(s.recorder.answers)
    answers, asked = len(s.recorder.answers), s.pending
    app.pop()
    frames(app, 2)
    assert common.resume_battle(app, s.autosave) is None
    again = app.scenes[-1]
    assert isinstance(again, SystemBattleScene) and again.session is not s
    assert len(again.session.recorder.answers) == answers
    assert again.session.pending is not None and again.session.pending.prompt == asked.prompt  # type: ignore[union-attr]


def test_a_refused_click_is_told_and_changes_nothing(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    app = menu_app(tmp_path, monkeypatch)
    scene = _to_battle(app)
    s = scene.session
    _seat(app, scene)
    before = (len(s.recorder.answers), s.state.version)
    click(app, scene.cam.to_px((18.0, 18.0)))  # the middle of the table: outside either set-up zone
    assert len(s.recorder.answers) == before[0] and "[GF-SET-1]" in s.error
    assert "GF-SET-1" in scene.widgets["prompt"].html_text


def test_a_small_window_at_a_large_scale_shows_every_option(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    app = menu_app(tmp_path, monkeypatch)
    app.settings.ui_scale = 1.5
    from tests.ui.driver import resize

    resize(app, 1000, 650)
    scene = _to_battle(app)
    _deploy_all(app, scene)
    w, h = app.size
    for key, el in scene.widgets.items():
        if key in ("prompt", "status", "log", "options", "headline"):
            assert el.rect.right <= w and el.rect.bottom <= h + 1, key
    assert scene.table.width >= 300


def test_a_saved_battle_is_watched_from_the_start_to_where_it_stopped(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from game.systems.gearfall.ai import GearfallNormal
    from game.ui.system_session import SystemSession

    app = menu_app(tmp_path, monkeypatch)
    played = _to_battle(app).session
    player = GearfallNormal(1)
    while len(played.recorder.answers) < 30:
        played.answer(player.decide(played.state, played.pending))
    watched = SystemSession(played.setup, watch=list(played.recorder.answers))
    assert watched.watching and watched.humans == set() and watched.autosave is None
    while watched.step_ai() is not None:
        pass
    assert watched.watched_all and watched.state.snapshot() == played.state.snapshot()
    app.push(SystemBattleScene(app, SystemSession(played.setup, watch=list(played.recorder.answers))))
    assert "Watching" in app.scenes[-1].widgets["prompt"].html_text and "menu" in app.scenes[-1].widgets


def test_any_battlefield_may_be_chosen_for_the_scenario(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    app = menu_app(tmp_path, monkeypatch)
    click(app, app.scenes[-1].widgets["system:gearfall"])
    setup = app.scenes[-1]
    assert "The scenario's own (Village Ruins)" in setup.widgets["map:(the scenario's own)"].text
    click(app, setup.widgets["map:forest_crossing"])
    click(app, app.scenes[-1].widgets["start"])
    assert app.scenes[-1].session.state.battle_map.name == "Forest Crossing"


def test_an_option_is_numbered_and_its_number_key_answers_it(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    app = menu_app(tmp_path, monkeypatch)
    scene = _to_battle(app)
    s = scene.session
    _deploy_all(app, scene)
    d = s.pending
    assert d is not None and d.free is None and len(d.options) >= 2
    second = d.options[1].key
    assert scene.widgets[f"options:{second}"].text.startswith("2. ")
    answers = len(s.recorder.answers)
    press(app, pygame.K_2, unicode="2")
    assert s.recorder.answers[answers] == second
