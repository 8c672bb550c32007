"""The unrescued Prisoner is neutral ([ENC-RES-3]): no effect that names "models" reaches it.

Each effect is played twice with the same dice, once with an ordinary model standing on a spot and
once with the Prisoner on that spot: the ordinary model is affected, the Prisoner is not. The
Prisoner's base still stands on the table: it blocks pushes and movement like any base.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from game.rules import actions, board, combat, conditions, sorcery
from game.rules.combat import Attack, attack_modifiers, defence_modifiers
from game.rules.movement import charge_targets, ranged_targets
from game.rules.state import PRISONER, GameState, ModelState
from tests.rules.harness import Script, events, figure, rolls, table

D = 25 / 25.4  # a 25 mm base
G = 60 / 25.4 / 2  # a Gargantuan base's radius


def seize(state: GameState, model_id: str) -> ModelState:
    """Make a model the Prisoner, as [ENC-RES-1] does: neutral, and its die out of the bag."""
    m = state.model(model_id)
    m.status = PRISONER
    state.bag.remove(m.side)
    return m


def untouched(state: GameState, m: ModelState, at: tuple[float, float]) -> bool:
    """Not moved, wounded, marked, attacked or rolled for."""
    mentioned = [e for e in state.log if m.id in (e.data.get("model"), e.data.get("defender"), e.data.get("target"))]
    return (m.x, m.y) == at and m.wounds_taken == 0 and not m.conditions and not mentioned


def both(build: Callable[[], GameState], spot: str, play: Callable[[GameState], None]
         ) -> tuple[tuple[GameState, ModelState], tuple[GameState, ModelState]]:
    """The same scene and dice, with an ordinary model on ``spot`` and with the Prisoner there."""
    out = []
    for neutral in (False, True):
        state = build()
        m = seize(state, spot) if neutral else state.model(spot)
        play(state)
        out.append((state, m))
    return out[0], out[1]


# -- pushes and area effects ------------------------------------------------------------------------

@pytest.mark.rule("ENC-RES-3", "T-GARG-6", "DIG-MOVE-5")
def test_quake_neither_pushes_nor_stuns_the_prisoner() -> None:
    spot = (10 + G + D / 2, 10)

    def build() -> GameState:
        return table((0, figure("Titan", "hero", traits=["gargantuan"]), 10, 10, 0),
                     (1, figure("Foe"), 10, 10 - G - D / 2, 90), (1, figure("Bystander"), *spot, 180))

    (_, ordinary), (neutral, prisoner) = both(
        build, "B2", lambda s: Script([]).run(actions.resolve(s, s.model("A1"), "quake")))
    assert ordinary.x == pytest.approx(spot[0] + 2) and ordinary.conditions.get("stunned")
    assert untouched(neutral, prisoner, spot)
    assert neutral.model("B1").conditions.get("stunned")  # the other model in contact is still quaked
    assert [e.data["model"] for e in events(neutral, "Pushed")] == ["B1"]


@pytest.mark.rule("ENC-RES-3", "T-GARG-6")
def test_quake_with_only_the_prisoner_in_contact_is_skipped() -> None:
    spot = (10 + G + D / 2, 10)
    state = table((0, figure("Titan", "hero", traits=["gargantuan"]), 10, 10, 0), (1, figure("Captive"), *spot, 180))
    prisoner = seize(state, "B1")
    assert Script([]).run(actions.resolve(state, state.model("A1"), "quake")) is False
    assert untouched(state, prisoner, spot) and events(state, "ActionSkipped")


@pytest.mark.rule("ENC-RES-3", "T-GARG-6", "CC-4", "DIG-MOVE-5")
def test_the_prisoner_still_blocks_a_quake_push_like_any_base() -> None:
    foe_at = 10 + G + D / 2
    spot = (foe_at + D + 1, 10)  # 1″ beyond the foe: the foe's 2″ push stops against it
    state = table((0, figure("Titan", "hero", traits=["gargantuan"]), 10, 10, 0), (1, figure("Foe"), foe_at, 10, 180),
                  (1, figure("Captive"), *spot, 180))
    prisoner = seize(state, "B2")
    Script([]).run(actions.resolve(state, state.model("A1"), "quake"))
    foe = state.model("B1")
    assert foe.x == pytest.approx(foe_at + 1) and foe.conditions.get("quake_blocked") and foe.conditions.get("stunned")
    assert (prisoner.x, prisoner.y) == spot and not prisoner.conditions


@pytest.mark.rule("ENC-RES-3", "CC-3", "CC-4")
def test_a_shove_stops_against_the_prisoner_which_does_not_move() -> None:
    spot = (10 + 2 * D + 0.5, 10)
    state = table((0, figure("Shover", MA=5), 10, 10, 0), (1, figure("Foe", PD=1), 10 + D, 10, 180),
                  (1, figure("Captive"), *spot, 180))
    prisoner = seize(state, "B2")
    state.dice.force(5, 6, 1, 2)
    Script(["B1"]).run(actions.resolve(state, state.model("A1"), "shove"))
    foe = state.model("B1")
    assert foe.x == pytest.approx(10 + D + 0.5) and foe.conditions.get("stunned")  # blocked: Stunned ([CC-4])
    assert (prisoner.x, prisoner.y) == spot and not prisoner.conditions


@pytest.mark.rule("ENC-RES-3", "SPELL-3")
def test_a_push_spell_stops_against_the_prisoner() -> None:
    spot = (16 + D + 1, 10)
    state = table((0, figure("Witch", "companion", WP=5, traits=["sorcery"]), 10, 10, 0),
                  (1, figure("Foe", PD=1), 16, 10, 180), (1, figure("Captive"), *spot, 180))
    prisoner = seize(state, "B2")
    state.dice.force(6, 5, 1, 1)
    Script(["push", "B1"]).run(sorcery.cast(state, state.model("A1"), 1))
    assert state.model("B1").x == pytest.approx(16 + 1) and not state.model("B1").conditions.get("stunned")
    assert (prisoner.x, prisoner.y) == spot and not prisoner.conditions


@pytest.mark.rule("ENC-RES-3", "T-SWEEP-1")
def test_a_sweeping_attack_does_not_strike_the_prisoner() -> None:
    spot = (10 - D, 10)

    def build() -> GameState:
        state = table((0, figure("Sweeper", "hero", traits=["sweeping_attack"]), 10, 10, 0),
                      (1, figure("Front", PD=1), 10 + D, 10, 180), (1, figure("Behind", PD=1), *spot, 0))
        state.dice.force(5, 6, 1, 2, 5, 6, 1, 2)
        return state

    def play(state: GameState) -> None:
        order = ["B1"] if state.model("B2").on_table else []
        Script(order).run(actions.resolve(state, state.model("A1"), "sweeping_attack"))

    (plain, ordinary), (neutral, prisoner) = both(build, "B2", play)
    assert ordinary.wounds_taken == 1 and plain.model("B1").wounds_taken == 1
    assert untouched(neutral, prisoner, spot) and neutral.model("B1").wounds_taken == 1


@pytest.mark.rule("ENC-RES-3", "AOE-1", "T-BLAST-1")
def test_a_blast_does_not_catch_the_prisoner() -> None:
    spot = (15, 12)

    def build() -> GameState:
        state = table((0, figure("Bomber", weapons=[("Mortar", "2h_ranged")], traits=["blast"]), 10, 10, 0),
                      (1, figure("Target", PD=1), 15, 10, 180), (1, figure("Near", PD=1), *spot, 180))
        state.dice.force(5, 6, 1, 1, 1, 1)
        return state

    (plain, ordinary), (neutral, prisoner) = both(
        build, "B2", lambda s: Script(["B1"]).run(actions.resolve(s, s.model("A1"), "ranged_attack")))
    assert ordinary.wounds_taken == 1 and events(plain, "AreaHit")
    assert untouched(neutral, prisoner, spot) and not events(neutral, "AreaHit") and not events(neutral, "AreaMiss")
    assert neutral.model("B1").wounds_taken == 1


@pytest.mark.rule("ENC-RES-3", "SEQ-8", "SORC-5")
def test_more_than_one_never_reaches_the_prisoner() -> None:
    spot = (16, 12)

    def build() -> GameState:
        state = table((0, figure("Witch", "companion", WP=5, traits=["sorcery"]), 10, 10, 0),
                      (1, figure("Foe", WP=1), 16, 10, 180), (1, figure("Near", WP=1), *spot, 0))
        state.dice.force(6, 5, 1, 1, 1, 1)
        return state

    (_, ordinary), (neutral, prisoner) = both(
        build, "B2", lambda s: Script(["stun", "more_than_one", "B1"]).run(sorcery.cast(s, s.model("A1"), 3)))
    assert ordinary.conditions.get("stunned")
    assert untouched(neutral, prisoner, spot) and neutral.model("B1").conditions.get("stunned")
    assert not [r for r in rolls(neutral) if "More than One" in r["roll"]]


@pytest.mark.rule("ENC-RES-3", "T-SPRAY-1")
def test_spray_does_not_shoot_the_prisoner() -> None:
    spot = (15, 11.5)

    def build() -> GameState:
        state = table((0, figure("Sprayer", "hero", weapons=[("Blunderbuss", "2h_ranged")], traits=["spray"]),
                       10, 10, 0), (1, figure("Target", PD=1), 15, 10, 180), (1, figure("Beside", PD=1), *spot, 180))
        state.dice.force(4, 5, 1, 1, 4, 5, 1, 1)
        return state

    (plain, ordinary), (neutral, prisoner) = both(
        build, "B2", lambda s: Script(["B1"]).run(actions.resolve(s, s.model("A1"), "ranged_attack")))
    assert ordinary.wounds_taken == 1 and events(plain, "Spray")
    assert untouched(neutral, prisoner, spot) and not events(neutral, "Spray")


# -- targets ------------------------------------------------------------------------------------------

@pytest.mark.rule("ENC-RES-3", "CC-1", "CC-3", "MOVE-3", "RNG-2", "SORC-3", "T-SLAM-1")
def test_the_prisoner_is_never_a_target() -> None:
    def build() -> GameState:
        return table((0, figure("Raider", weapons=[("Sword", "1h_edged"), ("Bow", "2h_ranged"),
                                                   ("Shield", "shield")], traits=["sorcery", "shield_slam"]),
                      10, 10, 0), (1, figure("Captive"), 10 + D, 10, 180), (1, figure("Far"), 16, 10, 180))

    for neutral in (False, True):
        state = build()
        if neutral:
            seize(state, "B1")
        me = state.model("A1")
        offered = {"close": [m.id for m in actions.melee_targets(state, me)],
                   "ranged": [t.id for t, _, _ in ranged_targets(state, me, 1)],
                   "spell": [m.id for m in sorcery.spell_targets(state, me, 18)]}
        if neutral:
            assert offered == {"close": [], "ranged": ["B2"], "spell": ["B2"]}
            for kind in ("standard_attack", "shove", "shield_slam"):
                assert Script([]).run(actions.resolve(state, me, kind)) is False  # nobody to attack
        else:
            assert offered == {"close": ["B1"], "ranged": ["B1", "B2"], "spell": ["B1", "B2"]}
    state = table((0, figure("Charger"), 10, 10, 0), (1, figure("Captive"), 15, 10, 180))
    assert [t.id for t, _ in charge_targets(state, state.model("A1"), 6)] == ["B1"]
    seize(state, "B1")
    assert charge_targets(state, state.model("A1"), 6) == []


# -- auras and the Prisoner's own traits ------------------------------------------------------------

@pytest.mark.rule("ENC-RES-3", "T-GUARD-1", "MOD-3", "T-BASTION-1", "COND-5", "MOD-9")
def test_the_prisoner_lends_no_trait_and_counts_for_nobody() -> None:
    """A neutral base is nobody's model: its Guard, its Terror and its body in contact count for nothing."""
    def build() -> GameState:
        return table((0, figure("Raider", weapons=[("Sword", "1h_edged"), ("Bow", "2h_ranged")]), 10, 10, 0),
                     (1, figure("Foe", traits=["bastion"]), 10 + D, 10, 180),
                     (1, figure("Captive", traits=["guard", "monstrous"]), 10 + D, 10 + D, 180),
                     (0, figure("Mate"), 10 + 2 * D, 10, 180), (1, figure("Lone"), 20, 10, 180))

    seen = {}
    for neutral in (False, True):
        state = build()
        if neutral:
            seize(state, "B2")
        attack = Attack(state.model("A1"), state.model("B1"), "close", "standard_attack", 0)
        rules = {m.rule for m in attack_modifiers(state, attack)} | {m.rule for m in defence_modifiers(state, attack)}
        seen[neutral] = rules
    assert {"T-GUARD-1", "COND-5"} <= seen[False]  # the captive's Guard, and Terror on the Raider
    assert not {"T-GUARD-1", "COND-5"} & seen[True]
    # the Raider shoots Lone, in base contact with nobody but the Prisoner: not engaged ([MOD-9])
    state = table((0, figure("Archer", weapons=[("Bow", "2h_ranged")]), 10, 10, 0), (1, figure("Lone"), 20, 10, 180),
                  (0, figure("Captive"), 20 + D, 10, 180))
    shot = Attack(state.model("A1"), state.model("B1"), "ranged", "ranged_attack", 0, range_band="long")
    assert "MOD-9" in {m.rule for m in attack_modifiers(state, shot)}
    seize(state, "A2")
    assert "MOD-9" not in {m.rule for m in attack_modifiers(state, shot)}
    assert conditions.terror_source(state, state.model("A1")) is None
    # a Prisoner of the attacker's side in contact with the defender: no gang up, no third enemy for Bastion
    for neutral in (False, True):
        state = table((0, figure("Raider"), 10, 10, 0), (1, figure("Foe", traits=["bastion"]), 10 + D, 10, 180),
                      (0, figure("Captive"), 10 + D, 10 + D, 270), (0, figure("Mate"), 10 + D, 10 - D, 90))
        if neutral:
            seize(state, "A2")
        attack = Attack(state.model("A1"), state.model("B1"), "close", "standard_attack", 0)
        gang = next(m.value for m in attack_modifiers(state, attack) if m.rule == "MOD-3")
        bastion = next(m.value for m in defence_modifiers(state, attack) if m.rule == "T-BASTION-1")
        assert (gang, bastion) == ((1, 1) if neutral else (2, 2))


@pytest.mark.rule("ENC-RES-3", "SEQ-4", "SPEC-2")
def test_walking_into_contact_with_the_prisoner_offers_no_full_defense() -> None:
    for neutral in (False, True):
        state = table((0, figure("Walker"), 10, 10, 0), (1, figure("Captive"), 14, 10, 180),
                      (1, figure("Far"), 30, 30, 0))
        if neutral:
            seize(state, "B1")
        script = Script([{"x": 14 - D, "y": 10}] + ([] if neutral else ["pass"]))
        script.run(actions.resolve(state, state.model("A1"), "walk"))
        assert ("full_defense" in script.kinds()) is (not neutral)
        assert board.affected_in_contact(state, state.model("A1")) == ([] if neutral else [state.model("B1")])


@pytest.mark.rule("ENC-RES-3")
def test_affectable_models_leave_out_only_the_neutral_base() -> None:
    state = table((0, figure("A"), 10, 10, 0), (1, figure("B"), 10 + D, 10, 180), (1, figure("C"), 10, 10 + D, 0))
    seize(state, "B2")
    assert [m.id for m in board.affectable(state)] == ["A1", "B1"]
    assert [m.id for m in board.affected_within(state, state.model("A1"), 3)] == ["B1"]
    assert state.model("B2").id in {b.id for b in board.battlefield(state).bases()}  # still a base on the table
    assert combat.melee_weapons(state.model("B2")) == [0]  # a Prisoner is still a whole model, just untouchable


@pytest.mark.rule("ENC-RES-3", "DIG-LOS-2", "DIG-LOS-3", "MOD-10")
def test_the_prisoners_base_still_obscures_a_sight_line_like_any_base() -> None:
    from game.geometry.los import line_of_sight

    state = table((0, figure("Archer", weapons=[("Bow", "2h_ranged")]), 10, 10, 0), (1, figure("Foe"), 16, 10, 180),
                  (1, figure("Captive"), 16 - D - 0.2, 10, 180))
    seize(state, "B2")
    los = line_of_sight(board.battlefield(state), "A1", "B1")
    assert los.has_los and los.cover  # a base within 1″ of the target obscures the lines: cover
    assert [t.id for t, _, _ in ranged_targets(state, state.model("A1"), 0)] == ["B1"]
