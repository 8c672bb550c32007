"""The rules data every party is built from: the skill table and the trait list.

Both are YAML in ``game/content/data`` and go through the same loader and
validation as a player's files, so a bad edit to them is reported the same way.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import Field

from game.content.schema import StrictModel, validate
from game.content.yaml_loader import Document, load_yaml
from game.core.errors import ContentError, Problem

DATA_DIR = Path(__file__).resolve().parent / "data"

ModelType = Literal["hero", "companion", "follower"]
Category = Literal["heroic", "rare", "common"]


class Skill(StrictModel):
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9_]*$")
    name: str
    kind: Literal["melee", "ranged", "shield"]
    hands: Literal[1, 2]
    cost: int = Field(ge=0)
    short: int | None = None
    long: int | None = None
    black_powder: bool = False

    @property
    def is_ranged(self) -> bool:
        return self.kind == "ranged"


class Requirement(StrictModel):
    skills: list[str] = []
    one_handed_weapons: int = 0
    key: Literal["pet_of", "blessed_weapon"] | None = None


class Trait(StrictModel):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str
    category: Category
    cost: int
    rules: list[str]
    summary: str
    only: list[ModelType] = []
    requires: Requirement = Requirement()
    excludes: list[str] = []
    grants: list[str] = []
    base_mm: float | None = None
    wounds: int = 0
    attribute_points: int = 0
    attributes_at_max: int = 1
    fate: int = 0

    def allowed_types(self) -> tuple[ModelType, ...]:
        """[PARTY-8], [T-BUILD-2]: Heroic for the hero, Rare for hero and companions."""
        by_category: dict[str, tuple[ModelType, ...]] = {
            "heroic": ("hero",),
            "rare": ("hero", "companion"),
            "common": ("hero", "companion", "follower"),
        }
        allowed = by_category[self.category]
        return tuple(t for t in allowed if not self.only or t in self.only)


class _SkillFile(StrictModel):
    format: Literal["iron-honor/skills@1"]
    skills: list[Skill]


class _TraitFile(StrictModel):
    format: Literal["iron-honor/traits@1"]
    traits: list[Trait]


@dataclass(frozen=True)
class Catalog:
    skills: dict[str, Skill]
    traits: dict[str, Trait]

    def skill(self, skill_id: str) -> Skill:
        return self.skills[skill_id]

    def trait(self, trait_id: str) -> Trait:
        return self.traits[trait_id]


def _unique(doc: Document, items: list[Skill] | list[Trait], key: str) -> list[Problem]:
    seen: set[str] = set()
    problems = []
    for i, item in enumerate(items):
        ident = item.id  # type: ignore[attr-defined]
        if ident in seen:
            problems.append(doc.problem((key, i, "id"), f"duplicate id '{ident}'"))
        seen.add(ident)
    return problems


def load_catalog(data_dir: Path = DATA_DIR) -> Catalog:
    """Load and cross-check the skill and trait data; any problem is a ContentError."""
    sdoc = load_yaml(data_dir / "skills.yaml")
    skills_file = validate(sdoc, _SkillFile)
    tdoc = load_yaml(data_dir / "traits.yaml")
    traits_file = validate(tdoc, _TraitFile)
    problems = _unique(sdoc, skills_file.skills, "skills")
    if problems:
        raise ContentError(sdoc.file, problems)
    problems = _unique(tdoc, traits_file.traits, "traits")
    skill_ids = {s.id for s in skills_file.skills}
    trait_ids = {t.id for t in traits_file.traits}
    for i, t in enumerate(traits_file.traits):
        for j, s in enumerate(t.requires.skills):
            if s not in skill_ids:
                problems.append(tdoc.problem(("traits", i, "requires", "skills", j), f"unknown skill '{s}'"))
        for key in ("excludes", "grants"):
            for j, other in enumerate(getattr(t, key)):
                if other not in trait_ids:
                    problems.append(tdoc.problem(("traits", i, key, j), f"unknown trait '{other}'"))
    if problems:
        raise ContentError(tdoc.file, problems)
    return Catalog({s.id: s for s in skills_file.skills}, {t.id: t for t in traits_file.traits})


@cache
def catalog() -> Catalog:
    """The shipped rules data, loaded once per process."""
    return load_catalog()
