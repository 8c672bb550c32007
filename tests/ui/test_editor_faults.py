"""The map editor's screen against crafted and special files: what the player is told."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from game.editor import files
from game.editor.document import MapState
from game.ui.app import App
from tests.faults import bounded
from tests.ui.driver import frames, menu_app


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    return menu_app(tmp_path, monkeypatch)


def test_a_recovered_map_says_where_save_writes_and_that_the_named_file_is_not(app: App, tmp_path: Path) -> None:
    from game.ui.scenes.editor import EditorScene

    victim = tmp_path / "victim.yaml"
    victim.write_text("precious: true\n", encoding="utf-8")
    autosave = files.autosave_path(tmp_path / "mods")
    files.write_atomic(autosave, files.map_text(MapState("Stolen Fort", "", ()), "Iron & Honor map editor autosave\n"
                                                f"editing: {victim}"))
    scene = app.push(EditorScene(app))
    frames(app, 2)
    message = scene.message  # type: ignore[attr-defined]
    assert str(tmp_path / "mods" / "maps" / "stolen_fort.yaml") in message
    assert str(victim) in message and "not written" in message
    assert scene.files.save()  # type: ignore[attr-defined]
    assert victim.read_text(encoding="utf-8") == "precious: true\n"


def test_the_open_dialog_lists_a_fifo_and_a_loop_with_why_and_does_not_hang(app: App, tmp_path: Path) -> None:
    from game.ui.scenes.editor_dialogs import OpenDialog

    folder = tmp_path / "mods" / "maps"
    folder.mkdir(parents=True)
    os.mkfifo(folder / "pipe.yaml")
    (folder / "loop.yaml").symlink_to("loop.yaml")
    dialog = bounded(lambda: OpenDialog(app, tmp_path / "mods", lambda _p: None), fifo=folder / "pipe.yaml")
    texts = {path.name: text for _key, path, text in dialog.items}  # type: ignore[attr-defined]
    assert "pipe" in texts["pipe.yaml"] and "cannot be opened" in texts["pipe.yaml"]
    assert "loop" in texts["loop.yaml"] and "cannot be opened" in texts["loop.yaml"]
    assert "Errno" not in texts["loop.yaml"] and "Too many levels" not in texts["loop.yaml"]


def test_a_blocked_maps_folder_is_said_in_words(app: App, tmp_path: Path) -> None:
    from game.ui.scenes.editor import EditorScene

    (tmp_path / "mods" / "maps").write_text("a file where the folder should be", encoding="utf-8")
    scene = app.push(EditorScene(app))
    frames(app, 1)
    assert not scene.files.save()  # type: ignore[attr-defined]
    message = scene.message  # type: ignore[attr-defined]
    assert message.startswith("NOT saved:") and "Errno" not in message and "File exists" not in message
    assert "maps" in message
