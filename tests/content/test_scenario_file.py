"""Scenario files: the six encounters load, a seventh from YAML alone, broken files are refused with located
errors, the mod folder skips broken files, and `validate` checks any content."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.content import library
from game.content.scenario_file import load_scenario, parse_scenario
from game.core.errors import ContentError
from tests.conftest import ROOT

SCENARIOS = ROOT / "scenarios"
SEVENTH = ROOT / "tests" / "data" / "scenarios" / "shrine_of_the_crossroads.yaml"
ENGAGEMENT = (SCENARIOS / "engagement.yaml").read_text(encoding="utf-8")


def problems(text: str) -> list[dict]:
    with pytest.raises(ContentError) as err:
        parse_scenario(text, "bad.yaml")
    return [p.as_dict() for p in err.value.problems]


@pytest.mark.rule("ENC-4")
def test_the_encounters_ship_as_one_file_each() -> None:
    names = {load_scenario(f).name: load_scenario(f).origin for f in SCENARIOS.glob("*.yaml")}
    assert names == {"Engagement": "book", "Landmark": "book", "Rescue": "book", "Scouting Run": "book",
                     "Salvage": "book", "Breakthrough": "ours", "The Relief": "ours", "Signal Fires": "ours",
                     "The Ford Raid": "ours", "The Granary": "ours"}
    assert "OURS" in (SCENARIOS / "breakthrough.yaml").read_text()


def test_a_seventh_encounter_loads_from_yaml_alone() -> None:
    sc = load_scenario(SEVENTH)
    assert sc.name == "Shrine of the Crossroads" and sc.deployment.zones.higher.polygon


def test_an_unknown_block_is_located() -> None:
    found = problems(ENGAGEMENT + "reinforcements: {turn: 3}\n")
    assert found[0]["where"] == "reinforcements" and "unknown key" in found[0]["message"]
    assert found[0]["line"] == ENGAGEMENT.count("\n") + 1


def test_a_misspelt_key_gets_a_suggestion() -> None:
    found = problems(ENGAGEMENT.replace("edge_chosen_by", "edge_chosen"))
    assert any("edge_chosen" in p["where"] and "did you mean" in p["message"] for p in found)


def test_missing_keys_are_located() -> None:
    found = problems(ENGAGEMENT.replace("duration:", "length:"))
    assert {"where": "duration", "line": 2, "message": "missing required key 'duration'"} in found


@pytest.mark.rule("ENC-2")
def test_bad_zones_are_rejected() -> None:
    found = problems(ENGAGEMENT.replace("lower: {edge: chosen, depth: 9}", "lower: {edge: chosen, depth: 30}"))
    line = ENGAGEMENT.splitlines().index("    lower: {edge: chosen, depth: 9}") + 1
    assert any(p["where"] == "deployment.zones.lower.depth" and p["line"] == line for p in found)
    found = problems(ENGAGEMENT.replace("lower: {edge: chosen, depth: 9}", "lower: {edge: chosen}"))
    assert any("needs 'depth'" in p["message"] for p in found)
    found = problems(ENGAGEMENT.replace("lower: {edge: chosen, depth: 9}",
                                        "lower: {polygon: [[0, 0], [40, 0], [0, 5]]}"))
    assert any(p["where"] == "deployment.zones.lower.polygon[1]" and "off the table" in p["message"] for p in found)
    found = problems(ENGAGEMENT.replace("edge: opposite", "edge: chosen"))
    assert any("same edge" in p["message"] for p in found)
    found = problems(ENGAGEMENT.replace("edge: opposite", "edge: middle"))
    assert any(p["where"] == "deployment.zones.higher.edge" for p in found)


@pytest.mark.rule("ENC-SAL-1")
def test_impossible_marker_constraints_are_rejected() -> None:
    text = (ROOT / "scenarios" / "salvage.yaml").read_text().replace("min_apart: 8", "min_apart: 13")
    found = problems(text)
    assert found[0]["where"] == "markers" and "impossible marker constraints" in found[0]["message"]
    assert found[0]["line"] is not None


@pytest.mark.rule("ENC-LMK-1")
def test_a_landmark_wider_than_allowed_is_rejected() -> None:
    text = (SCENARIOS / "landmark.yaml").read_text().replace("diameter: 3}", "diameter: 5}")
    found = problems(text)
    assert any(p["where"] == "pieces[0]" and "max_across" in p["message"] for p in found)


def test_scoring_entries_are_checked_against_the_scenario() -> None:
    text = ENGAGEMENT.replace("  - {kind: kills, rule: ENC-ENG-2}",
                              "  - {kind: control, targets: {piece: tower}, count: {within: 6}}")
    found = problems(text)
    assert any(p["where"] == "scoring[0].targets.piece" and "tower" in p["message"] for p in found)
    found = problems(ENGAGEMENT.replace("{kind: kills, rule: ENC-ENG-2}", "{kind: escapes}"))
    assert any("needs an 'escape' block" in p["message"] for p in found)


def test_not_yaml_and_wrong_format_are_reported_not_raised() -> None:
    assert problems("format: [unclosed\n")[0]["message"].startswith("YAML syntax error")
    assert "iron-honor/scenario@1" in problems(ENGAGEMENT.replace("scenario@1", "party@1"))[0]["message"]


def test_the_mod_folder_adds_files_and_skips_broken_ones(tmp_path: Path) -> None:
    (tmp_path / "scenarios").mkdir()
    (tmp_path / "scenarios" / "shrine.yaml").write_text(SEVENTH.read_text(), encoding="utf-8")
    (tmp_path / "scenarios" / "broken.yaml").write_text("format: iron-honor/scenario@1\nname: X\n")
    lib = library.scenarios(tmp_path)
    assert {"engagement", "rescue", "breakthrough", "shrine"} <= set(lib.names())
    assert "broken" not in lib.names()
    assert [Path(e.file).name for e in lib.skipped] == ["broken.yaml"]
    assert library.resolve("scenarios", "Shrine", tmp_path).name == "shrine.yaml"
    with pytest.raises(ContentError):
        library.resolve("scenarios", "nowhere", tmp_path)


def test_the_mod_folder_is_a_user_data_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(library.MODS_ENV, raising=False)
    assert "iron-honor" in str(library.user_mod_dir())
    monkeypatch.setenv(library.MODS_ENV, str(tmp_path))
    assert library.user_mod_dir() == tmp_path


def test_validate_checks_parties_maps_and_scenarios(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(ENGAGEMENT.replace("depth: 9}", "depth: -1}", 1), encoding="utf-8")
    cmd = [sys.executable, "-m", "game", "validate", "--json", str(SCENARIOS), str(ROOT / "assets" / "maps"),
           str(ROOT / "assets" / "parties" / "ghrim_company.yaml"), str(bad)]
    out = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 1, out.stderr
    records = [json.loads(line) for line in out.stdout.splitlines()]
    kinds = {r["kind"] for r in records}
    assert kinds == {"scenario", "map", "party"}
    broken = [r for r in records if r["errors"]]
    assert [Path(r["file"]).name for r in broken] == ["bad.yaml"]
    assert broken[0]["errors"][0]["where"] == "deployment.zones.lower.depth" and broken[0]["errors"][0]["line"]


def test_an_either_or_field_names_no_internal_type_and_says_the_other_shape(tmp_path) -> None:
    text = (ROOT / "scenarios" / "salvage.yaml").read_text()
    start = text.index("    points:")
    end = text.index("    rule: ENC-SAL-4")
    bad = tmp_path / "s.yaml"
    bad.write_text(text[:start] + "    points: lots\n" + text[end:])
    with pytest.raises(ContentError) as caught:
        load_scenario(bad)
    [problem] = caught.value.problems
    assert problem.where == "scoring[0].points"
    assert problem.message == ("expected an integer, found the text 'lots' (or a roll table: {roll: d6, table: "
                               "{1: ExP, ..., 6: ExP}}, or {variable: NAME})")
    bad.write_text(text.replace("roll: d6", "roll: d7"))
    with pytest.raises(ContentError) as caught:
        load_scenario(bad)
    assert [p.where for p in caught.value.problems] == ["scoring[0].points.roll"]
    bad.write_text(text.replace("contact: true", "contact: false"))
    with pytest.raises(ContentError, match=r"scoring\[0\]\.contact: expected True"):
        load_scenario(bad)
