"""The simulate command: seeded games, sides swapped every other game, records and the summary."""

from __future__ import annotations

import json

from game.ai import registry
from game.ai.simulate import Setup, percentile, play_game, summarise, wilson
from game.cli import main

PARTIES = ("lantern_adventuring_co", "northmen_raiding_party")


def test_wilson_interval() -> None:
    lo, hi = wilson(50, 100)
    assert round(lo, 3) == 0.404 and round(hi, 3) == 0.596
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    assert percentile([1, 2, 3, 4], 50) == 2.5


def test_registry_names_and_one_line_registration() -> None:
    assert {"random", "aggressive"} <= set(registry.names())
    registry.register("test_only", lambda seed: registry.make("random", seed))
    try:
        assert "test_only" in registry.names()
    finally:
        del registry.CONTROLLERS["test_only"]


def test_games_are_seeded_and_sides_swap() -> None:
    setup = Setup(PARTIES, ("random", "aggressive"))
    first, again = play_game(setup, 0, 5), play_game(setup, 0, 5)
    assert first["controllers"] == ["random", "aggressive"] and not first["swapped"]
    timing = ("seconds", "cpu_seconds", "decision_ms", "_times")
    assert {k: v for k, v in first.items() if k not in timing} == {k: v for k, v in again.items() if k not in timing}
    second = play_game(setup, 1, 6)
    assert second["controllers"] == ["aggressive", "random"] and second["swapped"]
    summary = summarise(setup, [first, second])
    per = {c["controller"]: c for c in summary["controllers"]}
    assert per["random"]["games"] == per["aggressive"]["games"] == 2
    assert per["random"]["wins"] == per["aggressive"]["losses"]
    a, b = summary["parties"]  # per party too: the parties keep their sides while the controllers swap
    assert a["controller"].endswith("(side A)") and b["controller"].endswith("(side B)")
    assert a["games"] == b["games"] == 2 and a["wins"] == b["losses"]
    assert a["mean_score"] == (first["scores"][0] + second["scores"][0]) / 2


def test_simulate_command_writes_json_lines_and_a_summary(tmp_path, capsys) -> None:
    out = tmp_path / "results.jsonl"
    code = main(["simulate", "--parties", *PARTIES, "--ai", "random", "aggressive", "--games", "2", "--seed", "3",
                 "--jobs", "2", "--out", str(out)])
    text = capsys.readouterr().out
    assert code == 0, text
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["seed"] for r in lines] == [3, 4]
    assert {"seed", "sides", "controllers", "winner", "scores", "turns", "decisions", "decision_ms"} <= set(lines[0])
    assert "W/D/L" in text and "p95" in text


def test_unknown_controller_is_a_clear_error(capsys) -> None:
    assert main(["simulate", "--parties", *PARTIES, "--ai", "random", "nobody", "--games", "1"]) == 1
    assert "no controller named 'nobody'" in capsys.readouterr().err
