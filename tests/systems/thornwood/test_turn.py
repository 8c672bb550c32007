"""Thornwood's turn on hand-made positions with forced dice: activation, movement over rough ground, spotting,
what each side may see, Ambush mid-move, reactions, markers and the end."""

from __future__ import annotations

import pytest

from game.content.maps import BattleMap
from game.systems.thornwood import ending, movement, spotting, view
from game.systems.thornwood.ambush import walk_past_ambushes
from game.systems.thornwood.kinds import TwDecision
from game.systems.thornwood.orders import group_action
from game.systems.thornwood.state import Phase, Status
from game.systems.thornwood.tables import Inspiration
from game.systems.thornwood.turn import side_turn
from tests.systems.thornwood.position import Script, piece, position


@pytest.mark.rule("TW-ACT-1", "TW-ACT-2", "TW-TURN-2")
def test_standard_inspiration_and_a_five_activate_one_group_of_the_players_choice():
    """The book's example: Standard Inspiration, the roll is 5: the player activates one group."""
    state = position({"A1": (5, 30), "A2": (6, 30), "A3": (30, 30), "B1": (18, 4)})
    assert state.sides[0].inspiration is Inspiration.standard
    state.dice.force(5)
    run = Script(state, side_turn(state, 0))
    d = run.pending
    assert d is not None and d.kind == TwDecision.tw_group
    assert sorted(d.choices()) == ["A1", "A3"]  # the chief's group (A1, A2) and Reed One alone
    run.answer("tw_group", "A3")
    assert state.activated == ["A3"]
    assert run.pending is not None and run.pending.kind == TwDecision.tw_order
    assert run.pending.context["model"] == "A3"


@pytest.mark.rule("TW-ACT-2")
def test_a_one_activates_every_group():
    state = position({"A1": (5, 30), "A3": (30, 30), "B1": (18, 4)})
    state.dice.force(1)
    run = Script(state, side_turn(state, 0))
    assert set(state.activated) == {"A1", "A3"}
    assert run.pending is not None and run.pending.kind == TwDecision.tw_group  # which acts first


@pytest.mark.rule("TW-MOVE-5", "TW-MOVE-4", "TW-MOVE-2")
def test_rough_ground_costs_two_inches_of_the_roll_an_inch():
    """The book's example: four inches of movement take a warrior across two inches of loose rock."""
    rock = piece("loose_rock", "rough", "rubble", (10, 10, 12, 26))
    state = position({"A3": (10, 18)}, battle_map=BattleMap("rock", (rock,)))
    f = state.figure("A3")
    assert not isinstance(movement.route(state, f, (12.0, 18.0), 4.0), str)  # 2″ of rock: 4″ of movement
    refused = movement.route(state, f, (12.5, 18.0), 4.0)
    assert isinstance(refused, str) and "counted twice" in refused and "[TW-MOVE-5]" in refused
    assert not isinstance(movement.route(state, f, (14.0, 18.0), 6.0), str)  # and 2″ of open ground beyond


@pytest.mark.rule("TW-MOVE-4", "TW-ACTN-2")
def test_a_group_rolls_once_for_each_kind_of_movement():
    """One roll for the runners and one for the walkers of a group ([TW-MOVE-4], the book's example)."""
    state = position({"A3": (5, 30), "A4": (6.5, 30), "B1": (30, 4)})
    state.dice.force(1)  # activation: all groups
    run = Script(state, side_turn(state, 0))
    run.answer("tw_order", "run")
    state.dice.force(6, 4, 2, 4, 2)  # the run 6+4 (of 6, 4, 2), the move the higher of 4 and 2
    run.answer("tw_order", "move")  # a runner: the group does not look for the enemy ([TW-SPOT-2])
    d = run.until("tw_move_to")
    assert d.context["allowance"] == 10
    run.answer("tw_move_to", d.context["default"])
    d = run.until("tw_move_to")
    assert d.context["allowance"] == 4


@pytest.mark.rule("TW-SPOT-3", "TW-SPOT-2", "TW-AMB-1")
def test_the_spotting_example_a_cautious_target_in_the_woods_seen_from_an_ambush():
    """The book's example: the target is concealed and moves cautiously (no modifier): 4 or less; the die shows
    5, and the spotter in Ambush takes 1 off it: 4, spotted."""
    wood = piece("light_woods", "area", "forest", (14, 10, 22, 16))
    state = position({"A1": (18, 30), "B3": (18, 13)}, battle_map=BattleMap("wood", (wood,)))
    state.figure("A1").ambush = True
    state.figure("B3").last_move = "cautious"
    assert spotting.sees(state, state.figure("A1"), state.figure("B3"))
    state.dice.force(5)
    found = spotting.spot(state, [state.figure("A1")], "from its Ambush")
    assert found[0].roll.need == 4 and found[0].roll.total == 4
    assert "B3" in state.sides[0].known


@pytest.mark.rule("TW-SPOT-1", "TW-SPOT-4")
def test_a_side_sees_only_what_it_has_spotted_and_forgets_what_leaves_its_sight():
    wall = piece("hall", "impassable", "building", (14, 14, 22, 22), blocks_los=True)
    state = position({"A1": (18, 30), "B1": (18, 10), "B2": (30, 10)}, battle_map=BattleMap("hall", (wall,)),
                     known=["B2"])
    seen = {t.id for t in view.tokens(state, 0)}
    assert seen == {"A1", "B2"}  # B1 is not spotted
    assert {t.id for t in view.tokens(state, None)} == {"A1", "B1", "B2"}
    state.sides[0].known.add("B1")  # B1 is behind the hall: A1 cannot see it
    spotting.lose_sight(state)
    assert "B1" not in state.sides[0].known and "B2" in state.sides[0].known
    assert any("loses sight of Black Badger" in line for line in view.log_lines(state, 0))


@pytest.mark.rule("TW-SPOT-1")
def test_a_failed_spotting_roll_is_not_told_to_the_side_that_rolled():
    wood = piece("light_woods", "area", "forest", (14, 10, 22, 16))
    state = position({"A1": (18, 30), "B3": (18, 13)}, battle_map=BattleMap("wood", (wood,)))
    state.dice.force(6)
    spotting.spot(state, [state.figure("A1")], "after its action")
    mine, theirs = view.log_lines(state, 0), view.log_lines(state, 1)
    assert not any("Mud One" in line for line in mine)  # the roll against the unseen figure
    assert any("sees nobody new" in line for line in mine)
    assert any("Mud One" in line and "not spotted" in line for line in theirs)


@pytest.mark.rule("TW-AMB-2", "TW-DMG-3")
def test_an_ambush_springs_where_the_mover_comes_into_sight_and_stops_it_there():
    """Two archers lie in Ambush beyond a hall; a warrior walks out from behind it. They may spring where it
    first comes into their sight, not before; a hit that makes it duck back stops the move there."""
    hall = piece("hall", "impassable", "building", (8, 14, 16, 22), blocks_los=True)
    state = position({"A3": (12, 24), "B3": (24, 8), "B5": (25.5, 8)}, battle_map=BattleMap("hall", (hall,)),
                     known=["A3"])
    for fid in ("B3", "B5"):
        state.figure(fid).ambush = True
    f = state.figure("A3")
    path = movement.route(state, f, (22.0, 24.0), 10.0)
    assert not isinstance(path, str)
    run = Script(state, walk_past_ambushes(state, f, path))
    d = run.pending
    assert d is not None and d.kind == TwDecision.tw_ambush and d.side == 1
    assert not spotting.sees(state, state.figure("B3"), state.figure("A3")) or f.x > 14.0
    assert 14.0 < f.x < 17.0  # it has just come out from behind the hall
    stop = (f.x, f.y)
    state.dice.force(1, 6, 3)  # Mud One hits, Mud Three misses; the damage 3 + 0: Duck Back
    run.answer("tw_ambush", "spring")
    assert run.done and f.duck_back and (f.x, f.y) == stop
    assert all(state.figure(i).reacted for i in ("B3", "B5"))


@pytest.mark.rule("TW-AMB-2")
def test_an_ambush_let_pass_leaves_the_mover_at_the_end_of_its_move():
    hall = piece("hall", "impassable", "building", (8, 14, 16, 22), blocks_los=True)
    state = position({"A3": (12, 24), "B3": (24, 8)}, battle_map=BattleMap("hall", (hall,)), known=["A3"])
    state.figure("B3").ambush = True
    f = state.figure("A3")
    path = movement.route(state, f, (22.0, 24.0), 10.0)
    assert not isinstance(path, str)
    run = Script(state, walk_past_ambushes(state, f, path))
    run.answer("tw_ambush", "pass")
    assert run.done and (f.x, f.y) == (22.0, 24.0) and not state.figure("B3").reacted


@pytest.mark.rule("TW-REACT-1")
def test_the_first_group_to_fail_its_reaction_test_ends_the_reacting():
    state = position({"A3": (18, 30), "B3": (10, 10), "B5": (26, 10)}, known=["A3"])
    from game.systems.thornwood.turn import reactions

    run = Script(state, reactions(state, 1, ["A3"]))
    d = run.pending
    assert d is not None and sorted(d.choices()) == ["B3", "B5", "none"]
    state.dice.force(6)  # against Mud One's CV 3: failed
    run.answer("tw_react", "B3")
    assert run.done
    assert any("failed by 3" in e.text for e in state.log)


@pytest.mark.rule("TW-FURS-2", "TW-FURS-3", "TW-END-1")
def test_picking_up_the_last_marker_ends_the_battle_and_more_markers_win():
    state = position({"A3": (18, 18), "B1": (30, 4)}, markers=[(18.5, 18.5, 0), (5, 5, 1)])
    state.markers[1].collected_by = 0
    state.sides[0].score = 1
    state.activated = ["A3"]
    run = Script(state, group_action(state, [state.figure("A3")]))
    run.answer("tw_order", "collect:M1").answer("tw_spot", "after")
    assert state.collected(0) == 2 and state.sides[0].score == 2
    assert ending.decided(state)
    assert state.phase is Phase.OVER and state.winner == 0
    assert "[TW-FURS-3]" in state.log[-1].text


@pytest.mark.rule("TW-WIN-1")
def test_three_conditions_defeat_a_band():
    state = position({"A2": (18, 30), "A3": (19, 30), "B1": (18, 4)})
    state.sides[0].inspiration = Inspiration.demoralized
    a1 = state.figure("A1")
    a1.status, a1.worst = Status.OUT, "mortal"  # the chief is dead: half the key characters too
    ending.check_defeat(state)
    assert state.sides[0].defeated
    assert any("[TW-WIN-1]" in e.text and "defeated" in e.text for e in state.log)
