"""The active model turns freely ([SEQ-5], [BASE-5]); front arcs bind only the models that are not active.

Every situation runs through the public rules (actions.resolve, sorcery.cast) on a hand-set table with
forced dice: the acting model's current facing never limits its targets, it turns to face each target
(a logged event), and the arcs of the other models still decide free strikes, shields and the back arc.
"""

from __future__ import annotations

import pytest

from game.rules import actions, board, sorcery
from tests.rules.harness import Script, events, figure, rolls, square, table

D = 25 / 25.4
BOW = (("Bow", "2h_ranged"),)


def archer(**kw):
    return figure(kw.pop("name", "Archer"), weapons=kw.pop("weapons", BOW), **kw)


def turned(state, model_id: str) -> list[dict]:
    return [e.data for e in events(state, "Turned") if e.data["model"] == model_id]


@pytest.mark.rule("SEQ-5", "BASE-5", "RNG-2", "RNG-5")
def test_a_shooter_facing_away_shoots_its_only_target() -> None:
    state = table((0, archer(), 10, 10, 180), (1, figure("Target"), 20, 10, 180))
    assert not board.in_front_arc(state.model("A1"), state.model("B1"))  # it stands behind the archer
    state.dice.force(5, 6, 1, 2)  # 11 + 3 - 2 (long range) vs 3 + 3: a wound
    script = Script(["B1"])
    script.run(actions.resolve(state, state.model("A1"), "ranged_attack"))
    assert script.asked[0].kind == "target" and script.asked[0].choices() == ["B1"]
    assert not events(state, "ActionSkipped")
    assert turned(state, "A1") == [{"model": "A1", "target": "B1", "start": 180.0, "facing": 0.0, "rule": "SEQ-5"}]
    assert state.model("A1").facing == pytest.approx(0.0)
    assert [r["total"] for r in rolls(state)] == [12, 6] and state.model("B1").wounds_taken == 1
    # the turn is logged before the attack it serves
    kinds = [e.kind for e in state.log]
    assert kinds.index("Turned") < kinds.index("AttackDeclared")


@pytest.mark.rule("SEQ-5", "BASE-5", "T-DUAL-1", "SEQ-3")
def test_after_a_first_shot_a_second_at_a_target_behind_is_allowed() -> None:
    pistols = figure("Duellist", weapons=[("Crossbow", "1h_ranged"), ("Crossbow", "1h_ranged")],
                     traits=["dual_wield"])
    state = table((0, pistols, 10, 10, 0), (1, figure("East", PD=6), 15, 10, 180),
                  (1, figure("West", PD=6), 5, 10, 0))
    state.active_model = "A1"
    a = state.model("A1")
    state.dice.force(1, 2, 5, 6, 1, 2, 5, 6)  # two misses: 3 + 3 vs 11 + 6
    first = Script(["B1"])  # two identical crossbows: one choice, so no weapon question
    first.run(actions.resolve(state, a, "ranged_attack"))
    assert first.kinds() == ["target"] and first.asked[0].choices() == ["B1", "B2"]
    assert turned(state, "A1") == [] and a.facing == pytest.approx(0.0)  # it already faced East
    assert not board.in_front_arc(a, state.model("B2"))  # West is now behind it
    second = Script(["B2"])  # the other crossbow is the only one left: no weapon question
    second.run(actions.resolve(state, a, "ranged_attack"))
    assert second.kinds() == ["target"] and second.asked[0].choices() == ["B1", "B2"]
    assert [t["target"] for t in turned(state, "A1")] == ["B2"] and a.facing == pytest.approx(180.0)
    assert len(events(state, "AttackDeclared")) == 2 and not events(state, "ActionSkipped")


@pytest.mark.rule("SEQ-5", "BASE-5", "MOVE-3", "DIG-MOVE-4")
def test_a_charge_at_a_target_behind() -> None:
    state = table((0, figure("Charger"), 10, 10, 0), (1, figure("Behind"), 5, 10, 180))
    state.bag = [1]
    state.dice.force(1, 2, 1, 1)  # 3 + 3 + 2 + 2 vs 2 + 3: a hit (the defender faces away: the back arc's +2)
    script = Script(["B1", {"x": 5 + D, "y": 10}, "pass"])
    script.run(actions.resolve(state, state.model("A1"), "charge"))
    assert script.asked[0].choices() == ["B1"]
    c = state.model("A1")
    assert c.x == pytest.approx(5 + D) and c.facing == pytest.approx(180.0)
    assert {m["rule"] for m in rolls(state)[0]["modifiers"]} == {"MOD-1", "MOD-2"}


@pytest.mark.rule("SEQ-5", "BASE-5", "SORC-3", "SORC-4")
def test_a_spell_at_a_target_behind() -> None:
    witch = figure("Witch", "companion", WP=5, traits=["sorcery"])
    state = table((0, witch, 10, 10, 0), (1, figure("Behind"), 3, 12, 0))
    state.dice.force(5, 6, 1, 2)  # 11 + 5 vs 3 + 3
    script = Script(["ravage", "B1"])
    script.run(sorcery.cast(state, state.model("A1"), 1))
    assert script.kinds() == ["spell", "target"] and script.asked[1].choices() == ["B1"]
    assert [t["target"] for t in turned(state, "A1")] == ["B1"]
    assert state.model("A1").facing == pytest.approx(board.facing_towards(state.model("A1"), 3, 12))
    assert state.model("B1").wounds_taken == 1


@pytest.mark.rule("SEQ-5", "CC-1", "BASE-6")
def test_a_blow_at_an_enemy_in_contact_behind_turns_the_attacker() -> None:
    state = table((0, figure("Fighter"), 10, 10, 0), (1, figure("Behind"), 10 - D, 10, 0))
    state.dice.force(1, 2, 1, 3)
    script = Script(["B1"])
    script.run(actions.resolve(state, state.model("A1"), "standard_attack"))
    assert script.asked[0].choices() == ["B1"] and len(rolls(state)) == 2
    assert state.model("A1").facing == pytest.approx(180.0) and turned(state, "A1")


# -- what the rule still refuses ----------------------------------------------------------------

@pytest.mark.rule("SEQ-5", "RNG-2", "DIG-LOS-3", "SORC-3", "MOVE-3")
def test_turning_never_gives_sight_through_a_wall_or_reach_beyond_range() -> None:
    wall = square("wall", "impassable", 5, 5, 6, 15, blocks_los=True)
    state = table((0, archer(), 10, 10, 0), (1, figure("Hidden"), 3, 10, 0),
                  (1, figure("Far"), 10 + D + 18.5, 20, 0), pieces=[wall])
    a = state.model("A1")
    assert not board.sight(state, a, state.model("B1")).has_los
    Script([]).run(actions.resolve(state, a, "ranged_attack"))
    assert "no enemy in line of sight and range" in events(state, "ActionSkipped")[0].text
    assert a.facing == 0 and not events(state, "Turned")  # a skipped action turns nobody
    from game.rules.movement import allowance, charge_targets

    assert charge_targets(state, a, allowance(state, a, "charge")[0]) == []
    witch = table((0, figure("Witch", "companion", traits=["sorcery"]), 10, 10, 0), (1, figure("Hidden"), 3, 10, 0),
                  pieces=[wall])
    assert sorcery.spell_targets(witch, witch.model("A1"), 24.0) == []


@pytest.mark.rule("SEQ-9", "MOVE-9", "SEQ-5")
def test_free_strikes_stay_bound_by_the_strikers_front_arc() -> None:
    state = table((0, figure("Leaver"), 10, 10, 0), (1, figure("Facing"), 10 + D, 10, 180),
                  (1, figure("Away"), 10 - D, 10, 180))
    state.dice.force(1, 2, 6, 6)
    script = Script(["B1", {"x": 10, "y": 16}])
    script.run(actions.resolve(state, state.model("A1"), "disengage"))
    assert script.asked[0].kind == "free_strike" and script.asked[0].choices() == ["B1", "pass"]
    assert state.model("B2").facing == 180 and not turned(state, "B1") and not turned(state, "B2")


@pytest.mark.rule("MOD-1", "MOD-4", "SKILL-8", "SEQ-5")
def test_shield_and_back_arc_come_from_the_defenders_facing_not_the_attackers() -> None:
    shield = figure("Shieldbearer", weapons=[("Sword", "1h_edged"), ("Shield", "shield")])

    def blow(defender_facing: float) -> tuple[set[str], set[str]]:
        # the attacker faces away from the defender before it strikes; it turns to strike
        state = table((0, figure("Attacker"), 10, 10, 180), (1, shield, 10 + D, 10, defender_facing))
        state.dice.force(1, 2, 1, 3)
        Script(["B1"]).run(actions.resolve(state, state.model("A1"), "standard_attack"))
        attack, defence = rolls(state)
        assert state.model("A1").facing == pytest.approx(0.0)
        assert state.model("B1").facing == defender_facing  # the defender does not turn
        return {m["rule"] for m in attack["modifiers"]}, {m["rule"] for m in defence["modifiers"]}

    assert blow(180.0) == (set(), {"MOD-4"})  # the defender faces the attacker: its shield, no back arc
    assert blow(0.0) == ({"MOD-1"}, set())  # it faces away: +2 from the back arc, the shield does nothing


@pytest.mark.rule("HERO-1", "SEQ-5")
def test_a_friend_spurred_by_heroic_impetus_may_turn_to_shoot_a_target_behind() -> None:
    from game.rules import turn

    state = table((0, figure("Hero", "hero"), 10, 10, 0), (0, archer(name="Friend"), 16, 10, 0),
                  (1, figure("Behind"), 8, 20, 0))
    state.dice.force(2, 5, 6, 1, 2)  # the hero's activation roll; the friend's shot 11 + 3 - 2 vs 3 + 3
    script = Script(["A2", "ranged_attack", "B1", 45, "nothing", 0])
    script.run(turn.activate(state, state.model("A1")))
    assert script.kinds()[:3] == ["heroic_impetus", "impetus_action", "target"]
    assert [t["target"] for t in turned(state, "A2")] == ["B1"] and state.model("B1").wounds_taken == 1
