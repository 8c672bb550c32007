"""The screenshot tour's map editor leg: every tool, overlay and dialog of the editor, at every size.

Called by ``tools/screenshot_tour.py`` (``--editor-only`` runs just this leg). Everything is done by
posted mouse and keyboard events on the editor scene, as a player would.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.paths import MAPS_DIR
from game.ui.autopilot import click, click_widget, frames, move, press


def _drag(app, a: tuple[int, int], b: tuple[int, int], release: bool = True) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=a, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
    frames(app, 1)
    for k in range(1, 5):
        p = (round(a[0] + (b[0] - a[0]) * k / 4), round(a[1] + (b[1] - a[1]) * k / 4))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0)))
        frames(app, 1)
    if release:
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
        frames(app, 2)


def editor_tour(tour: Any) -> None:
    """Main menu -> Map editor, then a shot of each tool, overlay and dialog."""
    from game.ui.scenes.editor import EditorScene

    app = tour.app
    menu = app.top
    click_widget(app, menu.widgets["editor"])
    ed = app.top
    assert isinstance(ed, EditorScene), app.top and app.top.name

    def px(x: float, y: float):
        return lambda: ed.cam.to_px((x, y))

    def shot(name: str, text: str, hover=None) -> None:
        tour.shoot(f"editor_{name}", "editor", name, text, hover)

    shot("new_map", "The editor on a new map: tools, presets, properties, problems")
    click_widget(app, ed.widgets["generate"])
    tour.shoot("editor_generate_dialog", "editor_generate", "", "Generate: how much terrain, the axis, which kinds "
                                                               "of terrain, the seed")
    click_widget(app, app.top.widgets["generate"])
    shot("generated", "A generated map (the half turn): every piece with its twin, symmetric editing on")
    from game.ui.scenes.editor_fairness import FairnessScene

    FairnessScene.use_thread = True  # the tour waits for the games in this process
    click_widget(app, ed.widgets["fairness"])
    fair = app.top
    click_widget(app, fair.widgets["games:10"])
    click_widget(app, fair.widgets["start"])
    while not fair.run.done:
        frames(app, 5)
    tour.shoot("editor_fairness", "editor_fairness", "", "Fairness: 10 AI games on the map, the side advantage by "
                                                         "deployment edge with its 95 % interval")
    click_widget(app, fair.widgets["close"])
    FairnessScene.use_thread = False
    shot("fairness_deaths", "Where models died in those games, by the edge their side deployed at")
    ed.open_path(MAPS_DIR / "village_ruins.yaml")
    frames(app, 2)
    shot("open_shipped", "Village Ruins opened (a shipped map: saving writes a copy)")
    click(app, ed.cam.to_px((15, 9)))
    shot("select", "A building selected: corner handles, rotate and scale handles, its properties", px(15, 9))
    click(app, ed.cam.to_px((30, 30)))

    click_widget(app, ed.widgets["preset:forest"])
    for p in ((26, 27), (32, 27), (33, 32)):
        click(app, ed.cam.to_px(p))
    shot("tool_polygon", "Polygon tool: corners so far; click the first corner or Enter closes it", px(27, 33))
    click(app, ed.cam.to_px((27, 33)))
    press(app, pygame.K_RETURN)
    click_widget(app, ed.widgets["preset:hedge"])
    for p in ((2, 33), (8, 34)):
        click(app, ed.cam.to_px(p))
    shot("tool_wall", "Wall tool: a hedge along the clicks, its thickness shown", px(11, 31))
    click(app, ed.cam.to_px((11, 31)))
    press(app, pygame.K_RETURN)
    click_widget(app, ed.widgets["preset:ruins"])
    _drag(app, ed.cam.to_px((1, 1)), ed.cam.to_px((5, 4)), release=False)
    shot("tool_rect", "Rectangle tool while dragging (ruins)", px(5, 4))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=ed.cam.to_px((5, 4)), button=1))
    frames(app, 2)
    click_widget(app, ed.widgets["preset:pond"])
    _drag(app, ed.cam.to_px((28, 1)), ed.cam.to_px((34, 5)))
    shot("tool_ellipse", "Ellipse tool: a pond drawn round", px(34, 5))

    click_widget(app, ed.widgets["tool:select"])
    click(app, ed.cam.to_px((9, 17)))
    corner = ed.session.selected()[0].polygon[3]
    _drag(app, ed.cam.to_px(corner), ed.cam.to_px((-0.75, 21)))
    shot("problems", "A corner dragged off the table: the problem on the piece and in the list")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="", scancode=0))
    frames(app, 2)

    click(app, ed.cam.to_px((24.5, 17.5)))
    click_widget(app, ed.widgets["mirror_copy"])
    shot("mirror_preview", "Mirror a copy: the result shown before Enter applies it")
    press(app, pygame.K_RETURN)
    click_widget(app, ed.widgets["axis"])
    click_widget(app, ed.widgets["symmetric"])
    click(app, ed.cam.to_px((8, 24)))
    _drag(app, ed.cam.to_px((8, 24)), ed.cam.to_px((9, 25.5)))
    shot("symmetric", "Symmetric editing across the horizontal axis: the axis and the twin of the selection")
    click_widget(app, ed.widgets["symmetric"])
    click(app, ed.cam.to_px((35, 35)))

    click_widget(app, ed.widgets["tool:sight"])
    click(app, ed.cam.to_px((4, 20)))
    if ed.sight is not None:
        ed.sight.finish()
    shot("overlay_sight", "Sight from a base: amber in cover, dark hidden, by the real line of sight")
    ed.sight = ed.sight_at = None
    click_widget(app, ed.widgets["tool:route"])
    _drag(app, ed.cam.to_px((2, 2)), ed.cam.to_px((34, 20)))
    shot("overlay_route", "Route tool: the shortest legal route and its cost")
    click_widget(app, ed.widgets["tool:measure"])
    _drag(app, ed.cam.to_px((6, 30)), ed.cam.to_px((20, 22)))
    shot("tool_measure", "Measuring tape", px(20, 22))
    ed.sight = ed.sight_at = ed.route_ends = ed.tape = None
    for _ in range(3):  # breakthrough, engagement, landmark
        click_widget(app, ed.widgets["encounter"])
    shot("overlay_encounter", f"Encounter overlay: {ed.panels._encounter_name()} — zones, objectives, its own terrain")
    while ed.encounter is not None:
        click_widget(app, ed.widgets["encounter"])

    press(app, pygame.K_F1)
    shot("help", "F1: the editor's controls")
    press(app, pygame.K_ESCAPE)
    click_widget(app, ed.widgets["open"])
    shot("confirm", "Unsaved changes: Save, Discard changes or Keep editing (the shared dialog)")
    click_widget(app, app.top.widgets["answer:discard"])
    shot("open_dialog", "Open a map: shipped maps, yours and drafts")
    press(app, pygame.K_ESCAPE)
    move(app, (0, 0))
    ed.session.history.mark_saved()
    for _ in range(5):  # Esc clears the selection, an overlay, the tool; leaving is a second Esc after that
        if app.top is menu:
            break
        press(app, pygame.K_ESCAPE)
    assert app.top is menu, app.top and app.top.name
