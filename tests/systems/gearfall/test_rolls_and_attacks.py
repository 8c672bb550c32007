"""Gearfall's rolls and attacks with forced dice, one test a rule (issue 39), and the exact odds against the
engine over every face the dice can show."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.content.rules_reference import load_rules_reference
from game.systems.gearfall import attacks
from game.systems.gearfall.attacks import Cover, Kind, Strike, resolve
from game.systems.gearfall.characters import DATA
from game.systems.gearfall.odds import attack_odds
from game.systems.gearfall.rolls import ExtraDie, counted_dice, d3, roll, succeeds
from tests.sampling import examples
from tests.systems.gearfall.forced import forced

RULES = DATA / "rules.yaml"
BLOW = Strike(Kind.melee, "MAT", 6, defence=12, armour=14, power=5, strength=6)
SHOT = Strike(Kind.ranged, "RAT", 5, defence=12, armour=13, power=10)


@pytest.mark.rule("GF-ROLL-1")
def test_a_roll_equal_to_the_target_succeeds_and_one_below_fails() -> None:
    r = roll(forced(3, 4), "climb", "AGL", 5)
    assert r.total == 12 and succeeds(r.dice, r.total, 12) and not succeeds(r.dice, r.total, 13)


@pytest.mark.rule("GF-ROLL-2")
def test_all_ones_fail_and_all_sixes_succeed_unless_one_die() -> None:
    assert not succeeds((1, 1), 30, 10) and not succeeds((1, 1, 1), 30, 10)
    assert succeeds((6, 6), 12, 40) and succeeds((6, 6, 6), 18, 40)
    assert not succeeds((6,), 6 + 3, 12), "one die: a 6 is judged by its total"
    assert not succeeds((1,), 20, 10), "a lone 1 is all 1s"
    assert succeeds((1, 2), 13, 13), "not all 1s: the total decides"


@pytest.mark.rule("GF-ROLL-3")
def test_a_d3_reads_a_d6_in_pairs() -> None:
    assert [d3(v) for v in range(1, 7)] == [1, 1, 2, 2, 3, 3]
    with pytest.raises(ValueError):
        d3(7)


@pytest.mark.rule("GF-ROLL-4")
def test_additional_dice_come_one_from_each_rule() -> None:
    a, b = ExtraDie("GF-X-1", "spell"), ExtraDie("GF-X-2", "ability")
    assert counted_dice([a, a, b]) == (a, b)
    r = roll(forced(2, 3, 4, 5, 6), "attack", "MAT", 6, extra=[a, a, b])
    assert r.dice == (2, 3, 4, 5) and r.total == 20, "two dice from one rule count once"


@pytest.mark.rule("GF-ROLL-5")
def test_a_roll_is_boosted_once_however_many_boost_it() -> None:
    boosts = [ExtraDie("GF-CHG-3", "charge"), ExtraDie("GF-FS-1", "free strike")]
    (die,) = counted_dice([], boosts)
    assert die.rule == "GF-CHG-3, GF-FS-1" and "charge" in die.source and "free strike" in die.source
    r = roll(forced(1, 2, 3, 4), "damage", "P+S", 11, boosts=boosts)
    assert r.dice == (1, 2, 3)


@pytest.mark.rule("GF-ATK-1", "GF-ATK-2")
def test_a_melee_attack_adds_mat_and_hits_on_equal_to_def() -> None:
    hit = resolve(forced(3, 3 + 0, 1, 1), replace(BLOW, attack_value=6))  # 3+3+6 = 12 v DEF 12
    assert hit.attack.total == 12 and hit.hit
    miss = resolve(forced(2, 3), BLOW)  # 11 v 12
    assert not miss.hit and miss.damage is None and miss.points == 0


@pytest.mark.rule("GF-ROLL-2", "GF-ATK-2")
def test_all_ones_miss_any_def_and_all_sixes_hit_any_def() -> None:
    assert not resolve(forced(1, 1), replace(BLOW, attack_value=20, defence=5)).hit
    assert resolve(forced(6, 6, 1, 1), replace(BLOW, attack_value=0, defence=30)).hit


@pytest.mark.rule("GF-ATK-3", "GF-FS-1")
def test_a_back_strike_adds_2_but_never_to_a_free_strike() -> None:
    back = replace(BLOW, back_strike=True)
    assert [m.rule for m in attacks.attack_modifiers(back)] == ["GF-ATK-3"]
    assert resolve(forced(2, 2, 1, 1), back).attack.total == 2 + 2 + 6 + 2
    free = replace(BLOW, back_strike=True, free_strike=True)
    assert [(m.value, m.rule) for m in attacks.attack_modifiers(free)] == [(2, "GF-FS-1")]


@pytest.mark.rule("GF-FS-1", "GF-ROLL-5")
def test_a_free_strike_takes_2_and_boosted_damage() -> None:
    r = resolve(forced(2, 2, 4, 4, 4), replace(BLOW, free_strike=True))  # 2+2+6+2 = 12 hits; damage 3 dice
    assert r.hit and r.damage is not None and r.damage.dice == (4, 4, 4)
    assert r.points == 4 + 4 + 4 + 11 - 14


@pytest.mark.rule("GF-ATK-4")
def test_shooting_into_melee_takes_minus_4_but_not_a_caster_in_that_melee() -> None:
    assert [(m.value, m.rule) for m in attacks.attack_modifiers(replace(SHOT, target_in_melee=True))] == \
        [(-4, "GF-ATK-4")]
    spell = Strike(Kind.magic, "ARC", 7, 12, 13, 12, target_in_melee=True)
    assert attacks.attack_modifiers(spell)[0].value == -4
    assert attacks.attack_modifiers(replace(spell, engaging_target=True)) == ()
    assert attacks.attack_modifiers(replace(BLOW, target_in_melee=True)) == ()


@pytest.mark.rule("GF-COVER-1", "GF-COVER-2", "GF-COVER-3", "GF-PRONE-1")
def test_cover_bonuses_are_never_added_together() -> None:
    assert attacks.target_number(replace(SHOT, cover=Cover.concealment)) == 14
    assert attacks.target_number(replace(SHOT, cover=Cover.solid)) == 16
    assert attacks.target_number(replace(SHOT, cover=Cover.solid, target_prone=True)) == 16, "the best, alone"
    assert attacks.target_number(replace(SHOT, cover=Cover.concealment, target_prone=True)) == 14
    assert attacks.target_number(replace(BLOW, cover=Cover.solid)) == 12, "a blow: only cover between counts"
    assert attacks.target_number(replace(BLOW, cover=Cover.solid, cover_between=True)) == 14
    assert attacks.target_number(replace(BLOW, cover=Cover.concealment, cover_between=True)) == 12


@pytest.mark.rule("GF-PRONE-2")
def test_a_blow_at_the_prone_takes_2_and_from_the_ground_minus_2() -> None:
    assert [m.value for m in attacks.attack_modifiers(replace(BLOW, target_prone=True))] == [2]
    assert [m.value for m in attacks.attack_modifiers(replace(BLOW, attacker_prone=True))] == [-2]
    assert attacks.attack_modifiers(replace(BLOW, attacker_prone=True, target_prone=True)) == ()


@pytest.mark.rule("GF-KD-2")
def test_a_knocked_down_target_has_def_5_and_every_blow_hits() -> None:
    down = replace(SHOT, defence=16, target_knocked_down=True)
    assert attacks.target_number(down) == 5
    assert attacks.target_number(replace(down, cover=Cover.solid)) == 9, "cover still counts over base DEF 5"
    blow = replace(BLOW, attack_value=-10, target_knocked_down=True)
    assert resolve(forced(1, 1, 3, 3), blow).hit, "even all 1s"
    assert not resolve(forced(1, 1), replace(down, attack_value=30)).hit, "a shot is rolled as ever"


@pytest.mark.rule("GF-ATK-7")
def test_a_critical_is_a_hit_with_any_two_dice_alike() -> None:
    assert resolve(forced(4, 4, 1, 1), BLOW).critical
    assert resolve(forced(2, 5, 4, 1, 1), replace(BLOW, extra_attack_dice=(ExtraDie("GF-X", "x"),))).critical is False
    assert resolve(forced(2, 5, 5, 1, 1), replace(BLOW, extra_attack_dice=(ExtraDie("GF-X", "x"),))).critical
    assert not resolve(forced(1, 1), BLOW).critical, "a double that misses is no critical"


@pytest.mark.rule("GF-KD-1", "GF-ATK-7")
def test_a_knockdown_weapon_s_critical_knocks_down_even_without_damage() -> None:
    maul = replace(BLOW, critical_knockdown=True, armour=40)
    r = resolve(forced(4, 4, 1, 1), maul)
    assert r.critical and r.knocked_down and r.points == 0 and "knocked down [GF-KD-1]" in r.explain()
    assert not resolve(forced(3, 5, 1, 1), maul).knocked_down, "a hit that is no critical"
    assert not resolve(forced(4, 4, 1, 1), BLOW).knocked_down, "a weapon with no such effect"
    assert not resolve(forced(4, 4, 1, 1), replace(maul, target_knocked_down=True)).knocked_down, "down already"
    assert not resolve(forced(4, 4, 1, 1), replace(maul, target_prone=True)).knocked_down, "prone"


@pytest.mark.rule("GF-DMG-1", "GF-DMG-2")
def test_damage_is_what_the_roll_exceeds_armour_by_and_a_blow_adds_str() -> None:
    r = resolve(forced(6, 6, 3, 4), BLOW)  # hit; damage 3+4 + POW 5 + STR 6 = 18 v ARM 14
    assert r.damage is not None and r.damage.stat == "P+S" and r.damage.total == 18 and r.points == 4
    s = resolve(forced(6, 6, 1, 2), SHOT)  # 1+2 + POW 10 = 13 v ARM 13: equal deals nothing
    assert s.damage is not None and s.damage.stat == "POW" and s.points == 0


@pytest.mark.rule("GF-CHG-3")
def test_only_a_charge_of_3_inches_boosts_its_first_blow() -> None:
    assert resolve(forced(6, 5, 1, 1, 1), replace(BLOW, charge=3.0)).damage.dice == (1, 1, 1)  # type: ignore[union-attr]
    assert resolve(forced(6, 5, 1, 1, 1), replace(BLOW, charge=2.9)).damage.dice == (1, 1)  # type: ignore[union-attr]
    assert attacks.damage_dice(replace(SHOT, charge=6.0)) == (), "a ranged first attack is never boosted"


def test_the_reference_holds_every_rule_the_code_cites_and_a_test_names_each() -> None:
    """Gearfall's own coverage: every GF-* ID its code cites is in its reference, and every rule of the reference
    is named by a test's rule mark (the shared coverage tool knows only Iron & Honor's)."""
    import re
    from pathlib import Path

    ref = load_rules_reference(RULES)
    code = Path(attacks.__file__).parent
    cited = {m for p in code.glob("*.py") for m in re.findall(r"GF-[A-Z]+-\d+", p.read_text(encoding="utf-8"))}
    assert cited and [rule for rule in sorted(cited) if ref.entry(rule) is None] == []
    ids = set(re.findall(r"id: (GF-[A-Z]+-\d+)", RULES.read_text(encoding="utf-8")))
    tests = Path(__file__).resolve().parents[2]
    marked = {rule for p in tests.rglob("*.py")
              for mark in re.findall(r"@pytest\.mark\.rule\(([^)]*)\)", p.read_text(encoding="utf-8"))
              for rule in re.findall(r'"(GF-[A-Z]+-\d+)"', mark)}
    assert sorted(ids - marked) == []


strikes = st.builds(
    Strike, kind=st.sampled_from(list(Kind)), attack_stat=st.just("MAT"), attack_value=st.integers(-2, 12),
    defence=st.integers(5, 18), armour=st.integers(8, 20), power=st.integers(0, 14), strength=st.integers(0, 8),
    back_strike=st.booleans(), free_strike=st.booleans(), target_in_melee=st.booleans(),
    engaging_target=st.booleans(), cover=st.sampled_from(list(Cover)), cover_between=st.booleans(),
    target_prone=st.booleans(), attacker_prone=st.booleans(), target_knocked_down=st.booleans(),
    charge=st.one_of(st.none(), st.floats(0, 10)), boosted_attack=st.booleans(), boosted_damage=st.booleans(),
    extra_attack_dice=st.sampled_from([(), (ExtraDie("GF-X-1", "x"),)]), critical_knockdown=st.booleans())


@given(strikes)
@settings(max_examples=examples(40), deadline=None)
def test_the_exact_odds_are_the_engine_over_every_face_of_the_dice(s: Strike) -> None:
    """Differential: force every face of the attack dice through the engine, then every face of the damage dice
    after a hit, and tally exactly (the damage roll does not depend on which face hit)."""
    n_attack = 2 + len(attacks.attack_dice(s))
    n_damage = 2 + len(attacks.damage_dice(s))
    results = [(face, resolve(forced(*face), s)) for face in product(range(1, 7), repeat=n_attack)]
    hit_faces = [face for face, r in results if r.hit]
    p_hit = Fraction(len(hit_faces), 6 ** n_attack)
    tally: dict[int, Fraction] = {0: 1 - p_hit}
    if hit_faces:
        for dmg in product(range(1, 7), repeat=n_damage):
            r = resolve(forced(*hit_faces[0], *dmg), s)
            tally[r.points] = tally.get(r.points, Fraction(0)) + p_hit / 6 ** n_damage
    odds = attack_odds(s)
    assert odds.p_hit == p_hit
    assert odds.p_critical == Fraction(sum(1 for _, r in results if r.critical), 6 ** n_attack)
    assert odds.p_knockdown == Fraction(sum(1 for _, r in results if r.knocked_down), 6 ** n_attack)
    assert dict(odds.damage) == {k: v for k, v in tally.items() if v}
