"""The book's worked examples EX-2 to EX-9 with forced dice ([EX-1] is in tests/core/test_dice.py)."""

from __future__ import annotations

import pytest

from game.rules import actions, turn
from game.rules.combat import model_roll_modifiers
from tests.rules.harness import Script, events, figure, rolls, square, table

D = 25 / 25.4  # one 25 mm base diameter in inches: two such bases touch at this centre distance


def seed_for_draw(state, side: int) -> None:
    """Pick the dice seed whose first blind draw from the bag comes out for ``side``."""
    for seed in range(1000):
        probe = state.dice.__class__(seed)
        if state.bag[probe.choice_index(len(state.bag))] == side:
            state.dice = state.dice.__class__(seed)
            return
    raise AssertionError("no seed found")


@pytest.mark.rule("EX-2", "FATE-2")
def test_ex2_winds_of_kismet() -> None:
    anne = figure("Anneviere", "hero")
    ben = figure("Raensleyar", "hero")
    state = table((0, anne, 5, 5, 0), (1, ben, 30, 30, 180), fate=(3, 3))
    state.bag = [0, 0, 1]
    seed_for_draw(state, 0)
    script = Script(["spend", "B1", "pass", "pass", "nothing", 90])
    script.run(turn.draw(state))
    assert script.kinds()[:2] == ["winds_of_kismet", "nominate"]
    assert script.asked[0].side == 1 and script.asked[1].side == 1  # Ben answers, then nominates
    assert sum(1 for d in script.asked if d.kind == "winds_of_kismet") == 1  # Anne cannot answer back
    assert state.sides[1].fate == 1 and sorted(state.bag) == [0, 0]  # Anne's die went back, Ben's came out
    assert state.model("B1").activated and not state.model("A1").activated


@pytest.mark.rule("EX-3", "FATE-3", "FATE-4", "TURN-5")
def test_ex3_greater_purpose_and_cursed_hand_cancel() -> None:
    state = table((0, figure("Anne's model"), 5, 5, 0), (1, figure("Ben's model"), 30, 30, 180), fate=(1, 1))
    state.dice.force(4)
    script = Script(["spend", "spend", "nothing", 0])
    script.run(turn.activate(state, state.model("B1")))
    assert script.kinds()[:2] == ["greater_purpose", "cursed_hand"]
    assert [d.side for d in script.asked[:2]] == [1, 0]
    roll = events(state, "ActivationRoll")[0].data
    assert [(m["value"], m["rule"]) for m in roll["modifiers"]] == [(1, "FATE-3"), (-1, "FATE-4")]
    assert roll["total"] == 4 and roll["ap"] == 2
    assert state.sides[0].fate == 0 and state.sides[1].fate == 0


@pytest.mark.rule("EX-4", "TURN-4", "PARTY-5", "MOVE-1", "CC-2")
def test_ex4_hero_activation_walk_and_furious_attack() -> None:
    raens = figure("Raensleyar", "hero", MA=6, RA=3, PD=4, WP=5)
    foe = figure("Anneviere", "hero", MA=5, PD=6)
    state = table((1, raens, 10, 10, 0), (0, foe, 16 + D, 10, 180))  # 6″ apart edge to edge
    state.dice.force(5, 2, 3, 4, 1, 1)
    script = Script(["walk,furious_attack", {"x": 16.0, "y": 10.0}, "pass", "A1", 0])
    script.run(turn.activate(state, state.model("B1")))
    roll = events(state, "ActivationRoll")[0].data
    assert roll["dice"] == [5] and roll["total"] == 6 and roll["ap"] == 3
    assert roll["modifiers"] == [{"value": 1, "rule": "PARTY-5", "source": "Hero's Will"}]
    plan = script.asked[0]
    assert plan.kind == "plan" and "walk,furious_attack" in plan.choices()
    attack = rolls(state)[0]
    assert attack["dice"] == [2, 3, 4]  # the Furious Attack's extra die
    assert state.model("B1").x == pytest.approx(16.0)


@pytest.mark.rule("EX-5", "MOVE-2", "TERR-2", "MOD-12", "MOD-13")
def test_ex5_run_through_rough_terrain() -> None:
    sigil = figure("Sigil the Dwarf", MA=3, RA=2, PD=4, WP=3, traits=["tough"])
    ruins = square("ruins", "area", 12, 5, 16, 15, style="ruins")
    state = table((0, sigil, 10, 10, 0), (1, figure("Enemy"), 34, 34, 180), pieces=[ruins])
    state.dice.force(2)
    script = Script(["run", {"x": 19.0, "y": 10.0}, 0])
    script.run(turn.activate(state, state.model("A1")))
    assert events(state, "ActivationRoll")[0].data["ap"] == 1
    mods = model_roll_modifiers(state, state.model("A1"))
    assert [(m.value, m.rule) for m in mods] == [(-3, "MOD-12"), (-2, "MOD-13")]
    assert sum(m.value for m in mods) == -5
    assert state.model("A1").x == pytest.approx(19.0)


@pytest.mark.rule("EX-6", "MOVE-2", "MOD-12", "RNG-3")
def test_ex6_run_declared_after_a_shot_penalises_the_shot() -> None:
    delia = figure("Delia of the Green", MA=3, RA=4, weapons=[("Sword", "1h_edged"), ("Falcon", "1h_ranged")])
    state = table((0, delia, 10, 10, 0), (1, figure("Target"), 15, 10, 180))
    state.dice.force(4, 3, 3, 5, 5)
    script = Script(["ranged_attack,run", "B1", {"x": 10.0, "y": 18.0}, 0])
    script.run(turn.activate(state, state.model("A1")))
    shot = rolls(state)[0]
    assert {"value": -3, "rule": "MOD-12", "source": "ran this turn"} in shot["modifiers"]
    assert shot["total"] == 3 + 3 + 4 - 3
    assert not events(state, "Wounded")  # 7 does not beat the target's 5 + 5 + 3


@pytest.mark.rule("EX-7", "SPEC-2", "SEQ-4", "COND-2")
def test_ex7_full_defense_when_engaged() -> None:
    raens = figure("Raensleyar", "hero", MA=6, PD=4)
    anne = figure("Anneviere", "hero", MA=5, PD=6)
    state = table((1, raens, 10, 10, 0), (0, anne, 14, 10, 180), (0, figure("Rupert"), 30, 30, 0))
    state.bag = [0, 0, 1]
    state.dice.force(6, 3, 3, 1, 1, 1)  # activation 6 (+1) -> 3 AP; attack 3,3 (a double); defence 1,1 + d6 1
    script = Script(["walk,standard_attack", {"x": 13.0, "y": 10.0}, "declare", "A1", 0])
    script.run(turn.activate(state, state.model("B1")))
    a1 = state.model("A1")
    assert a1.conditions.get("full_defense") and a1.activated
    assert state.bag == [0, 1]  # one of Anne's dice left the bag
    defence = next(r for r in rolls(state) if r["roll"] == "defence")
    assert len(defence["dice"]) == 3  # +1d6 against close combat
    assert not a1.conditions.get("stunned")  # doubles would Stun; Full Defense is immune
    assert events(state, "StunIgnored")


@pytest.mark.rule("EX-8", "CC-5", "CC-6", "SKILL-4", "FATE-5", "DICE-3")
def test_ex8_furious_attack_with_inner_reserve() -> None:
    nami = figure("Nami", MA=4, weapons=[("Claymore", "2h_edged")])
    raens = figure("Raensleyar", "hero", MA=6, PD=5)
    state = table((0, nami, 10, 10, 0), (1, raens, 10 + D, 10, 180), fate=(1, 0))
    state.dice.force(6, 6, 3, 4, 4, 5)
    Script(["B1", "spend"]).run(actions.close_attack(state, state.model("A1"), "furious_attack"))
    attack, defence = rolls(state)
    assert attack["dice"] == [6, 6, 3, 4] and attack["total"] == 23
    assert defence["dice"] == [4, 5] and defence["total"] == 14
    b1 = state.model("B1")
    assert b1.wounds_taken == 2 and b1.conditions.get("stunned")
    assert state.sides[0].fate == 0


@pytest.mark.rule("EX-9", "RNG-5", "MOD-7", "SKILL-6", "FATE-5")
def test_ex9_long_range_shot_and_inner_reserve() -> None:
    tama = figure("Tama", RA=3, weapons=[("Sword", "1h_edged"), ("Hand-Crossbow", "1h_ranged")])
    sigrun = figure("Sigrun", MA=4, PD=3)
    state = table((0, tama, 10, 10, 0), (1, sigrun, 17 + D, 10, 180), fate=(0, 1))
    state.dice.force(3, 2, 2, 2, 4)
    Script(["B1", "spend"]).run(actions.ranged_attack(state, state.model("A1"), "ranged_attack"))
    attack, defence = rolls(state)
    assert {"value": -2, "rule": "MOD-7", "source": "long range"} in attack["modifiers"]
    assert attack["total"] == 6
    assert defence["dice"] == [2, 2, 4] and defence["total"] == 11
    assert state.model("B1").wounds_taken == 0
