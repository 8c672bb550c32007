"""Thornwood's tables: activation, the to-hit grid, the damage chart, the missile weapons and the victory table.

The numbers live in ``data/tables.yaml`` (format ``thornwood/tables@1``), read once when this module is
imported, so the rules, the AI's odds and the screens all read one source. The lookups here are pure; the rolls
that use them are in :mod:`game.systems.thornwood.dice_rolls`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum, StrEnum
from itertools import pairwise
from pathlib import Path
from typing import Any, Literal

from pydantic import Field

from game.content.schema import StrictModel, validated_whole
from game.content.yaml_loader import Document, load_yaml, parse_yaml
from game.core.dice import Modifier
from game.core.errors import Problem
from game.paths import SYSTEMS_DIR

TABLES_FORMAT = "thornwood/tables@1"
DATA = SYSTEMS_DIR / "thornwood" / "data"
TABLES_FILE = DATA / "tables.yaml"
FIGURE_TYPES = ("chief", "companion", "veteran", "warrior", "youth", "healer", "seer")  # the spec's names


class Inspiration(StrEnum):
    """A band's Inspiration ([TW-INSP-1]); every band starts at standard."""

    inspired = "inspired"
    standard = "standard"
    demoralized = "demoralized"


class Activation(StrEnum):
    """What an activation roll lets the side act with ([TW-ACT-2])."""

    all_groups = "all_groups"
    led_groups = "led_groups"  # the groups a chief or a companion leads
    one_group = "one_group"
    chief_group = "chief_group"  # only the chief's own group
    medicine = "medicine"  # the Medicine Roll ([TW-ACT-3])


class Column(IntEnum):
    """The five target types, as columns of the to-hit grid ([TW-TGT-1]); shifts move along them."""

    easy = 0
    open = 1
    concealment = 2
    cover = 3
    fortified = 4


DamageName = Literal["none", "duck_back", "light", "wound", "mortal", "gory"]
Outcome = Literal["light", "wound", "mortal", "killed", "gory", "captured"]


# -- the file -----------------------------------------------------------------------------------------------------
class _MoveKind(StrictModel):
    dice: int = Field(ge=1, le=6)
    keep: Literal["two_highest", "highest", "lower"]
    at_least: int | None = None
    at_most: int | None = None


class _Movement(StrictModel):
    run: _MoveKind
    move: _MoveKind
    cautious: _MoveKind
    rough_cost: int = Field(ge=1, le=4)
    armour_in_woods: int = Field(ge=-3, le=0)
    floor: int = Field(ge=0, le=3)


class _SpotMod(StrictModel):
    key: Literal["moved", "ran", "ambush"]
    value: int = Field(ge=-3, le=3)
    text: str


class _Spotting(StrictModel):
    need: dict[Literal["open", "concealed", "cover", "hardest"], int]
    modifiers: list[_SpotMod]


class _TwoStage(StrictModel):
    n: int
    then: int = Field(ge=1, le=6)


class _Shift(StrictModel):
    key: str
    columns: int = Field(ge=-4, le=4)
    text: str
    rule: str = "TW-SHOOT-3"
    ruling: bool = False


class _NumberMod(StrictModel):
    key: str
    number: int = Field(ge=-5, le=5)
    text: str
    rule: str = "TW-SHOOT-3"
    ruling: bool = False


class _ToHit(StrictModel):
    base: int
    columns: list[Literal["easy", "open", "concealment", "cover", "fortified"]]
    two_stage: list[_TwoStage]
    shifts: list[_Shift]
    number_mods: list[_NumberMod]


class _Band(StrictModel):
    up_to: int | None
    result: DamageName


class _Result(StrictModel):
    cv_loss: int = Field(ge=0, le=5)
    falls: Literal["never", "odd", "always"]
    return_shot: bool = False
    misses_next_action: bool = False


class _DamageMod(StrictModel):
    key: str
    value: int = Field(ge=-5, le=5)
    text: str
    rule: str = "TW-DMG-1"
    ruling: bool = False


class _Damage(StrictModel):
    bands: list[_Band]
    results: dict[DamageName, _Result]
    natural_six_columns: int = Field(ge=0, le=5)
    modifiers: list[_DamageMod]


class _Weapon(StrictModel):
    short: int = Field(gt=0, le=48)
    short_damage: int = Field(ge=-5, le=10)
    short_to_hit: int = Field(default=0, ge=-5, le=0)
    long: int = Field(gt=0, le=48)
    long_damage: int = Field(ge=-5, le=10)
    long_to_hit: int = Field(default=0, ge=-5, le=0)
    can_move: bool
    can_run: bool
    ruled: list[Literal["short", "short_damage", "short_to_hit", "long", "long_damage", "long_to_hit"]]


class _WoundBands(StrictModel):
    better: int = Field(ge=0, le=6)
    worse: int = Field(ge=1, le=7)


class _Victory(StrictModel):
    outcomes: list[Outcome]
    complete: int
    partial: int
    chief_renown_factor: int = Field(ge=1, le=5)
    book: list[list[str]] = []
    types: dict[str, list[int]]


class _TablesFile(StrictModel):
    format: Literal["thornwood/tables@1"]
    activation: dict[Literal["inspired", "standard", "demoralized"],
                     list[Literal["all_groups", "led_groups", "one_group", "chief_group", "medicine"]]]
    movement: _Movement
    distances: dict[Literal["group", "deployment", "reaction", "join_fight", "jump_back", "nerve_pass_back",
                            "bunched", "surprise", "seer_fright", "marker_spacing"], int]
    spotting: _Spotting
    to_hit: _ToHit
    damage: _Damage
    weapons: dict[str, _Weapon]
    healing: dict[Literal["friend", "healer"], _WoundBands]
    medicine: dict[Literal["checked", "checked_by_healer", "unchecked"], _WoundBands]
    victory: _Victory


def _checks(doc: Document, t: _TablesFile) -> list[Problem]:
    """What the schema cannot say: whole rows, bands in order, every figure type priced."""
    out: list[Problem] = []
    for level in Inspiration:
        act = t.activation.get(level.value)
        if act is None:
            out.append(doc.problem(("activation",), f"no row for '{level}' [TW-ACT-1]"))
        elif len(act) != 6:
            out.append(doc.problem(("activation", level.value), f"expected 6 results (d6 1-6), found {len(act)} "
                                   "[TW-ACT-1]"))
    missing = {"group", "deployment", "reaction", "join_fight", "jump_back", "nerve_pass_back", "bunched",
               "surprise", "seer_fright", "marker_spacing"} - set(t.distances)
    if missing:
        out.append(doc.problem(("distances",), f"no distance for {', '.join(sorted(missing))}"))
    for cls in ("open", "concealed", "cover", "hardest"):
        if cls not in t.spotting.need:
            out.append(doc.problem(("spotting", "need"), f"no number for '{cls}' [TW-SPOT-3]"))
    if t.to_hit.columns != [c.name for c in Column]:
        out.append(doc.problem(("to_hit", "columns"), "expected easy, open, concealment, cover, fortified "
                               "[TW-SHOOT-2]"))
    if [s.n for s in t.to_hit.two_stage] != list(range(1, 1 - len(t.to_hit.two_stage), -1)):
        out.append(doc.problem(("to_hit", "two_stage"), "expected n to run 1, 0, -1 ... [TW-SHOOT-2]"))
    groups: tuple[tuple[str, list[str]], ...] = (
        ("shifts", [s.key for s in t.to_hit.shifts]), ("number_mods", [s.key for s in t.to_hit.number_mods]),
        ("modifiers", [m.key for m in t.damage.modifiers]))
    for part, keys in groups:
        for i, key in enumerate(keys):
            if key in keys[:i]:
                where = ("to_hit" if part != "modifiers" else "damage", part, i, "key")
                out.append(doc.problem(where, f"duplicate key '{key}'"))
    bands = t.damage.bands
    limits = [b.up_to for b in bands[:-1] if b.up_to is not None]
    if not bands or bands[-1].up_to is not None or len(limits) != len(bands) - 1 or \
            any(a >= b for a, b in pairwise(limits)):
        out.append(doc.problem(("damage", "bands"), "expected rising up_to values, the last one null [TW-DMG-2]"))
    for i, b in enumerate(bands):
        if b.result not in t.damage.results:
            out.append(doc.problem(("damage", "bands", i, "result"), f"'{b.result}' has no entry in results"))
    for name, w in t.weapons.items():
        if w.long < w.short:
            out.append(doc.problem(("weapons", name, "long"), "long range is shorter than short [TW-SHOOT-5]"))
    for part, table in (("healing", t.healing), ("medicine", t.medicine)):
        for key, wb in table.items():
            if wb.better >= wb.worse:
                out.append(doc.problem((part, key), "'better' must be below 'worse' [TW-HEAL-1]"))
    if set(t.healing) != {"friend", "healer"} or set(t.medicine) != {"checked", "checked_by_healer", "unchecked"}:
        out.append(doc.problem(("medicine",), "expected healing: friend, healer; medicine: checked, "
                               "checked_by_healer, unchecked [TW-MED-1]"))
    v = t.victory
    for i, cell in enumerate(v.book):
        if len(cell) != 2 or cell[0] not in FIGURE_TYPES or cell[1] not in v.outcomes:
            out.append(doc.problem(("victory", "book", i), "expected [figure type, outcome] [TW-WIN-2]"))
    for ftype in FIGURE_TYPES:
        if ftype not in v.types:
            out.append(doc.problem(("victory", "types"), f"no row for '{ftype}' [TW-WIN-2]"))
    for ftype, row in v.types.items():
        if ftype not in FIGURE_TYPES:
            out.append(doc.problem(("victory", "types", ftype), f"'{ftype}' is no figure type"))
        elif len(row) != len(v.outcomes):
            out.append(doc.problem(("victory", "types", ftype), f"expected {len(v.outcomes)} values, one an "
                                   f"outcome, found {len(row)} [TW-WIN-2]"))
    return out


def parse_tables(text: str | bytes, file: str = "tables.yaml") -> _TablesFile:
    """A tables file checked whole: every problem at once, with its file, key path and line."""
    return validated_whole(parse_yaml(text, file), _TablesFile, _checks, TABLES_FORMAT)


def load_tables(path: Path = TABLES_FILE) -> _TablesFile:
    return validated_whole(load_yaml(path), _TablesFile, _checks, TABLES_FORMAT)


_T = load_tables()


# -- activation -----------------------------------------------------------------------------------------------------
def activation(level: Inspiration, roll: int) -> Activation:
    """[TW-ACT-1]: the activation table (FF-R-11), the d6 against the side's Inspiration."""
    if not 1 <= roll <= 6:
        raise ValueError(f"an activation roll is a d6, not {roll}")
    return Activation(_T.activation[Inspiration(level).value][roll - 1])


# -- movement and distances ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class MoveKindTable:
    """One kind of movement's dice ([TW-MOVE-1]-[TW-MOVE-3]): how many, which count, its limits."""

    dice: int
    keep: Literal["two_highest", "highest", "lower"]
    at_least: int | None
    at_most: int | None


MOVE_KINDS: dict[str, MoveKindTable] = {
    kind: MoveKindTable(k.dice, k.keep, k.at_least, k.at_most)
    for kind, k in (("run", _T.movement.run), ("move", _T.movement.move), ("cautious", _T.movement.cautious))
}
ROUGH_COST = _T.movement.rough_cost  # [TW-MOVE-5]: inches of allowance an inch of rough ground costs
ARMOUR_IN_WOODS = _T.movement.armour_in_woods  # [TW-MOVE-6]
MOVE_FLOOR = _T.movement.floor  # [TW-MOVE-6]: an allowance cut by a modifier never goes below this
DISTANCES: dict[str, int] = {str(k): v for k, v in _T.distances.items()}


def rough_cost(inches: float) -> float:
    """[TW-MOVE-5]: the allowance it takes to cross this many inches of rough ground (2″ of loose rock: 4″)."""
    return inches * ROUGH_COST


# -- spotting ------------------------------------------------------------------------------------------------------
class SpotClass(StrEnum):
    """How hard a target is to spot ([TW-SPOT-3]): its number is what the spotting die must not exceed."""

    open = "open"
    concealed = "concealed"
    cover = "cover"
    hardest = "hardest"


def spot_class(column: Column) -> SpotClass:
    """[TW-SPOT-3] (ruling): the target types read as spotting classes; easy and open are both "open", fortified
    is the hardest."""
    return {Column.easy: SpotClass.open, Column.open: SpotClass.open, Column.concealment: SpotClass.concealed,
            Column.cover: SpotClass.cover, Column.fortified: SpotClass.hardest}[Column(column)]


def spot_number(target: SpotClass) -> int:
    """[TW-SPOT-3]: 5 open, 4 concealed, 3 cover, 2 hardest."""
    return _T.spotting.need[SpotClass(target).value]


def spot_modifier(key: str) -> Modifier:
    """A spotting die modifier ([TW-SPOT-3]): moved +1, ran +2, ambush -1."""
    for m in _T.spotting.modifiers:
        if m.key == key:
            return Modifier(m.value, "TW-SPOT-3", m.text)
    raise KeyError(f"no spotting modifier '{key}'")


# -- to hit ---------------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class HitNeed:
    """What a to-hit die must show: ``first`` or less, then (when ``then`` is set) a second die of ``then`` or
    less. ``HitNeed(6, None)`` hits on any roll; ``HitNeed(0, None)`` cannot hit."""

    first: int
    then: int | None = None

    @property
    def possible(self) -> bool:
        return self.first > 0

    def describe(self) -> str:
        if not self.possible:
            return "no hit possible"
        if self.then is None:
            return "any roll" if self.first >= 6 else f"{self.first} or less"
        return f"1, then {self.then} or less" if self.then > 1 else "1, then 1 again"


IMPOSSIBLE = HitNeed(0, None)


def grid_number(cv: int, column: int) -> int:
    """[TW-SHOOT-2]: N = CV + 2 - column (FF-R-3), uncapped."""
    return cv + _T.to_hit.base - column


def need_for(n: int) -> HitNeed:
    """The cell a grid number N reads as: 6 or more hits on any roll, 5 down to 2 plainly, then the two-stage
    cells (1: "1, then 1-3"; 0: "1, then 1-2"; -1: "1, then 1 again"), then no hit."""
    if n >= 6:
        return HitNeed(6, None)
    if n >= 2:
        return HitNeed(n, None)
    for cell in _T.to_hit.two_stage:
        if cell.n == n:
            return HitNeed(1, cell.then)
    return IMPOSSIBLE


def hit_need(cv: int, column: int, number_mod: int = 0) -> HitNeed:
    """[TW-SHOOT-2], [TW-SHOOT-3]: the cell a shooter of this CV needs at this column.

    The column is not clamped: shifts past Fortified carry on down the sequence 6, 5, 4, 3, 2, "1 then 1-3",
    "1 then 1-2", "1 then 1 again", then no hit, one step a column (each row step and column step of the grid
    is one step of the sequence, FF-R-3); a column left of Easy reads as a higher N, which hits on any roll once
    N is 6 or more. A number modifier (−n on the to-hit number) moves n steps down the same sequence from the
    uncapped N, so a CV 5 shooter at Easy (N 7) still hits on any roll after a −1.
    """
    return need_for(grid_number(cv, column) + number_mod)


def shift(key: str) -> Modifier:
    """A column shift of the to-hit table ([TW-SHOOT-3]) by key: +1 is one column right (harder)."""
    for s in _T.to_hit.shifts:
        if s.key == key:
            return Modifier(s.columns, s.rule, s.text)
    raise KeyError(f"no to-hit column shift '{key}'")


def number_mod(key: str) -> Modifier:
    """A modifier on the to-hit number ([TW-SHOOT-3]) by key."""
    for s in _T.to_hit.number_mods:
        if s.key == key:
            return Modifier(s.number, s.rule, s.text)
    raise KeyError(f"no to-hit number modifier '{key}'")


SHIFT_KEYS = tuple(s.key for s in _T.to_hit.shifts)
NUMBER_MOD_KEYS = tuple(s.key for s in _T.to_hit.number_mods)
RULED_TO_HIT = frozenset([s.key for s in _T.to_hit.shifts if s.ruling] + [s.key for s in _T.to_hit.number_mods
                                                                          if s.ruling])


@dataclass(frozen=True)
class ShotNeed:
    """A shot's to-hit number worked out: the shooter's CV, the target's column, every shift and number modifier
    with its rule and source, and the cell it comes to."""

    cv: int
    base: Column
    shifts: tuple[Modifier, ...] = ()
    number_mods: tuple[Modifier, ...] = ()

    @property
    def column(self) -> int:
        return int(self.base) + sum(m.value for m in self.shifts)

    @property
    def number(self) -> int:
        return grid_number(self.cv, self.column) + sum(m.value for m in self.number_mods)

    @property
    def need(self) -> HitNeed:
        return need_for(self.number)

    def explain(self) -> str:
        parts = [f"CV {self.cv} at {self.base.name}"]
        parts += [f"{m.value:+d} column {m.source} [{m.rule}]" for m in self.shifts]
        parts += [f"{m.value:+d} on the number {m.source} [{m.rule}]" for m in self.number_mods]
        return " ".join(parts) + f": N = {self.number}, needs {self.need.describe()} [TW-SHOOT-2]"


def shot_need(cv: int, base: Column, shifts: tuple[Modifier, ...] | list[Modifier] = (),
              number_mods: tuple[Modifier, ...] | list[Modifier] = ()) -> ShotNeed:
    """[TW-SHOOT-2], [TW-SHOOT-3]: the to-hit cell, kept whole with its reasons."""
    return ShotNeed(cv, Column(base), tuple(shifts), tuple(number_mods))


# -- damage -----------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class DamageResult:
    """One column of the damage chart ([TW-DMG-2]) as it falls on a die: ``falls`` is settled by the die (a
    Wound falls on an odd die)."""

    name: DamageName
    cv_loss: int
    falls: bool
    return_shot: bool  # no damage: the target may shoot back at once ([TW-DMG-4])
    misses_next_action: bool  # Duck Back ([TW-DMG-3])


DAMAGE_COLUMNS: tuple[DamageName, ...] = tuple(b.result for b in _T.damage.bands)
NATURAL_SIX_COLUMNS = _T.damage.natural_six_columns


def damage_column(total: int) -> int:
    """[TW-DMG-2]: the column of the chart a damage total falls in (0 = no damage ... 5 = gory death)."""
    for i, band in enumerate(_T.damage.bands):
        if band.up_to is None or total <= band.up_to:
            return i
    raise AssertionError("the last band has no limit")  # the file check makes sure


def damage_result(column: int, die: int) -> DamageResult:
    """The chart's result at this column (clamped to the chart), its fall settled by the natural die."""
    name = DAMAGE_COLUMNS[max(0, min(column, len(DAMAGE_COLUMNS) - 1))]
    r = _T.damage.results[name]
    falls = r.falls == "always" or (r.falls == "odd" and die % 2 == 1)
    return DamageResult(name, r.cv_loss, falls, r.return_shot, r.misses_next_action)


def damage_modifier(key: str) -> Modifier:
    """A target's modifier on the damage roll ([TW-DMG-1]): shield, chest_armour, full_armour, feeble."""
    for m in _T.damage.modifiers:
        if m.key == key:
            return Modifier(m.value, m.rule, m.text)
    raise KeyError(f"no damage modifier '{key}'")


# -- weapons ------------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Weapon:
    """A missile weapon ([TW-SHOOT-5], FF-R-2): ranges in inches, damage and to-hit modifiers by range band.
    ``ruled`` names the values that are the project's rulings, not the book's."""

    name: str
    short: int
    short_damage: int
    short_to_hit: int
    long: int
    long_damage: int
    long_to_hit: int
    can_move: bool
    can_run: bool
    ruled: frozenset[str]

    def band(self, distance: float) -> Literal["short", "long"] | None:
        """The range band at this distance (inches), None out of range."""
        if distance <= self.short:
            return "short"
        return "long" if distance <= self.long else None

    def damage_at(self, band: Literal["short", "long"]) -> int:
        return self.short_damage if band == "short" else self.long_damage

    def to_hit_at(self, band: Literal["short", "long"]) -> int:
        return self.short_to_hit if band == "short" else self.long_to_hit


WEAPONS: dict[str, Weapon] = {
    name: Weapon(name, w.short, w.short_damage, w.short_to_hit, w.long, w.long_damage, w.long_to_hit, w.can_move,
                 w.can_run, frozenset(w.ruled))
    for name, w in _T.weapons.items()
}


# -- healing and the Medicine Roll ---------------------------------------------------------------------------------
WoundChange = Literal["better", "none", "worse"]


def heal_result(by: Literal["friend", "healer"], die: int) -> WoundChange:
    """[TW-HEAL-1] (FF-R-12): what a treated wound does on this die; ``healer`` is the healer or the seer."""
    bands = _T.healing[by]
    return "better" if die <= bands.better else "worse" if die >= bands.worse else "none"


def medicine_result(checked: Literal["checked", "checked_by_healer", "unchecked"], die: int) -> WoundChange:
    """[TW-MED-1]: what the Medicine Roll's check does to a wounded figure on this die."""
    bands = _T.medicine[checked]
    return "better" if die <= bands.better else "worse" if die >= bands.worse else "none"


# -- victory ------------------------------------------------------------------------------------------------------
VICTORY_OUTCOMES: tuple[Outcome, ...] = tuple(_T.victory.outcomes)
MISSION_POINTS = {"complete": _T.victory.complete, "partial": _T.victory.partial, "none": 0}
CHIEF_RENOWN_FACTOR = _T.victory.chief_renown_factor
VICTORY_BOOK_CELLS = frozenset((cell[0], cell[1]) for cell in _T.victory.book)  # the rest are the ruling


def victory_value(figure_type: str, outcome: str) -> int:
    """[TW-WIN-2]: what one casualty of this type and outcome is worth (FF-R-5)."""
    if figure_type not in _T.victory.types:
        raise KeyError(f"no figure type '{figure_type}' in the victory table")
    if outcome not in VICTORY_OUTCOMES:
        raise KeyError(f"no outcome '{outcome}' in the victory table")
    return _T.victory.types[figure_type][VICTORY_OUTCOMES.index(outcome)]


# -- the spec's names --------------------------------------------------------------------------------------------
# The shared spec lists the rolls and the victory sum under tables.py; they live in dice_rolls.py and victory.py
# (which read this module), and are found here too, on first use, so either import works.
_ELSEWHERE = {
    "roll_to_hit": "dice_rolls", "ToHitRoll": "dice_rolls", "damage": "dice_rolls", "DamageRoll": "dice_rolls",
    "movement_roll": "dice_rolls", "MoveRoll": "dice_rolls", "spot_roll": "dice_rolls", "SpotRoll": "dice_rolls",
    "cv_test": "dice_rolls", "CvTest": "dice_rolls", "victory_points": "victory", "VictoryPoints": "victory",
}


def __getattr__(name: str) -> Any:  # the names above, typed where they live
    if name in _ELSEWHERE:
        import importlib

        return getattr(importlib.import_module(f"game.systems.thornwood.{_ELSEWHERE[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
