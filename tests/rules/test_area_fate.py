"""An area of effect's victims roll with Fate of their own ([AOE-1] RULING 2026-12-01, [FATE-5]-[FATE-7], [SEQ-8]).

Each victim's PD (or resisting) roll is a resolution roll of its own: its player is asked Inner Reserve
before it and Hand of Fortune after a beaten one, within the one use per player per activation; the
attack's total is never rolled again.
"""

from __future__ import annotations

import pytest

from game.rules import actions, sorcery
from game.rules.decisions import Decision
from tests.rules.harness import Script, events, figure, rolls, table


def bomb(fate: tuple[int, int], *extra):
    """A Blast shot at Target (PD 1) with Near (PD 1) 2″ away and any extra models; RA 3 + 2d6."""
    return table((0, figure("Bomber", weapons=[("Mortar", "2h_ranged")], traits=["blast"]), 10, 10, 0),
                 (1, figure("Target", PD=1), 15, 10, 180), (1, figure("Near", PD=1), 15, 12, 180), *extra, fate=fate)


def shoot(state, answers: list) -> Script:
    script = Script(["B1", *answers])
    script.run(actions.resolve(state, state.model("A1"), "ranged_attack"))
    return script


def asked(script: Script) -> list[tuple[str, int, str]]:
    return [(d.kind, d.side, d.prompt) for d in script.asked if d.kind in ("inner_reserve", "reroll")]


def victim_roll(state, name: str = "area of effect defence") -> dict:
    return next(r for r in rolls(state) if r["roll"] == name)


@pytest.mark.rule("AOE-1", "FATE-5", "FATE-7", "FATE-9", "MOD-15")
def test_a_victim_is_asked_inner_reserve_before_its_pd_roll() -> None:
    state = bomb((0, 2))
    # attack 5+6+3 = 14; Target 1+1+1 = 3 (it keeps its Fate); Near takes Inner Reserve: 1+1+1 +1 +2 = 6, hit
    state.dice.force(5, 6, 1, 1, 1, 1, 1)
    script = shoot(state, ["pass", "pass", "spend"])
    assert asked(script) == [("inner_reserve", 1, "Inner Reserve on Target's defence? (+1d6 for 1 Fate)"),
                             ("reroll", 1, "Re-roll Target's PD roll?"),
                             ("inner_reserve", 1, "Inner Reserve on Near's area of effect defence? (+1d6 for 1 Fate)")]
    ir = script.asked[-1]
    assert ir.context["model"] == "B2" and ir.context["against"] == 14 and ir.context["area_attack"].defender.id == "B2"
    near = victim_roll(state)
    assert near["dice"] == [1, 1, 1] and near["total"] == 6
    assert {"value": 2, "rule": "AOE-1", "source": "area of effect"} in near["modifiers"]
    spent = events(state, "FateSpent")
    assert [(e.data["rule"], e.data["what"]) for e in spent] == [("FATE-5", "Inner Reserve on Near's area of effect "
                                                                            "defence")]
    assert state.sides[1].fate == 1 and state.model("B2").wounds_taken == 1 and events(state, "AreaHit")


@pytest.mark.rule("AOE-1", "FATE-6", "SEQ-1", "DICE-4")
def test_a_beaten_victim_may_take_hand_of_fortune() -> None:
    state = bomb((0, 1))
    # Near rolls 1+1 +1 +2 = 5 against 14: beaten, it re-rolls all its dice: 6+6 +3 = 15 holds
    state.dice.force(5, 6, 1, 1, 1, 1, 6, 6)
    script = shoot(state, ["pass", "pass", "pass", "hand_of_fortune"])
    assert [k for k, _, _ in asked(script)] == ["inner_reserve", "reroll", "inner_reserve", "reroll"]
    hof = script.asked[-1]
    assert hof.prompt == "Re-roll Near's area of effect defence?" and "hand_of_fortune" in hof.choices()
    rerolled = events(state, "DiceRerolled")[0].data
    assert (rerolled["model"], rerolled["before"], rerolled["dice"], rerolled["rule"]) == ("B2", [1, 1], [6, 6],
                                                                                            "DICE-4")
    assert events(state, "FateSpent")[0].data["rule"] == "FATE-6"
    assert state.model("B2").wounds_taken == 0 and events(state, "AreaMiss")[0].data["rule"] == "AOE-1"


@pytest.mark.rule("AOE-1", "FATE-6", "FATE-9")
def test_hand_of_fortune_is_not_offered_to_a_victim_that_holds() -> None:
    state = bomb((0, 1))
    state.dice.force(5, 6, 1, 1, 6, 6)  # Near 12 +1 +2 = 15 > 14: holds
    script = shoot(state, ["pass", "pass", "pass"])
    assert [k for k, _, _ in asked(script)] == ["inner_reserve", "reroll", "inner_reserve"]
    assert state.sides[1].fate == 1


@pytest.mark.rule("AOE-1", "FATE-7")
def test_one_use_per_player_per_activation_holds_across_the_victims() -> None:
    # the first victim of Blue spends Inner Reserve: the second victim of Blue is not asked at all
    state = bomb((0, 3), (1, figure("Other", PD=1), 17, 10, 180))
    state.dice.force(5, 6, 1, 1, 1, 1, 1, 1, 1)
    script = shoot(state, ["pass", "pass", "spend"])
    assert [(k, d.context.get("model")) for k, d in ((d.kind, d) for d in script.asked[1:])] == \
        [("inner_reserve", None), ("reroll", "B1"), ("inner_reserve", "B2")]
    assert state.sides[1].fate == 2 and [r["roll"] for r in rolls(state)].count("area of effect defence") == 2
    # the first target's Hand of Fortune on its own defence uses Blue's one use: no victim of Blue is asked
    state = bomb((0, 3))
    state.dice.force(5, 6, 1, 1, 1, 2, 1, 1)
    script = shoot(state, ["pass", "hand_of_fortune"])
    assert [k for k, _, _ in asked(script)] == ["inner_reserve", "reroll"] and state.sides[1].fate == 2


@pytest.mark.rule("AOE-1", "FATE-7")
def test_a_friendly_victim_shares_the_attackers_one_use() -> None:
    friend = (0, figure("Spotter", PD=1), 16.5, 11, 180)  # Red's own model within 3″ of the target
    state = bomb((2, 0), friend)
    state.dice.force(5, 6, 1, 1, 1, 1, 1, 1, 1)  # Red passes on its attack; the Spotter (nearer) spends, then Near
    script = shoot(state, ["pass", "spend"])
    assert [(k, s) for k, s, _ in asked(script)] == [("inner_reserve", 0), ("inner_reserve", 0)]
    assert script.asked[-1].context["model"] == "A2" and victim_roll(state)["dice"] == [1, 1, 1]
    state = bomb((2, 0), friend)
    state.dice.force(1, 1, 5, 6, 1, 1, 1, 1, 1, 1)  # Red takes Inner Reserve on the attack: its Spotter is not asked
    script = shoot(state, ["spend"])
    assert [(k, s) for k, s, _ in asked(script)] == [("inner_reserve", 0)] and state.sides[0].fate == 1


@pytest.mark.rule("AOE-1", "T-ARCARMOR-1", "DICE-5")
def test_a_victims_own_reroll_of_ones_is_its_one_reroll() -> None:
    armoured = (1, figure("Warden", "hero", PD=1, traits=["arcane_armor"]), 15, 12, 180)
    state = table((0, figure("Bomber", weapons=[("Mortar", "2h_ranged")], traits=["blast"]), 10, 10, 0),
                  (1, figure("Target", PD=1), 15, 10, 180), armoured, fate=(0, 1))
    state.dice.force(5, 6, 1, 1, 1, 4, 6)  # Warden 1+4 +1 +2 = 8: it re-rolls its 1 (6): 6+4 +3 = 13 < 14
    script = shoot(state, ["pass", "pass", "pass", "arcane_armor"])
    assert script.asked[-1].choices() == ["pass", "arcane_armor", "hand_of_fortune"]
    assert state.model("B2").wounds_taken == 1 and state.sides[1].fate == 1  # no second re-roll ([DICE-5])


@pytest.mark.rule("SEQ-8", "AOE-1", "FATE-5", "FATE-6", "FATE-7")
def test_more_than_one_victims_resist_with_fate() -> None:
    def witch(fate):
        return table((0, figure("Witch", "companion", WP=5, traits=["sorcery"]), 10, 10, 0),
                     (1, figure("Foe", WP=1), 16, 10, 180), (1, figure("Near", WP=2), 16, 12, 0), fate=fate)

    state = witch((0, 2))
    # casting 6+5+5 = 16; Foe 1+1+1 = 3; Near passes Inner Reserve, rolls 1+1 +2 +2 = 6, re-rolls: 6+6 +4 = 16 holds
    state.dice.force(6, 5, 1, 1, 1, 1, 6, 6)
    script = Script(["stun", "more_than_one", "B1", "pass", "pass", "pass", "hand_of_fortune"])
    script.run(sorcery.cast(state, state.model("A1"), 3))
    fate_asks: list[Decision] = [d for d in script.asked if d.kind in ("inner_reserve", "reroll")]
    assert [d.prompt for d in fate_asks[2:]] == [
        "Inner Reserve on Near's resisting Stun (More than One)? (+1d6 for 1 Fate)",
        "Re-roll Near's resisting Stun (More than One)?"]
    assert fate_asks[2].context["area_spell"] == "stun" and fate_asks[2].context["against"] == 16
    assert not state.model("B2").conditions.get("stunned") and state.sides[1].fate == 1
    assert [e.data["rule"] for e in events(state, "FateSpent")] == ["FATE-6"]
    state = witch((0, 2))
    state.dice.force(6, 5, 1, 1, 1, 1, 1)
    script = Script(["stun", "more_than_one", "B1", "pass", "pass", "spend"])
    script.run(sorcery.cast(state, state.model("A1"), 3))
    near = victim_roll(state, "resisting Stun (More than One)")
    assert near["dice"] == [1, 1, 1] and {"value": 2, "rule": "SEQ-8", "source": "More than One: caught at the edge"} \
        in near["modifiers"]
    assert state.model("B2").conditions.get("stunned") and state.sides[1].fate == 1
