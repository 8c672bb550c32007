"""Dice and opposed rolls ([DICE-1]-[DICE-7], [EX-1])."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.core.dice import (
    Dice,
    Modifier,
    ResolutionRoll,
    active_wins,
    effective_modifiers,
    has_critical_double,
    has_double,
    ones,
    reroll,
    roll_resolution,
)
from game.core.errors import IllegalAction


@pytest.mark.rule("DICE-1")
def test_resolution_roll_is_2d6_plus_attribute_plus_modifiers() -> None:
    dice = Dice(1)
    dice.force(3, 4)
    roll = roll_resolution(dice, "MA", 5, [Modifier(2, "MOD-2", "charging"), Modifier(-3, "MOD-12", "ran")])
    assert roll.dice == (3, 4)
    assert roll.total == 3 + 4 + 5 + 2 - 3
    assert "MA 5" in roll.explain() and "[MOD-2]" in roll.explain() and roll.explain().endswith("= 11")


@pytest.mark.rule("DICE-1")
def test_extra_dice_are_added() -> None:
    dice = Dice(1)
    dice.force(6, 6, 3, 4)
    roll = roll_resolution(dice, "MA", 4, extra_dice=2)
    assert roll.dice == (6, 6, 3, 4) and roll.total == 23  # [EX-8]'s attack: 19 + 4


@pytest.mark.rule("DICE-2", "EX-1")
def test_tie_goes_to_the_reactive_roll_ex1() -> None:
    dice = Dice(0)
    dice.force(2, 5, 4, 5)
    arjen = roll_resolution(dice, "MA", 5)
    caterine = roll_resolution(dice, "PD", 3)
    assert (arjen.total, caterine.total) == (12, 12)
    assert not active_wins(arjen, caterine)
    assert active_wins(13, 12) and not active_wins(11, 12)


@pytest.mark.rule("DICE-3")
@pytest.mark.parametrize(
    ("dice", "double", "critical"),
    [((1, 2), False, False), ((3, 3), True, False), ((6, 6), True, True), ((1, 2, 1), True, False),
     ((6, 5, 6), True, True), ((6, 5, 4), False, False), ((2, 6, 3, 6), True, True), ((5, 5, 6, 1), True, False)],
)
def test_doubles_and_critical_doubles(dice: tuple[int, ...], double: bool, critical: bool) -> None:
    assert has_double(dice) is double
    assert has_critical_double(dice) is critical
    roll = ResolutionRoll(dice, "MA", 3)
    assert roll.double is double and roll.critical is critical


@pytest.mark.rule("DICE-4")
def test_reroll_picks_up_only_the_allowed_dice_and_the_new_result_stands() -> None:
    dice = Dice(5)
    dice.force(1, 5, 1)
    roll = roll_resolution(dice, "PD", 3, extra_dice=1)
    assert ones(roll) == (0, 2)
    dice.force(1, 2)  # worse or not, it stands
    again = reroll(roll, dice, ones(roll))
    assert again.dice == (1, 5, 2) and again.rerolled and again.history == ((1, 5, 1),)
    dice.force(1, 1)
    whole = reroll(roll_resolution(Dice(9), "RA", 2), dice)
    assert whole.dice == (1, 1)


@pytest.mark.rule("DICE-5")
def test_no_roll_is_rerolled_twice() -> None:
    dice = Dice(3)
    dice.force(1, 1, 2, 2)
    roll = reroll(roll_resolution(dice, "WP", 4), dice)
    with pytest.raises(IllegalAction) as err:
        reroll(roll, dice)
    assert err.value.rule == "DICE-5"


@pytest.mark.rule("DICE-6")
def test_modifiers_are_cumulative_unless_one_replaces_another() -> None:
    back = Modifier(2, "MOD-1", "back arc")
    assassin = Modifier(4, "T-ASSASSIN-1", "Assassin (back arc)", replaces="MOD-1")
    gang = Modifier(1, "MOD-3", "gang up")
    assert effective_modifiers([back, gang]) == (back, gang)
    assert effective_modifiers([back, assassin, gang]) == (assassin, gang)
    roll = ResolutionRoll((3, 3), "MA", 3, (back, assassin, gang))
    assert roll.total == 3 + 3 + 3 + 4 + 1


@pytest.mark.rule("DICE-7")
def test_one_seed_gives_one_game() -> None:
    assert Dice(1234).roll(50) == Dice(1234).roll(50)
    assert Dice(1234).roll(50) != Dice(1235).roll(50)


@pytest.mark.rule("DICE-7")
def test_state_round_trips_through_json_and_continues_identically() -> None:
    dice = Dice(77)
    dice.roll(13, "warm up")
    dice.force(6)
    saved = json.loads(json.dumps(dice.to_dict()))
    restored = Dice.from_dict(saved)
    assert restored.roll(20) == dice.roll(20)
    assert restored.history == dice.history
    assert dice.copy().choice_index(7) == dice.choice_index(7)


@pytest.mark.rule("DICE-7")
def test_every_die_is_recorded_with_its_reason() -> None:
    dice = Dice(2)
    dice.force(4)
    dice.d6("Tough")
    dice.roll(2, "attack")
    assert [(d.reason, d.forced) for d in dice.history] == [("Tough", True), ("attack", False), ("attack", False)]


@pytest.mark.rule("DICE-7")
def test_forced_values_are_validated_and_used_first() -> None:
    dice = Dice(0)
    with pytest.raises(ValueError):
        dice.force(7)
    with pytest.raises(ValueError):
        dice.force(True)
    dice.force(6, 6)
    assert dice.forced_pending == 2
    assert dice.roll(3)[:2] == (6, 6) and dice.forced_pending == 0


@pytest.mark.rule("DICE-7")
def test_the_generator_is_fair() -> None:
    counts = Counter(Dice(99).roll(60_000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(abs(c - 10_000) < 400 for c in counts.values())  # > 4 sigma


@given(st.integers(min_value=0, max_value=2**64), st.integers(min_value=0, max_value=40))
def test_any_seed_restores_exactly(seed: int, warm: int) -> None:
    dice = Dice(seed)
    dice.roll(warm)
    assert Dice.from_dict(dice.to_dict()).roll(10) == dice.roll(10)
    assert all(1 <= d <= 6 for d in dice.roll(10))
