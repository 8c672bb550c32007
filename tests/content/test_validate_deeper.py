"""A format error no longer hides the deeper checks of the same file: ``validate`` reports the bad keys and,
for the parts that did parse, every cross-check (a scenario's markers and events, a map's polygons, a trait
file's effects), each at its own line and key path — and never crashes on the broken part."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.cli import main

SCENARIO = """\
format: iron-honor/scenario@1
name: Broken bridge
deployment:
  edge_chosen_by: lower
  first: lower
  zones: {lower: {edge: chosen, depth: 9}, higher: {edge: opposite, depth: 9}}
markers: {per_side: 4, first: higher, min_from_edges: 14, min_apart: 8}
duraton: {turns: 5}
duration: {turns: 5}
scoring:
  - {kind: kills, pionts: 2}
  - {kind: contrl, points: 1}
  - {kind: escapes}
events:
  - {when: {turn_starts: 2}, do: [{scoring_on: nothing}]}
"""

MAP = """\
format: iron-honor/map@1
name: Broken ford
terrain:
  - {id: ford, kind: rough, polygon: [[1, 1], [4, 1], [4, 4]], watr: true}
  - {id: bowtie, kind: impassable, polygon: [[10, 10], [14, 14], [14, 10], [10, 14]]}
  - {id: ford, kind: area, polygon: [[20, 20], [24, 20], [24, 24]]}
  - {kind: obstacle, polygon: [[30, 30], [31, 30], [31, 31]]}
"""

TRAITS = """\
format: iron-honor/traits@1
traits:
  - id: frostbit
    name: Frostbit
    category: common
    cost: 2
    rules: [X-BIT-1]
    summary: "+1 PD against ranged attacks."
    effects:
      - modifier: {roll: atack, value: 1}
      - modifier: {roll: defence, value: 1, when: {resisting: PD}}
      - aura: {within: 3, roll: move, value: 1}
  - {id: veteran, name: V, category: commn, cost: 1, rules: [X-V-1], summary: v}
"""


def _validate(tmp_path: Path, capsys, name: str, text: str) -> dict[str, tuple[int | None, str]]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    assert main(["validate", "--json", str(path)]) == 1
    record = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    return {e["where"]: (e["line"], e["message"]) for e in record["errors"]}


@pytest.mark.rule("ENC-SAL-1")
def test_a_scenario_with_bad_keys_still_gets_its_marker_scoring_and_event_checks(tmp_path: Path, capsys) -> None:
    errors = _validate(tmp_path, capsys, "bridge.yaml", SCENARIO)
    assert errors["duraton"][0] == 8 and "did you mean 'duration'" in errors["duraton"][1]
    assert errors["scoring[0].pionts"][0] == 11
    assert errors["scoring[1].kind"][0] == 12
    assert errors["markers"][0] == 7 and "room for 3" in errors["markers"][1]  # the deeper checks, still made
    assert errors["scoring[2]"] == (13, "'escapes' scoring needs an 'escape' block")  # index kept past the broken one
    assert errors["events[0].do[0].scoring_on"][0] == 15
    assert len(errors) == 6


def test_a_map_with_a_bad_key_still_gets_its_polygon_and_id_checks(tmp_path: Path, capsys) -> None:
    errors = _validate(tmp_path, capsys, "ford.yaml", MAP)
    assert "did you mean 'water'" in errors["terrain[0].watr"][1]
    assert errors["terrain[3].id"] == (7, "missing required key 'id'")
    assert errors["terrain[1].polygon"][0] == 5  # a self-crossing outline: a deeper check
    assert "duplicate terrain id 'ford'" in errors["terrain[2].id"][1] and errors["terrain[2].id"][0] == 6


def test_a_trait_file_with_bad_values_still_gets_its_effect_and_id_checks(tmp_path: Path, capsys) -> None:
    errors = _validate(tmp_path, capsys, "frost.yaml", TRAITS)
    assert errors["traits[0].effects[0].modifier.roll"][0] == 10
    assert errors["traits[0].effects[2].aura.roll"][0] == 12
    assert errors["traits[1].category"][0] == 13
    assert "'resisting' does not apply to a defence roll" in errors["traits[0].effects[1].modifier.when.resisting"][1]
    assert len(errors) == 4  # the aura that lost its roll is not blamed twice; veteran's item did not parse


def test_a_file_whose_top_is_broken_reports_that_alone(tmp_path: Path, capsys) -> None:
    errors = _validate(tmp_path, capsys, "nothing.yaml", SCENARIO.replace("deployment:", "deploymnt:"))
    assert "deploymnt" in errors and "deployment" in errors and "markers" not in errors

PARTY = """\
format: iron-honor/party@1
name: Broken band
size: medium
models:
  - name: Hero
    type: hero
    attributes: {MA: 4, RA: 3, PD: 3, WP: 3}
    weapons: [{name: Sword, skill: 1h_edged}]
    traits: [drain, holy]
    fate: 3
  - name: Bob
    type: follower
    attributes: {MA: 9, RA: 2, PD: 2, WP: 2}
    weapons: [{name: Sword, skill: 1h_edged}]
    traits: []
  - {name: Ghost, type: folower, attributes: {MA: 2, RA: 2, PD: 2, WP: 2}, weapons: [], traits: []}
"""


@pytest.mark.rule("PARTY-3", "PARTY-8")
def test_a_party_with_a_bad_key_still_gets_each_models_building_checks(tmp_path: Path, capsys) -> None:
    errors = _validate(tmp_path, capsys, "band.yaml", PARTY)
    assert errors["models[0].fate"][0] == 10 and errors["models[2].type"][0] == 16
    assert "2 Heroic traits (Drain, Holy)" in errors["models[0].traits"][1]
    assert "MA 9 is above the follower maximum 4" in errors["models[1].attributes.MA"][1]
    assert not [w for w in errors if not w.startswith("models[")]  # no totals of a party missing a model


def test_a_broken_trait_file_in_the_mod_folder_is_skipped_and_told_by_fight(tmp_path: Path, monkeypatch,
                                                                              capsys) -> None:
    from game.content import library
    from game.content.catalog import catalog

    (tmp_path / "traits").mkdir()
    (tmp_path / "traits" / "frost.yaml").write_text(TRAITS, encoding="utf-8")
    monkeypatch.setenv(library.MODS_ENV, str(tmp_path))
    assert "frostbit" not in catalog().traits and catalog().traits["veteran"].origin == "game"
    assert main(["fight", "--ai", "random", "random", "--parties", "ghrim_company", "hollow_court", "--seed", "2"]) == 0
    err = capsys.readouterr().err
    assert "skipped (broken):" in err and "frost.yaml:10: traits[0].effects[0].modifier.roll" in err


@pytest.mark.parametrize("mutants", [13, pytest.param(40, marks=pytest.mark.slow)], ids=["sample", "every"])
def test_mutated_files_get_their_deeper_checks_without_a_crash(tmp_path: Path, mutants: int) -> None:
    """Seeded mutants of a trait file, a scenario, a map and a party: check_file answers each with a result
    (its problems, the deeper ones included), never a traceback from a part left out. The 40 mutants of each file
    are a soak: the default run checks the first 13 of them, ``-m slow`` every one."""
    import random

    from game.content.validate import check_file
    from tests.conftest import ROOT
    from tests.content.fuzz import mutate

    seeds = [ROOT / "tests/data/mods/traits/frost.yaml", ROOT / "scenarios/signal_fires.yaml",
             ROOT / "scenarios/the_relief.yaml", ROOT / "assets/maps/village_ruins.yaml",
             ROOT / "assets/parties/ghrim_company.yaml"]
    rng = random.Random(19)
    for seed in seeds:
        text = seed.read_text(encoding="utf-8")
        made = [mutate(text, rng) for _ in range(40)]  # all made, so that the sample is the soak's first ones
        for i, mutant in enumerate(made[:mutants]):
            path = tmp_path / f"{seed.stem}_{i}.yaml"
            path.write_bytes(mutant if isinstance(mutant, bytes) else mutant.encode("utf-8", "surrogatepass"))
            checked = check_file(str(path))
            assert all(p.message for p in checked.problems)
