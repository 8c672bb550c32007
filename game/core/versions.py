"""The one counter of state versions in the process, for every rule system's state (ARCHITECTURE.md, "One
identity rule for state").

A copy taken now shares its original's version, and whatever either then does draws a number nobody has had, so
a cache keyed on a version never mixes two games up. It starts from the clock (in ns; no process makes a change
per ns), so a number kept in a save's AI memory never comes round again in a later process either.
"""

from __future__ import annotations

import itertools
import time

VERSIONS = itertools.count(time.time_ns())


def next_version() -> int:
    return next(VERSIONS)
