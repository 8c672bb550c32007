"""What a rule system supplies the kernel (ARCHITECTURE.md, "Rule systems"; issue 38).

The table is shared, the rules are not: the kernel (dice, the decision protocol, events and the log, geometry,
maps, saves, the UI shell, the AI plumbing) knows a system only through this one object, so a second system
plugs in beside the first without either importing the other. Standard library only, like the rest of core:
the system's own types stay behind ``Any`` here and are the system's business.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Any

SYSTEM_ID_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789-")


@dataclass(frozen=True)
class OptionalRule:
    """An optional rule of a system: chosen in a battle's set-up and recorded in its save."""

    id: str  # as written in saves and on the command line, e.g. "heroic-duel"
    title: str
    rule: str  # the rule ID that states it in the system's reference
    summary: str  # one line for the set-up screen and ``--help``


@dataclass(frozen=True)
class RuleSystem:
    """One rule system, as the kernel sees it."""

    id: str  # "iron-honor": saves record it; lower case, digits and hyphens
    title: str  # "Iron & Honor", for players
    prefix: str  # its rule IDs shown beside another system's: "IH" -> "IH:CC-5"
    new_state: Callable[..., Any]  # (parties, battle map, seed, settings=..., scenario=...) -> the state at set-up
    play: Callable[[Any], Generator[Any, Any, Any]]  # the state -> its rules, asking decisions until the game ends
    decision_kinds: type[Enum]  # every question the rules may ask: clients name kinds through these members only
    event_kinds: type[Enum]  # every event the rules may log
    parse_party: Callable[[str | bytes, str], Any]  # (text, file name) -> a checked party, or a ContentError
    rules_reference: Callable[[], Any]  # the system's numbered rules, for the reference screen and tooltips
    controllers: Callable[[], Mapping[str, Callable[[int], Any]]]  # name -> factory(seed) -> controller
    # (text, file name, the parties a save keeps beside it) -> a checked scenario, or a ContentError
    parse_scenario: Callable[[str | bytes, str, Any], Any] | None = None
    settings_of: Callable[[Mapping[str, Any]], Any] = lambda setup: None  # a save's set-up block -> its settings
    find: Callable[[str, str], Any] | None = None  # (kind, a name or file) -> the file, for a system's own content
    invariants: Callable[[Any], list[str]] = lambda state: []  # what the state breaks between decisions (soaks)
    shipped: Callable[[str], list[Any]] = lambda kind: []  # its own files of a kind ("parties", "scenarios")
    view: Any = None  # what its battle screen shows, as plain data (tokens, status, zones, odds): its ``view`` module
    options: tuple[OptionalRule, ...] = ()
    # what its screens read: the kernel's menu and set-up page "blurb" (the menu button's tip), "party_word"
    # and "parties_word" (what it calls a side's force: "squad", "war band"); anything else is the system's own
    extra: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.id or not set(self.id) <= SYSTEM_ID_CHARS:
            raise ValueError(f"a rule system's id is lower case, digits and hyphens: {self.id!r}")
        if not self.prefix.isalnum() or not self.prefix.isupper():
            raise ValueError(f"a rule system's prefix is upper-case letters and digits: {self.prefix!r}")
        ids = [o.id for o in self.options]
        if len(set(ids)) != len(ids):
            raise ValueError(f"{self.id}: optional rules share an id: {ids}")

    def cite(self, rule: str) -> str:
        """A rule ID as cited beside another system's: the system's prefix, a colon, the ID ("IH:CC-5")."""
        return rule if rule.startswith(f"{self.prefix}:") else f"{self.prefix}:{rule}"

    def option(self, option_id: str) -> OptionalRule:
        """The optional rule of this id; a KeyError naming the system's options otherwise."""
        for o in self.options:
            if o.id == option_id:
                return o
        known = ", ".join(o.id for o in self.options) or "none"
        raise KeyError(f"{self.title} has no optional rule '{option_id}'; its optional rules: {known}")


def content_finder(title: str, folders: Mapping[str, Path], words: Mapping[str, str]) -> Callable[[str, str], Path]:
    """A system's ``find``: its own file of a kind by name (``folders[kind] / name.yaml``), or a file as given;
    a KeyError naming what it has otherwise (``words``: how the system calls a kind, "squad", "war band")."""
    def find(kind: str, name: str) -> Path:
        given = Path(name)
        if given.suffix in (".yaml", ".yml") or given.exists():
            return given
        folder = folders.get(kind)
        if folder is None:
            raise KeyError(f"{title} has no {kind}")
        path = folder / f"{name}.yaml"
        if not path.exists():
            known = ", ".join(sorted(p.stem for p in folder.glob("*.yaml")))
            raise KeyError(f"{title} has no {words[kind]} named '{name}'; it has: {known}")
        return path

    return find
