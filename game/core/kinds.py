"""Every rule system's kinds of one sort (decisions, events) in one registry (issue 38).

A system's kinds are an enum of its own; the kernel finds a kind by its name here, across the systems, so a
client still names kinds by member, never by a string of its own, and one name never means two things: a
second system that gives a name another meaning is refused when it registers.
"""

from __future__ import annotations

from enum import Enum


class KindRegistry:
    """The kinds of one sort that every registered system has, by name."""

    def __init__(self, sort: str):
        self.sort = sort  # "decision", "event": for messages
        self._by_name: dict[str, Enum] = {}
        self._owner: dict[str, str] = {}  # name -> the system whose kind it is
        self._home = "its system's kinds"  # where the last system keeps them, for the message of a missing one

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
        self._home = home if len(set(self._owner.values())) == 1 else "its system's kinds"

    def of(self, name: str | Enum) -> Enum:
        """The kind named (a member is itself); a ValueError naming it when no system has it."""
        found = self._by_name.get(name)  # type: ignore[arg-type]  # a name, or a str member (equal to it)
        if found is not None and (found is name or not isinstance(name, Enum)):
            return found
        if isinstance(name, Enum) and self._by_name.get(str(name.value)) is name:
            return name
        member = self._by_name.get(str(name))
        if member is None:
            raise ValueError(f"unknown {self.sort} kind {str(name)!r}: add it to {self._home}")
        return member

    def owner(self, name: str | Enum) -> str:
        """The system a kind is of."""
        return self._owner[str(self.of(name).value)]

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str | Enum) and str(getattr(name, "value", name)) in self._by_name


DECISION_KINDS = KindRegistry("decision")
EVENT_KINDS = KindRegistry("event")
