"""A scenario's briefing and per-side objectives (what the players read before and during the battle): every
shipped encounter has them, a side they name must exist, and a side is given its objectives once."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.content.library import lookup
from game.content.scenario_file import load_scenario
from game.core.errors import ContentError
from tests.conftest import ROOT

BASE = """format: iron-honor/scenario@1
name: The Ford
roles: {higher: Raider, lower: Defender}
deployment:
  first: lower
  zones:
    lower: {edge: bottom, depth: 6}
    higher: {edge: top, depth: 6}
briefing: Hold the ford.
objectives:
  Raider: Cross it.
  lower: Hold it.
scoring: [{kind: kills}]
duration: {turns: 6}
"""


def load(tmp_path: Path, text: str):
    path = tmp_path / "ford.yaml"
    path.write_text(text)
    return load_scenario(path)


def test_briefing_and_objectives_load_by_side_or_role(tmp_path: Path) -> None:
    scenario = load(tmp_path, BASE)
    assert scenario.briefing == "Hold the ford."
    assert scenario.objectives == {"Raider": "Cross it.", "lower": "Hold it."}


def test_objectives_for_an_unknown_side_are_refused_with_the_line_and_key(tmp_path: Path) -> None:
    with pytest.raises(ContentError) as caught:
        load(tmp_path, BASE.replace("  Raider: Cross it.", "  Raiders: Cross it."))
    [problem] = caught.value.problems
    assert problem.where == "objectives.Raiders" and problem.line == 11
    assert problem.message == "unknown side 'Raiders' (known: higher, lower, Raider, Defender)"


def test_a_side_given_objectives_twice_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ContentError) as caught:
        load(tmp_path, BASE.replace("  lower: Hold it.", "  higher: Hold it."))
    [problem] = caught.value.problems
    assert problem.where == "objectives.higher" and "same side as 'Raider'" in problem.message


@pytest.mark.parametrize("text", ["briefing: ''\n", "objectives: {higher: '  '}\n", "objectives: [a, b]\n"])
def test_blank_or_misshapen_text_is_refused(tmp_path: Path, text: str) -> None:
    doc = BASE.replace("briefing: Hold the ford.\nobjectives:\n  Raider: Cross it.\n  lower: Hold it.\n", text)
    with pytest.raises(ContentError) as caught:
        load(tmp_path, doc)
    assert caught.value.problems and all(p.line for p in caught.value.problems)


@pytest.mark.parametrize("name", sorted(p.stem for p in (ROOT / "scenarios").glob("*.yaml")))
def test_every_shipped_encounter_briefs_both_sides(name: str) -> None:
    from game.content.scenario_checks import side_ref

    scenario = lookup("scenarios", name).value
    assert scenario.briefing
    assert {side_ref(scenario, side) for side in scenario.objectives} == {"higher", "lower"}
