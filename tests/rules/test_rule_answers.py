"""Conditions as hook objects, and the questions the rules answer for the UI and the AI (#16 points 2, 4):
``hooks_of`` yields active conditions, each condition's rule comes from its class, and ``can_charge``, a
zone's outline, the table's size and the nearest enemy come from the rules, never from a client."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.content.maps import TABLE_SIZE
from game.content.script_file import load_script
from game.core.errors import ContentError
from game.rules import board, conditions, movement, readiness
from game.rules.combat import Attack, attack_profile, defence_modifiers, model_roll_modifiers
from game.rules.encounter import ZoneShape, edge_strip
from game.rules.script_mode import build_state
from game.rules.traits.base import hooks_of, trait_hooks
from tests.rules.harness import figure, table


def _mods(ms) -> list[tuple[int, str]]:
    return [(m.value, m.rule) for m in ms]


@pytest.mark.rule("COND-1", "MOD-12", "MOD-13")
def test_hooks_of_yields_the_active_conditions_after_the_traits() -> None:
    state = table((0, figure("Ogre", traits=["large"]), 10, 10, 0), (1, figure("Foe"), 20, 10, 180))
    ogre = state.model("A1")
    assert hooks_of(ogre) == trait_hooks(ogre)
    conditions.ROUGH.put(ogre)
    conditions.STUNNED.put(ogre)
    conditions.RAN.put(ogre)
    assert hooks_of(ogre) == [*trait_hooks(ogre), conditions.STUNNED, conditions.RAN, conditions.ROUGH]
    # the registry's order, whatever order they were put on: the log lists Ran before Rough
    assert _mods(model_roll_modifiers(state, ogre)) == [(-3, "MOD-12"), (-2, "MOD-13")]
    assert conditions.STUNNED.lift(ogre) and not conditions.STUNNED.lift(ogre)
    assert conditions.STUNNED not in hooks_of(ogre)


@pytest.mark.rule("MOD-5", "MOD-11", "SPEC-2", "COND-2")
def test_each_condition_answers_through_its_hooks() -> None:
    state = table((0, figure("Archer", weapons=[("Bow", "2h_ranged")]), 10, 10, 0),
                  (1, figure("Target"), 10 + 25 / 25.4, 10, 180))
    a, d = state.model("A1"), state.model("B1")
    close, shot = Attack(a, d, "close", "standard_attack", None), Attack(a, d, "ranged", "ranged_attack", 0,
                                                                        range_band="short")
    conditions.STUNNED.put(d)
    conditions.STEALTH.put(d)
    assert (-3, "MOD-5") in _mods(defence_modifiers(state, close)) and (4, "MOD-11") not in _mods(
        defence_modifiers(state, close))
    assert (4, "MOD-11") in _mods(defence_modifiers(state, shot)) and (-3, "MOD-5") not in _mods(
        defence_modifiers(state, shot))
    assert attack_profile(state, close).defence.dice == 2
    conditions.FULL_DEFENSE.put(d)
    assert attack_profile(state, close).defence.dice == 3 and attack_profile(state, shot).defence.dice == 2
    assert conditions.stun_immune(state, d, a)


@pytest.mark.rule("SPELL-2", "MOVE-10")
def test_entangled_cannot_charge_is_asked_in_one_place() -> None:
    state = table((0, figure("Knight"), 10, 10, 0), (1, figure("Foe"), 20, 10, 180))
    knight = state.model("A1")
    assert movement.can_charge(state, knight)
    conditions.ENTANGLED.put(knight)
    assert conditions.forbidden(state, knight, "charge") == ("Entangled models cannot charge", "SPELL-2")
    assert conditions.forbidden(state, knight, "walk") is None
    assert not movement.can_charge(state, knight)
    assert [o.rule for o in readiness.obstacles(state, knight, "charge")] == ["SPELL-2"]
    assert movement.allowance(state, knight, "walk")[0] == 3.0  # and its moves are halved
    conditions.end_at_maintenance(knight)
    assert movement.can_charge(state, knight)
    engaged = table((0, figure("Knight"), 10, 10, 0), (1, figure("Foe"), 10 + 25 / 25.4, 10, 180))
    assert not movement.can_charge(engaged, engaged.model("A1"))  # engaged: only fight, Shove or Disengage


@pytest.mark.rule("BASE-2", "DIG-3")
def test_the_nearest_enemy_is_by_the_rules_distance_not_the_centres() -> None:
    giant = figure("Giant", traits=["gargantuan"])  # a wide base: its centre is far, its edge near
    state = table((0, figure("Scout"), 10, 10, 0), (1, figure("Runner"), 13.5, 10, 180), (1, giant, 10, 14.0, 0))
    scout, runner, big = state.model("A1"), state.model("B1"), state.model("B2")
    assert board.centre_distance(scout, runner) < board.centre_distance(scout, big)
    assert board.distance(scout, big) < board.distance(scout, runner)
    assert board.nearest_enemy(state, scout) is big
    assert board.nearest_enemy(state, big) is scout


@pytest.mark.rule("ENC-2", "DIG-1")
def test_a_zone_outline_and_the_table_come_from_the_rules() -> None:
    state = table((0, figure("A"), 10, 10, 0), (1, figure("B"), 20, 10, 0))
    assert state.battle_map.size == TABLE_SIZE == 36.0
    strip = ZoneShape("bottom", 6.0, (), state.battle_map.size)
    assert strip.outline() == ((0, 30.0), (36.0, 30.0), (36.0, 36.0), (0, 36.0))
    assert strip.bounds() == edge_strip(36.0, "bottom", 6.0)
    assert all(strip.contains(x, y, 0.4) for x, y in ((1, 31), (35, 35)))
    drawn = ((2.0, 2.0), (10.0, 2.0), (6.0, 9.0))
    assert ZoneShape(None, 0.0, drawn).outline() == drawn


@pytest.mark.rule("COND-1")
def test_a_script_names_only_conditions_the_rules_know(tmp_path: Path) -> None:
    text = ("format: iron-honor/script@1\nparties: {A: assets/parties/northmen_raiding_party.yaml,\n"
            "  B: assets/parties/thornwood_wildkin.yaml}\n"
            "models:\n  A1: {conditions: [stunned, dazzled]}\n")
    bad, good = tmp_path / "bad.yaml", tmp_path / "good.yaml"
    bad.write_text(text, encoding="utf-8")
    good.write_text(text.replace(", dazzled", ""), encoding="utf-8")
    with pytest.raises(ContentError) as err:
        build_state(load_script(bad))
    assert "bad.yaml:5: models.A1.conditions[1]: unknown condition 'dazzled' (one of stunned," in str(err.value)
    assert conditions.STUNNED.on(build_state(load_script(good)).model("A1"))
