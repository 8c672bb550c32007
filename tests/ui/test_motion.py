"""Motion and feedback on the table, and the sound effects (#20 point 4).

The floating results are worded from the events' data; every effect follows the animation-speed setting,
S skips them all, and at "instant" none is made, so a decision is never kept waiting. Sound never fails:
no mixer, a missing file, muted. M mutes; the volume is a saved setting.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.rules import actions
from game.rules.events import Event
from game.ui import sound
from game.ui.app import App
from game.ui.battle.event_text import floating_result
from game.ui.battle.motion import FLOAT_TIME, Motion, sound_of
from game.ui.main import open_position
from game.ui.scenes.menu import MainMenu
from game.ui.settings import UISettings, load_settings
from tests.conftest import ROOT
from tests.rules.harness import Script, events, figure, table
from tests.ui.driver import frames, press

D = 25 / 25.4
# The book's EX-8 (docs/examples/furious_attack.yaml) stopped at the target: Nami's Furious Attack on
# Raensleyar, 25 mm bases touching; the forced dice give a critical hit (6 6) that wounds.
FURIOUS = (ROOT / "docs" / "examples" / "furious_attack.yaml").read_text(encoding="utf-8")
AT_TARGET = FURIOUS.replace("  - B1                        # the target\n", "").split("  - spend")[0]


class Silent:
    """A sound player that records what it was asked to play."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    def play(self, name: str, settings: UISettings) -> bool:
        self.asked.append(name)
        return False


def ev(kind: str, **data) -> Event:
    return Event(kind, "engine text the battle screen never reads", data)


# -- the words -------------------------------------------------------------------------------------
def test_floating_results_are_worded_from_the_events_data_never_their_text() -> None:
    assert floating_result(ev("Wounded", model="B1", wounds_taken=1)) == ("B1", "wound", "harm")
    assert floating_result(ev("Stunned", model="B1")) == ("B1", "Stunned", "bad")
    assert floating_result(ev("TraitRoll", model="B1", trait="Tough", dice=[6], success=True, saves_wound=True)) \
        == ("B1", "saved by Tough", "good")
    assert floating_result(ev("TraitRoll", model="B1", trait="Tough", dice=[2], success=False, saves_wound=True)) \
        is None
    assert floating_result(ev("Misfire", model="A3", weapon=0)) == ("A3", "misfire", "bad")
    assert floating_result(ev("AttackResolved", attacker="A1", defender="B1", hit=False)) == ("B1", "defended", "info")
    assert floating_result(ev("Killed", model="B2", side=1)) == ("B2", "killed", "harm")
    assert floating_result(ev("ActivationRoll", model="A1", dice=[5], ap=3)) == ("A1", "3 AP", "info")
    assert floating_result(ev("ModelMoved", model="A1")) is None
    assert floating_result(ev("Wounded")) is None  # no model named: nothing floats (and nothing breaks)


@pytest.mark.rule("T-TOUGH-1", "T-SLAYER-1", "SEQ-6")
def test_the_engine_says_which_trait_roll_saved_a_wound_and_what_kind_of_attack_was_made() -> None:
    tough = figure("Tough", traits=["tough", "large"])
    state = table((0, figure("Brute", MA=6), 10, 10, 0), (1, tough, 10 + (D + 40 / 25.4) / 2, 10, 180), fate=(0, 1))
    state.dice.force(6, 6, 1, 2, 6, 4)  # brutal: two wounds; Tough saves the first (6), not the second (4)
    Script(["B1", "pass", "pass", "pass", "spend"]).run(actions.close_attack(state, state.model("A1"),
                                                                              "standard_attack"))
    saves = [e for e in events(state, "TraitRoll")]
    assert [(e.data["success"], e.data["saves_wound"]) for e in saves] == [(True, True), (False, True)]
    assert [floating_result(e) for e in saves] == [("B1", "saved by Tough", "good"), None]
    assert events(state, "AttackDeclared")[0].data["attack_kind"] == "close"
    slayer = table((0, figure("Slayer", "hero", traits=["slayer"]), 10, 10, 0),
                   (1, figure("Victim", "companion"), 10 + D, 10, 180), fate=(1, 0))
    slayer.dice.force(5, 6, 1, 2, 5)
    Script(["B1", "pass", "spend"]).run(actions.close_attack(slayer, slayer.model("A1"), "standard_attack"))
    roll = next(e for e in events(slayer, "TraitRoll") if e.data["trait"] == "Slayer")
    assert roll.data["saves_wound"] is False and floating_result(roll) == ("A1", "Slayer", "info")


# -- the effects -----------------------------------------------------------------------------------
def attack_events() -> list[Event]:
    return [ev("Activation", model="A1", side=0), ev("AttackDeclared", attacker="A1", defender="B1",
                                                      attack_kind="close"),
            ev("DiceRolled", model="A1", dice=[6, 6], total=14), ev("AttackResolved", attacker="A1", defender="B1",
                                                                     hit=True),
            ev("Wounded", model="B1", wounds_taken=1), ev("Killed", model="B1", side=1),
            ev("Pushed", model="B2", start=[12.0, 10.0], end=[13.0, 10.0], distance=1.0)]


def duel_state():
    return table((0, figure("A"), 10, 10, 0), (1, figure("B"), 10 + D, 10, 180), (1, figure("C"), 13, 10, 180))


def test_each_effect_follows_the_animation_speed_and_instant_makes_none() -> None:
    state = duel_state()
    lengths = {}
    for speed in ("slow", "normal", "fast"):
        motion = Motion(UISettings(animation=speed), Silent())
        motion.feed(attack_events(), state)
        assert {e.kind for e in motion.effects} == {"pulse", "lunge", "flash", "float", "fade", "push"}
        lengths[speed] = max(e.start + e.length for e in motion.effects)
    assert lengths["slow"] > lengths["normal"] > lengths["fast"] > 0
    player = Silent()
    instant = Motion(UISettings(animation="instant"), player)
    instant.feed(attack_events(), state)
    assert not instant.effects and not instant.busy and instant.positions(state) == {}
    instant.update(1 / 60)  # the sounds still play, at once, one of each a frame
    assert player.asked == ["activate", "swing", "dice", "hit", "wound", "death", "push"]


def test_a_lunge_goes_out_and_back_a_push_slides_and_a_kill_fades_where_it_stood() -> None:
    state = duel_state()
    motion = Motion(UISettings(animation="normal"), Silent())
    motion.feed(attack_events(), state)
    a = state.model("A1")
    lunge = next(e for e in motion.effects if e.kind == "lunge")
    motion.update(lunge.length / 2)
    x, y = motion.positions(state)["A1"]
    assert x > a.x and y == pytest.approx(a.y)  # towards its target
    push = next(e for e in motion.effects if e.kind == "push")
    assert motion.positions(state)["B2"] == (12.0, 10.0)  # waits for the blow, at its start
    motion.update(push.start + push.length * 0.99 - motion.clock)
    assert motion.positions(state)["B2"] == pytest.approx((13.0, 10.0), abs=1e-3)  # eased to a stop
    assert "A1" not in motion.positions(state)  # the lunge is over
    motion.update(push.length)
    assert "B2" not in motion.positions(state)  # drawn where the state has it
    pygame.init()
    surface = pygame.Surface((600, 600))
    from game.ui.table_view import Camera

    motion.draw(surface, Camera(20, 0, 0), state)  # a ghost, a float: drawn without a model on the table
    motion.update(FLOAT_TIME * 3)
    assert not motion.busy


def test_skip_ends_every_effect_and_drops_the_sounds_not_yet_played() -> None:
    player = Silent()
    motion = Motion(UISettings(animation="slow"), player)
    motion.feed(attack_events(), duel_state())
    assert motion.busy
    motion.skip()
    motion.update(1.0)
    assert not motion.busy and player.asked == []


def test_effects_never_queue_far_behind_a_fast_player() -> None:
    state = duel_state()
    motion = Motion(UISettings(animation="normal"), Silent())
    for _ in range(20):
        motion.feed(attack_events(), state)
    assert max(e.start for e in motion.effects) <= 1.2 + 1.0


# -- the battle screen -------------------------------------------------------------------------------
@pytest.fixture
def at_target(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """The battle screen at Nami's target, hotseat; returns (app, scene)."""
    monkeypatch.setenv("IRON_HONOR_CONFIG", str(tmp_path))
    monkeypatch.setattr(sound, "_player", Silent())
    position = tmp_path / "at_target.yaml"
    position.write_text(AT_TARGET, encoding="utf-8")

    def open_at(animation: str):
        app = App(UISettings(width=1280, height=800, animation=animation), save=False)
        pygame.event.clear()
        app.push(MainMenu(app))
        frames(app, 2)
        assert open_position(app, str(position)) is None
        frames(app, 3)
        scene = app.top
        assert scene.name == "battle" and scene.session.pending.kind == "target"
        return app, scene
    return open_at


def answer_with_one_frame(app: App, scene, key: str) -> None:
    """Press the number key of the answer ``key`` and run ONE frame."""
    n = next(i for i, (_, c) in enumerate(scene.panel.option_buttons) if getattr(c, "key", None) == key)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1 + n, mod=0, unicode="", scancode=0))
    app.frame(1 / 60)


@pytest.mark.parametrize("animation", ["instant", "normal"])
def test_animations_never_delay_the_next_decision(at_target, animation: str) -> None:
    app, scene = at_target(animation)
    answer_with_one_frame(app, scene, "B1")  # the target: Nami lunges
    d = scene.session.pending
    assert d.kind == "inner_reserve" and scene.panel.decision is d and scene.panel.option_buttons  # asked at once
    assert scene.motion.busy == (animation != "instant")
    answer_with_one_frame(app, scene, "spend")  # the dice roll: a critical hit, a wound
    d = scene.session.pending
    assert d.kind == "facing" and scene.panel.decision is d  # in the same frame as the answer
    if animation == "instant":
        assert not scene.motion.effects and not scene.dice_tray.rolling
    else:
        assert {"flash", "float"} <= {e.kind for e in scene.motion.effects} and scene.dice_tray.rolling
        assert "wound" in {e.words for e in scene.motion.effects}
        press(app, pygame.K_s)  # S skips them all: effects and the dice
        assert not scene.motion.effects and not scene.dice_tray.rolling
    assert any(e.kind == "Wounded" for e in scene.state.log)


def test_mute_key_silences_and_says_so(at_target) -> None:
    app, scene = at_target("normal")
    assert not app.settings.muted
    press(app, sound.MUTE_KEY)
    assert app.settings.muted and "muted" in scene.overlays.message
    press(app, sound.MUTE_KEY)
    assert not app.settings.muted and "Sound on" in scene.overlays.message


def test_screen_shots_mid_animation_draw_at_three_sizes(at_target) -> None:
    for size in ((1000, 650), (1280, 800), (1920, 1080)):
        app, scene = at_target("slow")
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        frames(app, 2)
        answer_with_one_frame(app, scene, "B1")
        answer_with_one_frame(app, scene, "spend")
        frames(app, 12)
        assert scene.motion.busy and app.window.get_size() == size


# -- sound ------------------------------------------------------------------------------------------
def test_no_mixer_means_silence_never_a_failure(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*_a, **_k):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", broken)
    player = sound.Player()
    assert player.play("hit", UISettings()) is False and "mixer" in player.problem
    assert player.play("hit", UISettings()) is False  # tried once only
    motion = Motion(UISettings(animation="normal"), player)
    motion.feed(attack_events(), duel_state())
    motion.update(5.0)


def test_missing_sound_files_and_mute_are_silent(tmp_path: Path) -> None:
    player = sound.Player(tmp_path)  # an empty folder: every file missing
    assert player.play("hit", UISettings()) is False and "hit" not in player.played
    muted = sound.Player()
    assert muted.play("hit", UISettings(muted=True)) is False and muted.sounds is None  # the mixer never opened
    assert muted.play("hit", UISettings(volume=0.0)) is False and muted.sounds is None


def test_every_cued_sound_is_shipped_and_plays_on_the_dummy_driver() -> None:
    cued = {sound_of(e) for e in attack_events()} | {sound_of(ev("Misfire", model="A1")),
                                                      sound_of(ev("Stunned", model="A1")),
                                                      sound_of(ev("AttackDeclared", attack_kind="ranged")),
                                                      sound_of(ev("TraitRoll", success=True, saves_wound=True))}
    assert cued - {None} <= set(sound.NAMES)
    player = sound.Player()
    if not player.available():
        pytest.skip(player.problem)
    assert all(player.play(name, UISettings()) for name in sound.NAMES)
    assert not player.problem


def test_the_sounds_are_what_the_generator_makes() -> None:
    out = subprocess.run([sys.executable, "tools/make_sounds.py", "--check"], cwd=ROOT, capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr


def test_volume_and_mute_are_saved_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui.scenes.settings_menu import SettingsScene
    from tests.ui.driver import click

    monkeypatch.setenv("IRON_HONOR_CONFIG", str(tmp_path))
    app = App(UISettings(width=1280, height=800, animation="instant"))
    pygame.event.clear()
    scene = app.push(SettingsScene(app))
    frames(app, 2)
    click(app, scene.widgets["volume:0.25"])
    assert app.settings.volume == 0.25 and not app.settings.muted
    assert load_settings()[0].volume == 0.25
    click(app, scene.widgets["volume:muted"])
    saved, problems = load_settings()
    assert saved.muted and saved.volume == 0.25 and not problems
    (tmp_path / "settings.yaml").write_text("volume: 3\nmuted: maybe\n", encoding="utf-8")
    kept, problems = load_settings()
    assert kept.volume == UISettings().volume and not kept.muted
    assert any("'volume'" in p and "0 to 1" in p for p in problems) and any("'muted'" in p for p in problems)
