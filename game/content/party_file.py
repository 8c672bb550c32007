"""The party file format (formats.md, a fixed contract) as a strict schema.

This checks shape and ids only; the building rules live in ``party_building``.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator

from game.content.catalog import ModelType, catalog
from game.content.schema import StrictModel
from game.core.ids import suggest
from game.core.names import name_problem

PARTY_FORMAT = "iron-honor/party@1"
SizeName = Literal["small", "medium", "large"]


def _nonblank(value: str) -> str:
    if not value.strip():
        raise ValueError("expected a non-empty name, found blank text")
    why = name_problem(value)
    if why:  # drawn in lists, cards and the battle: a name that cannot be shown is refused here
        raise ValueError(why)
    return value


def _skill_id(value: str) -> str:
    skills = catalog().skills
    if value not in skills:
        raise ValueError(f"unknown skill '{value}'{suggest(value, skills)} (skills: {', '.join(skills)})")
    return value


def _trait_id(value: str) -> str:
    traits = catalog().traits
    if value not in traits:
        raise ValueError(f"unknown trait '{value}'{suggest(value, traits) or _granted_by(value, traits)}")
    return value


def _granted_by(word: str, traits: dict) -> str:
    """'fearless' is no trait but what some traits give: name those whose summary says the word."""
    key = word.strip().lower().replace("_", " ")
    if len(key) < 4:
        return ""
    givers = sorted(t.id for t in traits.values() if key in t.summary.lower())
    return f"; traits that give it: {', '.join(givers[:5])}" if givers else ""


def _base_mm(value: float) -> float:
    if not 0 < value <= 100:
        raise ValueError(f"expected a base size in millimetres in (0, 100], found {value}")
    return value


Name = Annotated[str, AfterValidator(_nonblank)]
SkillId = Annotated[str, AfterValidator(_skill_id)]
TraitId = Annotated[str, AfterValidator(_trait_id)]
BaseMM = Annotated[float, AfterValidator(_base_mm)]


class Attributes(StrictModel):
    MA: int
    RA: int
    PD: int
    WP: int

    def as_dict(self) -> dict[str, int]:
        return {"MA": self.MA, "RA": self.RA, "PD": self.PD, "WP": self.WP}


class WeaponEntry(StrictModel):
    name: Name
    skill: SkillId


class ModelEntry(StrictModel):
    name: Name
    type: ModelType
    attributes: Attributes
    weapons: list[WeaponEntry]
    traits: list[TraitId]
    base_mm: BaseMM | None = None
    pet_of: Name | None = None
    blessed_weapon: Name | None = None
    notes: str | None = None


class PartyFile(StrictModel):
    format: Literal["iron-honor/party@1"]
    name: Name
    size: SizeName
    models: list[ModelEntry]
