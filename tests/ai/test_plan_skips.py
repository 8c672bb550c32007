"""The AI declares no action it cannot carry out ([SEQ-2]): no plan (or next action) of any level holds an
action that the rules' readiness check says cannot succeed from the start of the activation with no earlier
action of the plan to make it possible; over many games few activations lose an action's AP at all.

"random" is a test opponent (any legal plan, on purpose) and is held to neither."""

from __future__ import annotations

import pytest

from game.ai.futile import futile
from game.ai.registry import make
from game.lab import ai_soak, plan_audit
from game.lab.plan_audit import unready
from tests.ai.test_plan_futility import activate
from tests.rules.harness import figure, square, table

LEVELS = ("easy", "normal", "hard")


@pytest.mark.rule("SEQ-2", "DIG-ACT-1", "DIG-ACT-2")
@pytest.mark.parametrize("level", LEVELS)
def test_no_level_declares_an_action_the_rules_say_cannot_succeed(level: str) -> None:
    tasks = ai_soak.plan(2, 5, pairings=[(level, level)], encounters=("breakthrough", "rescue"))
    for task, upfront in zip(tasks, (True, False), strict=True):
        t = plan_audit.play(task, upfront)
        assert t.choices[level] > 20
        assert t.unready[level] == 0, t.examples


@pytest.mark.rule("SEQ-2", "MOVE-3", "MOVE-4")
@pytest.mark.parametrize("level", LEVELS)
def test_no_charge_at_an_enemy_behind_a_wall(level: str) -> None:
    """5″ away but out of sight: the rules offer the charge (checked when it resolves), the AI does not take it."""
    for seed in range(3):
        state = table((0, figure("Raider"), 10, 10, 0), (1, figure("Guard"), 16.5, 10, 180),
                      pieces=[square("wall", "impassable", 12.5, 4, 13.5, 16)])
        m = state.model("A1")
        assert unready(state, m, ["charge"]) == ["charge"]
        state.dice.force(6, 5, 4)
        done = activate(state, m, make(level, seed))
        assert "charge" not in done and not [e for e in state.log if e.kind == "ActionSkipped"], (seed, done)


@pytest.mark.rule("SEQ-2", "CC-1", "MOVE-10", "RNG-1")
def test_futility_reads_the_rules_readiness() -> None:
    state = table((0, figure("Gunner", weapons=[("Bow", "2h_ranged"), ("Knife", "1h_edged")]), 10, 10, 0),
                  (1, figure("Near"), 15, 10, 180), (1, figure("Far"), 30, 30, 180))
    m = state.model("A1")
    assert futile(state, m, ["standard_attack"]) == 1  # no enemy in base contact, nothing before it moves
    assert futile(state, m, ["walk", "standard_attack"]) == 0  # a walk reaches the enemy 4″ away
    assert futile(state, m, ["charge", "standard_attack"]) == 0
    assert futile(state, m, ["charge", "ranged_attack"]) == 1  # a charge ends engaged: no shot after it
    near = state.model("B1")
    near.x = 10 + m.radius + near.radius  # now in base contact
    assert futile(state, m, ["shove", "walk"]) == 1  # only a lucky push would free it to walk
    assert futile(state, m, ["standard_attack", "ranged_attack"]) == 1
    assert futile(state, m, ["standard_attack", "standard_attack"]) == 0
    assert unready(state, m, ["shove", "walk"]) == []  # the rules' own structural check allows it


@pytest.mark.slow
@pytest.mark.rule("SEQ-2")
@pytest.mark.parametrize("upfront", [True, False])
@pytest.mark.parametrize("level", LEVELS)
def test_few_activations_lose_an_action(level: str, upfront: bool) -> None:
    t = plan_audit.measure([level], 24, seed=3, upfront=upfront)
    assert t.unready[level] == 0, t.examples
    assert t.skipped[level] <= 0.02 * t.acted[level], (t.skipped[level], t.acted[level], t.kinds)


@pytest.mark.rule("SEQ-2", "DIG-ACT-1", "SORC-3", "T-HEALER-1")
def test_why_not_now_names_a_missing_target_for_a_traits_action() -> None:
    """A spell with no enemy in reach, a Heal with no wounded friend: offered (a move may change it), and
    marked by the rules' readiness check, so that the UI marks it and the AI leaves it out."""
    from game.rules.readiness import why_not_now

    state = table((0, figure("Mage", traits=["sorcery"]), 4, 4, 0), (0, figure("Medic", traits=["healer"]), 4, 8, 0),
                  (1, figure("Far"), 32, 32, 180))
    mage, medic = state.model("A1"), state.model("A2")
    assert why_not_now(state, mage, "cast_1").rule == "SORC-3"
    assert unready(state, mage, ["walk", "cast_1"]) == [] and unready(state, mage, ["cast_1"]) == ["cast_1"]
    assert why_not_now(state, medic, "heal").rule == "T-HEALER-1"
    state.model("B1").x, state.model("B1").y = 12, 4
    assert why_not_now(state, mage, "cast_1") is None


@pytest.mark.rule("SEQ-2", "T-HEALER-1", "DIG-MOVE-2")
def test_a_heal_needs_a_walk_that_reaches_a_wounded_friend_and_a_wound_left() -> None:
    """A Heal after a walk is sound only if a legal route of the walk ends in base contact with a wounded friend
    (a walk anywhere else leaves it skipped); two Heals only if there are two wounds to heal."""
    state = table((0, figure("Medic", traits=["healer"]), 10, 10, 0), (0, figure("Hurt", kind="companion"), 14, 10, 0),
                  (0, figure("Far", kind="companion"), 30, 10, 0), (1, figure("Foe"), 30, 32, 180))
    medic, hurt, far = state.model("A1"), state.model("A2"), state.model("A3")
    far.wounds_taken = 1
    assert futile(state, medic, ["walk", "heal"]) == 1  # the only wounded friend is 19″ away
    hurt.wounds_taken = 1
    assert futile(state, medic, ["walk", "heal"]) == 0  # 3″ of walking puts it in contact with Hurt
    assert futile(state, medic, ["heal"]) == 1  # nothing before it moves
    state.models["A2"].x = 10 + medic.radius + hurt.radius  # now in base contact
    far.wounds_taken = 0
    assert futile(state, medic, ["heal", "heal"]) == 1  # the first may heal the only wound there is
    hurt.wounds_taken = 2
    assert futile(state, medic, ["heal", "heal"]) == 0


@pytest.mark.rule("SEQ-2", "T-HEALER-1", "DIG-MOVE-2")
@pytest.mark.parametrize("level", LEVELS)
def test_the_walk_before_a_heal_ends_in_contact_with_the_wounded_friend(level: str) -> None:
    for seed in range(3):
        state = table((0, figure("Medic", traits=["healer"]), 10, 10, 0),
                      (0, figure("Hurt", kind="companion"), 14.5, 12, 0), (1, figure("Foe"), 30, 32, 180))
        medic, hurt = state.model("A1"), state.model("A2")
        hurt.wounds_taken = 1
        state.dice.force(6, 5, 6, 6, 6, 6)
        done = activate(state, medic, make(level, seed))
        assert not [e for e in state.log if e.kind == "ActionSkipped"], (level, seed, done)
        # (3 AP: a Sneak, 2 AP, walks as far as a Walk and leaves no AP idle)
        assert level == "easy" or (done in (["walk", "heal"], ["sneak", "heal"]) and hurt.wounds_taken == 0), \
            (level, seed, done)


@pytest.mark.rule("SEQ-2", "DIG-ACT-1", "T-SLAM-1", "CC-1")
def test_a_shield_slam_with_nobody_in_contact_is_marked_and_left_out() -> None:
    """Shield Slam is a close combat attack: with no enemy in base contact the plan menu marks it (the rules'
    readiness names the missing target) and the AI does not declare it; a walk that reaches one lifts it."""
    from game.rules.readiness import why_not_now

    state = table((0, figure("Dwarf", traits=["shield_slam"], weapons=[("Axe", "1h_edged"), ("Shield", "shield")]),
                   10, 10, 0), (1, figure("Foe"), 14, 10, 180))
    dwarf = state.model("A1")
    assert why_not_now(state, dwarf, "shield_slam").rule == "CC-1"
    assert futile(state, dwarf, ["shield_slam"]) == 1
    assert futile(state, dwarf, ["walk", "shield_slam"]) == 0
