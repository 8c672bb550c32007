"""Charge eligibility over every straight lane and Disengage end points found by a complete search
([MOVE-3], [MOVE-4], [DIG-MOVE-4], [MOVE-9], [SEQ-9]), on hand-made maps with hand-worked answers."""

from __future__ import annotations

import math

import pytest

from game.rules import actions, board
from game.rules.decisions import IllegalAnswer
from game.rules.movement import can_disengage, candidate_points, charge_targets, disengage_check, disengage_points
from game.rules.plans import legal_plans
from tests.rules.harness import Script, events, figure, rolls, square, table

D = 25 / 25.4  # a 25 mm base; two of them touch at this centre distance


def screened(blocks_los: bool = False, wide: bool = False):
    """A charger at (5, 10) facing a target at (11, 10); a post (or a wall) of chasm stands on the centre line."""
    post = square("post", "impassable", 8, 8, 8.5, 12, blocks_los=blocks_los) if wide else \
        square("post", "impassable", 9.4, 9.9, 9.6, 10.1, blocks_los=blocks_los)
    state = table((0, figure("Charger"), 5, 10, 0), (1, figure("Target"), 11, 10, 180),
                  (1, figure("Other"), 30, 30, 0), pieces=[post])
    return state


@pytest.mark.rule("MOVE-3", "MOVE-4", "DIG-MOVE-4", "MOD-2", "SEQ-4")
def test_a_charge_whose_centre_line_is_screened_takes_another_clear_lane() -> None:
    state = screened()
    a = state.model("A1")
    from game.geometry.charges import charge_lane

    bf = board.battlefield(state)
    assert [v.rule for v in charge_lane(bf, "A1", "B1", 6).violations] == ["TERR-4"]  # the centre line is screened
    assert [e.id for e, _ in charge_targets(state, a, 6)] == ["B1"]  # but the target is eligible ([MOVE-4])
    # hand-worked: the end 60° round from the centre line, (11 − D·cos 60°, 10 + D·sin 60°), passes the post's
    # nearest corner (9.6, 10.1) at 0.60″ > the base's radius, and the lane is 5.57″ long
    end = {"x": 11 - D * math.cos(math.radians(60)), "y": 10 + D * math.sin(math.radians(60))}
    state.bag = [1, 1]
    state.dice.force(3, 3, 1, 2)
    script = Script(["B1", {"x": 11 - D, "y": 10}])
    with pytest.raises(IllegalAnswer) as err:  # the decision refuses the screened end point
        script.run(actions.resolve(state, a, "charge"))
    assert "impassable" in str(err.value)
    asked = script.asked[1]
    assert asked.kind == "charge_end" and asked.check is not None
    default, candidates = asked.context["default"], asked.context["candidates"]
    assert asked.check(default) is None and all(asked.check(p) is None for p in candidates)
    assert len(candidates) > 4 and {p["y"] > 10 for p in candidates} == {True, False}  # both arcs, above and below
    assert asked.check(end) is None

    state = screened()
    a = state.model("A1")
    state.bag = [1, 1]
    state.dice.force(3, 3, 1, 2)
    script = Script(["B1", end, "pass"])
    script.run(actions.resolve(state, a, "charge"))
    assert script.kinds() == ["target", "charge_end", "full_defense"]
    assert (a.x, a.y) == pytest.approx((end["x"], end["y"]))
    assert board.in_contact(a, state.model("B1"))
    assert a.facing == pytest.approx(360 - 60)  # facing the target ([DIG-MOVE-4])
    moved = events(state, "ModelMoved")[0].data
    assert moved["length"] == pytest.approx(math.dist((5, 10), (end["x"], end["y"])))
    assert events(state, "AttackDeclared")  # then the free attack at +2, dice forced
    assert {"value": 2, "rule": "MOD-2", "source": "charging"} in rolls(state)[0]["modifiers"]


@pytest.mark.rule("MOVE-3", "MOVE-4", "DIG-MOVE-4")
def test_a_target_with_no_clear_lane_is_refused() -> None:
    from game.geometry.charges import charge_ends

    state = screened(wide=True)  # a chasm from y = 8 to 12: it sees across, but no straight lane gets past
    a = state.model("A1")
    assert charge_targets(state, a, 6) == []

    assert not charge_ends(board.battlefield(state), "A1", "B1", 6)
    Script([]).run(actions.resolve(state, a, "charge"))
    assert "no enemy it can charge" in events(state, "ActionSkipped")[0].text


@pytest.mark.rule("MOVE-3", "MOVE-4", "DIG-MOVE-4")
def test_a_charge_of_exactly_its_allowance_is_eligible_along_the_centre_line_only() -> None:
    state = table((0, figure("Charger"), 5, 10, 0), (1, figure("Target"), 11 + D, 10, 180),
                  (1, figure("Other"), 30, 30, 0))
    assert [e.id for e, _ in charge_targets(state, state.model("A1"), 6)] == ["B1"]
    state.model("B1").x += 0.01
    assert charge_targets(state, state.model("A1"), 6) == []


def pocket(east: float):
    """A model engaged with an enemy at the closed end of a corridor among impassable rocks; the corridor
    runs east to ``east`` and, when it is long enough, turns north."""
    rocks = [square("south", "impassable", 5, 8, 14, 9.45), square("north", "impassable", 5, 10.55, 11.4, 13),
             square("east", "impassable", east, 8, 14, 16)]
    return table((0, figure("Stuck"), 10, 10, 0), (1, figure("Foe"), 10 - D, 10, 180),
                 (1, figure("Far"), 34, 34, 0), pieces=rocks)


@pytest.mark.rule("MOVE-9", "SEQ-9", "DIG-MOVE-2")
def test_a_model_in_a_pocket_among_impassable_pieces_is_offered_disengage() -> None:
    state = pocket(12.5)
    m = state.model("A1")
    assert candidate_points(state, m, 6, free_end=True) == []  # no sampled straight move works here
    assert can_disengage(state, m) and ("disengage",) in legal_plans(state, m, 2)
    point = disengage_points(state, m, 6)[0]
    assert disengage_check(state, m, 6)(point) is None  # the engine's own check accepts it
    # hand-worked: 1″ clear of the Foe means x ≥ 10 − D + D + 1 = 11; the corridor lets the base reach x = 12.0
    assert 11 - 1e-9 <= point["x"] <= 12.5 - D / 2 + 1e-9
    state.bag = [1]
    script = Script([point])  # the Foe faces away: no free strike, no roll ([SEQ-9])
    script.run(actions.resolve(state, m, "disengage"))
    assert script.kinds() == ["move_to"]
    assert (m.x, m.y) == pytest.approx((point["x"], point["y"]))
    assert not board.is_engaged(state, m) and board.distance(m, state.model("B1")) >= 1 - 1e-9
    # round the bend: a point up the north corridor is a legal end too, by a bent route
    assert disengage_check(state, m, 6)({"x": 11.95, "y": 12.5}) is None


@pytest.mark.rule("MOVE-9", "SEQ-9")
def test_a_model_with_no_legal_disengage_end_point_is_not_offered_it() -> None:
    state = pocket(11.4)  # the corridor ends 0.91″ from the Foe: nowhere is 1″ clear of it
    m = state.model("A1")
    assert not can_disengage(state, m) and disengage_points(state, m, 6) == []
    assert ("disengage",) not in legal_plans(state, m, 2)
    check = disengage_check(state, m, 6)
    assert check({"x": 11.4 - D / 2, "y": 10}) is not None  # the furthest it can go is too near the Foe
