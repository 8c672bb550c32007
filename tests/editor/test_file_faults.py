"""The map editor against crafted and special files: an autosave that names a file elsewhere, a FIFO,
/dev/zero, a huge file. Nothing is written outside the mod folder, nothing hangs, memory stays bounded."""

from __future__ import annotations

import os
import tracemalloc
from pathlib import Path

import pytest

from game.content import library
from game.core.errors import ContentError
from game.editor import commands as cmd
from game.editor import files
from game.editor.document import MapState, Piece, load_state, rectangle
from game.editor.session import EditorSession
from tests.faults import bounded


@pytest.fixture
def mods(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(library.MODS_ENV, str(tmp_path / "mods"))
    return tmp_path / "mods"


def a_map(name: str = "Stolen Fort") -> MapState:
    return MapState(name, "", (Piece("fort", "impassable", rectangle((14, 14), (22, 20)), "building", True),))


def crafted_autosave(mods: Path, editing: str, name: str = "Stolen Fort") -> Path:
    path = files.autosave_path(mods)
    files.write_atomic(path, files.map_text(a_map(name), f"Iron & Honor map editor autosave\nediting: {editing}"))
    return path


# -- 1: recovery never trusts a path from a file ----------------------------------------------------------------

@pytest.mark.parametrize("where", ["absolute", "dotdot", "link"])
def test_a_recovered_autosave_never_writes_outside_the_mod_folder(mods: Path, tmp_path: Path, where: str) -> None:
    victim = tmp_path / "outside" / "victim.yaml"
    victim.parent.mkdir(parents=True)
    victim.write_text("precious: true\n", encoding="utf-8")
    if where == "absolute":
        editing = str(victim)
    elif where == "dotdot":
        editing = str(files.user_maps_dir(mods) / ".." / ".." / "outside" / "victim.yaml")
    else:  # a map in the mod folder that is a link to a file elsewhere
        files.user_maps_dir(mods).mkdir(parents=True)
        (files.user_maps_dir(mods) / "linked.yaml").symlink_to(victim)
        editing = str(files.user_maps_dir(mods) / "linked.yaml")
    crafted_autosave(mods, editing)
    s = EditorSession.recover(mods)
    assert s is not None and s.state.name == "Stolen Fort"
    saved = s.save()
    assert victim.read_text(encoding="utf-8") == "precious: true\n"
    assert saved.path.parent == files.user_maps_dir(mods)
    assert saved.path.name == "stolen_fort.yaml"  # the name the player sees, not the autosave's
    assert not saved.path.is_symlink()


def test_a_recovered_map_of_the_mod_folder_is_still_saved_to_its_file(mods: Path) -> None:
    s = EditorSession(cmd.History(a_map("Hill")), mods=mods)
    first = s.save()
    s.do(cmd.SetMeta("Hill Two"))
    s.autosave()
    back = EditorSession.recover(mods)
    assert back is not None and back.path == first.path
    assert back.save().path == first.path


def test_saving_a_map_opened_from_elsewhere_writes_a_copy_into_the_mod_folder(mods: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere.yaml"
    elsewhere.write_text(files.map_text(a_map("Far Map")), encoding="utf-8")
    before = elsewhere.read_bytes()
    s = EditorSession.open(elsewhere, mods)
    s.do(cmd.SetMeta("Far Map Changed"))
    saved = s.save()
    assert elsewhere.read_bytes() == before
    assert saved.path.parent == files.user_maps_dir(mods)


# -- 3: special and huge files ------------------------------------------------------------------------------------

def test_a_fifo_as_the_autosave_does_not_hang_the_editor(mods: Path) -> None:
    path = files.autosave_path(mods)
    path.parent.mkdir(parents=True)
    os.mkfifo(path)
    assert bounded(lambda: EditorSession.recover(mods), fifo=path) is None


def test_a_fifo_map_does_not_hang_open(mods: Path) -> None:
    folder = files.user_maps_dir(mods)
    folder.mkdir(parents=True)
    os.mkfifo(folder / "pipe.yaml")
    with pytest.raises(ContentError, match="not a regular file"):
        bounded(lambda: load_state(folder / "pipe.yaml"), fifo=folder / "pipe.yaml")


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_a_link_to_dev_zero_as_the_autosave_is_refused_at_once(mods: Path) -> None:
    path = files.autosave_path(mods)
    path.parent.mkdir(parents=True)
    path.symlink_to("/dev/zero")
    assert bounded(lambda: EditorSession.recover(mods)) is None
    with pytest.raises(ContentError):
        bounded(lambda: load_state(path))


def test_a_huge_map_is_refused_before_it_is_read(mods: Path) -> None:
    folder = files.user_maps_dir(mods)
    folder.mkdir(parents=True)
    huge = folder / "huge.yaml"
    with huge.open("wb") as f:  # sparse: 64 MiB on paper, nothing on the disk
        f.truncate(64 * 1024 * 1024)
    tracemalloc.start()
    try:
        with pytest.raises(ContentError, match="at most"):
            load_state(huge)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 8 * 1024 * 1024


def test_a_huge_autosave_is_refused_before_it_is_read(mods: Path) -> None:
    path = files.autosave_path(mods)
    path.parent.mkdir(parents=True)
    with path.open("wb") as f:
        f.truncate(64 * 1024 * 1024)
    tracemalloc.start()
    try:
        assert EditorSession.recover(mods) is None
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 8 * 1024 * 1024


def test_the_open_list_passes_over_special_entries_without_reading_them(mods: Path) -> None:
    folder = files.user_maps_dir(mods)
    folder.mkdir(parents=True)
    os.mkfifo(folder / "pipe.yaml")
    (folder / "loop.yaml").symlink_to(folder / "loop.yaml")
    (folder / "good.yaml").write_text(files.map_text(a_map("Good")), encoding="utf-8")
    listed = bounded(lambda: files.listing(mods), fifo=folder / "pipe.yaml")
    assert ("mod", folder / "good.yaml") in listed  # type: ignore[operator]
    for _origin, path in listed:  # type: ignore[union-attr]
        if path.parent == folder and path.name != "good.yaml":
            with pytest.raises(ContentError):
                bounded(lambda p=path: load_state(p), fifo=folder / "pipe.yaml")


# -- 10: a fixed draft becomes the map in one step --------------------------------------------------------------

class Killed(BaseException):
    """The process dies here."""


@pytest.mark.parametrize("saved_before", [False, True])
def test_a_kill_while_a_fixed_draft_is_saved_leaves_one_copy(mods: Path, monkeypatch: pytest.MonkeyPatch,
                                                             saved_before: bool) -> None:
    s = EditorSession(cmd.History(a_map("Hill")), mods=mods)
    if saved_before:
        s.save()  # maps/hill.yaml, then it gets a problem and a draft
    fort = s.state.pieces[0].uid
    s.do(cmd.MoveCorner(fort, 0, (40, 14)))  # off the table: a draft
    draft = s.save()
    assert draft.draft
    s.undo()

    def killed(*_a: object, **_k: object) -> None:
        raise Killed

    monkeypatch.setattr(os, "unlink", killed)
    monkeypatch.setattr(Path, "unlink", killed)
    with pytest.raises(Killed):
        s.save()
        raise Killed  # (no second step to kill: the kill comes after it)
    monkeypatch.undo()
    kept = [*files.user_maps_dir(mods).glob("*.yaml"), *files.drafts_dir(mods).glob("*.yaml")]
    assert len(kept) == 1, kept
    assert kept[0] == files.user_maps_dir(mods) / "hill.yaml"
    from game.editor.problems import check

    assert not check(load_state(kept[0]))  # the fixed map, not the draft
