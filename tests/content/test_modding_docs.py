"""Every YAML example in docs/modding-scenarios.md is accepted by the loader and plays to the end.

A fragment (one block of a scenario) is laid over a base scenario that has everything a fragment may refer
to (roles, an escape, markers, a Prisoner, a landmark and a named control entry); its scoring entries are
added to the base's. A whole file is played as it is.
"""

from __future__ import annotations

import re

import pytest
import yaml

from game.content.library import lookup
from game.content.scenario_file import parse_scenario
from game.lab.encounter_soak import play_encounter
from tests.conftest import ROOT

DOC = ROOT / "docs" / "modding-scenarios.md"
BASE = yaml.safe_load("""
format: iron-honor/scenario@1
name: Doc example
roles: {higher: Raider, lower: Defender}
deployment:
  edge_chosen_by: lower
  first: lower
  zones: {lower: {edge: chosen, depth: 9}, higher: {edge: opposite, depth: 9}}
prisoner: {taken_from: lower, placed_by: higher}
pieces:
  - {id: landmark, kind: impassable, blocks_los: true, style: rocks, circle: {centre: [18, 18], diameter: 3}}
markers: {per_side: 1, first: higher, min_from_edges: 12, min_apart: 8}
escape: {edge: enemy}
scoring:
  - {kind: kills}
  - {kind: control, name: the bridge, targets: {regions: [{name: the bridge, circle: {centre: [18, 12], diameter: 4}}]},
     count: {inside: true}, points: 1}
duration: {turns: 2}
""")


def examples() -> list[tuple[int, str]]:
    text = DOC.read_text(encoding="utf-8")
    blocks = re.findall(r"```yaml\n(.*?)```", text, re.S)
    outline = re.compile(r":\s*\.\.\.\s*(#.*)?$", re.M)  # 'deployment: ...': the file's outline, not an example
    return [(i, b) for i, b in enumerate(blocks) if not outline.search(b)]


def scenario_of(block: str) -> str:
    fragment = yaml.safe_load(block)
    if "format" in fragment:
        return block
    doc = {**BASE, **fragment}
    if "scoring" in fragment:
        doc["scoring"] = BASE["scoring"] + fragment["scoring"]
    return yaml.safe_dump(doc, allow_unicode=True, sort_keys=False)


@pytest.mark.parametrize(("index", "block"), examples(), ids=lambda v: str(v) if isinstance(v, int) else "")
def test_every_example_in_the_modding_guide_loads_and_plays(index: int, block: str) -> None:
    scenario = parse_scenario(scenario_of(block), f"docs example {index}")
    parties = (lookup("parties", "ghrim_company").value, lookup("parties", "hollow_court").value)
    result = play_encounter(parties, lookup("maps", "open_field").value, scenario, 3 + index)
    assert result.result


def test_the_guide_has_an_example_of_every_top_level_key() -> None:
    from game.content.scenario_schema import ScenarioFile

    shown = set()
    for _i, block in examples():
        shown |= set(yaml.safe_load(block))
    assert set(ScenarioFile.model_fields) - shown == set()
