"""Gearfall's characters and squads: the squad file (``gearfall/squad@1``) and its checker ([GF-CHAR-*]).

A character is its nine primary stats, its DEF, ARM and INIT as its sheet has them, its skills, its weapons
(each with the skill it is used with, its attack modifier, POW and, for a shot, its range) and its damage
boxes ([GF-DIS-1]: the life spiral is stage 2). A bad file is refused whole, with every problem at once, each
naming the file, the key path, the line and the rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import Field

from game.content.schema import Name, StrictModel, validated_whole
from game.content.yaml_loader import Document, load_yaml, parse_yaml
from game.core.errors import Problem
from game.paths import SYSTEMS_DIR
from game.systems.gearfall.attacks import Kind

SQUAD_FORMAT = "gearfall/squad@1"
STATS = ("PHY", "SPD", "STR", "AGL", "PRW", "POI", "INT", "ARC", "PER")
SQUAD_SIZE = (3, 5)  # [GF-CHAR-1]
STAT_RANGE = (0, 10)  # [GF-CHAR-2]
SKILL_RANGE = (1, 4)  # [GF-CHAR-3]
DATA = SYSTEMS_DIR / "gearfall" / "data"
SQUADS_DIR = DATA / "squads"


class WeaponFile(StrictModel):
    name: Name
    kind: Literal["melee", "ranged", "thrown"]
    skill: str
    attack_mod: int = Field(default=0, ge=-5, le=5)
    POW: int = Field(ge=0, le=20)
    range: float | None = Field(default=None, gt=0, le=24)  # inches, a shot's RNG
    reach: bool = False  # a melee weapon's 2″ melee range ([GF-MEL-1])
    critical: Literal["knockdown"] | None = None  # what its critical hits do besides damage ([GF-KD-1])


class CharacterFile(StrictModel):
    name: Name
    base_mm: float = Field(default=30, gt=0, le=100)
    stats: dict[str, int]
    DEF: int = Field(ge=5, le=20)
    ARM: int = Field(ge=5, le=25)
    INIT: int = Field(ge=0, le=25)
    damage_boxes: int = Field(ge=1, le=30)
    skills: dict[str, int] = Field(default_factory=dict)
    weapons: list[WeaponFile] = Field(default_factory=list)
    notes: str = ""


class SquadFile(StrictModel):
    format: Literal["gearfall/squad@1"]
    name: Name
    characters: list[CharacterFile]


@dataclass(frozen=True)
class Weapon:
    name: str
    kind: Kind
    skill: str
    attack_mod: int
    power: int
    range: float | None
    reach: bool
    critical: str | None = None


@dataclass(frozen=True)
class Character:
    name: str
    base_mm: float
    stats: dict[str, int]
    DEF: int
    ARM: int
    INIT: int
    damage_boxes: int
    skills: dict[str, int]
    weapons: tuple[Weapon, ...]

    def attack_score(self, weapon: Weapon) -> tuple[str, int]:
        """[GF-ATK-1]: MAT (PRW) for a melee or thrown weapon, RAT (POI) for a shot; + skill + modifier."""
        stat, name = ("POI", "RAT") if weapon.kind is Kind.ranged else ("PRW", "MAT")
        return name, self.stats[stat] + self.skills[weapon.skill] + weapon.attack_mod

    @property
    def speed(self) -> int:
        return self.stats["SPD"]

    @property
    def strength(self) -> int:
        return self.stats["STR"]


@dataclass(frozen=True)
class Squad:
    file: str
    name: str
    characters: tuple[Character, ...]


def _checks(doc: Document, squad: SquadFile) -> list[Problem]:
    problems = []
    least, most = SQUAD_SIZE
    if not least <= len(squad.characters) <= most:
        problems.append(doc.problem(("characters",), f"a squad has {least} to {most} characters, not "
                                                     f"{len(squad.characters)} [GF-CHAR-1]"))
    seen: dict[str, int] = {}
    for i, c in enumerate(squad.characters):
        here = ("characters", i)
        key = c.name.strip().casefold()
        if key in seen:
            problems.append(doc.problem((*here, "name"), f"'{c.name.strip()}' is already the name of characters"
                                                         f"[{seen[key]}]: each character's name is its own "
                                                         "[GF-CHAR-1]"))
        seen.setdefault(key, i)
        missing = [s for s in STATS if s not in c.stats]
        unknown = [s for s in c.stats if s not in STATS]
        if missing:
            problems.append(doc.problem((*here, "stats"), f"missing {', '.join(missing)}; a character has "
                                                          f"{', '.join(STATS)} [GF-CHAR-2]"))
        for s in unknown:
            problems.append(doc.problem((*here, "stats", s), f"'{s}' is no stat; the stats are "
                                                             f"{', '.join(STATS)} [GF-CHAR-2]"))
        low, high = STAT_RANGE
        for s, v in c.stats.items():
            if s in STATS and not low <= v <= high:
                problems.append(doc.problem((*here, "stats", s), f"{s} {v} is outside {low} to {high} [GF-CHAR-2]"))
        low, high = SKILL_RANGE
        for s, v in c.skills.items():
            if not low <= v <= high:
                problems.append(doc.problem((*here, "skills", s), f"skill level {v} is outside {low} to {high} "
                                                                  "[GF-CHAR-3]"))
        if not c.weapons:
            problems.append(doc.problem((*here, "weapons"), "a character carries at least one weapon [GF-CHAR-4]"))
        for w_i, w in enumerate(c.weapons):
            where = (*here, "weapons", w_i)
            if w.skill not in c.skills:
                known = ", ".join(c.skills) or "none"
                problems.append(doc.problem((*where, "skill"), f"{c.name.strip()} has no skill '{w.skill}' to use "
                                                               f"the {w.name.strip()} with (its skills: {known}) "
                                                               "[GF-CHAR-4]"))
            if w.kind == "melee" and w.range is not None:
                problems.append(doc.problem((*where, "range"), "a melee weapon has no range; give it 'reach: true' "
                                                               "for a 2″ melee range [GF-CHAR-4]"))
            if w.kind != "melee" and w.range is None:
                problems.append(doc.problem(where, f"missing required key 'range': a {w.kind} weapon's RNG in "
                                                   "inches [GF-CHAR-4]"))
            if w.kind != "melee" and w.reach:
                problems.append(doc.problem((*where, "reach"), "only a melee weapon has reach [GF-CHAR-4]"))
    return problems


def build_squad(doc: Document) -> Squad:
    """A squad file checked whole, or a ContentError with every problem."""
    data = validated_whole(doc, SquadFile, _checks, SQUAD_FORMAT)
    chars = tuple(Character(c.name.strip(), c.base_mm, dict(c.stats), c.DEF, c.ARM, c.INIT, c.damage_boxes,
                            dict(c.skills),
                            tuple(Weapon(w.name.strip(), Kind(w.kind), w.skill, w.attack_mod, w.POW, w.range, w.reach,
                                         w.critical)
                                  for w in c.weapons))
                  for c in data.characters)
    return Squad(doc.file, data.name.strip(), chars)


def parse_squad(text: str | bytes, file: str = "<squad>") -> Squad:
    return build_squad(parse_yaml(text, file))


def load_squad(path: str | Path) -> Squad:
    return build_squad(load_yaml(path))


def shipped_squads() -> list[Path]:
    return sorted(SQUADS_DIR.glob("*.yaml"))
