"""A broken file in the mod folder is told by every command and never hides the shipped content it shadows."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.cli import main
from game.content import library


@pytest.fixture
def broken_mods(tmp_path: Path, monkeypatch) -> Path:
    mods = tmp_path / "mods"
    for kind in ("scenarios", "parties", "maps"):
        (mods / kind).mkdir(parents=True)
    (mods / "scenarios" / "landmark.yaml").write_text("format: iron-honor/scenario@1\nname: [oops\n")
    (mods / "parties" / "broken_band.yaml").write_text("format: iron-honor/party@1\nname: X\nsize: huge\n")
    (mods / "maps" / "bad_map.yaml").write_text("format: iron-honor/map@1\nname: M\npieces: 3\n")
    monkeypatch.setenv(library.MODS_ENV, str(mods))
    return mods


def test_a_broken_mod_file_does_not_hide_the_shipped_one_of_its_name(broken_mods: Path) -> None:
    found = library.lookup("scenarios", "landmark", survey=True)
    assert found.path == library.SCENARIOS_DIR / "landmark.yaml"
    assert [Path(e.file).name for e in found.skipped] == ["landmark.yaml"]
    assert library.resolve("scenarios", "Landmark") == library.SCENARIOS_DIR / "landmark.yaml"


def test_a_good_mod_file_still_replaces_the_shipped_one(broken_mods: Path) -> None:
    shipped = (library.SCENARIOS_DIR / "engagement.yaml").read_text()
    (broken_mods / "scenarios" / "engagement.yaml").write_text(shipped.replace("name: Engagement", "name: Mine"))
    assert library.resolve("scenarios", "engagement").parent == broken_mods / "scenarios"


def test_an_unknown_name_lists_only_files_that_load_and_names_the_broken_ones(broken_mods: Path) -> None:
    with pytest.raises(library.UnknownName) as caught:
        library.lookup("parties", "nobody")
    message = caught.value.problems[0].message
    known = message.split("(known: ")[1].split(";")[0]
    assert "broken_band" not in known and "ghrim_company" in known
    assert "skipped as broken: broken_band.yaml" in message
    assert message.startswith("no party named")  # not "partie"


def test_a_name_whose_only_file_is_broken_gives_that_files_problems(broken_mods: Path) -> None:
    with pytest.raises(library.ContentError) as caught:
        library.lookup("parties", "broken_band")
    assert Path(caught.value.file).name == "broken_band.yaml"
    assert any(p.where == "size" and p.line == 3 for p in caught.value.problems)


def test_fight_names_every_broken_mod_file_and_plays_the_shipped_encounter(broken_mods: Path, capsys) -> None:
    code = main(["fight", "--parties", "ghrim_company", "northmen_raiding_party", "--scenario", "landmark",
                 "--map", "village_ruins", "--seed", "3"])
    out, err = capsys.readouterr()
    assert code == 0
    assert "Encounter: Landmark" in out
    for name in ("landmark.yaml", "broken_band.yaml", "bad_map.yaml"):
        assert f"skipped (broken): {broken_mods}" in err and name in err


def test_simulate_names_the_broken_mod_files_before_playing(broken_mods: Path, capsys) -> None:
    code = main(["simulate", "--parties", "ghrim_company", "northmen_raiding_party", "--games", "1",
                 "--ai", "random", "random", "--scenario", "landmark", "--map", "village_ruins"])
    _out, err = capsys.readouterr()
    assert code == 0
    assert "landmark.yaml" in err and "broken_band.yaml" in err


def test_validate_of_a_name_checks_the_file_the_game_uses_and_lists_the_broken_ones(broken_mods: Path,
                                                                                      capsys) -> None:
    code = main(["validate", "landmark"])
    out, _err = capsys.readouterr()
    assert code == 0  # what was asked (the Landmark the game plays) is sound
    assert f"ok  {library.SCENARIOS_DIR / 'landmark.yaml'}" in out
    assert f"SKIP {broken_mods / 'scenarios' / 'landmark.yaml'}: broken, so the game passes it over" in out
    assert main(["validate", "broken_band"]) == 1
    assert "BAD" in capsys.readouterr().out


def test_validate_checks_script_files_and_names_a_broken_file_they_use(tmp_path: Path, capsys) -> None:
    root = Path(__file__).resolve().parents[2]
    assert main(["validate", str(root / "docs" / "examples")]) == 0
    assert "(script)" in capsys.readouterr().out
    party = tmp_path / "p.yaml"
    party.write_text("format: iron-honor/party@1\nname: X\nsize: huge\n")
    script = tmp_path / "s.yaml"
    script.write_text("format: iron-honor/script@1\nseed: 1\nparties: {A: p.yaml, B: p.yaml}\n"
                      "map: assets/maps/open_field.yaml\n")
    assert main(["validate", str(script)]) == 1
    out = capsys.readouterr().out
    assert f"BAD {script} (script)" in out and "p.yaml:3: size" in out


def test_the_set_up_screen_names_the_kind_of_a_skipped_file(broken_mods: Path) -> None:
    pytest.importorskip("pygame")
    from game.ui.scenes.common import skipped_lines

    lines = skipped_lines({"parties": library.parties(), "maps": library.maps(), "scenarios": library.scenarios()})
    assert any(line.startswith("party skipped: ") and "broken_band.yaml" in line for line in lines)
    assert any(line.startswith("scenario skipped: ") for line in lines)
    assert not any(line.startswith("partie") for line in lines)


LAKE = ("format: iron-honor/map@1\nname: Great Lake\nterrain:\n"
        "  - {id: lake, kind: impassable, style: pond, polygon: [[11, 11], [25, 11], [25, 25], [11, 25]]}\n")


@pytest.mark.rule("ENC-SAL-1")
def test_validate_plays_each_scenarios_set_up_on_every_map_and_names_the_map_and_key(broken_mods: Path,
                                                                                       capsys) -> None:
    (broken_mods / "maps" / "great_lake.yaml").write_text(LAKE)
    code = main(["validate", str(library.SCENARIOS_DIR / "salvage.yaml")])
    out = capsys.readouterr().out
    assert code == 1
    line = next(n for n, text in enumerate((library.SCENARIOS_DIR / "salvage.yaml").read_text().splitlines(), 1)
                if text.startswith("markers:"))
    assert f"salvage.yaml:{line}: markers: on the map 'Great Lake'" in out
    assert "No legal place is left for objective marker 1" in out and "[ENC-SAL-1]" in out
    assert "'Village Ruins'" not in out  # the shipped maps hold all four markers


@pytest.mark.rule("ENC-SAL-1")
def test_simulate_counts_a_game_whose_scenario_could_not_be_set_up_as_a_fault(tmp_path: Path, capsys) -> None:
    lake = tmp_path / "great_lake.yaml"
    lake.write_text(LAKE)
    code = main(["simulate", "--parties", "ghrim_company", "northmen_raiding_party", "--games", "1",
                 "--ai", "random", "random", "--scenario", "salvage", "--map", str(lake)])
    out = capsys.readouterr().out
    assert code == 1
    assert "SCENARIO FAULT in 1 game(s): No legal place is left for objective marker 1" in out
