"""The route graph a mover's searches share while the bases stand as they are ([DIG-MOVE-2]): its blockers' nodes,
the edges from each node and each edge's checked cost are remembered, and a route found with them is the route a
fresh index finds, whatever was asked before and whatever moved."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.geometry.battlefield import Battlefield
from game.geometry.routes import reachable_nodes, shortest_route
from tests.geometry.helpers import base, field, piece, rect

PIECES = [piece("wall", "obstacle", rect(16, 10, 17, 26)), piece("house", "impassable", rect(20, 4, 26, 9)),
          piece("rock", "impassable", rect(8, 12, 12, 15)), piece("bog", "rough", rect(8, 20, 14, 28))]
IDS = "abcdef"


def _field() -> Battlefield:
    return field(PIECES, [base("a", "A", 10, 18), base("b", "B", 24, 18), base("c", "B", 20, 30),
                          base("d", "A", 13, 17), base("e", "B", 6, 10), base("f", "A", 18, 12)])


def fresh(bf: Battlefield) -> Battlefield:
    return field(PIECES, bf.bases())


points = st.tuples(st.floats(1, 35), st.floats(1, 35))


@pytest.mark.rule("DIG-MOVE-2")
@settings(max_examples=30, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(IDS), points), min_size=1, max_size=5),
       st.lists(points, min_size=1, max_size=4), st.sampled_from("adf"))
def test_remembered_route_graph_finds_the_fresh_routes(moves, goals, mover) -> None:
    bf = _field()
    for base_id, (x, y) in moves:
        for g in goals:  # asked before the move and again after it, on the same index
            shortest_route(bf, mover, g, 14.0)
        bf.update_base(base_id, centre=(x, y))
        for g in goals:
            assert shortest_route(bf, mover, g, 14.0) == shortest_route(fresh(bf), mover, g, 14.0)
        assert reachable_nodes(bf, mover, 9.0) == reachable_nodes(fresh(bf), mover, 9.0)
