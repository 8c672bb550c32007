"""``fight`` and ``simulate`` with ``--system gearfall`` (issue 39): the system's own squads and scenario by name,
a clear message for a wrong one."""

from __future__ import annotations

import pytest

from game.cli import main


def test_fight_plays_a_gearfall_battle_to_its_end(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fight", "--system", "gearfall", "--parties", "cinderwatch", "rustmoor_reavers",
                 "--scenario", "ash_road_toll", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "Gearfall: village_ruins (the scenario's own map)" in out
    assert out.count("The battle is over") == 1 and "[GF-INIT-1]" in out


def test_a_wrong_squad_or_controller_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fight", "--system", "gearfall", "--parties", "cinderwatch", "nobody"]) == 1
    assert "Gearfall has no squad named 'nobody'; it has: cinderwatch, rustmoor_reavers" in capsys.readouterr().err
    assert main(["fight", "--system", "gearfall", "--parties", "cinderwatch", "rustmoor_reavers",
                 "--ai", "normal", "hard"]) == 2
    assert "no controller named 'hard' for Gearfall; known: aggressive, normal, random" in capsys.readouterr().err


def test_simulate_reports_the_first_controller_s_record(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--system", "gearfall", "--parties", "cinderwatch", "rustmoor_reavers",
                 "--ai", "normal", "random", "--games", "2", "--scenario", "ash_road_toll"]) == 0
    out = capsys.readouterr().out
    assert "normal: 2 won, 0 drawn, 0 lost" in out and "invariants broken in 0 games" in out
