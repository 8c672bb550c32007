"""The roster card: the page a player keeps beside the table, as data (for the PNG) and as text (for forums).

Everything on it is the built party (``build_party``: costs, wounds, Fate) and the rules data (the traits'
rules text from the rules reference, each model's inherent qualities); nothing is worked out here.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.content.catalog import catalog
from game.content.party_building import QUALITY_NAMES, Allowance, BuiltParty, build_party
from game.content.rules_reference import rules_reference
from game.content.yaml_loader import Document
from game.core.atomic import write_text_atomic


@dataclass(frozen=True)
class RosterTrait:
    name: str
    cost: int
    rules: tuple[str, ...]
    text: str  # the rules reference's text of its rules, else the trait's summary


@dataclass(frozen=True)
class RosterModel:
    name: str
    type: str
    cost: int
    attributes: dict[str, int]
    wounds: int
    base_mm: float
    weapons: tuple[tuple[str, str, int], ...]  # name, skill name, skill cost
    traits: tuple[RosterTrait, ...]
    qualities: tuple[str, ...]
    extras: tuple[str, ...]  # pet_of, blessed weapon, notes


@dataclass(frozen=True)
class Roster:
    name: str
    size: str
    cost: int
    budget: int
    fate: int
    models: tuple[RosterModel, ...]


def roster_of(party: BuiltParty) -> Roster:
    cat = catalog()
    ref = rules_reference()
    models = []
    for m in party.models:
        traits = []
        for t in m.traits:
            trait = cat.trait(t)
            texts = [e.text for e in (ref.entry(r) for r in trait.rules) if e is not None and e.text]
            traits.append(RosterTrait(trait.name, trait.cost, tuple(trait.rules), " ".join(texts) or trait.summary))
        extras = []
        if m.pet_of:
            extras.append(f"Pet of {m.pet_of}")
        if m.blessed_weapon:
            extras.append(f"Blessed weapon: {m.blessed_weapon}")
        if m.notes:
            extras.append(m.notes)
        models.append(RosterModel(
            m.name, m.type, m.cost, dict(m.attributes), m.wounds, m.base_mm,
            tuple((w.name, cat.skill(w.skill).name, cat.skill(w.skill).cost) for w in m.weapons),
            tuple(traits), tuple(QUALITY_NAMES[q] for q in m.qualities), tuple(extras)))
    return Roster(party.name, party.size, party.cost, party.budget, party.fate, tuple(models))


def grouped(r: Roster) -> list[tuple[RosterModel, tuple[str, ...]]]:
    """The models as the card lists them: identical followers (everything alike but the name) as one entry
    at the first one's place, with all their names; every other model alone."""
    out: list[tuple[RosterModel, tuple[str, ...]]] = []
    place: dict[tuple[Any, ...], int] = {}
    for m in r.models:
        same = (m.type, m.cost, tuple(sorted(m.attributes.items())), m.wounds, m.base_mm, m.weapons, m.traits,
                m.qualities, m.extras)
        if m.type == "follower" and same in place:
            k = place[same]
            out[k] = (out[k][0], (*out[k][1], m.name))
            continue
        if m.type == "follower":
            place[same] = len(out)
        out.append((m, (m.name,)))
    return out


def group_title(m: RosterModel, names: tuple[str, ...]) -> str:
    """"Wolfcub" alone, "Wolfcub ×3" for a group."""
    return m.name if len(names) == 1 else f"{m.name} ×{len(names)}"


def roster_from_data(data: Any, allowance: Allowance | None = None) -> Roster:
    """The roster of a sound party's file data (a ContentError lists the problems of one that is not); a
    campaign party's with its allowance ([CMP-6])."""
    return roster_of(build_party(Document("<roster>", data), allowance=allowance))


def roster_text(r: Roster, width: int = 78) -> str:
    """The roster as plain text: a header, then one block per model."""
    import textwrap

    rule = "=" * width
    out = [rule, f"{r.name}", f"{r.size.capitalize()} game · {r.cost}/{r.budget} ExP · Fate Pool {r.fate} · "
           f"{len(r.models)} model{'' if len(r.models) == 1 else 's'}", rule]
    for m, names in grouped(r):
        a = m.attributes
        each = " each" if len(names) > 1 else ""
        out.append(f"{group_title(m, names)} ({m.type}) — {m.cost} ExP{each}")
        if len(names) > 1:
            out.append(f"  ({', '.join(names)})")
        out.append(f"  MA {a['MA']}  RA {a['RA']}  PD {a['PD']}  WP {a['WP']}  WO {m.wounds}  base {m.base_mm:g} mm")
        weapons = ", ".join(f"{n} ({s}, {c})" for n, s, c in m.weapons) or "none (fights unskilled [SKILL-3])"
        out.append(f"  Weapons: {weapons}")
        if m.qualities:
            out.append(f"  Qualities: {', '.join(m.qualities)}")
        for t in m.traits:
            head = f"  * {t.name} ({t.cost:+d}) [{', '.join(t.rules)}]: "
            out += textwrap.wrap(t.text, width, initial_indent=head, subsequent_indent="      ")
        for x in m.extras:
            out += textwrap.wrap(x, width, initial_indent="  ", subsequent_indent="  ")
        out.append("-" * width)
    return "\n".join(out) + "\n"


def rosters_dir(mods: Path | None = None) -> Path:
    from game.content.library import user_mod_dir

    return (mods or user_mod_dir()) / "rosters"


def export_text(r: Roster, path: Path) -> Path:
    write_text_atomic(path, roster_text(r))
    return path
