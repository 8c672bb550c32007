"""simulate: results by the scenario's roles as well as by party, and every game's events as JSON lines."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.ai.simulate import Setup, play_game, summarise
from game.cli import main

PARTIES = ("ghrim_company", "hollow_court")


def test_each_record_names_the_roles_and_the_summary_counts_them() -> None:
    setup = Setup(PARTIES, ("random", "random"), scenario="the_relief")
    records = [play_game(setup, i, 7 + i) for i in range(2)]
    for r in records:
        assert sorted(r["roles"]) == ["Attacker", "Defender"]
    summary = summarise(setup, records)
    roles = {c["controller"]: c for c in summary["roles"]}
    assert set(roles) == {"Attacker", "Defender"}
    assert roles["Attacker"]["games"] == roles["Defender"]["games"] == 2
    assert roles["Attacker"]["wins"] == roles["Defender"]["losses"]
    attacker = [r["scores"][r["roles"].index("Attacker")] for r in records]
    assert roles["Attacker"]["mean_score"] == sum(attacker) / 2


def test_a_plain_fight_has_no_roles() -> None:
    setup = Setup(PARTIES, ("random", "random"))
    record = play_game(setup, 0, 3)
    assert record["roles"] is None and summarise(setup, [record])["roles"] == []


def test_simulate_writes_every_event_of_every_game_as_json_lines(tmp_path: Path, capsys) -> None:
    events, out = tmp_path / "events.jsonl", tmp_path / "r.jsonl"
    code = main(["simulate", "--parties", *PARTIES, "--ai", "random", "random", "--scenario", "the_relief",
                 "--games", "2", "--seed", "4", "--jobs", "2", "--events", str(events), "--out", str(out)])
    text = capsys.readouterr().out
    assert code == 0, text
    assert "role Attacker: W/D/L" in text and "role Defender: W/D/L" in text
    assert "  map: open table" in text.splitlines()
    lines = [json.loads(line) for line in events.read_text(encoding="utf-8").splitlines()]
    assert {(e["game"], e["seed"]) for e in lines} == {(0, 4), (1, 5)}
    assert [e["game"] for e in lines] == sorted(e["game"] for e in lines)  # in game order
    assert all(set(e) == {"game", "seed", "kind", "turn", "text", "data"} for e in lines)
    first = [e for e in lines if e["game"] == 0]
    assert first[0]["kind"] == "EncounterChosen" and first[0]["text"] == "Encounter: The Relief (ours)"
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert all("_events" not in r and sorted(r["roles"]) == ["Attacker", "Defender"] for r in records)
    # the same games played alone tell the same events
    again = play_game(Setup(PARTIES, ("random", "random"), scenario="the_relief", events=True), 1, 5)
    assert [e["text"] for e in lines if e["game"] == 1] == [e["text"] for e in again["_events"]]


def test_the_events_file_is_whole_or_untouched(tmp_path: Path, monkeypatch) -> None:
    from game.ai import simulate as sim

    events = tmp_path / "events.jsonl"
    events.write_text("the old run\n", encoding="utf-8")
    real = sim.play_game

    def play(setup, index, seed, keep_times=True):
        if index == 1:
            raise KeyboardInterrupt  # the player gives up during the second game
        return real(setup, index, seed, keep_times)

    monkeypatch.setattr(sim, "play_game", play)
    with pytest.raises(KeyboardInterrupt):
        sim.simulate(Setup(PARTIES, ("random", "random")), 3, 1, 1, events=str(events))
    assert events.read_text(encoding="utf-8") == "the old run\n"
    assert [p.name for p in tmp_path.iterdir()] == ["events.jsonl"]  # no temporary file left


def test_an_events_file_that_cannot_be_written_is_refused_before_any_game(tmp_path: Path, capsys) -> None:
    folder = tmp_path / "a folder"
    folder.mkdir()
    code = main(["simulate", "--parties", *PARTIES, "--games", "1", "--events", str(folder)])
    assert code == 1 and "cannot write" in capsys.readouterr().err
