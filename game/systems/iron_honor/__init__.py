"""Iron & Honor, the first rule system: the book this game was made for, as the kernel sees it.

Its rules, AI, party format and screens still live in the layers they grew in (game/rules, game/ai,
game/content, game/ui/battle); this object is the seam the kernel reaches them through, so they can move
under this package piece by piece without a client noticing (strangling, not forking).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from game.content.library import resolve
from game.content.party_building import parse_party
from game.content.rules_reference import rules_reference
from game.content.scenario_file import parse_scenario
from game.core.rule_system import OptionalRule, RuleSystem
from game.rules.attack_profile import HEROIC_DUEL
from game.rules.decision_kinds import DecisionKind
from game.rules.events import EventKind
from game.rules.invariants import violations
from game.rules.setup import new_game
from game.rules.state import Settings
from game.rules.turn import play


def _controllers() -> Mapping[str, Callable[[int], Any]]:
    from game.ai import registry

    return registry.CONTROLLERS


IRON_HONOR = RuleSystem(
    id="iron-honor",
    title="Iron & Honor",
    prefix="IH",
    new_state=new_game,
    play=play,
    decision_kinds=DecisionKind,
    event_kinds=EventKind,
    parse_party=parse_party,
    rules_reference=rules_reference,
    controllers=_controllers,
    options=(OptionalRule(HEROIC_DUEL, "Heroic duel", "HD-1",
                          "hero against enemy hero in close combat: Brimstone and Iron's Combat Score decides "
                          "(highest die + attribute, hits by the difference)"),),
    parse_scenario=parse_scenario,
    settings_of=lambda setup: Settings(declare_plan_upfront=setup.get("declare_plan_upfront", True),
                                       options=tuple(setup.get("options", ()))),
    find=resolve,
    invariants=violations,
)
