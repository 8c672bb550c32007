"""The battle screen's second pass (issue #32): what a new player still tripped on, played by posted input."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.ai.registry import make
from game.rules import board
from game.rules.readiness import why_not_now
from game.ui import layout_probe
from game.ui.app import App
from game.ui.scenes.battle import BattleScene
from game.ui.session import HOTSEAT, BattleSession, BattleSetup, try_load
from game.ui.settings import UISettings
from tests.ui.driver import click, frames

ROOT = Path(__file__).resolve().parents[2]


# -- point 14: no audio library chatter on a machine without a sound device ------------------------------

def test_a_machine_without_sound_says_one_line_at_most() -> None:
    """The app opens and the first sound is asked for with the system's own audio driver: whatever the machine,
    no "ALSA lib … cannot find card" lines, and at most the one line that it plays silently."""
    env = {k: v for k, v in os.environ.items() if k != "SDL_AUDIODRIVER"}
    env.update(SDL_VIDEODRIVER="dummy", PYTHONPATH=str(ROOT), PYGAME_HIDE_SUPPORT_PROMPT="1")
    code = ("from game.ui.app import App\nfrom game.ui.settings import UISettings\n"
            "from game.ui.sound import player\n"
            "App(UISettings(width=640, height=400), save=False)\n"
            "player().available(); player().available()\n")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    lines = [line for line in out.stderr.splitlines() if line.strip()]
    assert not any("ALSA" in line for line in lines), lines
    assert lines in ([], ["no sound device: playing silently"])


# -- the battle screen, played ------------------------------------------------------------------------

@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    for name in ("CONFIG", "MODS", "REPLAYS"):
        (tmp_path / name.lower()).mkdir()
        monkeypatch.setenv(f"IRON_HONOR_{name}", str(tmp_path / name.lower()))
    app = App(UISettings(width=1280, height=800, animation="instant"), save=False)
    pygame.event.clear()
    layout_probe.start()
    yield app
    layout_probe.stop()


def session(seed: int = 1, scenario: str = "engagement") -> BattleSession:
    setup = BattleSetup(mode=HOTSEAT, scenario=scenario, seed=seed)
    loaded, error = try_load(setup)
    assert error is None, error
    return BattleSession(setup, loaded)


def battle(app: App, s: BattleSession) -> BattleScene:
    scene = app.reset(BattleScene(app, s))
    frames(app, 2)
    while app.top is not scene:  # a hand-off cover
        app.pop()
        frames(app, 2)
    return scene


def play_until(s: BattleSession, stop, limit: int = 4000, level: str = "normal") -> None:
    ais = [make(level, 5 + side) for side in (0, 1)]
    for _ in range(limit):
        if s.over or stop(s):
            return
        assert s.answer(ais[s.pending.side].decide(s.state, s.pending)) is None
    raise AssertionError("never reached")


def buttons(scene: BattleScene) -> list[str]:
    return [b.text for b, _ in scene.panel.option_buttons]


def button(scene: BattleScene, starts: str):
    return next(b for b, _ in scene.panel.option_buttons if b.text.split(". ", 1)[-1].startswith(starts))


# -- point 3: Heroic Impetus offers only what can use the free AP ---------------------------------------

def test_the_free_ap_menu_offers_no_attack_without_an_enemy_in_contact(app: App) -> None:
    s = session(seed=2)
    play_until(s, lambda s: s.pending.kind == "heroic_impetus")
    scene = battle(app, s)
    d = s.pending
    friend = s.state.model(d.choices()[1])
    click(app, button(scene, friend.name))
    assert s.pending.kind == "impetus_action"
    offered = [t.split(". ", 1)[-1] for t in buttons(scene)]
    assert offered and all(why_not_now(s.state, friend, k) is None for k in s.pending.choices())
    if not any(board.in_contact(friend, e) for e in s.state.enemies_of(friend) if e.on_table):
        assert not {"Standard attack", "Furious attack", "Shove"} & set(offered)  # they could only waste the AP


# -- point 8: Watch "Turn N" lands in turn N -----------------------------------------------------------

def test_watch_turn_n_shows_turn_n_and_answers_in_words(app: App) -> None:
    from game.ui.scenes.replay import ReplayScene

    s = session(seed=4)
    play_until(s, lambda s: s.state.turn >= 4, level="easy")
    viewer = app.push(ReplayScene(app, s.record("watch")))
    frames(app, 2)
    for t in (2, 3):
        click(app, viewer.widgets[f"turn:{t}"])
        assert viewer.timeline.state_at(viewer.index).turn == t
        assert viewer.timeline.state_at(viewer.index - 1).turn == t - 1  # the first decision of the turn
        caption = viewer._caption()
        assert f"Turn {t} ·" in caption
    click(app, viewer.widgets["turn_fwd"])
    assert viewer.timeline.state_at(viewer.index).turn == 4
    click(app, viewer.widgets["turn_back"])
    assert viewer.timeline.state_at(viewer.index).turn == 3 and viewer.timeline.state_at(viewer.index - 1).turn == 2
    # point 9: every answer in the panel is in words, never the save's data
    for i in range(len(viewer.timeline)):
        viewer.index = i
        caption = viewer._caption()
        assert "{" not in caption and "'x'" not in caption and "_" not in caption.split("answered")[1].split("<br>")[0]
    assert any("moved to (" in viewer._caption() for viewer.index in range(len(viewer.timeline)))


# -- point 9: a take-back says what was taken back in words -------------------------------------------

def test_a_take_back_banner_says_where_the_model_had_moved(app: App) -> None:
    s = session(seed=3)
    rolls = [0]

    def quiet_move(s: BattleSession) -> bool:
        return s.pending.kind == "move_to" and s.state.model(s.pending.context["model"]).on_table

    play_until(s, quiet_move)
    scene = battle(app, s)
    d = s.pending
    rolls[0] = len(s.state.dice.history)
    s.answer(d.context["candidates"][0])
    app.settings.takebacks = "casual"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL, unicode="",
                                         scancode=0))
    frames(app, 2)
    while app.top is not scene:
        app.pop()
        frames(app, 1)
    text = scene.overlays.message
    assert text.startswith("Taken back") and "moved to (" in text and "″" in text, text
    assert "{" not in text and "'x'" not in text


# -- point 5: Fate questions in the other side's turn, and keys typed before a question came ---------------

def choose_setting(app: App, key: str) -> None:
    """On the Settings scene, by a click, as a player sets it."""
    from game.ui.scenes.settings_menu import SettingsScene

    scene = app.push(SettingsScene(app))
    frames(app, 2)
    click(app, scene.widgets[key])  # (the battle replaces it)


def fate_question(s: BattleSession) -> bool:
    return s.pending.kind in ("winds_of_kismet", "cursed_hand")


@pytest.mark.parametrize("mode", ["always", "matters", "never"])
def test_fate_questions_in_the_other_turn_follow_the_setting(app: App, mode: str) -> None:
    from game.rules.turn import fate_can_matter

    choose_setting(app, f"fate_questions:{mode}")
    assert app.settings.fate_questions == mode
    s = session(seed=2)
    play_until(s, fate_question)
    d = s.pending
    matters = fate_can_matter(s.state, d)
    n = len(s.recorder.answers)
    scene = battle(app, s)
    frames(app, 3)
    asked = s.pending is d
    assert asked == (mode == "always" or (mode == "matters" and matters))
    if asked:
        assert scene.panel.decision is d and buttons(scene)
    else:
        assert s.recorder.answers[n] == "pass"  # declined for the player: its Fate kept
    if mode == "matters":  # early on, nobody is near a fight: the question could change nothing
        assert not matters and not asked


def test_fate_can_matter_once_models_could_fight() -> None:
    from game.rules.turn import fate_can_matter

    s = session(seed=2)
    seen = []
    for _ in range(40):
        play_until(s, fate_question)
        if s.over:
            break
        seen.append(fate_can_matter(s.state, s.pending))
        if any(seen):
            break
        ais = [make("normal", 5), make("normal", 6)]
        s.answer(ais[s.pending.side].decide(s.state, s.pending))
    assert any(seen) and not seen[0]


def test_a_key_typed_as_a_sudden_question_appears_answers_nothing(app: App) -> None:
    from game.ui.session import VS_AI

    setup = BattleSetup(mode=VS_AI, scenario="engagement", seed=5, ai_level="easy")
    loaded, error = try_load(setup)
    assert error is None
    s = BattleSession(setup, loaded)
    play_until(s, lambda s: s.pending.side == 1 and s.pending.kind == "nominate")  # the AI's turn ...
    scene = battle(app, s)  # ... played on by the scene until the player is asked
    for _ in range(600):
        if s.human_turn() and scene.panel.decision is s.pending and s.pending.options:
            break
        frames(app, 1)
    else:
        raise AssertionError("the player was never asked")
    d = s.pending
    assert not scene.panel.takes_keys()  # it has just come
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="1", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    frames(app, 1)
    assert s.pending is d  # typed during the AI's turn: no answer
    frames(app, 16)  # a quarter of a second on screen
    assert scene.panel.takes_keys()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="1", scancode=0))
    frames(app, 2)
    assert s.pending is not d  # now it answers


# -- point 6: the turn's last action is seen before the Maintenance summary, which can be set aside -----------

def test_the_last_action_plays_out_before_the_summary_which_can_be_set_aside(app: App) -> None:
    from game.rules.events import EventKind
    from game.ui.scenes.maintenance import MaintenanceSummary
    from game.ui.session import VS_AI

    probe = session(seed=6)
    ais = [make("normal", 5), make("normal", 6)]
    while not any(e.kind == EventKind.Scores for e in probe.state.log):
        last = probe.pending.side
        probe.answer(ais[last].decide(probe.state, probe.pending))
    answers = list(probe.recorder.answers)
    setup = BattleSetup(mode=VS_AI, scenario="engagement", seed=6, human_side=1 - last, ai_level="normal")
    loaded, error = try_load(setup)
    assert error is None
    s = BattleSession(setup, loaded)
    for a in answers[:-4]:  # a few of the AI's last answers of the turn are left to the scene
        assert s.answer(a) is None
    app.settings.animation = "normal"
    scene = battle(app, s)
    for _ in range(2000):
        if s.human_turn() and not any(e.kind == EventKind.Scores for e in s.state.log):
            assert s.answer(answers[len(s.recorder.answers)]) is None  # (the player's part, as played)
        if any(e.kind == EventKind.Scores for e in s.state.log):
            break
        frames(app, 1)
    assert app.top is scene  # the turn has ended: the summary waits ...
    waited = 0
    while app.top is scene:
        frames(app, 1)
        waited += 1
        if app.top is scene:
            assert not s.human_turn() or scene.feed.summary_due is not None
    summary = app.top
    assert isinstance(summary, MaintenanceSummary)
    assert waited >= 20  # ... at least the AI's pause at the normal pace (0.45 s), the last effects over
    assert not scene.feed.moving and not scene.motion.busy and not scene.dice_tray.rolling
    click(app, summary.widgets["look"])  # set aside: the table in view, the camera free
    assert app.top is summary and summary.aside and "continue" not in summary.widgets
    before = scene.cam.scale
    centre = scene.table_rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0,
                                         precise_y=1.0, touch=False))
    frames(app, 2)
    assert scene.cam.scale > before
    n = len(s.recorder.answers)
    click(app, centre)  # a left click on the table answers nothing while the summary is aside
    assert len(s.recorder.answers) == n
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t", scancode=0))
    frames(app, 2)
    assert app.top is summary and not summary.aside and "continue" in summary.widgets  # brought back
    click(app, summary.widgets["continue"])
    assert app.top is scene


# -- cosmetic: floating results never stack on one another ----------------------------------------------

def test_floating_results_on_one_base_and_its_neighbour_stand_apart() -> None:
    from game.rules.events import Event
    from game.ui.battle.motion import Motion
    from game.ui.table_view import Camera
    from tests.rules.harness import figure, table

    class Silent:
        def play(self, name: str, settings: UISettings) -> bool:
            return False

    pygame.init()
    state = table((0, figure("Fang"), 10, 10, 0), (1, figure("Grub"), 10 + 25 / 25.4, 10, 180))
    motion = Motion(UISettings(animation="normal"), Silent())
    news = [Event("Wounded", "", {"model": "B1", "wounds_taken": 1}), Event("Stunned", "", {"model": "B1"}),
            Event("TraitRoll", "", {"model": "B1", "trait": "Tough", "dice": [6], "success": True,
                                    "saves_wound": True}),
            Event("Killed", "", {"model": "A1", "side": 0})]
    motion.feed(news, state)
    surface = pygame.Surface((600, 600))
    cam = Camera.fit(pygame.Rect(0, 0, 600, 600))
    for step in range(40):  # every moment of their lives
        motion.update(1 / 60 * (step > 0) * 2)
        layout_probe.start()
        try:
            layout_probe.begin_frame()
            motion.draw(surface, cam, state)
            rects = [pygame.Rect(d.rect) for d in layout_probe.drawn() if d.owner == "floating result"]
        finally:
            layout_probe.stop()
        for i, a in enumerate(rects):
            assert a.collidelist(rects[i + 1:]) < 0, (step, rects)


# -- cosmetic: Ctrl+S says where a save will go, and that it was saved once it is -----------------------------

def test_ctrl_s_says_saved_only_after_save(app: App) -> None:
    from game.ui.scenes.save_as import SaveAsScene
    from tests.ui.driver import type_text

    s = session(seed=1)
    play_until(s, lambda s: s.state.phase == "main")
    scene = battle(app, s)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=pygame.KMOD_LCTRL, unicode="",
                                         scancode=0))
    frames(app, 2)
    dialog = app.top
    assert isinstance(dialog, SaveAsScene)
    note = dialog.widgets["note"].html_text
    assert "Saved" not in note and "will go in" in note  # nothing is saved yet
    dialog.widgets["name"].set_text("")
    type_text(app, "before the charge")
    click(app, dialog.widgets["save"])
    assert app.top is scene and dialog.saved_to is not None and dialog.saved_to.exists()
    assert scene.overlays.message.startswith("Saved as “before the charge”")


# -- point 9: terrain by its name -------------------------------------------------------------------------

def test_cover_and_refusals_name_terrain_as_the_table_prints_it() -> None:
    from game.ui.battle.previews import cover_source_name

    s = session(seed=1)
    assert cover_source_name(s.state, "area:ruined_chapel") == "Ruined chapel"
    assert cover_source_name(s.state, "long_hall") == "Long hall"
    hall = next(p for p in s.state.battle_map.pieces if p.id == "long_hall")
    assert hall.name == "Long hall"
    play_until(s, lambda s: s.pending.kind == "move_to")
    cx = sum(x for x, _ in hall.polygon) / len(hall.polygon)
    cy = sum(y for _, y in hall.polygon) / len(hall.polygon)
    why = s.pending.check({"x": cx, "y": cy})  # the refusal the move prompt shows on the hall
    assert why and "long_hall" not in why, why


# -- cosmetic: the README and F1 tell the sides apart the same way -------------------------------------------

def test_readme_names_the_side_marks_f1_shows() -> None:
    from game.ui.scenes.help import BASE_CUES

    cues = dict(BASE_CUES)
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert "round plate" in cues["side_a"] and "diamond plate" in cues["side_b"]
    assert "side A's emblem sits on a round plate, side B's on a diamond" in readme


# -- cosmetic: New battle offers the last choices again ------------------------------------------------------

def test_new_battle_offers_the_last_choices_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui.scenes import common
    from game.ui.settings import load_settings, save_settings
    from tests.ui.driver import menu_app

    app = menu_app(tmp_path, monkeypatch)
    click(app, app.top.widgets["new"])
    common.content()
    frames(app, 2)
    for key in ("scenario:rescue", "mode:hotseat", "party1:lantern_adventuring_co"):
        click(app, app.top.widgets[key])
    chosen = (app.top.setup.scenario, app.top.setup.map, list(app.top.party_keys))
    click(app, app.top.widgets["start"])
    assert app.top.name == "battle"
    remembered = dict(app.settings.new_battle)
    assert remembered["scenario"] == "rescue" and remembered["mode"] == "hotseat"
    app.pop()  # back at the menu
    frames(app, 2)
    click(app, app.top.widgets["new"])
    frames(app, 2)
    again = app.top
    assert (again.setup.scenario, again.setup.map, list(again.party_keys)) == chosen
    assert again.setup.mode == "hotseat"
    # kept in the settings file, read back whole; a hand-broken entry is reported and dropped
    path = tmp_path / "settings.yaml"
    save_settings(app.settings, path)
    assert load_settings(path)[0].new_battle == remembered
    path.write_text("new_battle: {scenario: 7}\n", encoding="utf-8")
    settings, problems = load_settings(path)
    assert settings.new_battle == {} and "new_battle" in problems[0]


# -- cosmetic: range-ring labels keep off the names on the table ---------------------------------------------

def test_range_ring_labels_keep_off_model_labels_and_piece_names(app: App) -> None:
    from game.ui.autopilot import Autopilot
    from game.ui.scenes import common
    from game.ui.table_view import piece_name_boxes

    checked = 0
    for seed in (7, 8, 9):  # (each plan is looked at once: a second battle when the first has too few rings)
        if checked > 40:
            break
        common.start_battle(app, BattleSetup(mode=HOTSEAT, seed=seed))
        pilot = Autopilot(app, lambda side: make("normal", 40 + side))  # (the covers between the seats)
        ais = [make("normal", 40 + side) for side in (0, 1)]
        for _ in range(4000):
            scene = app.top
            if not isinstance(scene, BattleScene):
                pilot.step()
                continue
            s, d = scene.session, scene.session.pending
            if d is None:
                break
            focus = scene.focus_model()
            if d.kind != "plan" or focus is None or not scene.state.model(focus).on_table:
                # the battle between the plans looked at is played without drawing it: the scene catches up at the
                # next frame drawn
                assert s.answer(ais[d.side].decide(s.state, d)) is None
                continue
            frames(app, 1)
            if app.top is not scene or s.pending is not d:  # a cover came first
                continue
            scene.show_rings = True
            layout_probe.start()
            try:
                frames(app, 1)
                drawn = layout_probe.drawn()
            finally:
                layout_probe.stop()
            rings = [d.rect for d in drawn if d.owner.startswith("ring:")]
            names = [d.rect for d in drawn if d.owner.startswith("label:")]
            names += [pygame.Rect(b) for b in piece_name_boxes(scene.state.battle_map, scene.cam)]
            crowded = sum(r.collidelist(names) >= 0 for r in rings)
            assert crowded <= len(rings) // 4, [(r, r.collidelist(names)) for r in rings]  # only where no spot is free
            checked += len(rings)
            if checked > 40:
                break
            assert s.answer(ais[d.side].decide(s.state, d)) is None
    assert checked > 40


# -- cosmetic: Watch's dice tray is edged in the table's palette ----------------------------------------------

def test_watch_dice_tray_uses_the_colour_blind_palette(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui import style
    from game.ui.scenes.replay import ReplayScene

    monkeypatch.setenv("IRON_HONOR_CONFIG", str(tmp_path))
    app = App(UISettings(width=1280, height=800, animation="instant", colour_blind=True), save=False)
    s = session(seed=4)
    play_until(s, lambda s: s.state.turn >= 2, level="easy")
    viewer = app.push(ReplayScene(app, s.record("watch")))
    frames(app, 2)
    click(app, viewer.widgets["turn:2"])
    frames(app, 1)
    tray = viewer.tray
    assert tray.colour_blind and tray.rows
    surf = pygame.Surface((420, 120))
    tray.draw(surf, surf.get_rect())
    seen = {tuple(surf.get_at((x, y)))[:3] for x in range(0, 420, 2) for y in range(0, 120, 2)}
    assert style.SIDE_COLOURS[0] not in seen and style.SIDE_COLOURS[1] not in seen
    assert set(style.side_palette(True)) & seen


def test_the_new_battle_party_text_names_weapons_and_traits_for_a_player() -> None:
    """The set-up screen's party text said "Firelock (2h_ranged_bp)" and "hard charger": the skill's name and reach,
    as the model card in the battle says them, and the traits by their names."""
    from pathlib import Path

    from game.content.party_building import load_party
    from game.ui.scenes.common import party_html

    root = Path(__file__).resolve().parents[2] / "assets" / "parties"
    text = party_html(load_party(root / "ghrim_company.yaml"))
    assert "Firelock (2-handed ranged (black powder), 9″/18″)" in text and "2h_ranged_bp" not in text
    assert "_" not in party_html(load_party(root / "northmen_raiding_party.yaml"))
