"""Every rule system's kinds of one sort (decisions, events) in one registry (issue 38).

A system's kinds are an enum of its own; the kernel finds a kind by its name here, across the systems, so a
client still names kinds by member, never by a string of its own, and one name never means two things: a
second system that gives a name another meaning is refused when it registers.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, StrEnum


class KindRegistry:
    """The kinds of one sort that every registered system has, by name."""

    def __init__(self, sort: str):
        self.sort = sort  # "decision", "event": for messages
        self._by_name: dict[str, Enum] = {}
        self._owner: dict[str, str] = {}  # name -> the system whose kind it is
        self._homes: dict[str, str] = {}  # system -> the file its kinds are in, for the message of a missing one

    def add(self, system: str, kinds: type[Enum], home: str) -> None:
        """Register a system's kinds (again: nothing changes); ``home`` names the file a missing kind goes in."""
        for member in kinds:
            name = str(member.value)
            known = self._by_name.get(name)
            if known is not None and known is not member:
                raise ValueError(f"the {self.sort} kind {name!r} of '{system}' is already the kind of "
                                 f"'{self._owner[name]}': a kind's name has one meaning across the systems")
        for member in kinds:
            self._by_name[str(member.value)] = member
            self._owner[str(member.value)] = system
        self._homes[system] = home

    def of(self, name: str | Enum) -> Enum:
        """The kind named (a member is itself); a ValueError naming it when no system has it."""
        found = self._by_name.get(name)  # type: ignore[arg-type]  # a name, or a str member (equal to it)
        if found is not None and (found is name or not isinstance(name, Enum)):
            return found
        if isinstance(name, Enum) and self._by_name.get(str(name.value)) is name:
            return name
        member = self._by_name.get(str(name))
        if member is None:
            homes = " or ".join(f"{home} ({system})" for system, home in self._homes.items())
            raise ValueError(f"unknown {self.sort} kind {str(name)!r}: add it to {homes}")
        return member

    def owner(self, name: str | Enum) -> str:
        """The system a kind is of."""
        return self._owner[str(self.of(name).value)]

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str | Enum) and str(getattr(name, "value", name)) in self._by_name


DECISION_KINDS = KindRegistry("decision")
EVENT_KINDS = KindRegistry("event")


@dataclass(frozen=True)
class Shown:
    """How a kind of decision is presented."""

    heading: str  # a short name of the question ("Full defense")
    hint: str = ""  # how to answer it on the table, when a click there answers it
    setup: bool = False  # a set-up question (deployment): Auto-deploy answers it
    hand_off: bool = False  # hotseat: the seat is passed before it even when no model is activating
    attack_odds: bool = True  # about an attack to come: an enemy under the mouse shows its exact odds
    zones: bool = False  # the deployment zones are shown
    actions: bool = False  # its options are actions (their tips describe the action)
    fate_odds: bool = False  # spending Fate on a roll: the odds with and without it are shown
    declined_by: str = ""  # a Fate question put in the other side's turn: the option that declines it (a
    # player may have these declined for it, or asked only when the answer can matter: turn.fate_can_matter)


class ShownKind(StrEnum):
    """The base of every system's decision kinds: each member carries the facts of its :class:`Shown` as
    attributes (``kind.heading``, ``kind.setup``...), so the kernel's prompt panel and hotseat read any system's
    questions alike. A member is written ``name = "name", Shown(...)``."""

    heading: str
    hint: str
    setup: bool
    hand_off: bool
    attack_odds: bool
    zones: bool
    actions: bool
    fate_odds: bool
    declined_by: str

    def __new__(cls, value: str, shown: Shown) -> ShownKind:
        member = str.__new__(cls, value)
        member._value_ = value
        for name, fact in vars(shown).items():
            setattr(member, name, fact)
        return member
