"""Party building: the book's point rules ([PARTY-1]-[PARTY-10], [SKILL-1], [SKILL-2],
[T-BUILD-1], [T-BUILD-2]) checked all at once, and each model's cost, wounds and base.

Every violation names the model, the rule and the numbers ([PARTY-10]).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path

from game.content.catalog import Catalog, Trait, catalog
from game.content.party_file import ModelEntry, PartyFile
from game.content.schema import validate_deeper
from game.content.yaml_loader import Document, KeyPath, load_yaml, parse_yaml
from game.core.errors import ContentError, Problem
from game.core.ids import name_key

MM_PER_INCH = 25.4
DEFAULT_BASE_MM = 25.0  # [DIG-2]
MAX_FOLLOWERS = 9  # [PARTY-1] RULING
MAX_COMMON_TRAITS = 4  # [PARTY-8]


@dataclass(frozen=True)
class GameSize:
    """[PARTY-1]/[PARTY-2]: one row of the game size table."""

    name: str
    budget: int
    companions: tuple[int, int]
    min_followers: int


GAME_SIZES: dict[str, GameSize] = {
    "small": GameSize("small", 125, (0, 1), 1),
    "medium": GameSize("medium", 200, (0, 2), 3),
    "large": GameSize("large", 275, (1, 2), 5),
}


@dataclass(frozen=True)
class Allowance:
    """[CMP-6]: what a campaign party may be that a new party may not: its own budget (its cost as it stands plus
    its banked ExP), and short of [PARTY-1]'s least companions and followers after its losses."""

    budget: int
    short: bool = True


@dataclass(frozen=True)
class TypeRules:
    """What a hero, companion or follower starts with ([PARTY-2]-[PARTY-7])."""

    base_cost: int
    base_attribute: int
    points: int
    max_attribute: int
    wounds: int
    qualities: tuple[str, ...]


TYPE_RULES: dict[str, TypeRules] = {
    "hero": TypeRules(0, 3, 6, 6, 5, ("heros_will", "lionheart", "inspiring_presence", "heroic_impetus")),
    "companion": TypeRules(20, 2, 5, 5, 3, ("fearless", "terror_immune")),
    "follower": TypeRules(15, 2, 4, 4, 2, ()),
}

QUALITY_NAMES = {
    "heros_will": "Hero's Will",
    "lionheart": "Lionheart",
    "inspiring_presence": "Inspiring Presence",
    "heroic_impetus": "Heroic Impetus",
    "fearless": "Fearless",
    "terror_immune": "immune to Terror",
}


@dataclass(frozen=True)
class Weapon:
    name: str
    skill: str


@dataclass(frozen=True)
class BuiltModel:
    """A model as the rules see it: its file entry plus everything computed from it."""

    name: str
    type: str
    attributes: dict[str, int]
    weapons: tuple[Weapon, ...]
    traits: tuple[str, ...]
    skill_cost: int
    trait_cost: int
    cost: int
    wounds: int
    base_mm: float
    qualities: tuple[str, ...]
    pet_of: str | None = None
    blessed_weapon: str | None = None
    notes: str | None = None

    @property
    def base_diameter(self) -> float:
        """Base diameter in inches ([DIG-2])."""
        return self.base_mm / MM_PER_INCH

    def has(self, trait_id: str) -> bool:
        return trait_id in self.traits


@dataclass(frozen=True)
class BuiltParty:
    __provenance__ = ("file",)  # where it was read from: not part of what the party is (game.core.copies)

    file: str
    name: str
    size: str
    budget: int
    cost: int
    fate: int
    models: tuple[BuiltModel, ...] = field(default=())

    def summary(self) -> dict[str, object]:
        """The JSON object of ``party check`` (formats.md), keys exactly as specified."""
        return {
            "file": self.file,
            "name": self.name,
            "size": self.size,
            "cost": self.cost,
            "budget": self.budget,
            "fate": self.fate,
            "models": [{"name": m.name, "cost": m.cost, "wounds": m.wounds} for m in self.models],
        }


# -- computed values -------------------------------------------------------------

def skill_cost(entry: ModelEntry, cat: Catalog) -> int:
    """[SKILL-1], [SKILL-2]: every weapon entry pays its skill's cost."""
    return sum(cat.skill(w.skill).cost for w in entry.weapons)


def trait_cost(entry: ModelEntry, cat: Catalog) -> int:
    return sum(cat.trait(t).cost for t in entry.traits)


def model_cost(entry: ModelEntry, cat: Catalog) -> int:
    """[PARTY-2] base + skills + traits; [SEQ-17] never below 0."""
    return max(0, TYPE_RULES[entry.type].base_cost + skill_cost(entry, cat) + trait_cost(entry, cat))


def model_wounds(entry: ModelEntry, cat: Catalog) -> int:
    """[PARTY-4]: by type, plus Large +1, Mounted +1, Gargantuan +2."""
    return TYPE_RULES[entry.type].wounds + sum(cat.trait(t).wounds for t in entry.traits)


def model_base_mm(entry: ModelEntry, cat: Catalog) -> float:
    """[DIG-2]: the file's base_mm, else the largest size any trait sets, else 25 mm."""
    if entry.base_mm is not None:
        return float(entry.base_mm)
    sizes = [size for t in entry.traits if (size := cat.trait(t).base_mm)]
    return float(max(sizes, default=DEFAULT_BASE_MM))


def fate_pool(types: list[str], traits: list[list[str]], cat: Catalog) -> int:
    """[PARTY-9]: 3 for the hero + 1 per companion + 1 per started three followers + Good Karma."""
    heroes = types.count("hero")
    companions = types.count("companion")
    followers = types.count("follower")
    karma = sum(cat.trait(t).fate for ts in traits for t in ts)
    return 3 * heroes + companions + math.ceil(followers / 3) + karma


# -- checks ----------------------------------------------------------------------

class _Checker:
    def __init__(self, doc: Document, party: PartyFile, cat: Catalog, allowance: Allowance | None = None):
        self.allowance = allowance
        self.doc = doc
        self.party = party
        self.cat = cat
        self.problems: list[Problem] = []

    def add(self, path: KeyPath, message: str) -> None:
        self.problems.append(self.doc.problem(path, message))

    # [PARTY-3], [T-NATAPT-1], [T-INEPT-1]
    def attributes(self, i: int, m: ModelEntry) -> None:
        rules = TYPE_RULES[m.type]
        traits = [self.cat.trait(t) for t in m.traits]
        adjust = [t for t in traits if t.attribute_points]
        points = rules.points + sum(t.attribute_points for t in adjust)
        allowed_at_max = max((t.attributes_at_max for t in traits), default=1)
        attrs = m.attributes.as_dict()
        at = ("models", i, "attributes")
        for key, value in attrs.items():
            if value < rules.base_attribute:
                self.add(at + (key,), f"{m.name}: {key} {value} is below the {m.type}'s starting "
                         f"{rules.base_attribute} (points only raise attributes) [PARTY-3]")
            elif value > rules.max_attribute:
                self.add(at + (key,), f"{m.name}: {key} {value} is above the {m.type} maximum "
                         f"{rules.max_attribute} [PARTY-3]")
        at_max = [k for k, v in attrs.items() if v == rules.max_attribute]
        if len(at_max) > allowed_at_max:
            why = " (2 with Natural Aptitude [T-NATAPT-1])" if allowed_at_max == 1 \
                else " with Natural Aptitude [T-NATAPT-1]"
            self.add(at, f"{m.name}: {len(at_max)} attributes at {rules.max_attribute} "
                     f"({', '.join(at_max)}); a {m.type} may have at most {allowed_at_max}{why} [PARTY-3]")
        spent = sum(v - rules.base_attribute for v in attrs.values())
        if spent != points:
            detail = f"{rules.points} for a {m.type}"
            detail += "".join(f" {t.attribute_points:+d} {t.name} [{t.rules[0]}]" for t in adjust)
            self.add(at, f"{m.name}: {spent} attribute points spent above the starting "
                     f"{rules.base_attribute}s; must spend exactly {points} ({detail}) [PARTY-3]")

    # [SKILL-2]
    def skills(self, i: int, m: ModelEntry) -> None:
        kinds = sorted({w.skill for w in m.weapons})
        if len(kinds) > 3:
            self.add(("models", i, "weapons"), f"{m.name}: {len(kinds)} skill types ({', '.join(kinds)}); "
                     "a character may hold at most 3 [SKILL-2]")

    # [PARTY-8], [T-BUILD-1], [T-BUILD-2]
    def traits(self, i: int, m: ModelEntry, masters: dict[str, ModelEntry]) -> None:
        base: KeyPath = ("models", i)
        traits = [self.cat.trait(t) for t in m.traits]
        seen: dict[str, int] = {}
        for j, t in enumerate(traits):
            path = base + ("traits", j)
            if t.id in seen:
                self.add(path, f"{m.name}: takes {t.name} twice (also traits[{seen[t.id]}]); "
                         "a model never takes the same trait twice [T-BUILD-2]")
                continue
            seen[t.id] = j
            allowed = t.allowed_types()
            if m.type not in allowed:
                self.add(path, f"{m.name}: {t.name} is {_category_text(t)}; a {m.type} cannot take it [T-BUILD-2]")
            for other in traits:
                if t.id in other.grants and other.id != t.id:
                    self.add(path, f"{m.name}: {t.name} is already granted by {other.name}; "
                             "it cannot be bought again [T-BUILD-2]")
            for k, other in enumerate(traits[:j]):
                if other.id in t.excludes or t.id in other.excludes:
                    self.add(path, f"{m.name}: {t.name} cannot be taken with {other.name} "
                             f"(traits[{k}]) [T-BUILD-2]")
            self.requirement(path, m, t, masters)
        self.trait_counts(i, m, traits)
        if m.pet_of is not None and "pet" not in m.traits:
            self.add(base + ("pet_of",), f"{m.name}: pet_of is given but the model has no Pet trait [T-BUILD-1]")
        if m.blessed_weapon is not None and "blessed_weapon" not in m.traits:
            self.add(base + ("blessed_weapon",),
                     f"{m.name}: blessed_weapon is given but the model has no Blessed Weapon trait [T-BUILD-1]")

    def trait_counts(self, i: int, m: ModelEntry, traits: list[Trait]) -> None:
        unique = {t.id: t for t in traits}.values()
        limits = {"heroic": 1 if m.type == "hero" else 0,
                  "rare": 1 if m.type in ("hero", "companion") else 0,
                  "common": MAX_COMMON_TRAITS}
        for cat_name, limit in limits.items():
            chosen = [t.name for t in unique if t.category == cat_name]
            # a category the type may not take at all is reported per trait above
            if limit and len(chosen) > limit:
                extra = " (negative Common traits count too)" if cat_name == "common" else ""
                self.add(("models", i, "traits"), f"{m.name}: {len(chosen)} {cat_name.capitalize()} traits "
                         f"({', '.join(chosen)}); a {m.type} may take at most {limit}{extra} [PARTY-8]")

    def requirement(self, path: KeyPath, m: ModelEntry, t: Trait, masters: dict[str, ModelEntry]) -> None:
        req = t.requires
        skills = {w.skill for w in m.weapons}
        if req.skills and not skills & set(req.skills):
            self.add(path, f"{m.name}: {t.name} needs one of the skills {', '.join(req.skills)}; "
                     f"the model has {', '.join(sorted(skills)) or 'none'} [T-BUILD-1]")
        if req.one_handed_weapons:
            one_handed = [w for w in m.weapons
                          if self.cat.skill(w.skill).hands == 1 and self.cat.skill(w.skill).kind != "shield"]
            if len(one_handed) < req.one_handed_weapons:
                self.add(path, f"{m.name}: {t.name} needs {req.one_handed_weapons} weapon entries of 1-handed "
                         f"skills (melee, thrown or ranged); the model has {len(one_handed)} [T-BUILD-1]")
        if req.key == "pet_of":
            self.pet(path, m, masters)
        elif req.key == "blessed_weapon":
            self.blessed(path, m)

    def pet(self, path: KeyPath, m: ModelEntry, masters: dict[str, ModelEntry]) -> None:
        if m.pet_of is None:
            self.add(path, f"{m.name}: Pet needs pet_of naming its master, the hero or a companion [T-BUILD-1]")
            return
        master = masters.get(name_key(m.pet_of))
        at = path[:2] + ("pet_of",)
        if master is None:
            self.add(at, f"{m.name}: pet_of '{m.pet_of}' names no model of this party; "
                     "a Pet's master is the hero or a companion [T-BUILD-1]")
        elif master is m:
            self.add(at, f"{m.name}: a Pet cannot be its own master [T-BUILD-1]")
        elif master.type == "follower":
            self.add(at, f"{m.name}: pet_of '{m.pet_of}' is a follower; a Pet's master is the hero or "
                     "a companion [T-BUILD-1]")

    def blessed(self, path: KeyPath, m: ModelEntry) -> None:
        if m.blessed_weapon is None:
            self.add(path, f"{m.name}: Blessed Weapon needs blessed_weapon naming one of its weapons [T-BUILD-1]")
            return
        at = path[:2] + ("blessed_weapon",)
        named = [w for w in m.weapons if name_key(w.name) == name_key(m.blessed_weapon)]
        if not named:
            have = ", ".join(w.name for w in m.weapons) or "none"
            self.add(at, f"{m.name}: blessed_weapon '{m.blessed_weapon}' is not one of its weapons "
                     f"({have}) [T-BUILD-1]")
        elif all(self.cat.skill(w.skill).kind == "shield" for w in named):
            self.add(at, f"{m.name}: blessed_weapon '{m.blessed_weapon}' is a shield, which makes no attack "
                     "rolls; bless a weapon [T-BUILD-1]")

    # [PARTY-1], [PARTY-2]
    def composition(self) -> None:
        size = GAME_SIZES[self.party.size]
        types = [m.type for m in self.party.models]
        heroes, companions, followers = (types.count(t) for t in ("hero", "companion", "follower"))
        where: KeyPath = ("models",)
        if heroes != 1:
            self.add(where, f"the party has {heroes} heroes; a party has exactly one hero [PARTY-1]")
        lo, hi = size.companions
        short = self.allowance is not None and self.allowance.short  # [CMP-6]: losses leave a party short
        if short:
            lo = 0
        if not lo <= companions <= hi:
            self.add(where, f"the party has {companions} companion(s); a {size.name} party has {lo}-{hi} [PARTY-1]")
        if followers < size.min_followers and not short:
            self.add(where, f"the party has {followers} follower(s); a {size.name} party needs at least "
                     f"{size.min_followers} [PARTY-1]")
        if followers > MAX_FOLLOWERS:
            self.add(where, f"the party has {followers} followers; at most {MAX_FOLLOWERS} [PARTY-1]")

    def budget(self, cost: int) -> None:
        size = GAME_SIZES[self.party.size]
        if self.allowance is not None:
            if cost > self.allowance.budget:
                self.add(("size",), f"the party costs {cost} ExP; this campaign party may spend at most "
                         f"{self.allowance.budget} ExP (its cost before plus its banked ExP) [CMP-6]")
            return
        if cost > size.budget:
            self.add(("size",), f"the party costs {cost} ExP; a {size.name} party may spend at most "
                     f"{size.budget} ExP [PARTY-2]")

    def names(self) -> dict[str, ModelEntry]:
        first: dict[str, int] = {}
        for i, m in enumerate(self.party.models):
            key = name_key(m.name)
            if key in first:
                self.add(("models", i, "name"), f"duplicate model name '{m.name.strip()}' (also models[{first[key]}]);"
                         " names must be unique within a party, ignoring case")
            else:
                first[key] = i
        return {name_key(m.name): m for m in reversed(self.party.models)}


def _category_text(t: Trait) -> str:
    if t.only:
        return f"for {' and '.join(o + 's' for o in t.only)} only"
    return {"heroic": "a Heroic trait, for the hero only",
            "rare": "a Rare trait, for the hero and companions only",
            "common": "a Common trait"}[t.category]


def check_party(doc: Document, party: PartyFile, cat: Catalog | None = None,
                allowance: Allowance | None = None) -> tuple[list[Problem], int]:
    """All building-rule problems of a schema-valid party, and its cost (a campaign party: with its allowance)."""
    cat = cat or catalog()
    checker = _Checker(doc, party, cat, allowance)
    masters = checker.names()
    checker.composition()
    for i, m in enumerate(party.models):
        checker.attributes(i, m)
        checker.skills(i, m)
        checker.traits(i, m, masters)
    cost = sum(model_cost(m, cat) for m in party.models)
    checker.budget(cost)
    return checker.problems, cost


def validate_party(doc: Document, cat: Catalog, allowance: Allowance | None = None) -> PartyFile:
    """The schema; on format errors, raised with the building checks of each model that did parse (the party's
    totals and a Pet's master are left out: a model that did not parse would change them)."""
    return validate_deeper(doc, PartyFile, lambda d, parsed: check_party(d, parsed, cat, allowance)[0],
                           keep=lambda where: where.startswith("models[") and ".pet_of" not in where)


def build_party(doc: Document, cat: Catalog | None = None, allowance: Allowance | None = None) -> BuiltParty:
    """Validate a parsed party file whole and compute everything, or raise ContentError (a campaign party is
    judged with its allowance, [CMP-6])."""
    cat = cat or catalog()
    party = validate_party(doc, cat, allowance)
    problems, cost = check_party(doc, party, cat, allowance)
    if problems:
        raise ContentError(doc.file, problems)
    masters = {name_key(m.name): m.name.strip() for m in party.models}
    models = tuple(
        BuiltModel(
            name=m.name.strip(),
            type=m.type,
            attributes=m.attributes.as_dict(),
            weapons=tuple(Weapon(w.name.strip(), w.skill) for w in m.weapons),
            traits=tuple(m.traits),
            skill_cost=skill_cost(m, cat),
            trait_cost=trait_cost(m, cat),
            cost=model_cost(m, cat),
            wounds=model_wounds(m, cat),
            base_mm=model_base_mm(m, cat),
            qualities=TYPE_RULES[m.type].qualities,
            pet_of=masters[name_key(m.pet_of)] if m.pet_of else None,
            blessed_weapon=m.blessed_weapon.strip() if m.blessed_weapon else None,
            notes=m.notes,
        )
        for m in party.models
    )
    fate = fate_pool([m.type for m in party.models], [list(m.traits) for m in party.models], cat)
    budget = allowance.budget if allowance is not None else GAME_SIZES[party.size].budget
    return BuiltParty(doc.file, party.name.strip(), party.size, budget, cost, fate, models)


def load_party(path: str | Path, display: str | None = None) -> BuiltParty:
    """Read, validate and build one party file; any problem is a ContentError."""
    return build_party(load_yaml(path, display))


def parse_party(text: str | bytes, file: str = "<party>") -> BuiltParty:
    return build_party(parse_yaml(text, file))
