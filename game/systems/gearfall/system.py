"""Gearfall as the kernel sees it: the one object game.systems registers (issue 39)."""

from __future__ import annotations

from functools import cache
from typing import Any

from game.content.rules_reference import RulesReference, load_rules_reference
from game.core.rule_system import RuleSystem, content_finder
from game.systems.gearfall import view
from game.systems.gearfall.ai import controllers
from game.systems.gearfall.characters import DATA, SQUADS_DIR, parse_squad, shipped_squads
from game.systems.gearfall.invariants import broken
from game.systems.gearfall.kinds import GfDecision, GfEvent
from game.systems.gearfall.scenario import SCENARIOS_DIR, parse_scenario, shipped_scenarios
from game.systems.gearfall.setup import new_state
from game.systems.gearfall.turn import play

FOLDERS = {"parties": SQUADS_DIR, "scenarios": SCENARIOS_DIR}
NAMED = {"parties": "squad", "scenarios": "scenario"}


@cache
def rules_reference() -> RulesReference:
    return load_rules_reference(DATA / "rules.yaml")


find = content_finder("Gearfall", FOLDERS, NAMED)


def _scenario(text: str | bytes, file: str, kept: Any = None) -> Any:
    return parse_scenario(text, file)


GEARFALL = RuleSystem(
    id="gearfall",
    title="Gearfall",
    prefix="GF",
    new_state=new_state,
    play=play,
    decision_kinds=GfDecision,
    event_kinds=GfEvent,
    parse_party=parse_squad,
    rules_reference=rules_reference,
    controllers=controllers,
    parse_scenario=_scenario,
    find=find,
    invariants=broken,
    shipped=lambda kind: {"parties": shipped_squads, "scenarios": shipped_scenarios}[kind](),
    view=view,
    # the kernel's menu and set-up page word themselves from these (game.ui.scenes.menu, system_setup), and
    # the soak tool takes its default pairing (tools/soak_system.py)
    extra={"blurb": "Another rule system on the same table: a squad skirmish of steam and sorcery (2d6 against "
                    "DEF, charges, free strikes), three to five characters a side",
           "party_word": "squad", "parties_word": "squads", "soak_pairing": "random:aggressive"},
)
