"""Plans judged at declaration by kinds, count and AP; each action checked when it resolves ([SEQ-2], [DIG-ACT-1]).

An action whose condition only an earlier action of the same plan can meet (Clear weapon after a shot
that may jam, Escape after a move to the edge) is offered; if it has become impossible when its turn
comes, it is skipped and its AP are lost. Dice are forced; everything goes through the public engine.
"""

from __future__ import annotations

import pytest

from game.content.maps import BattleMap
from game.content.scenario_file import load_scenario
from game.rules import readiness, turn
from game.rules.engine import Game
from game.rules.plans import legal_plans, next_actions
from game.rules.setup import new_game
from game.rules.state import ESCAPED, GameState
from tests.rules.encounter_harness import SCENARIOS, Policy, parties
from tests.rules.harness import Script, events, figure, square, table

PISTOL = ("Pistol", "1h_ranged_bp")
D = 25 / 25.4  # two 25 mm bases in contact, centre to centre (inches)


def gunner_table() -> GameState:
    return table((0, figure("Gunner", weapons=[PISTOL, ("Knife", "1h_edged")]), 10, 10, 0),
                 (1, figure("Target"), 14, 10, 180))


def plan_options(script: Script) -> list[str]:
    return next(d for d in script.asked if d.kind == "plan").choices()


# -- Clear weapon after a shot ---------------------------------------------------------------------------

@pytest.mark.rule("SEQ-2", "DIG-ACT-1", "SPEC-4", "SKILL-7", "ACT-4")
def test_shoot_then_clear_weapon_is_offered_and_clears_the_jam_the_shot_made() -> None:
    state = gunner_table()
    m = state.model("A1")
    plans = legal_plans(state, m, 3)
    assert ("ranged_attack", "clear_weapon") in plans and ("ranged_attack", "clear_weapon", "walk") in plans
    assert ("clear_weapon",) not in plans  # nothing jammed and no shot before it: sure to fail
    assert ("clear_weapon", "ranged_attack") not in plans
    assert ("ranged_attack", "clear_weapon", "clear_weapon") not in plans  # one shot jams at most one weapon
    state.dice.force(6, 1, 1)  # activation 6: 3 AP; the shot's dice 1, 1: a misfire, the pistol jams
    script = Script(["ranged_attack,clear_weapon", "B1", 0])
    script.run(turn.activate(state, m))
    assert "ranged_attack,clear_weapon" in plan_options(script)
    assert events(state, "Misfire") and events(state, "WeaponCleared")[0].data["rule"] == "SPEC-4"
    assert m.jammed == () and not events(state, "ActionSkipped")


@pytest.mark.rule("SEQ-2", "DIG-ACT-1", "SPEC-4", "TURN-6")
def test_clear_weapon_after_a_shot_that_did_not_jam_is_skipped_and_its_ap_lost() -> None:
    state = gunner_table()
    m = state.model("A1")
    state.dice.force(6, 5, 4, 1, 2)  # 3 AP; attack 9 + 3 + 1 (short) beats defence 3 + 3: no misfire
    Script(["ranged_attack,clear_weapon,walk", "B1", {"x": 10, "y": 14}, 0]).run(turn.activate(state, m))
    skipped = events(state, "ActionSkipped")
    assert [(e.data["action"], e.data["rule"]) for e in skipped] == [("clear_weapon", "SEQ-2")]
    assert "no weapon is jammed" in skipped[0].text and "AP are lost" in skipped[0].text
    assert (m.x, m.y) == (10, 14)  # the rest of the plan goes on; the Clear weapon's AP are gone
    started = [e.data["action"] for e in events(state, "ActionStarted")]
    assert started == ["ranged_attack", "clear_weapon", "walk"]


@pytest.mark.rule("SEQ-2", "DIG-ACT-2", "SPEC-4")
def test_one_action_at_a_time_shoot_then_clear_weapon() -> None:
    state = gunner_table()
    state.settings.declare_plan_upfront = False
    m = state.model("A1")
    state.dice.force(6, 1, 1)
    script = Script(["ranged_attack", "B1", "clear_weapon", "end", 0])
    script.run(turn.activate(state, m))
    first, second, _ = (d for d in script.asked if d.kind == "next_action")
    assert "clear_weapon" not in first.choices()  # nothing jammed yet: sure to fail now
    assert "clear_weapon" in second.choices() and m.jammed == () and events(state, "WeaponCleared")
    # a shot that does not jam leaves nothing to clear: then it is not offered (it would surely fail)
    state = gunner_table()
    state.settings.declare_plan_upfront = False
    state.dice.force(6, 5, 4, 1, 2)
    script = Script(["ranged_attack", "B1", "end", 0])
    script.run(turn.activate(state, state.model("A1")))
    assert "clear_weapon" not in [d for d in script.asked if d.kind == "next_action"][1].choices()


@pytest.mark.rule("SEQ-2", "DIG-ACT-2", "SPEC-3", "SPEC-4", "ACT-3")
def test_one_action_at_a_time_goes_on_after_shake_off_and_clear_weapon() -> None:
    """The actions already resolved stay part of the plan even when their condition has gone (no longer
    Stunned, no longer jammed)."""
    state = gunner_table()
    state.settings.declare_plan_upfront = False
    m = state.model("A1")
    m.conditions = {**m.conditions, "stunned": True}
    m.jammed = (*m.jammed, 0)
    state.dice.force(6, 5, 4, 1, 2)
    script = Script(["shake_off", "clear_weapon", "ranged_attack", "B1", 0])
    script.run(turn.activate(state, m))
    asked = [d.choices() for d in script.asked if d.kind == "next_action"]
    assert asked[0] == ["shake_off"]  # [ACT-3]: its first AP on Shake Off, nothing else
    assert "clear_weapon" in asked[1] and "ranged_attack" in asked[2]
    assert events(state, "ShookOff") and events(state, "WeaponCleared") and events(state, "AttackDeclared")


# -- Walk, then Escape (Breakthrough) ----------------------------------------------------------------------

def breakthrough() -> GameState:
    scenario = load_scenario(SCENARIOS / "breakthrough.yaml")
    state = new_game(parties(), BattleMap("open", ()), 7, scenario=scenario)
    state.dice.force(6, 1)  # Red higher: Blue chooses the top edge, so Red's goal is the top
    top = {"A1": (18, 30), "A2": (10, 30), "A3": (26, 30), "B1": (18, 6), "B2": (10, 6), "B3": (26, 6)}
    game = Game(state, [Policy(top), Policy(top)])
    while state.phase == "setup":
        game.step()
    state.phase = "main"
    return state


@pytest.mark.rule("SEQ-2", "DIG-ACT-1", "ENC-BRK-2", "MOVE-1")
def test_walk_then_escape_is_offered_and_the_model_escapes_in_one_activation() -> None:
    state = breakthrough()
    a2 = state.model("A2")
    a2.x, a2.y = 30, 5  # 5″ from its goal edge, the top; nobody near
    state.dice.force(3)  # activation 3: 2 AP
    script = Script(["walk,escape", {"x": 30, "y": a2.radius}])
    script.run(turn.activate(state, a2))
    options = plan_options(script)
    assert "walk,escape" in options and "escape" not in options  # not at the edge yet: Escape alone would fail
    assert a2.status == ESCAPED and events(state, "Escaped")[0].data["rule"] == "ENC-BRK-2"
    assert not events(state, "ActionSkipped")


@pytest.mark.rule("SEQ-2", "DIG-ACT-1", "ENC-BRK-2")
def test_walk_then_escape_short_of_the_edge_is_skipped_and_its_ap_lost() -> None:
    state = breakthrough()
    a2 = state.model("A2")
    a2.x, a2.y = 30, 12
    state.dice.force(3)
    Script(["walk,escape", {"x": 30, "y": 6.5}, 0]).run(turn.activate(state, a2))
    skipped = events(state, "ActionSkipped")
    assert a2.on_table and [(e.data["action"], e.data["rule"]) for e in skipped] == [("escape", "SEQ-2")]
    assert "goal edge" in skipped[0].text and "AP are lost" in skipped[0].text


@pytest.mark.rule("SEQ-2", "DIG-ACT-2", "ENC-BRK-2")
def test_one_action_at_a_time_walk_then_escape() -> None:
    state = breakthrough()
    state.settings.declare_plan_upfront = False
    a2 = state.model("A2")
    a2.x, a2.y = 30, 5
    state.dice.force(3)
    script = Script(["walk", {"x": 30, "y": a2.radius}, "escape"])
    script.run(turn.activate(state, a2))
    first, second = (d.choices() for d in script.asked if d.kind == "next_action")
    assert "escape" not in first and "escape" in second
    assert a2.status == ESCAPED


# -- what is still refused: kinds, count, AP, and actions sure to fail ---------------------------------------

@pytest.mark.rule("ACT-1", "ACT-2", "ACT-3", "ACT-4", "SEQ-2", "T-DUAL-1", "SPEC-3", "MOVE-9", "SPELL-2",
                  "ENC-BRK-2", "RNG-1")
def test_plans_still_refused_by_kind_count_and_ap() -> None:
    state = gunner_table()
    m = state.model("A1")
    plans = legal_plans(state, m, 3)
    assert ("standard_attack", "ranged_attack") not in plans  # two combat actions without Dual Wield
    assert ("walk", "run") not in plans and ("escape",) not in plans  # two moves; no escape outside Breakthrough
    assert all(sum(3 if a == "cast_3" else 2 if a in ("charge", "sneak", "aimed_shot", "furious_attack",
                                                     "disengage") else 1 for a in p) <= 3 for p in plans)
    assert ("aimed_shot", "furious_attack") not in legal_plans(state, m, 4)
    assert ("aimed_shot", "walk") in plans and ("aimed_shot", "walk") not in legal_plans(state, m, 2)  # AP
    assert not any("shake_off" in p for p in plans)  # not Stunned: nothing in a plan Stuns its own model
    assert not any("disengage" in p for p in plans)  # not engaged
    dual = table((0, figure("Twin", weapons=[PISTOL, ("Sword", "1h_edged")], traits=["dual_wield"]), 10, 10, 0),
                 (1, figure("Far"), 30, 30, 180))
    assert ("standard_attack", "ranged_attack") in legal_plans(dual, dual.model("A1"), 3)
    plain = table((0, figure("Swordsman"), 10, 10, 0), (1, figure("Far"), 30, 30, 180))
    assert not any("clear_weapon" in p for p in legal_plans(plain, plain.model("A1"), 3))  # no black powder
    m.conditions = {**m.conditions, "stunned": True}
    plans = legal_plans(state, m, 3)
    assert plans and all(p[0] == "shake_off" for p in plans) and ("shake_off", "ranged_attack", "clear_weapon") in plans
    m.conditions = m.conditions.without("stunned")
    m.conditions = {**m.conditions, "entangled": True}
    assert not any("charge" in p for p in legal_plans(state, m, 3))  # Entangled until Maintenance
    m.conditions = m.conditions.without("entangled")
    state.model("B1").x = 10 + D  # engaged: no shot, walk or Escape unless an earlier blow may free it
    plans = legal_plans(state, m, 3)
    assert ("ranged_attack",) not in plans and ("walk",) not in plans
    assert ("standard_attack", "walk") in plans and ("disengage",) in plans
    assert ("shove", "ranged_attack") not in plans  # one combat action


@pytest.mark.rule("SEQ-2", "DIG-ACT-1", "DIG-ACT-2")
def test_next_actions_follow_the_declared_plans() -> None:
    """The one-action-at-a-time menu offers exactly the next actions of the legal plans."""
    state = gunner_table()
    m = state.model("A1")
    for ap in (1, 2, 3):
        plans = legal_plans(state, m, ap)
        assert next_actions(state, m, (), ap) == sorted({p[0] for p in plans if p})


@pytest.mark.rule("SEQ-2", "DIG-ACT-1", "SPEC-4", "ENC-BRK-2")
def test_why_not_now_names_the_reason_and_what_could_change_it() -> None:
    state = gunner_table()
    m = state.model("A1")
    why = readiness.why_not_now(state, m, "clear_weapon")
    assert why is not None and why.describe() == "no weapon is jammed [SPEC-4] — possible after a shot"
    assert readiness.why_not_now(state, m, "ranged_attack") is None
    assert readiness.why_not_now(state, m, "standard_attack").describe().endswith("possible after a move")
    m.jammed = (*m.jammed, 0)
    assert readiness.why_not_now(state, m, "clear_weapon") is None
    assert readiness.why_not_now(state, m, "ranged_attack").rule == "SKILL-7"
    state = breakthrough()
    a2 = state.model("A2")
    assert readiness.why_not_now(state, a2, "escape").describe() == \
        "it is not at its goal edge [ENC-BRK-2] — possible after a move"


@pytest.mark.rule("SEQ-9", "MOVE-9", "SEQ-2")
def test_disengage_is_offered_only_when_a_legal_end_point_exists_even_after_a_blow() -> None:
    """[SEQ-9] stands: a boxed-in model is not offered Disengage, not even after a blow that might open room
    (its free strikes would come before the check)."""
    walls = [square("n", "impassable", 9, 8.8, 12.2, 9.4), square("s", "impassable", 9, 10.6, 12.2, 11.2),
             square("w", "impassable", 8.8, 8.8, 9.4, 11.2), square("e", "impassable", 11.6, 8.8, 12.2, 11.2)]
    state = table((0, figure("Boxed"), 10, 10, 0), (1, figure("Foe"), 10 + D, 10, 180), pieces=walls)
    m = state.model("A1")
    assert readiness.why_not_now(state, m, "disengage").rule == "SEQ-9"
    plans = legal_plans(state, m, 3)
    assert not any("disengage" in p for p in plans) and ("standard_attack",) in plans
