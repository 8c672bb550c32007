"""One close-combat fight of Thornwood, pure: its dice, their split and their resolution ([TW-CC-7] … [TW-CC-13]).

Plain inputs in (the facts of each fighter, the cell of the two cards, the dice source), frozen results out, each
carrying every modifier with its rule and source and every die as it fell: the lead's charge sequence, the AI,
the odds and the screens all ask these functions, so the rules live here once. Decisions (which card, how to
split, whether to use Tough Skin, Lucky or Cursed) are the caller's; this module says what is allowed and does
the arithmetic.

Rulings made here where the seed is silent (RULING, for the rules reference to state): a Taunt's dice shame (one
Renown Point a success, two a 1), they do not wound, except where the cell says N (no intended strike: a success
is a lucky hit); a Taunt takes no weapon's die; Huh! rolls one die only, a defence die; weapon sizes follow the
equipment prices (knife < axe, club < spear, huge club; fists below all) and a huge club is a club for Bash;
armour absorbs a wound, and the fall that comes with it, but never a Gory Death; a Gory Death costs 5 CV
([TW-CV-1]); a wound of more than 3 CV short of a Gory Death is a mortal wound of that many CV; Jump Back leaves the
fight unless the figure died in it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement, product
from math import factorial
from typing import Literal, Protocol

from game.core.dice import Dice, Modifier
from game.core.errors import IllegalAction
from game.systems.thornwood.combat_table import Cell, Restriction, Role, best_weapons, card, weapon_size

Armour = Literal["none", "chest", "full"]
Side = Literal["attacker", "defender"]
Pool = Literal["attack", "defence"]
ARMOUR_WOUNDS = {"none": 0, "chest": 1, "full": 2}  # wounds armour absorbs in close combat ([TW-CC-11], FF-R-14.5)
GORY_CV = 5  # a Gory Death's CV loss ([TW-CV-1])
JUMP_BACK_INCHES = 2.0  # [TW-CC-13]
WOUNDS = ("none", "light", "wound", "mortal")  # by CV lost: 0, 1, 2, 3 or more ([TW-CC-11])
TOUGH_SKIN, LUCKY, CURSED = "Tough Skin", "Lucky", "Cursed"
SIDES: tuple[Side, Side] = ("attacker", "defender")


@dataclass(frozen=True)
class FighterFacts:
    """What the fight needs to know of one fighter: plain data the caller fills from its state."""

    name: str
    cv: int  # Combat Value now: every die of this side succeeds on ≤ cv, supporters' dice too
    start_cv: int  # at the start of the game, for the Gory Death of too much CV lost at once
    key: bool  # a Key Character (chief, companion, healer, seer); else a Basic one
    weapon: str = "knife"  # the close-combat weapon in hand: knife, axe, club, spear or huge_club
    shield: bool = False
    armour: Armour = "none"
    armour_wounds_left: int = 0  # how many more close-combat wounds the armour absorbs
    fallen: bool = False
    weapon_lost: bool = False  # every weapon lost: fists, teeth and elbows
    abilities: tuple[str, ...] = ()  # ability names, for the re-roll hooks (Tough Skin, Lucky, Cursed)
    supporters: int = 0  # friends adding a die each ([TW-CC-4] caps them; counted here as given)
    terrain: int = 0  # terrain advantage dice (usually 1; a palisade more)
    figure_type: str = ""  # chief, companion, veteran, warrior, youth, healer, seer: for the Nerve bonus point


class MeleeAbility(Protocol):
    """The one hook of an ability the fight's dice ask (the band helper's ``Ability`` has it)."""

    def melee_dice(self, card: str, role: Role) -> int: ...


def ability_dice(abilities: Iterable[MeleeAbility], card_name: str, role: Role) -> tuple[Modifier, ...]:
    """Each ability's extra (or lost) dice on this card, as modifiers naming the ability and its rule (its own
    ``rule`` where it has one, else [TW-ABIL-1] for a gain, [TW-ABIL-2] for a loss)."""
    mods = []
    for a in abilities:
        n = a.melee_dice(card_name, role)
        if n:
            name = getattr(a, "name", type(a).__name__)
            rule = getattr(a, "rule", "") or ("TW-ABIL-1" if n > 0 else "TW-ABIL-2")
            mods.append(Modifier(n, str(rule), str(name)))
    return tuple(mods)


def legal_splits(card_name: str, role: Role, dice: int, *, forced_defence: int = 0, free: bool = False) -> list[int]:
    """The numbers of attack dice a card allows out of ``dice`` ([TW-CC-8]); the rest are defence dice.

    ``forced_defence``: dice that must be defence dice (a shield's on Parry); ``free``: the attacker drew Huh!, so
    the defender may use all its dice for attack whatever its card.
    """
    top = dice - forced_defence
    if free:
        return list(range(0, top + 1))
    rule = card(card_name, role).dice
    if rule is Restriction.all_attack:
        allowed = [dice]
    elif rule is Restriction.at_least_one_attack:
        allowed = list(range(1, dice + 1))
    elif rule is Restriction.at_least_one_defence:
        allowed = list(range(0, dice))
    else:  # all defence; Huh!'s one die is a defence die
        allowed = [0]
    return [a for a in allowed if 0 <= a <= top]


@dataclass(frozen=True)
class SideDice:
    """One side's dice in a fight: the cell's base, every modifier, the total and how it may be split."""

    role: Role
    card: str
    base: int
    modifiers: tuple[Modifier, ...]
    forced_defence: int = 0
    free: bool = False
    notes: tuple[str, ...] = ()

    @property
    def total(self) -> int:
        return self.base + sum(m.value for m in self.modifiers)

    def splits(self) -> list[int]:
        """The attack-dice counts this side may choose ([TW-CC-8])."""
        return legal_splits(self.card, self.role, self.total, forced_defence=self.forced_defence, free=self.free)

    def explain(self) -> str:
        parts = [f"{self.base} base"] + [m.describe() for m in self.modifiers]
        return f"{' '.join(parts)} = {self.total}D6"


@dataclass(frozen=True)
class FightDice:
    """Both sides' dice for one fight, or why no die is rolled ([TW-CC-6], [TW-CC-7], [TW-CC-12])."""

    cell: Cell
    attacker_facts: FighterFacts
    defender_facts: FighterFacts
    attacker: SideDice
    defender: SideDice
    no_combat: str = ""  # why no die is rolled, with its rule; "" when the fight is fought
    shames: bool = True  # whether the cell's Nd/Na Renown losses apply (not in a Taunt that is no combat)

    def side(self, which: Side) -> SideDice:
        return self.attacker if which == "attacker" else self.defender

    def facts(self, which: Side) -> FighterFacts:
        return self.attacker_facts if which == "attacker" else self.defender_facts


def _weapon(f: FighterFacts) -> str:
    return "fists" if f.weapon_lost else f.weapon


def _side_dice(cell: Cell, role: Role, me: FighterFacts, other: FighterFacts,
               abilities: Iterable[MeleeAbility]) -> SideDice:
    card_name = cell.attack if role == "attack" else cell.defence
    base = cell.attacker_dice if role == "attack" else cell.defender_dice
    mods: list[Modifier] = []
    notes: list[str] = []
    if me.terrain:
        mods.append(Modifier(me.terrain, "TW-CC-7", "terrain advantage"))
    if me.supporters:
        mods.append(Modifier(me.supporters, "TW-CC-7", f"{me.supporters} supporter(s)"))
    if me.fallen:
        mods.append(Modifier(-1, "TW-CC-7", "fallen down"))
    if me.weapon_lost:
        mods.append(Modifier(-1, "TW-CC-7", "fists, teeth and elbows (every weapon lost)"))
    best = role == "attack" and not me.weapon_lost and me.weapon in best_weapons(card_name)
    if best:
        mods.append(Modifier(1, "TW-CC-7", f"best weapon ({me.weapon} for {card(card_name, role).title})"))
    if card_name == "taunt":
        pass  # a Taunt is no armed attack: no weapon's die (RULING)
    elif weapon_size(_weapon(me)) > weapon_size(_weapon(other)):
        if best:
            notes.append("larger weapon: not with the best weapon die (FF-R-14.6) [TW-CC-7]")
        else:
            mods.append(Modifier(1, "TW-CC-7", f"larger weapon ({_weapon(me)} against {_weapon(other)})"))
    forced_defence = 0
    if me.shield and role == "defence" and card_name == "parry":
        mods.append(Modifier(1, "TW-CC-7", "shield on Parry (a defence die)"))
        forced_defence = 1
    if me.armour == "full" and role == "defence" and card_name in ("leap_aside", "jump_back"):
        mods.append(Modifier(-1, "TW-CC-7", f"full wooden armour on {card(card_name, role).title}"))
    mods.extend(ability_dice(abilities, card_name, role))
    total = base + sum(m.value for m in mods)
    if card(card_name, role).dice is Restriction.one_die and total != 1:
        mods.append(Modifier(1 - total, "TW-CC-8", "Huh!: one die only"))
        forced_defence = 0
    elif total < 1:
        mods.append(Modifier(1 - total, "TW-CC-7", "never fewer than one die"))
    return SideDice(role, card_name, base, tuple(mods), forced_defence, notes=tuple(notes))


def fight_dice(cell: Cell, attacker: FighterFacts, defender: FighterFacts,
               attacker_abilities: Sequence[MeleeAbility] = (),
               defender_abilities: Sequence[MeleeAbility] = ()) -> FightDice:
    """Each side's dice from the cell and every modifier ([TW-CC-7]); ability dice through their hooks."""
    if cell.attack == "taunt" and not (attacker.key and defender.key):
        who = attacker.name if not attacker.key else defender.name
        why = f"a Taunt by or against a Basic Character ({who}) is no combat (FF-R-14.2) [TW-CC-12]"
        return FightDice(cell, attacker, defender, SideDice("attack", cell.attack, 0, ()),
                         SideDice("defence", cell.defence, 0, ()), why, shames=False)
    if not cell.exchange:
        why = "No combat" if cell.no_combat else f"{cell.printed()}: no dice"
        return FightDice(cell, attacker, defender, SideDice("attack", cell.attack, 0, ()),
                         SideDice("defence", cell.defence, 0, ()), f"{why} [TW-CC-6]")
    a = _side_dice(cell, "attack", attacker, defender, attacker_abilities)
    d = _side_dice(cell, "defence", defender, attacker, defender_abilities)
    if cell.attack == "huh":
        d = replace(d, free=True, notes=d.notes + ("the attacker drew Huh!: any die may attack [TW-CC-8]",))
    return FightDice(cell, attacker, defender, a, d)


# -- rolling --------------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class SideRoll:
    attack: tuple[int, ...]
    defence: tuple[int, ...]

    @property
    def all(self) -> tuple[int, ...]:
        return self.attack + self.defence


@dataclass(frozen=True)
class FightRoll:
    """The dice of a fight as they fell, and every change made to them (re-rolls, Tough Skin)."""

    attacker: SideRoll
    defender: SideRoll
    changes: tuple[str, ...] = ()

    def side(self, which: Side) -> SideRoll:
        return self.attacker if which == "attacker" else self.defender


def _check_split(fight: FightDice, which: Side, split: tuple[int, int]) -> None:
    s = fight.side(which)
    attack, defence = split
    if attack < 0 or defence < 0 or attack + defence != s.total:
        raise IllegalAction("TW-CC-8", f"the {which} has {s.total} dice to split, not {attack} + {defence}")
    if attack not in s.splits():
        raise IllegalAction("TW-CC-8", f"{card(s.card, s.role).title} allows {s.splits()} attack dice of "
                                       f"{s.total}, not {attack}")


def roll_fight(dice: Dice, fight: FightDice, attacker_split: tuple[int, int],
               defender_split: tuple[int, int]) -> FightRoll:
    """Roll both sides' dice as split (attack, defence) ([TW-CC-8], [TW-CC-9]).

    Order (forced dice follow it): the attacker's attack dice, its defence dice, the defender's attack dice, its
    defence dice.
    """
    if fight.no_combat:
        raise IllegalAction("TW-CC-6", f"no dice are rolled: {fight.no_combat}")
    _check_split(fight, "attacker", attacker_split)
    _check_split(fight, "defender", defender_split)
    a_name, d_name = fight.attacker_facts.name, fight.defender_facts.name
    return FightRoll(
        SideRoll(dice.roll(attacker_split[0], f"{a_name}'s attack dice"),
                 dice.roll(attacker_split[1], f"{a_name}'s defence dice")),
        SideRoll(dice.roll(defender_split[0], f"{d_name}'s attack dice"),
                 dice.roll(defender_split[1], f"{d_name}'s defence dice")))


def _other(which: Side) -> Side:
    return "defender" if which == "attacker" else "attacker"


def _with_die(roll: FightRoll, which: Side, pool: Pool, index: int, value: int, change: str) -> FightRoll:
    s = roll.side(which)
    values = list(getattr(s, pool))
    if not 0 <= index < len(values):
        raise IllegalAction("TW-CC-9", f"the {which} has no {pool} die {index}")
    values[index] = value
    new = replace(s, **{pool: tuple(values)})
    both = {"attacker": roll.attacker, "defender": roll.defender, which: new}
    return FightRoll(both["attacker"], both["defender"], roll.changes + (change,))


def reroll_die(roll: FightRoll, dice: Dice, which: Side, pool: Pool, index: int, why: str) -> FightRoll:
    """One die of a side rolled again; the new value stands (Lucky, Cursed: [TW-ABIL-1], [TW-ABIL-2])."""
    old = roll.side(which)
    values = getattr(old, pool)
    if not 0 <= index < len(values):
        raise IllegalAction("TW-CC-9", f"the {which} has no {pool} die {index}")
    new = dice.d6(f"re-roll ({why})")
    return _with_die(roll, which, pool, index, new, f"{why}: the {which}'s {pool} die {values[index]} re-rolled: {new}")


def tough_skin_value(value: int) -> int | None:
    """Tough Skin makes one attack die against its owner one level worse: a 1 becomes a 2, a 2 to 5 a 6; a 6 has
    no worse (None)."""
    return 2 if value == 1 else (6 if 2 <= value <= 5 else None)


def tough_skin(roll: FightRoll, owner: Side, index: int,
               worsen: Callable[[int], int | None] = tough_skin_value) -> FightRoll:
    """The owner of Tough Skin changes one of the opponent's attack dice ([TW-ABIL-1]); ``worsen``: the ability's
    own hook (the band's ``Ability.worsen_enemy_die``) where the caller has it, so the rule has one source."""
    other = _other(owner)
    values = roll.side(other).attack
    if not 0 <= index < len(values):
        raise IllegalAction("TW-ABIL-1", f"the {other} has no attack die {index}")
    new = worsen(values[index])
    if new is None:
        raise IllegalAction("TW-ABIL-1", f"Tough Skin cannot make a {values[index]} worse")
    return _with_die(roll, other, "attack", index, new,
                     f"Tough Skin: the {other}'s attack die {values[index]} made {new}")


@dataclass(frozen=True)
class Adjustment:
    """A change the rules allow to a rolled fight, for the caller to offer: who decides, and on whose dice."""

    ability: str
    decides: Side  # the side that chooses whether and which die
    dice_of: Side  # whose dice it changes
    pools: tuple[Pool, ...]


def adjustments(fight: FightDice) -> tuple[Adjustment, ...]:
    """The Tough Skin, Lucky and Cursed options of this fight; whether one is still unused is the caller's."""
    out = []
    for which in SIDES:
        f, other = fight.facts(which), _other(which)
        if TOUGH_SKIN in f.abilities:
            out.append(Adjustment(TOUGH_SKIN, which, other, ("attack",)))
        if LUCKY in f.abilities:
            out.append(Adjustment(LUCKY, which, which, ("attack", "defence")))
        if CURSED in f.abilities:
            out.append(Adjustment(CURSED, other, which, ("attack", "defence")))
    return tuple(out)


# -- resolution -----------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Received:
    """What one side took in a fight, with the count behind it ([TW-CC-9] … [TW-CC-12])."""

    hits: int = 0  # the opponent's successful attack dice other than 1s
    ones: int = 0  # the opponent's attack 1s
    hits_removed: int = 0
    ones_removed: int = 0
    net: int = 0  # CV loss (or shames) left after the defence dice
    wound: str = "none"  # none, light, wound, mortal, gory
    cv_lost: int = 0
    armour_absorbed: bool = False
    armour_wounds_left: int = 0
    knocked_down: bool = False  # an unremoved attack 1
    slipped: bool = False
    dropped_weapon: bool = False
    shames: int = 0  # Renown Points lost to a Taunt's dice
    renown_lost: int = 0  # every Renown Point lost: the cell's Nd/Na and the shames
    leaves: bool = False  # Jump Back: moves 2″ back out of the fight

    @property
    def falls(self) -> bool:
        return self.knocked_down or self.slipped

    @property
    def gory(self) -> bool:
        return self.wound == "gory"


@dataclass(frozen=True)
class FightResult:
    fight: FightDice
    roll: FightRoll | None
    attacker: Received
    defender: Received

    def side(self, which: Side) -> Received:
        return self.attacker if which == "attacker" else self.defender

    def explain(self) -> str:
        f = self.fight
        lines = [f"{f.attacker_facts.name} {f.cell.attack} v {f.defender_facts.name} {f.cell.defence}: "
                 f"{f.cell.printed()}"]
        if f.no_combat:
            lines.append(f.no_combat)
        else:
            lines.append(f"attacker {f.attacker.explain()}; defender {f.defender.explain()}")
        if self.roll:
            for which in SIDES:
                s = self.roll.side(which)
                lines.append(f"{which}: attack {list(s.attack)} defence {list(s.defence)}")
            lines.extend(self.roll.changes)
        for which in SIDES:
            r = self.side(which)
            lines.append(f"{which} takes {r.wound} (−{r.cv_lost} CV)" + (", falls" if r.falls else "")
                         + (", armour absorbs it" if r.armour_absorbed else "")
                         + (f", loses {r.renown_lost} RP" if r.renown_lost else ""))
        return "\n".join(lines)


def _counts(values: Sequence[int], cv: int) -> tuple[int, int]:
    """(1s, other successes) among dice rolled against a CV ([TW-CC-9])."""
    ones = sum(1 for v in values if v == 1 and v <= cv)
    return ones, sum(1 for v in values if 1 < v <= cv)


def cancel(hits: int, ones: int, defence_ones: int, defence_hits: int) -> tuple[int, int]:
    """(hits removed, ones removed) by the defence dice, placed to remove the most ([TW-CC-9]).

    A defence success removes one success but never a 1; a defence 1 removes an attack 1 or two successes. The
    successes go first to the successes; each defence 1 then takes an attack 1 (two CV and the fall) before two
    successes, which is never worse.
    """
    hits_removed = min(hits, defence_hits)
    ones_removed = min(ones, defence_ones)
    hits_removed = min(hits, hits_removed + 2 * (defence_ones - ones_removed))
    return hits_removed, ones_removed


def wound_name(cv_loss: int) -> str:
    """1 CV a light wound, 2 a wound, 3 or more a mortal wound ([TW-CC-11])."""
    return WOUNDS[min(cv_loss, 3)]


def _received(fight: FightDice, roll: FightRoll, which: Side) -> Received:
    me, them = fight.facts(which), fight.facts(_other(which))
    mine, theirs = roll.side(which), roll.side(_other(which))
    ones, hits = _counts(theirs.attack, them.cv)
    d_ones, d_hits = _counts(mine.defence, me.cv)
    hits_removed, ones_removed = cancel(hits, ones, d_ones, d_hits)
    ones_left, hits_left = ones - ones_removed, hits - hits_removed
    net = 2 * ones_left + hits_left
    # slips ([TW-CC-10]): more 6s than successes on all one's own dice; all 6s on two or more drops the weapon
    own = mine.all
    sixes = sum(1 for v in own if v == 6)
    successes = sum(1 for v in own if v <= me.cv)
    slipped = sixes > successes
    dropped = len(own) >= 2 and sixes == len(own)
    renown = 0
    if which == "defender" and me.key:
        renown += fight.cell.defender_shamed
    if which == "attacker" and me.key:
        renown += fight.cell.attacker_shamed
    shamed_by_dice = which == "defender" and fight.cell.attack == "taunt" and not fight.cell.no_strike
    armour_left = me.armour_wounds_left
    if shamed_by_dice:  # a Taunt's dice shame, they do not wound (RULING on ¶31 and the N of the key)
        return Received(hits, ones, hits_removed, ones_removed, net, "none", 0, False, armour_left, False, slipped,
                        dropped, net if me.key else 0, renown + (net if me.key else 0))
    gory = ones_left >= 2 or net > me.start_cv
    absorbed = not gory and net > 0 and me.armour != "none" and armour_left > 0
    if gory:
        wound, cv_lost = "gory", GORY_CV
    elif absorbed:
        wound, cv_lost, armour_left = "none", 0, armour_left - 1
    else:
        wound, cv_lost = wound_name(net), net
    knocked = ones_left >= 1 and not absorbed
    leaves = which == "defender" and fight.cell.defence == "jump_back" and not gory
    return Received(hits, ones, hits_removed, ones_removed, net, wound, cv_lost, absorbed, armour_left, knocked,
                    slipped, dropped, 0, renown, leaves)


def outcome(fight: FightDice, roll: FightRoll | None) -> FightResult:
    """What each side takes from the dice as they now stand ([TW-CC-9] … [TW-CC-13]).

    A fight without dice still costs the cell's Renown Points (Key Characters only), and Jump Back still leaves.
    """
    if roll is None and not fight.no_combat:
        raise ValueError("a fight with dice needs its roll")
    if fight.no_combat or roll is None:
        a_renown = fight.cell.attacker_shamed if fight.attacker_facts.key and fight.shames else 0
        d_renown = fight.cell.defender_shamed if fight.defender_facts.key and fight.shames else 0
        a = Received(armour_wounds_left=fight.attacker_facts.armour_wounds_left, renown_lost=a_renown)
        d = Received(armour_wounds_left=fight.defender_facts.armour_wounds_left, renown_lost=d_renown,
                     leaves=fight.cell.defence == "jump_back")
        return FightResult(fight, None, a, d)
    return FightResult(fight, roll, _received(fight, roll, "attacker"), _received(fight, roll, "defender"))


def resolve(dice: Dice, fight: FightDice, attacker_split: tuple[int, int] = (0, 0),
            defender_split: tuple[int, int] = (0, 0)) -> FightResult:
    """Roll and resolve a fight with no changes to its dice; a fight without dice only costs Renown."""
    if fight.no_combat:
        return outcome(fight, None)
    return outcome(fight, roll_fight(dice, fight, attacker_split, defender_split))


# -- exact odds -----------------------------------------------------------------------------------------------------

def _classes(cv: int) -> list[tuple[int, Fraction]]:
    """One real face for each class of faces that ``outcome`` treats alike against a CV, with its chance: a 1,
    a plain success, a plain failure, a 6."""
    top = min(max(cv, 1), 5)
    out = [(1, Fraction(1, 6))]
    if top >= 2:
        out.append((2, Fraction(top - 1, 6)))
    if top < 5:
        out.append((5, Fraction(5 - top, 6)))
    out.append((6, Fraction(1, 6)))
    return out


@cache
def _pool(n: int, cv: int) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
    """Every multiset of face classes for ``n`` dice, as sorted faces, with its multinomial chance."""
    classes = _classes(cv)
    out = []
    for combo in combinations_with_replacement(range(len(classes)), n):
        chance = Fraction(factorial(n))
        for k in range(len(classes)):
            c = combo.count(k)
            chance *= classes[k][1] ** c / factorial(c)
        out.append((tuple(classes[k][0] for k in combo), chance))
    return tuple(out)


def fight_odds(fight: FightDice, attacker_split: tuple[int, int],
               defender_split: tuple[int, int]) -> dict[tuple[Received, Received], Fraction]:
    """The exact chance of every (attacker took, defender took) pair for these splits, by asking ``outcome`` once
    for each class of dice: the AI and the screens read the rules, never restate them. No re-roll is counted."""
    if fight.no_combat:
        r = outcome(fight, None)
        return {(r.attacker, r.defender): Fraction(1)}
    _check_split(fight, "attacker", attacker_split)
    _check_split(fight, "defender", defender_split)
    a_cv, d_cv = fight.attacker_facts.cv, fight.defender_facts.cv
    odds: dict[tuple[Received, Received], Fraction] = {}
    for (aa, p1), (ad, p2), (da, p3), (dd, p4) in product(_pool(attacker_split[0], a_cv),
                                                          _pool(attacker_split[1], a_cv),
                                                          _pool(defender_split[0], d_cv),
                                                          _pool(defender_split[1], d_cv)):
        r = outcome(fight, FightRoll(SideRoll(aa, ad), SideRoll(da, dd)))
        key = (r.attacker, r.defender)
        odds[key] = odds.get(key, Fraction(0)) + p1 * p2 * p3 * p4
    return odds


def expected_cv_lost(odds: dict[tuple[Received, Received], Fraction], which: Side) -> Fraction:
    """The mean CV a side loses over the odds."""
    i = 0 if which == "attacker" else 1
    return sum((p * pair[i].cv_lost for pair, p in odds.items()), Fraction(0))
