"""Every trait's effect in play, with forced dice ([T-*])."""

from __future__ import annotations

import pytest

from game.rules import actions, turn
from game.rules.combat import Attack, attack_modifiers, defence_modifiers, resolve_attack
from game.rules.movement import allowance
from game.rules.plans import legal_plans
from tests.rules.harness import Script, events, figure, rolls, square, table

D = 25 / 25.4
L = 40 / 25.4  # a 40 mm base


def mods(ms) -> set[tuple[int, str]]:
    return {(m.value, m.rule) for m in ms}


def duel(a, d, a_facing=0.0, d_facing=180.0, fate=(0, 0), extra=()):
    gap = a.base_diameter / 2 + d.base_diameter / 2
    return table((0, a, 10, 10, a_facing), (1, d, 10 + gap, 10, d_facing), *extra, fate=fate)


def close(state, action="standard_attack"):
    return Attack(state.model("A1"), state.model("B1"), "close", action, 0)


@pytest.mark.rule("T-ASSASSIN-1", "DICE-6", "MOD-1")
def test_assassin_replaces_the_back_arc_bonus() -> None:
    state = duel(figure("Knife", traits=["assassin"]), figure("Mark"), d_facing=0)
    assert mods(attack_modifiers(state, close(state))) == {(2, "MOD-1"), (4, "T-ASSASSIN-1")}
    state.dice.force(1, 2, 1, 2)
    Script(["B1"]).run(actions.close_attack(state, state.model("A1"), "standard_attack"))
    assert [m["rule"] for m in rolls(state)[0]["modifiers"]] == ["T-ASSASSIN-1"]  # +4 instead of +2


@pytest.mark.rule("T-HARDCH-1", "MOD-2", "MOVE-11")
def test_hard_charger() -> None:
    state = duel(figure("Ram", traits=["hard_charger"]), figure("Foe"))
    assert allowance(state, state.model("A1"), "charge")[0] == 8 and allowance(state, state.model("A1"), "walk")[0] == 6
    state.dice.force(1, 2, 1, 2)
    Script([]).run(resolve_attack(state, close(state, "charge_attack")))
    assert [(m["value"], m["rule"]) for m in rolls(state)[0]["modifiers"]] == [(4, "T-HARDCH-1")]


@pytest.mark.rule("T-BERSERK-1")
def test_berserker_grows_with_wounds() -> None:
    state = duel(figure("Mad", "companion", traits=["berserker"]), figure("Foe"))
    a = state.model("A1")
    assert mods(attack_modifiers(state, close(state))) == set()
    a.wounds_taken = 1
    assert mods(attack_modifiers(state, close(state))) == {(1, "T-BERSERK-1")}
    a.wounds_taken = 2
    assert mods(attack_modifiers(state, close(state))) == {(2, "T-BERSERK-1")}


@pytest.mark.rule("T-MARKSMAN-1", "RNG-4")
def test_marksman_adds_to_aimed_shots() -> None:
    state = duel(figure("Eye", weapons=[("Bow", "2h_ranged")], traits=["marksman"]), figure("Foe"))
    aimed = Attack(state.model("A1"), state.model("B1"), "ranged", "aimed_shot", 0, range_band="short")
    plain = Attack(state.model("A1"), state.model("B1"), "ranged", "ranged_attack", 0, range_band="short")
    assert {(2, "RNG-4"), (3, "T-MARKSMAN-1")} <= mods(attack_modifiers(state, aimed))
    assert (3, "T-MARKSMAN-1") not in mods(attack_modifiers(state, plain))


@pytest.mark.rule("T-BASTION-1")
def test_bastion() -> None:
    wall = figure("Wall", traits=["bastion"])
    state = table((1, wall, 10, 10, 180), (0, figure("E1"), 10 - D, 10, 0), (0, figure("E2"), 10 + D, 10, 180),
                  (0, figure("E3"), 10, 10 + D, 270))
    attack = Attack(state.model("A1"), state.model("B1"), "close", "standard_attack", 0)
    assert mods(defence_modifiers(state, attack)) >= {(2, "T-BASTION-1")}
    state.model("A3").x = 30
    assert (1, "T-BASTION-1") in mods(defence_modifiers(state, attack))
    state.model("B1").conditions = {**state.model("B1").conditions, "stunned": True}
    assert not any(r == "T-BASTION-1" for _, r in mods(defence_modifiers(state, attack)))
    state.model("B1").conditions = {}
    state.model("A2").x = 30
    assert not any(r == "T-BASTION-1" for _, r in mods(defence_modifiers(state, attack)))


@pytest.mark.rule("T-GUARD-1")
def test_guard_protects_friends_in_contact_and_does_not_stack() -> None:
    state = table((0, figure("Attacker"), 10, 10, 0), (1, figure("Ward"), 10 + D, 10, 180),
                  (1, figure("Guard1", traits=["guard"]), 10 + 2 * D, 10, 0),
                  (1, figure("Guard2", traits=["guard"]), 10 + D, 10 + D, 0))
    attack = Attack(state.model("A1"), state.model("B1"), "close", "standard_attack", 0)
    assert [m for m in defence_modifiers(state, attack) if m.rule == "T-GUARD-1"] == \
        [next(m for m in defence_modifiers(state, attack) if m.rule == "T-GUARD-1")]
    assert (2, "T-GUARD-1") in mods(defence_modifiers(state, attack))
    ranged = Attack(state.model("A1"), state.model("B1"), "ranged", "ranged_attack", 0, range_band="short")
    assert (2, "T-GUARD-1") not in mods(defence_modifiers(state, ranged))


@pytest.mark.rule("T-REACH-1", "T-REACH-2")
def test_reach() -> None:
    state = duel(figure("Rider", traits=["mounted"]), figure("Pike", traits=["reach"]))
    assert mods(defence_modifiers(state, close(state, "charge_attack"))) == {(2, "T-REACH-1"), (2, "T-REACH-2")}
    assert mods(defence_modifiers(state, close(state))) == {(2, "T-REACH-2")}


@pytest.mark.rule("T-LARGE-1", "T-GARG-3", "T-GARG-4", "T-LARGE-3")
def test_size_bonuses() -> None:
    state = duel(figure("Ogre", traits=["large"]), figure("Foe"))
    assert (1, "T-LARGE-1") in mods(attack_modifiers(state, close(state)))
    state = duel(figure("Titan", "hero", traits=["gargantuan"]), figure("Foe"))
    assert (3, "T-GARG-3") in mods(attack_modifiers(state, close(state)))
    from game.rules import conditions

    titan = state.model("A1")
    assert conditions.causes_terror(titan) and conditions.terror_immune(state, titan)
    assert not any("sneak" in p for p in legal_plans(state, titan, 3))


@pytest.mark.rule("T-GIANT-1", "T-GIANT-2", "T-HOLY-1", "T-HOLY-2", "T-MONHUNT-1", "T-WITCH-1")
@pytest.mark.parametrize(("trait", "quarry", "own", "friend", "ranged"),
                         [("giant_slayer", "large", 3, 1, True), ("holy", "undead", 3, 1, False),
                          ("monster_hunter", "monstrous", 3, 1, False), ("witch_hunter", "sorcery", 3, 1, False)])
def test_hunters(trait: str, quarry: str, own: int, friend: int, ranged: bool) -> None:
    hunter = figure("Hunter", "hero", traits=[trait], weapons=[("Sword", "1h_edged"), ("Bow", "2h_ranged")])
    prey = figure("Prey", "companion" if quarry == "sorcery" else "follower", traits=[quarry])
    state = duel(hunter, prey, extra=[(0, figure("Pal"), 10, 14, 0)])
    a, d = state.model("A1"), state.model("B1")
    assert own in {v for v, _ in mods(attack_modifiers(state, close(state)))}
    shot = Attack(a, d, "ranged", "ranged_attack", 1, range_band="short")
    assert any(v == own for v, r in mods(attack_modifiers(state, shot)) if r.startswith("T-G")) is ranged
    pal = state.model("A2")
    pal.x, pal.y = d.x, d.y + d.radius + pal.radius  # in contact with the prey, within 6″ of the hunter
    pal_attack = Attack(pal, d, "close", "standard_attack", 0)
    assert any(v == friend and r.startswith("T-") for v, r in mods(attack_modifiers(state, pal_attack)))
    pal.x, pal.y = d.x + 20, d.y  # far from the hunter: no aura
    assert not any(r.startswith("T-") for _, r in mods(attack_modifiers(state, pal_attack)))


@pytest.mark.rule("T-GIANT-1")
def test_giant_slayer_against_gargantuan_is_two() -> None:
    state = duel(figure("Hunter", "hero", traits=["giant_slayer"]), figure("Titan", "hero", traits=["gargantuan"]))
    assert (2, "T-GIANT-1") in mods(attack_modifiers(state, close(state)))


@pytest.mark.rule("T-HOLY-1", "T-TOUGH-1", "T-UNDEAD-1")
def test_undead_lose_tough_against_holy() -> None:
    state = duel(figure("Paladin", "hero", traits=["holy"]), figure("Ghoul", traits=["undead"]))
    state.dice.force(5, 6, 1, 2)
    Script(["B1"]).run(actions.close_attack(state, state.model("A1"), "standard_attack"))
    assert state.model("B1").wounds_taken == 1 and events(state, "ToughLost") and not events(state, "TraitRoll")


@pytest.mark.rule("T-FLIGHT-1", "T-FLIGHT-2", "TURN-9")
def test_flight() -> None:
    hedge = square("hedge", "obstacle", 12, 5, 12.5, 15)
    state = table((0, figure("Bird", traits=["flight"]), 10, 10, 0), (1, figure("Foe"), 30, 30, 180), pieces=[hedge])
    state.active_model = "A1"  # a move in its own activation ([T-FLIGHT-2])
    Script([{"x": 16, "y": 10}]).run(actions.resolve(state, state.model("A1"), "walk"))
    state.active_model = None
    moved = events(state, "ModelMoved")[0].data
    assert moved["cost"] == pytest.approx(6) and state.model("A1").conditions.get("flight_moved")
    attack = Attack(state.model("B1"), state.model("A1"), "ranged", "ranged_attack", None, range_band="long")
    assert (1, "T-FLIGHT-2") in mods(defence_modifiers(state, attack))
    state.dice.force(1)
    Script(["nothing", 0]).run(turn.activate(state, state.model("A1")))
    assert "flight_moved" not in state.model("A1").conditions


@pytest.mark.rule("T-LUMBER-1", "T-AMPHIB-1", "T-RANGER-1")
def test_lumbering_amphibious_ranger() -> None:
    state = table((0, figure("Slowpoke", traits=["lumbering"]), 10, 10, 0), (1, figure("Foe"), 30, 30, 180))
    assert not any("run" in p for p in legal_plans(state, state.model("A1"), 3))
    ford = square("ford", "rough", 12, 5, 14, 15, water=True)
    for traits, rough in (((), True), (("amphibious",), False), (("ranger",), False)):
        state = table((0, figure("Wader", traits=traits), 10, 10, 0), (1, figure("Foe"), 30, 30, 180), pieces=[ford])
        Script([{"x": 16, "y": 10}]).run(actions.resolve(state, state.model("A1"), "walk"))
        assert bool(state.model("A1").conditions.get("rough")) is rough


@pytest.mark.rule("T-ARCARMOR-1", "DICE-5", "SEQ-1")
def test_arcane_armor_once_per_turn() -> None:
    state = duel(figure("Brute", MA=5), figure("Warded", "hero", PD=3, traits=["arcane_armor"]))
    state.dice.force(4, 4, 1, 3, 6)  # 13 vs 1+3+3 = 7: re-roll the 1 -> 6: 12, still losing
    script = Script(["B1", "arcane_armor"])
    script.run(actions.close_attack(state, state.model("A1"), "standard_attack"))
    assert events(state, "DiceRerolled")[0].data["dice"] == [6, 3]
    state.model("A1").activated = False
    state.dice.force(4, 4, 1, 3)
    script = Script(["B1"])
    script.run(actions.close_attack(state, state.model("A1"), "standard_attack"))
    assert "reroll" not in script.kinds()  # used this turn already


@pytest.mark.rule("T-BLESSED-1")
def test_blessed_weapon_rerolls_ones_with_that_weapon_only() -> None:
    paladin = figure("Paladin", "hero", weapons=[("Lightbringer", "1h_edged"), ("Club", "1h_blunt")],
                     traits=["blessed_weapon"])
    paladin = paladin.__class__(**{**paladin.__dict__, "blessed_weapon": "lightbringer"})
    state = duel(paladin, figure("Foe", PD=3))
    state.dice.force(1, 1, 3, 3, 5, 6)
    Script(["B1", "0", "blessed_weapon"]).run(actions.close_attack(state, state.model("A1"), "standard_attack"))
    assert events(state, "DiceRerolled")[0].data["dice"] == [5, 6]
    state = duel(paladin, figure("Foe", PD=3))
    state.dice.force(1, 1, 3, 3)
    script = Script(["B1", "1"])
    script.run(actions.close_attack(state, state.model("A1"), "standard_attack"))
    assert "reroll" not in script.kinds()


@pytest.mark.rule("T-SLAYER-1", "SEQ-6", "SEQ-7")
def test_slayer() -> None:
    state = duel(figure("Slayer", "hero", traits=["slayer"]), figure("Victim", "companion"), fate=(1, 0))
    state.dice.force(5, 6, 1, 2, 5)
    Script(["B1", "pass", "spend"]).run(actions.close_attack(state, state.model("A1"), "standard_attack"))
    assert state.model("B1").wounds_taken == 2
    state = duel(figure("Slayer", "hero", traits=["slayer"]), figure("Victim", "companion"))
    state.dice.force(5, 6, 1, 2, 3)
    Script(["B1"]).run(actions.close_attack(state, state.model("A1"), "furious_attack"))
    assert not [e for e in events(state, "TraitRoll") if e.data["trait"] == "Slayer"]  # never after Furious


@pytest.mark.rule("T-DRAIN-1", "SEQ-6")
def test_drain_heals_after_wounding() -> None:
    state = duel(figure("Vampire", "hero", traits=["drain"]), figure("Victim", "companion"))
    state.model("A1").wounds_taken = 2
    state.dice.force(5, 6, 1, 2, 5)
    Script(["B1"]).run(actions.close_attack(state, state.model("A1"), "standard_attack"))
    assert state.model("A1").wounds_taken == 1 and events(state, "Healed")


@pytest.mark.rule("T-HEALER-1", "SPEC-5")
def test_healer() -> None:
    state = table((0, figure("Medic", "companion", traits=["healer"]), 10, 10, 0), (0, figure("Hurt"), 10 + D, 10, 0),
                  (1, figure("Foe"), 30, 30, 0), fate=(1, 0))
    state.model("A2").wounds_taken = 1
    Script(["A2", "spend"]).run(actions.resolve(state, state.model("A1"), "heal"))
    assert events(state, "TraitRoll")[0].data["need"] == 3


@pytest.mark.rule("T-SLAM-1", "SEQ-10", "CC-4")
def test_shield_slam() -> None:
    slammer = figure("Slammer", weapons=[("Mace", "1h_blunt"), ("Shield", "shield")], traits=["shield_slam"])
    state = duel(slammer, figure("Foe"))
    state.dice.force(5, 6, 1, 2)
    Script(["B1"]).run(actions.resolve(state, state.model("A1"), "shield_slam"))
    foe = state.model("B1")
    assert foe.wounds_taken == 0 and foe.conditions.get("stunned") and foe.x == pytest.approx(10 + D + 1)


@pytest.mark.rule("T-SWEEP-1", "SEQ-9", "SEQ-15")
def test_sweeping_attack_hits_friend_and_foe() -> None:
    state = table((0, figure("Sweeper", "hero", traits=["sweeping_attack"]), 10, 10, 0),
                  (1, figure("Front"), 10 + D, 10, 180), (0, figure("Friend"), 10 - D, 10, 0))
    state.dice.force(5, 6, 1, 2, 5, 6, 1, 2)
    script = Script(["A2"])  # the sweeper's player orders the strikes; the last one needs no choice
    script.run(actions.resolve(state, state.model("A1"), "sweeping_attack"))
    assert state.model("A2").wounds_taken == 1 and state.model("B1").wounds_taken == 1


@pytest.mark.rule("T-GARG-6", "DIG-MOVE-5")
def test_quake() -> None:
    titan = figure("Titan", "hero", traits=["gargantuan"])
    r = titan.base_diameter / 2
    state = table((0, titan, 10, 10, 0), (1, figure("Foe"), 10 + r + D / 2, 10, 180),
                  (0, figure("Friend"), 10, 10 + r + D / 2, 0), pieces=[square("wall", "impassable", 9, 12.9, 11, 14)])
    Script([]).run(actions.resolve(state, state.model("A1"), "quake"))
    foe, friend = state.model("B1"), state.model("A2")
    assert foe.x == pytest.approx(10 + r + D / 2 + 2) and foe.conditions.get("stunned")
    assert friend.conditions.get("stunned") and friend.conditions.get("quake_blocked")
    assert {m.rule for m in turn.activation_modifiers(state, friend)} == {"T-GARG-6"}


@pytest.mark.rule("T-BLAST-1", "AOE-1")
def test_blast_makes_ranged_attacks_area_attacks() -> None:
    state = table((0, figure("Bomber", weapons=[("Mortar", "2h_ranged")], traits=["blast"]), 10, 10, 0),
                  (1, figure("Target", PD=1), 15, 10, 180), (1, figure("Near", PD=1), 15, 12, 180))
    state.dice.force(5, 6, 1, 1, 1, 1)
    Script(["B1"]).run(actions.resolve(state, state.model("A1"), "ranged_attack"))
    assert state.model("B2").wounds_taken == 1 and events(state, "AreaHit")


@pytest.mark.rule("T-SPRAY-1", "T-SPRAY-2")
def test_spray() -> None:
    hedge = square("hedge", "obstacle", 14.2, 5, 14.6, 15)
    state = table((0, figure("Sprayer", "hero", weapons=[("Blunderbuss", "2h_ranged")], traits=["spray"]), 10, 10, 0),
                  (1, figure("Target", PD=1), 15, 10, 180), (1, figure("Beside", PD=1), 15, 11.5, 180),
                  (1, figure("Away", PD=1), 15, 16, 180), pieces=[hedge])
    state.dice.force(4, 5, 1, 1, 4, 5, 1, 1)
    Script(["B1"]).run(actions.resolve(state, state.model("A1"), "ranged_attack"))
    first = [r for r in rolls(state) if r["roll"] == "defence"]
    follow = [r for r in rolls(state) if r["roll"] == "attack"]
    assert all(m["rule"] != "MOD-10" for r in first for m in r["modifiers"])  # short range ignores cover
    assert {"value": -3, "rule": "T-SPRAY-1", "source": "Spray follow-up shot"} in follow[1]["modifiers"]
    assert state.model("B2").wounds_taken == 1 and state.model("B3").wounds_taken == 0


@pytest.mark.rule("T-DUAL-1", "SEQ-3", "ACT-2")
def test_dual_wield_two_combat_actions_with_different_weapons() -> None:
    kane = figure("Kane", "companion", weapons=[("Katana", "1h_edged"), ("Wakizashi", "1h_edged")],
                  traits=["dual_wield"])
    state = duel(kane, figure("Foe", PD=1))
    plans = legal_plans(state, state.model("A1"), 3)
    assert ("standard_attack", "standard_attack") in plans and ("standard_attack", "furious_attack") in plans
    state.dice.force(3, 1, 2, 1, 2, 2, 1)
    script = Script(["standard_attack,standard_attack", "B1", "0", "B1"])  # the 2nd weapon is the other one
    state.active_model = "A1"
    script.run(turn.run_plan(state, state.model("A1"), 3))
    used = [e.data["weapon"] for e in events(state, "AttackDeclared")]
    assert used == [0, 1]


@pytest.mark.rule("T-AMBUSH-2", "T-AMBUSH-3", "T-AMBUSH-1")
def test_ambush_arrives_at_the_edge_away_from_enemies() -> None:
    state = table((0, figure("Lurker", "companion", traits=["ambush"]), 0, 0, 0), (1, figure("Foe"), 3, 30, 0),
                  (0, figure("Other"), 18, 5, 0))
    state.model("A1").status = "reserve"
    state.dice.force(5)  # turn 1 needs a 6
    Script([]).run(turn.maintenance(state))
    assert state.model("A1").status == "reserve" and events(state, "AmbushRoll")[0].data["need"] == 6
    state.dice.force(4)  # after turn 2: 4+
    script = Script([{"x": 1, "y": 33}, {"x": 0.6, "y": 3}, 0])
    with pytest.raises(Exception) as err:
        script.run(turn.maintenance(state))
    assert "9″" in str(err.value)
    state2 = table((0, figure("Lurker", "companion", traits=["ambush"]), 0, 0, 0), (1, figure("Foe"), 18, 30, 0),
                   (0, figure("Other"), 18, 5, 0))
    state2.model("A1").status = "reserve"
    state2.turn = 2
    state2.dice.force(4)
    Script([{"x": 0.6, "y": 3}, 90]).run(turn.maintenance(state2))
    lurker = state2.model("A1")
    assert lurker.on_table and (lurker.x, lurker.y) == (0.6, 3) and state2.bag.count(0) == 2


@pytest.mark.rule("T-DRAIN-1", "T-SWEEP-1", "SEQ-7")
def test_drain_rolls_only_after_wounding_an_enemy() -> None:
    """RULING 2026-12-05: a friend wounded by the model's own Sweeping Attack gives no Drain roll; the enemy
    it wounds next does."""
    sweeper = figure("Vampire lord", "hero", traits=["sweeping_attack", "drain"])
    state = table((0, sweeper, 10, 10, 0), (1, figure("Foe"), 10 + D, 10, 180), (0, figure("Thrall"), 10 - D, 10, 0))
    state.model("A1").wounds_taken = 2
    state.dice.force(5, 6, 1, 2, 5, 6, 1, 2, 5)  # the friend is struck and wounded, then the foe; Drain rolls 5
    Script(["A2"]).run(actions.resolve(state, state.model("A1"), "sweeping_attack"))
    assert state.model("A2").wounds_taken == 1 and state.model("B1").wounds_taken == 1
    drains = [e for e in events(state, "TraitRoll") if e.data["trait"] == "Drain"]
    assert len(drains) == 1 and state.model("A1").wounds_taken == 1
    assert state.log.index(drains[0]) > state.log.index(events(state, "Wounded")[1])  # after the foe's wound


@pytest.mark.rule("T-SLAM-1", "SEQ-10", "MOD-6", "SKILL-3")
def test_shield_slam_is_never_unskilled() -> None:
    """[SEQ-10]: the unskilled -3 belongs to Shove alone; a Shield Slam uses no weapon but is never unskilled,
    whether or not the slammer has a melee skill."""
    for weapons in ([("Mace", "1h_blunt"), ("Shield", "shield")], [("Shield", "shield")]):
        state = duel(figure("Slammer", weapons=weapons, traits=["shield_slam"]), figure("Foe"))
        slam = Attack(state.model("A1"), state.model("B1"), "close", "shield_slam", None)
        assert (-3, "MOD-6") not in mods(attack_modifiers(state, slam)), weapons
    shove = Attack(state.model("A1"), state.model("B1"), "close", "shove", None)
    assert (-3, "MOD-6") in mods(attack_modifiers(state, shove))  # a Shove without a melee skill still is


@pytest.mark.rule("T-FLIGHT-2", "HERO-1", "TURN-9")
def test_flight_bonus_only_from_a_move_in_its_own_activation() -> None:
    """RULING 2026-12-05: a move made with a hero's free AP is not the flier's activation: it gives no +1 PD,
    and it does not end a bonus the flier already has."""
    for had_bonus in (False, True):
        state = table((0, figure("Hero", "hero"), 10, 10, 0), (0, figure("Bird", traits=["flight"]), 16, 10, 0),
                      (1, figure("Far"), 34, 34, 180))
        bird = state.model("A2")
        if had_bonus:
            state.active_model = bird.id
            Script([{"x": 16, "y": 12}]).run(actions.resolve(state, bird, "walk"))  # its own activation's move
            state.active_model = None
            assert bird.conditions.get("flight_moved")
        state.dice.force(2)
        Script(["A2", "walk", {"x": 16, "y": 16}, 33, "nothing", 0]).run(turn.activate(state, state.model("A1")))
        assert (bird.x, bird.y) == (16, 16)
        assert bool(bird.conditions.get("flight_moved")) is had_bonus


@pytest.mark.rule("T-TOUGH-1", "T-BLAST-1", "AOE-1", "SPEC-3", "ACT-3", "COND-1", "DIG-ACT-2")
def test_a_tough_blaster_stunned_by_its_own_shot_may_shake_off() -> None:
    """A Blast shot's area reaches every model within 3″ of the target, the shooter too; a Tough shooter may
    be Stunned instead of wounded. Stunned, it may spend its AP on nothing but Shake Off ([COND-1]), which is
    the first thing a Stunned model does ([SPEC-3]): so with AP left it may shake off at once, then go on."""
    bomber = figure("Bomber", RA=5, PD=1, weapons=[("Grenades", "thrown")], traits=["blast", "tough"])
    state = table((0, bomber, 10, 10, 0), (1, figure("Target", PD=1), 12, 10, 180), (1, figure("Far"), 30, 30, 0))
    state.settings.declare_plan_upfront = False  # action by action: the choice comes after the shot
    state.dice.force(6, 5, 6, 1, 1, 1, 1, 6)  # 3 AP; 16 v 3 wounds the target; the blast beats the bomber's 5; Tough 6
    script = Script(["ranged_attack", "B1", "shake_off", "walk", {"x": 10, "y": 5}, 0])  # Shake Off: one facing
    script.run(turn.activate(state, state.model("A1")))
    after_shot = [d for d in script.asked if d.kind == "next_action"][1]
    assert after_shot.choices() == ["end", "shake_off"]  # nothing else while Stunned, and Shake Off first
    bomber_now = state.model("A1")
    assert events(state, "ShookOff") and not bomber_now.conditions.get("stunned")
    assert (bomber_now.x, bomber_now.y) == (10, 5) and not events(state, "ActionSkipped")


@pytest.mark.rule("T-TOUGH-1", "T-BLAST-1", "SPEC-3", "SEQ-2", "DIG-ACT-1")
def test_a_tough_blaster_may_declare_a_shake_off_after_its_shot() -> None:
    """RULING 2026-12-01 of [SEQ-2]: an action whose condition an earlier action of the plan may meet is offered
    and checked when it resolves. A Tough Blast shooter's shot may Stun it, so Shake Off may follow the shot at
    once (nowhere else); if the shot leaves it standing, the Shake Off is skipped and its AP lost."""
    bomber = figure("Bomber", RA=5, PD=1, weapons=[("Grenades", "thrown")], traits=["blast", "tough"])
    state = table((0, bomber, 10, 10, 0), (1, figure("Target", PD=1), 12, 10, 180), (1, figure("Far"), 30, 30, 0))
    plans = legal_plans(state, state.model("A1"), 3)
    assert ("ranged_attack", "shake_off", "walk") in plans and ("walk", "ranged_attack", "shake_off") in plans
    assert not any(p[:1] == ("shake_off",) or "walk,shake_off" in ",".join(p) for p in plans)
    plain = table((0, figure("Gunner", weapons=[("Gun", "2h_ranged")], traits=["tough"]), 10, 10, 0),
                  (1, figure("Target"), 12, 10, 180))
    assert not any("shake_off" in p for p in legal_plans(plain, plain.model("A1"), 3))  # its shot cannot Stun it
    for tough_roll, stunned in ((6, True), (1, False)):
        state = table((0, bomber, 10, 10, 0), (1, figure("Target", PD=1), 12, 10, 180), (1, figure("Far"), 30, 30, 0))
        state.dice.force(6, 5, 6, 1, 1, 1, 1, tough_roll)
        answers = ["ranged_attack,shake_off,walk", "B1", {"x": 10, "y": 5}, 0]
        Script(answers).run(turn.activate(state, state.model("A1")))
        assert bool(events(state, "ShookOff")) is stunned and bool(events(state, "ActionSkipped")) is not stunned
        model = state.model("A1")
        assert not model.conditions.get("stunned") and (model.x, model.y) == (10, 5)
        assert model.wounds_taken == (0 if stunned else 1)
