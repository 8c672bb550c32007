"""Gearfall's initiative with forced dice ([GF-INIT-1])."""

from __future__ import annotations

import pytest

from game.systems.gearfall.initiative import initiative
from tests.systems.gearfall.forced import forced


@pytest.mark.rule("GF-INIT-1")
def test_the_highest_total_goes_first() -> None:
    order, rolls = initiative(forced(3, 3, 6, 5, 1, 2), [("a", 12), ("b", 10), ("c", 14)])
    assert [r.total for r in rolls] == [18, 21, 17]
    assert order == ["b", "a", "c"]


@pytest.mark.rule("GF-INIT-1")
def test_ties_roll_again_among_the_tied_only_as_often_as_they_tie() -> None:
    # a 18, b 18, c 20: c first; a and b roll off level again at 20, then 24 v 12
    order, rolls = initiative(forced(3, 3, 4, 4, 3, 3,  4, 4, 5, 5,  6, 6, 1, 1),
                              [("a", 12), ("b", 10), ("c", 14)])
    assert [(r.who, r.roll_off, r.total) for r in rolls] == [
        ("a", 0, 18), ("b", 0, 18), ("c", 0, 20), ("a", 1, 20), ("b", 1, 20), ("a", 2, 24), ("b", 2, 12)]
    assert order == ["c", "a", "b"]
    assert all(r.who in ("a", "b") for r in rolls if r.roll_off), "the roll-offs are the tied pair's alone"
