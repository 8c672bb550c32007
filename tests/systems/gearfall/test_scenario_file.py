"""Gearfall's scenario file refused whole with a located message for broken, binary, huge and hostile input
([GF-SET-1]); ``fight`` tells it and exits 1, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.cli import main
from game.core.errors import ContentError
from game.systems.gearfall.scenario import parse_scenario, shipped_scenarios


def refused(text: str | bytes) -> str:
    with pytest.raises(ContentError) as caught:
        parse_scenario(text, "bad.yaml")
    return caught.value.describe()


@pytest.mark.rule("GF-SET-1")
def test_a_bad_scenario_is_refused_naming_the_file_the_key_and_the_line() -> None:
    assert shipped_scenarios() and parse_scenario(shipped_scenarios()[0].read_bytes()).rounds == 6
    text = refused("format: gearfall/scenario@1\nname: X\nrounds: 40\nedges: [top, left]\n")
    assert "bad.yaml" in text and "rounds" in text and "edges" in text
    assert "line 3" in text or "bad.yaml:3" in text
    assert "face each other" in refused("format: gearfall/scenario@1\nname: X\nedges: [top, left]\n")
    assert "format" in refused("format: iron-honor/party@1\nname: X\n")
    assert "edges" in refused("format: gearfall/scenario@1\nname: X\nedges: [top]\n")


@pytest.mark.parametrize("text", [b"\x00\x01\x02binary", b"format: gearfall/scenario@1\nname: " + b"x" * 3_000_000,
                                  "a: &a [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n" * 3, "format: [unclosed\n",
                                  "!!python/object:os.system {}\n"], ids=["binary", "huge", "aliases", "broken",
                                                                           "hostile"])
def test_binary_huge_and_hostile_text_is_refused_not_crashed(text: str | bytes) -> None:
    assert "bad.yaml" in refused(text)


def test_fight_tells_a_broken_scenario_and_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "broken.yaml"
    bad.write_text("format: gearfall/scenario@1\nname: X\nrounds: zero\n")
    assert main(["fight", "--system", "gearfall", "--parties", "cinderwatch", "rustmoor_reavers",
                 "--scenario", str(bad)]) == 1
    err = capsys.readouterr().err
    assert "broken.yaml" in err and "rounds" in err
