"""fight and simulate --scenario play on the scenario's own map when --map is not given; fight says which map."""

from __future__ import annotations

from pathlib import Path

from game.cli import main

SCENARIO = """\
format: iron-honor/scenario@1
name: Ruined Hamlet
map: village_ruins
deployment:
  first: lower
  zones:
    lower: {edge: bottom, depth: 6}
    higher: {edge: top, depth: 6}
scoring:
  - {kind: kills}
duration: {turns: 1}
"""


def fight(*args: str) -> list[str]:
    return ["fight", "--ai", "random", "random", "--parties", "ghrim_company", "hollow_court", "--seed", "2", *args]


def test_the_scenarios_own_map_is_used_without_map(tmp_path: Path, capsys) -> None:
    path = tmp_path / "hamlet.yaml"
    path.write_text(SCENARIO, encoding="utf-8")
    assert main(fight("--scenario", str(path))) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "Map: Village Ruins (Ruined Hamlet's own map)"


def test_map_wins_over_the_scenarios_and_none_is_an_open_table(tmp_path: Path, capsys) -> None:
    path = tmp_path / "hamlet.yaml"
    path.write_text(SCENARIO, encoding="utf-8")
    assert main(fight("--scenario", str(path), "--map", "open_field")) == 0
    assert capsys.readouterr().out.splitlines()[0] == "Map: Open Field (given with --map)"
    assert main(fight("--scenario", "the_relief")) == 0
    assert capsys.readouterr().out.splitlines()[0] == "Map: open table (no --map given and the scenario names none)"
    assert main(fight("--json", "--scenario", str(path))) == 0
    out, err = capsys.readouterr()
    assert out.startswith("{") and "Map: Village Ruins" in err  # --json keeps stdout JSON lines


def test_a_scenario_map_that_cannot_be_found_is_located(tmp_path: Path, capsys) -> None:
    path = tmp_path / "hamlet.yaml"
    path.write_text(SCENARIO.replace("map: village_ruins", "map: nowhere"), encoding="utf-8")
    assert main(fight("--scenario", str(path))) == 1
    err = capsys.readouterr().err
    assert "hamlet.yaml:3: map: the map 'nowhere' cannot be used: no map named 'nowhere'" in err


def test_simulate_plays_on_the_scenarios_own_map_too(tmp_path: Path) -> None:
    from game.ai.simulate import Setup, play_game, summarise

    path = tmp_path / "hamlet.yaml"
    path.write_text(SCENARIO, encoding="utf-8")
    setup = Setup(("ghrim_company", "hollow_court"), ("random", "random"), scenario=str(path))
    record = play_game(setup, 0, 2)
    assert record["error"] is None and record["map"] == "Village Ruins"
    assert summarise(setup, [record])["maps"] == ["Village Ruins"]
    given = play_game(Setup(setup.parties, setup.ai, map="open_field", scenario=str(path)), 0, 2)
    assert given["map"] == "Open Field"
