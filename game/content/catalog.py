"""The rules data every party is built from: the skill table and the trait list.

Both are YAML in ``game/content/data`` and go through the same loader and
validation as a player's files, so a bad edit to them is reported the same way.
A trait may carry ``effects`` (see :mod:`game.content.trait_effects`): its rule is then that data,
run by ``game/rules/traits/data_traits.py``. The mod folder's ``traits/`` files add traits in the
same format; a broken one is skipped and reported (``Catalog.skipped``), never fatal.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import Field

from game.content.rules_reference import RulesReference, rules_reference
from game.content.schema import StrictModel, validate, validate_deeper
from game.content.trait_effects import RULE_ID, Effect, effect_problems
from game.content.yaml_loader import Document, load_yaml
from game.core.errors import ContentError, Problem
from game.core.ids import suggest
from game.paths import DATA_DIR

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
    effects: list[Effect] = []  # the trait's rule as data (traits written in Python have none)
    origin: str = "game"  # "game", or the mod file that adds it

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
    skipped: tuple[ContentError, ...] = ()  # the mod folder's trait files that were broken

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


def _cross_check(doc: Document, traits: list[Trait], skill_ids: set[str], known: dict[str, Trait],
                 first: int = 0) -> list[Problem]:
    """A trait file's references: skills and traits it names, and its effects (``known``: every trait by id,
    this file's included). ``first``: the index of the file's first trait in ``traits``."""
    problems: list[Problem] = []
    for i, t in enumerate(traits[first:], first):
        where = ("traits", i - first)
        for j, s in enumerate(t.requires.skills):
            if s not in skill_ids:
                problems.append(doc.problem((*where, "requires", "skills", j), f"unknown skill '{s}'"))
        for key in ("excludes", "grants"):
            for j, other in enumerate(getattr(t, key)):
                if other not in known:
                    problems.append(doc.problem((*where, key, j), f"unknown trait '{other}'{suggest(other, known)}"))
        for j, effect in enumerate(t.effects):
            problems += effect_problems(doc, (*where, "effects", j), effect, t, set(known))
    return problems


def load_catalog(data_dir: Path = DATA_DIR, mods: Path | None = None) -> Catalog:
    """Load and cross-check the skill and trait data (any problem is a ContentError), then the trait files
    of the mod folder ``mods`` (each broken one skipped, with its problems, in ``Catalog.skipped``)."""
    sdoc = load_yaml(data_dir / "skills.yaml")
    skills_file = validate(sdoc, _SkillFile)
    tdoc = load_yaml(data_dir / "traits.yaml")
    traits_file = validate(tdoc, _TraitFile)
    problems = _unique(sdoc, skills_file.skills, "skills")
    if problems:
        raise ContentError(sdoc.file, problems)
    problems = _unique(tdoc, traits_file.traits, "traits")
    skill_ids = {s.id for s in skills_file.skills}
    known = {t.id: t for t in traits_file.traits}
    problems += _cross_check(tdoc, traits_file.traits, skill_ids, known)
    if problems:
        raise ContentError(tdoc.file, problems)
    skills = {s.id: s for s in skills_file.skills}
    skipped: list[ContentError] = []
    if mods is not None:
        from game.content.files import yaml_files

        files, passed_over = yaml_files(mods / "traits")
        skipped += [s.error() for s in passed_over]
        for path in files:
            try:
                known.update(load_trait_file(path, skills, known))
            except ContentError as exc:
                skipped.append(exc)
    return Catalog(skills, known, tuple(skipped))


def load_trait_file(path: Path, skills: dict[str, Skill], known: dict[str, Trait]) -> dict[str, Trait]:
    """A mod's trait file (``iron-honor/traits@1``), checked against the traits ``known`` so far: its new traits
    by id. Every problem at once, each located; a trait of the game or of another file is never replaced."""
    doc = load_yaml(path)
    return trait_file_traits(doc, skills, known)


def trait_file_traits(doc: Document, skills: dict[str, Skill], known: dict[str, Trait]) -> dict[str, Trait]:
    """The traits a trait file adds to ``known`` (checked as :func:`load_trait_file` says)."""
    data = validate_deeper(doc, _TraitFile, lambda d, parsed: _trait_file_problems(d, parsed, skills, known)[0])
    problems, added = _trait_file_problems(doc, data, skills, known)
    if problems:
        raise ContentError(doc.file, problems)
    return added


def _trait_file_problems(doc: Document, data: _TraitFile, skills: dict[str, Skill],
                         known: dict[str, Trait]) -> tuple[list[Problem], dict[str, Trait]]:
    problems = _unique(doc, data.traits, "traits")
    added = {t.id: t.model_copy(update={"origin": doc.file}) for t in data.traits}
    rule_owner = {r: t.name for t in known.values() for r in t.rules}
    for i, t in enumerate(data.traits):
        if t.id in known:
            other = known[t.id].origin
            problems.append(doc.problem(("traits", i, "id"),
                                        f"'{t.id}' is a trait of the game: a mod trait needs an id of its own"
                                        if other == "game" else f"trait '{t.id}' is already added by {other}"))
        for j, r in enumerate(t.rules):
            if r in rule_owner or rules_reference().entry(r) is not None:
                owner = f"{rule_owner[r]}'s" if r in rule_owner else "a rule of the game"
                problems.append(doc.problem(("traits", i, "rules", j), f"rule {r} is {owner}: a mod trait names "
                                                                       f"rules of its own (e.g. X-{t.id.upper()}-1)"))
            elif not re.fullmatch(RULE_ID, r):
                problems.append(doc.problem(("traits", i, "rules", j), f"'{r}' is not a rule ID: capitals, digits "
                                                                       f"and dashes ending in a number, e.g. "
                                                                       f"X-{t.id.upper()}-1"))
    problems += _cross_check(doc, data.traits, set(skills), {**known, **added})
    return problems, added


def shipped_catalog() -> Catalog:
    """The game's own rules data, without the mod folder (the docs are written from it)."""
    return _shipped()


@cache
def _shipped() -> Catalog:
    return load_catalog()


def catalog() -> Catalog:
    """The rules data with the mod folder's traits, loaded once per mod folder (the environment names it).
    Asked thousands of times a game: the environment is read through its mapping's own ``get``."""
    return _with_mods(_environ_get(_MODS_ENV))


_environ_get = os.environ.get
_MODS_ENV = "IRON_HONOR_MODS"  # game.content.library.MODS_ENV (which imports this module)


@cache
def _with_mods(_folder: str | None) -> Catalog:
    from game.content.library import user_mod_dir

    return load_catalog(mods=user_mod_dir())


def reload_catalog() -> Catalog:
    """Forget the loaded catalogs and read them again (a mod folder's trait file was edited)."""
    _with_mods.cache_clear()
    return catalog()


def mod_rule_text(rule: str) -> str | None:
    """The text of a rule the rules reference does not hold: a mod trait's name and summary (the game's own
    rules are looked up in the reference by their ID), or None."""
    if not rule or rules_reference().entry(rule) is not None:
        return None
    owner = next((t for t in catalog().traits.values() if rule in t.rules), None)
    return f"{owner.name}: {owner.summary}" if owner is not None else None


@dataclass(frozen=True)
class CheckedTraits:
    """A trait file as ``validate`` checks it: the traits it adds (``name`` lists them)."""

    traits: dict[str, Trait]

    @property
    def name(self) -> str:
        return ", ".join(t.name for t in self.traits.values())


def build_trait_file(doc: Document) -> CheckedTraits:
    """Check a trait file against the game's traits and the mod folder's other trait files (what the game
    would load with it), every problem at once."""
    cat = catalog()
    here = _resolved(doc.file)
    known = {k: t for k, t in cat.traits.items() if t.origin == "game" or _resolved(t.origin) != here}
    return CheckedTraits(trait_file_traits(doc, cat.skills, known))


def _resolved(file: str) -> str:
    try:
        return str(Path(file).resolve())
    except (OSError, RuntimeError, ValueError):
        return file


def reference_with_mods() -> RulesReference:
    """The rules reference with, as its last chapter, the mod folder's traits: each of their rule IDs with the
    trait's text and effects, so a link to a mod trait's rule opens somewhere (the game's own are untouched)."""
    from game.content.rules_reference import Chapter, Entry, RulesReference, Section
    from game.content.trait_effects import describe

    ref = rules_reference()
    mods = [t for t in catalog().traits.values() if t.origin != "game"]
    if not mods:
        return ref
    entries, by_id, sections = list(ref.entries), dict(ref.by_id), []
    for si, t in enumerate(mods):
        effects = "; ".join(describe(e) for e in t.effects)
        out = [Entry(r, "mods", si, r, None, t.summary + (f" As data: {effects}." if effects and j == 0 else ""),
                     t.name) for j, r in enumerate(t.rules) if r not in by_id]
        by_id.update({e.key: e for e in out})
        entries += out
        sections.append(Section("mods", si, f"{t.name} ({Path(t.origin).name})", tuple(out)))
    chapter = Chapter("mods", "Traits from the mod folder", ("Added by the trait files of your mod folder "
                                                             "(docs/modding-traits.md).",), tuple(sections))
    return RulesReference((*ref.chapters, chapter), tuple(entries), by_id)
