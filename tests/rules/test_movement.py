"""Move actions on the table: allowances, routes, the 1″ rule, charges, Full Defense ([MOVE-*], [SEQ-4])."""

from __future__ import annotations

import pytest

from game.rules import actions, turn
from game.rules.decisions import IllegalAnswer
from game.rules.movement import allowance
from tests.rules.harness import Script, events, figure, rolls, square, table

D = 25 / 25.4


def move(state, model_id: str, kind: str, answers: list) -> Script:
    script = Script(answers)
    script.run(actions.resolve(state, state.model(model_id), kind))
    return script


@pytest.mark.rule("MOVE-1", "MOVE-2", "MOVE-5", "MOVE-6")
def test_walk_run_and_sneak_allowances_and_facing() -> None:
    for kind, inches in (("walk", 6), ("run", 9), ("sneak", 6)):
        state = table((0, figure("Mover"), 10, 10, 0), (1, figure("Far"), 34, 34, 180))
        move(state, "A1", kind, [{"x": 10, "y": 10 + inches}])
        m = state.model("A1")
        assert (m.x, m.y) == (10, 10 + inches) and m.facing == pytest.approx(90)  # faces the way it moved
        state = table((0, figure("Mover"), 10, 10, 0), (1, figure("Far"), 34, 34, 180))
        with pytest.raises(IllegalAnswer) as err:
            move(state, "A1", kind, [{"x": 10, "y": 10.1 + inches}])
        assert "allow" in str(err.value)


@pytest.mark.rule("MOVE-11", "T-SWIFT-1", "T-SLOW-1", "T-MOUNTED-1", "SPELL-2")
def test_allowance_modifiers_stack() -> None:
    state = table((0, figure("Rider", traits=["mounted", "swift"]), 10, 10, 0),
                  (0, figure("Plodder", traits=["slow"]), 20, 10, 0), (1, figure("Far"), 34, 34, 180))
    assert allowance(state, state.model("A1"), "walk")[0] == 11
    assert allowance(state, state.model("A1"), "run")[0] == 14
    assert allowance(state, state.model("A2"), "walk")[0] == 4
    state.model("A1").conditions = {**state.model("A1").conditions, "entangled": True}
    assert allowance(state, state.model("A1"), "walk")[0] == 5.5


@pytest.mark.rule("MOVE-7", "T-AGILE-2", "DIG-MOVE-1", "DIG-MOVE-2")
def test_routes_go_around_enemies_and_through_free_friends() -> None:
    state = table((0, figure("Mover"), 10, 10, 0), (1, figure("Enemy"), 12.5, 10, 180),
                  (0, figure("Friend"), 13.5, 10.5, 0), (1, figure("Far"), 34, 34, 180))
    move(state, "A1", "walk", [{"x": 15, "y": 10}])
    route = events(state, "ModelMoved")[0].data
    assert len(route["waypoints"]) > 2 and route["length"] > 5.0  # around the enemy, through the friend
    assert state.model("A1").x == 15
    agile = table((0, figure("Eel", traits=["agile"]), 10, 10, 0), (1, figure("Enemy"), 12.5, 10, 180),
                  (1, figure("Far"), 34, 34, 180))
    move(agile, "A1", "walk", [{"x": 15, "y": 10}])
    assert events(agile, "ModelMoved")[0].data["length"] == pytest.approx(5)  # straight through


@pytest.mark.rule("MOVE-8", "DIG-MOVE-3")
def test_the_one_inch_rule_offers_contact_or_stopping_short() -> None:
    state = table((0, figure("Mover"), 10, 10, 0), (1, figure("Enemy"), 15, 10, 180), (1, figure("Far"), 34, 34, 0))
    script = move(state, "A1", "walk", [{"x": 14.2 - D, "y": 10}, "stop"])
    assert script.asked[1].kind == "end_point" and set(script.asked[1].choices()) == {"contact", "stop"}
    m = state.model("A1")
    assert 15 - m.x - D >= 1 - 1e-6 and 15 - m.x - D == pytest.approx(1, abs=1e-6)
    state = table((0, figure("Mover"), 10, 10, 0), (1, figure("Enemy"), 15, 10, 180), (1, figure("Far"), 34, 34, 0))
    move(state, "A1", "walk", [{"x": 14.2 - D, "y": 10}, "contact", "pass"])
    m = state.model("A1")
    assert 15 - m.x == pytest.approx(D, abs=0.02)


@pytest.mark.rule("MOVE-10")
def test_an_engaged_model_only_disengages() -> None:
    state = table((0, figure("Stuck"), 10, 10, 0), (1, figure("Enemy"), 10 + D, 10, 180))
    from game.rules.plans import legal_plans

    plans = legal_plans(state, state.model("A1"), 3)
    assert ("disengage",) in plans and ("walk",) not in plans and ("run",) not in plans
    assert ("shove", "walk") in plans  # a Shove first may free it; checked again when the walk comes
    move(state, "A1", "walk", [])
    assert events(state, "ActionSkipped")


@pytest.mark.rule("MOVE-12")
def test_no_moving_off_the_table() -> None:
    state = table((0, figure("Mover"), 2, 10, 180), (1, figure("Far"), 34, 34, 180))
    with pytest.raises(IllegalAnswer):
        move(state, "A1", "walk", [{"x": 0.2, "y": 10}])


@pytest.mark.rule("MOVE-3", "MOVE-4", "MOD-2", "SEQ-4", "DIG-MOVE-4")
def test_charge_moves_straight_and_attacks_at_plus_two() -> None:
    state = table((0, figure("Charger"), 10, 10, 0), (1, figure("Target"), 15, 10, 180),
                  (1, figure("Other"), 30, 30, 0))
    state.bag = [1, 1]
    state.dice.force(3, 3, 1, 2)
    script = move(state, "A1", "charge", ["B1", {"x": 15 - D, "y": 10}, "pass"])
    assert script.kinds() == ["target", "charge_end", "full_defense"]  # Full Defense before the free attack
    a = state.model("A1")
    assert a.x == pytest.approx(15 - D) and a.facing == pytest.approx(0)
    assert {"value": 2, "rule": "MOD-2", "source": "charging"} in rolls(state)[0]["modifiers"]


@pytest.mark.rule("MOVE-3", "MOVE-4", "COND-6", "T-FLIGHT-3", "SEQ-5")
def test_charge_targets() -> None:
    state = table((0, figure("Charger"), 10, 10, 0), (1, figure("Close"), 12, 10, 180),
                  (1, figure("Horror", traits=["monstrous"]), 10, 14, 0),
                  (1, figure("Bird", traits=["flight"]), 10, 6, 0),
                  (1, figure("Ok"), 6, 10, 0), (1, figure("Beyond"), 10, 25, 0))
    from game.rules.movement import charge_targets

    for facing in (0, 180):  # behind it or ahead: the charger turns first ([SEQ-5])
        state.model("A1").facing = facing
        names = [t.name for t, _ in charge_targets(state, state.model("A1"), 6)]
        assert names == ["Ok"]  # not: too close, Terror, Flight, too far
    wall = square("wall", "impassable", 7.5, 5, 8, 15, blocks_los=True)
    state = table((0, figure("Charger"), 10, 10, 0), (1, figure("Hidden"), 6, 10, 0), pieces=[wall])
    assert charge_targets(state, state.model("A1"), 6) == []  # no LOS whichever way it turns


@pytest.mark.rule("SPEC-2", "SEQ-4")
def test_full_defense_is_asked_of_unactivated_models_only() -> None:
    state = table((0, figure("Mover"), 10, 10, 0), (1, figure("Done"), 14, 10, 180), (1, figure("More"), 30, 30, 0))
    state.model("B1").activated = True
    state.bag = [1]
    script = move(state, "A1", "walk", [{"x": 14 - D, "y": 10}])
    assert "full_defense" not in script.kinds()


@pytest.mark.rule("HERO-1")
def test_heroic_impetus_gives_a_friend_one_free_ap() -> None:
    hero = figure("Hero", "hero")
    state = table((0, hero, 10, 10, 0), (0, figure("Friend"), 16, 10, 0), (1, figure("Far"), 34, 34, 180))
    state.model("A2").activated = True  # activated already: still allowed
    state.dice.force(2)
    script = Script(["A2", "walk", {"x": 16, "y": 16}, 33, "nothing", 0])
    script.run(turn.activate(state, state.model("A1")))
    assert script.kinds()[:3] == ["heroic_impetus", "impetus_action", "move_to"]
    assert (state.model("A2").x, state.model("A2").y) == (16, 16) and state.model("A2").facing == 33
    assert state.sides[0].heroic_impetus_used
    state.model("A1").activated = False
    state.dice.force(2)
    script = Script(["nothing", 0])
    script.run(turn.activate(state, state.model("A1")))
    assert "heroic_impetus" not in script.kinds()  # once per game


@pytest.mark.rule("HERO-1", "SEQ-2")
def test_heroic_impetus_offers_only_actions_that_can_use_the_free_ap() -> None:
    hero = figure("Hero", "hero")
    state = table((0, hero, 10, 10, 0), (0, figure("Friend"), 16, 10, 0), (1, figure("Far"), 34, 34, 180))
    state.dice.force(2)
    script = Script(["A2"])
    with pytest.raises(AssertionError, match="no answer left for impetus_action"):
        script.run(turn.activate(state, state.model("A1")))
    offered = script.asked[1].choices()
    assert "walk" in offered
    assert not {"standard_attack", "furious_attack", "shove"} & set(offered)  # no enemy in contact: a lost AP
    lone = table((0, figure("Hero", "hero"), 10, 10, 0), (0, figure("Engaged"), 20, 10, 0),
                 (1, figure("Foe"), 20 + D, 10, 180))
    assert turn.impetus_actions(lone, lone.model("A2")) and \
        set(turn.impetus_actions(lone, lone.model("A2"))) <= {"standard_attack", "furious_attack", "shove",
                                                                "disengage"}


@pytest.mark.rule("TERR-2", "TERR-6", "T-RANGER-1")
def test_rough_terrain_penalty_and_ranger() -> None:
    mud = square("mud", "rough", 12, 5, 14, 15)
    for traits, penalised in (((), True), (("ranger",), False)):
        state = table((0, figure("Mover", traits=traits), 10, 10, 0), (1, figure("Far"), 34, 34, 180), pieces=[mud])
        move(state, "A1", "walk", [{"x": 16, "y": 10}])
        assert bool(state.model("A1").conditions.get("rough")) is penalised


@pytest.mark.rule("TERR-2", "TERR-6", "T-RANGER-1", "T-FLIGHT-1")
def test_the_rough_ground_note_says_what_the_rules_do() -> None:
    """[TERR-2]: rough ground does not slow a move, it costs -2 to the model's later rolls this turn; the move
    preview shows the rules' own words, and none to a model [TERR-6] spares."""
    from game.rules import board, movement

    mud = square("mud", "rough", 12, 5, 14, 15)
    for traits, penalised in (((), True), (("ranger",), False), (("flight",), False)):
        state = table((0, figure("Mover", traits=traits), 10, 10, 0), (1, figure("Far"), 34, 34, 180), pieces=[mud])
        model = state.model("A1")
        route = movement.route_to(board.battlefield(state), "A1", (16, 10), 6.0)
        note = movement.rough_note(model, route.move)
        assert "half" not in note
        assert ("−2" in note and "[TERR-2]" in note) is penalised, (traits, note)
        assert note == "" or penalised
