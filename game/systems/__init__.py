"""The rule systems this game plays, by id: the one place that knows them all (issue 38).

The kernel's clients (saves, the command line, the screens) find a system here by the id a save or a flag
names; each system is a package of its own under this one, and no system imports another
(tests/test_layering.py).
"""

from __future__ import annotations

from game.core.rule_system import RuleSystem
from game.systems.gearfall.system import GEARFALL
from game.systems.iron_honor import IRON_HONOR
from game.systems.thornwood.system import THORNWOOD

DEFAULT = IRON_HONOR.id  # a save that names no system is of the first one: every save made before the cut
SYSTEMS: dict[str, RuleSystem] = {s.id: s for s in (IRON_HONOR, GEARFALL, THORNWOOD)}


def get(system_id: str) -> RuleSystem:
    """The system of this id; a KeyError naming the known ones otherwise."""
    found = SYSTEMS.get(system_id)
    if found is None:
        raise KeyError(f"no rule system '{system_id}'; this game plays: {', '.join(sorted(SYSTEMS))}")
    return found


def ids() -> list[str]:
    return sorted(SYSTEMS)
