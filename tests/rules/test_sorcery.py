"""Sorcery and the six spells ([SORC-*], [SPELL-*], [SEQ-8], [SEQ-12], [EX-10])."""

from __future__ import annotations

import pytest

from game.rules import actions, sorcery, turn
from game.rules.plans import legal_plans
from tests.rules.harness import Script, events, figure, rolls, square, table

D = 25 / 25.4


def caster(**kw):
    traits = kw.pop("traits", [])
    return figure(kw.pop("name", "Witch"), "companion", WP=kw.pop("WP", 5), traits=["sorcery", *traits], **kw)


def cast(state, ap: int, answers: list) -> Script:
    script = Script(answers)
    script.run(sorcery.cast(state, state.model("A1"), ap))
    return script


@pytest.mark.rule("EX-10", "SORC-4", "SORC-5", "SPELL-4", "T-TOUGH-1", "FATE-5")
def test_ex10_ravage_with_greater_reach_and_tough() -> None:
    aurat = caster(name="Aurat", WP=5, MA=2, PD=5)
    sigil = figure("Sigil the Dwarf", MA=3, PD=4, WP=3, traits=["tough"])
    state = table((0, aurat, 5, 10, 0), (1, sigil, 5 + 20 + D, 10, 180), fate=(1, 2))
    state.dice.force(6, 5, 3, 4, 4, 2, 5)
    script = cast(state, 2, ["ravage", "greater_reach", "spend", "B1", "spend", "spend"])
    assert script.kinds() == ["spell", "enhancement", "inner_reserve", "target", "inner_reserve", "trait_fate"]
    c, r = rolls(state)
    assert c["dice"] == [6, 5, 3] and c["total"] == 19
    assert r["dice"] == [4, 4, 2] and r["attribute"] == "PD" and r["total"] == 14
    sig = state.model("B1")
    assert sig.wounds_taken == 0 and sig.conditions.get("stunned")
    assert events(state, "TraitRoll")[0].data["need"] == 5


@pytest.mark.rule("SORC-3", "SORC-5")
def test_range_is_18_inches_plus_6_with_greater_reach() -> None:
    state = table((0, caster(), 5, 10, 0), (1, figure("Far"), 5 + 20 + D, 10, 180))
    assert cast(state, 1, []).asked == []  # no target: skipped before any spell is chosen in vain
    assert "no enemy in line of sight within 18″" in events(state, "ActionSkipped")[0].text
    wall = square("wall", "impassable", 9, 5, 10, 15, blocks_los=True)
    state = table((0, caster(), 5, 10, 0), (1, figure("Hidden"), 15, 10, 180), pieces=[wall])
    cast(state, 1, [])
    assert events(state, "ActionSkipped")


@pytest.mark.rule("SORC-1", "SORC-2", "SEQ-12", "T-SORC-1", "SPEC-1", "ACT-4", "SEQ-2")
def test_who_casts_and_how_often() -> None:
    state = table((0, caster(traits=["healer"]), 10, 10, 0), (1, figure("Foe"), 20, 10, 180),
                  (0, figure("Plain"), 12, 12, 0))
    plans = legal_plans(state, state.model("A1"), 3)
    assert ("cast_1", "cast_1", "cast_1") in plans and ("cast_1", "heal", "cast_1") in plans
    assert ("cast_3",) in plans and ("walk", "cast_2") in plans
    assert not any(a.startswith("cast") for p in legal_plans(state, state.model("A2"), 3) for a in p)
    state.model("B1").x = 10 + D  # in base contact with an enemy: no casting
    engaged = legal_plans(state, state.model("A1"), 3)
    assert not any(p[0].startswith("cast") for p in engaged if p)
    # [SEQ-2]: unless an earlier blow of the plan may free it; the cast is checked when it resolves
    assert ("standard_attack", "cast_1") in engaged and ("walk", "cast_1") not in engaged


@pytest.mark.rule("SORC-6", "T-ARCATT-1")
def test_burn_out_after_the_reroll() -> None:
    state = table((0, caster(traits=["arcane_attunement"]), 10, 10, 0), (1, figure("Foe"), 15, 10, 180))
    state.dice.force(1, 1, 3, 3, 4, 1)  # cast 1,1 (+5) = 7 vs 3,3 (+3) = 9; re-roll both 1s: 4, 1 -> one 1 left
    cast(state, 1, ["stun", "B1", "arcane_attunement"])
    assert not state.model("A1").conditions.get("burnt_out")
    assert [e.data["reason"] for e in events(state, "DiceRerolled")] == ["arcane_attunement"]
    state = table((0, caster(), 10, 10, 0), (1, figure("Foe", WP=1), 15, 10, 180))
    state.dice.force(1, 1, 1, 2)  # 2 + 5 = 7 vs 3 + 1 = 4: it works, and burns out
    cast(state, 1, ["stun", "B1"])
    assert state.model("B1").conditions.get("stunned") and state.model("A1").conditions.get("burnt_out")
    assert all(not a.startswith("cast") for p in legal_plans(state, state.model("A1"), 3) for a in p)


@pytest.mark.rule("SORC-7", "SORC-8", "MOD-12", "T-ARCRES-1")
def test_casting_modifiers() -> None:
    state = table((0, caster(), 10, 10, 0), (1, figure("Foe", traits=["arcane_resistance"]), 15, 10, 180),
                  (0, figure("Pal"), 15 + D, 10, 180))
    state.model("A1").conditions = {**state.model("A1").conditions, "ran": True, "rough": True}
    state.model("B1").conditions = {**state.model("B1").conditions, "stealth": True}
    state.dice.force(6, 6, 1, 2)  # a double 6 on the cast: no effect beyond the spell ([SORC-8])
    cast(state, 1, ["ravage", "B1"])
    c, r = rolls(state)
    assert {(m["value"], m["rule"]) for m in c["modifiers"]} == {(-4, "SORC-7"), (-2, "MOD-13"), (-3, "SORC-7")}
    assert {(m["value"], m["rule"]) for m in r["modifiers"]} == {(4, "SORC-7"), (1, "T-ARCRES-1")}
    assert not events(state, "Stunned")


@pytest.mark.rule("SPELL-1", "SPELL-2", "SPELL-5", "SPELL-6", "SORC-4")
@pytest.mark.parametrize("spell", ["confusion", "entangle", "stun", "weakness"])
def test_wp_spells(spell: str) -> None:
    state = table((0, caster(), 10, 10, 0), (1, figure("Foe", WP=2), 15, 10, 180))
    state.dice.force(4, 4, 1, 2)
    cast(state, 1, [spell, "B1"] + (["PD"] if spell == "weakness" else []))
    foe = state.model("B1")
    assert rolls(state)[1]["attribute"] == "WP"
    expected = {"confusion": ("confused", True), "entangle": ("entangled", True), "stun": ("stunned", True),
                "weakness": ("weakness", "PD")}[spell]
    assert foe.conditions.get(expected[0]) == expected[1]
    Script([]).run(turn.maintenance(state))
    assert (expected[0] in foe.conditions) is (spell == "stun")  # all but Stun end in Maintenance


@pytest.mark.rule("SPELL-6")
def test_weakness_lowers_the_chosen_attribute_on_rolls() -> None:
    state = table((0, figure("A"), 10, 10, 0), (1, figure("B"), 10 + D, 10, 180))
    state.model("B1").conditions = {**state.model("B1").conditions, "weakness": "PD"}
    state.dice.force(1, 2, 3, 4)
    Script(["B1"]).run(actions.close_attack(state, state.model("A1"), "standard_attack"))
    assert {"value": -2, "rule": "SPELL-6", "source": "Weakness (PD)"} in rolls(state)[1]["modifiers"]


@pytest.mark.rule("SPELL-1")
def test_confusion_on_a_model_that_already_activated_does_nothing() -> None:
    state = table((0, caster(), 10, 10, 0), (1, figure("Foe", WP=2), 15, 10, 180))
    state.model("B1").activated = True
    state.dice.force(4, 4, 1, 2)
    cast(state, 1, ["confusion", "B1"])
    assert "confused" not in state.model("B1").conditions and events(state, "SpellNoEffect")


@pytest.mark.rule("SPELL-3", "SPELL-4", "DIG-MOVE-5")
def test_push_and_ravage() -> None:
    state = table((0, caster(), 10, 10, 0), (1, figure("Foe", PD=1), 15, 10, 180))
    state.dice.force(4, 4, 1, 2)
    cast(state, 1, ["push", "B1"])
    assert state.model("B1").x == pytest.approx(17) and not state.model("B1").conditions.get("stunned")
    state = table((0, caster(), 25, 10, 0), (1, figure("Edge", PD=1), 35, 10, 180))
    state.dice.force(4, 4, 1, 2)
    cast(state, 1, ["push", "B1"])
    b = state.model("B1")
    assert b.on_table and b.x == pytest.approx(36 - D / 2) and not b.conditions.get("stunned")
    state = table((0, caster(), 10, 10, 0), (1, figure("Foe", PD=1), 15, 10, 180))
    state.dice.force(4, 4, 1, 2)
    cast(state, 1, ["ravage", "B1"])
    assert state.model("B1").wounds_taken == 1


@pytest.mark.rule("SEQ-8", "SORC-5")
def test_more_than_one() -> None:
    state = table((0, caster(), 10, 10, 0), (1, figure("Foe", WP=1), 16, 10, 180), (1, figure("Near", WP=1), 16, 12, 0),
                  (0, figure("Friend", WP=9), 17, 11, 0), (1, figure("Far", WP=1), 16, 20, 0))
    state.dice.force(6, 5, 1, 1, 6, 6, 1, 1)  # 11+5 = 16; Foe 2+1; nearest first: Friend 12+9+2, Near 2+1+2
    cast(state, 3, ["stun", "more_than_one", "B1"])
    assert state.model("B1").conditions.get("stunned") and state.model("B2").conditions.get("stunned")
    assert not state.model("A2").conditions.get("stunned")  # the caster's friend resisted at WP 9 + 2
    assert not state.model("B3").conditions.get("stunned")
    assert len([r for r in rolls(state) if "More than One" in r["roll"]]) == 2


@pytest.mark.rule("SORC-5")
def test_greater_focus_and_sorcerers_gambit() -> None:
    state = table((0, caster(), 10, 10, 0), (1, figure("Foe"), 15, 10, 180))
    state.dice.force(1, 2, 6, 6)
    cast(state, 2, ["stun", "greater_focus", "B1"])
    assert {"value": 2, "rule": "SORC-5", "source": "Greater Focus"} in rolls(state)[0]["modifiers"]
    state = table((0, caster(), 10, 10, 0), (1, figure("Foe"), 15, 10, 180))
    state.dice.force(1, 2, 3, 6, 6)
    cast(state, 3, ["stun", "sorcerers_gambit", "B1"])
    assert rolls(state)[0]["dice"] == [1, 2, 3]


@pytest.mark.rule("T-DRAIN-1", "T-ARCRES-1", "SEQ-8", "SORC-5")
def test_drain_and_arcane_resistance_only_against_enemies() -> None:
    """RULING 2026-12-05: a friend caught by a friendly More than One resists without Arcane Resistance's +1,
    and the friend it wounds gives its caster no Drain roll; the enemy target keeps both rules."""
    witch = caster(traits=["drain"])
    state = table((0, witch, 10, 10, 0), (1, figure("Foe", traits=["arcane_resistance"]), 15, 10, 180),
                  (0, figure("Pal", traits=["arcane_resistance"]), 15, 11.5, 180))
    state.model("A1").wounds_taken = 1
    state.dice.force(5, 6, 1, 2, 5, 1, 1, 5)  # 16 v 7 wounds the foe, Drain 5; the pal's 1,1 is beaten; (Drain 5)
    cast(state, 3, ["ravage", "more_than_one", "B1"])
    foe_roll, pal_roll = rolls(state)[1], rolls(state)[2]
    assert (foe_roll["roll"], pal_roll["roll"]) == ("resisting Ravage", "resisting Ravage (More than One)")
    assert any(m["rule"] == "T-ARCRES-1" for m in foe_roll["modifiers"])
    assert not any(m["rule"] == "T-ARCRES-1" for m in pal_roll["modifiers"])
    assert state.model("B1").wounds_taken == 1 and state.model("A2").wounds_taken == 1
    assert [e.data["trait"] for e in events(state, "TraitRoll")] == ["Drain"]  # for the foe's wound only
    assert state.model("A1").wounds_taken == 0
