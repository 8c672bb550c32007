"""Mod folders that are symlink loops, or hold entries that cannot be read: every scan passes over them with a
message naming the folder or file, and nothing crashes (New battle, the editor's and the builder's lists)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from game.content import library
from game.content.catalog import load_catalog
from tests.faults import bounded

KINDS = ("parties", "maps", "scenarios", "traits")


def loop(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.symlink_to(path.name)  # a link to itself
    return path


@pytest.fixture(params=["mods", "parties", "maps", "scenarios", "traits", "drafts", "pair"])
def looped(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """A mod folder (or one of its sub-folders) that is a symlink loop, and the looping path."""
    mods = tmp_path / "mods"
    monkeypatch.setenv(library.MODS_ENV, str(mods))
    where = request.param
    if where == "mods":
        return mods, loop(mods)
    if where == "drafts":
        (mods / "maps").mkdir(parents=True)
        (mods / "parties").mkdir()
        (mods / "editor").mkdir()
        loop(mods / "parties" / "drafts")
        return mods, loop(mods / "editor" / "drafts")
    if where == "pair":  # two links pointing at each other
        mods.mkdir()
        (mods / "maps").symlink_to("scenarios")
        (mods / "scenarios").symlink_to("maps")
        return mods, mods / "maps"
    return mods, loop(mods / where)


def test_the_content_scan_passes_over_a_looping_mod_folder_and_says_so(looped: tuple[Path, Path]) -> None:
    mods, bad = looped
    said = []
    for kind in ("parties", "maps", "scenarios"):
        lib = bounded(lambda k=kind: library.load_all(k, library._LOADERS[k], mods))
        assert lib.items  # type: ignore[attr-defined]  # the shipped files are all there
        said += [str(e.file) for e in lib.skipped]  # type: ignore[attr-defined]
    said += [str(e.file) for e in load_catalog(mods=mods).skipped]
    if bad.name != "drafts":
        assert any(str(bad) in s for s in said), said


def test_the_editor_and_builder_lists_pass_over_a_looping_folder(looped: tuple[Path, Path]) -> None:
    from game.builder import files as party_files
    from game.editor import files as map_files

    mods, _bad = looped
    maps = bounded(lambda: map_files.listing(mods))
    parties = bounded(lambda: party_files.listing(mods))
    assert any(origin == "game" for origin, _ in maps)  # type: ignore[union-attr]
    assert any(p.origin == "game" for p in parties)  # type: ignore[union-attr]


def test_a_map_or_party_saved_into_a_looping_folder_is_refused_in_words(looped: tuple[Path, Path]) -> None:
    from game.builder import files as party_files
    from game.builder.document import PartyDocument
    from game.editor import commands as cmd
    from game.editor.document import MapState
    from game.editor.session import EditorSession

    mods, _bad = looped
    s = EditorSession(cmd.History(MapState("Looped", "", ())), mods=mods)
    for save in (lambda: s.save(), lambda: party_files.save_party(PartyDocument(), None, mods)):
        try:
            bounded(save)
        except OSError as exc:  # refused: the caller words it (game.core.errors.os_problem)
            from game.core.errors import os_problem

            assert "Errno" not in os_problem(exc)


def test_origin_of_a_file_with_a_looping_mod_folder_is_the_game(looped: tuple[Path, Path]) -> None:
    from game.ui.scenes import common

    mods, _ = looped
    path = library.maps(mods).names()[0]
    assert common.origin(library.maps(mods).items[path][0]) == "game"
    assert common.origin(mods / "maps" / "x.yaml") in ("game", "mod")


def test_new_battle_opens_with_a_looping_mod_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui.scenes import common
    from game.ui.scenes.setup import SetupScene
    from tests.ui.driver import frames, menu_app

    app = menu_app(tmp_path, monkeypatch, folders=("CONFIG", "REPLAYS"))
    loop(tmp_path / "mods")
    monkeypatch.setenv(library.MODS_ENV, str(tmp_path / "mods"))
    common.rescan()
    setup = app.push(SetupScene(app))
    frames(app, 3)
    assert app.top is setup and setup.widgets  # type: ignore[attr-defined]
    assert any("mods" in line and "loop" in line for line in common.skipped_lines(common.content()))


def test_unreadable_entries_in_a_mod_folder_are_named_and_passed_over(tmp_path: Path) -> None:
    mods = tmp_path / "mods"
    folder = mods / "maps"
    folder.mkdir(parents=True)
    os.mkfifo(folder / "pipe.yaml")
    (folder / "gone.yaml").symlink_to(folder / "nowhere.yaml")
    (folder / "dir.yaml").mkdir()
    loop(folder / "loop.yaml")
    (folder / "inner").mkdir()
    loop(folder / "inner" / "deeper")
    lib = bounded(lambda: library.maps(mods), fifo=folder / "pipe.yaml")
    said = {Path(str(e.file)).name: e.describe() for e in lib.skipped}  # type: ignore[attr-defined]
    assert {"pipe.yaml", "gone.yaml", "dir.yaml", "loop.yaml"} <= set(said)
    assert "loop" in said["loop.yaml"] and "pipe" in said["pipe.yaml"]
