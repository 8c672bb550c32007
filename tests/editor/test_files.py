"""Saving and opening maps: the map format unchanged, atomic writes, drafts, copies of shipped maps, autosave."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.content import library
from game.content.maps import load_map, shipped_maps
from game.content.validate import check_file
from game.editor import commands as cmd
from game.editor import files
from game.editor.document import MapState, Piece, ellipse, load_state, rectangle, thick_polyline
from game.editor.session import CLIPBOARD, EditorSession
from tests.sampling import examples


@pytest.fixture
def mods(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(library.MODS_ENV, str(tmp_path / "mods"))
    return tmp_path / "mods"


@pytest.mark.parametrize("path", shipped_maps(), ids=lambda p: p.stem)
def test_shipped_map_opened_and_saved_loads_to_the_same_terrain(path: Path, mods: Path) -> None:
    before = path.read_bytes()
    s = EditorSession.open(path, mods)
    saved = s.save()
    assert path.read_bytes() == before  # shipped files are never overwritten
    assert saved.path == mods / "maps" / f"{path.stem}_copy.yaml" and not saved.draft
    assert load_map(saved.path).pieces == load_map(path).pieces
    assert check_file(str(saved.path)).ok
    assert load_state(saved.path).same_file(s.state)
    assert files.map_text(load_state(saved.path)) == saved.path.read_text(encoding="utf-8")  # stable


def drawn() -> MapState:
    return MapState("Hill Fort", "Drawn in the editor: a fort, a wood, a wall.", (
        Piece("fort", "impassable", rectangle((14, 14), (22, 20)), "building", True),
        Piece("wood", "area", ellipse((6, 8), 3, 2), "forest"),
        Piece("wall", "obstacle", thick_polyline([(4, 28), (12, 28), (14, 31)], 0.5), "wall", cross_cost=2.0),
        Piece("ford: north", "rough", rectangle((28, 2), (31.25, 5.5)), "ford", water=True),
    ))


def test_a_saved_map_reloads_equal_and_is_listed_for_battle(mods: Path) -> None:
    s = EditorSession(cmd.History(drawn()), mods=mods)
    saved = s.save()
    assert saved.path == mods / "maps" / "hill_fort.yaml"
    assert not s.dirty
    assert load_state(saved.path).same_file(s.state)
    assert "hill_fort" in library.maps(mods).items
    assert check_file(str(saved.path)).ok
    again = s.save(as_new=True)  # save as: a new file beside the first
    assert again.path == mods / "maps" / "hill_fort_2.yaml"


def test_a_map_with_problems_is_saved_as_a_draft_never_offered_for_battle(mods: Path) -> None:
    s = EditorSession(cmd.History(drawn()), mods=mods)
    fort = s.state.by_id("fort").uid
    s.do(cmd.MoveCorner(fort, 0, (40, 14)))  # off the table
    assert s.problems() and s.problems()[0].uid == fort
    saved = s.save()
    assert saved.draft and saved.path.parent == mods / "editor" / "drafts"
    assert "hill_fort" not in library.maps(mods).items and not library.maps(mods).skipped
    assert ("draft", saved.path) in files.listing(mods)
    reopened = EditorSession.open(saved.path, mods)
    assert reopened.draft and reopened.problems()
    reopened.undo()  # nothing to undo in a freshly opened file
    reopened.do(cmd.MoveCorner(reopened.state.by_id("fort").uid, 0, (14, 14)))
    fixed = reopened.save()
    assert not fixed.draft and fixed.path == mods / "maps" / "hill_fort.yaml"
    assert not saved.path.exists()  # the fixed map replaces its draft


def test_writes_are_atomic(mods: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    s = EditorSession(cmd.History(drawn()), mods=mods)
    path = s.save().path
    good = path.read_bytes()
    s.do(cmd.SetMeta("Broken write"))

    def boom(*_a, **_k):
        raise OSError("disk full")

    monkeypatch.setattr(files.os, "replace", boom)
    with pytest.raises(OSError):
        s.save()
    assert path.read_bytes() == good
    assert [p.name for p in path.parent.iterdir()] == [path.name]  # no temporary file left behind


def test_autosave_recovers_the_document(mods: Path) -> None:
    s = EditorSession(cmd.History(drawn()), mods=mods)
    s.autosave()
    back = EditorSession.recover(mods)
    assert back is not None and back.state.same_file(s.state) and back.dirty
    s.save()
    assert EditorSession.recover(mods) is None


def test_copy_and_paste_between_maps(mods: Path) -> None:
    a = EditorSession(cmd.History(drawn()), mods=mods)
    a.select([a.state.by_id("wood").uid])
    assert a.copy() == 1
    b = EditorSession.new(mods)
    assert b.paste()
    assert b.state.ids() == ["wood"] and b.state.pieces[0].uid != a.state.by_id("wood").uid
    assert b.state.pieces[0].bounds[0] == a.state.by_id("wood").bounds[0] + 1
    assert b.selection == {b.state.pieces[0].uid}
    CLIPBOARD.pieces = ()


def test_names_and_text_that_need_quoting_survive(mods: Path) -> None:
    state = MapState("Yes: a map # with 'quotes'", "true", (Piece("on", "rough", rectangle((1, 1), (2, 2))),))
    text = files.map_text(state)
    from game.content.maps import parse_map

    m = parse_map(text)
    assert m.name == state.name and m.description == "true" and m.pieces[0].id == "on"


@pytest.mark.parametrize("text", [
    "format: iron-honor/map@1\nname: x\nterrain: [{kind: rough, polygon: [[1, 1], [2, 1], [2, 2]]}]\n",
    "format: iron-honor/map@1\nname: x\nterrain: [{id: a, kind: rough, polygon: [[1, b], [2, 1], [2, 2]]}]\n",
    "format: iron-honor/map@1\nname: x\nname: y\nterrain: []\n",
    "format: iron-honor/map@1\nname: [unclosed\n",
])
def test_a_file_the_editor_cannot_hold_is_a_located_error_not_a_crash(text: str, tmp_path: Path) -> None:
    from game.core.errors import ContentError

    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ContentError) as err:
        EditorSession.open(path)
    assert err.value.problems and str(path) in err.value.describe()


_coord = st.integers(0, 36 * 8).map(lambda v: v / 8)
_piece = st.builds(
    lambda pid, kind, pts, style, water, flag: Piece(
        pid, kind, tuple(pts), style, flag if kind == "impassable" else None,
        2.0 if kind == "obstacle" and flag else None, water),
    st.sampled_from(["a", "wood", "ford: east", "on", "x_1"]),
    st.sampled_from(["rough", "obstacle", "impassable", "area"]),
    st.lists(st.tuples(_coord, _coord), min_size=3, max_size=8), st.sampled_from([None, "forest", "pond"]),
    st.booleans(), st.booleans())


@settings(max_examples=examples(80), deadline=None)
@given(st.lists(_piece, max_size=6), st.sampled_from(["Map", "A: map", "yes", "Ruins #2"]),
       st.sampled_from(["", "desc", 'a "quoted" text', "no"]))
def test_any_document_written_reads_back_the_same(pieces, name, description) -> None:
    from game.content.yaml_loader import parse_yaml
    from game.editor.document import state_from_data

    state = MapState(name, description, tuple(pieces))
    text = files.map_text(state)
    back = state_from_data(parse_yaml(text).data)
    assert back.same_file(state)
    assert files.map_text(back) == text
