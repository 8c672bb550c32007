"""The modders' catalogues (docs/traits.md, docs/skills-and-styles.md), written from the game's own data.

Made by ``tools/build_catalogues.py``; a test fails when a page drifts from the data, so the docs
can never list a trait, skill or terrain style the game does not know (or miss one it does).
"""

from __future__ import annotations

from game.content.catalog import shipped_catalog as catalog
from game.content.maps import STYLE_NOTES
from game.content.trait_effects import describe

HEADER = "<!-- Made by tools/build_catalogues.py from the game's data: do not edit by hand. -->\n\n"
CATEGORY_NOTES = {
    "heroic": "the hero only, at most one ([PARTY-8])",
    "rare": "the hero or a companion, one each ([PARTY-8])",
    "common": "any model, up to four ([PARTY-8])",
}


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def traits_page() -> str:
    """Every trait by category: its id (what a party file writes), name, cost, who may take it, what it needs."""
    traits = catalog().traits
    out = [HEADER, "# Traits\n\n",
           "A party file names traits by **id** (`traits: [tough, leader_of_men]`). Costs are in ExP. "
           "The rules text of each is in the game's rules reference (F1 › Rules) under the rule IDs given. "
           "A trait marked *as data* is written in YAML (`effects` in `game/content/data/traits.yaml`), "
           "as a mod's trait may be: see [modding-traits.md](modding-traits.md).\n"]
    for category, note in CATEGORY_NOTES.items():
        out.append(f"\n## {category.capitalize()} — {note}\n\n")
        out.append("| id | name | cost | who | needs / not with | rules | what it does |\n")
        out.append("|---|---|---|---|---|---|---|\n")
        for t in sorted((t for t in traits.values() if t.category == category), key=lambda t: t.id):
            who = ", ".join(t.allowed_types())
            needs = []
            if t.requires.skills:
                needs.append("a skill of " + ", ".join(f"`{s}`" for s in t.requires.skills))
            if t.requires.one_handed_weapons:
                needs.append(f"{t.requires.one_handed_weapons} one-handed weapons")
            if t.requires.key:
                needs.append(f"the party-file key `{t.requires.key}`")
            if t.excludes:
                needs.append("not with " + ", ".join(f"`{x}`" for x in t.excludes))
            if t.grants:
                needs.append("includes " + ", ".join(f"`{x}`" for x in t.grants))
            rules = ", ".join(t.rules)
            data = f" *As data:* {'; '.join(describe(e) for e in t.effects)}." if t.effects else ""
            out.append(f"| `{t.id}` | {_cell(t.name)} | {t.cost} | {who} | {_cell('; '.join(needs)) or '—'} | "
                       f"{rules} | {_cell(t.summary + data)} |\n")
    return "".join(out)


def skills_and_styles_page() -> str:
    """The weapon skills a party file may name and the terrain styles a map may use."""
    out = [HEADER, "# Skills and terrain styles\n\n## Skills\n\n",
           "A weapon entry names its skill by **id** (`weapons: [{name: Axe, skill: 1h_edged}]`).\n\n",
           "| id | name | kind | hands | cost | short / long range |\n|---|---|---|---|---|---|\n"]
    for s in catalog().skills.values():
        ranges = f"{s.short}″ / {s.long}″" if s.short is not None else "—"
        bp = " (black powder)" if s.black_powder and "black powder" not in s.name else ""
        out.append(f"| `{s.id}` | {_cell(s.name)}{bp} | {s.kind} | {s.hands} | {s.cost} | {ranges} |\n")
    out.append("\n## Terrain styles\n\n"
               "A map piece's `style` says how it is drawn; its `kind` (rough, obstacle, impassable, area) "
               "decides the rules. Any other style is refused by `validate`.\n\n| style | what it is |\n|---|---|\n")
    for style, note in STYLE_NOTES.items():
        out.append(f"| `{style}` | {_cell(note)} |\n")
    return "".join(out)


PAGES = {"docs/traits.md": traits_page, "docs/skills-and-styles.md": skills_and_styles_page}
