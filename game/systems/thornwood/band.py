"""Thornwood's war bands: the band file (``thornwood/warband@1``) and its checker ([TW-BAND-1]–[TW-BAND-4]).

A band is a name, a furs budget (200 unless the file says) and 6 to 15 figures, each a name, a type, the items
bought with its Equipment Points and its abilities. The type table is FF-R-1's (our names for the seed's):

=========  =====  ====  ==  =======  =========  ==============================
type       KC     furs  CV  EP       most       abilities
=========  =====  ====  ==  =======  =========  ==============================
chief      yes    50    5   5        1 (must)   up to two, chosen
companion  yes    25    4   4        2          one, random
veteran    no     15    4   4        2          one, random
warrior    no     10    3   3        any        none
youth      no     5     2   2        2          none; wears no armour
healer     yes    25    2   knife    1          one, random
seer       yes    25    2   knife    1          one, chosen
=========  =====  ====  ==  =======  =========  ==============================

Items cost axe 1, club 1, spear 2, huge club 2, bow 2, shield 1, chest armour 1, full armour 1 EP; everyone
carries a knife (small club or tomahawk) free, so a file never lists it. A spear or huge club is never carried
with a bow. A file names abilities the figure has however it came by them (chosen or rolled:
abilities.roll_ability), so the checker counts them, it does not ask how; a figure whose one random ability
may be "pick any two advantages" may have two advantages. A bad file is refused whole, with every
problem at once, each naming the file, the key path, the line and the rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Literal

from pydantic import Field

from game.content.schema import Name, StrictModel, validated_whole
from game.content.yaml_loader import Document, load_yaml, parse_yaml
from game.core.errors import Problem
from game.core.ids import suggest
from game.paths import SYSTEMS_DIR
from game.systems.thornwood.abilities import ABILITIES, ADVANTAGE

BAND_FORMAT = "thornwood/warband@1"
BAND_SIZE = (6, 15)  # [TW-BAND-3]
FURS_BUDGET = 200  # [TW-BAND-3]
DATA = SYSTEMS_DIR / "thornwood" / "data"
BANDS_DIR = DATA / "bands"


class FigureType(StrEnum):
    chief = "chief"
    companion = "companion"
    veteran = "veteran"
    warrior = "warrior"
    youth = "youth"
    healer = "healer"
    seer = "seer"

    @property
    def row(self) -> TypeRow:
        return TYPES[self]

    @property
    def key(self) -> bool:
        """A Key Character: leads, has renown, chooses its melee cards."""
        return TYPES[self].key

    @property
    def cv(self) -> int:
        return TYPES[self].cv

    @property
    def furs(self) -> int:
        return TYPES[self].furs

    @property
    def ep(self) -> int:
        return TYPES[self].ep


@dataclass(frozen=True)
class TypeRow:
    """One row of the type table ([TW-BAND-1], FF-R-1)."""

    key: bool
    furs: int
    cv: int
    ep: int  # Equipment Points: 0 for the knife-only types
    most: int | None  # how many a band may have (None: any number)
    abilities: int  # how many abilities at most
    chosen: bool  # chosen by the player (else rolled)
    knife_only: bool = False  # the healer's "knife only", the seer's "knife + ceremonial equipment"
    armour: bool = True  # may wear armour (a youth may not)
    lead: int | None = None  # [TW-GRP-2]
    seniority: int = 3  # [TW-WIN-1]
    tends: bool = False  # [TW-HEAL-1]
    frightening: bool = False  # [TW-NERVE-5]
    nerve_bonus: bool = False  # [TW-NERVE-1]


TYPES: dict[FigureType, TypeRow] = {
    FigureType.chief: TypeRow(True, 50, 5, 5, 1, 2, True, lead=0, seniority=0, nerve_bonus=True),
    FigureType.companion: TypeRow(True, 25, 4, 4, 2, 1, False, lead=1, seniority=1, nerve_bonus=True),
    FigureType.veteran: TypeRow(False, 15, 4, 4, 2, 1, False),
    FigureType.warrior: TypeRow(False, 10, 3, 3, None, 0, False),
    FigureType.youth: TypeRow(False, 5, 2, 2, 2, 0, False, armour=False, nerve_bonus=True),
    FigureType.healer: TypeRow(True, 25, 2, 0, 1, 1, False, knife_only=True, seniority=2, tends=True),
    FigureType.seer: TypeRow(True, 25, 2, 0, 1, 1, True, knife_only=True, seniority=2, tends=True,
                             frightening=True),
}


class Item(StrEnum):
    axe = "axe"
    club = "club"
    spear = "spear"
    huge_club = "huge_club"
    bow = "bow"
    shield = "shield"
    chest_armour = "chest_armour"
    full_armour = "full_armour"

    @property
    def ep(self) -> int:
        """Its cost in Equipment Points ([TW-BAND-2])."""
        return ITEM_EP[self]


ITEM_EP: dict[Item, int] = {Item.axe: 1, Item.club: 1, Item.spear: 2, Item.huge_club: 2, Item.bow: 2,
                            Item.shield: 1, Item.chest_armour: 1, Item.full_armour: 1}
KNIFE = "knife"  # free: every figure has one ([TW-BAND-2])
MELEE_ORDER = ("spear", "huge_club", "axe", "club", "knife")  # the best weapon held first
THROWABLE = ("spear", "axe", "club", "knife")  # items the weapon table has a thrown row for
MISSILE_WEAPON = {"bow": "bow", "spear": "thrown_spear", "axe": "thrown_axe", "club": "thrown_axe",
                  "knife": "thrown_knife"}  # an item loosed or thrown -> its row in the weapon table ([TW-SHOOT-5])


@dataclass(frozen=True)
class Figure:
    """One figure as its band file gives it: what it is, what it carries, what it is good and bad at."""

    name: str
    type: FigureType
    items: tuple[Item, ...]
    abilities: tuple[str, ...]
    notes: str = ""

    @property
    def cv(self) -> int:
        """Its Combat Value at the start of a game."""
        return self.type.cv

    @property
    def key(self) -> bool:
        return self.type.key

    @property
    def furs(self) -> int:
        return self.type.furs

    @property
    def ep_spent(self) -> int:
        return sum(i.ep for i in self.items)

    @property
    def shield(self) -> bool:
        return Item.shield in self.items

    @property
    def armour(self) -> str:
        """"none", "chest" or "full" wooden armour."""
        if Item.full_armour in self.items:
            return "full"
        return "chest" if Item.chest_armour in self.items else "none"

    @property
    def melee_weapon(self) -> str:
        """The best weapon it holds for close combat: spear, huge_club, axe, club, or the knife everyone has."""
        held = {str(i) for i in self.items}
        return next(w for w in MELEE_ORDER if w in held or w == KNIFE)

    @property
    def missiles(self) -> tuple[str, ...]:
        """What it can shoot or throw, as items (bow, spear, axe, club, knife); MISSILE_WEAPON gives the row."""
        held = {str(i) for i in self.items}
        return tuple(w for w in ("bow", *THROWABLE) if w in held or w == KNIFE)

    @property
    def renown(self) -> int:
        """Renown Points at the start: a Key Character's furs, nothing for the others."""
        return self.furs if self.key else 0


@dataclass(frozen=True)
class WarBand:
    name: str
    figures: tuple[Figure, ...]
    file: str
    furs_budget: int = FURS_BUDGET

    __provenance__ = ("file",)

    @property
    def furs(self) -> int:
        return sum(f.furs for f in self.figures)

    @property
    def chief(self) -> Figure:
        return next(f for f in self.figures if f.type is FigureType.chief)


def missile_weapon(item: str) -> str:
    """The weapon table's row for an item loosed or thrown (an axe and a club share "thrown_axe")."""
    return MISSILE_WEAPON[item]


# -- the file ------------------------------------------------------------------------------------------

class FigureFile(StrictModel):
    name: Name
    type: str
    items: list[str] = Field(default_factory=list)
    abilities: list[str] = Field(default_factory=list)
    notes: str = ""


class BandFile(StrictModel):
    format: Literal["thornwood/warband@1"]
    name: Name
    description: str = ""
    furs_budget: int = Field(default=FURS_BUDGET, ge=1, le=10_000)
    figures: list[FigureFile]


def _figure_checks(doc: Document, i: int, f: FigureFile) -> list[Problem]:
    here = ("figures", i)
    out: list[Problem] = []
    if f.type not in FigureType.__members__:
        out.append(doc.problem((*here, "type"), f"'{f.type}' is no figure type{suggest(f.type, list(FigureType))}"
                                                f" (the types: {', '.join(FigureType)}) [TW-BAND-1]"))
        return out
    kind = FigureType(f.type)
    row = kind.row
    items: list[Item] = []
    for j, name in enumerate(f.items):
        where = (*here, "items", j)
        if name == KNIFE:
            out.append(doc.problem(where, "the knife is free and every figure has one: leave it out [TW-BAND-2]"))
        elif name not in Item.__members__:
            out.append(doc.problem(where, f"'{name}' is no item{suggest(name, list(Item))} (the items: "
                                          f"{', '.join(Item)}) [TW-BAND-2]"))
        elif Item(name) in items:
            out.append(doc.problem(where, f"{name} is listed twice: a figure carries one of each item [TW-BAND-2]"))
        else:
            items.append(Item(name))
    who = f"{f.name.strip()} ({kind})"
    if row.knife_only and items:
        out.append(doc.problem((*here, "items"), f"{who} carries only the knife (a seer also its ceremonial "
                                                 f"things): no {', '.join(items)} [TW-BAND-2]"))
    elif sum(i.ep for i in items) > row.ep:
        out.append(doc.problem((*here, "items"), f"{who} has {row.ep} Equipment Points, and "
                                                 f"{' + '.join(f'{i} {i.ep}' for i in items)} = "
                                                 f"{sum(i.ep for i in items)} [TW-BAND-2]"))
    if Item.bow in items and (Item.spear in items or Item.huge_club in items):
        long = "spear" if Item.spear in items else "huge club"
        out.append(doc.problem((*here, "items"), f"{who} cannot carry a bow with a {long} [TW-BAND-2]"))
    armour = [i for i in items if i in (Item.chest_armour, Item.full_armour)]
    if armour and not row.armour:
        out.append(doc.problem((*here, "items"), f"{who} wears no armour: no {' or '.join(armour)} [TW-BAND-2]"))
    elif len(armour) == 2:
        out.append(doc.problem((*here, "items"), f"{who} wears chest or full armour, not both [TW-BAND-2]"))
    out += _ability_checks(doc, here, who, row, f.abilities)
    return out


def _ability_checks(doc: Document, here: tuple[str | int, ...], who: str, row: TypeRow,
                    abilities: list[str]) -> list[Problem]:
    out: list[Problem] = []
    two_picked = not row.chosen and row.abilities == 1 and len(abilities) == 2 and all(
        name in ABILITIES and ABILITIES[name].kind == ADVANTAGE for name in abilities)  # the roll's "pick any two"
    if len(abilities) > row.abilities and not two_picked:
        word = "ability" if row.abilities == 1 else "abilities"
        allowed = "no abilities" if not row.abilities else f"at most {row.abilities} {word}"
        rolled = " (two only when its random roll let it pick two advantages)" if row.abilities == 1 and \
            not row.chosen else ""
        out.append(doc.problem((*here, "abilities"), f"{who} has {allowed}{rolled}, not {len(abilities)} "
                                                     "[TW-BAND-4]"))
    seen: set[str] = set()
    for k, name in enumerate(abilities):
        where = (*here, "abilities", k)
        cls = ABILITIES.get(name)
        if cls is None:
            out.append(doc.problem(where, f"'{name}' is no ability{suggest(name, list(ABILITIES))} [TW-BAND-4]"))
        elif not cls.available:
            out.append(doc.problem(where, f"{name} is not in this game yet: {cls.why_not} [TW-BAND-4]"))
        elif name in seen:
            out.append(doc.problem(where, f"{who} has {name} once already [TW-BAND-4]"))
        seen.add(name)
    return out


def _checks(doc: Document, band: BandFile) -> list[Problem]:
    problems: list[Problem] = []
    least, most = BAND_SIZE
    if not least <= len(band.figures) <= most:
        problems.append(doc.problem(("figures",), f"a war band has {least} to {most} figures, not "
                                                  f"{len(band.figures)} [TW-BAND-3]"))
    seen: dict[str, int] = {}
    counts: dict[FigureType, list[int]] = {}
    for i, f in enumerate(band.figures):
        key = f.name.strip().casefold()
        if key in seen:
            problems.append(doc.problem(("figures", i, "name"), f"'{f.name.strip()}' is already the name of "
                                                                f"figures[{seen[key]}]: each figure's name is its own "
                                                                "[TW-BAND-3]"))
        seen.setdefault(key, i)
        if f.type in FigureType.__members__:
            counts.setdefault(FigureType(f.type), []).append(i)
        problems += _figure_checks(doc, i, f)
    chiefs = counts.get(FigureType.chief, [])
    if len(chiefs) != 1:
        where: tuple[str | int, ...] = ("figures", chiefs[1], "type") if chiefs else ("figures",)
        problems.append(doc.problem(where, f"a war band has exactly one chief, not {len(chiefs)} [TW-BAND-3]"))
    for kind, at in counts.items():
        most_of = kind.row.most
        if kind is not FigureType.chief and most_of is not None and len(at) > most_of:
            problems.append(doc.problem(("figures", at[most_of], "type"),
                                        f"a war band has at most {most_of} {kind} figure(s), not {len(at)} "
                                        "[TW-BAND-1]"))
    furs = sum(FigureType(f.type).furs for f in band.figures if f.type in FigureType.__members__)
    if furs > band.furs_budget:
        problems.append(doc.problem(("figures",), f"the figures cost {furs} furs, over the budget of "
                                                  f"{band.furs_budget} [TW-BAND-3]"))
    return problems


def build_band(doc: Document) -> WarBand:
    """A band file checked whole, or a ContentError with every problem."""
    data = validated_whole(doc, BandFile, _checks, BAND_FORMAT)
    figures = tuple(Figure(f.name.strip(), FigureType(f.type), tuple(Item(i) for i in f.items), tuple(f.abilities),
                           f.notes.strip())
                    for f in data.figures)
    return WarBand(data.name.strip(), figures, doc.file, data.furs_budget)


def parse_band(text: str | bytes, file: str = "<band>") -> WarBand:
    return build_band(parse_yaml(text, file))


def load_band(path: str | Path) -> WarBand:
    return build_band(load_yaml(path))


def shipped_bands() -> list[Path]:
    return sorted(BANDS_DIR.glob("*.yaml"))
