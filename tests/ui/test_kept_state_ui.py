"""The results screen of a finished game opened from its kept state: shown at once, then checked against the
moves a slice each frame; a kept state that is not the game its moves play is reported and replaced."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.saves.record import read_save
from game.saves.state_value import picture
from game.ui.app import App
from game.ui.scenes import common
from game.ui.scenes.results import ResultsScene
from game.ui.settings import UISettings
from tests.saves.test_kept_state import finished_game, hurt, tampered
from tests.ui.driver import frames


@pytest.fixture(scope="module")
def save(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, object]:
    s = finished_game("engagement", 4)
    path = tmp_path_factory.mktemp("results") / "finished.json"
    s.save_to(path)
    return path, s


def opened(path: Path) -> App:
    app = App(UISettings(width=1280, height=800))
    pygame.event.clear()
    assert common.resume_battle(app, path) is None
    assert isinstance(app.top, ResultsScene)
    return app


def test_a_finished_save_shows_its_results_at_once_and_checks_them_quietly(save) -> None:
    path, s = save
    app = opened(path)
    results = app.top
    assert results.session.unchecked is not None  # built from the kept state: shown before any move is played
    frames(app, 200)  # ten milliseconds of checking a frame
    assert results.session.unchecked is None and results.session.kept_problem is None
    assert results.widgets["note"].text == "" and picture(results.session.state) == picture(s.state)


def test_a_tampered_result_is_reported_and_the_game_its_moves_play_shown(save, tmp_path: Path) -> None:
    path, s = save
    bad = tampered(path, tmp_path / "tampered.json", hurt)
    app = opened(bad)
    results = app.top
    frames(app, 200)
    assert results.session.unchecked is None
    note = results.widgets["note"].text
    assert note.startswith("Not the game its moves play:") and "tampered.json" in note and "wounds_taken" in note
    assert picture(results.session.state) == picture(s.state)
    assert read_save(bad).state is not None  # (the file is left as it is: the player decides what to do with it)
