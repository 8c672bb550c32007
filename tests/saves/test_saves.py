"""Saves: save → load → continue is the same game as never saving; broken saves are refused with reasons."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.ai.registry import make
from game.core.errors import ContentError
from game.saves.playback import play_back
from game.saves.record import read_save, write_save
from game.saves.store import list_saves
from game.ui.session import HOTSEAT, VS_AI, BattleSession, BattleSetup, SaveProblem


class Players:
    """Answers a session's human decisions as the easy AI would (stands in for clicks)."""

    def __init__(self, seed: int):
        self.ais = [make("easy", seed), make("easy", seed + 1)]

    def play(self, s: BattleSession, upto: int | None = None) -> None:
        while not s.over and (upto is None or len(s.recorder.answers) < upto):
            if s.human_turn():
                d = s.pending
                assert s.answer(self.ais[d.side].decide(s.state, d)) is None
            else:
                s.step_ai()


def a_save(path: Path, upto: int = 6, seed: int = 2, **changes) -> dict:
    """A short hotseat battle saved to ``path``; ``changes`` edit the file's JSON afterwards."""
    s = BattleSession(BattleSetup(seed=seed, mode=HOTSEAT))
    Players(seed).play(s, upto=upto)
    s.save_to(path, name="a save")
    data = json.loads(path.read_text(encoding="utf-8"))
    for key, value in changes.items():
        target = data
        *parents, last = key.split(".")
        for p in parents:
            target = target[p]
        target[last] = value
    path.write_text(json.dumps(data, ensure_ascii=True), encoding="utf-8")
    return data


def finished(s: BattleSession) -> tuple:
    return s.state.snapshot(), [e.to_dict() for e in s.state.log]


@pytest.mark.rule("DIG-ACT-4")
@pytest.mark.parametrize(("mode", "scenario", "parties", "seed", "cut"), [
    (VS_AI, "engagement", ("ghrim_company", "northmen_raiding_party"), 5, 40),
    (HOTSEAT, "rescue", ("lantern_adventuring_co", "thornwood_wildkin"), 8, 133),
    (VS_AI, "salvage", ("hollow_court", "order_of_the_grey_lance"), 2, 71),
])
def test_save_load_continue_is_the_game_never_saved(tmp_path: Path, mode, scenario, parties, seed, cut) -> None:
    setup = BattleSetup(scenario=scenario, map="village_ruins", parties=parties, mode=mode, ai_level="normal",
                        seed=seed)
    straight = BattleSession(setup)
    Players(seed).play(straight)

    first = BattleSession(setup)
    players = Players(seed)
    players.play(first, upto=cut)
    first.save_to(tmp_path / "mid.json")
    resumed = BattleSession.from_save(read_save(tmp_path / "mid.json"))
    assert resumed.state.snapshot() == first.state.snapshot()
    players.play(resumed)
    assert finished(resumed) == finished(straight)


def test_a_save_keeps_its_content_by_value_and_plays_back_after_the_files_change(tmp_path: Path) -> None:
    mods = tmp_path / "mods" / "parties"
    mods.mkdir(parents=True)
    source = Path(__file__).resolve().parents[2] / "assets" / "parties" / "ghrim_company.yaml"
    mine = mods / "my_band.yaml"
    mine.write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    s = BattleSession(BattleSetup(parties=(str(mine), "northmen_raiding_party"), seed=3, mode=HOTSEAT))
    Players(3).play(s, upto=30)
    s.save_to(tmp_path / "a.json")
    mine.write_text("format: iron-honor/party@1\nname: [broken\n", encoding="utf-8")  # the mod changes
    again = BattleSession.from_save(read_save(tmp_path / "a.json"))
    assert again.state.snapshot() == s.state.snapshot()


def test_the_save_file_is_small_readable_json_with_a_summary(tmp_path: Path) -> None:
    s = BattleSession(BattleSetup(seed=4, mode=VS_AI))
    Players(4).play(s, upto=60)
    s.save_to(tmp_path / "s.json", name="evening game")
    data = json.loads((tmp_path / "s.json").read_text(encoding="utf-8"))
    assert data["format"] == "iron-honor/save@1" and data["name"] == "evening game"
    assert data["summary"]["parties"] == ["Ghrim Company", "Northmen Raiding Party"]
    assert data["summary"]["decisions"] == 60 == len(data["answers"]) == len(data["checks"])
    assert data["setup"]["map"]["file"] == "village_ruins.yaml" and "format:" in data["setup"]["map"]["text"]


@pytest.mark.parametrize(("text", "expect"), [
    ('{"format": "iron-honor/save@2"}', "newer or older game"),
    ('{"format": "iron-honor/party@1"}', "not a save file"),
    ("", "empty"),
    ('{"format": "iron-honor/save@1", "answers": [', "cut short"),
    (b"\x00\x01binary", "not a text file"),
])
def test_broken_foreign_and_future_saves_are_refused_with_the_reason(tmp_path: Path, text, expect) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    with pytest.raises(ContentError) as exc:
        read_save(path, "bad.json")
    assert expect in exc.value.describe() and "bad.json" in exc.value.describe()


def test_a_truncated_save_names_the_missing_keys(tmp_path: Path) -> None:
    s = BattleSession(BattleSetup(seed=6, mode=HOTSEAT))
    Players(6).play(s, upto=10)
    s.save_to(tmp_path / "full.json")
    data = json.loads((tmp_path / "full.json").read_text(encoding="utf-8"))
    del data["setup"]["map"]
    data["checks"] = data["checks"][:-1]
    (tmp_path / "cut.json").write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ContentError) as exc:
        read_save(tmp_path / "cut.json", "cut.json")
    assert "setup" in exc.value.describe() and "missing required key 'map'" in exc.value.describe()


def test_a_tampered_answer_is_found_at_its_decision(tmp_path: Path) -> None:
    s = BattleSession(BattleSetup(seed=7, mode=HOTSEAT))
    Players(7).play(s, upto=50)
    record = s.record()
    record.checks[30] = "0000000000"
    played = play_back(record.setup, record.answers, record.checks)
    assert played.divergence is not None and played.divergence.decision == 30
    write_save(tmp_path / "t.json", record)
    with pytest.raises(SaveProblem, match="decision 31"):
        BattleSession.from_save(read_save(tmp_path / "t.json"))


def test_the_list_shows_saves_newest_first_and_broken_files_with_their_reason(tmp_path: Path) -> None:
    s = BattleSession(BattleSetup(seed=2, mode=HOTSEAT))
    Players(2).play(s, upto=5)
    s.save_to(tmp_path / "one.json", name="one")
    (tmp_path / "junk.json").write_text("[1, 2", encoding="utf-8")
    listed = list_saves(tmp_path)
    assert {p.path.name for p in listed} == {"one.json", "junk.json"}
    broken = next(p for p in listed if p.path.name == "junk.json")
    assert broken.record is None and "junk.json" in broken.problem


def _cli(*args: str) -> tuple[int, str, str]:
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-m", "game", *args], cwd=root, capture_output=True, text=True,
                          timeout=300)
    return done.returncode, done.stdout, done.stderr


def test_replay_command_prints_the_report_and_checks_it_reproduces(tmp_path: Path) -> None:
    s = BattleSession(BattleSetup(seed=9, mode=VS_AI, ai_level="easy"))
    Players(9).play(s)
    s.save_replay(tmp_path / "whole.json")
    code, out, err = _cli("replay", str(tmp_path / "whole.json"))
    assert code == 0 and "reproduces exactly" in err and "finished" in err
    assert out.splitlines()[-1] == f"[turn {s.state.log[-1].turn}] {s.state.log[-1].text}"
    record = read_save(tmp_path / "whole.json")
    record.answers[12] = "no such option"
    write_save(tmp_path / "wrong.json", record)
    code, _, err = _cli("replay", str(tmp_path / "wrong.json"))
    assert code == 1 and "decision 13" in err and "does not reproduce" in err
    code, _, err = _cli("replay", str(tmp_path / "missing.json"))
    assert code == 1 and "no such file" in err


def _first_quiet_answer(s: BattleSession, players: Players, kinds: set[str]) -> tuple[dict, int]:
    """Play until a human decision of one of ``kinds`` is answered without a die rolled; the state before it."""
    while True:
        d = s.pending
        before, log_len, rolls = s.state.snapshot(), len(s.state.log), len(s.state.dice.history)
        if s.human_turn():
            assert s.answer(players.ais[d.side].decide(s.state, d)) is None
            if d.kind in kinds and len(s.state.dice.history) == rolls:
                return before, log_len
        else:
            s.step_ai()


@pytest.mark.rule("DIG-ACT-4")
def test_a_take_back_restores_the_game_before_a_decision_that_revealed_nothing() -> None:
    s = BattleSession(BattleSetup(seed=21, mode=HOTSEAT))
    players = Players(21)
    players.play(s, upto=30)
    before, log_len = _first_quiet_answer(s, players, {"move_to", "facing", "deploy", "deploy_facing", "target"})
    assert s.undo("strict") is None
    assert s.state.snapshot() == {**before, "log": log_len + 1}  # all as before, the log's note of it added
    assert "Taken back" in s.taken_back[-1] and s.state.log[-1].kind == "TakenBack"  # the log says so
    players.play(s, upto=len(s.recorder.answers) + 20)  # and the game goes on, its save still playing back
    assert play_back(s.record().setup, s.recorder.answers, s.recorder.checks).divergence is None


def test_strict_take_backs_stop_at_a_die_and_casual_ones_do_not() -> None:
    s = BattleSession(BattleSetup(seed=22, mode=VS_AI, ai_level="easy"))
    players = Players(22)
    while not any(e.kind == "ActivationRoll" for e in s.state.log) or not s.human_turn():
        players.play(s, upto=len(s.recorder.answers) + 1)
    # a human decision is pending after dice were rolled: the last human answer was before them
    j = max(i for i, side in enumerate(s.recorder.sides) if side in s.humans)
    if s.recorder.revealed_nothing_since(j):
        pytest.skip("no die between the last two human decisions in this seed")
    assert "dice have been rolled" in s.undo("strict")
    assert s.undo("none") == "take-backs are off (Settings)"
    n = len(s.recorder.answers)
    assert s.undo("casual") is None and len(s.recorder.answers) == j < n


ENCOUNTERS = ("engagement", "landmark", "rescue", "scouting_run", "salvage", "breakthrough")


@pytest.mark.rule("DIG-ACT-4")
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(scenario=st.sampled_from(ENCOUNTERS), seed=st.integers(1, 10_000), cut=st.floats(0.0, 1.0))
def test_any_decision_of_any_encounter_saved_and_continued_is_the_same_game(tmp_path: Path, scenario, seed,
                                                                            cut) -> None:
    setup = BattleSetup(scenario=scenario, map="forest_crossing", parties=("ghrim_company", "northmen_raiding_party"),
                        mode=VS_AI, ai_level="easy", seed=seed)
    straight = BattleSession(setup)
    Players(seed).play(straight)
    at = round(cut * len(straight.recorder.answers))
    first = BattleSession(setup)
    players = Players(seed)
    players.play(first, upto=at)
    first.save_to(tmp_path / "cut.json")
    resumed = BattleSession.from_save(read_save(tmp_path / "cut.json"))
    players.play(resumed)
    assert finished(resumed) == finished(straight)
