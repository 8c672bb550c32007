"""``fight`` and ``simulate`` with ``--system thornwood`` (issue 42): its own war bands and scenario by name."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.cli import main

SHORT = Path(__file__).resolve().parents[2] / "data" / "thornwood" / "short_furs.yaml"


def test_fight_plays_a_thornwood_battle_to_its_end(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fight", "--system", "thornwood", "--parties", "cedar_hollow", "red_stone",
                 "--scenario", str(SHORT), "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "Thornwood: forest_crossing (the scenario's own map)" in out
    assert out.count("The battle is over") == 1 and "[TW-ACT-1]" in out and "[TW-FURS-1]" in out


def test_a_wrong_war_band_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fight", "--system", "thornwood", "--parties", "cedar_hollow", "nobody"]) == 1
    assert "Thornwood has no war band named 'nobody'; it has: cedar_hollow, red_stone" in capsys.readouterr().err
