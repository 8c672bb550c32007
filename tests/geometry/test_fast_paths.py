"""The move check worked out without pymunk's queries (paths._check_move_fast: Battlefield.swept_bases and
swept_parts) gives exactly the answer of the one built on them (paths._check_move_indexed), violations in the
same order: hand-made maps and random ones. So do the other queries that no longer ask pymunk."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.geometry.battlefield import (
    ALL_TERRAIN,
    CAT_AREA,
    CAT_BASE,
    CAT_BLOCKS_LOS,
    CAT_IMPASSABLE,
    CAT_OBSTACLE,
    FLIES,
    PASSES_ENEMIES,
    Battlefield,
)
from game.geometry.paths import (
    _check_move_fast,
    _check_move_indexed,
    check_move,
    check_move_unless_refused,
    surely_illegal,
)
from tests.geometry.helpers import base, field, piece, rect
from tests.sampling import examples

L_SHAPE = [(4, 4), (12, 4), (12, 6), (6, 6), (6, 12), (4, 12)]  # concave: split into convex parts


def _field() -> Battlefield:
    return field([piece("wall", "obstacle", rect(16, 10, 17, 26)),
                  piece("house", "impassable", rect(20, 4, 26, 9), blocks_los=True),
                  piece("ell", "impassable", L_SHAPE),
                  piece("bog", "rough", rect(8, 20, 14, 28)),
                  piece("pond", "rough", rect(26, 20, 30, 24), water=True),
                  piece("wood", "area", rect(2, 28, 9, 34))],
                 [base("a", "A", 10, 18), base("b", "B", 24, 18), base("c", "B", 20, 30),
                  base("d", "A", 30, 30), base("e", "B", 31.01, 30), base("p", "", 3, 17)])


def _same(bf: Battlefield, mover: str, pts: list[tuple[float, float]], allowance: float | None = 12.0,
          ignore: tuple[str, ...] = ()) -> bool:
    """Whether the fast check gives the reference's answer."""
    return _check_move_fast(bf, mover, pts, allowance, ignore) == _check_move_indexed(bf, mover, pts, allowance,
                                                                                      ignore)


def test_a_move_through_an_enemy_and_into_a_building_lists_the_enemy_first_as_pymunk_does() -> None:
    bf = _field()
    assert _same(bf, "a", [(23.0, 6.5)], None)  # b is not in the way; the house is
    bf.update_base("b", centre=(17.8, 11.1))
    assert _same(bf, "a", [(23.0, 6.5)], None)
    move = check_move(bf, "a", [(23.0, 6.5)])
    assert [v.rule for v in move.violations if v.rule in ("MOVE-7", "TERR-4")] == ["MOVE-7", "TERR-4"]


def test_two_parts_of_one_building_in_the_way_list_in_pymunks_order() -> None:
    bf = _field()
    bf.update_base("a", centre=(14.0, 14.0))
    assert _same(bf, "a", [(2.0, 2.0)], None)  # through the corner of the L: both of its parts
    move = check_move(bf, "a", [(2.0, 2.0)])
    assert [v.what for v in move.violations if v.rule == "TERR-4"] == ["ell", "ell"]


def test_the_terrain_is_listed_in_the_order_pymunk_answers_any_query() -> None:
    import random

    import pymunk

    from game.geometry.battlefield import ALL_TERRAIN, mask_filter

    bf = _field()
    rank = {id(part): i for i, (part, *_box) in enumerate(bf._part_boxes)}
    rng = random.Random(5)
    for _ in range(2000):
        x, y, w, h = rng.uniform(-2, 38), rng.uniform(-2, 38), rng.uniform(0, 20), rng.uniform(0, 20)
        hits = [rank[id(bf._parts[s])] for s in bf.space.bb_query(pymunk.BB(x, y, x + w, y + h),
                                                                 mask_filter(ALL_TERRAIN)) if s in bf._parts]
        assert hits == sorted(hits)


def test_an_engaged_friend_blocks_and_a_free_one_does_not() -> None:
    bf = _field()
    bf.update_base("a", centre=(26.0, 30.0))
    assert _same(bf, "a", [(34.0, 31.0)], None)  # through d (engaged with e) and e: two bases in one leg
    # in pymunk's order, which is not the order along the move
    assert sorted(v.what for v in check_move(bf, "a", [(34.0, 31.0)]).violations if v.rule == "MOVE-7") == ["d", "e"]
    bf.update_base("a", centre=(30.0, 26.0))
    assert _same(bf, "a", [(29.6, 34.0)], None)  # through d alone
    assert [v.what for v in check_move(bf, "a", [(29.6, 34.0)]).violations] == ["d"]
    bf.update_base("e", centre=(33.0, 22.0))  # d is free now
    assert _same(bf, "a", [(29.6, 34.0)], None)
    assert check_move(bf, "a", [(29.6, 34.0)]).legal


def _moved_field(mover: str, moves, radius: float, flags):
    """The test field with ``moves`` made and the mover's base remade with ``radius`` and ``flags``; and the
    mover's record as it was."""
    bf = _field()
    for bid, x, y in moves:
        bf.update_base(bid, centre=(x, y))
    rec = bf.base(mover)
    bf.remove_base(mover)
    bf.add_base(base(mover, rec.side, rec.centre.x, rec.centre.y, radius, 0.0, *flags))
    return bf, rec


@settings(max_examples=examples(300), deadline=None)
@given(st.sampled_from("abcdep"),
       st.lists(st.tuples(st.floats(-1, 37), st.floats(-1, 37)), min_size=0, max_size=3),
       st.lists(st.tuples(st.sampled_from("abcdep"), st.floats(1, 35), st.floats(1, 35)), max_size=4),
       st.sampled_from([0.0, 0.5, 0.98, 1.6]), st.sampled_from([(), (FLIES,), (PASSES_ENEMIES,)]),
       st.sampled_from([None, 6.0, 12.0]), st.sampled_from([(), ("b",), ("b", "c")]))
def test_the_fast_check_is_the_reference_check_on_random_moves(mover, pts, moves, radius, flags, allowance,
                                                                 ignore) -> None:
    bf, rec = _moved_field(mover, moves, radius, flags)
    assert _same(bf, mover, pts, allowance, ignore)
    assert _same(bf, mover, [(rec.centre.x + 5.0, rec.centre.y + 0.3)], allowance, ignore)


@settings(max_examples=examples(300), deadline=None)
@given(st.sampled_from("abcdep"),
       st.lists(st.tuples(st.floats(-1, 37), st.floats(-1, 37)), min_size=0, max_size=3),
       st.lists(st.tuples(st.sampled_from("abcdep"), st.floats(1, 35), st.floats(1, 35)), max_size=4),
       st.sampled_from([0.5, 0.98]), st.sampled_from([(), (FLIES,), (PASSES_ENEMIES,)]),
       st.sampled_from([None, 6.0, 12.0]), st.booleans())
def test_a_move_surely_illegal_breaks_a_rule_besides_the_one_inch_rule(mover, pts, moves, radius, flags, allowance,
                                                                        checked) -> None:
    bf, rec = _moved_field(mover, moves, radius, flags)
    for way in (pts, [(rec.centre.x + 5.0, rec.centre.y + 0.3)], [moves[0][1:]] if moves else []):
        if checked:  # the remembered answer, when there is one
            check_move(bf, mover, way, allowance)
        sure = surely_illegal(bf, mover, way, allowance)
        unless = check_move_unless_refused(bf, mover, way, allowance)
        full = check_move(bf, mover, way, allowance)
        illegal = any(v.rule != "MOVE-8" for v in full.violations)
        assert illegal or not sure
        assert unless is None if sure else unless == _check_move_fast(bf, mover, way, allowance, ())
        if checked:
            assert sure == illegal


@settings(max_examples=examples(60), deadline=None)
@given(st.integers(0, 10_000))
def test_the_fast_check_is_the_reference_check_on_a_shipped_map(seed) -> None:
    import random

    from game.content.library import resolve
    from game.content.maps import load_map

    rng = random.Random(seed)
    bf = Battlefield(load_map(resolve("maps", rng.choice(["village_ruins", "forest_crossing", "river_ford"]))))
    for i in range(10):
        bf.add_base(base(f"m{i}", "AB"[i % 2], rng.uniform(1, 35), rng.uniform(1, 35), rng.choice([0.5, 0.63, 0.98])))
    for i in range(10):
        pts = [(rng.uniform(-1, 37), rng.uniform(-1, 37)) for _ in range(rng.randint(1, 3))]
        assert _same(bf, f"m{i}", pts, rng.choice([None, 6.0, 9.0]))


@settings(max_examples=examples(200), deadline=None)
@given(st.tuples(st.floats(-2, 38), st.floats(-2, 38)), st.tuples(st.floats(-2, 38), st.floats(-2, 38)),
       st.floats(0, 3), st.sampled_from("abcdep-"),
       st.lists(st.tuples(st.sampled_from("abcdep"), st.floats(1, 35), st.floats(1, 35)), max_size=4),
       st.sampled_from([ALL_TERRAIN, CAT_AREA | CAT_BLOCKS_LOS | CAT_OBSTACLE, CAT_IMPASSABLE | CAT_OBSTACLE]))
def test_swept_bases_and_parts_find_what_pymunk_finds(a, b, radius, mover, moves, mask) -> None:
    """The pymunk-free queries behind move checks and sight lines: the same shapes (terrain in the same order)."""
    bf = _field()
    for bid, x, y in moves:
        bf.update_base(bid, centre=(x, y))
    group = 0 if mover == "-" else bf.group_of(mover)
    shapes = bf.swept_candidates(a, b, radius, mask | CAT_BASE, group)
    parts = [bf.part_of_shape(s) for s in shapes if bf.part_of_shape(s) is not None]
    assert [(piece, part.points) for piece, part in bf.swept_parts(a, b, radius, mask)] == parts
    found = sorted(r.id for r in bf.swept_bases(a, b, radius, group))
    assert found == sorted(bf.base_of_shape(s).id for s in shapes if bf.base_of_shape(s) is not None)


@settings(max_examples=examples(200), deadline=None)
@given(st.tuples(st.floats(-2, 38), st.floats(-2, 38)), st.floats(0, 3),
       st.sampled_from([ALL_TERRAIN, CAT_IMPASSABLE | CAT_OBSTACLE, CAT_AREA]))
def test_pieces_overlapping_is_pymunks_point_query_narrowed_exactly(centre, radius, mask) -> None:
    from game.geometry import shapes as geo
    from game.geometry.battlefield import OVERLAP_EPS, mask_filter

    bf = _field()
    seen = {}
    for h in bf.space.point_query(centre, radius, mask_filter(mask)):
        part = bf._parts.get(h.shape)
        if part and geo.distance_to_convex(centre, part.points) < radius - OVERLAP_EPS:
            seen[part.piece.id] = part.piece
    assert bf.pieces_overlapping(centre, radius, mask) == sorted(seen.values(), key=lambda p: p.id)


@settings(max_examples=examples(150), deadline=None)
@given(st.floats(1, 35), st.floats(1, 35), st.floats(0, 12))
def test_a_target_out_of_reach_has_no_lane_as_the_full_search_finds(x, y, allowance) -> None:
    """charges.out_of_reach spares the lane search only where it finds nothing."""
    from game.geometry.charges import charge_ends, charge_lane, out_of_reach

    bf = _field()
    bf.update_base("a", centre=(x, y))
    for target in ("b", "c", "e"):
        if out_of_reach(bf, "a", target, allowance):
            assert not charge_lane(bf, "a", target, allowance).legal
            assert not charge_ends(bf, "a", target, allowance)


@settings(max_examples=examples(150), deadline=None)
@given(st.lists(st.tuples(st.sampled_from("abcdep"), st.floats(1, 35), st.floats(1, 35)), max_size=6),
       st.sampled_from("abcdep"), st.sampled_from([0.02, 1.0, 3.0, 6.0]), st.sampled_from([None, "A", "B"]))
def test_bases_within_is_pymunks_point_query_narrowed_exactly(moves, me, inches, side) -> None:
    from game.geometry.battlefield import CAT_BASE, mask_filter

    bf = _field()
    for bid, x, y in moves:
        bf.update_base(bid, centre=(x, y))
    rec = bf.base(me)
    out = []
    for h in bf.space.point_query(tuple(rec.centre), rec.radius + inches + 1e-9, mask_filter(CAT_BASE)):
        other = bf.base_of_shape(h.shape)
        if other is None or other.id == me or (side is not None and other.side != side):
            continue
        if bf.within(me, other.id, inches):
            out.append((bf.distance(me, other.id), other.id))
    assert bf.bases_within(me, inches, side) == [i for _, i in sorted(out)]


@settings(max_examples=examples(100), deadline=None)
@given(st.integers(0, 10_000))
def test_a_move_through_a_crowd_lists_its_bases_as_pymunk_does(seed) -> None:
    import random

    rng = random.Random(seed)
    bf = field([], [base(f"m{i}", "AB"[i % 2 if i else 0], 4 + 1.9 * i + rng.uniform(-0.3, 0.3),
                         18 + rng.uniform(-0.8, 0.8)) for i in range(12)])
    for i in range(12):  # some pairs in contact, so that friends block as well
        if rng.random() < 0.3:
            bf.update_base(f"m{i}", centre=(bf.base(f"m{i}").centre.x, 18.0))
    assert _same(bf, "m0", [(rng.uniform(24, 34), rng.uniform(15, 21))], rng.choice([None, 30.0]))


@settings(max_examples=examples(120), deadline=None)
@given(st.lists(st.tuples(st.sampled_from("abcdep"), st.floats(1, 35), st.floats(1, 35)), min_size=1, max_size=8),
       st.sampled_from([None, 0.0, 90.0, 200.0]))
def test_sight_lines_remembered_by_corridor_are_those_worked_out_afresh(moves, facing) -> None:
    """A sight line is remembered while the bases in its corridor stand still, whatever moves elsewhere: each
    answer equals the one a fresh index of the same table works out."""
    from game.geometry.los import line_of_sight

    bf = _field()
    for bid, x, y in moves:
        for viewer, target in (("a", "b"), ("b", "c"), ("c", "a"), ("d", "e")):
            line_of_sight(bf, viewer, target, facing)
        bf.update_base(bid, centre=(x, y))
        fresh = field(list(bf.battle_map.pieces), bf.arrangement())
        for viewer, target in (("a", "b"), ("b", "c"), ("c", "a"), ("d", "e"), ("p", "a")):
            assert line_of_sight(bf, viewer, target, facing) == line_of_sight(fresh, viewer, target, facing)


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(st.tuples(st.floats(0, 36), st.floats(0, 36), st.floats(0.3, 1.2)), max_size=6),
       st.lists(st.tuples(st.floats(-1, 37), st.floats(-1, 37)), min_size=1, max_size=20), st.floats(0.3, 1.2))
def test_the_route_querys_blocker_test_is_in_blocker(discs, points, r) -> None:
    from game.geometry.routes import _blocked_test, _in_blocker

    blockers = [base(f"b{i}", "B", x, y, rr) for i, (x, y, rr) in enumerate(discs)]
    # points on the rims too, where the answer turns
    points += [(b.centre.x + r + b.radius, b.centre.y) for b in blockers]
    blocked = _blocked_test(r, blockers)
    assert [blocked(p) for p in points] == [_in_blocker(p, r, blockers) for p in points]
