"""``validate`` checks a scenario against the map it names only when that map is one the game could use: a
name, or a file of the scenario's folder, the game's folders or the mod folder, never an absolute path or a
``..`` that leads elsewhere, and never a FIFO or a device."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from game.cli import main
from game.paths import MAPS_DIR, SCENARIOS_DIR
from tests.faults import bounded


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """A sound map file outside every folder content may come from."""
    secret = tmp_path / "private" / "secret.yaml"
    secret.parent.mkdir()
    secret.write_text((MAPS_DIR / "village_ruins.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    return secret


def scenario_naming(tmp_path: Path, name: str) -> Path:
    text = (SCENARIOS_DIR / "engagement.yaml").read_text(encoding="utf-8")
    path = tmp_path / "mine" / "scenario.yaml"
    path.parent.mkdir(exist_ok=True)
    path.write_text(text + f"map: {name}\n", encoding="utf-8")
    return path


def test_a_scenario_naming_an_absolute_map_path_is_refused(tmp_path: Path, outside: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    path = scenario_naming(tmp_path, str(outside))
    assert main(["validate", str(path)]) == 1
    out = capsys.readouterr().out
    assert "outside the folders" in out and str(path) in out


def test_a_scenario_naming_a_dotdot_map_path_is_refused(tmp_path: Path, outside: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    path = scenario_naming(tmp_path, "../private/secret.yaml")
    assert main(["validate", str(path)]) == 1
    assert "outside the folders" in capsys.readouterr().out


def test_a_scenario_naming_a_map_beside_it_is_checked(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = scenario_naming(tmp_path, "beside.yaml")
    (path.parent / "beside.yaml").write_text((MAPS_DIR / "village_ruins.yaml").read_text(encoding="utf-8"),
                                             encoding="utf-8")
    assert main(["validate", str(path)]) == 0, capsys.readouterr().out


def test_a_scenario_naming_a_map_by_name_is_checked(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = scenario_naming(tmp_path, "village_ruins")
    assert main(["validate", str(path)]) == 0, capsys.readouterr().out


def test_a_scenario_naming_a_fifo_map_neither_hangs_nor_crashes(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    path = scenario_naming(tmp_path, "pipe.yaml")
    os.mkfifo(path.parent / "pipe.yaml")
    assert bounded(lambda: main(["validate", str(path)]), fifo=path.parent / "pipe.yaml") == 1
    assert "pipe.yaml" in capsys.readouterr().out
