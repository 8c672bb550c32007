"""One Thornwood fight with forced dice: the seed's melee examples exactly, then every rule of dice, splits,
rolls, slips, wounds, armour and Gory Death (issue 42).

The abilities are small stand-ins with the one hook the fight asks (``melee_dice``), not the band helper's
classes: this part is tested on its own.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.dice import Dice
from game.core.errors import IllegalAction
from game.systems.thornwood.combat_table import ATTACK_CARDS, DEFENCE_CARDS, Role, cell
from game.systems.thornwood.melee import (
    CURSED,
    GORY_CV,
    LUCKY,
    TOUGH_SKIN,
    FighterFacts,
    FightRoll,
    SideRoll,
    adjustments,
    cancel,
    expected_cv_lost,
    fight_dice,
    fight_odds,
    legal_splits,
    outcome,
    reroll_die,
    resolve,
    roll_fight,
    tough_skin,
    tough_skin_value,
)
from tests.sampling import examples


def forced(*values: int) -> Dice:
    dice = Dice(1)
    dice.force(*values)
    return dice


class CardDie:
    """A stand-in ability: ``n`` dice on the named cards (Serpent's Blade: +1 on Lunge; Clumsy: −1 on two)."""

    def __init__(self, name: str, n: int, *cards: str) -> None:
        self.name, self.n, self.cards = name, n, cards

    def melee_dice(self, card: str, role: Role) -> int:
        return self.n if card in self.cards else 0


SERPENTS_BLADE = CardDie("Serpent's Blade", 1, "lunge")
CLUMSY = CardDie("Clumsy", -1, "jump_back", "leap_aside")

# our own people for the seed's examples: a companion with a spear and Serpent's Blade (the seed's attacker), a seer
# of CV 2 with a knife (the seed's defender), war-bearers of CV 3
HERON = FighterFacts("Grey Heron", cv=4, start_cv=4, key=True, weapon="spear", shield=True, figure_type="companion")
OWL = FighterFacts("Owl Smoke", cv=2, start_cv=2, key=True, weapon="knife", figure_type="seer")
WARRIOR = FighterFacts("Cedar Root", cv=3, start_cv=3, key=False, weapon="spear", figure_type="warrior")
FOE = FighterFacts("Split Reed", cv=3, start_cv=3, key=False, weapon="spear", figure_type="warrior")


def sources(side_dice) -> list[str]:
    return [m.source for m in side_dice.modifiers]


# -- the seed's examples ------------------------------------------------------------------------------------------

@pytest.mark.rule("TW-CC-6", "TW-CC-7")
def test_lunge_against_jump_back_is_five_dice_with_spear_and_serpents_blade() -> None:
    """¶30: Lunge v Jump Back 3/1; spear +1, Serpent's Blade +1 = 5D6; the seer gets no modifier, 1D6. The spear
    is also larger than the knife, but that die does not stack with the best weapon's (FF-R-14.6)."""
    f = fight_dice(cell("lunge", "jump_back"), HERON, OWL, attacker_abilities=[SERPENTS_BLADE])
    assert (f.attacker.base, f.attacker.total) == (3, 5)
    assert sources(f.attacker) == ["best weapon (spear for Lunge)", "Serpent's Blade"]
    assert [m.rule for m in f.attacker.modifiers] == ["TW-CC-7", "TW-ABIL-1"]
    assert any("FF-R-14.6" in n for n in f.attacker.notes)
    assert (f.defender.total, f.defender.modifiers) == (1, ())
    assert f.attacker.splits() == [5] and f.defender.splits() == [0]
    assert f.attacker.explain() == "3 base +1 best weapon (spear for Lunge) [TW-CC-7] +1 Serpent's Blade " \
                                   "[TW-ABIL-1] = 5D6"


@pytest.mark.rule("TW-CC-4", "TW-CC-7")
def test_cut_against_counter_blow_is_four_to_one_with_a_supporter() -> None:
    """¶30 (FF-R-9): Cut v Counter Blow 3/1; no knives, so no best weapon; +1 die for a supporter: 4/1."""
    f = fight_dice(cell("cut", "counter_blow"), replace(WARRIOR, supporters=1), FOE)
    assert (f.attacker.total, f.defender.total) == (4, 1)
    assert sources(f.attacker) == ["1 supporter(s)"]


@pytest.mark.rule("TW-CC-7", "TW-CC-8", "TW-CC-9", "TW-CC-11")
def test_cut_against_duck_the_seeds_fight_die_by_die() -> None:
    """¶31–32: Cut v Duck 2/1; a big axe against a knife +1, the defender behind a rock +1: 3 v 2. Two attack dice
    and one defence die: a 1 and a miss, a defence 3; the seer passes an attack and a defence die, neither a 1.
    The seer takes a 2-CV wound and falls; the 1 CV he inflicts is removed."""
    attacker = replace(HERON, weapon="axe", shield=False)
    f = fight_dice(cell("cut", "duck"), attacker, replace(OWL, terrain=1))
    assert (f.attacker.total, f.defender.total) == (3, 2)
    assert sources(f.attacker) == ["larger weapon (axe against knife)"]
    assert sources(f.defender) == ["terrain advantage"]
    assert f.attacker.splits() == [1, 2, 3], "a Cut keeps at least one attack die"
    assert f.defender.splits() == [0, 1], "a Duck keeps at least one defence die"
    r = resolve(forced(1, 5, 3, 2, 2), f, (2, 1), (1, 1))
    assert r.roll == FightRoll(SideRoll((1, 5), (3,)), SideRoll((2,), (2,)))
    assert (r.defender.ones, r.defender.ones_removed, r.defender.net) == (1, 0, 2)
    assert (r.defender.wound, r.defender.cv_lost, r.defender.knocked_down, r.defender.falls) == ("wound", 2, True,
                                                                                                 True)
    assert (r.attacker.hits, r.attacker.hits_removed, r.attacker.cv_lost, r.attacker.falls) == (1, 1, 0, False)
    # "If he had chosen three Attack dice, and scored the same, he would have inflicted 2CV loss and taken 1CV."
    r3 = resolve(forced(1, 5, 5, 2, 2), f, (3, 0), (1, 1))
    assert (r3.defender.cv_lost, r3.attacker.cv_lost, r3.attacker.wound) == (2, 1, "light")


# -- dice ---------------------------------------------------------------------------------------------------------

@pytest.mark.rule("TW-CC-7")
def test_terrain_supporters_fallen_and_fists_each_count_and_say_why() -> None:
    a = replace(WARRIOR, terrain=2, supporters=2, fallen=True)
    f = fight_dice(cell("swing", "leap_aside"), a, FOE)
    assert f.attacker.total == 3 + 2 + 2 - 1
    assert sources(f.attacker) == ["terrain advantage", "2 supporter(s)", "fallen down"]
    f = fight_dice(cell("swing", "leap_aside"), replace(WARRIOR, weapon_lost=True), FOE)
    assert sources(f.attacker) == ["fists, teeth and elbows (every weapon lost)"]
    assert sources(f.defender) == ["larger weapon (spear against fists)"]
    assert (f.attacker.total, f.defender.total) == (2, 2)


@pytest.mark.rule("TW-CC-7")
def test_best_weapon_per_card_and_larger_weapon_for_either_side() -> None:
    for attack, weapon in (("swing", "axe"), ("cut", "knife"), ("lunge", "spear"), ("bash", "club"),
                           ("bash", "huge_club")):
        f = fight_dice(cell(attack, "parry"), replace(WARRIOR, weapon=weapon), replace(FOE, weapon=weapon))
        assert sources(f.attacker) == [f"best weapon ({weapon} for {attack.capitalize()})"]
    f = fight_dice(cell("swing", "parry"), replace(WARRIOR, weapon="knife"), replace(FOE, weapon="club"))
    assert sources(f.attacker) == [] and sources(f.defender) == ["larger weapon (club against knife)"]
    f = fight_dice(cell("taunt", "duck"), replace(HERON, weapon="axe"), replace(OWL, weapon="axe"))
    assert sources(f.attacker) == [], "no best weapon for a Taunt"


@pytest.mark.rule("TW-CC-7", "TW-CC-8")
def test_a_shield_gives_a_defence_die_on_parry_only() -> None:
    d = replace(FOE, shield=True)
    f = fight_dice(cell("cut", "parry"), WARRIOR, d)
    assert sources(f.defender) == ["shield on Parry (a defence die)"]
    assert f.defender.total == 2 and f.defender.forced_defence == 1 and f.defender.splits() == [0, 1]
    f = fight_dice(cell("swing", "parry"), WARRIOR, d)  # 2/1 + shield: three dice, the shield's must defend
    assert f.defender.total == 2 and f.attacker.total == 2
    assert fight_dice(cell("cut", "duck"), WARRIOR, d).defender.modifiers == ()
    assert legal_splits("parry", "defence", 3, forced_defence=1) == [0, 1, 2]


@pytest.mark.rule("TW-CC-7")
def test_full_wooden_armour_costs_a_die_on_leap_aside_and_jump_back_only() -> None:
    full = replace(FOE, armour="full", armour_wounds_left=2)
    for defence in ("leap_aside", "jump_back"):
        f = fight_dice(cell("lunge", defence), replace(WARRIOR, weapon="axe"), replace(full, weapon="axe"))
        title = "Leap Aside" if defence == "leap_aside" else "Jump Back"
        assert sources(f.defender)[0] == f"full wooden armour on {title}"
    assert fight_dice(cell("lunge", "duck"), WARRIOR, full).defender.modifiers == ()
    chest = replace(FOE, armour="chest", armour_wounds_left=1)
    assert fight_dice(cell("lunge", "leap_aside"), WARRIOR, chest).defender.modifiers == ()


@pytest.mark.rule("TW-CC-7", "TW-ABIL-2")
def test_never_fewer_than_one_die() -> None:
    d = replace(FOE, fallen=True, armour="full", armour_wounds_left=2)
    f = fight_dice(cell("swing", "leap_aside"), WARRIOR, d, defender_abilities=[CLUMSY])
    assert f.defender.base == 1 and f.defender.total == 1
    assert [m.source for m in f.defender.modifiers][-1] == "never fewer than one die"
    assert "Clumsy" in sources(f.defender)


# -- splits -------------------------------------------------------------------------------------------------------

@pytest.mark.rule("TW-CC-8")
def test_every_cards_splits() -> None:
    for name in ("swing", "lunge", "bash", "taunt"):
        assert legal_splits(name, "attack", 4) == [4]
    assert legal_splits("cut", "attack", 3) == [1, 2, 3]
    assert legal_splits("counter_blow", "defence", 3) == [3]
    for name in ("leap_aside", "duck", "parry"):
        assert legal_splits(name, "defence", 3) == [0, 1, 2]
        assert legal_splits(name, "defence", 1) == [0]
    assert legal_splits("jump_back", "defence", 3) == [0]
    assert legal_splits("huh", "attack", 1) == [0] and legal_splits("huh", "defence", 1) == [0]


@pytest.mark.rule("TW-CC-8")
def test_huh_rolls_one_defence_die_and_frees_the_defender() -> None:
    f = fight_dice(cell("huh", "duck"), replace(WARRIOR, supporters=2), FOE)
    assert (f.attacker.total, f.attacker.splits()) == (1, [0])
    assert f.defender.total == 2 and f.defender.splits() == [0, 1, 2], "all the defender's dice may attack"
    f = fight_dice(cell("cut", "huh"), WARRIOR, replace(FOE, terrain=1))
    assert f.defender.total == 1 and sources(f.defender)[-1] == "Huh!: one die only"


@pytest.mark.rule("TW-CC-8")
def test_an_illegal_split_is_refused_naming_the_rule() -> None:
    f = fight_dice(cell("lunge", "duck"), WARRIOR, FOE)  # 1/3
    with pytest.raises(IllegalAction, match="TW-CC-8"):
        roll_fight(forced(1, 1, 1, 1), f, (1, 0), (3, 0))
    with pytest.raises(IllegalAction, match="TW-CC-8"):
        roll_fight(forced(1, 1, 1, 1), f, (1, 0), (1, 1))


# -- rolling ------------------------------------------------------------------------------------------------------

@pytest.mark.rule("TW-CC-9")
def test_a_defence_success_cancels_a_success_but_never_a_one() -> None:
    f = fight_dice(cell("swing", "duck"), WARRIOR, FOE)  # 1/1
    r = resolve(forced(3, 2), f, (1, 0), (0, 1))
    assert (r.defender.hits, r.defender.hits_removed, r.defender.cv_lost) == (1, 1, 0)
    r = resolve(forced(1, 2), f, (1, 0), (0, 1))
    assert (r.defender.ones, r.defender.ones_removed, r.defender.cv_lost, r.defender.falls) == (1, 0, 2, True)
    r = resolve(forced(1, 1), f, (1, 0), (0, 1))
    assert (r.defender.ones_removed, r.defender.cv_lost, r.defender.falls) == (1, 0, False)


@pytest.mark.rule("TW-CC-9")
def test_a_defence_one_cancels_two_successes_or_a_one() -> None:
    assert cancel(hits=2, ones=0, defence_ones=1, defence_hits=0) == (2, 0)
    assert cancel(hits=2, ones=1, defence_ones=1, defence_hits=0) == (0, 1), "the 1 first: its fall goes too"
    assert cancel(hits=3, ones=1, defence_ones=2, defence_hits=1) == (3, 1)
    assert cancel(hits=1, ones=2, defence_ones=1, defence_hits=3) == (1, 1)
    f = fight_dice(cell("swing", "duck"), replace(WARRIOR, supporters=1), FOE)  # 2 v 1
    r = resolve(forced(2, 3, 1), f, (2, 0), (0, 1))
    assert (r.defender.hits_removed, r.defender.cv_lost) == (2, 0)


@pytest.mark.rule("TW-CC-9")
def test_dice_above_the_cv_fail_and_supporters_roll_on_the_fighters_cv() -> None:
    f = fight_dice(cell("swing", "duck"), replace(WARRIOR, supporters=2), FOE)
    r = resolve(forced(3, 4, 5, 6), f, (3, 0), (0, 1))
    assert (r.defender.hits, r.defender.cv_lost, r.defender.wound) == (1, 1, "light")


# -- slips --------------------------------------------------------------------------------------------------------

@pytest.mark.rule("TW-CC-10")
def test_more_sixes_than_successes_slips() -> None:
    f = fight_dice(cell("swing", "duck"), replace(WARRIOR, supporters=2), FOE)  # 3 v 1
    r = resolve(forced(6, 6, 2, 4), f, (3, 0), (0, 1))
    assert r.attacker.slipped and r.attacker.falls and not r.attacker.dropped_weapon
    r = resolve(forced(6, 2, 2, 4), f, (3, 0), (0, 1))
    assert not r.attacker.slipped
    r = resolve(forced(6, 5, 4, 4), f, (3, 0), (0, 1))
    assert r.attacker.slipped, "one 6, no success"


@pytest.mark.rule("TW-CC-10")
def test_all_sixes_on_two_or_more_dice_drops_the_weapon_but_not_on_one() -> None:
    f = fight_dice(cell("swing", "duck"), replace(WARRIOR, supporters=1), FOE)
    r = resolve(forced(6, 6, 4), f, (2, 0), (0, 1))
    assert r.attacker.slipped and r.attacker.dropped_weapon
    r = resolve(forced(3, 3, 6), f, (2, 0), (0, 1))
    assert r.defender.slipped and not r.defender.dropped_weapon and r.defender.falls


# -- wounds, Gory Death, armour -----------------------------------------------------------------------------------

@pytest.mark.rule("TW-CC-11", "TW-CV-1")
def test_wounds_by_cv_lost() -> None:
    f = fight_dice(cell("swing", "duck"), replace(HERON, weapon="axe", supporters=2), OWL)  # 1+1+2 = 4 v 1
    assert f.attacker.total == 4
    big = replace(OWL, cv=5, start_cv=5)
    f = fight_dice(cell("swing", "duck"), replace(HERON, weapon="axe", supporters=2), big)
    for dice, wound, lost in (((2, 5, 5, 5), "light", 1), ((2, 3, 5, 5), "wound", 2), ((2, 3, 4, 5), "mortal", 3),
                              ((1, 3, 5, 5), "mortal", 3), ((2, 2, 3, 4), "mortal", 4)):
        r = resolve(forced(*dice, 6), f, (4, 0), (0, 1))
        assert (r.defender.wound, r.defender.cv_lost) == (wound, lost), dice


@pytest.mark.rule("TW-CC-11")
def test_two_unremoved_ones_are_a_gory_death_even_for_a_chief() -> None:
    chief = FighterFacts("Tall Elm", cv=5, start_cv=5, key=True, weapon="spear", figure_type="chief")
    f = fight_dice(cell("swing", "duck"), replace(WARRIOR, supporters=1), chief)
    r = resolve(forced(1, 1, 6), f, (2, 0), (0, 1))
    assert r.defender.gory and r.defender.cv_lost == 5
    r = resolve(forced(1, 1, 1), f, (2, 0), (0, 1))
    assert not r.defender.gory and r.defender.cv_lost == 2, "a defence 1 removed one of them"


@pytest.mark.rule("TW-CC-11")
def test_more_cv_lost_in_one_fight_than_the_starting_cv_is_a_gory_death() -> None:
    f = fight_dice(cell("cut", "duck"), replace(HERON, weapon="axe", supporters=2), replace(FOE, weapon="knife"))
    assert f.attacker.total == 5, "2 + larger weapon + 2 supporters"
    r = resolve(forced(2, 3, 4, 4, 5, 6), f, (5, 0), (0, 1))  # 4 CV on a CV-3 war-bearer
    assert r.defender.gory
    r = resolve(forced(2, 3, 4, 5, 5, 6), f, (5, 0), (0, 1))  # 3 CV: a mortal wound, not more than 3
    assert (r.defender.wound, r.defender.gory) == ("mortal", False)


@pytest.mark.rule("TW-CC-11")
def test_chest_armour_absorbs_the_first_wound_and_full_armour_two() -> None:
    f = fight_dice(cell("swing", "duck"), WARRIOR, replace(FOE, armour="chest", armour_wounds_left=1))
    r = resolve(forced(1, 5), f, (1, 0), (0, 1))
    assert r.defender.armour_absorbed and r.defender.cv_lost == 0 and not r.defender.falls
    assert r.defender.armour_wounds_left == 0
    spent = fight_dice(cell("swing", "duck"), WARRIOR, replace(FOE, armour="chest", armour_wounds_left=0))
    r = resolve(forced(3, 5), spent, (1, 0), (0, 1))
    assert not r.defender.armour_absorbed and r.defender.wound == "light"
    full = fight_dice(cell("swing", "duck"), WARRIOR, replace(FOE, armour="full", armour_wounds_left=2))
    r = resolve(forced(3, 5), full, (1, 0), (0, 1))
    assert r.defender.armour_absorbed and r.defender.armour_wounds_left == 1


@pytest.mark.rule("TW-CC-11")
def test_armour_does_not_absorb_a_gory_death() -> None:
    f = fight_dice(cell("swing", "duck"), replace(WARRIOR, supporters=1),
                   replace(FOE, armour="full", armour_wounds_left=2))
    r = resolve(forced(1, 1, 6), f, (2, 0), (0, 1))
    assert r.defender.gory and not r.defender.armour_absorbed and r.defender.armour_wounds_left == 2


# -- Taunt, Huh!, Jump Back ---------------------------------------------------------------------------------------

@pytest.mark.rule("TW-CC-12")
def test_a_taunt_by_or_against_a_basic_character_is_no_combat() -> None:
    """¶30: Taunt v Duck between war-bearers: 'this fight is over' (FF-R-14.2)."""
    for a, d in ((WARRIOR, FOE), (HERON, FOE), (WARRIOR, OWL)):
        f = fight_dice(cell("taunt", "duck"), a, d)
        assert "FF-R-14.2" in f.no_combat
        r = resolve(forced(), f)
        assert r.roll is None and r.defender.renown_lost == 0 and r.attacker.cv_lost == 0


@pytest.mark.rule("TW-CC-12")
def test_a_taunt_between_key_characters_shames_by_the_cell_and_by_its_dice() -> None:
    f = fight_dice(cell("taunt", "jump_back"), HERON, OWL)  # Nd3, no dice
    r = resolve(forced(), f)
    assert r.defender.renown_lost == 3 and r.defender.leaves and r.roll is None
    f = fight_dice(cell("taunt", "duck"), HERON, OWL)  # Nd3 1/2: the taunt's die shames, it does not wound
    r = resolve(forced(2, 5, 6), f, (1, 0), (1, 1))
    assert (r.defender.shames, r.defender.renown_lost, r.defender.cv_lost) == (1, 4, 0)
    f = fight_dice(cell("taunt", "counter_blow"), HERON, OWL)  # N 1/3: no intended strike, but a lucky hit
    r = resolve(forced(2, 5, 5, 5), f, (1, 0), (3, 0))
    assert (r.defender.shames, r.defender.cv_lost, r.defender.renown_lost) == (0, 1, 0)


@pytest.mark.rule("TW-CC-12")
def test_huh_costs_a_key_attacker_renown_and_no_combat_where_printed() -> None:
    r = resolve(forced(3, 2, 2), fight_dice(cell("huh", "duck"), HERON, OWL), (0, 1), (2, 0))
    assert r.attacker.renown_lost == 1 and r.defender.renown_lost == 0
    r = resolve(forced(3, 2, 2), fight_dice(cell("huh", "duck"), WARRIOR, FOE), (0, 1), (2, 0))
    assert r.attacker.renown_lost == 0, "Renown is a Key Character's only"
    f = fight_dice(cell("huh", "huh"), HERON, OWL)
    assert f.no_combat and resolve(forced(), f).attacker.renown_lost == 0


@pytest.mark.rule("TW-CC-13")
def test_jump_back_leaves_the_fight() -> None:
    f = fight_dice(cell("swing", "jump_back"), WARRIOR, FOE)  # 1/2
    r = resolve(forced(4, 2, 2), f, (1, 0), (0, 2))
    assert r.defender.leaves and not r.attacker.leaves
    r = resolve(forced(4, 2, 2), fight_dice(cell("swing", "duck"), WARRIOR, FOE), (1, 0), (0, 1))
    assert not r.defender.leaves


# -- re-rolls and Tough Skin: hooks and arithmetic ----------------------------------------------------------------

@pytest.mark.rule("TW-ABIL-1")
def test_tough_skin_makes_one_attack_die_a_level_worse() -> None:
    assert [tough_skin_value(v) for v in range(1, 7)] == [2, 6, 6, 6, 6, None]
    f = fight_dice(cell("swing", "duck"), WARRIOR, replace(FOE, abilities=(TOUGH_SKIN,)))
    roll = roll_fight(forced(1, 5), f, (1, 0), (0, 1))
    changed = tough_skin(roll, "defender", 0)
    assert changed.attacker.attack == (2,) and "Tough Skin" in changed.changes[0]
    r = outcome(f, changed)
    assert (r.defender.cv_lost, r.defender.falls) == (1, False)
    assert adjustments(f)[0].ability == TOUGH_SKIN and adjustments(f)[0].dice_of == "attacker"
    with pytest.raises(IllegalAction, match="TW-ABIL-1"):
        tough_skin(roll_fight(forced(6, 5), f, (1, 0), (0, 1)), "defender", 0)
    assert tough_skin(roll, "defender", 0, worsen=lambda v: 3).attacker.attack == (3,), "the ability's own hook"


@pytest.mark.rule("TW-ABIL-1", "TW-ABIL-2")
def test_lucky_and_cursed_re_roll_one_die_and_the_new_value_stands() -> None:
    f = fight_dice(cell("swing", "duck"), replace(WARRIOR, abilities=(LUCKY,)), replace(FOE, abilities=(CURSED,)))
    offers = {(a.ability, a.decides, a.dice_of) for a in adjustments(f)}
    assert offers == {(LUCKY, "attacker", "attacker"), (CURSED, "attacker", "defender")}
    dice = forced(5, 3, 2)
    roll = roll_fight(dice, f, (1, 0), (0, 1))
    again = reroll_die(roll, dice, "attacker", "attack", 0, LUCKY)
    assert again.attacker.attack == (2,) and outcome(f, again).defender.hits_removed == 1
    with pytest.raises(IllegalAction):
        reroll_die(roll, dice, "defender", "attack", 0, CURSED)


@pytest.mark.rule("TW-CC-6")
def test_every_cell_gives_dice_that_resolve() -> None:
    """Every pair of cards between two Key Characters: the dice are at least one a side, every legal split
    rolls and resolves."""
    for a in ATTACK_CARDS:
        for d in DEFENCE_CARDS:
            f = fight_dice(cell(a, d), HERON, OWL)
            if f.no_combat:
                continue
            assert f.attacker.total >= 1 and f.defender.total >= 1
            for sa in f.attacker.splits():
                for sd in f.defender.splits():
                    resolve(Dice(7), f, (sa, f.attacker.total - sa), (sd, f.defender.total - sd))


def _best_by_search(hits: int, ones: int, d_ones: int, d_hits: int) -> tuple[int, int]:
    """(most CV removable, fewest 1s left with that) by trying every target for every defence die."""
    best = (-1, 0)
    # each defence success: nothing or a success; each defence 1: nothing, a 1 or two successes
    for s_targets in product((0, 1), repeat=d_hits):
        for o_targets in product((0, 1, 2), repeat=d_ones):
            hits_used = sum(s_targets) + 2 * o_targets.count(2)
            ones_used = o_targets.count(1)
            if ones_used > ones:
                continue
            removed = min(hits, hits_used) + 2 * ones_used
            best = max(best, (removed, -(ones - ones_used)))
    return best[0], -best[1]


@pytest.mark.rule("TW-CC-9")
def test_the_defence_dice_are_placed_to_remove_the_most() -> None:
    """Against a search of every placing: the most CV removed and, with it, the fewest 1s left (falls)."""
    for hits, ones, d_ones, d_hits in product(range(4), range(3), range(3), range(4)):
        hits_removed, ones_removed = cancel(hits, ones, d_ones, d_hits)
        removed, ones_left = _best_by_search(hits, ones, d_ones, d_hits)
        assert (hits_removed + 2 * ones_removed, ones - ones_removed) == (removed, ones_left), \
            (hits, ones, d_ones, d_hits)


@pytest.mark.rule("TW-CC-9", "TW-CC-10", "TW-CC-11")
@settings(max_examples=examples(300), deadline=None)
@given(st.sampled_from(ATTACK_CARDS), st.sampled_from(DEFENCE_CARDS), st.integers(1, 5), st.integers(1, 5),
       st.integers(0, 2), st.integers(0, 2), st.integers(0, 10**6))
def test_any_fight_resolves_to_a_sane_result(attack: str, defence: str, a_cv: int, d_cv: int, supporters: int,
                                              terrain: int, seed: int) -> None:
    a = FighterFacts("A", a_cv, 5, True, "axe", supporters=supporters)
    d = FighterFacts("D", d_cv, 3, True, "knife", shield=True, armour="chest", armour_wounds_left=1,
                     terrain=terrain)
    f = fight_dice(cell(attack, defence), a, d)
    if f.no_combat:
        return
    dice = Dice(seed)
    split_a, split_d = f.attacker.splits()[seed % len(f.attacker.splits())], f.defender.splits()[0]
    r = resolve(dice, f, (split_a, f.attacker.total - split_a), (split_d, f.defender.total - split_d))
    assert len(r.roll.attacker.all) == f.attacker.total and len(r.roll.defender.all) == f.defender.total
    for took in (r.attacker, r.defender):
        assert 0 <= took.hits_removed <= took.hits and 0 <= took.ones_removed <= took.ones
        assert took.net == 2 * (took.ones - took.ones_removed) + took.hits - took.hits_removed
        assert took.cv_lost in (0, took.net, GORY_CV)
        assert took.gory == (took.wound == "gory")
        assert not (took.armour_absorbed and took.cv_lost)
        assert took.dropped_weapon <= took.slipped


@pytest.mark.rule("TW-CC-9")
def test_a_fight_explains_its_dice_modifiers_and_results() -> None:
    f = fight_dice(cell("cut", "duck"), replace(HERON, weapon="axe", shield=False), replace(OWL, terrain=1))
    text = resolve(forced(1, 5, 3, 2, 2), f, (2, 1), (1, 1)).explain()
    assert "Grey Heron cut v Owl Smoke duck: 2/1" in text
    assert "+1 larger weapon (axe against knife) [TW-CC-7]" in text and "+1 terrain advantage [TW-CC-7]" in text
    assert "attacker: attack [1, 5] defence [3]" in text
    assert "defender takes wound (−2 CV), falls" in text


def _odds_by_every_face(f, split_a: tuple[int, int], split_d: tuple[int, int]) -> dict:
    odds: dict = {}
    n = sum(split_a) + sum(split_d)
    for faces in product(range(1, 7), repeat=n):
        a_att, rest = faces[:split_a[0]], faces[split_a[0]:]
        a_def, rest = rest[:split_a[1]], rest[split_a[1]:]
        d_att, d_def = rest[:split_d[0]], rest[split_d[0]:]
        r = outcome(f, FightRoll(SideRoll(a_att, a_def), SideRoll(d_att, d_def)))
        odds[(r.attacker, r.defender)] = odds.get((r.attacker, r.defender), Fraction(0)) + Fraction(1, 6 ** n)
    return odds


@pytest.mark.rule("TW-CC-9", "TW-CC-10", "TW-CC-11")
@pytest.mark.parametrize(("a_cv", "d_cv"), [(4, 2), (5, 1), (1, 5)])
def test_the_exact_odds_equal_every_face_of_the_dice(a_cv: int, d_cv: int) -> None:
    f = fight_dice(cell("cut", "duck"), replace(HERON, cv=a_cv, weapon="axe", shield=False),
                   replace(OWL, cv=d_cv, terrain=1, armour="chest", armour_wounds_left=1))
    odds = fight_odds(f, (2, 1), (1, 1))
    assert odds == _odds_by_every_face(f, (2, 1), (1, 1))
    assert sum(odds.values()) == 1


@pytest.mark.rule("TW-CC-9")
def test_the_odds_of_the_seeds_lunge() -> None:
    """Five attack dice at CV 4 against a seer's one defence die at CV 2."""
    f = fight_dice(cell("lunge", "jump_back"), HERON, OWL, attacker_abilities=[SERPENTS_BLADE])
    odds = fight_odds(f, (5, 0), (0, 1))
    assert sum(odds.values()) == 1
    assert expected_cv_lost(odds, "attacker") == 0
    assert 0 < expected_cv_lost(odds, "defender") <= GORY_CV
    no_dice = fight_odds(fight_dice(cell("huh", "huh"), HERON, OWL), (0, 0), (0, 0))
    assert list(no_dice.values()) == [1]


@pytest.mark.rule("TW-CC-9")
def test_a_fight_with_dice_is_not_resolved_without_them() -> None:
    with pytest.raises(ValueError):
        outcome(fight_dice(cell("cut", "duck"), WARRIOR, FOE), None)
    with pytest.raises(IllegalAction, match="TW-CC-6"):
        roll_fight(forced(), fight_dice(cell("huh", "huh"), WARRIOR, FOE), (0, 0), (0, 0))
