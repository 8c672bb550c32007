"""The map editor driven by posted mouse and keyboard events, from the main menu to a game on the new map.

Draw a forest, a building and a wall; set properties; mirror; undo and redo; fix a problem the editor
shows; save; find the map in the battle set-up; play it against the AI to the results.
"""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pytest

from game.ai.registry import make
from game.content import library
from game.content.maps import load_map
from game.content.validate import check_file
from game.ui.app import App
from game.ui.autopilot import Autopilot
from tests.ui.driver import click, frames, menu_app, play_out, press, type_text, until_the_player_deploys


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    return menu_app(tmp_path, monkeypatch)


def at(app: App, x: float, y: float) -> tuple[int, int]:
    return app.top.cam.to_px((x, y))


def drag(app: App, a: tuple[int, int], b: tuple[int, int], steps: int = 6, button: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=a, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=button))
    frames(app, 1)
    for k in range(1, steps + 1):
        p = (round(a[0] + (b[0] - a[0]) * k / steps), round(a[1] + (b[1] - a[1]) * k / steps))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0)))
        frames(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=button))
    frames(app, 2)


def retype(app: App, widget, text: str) -> None:
    click(app, widget)
    for _ in range(len(widget.get_text()) + 2):
        press(app, pygame.K_BACKSPACE)
    type_text(app, text)
    press(app, pygame.K_RETURN)


def ctrl(app: App, key: int, shift: bool = False) -> None:
    press(app, key, mod=pygame.KMOD_CTRL | (pygame.KMOD_SHIFT if shift else 0))


def test_draw_edit_mirror_fix_save_and_play_a_map_from_the_main_menu(app: App, tmp_path: Path) -> None:
    click(app, app.top.widgets["editor"])
    ed = app.top
    assert ed.name == "editor" and not ed.session.state.pieces
    w = ed.widgets

    # a forest: polygon corners, closed on the first corner
    click(app, w["preset:forest"])
    assert ed.tool == "polygon"
    for p in ((4, 4), (10, 4), (11, 9), (6, 11), (3, 8)):
        click(app, at(app, *p))
    click(app, at(app, 4, 4))
    forest = ed.session.state.pieces[-1]
    assert (forest.kind, forest.style, len(forest.polygon)) == ("area", "forest", 5)

    # a building: a rectangle dragged corner to corner
    click(app, ed.widgets["preset:building"])
    assert ed.tool == "rect"
    drag(app, at(app, 14, 14), at(app, 20, 18))
    building = ed.session.state.pieces[-1]
    assert (building.kind, building.blocks_los, building.bounds) == ("impassable", True, (14, 14, 20, 18))

    # a wall: a thick polyline, ended with Enter
    click(app, ed.widgets["preset:wall"])
    assert ed.tool == "wall"
    for p in ((4, 28), (12, 28), (12, 32)):
        click(app, at(app, *p))
    press(app, pygame.K_RETURN)
    wall = ed.session.state.pieces[-1]
    assert (wall.kind, wall.style, len(wall.polygon)) == ("obstacle", "wall", 6)
    assert not ed.session.problems()

    # properties of the selected wall: its crossing cost and its id
    click(app, ed.widgets["tool:select"])
    click(app, at(app, 8, 28))
    assert ed.session.selection == {wall.uid}
    retype(app, ed.widgets["prop:cross_cost"], "2")
    assert ed.session.state.get(wall.uid).cross_cost == 2.0
    retype(app, ed.widgets["prop:id"], "garden_wall")
    assert ed.session.state.get(wall.uid).id == "garden_wall"

    # a problem the editor shows: the same id twice; clicking it selects the piece; renaming fixes it
    retype(app, ed.widgets["prop:id"], "forest")
    problems = ed.session.problems()
    assert any("already named 'forest'" in p.message for p in problems)
    click(app, at(app, 30, 33))  # nothing there: the selection is cleared
    assert not ed.session.selection
    click(app, ed.widgets["problem:0"])
    assert ed.session.selection == {wall.uid}
    retype(app, ed.widgets["prop:id"], "garden_wall")
    assert not ed.session.problems()

    # another: a corner dragged off the table, shown on the piece, dragged back
    click(app, at(app, 17, 16))
    assert ed.session.selection == {building.uid}
    drag(app, at(app, 20, 18), at(app, 20, 37))
    assert any("off the table" in p.message for p in ed.session.problems())
    drag(app, at(app, 20, 37), at(app, 20, 18))
    assert not ed.session.problems() and ed.session.state.get(building.uid).bounds == (14, 14, 20, 18)

    # mirror a copy of the forest across the vertical axis: a preview, then Enter applies it
    click(app, at(app, 6, 7))
    assert ed.session.selection == {forest.uid}
    click(app, ed.widgets["mirror_copy"])
    assert ed.pending is not None and len(ed.session.state.pieces) == 3  # only shown
    press(app, pygame.K_RETURN)
    pieces = ed.session.state.pieces
    assert len(pieces) == 4 and pieces[-1].bounds == (25, 4, 33, 11)

    # undo and redo
    before = ed.session.state
    ctrl(app, pygame.K_z)
    assert len(ed.session.state.pieces) == 3
    ctrl(app, pygame.K_y)
    assert ed.session.state == before
    ctrl(app, pygame.K_z)
    ctrl(app, pygame.K_z, shift=True)
    assert ed.session.state == before

    # name and save
    retype(app, ed.widgets["name"], "Editor Test Field")
    assert ed.session.state.name == "Editor Test Field" and ed.session.dirty
    ctrl(app, pygame.K_s)
    saved = tmp_path / "mods" / "maps" / "editor_test_field.yaml"
    assert saved.exists() and not ed.session.dirty
    assert check_file(str(saved)).ok
    assert len(load_map(saved).pieces) == 4
    assert "editor_test_field" in library.maps().items

    # play on it: the set-up opens with the map chosen, then a game against the AI to the results
    click(app, ed.widgets["play"])
    setup = app.top
    assert setup.name == "setup" and setup.setup.map == "editor_test_field"
    assert "map:editor_test_field" in setup.widgets
    click(app, setup.widgets["level:easy"])
    click(app, setup.widgets["start"])
    assert app.top.name == "battle", getattr(app.top, "error", "")
    session = app.top.session
    assert session.state.battle_map.name == "Editor Test Field"
    pilot = Autopilot(app, lambda side: make("normal", 300 + side))
    until_the_player_deploys(app, session)
    click(app, app.top.widgets["auto"])
    while session.state.turn < 2 and not session.over:  # the first turn by the input, the rest without drawing
        pilot.step()
    assert pilot.kinds and pilot.fallbacks == []
    play_out(app, lambda side: make("normal", 300 + side))
    assert session.over


def test_unsaved_changes_are_asked_about_and_f1_lists_the_editor_controls(app: App, tmp_path: Path) -> None:
    click(app, app.top.widgets["editor"])
    ed = app.top
    click(app, ed.widgets["preset:pond"])
    drag(app, at(app, 10, 10), at(app, 16, 14))
    assert ed.session.dirty and len(ed.session.state.pieces) == 1
    autosave = tmp_path / "mods" / "editor" / "autosave.yaml"
    frames(app, 200)  # a few seconds: the document is autosaved, and a new editor offers it back
    assert autosave.exists()
    from game.ui.scenes.editor import EditorScene

    assert EditorScene(app).session.state.same_file(ed.session.state)
    press(app, pygame.K_F1)
    assert app.top.name == "help" and app.top.shortcuts is ed.SHORTCUTS
    press(app, pygame.K_ESCAPE)
    click(app, ed.widgets["menu"])
    assert app.top.name == "unsaved_changes"
    click(app, app.top.widgets["answer:cancel"])
    assert app.top is ed
    click(app, ed.widgets["open"])
    assert app.top.name == "unsaved_changes"
    click(app, app.top.widgets["answer:discard"])
    assert app.top.name == "editor_open"
    click(app, app.top.widgets["file:game:village_ruins"])
    click(app, app.top.widgets["open"])
    assert app.top is ed and ed.session.shipped and len(ed.session.state.pieces) == 14
    press(app, pygame.K_DELETE)  # nothing selected: nothing deleted
    ctrl(app, pygame.K_a)
    press(app, pygame.K_DELETE)
    assert not ed.session.state.pieces
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    frames(app, 2)
    assert app.running and app.top.name == "unsaved_changes"
    click(app, app.top.widgets["answer:discard"])
    assert not app.running
    assert not autosave.exists()  # discarded on purpose: nothing to recover


def test_edit_command_opens_a_map_by_name(app: App) -> None:
    from game.cli import build_parser
    from game.ui.main import open_editor

    args = build_parser().parse_args(["edit", "river_ford"])
    assert args.command == "edit" and args.map == "river_ford"
    open_editor(app, "river_ford")
    assert app.top.name == "editor" and app.top.session.path.stem == "river_ford"
    open_editor(app, "no_such_map")
    assert any("no map named" in p for p in app.startup_problems)


def test_edit_without_a_screen_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    from game.cli import main

    assert main(["edit", "village_ruins"]) == 1  # SDL's dummy driver: no screen
    assert "needs a screen" in capsys.readouterr().err


def test_select_move_rotate_scale_corners_clipboard_and_symmetric_editing_by_events(app: App) -> None:
    from game.editor import transform as tf

    click(app, app.top.widgets["editor"])
    ed = app.top
    s = ed.session
    click(app, ed.widgets["preset:building"])
    drag(app, at(app, 6, 6), at(app, 10, 9))
    click(app, ed.widgets["preset:rocks"])
    assert ed.tool == "polygon"
    for p in ((20, 20), (24, 20), (22, 24)):
        click(app, at(app, *p))
    press(app, pygame.K_RETURN)
    house, rocks = s.state.pieces
    click(app, ed.widgets["tool:select"])

    # box select both, Shift+click takes one out again
    drag(app, at(app, 4, 4), at(app, 26, 26))
    assert s.selection == {house.uid, rocks.uid}
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LSHIFT, mod=pygame.KMOD_SHIFT, unicode=""))
    click(app, at(app, 22, 21))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_LSHIFT, mod=0, unicode=""))
    frames(app, 1)
    assert s.selection == {house.uid}

    # move by dragging (snapped to the grid), nudge with an arrow, one undo step per gesture
    steps = len(s.history.done)
    drag(app, at(app, 8, 7.5), at(app, 12.1, 7.4))
    assert s.state.get(house.uid).bounds == (10, 6, 14, 9)
    press(app, pygame.K_RIGHT)
    assert s.state.get(house.uid).bounds == (10.5, 6, 14.5, 9)
    assert len(s.history.done) == steps + 2

    # rotate by the handle with Shift (15° steps): a quarter turn
    h = ed.table_mouse.handles()
    c = ed.table_mouse.selection_centre()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LSHIFT, mod=pygame.KMOD_SHIFT, unicode=""))
    drag(app, h["rotate"], ed.cam.to_px((c[0] + 5, c[1] + 0.3)))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_LSHIFT, mod=0, unicode=""))
    frames(app, 1)
    x0, y0, x1, y1 = s.state.get(house.uid).bounds
    assert (round(x1 - x0, 3), round(y1 - y0, 3)) == (3, 4)  # 4 x 3 turned to 3 x 4
    ctrl(app, pygame.K_z)

    # scale by the bottom-right handle: twice as wide from the opposite corner
    h = ed.table_mouse.handles()
    b = s.state.get(house.uid).bounds
    drag(app, h["scale_se"], ed.cam.to_px((b[2] + 4 + 12 / ed.cam.scale, b[3] + 12 / ed.cam.scale)))
    nb = s.state.get(house.uid).bounds
    assert nb[0] == b[0] and nb[1] == b[1] and nb[2] == pytest.approx(b[2] + 4, abs=0.3)
    ctrl(app, pygame.K_z)

    # insert a corner on an edge (Ctrl+click), drag it, delete it with a right-click
    poly = s.state.get(house.uid).polygon
    mid = ((poly[0][0] + poly[1][0]) / 2, poly[0][1])
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LCTRL, mod=pygame.KMOD_CTRL, unicode=""))
    frames(app, 1)
    drag(app, at(app, *mid), at(app, mid[0], mid[1] - 2))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_LCTRL, mod=0, unicode=""))
    frames(app, 1)
    poly = s.state.get(house.uid).polygon
    assert len(poly) == 5 and poly[1] == (mid[0], mid[1] - 2)
    click(app, at(app, *poly[1]), button=3)
    assert len(s.state.get(house.uid).polygon) == 4

    # copy, paste, duplicate, bring to front / send to back, delete
    ctrl(app, pygame.K_c)
    ctrl(app, pygame.K_v)
    assert len(s.state.pieces) == 3 and s.state.pieces[-1].id == "building_2"
    ctrl(app, pygame.K_d)
    assert len(s.state.pieces) == 4
    press(app, pygame.K_PAGEDOWN)
    assert s.state.pieces[0].uid in s.selection
    press(app, pygame.K_PAGEUP)
    assert s.state.pieces[-1].uid in s.selection
    press(app, pygame.K_DELETE)
    assert len(s.state.pieces) == 3

    # symmetric editing across the horizontal axis: a moved piece's twin follows exactly
    click(app, ed.widgets["axis"])
    assert ed.axis == "horizontal"
    click(app, ed.widgets["symmetric"])
    assert s.state.symmetry == "horizontal"
    click(app, at(app, 22, 21))
    drag(app, at(app, 22, 21), at(app, 23, 21))
    r = s.state.get(rocks.uid)
    twin = s.state.get(s.state.twin_of(rocks.uid))
    assert twin.polygon == tf.mirror(r.polygon, "horizontal")
    assert not s.problems()


def test_a_narrow_window_at_a_large_scale_shows_one_panel_with_tabs_and_scrolls_it(app: App) -> None:
    from game.ui.scenes.editor import EditorScene
    from tests.ui.driver import resize

    app.set_ui_scale(2.0)
    resize(app, 1000, 650)
    ed = app.push(EditorScene(app))
    frames(app, 2)
    assert "tab:tools" in ed.widgets and "preset:forest" in ed.widgets and "props_head" not in ed.widgets
    assert "page:_build_left" in ed.widgets  # the tools and presets scroll: more than the window holds
    assert all(k in ed.widgets for k in ("new", "menu", "name", "description", "symmetric"))  # the bar wraps
    click(app, ed.widgets["tool:rect"])  # (the presets are a scroll away)
    drag(app, at(app, 10, 10), at(app, 16, 14))
    assert len(ed.session.state.pieces) == 1
    click(app, ed.widgets["tool:select"])
    click(app, at(app, 13, 12))
    assert ed.session.selection
    click(app, ed.widgets["tab:props"])
    frames(app, 2)
    assert "props_head" in ed.widgets and "preset:forest" not in ed.widgets
    click(app, ed.widgets["kind:rough"])
    assert ed.session.selected()[0].kind == "rough"


def test_generate_draws_a_symmetric_map_as_a_new_unsaved_one_undone_in_one_step(app: App) -> None:
    click(app, app.top.widgets["editor"])
    ed = app.top
    ctrl(app, pygame.K_g)
    dialog = app.top
    assert dialog.name == "editor_generate"
    click(app, dialog.widgets["density:dense"])
    click(app, dialog.widgets["axis:vertical"])
    for kind in dialog.recipe.kinds:  # every kind off: nothing to draw with, Generate waits
        click(app, dialog.widgets[f"kind:{kind}"])
    assert not dialog.widgets["generate"].is_enabled
    click(app, dialog.widgets["kind:forest"])
    click(app, dialog.widgets["kind:ruins"])
    seed = dialog.recipe.seed
    click(app, dialog.widgets["generate"])
    assert app.top is ed
    s = ed.session.state
    assert s.pieces and {p.style for p in s.pieces} <= {"forest", "ruins"} and s.symmetry == "vertical"
    assert ed.axis == "vertical" and ed.session.dirty and not ed.session.problems()
    assert s.name == f"Generated map {seed}"
    ctrl(app, pygame.K_z)  # one undo: the empty table it was drawn on
    assert not ed.session.state.pieces
    ctrl(app, pygame.K_g)  # the same choices again, the next seed; Esc leaves the map as it is
    assert app.top.recipe.kinds == ("forest", "ruins") and app.top.recipe.seed == seed + 1
    press(app, pygame.K_ESCAPE)
    assert app.top is ed and not ed.session.state.pieces


def test_fairness_plays_games_on_the_map_and_draws_where_models_died_until_the_next_edit(app: App) -> None:
    from game.editor.commands import SetMeta
    from game.ui.scenes.editor_fairness import FairnessScene

    click(app, app.top.widgets["editor"])
    ed = app.top
    ed.open_path(library.resolve("maps", "village_ruins"))
    frames(app, 2)
    FairnessScene.use_thread = True
    try:
        click(app, ed.widgets["fairness"])
        dialog = app.top
        assert dialog.name == "editor_fairness"
        assert "Choose the encounter" in dialog.widgets["result"].text
        click(app, dialog.widgets["games:10"])
        click(app, dialog.widgets["start"])
        for _ in range(4000):
            frames(app, 1)
            if dialog.run is not None and dialog.run.done:
                break
        assert dialog.run.done and dialog.run.result.games == 10
        assert "decided games" in dialog.result_text()
        click(app, dialog.widgets["close"])
    finally:
        FairnessScene.use_thread = False
    assert app.top is ed and ed.fairness is not None and ed.fairness[1].deaths
    assert "decided games" in ed.message
    frames(app, 2)  # the heat map drawn over the map judged
    ed.session.do(SetMeta(name="Village Ruins, edited"))
    assert ed.fairness[0] is not ed.session.state  # an edit since: the judgement is of another map


def test_generate_fair_by_play_draws_again_while_the_games_find_the_map_one_sided(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.editor.fairness import Fairness
    from game.ui.scenes import editor_generate

    verdicts = iter([[0] * 12, [0, 1] * 6])  # the first draw's top side wins all 12, the second's half

    def judged(state, scenario, parties, games):  # the games as the judge would find them, without playing
        f = Fairness()
        for winner in next(verdicts):
            f.add_row({"error": None, "winner_side": winner, "edges": ["top", "bottom"], "deaths": []})
        return f

    monkeypatch.setattr(editor_generate, "judge", judged)
    click(app, app.top.widgets["editor"])
    ed = app.top
    ctrl(app, pygame.K_g)
    dialog = app.top
    seed = dialog.recipe.seed
    click(app, dialog.widgets["fair"])
    click(app, dialog.widgets["generate"])
    deadline = time.monotonic() + 60  # the draws run in a thread: 400 frames were not always enough (943 seen)
    while app.top is not ed and time.monotonic() < deadline:
        frames(app, 1)
    assert app.top is ed and ed.session.state.name == f"Generated map {seed + 1}"  # the second draw was taken
    assert "fair by play after 2 draw(s)" in ed.message and "no side advantage" in ed.message
