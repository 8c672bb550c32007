"""Autosave and Continue: leave a battle (or lose the process), come back at the exact decision (#17)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.ai.registry import make
from game.saves.record import read_save
from game.saves.store import autosave_path
from game.ui import main
from game.ui.app import App
from game.ui.autopilot import Autopilot, frames
from game.ui.scenes.menu import MainMenu
from tests.ui.driver import click, menu_app, play_headless, play_out


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    return menu_app(tmp_path, monkeypatch, ("CONFIG", "MODS", "SAVES"))


def play_some(app: App, answers: int) -> None:
    """The battle on top played to ``answers`` answers without drawing it (what the tests check is where it
    is left and kept), then drawn again with the battle on top."""
    play_headless(app, lambda side: make("easy", 40 + side), lambda s: len(s.recorder.answers) >= answers)
    frames(app, 2)
    pilot = Autopilot(app, lambda side: make("easy", 40 + side))
    while app.top.name != "battle":  # (a turn's summary, a cover)
        pilot.step()


@pytest.mark.rule("DIG-ACT-4")
def test_leave_by_the_menu_then_continue_resumes_the_same_decision(app: App) -> None:
    assert "continue" not in app.top.widgets  # nothing to resume yet
    app.top.quick_battle(seed=77)
    play_some(app, 45)
    battle = app.top
    assert autosave_path().is_file()
    click(app, battle.widgets["menu"])
    assert "saved as it stands" in app.top.text
    click(app, app.top.widgets["other"])  # the battle menu's Save…: a name, then back to the battle
    from game.ui.scenes.save_as import SaveAsScene

    assert isinstance(app.top, SaveAsScene)
    click(app, app.top.widgets["save"])
    assert app.top is battle and any(p.name.startswith("Engagement") for p in autosave_path().parent.iterdir())
    click(app, battle.widgets["menu"])
    before = (battle.state.snapshot(), len(battle.state.log), battle.session.pending.kind)  # the AI waits now
    click(app, app.top.widgets["yes"])
    menu = app.top
    assert isinstance(menu, MainMenu) and "turn" in menu.widgets["continue"].tool_tip_text
    menu.continue_battle()  # what the Continue button does, checked before the AI moves on
    resumed = app.top
    assert resumed.name == "battle" and resumed is not battle
    assert (resumed.state.snapshot(), len(resumed.state.log), resumed.session.pending.kind) == before
    assert resumed.session.controllers[1] is not None  # still against the AI
    # the menu under the battle shows none of its buttons over the table (found playing: they were rebuilt
    # after Continue and drawn over the battle)
    shown = [e for e in app.manager.get_sprite_group().sprites() if getattr(e, "visible", True)]
    assert not any(e.ui_container is not None and getattr(e, "text", None) in ("Quick battle", "Continue", "Quit")
                   for e in shown)


def test_play_load_opens_a_save_and_a_broken_one_is_named_on_the_menu(app: App, tmp_path: Path) -> None:
    app.top.quick_battle(seed=5)
    play_some(app, 20)
    app.top.session.save_to(tmp_path / "mine.json")
    state = app.top.state.snapshot()
    fresh = main.start(["--load", str(tmp_path / "mine.json")], save=False)
    assert fresh.top.name == "battle" and fresh.top.state.snapshot() == state
    (tmp_path / "broken.json").write_text('{"format": "iron-honor/save@1"', encoding="utf-8")
    other = main.start(["--load", str(tmp_path / "broken.json")], save=False)
    assert other.top.name == "menu" and any("broken.json" in p for p in other.startup_problems)


def test_ctrl_s_saves_by_name_and_the_load_screen_lists_opens_and_deletes(app: App, tmp_path: Path) -> None:
    from game.ui.scenes.load import LoadScene
    from game.ui.scenes.save_as import SaveAsScene
    from tests.ui.driver import press, type_text

    app.top.quick_battle(seed=12)
    play_some(app, 25)
    battle = app.top
    state = battle.state.snapshot()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=pygame.KMOD_LCTRL, unicode="",
                                         scancode=0))
    frames(app, 2)
    ask = app.top
    assert isinstance(ask, SaveAsScene)
    click(app, ask.widgets["name"])
    for _ in range(70):
        press(app, pygame.K_BACKSPACE)
    type_text(app, "before the charge")
    click(app, ask.widgets["save"])
    assert app.top is battle and ask.saved_to is not None and ask.saved_to.name == "before the charge.json"
    (ask.saved_to.parent / "junk.json").write_text("{not json", encoding="utf-8")
    click(app, battle.widgets["menu"])
    click(app, app.top.widgets["yes"])
    click(app, app.top.widgets["load"])
    load = app.top
    assert isinstance(load, LoadScene)
    names = [w.text for k, w in load.widgets.items() if k.startswith("saves:")]
    assert any(n.startswith("Save: before the charge") for n in names) and any(n.startswith("Broken") for n in names)
    junk = next(k for k, w in load.widgets.items() if k.startswith("saves:") and w.text.startswith("Broken"))
    click(app, load.widgets[junk])
    assert not load.widgets["open"].is_enabled and "can only be deleted" in load.widgets["details"].html_text
    click(app, load.widgets["delete"])
    click(app, app.top.widgets["yes"])
    assert app.top is load and not any(w.text.startswith("Broken") for k, w in load.widgets.items()
                                       if k.startswith("saves:"))
    mine = next(k for k, w in load.widgets.items() if k.startswith("saves:") and w.text.startswith("Save: before"))
    click(app, load.widgets[mine])
    click(app, load.widgets["open"])
    assert app.top.name == "battle" and app.top.state.snapshot() == state


def test_ctrl_z_takes_back_a_move(app: App) -> None:
    app.top.quick_battle(seed=31)
    pilot = Autopilot(app, lambda side: make("normal", 50 + side))
    for _ in range(3000):
        battle = app.top
        d = battle.session.pending if battle.name == "battle" else None
        if d is not None and d.kind == "move_to" and battle.session.human_turn():
            before, rolls = battle.state.snapshot(), len(battle.state.dice.history)
            n = len(battle.session.recorder.answers)
            while len(battle.session.recorder.answers) == n:
                pilot.step()
            if len(battle.state.dice.history) == rolls and battle.state.snapshot() != before:
                break
        else:
            pilot.step()
    else:
        pytest.fail("no quiet move was made")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL, unicode="",
                                         scancode=0))
    frames(app, 2)
    assert app.top is battle and battle.state.snapshot() == {**before, "log": before["log"] + 1}  # + its note
    assert battle.session.pending.kind == "move_to" and battle.overlays.message.startswith("Taken back")


def test_watch_a_replay_forward_and_back_then_take_over_and_finish(app: App, tmp_path: Path) -> None:
    from game.saves.store import saves_dir
    from game.ui.scenes.load import LoadScene
    from game.ui.scenes.replay import ReplayScene
    from tests.ui.driver import press

    app.top.quick_battle(seed=44)
    # 160 answers without drawing them (what is watched is the save)
    battle = play_headless(app, lambda side: make("easy", 40 + side), lambda s: len(s.recorder.answers) >= 160)
    frames(app, 2)
    battle.session.save_to(saves_dir() / "to_watch.json", name="to watch")
    at_save = battle.state.snapshot()
    answered = len(battle.session.recorder.answers)  # the steps, and questions declined for the player
    app.reset(MainMenu(app))
    frames(app, 2)
    click(app, app.top.widgets["load"])
    load = app.top
    assert isinstance(load, LoadScene)
    mine = next(k for k, w in load.widgets.items() if k.startswith("saves:") and w.text.startswith("Save: to watch"))
    click(app, load.widgets[mine])
    click(app, load.widgets["watch"])
    viewer = app.top
    assert isinstance(viewer, ReplayScene) and viewer.index == -1 and len(viewer.timeline) == answered
    click(app, viewer.widgets["step_fwd"])
    assert viewer.index == 0
    click(app, viewer.widgets["act_fwd"])
    after_activation = viewer.index
    assert after_activation > 0 and viewer.timeline.steps[after_activation + 1].kind == "nominate"
    press(app, pygame.K_LEFT)
    assert viewer.index == after_activation - 1
    click(app, viewer.widgets["turn:2"])
    assert viewer.timeline.steps[viewer.index].turn == 2 and viewer.timeline.steps[viewer.index - 1].turn == 1
    press(app, pygame.K_END)
    assert viewer.index == answered - 1 and viewer.timeline.state_at(answered - 1).snapshot() == at_save
    click(app, viewer.widgets["play"])
    assert not viewer.playing  # nothing left to play
    press(app, pygame.K_HOME)
    click(app, viewer.widgets["play"])
    frames(app, 30)
    assert viewer.playing and viewer.index > 0
    click(app, viewer.widgets["play"])
    click(app, viewer.widgets["turn:2"])
    branch_at = viewer.index
    expected = viewer.timeline.state_at(branch_at).snapshot()
    viewer.take_over("ai", "hard")  # what the "vs hard AI" button does, checked before the AI moves on
    game = app.top
    assert game.name == "battle" and len(game.session.recorder.answers) == branch_at + 1
    assert game.session.setup.ai_level == "hard" and game.session.controllers[1] is not None
    got = game.state.snapshot()
    got.pop("dice"), expected.pop("dice")
    assert got == expected
    play_out(app, lambda side: make("easy", 70 + side))  # (the rest of the battle without drawing it)
    assert app.top.name == "results"


@pytest.mark.rule("DIG-ACT-4")
def test_a_position_opened_from_a_script_is_saved_and_continued(app: App) -> None:
    script = Path(__file__).resolve().parents[2] / "docs" / "examples" / "rescue.yaml"
    assert main.open_position(app, str(script)) is None
    frames(app, 2)
    battle = app.top
    assert read_save(autosave_path()).setup["script"]["file"] == "rescue.yaml"  # kept from the start
    pilot = Autopilot(app, lambda side: make("easy", 60 + side))
    while len(battle.session.recorder.answers) < 6:
        pilot.step()
    assert battle.session.record().setup["script"]["file"] == "rescue.yaml"
    before = (battle.state.snapshot(), len(battle.state.log))
    click(app, battle.widgets["menu"])
    assert "saved as it stands" in app.top.text
    click(app, app.top.widgets["yes"])
    app.top.continue_battle()
    assert app.top.name == "battle" and (app.top.state.snapshot(), len(app.top.state.log)) == before
