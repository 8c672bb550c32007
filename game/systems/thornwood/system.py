"""Thornwood as the kernel sees it: the one object game.systems registers (issue 42)."""

from __future__ import annotations

from functools import cache
from typing import Any

from game.content.rules_reference import RulesReference, load_rules_reference
from game.core.rule_system import RuleSystem, content_finder
from game.systems.thornwood import view
from game.systems.thornwood.ai import controllers
from game.systems.thornwood.band import BANDS_DIR, DATA, parse_band, shipped_bands
from game.systems.thornwood.invariants import broken
from game.systems.thornwood.kinds import TwDecision, TwEvent
from game.systems.thornwood.scenario import SCENARIOS_DIR, parse_scenario, shipped_scenarios
from game.systems.thornwood.setup import new_state
from game.systems.thornwood.turn import play

FOLDERS = {"parties": BANDS_DIR, "scenarios": SCENARIOS_DIR}
NAMED = {"parties": "war band", "scenarios": "scenario"}


@cache
def rules_reference() -> RulesReference:
    return load_rules_reference(DATA / "rules.yaml")


find = content_finder("Thornwood", FOLDERS, NAMED)


def _scenario(text: str | bytes, file: str, kept: Any = None) -> Any:
    return parse_scenario(text, file)


THORNWOOD = RuleSystem(
    id="thornwood",
    title="Thornwood",
    prefix="TW",
    new_state=new_state,
    play=play,
    decision_kinds=TwDecision,
    event_kinds=TwEvent,
    parse_party=parse_band,
    rules_reference=rules_reference,
    controllers=controllers,
    parse_scenario=_scenario,
    find=find,
    invariants=broken,
    shipped=lambda kind: {"parties": shipped_bands, "scenarios": shipped_scenarios}[kind](),
    view=view,
    # the kernel's menu and set-up page word themselves from these (game.ui.scenes.menu, system_setup)
    extra={"blurb": "A third rule system on the same table: forest war bands of six to fifteen, blind activation "
                    "rolls, reactions and ambushes, secret close-combat cards, and Furs Markers to carry home",
           "party_word": "war band", "parties_word": "war bands"},
)
