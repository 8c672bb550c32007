"""Conditions, qualities and the flag traits the core rules lean on ([COND-*], [PARTY-5], [PARTY-6], [SEQ-*])."""

from __future__ import annotations

import pytest

from game.rules import actions, conditions, turn
from game.rules.combat import Attack, attack_modifiers, resolve_attack
from game.rules.movement import ranged_targets
from game.rules.state import KILLED
from tests.rules.harness import Script, events, figure, rolls, square, table

D = 25 / 25.4


def rules_of(ms) -> set[str]:
    return {m.rule for m in ms}


@pytest.mark.rule("PARTY-5", "PARTY-6", "COND-5", "T-MONSTROUS-1", "T-VETERAN-1", "T-UNDEAD-1", "T-NONLIVING-1")
def test_who_suffers_terror() -> None:
    horror = figure("Horror", traits=["monstrous"])
    cast = [figure("Hero", "hero"), figure("Companion", "companion"), figure("Vet", traits=["veteran"]),
            figure("Ghoul", traits=["undead"]), figure("Golem", traits=["non_living"]), figure("Peasant"),
            figure("Beast", traits=["monstrous"])]
    state = table((1, horror, 18, 18, 0), *[(0, c, 14 + 2 * (i % 4), 14 + (i // 4) * 8, 0) for i, c in enumerate(cast)])
    effects = {}
    for m in state.side_models(0):
        effects[m.name] = [(x.value, x.rule) for x in conditions.terror_modifier(state, m, activation=False)]
    assert effects == {"Hero": [], "Companion": [], "Vet": [(-1, "MOD-14")], "Ghoul": [], "Golem": [(-1, "MOD-14")],
                       "Peasant": [(-3, "COND-5")], "Beast": []}
    assert conditions.causes_terror(state.model("A4")) and not conditions.causes_terror(state.model("A5"))


@pytest.mark.rule("PARTY-5", "COND-7")
def test_inspiring_presence_makes_friends_within_3_inches_fearless() -> None:
    state = table((0, figure("Hero", "hero"), 10, 10, 0), (0, figure("Near"), 12.5, 10, 0),
                  (0, figure("Far"), 16, 10, 0), (1, figure("Horror", traits=["undead"]), 14, 14, 0))
    assert conditions.fearless(state, state.model("A2")) and not conditions.fearless(state, state.model("A3"))


@pytest.mark.rule("COND-5")
def test_terror_sources_do_not_stack() -> None:
    state = table((0, figure("Peasant"), 10, 10, 0), (1, figure("Ghoul", traits=["undead"]), 13, 10, 180),
                  (1, figure("Wraith", traits=["undead"]), 10, 13, 180))
    assert [m.value for m in conditions.terror_modifier(state, state.model("A1"), activation=False)] == [-3]


@pytest.mark.rule("COND-4", "MOD-10", "DIG-LOS-3")
def test_cover_from_a_wall_near_the_target() -> None:
    wall = square("wall", "obstacle", 17.5, 5, 18, 15)
    archer = figure("Archer", weapons=[("Bow", "2h_ranged")])
    state = table((0, archer, 10, 10, 0), (1, figure("Behind wall"), 18.6, 10, 180),
                  (1, figure("In the open"), 14, 3, 180), pieces=[wall])
    cover = {t.name: c for t, _, c in ranged_targets(state, state.model("A1"), 0)}
    assert cover == {"Behind wall": True, "In the open": False}


@pytest.mark.rule("T-TOUGH-1", "SEQ-6", "SEQ-13", "SEQ-14")
def test_tough_rolls_each_wound_of_a_brutal_attack_unmodified() -> None:
    tough = figure("Tough", traits=["tough", "large"])
    a = figure("Brute", MA=6)
    state = table((0, a, 10, 10, 0), (1, tough, 10 + (D + 40 / 25.4) / 2, 10, 180), fate=(0, 1))
    b1 = state.model("B1")
    b1.conditions = {**b1.conditions, "rough": True}  # -2 to its rolls, but never to the Tough d6 ([SEQ-13])
    state.dice.force(6, 6, 1, 2, 6, 4)  # critical: brutal; Tough: 6 (ignored, Stunned instead - immune) then 4
    script = Script(["B1", "pass", "pass", "pass", "spend"])  # no Inner Reserve, no re-roll; Fate on the 2nd
    script.run(actions.close_attack(state, state.model("A1"), "standard_attack"))
    b = state.model("B1")
    assert b.wounds_taken == 1
    tough_rolls = [e.data for e in events(state, "TraitRoll")]
    assert [(r["dice"], r["need"], r["success"]) for r in tough_rolls] == [([6], 6, True), ([4], 5, False)]
    assert not b.conditions.get("stunned")  # Large: immune to the Stun of an attacker that is not Large
    kinds = [e.kind for e in state.log]
    assert kinds.index("TraitRoll") < kinds.index("StunIgnored")


@pytest.mark.rule("SEQ-7", "AOE-1", "T-TOUGH-1")
def test_area_spreads_even_when_tough_ignores_the_wound() -> None:
    state = table((0, figure("Bomber", weapons=[("Bomb", "thrown")]), 10, 10, 0),
                  (1, figure("Tough", traits=["tough"]), 14, 10, 180), (1, figure("Near", PD=1), 14, 12, 180))
    state.dice.force(5, 6, 1, 2, 6, 1, 1)
    attack = Attack(state.model("A1"), state.model("B1"), "ranged", "ranged_attack", 0, range_band="short", area=True)
    Script([]).run(resolve_attack(state, attack))
    assert state.model("B1").wounds_taken == 0 and state.model("B2").wounds_taken == 1


@pytest.mark.rule("T-PET-2")
def test_pet_fights_better_beside_its_master() -> None:
    state = table((0, figure("Master", "hero"), 10, 12, 0), (0, figure("Hound", traits=["pet"], pet_of="Master"),
                                                             10, 10, 0), (1, figure("Foe"), 10 + D, 10, 180))
    attack = Attack(state.model("A2"), state.model("B1"), "close", "standard_attack", 0)
    assert "T-PET-2" in rules_of(attack_modifiers(state, attack))
    state.model("A1").status = KILLED
    assert rules_of(attack_modifiers(state, attack)) == {"T-PET-3"}


@pytest.mark.rule("MOD-15", "SEQ-3")
def test_every_roll_names_its_dice_modifiers_and_weapon() -> None:
    state = table((0, figure("Two", weapons=[("Axe", "1h_blunt"), ("Knife", "1h_edged")]), 10, 10, 0),
                  (1, figure("Foe"), 10 + D, 10, 180), (0, figure("Pal"), 10 + D, 10 + D, 0))
    state.dice.force(2, 3, 4, 5)
    Script(["B1", "1"]).run(actions.close_attack(state, state.model("A1"), "standard_attack"))
    declared = events(state, "AttackDeclared")[0]
    assert declared.data["weapon"] == 1 and "Knife" in declared.text
    for r in rolls(state):
        assert r["dice"] and all({"value", "rule", "source"} == set(m) for m in r["modifiers"])
    assert rolls(state)[0]["modifiers"] == [{"value": 1, "rule": "MOD-3", "source": "gang up (Pal)"}]
    assert "+1 gang up (Pal) [MOD-3]" in events(state, "DiceRolled")[0].text


@pytest.mark.rule("SEQ-5")
def test_attackers_turn_to_face_their_target() -> None:
    state = table((0, figure("A"), 10, 10, 45), (1, figure("B"), 10 + D, 10, 180))
    state.model("A1").facing = 60  # still has B in its front arc
    state.dice.force(1, 2, 3, 4)
    Script(["B1"]).run(actions.close_attack(state, state.model("A1"), "standard_attack"))
    assert state.model("A1").facing == pytest.approx(0)


@pytest.mark.rule("SEQ-16", "TURN-8")
def test_the_game_ends_when_a_side_has_no_model_left() -> None:
    state = table((0, figure("A"), 10, 10, 0), (1, figure("B"), 30, 30, 180))
    state.model("B1").status = KILLED
    Script([]).run(turn.maintenance(state))
    assert state.phase == "over" and state.turn == 1 and events(state, "GameOver")
