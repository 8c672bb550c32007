"""The chosen model's editor laid out as drawn controls: type, attribute steppers, weapons, traits, Pet's
master and the blessed weapon; and the skill choice for a new weapon.

Pure layout: the model's file data in, a list of ``Control`` out (a button carries its typed command, e.g.
``Step("MA", +1)``, and is named by the command's key).
The ranges come from the rules (``attribute_range``), the costs from the catalog.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pygame

from game.builder.document import ATTRIBUTES, TYPES, attribute_range
from game.content.catalog import catalog
from game.ui import theme
from game.ui.battle import cards
from game.ui.scenes.builder_commands import (
    ChooseSkill,
    Command,
    DeleteTrait,
    DeleteWeapon,
    SetChoice,
    SetType,
    Step,
    Tool,
)
from game.ui.scenes.builder_views import Control


def button(rect: pygame.Rect, text: str, command: Command, **style: Any) -> Control:
    """A drawn button that runs ``command`` (named by its key)."""
    return Control(rect, text, command.key, command=command, **style)


def _short(skill_name: str) -> str:
    return (skill_name.replace("1-handed", "1h").replace("2-handed", "2h").replace(" (black powder)", " bp")
            .replace("ranged", "rng"))


def editor_controls(m: Any, models: list[Any], width: int, px: Callable[[float], int],
                    new_skill: str | None = None) -> list[Control]:
    """The controls for model ``m`` (its file data) in a panel ``width`` wide; with ``new_skill`` the skill
    choice for a new weapon goes under the weapons (a short window has no room for it below the editor)."""
    if not isinstance(m, dict):
        row, body = px(28), px(14)
        text = "This entry is not a model (see its problem); fix it in a text editor." if m is not None else \
            "Add a hero, companions and followers on the left."
        return [Control(pygame.Rect(0, k * row, width, row), line, size=body, colour=theme.MUTED, centre=False)
                for k, line in enumerate(cards.wrap(text, body, False, width))]
    sheet = _Sheet(m, width, px)
    sheet.types()
    sheet.attributes()
    weapons = sheet.weapons()
    if new_skill is not None:
        sheet.new_weapon(new_skill)
    traits = sheet.traits()
    sheet.choices(models, weapons, traits)
    return sheet.out


class _Sheet:
    """One model's editor controls, laid out section by section from the top down."""

    def __init__(self, m: Any, width: int, px: Callable[[float], int]):
        self.m: Any = m
        self.width, self.px = width, px
        self.row, self.gap, self.body, self.small = px(28), px(5), px(14), px(13)
        self.out: list[Control] = []
        self.y = 0

    def text(self, y: int, t: str, x: int = 0, w: int | None = None, colour=theme.INK, bold: bool = False,
             size: int | None = None) -> None:
        self.out.append(Control(pygame.Rect(x, y, w if w is not None else self.width - x, self.row), t,
                                size=self.body if size is None else size, bold=bold, colour=colour, centre=False))

    def types(self) -> None:
        px, width, row, gap, body, out, y = self.px, self.width, self.row, self.gap, self.body, self.out, self.y
        kind = self.m.get("type")
        self.text(y, "Type", w=px(56))
        each = (width - px(58) - 2 * gap) // 3
        short = {"companion": "Comp.", "follower": "Foll."} if each < px(84) else {}
        for k, t in enumerate(TYPES):
            out.append(button(pygame.Rect(px(58) + k * (each + gap), y, each, row), short.get(t, t.capitalize()),
                              SetType(t), on=kind == t, size=body))
        self.y = y + row + gap * 2

    def attributes(self) -> None:
        px, width, row, gap, body, out, y = self.px, self.width, self.row, self.gap, self.body, self.out, self.y
        m = self.m
        kind = m.get("type")
        lo, hi = attribute_range(kind)
        self.text(y, f"Attributes ({lo}–{hi} for a {kind if kind in TYPES else 'model'}) [PARTY-3]",
                  colour=theme.ACCENT, bold=True)
        y += row
        attrs = m.get("attributes") if isinstance(m.get("attributes"), dict) else {}
        cols = 4 if width >= px(440) else 2
        apart = px(16)
        cell = (width - (cols - 1) * apart) // cols
        for k, key in enumerate(ATTRIBUTES):
            if k and k % cols == 0:
                y += row + gap
            x = (k % cols) * (cell + apart)
            value = attrs.get(key)
            n = value if isinstance(value, int) and not isinstance(value, bool) else None
            out.append(button(pygame.Rect(x, y, px(28), row), "-", Step(key, -1), enabled=n is None or n > lo,
                              size=body, bold=True))
            outside = n is None or not lo <= n <= hi  # kept from another type: a problem to fix [PARTY-3]
            out.append(Control(pygame.Rect(x + px(30), y, cell - px(60), row), f"{key} {'?' if n is None else n}",
                               size=px(16), bold=True, colour=theme.BAD if outside else theme.INK))
            out.append(button(pygame.Rect(x + cell - px(28), y, px(28), row), "+", Step(key, 1),
                              enabled=n is None or n < hi, size=body, bold=True))
        self.y = y + row + gap * 2

    def weapons(self) -> list:
        px, width, row, gap, body, out, y = self.px, self.width, self.row, self.gap, self.body, self.out, self.y
        m = self.m
        cat = catalog()
        self.text(y, "Weapons (each entry pays its skill) [SKILL-1, SKILL-2]", colour=theme.ACCENT, bold=True)
        y += row
        weapons = m.get("weapons") if isinstance(m.get("weapons"), list) else []
        if not weapons:
            self.text(y, "none: unskilled in close combat, no ranged attacks [SKILL-3]", colour=theme.MUTED,
                      size=self.small)
            y += row
        for j, w in enumerate(weapons):
            skill_id = w.get("skill") if isinstance(w, dict) else None
            skill = cat.skills.get(skill_id) if isinstance(skill_id, str) else None
            t = f"{w.get('name')} — {skill.name} ({skill.cost} ExP)" if skill and isinstance(w, dict) else str(w)
            self.text(y, t, w=width - px(34))
            out.append(button(pygame.Rect(width - px(30), y, px(30), row), "×", DeleteWeapon(j), size=body))
            y += row + gap
        self.y = y
        return weapons

    def new_weapon(self, new_skill: str) -> None:
        self.text(self.y, "A new weapon's skill (its name below, then Add)", colour=theme.MUTED, size=self.small)
        self.y += self.row
        skills = skill_controls(new_skill, self.width, self.px)
        self.out += [replace(c, rect=c.rect.move(0, self.y)) for c in skills]
        self.y = max(c.rect.bottom for c in self.out) + self.gap

    def traits(self) -> list:
        px, width, row, gap, body, out = self.px, self.width, self.row, self.gap, self.body, self.out
        y = self.y + gap
        cat = catalog()
        self.text(y, "Traits [PARTY-8]", w=width - px(130), colour=theme.ACCENT, bold=True)
        out.append(button(pygame.Rect(width - px(126), y, px(126), row), "Add trait…", Tool.ADD_TRAIT, size=body))
        y += row + gap
        traits = self.m.get("traits") if isinstance(self.m.get("traits"), list) else []
        for j, t in enumerate(traits):
            trait = cat.traits.get(t) if isinstance(t, str) else None
            label = f"{trait.name} — {trait.category}, {trait.cost:+d} ExP: {trait.summary}" if trait \
                else f"{t} (unknown)"
            self.text(y, label, w=width - px(34), size=self.small)
            out.append(button(pygame.Rect(width - px(30), y, px(30), row), "×", DeleteTrait(j), size=body))
            y += row + gap
        self.y = y
        return traits

    def choices(self, models: list[Any], weapons: list, traits: list) -> None:
        px, width, row, gap, body, out, y, m = self.px, self.width, self.row, self.gap, self.body, self.out, self.y, \
            self.m
        for key, trait_id, heading, names in (
                ("pet_of", "pet", "Master", [o.get("name") for o in models if isinstance(o, dict)
                                             and o.get("type") in ("hero", "companion")]),
                ("blessed_weapon", "blessed_weapon", "Blessed",
                 [w.get("name") for w in weapons if isinstance(w, dict)])):
            if trait_id not in traits and key not in m:
                continue
            self.text(y, heading, w=px(70))
            shown = [n for n in names if isinstance(n, str)][:4]
            each = (width - px(72)) // max(1, len(shown)) - gap
            value = m.get(key)
            chosen = value.strip().casefold() if isinstance(value, str) else None
            for k, name in enumerate(shown):
                out.append(button(pygame.Rect(px(72) + k * (each + gap), y, each, row), name, SetChoice(key, name),
                                  on=name.strip().casefold() == chosen, size=body))
            y += row + gap
        self.y = y


def skill_controls(chosen: str, width: int, px: Callable[[float], int]) -> list[Control]:
    """The skill of the next weapon entry, with its cost ([SKILL-1])."""
    per, gap, row = 5, px(4), px(24)
    each = (width - (per - 1) * gap) // per
    out = []
    for k, s in enumerate(catalog().skills.values()):
        rect = pygame.Rect((k % per) * (each + gap), (k // per) * (row + gap), each, row)
        out.append(button(rect, f"{_short(s.name)} {s.cost}", ChooseSkill(s.id), on=s.id == chosen, size=px(12)))
    return out

