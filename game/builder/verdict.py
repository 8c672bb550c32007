"""The live verdict on the party being built: totals and problems, asked of the party-building code.

``party check`` runs ``build_party`` = the schema (``PartyFile``), then ``check_party``. The verdict
runs the same two on the document's data, so its problems are exactly what ``party check`` would
print for the saved file (key path and message), and its figures are ``model_cost``, ``model_wounds``
and ``fate_pool``. Trait availability is asked the same way: the model with the trait added goes
through ``check_party``, and whatever new problem that raises is the rule that forbids it.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from typing import Any

from game.content.catalog import Catalog, Trait, catalog
from game.content.party_building import (
    GAME_SIZES,
    MAX_FOLLOWERS,
    Allowance,
    build_party,
    check_party,
    fate_pool,
    model_cost,
    model_wounds,
    validate_party,
)
from game.content.party_file import ModelEntry, PartyFile
from game.content.rules_reference import REF
from game.content.yaml_loader import Document
from game.core.errors import ContentError, Problem

_MODEL = re.compile(r"^models\[(\d+)\]")


@dataclass(frozen=True)
class BuildProblem:
    """One problem as ``party check`` reports it, with the rule IDs it names and the model it concerns."""

    where: str
    message: str
    rules: tuple[str, ...]
    model: int | None  # index in the party's models, None for the whole party

    @classmethod
    def of(cls, p: Problem) -> BuildProblem:
        m = _MODEL.match(p.where)
        return cls(p.where, p.message, tuple(REF.findall(p.message)), int(m.group(1)) if m else None)


@dataclass(frozen=True)
class ModelTotal:
    name: str
    type: str | None
    cost: int | None  # None while the model's entry does not fit the file format
    wounds: int | None
    problems: int


@dataclass(frozen=True)
class Verdict:
    """Totals and problems of the party as it stands."""

    name: str
    size: str | None
    budget: int | None
    cost: int  # of the models whose entries can be priced
    fate: int | None  # None until every entry fits the file format
    models: tuple[ModelTotal, ...]
    counts: dict[str, int]  # hero / companion / follower
    companions: tuple[int, int] | None  # the size's limits ([PARTY-1])
    min_followers: int | None
    max_followers: int
    problems: tuple[BuildProblem, ...]
    _doc: Document = field(repr=False, compare=False)
    _cat: Catalog = field(repr=False, compare=False)
    _allowance: Allowance | None = field(default=None, repr=False, compare=False)

    @property
    def playable(self) -> bool:
        return not self.problems

    @functools.cached_property
    def summary(self) -> dict[str, Any] | None:
        """The JSON object ``party check`` prints for the party (None while it has problems): built by
        ``build_party`` itself, when asked (a click needs only the totals)."""
        return build_party(self._doc, self._cat, self._allowance).summary() if self.playable else None

    def problems_of(self, model: int | None) -> list[BuildProblem]:
        return [p for p in self.problems if p.model == model]


def _entries(data: Any) -> list[ModelEntry | None]:
    """Each model's entry as the format reads it, or None where it does not fit (the schema says why)."""
    models = data.get("models") if isinstance(data, dict) else None
    out: list[ModelEntry | None] = []
    for m in models if isinstance(models, list) else []:
        try:
            out.append(ModelEntry.model_validate(m))
        except Exception:  # pydantic's ValidationError: the party's schema problems list it
            out.append(None)
    return out


def judge(data: Any, file: str = "<builder>", cat: Catalog | None = None,
          allowance: Allowance | None = None) -> Verdict:
    """The verdict ``party check`` would give the party's file, and the running totals (a campaign party's:
    with its allowance, [CMP-6])."""
    cat = cat or catalog()
    doc = Document(file, data)
    party: PartyFile | None = None
    try:
        party = validate_party(doc, cat, allowance)  # as party check: the building checks of the models that parsed too
    except ContentError as exc:
        problems = exc.problems
    if party is not None:
        problems, _cost = check_party(doc, party, cat, allowance)
        entries: list[ModelEntry | None] = list(party.models)
    else:
        entries = _entries(data)
    found = tuple(BuildProblem.of(p) for p in problems)
    raw = data.get("models") if isinstance(data, dict) else None
    raw_models = raw if isinstance(raw, list) else []
    totals = []
    for i, (m, e) in enumerate(zip(raw_models, entries, strict=True)):
        name = m.get("name") if isinstance(m, dict) else None
        kind = m.get("type") if isinstance(m, dict) else None
        totals.append(ModelTotal(
            name.strip() if isinstance(name, str) and name.strip() else f"model {i + 1}",
            kind if kind in ("hero", "companion", "follower") else None,
            model_cost(e, cat) if e is not None else None,
            model_wounds(e, cat) if e is not None else None,
            sum(p.model == i for p in found)))
    counts = {t: sum(m.type == t for m in totals) for t in ("hero", "companion", "follower")}
    size_name = data.get("size") if isinstance(data, dict) else None
    size = GAME_SIZES.get(size_name) if isinstance(size_name, str) else None
    fate = None
    if entries and all(e is not None for e in entries):
        fate = fate_pool([e.type for e in entries], [list(e.traits) for e in entries], cat)  # type: ignore[union-attr]
    name = data.get("name") if isinstance(data, dict) else None
    return Verdict(
        name=name if isinstance(name, str) else "",
        size=size.name if size else None,
        budget=allowance.budget if allowance is not None else size.budget if size else None,
        cost=sum(t.cost or 0 for t in totals),
        fate=fate,
        models=tuple(totals),
        counts=counts,
        companions=((0, size.companions[1]) if allowance is not None and allowance.short else size.companions)
        if size else None,
        min_followers=(0 if allowance is not None and allowance.short else size.min_followers) if size else None,
        max_followers=MAX_FOLLOWERS,
        problems=found,
        _doc=doc,
        _cat=cat,
        _allowance=allowance,
    )


# -- traits: what each costs, needs, and whether this model may take it ----------------------------------------

@dataclass(frozen=True)
class TraitOption:
    trait: Trait
    taken: bool
    forbidden: tuple[str, ...]  # the problems taking it would raise (each names its rule); empty: allowed

    @property
    def allowed(self) -> bool:
        return not self.taken and not self.forbidden


def prerequisites(t: Trait, cat: Catalog | None = None) -> str:
    """What a trait needs, as the trait data says ([T-BUILD-1]) and who may take it ([T-BUILD-2])."""
    cat = cat or catalog()
    parts = []
    who = t.allowed_types()
    if tuple(who) != ("hero", "companion", "follower"):
        parts.append(" or ".join(who) + " only")
    if t.requires.skills:
        parts.append("a skill: " + ", ".join(cat.skill(s).name for s in t.requires.skills))
    if t.requires.one_handed_weapons:
        parts.append(f"{t.requires.one_handed_weapons} one-handed weapon entries")
    if t.requires.key == "pet_of":
        parts.append("a master (the hero or a companion)")
    elif t.requires.key == "blessed_weapon":
        parts.append("one of its weapons named")
    if t.excludes:
        parts.append("not with " + ", ".join(cat.trait(x).name for x in t.excludes))
    if t.grants:
        parts.append("includes " + ", ".join(cat.trait(x).name for x in t.grants))
    return "; ".join(parts)


def trait_options(data: Any, i: int, cat: Catalog | None = None) -> list[TraitOption]:
    """Every trait for model ``i``: taken, allowed, or forbidden by the problems taking it would raise.

    Only the model and the party's possible masters (hero, companions) are checked, with the trait
    added; the problems at that model that were not there before are the reasons. Party-wide limits
    (the budget) are not reasons: they show in the totals once the trait is taken.
    """
    cat = cat or catalog()
    entries = _entries(data)
    if not 0 <= i < len(entries):
        return []
    me = entries[i]
    if me is None:
        reason = ("this model's entry does not fit the party file format yet; fix the problems listed for it "
                  "first")
        return [TraitOption(t, False, (reason,)) for t in cat.traits.values()]
    others = tuple((e.name, e.type) for k, e in enumerate(entries) if k != i and e is not None
                   and e.type != "follower")
    key = (me.type, me.name, tuple((w.name, w.skill) for w in me.weapons), tuple(me.traits), me.pet_of,
           me.blessed_weapon, others)
    found = _options_cache.get(key)
    if found is None:
        if len(_options_cache) > 256:
            _options_cache.clear()
        found = _options_cache[key] = _trait_options(me, others, cat)
    return found


_options_cache: dict[tuple[Any, ...], list[TraitOption]] = {}


def _trait_options(me: ModelEntry, others: tuple[tuple[str, str], ...], cat: Catalog) -> list[TraitOption]:
    """Availability depends on the model's type, weapons, traits and keys and on who could be a master;
    never on attributes (a trait that changes the points to spend is rebalanced with the steppers)."""
    masters = [ModelEntry.model_construct(name=n, type=t, attributes=me.attributes, weapons=[], traits=[],
                                          base_mm=None, pet_of=None, blessed_weapon=None, notes=None)
               for n, t in others]

    def problems_with(entry: ModelEntry, with_masters: bool) -> set[str]:
        party = PartyFile.model_construct(format="iron-honor/party@1", name="x", size="large",
                                          models=[entry, *(masters if with_masters else ())])
        found, _ = check_party(Document("<traits>", {}), party, cat)
        return {p.message for p in found if p.where.startswith("models[0]")
                and not p.where.startswith("models[0].attributes")}

    needs_masters = me.pet_of is not None
    before = problems_with(me, needs_masters)
    out = []
    for t in cat.traits.values():
        if t.id in me.traits:
            out.append(TraitOption(t, True, ()))
            continue
        update: dict[str, Any] = {"traits": [*me.traits, t.id]}
        pet = t.requires.key == "pet_of"
        if pet and me.pet_of is None:
            update["pet_of"] = next((n for n, kind in others if kind == "hero"), None)
        elif t.requires.key == "blessed_weapon" and me.blessed_weapon is None:
            update["blessed_weapon"] = next((w.name for w in me.weapons if w.skill != "shield"), None)
        after = problems_with(me.model_copy(update=update), needs_masters or pet)
        out.append(TraitOption(t, False, tuple(sorted(after - before))))
    return out
