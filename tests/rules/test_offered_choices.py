"""Choices that could only lead to a skip are not offered, and the decision says why ([SORC-4], [SORC-5], [SEQ-3]).

An enhancement that leaves no eligible target, or a weapon with no enemy in its range, would cost the
AP and skip the action ([SEQ-2]); it is left out, and the decision's context "unavailable" names it with
the reason, which the UI shows under the question.
"""

from __future__ import annotations

import pytest

from game.rules import actions, sorcery
from tests.rules.harness import Script, events, figure, rolls, table

D = 25 / 25.4


def witch():
    return figure("Witch", "companion", WP=5, traits=["sorcery"])


@pytest.mark.rule("SORC-4", "SORC-5", "SORC-3", "SEQ-2")
def test_an_enhancement_that_leaves_no_target_is_not_offered_and_the_reason_is_given() -> None:
    state = table((0, witch(), 5, 10, 0), (1, figure("Far"), 5 + 20 + D, 10, 180))  # 20″ away: Greater Reach only
    state.dice.force(5, 6, 1, 2)
    script = Script(["ravage", "greater_reach", "B1"])
    script.run(sorcery.cast(state, state.model("A1"), 2))
    enhancement = script.asked[1]
    assert enhancement.kind == "enhancement" and enhancement.choices() == ["greater_reach"]
    assert enhancement.context["unavailable"] == [
        {"key": "greater_focus", "label": "Greater Focus", "why": "no enemy in line of sight within 18″ [SORC-3]"}]
    assert not events(state, "ActionSkipped") and state.model("B1").wounds_taken == 1
    from game.ui.battle.prompts import unavailable_lines  # what the battle screen prints under the question

    assert unavailable_lines(enhancement) == ["Not offered: Greater Focus — no enemy in line of sight within 18″ "
                                              "[SORC-3]"]


@pytest.mark.rule("SORC-4", "SORC-5")
def test_every_enhancement_is_offered_when_each_leaves_a_target() -> None:
    state = table((0, witch(), 5, 10, 0), (1, figure("Near"), 15, 10, 180))
    state.dice.force(5, 6, 1, 2)
    script = Script(["stun", "greater_focus", "B1"])
    script.run(sorcery.cast(state, state.model("A1"), 2))
    assert script.asked[1].choices() == ["greater_reach", "greater_focus"]
    assert script.asked[1].context["unavailable"] == []
    assert {"value": 2, "rule": "SORC-5", "source": "Greater Focus"} in rolls(state)[0]["modifiers"]


@pytest.mark.rule("SORC-4", "SORC-5", "SEQ-2")
def test_no_enhancement_leaves_a_target_so_nothing_is_asked_and_the_cast_is_skipped() -> None:
    state = table((0, witch(), 5, 10, 0), (1, figure("Far"), 5 + 20 + D, 10, 180))
    script = Script([])
    script.run(sorcery.cast(state, state.model("A1"), 3))  # Sorcerer's Gambit or More than One: 18″ either way
    assert script.asked == []
    assert "no enemy in line of sight within 18″" in events(state, "ActionSkipped")[0].text


@pytest.mark.rule("SEQ-3", "RNG-2", "SKILL-6")
def test_a_weapon_with_no_enemy_in_its_range_is_not_offered_and_the_reason_is_given() -> None:
    kit = [("Bow", "2h_ranged"), ("Crossbow", "2h_ranged"), ("Knife", "thrown")]
    state = table((0, figure("Hunter", weapons=kit), 5, 10, 0), (1, figure("Deer"), 5 + 12 + D, 10, 180))
    state.dice.force(1, 2, 1, 3)
    script = Script(["1", "B1"])
    script.run(actions.resolve(state, state.model("A1"), "ranged_attack"))
    weapon = script.asked[0]
    assert weapon.kind == "weapon" and weapon.choices() == ["0", "1"]
    assert weapon.context["unavailable"] == [
        {"key": "2", "label": "Knife", "why": "no enemy in line of sight within its 6″ [RNG-2]"}]
    assert len(rolls(state)) == 2
    # only the Bow reaches: no question at all, the shot is made with it
    state = table((0, figure("Hunter", weapons=kit[::2]), 5, 10, 0), (1, figure("Deer"), 5 + 12 + D, 10, 180))
    state.dice.force(1, 2, 1, 3)
    script = Script(["B1"])
    script.run(actions.resolve(state, state.model("A1"), "ranged_attack"))
    assert script.kinds() == ["target"] and events(state, "AttackDeclared")[0].data["weapon"] == 0


@pytest.mark.rule("SEQ-3", "T-DUAL-1")
def test_a_dual_wield_weapon_already_used_is_named_as_not_offered() -> None:
    kit = [("Axe", "1h_blunt"), ("Sword", "1h_edged"), ("Dagger", "1h_edged")]
    state = table((0, figure("Twin", weapons=kit, traits=["dual_wield"]), 10, 10, 0),
                  (1, figure("Foe", PD=9), 10 + D, 10, 180))
    state.active_model = "A1"
    state.dice.force(1, 2, 1, 3, 1, 2, 1, 3)
    Script(["B1", "0"]).run(actions.resolve(state, state.model("A1"), "standard_attack"))
    second = Script(["B1", "1"])
    second.run(actions.resolve(state, state.model("A1"), "standard_attack"))
    weapon = second.asked[1]
    assert weapon.choices() == ["1", "2"]
    assert weapon.context["unavailable"] == [{"key": "0", "label": "Axe", "why": "its other combat action used it "
                                              "[T-DUAL-1]"}]
