"""Issue #33, the map editor's rough edges, each shown by posted input."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.ui.app import App
from tests.ui.driver import click, menu_app, press
from tests.ui.test_editor import at, ctrl


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    return menu_app(tmp_path, monkeypatch)


def editor(app: App):
    click(app, app.top.widgets["editor"])
    return app.top


def test_a_preset_picks_the_tool_and_restyling_is_a_labelled_undoable_action(app: App) -> None:
    ed = editor(app)
    s = ed.session
    click(app, ed.widgets["preset:forest"])
    for p in ((4, 4), (10, 4), (10, 10)):
        click(app, at(app, *p))
    press(app, pygame.K_RETURN)
    forest = s.state.pieces[-1]
    click(app, ed.widgets["tool:select"])
    click(app, at(app, 8, 6))
    assert s.selection == {forest.uid}

    click(app, ed.widgets["preset:hedge"])  # picks the hedge to draw; the forest stays a forest
    assert ed.tool == "wall" and s.state.get(forest.uid).style == "forest"
    assert "hedge" in ed.status_text.lower()
    for p in ((20, 20), (26, 20)):  # and table clicks draw
        click(app, at(app, *p))
    press(app, pygame.K_RETURN)
    assert len(s.state.pieces) == 2 and s.state.pieces[-1].style == "hedge"

    click(app, ed.widgets["tool:select"])
    click(app, at(app, 8, 6))
    assert "restyle" in ed.widgets and "Hedge" in ed.widgets["restyle"].text
    click(app, ed.widgets["restyle"])
    assert (s.state.get(forest.uid).style, s.state.get(forest.uid).kind) == ("hedge", "obstacle")
    assert "restyled 1 piece(s) as Hedge" in ed.status_text
    ctrl(app, pygame.K_z)  # one undo step
    assert s.state.get(forest.uid).style == "forest" and len(s.state.pieces) == 2
