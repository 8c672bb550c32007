"""The one counter of state versions in the process, for every rule system's state (ARCHITECTURE.md, "One
identity rule for state").

A copy taken now shares its original's version, and whatever either then does draws a number nobody has had, so
a cache keyed on a version never mixes two games up. It starts from the clock (in ns; no process makes a change
per ns), so a number kept in a save's AI memory never comes round again in a later process either.
"""

from __future__ import annotations

import itertools
import time
from typing import Any, Self

from game.core.copies import plain, whole_copy

VERSIONS = itertools.count(time.time_ns())


def next_version() -> int:
    return next(VERSIONS)


class WholeState:
    """What every system's state dataclass does alike (a ``version`` field and a ``log`` list of its own): a new
    version at each change, whole copies by construction, and a plain picture for soaks and digests."""

    version: int
    log: list[Any]

    def touch(self) -> None:
        self.version = next_version()

    def frame(self) -> Self:
        """A whole copy (a replay frame, the AI's fork), sharing its original's version until either changes."""
        return whole_copy(self)

    def copy(self) -> Self:
        clone = self.frame()
        clone.version = next_version()
        return clone

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        return self.frame()

    def snapshot(self) -> dict[str, Any]:
        picture: dict[str, Any] = plain(self, leave_out=frozenset({"log", "version"}))
        picture["log"] = len(self.log)
        return picture
