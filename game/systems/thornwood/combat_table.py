"""Thornwood's close-combat manoeuvre table, read from ``data/combat.yaml`` ([TW-CC-6], FF-R-10).

The table is data, not code, so the cards' dice, notes, restrictions and best weapons have one source that the
melee rules, the AI, the odds and the screens all ask. The file is checked whole: a bad one is refused with every
problem (file, key path, line, rule).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import Field

from game.content.schema import StrictModel, Text, validated_whole
from game.content.yaml_loader import Document, load_yaml, parse_yaml
from game.core.errors import Problem
from game.paths import SYSTEMS_DIR

COMBAT_FORMAT = "thornwood/combat@1"
COMBAT_FILE = SYSTEMS_DIR / "thornwood" / "data" / "combat.yaml"

ATTACK_CARDS = ("swing", "cut", "lunge", "bash", "taunt", "huh")
DEFENCE_CARDS = ("counter_blow", "leap_aside", "jump_back", "duck", "parry", "huh")
WEAPON_ATTACKS = ("swing", "cut", "lunge", "bash")
Role = Literal["attack", "defence"]
RestrictionName = Literal["all_attack", "at_least_one_attack", "at_least_one_defence", "all_defence", "one_die"]


class Restriction(StrEnum):
    """How a card lets its dice be split into attack and defence dice ([TW-CC-8])."""

    all_attack = "all_attack"
    at_least_one_attack = "at_least_one_attack"
    at_least_one_defence = "at_least_one_defence"
    all_defence = "all_defence"
    one_die = "one_die"  # Huh!: a single die, and a defence die


class _AttackCardFile(StrictModel):
    title: Text
    dice: RestrictionName
    best_weapon: list[str] = Field(default_factory=list)


class _DefenceCardFile(StrictModel):
    title: Text
    dice: RestrictionName


class _CombatFile(StrictModel):
    format: Literal["thornwood/combat@1"]
    attack_cards: dict[str, _AttackCardFile]
    defence_cards: dict[str, _DefenceCardFile]
    weapon_size: dict[str, int]
    table: dict[str, dict[str, str]]


@dataclass(frozen=True)
class Cell:
    """One cell of the table: each side's base dice and the cell's notes ([TW-CC-6], [TW-CC-12])."""

    attack: str
    defence: str
    attacker_dice: int  # 0 where the cell prints no dice
    defender_dice: int
    no_strike: bool = False  # N: the attacker has no intended strike
    defender_shamed: int = 0  # Nd n: Renown Points the defender loses
    attacker_shamed: int = 0  # Na n: Renown Points the attacker loses
    no_combat: bool = False  # printed "No combat"

    @property
    def exchange(self) -> bool:
        """Whether any die is rolled in this cell."""
        return self.attacker_dice > 0 or self.defender_dice > 0

    def printed(self) -> str:
        """The cell as the card page prints it (normalised spacing)."""
        if self.no_combat:
            return "No combat"
        parts = []
        if self.defender_shamed:
            parts.append("Nd" if self.defender_shamed == 1 else f"Nd{self.defender_shamed}")
        if self.attacker_shamed:
            parts.append("Na" if self.attacker_shamed == 1 else f"Na{self.attacker_shamed}")
        if self.no_strike:
            parts.append("N")
        if self.exchange:
            parts.append(f"{self.attacker_dice}/{self.defender_dice}")
        return " ".join(parts)


@dataclass(frozen=True)
class Card:
    """A manoeuvre card: its name, title, role, dice restriction and (attacks) best weapons."""

    name: str
    title: str
    role: Role
    dice: Restriction
    best_weapons: tuple[str, ...] = ()


@dataclass(frozen=True)
class CombatTable:
    cards: dict[tuple[Role, str], Card]
    cells: dict[tuple[str, str], Cell]
    weapon_size: dict[str, int]
    file: str


_TOKEN = re.compile(r"\s*(No combat|N[ad](?:\s*\d+(?!\d|\s*/))?|N|\d+\s*/\s*\d+)", re.IGNORECASE)


def parse_cell(attack: str, defence: str, text: str) -> Cell:
    """A printed cell ("Nd2 N 1/2", "Na 1/4", "3/1", "No combat") as a Cell; ValueError when it is not one."""
    pos, tokens = 0, []
    text = text.strip()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m:
            raise ValueError(f"'{text}' is not a cell: expected 'a/d' dice and the notes N, Nd n, Na n or "
                             "'No combat'")
        tokens.append(re.sub(r"\s+", "", m.group(1)).lower())
        pos = m.end()
    if not tokens:
        raise ValueError("an empty cell")
    if tokens == ["nocombat"]:
        return Cell(attack, defence, 0, 0, no_combat=True)
    a_dice = d_dice = 0
    no_strike, nd, na = False, 0, 0
    for i, tok in enumerate(tokens):
        if "/" in tok:
            if i != len(tokens) - 1:
                raise ValueError(f"'{text}': the dice come last in a cell")
            a_dice, d_dice = (int(v) for v in tok.split("/"))
            if a_dice < 1 or d_dice < 1:
                raise ValueError(f"'{text}': each side has at least one die in a cell with dice")
        elif tok == "n":
            no_strike = True
        elif tok.startswith("nd"):
            nd = int(tok[2:] or 1)
        elif tok.startswith("na"):
            na = int(tok[2:] or 1)
        else:
            raise ValueError(f"'{text}': 'No combat' stands alone")
    return Cell(attack, defence, a_dice, d_dice, no_strike, nd, na)


def _checks(doc: Document, data: _CombatFile) -> list[Problem]:
    problems: list[Problem] = []
    for key, names in (("attack_cards", ATTACK_CARDS), ("defence_cards", DEFENCE_CARDS)):
        given = getattr(data, key)
        for name in names:
            if name not in given:
                problems.append(doc.problem((key,), f"missing card '{name}' [TW-CC-6]"))
        for name in given:
            if name not in names:
                problems.append(doc.problem((key, name), f"unknown card '{name}'; the cards are "
                                                         f"{', '.join(names)} [TW-CC-6]"))
    for name, card in data.attack_cards.items():
        for i, weapon in enumerate(card.best_weapon):
            if weapon not in data.weapon_size:
                problems.append(doc.problem(("attack_cards", name, "best_weapon", i),
                                            f"unknown weapon '{weapon}' (not in weapon_size) [TW-CC-7]"))
        if name in WEAPON_ATTACKS and not card.best_weapon:
            problems.append(doc.problem(("attack_cards", name), "a weapon attack names its best weapon [TW-CC-7]"))
    for weapon in ("fists", "knife"):
        if weapon not in data.weapon_size:
            problems.append(doc.problem(("weapon_size",), f"missing weapon '{weapon}' [TW-CC-7]"))
    for attack in ATTACK_CARDS:
        row = data.table.get(attack)
        if row is None:
            problems.append(doc.problem(("table",), f"missing row '{attack}' [TW-CC-6]"))
            continue
        for defence in DEFENCE_CARDS:
            if defence not in row:
                problems.append(doc.problem(("table", attack), f"missing cell '{defence}' [TW-CC-6]"))
                continue
            try:
                parse_cell(attack, defence, row[defence])
            except ValueError as exc:
                problems.append(doc.problem(("table", attack, defence), f"{exc} [TW-CC-6]"))
        for defence in row:
            if defence not in DEFENCE_CARDS:
                problems.append(doc.problem(("table", attack, defence), f"unknown defence card '{defence}' "
                                                                        "[TW-CC-6]"))
    for attack in data.table:
        if attack not in ATTACK_CARDS:
            problems.append(doc.problem(("table", attack), f"unknown attack card '{attack}' [TW-CC-6]"))
    return problems


def build_table(doc: Document) -> CombatTable:
    """The combat file checked whole, or a ContentError with every problem."""
    data = validated_whole(doc, _CombatFile, _checks, COMBAT_FORMAT)
    cards: dict[tuple[Role, str], Card] = {}
    for name, a in data.attack_cards.items():
        cards[("attack", name)] = Card(name, a.title, "attack", Restriction(a.dice), tuple(a.best_weapon))
    for name, d in data.defence_cards.items():
        cards[("defence", name)] = Card(name, d.title, "defence", Restriction(d.dice))
    cells = {(a, d): parse_cell(a, d, text) for a, row in data.table.items() for d, text in row.items()}
    return CombatTable(cards, cells, dict(data.weapon_size), doc.file)


def parse_table(text: str | bytes, file: str = "<combat>") -> CombatTable:
    return build_table(parse_yaml(text, file))


def load_table(path: str | Path = COMBAT_FILE) -> CombatTable:
    return build_table(load_yaml(path))


@cache
def table() -> CombatTable:
    """The shipped table, read once."""
    return load_table(COMBAT_FILE)


def cell(attack: str, defence: str) -> Cell:
    """The cell of an attack card against a defence card ([TW-CC-6])."""
    try:
        return table().cells[(attack, defence)]
    except KeyError:
        raise ValueError(f"no cell for attack '{attack}' against defence '{defence}'") from None


def card(name: str, role: Role) -> Card:
    """A card by name and role (Huh! is both an attack and a defence card)."""
    try:
        return table().cards[(role, name)]
    except KeyError:
        raise ValueError(f"no {role} card '{name}'") from None


def best_weapons(attack: str) -> tuple[str, ...]:
    """The weapons that are best for an attack card ([TW-CC-7], FF-R-8); none for Taunt and Huh!."""
    return card(attack, "attack").best_weapons


def weapon_size(weapon: str) -> int:
    """A close-combat weapon's size class, for the Larger Weapon die ([TW-CC-7])."""
    try:
        return table().weapon_size[weapon]
    except KeyError:
        raise ValueError(f"unknown close-combat weapon '{weapon}'") from None
