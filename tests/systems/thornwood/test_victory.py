"""Thornwood's victory points: the seed's end-of-game example, with its own numbers (FF-R-5)."""

from __future__ import annotations

import pytest

from game.systems.thornwood.victory import victory_points


@pytest.mark.rule("TW-WIN-2")
def test_the_worked_example_totals_ninety_nine() -> None:
    """Partial success 50; two enemy warriors wounded +8, a veteran mortally wounded +10, the seer's gory death
    +50, a warrior captured +20; lost two warriors and a companion wounded -18, a veteran killed -15; five renown
    lost, one of them the chief's (counted twice): -6."""
    vp = victory_points(
        "partial",
        enemy_losses=[("warrior", "wound"), ("warrior", "wound"), ("veteran", "mortal"), ("seer", "gory"),
                      ("warrior", "captured")],
        own_losses=[("warrior", "wound"), ("warrior", "wound"), ("companion", "wound"), ("veteran", "killed")],
        renown_lost=[("companion", 3), ("healer", 1), ("chief", 1)],
    )
    assert vp.total == 99
    points = [line.points for line in vp.lines]
    assert points == [50, 4, 4, 10, 50, 20, -4, -4, -10, -15, -3, -1, -2]
    assert "= 99" in vp.explain() and "chief x2" in vp.explain()


@pytest.mark.rule("TW-WIN-2")
def test_mission_points_light_wounds_and_bad_input() -> None:
    assert victory_points("complete").total == 100 and victory_points("none").total == 0
    assert victory_points("none", [("chief", "light")], [("youth", "light")]).lines == ()
    assert victory_points("none", own_losses=[("chief", "captured")]).total == -100
    with pytest.raises(ValueError, match="Key Characters"):
        victory_points("none", renown_lost=[("warrior", 1)])
    with pytest.raises(ValueError):
        victory_points("won")  # type: ignore[arg-type]
    with pytest.raises(KeyError):
        victory_points("none", [("warrior", "eaten")])
