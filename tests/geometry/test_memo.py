"""The geometry's remembered answers (Battlefield.memo) are the answers: a move or a sight line asked again
after bases moved is worked out afresh, and asked again once they are back is the one found before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.geometry.battlefield import Battlefield
from game.geometry.los import _line_of_sight, line_of_sight
from game.geometry.paths import _check_move, check_move
from tests.geometry.helpers import base, field, piece, rect


def _field() -> Battlefield:
    return field([piece("wall", "obstacle", rect(16, 10, 17, 26)), piece("house", "impassable", rect(20, 4, 26, 9),
                                                                         blocks_los=True),
                  piece("bog", "rough", rect(8, 20, 14, 28))],
                 [base("a", "A", 10, 18), base("b", "B", 24, 18), base("c", "B", 20, 30)])


def test_a_move_asked_again_after_a_base_moved_is_checked_afresh_and_found_again_once_it_is_back() -> None:
    bf = _field()
    first = check_move(bf, "a", [(22.0, 18.0)], 14.0)
    assert check_move(bf, "a", [(22.0, 18.0)], 14.0) is first  # remembered
    bf.update_base("b", centre=(22.5, 18.0))  # now in the way at the end
    moved = check_move(bf, "a", [(22.0, 18.0)], 14.0)
    assert moved == _check_move(bf, "a", [(22.0, 18.0)], 14.0, ()) and moved != first
    bf.update_base("b", centre=(24.0, 18.0))  # back where it stood
    assert check_move(bf, "a", [(22.0, 18.0)], 14.0) is first


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.sampled_from("abc"), st.floats(2, 34), st.floats(2, 34)), min_size=1, max_size=6),
       st.floats(2, 34), st.floats(2, 34))
def test_remembered_answers_equal_fresh_ones_whatever_moved(moves, x, y) -> None:
    bf = _field()
    for base_id, bx, by in moves:
        check_move(bf, "a", [(x, y)], 12.0)
        line_of_sight(bf, "a", "b")
        bf.update_base(base_id, centre=(bx, by))
        assert check_move(bf, "a", [(x, y)], 12.0) == _check_move(bf, "a", [(x, y)], 12.0, ())
        assert line_of_sight(bf, "a", "b") == _line_of_sight(bf, "a", "b", None)
        assert line_of_sight(bf, "b", "c", 90.0) == _line_of_sight(bf, "b", "c", 90.0)
