"""The UI's pygame-free parts: the battle session answers through the engine, settings survive bad files."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.rules.deployment import DEPLOYMENT_KINDS
from game.ui.session import HOTSEAT, BattleSession, BattleSetup, try_load
from game.ui.settings import UISettings, load_settings, save_settings


def _session(mode: str = HOTSEAT, seed: int = 5) -> BattleSession:
    setup = BattleSetup(mode=mode, seed=seed)
    loaded, error = try_load(setup)
    assert error is None
    return BattleSession(setup, loaded)


def test_a_refused_answer_changes_nothing_and_says_why():
    s = _session()
    while s.pending is not None and s.pending.free != "point":
        s.answer(s.pending.choices()[0] if s.pending.options else 0.0)
    before = s.state.snapshot()
    why = s.answer({"x": -5, "y": -5})
    assert why is not None and ("ENC" in why or "table" in why)
    assert s.state.snapshot() == before


def test_auto_deploy_answers_every_set_up_decision_then_the_battle_starts():
    s = _session()
    steps = 0
    while s.pending is not None and s.pending.kind in DEPLOYMENT_KINDS:
        assert s.auto_answer() is None
        steps += 1
    assert steps > 10
    assert s.pending is not None and s.pending.kind not in DEPLOYMENT_KINDS


def test_hotseat_handoff_is_asked_when_the_other_player_must_answer():
    s = _session()
    s.auto_answer()
    assert s.last_human in (0, 1)
    first = s.last_human
    while s.pending is not None and s.pending.side == first:
        s.auto_answer()
    assert s.needs_handoff()


def test_against_the_ai_only_the_ai_side_is_stepped():
    s = _session(mode="ai")
    assert s.humans == {0}
    while s.pending is not None and not s.human_turn():
        assert s.step_ai() is not None
    assert s.pending is not None and s.pending.side == 0
    assert s.step_ai() is None  # the player's question is not answered for them


def test_a_broken_party_file_is_named_not_raised(tmp_path: Path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: iron-honor/party@1\nname: [\n", encoding="utf-8")
    loaded, error = try_load(BattleSetup(parties=(str(bad), "northmen_raiding_party")))
    assert loaded is None and error and "bad.yaml" in error


def test_settings_round_trip_and_atomic_write(tmp_path: Path):
    path = tmp_path / "cfg" / "settings.yaml"
    s = UISettings(width=1920, height=1080, ui_scale=1.5, colour_blind=True, animation="fast")
    save_settings(s, path)
    loaded, problems = load_settings(path)
    assert problems == [] and loaded == s
    assert [p.name for p in path.parent.iterdir()] == ["settings.yaml"]  # no temporary file left behind


@pytest.mark.parametrize(("text", "expect"), [
    ("width: [\n", "not valid YAML"),
    ("- 1\n- 2\n", "expected a mapping"),
    ("width: 12\nfullscreen: maybe\nanimation: warp\nbogus: 1\n", "key 'width', line 1"),
])
def test_bad_settings_files_give_defaults_and_located_messages(tmp_path: Path, text: str, expect: str):
    path = tmp_path / "settings.yaml"
    path.write_text(text, encoding="utf-8")
    settings, problems = load_settings(path)
    assert any(expect in p for p in problems), problems
    assert str(path) in problems[0]
    assert settings.fullscreen is False and settings.animation == "normal"
    assert path.read_text(encoding="utf-8") == text  # the player's file is not overwritten
