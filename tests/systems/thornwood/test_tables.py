"""Thornwood's tables against the seed's surviving cells and the rulings that rebuilt the rest (issue 42)."""

from __future__ import annotations

import pytest

from game.core.errors import ContentError
from game.systems.thornwood.tables import (
    DAMAGE_COLUMNS,
    DISTANCES,
    FIGURE_TYPES,
    RULED_TO_HIT,
    TABLES_FILE,
    VICTORY_BOOK_CELLS,
    WEAPONS,
    Activation,
    Column,
    HitNeed,
    Inspiration,
    activation,
    damage_column,
    damage_modifier,
    damage_result,
    heal_result,
    hit_need,
    medicine_result,
    number_mod,
    parse_tables,
    rough_cost,
    shift,
    shot_need,
    spot_class,
    spot_number,
    victory_value,
)

ALL, LED, ONE, CHIEF, MED = (Activation.all_groups, Activation.led_groups, Activation.one_group, Activation.chief_group,
                 Activation.medicine)


@pytest.mark.rule("TW-ACT-1")
def test_the_activation_table_is_the_recovered_one_row_for_row() -> None:
    """FF-R-11, whole; and the book's example: Standard, a 5, activates one group."""
    assert [activation(Inspiration.inspired, r) for r in range(1, 7)] == [ALL, ALL, ALL, LED, LED, MED]
    assert [activation(Inspiration.standard, r) for r in range(1, 7)] == [ALL, ALL, LED, LED, ONE, MED]
    assert [activation(Inspiration.demoralized, r) for r in range(1, 7)] == [ALL, LED, LED, ONE, CHIEF, MED]
    assert activation(Inspiration.standard, 5) is Activation.one_group
    with pytest.raises(ValueError):
        activation(Inspiration.standard, 7)


@pytest.mark.rule("TW-ACT-3")
def test_a_six_is_always_the_medicine_roll() -> None:
    assert {activation(level, 6) for level in Inspiration} == {Activation.medicine}


# the reconstructed grid of FF-R-3, rows CV 5 down to 1, columns easy ... fortified
GRID = {
    5: ["any", 6, 5, 4, 3],
    4: [6, 5, 4, 3, 2],
    3: [5, 4, 3, 2, (1, 3)],
    2: [4, 3, 2, (1, 3), (1, 2)],
    1: [3, 2, (1, 3), (1, 2), (1, 1)],
}


def _cell(v: object) -> HitNeed:
    if v == "any":
        return HitNeed(6, None)
    if isinstance(v, tuple):
        return HitNeed(*v)
    assert isinstance(v, int)
    return HitNeed(v, None)


@pytest.mark.rule("TW-SHOOT-2")
@pytest.mark.parametrize("cv", sorted(GRID))
def test_the_to_hit_grid_is_cv_plus_two_minus_the_column(cv: int) -> None:
    assert [hit_need(cv, c) for c in Column] == [_cell(v) for v in GRID[cv]]


@pytest.mark.rule("TW-SHOOT-2")
@pytest.mark.parametrize(("cv", "column", "need"), [
    (3, Column.fortified, HitNeed(1, 3)),  # War-Bearer row: ", then 1-3"
    (2, Column.cover, HitNeed(1, 3)),  # Stripling row: ", then 1-3"
    (2, Column.fortified, HitNeed(1, 2)),  # "1, then 1-2"
    (1, Column.concealment, HitNeed(1, 3)),  # the CV row: ", then 1-3"
    (1, Column.cover, HitNeed(1, 2)),  # "1, then 1-2"
    (1, Column.fortified, HitNeed(1, 1)),  # "1, then 1 again"
])
def test_every_surviving_fragment_cell_of_the_grid(cv: int, column: Column, need: HitNeed) -> None:
    assert hit_need(cv, column) == need


@pytest.mark.rule("TW-SHOOT-2", "TW-SHOOT-3")
def test_past_fortified_and_number_modifiers_step_down_the_same_sequence() -> None:
    """One column or one point on the number is one step: 2, "1 then 1-3", "1 then 1-2", "1 then 1 again", none."""
    assert hit_need(1, Column.fortified + 1) == HitNeed(0, None) and not hit_need(1, 5).possible
    assert hit_need(3, 5) == hit_need(3, Column.fortified, -1) == HitNeed(1, 2)
    assert hit_need(4, Column.fortified, -1) == HitNeed(1, 3)
    assert hit_need(5, Column.easy, -1) == HitNeed(6, None), "uncapped N 7, less 1, still any roll"
    assert hit_need(5, Column.open, -1) == HitNeed(5, None)
    assert hit_need(2, -1) == HitNeed(5, None), "left of easy reads as a higher N"
    assert [HitNeed(*c).describe() for c in [(6, None), (4, None), (1, 3), (1, 1), (0, None)]] == \
        ["any roll", "4 or less", "1, then 3 or less", "1, then 1 again", "no hit possible"]


@pytest.mark.rule("TW-SHOOT-3", "TW-REACT-2")
def test_the_shifts_and_number_modifiers_of_the_shooting_table() -> None:
    rights = ["shooter_moved", "reacting", "stealthy", "target_cautious", "long_range", "into_melee", "shooter_ran"]
    assert [shift(k).value for k in rights] == [1] * 7 and shift("sure_shot").value == -1
    assert shift("reacting").rule == "TW-REACT-2" and shift("sure_shot").rule == "TW-ABIL-3"
    assert number_mod("bad_light").value == -1 and number_mod("misses_the_moose").value == -1
    ruled = {"stealthy", "target_cautious", "long_range", "into_melee", "shooter_ran", "misses_the_moose"}
    assert ruled == RULED_TO_HIT
    with pytest.raises(KeyError):
        shift("no such thing")


@pytest.mark.rule("TW-SHOOT-2", "TW-SHOOT-3", "TW-ABIL-3")
def test_example_a_the_moving_sure_shot_companion_needs_a_four_at_concealment() -> None:
    """Concealment, moving: cover; Sure Shot moves it back: concealment; CV 4 there needs 4 (a 3 hits)."""
    need = shot_need(4, Column.concealment, [shift("shooter_moved"), shift("sure_shot")])
    assert need.column == Column.concealment and need.need == HitNeed(4, None)
    assert "TW-ABIL-3" in need.explain() and "N = 4" in need.explain()


@pytest.mark.rule("TW-SHOOT-2", "TW-SHOOT-3")
def test_example_b_the_moving_warrior_needs_a_two_at_cover() -> None:
    need = shot_need(3, Column.concealment, [shift("shooter_moved")])
    assert need.column == Column.cover and need.need == HitNeed(2, None)


@pytest.mark.rule("TW-DMG-2", "TW-CV-1")
def test_the_damage_chart_bands_in_order_of_severity() -> None:
    assert DAMAGE_COLUMNS == ("none", "duck_back", "light", "wound", "mortal", "gory")
    assert [DAMAGE_COLUMNS[damage_column(t)] for t in range(-3, 13)] == \
        ["none"] * 5 + ["duck_back"] * 2 + ["light"] * 2 + ["wound"] * 2 + ["mortal"] * 2 + ["gory"] * 3
    assert [damage_result(c, 2).cv_loss for c in range(6)] == [0, 0, 1, 2, 3, 5]
    assert damage_result(0, 1).return_shot and damage_result(1, 1).misses_next_action


@pytest.mark.rule("TW-DMG-2", "TW-FALL-1")
def test_who_falls_a_wound_on_an_odd_die_mortal_and_gory_always() -> None:
    assert [damage_result(3, d).falls for d in range(1, 7)] == [True, False] * 3
    assert not damage_result(2, 1).falls and damage_result(4, 2).falls and damage_result(5, 2).falls
    assert damage_result(9, 2).name == "gory" and damage_result(-1, 2).name == "none", "held on the chart"


@pytest.mark.rule("TW-DMG-1")
def test_the_damage_modifiers_of_the_target() -> None:
    assert [damage_modifier(k).value for k in ("shield", "chest_armour", "full_armour", "feeble")] == [-1, -1, -2, 1]


@pytest.mark.rule("TW-SHOOT-5")
def test_the_weapons_book_values_and_which_are_rulings() -> None:
    huge = WEAPONS["huge_rock"]
    assert (huge.short, huge.short_to_hit, huge.short_damage, huge.long, huge.long_to_hit, huge.long_damage) == \
        (3, -1, 5, 5, -2, 3) and not huge.ruled
    assert WEAPONS["rock"].short_damage == -1 and WEAPONS["rock"].short_to_hit == -1
    assert {"short_damage", "short_to_hit"}.isdisjoint(WEAPONS["rock"].ruled)
    assert WEAPONS["thrown_axe"].short_damage == 3 and "short_damage" not in WEAPONS["thrown_axe"].ruled
    assert WEAPONS["bow"].ruled == {"short", "short_damage", "long", "long_damage"}
    assert WEAPONS["thrown_axe"].short >= 3 and WEAPONS["bow"].short >= 3, "example A shoots at 3″, short range"
    assert not WEAPONS["bow"].can_run and all(WEAPONS[w].can_run for w in WEAPONS if w != "bow")
    assert WEAPONS["bow"].band(12) == "short" and WEAPONS["bow"].band(12.5) == "long" and WEAPONS["bow"].band(25) \
        is None


@pytest.mark.rule("TW-MOVE-5")
def test_loose_rock_doubles_the_cost_two_inches_take_four() -> None:
    """The book's example: the runner needs 4″ of his run to cross 2″ of loose rock."""
    assert rough_cost(2) == 4


def test_the_distances_the_rules_name() -> None:
    """Numbers only: the rules that use them are tested where they are played."""
    assert (DISTANCES["group"], DISTANCES["reaction"], DISTANCES["deployment"], DISTANCES["jump_back"],
            DISTANCES["marker_spacing"]) == (2, 24, 6, 2, 12)


@pytest.mark.rule("TW-SPOT-3", "TW-TGT-1")
def test_target_types_read_as_spotting_numbers() -> None:
    assert [spot_number(spot_class(c)) for c in Column] == [5, 5, 4, 3, 2]


@pytest.mark.rule("TW-WIN-2")
def test_the_victory_table_keeps_the_six_cells_of_the_example() -> None:
    assert victory_value("warrior", "wound") == 4 and victory_value("companion", "wound") == 10
    assert victory_value("veteran", "mortal") == 10 and victory_value("veteran", "killed") == 15
    assert victory_value("seer", "gory") == 50 and victory_value("warrior", "captured") == 20
    assert {victory_value(t, "light") for t in FIGURE_TYPES} == {0}
    assert len(VICTORY_BOOK_CELLS) == 6 and ("seer", "gory") in VICTORY_BOOK_CELLS
    assert [victory_value("chief", o) for o in ("wound", "mortal", "killed", "gory", "captured")] == \
        [20, 35, 50, 100, 100]


@pytest.mark.rule("TW-HEAL-1")
def test_treating_a_wound_friend_one_or_two_healer_up_to_three_worse_on_six() -> None:
    assert [heal_result("friend", d) for d in range(1, 7)] == ["better"] * 2 + ["none"] * 3 + ["worse"]
    assert [heal_result("healer", d) for d in range(1, 7)] == ["better"] * 3 + ["none"] * 2 + ["worse"]


@pytest.mark.rule("TW-MED-1")
def test_the_medicine_checks_of_wounded_figures() -> None:
    assert [medicine_result("checked", d) for d in range(1, 7)] == ["better"] * 2 + ["none"] * 3 + ["worse"]
    assert [medicine_result("checked_by_healer", d) for d in range(1, 7)] == \
        ["better"] * 3 + ["none"] * 2 + ["worse"]
    assert [medicine_result("unchecked", d) for d in range(1, 7)] == ["better"] + ["none"] * 2 + ["worse"] * 3


def test_a_broken_tables_file_names_every_problem_with_its_line() -> None:
    text = TABLES_FILE.read_text(encoding="utf-8")
    bad = text.replace("standard: [all_groups, all_groups, led_groups, led_groups, one_group, medicine]",
                       "standard: [all_groups, all_groups, led_groups, one_group, medicine]") \
              .replace("    seer: [0, 10, 17, 25, 50, 50]\n", "") \
              .replace("{up_to: 5, result: light}", "{up_to: 5, result: lite}")
    with pytest.raises(ContentError) as err:
        parse_tables(bad, "tables.yaml")
    shown = str(err.value)
    assert "activation.standard" in shown and "expected 6 results" in shown
    assert "'seer'" in shown and "damage.bands[2].result" in shown
    assert all(p.line for p in err.value.problems if p.where.startswith("activation"))
    with pytest.raises(ContentError, match="expected 'thornwood/tables@1'"):
        parse_tables(text.replace("thornwood/tables@1", "thornwood/tables@2"))
    assert parse_tables(text).victory.partial == 50


def test_the_rolls_the_spec_lists_under_tables_are_found_there_too() -> None:
    from game.systems.thornwood import dice_rolls, tables, victory

    assert tables.movement_roll is dice_rolls.movement_roll and tables.victory_points is victory.victory_points
    with pytest.raises(AttributeError):
        _ = tables.no_such_name
