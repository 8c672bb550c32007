"""Close and ranged combat: modifiers, doubles, brutal attacks, weapons, Fate windows ([CC-*], [RNG-*], [MOD-*])."""

from __future__ import annotations

import pytest

from game.geometry.battlefield import NEVER_IN_COVER
from game.rules import actions, board, combat
from game.rules.combat import Attack, attack_modifiers, defence_modifiers, resolve_attack
from tests.rules.harness import Script, events, figure, rolls, square, table

D = 25 / 25.4


def mods(ms) -> set[tuple[int, str]]:
    return {(m.value, m.rule) for m in ms}


def duel(attacker=None, defender=None, a_facing=0.0, d_facing=180.0, fate=(0, 0), pieces=(), dx=D):
    return table((0, attacker or figure("Attacker"), 10, 10, a_facing),
                 (1, defender or figure("Defender"), 10 + dx, 10, d_facing), fate=fate, pieces=pieces)


@pytest.mark.rule("CC-1", "BASE-6", "SEQ-5")
def test_close_attacks_need_contact_and_the_attacker_turns_to_face() -> None:
    state = duel(a_facing=180)  # the defender is behind the attacker: it turns to face it ([SEQ-5])
    state.dice.force(1, 2, 1, 3)
    Script(["B1"]).run(actions.close_attack(state, state.model("A1"), "standard_attack"))
    assert not events(state, "ActionSkipped") and events(state, "Turned") and state.model("A1").facing == 0
    state = duel(dx=D + 0.5)
    Script([]).run(actions.close_attack(state, state.model("A1"), "standard_attack"))
    assert events(state, "ActionSkipped")
    state = duel()
    state.dice.force(1, 2, 1, 3)
    Script(["B1"]).run(actions.close_attack(state, state.model("A1"), "standard_attack"))
    assert len(rolls(state)) == 2


@pytest.mark.rule("MOD-1", "MOD-3", "MOD-4", "MOD-5", "SKILL-8", "COND-1")
def test_close_combat_modifiers() -> None:
    shield = figure("Shieldbearer", weapons=[("Sword", "1h_edged"), ("Shield", "shield")])
    state = table((0, figure("Attacker"), 10, 10, 0), (0, figure("Friend"), 10 + D, 10 + D, 270),
                  (1, shield, 10 + D, 10, 180))
    a, d = state.model("A1"), state.model("B1")
    attack = Attack(a, d, "close", "standard_attack", 0)
    assert mods(attack_modifiers(state, attack)) == {(1, "MOD-3")}
    assert mods(defence_modifiers(state, attack)) == {(1, "MOD-4")}
    d.facing = 0  # now the attacker stands behind it: back arc, and the shield no longer helps
    d.conditions = {**d.conditions, "stunned": True}
    assert mods(attack_modifiers(state, attack)) == {(1, "MOD-3"), (2, "MOD-1")}
    assert mods(defence_modifiers(state, attack)) == {(-3, "MOD-5")}
    ranged = Attack(a, d, "ranged", "ranged_attack", None, range_band="short")
    assert (-3, "MOD-5") not in mods(defence_modifiers(state, ranged))  # Stunned: close combat only


@pytest.mark.rule("SKILL-3", "MOD-6")
def test_unskilled_attacks_and_no_ranged_skill() -> None:
    state = duel(attacker=figure("Bare", weapons=[]))
    a, d = state.model("A1"), state.model("B1")
    assert (-3, "MOD-6") in mods(attack_modifiers(state, Attack(a, d, "close", "standard_attack", None)))
    from game.rules.plans import legal_plans

    assert not any("ranged_attack" in p for p in legal_plans(state, a, 3))


@pytest.mark.rule("CC-5", "CC-6", "DICE-2")
def test_brutal_only_when_it_wounds_and_tie_to_defender() -> None:
    state = duel()
    state.dice.force(6, 6, 6, 3)  # 12 + 3 = 15 vs 9 + 3 = 12: critical double, brutal, 2 wounds, Stunned
    Script(["B1"]).run(actions.close_attack(state, state.model("A1"), "standard_attack"))
    d = state.model("B1")
    assert d.status == "killed" and d.wounds_taken == 2
    state = duel(defender=figure("Tough guy", PD=10))
    state.dice.force(6, 6, 6, 6)  # 15 vs 22: the defence holds; a critical Stuns, but brutal does nothing
    Script(["B1"]).run(actions.close_attack(state, state.model("A1"), "standard_attack"))
    d = state.model("B1")
    assert d.wounds_taken == 0 and d.conditions.get("stunned")
    state = duel()
    state.dice.force(4, 5, 4, 5)  # 12 vs 12: tie, no wound
    Script(["B1"]).run(actions.close_attack(state, state.model("A1"), "standard_attack"))
    assert state.model("B1").wounds_taken == 0 and not events(state, "Wounded")


@pytest.mark.rule("SKILL-5", "CC-2")
def test_two_handed_blunt_furious_attack_always_stuns() -> None:
    state = duel(attacker=figure("Maul", weapons=[("Maul", "2h_blunt")]), defender=figure("Wall", PD=12))
    state.dice.force(1, 2, 3, 1, 1)
    Script(["B1"]).run(actions.close_attack(state, state.model("A1"), "furious_attack"))
    assert state.model("B1").wounds_taken == 0 and state.model("B1").conditions.get("stunned")
    assert events(state, "Stunned")[0].data["rule"] == "SKILL-5"


@pytest.mark.rule("COND-2", "SEQ-14", "T-LARGE-2", "T-GARG-2")
def test_stun_immunity() -> None:
    for attacker_traits, defender_traits, stunned in [((), ("large",), False), (("large",), ("large",), True),
                                                      (("gargantuan",), ("large",), True),
                                                      (("large",), ("gargantuan",), False),
                                                      (("gargantuan",), ("gargantuan",), True)]:
        a = figure("A", traits=attacker_traits)
        d = figure("D", PD=12, traits=defender_traits)
        state = table((0, a, 10, 10, 0), (1, d, 10 + a.base_diameter / 2 + d.base_diameter / 2, 10, 180))
        state.dice.force(3, 3, 1, 1)
        Script(["B1"]).run(actions.close_attack(state, state.model("A1"), "standard_attack"))
        assert bool(state.model("B1").conditions.get("stunned")) is stunned, (attacker_traits, defender_traits)


@pytest.mark.rule("CC-3", "CC-4", "SEQ-10", "DIG-MOVE-5")
def test_shove_pushes_without_wounding_or_stunning() -> None:
    state = duel()
    state.dice.force(5, 5, 1, 2)  # doubles, but a Shove never Stuns by doubles
    Script(["B1"]).run(actions.shove(state, state.model("A1"), "shove"))
    d = state.model("B1")
    assert d.wounds_taken == 0 and not d.conditions.get("stunned")
    assert d.x == pytest.approx(10 + D + 1.0) and d.y == pytest.approx(10)
    wall = square("wall", "impassable", 11.6, 5, 13, 15)
    state = duel(pieces=[wall])
    state.dice.force(4, 5, 1, 2)
    Script(["B1"]).run(actions.shove(state, state.model("A1"), "shove"))
    d = state.model("B1")
    assert d.x == pytest.approx(11.6 - D / 2) and d.conditions.get("stunned")  # blocked: as far as it can, Stunned


@pytest.mark.rule("CC-4", "CAS-2", "SEQ-15")
def test_shoved_off_the_table_is_removed_and_counts_as_killed() -> None:
    state = table((0, figure("Pusher"), 34, 10, 0), (1, figure("Edge"), 34 + D, 10, 180))
    state.model("B1").x = 35.6  # its base already hangs over the edge
    state.model("A1").x = 35.6 - D
    state.dice.force(4, 5, 1, 2)
    Script(["B1"]).run(actions.shove(state, state.model("A1"), "shove"))
    assert state.model("B1").status == "removed" and events(state, "Removed")


@pytest.mark.rule("RNG-1", "RNG-2", "SKILL-6")
def test_ranged_eligibility() -> None:
    shooter = figure("Archer", weapons=[("Bow", "2h_ranged")])
    state = table((0, shooter, 10, 10, 0), (1, figure("Near"), 10 + D, 10, 180), (1, figure("Far"), 20, 10, 180))
    Script([]).run(actions.ranged_attack(state, state.model("A1"), "ranged_attack"))
    assert "engaged" in events(state, "ActionSkipped")[0].text
    state = table((0, shooter, 10, 10, 0), (1, figure("Beyond"), 10 + D + 18.5, 10, 180))
    Script([]).run(actions.ranged_attack(state, state.model("A1"), "ranged_attack"))
    assert events(state, "ActionSkipped")  # beyond long range (a target behind it is fine: test_facing)
    state = table((0, shooter, 10, 10, 0), (1, figure("Short"), 10 + D + 9, 10, 180),
                  (1, figure("Long"), 10 + D + 9.5, 15, 180))
    from game.rules.movement import ranged_targets

    bands = {t.name: band for t, band, _ in ranged_targets(state, state.model("A1"), 0)}
    assert bands == {"Short": "short", "Long": "long"}


@pytest.mark.rule("MOD-7", "MOD-8", "MOD-9", "MOD-10", "MOD-11", "RNG-4", "SKILL-7", "T-LARGE-3", "T-GARG-5")
def test_ranged_modifiers() -> None:
    gun = figure("Gunner", weapons=[("Pistol", "1h_ranged_bp")])
    big = figure("Ogre", traits=["large"])
    state = table((0, gun, 10, 10, 0), (1, big, 15, 10, 180), (0, figure("Brawler"), 15 + 1.275, 10, 180))
    a, d = state.model("A1"), state.model("B1")
    short = Attack(a, d, "ranged", "aimed_shot", 0, range_band="short", cover=True)
    assert mods(attack_modifiers(state, short)) == {(1, "SKILL-7"), (2, "RNG-4"), (2, "MOD-8"), (-3, "MOD-9")}
    d.conditions = {**d.conditions, "stealth": True}
    assert mods(defence_modifiers(state, short)) == {(2, "MOD-10"), (4, "MOD-11")}
    long = Attack(a, d, "ranged", "ranged_attack", 0, range_band="long")
    assert (-2, "MOD-7") in mods(attack_modifiers(state, long))
    garg = figure("Giant", traits=["gargantuan"])
    state = table((0, gun, 10, 10, 0), (1, garg, 15, 10, 180))
    g = Attack(state.model("A1"), state.model("B1"), "ranged", "ranged_attack", 0, range_band="long", cover=True)
    assert (3, "MOD-8") in mods(attack_modifiers(state, g))
    # a Gargantuan never has cover ([T-GARG-5]): applied once, by the line of sight that sets ``Attack.cover``,
    # through the flag its base carries (tests/geometry/test_los.py shows the flag leaves no cover)
    assert NEVER_IN_COVER in board.base_record(state.model("B1")).flags
    assert NEVER_IN_COVER not in board.base_record(state.model("A1")).flags


@pytest.mark.rule("SKILL-7", "SPEC-4")
def test_misfire_jams_the_weapon_until_cleared() -> None:
    gun = figure("Gunner", weapons=[("Pistol", "1h_ranged_bp"), ("Pistol", "1h_ranged_bp")])
    state = table((0, gun, 10, 10, 0), (1, figure("Target"), 14, 10, 180))
    state.dice.force(1, 1)
    Script(["B1"]).run(actions.ranged_attack(state, state.model("A1"), "ranged_attack"))  # identical: no question
    a = state.model("A1")
    assert a.jammed == (0,) and len(rolls(state)) == 1 and events(state, "Misfire")  # no defence roll
    assert not events(state, "Stunned")  # no doubles effect
    Script([]).run(actions.clear_weapon(state, a, "clear_weapon"))
    assert a.jammed == ()


@pytest.mark.rule("SEQ-3")
def test_a_weapon_question_offers_identical_entries_once_and_tells_same_names_apart() -> None:
    twins = figure("Twins", weapons=[("Katana", "1h_edged"), ("Katana", "1h_edged"), ("Club", "1h_blunt")])
    state = table((0, twins, 10, 10, 0), (1, figure("Target"), 10 + 25 / 25.4, 10, 180))
    script = Script(["0"])
    script.run(combat.choose_weapon(state, state.model("A1"), [0, 1, 2], "attack"))
    assert [o.label for o in script.asked[0].options] == ["Katana", "Club"]
    named = figure("Named", weapons=[("Blade", "1h_edged"), ("Blade", "2h_edged")])
    state = table((0, named, 10, 10, 0), (1, figure("Target"), 30, 30, 180))
    script = Script(["1"])
    script.run(combat.choose_weapon(state, state.model("A1"), [0, 1], "attack"))
    labels = [o.label for o in script.asked[0].options]
    assert len(set(labels)) == 2 and all(label.startswith("Blade (") and "_" not in label for label in labels)


@pytest.mark.rule("COND-3", "SEQ-11")
def test_attacking_loses_stealth() -> None:
    state = duel()
    state.model("A1").conditions = {**state.model("A1").conditions, "stealth": True}
    state.dice.force(1, 2, 3, 4)
    Script(["B1"]).run(actions.close_attack(state, state.model("A1"), "standard_attack"))
    assert "stealth" not in state.model("A1").conditions


@pytest.mark.rule("MOD-12", "MOD-13", "MOD-14", "COND-5", "COND-7", "HERO-2")
def test_modifiers_on_every_roll() -> None:
    state = duel(defender=figure("Horror", traits=["monstrous"]))
    a, d = state.model("A1"), state.model("B1")
    a.conditions = {**a.conditions, "ran": True, "rough": True}
    attack = Attack(a, d, "close", "standard_attack", 0)
    assert mods(attack_modifiers(state, attack)) == {(-3, "MOD-12"), (-2, "MOD-13"), (-3, "COND-5")}
    state = duel(attacker=figure("Vet", traits=["veteran"]), defender=figure("Horror", traits=["monstrous"]))
    a, d = state.model("A1"), state.model("B1")
    state.sides[0].hero_fate, state.sides[0].hero_fate_turn = "vengeance", state.turn
    assert mods(attack_modifiers(state, Attack(a, d, "close", "standard_attack", 0))) == {(-1, "MOD-14"),
                                                                                          (1, "HERO-2")}


@pytest.mark.rule("SEQ-1", "FATE-6", "DICE-4", "DICE-5")
def test_reroll_window_order() -> None:
    state = duel(fate=(1, 1))
    # attacker 1+1+3 = 5 loses to 3+3+3 = 9: it uses Hand of Fortune (4+4+3 = 11 wins);
    # the defender, now losing, re-rolls too (6+6+3 = 15); the attacker may not go again
    state.dice.force(1, 1, 3, 3, 4, 4, 6, 6)
    script = Script(["B1", "pass", "pass", "hand_of_fortune", "hand_of_fortune"])
    script.run(actions.close_attack(state, state.model("A1"), "standard_attack"))
    sides = [d.side for d in script.asked if d.kind == "reroll"]
    assert sides == [0, 1]
    assert state.model("B1").wounds_taken == 0 and [s.fate for s in state.sides] == [0, 0]


@pytest.mark.rule("SEQ-1", "FATE-6")
def test_a_losing_attacker_that_passed_is_not_asked_again_when_nothing_changed() -> None:
    state = duel(fate=(1, 1))
    # attacker 1+2+3 = 6 loses to 3+3+3 = 9 and passes; the defender, winning, has nothing to re-roll: the
    # attacker's roll is as it was, so the window closes without the same question again
    state.dice.force(1, 2, 3, 3)
    script = Script(["B1", "pass", "pass", "pass"])
    script.run(actions.close_attack(state, state.model("A1"), "standard_attack"))
    assert [d.side for d in script.asked if d.kind == "reroll"] == [0]
    assert state.model("B1").wounds_taken == 0 and [s.fate for s in state.sides] == [1, 1]


@pytest.mark.rule("FATE-7")
def test_one_inner_reserve_or_hand_of_fortune_per_player_per_activation() -> None:
    state = duel(fate=(3, 0))
    state.dice.force(1, 1, 1, 4, 4)
    script = Script(["B1", "spend"])
    script.run(actions.close_attack(state, state.model("A1"), "standard_attack"))  # losing: but no second use
    assert [d.kind for d in script.asked] == ["target", "inner_reserve"]
    assert state.sides[0].fate == 2


@pytest.mark.rule("FATE-8", "MOVE-9", "SEQ-9", "T-AGILE-1")
def test_disengage_free_strikes_without_fate() -> None:
    state = table((0, figure("Leaver"), 10, 10, 0), (1, figure("Striker"), 10 + D, 10, 180),
                  (1, figure("Behind"), 10 - D, 10, 180), fate=(2, 2))
    state.dice.force(6, 5, 1, 1)  # one free strike (the other enemy faces away): 11+3 vs 2+3: a wound
    script = Script(["B1", {"x": 10, "y": 16}])
    ended = script.run(actions.resolve(state, state.model("A1"), "disengage"))
    assert script.asked[0].kind == "free_strike" and script.asked[0].choices() == ["B1", "pass"]
    assert ended is True
    assert "inner_reserve" not in script.kinds() and "reroll" not in script.kinds()
    leaver = state.model("A1")
    assert leaver.wounds_taken == 1 and (leaver.x, leaver.y) == (10, 16)
    agile = table((0, figure("Eel", traits=["agile"]), 10, 10, 0), (1, figure("Striker"), 10 + D, 10, 180))
    Script([{"x": 10, "y": 16}]).run(actions.resolve(agile, agile.model("A1"), "disengage"))
    assert not rolls(agile)


@pytest.mark.rule("AOE-1")
def test_area_of_effect_spreads_only_from_a_wounding_hit() -> None:
    state = table((0, figure("Bomber", RA=3, weapons=[("Bomb", "thrown")]), 10, 10, 0),
                  (1, figure("Target"), 14, 10, 180), (1, figure("Near", PD=1), 14, 12, 180),
                  (0, figure("Friend", PD=9), 15.5, 11, 180), (1, figure("Far"), 14, 20, 180))
    a, t = state.model("A1"), state.model("B1")
    attack = Attack(a, t, "ranged", "ranged_attack", 0, range_band="short", area=True)
    state.dice.force(5, 6, 1, 2, 1, 1, 1, 1)  # 14 vs 6 hits; Near rolls 2 (+1 +2 = 5), Friend 2 (+9 +2 = 13)
    Script([]).run(resolve_attack(state, attack))
    assert t.wounds_taken == 1 and state.model("B2").wounds_taken == 1 and state.model("A2").wounds_taken == 1
    assert state.model("B3").wounds_taken == 0 and len(events(state, "AreaHit")) == 2
    state = table((0, figure("Bomber", weapons=[("Bomb", "thrown")]), 10, 10, 0),
                  (1, figure("Target", PD=9), 14, 10, 180),
                  (1, figure("Near"), 14, 12, 180))
    state.dice.force(1, 2, 6, 5)
    Script([]).run(resolve_attack(state, Attack(state.model("A1"), state.model("B1"), "ranged", "ranged_attack", 0,
                                                range_band="short", area=True)))
    assert not events(state, "AreaHit") and not events(state, "AreaMiss")


@pytest.mark.rule("CAS-1")
def test_killed_models_leave_the_table() -> None:
    state = duel(defender=figure("Frail"))
    state.model("B1").wounds_taken = 1
    state.dice.force(5, 6, 1, 2)
    Script(["B1"]).run(actions.close_attack(state, state.model("A1"), "standard_attack"))
    assert state.model("B1").status == "killed" and state.model("B1") not in state.on_table()


def test_choose_weapon_asks_only_when_there_is_a_choice() -> None:
    state = duel(attacker=figure("Two", weapons=[("Axe", "1h_blunt"), ("Knife", "1h_edged")]))
    script = Script(["1"])
    assert script.run(combat.choose_weapon(state, state.model("A1"), [0, 1], "attack")) == 1


@pytest.mark.rule("CC-7", "T-QUICK-1", "SPEC-5")
def test_quick_fire_two_shots_and_a_misfire_loses_the_second() -> None:
    gunner = figure("Caterine", "hero", RA=6, weapons=[("Firelock", "2h_ranged_bp"), ("Dagger", "1h_edged")],
                    traits=["quick_fire"])
    state = table((0, gunner, 10, 10, 0), (1, figure("Target", PD=1), 15, 10, 180))
    from game.rules.plans import legal_plans

    assert ("quick_fire",) in legal_plans(state, state.model("A1"), 2)
    assert not any({"quick_fire", "ranged_attack"} <= set(p) for p in legal_plans(state, state.model("A1"), 3))
    state.dice.force(1, 2, 1, 1, 2, 3, 1, 1)  # first shot 1+2 vs 1+1: hits; second 2+3 vs 1+1: hits
    Script(["B1"]).run(actions.resolve(state, state.model("A1"), "quick_fire"))
    assert len(events(state, "AttackDeclared")) == 2 and state.model("B1").status == "killed"
    state = table((0, gunner, 10, 10, 0), (1, figure("Target", PD=1), 15, 10, 180))
    state.dice.force(1, 1)
    Script(["B1"]).run(actions.resolve(state, state.model("A1"), "quick_fire"))
    assert len(events(state, "AttackDeclared")) == 1 and events(state, "QuickFireLost")
