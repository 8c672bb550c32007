"""Thornwood's rolls with forced dice: the seed's worked examples with its own numbers (issue 42)."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from game.core.dice import Dice, Modifier
from game.systems.thornwood.dice_rolls import (
    cv_test,
    damage,
    damage_chances,
    heal_roll,
    hit_by,
    hit_chance,
    medicine_check,
    move_chances,
    move_inches,
    movement_roll,
    pass_chance,
    roll_activation,
    roll_to_hit,
    spot_chance,
    spot_roll,
)
from game.systems.thornwood.tables import (
    Activation,
    Column,
    HitNeed,
    Inspiration,
    SpotClass,
    damage_modifier,
    hit_need,
    shift,
    shot_need,
)


def forced(*values: int) -> Dice:
    """The values given, in order, before any random die (a local stand-in for a shared helper)."""
    dice = Dice(1)
    dice.force(*values)
    return dice


@pytest.mark.rule("TW-ACT-1", "TW-ACT-2")
def test_standard_inspiration_and_a_five_activate_one_group() -> None:
    roll = roll_activation(forced(5), Inspiration.standard)
    assert roll.result is Activation.one_group and "one_group" in roll.explain()


@pytest.mark.rule("TW-MOVE-1")
def test_a_run_keeps_the_two_highest_of_three_dice() -> None:
    roll = movement_roll(forced(5, 4, 1), "run")
    assert roll.dice == (5, 4, 1) and roll.kept == (5, 4) and roll.inches == 9
    assert "9″" in roll.explain() and "TW-MOVE-1" in roll.explain()


@pytest.mark.rule("TW-MOVE-2")
def test_a_move_is_the_higher_of_two_dice_and_at_least_two() -> None:
    assert movement_roll(forced(4, 2), "move").inches == 4, "the book's example: a four and a two"
    assert movement_roll(forced(1, 1), "move").inches == 2


@pytest.mark.rule("TW-MOVE-3")
def test_a_cautious_move_is_the_lower_of_two_dice_and_at_most_three() -> None:
    assert movement_roll(forced(2, 5), "cautious").inches == 2
    assert movement_roll(forced(6, 5), "cautious").inches == 3


@pytest.mark.rule("TW-MOVE-1", "TW-MOVE-2", "TW-MOVE-3", "TW-ABIL-1", "TW-ABIL-2")
def test_extra_and_fewer_dice_from_abilities_and_dice_read_as_one() -> None:
    fleet = Modifier(1, "TW-ABIL-1", "Fleet of Foot")
    run = movement_roll(forced(2, 6, 3, 5), "run", [fleet])
    assert run.dice == (2, 6, 3, 5) and run.inches == 11 and "Fleet of Foot" in run.explain()
    assert movement_roll(forced(1, 3, 2), "move", 1).inches == 3
    assert movement_roll(forced(1, 5, 4), "cautious", [fleet]).inches == 3, "lower of the two highest, at most 3"
    lame = Modifier(-1, "TW-ABIL-2", "Lame")
    assert movement_roll(forced(5), "move", [lame]).inches == 5
    assert movement_roll(forced(4), "cautious", [lame, lame]).inches == 3, "never fewer than one die"
    assert move_inches("run", (6, 5, 2), slowed=1)[1:] == ((5, 2), 7), "the highest die read as 1"


@pytest.mark.rule("TW-MOVE-6")
def test_inch_modifiers_never_leave_less_than_one_inch() -> None:
    armour = Modifier(-1, "TW-MOVE-6", "full wooden armour in the woods")
    assert movement_roll(forced(1, 1), "cautious", inch_mods=[armour]).inches == 1
    assert movement_roll(forced(4, 2), "move", inch_mods=[armour]).inches == 3


@pytest.mark.rule("TW-SPOT-3")
def test_the_ambush_modifies_a_five_to_four_and_the_concealed_group_is_spotted() -> None:
    """The book's example: concealed (4 or less), moving cautiously (no modifier), spotters in Ambush; a 5."""
    roll = spot_roll(forced(5), Column.concealment, "cautious", spotter_in_ambush=True)
    assert roll.need == 4 and roll.total == 4 and roll.spotted
    assert not spot_roll(forced(5), Column.concealment, "cautious").spotted, "without the Ambush, a failure"
    assert "spotted" in roll.explain()


@pytest.mark.rule("TW-SPOT-3")
def test_spotting_numbers_and_movement_modifiers() -> None:
    assert [spot_roll(forced(5), cls).spotted for cls in SpotClass] == [True, False, False, False]
    assert not spot_roll(forced(4), SpotClass.open, "ran").spotted and spot_roll(forced(3), "open", "ran").spotted
    assert not spot_roll(forced(5), SpotClass.open, "moved").spotted
    assert spot_roll(forced(3), SpotClass.hardest, "still", True).spotted


@pytest.mark.rule("TW-TEST-1")
def test_a_test_passes_on_equal_or_less_and_reports_the_margin() -> None:
    assert cv_test(forced(3), 3).passed and cv_test(forced(3), 3).margin == 0
    failed = cv_test(forced(6), 3)
    assert not failed.passed and failed.margin == 3 and "failed by 3" in failed.explain()


@pytest.mark.rule("TW-NERVE-2", "TW-TEST-1")
def test_the_nerve_example_a_warrior_at_cv_three_less_one_passes_on_one_or_two() -> None:
    """Seven to three is 2 to 1 but not 3 to 1: -1; the best standing figure is a CV 3 warrior."""
    mod = Modifier(-1, "TW-NERVE-2", "lost 2 to 1")
    assert [cv_test(forced(d), 3, [mod], "nerve", "TW-NERVE-2").passed for d in range(1, 7)] == \
        [True, True, False, False, False, False]


@pytest.mark.rule("TW-SHOOT-2", "TW-SHOOT-3", "TW-ABIL-3")
def test_example_a_the_companion_rolls_a_three_and_hits() -> None:
    need = shot_need(4, Column.concealment, [shift("shooter_moved"), shift("sure_shot")])
    roll = roll_to_hit(forced(3), need)
    assert roll.hit and roll.dice == (3,) and "rolled 3: hit" in roll.explain()


@pytest.mark.rule("TW-SHOOT-2", "TW-SHOOT-3")
def test_example_b_the_warrior_rolls_a_two_and_hits() -> None:
    need = shot_need(3, Column.concealment, [shift("shooter_moved")])
    assert roll_to_hit(forced(2), need).hit and not roll_to_hit(forced(3), need).hit


@pytest.mark.rule("TW-SHOOT-2")
@pytest.mark.parametrize(("cv", "column", "then"), [
    (3, Column.fortified, 3), (2, Column.cover, 3), (2, Column.fortified, 2), (1, Column.concealment, 3),
    (1, Column.cover, 2), (1, Column.fortified, 1)])
def test_every_fragment_cell_takes_a_one_then_the_second_die(cv: int, column: Column, then: int) -> None:
    need = hit_need(cv, column)
    hit = roll_to_hit(forced(1, then), need)
    assert hit.hit and hit.dice == (1, then)
    assert not roll_to_hit(forced(1, then + 1), need).hit
    miss = roll_to_hit(forced(2, 1), need)
    assert not miss.hit and miss.dice == (2,), "no second die after a first that missed"


@pytest.mark.rule("TW-SHOOT-2")
def test_a_plain_cell_rolls_one_die_and_an_impossible_shot_none() -> None:
    dice = forced(4, 1)
    assert roll_to_hit(dice, HitNeed(4, None)).dice == (4,) and dice.forced_pending == 1
    none = roll_to_hit(forced(1), hit_need(1, 5))
    assert none.dice == () and not none.hit and "no roll" in none.explain()
    assert hit_by(HitNeed(6, None), (6,)) and not hit_by(HitNeed(1, 2), (1,))


@pytest.mark.rule("TW-DMG-1", "TW-DMG-2", "TW-DMG-3")
def test_e3_one_plus_three_less_one_for_chest_armour_is_duck_back() -> None:
    """The veteran in chest armour, hit by a thrown axe, rolls a 1: 1 + 3 - 1 = 3."""
    roll = damage(forced(1), 3, [damage_modifier("chest_armour")], weapon="thrown axe")
    assert roll.total == 3 and roll.result.name == "duck_back" and roll.result.cv_loss == 0
    assert roll.result.misses_next_action and not roll.result.falls
    assert "duck_back" in roll.explain() and "TW-SHOOT-5" in roll.explain()


@pytest.mark.rule("TW-DMG-1", "TW-DMG-2")
def test_e2_the_unarmoured_warrior_takes_a_light_wound_and_stays_up() -> None:
    for die in (1, 2):
        roll = damage(forced(die), 3)
        assert roll.result.name == "light" and roll.result.cv_loss == 1 and not roll.result.falls


@pytest.mark.rule("TW-DMG-1", "TW-DMG-4")
def test_a_natural_six_moves_one_column_right_and_no_damage_gives_a_return_shot() -> None:
    six = damage(forced(6), -1)  # 6 - 1 = 5, light, moved to wound; an even die stays up
    assert six.result.name == "wound" and not six.result.falls and "natural 6" in six.explain()
    assert damage(forced(6), 5).result.name == "gory"
    none = damage(forced(1), -1, [damage_modifier("full_armour")])
    assert none.result.name == "none" and none.result.return_shot
    thrower = Modifier(1, "TW-ABIL-1", "Thrower")
    assert damage(forced(2), 3, shifts=[thrower]).result.name == "wound"


@pytest.mark.rule("TW-HEAL-1", "TW-MED-1")
def test_treating_and_the_medicine_check_with_forced_dice() -> None:
    assert heal_roll(forced(3), "healer").change == "better" and heal_roll(forced(3), "friend").change == "none"
    assert heal_roll(forced(6), "healer").change == "worse" and "TW-HEAL-1" in heal_roll(forced(1), "friend").explain()
    assert medicine_check(forced(4), "unchecked").change == "worse"
    assert medicine_check(forced(3), "checked_by_healer").change == "better"
    assert "TW-MED-1" in medicine_check(forced(5), "checked").explain()


@pytest.mark.rule("TW-SHOOT-2")
def test_the_exact_hit_chances_of_every_kind_of_cell() -> None:
    assert [hit_chance(hit_need(4, c)) for c in Column] == [1, Fraction(5, 6), Fraction(4, 6), Fraction(3, 6),
                                                            Fraction(2, 6)]
    assert hit_chance(HitNeed(1, 3)) == Fraction(3, 36) and hit_chance(HitNeed(1, 1)) == Fraction(1, 36)
    assert hit_chance(HitNeed(0, None)) == 0 and hit_chance(HitNeed(6, None)) == 1


@pytest.mark.rule("TW-TEST-1", "TW-SPOT-3")
def test_the_exact_test_and_spotting_chances() -> None:
    assert pass_chance(3) == Fraction(1, 2) and pass_chance(3, [Modifier(-1, "TW-NERVE-2", "2 to 1")]) == \
        Fraction(1, 3)
    assert spot_chance(Column.concealment, "cautious", True) == Fraction(5, 6)
    assert spot_chance(SpotClass.hardest, "ran") == 0


@pytest.mark.rule("TW-DMG-1", "TW-DMG-2")
def test_the_exact_damage_chances_agree_with_the_rolls() -> None:
    odds = damage_chances(3, [damage_modifier("chest_armour")])
    assert sum(odds.values()) == 1
    assert odds == {("duck_back", False): Fraction(1, 6), ("light", False): Fraction(2, 6),
                    ("wound", True): Fraction(1, 6), ("wound", False): Fraction(1, 6),
                    ("gory", True): Fraction(1, 6)}, "totals 3 to 8; the natural 6 moves the mortal 8 to gory"


@pytest.mark.rule("TW-MOVE-1", "TW-MOVE-2", "TW-MOVE-3")
def test_the_exact_movement_chances_counted_by_hand() -> None:
    run = move_chances("run")
    assert sum(run.values()) == 1 and min(run) == 2 and run[12] == Fraction(16, 216)
    assert run == {k: Fraction(sum(1 for f in product(range(1, 7), repeat=3) if sum(sorted(f)[1:]) == k), 216)
                   for k in range(2, 13)}
    move = move_chances("move")
    assert min(move) == 2 and move[2] == Fraction(4, 36) and move[6] == Fraction(11, 36)
    cautious = move_chances("cautious")
    assert max(cautious) == 3 and cautious[3] == Fraction(16, 36) and cautious[1] == Fraction(11, 36)
    assert max(move_chances("run", 1)) == 12 and len(move_chances("move", 1)) == 5
