"""The editor's pygame-free document and commands: every operation, its undo and redo, symmetry, snapping."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.content.maps import shipped_maps
from game.editor import commands as cmd
from game.editor import transform as tf
from game.editor.document import MapState, Piece, ellipse, rectangle, thick_polyline
from game.editor.problems import check
from game.editor.session import EditorSession
from game.editor.snapping import SnapSettings, snap_angle, snap_delta, snap_point
from tests.sampling import examples


def piece(pid: str, poly, kind: str = "area", **kw) -> Piece:
    return Piece(pid, kind, tuple(poly), **kw)


def base_state() -> MapState:
    return MapState("Test", "", (
        piece("wood", rectangle((2, 2), (8, 6)), "area", style="forest"),
        piece("house", rectangle((20, 10), (24, 14)), "impassable", style="building", blocks_los=True),
        piece("wall", rectangle((10, 30), (16, 30.5)), "obstacle", style="wall", cross_cost=2.0),
    ))


def uid(s: MapState, pid: str) -> int:
    p = s.by_id(pid)
    assert p is not None
    return p.uid


def run(c: cmd.Command, s: MapState | None = None) -> tuple[cmd.History, MapState]:
    h = cmd.History(s or base_state())
    before = h.state
    assert h.do(c)
    after = h.state
    assert h.undo() is c and h.state == before
    assert h.redo() is c and h.state == after
    return h, before


def test_add_gives_a_free_id_and_undoes() -> None:
    h, before = run(cmd.AddPieces([piece("wood", rectangle((30, 30), (33, 33)))]))
    assert h.state.ids() == ["wood", "house", "wall", "wood_2"]
    h.undo()
    assert h.state == before


def test_delete_move_rotate_scale() -> None:
    s = base_state()
    h, _ = run(cmd.DeletePieces([uid(s, "house")]), s)
    assert h.state.ids() == ["wood", "wall"]
    h, _ = run(cmd.MovePieces([uid(s, "wood")], 1.5, -1), s)
    assert h.state.by_id("wood").polygon[0] == (3.5, 1.0)
    h, _ = run(cmd.RotatePieces([uid(s, "house")], 90, (22, 12)), s)
    assert sorted(h.state.by_id("house").polygon) == sorted(s.by_id("house").polygon)
    h, _ = run(cmd.ScalePieces([uid(s, "wood")], 2, 0.5, (2, 2)), s)
    assert h.state.by_id("wood").bounds == (2, 2, 14, 4)


def test_corners_insert_move_delete() -> None:
    s = base_state()
    w = uid(s, "wood")
    h, _ = run(cmd.InsertCorner(w, 0, (5, 1)), s)
    assert h.state.get(w).polygon[1] == (5, 1)
    h, _ = run(cmd.MoveCorner(w, 2, (9, 7)), s)
    assert h.state.get(w).polygon[2] == (9, 7)
    h, _ = run(cmd.DeleteCorner(w, 0), s)
    assert len(h.state.get(w).polygon) == 3
    tri = MapState(pieces=(piece("t", ((0, 0), (1, 0), (0, 1))),))
    h = cmd.History(tri)
    assert not h.do(cmd.DeleteCorner(tri.pieces[0].uid, 0))  # a polygon keeps at least 3 points


def test_properties_only_where_they_apply() -> None:
    s = base_state()
    h, _ = run(cmd.SetProperty([uid(s, "house")], "kind", "rough"), s)
    assert h.state.by_id("house").blocks_los is None  # [TERR-4]: blocks_los is for impassable pieces only
    h, _ = run(cmd.SetProperty([uid(s, "wood")], "kind", "impassable"), s)
    assert h.state.by_id("wood").blocks_los is True
    h, _ = run(cmd.SetProperty([uid(s, "wall")], "cross_cost", 3.0), s)
    assert h.state.by_id("wall").cross_cost == 3.0
    h, _ = run(cmd.SetProperty([uid(s, "wall")], "id", "garden_wall"), s)
    assert h.state.ids()[2] == "garden_wall"
    h, _ = run(cmd.SetStyle([uid(s, "wood")], {"kind": "rough", "style": "ford", "water": True}), s)
    assert h.state.by_id("wood").water and h.state.by_id("wood").kind == "rough"
    with pytest.raises(ValueError):
        cmd.SetProperty([1], "colour", "red")


def test_reorder_meta_and_symmetry_mode() -> None:
    s = base_state()
    h, _ = run(cmd.Reorder([uid(s, "wood")], True), s)
    assert h.state.ids() == ["house", "wall", "wood"]
    h, _ = run(cmd.Reorder([uid(s, "wall")], False), s)
    assert h.state.ids() == ["wall", "wood", "house"]
    h, _ = run(cmd.SetMeta("Renamed", "A description"), s)
    assert (h.state.name, h.state.description) == ("Renamed", "A description")
    h, _ = run(cmd.SetSymmetry("vertical"), s)
    assert h.state.symmetry == "vertical"


@pytest.mark.parametrize("axis", list(tf.AXES))
def test_mirror_twice_is_identity(axis: str) -> None:
    for path in shipped_maps():
        s = EditorSession.open(path).state
        h = cmd.History(s)
        h.do(cmd.Mirror(None, axis))
        assert h.state != s or axis != "vertical"
        h.do(cmd.Mirror(None, axis))
        assert h.state == s
        assert not check(s)


def test_mirror_keeps_pieces_valid_and_copy_links_twins() -> None:
    s = base_state()
    h, _ = run(cmd.Mirror([uid(s, "wood")], "vertical", copy=True), s)
    twin = h.state.by_id("wood_twin")
    assert twin is not None and twin.bounds == (28, 2, 34, 6)
    assert h.state.twin_of(uid(s, "wood")) == twin.uid
    assert not check(h.state)


def test_symmetric_editing_keeps_the_twin_exact() -> None:
    s = base_state()
    h = cmd.History(s)
    h.do(cmd.SetSymmetry("rotate180"))
    w = uid(s, "wood")
    h.do(cmd.MovePieces([w], 1, 1))
    twin = h.state.get(h.state.twin_of(w))
    assert twin.polygon == tf.mirror(h.state.get(w).polygon, "rotate180")
    h.do(cmd.MoveCorner(w, 1, (9.25, 3)))
    h.do(cmd.SetProperty([w], "style", "marsh"))
    twin = h.state.get(h.state.twin_of(w))
    assert twin.polygon == tf.mirror(h.state.get(w).polygon, "rotate180") and twin.style == "marsh"
    h.do(cmd.AddPieces([piece("rocks", rectangle((3, 20), (5, 22)), "impassable", blocks_los=True)]))
    r = h.state.by_id("rocks")
    assert h.state.get(h.state.twin_of(r.uid)).polygon == tf.mirror(r.polygon, "rotate180")
    h.do(cmd.DeletePieces([r.uid]))
    assert "rocks" not in h.state.ids() and "rocks_twin" not in h.state.ids()
    centre = piece("well", rectangle((17, 17), (19, 19)), "impassable", blocks_los=False)
    h.do(cmd.AddPieces([centre]))
    assert "well_twin" not in h.state.ids()  # its own mirror image: no twin


def test_drag_is_one_undo_step() -> None:
    s = base_state()
    h = cmd.History(s)
    w = uid(s, "wood")
    for k in range(1, 20):
        h.preview(cmd.MovePieces([w], k * 0.25, 0))
    assert h.state.get(w).bounds[0] == 2 + 19 * 0.25
    assert h.commit()
    assert len(h.done) == 1
    h.undo()
    assert h.state == s


def test_shapes_of_the_drawing_tools() -> None:
    assert rectangle((5, 6), (1, 2)) == ((1, 2), (5, 2), (5, 6), (1, 6))
    e = ellipse((18, 18), 3, 2)
    assert 12 <= len(e) <= 48 and not check(MapState(pieces=(piece("pond", e),)))
    wall = thick_polyline([(2, 2), (10, 2), (10, 8), (4, 12)], 0.5)
    assert len(wall) == 8 and not check(MapState(pieces=(piece("wall", wall, "obstacle"),)))


def test_snapping() -> None:
    s = base_state()
    on = SnapSettings(grid=0.5)
    assert snap_point((8.1, 6.05), s.pieces, on, 0.3).kind == "corner"
    assert snap_point((5.0, 6.1), s.pieces, on, 0.3).point == (5.0, 6.0)
    assert snap_point((35.9, 12.3), (), on, 0.3).point == (36.0, 12.5)
    assert snap_point((13.3, 13.1), (), on, 0.2).point == (13.5, 13.0)
    assert snap_point((13.3, 13.1), (), SnapSettings(on=False), 0.2).point == (13.3, 13.1)
    assert snap_delta(0.6, -0.2, SnapSettings(grid=0.25)) == (0.5, -0.25)
    assert snap_angle(22.0) == 15.0 and snap_angle(23.0) == 30.0


def test_problems_are_the_loaders() -> None:
    s = base_state()
    bad = MapState(pieces=(piece("a", ((1, 1), (5, 5), (5, 1), (1, 5))),
                           piece("a", rectangle((30, 30), (37, 33))),
                           piece("c", rectangle((10, 10), (12, 12)), "area", blocks_los=True)))
    found = check(bad)
    messages = " | ".join(p.message for p in found)
    assert "outline crosses itself" in messages and "off the table" in messages and "already named 'a'" in messages
    assert "blocks_los applies to impassable pieces only" in messages
    assert {p.uid for p in found} == {q.uid for q in bad.pieces}
    assert check(s) == []


# -- random sequences of operations, then undo everything -------------------------------------------------

coord = st.floats(0, 36, allow_nan=False).map(lambda v: round(v * 4) / 4)
point = st.tuples(coord, coord)


@st.composite
def operations(draw, state: MapState):
    uids = state.uids()
    pick = st.sampled_from(uids) if uids else st.just(-1)
    kind = draw(st.integers(0, 14))
    some = draw(st.lists(pick, min_size=1, max_size=3, unique=True))
    if kind == 0:
        a, b = draw(point), draw(point)
        return cmd.AddPieces([piece("new", rectangle(a, b), draw(st.sampled_from(["rough", "area", "obstacle"])))])
    if kind == 1:
        return cmd.DeletePieces(some)
    if kind == 2:
        return cmd.MovePieces(some, draw(st.floats(-5, 5)), draw(st.floats(-5, 5)))
    if kind == 3:
        return cmd.RotatePieces(some, draw(st.floats(-180, 180)), draw(point))
    if kind == 4:
        return cmd.ScalePieces(some, draw(st.floats(0.2, 3)), draw(st.floats(0.2, 3)), draw(point))
    if kind == 5:
        return cmd.MoveCorner(some[0], draw(st.integers(0, 5)), draw(point))
    if kind == 6:
        return cmd.InsertCorner(some[0], draw(st.integers(0, 3)), draw(point))
    if kind == 7:
        return cmd.DeleteCorner(some[0], draw(st.integers(0, 5)))
    if kind == 8:
        key = draw(st.sampled_from(["kind", "style", "blocks_los", "cross_cost", "water", "id"]))
        value = {"kind": st.sampled_from(["rough", "obstacle", "impassable", "area"]),
                 "style": st.sampled_from(["forest", "ruins", None]),
                 "blocks_los": st.sampled_from([True, False, None]),
                 "cross_cost": st.sampled_from([0.5, 2.0, None]), "water": st.booleans(),
                 "id": st.sampled_from(["wood", "x", "y"])}[key]
        return cmd.SetProperty(some, key, draw(value))
    if kind == 9:
        return cmd.Reorder(some, draw(st.booleans()))
    if kind == 10:
        return cmd.Mirror(draw(st.one_of(st.none(), st.just(some))), draw(st.sampled_from(list(tf.AXES))),
                          draw(st.booleans()))
    if kind == 11:
        return cmd.SetMeta(draw(st.sampled_from(["A", "B"])), draw(st.sampled_from(["", "text"])))
    if kind == 12:
        return cmd.SetSymmetry(draw(st.sampled_from([None, *tf.AXES])))
    if kind == 13:
        return cmd.SetStyle(some, {"kind": "rough", "style": "marsh", "water": True})
    return cmd.MovePieces(some, 0.5, 0.5)


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_operations_then_undo_all_is_the_original(data) -> None:
    start = base_state()
    h = cmd.History(start)
    states = [start]
    for _ in range(data.draw(st.integers(1, 25))):
        op = data.draw(operations(h.state))
        if h.do(op):
            states.append(h.state)
            if h.state.symmetry is not None:  # symmetric editing keeps every twin the exact mirror image
                for a, b in h.state.twins:
                    pa, pb = h.state.get(a), h.state.get(b)
                    if op.__class__ not in (cmd.SetSymmetry,):
                        assert pb.polygon == tf.mirror(pa.polygon, h.state.symmetry) or \
                            pa.polygon == tf.mirror(pb.polygon, h.state.symmetry)
    for expected in reversed(states[:-1]):
        h.undo()
        assert h.state == expected
    assert h.state == start
    for expected in states[1:]:
        h.redo()
        assert h.state == expected
