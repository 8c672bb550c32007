"""One Gearfall attack, from the table's facts to the damage points ([GF-ATK-*], [GF-COVER-*], [GF-DMG-*]).

:class:`Strike` is the attack as data: what the table says of it (back arc, cover, knocked down, a charge's
length). The modifiers, the defence, the judgement of the dice and the damage are pure functions of it, so
the engine (:func:`resolve`, with the dice that fall) and the exact odds (game.systems.gearfall.odds, over
every face the dice could show) read one source.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from game.core.dice import Dice, Modifier, has_double
from game.systems.gearfall.rolls import BOOSTED, ExtraDie, Roll, automatic, counted_dice, roll

KNOCKED_DOWN_DEF = 5  # [GF-KD-2]
CHARGE_MOMENTUM = 3.0  # [GF-CHG-3]: inches a charge must cover for its first blow's boosted damage


class Kind(StrEnum):
    melee = "melee"
    ranged = "ranged"
    thrown = "thrown"  # a ranged attack rolled with PRW ([GF-ATK-1])
    magic = "magic"

    @property
    def shot(self) -> bool:
        """Ranged, thrown or magic: what concealment and cover stand against ([GF-COVER-1], [GF-COVER-2])."""
        return self is not Kind.melee


class Cover(StrEnum):
    none = "none"
    concealment = "concealment"  # hedges, bushes: hard to see, no barrier
    solid = "solid"  # walls, boulders, wrecks


@dataclass(frozen=True)
class Strike:
    """One attack as the table gives it."""

    kind: Kind
    attack_stat: str  # "MAT", "RAT", "ARC"
    attack_value: int  # stat + skill + weapon modifier, as the character sheet has it ([GF-ATK-1])
    defence: int  # the target's DEF
    armour: int  # the target's ARM
    power: int  # the weapon's or spell's POW
    strength: int = 0  # the attacker's STR: added to a melee blow's damage ([GF-DMG-1])
    back_strike: bool = False  # wholly in the target's back arc all the activation so far ([GF-ATK-3])
    free_strike: bool = False  # [GF-FS-1]
    target_in_melee: bool = False  # [GF-ATK-4]
    engaging_target: bool = False  # the attacker is in melee with that very target ([GF-ATK-4]: magic)
    cover: Cover = Cover.none
    cover_between: bool = False  # the cover lies between the two ([GF-COVER-2]: solid cover against a blow)
    target_prone: bool = False
    attacker_prone: bool = False
    target_knocked_down: bool = False
    critical_knockdown: bool = False  # the weapon's critical effect: a critical hit knocks the target down
    charge: float | None = None  # the first blow after a charge: the inches the charge covered
    extra_attack_dice: tuple[ExtraDie, ...] = ()
    extra_damage_dice: tuple[ExtraDie, ...] = ()
    boosted_attack: bool = False
    boosted_damage: bool = False  # by an ability (a charge's and a free strike's boosts are worked out here)
    notes: tuple[str, ...] = field(default=(), compare=False)


def attack_modifiers(s: Strike) -> tuple[Modifier, ...]:
    """Every modifier on the attack roll, each with its rule."""
    mods = []
    if s.back_strike and not s.free_strike:  # [GF-FS-1]: a free strike is never a back strike
        mods.append(Modifier(2, "GF-ATK-3", "back strike"))
    if s.free_strike:
        mods.append(Modifier(2, "GF-FS-1", "free strike"))
    if s.target_in_melee and s.kind.shot and not (s.kind is Kind.magic and s.engaging_target):
        mods.append(Modifier(-4, "GF-ATK-4", "target in melee"))
    if s.kind is Kind.melee and s.target_prone and not s.attacker_prone:
        mods.append(Modifier(2, "GF-PRONE-2", "target prone"))
    if s.kind is Kind.melee and s.attacker_prone and not s.target_prone:
        mods.append(Modifier(-2, "GF-PRONE-2", "attacking from the ground"))
    return tuple(mods)


def defence_modifiers(s: Strike) -> tuple[Modifier, ...]:
    """The target's DEF bonus: the best one it is eligible for, never two ([GF-COVER-3])."""
    eligible = []
    if s.kind.shot:
        if s.cover is Cover.concealment:
            eligible.append(Modifier(2, "GF-COVER-1", "concealment"))
        if s.cover is Cover.solid:
            eligible.append(Modifier(4, "GF-COVER-2", "solid cover"))
        if s.target_prone:
            eligible.append(Modifier(2, "GF-PRONE-1", "prone"))
    elif s.cover is Cover.solid and s.cover_between:
        eligible.append(Modifier(2, "GF-COVER-2", "solid cover between"))
    if not eligible:
        return ()
    return (max(eligible, key=lambda m: m.value),)  # the first of equals: the order above


def base_defence(s: Strike) -> int:
    """[GF-KD-2]: a knocked-down target's base DEF is 5."""
    return KNOCKED_DOWN_DEF if s.target_knocked_down else s.defence


def target_number(s: Strike) -> int:
    return base_defence(s) + sum(m.value for m in defence_modifiers(s))


def automatic_hit(s: Strike) -> bool:
    """[GF-KD-2]: a blow at a knocked-down target hits whatever the dice show."""
    return s.kind is Kind.melee and s.target_knocked_down


def hits(s: Strike, dice: Sequence[int]) -> bool:
    """[GF-ATK-2]: the attack total equal to or above the target's DEF, after [GF-ROLL-2] and [GF-KD-2]."""
    if automatic_hit(s):
        return True
    auto = automatic(dice)
    if auto is not None:
        return auto
    total = sum(dice) + s.attack_value + sum(m.value for m in attack_modifiers(s))
    return total >= target_number(s)


def critical(s: Strike, dice: Sequence[int]) -> bool:
    """[GF-ATK-7]: a critical hit when the attack hits and any two of its dice show the same number."""
    return hits(s, dice) and has_double(dice)


def knocks_down(s: Strike, dice: Sequence[int]) -> bool:
    """[GF-KD-1]: a critical hit of a weapon whose critical effect is knockdown knocks the target down, damage or
    none ([GF-ATK-7]); never a target already knocked down (it must stand first) or prone."""
    return s.critical_knockdown and not s.target_knocked_down and not s.target_prone and critical(s, dice)


def damage_boosts(s: Strike) -> tuple[ExtraDie, ...]:
    """Why the damage roll is boosted, if it is: a charge of 3″ or more ([GF-CHG-3]; its first blow, melee, that
    hit), a free strike ([GF-FS-1]), an ability. A roll is boosted once however many say so ([GF-ROLL-5])."""
    why = []
    if s.kind is Kind.melee and s.charge is not None and s.charge >= CHARGE_MOMENTUM:
        why.append(ExtraDie("GF-CHG-3", "charge"))
    if s.free_strike:
        why.append(ExtraDie("GF-FS-1", "free strike"))
    if s.boosted_damage:
        why.append(BOOSTED)
    return tuple(why)


def attack_dice(s: Strike) -> tuple[ExtraDie, ...]:
    """The attack roll's additional dice ([GF-ROLL-4], [GF-ROLL-5])."""
    return counted_dice(s.extra_attack_dice, (BOOSTED,) if s.boosted_attack else ())


def damage_dice(s: Strike) -> tuple[ExtraDie, ...]:
    """The damage roll's additional dice ([GF-ROLL-4], [GF-ROLL-5])."""
    return counted_dice(s.extra_damage_dice, damage_boosts(s))


def damage_stat(s: Strike) -> tuple[str, int]:
    """[GF-DMG-1]: POW, plus STR for a melee blow (P+S)."""
    return ("P+S", s.power + s.strength) if s.kind is Kind.melee else ("POW", s.power)


def damage_points(total: int, armour: int) -> int:
    """[GF-DMG-2]: one damage point for each point the damage roll exceeds ARM."""
    return max(0, total - armour)


@dataclass(frozen=True)
class AttackResult:
    strike: Strike
    attack: Roll
    target: int
    hit: bool
    critical: bool
    damage: Roll | None = None
    points: int = 0
    knocked_down: bool = False  # [GF-KD-1]

    def explain(self) -> str:
        text = f"{self.strike.kind} attack {self.attack.explain()} against DEF {self.target}: "
        text += ("critical hit" if self.critical else "hit") if self.hit else "miss"
        if self.knocked_down:
            text += ", knocked down [GF-KD-1]"
        if self.damage is not None:
            text += f"; damage {self.damage.explain()} against ARM {self.strike.armour}: {self.points} points"
        return text


def resolve(dice: Dice, s: Strike) -> AttackResult:
    """The attack roll, then, if it hits, the damage roll ([GF-ATK-2], [GF-DMG-1], [GF-DMG-2])."""
    a = roll(dice, f"{s.kind} attack", s.attack_stat, s.attack_value, attack_modifiers(s), s.extra_attack_dice,
             (BOOSTED,) if s.boosted_attack else ())
    hit = hits(s, a.dice)
    result = AttackResult(s, a, target_number(s), hit, hit and has_double(a.dice), knocked_down=knocks_down(s, a.dice))
    if not hit:
        return result
    stat, value = damage_stat(s)
    boosts = damage_boosts(s)
    d = roll(dice, "damage", stat, value, (), s.extra_damage_dice, boosts)
    return AttackResult(s, a, result.target, True, result.critical, d, damage_points(d.total, s.armour),
                        result.knocked_down)
