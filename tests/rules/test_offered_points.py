"""The end points a Walk offers a controller that cannot click (movement.OfferedPoints) are worked out when it
first looks, and are the points of the table as it stood when they were offered ([DIG-MOVE-1])."""

from __future__ import annotations

import pytest

from game.rules import actions, board
from game.rules.movement import OfferedPoints, candidate_points
from tests.rules.harness import figure, square, table


def _walk_decision(state):
    gen = actions.resolve(state, state.model("A1"), "walk")
    decision = next(gen)
    while decision.kind != "move_to":
        decision = gen.send(decision.choices()[0])
    return decision


def _state():
    return table((0, figure("Mover"), 10, 10, 0), (0, figure("Friend"), 12, 10, 0), (1, figure("Foe"), 16, 10, 180),
                 pieces=[square("house", "impassable", 4, 12, 9, 17)])


@pytest.mark.rule("DIG-MOVE-1")
def test_the_offered_points_are_the_candidate_points() -> None:
    state = _state()
    offered = _walk_decision(state).context["candidates"]
    assert isinstance(offered, OfferedPoints) and offered
    expected = candidate_points(state, state.model("A1"), 6.0)
    assert offered == expected and list(offered) == expected and len(offered) == len(expected)
    assert offered[0] == expected[0] and expected[-1] in offered


@pytest.mark.rule("DIG-MOVE-1")
def test_points_looked_at_during_a_what_if_are_those_of_the_table_as_offered() -> None:
    state = _state()
    expected = candidate_points(state, state.model("A1"), 6.0)
    board.battlefield(state).memo().clear()  # nothing remembered: the points are worked out afresh
    offered = _walk_decision(state).context["candidates"]
    friend, mover = state.model("A2"), state.model("A1")
    friend.x, friend.y = 10.0, 14.0  # a what-if: stood in the way, looked at, put back
    mover.x = 11.0
    assert offered == expected and candidate_points(state, mover, 6.0) != expected
    friend.x, friend.y, mover.x = 12.0, 10.0, 10.0
    assert bool(offered) and list(offered) == expected


@pytest.mark.rule("DIG-MOVE-1")
def test_whether_any_point_is_offered_is_answered_by_the_first_one() -> None:
    state = _state()
    offered = _walk_decision(state).context["candidates"]
    assert bool(offered) and offered._points is None  # not all worked out
    boxed = table((0, figure("Mover"), 1, 1, 0), (1, figure("Foe"), 20, 20, 0),
                  pieces=[square("wall", "impassable", 1.6, 0, 2, 2.5),
                          square("wall2", "impassable", 0, 1.6, 1.6, 2.5)])
    offered = _walk_decision(boxed).context["candidates"]
    assert list(offered) == candidate_points(boxed, boxed.model("A1"), 6.0) and bool(offered) == bool(list(offered))
