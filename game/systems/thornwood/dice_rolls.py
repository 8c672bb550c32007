"""Thornwood's rolls: activation, movement, spotting, a test against CV, to hit and damage.

Each roll takes its dice from the game's :class:`~game.core.dice.Dice` and returns a frozen record of the dice
as they fell, every modifier with its rule and source, and the outcome, so the log and the screens can say why
(``explain()``); the numbers come from :mod:`game.systems.thornwood.tables`. Nothing here reads a game state.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from typing import Literal

from game.core.dice import Dice, Modifier
from game.systems.thornwood.tables import (
    MOVE_FLOOR,
    MOVE_KINDS,
    NATURAL_SIX_COLUMNS,
    Activation,
    Column,
    DamageResult,
    HitNeed,
    Inspiration,
    ShotNeed,
    SpotClass,
    WoundChange,
    activation,
    damage_column,
    damage_result,
    heal_result,
    medicine_result,
    spot_class,
    spot_modifier,
    spot_number,
)

MoveKind = Literal["run", "move", "cautious"]
Motion = Literal["still", "cautious", "moved", "ran"]
BASE_DICE: dict[str, int] = {kind: k.dice for kind, k in MOVE_KINDS.items()}  # [TW-MOVE-1]-[TW-MOVE-3]
MOVE_RULE = {"run": "TW-MOVE-1", "move": "TW-MOVE-2", "cautious": "TW-MOVE-3"}
MOVE_AT_LEAST = MOVE_KINDS["move"].at_least or 0  # [TW-MOVE-2]
CAUTIOUS_AT_MOST = MOVE_KINDS["cautious"].at_most or 6  # [TW-MOVE-3]


def _mods(mods: Sequence[Modifier]) -> str:
    return "".join(f" {m.describe()}" for m in mods)


# -- activation ---------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ActivationRoll:
    """[TW-ACT-1]: the active side's d6 read against its Inspiration."""

    level: Inspiration
    die: int
    result: Activation

    def explain(self) -> str:
        return f"activation: {self.level.value}, rolled {self.die}: {self.result.value} [TW-ACT-1]"


def roll_activation(dice: Dice, level: Inspiration, reason: str = "activation") -> ActivationRoll:
    die = dice.d6(reason)
    return ActivationRoll(Inspiration(level), die, activation(level, die))


# -- movement -----------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class MoveRoll:
    """A group's movement roll for one kind of movement ([TW-MOVE-1]-[TW-MOVE-4]).

    ``dice`` as they fell; ``read`` the same after dice an ability reads as 1 (``slowed`` of them, the highest);
    ``kept`` the dice that count; ``inches`` the allowance after the kind's limit and the inch modifiers.
    """

    kind: MoveKind
    dice: tuple[int, ...]
    read: tuple[int, ...]
    kept: tuple[int, ...]
    extra: tuple[Modifier, ...]  # dice added or taken away, each with its rule and source
    slowed: int
    inch_mods: tuple[Modifier, ...]
    inches: int

    def explain(self) -> str:
        rule = MOVE_RULE[self.kind]
        how = {"run": "two highest", "move": f"highest, at least {MOVE_AT_LEAST}″",
               "cautious": f"lower, at most {CAUTIOUS_AT_MOST}″"}[self.kind]
        parts = [f"{self.kind}: dice {'+'.join(map(str, self.dice))}"]
        parts += [f"({m.value:+d} dice {m.source} [{m.rule}])" for m in self.extra]
        if self.slowed:
            parts.append(f"(highest {self.slowed} read as 1)")
        parts.append(f"{how}: {'+'.join(map(str, self.kept))}")
        parts += [m.describe() for m in self.inch_mods]
        return " ".join(parts) + f" = {self.inches}″ [{rule}]"


def _read(kind: MoveKind, read: Sequence[int]) -> tuple[int, ...]:
    """The dice that count ([TW-MOVE-1]-[TW-MOVE-3]): the two highest (Run), the highest (Move), or the lower
    of the two highest (Cautious: an extra die helps, as it does the others; a lone die is read as it is)."""
    ordered = sorted(read, reverse=True)
    keep = MOVE_KINDS[kind].keep
    if keep == "two_highest":
        return tuple(ordered[:2])
    if keep == "highest":
        return (ordered[0],)
    return (ordered[1] if len(ordered) > 1 else ordered[0],)


def move_inches(kind: MoveKind, dice: Sequence[int], slowed: int = 0,
                inch_mods: Sequence[Modifier] = ()) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """The reading of movement dice that fell (pure, for the odds): (read, kept, inches)."""
    read = sorted(dice, reverse=True)
    for i in range(min(slowed, len(read))):
        read[i] = 1
    kept = _read(kind, read)
    inches = sum(kept)
    limits = MOVE_KINDS[kind]
    if limits.at_least is not None:
        inches = max(inches, limits.at_least)
    if limits.at_most is not None:
        inches = min(inches, limits.at_most)
    if inch_mods:
        inches = max(MOVE_FLOOR, inches + sum(m.value for m in inch_mods))  # [TW-MOVE-6]: at least 1″
    return tuple(read), kept, inches


def movement_roll(dice: Dice, kind: MoveKind, extra_dice: int | Sequence[Modifier] = 0, slowed: int = 0,
                  inch_mods: Sequence[Modifier] = (), reason: str = "") -> MoveRoll:
    """Roll a group's movement: 3d6 for a Run, 2d6 for a Move or Cautious move, plus (or minus) the dice abilities
    give, never fewer than one ([TW-MOVE-1]-[TW-MOVE-3]). ``slowed``: how many dice an ability reads as 1 (the
    highest first); ``inch_mods``: inches an action added or taken away, the result never below 1″."""
    if kind not in BASE_DICE:
        raise ValueError(f"no kind of movement '{kind}'")
    if isinstance(extra_dice, int):
        extra: tuple[Modifier, ...] = (Modifier(extra_dice, MOVE_RULE[kind], "extra dice"),) if extra_dice else ()
    else:
        extra = tuple(extra_dice)
    n = max(1, BASE_DICE[kind] + sum(m.value for m in extra))
    rolled = dice.roll(n, reason or f"{kind} movement")
    read, kept, inches = move_inches(kind, rolled, slowed, inch_mods)
    return MoveRoll(kind, rolled, read, kept, extra, slowed, tuple(inch_mods), inches)


# -- tests against CV ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class CvTest:
    """A test ([TW-TEST-1]): a d6 against a CV after modifiers; it passes on equal or less (FF-R-7).
    ``margin`` is the roll minus the modified CV: "failed by n" when positive."""

    what: str
    die: int
    cv: int
    modifiers: tuple[Modifier, ...]
    rule: str

    @property
    def target(self) -> int:
        return self.cv + sum(m.value for m in self.modifiers)

    @property
    def passed(self) -> bool:
        return self.die <= self.target

    @property
    def margin(self) -> int:
        return self.die - self.target

    def explain(self) -> str:
        verdict = "passed" if self.passed else f"failed by {self.margin}"
        return (f"{self.what}: rolled {self.die} against CV {self.cv}{_mods(self.modifiers)} = {self.target}: "
                f"{verdict} [{self.rule}]")


def cv_test(dice: Dice, cv: int, modifiers: Sequence[Modifier] = (), what: str = "test", rule: str = "TW-TEST-1",
            reason: str = "") -> CvTest:
    """Roll a test against a CV ([TW-TEST-1]); ``rule`` names the rule that calls for it (a reaction, a nerve
    test ...)."""
    return CvTest(what, dice.d6(reason or what), cv, tuple(modifiers), rule)


# -- spotting -----------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class SpotRoll:
    """A group's spotting roll ([TW-SPOT-3]): the d6 and its modifiers against the target's number."""

    target: SpotClass
    die: int
    modifiers: tuple[Modifier, ...]

    @property
    def need(self) -> int:
        return spot_number(self.target)

    @property
    def total(self) -> int:
        return self.die + sum(m.value for m in self.modifiers)

    @property
    def spotted(self) -> bool:
        return self.total <= self.need

    def explain(self) -> str:
        verdict = "spotted" if self.spotted else "not spotted"
        article = "an" if self.target.value[0] in "aeiou" else "a"
        return (f"spotting {article} {self.target.value} target ({self.need} or less): rolled {self.die}"
                f"{_mods(self.modifiers)} = {self.total}: {verdict} [TW-SPOT-3]")


def spot_modifiers(motion: Motion = "still", spotter_in_ambush: bool = False) -> tuple[Modifier, ...]:
    """[TW-SPOT-3]: +1 a target that moved in its last action, +2 one that ran, -1 spotters in Ambush; a cautious
    move counts as no move ([TW-MOVE-3])."""
    out = []
    if motion in ("moved", "ran"):
        out.append(spot_modifier(motion))
    if spotter_in_ambush:
        out.append(spot_modifier("ambush"))
    return tuple(out)


def spot_roll(dice: Dice, target: SpotClass | Column, motion: Motion = "still", spotter_in_ambush: bool = False,
              reason: str = "spotting") -> SpotRoll:
    """Roll to spot a group ([TW-SPOT-3]); a target column is read as its spotting class."""
    cls = spot_class(target) if isinstance(target, Column) else SpotClass(target)
    return SpotRoll(cls, dice.d6(reason), spot_modifiers(motion, spotter_in_ambush))


# -- to hit -------------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ToHitRoll:
    """One figure's to-hit roll ([TW-SHOOT-2]): the first die, and a second only when the cell is two-stage and
    the first showed a 1. No die is rolled when no hit is possible."""

    need: HitNeed
    dice: tuple[int, ...]
    shot: ShotNeed | None = None

    @property
    def hit(self) -> bool:
        return hit_by(self.need, self.dice)

    def explain(self) -> str:
        why = self.shot.explain() if self.shot is not None else f"needs {self.need.describe()} [TW-SHOOT-2]"
        if not self.dice:
            return f"{why}: no roll, a miss"
        return f"{why}: rolled {', then '.join(map(str, self.dice))}: {'hit' if self.hit else 'miss'}"


def hit_by(need: HitNeed, dice: Sequence[int]) -> bool:
    """Whether these dice hit a cell (pure, for the odds)."""
    if not need.possible or not dice or dice[0] > need.first:
        return False
    if need.then is None:
        return True
    return len(dice) > 1 and dice[1] <= need.then


def roll_to_hit(dice: Dice, need: HitNeed | ShotNeed, reason: str = "to hit") -> ToHitRoll:
    """Roll to hit a cell of the grid ([TW-SHOOT-2])."""
    shot = need if isinstance(need, ShotNeed) else None
    cell = need.need if isinstance(need, ShotNeed) else need
    if not cell.possible:
        return ToHitRoll(cell, (), shot)
    first = dice.d6(reason)
    if cell.then is not None and first <= cell.first:
        return ToHitRoll(cell, (first, dice.d6(f"{reason}, second die")), shot)
    return ToHitRoll(cell, (first,), shot)


# -- damage -------------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class DamageRoll:
    """A hit's damage roll ([TW-DMG-1], [TW-DMG-2]): the d6, the weapon's damage and the target's modifiers give
    the column; shifts (a natural 6 among them) move it."""

    die: int
    weapon: Modifier
    modifiers: tuple[Modifier, ...]
    shifts: tuple[Modifier, ...]
    result: DamageResult

    @property
    def total(self) -> int:
        return self.die + self.weapon.value + sum(m.value for m in self.modifiers)

    @property
    def column(self) -> int:
        return damage_column(self.total) + sum(m.value for m in self.shifts)

    def explain(self) -> str:
        parts = [f"damage: rolled {self.die} {self.weapon.describe()}{_mods(self.modifiers)} = {self.total}"]
        parts += [f"{m.value:+d} column {m.source} [{m.rule}]" for m in self.shifts]
        fall = ", falls" if self.result.falls else ""
        return " ".join(parts) + f": {self.result.name} (-{self.result.cv_loss} CV{fall}) [TW-DMG-2]"


def damage(dice: Dice, weapon_damage: int, modifiers: Sequence[Modifier] = (), shifts: Sequence[Modifier] = (),
           reason: str = "damage", weapon: str = "the weapon") -> DamageRoll:
    """Roll damage for one hit ([TW-DMG-1]): d6 + the weapon's damage + the target's modifiers; a natural 6 moves
    the result one column right, and so do the given shifts (e.g. Thrower); the column is held on the chart."""
    die = dice.d6(reason)
    applied = tuple(shifts)
    if die == 6:
        applied += (Modifier(NATURAL_SIX_COLUMNS, "TW-DMG-1", "a natural 6"),)
    weapon_mod = Modifier(weapon_damage, "TW-SHOOT-5", weapon)
    total = die + weapon_damage + sum(m.value for m in modifiers)
    result = damage_result(damage_column(total) + sum(m.value for m in applied), die)
    return DamageRoll(die, weapon_mod, tuple(modifiers), applied, result)


# -- healing and the Medicine Roll --------------------------------------------------------------------------------
@dataclass(frozen=True)
class WoundRoll:
    """A d6 on a wounded figure: a friend treating it ([TW-HEAL-1]) or the Medicine Roll's check ([TW-MED-1])."""

    what: str  # "treated by a friend", "checked by the healer" ...
    die: int
    change: WoundChange
    rule: str

    def explain(self) -> str:
        said = {"better": "one grade better", "none": "no change", "worse": "one grade worse"}[self.change]
        return f"{self.what}: rolled {self.die}: {said} [{self.rule}]"


def heal_roll(dice: Dice, by: Literal["friend", "healer"], reason: str = "treating a wound") -> WoundRoll:
    """[TW-HEAL-1]: a friend (or the healer or seer, ``healer``) spends an action treating a wound."""
    die = dice.d6(reason)
    return WoundRoll(f"treated by {'the healer' if by == 'healer' else 'a friend'}", die, heal_result(by, die),
                     "TW-HEAL-1")


def medicine_check(dice: Dice, checked: Literal["checked", "checked_by_healer", "unchecked"],
                   reason: str = "medicine roll") -> WoundRoll:
    """[TW-MED-1]: one wounded figure's check at the Medicine Roll."""
    die = dice.d6(reason)
    what = {"checked": "checked by a friend", "checked_by_healer": "checked by the healer",
            "unchecked": "not checked"}[checked]
    return WoundRoll(what, die, medicine_result(checked, die), "TW-MED-1")


# -- exact odds (the AI and the screens ask these; each runs the rolls above over every face) ----------------------
def _faces(n: int) -> list[tuple[int, ...]]:
    return list(product(range(1, 7), repeat=n))


def _forced(faces: Sequence[int]) -> Dice:
    dice = Dice(0)
    dice.force(*faces)
    return dice


def hit_chance(need: HitNeed | ShotNeed) -> Fraction:
    """The exact chance a to-hit roll hits this cell ([TW-SHOOT-2])."""
    return Fraction(sum(roll_to_hit(_forced(f), need).hit for f in _faces(2)), 36)


def pass_chance(cv: int, modifiers: Sequence[Modifier] = ()) -> Fraction:
    """The exact chance a test against this CV passes ([TW-TEST-1])."""
    return Fraction(sum(cv_test(_forced((d,)), cv, modifiers).passed for d in range(1, 7)), 6)


def spot_chance(target: SpotClass | Column, motion: Motion = "still", spotter_in_ambush: bool = False) -> Fraction:
    """The exact chance a spotting roll succeeds ([TW-SPOT-3])."""
    return Fraction(sum(spot_roll(_forced((d,)), target, motion, spotter_in_ambush).spotted for d in range(1, 7)), 6)


def damage_chances(weapon_damage: int, modifiers: Sequence[Modifier] = (),
                   shifts: Sequence[Modifier] = ()) -> dict[tuple[str, bool], Fraction]:
    """The exact chance of each (result, falls) of a hit's damage roll ([TW-DMG-1], [TW-DMG-2])."""
    out: dict[tuple[str, bool], Fraction] = {}
    for d in range(1, 7):
        r = damage(_forced((d,)), weapon_damage, modifiers, shifts).result
        out[(r.name, r.falls)] = out.get((r.name, r.falls), Fraction(0)) + Fraction(1, 6)
    return out


def move_chances(kind: MoveKind, extra_dice: int | Sequence[Modifier] = 0, slowed: int = 0,
                 inch_mods: Sequence[Modifier] = ()) -> dict[int, Fraction]:
    """The exact chance of each allowance in inches of a movement roll ([TW-MOVE-1]-[TW-MOVE-3])."""
    probe = movement_roll(_forced((1,) * 8), kind, extra_dice, slowed, inch_mods)
    n = len(probe.dice)
    out: dict[int, Fraction] = {}
    for f in _faces(n):
        inches = move_inches(kind, f, slowed, inch_mods)[2]
        out[inches] = out.get(inches, Fraction(0)) + Fraction(1, 6 ** n)
    return dict(sorted(out.items()))
